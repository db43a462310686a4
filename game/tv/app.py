"""The TV app: starts the server process, opens the table full-screen and runs the scene loop.

The loop draws a frame only when something changed (an update, a running animation, a timer's
second, a toast coming or going, a key or a window event); otherwise it sleeps until the server's
link wakes it or it is time to look at the keyboard again.
"""

from __future__ import annotations

import argparse
import gc
import logging
import queue
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Hashable, Protocol

import pygame

from game.tv import layout
from game.tv.art import ArtCache
from game.tv.games import game_ids, game_name, screens_for, sound_name
from game.tv.i18n import Texts, pick_lang
from game.tv.intents import Intent, intents_from_event
from game.tv.model import TableModel
from game.tv.render import INK, TextCache, display_ready, shadow_text
from game.tv.scenes.base import Context, Scene, draw_confirm_quit, draw_toast, make_felt
from game.tv.scenes.lobby import LobbyScene
from game.tv.scenes.results import ResultsScene
from game.tv.sound import SoundBoard

if TYPE_CHECKING:
    from game.server.process import ServerProcess

log = logging.getLogger(__name__)

FPS = 60
FRAME = 1.0 / FPS
IDLE_POLL = 1.0 / 30  # seconds between two looks at the keyboard while nothing moves
MAX_STEP = 0.1  # an animation never jumps further than this in one frame
NOTE_KEYS = frozenset({"server_down", "server_back", "save_failed", "join_moved"})  # notes the TV says in its language
NOTE_SECONDS = {"server_down": 60.0, "server_back": 8.0, "save_failed": 8.0, "join_moved": 30.0}
HOLD_RESULTS_SECONDS = 4.0  # the last row's animation may finish before the score screen
DEMO_PLAYERS = 4
DEMO_RESULTS_SECONDS = 10.0

STARTUP_NOTICE_SECONDS = 30.0


class NoScreensScene(Scene):
    """The table of a game that has no TV scene module yet: its name and 'follow it on your phones'."""

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the felt and one line saying which game is on."""
        ctx = self.ctx
        ctx.background(canvas)
        name = game_name(ctx.texts, str(ctx.model.table.get("game") or ""))
        shadow_text(ctx.tc, canvas, ctx.texts("tv.no_tv_scene", game=name), layout.TEXT_LARGE, INK,
                    max_width=layout.SAFE.width, center=layout.SAFE.center)
        draw_toast(ctx, canvas)


class UpdateSource(Protocol):
    """What the TV needs from the server (game.server.process.ServerProcess fits, and ServerThread).

    Optional: `errors` (refused host commands, server notes), `notice`, and `wake`, a
    threading.Event set whenever something was queued (the lazy loop sleeps on it).
    """

    updates: "queue.SimpleQueue[dict[str, Any]]"
    join_url: str
    join_code: str
    lan_warning: str | None
    port_note: str | None

    def host_command(self, cmd: dict[str, Any]) -> None: ...


class DemoDirector:
    """Attract mode: fills the table with bots, starts, and plays again after the score screen."""

    def __init__(self, host: Callable[[dict[str, Any]], None], players: int = DEMO_PLAYERS,
                 level: str = "normal") -> None:
        self.host = host
        self.players = players
        self.level = level
        self._asked: tuple[int, str] | None = None
        self._asked_at = -10.0
        self._over_since: float | None = None

    def step(self, model: TableModel, clock: float) -> None:
        """Send the next host command the attract loop needs (at most one per version, retried after 2 s)."""
        version = int((model.update or {}).get("version") or 0)
        stage = model.stage
        if stage != "over":
            self._over_since = None
        if stage == "lobby" and model.update is not None:
            seats = len(model.table.get("seats") or ())
            cmd = {"cmd": "add_bot", "level": self.level} if seats < self.players else {"cmd": "start"}
            self._ask(version, cmd, clock)
        elif stage == "over":
            if self._over_since is None:
                self._over_since = clock
            elif clock - self._over_since >= DEMO_RESULTS_SECONDS:
                self._ask(version, {"cmd": "play_again"}, clock)

    def _ask(self, version: int, cmd: dict[str, Any], clock: float) -> None:
        key = (version, str(cmd.get("cmd")))
        if key == self._asked and clock - self._asked_at < 2.0:
            return
        self._asked, self._asked_at = key, clock
        self.host(cmd)


class TvApp:
    """The TV's state and loop body: pumps public updates, reads intents, runs the active scene."""

    def __init__(self, server: UpdateSource, *, lang: str = "en", demo: bool = False, mute: bool = False,
                 keep_log: bool = False, demo_level: str = "normal", felt: pygame.Surface | None = None) -> None:
        self.server = server
        self.model = TableModel(keep_log=keep_log)
        texts = Texts(lang)
        self.ctx = Context(texts=texts, tc=TextCache(), art=ArtCache(), model=self.model,
                           host=self._host, join_url=server.join_url, join_code=server.join_code,
                           lan_warning=server.lan_warning, port_note=server.port_note, demo=demo,
                           notice=getattr(server, "notice", None))
        self._startup_toast()
        self.ctx.felt = felt if felt is not None else make_felt()  # (made ahead: run_play)
        self.mute = mute
        self.running = True
        self.confirming_quit = False
        self.lobby = LobbyScene(self.ctx)
        self.scene: Scene = self.lobby
        self.scene.enter()
        self.demo = DemoDirector(self._host, level=demo_level) if demo else None
        self._hold_since: float | None = None
        self._warm_jobs: list[Callable[[], object]] = []
        self._known_games: set[str] = set()
        self._game_sounds: dict[str, Any] = {}  # each known game's own sound effects, by their board names
        self.changed = True  # something arrived or was pressed since the last frame (the loop clears it)
        self._drawn_scene: Scene | None = None  # the scene the last frame was painted by
        self._canvas_touched = True  # something else painted on the canvas, or the window changed, since then

    @property
    def warming(self) -> bool:
        """Return True while pictures or sounds are still being made (a job per frame)."""
        return bool(self._warm_jobs)

    def _host(self, cmd: dict[str, Any]) -> None:
        self.server.host_command(cmd)

    def enable_sound(self) -> None:
        """Open the mixer and queue the effects to synthesise, one per frame (after the first frame)."""
        if self.ctx.sound is None:
            self.ctx.sound = SoundBoard(muted=self.mute)
            for name, synth in self._game_sounds.items():
                self.ctx.sound.add(name, synth)
            self._warm_jobs.extend(self.ctx.sound.jobs())  # popped from the end: sounds first

    # ---------------------------------------------------------------- input

    def handle_event(self, event: pygame.event.Event) -> None:
        """Turn one pygame event into intents and act on them (any event: the next frame paints everything)."""
        self._canvas_touched = True  # a window shown again, resized or exposed may have lost its pixels
        for intent in intents_from_event(event):
            self.dispatch(intent)

    def dispatch(self, intent: Intent) -> None:
        """Act on one intent: quitting and sound here, everything else by the active scene."""
        self.changed = True
        if intent is Intent.QUIT:
            self.running = False
        elif self.confirming_quit:
            if intent is Intent.PRIMARY:
                self.running = False
            elif intent is Intent.BACK:
                self.confirming_quit = False
        elif intent is Intent.BACK:
            self.confirming_quit = True
        elif intent is Intent.MUTE:
            if self.ctx.sound is None:
                self.mute = not self.mute
                muted = self.mute
            else:
                muted = self.ctx.sound.toggle_mute()
            self.ctx.toast(self.ctx.texts("tv.sound_off" if muted else "tv.sound_on"))
        else:
            self.scene.handle(intent)

    # ---------------------------------------------------------------- time

    def pump(self) -> int:
        """Take every waiting public update (and refused-command notes); return how many updates came."""
        count = 0
        while True:
            try:
                update = self.server.updates.get_nowait()
            except queue.Empty:
                break
            self.changed = True
            if self.model.accept(update):
                count += 1
                self._learn_games()
                self._switch_scene()
                self.scene.on_update(update)
        errors = getattr(self.server, "errors", None)
        while errors is not None:
            try:
                err = errors.get_nowait()
            except queue.Empty:
                break
            self.changed = True
            if isinstance(err, dict):
                self._say(err)
        return count

    def _say(self, note: dict[str, Any]) -> None:
        """Toast a refused command's message or a server note (in the TV's language when it has the text)."""
        key = str(note.get("key") or "")
        params = note.get("params") if isinstance(note.get("params"), dict) else {}
        if note.get("type") == "server" and key == "notice":  # the save's notice, once the server serves
            self.ctx.notice = str(note.get("message") or "") or None
            self._startup_toast()
            return
        if note.get("type") == "server" and key == "server_back":
            self.model.restart()
        if note.get("type") == "server" and key in ("server_back", "join_moved"):
            self._new_address(params)
        if key in NOTE_KEYS:
            self.ctx.toast(self.ctx.texts(f"tv.{key}", **params), seconds=NOTE_SECONDS[key])
        elif note.get("message"):
            self.ctx.toast(str(note["message"]))

    def _startup_toast(self) -> None:
        """Say the server's notes: the lobby shows them for good; a resumed game opens on the table."""
        ctx = self.ctx
        said = [n for n in (ctx.notice, ctx.port_note) if n]
        if ctx.port_note:
            said.append(ctx.join_url)
        if said:
            ctx.toast(" ".join(said), seconds=STARTUP_NOTICE_SECONDS)

    def _new_address(self, params: dict[str, Any]) -> None:
        """A restarted server (or its save's join code): a new URL gets a new QR."""
        url, code = str(params.get("join_url") or ""), str(params.get("join_code") or "")
        if url and (url != self.ctx.join_url or code != self.ctx.join_code):
            self.ctx.join_url, self.ctx.join_code = url, code
            self.ctx.port_note = getattr(self.server, "port_note", None)
            self.lobby.enter()

    def _learn_games(self) -> None:
        """Add the texts of every game the table offers (once each) and queue its warm-up jobs."""
        table = self.model.table
        self.ctx.texts.game = str(table.get("game") or "")
        for game in [*game_ids(table), str(table.get("game") or "")]:
            if game in self._known_games:
                continue
            self._known_games.add(game)
            self.ctx.texts.add(game)  # its locale files, shared with the phone
            screens = screens_for(game)
            if screens is not None:
                # its art is drawn with its own texts, whichever game the lobby has chosen meanwhile
                with self.ctx.texts.speaking_for(game):
                    jobs = screens.prepare(self.ctx)
                self._warm_jobs[:0] = [self._speaking_for(game, job) for job in jobs]  # popped from the end: sounds stay first
                for name, synth in screens.sounds.items():
                    self._game_sounds[sound_name(game, name)] = synth
                    if self.ctx.sound is not None:
                        self._warm_jobs.extend(self.ctx.sound.add(sound_name(game, name), synth))

    def _speaking_for(self, game: str, job: Callable[[], object]) -> Callable[[], object]:
        def run() -> object:
            with self.ctx.texts.speaking_for(game):
                return job()
        return run

    def _wanted_scene(self) -> type[Scene] | Callable[[Context], Scene]:
        stage = self.model.stage
        if stage == "playing":
            screens = screens_for(str(self.model.table.get("game") or ""))
            return screens.table_scene if screens is not None else NoScreensScene
        if stage == "over":
            # a last round's moment (update.moment) plays on the game's table before the score screen
            moment = (self.model.update or {}).get("moment")
            screens = screens_for(str(self.model.table.get("game") or ""))
            if isinstance(moment, dict) and screens is not None and type(self.scene) is screens.table_scene:
                return screens.table_scene
            return ResultsScene
        return LobbyScene

    def _switch_scene(self) -> None:
        wanted = self._wanted_scene()
        if type(self.scene) is wanted:
            return
        if wanted is ResultsScene and getattr(self.scene, "busy", False):
            if self._hold_since is None:
                self._hold_since = self.ctx.clock
            # a moment is finished whole (it has its own length); the last animations get a few seconds
            if self.ctx.clock - self._hold_since < HOLD_RESULTS_SECONDS or getattr(self.scene, "in_moment", False):
                return
        self._hold_since = None
        self.scene = self.lobby if wanted is LobbyScene else wanted(self.ctx)
        self.scene.enter()

    def pass_time(self, dt: float) -> None:
        """Let `dt` seconds of sleep go by (clock, countdowns) without taking updates in."""
        self.ctx.clock += dt
        self.scene.update(dt)

    @property
    def animating(self) -> bool:
        """Return True while something on screen moves by itself (every frame differs)."""
        return bool(getattr(self.scene, "animating", False)) or self._hold_since is not None

    def frame_key(self) -> Hashable:
        """Return what, beside updates, keys and animations, decides the picture (a new key: draw)."""
        ctx = self.ctx
        toast = ctx.toast_text if ctx.toast_text and ctx.clock <= ctx.toast_until else ""
        return (id(self.scene), self.confirming_quit, toast, self.scene.frame_key())

    def next_change(self) -> float:
        """Return the seconds until the picture changes by itself (a toast ends, a timer's second)."""
        ctx = self.ctx
        waits = [self.scene.next_change()]
        if ctx.toast_text and ctx.clock <= ctx.toast_until:
            waits.append(ctx.toast_until - ctx.clock + 1e-3)
        if self.demo is not None:
            waits.append(0.25)
        return max(0.0, min(waits))

    def tick(self, dt: float) -> None:
        """Advance one frame: updates in, demo director, scene update, a little card-art warm-up."""
        self.ctx.clock += dt
        self.pump()
        if self._hold_since is not None:
            self._switch_scene()
        if self.demo is not None:
            self.demo.step(self.model, self.ctx.clock)
        self.scene.update(dt)
        if self._warm_jobs:
            self._warm_jobs.pop()()

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the active scene and any overlay on the 1920x1080 canvas.

        A scene may paint only what changed since its last frame on that canvas; it is told to
        paint everything when another scene or an overlay painted there, or a window event came.
        """
        if self.scene is not self._drawn_scene or self._canvas_touched:
            self.scene.forget_canvas()
        self.scene.draw(canvas)
        if self.scene is self.lobby:
            draw_toast(self.ctx, canvas)
        if self.confirming_quit:
            draw_confirm_quit(self.ctx, canvas)
        self._drawn_scene, self._canvas_touched = self.scene, self.confirming_quit


# -------------------------------------------------------------------- display


def present(canvas: pygame.Surface, target: pygame.Surface) -> pygame.Rect:
    """Scale the canvas onto `target`, letterboxed with black bars; return where it went.

    Whole-number factors (e.g. 4K = 2x) use plain pixel repetition: exact and ~4x cheaper than
    smooth scaling; other sizes (720p, 1366x768) are smooth-scaled so text stays clean.
    """
    dest = layout.letterbox(target.get_size())
    if dest.size == canvas.get_size():
        target.blit(canvas, dest)
        return dest
    if dest.size != target.get_size():
        target.fill((0, 0, 0))
    sub = target.subsurface(dest)
    whole = dest.width % canvas.get_width() == 0 and dest.height % canvas.get_height() == 0
    if whole:
        pygame.transform.scale(canvas, dest.size, sub)
    else:
        pygame.transform.smoothscale(canvas, dest.size, sub)
    return dest


def window_size(desktop: tuple[int, int]) -> tuple[int, int]:
    """Return a 16:9 window size that fits comfortably on a desktop of `desktop` pixels."""
    for size in (layout.CANVAS, (1600, 900), (1280, 720), (960, 540)):
        if size[0] <= desktop[0] * 0.92 and size[1] <= desktop[1] * 0.88:
            return size
    return (640, 360)


class Display:
    """The window or full screen. Scenes draw on a 1920x1080 canvas; `flip` scales it to the screen.

    When the screen is exactly 1920x1080 the canvas IS the screen (no copy). SDL's own SCALED
    mode is not used: with a software renderer (no GPU, Xvfb) it shows an unscaled, cropped picture.
    """

    def __init__(self, windowed: bool, display_index: int = 0, size: tuple[int, int] | None = None) -> None:
        pygame.display.set_caption("Couch Cats")
        desktops = pygame.display.get_desktop_sizes() or [layout.CANVAS]
        index = display_index if 0 <= display_index < len(desktops) else 0
        if windowed:
            self.window = pygame.display.set_mode(size or window_size(desktops[index]), pygame.RESIZABLE,
                                                  display=index)
        else:
            self.window = pygame.display.set_mode(size or (0, 0), pygame.FULLSCREEN, display=index)
            pygame.mouse.set_visible(False)
        self._own_canvas = pygame.Surface(layout.CANVAS).convert()
        self.canvas = self._pick_canvas()

    def _pick_canvas(self) -> pygame.Surface:
        return self.window if self.window.get_size() == layout.CANVAS else self._own_canvas

    def flip(self) -> None:
        """Show the canvas, scaled and letterboxed to the current window size."""
        self.window = pygame.display.get_surface() or self.window
        if self.canvas is not self.window:
            present(self.canvas, self.window)
        pygame.display.flip()
        self.canvas = self._pick_canvas()  # a resized window may now need (or not need) scaling


# -------------------------------------------------------------------- entry point


def run_play(args: argparse.Namespace, server: "ServerProcess | None" = None, started: float | None = None) -> int:
    """Run the party: the server process + the TV table until the window closes; return the exit code.

    `server`: its server process, already spawned (game.cli starts it before importing the TV, so
    the two processes start up side by side); `started`: when the command began (perf_counter).
    """
    started = time.perf_counter() if started is None else started
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if server is None:
        from game.server.process import play_server

        server = play_server(args)
    asked: dict[str, Any] = {"stop": False, "app": None}

    def stop(signum: int, _frame: object) -> None:
        asked["stop"] = True
        if asked["app"] is not None:
            asked["app"].running = False

    # SDL maps SIGINT/SIGTERM to pygame.QUIT once the display is up; these handlers make sure a
    # signal at any moment (while starting, or during a busy frame) stops both processes in order
    before = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        if server.proc is None:
            server.spawn()  # the server starts while the screen opens
        pygame.display.init()
        pygame.font.init()
        # the screen first: pictures made after it are converted to its pixel format (faster blits)
        display = Display(bool(getattr(args, "windowed", False)), int(getattr(args, "display", 0) or 0))
        felt = make_felt()  # while the server starts: the first frame needs it
        try:
            server.start()  # (play_server's: returns once the join URL is known; the link connects after the first frame)
        except OSError as exc:
            print(f"Couch Cats: the server could not start: {exc}", file=sys.stderr, flush=True)
            return 1
        print(f"Join: {server.join_url}", flush=True)
        for note in (server.notice, server.port_note, server.lan_warning):
            if note:
                print(note, flush=True)
        app = TvApp(server, lang=pick_lang(getattr(args, "lang", None)), demo=bool(getattr(args, "demo", False)),
                    mute=bool(getattr(args, "mute", False)), felt=felt)
        asked["app"] = app
        app.running = app.running and not asked["stop"]
        LazyLoop(app, display, wake=server.wake, started=started, freeze_heap=True,
                 after_first_frame=server.connect).run()
        return 0
    finally:
        server.stop()
        pygame.quit()
        for sig, handler in before.items():
            signal.signal(sig, handler)


class LazyLoop:
    """The TV's main loop: draws a frame only when something changed, sleeps otherwise.

    A frame is drawn when an update or a server note arrived, a key or a window event came, an
    animation runs (and once more after it ends), or the app's `frame_key` changed (a toast, a
    timer's second, the scene). Between frames the loop sleeps on `wake` (set by the server's
    link) for at most IDLE_POLL, the keyboard's pace, or until the next change the app expects.
    While something moves it runs at up to FPS. `events`, `now` and `sleep` are injectable, so
    tests drive it on a simulated clock and count its frames. `after_first_frame` is called once the
    first frame is on screen (`run_play`: the server's link connects then), and with `freeze_heap`
    the heap is collected and frozen once the lobby is up and warmed.
    """

    def __init__(self, app: TvApp, display: Any, *, wake: threading.Event | None = None,
                 events: Callable[[], list[pygame.event.Event]] | None = None,
                 now: Callable[[], float] = time.perf_counter, sleep: Callable[[float], None] | None = None,
                 started: float | None = None, freeze_heap: bool = False,
                 after_first_frame: Callable[[], object] | None = None) -> None:
        self.app = app
        self.display = display
        self.wake = wake
        self.events = events or pygame.event.get
        self.now = now
        self._sleep = sleep
        self.started = started
        self.frames = 0
        self.steps = 0
        self._key: Hashable = None
        self._moving = True  # the first frames are drawn whatever happens
        self._last = now()
        self._clock = pygame.time.Clock() if sleep is None else None
        self._table_shown = False  # a frame showed the server's first update (logged with `started`)
        self._freeze = freeze_heap  # collect and freeze the heap once the lobby is up and warmed (see step)
        self._after_first = after_first_frame  # called once the first frame is on screen (the server's link)

    def run(self) -> None:
        """Step until the app stops running."""
        while self.app.running:
            self.step()
            self.pause()

    def step(self) -> bool:
        """Read input, advance the app, and draw if something changed; return whether it drew."""
        app = self.app
        for event in self.events():
            app.handle_event(event)
            app.changed = True
        t = self.now()
        elapsed, self._last = t - self._last, t
        if not self._moving and elapsed > FRAME:
            app.pass_time(elapsed - FRAME)  # the sleep itself: countdowns move on, animations start fresh
            elapsed = FRAME
        app.tick(min(MAX_STEP, elapsed))
        moving = app.animating
        key = app.frame_key()
        draw = app.changed or moving or self._moving or key != self._key or self.frames == 0
        self._moving, self._key, app.changed = moving, key, False
        self.steps += 1
        if self.steps == 2:
            app.enable_sound()
        if self._freeze and self._table_shown and not app.warming and not moving:
            # what is loaded by now (the games' TV modules and art too) lives as long as the TV: later
            # full collections skip it (one walked all of it in 16-28 ms here: a dropped frame). Done
            # once the lobby is up and warmed, not before: the first lobby frame waits for nothing it needs not.
            self._freeze = False
            gc.collect()
            gc.freeze()
        if not draw:
            return False
        app.draw(self.display.canvas)
        self.display.flip()
        self.frames += 1
        if self.frames == 1:
            if self.started is not None:
                log.info("first frame on screen %.2f s after start", time.perf_counter() - self.started)
            if self._after_first is not None:
                self._after_first()
        if not self._table_shown and app.model.update is not None:
            self._table_shown = True
            if self.started is not None:
                log.info("the table's first update on screen %.2f s after start", time.perf_counter() - self.started)
        return True

    def idle_wait(self) -> float:
        """Return how long the loop may sleep now (0: the next frame is due at the frame rate)."""
        if self._moving or self.app.warming or self.app.changed:
            return 0.0
        return min(IDLE_POLL, self.app.next_change())

    def pause(self) -> None:
        """Sleep until the next step: a frame's time while moving, else until woken or IDLE_POLL."""
        wait = self.idle_wait()
        if self._sleep is not None:
            self._sleep(wait if wait > 0 else FRAME)
            return
        if wait <= 0:
            assert self._clock is not None
            self._clock.tick(FPS)
            return
        if self.wake is not None:
            if self.wake.wait(wait):
                self.wake.clear()
        else:
            time.sleep(wait)
        if self._clock is not None:
            self._clock.tick()  # keep its timing fresh for the next moving frame
