"""The TV test kit covers every game the lobby offers, a table without animations needs no code for them,
and the platform's art (cache, emblem) names no game while each game draws its own."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import GAMES
from game.tv import layout
from game.tv.app import TvApp
from game.tv.art import ArtCache
from game.tv.games import screens_for
from game.tv.layout import LOBBY
from game.tv.model import check_public
from game.tv.scenes.base import Animator, Part, TableScene
from tests.tv_fixtures import TV_GAMES, FakeServer, games_and_players, kit_updates, table_frames, turn_seat


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def test_the_kit_offers_every_game_the_registry_puts_on_the_table() -> None:
    assert TV_GAMES == [game for game, rules in GAMES.items() if rules.on_table]
    assert len(TV_GAMES) >= 2
    for game in TV_GAMES:
        assert screens_for(game) is not None, f"{game} is offered but has no TV package"


@pytest.mark.parametrize("game,players", games_and_players())
def test_each_games_kit_is_a_whole_public_game_from_the_lobby_to_the_scores(game: str, players: int) -> None:
    ups = kit_updates(game, players)
    assert ups[0]["stage"] == "lobby" and ups[0]["table"]["game"] == game
    assert ups[-1]["stage"] == "over" and ups[-1]["outcome"]["winners"]
    assert len(ups[0]["table"]["seats"]) == players
    for u in ups:
        check_public(u)
    versions = [u["version"] for u in ups]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)
    frames = table_frames(ups)
    assert [u["stage"] for u in frames] == ["playing"] * 6 + ["over"]
    assert any(turn_seat(u) is not None for u in frames), "no frame with one seat to act"
    assert sum(bool(u["events"]) for u in ups) > len(ups) // 2, "the updates carry their events"
    assert kit_updates(game, players) == ups and kit_updates(game, players) is not ups  # fresh copies


class StillTable(TableScene):
    """A game's table with no animator at all: one part, the seats' names."""

    def rest_parts(self) -> list[Part]:
        return [Part(pygame.Rect(100, 100, 600, 80), self._paint, (len(self.ctx.model.table.get("seats") or ()),))]

    def _paint(self, canvas: pygame.Surface, seats: int) -> None:
        self.ctx.tc.blit(canvas, f"{seats} seats", layout.TEXT_BODY, (255, 255, 255), topleft=(110, 110))


def test_a_table_without_animations_needs_no_code_for_them() -> None:
    ups = kit_updates(TV_GAMES[0])
    server = FakeServer()
    app = TvApp(server)
    scene = StillTable(app.ctx)
    assert type(scene.anim) is Animator
    for u in ups[1:6]:
        app.model.accept(u)
        scene.on_update(u)  # starts nothing, keeps the timer and the away hint
        scene.update(0.5)
        assert not scene.animating and not scene.busy and scene.anim.news == ""
    canvas = pygame.Surface(layout.CANVAS)
    scene.draw(canvas)
    fresh = pygame.Surface(layout.CANVAS)
    scene.draw_rest(fresh)
    assert scene.draw_moving(fresh) == []
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_the_art_cache_draws_each_picture_once_per_key_and_size() -> None:
    cache = ArtCache()
    calls: list[Any] = []

    def draw(colour: tuple[int, int, int]) -> pygame.Surface:
        calls.append(colour)
        surf = pygame.Surface((4, 4))
        surf.fill(colour)
        return surf

    a = cache.picture(("some-game", "dot"), (4, 4), draw, (255, 0, 0))
    assert cache.picture(("some-game", "dot"), (4, 4), draw, (0, 255, 0)) is a
    cache.picture(("some-game", "dot"), (8, 8), draw, (0, 0, 255))
    assert calls == [(255, 0, 0), (0, 0, 255)]
    assert cache.drawn() == {(("some-game", "dot"), (4, 4)), (("some-game", "dot"), (8, 8))}
    made = cache.shared("some-game", list)
    assert cache.shared("some-game", dict) is made
    jobs = ArtCache.jobs([(cache.picture, (("other", "dot"), (2, 2), draw, (1, 2, 3)))])
    assert len(calls) == 2
    jobs[0]()
    assert calls[-1] == (1, 2, 3)


def test_the_lobby_shows_the_platforms_emblem() -> None:
    ups = kit_updates(TV_GAMES[0])
    app = TvApp(FakeServer(ups[:1]))
    app.tick(0.02)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    emblem = ArtCache().emblem()
    spot = emblem.get_rect(midleft=(LOBBY.title.left, LOBBY.title.centery))
    felt = pygame.Surface(layout.CANVAS)
    app.ctx.background(felt)
    expected = pygame.Surface(spot.size)
    expected.blit(felt, (0, 0), spot)  # the felt under it, then the emblem
    expected.blit(emblem, (0, 0))
    assert pygame.image.tobytes(canvas.subsurface(spot), "RGB") == pygame.image.tobytes(expected, "RGB")
    opaque = pygame.mask.from_surface(emblem).count()
    assert opaque > emblem.get_width() * emblem.get_height() // 3, "an emblem one can see"


def test_each_game_draws_its_own_card_back() -> None:
    """No game shows another game's card back (each game's art lives in its own TV package)."""
    from game.tv.games.cat_in_the_sack.cards import sack_art
    from game.tv.games.rat_a_tat_cat.cards import cards_for

    app = TvApp(FakeServer())
    size = (120, 168)
    sack_back = pygame.image.tobytes(sack_art(app.ctx).face("back", size), "RGBA")
    rat_back = pygame.image.tobytes(cards_for(app.ctx).face(None, size), "RGBA")
    assert sack_back != rat_back
    assert {key[0] for key, _size in app.ctx.art.drawn()} == {"platform", "cat-in-the-sack", "rat-a-tat-cat"}


@pytest.mark.parametrize("game", TV_GAMES)
def test_every_text_the_tv_draws_for_a_game_is_found_even_after_the_lobby_opened_on_another(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No key reaches the screen as itself ('turn.bid', 'rt.card.peek'): not on the table, and not on the game's
    art drawn ahead in the lobby while another game was chosen (a resumed table opens on any game)."""
    from game.tv.i18n import Texts

    missed: list[tuple[str | None, str]] = []
    lookup = Texts.__call__

    def checked(self: Texts, key: str, **params: Any) -> str:
        text = lookup(self, key, **params)
        if text == key:
            missed.append((self.game, key))
        return text

    monkeypatch.setattr(Texts, "__call__", checked)
    ups = kit_updates(game)
    other = next(g for g in TV_GAMES if g != game)
    first = {**ups[0], "table": {**ups[0]["table"], "game": other}}  # the lobby opens on another game
    server = FakeServer([first])
    app = TvApp(server, mute=True)
    canvas = pygame.Surface(layout.CANVAS)
    for _ in range(200):  # every game's art is drawn ahead, one job a frame
        app.tick(0.02)
    app.draw(canvas)
    for u in ups:
        server.updates.put(u)
        for _ in range(3):
            app.tick(0.4)
            app.draw(canvas)
    assert app.model.rejected == 0
    assert not missed, f"keys drawn as themselves: {sorted(set(missed))}"
