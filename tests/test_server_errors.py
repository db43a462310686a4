"""Every error the server can send says its English text filled in (no `{field}`), with its params."""

from __future__ import annotations

import asyncio
import json
import random
import re
from pathlib import Path

import pytest

from game import protocol as P
from game.engine import GAMES, GameError
from server_kit import Phone, app_for_test, seat_phones
from tests.error_keys import SITES, games_of

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "controller_web"
WEB_LOCALES = WEB / "locales"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _en(game: str | None) -> dict[str, str]:
    """Return the English phone strings of the platform (None) or of a game (its own locale file)."""
    folder = WEB_LOCALES if game is None else WEB / "js" / "games" / game / "locales"
    return json.loads((folder / "en.json").read_text(encoding="utf-8"))


def test_the_scan_finds_the_errors_of_the_engine_the_protocol_the_table_and_the_server():
    keys = {s.key for s in SITES}
    assert len(SITES) >= 50
    assert {"bad_field", "bid_too_high", "name_taken", "wrong_player_count", "rate_limited",
            "lobby_only", "not_now", "unknown"} <= keys


def test_every_error_goes_out_with_its_text_filled_in_and_its_params():
    for i, site in enumerate(SITES):
        sample = {name: f"v{i}{name}" for name in site.params}
        err = site.factory(site.key, site.template, **sample)
        sent = json.loads(P.encode(P.error(err, 7)))
        assert sent["key"] == site.key and sent["params"] == sample, site.where
        assert not PLACEHOLDER.search(sent["message"]), f"{site.where}: {sent['message']!r} is not filled in"
        for value in sample.values():
            assert value in sent["message"], f"{site.where}: {sent['message']!r} does not say {value!r}"


def test_every_placeholder_of_the_phone_translation_is_a_param_the_server_sends():
    for site in SITES:
        # a game's error is translated in the game's own strings, under its namespaced key
        for game, key in [(g, f"{g}{P.GAME_KEY_SEPARATOR}{site.key}") for g in games_of(site)] or [(None, site.key)]:
            text = _en(game).get(f"err.{key}")
            if text is None:
                continue  # tests/browser/test_locales.py checks that every key is translated
            assert set(PLACEHOLDER.findall(text)) <= set(site.params), \
                f"{site.where}: the phone's err.{key} wants {PLACEHOLDER.findall(text)}, gets {site.params}"


def test_a_template_keeps_names_it_has_no_param_for_and_braces_in_values_stay_as_given():
    err = GameError("name_taken", "Someone at the table is already called {name}.", name="{mice}")
    assert err.message == "Someone at the table is already called {mice}."  # filled once, not again
    assert err.template == "Someone at the table is already called {name}." and str(err) == err.message


# ---------------------------------------------------------------- through the real server


async def test_a_missing_field_is_named_in_the_error_message(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    phone = await Phone.open(client)
    await phone.send({"type": "join", "lang": "en"})
    err = await phone.until(lambda m: m["type"] == "error")
    assert err["key"] == "bad_field" and err["params"] == {"field": "name"}
    assert err["message"] == "The field name is missing or wrong."


async def test_a_bid_over_your_mice_says_how_many_you_have(aiohttp_client):
    client = await aiohttp_client(app_for_test())
    (ana,) = await seat_phones(client, ["Ana"])
    for _ in range(2):
        await ana.host("add_bot", kind="random")
    await ana.until_update(lambda u: len(u["table"]["seats"]) == 3)
    await ana.host("start")
    rng = random.Random(5)
    played: set[int] = set()
    async with asyncio.timeout(20):
        while True:  # choose cards until Ana may bid in an auction
            upd = ana.update
            legal = upd["view"]["legal"] if upd["stage"] == "playing" and upd["view"] else None
            if legal and legal["bid_min"] is not None:
                break
            if legal and legal["play"] and upd["version"] not in played:
                played.add(upd["version"])
                await ana.act({"type": "play", "card": rng.choice(legal["play"])})
            elif legal and legal["can_pass"]:
                await ana.act({"type": "pass"})
            await ana.recv()
    view = ana.update["view"]
    mice = view["mice"] + (view["seats"][view["seat"]]["bid"] or 0)
    assert legal["bid_max"] == mice
    await ana.act({"type": "bid", "total": mice + 1})
    err = await ana.until(lambda m: m["type"] == "error")
    assert err["key"] == "cat-in-the-sack.bid_too_high" and err["params"] == {"mice": mice}
    assert err["message"] == f"You have only {mice} mice."
    assert _en("cat-in-the-sack")["err.cat-in-the-sack.bid_too_high"] == "You have only {mice} mice."


@pytest.mark.parametrize("game", [g for g, rules in GAMES.items() if rules.on_table])
async def test_a_bad_act_gets_its_games_namespaced_key_and_the_phone_has_its_text(aiohttp_client, game):
    client = await aiohttp_client(app_for_test())
    (ana,) = await seat_phones(client, ["Ana"])
    await ana.host("set_game", game=game)
    for _ in range(GAMES[game].min_players - 1):
        await ana.host("add_bot", kind="random")
    await ana.until_update(lambda u: u["table"]["game"] == game
                           and len(u["table"]["seats"]) == GAMES[game].min_players)
    await ana.host("start")
    await ana.until_update(lambda u: u["stage"] == "playing")
    await ana.act({"type": "fly"})  # refused by the game's parse_action
    err = await ana.until(lambda m: m["type"] == "error")
    assert err["key"] == f"{game}.unknown_action", err
    assert ana.update["stage"] == "playing"
    await ana.host("fly")  # refused by the platform
    err = await ana.until(lambda m: m["type"] == "error")
    assert err["key"] == "unknown_command", "the platform's own keys carry no namespace"
    for lang in ("en", "es", "fr", "hu"):
        own = json.loads((WEB / "js" / "games" / game / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
        platform = json.loads((WEB_LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
        assert own.get(f"err.{game}.unknown_action", "").strip(), f"{game}/{lang} has no text for its error"
        assert "err.unknown_action" not in platform and f"err.{game}.unknown_action" not in platform
