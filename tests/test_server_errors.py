"""Every error the server can send says its English text filled in (no `{field}`), with its params."""

from __future__ import annotations

import ast
import asyncio
import importlib
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game import protocol as P
from game.engine import GameError
from server_kit import Phone, app_for_test, seat_phones

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
WEB_LOCALES = ROOT / "controller_web" / "locales"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class ErrorSite:
    """One place in game/ that makes an error: its factory, key, English template, param names."""

    where: str
    factory: Callable[..., GameError]
    key: str
    template: str
    params: tuple[str, ...]


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _error_classes(trees: dict[Path, ast.Module]) -> set[str]:
    """Return the names of GameError and every class in game/ that derives from it."""
    names = {"GameError"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if (isinstance(node, ast.ClassDef) and node.name not in names
                        and any(isinstance(b, ast.Name) and b.id in names for b in node.bases)):
                    names.add(node.name)
                    grew = True
    return names


def _wrappers(tree: ast.Module, classes: set[str]) -> set[str]:
    """Return the module's functions that only hand their arguments on to an error class."""
    out = set()
    for node in tree.body:
        if (isinstance(node, ast.FunctionDef) and len(node.body) == 1
                and isinstance(node.body[0], ast.Return) and isinstance(node.body[0].value, ast.Call)
                and isinstance(node.body[0].value.func, ast.Name) and node.body[0].value.func.id in classes):
            out.add(node.name)
    return out


def error_sites() -> list[ErrorSite]:
    """Return every call in game/ that makes a GameError (or a subclass, or a wrapper of one)."""
    trees = {p: ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in sorted(GAME.rglob("*.py"))}
    classes = _error_classes(trees)
    sites = []
    for path, tree in trees.items():
        makers = classes | _wrappers(tree, classes)
        inside_wrapper = {id(n) for f in tree.body if isinstance(f, ast.FunctionDef) and f.name in makers
                          for n in ast.walk(f)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in makers):
                continue
            if id(node) in inside_wrapper:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            # a computed key or text would hide an error from this scan (and from the translations)
            assert len(node.args) == 2 and all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                               for a in node.args), f"{where}: key and text must be literals"
            assert all(k.arg is not None for k in node.keywords), f"{where}: params must be named"
            module = importlib.import_module(_module(path))
            sites.append(ErrorSite(where, getattr(module, node.func.id), node.args[0].value,
                                   node.args[1].value, tuple(k.arg for k in node.keywords)))
    return sites


SITES = error_sites()


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
    en = json.loads((WEB_LOCALES / "en.json").read_text(encoding="utf-8"))
    for site in SITES:
        text = en.get(f"err.{site.key}")
        if text is None:
            continue  # tests/browser/test_locales.py checks that every key is translated
        assert set(PLACEHOLDER.findall(text)) <= set(site.params), \
            f"{site.where}: the phone's err.{site.key} wants {PLACEHOLDER.findall(text)}, gets {site.params}"


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
    assert err["key"] == "bid_too_high" and err["params"] == {"mice": mice}
    assert err["message"] == f"You have only {mice} mice."
