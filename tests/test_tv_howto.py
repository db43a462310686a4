"""The TV's lobby plays the chosen game's how-to (game.tv.howto): every step, headless, on a simulated clock.

Each game that has a how-to is run through all its steps with a screenshot of each; its captions
exist in the four languages and fit three lines of the caption font; it never shows the real
table; it is 6-9 steps and at most 60 s; any key ends it and Enter still starts; a game without
one shows none and its host gets a clear error; after it the lobby is at rest again.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pygame
import pytest

from game import protocol as P
from game.howto import CAPTION_PREFIX, DEMO_NAMES, MAX_SECONDS, MAX_STEPS, MIN_STEPS, build, has_how_to, total_seconds
from game.locales import LANGS, game_table
from game.session import Session
from game.tv import layout
from game.tv.app import LazyLoop, TvApp
from game.tv.intents import Intent
from game.tv.layout import LOBBY
from game.tv.render import TextCache, wrap
from game.tv.scenes.lobby import CAPTION_SIZE
from tests.conftest import ARTIFACTS
from tests.tv_fixtures import NAMES, TV_GAMES, FakeServer, table, update
from tests.test_tv_lazy import Screen, SimClock, run_for

HOWTO_GAMES = [g for g in TV_GAMES if has_how_to(g)]
SHOTS = ARTIFACTS / "screenshots" / "tv" / "howto"  # every step of each game, for people (and the README) to look at


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def lobby_app(game: str, lang: str = "en", version: int = 1) -> tuple[TvApp, FakeServer]:
    tab = table(4)
    tab["game"] = game
    server = FakeServer([update(version, "lobby", tab, None)])
    app = TvApp(server, lang=lang, mute=True)
    app.tick(0.05)
    while app.warming:
        app.tick(0.0)
    return app, server


def draw(app: TvApp) -> pygame.Surface:
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    return canvas


def varied(canvas: pygame.Surface, rect: pygame.Rect) -> bool:
    """Return True if `rect` of `canvas` holds more than one colour (something is drawn there)."""
    sub = canvas.subsurface(rect)
    first = sub.get_at((0, 0))
    return any(sub.get_at((x, y)) != first for x in range(0, rect.width, 7) for y in range(0, rect.height, 5))


def qr_pixels(canvas: pygame.Surface) -> bytes:
    return pygame.image.tobytes(canvas.subsurface(LOBBY.qr.inflate(16, 16)), "RGB")


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_the_how_to_plays_every_step_with_the_join_qr_kept_and_ends_by_itself(game: str) -> None:
    app, _server = lobby_app(game)
    at_rest = qr_pixels(draw(app))
    app.dispatch(Intent.HOW_TO)
    howto = app.lobby.howto
    assert howto is not None and app.lobby.playing_howto
    steps = howto.steps
    assert MIN_STEPS <= len(steps) <= MAX_STEPS and total_seconds(steps) <= MAX_SECONDS
    shown, clock = set(), 0.0
    while app.lobby.playing_howto and clock <= MAX_SECONDS + 1:
        player = app.lobby.howto
        if player.at + 1 / 30 >= player.step.seconds:  # the end of a step: the picture it leaves
            canvas = draw(app)
            shown.add(player.index)
            SHOTS.mkdir(parents=True, exist_ok=True)
            pygame.image.save(canvas, str(SHOTS / f"{game}-{player.index + 1}.png"))
            assert qr_pixels(canvas) == at_rest, "the join QR stays where it was, untouched"
            assert varied(canvas, LOBBY.howto_caption), "a caption is written"
            assert varied(canvas, LOBBY.howto_picture.inflate(-40, -40)), "the demo table is drawn"
            assert varied(canvas, LOBBY.howto_players), "the players who joined stay on screen"
        app.tick(1 / 30)
        clock += 1 / 30
    assert shown == set(range(len(steps))), "every step was on screen"
    assert not app.lobby.playing_howto and clock <= MAX_SECONDS + 0.1, "it ends by itself within a minute"
    assert qr_pixels(draw(app)) == at_rest


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_the_captions_exist_in_every_language_and_fit_three_lines(game: str) -> None:
    captions = [s.caption for s in build(game)]
    own = {k for k in game_table(game, "en") if k.startswith(CAPTION_PREFIX)}
    assert set(captions) == own and len(set(captions)) == len(captions), "each caption key is the game's, once"
    tc = TextCache()
    for lang in LANGS:
        texts = game_table(game, lang)
        for key in captions:
            assert texts.get(key), f"{game} {lang}: no {key}"
            lines = wrap(tc, texts[key], CAPTION_SIZE, LOBBY.howto_caption.width)
            assert len(lines) <= 3, f"{game} {lang} {key}: {len(lines)} lines at the caption font"
    assert tc.render("Ag", CAPTION_SIZE).get_height() * 3 <= LOBBY.howto_caption.height + 6


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_the_demo_never_shows_the_real_table(game: str) -> None:
    app, _server = lobby_app(game)
    app.dispatch(Intent.HOW_TO)
    player = app.lobby.howto
    assert player.demo.model is not app.model, "the demo draws from a model of its own"
    real = set(NAMES[:4])
    for step in player.steps:
        for u in step.updates:
            assert P.Stage(u["stage"]) is not P.Stage.LOBBY and u["you"]["seat"] is None, "a public update"
            names = {s["name"] for s in u["table"]["seats"]}
            assert names <= set(DEMO_NAMES) and not names & real
            assert not set(json.dumps(u).split('"')) & real, "nothing of the real table is in it"
    drawn: list[str] = []
    render = player.demo.tc.render

    def spy(text: str, size: int, colour=(0, 0, 0)) -> pygame.Surface:
        drawn.append(text)
        return render(text, size, colour)

    player.demo.tc.render = spy  # type: ignore[method-assign]
    try:
        while app.lobby.playing_howto:
            player.picture(LOBBY.howto_picture.size)
            app.tick(0.25)
    finally:
        player.demo.tc.render = render  # type: ignore[method-assign]
    assert drawn and not any(name in text for text in drawn for name in real), "no real name in the demo's picture"
    assert player.demo.model.rejected == 0 and player.demo.model.accepted > 0, "every demo update is a public one"


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_the_demo_is_its_own_seeded_game_whatever_a_real_table_holds(game: str) -> None:
    from game.bots import make_bot

    before = json.dumps([dataclasses.asdict(s) for s in build(game)], sort_keys=True)
    real = Session("REAL01", random.Random(99), game=game)  # a real table mid-game, with secret hands
    for conn, name in enumerate(("Ana", "Béla", "Chloé", "Dániel")):
        real.handle(conn, P.Join(name))
    real.host_command(P.Host(P.HostCmd.START))
    bots = [make_bot(game, "heuristic", random.Random(k)) for k in range(4)]
    for _ in range(12):
        seat = min(real.rules.to_act(real.state))
        real.submit(seat, real.version, bots[seat].act(real.seat_view(seat)))
    after = json.dumps([dataclasses.asdict(s) for s in build(game)], sort_keys=True)
    assert after == before, "the how-to is the same whatever a real table holds"


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_any_key_ends_the_how_to_and_a_lobby_key_also_does_its_work(game: str) -> None:
    app, server = lobby_app(game)
    app.dispatch(Intent.HOW_TO)
    app.tick(2.0)
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    assert not app.lobby.playing_howto and server.commands == [], "a key skips it and does nothing else"
    app.dispatch(Intent.HOW_TO)
    app.tick(5.0)
    app.dispatch(Intent.HOW_TO)
    assert not app.lobby.playing_howto and server.commands == [], "H again ends it"
    app.dispatch(Intent.HOW_TO)
    app.tick(1.0)
    app.dispatch(Intent.ADD_BOT)
    assert not app.lobby.playing_howto and server.commands == [{"cmd": "add_bot", "level": "normal"}], \
        "a lobby key ends it and does what it does"
    app.dispatch(Intent.HOW_TO)
    app.tick(5.0)
    app.dispatch(Intent.PRIMARY)
    assert not app.lobby.playing_howto and server.commands[-1] == {"cmd": "start"}, "Enter starts, as ever"


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_a_start_from_the_phone_during_the_how_to_shows_the_table_and_the_lobby_after_is_at_rest(game: str) -> None:
    from tests.tv_fixtures import kit_updates

    app, server = lobby_app(game)
    app.dispatch(Intent.HOW_TO)
    app.tick(3.0)
    playing = next(u for u in kit_updates(game) if u["stage"] == "playing")
    server.updates.put({**playing, "version": 50})
    app.tick(0.05)
    assert app.scene is not app.lobby, "the game started: its table is on"
    lobby = update(60, "lobby", {**table(4), "game": game}, None)
    server.updates.put(lobby)
    app.tick(0.05)
    assert app.scene is app.lobby and not app.lobby.playing_howto, "back in the lobby, the how-to is over"


def test_the_how_to_plays_when_the_host_picks_a_game_or_asks_and_not_when_the_tv_opens() -> None:
    first, second = HOWTO_GAMES[0], HOWTO_GAMES[-1]
    app, server = lobby_app(first)
    assert not app.lobby.playing_howto, "the TV opening on the lobby plays nothing"
    tab = table(4)
    tab["game"] = second
    server.updates.put(update(2, "lobby", tab, None))
    app.tick(0.05)
    assert app.lobby.playing_howto and app.lobby.howto.game_id == second
    app.dispatch(Intent.OTHER_KEY)
    server.updates.put(update(3, "lobby", {**tab, "how_to": 1}, None))
    app.tick(0.05)
    assert app.lobby.playing_howto, "the host's phone asked (table.how_to grew)"
    app.dispatch(Intent.OTHER_KEY)
    server.updates.put(update(4, "lobby", {**tab, "how_to": 1, "watchers": 2}, None))
    app.tick(0.05)
    assert not app.lobby.playing_howto, "another update of the lobby plays nothing"


def test_a_game_without_a_how_to_shows_none_says_so_and_offers_no_button(monkeypatch: pytest.MonkeyPatch) -> None:
    game = HOWTO_GAMES[0]
    monkeypatch.setattr("game.tv.scenes.lobby.build", lambda g: [])
    app, _server = lobby_app(game)
    app.dispatch(Intent.HOW_TO)
    assert not app.lobby.playing_howto and app.ctx.toast_text == app.ctx.texts("tv.howto.none")
    monkeypatch.setattr("game.table.lobby.has_how_to", lambda g: False)
    monkeypatch.setattr("game.table.updates.has_how_to", lambda g: False)
    s = Session("HOWTO1", random.Random(1), game=game)
    s.handle(1, P.Join("Ana"))
    assert not any(g["how_to"] for g in s.public_update()["table"]["games"]), "the phone gets no button"
    out = s.host_command(P.Host(P.HostCmd.HOW_TO), by=s.seats[0], conn=1)
    assert [o.message["key"] for o in out] == ["no_how_to"] and s.how_to == 0


def test_only_the_host_asks_for_the_how_to_and_only_in_the_lobby() -> None:
    game = HOWTO_GAMES[0]
    assert has_how_to(game)
    s = Session("HOWTO2", random.Random(1), game=game)
    for conn, name in enumerate(("Ana", "Bob", "Cat")):
        s.handle(conn, P.Join(name))
    assert P.parse_client('{"type":"host","cmd":"how_to"}', game) == P.Host(P.HostCmd.HOW_TO)
    refused = s.host_command(P.Host(P.HostCmd.HOW_TO), by=s.seats[1], conn=1)
    assert [(o.to, o.message["key"]) for o in refused] == [(1, "not_host")] and s.how_to == 0
    version = s.version
    outs = s.host_command(P.Host(P.HostCmd.HOW_TO), by=s.seats[0], conn=0)
    assert s.version == version + 1 and s.public_update()["table"]["how_to"] == 1 and outs
    assert next(g for g in s.public_update()["table"]["games"] if g["id"] == game)["how_to"] is True
    s.host_command(P.Host(P.HostCmd.START))
    late = s.host_command(P.Host(P.HostCmd.HOW_TO), by=s.seats[0], conn=0)
    assert [o.message["key"] for o in late] == ["lobby_only"] and s.how_to == 1


def test_the_lobby_is_at_rest_again_after_the_how_to() -> None:
    game = HOWTO_GAMES[0]
    app, _server = lobby_app(game)
    clock = SimClock()
    loop = LazyLoop(app, Screen(), events=lambda: [], now=clock.now, sleep=clock.sleep)
    run_for(loop, clock, 2.0)
    app.dispatch(Intent.HOW_TO)
    during = run_for(loop, clock, MAX_SECONDS + 1)
    assert during > 0 and not app.lobby.playing_howto
    run_for(loop, clock, 0.5)
    assert run_for(loop, clock, 10.0) == 0, "an idle lobby draws nothing once the how-to ended"


def _seated(game: str, people: int, bots: int = 0) -> dict:
    """A lobby's table of `game` with `people` people (the first the host), then `bots` bots."""
    tab = table(people + bots, bots=tuple(range(people, people + bots)))
    tab["game"] = game
    return tab


@pytest.mark.parametrize("game", HOWTO_GAMES)
def test_the_how_to_plays_once_when_the_first_person_joins_a_fresh_lobby_and_start_ends_it(game: str) -> None:
    from tests.tv_fixtures import kit_updates

    server = FakeServer([update(1, "lobby", _seated(game, 0), None)])
    app = TvApp(server, lang="en", mute=True)
    app.tick(0.05)
    while app.warming:
        app.tick(0.0)
    app.tick(5.0)
    server.updates.put(update(2, "lobby", {**_seated(game, 0), "watchers": 2}, None))
    app.tick(0.05)
    assert not app.lobby.playing_howto, "no how-to on an empty TV"
    server.updates.put(update(3, "lobby", _seated(game, 1), None))
    app.tick(0.05)
    assert app.lobby.playing_howto and app.lobby.howto.game_id == game, "the first person to join sees it"
    app.tick(4.0)
    playing = app.lobby.howto
    at = (playing.index, playing.at)
    server.updates.put(update(4, "lobby", _seated(game, 1, bots=2), None))
    server.updates.put(update(5, "lobby", _seated(game, 2, bots=2), None))
    app.tick(0.05)
    assert app.lobby.howto is playing and (playing.index, playing.at) >= at, "a second join does not start it over"
    app.dispatch(Intent.OTHER_KEY)
    assert not app.lobby.playing_howto
    server.updates.put(update(6, "lobby", _seated(game, 3, bots=2), None))
    app.tick(0.05)
    assert not app.lobby.playing_howto, "it played once: a later join plays nothing"

    # another fresh lobby (the TV opens on an empty one): the first join plays it, the host's Start ends it
    server = FakeServer([update(1, "lobby", _seated(game, 0), None)])
    app = TvApp(server, lang="en", mute=True)
    app.tick(0.05)
    server.updates.put(update(2, "lobby", _seated(game, 1, bots=1), None))
    app.tick(0.05)
    assert app.lobby.playing_howto
    app.tick(3.0)
    playing_update = next(u for u in kit_updates(game) if u["stage"] == "playing")
    server.updates.put({**playing_update, "version": 50})
    app.tick(0.05)
    assert app.scene is not app.lobby, "the host's Start ends it: the table shows"
    server.updates.put(update(60, "lobby", _seated(game, 1, bots=1), None))
    app.tick(0.05)
    assert app.scene is app.lobby and not app.lobby.playing_howto, "back from the game the lobby is at rest"


def test_a_tv_opening_on_a_lobby_with_people_plays_nothing_and_the_enter_key_ends_the_first_join_how_to() -> None:
    game = HOWTO_GAMES[0]
    server = FakeServer([update(1, "lobby", _seated(game, 2), None)])
    app = TvApp(server, lang="en", mute=True)
    app.tick(0.05)
    server.updates.put(update(2, "lobby", _seated(game, 3), None))
    app.tick(0.05)
    assert not app.lobby.playing_howto, "people were there when the TV opened: no one is the first"
    server = FakeServer([update(1, "lobby", _seated(game, 0), None)])
    app = TvApp(server, lang="en", mute=True)
    app.tick(0.05)
    server.updates.put(update(2, "lobby", _seated(game, 1), None))
    app.tick(0.05)
    assert app.lobby.playing_howto
    app.dispatch(Intent.PRIMARY)
    assert not app.lobby.playing_howto and server.commands == [{"cmd": "start"}], "Enter ends it and starts"
