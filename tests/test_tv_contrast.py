"""Every text on the TV reaches WCAG AA contrast (4.5:1) against what is actually behind it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame
import pytest

from game.engine import GAMES
from game.seats import PALETTE
from game.tv import layout
from game.tv.games.cat_in_the_sack import cards
from game.tv.app import TvApp
from game.tv.intents import Intent
from game.tv.scenes.base import TableScene, draw_confirm_quit
from game.tv.render import AA, BLACK, INK, INK_DARK, TextCache, contrast, ink_on, luminance, parse_colour
from tests.tv_fixtures import (FakeServer, TV_GAMES, first_turn, game_updates, games_and_players, json_round_trip,
                               kit_updates, pick, table, table_frames, turn_seat, update)

Colour = tuple[int, int, int]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


class ContrastProbe(pygame.Surface):
    """A canvas that, for every text the TextCache made, notes its colour and the colour behind it."""

    def __init__(self, tc: TextCache) -> None:
        super().__init__(layout.CANVAS)
        self.tc = tc
        self.pairs: dict[tuple[Colour, Colour], str] = {}  # (ink, background) -> one text drawn so
        self._behind_shadow: dict[tuple[str, int], list[Colour]] = {}

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
        key = next((k for k, surf in self.tc._cache.items() if surf is source), None)
        if key is not None:
            text, size, ink = key
            topleft = dest.topleft if isinstance(dest, pygame.Rect) else dest
            rect = source.get_rect(topleft=(int(topleft[0]), int(topleft[1]))).clip(self.get_rect())
            if rect.width and rect.height:
                if tuple(ink) == BLACK:  # a drop shadow: the text that follows is read against what it covers
                    self._behind_shadow[(text, size)] = self.behind(rect)
                else:
                    for bg in self._behind_shadow.pop((text, size), None) or self.behind(rect):
                        self.pairs.setdefault((tuple(ink), bg), text)
        return super().blit(source, dest, area, special_flags)

    def behind(self, rect: pygame.Rect) -> list[Colour]:
        """Return the colours covering at least a tenth of the canvas in `rect` right now (a gradient's shades too)."""
        sub = self.subsurface(rect)
        seen = Counter(tuple(sub.get_at((x, y)))[:3] for x in range(0, rect.width, 2) for y in range(0, rect.height, 2))
        total = sum(seen.values())
        return [c for c, n in seen.items() if n * 10 >= total] or [seen.most_common(1)[0][0]]


def low_contrast(app: TvApp) -> dict[str, float]:
    """Draw the app's current picture on a probe; return each text under AA with its ratio.

    A table is painted call by call (`draw_rest`, then `draw_moving`), not from its resting
    layer, so that the probe sees every text blitted onto what lies behind it.
    """
    probe = ContrastProbe(app.ctx.tc)
    if isinstance(app.scene, TableScene):
        app.scene.draw_rest(probe)
        app.scene.draw_moving(probe)
        if app.confirming_quit:
            draw_confirm_quit(app.ctx, probe)
    else:
        app.draw(probe)
    return {f"{text!r}: {ink} on {bg}": round(contrast(ink, bg), 2)
            for (ink, bg), text in probe.pairs.items() if contrast(ink, bg) < AA}


def settle(app: TvApp, server: FakeServer, u: dict, seconds: float = 6.0) -> None:
    server.updates.put(json_round_trip(u))
    for _ in range(int(seconds * 10)):
        app.tick(0.1)


def test_contrast_is_the_wcag_ratio() -> None:
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21)
    assert contrast((0, 0, 0), (0, 0, 0)) == pytest.approx(1)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)  # #777 on white
    assert luminance((0, 114, 178)) == pytest.approx(0.1525, abs=0.001)


def test_the_lobby_texts_reach_aa() -> None:
    server = FakeServer()
    server.lan_warning = "No network"
    server.port_note = "Port 8765 is busy: using 8766."
    for lang in ("en", "hu"):
        app = TvApp(server, lang=lang, demo=True)
        app.ctx.notice = "Resumed the game saved at 21:04"
        settle(app, server, update(2, "lobby", table(6, disconnected=(4,), bots=(1, 5)), None), 0.5)
        app.ctx.toast("No bot to remove")
        assert low_contrast(app) == {}
        settle(app, server, update(3, "lobby", table(0), None), 0.5)  # nobody yet: 'waiting for players'
        assert low_contrast(app) == {}


@pytest.mark.parametrize("game,players", games_and_players())
def test_every_games_table_and_score_texts_reach_aa(game: str, players: int) -> None:
    ups = kit_updates(game, players)
    server = FakeServer()
    app = TvApp(server)
    settle(app, server, ups[0], 0.2)
    found: dict[str, float] = {}
    for u in table_frames(ups):
        for seat in u["table"]["seats"][:1]:
            seat.update(connected=False, bot=None)  # someone is away: the 'away' tag and the hint
        if turn_seat(u) is not None:
            u["timer"] = {"seat": turn_seat(u), "seconds_left": 4}
        server.updates.put(u)
        for _ in range(3):  # mid-animation: the news line and moving labels over the table
            app.tick(0.15)
            found |= low_contrast(app)
        for _ in range(50):
            app.tick(0.1)
        app.ctx.toast("Everyone is here: no seat to hand to a bot")
        found |= low_contrast(app)
    app.dispatch(Intent.BACK)  # the quit question over the score screen
    found |= low_contrast(app)
    assert found == {}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_cat_in_the_sack_table_with_open_piles_reaches_aa(players: int) -> None:
    ups = game_updates(players, seed=players, open_piles=True)
    tab = table(players, open_piles=True, timer=30, disconnected=(0,))
    frames = [pick(ups, "choose"), pick(ups, "auction", min_face_up=1, bids=True),
              next((u for u in ups if u["view"] and u["view"]["phase"] == "offer"), pick(ups, "auction")),
              pick(ups, "auction", min_face_up=players - 1), ups[-2], ups[-1]]
    server = FakeServer()
    app = TvApp(server)
    settle(app, server, ups[0], 0.2)
    found: dict[str, float] = {}
    for k, u in enumerate(frames):
        u = json_round_trip(u)
        u["table"] = tab
        if u["view"]["phase"] in ("auction", "offer"):
            u["timer"] = {"seat": u["view"]["turn"], "seconds_left": 4}
        server.updates.put(u)
        for _ in range(3):  # mid-animation: the news line and moving labels over the table
            app.tick(0.15)
            found |= low_contrast(app)
        for _ in range(50):
            app.tick(0.1)
        app.ctx.toast("Everyone is here: no seat to hand to a bot")
        found |= low_contrast(app)
    app.dispatch(Intent.BACK)  # the quit question over the score screen
    found |= low_contrast(app)
    assert found == {}


@pytest.mark.parametrize("game", TV_GAMES)
def test_the_turn_is_readable_in_every_seat_colour(game: str) -> None:
    rules = GAMES[game]
    u = first_turn(kit_updates(game, min(max(4, rules.min_players), rules.max_players), seed=6))
    turn = turn_seat(u)
    for colour in PALETTE:
        app = TvApp(FakeServer())
        u = json_round_trip(u)
        u["table"]["seats"][turn]["colour"] = colour
        u["timer"] = {"seat": turn, "seconds_left": 9}
        settle(app, app.server, u, 1.0)  # type: ignore[arg-type]
        assert low_contrast(app) == {}, colour
        assert contrast(ink_on(parse_colour(colour)), parse_colour(colour)) >= AA
    assert ink_on((240, 228, 66)) == INK_DARK and ink_on((20, 20, 20)) == INK


def test_the_texts_printed_on_the_cards_reach_aa() -> None:
    for ink, paper in cards.CARD_TEXT_PAIRS:
        assert contrast(ink, paper) >= AA, (ink, paper)
