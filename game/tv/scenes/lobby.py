"""The lobby: a big join QR code, the URL and code, the players as they arrive, game and options.

When the first person sits down at a lobby with no person yet (the TV opened on it, or everyone
left), when the host picks a game, asks for it from the phone (`table.how_to` counts the asks) or
presses H, the lobby plays the game's how-to (game.tv.howto) where the players, board and settings are;
the join column stays, and the players joining show in the title line meanwhile. Any key ends
it; Enter also starts the game, as ever.
"""

from __future__ import annotations

import math
from collections import deque
from functools import partial
from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.games import game_entry, game_ids, game_name, screens_for
from game.tv.howto import HowToPlayer, draw_players_strip, draw_progress
from game.tv.intents import Intent
from game.tv.layout import LOBBY
from game.tv.qr import qr_surface
from game.tv.render import (COACH, GOLD, GREY, INK, INK_DIM, PANEL, WARN, blit_lines, draw_symbol, grey_out, padded,
                            panel, parse_colour, shadow_text, write_lines_ahead)
from game.tv.scenes.base import Context, Scene
from game.tv.scenes.lobby_board import draw_board, game_board
from game.tv.sound import Sfx

TIMER_OPTION = "turn_timer"  # the table option T steps through
OPTION_GAP = 56  # pixels between two options on the settings line
MIN_OPTION_SIZE = 24  # the options shrink down to this to fit the settings box (still read from the couch)
SMALL_TAG = 24  # host/bot/away under a name in the narrow players' column beside the household's board
CAPTION_SIZE = layout.TEXT_LARGE  # a how-to step's caption: up to 3 lines, read from the couch


class LobbyScene(Scene):
    """Shows how to join and who has joined; Enter/B/Del/G/arrows/T do what the host phone can."""

    keys_text = "tv.keys.lobby"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._qr: pygame.Surface | None = None
        self._qr_url = ""
        self._seat_count = 0
        self._emblem: pygame.Surface | None = None
        self.selected: str | None = None  # the option line ←/→ change (None until ↑/↓ picks one)
        self.howto: HowToPlayer | None = None  # the how-to playing now, if any
        self._ahead: deque[Callable[[], object]] = deque()  # its texts still to write ahead, one a frame
        self._box: pygame.Surface | None = None  # the how-to's box without its picture: felt and panel, made once
        self._seen: tuple[str, int] | None = None  # the chosen game and the how-to asks of the last update
        self._people: int | None = None  # the seats people (not bots) hold in the last update (None: none came yet)
        # while a how-to plays, the canvas the last frame went to and what it showed around the picture:
        # the same again there, and a frame copies only the parts of the picture that changed
        self._shown_on: pygame.Surface | None = None
        self._shown_key: Any = None

    def enter(self) -> None:
        """Make the QR code for the current join URL (once per URL) and the Couch Cats emblem."""
        if self._qr is None or self._qr_url != self.ctx.join_url:
            self._qr = qr_surface(self.ctx.join_url or "http://127.0.0.1/", LOBBY.qr.width)
            self._qr_url = self.ctx.join_url
        if self._emblem is None:
            self._emblem = self.ctx.art.emblem()
        self._seat_count = len(self.ctx.model.table.get("seats") or ())
        if self.ctx.model.update is not None:  # back from a game: its people are not newcomers
            self._people = _people(self.ctx.model.table)
        self.howto = None  # back from a game: the lobby is at rest

    def on_update(self, update: dict[str, Any]) -> None:
        """Chime when someone sits down; play the how-to when the first person sat down at a lobby with
        nobody (never on an empty lobby, nor for the people already there when the TV opens), when the
        game changed or when the host asked for it."""
        table = update.get("table") or {}
        count = len(table.get("seats") or ())
        if count > self._seat_count:
            self.ctx.play(Sfx.JOIN)
        self._seat_count = count
        people, first_join = _people(table), self._people == 0
        self._people = people
        asks = table.get("how_to")
        seen = (str(table.get("game") or ""), asks if isinstance(asks, int) else 0)
        if self._seen is not None and (seen[0] != self._seen[0] or seen[1] > self._seen[1]):
            self.play_howto(quiet=True)
        elif first_join and people > 0 and not self.playing_howto:
            self.play_howto(quiet=True)
        elif self.howto is not None and self.howto.game_id != seen[0]:
            self.howto = None
        self._seen = seen

    # ---------------------------------------------------------------- the how-to

    def play_howto(self, quiet: bool = False) -> bool:
        """Start the chosen game's how-to from its first step; return False if it has none (said unless `quiet`)."""
        game = str(self.ctx.model.table.get("game") or "")
        screens = screens_for(game)
        steps = build(game) if screens is not None else []
        if not steps:
            self.howto = None
            if not quiet:
                self.ctx.toast(self.ctx.texts("tv.howto.none"))
            return False
        self.howto = HowToPlayer(self.ctx, game, steps, screens.table_scene, screens.howto_insets)
        # each step's caption and count, written ahead one per frame: a new step's frame then writes no new text
        tc, width = self.ctx.tc, LOBBY.howto_caption.width
        self._ahead = deque()
        for k, step in enumerate(steps[1:], 2):
            self._ahead.append(partial(write_lines_ahead, tc, self.ctx.texts(step.caption), CAPTION_SIZE, INK, width, 3))
            self._ahead.append(partial(tc.render, f"{k} / {len(steps)}", layout.TEXT_BODY, INK_DIM))
        return True

    @property
    def playing_howto(self) -> bool:
        """Return True while a how-to plays."""
        return self.howto is not None and not self.howto.done

    @property
    def animating(self) -> bool:  # type: ignore[override]
        """Return True while the how-to's demo table moves."""
        return self.playing_howto and self.howto.animating  # type: ignore[union-attr]

    def frame_key(self) -> Any:
        """Return the how-to's step and moves on show (None at rest)."""
        return self.howto.frame_key() if self.playing_howto else None  # type: ignore[union-attr]

    def next_change(self) -> float:
        """Return the seconds until the how-to's next move or step."""
        return self.howto.next_change() if self.playing_howto else math.inf  # type: ignore[union-attr]

    def update(self, dt: float) -> None:
        """Play the how-to on; forget it once it ended."""
        if self.howto is not None:
            self.howto.update(dt)
            if self.howto.done:
                self.howto = None
            elif self._ahead:
                self._ahead.popleft()()

    # ---------------------------------------------------------------- intents -> host commands

    def handle(self, intent: Intent) -> None:
        """Turn the host's keys into host commands for the server.

        Any key ends the how-to; a lobby key also does what it does (Enter starts, G picks the next game,
        whose how-to then plays), H or any other key only ends it.
        """
        table = self.ctx.model.table
        if self.playing_howto:
            self.howto = None
            if intent in (Intent.HOW_TO, Intent.OTHER_KEY):
                return
        if intent is Intent.HOW_TO:
            self.play_howto()
        elif intent is Intent.PRIMARY:
            self.ctx.host({"cmd": "start"})
        elif intent is Intent.ADD_BOT:
            self.ctx.host({"cmd": "add_bot", "level": "normal"})
        elif intent is Intent.BOT_LEVEL:
            self._next_level(table)
        elif intent is Intent.REMOVE_BOT:
            bots = [s for s in table.get("seats") or () if s.get("bot")]
            if bots:
                self.ctx.host({"cmd": "remove_seat", "seat": bots[-1]["seat"]})
            else:
                self.ctx.toast(self.ctx.texts("tv.no_bot"))
        elif intent is Intent.NEXT_GAME:
            self._next_game(table)
        elif intent in (Intent.OPTION_UP, Intent.OPTION_DOWN):
            self._select(-1 if intent is Intent.OPTION_UP else 1)
        elif intent in (Intent.OPTION_LESS, Intent.OPTION_MORE):
            spec = self._selected_spec()
            if spec is not None:
                self._change(spec, -1 if intent is Intent.OPTION_LESS else 1)
        elif intent is Intent.TIMER:
            spec = next((o for o in self.shown_options() if o.get("name") == TIMER_OPTION), None)
            if spec is not None:
                self._change(spec, 1, wrap=True)

    def _next_level(self, table: dict[str, Any]) -> None:
        """Give the last bot seat the next level its game offers (after the strongest: the weakest)."""
        bots = [s for s in table.get("seats") or () if s.get("level")]
        game = next((g for g in table.get("games") or () if g.get("id") == table.get("game")), {})
        offered = [str(lv) for lv in game.get("bot_levels") or ()]
        if not bots or not offered:
            self.ctx.toast(self.ctx.texts("tv.no_bot"))
            return
        seat = bots[-1]
        at = offered.index(seat["level"]) if seat["level"] in offered else -1
        self.ctx.host({"cmd": "set_bot", "seat": seat["seat"], "level": offered[(at + 1) % len(offered)]})

    def _next_game(self, table: dict[str, Any]) -> None:
        ids = game_ids(table)
        if len(ids) <= 1:
            self.ctx.toast(self.ctx.texts("tv.only_game"))
            return
        current = table.get("game")
        i = ids.index(current) if current in ids else -1
        self.ctx.host({"cmd": "set_game", "game": ids[(i + 1) % len(ids)]})

    # ---------------------------------------------------------------- options, from their declarations

    def shown_options(self) -> list[dict[str, Any]]:
        """Return the option declarations shown now: the chosen game's, then the table's (shown_when kept)."""
        table = self.ctx.model.table
        values = table.get("options") or {}
        specs = [*(game_entry(table).get("options") or ()), *(table.get("table_options") or ())]
        shown = []
        for spec in specs:
            if not isinstance(spec, dict) or not spec.get("name"):
                continue
            when = spec.get("shown_when")
            if isinstance(when, (list, tuple)) and len(when) == 2 and values.get(when[0]) != when[1]:
                continue
            shown.append(spec)
        return shown

    def _selected_spec(self) -> dict[str, Any] | None:
        return next((o for o in self.shown_options() if o["name"] == self.selected), None)

    def _select(self, step: int) -> None:
        names = [o["name"] for o in self.shown_options()]
        if not names:
            return
        if self.selected in names:
            self.selected = names[(names.index(self.selected) + step) % len(names)]
        else:
            self.selected = names[0 if step > 0 else -1]

    def _change(self, spec: dict[str, Any], step: int, wrap: bool = False) -> None:
        """Ask the server for the option's next (step 1) or previous (step -1) allowed value."""
        name = spec["name"]
        now = (self.ctx.model.table.get("options") or {}).get(name, spec.get("default"))
        value = next_value(spec, now, step, wrap)
        if value is not None and value != now:
            self.ctx.host({"cmd": "set_option", "name": name, "value": value})

    def option_label(self, spec: dict[str, Any]) -> str:
        """Return an option's name: the game's (or table's) text, else one made from the declaration."""
        return _text_or(self.ctx.texts, f"opt.{spec['name']}", str(spec["name"]).replace("_", " ").capitalize())

    def value_label(self, spec: dict[str, Any], value: Any) -> str:
        """Return how a value reads: its own text, the option's value pattern, on/off, or the value itself."""
        t = self.ctx.texts
        name = spec["name"]
        own = _text_or(t, f"opt.{name}.{str(value).lower()}", "")
        if own:
            return own
        if spec.get("kind") == "bool":
            return t("tv.on") if value else t("tv.off")
        if t.has(f"opt.{name}.value"):
            return t(f"opt.{name}.value", value=value)
        return str(value).replace("_", " ")

    # ---------------------------------------------------------------- drawing

    def forget_canvas(self) -> None:
        """Something else painted on the canvas: the next frame paints all of the lobby."""
        self._shown_on = None

    def _around_howto(self) -> Any:
        """Return everything a how-to frame shows besides its picture (a new value: paint it all)."""
        ctx, howto = self.ctx, self.howto
        toast = ctx.toast_text if ctx.toast_text and ctx.clock <= ctx.toast_until else ""
        return ((howto, ctx.model.accepted, ctx.join_url, ctx.join_code, ctx.lan_warning, ctx.port_note, ctx.notice,
                 self._qr, toast), howto.shown if howto is not None else None)

    def draw(self, canvas: pygame.Surface) -> None:
        """Paint the lobby from the latest update.

        While a how-to plays and nothing around its picture changed since the last frame on this
        canvas, only the picture's parts that changed are copied (the rest is the same pixels).
        """
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        around = self._around_howto() if self.playing_howto else None
        if around is not None and canvas is self._shown_on and self._shown_key is not None \
                and around[0] == self._shown_key[0]:
            if around[1] == self._shown_key[1]:
                self._copy_picture(canvas)
            else:  # the next step: only the how-to's box changes (its title, picture, caption, dots)
                canvas.set_clip(LOBBY.howto)
                try:
                    self._draw_howto(canvas)  # (its box covers the felt there)
                finally:
                    canvas.set_clip(None)
                self._shown_key = around
            return
        self._shown_on, self._shown_key = canvas, around
        ctx.background(canvas)
        if self._emblem is not None:
            canvas.blit(self._emblem, self._emblem.get_rect(midleft=(LOBBY.title.left, LOBBY.title.centery)))
        shadow_text(tc, canvas, t("app.title"), layout.TEXT_TITLE, GOLD,
                    midleft=(LOBBY.title.left + 84, LOBBY.title.centery))
        self._draw_join(canvas)
        if self.playing_howto:  # (its players line takes the title line's right: the demo's note waits)
            self._draw_howto(canvas)
            return
        if ctx.demo:
            tc.blit(canvas, t("tv.demo"), layout.TEXT_BODY, WARN, midright=(LOBBY.title.right, LOBBY.title.centery))
        board = self.board()
        self._draw_players(canvas, beside_board=board is not None)
        if board is not None:
            draw_board(tc, t, canvas, LOBBY.board, board, ctx.wall())
        self._draw_settings(canvas)
        panel(canvas, LOBBY.keys, PANEL, None)
        lines = key_lines(tc, t(self.keys_text).split(" · "), LOBBY.keys.width - 40)
        step = LOBBY.keys.height // len(lines)
        for k, line in enumerate(lines):
            tc.blit(canvas, line, layout.TEXT_SMALL, INK, max_width=LOBBY.keys.width - 40,
                    center=(LOBBY.keys.centerx, LOBBY.keys.top + step // 2 + k * step))

    def _draw_howto(self, canvas: pygame.Surface) -> None:
        """Paint the how-to where the players and settings were, and the players in the title line."""
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        howto = self.howto
        assert howto is not None
        seats = list(ctx.model.table.get("seats") or ())[:layout.MAX_SEATS]
        draw_players_strip(ctx, canvas, LOBBY.howto_players, seats, f"{t('seats.title')} ({len(seats)}):")
        self._draw_box(canvas)
        box = LOBBY.howto_title
        title = t("tv.howto.title", game=game_name(t, howto.game_id))
        count = tc.blit(canvas, f"{howto.shown + 1} / {len(howto.steps)}", layout.TEXT_BODY, INK_DIM,
                        midright=(box.right, box.centery))
        tc.blit(canvas, title, layout.TEXT_LARGE, GOLD, max_width=count.left - box.left - 24,
                midleft=(box.left, box.centery))
        pic = LOBBY.howto_picture
        canvas.blit(howto.picture(pic.size), pic)
        pygame.draw.rect(canvas, INK_DIM, pic, 2)
        blit_lines(tc, canvas, t(howto.shown_step.caption), CAPTION_SIZE, INK, LOBBY.howto_caption, max_lines=3)
        foot = LOBBY.howto_footer
        dots = draw_progress(canvas, foot, len(howto.steps), howto.shown)
        right = foot.right
        if self.ready():  # Enter starts the game, as the settings box says when it shows
            right = tc.blit(canvas, t("tv.ready"), layout.TEXT_SMALL, GOLD, max_width=(foot.right - dots.right) // 2,
                            midright=(right, foot.centery)).left - 32
        tc.blit(canvas, t("tv.howto.skip"), layout.TEXT_SMALL, INK_DIM, max_width=right - dots.right - 24,
                midright=(right, foot.centery))

    def _draw_box(self, canvas: pygame.Surface) -> None:
        """Paint the how-to's box (the felt and its panel) around where its picture goes, from a copy made once."""
        box, pic = LOBBY.howto, LOBBY.howto_picture
        if self._box is None:
            self._box = padded(box.size, canvas)  # (copied back in strips: render.padded)
            self.ctx.background(self._box, box)
            panel(self._box, box.move(-box.x, -box.y), PANEL, GOLD, 3)
        for strip in (pygame.Rect(box.left, box.top, box.width, pic.top - box.top),
                      pygame.Rect(box.left, pic.bottom, box.width, box.bottom - pic.bottom),
                      pygame.Rect(box.left, pic.top, pic.left - box.left, pic.height),
                      pygame.Rect(pic.right, pic.top, box.right - pic.right, pic.height)):
            canvas.blit(self._box, strip, strip.move(-box.x, -box.y))

    def _copy_picture(self, canvas: pygame.Surface) -> None:
        """Copy the parts of the how-to's picture that changed since the last frame (and its frame line)."""
        howto = self.howto
        assert howto is not None
        pic = LOBBY.howto_picture
        picture = howto.picture(pic.size)
        damage = howto.damage
        if damage is None:
            canvas.blit(picture, pic)
        elif not damage:
            return
        else:
            for part in damage:
                canvas.blit(picture, part.move(pic.topleft), part)
        pygame.draw.rect(canvas, INK_DIM, pic, 2)

    def _draw_join(self, canvas: pygame.Surface) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        frame = LOBBY.qr.inflate(16, 16)
        pygame.draw.rect(canvas, (255, 255, 255), frame, border_radius=12)
        if self._qr is not None:
            canvas.blit(self._qr, LOBBY.qr)
        tc.blit(canvas, ctx.join_url, layout.TEXT_BODY, INK, max_width=LOBBY.url.width,
                midleft=(LOBBY.url.left, LOBBY.url.centery))
        code = f"{t('tv.code')}: {ctx.join_code or (ctx.model.table.get('join_code') or '')}"
        shadow_text(tc, canvas, code, layout.TEXT_HUGE, GOLD, midleft=(LOBBY.code.left, LOBBY.code.centery))
        blit_lines(tc, canvas, t("tv.join_hint"), layout.TEXT_SMALL, INK, LOBBY.hint)  # light ink: read from the couch
        notes = []
        if ctx.lan_warning:
            notes.append(t("tv.lan_warning"))
        if ctx.port_note:
            notes.append(ctx.port_note)
        if ctx.notice:
            notes.append(ctx.notice)
        if notes:
            blit_lines(tc, canvas, " ".join(notes), layout.TEXT_SMALL, WARN, LOBBY.warning)

    def board(self) -> dict[str, list[dict[str, Any]]] | None:
        """Return the household's board of the chosen game (leaders, last results), or None if nothing was kept."""
        return game_board(self.ctx.model.history, str(self.ctx.model.table.get("game") or ""))

    def _draw_players(self, canvas: pygame.Surface, beside_board: bool = False) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        table = ctx.model.table
        seats = list(table.get("seats") or ())
        watchers = table.get("watchers") or 0
        waiting = [str(name) for name in table.get("waiting") or ()]
        title = f"{t('seats.title')} ({len(seats)})"
        heading = LOBBY.players_heading(beside_board)
        room = heading.width
        # how many joined to play and wait for a seat (they are among the watchers); their names, in
        # the order they came, on the line under the seats when there is one
        note = t("tv.waiting_count", n=len(waiting)) if waiting else t("lobby.watchers", n=watchers) if watchers else ""
        if note:
            room -= tc.blit(canvas, note, layout.TEXT_SMALL, INK_DIM, max_width=heading.width // 2,
                            midright=(heading.right, heading.centery)).width + 16
        if waiting and seats and len(seats) < layout.MAX_SEATS:
            line = LOBBY.player_line(len(seats), beside_board)
            blit_lines(tc, canvas, t("lobby.waiting", names=", ".join(waiting)), layout.TEXT_SMALL, INK_DIM,
                       line.inflate(-48, -8))
        shadow_text(tc, canvas, title, layout.TEXT_LARGE, INK, max_width=room, midleft=(heading.left, heading.centery))
        if not seats:
            line = LOBBY.player_line(0, beside_board)
            tc.blit(canvas, t("tv.waiting_players"), layout.TEXT_BODY, INK_DIM, max_width=line.width - 24,
                    midleft=(line.left + 24, line.centery))
            return
        for i, seat in enumerate(seats[:layout.MAX_SEATS]):
            line = LOBBY.player_line(i, beside_board)
            connected = seat.get("connected", True)
            colour = parse_colour(seat.get("colour"))
            shown = colour if connected else grey_out(colour)
            panel(canvas, line, PANEL, shown, 4, 16)
            draw_symbol(canvas, str(seat.get("symbol")), (line.left + 50, line.centery), 52, shown)
            name, tags = str(seat.get("name", "")), self._seat_tags(seat)
            name_col = INK if connected else GREY
            if beside_board:  # the name over its tags, in the narrow column
                anchor = {"topleft": (line.left + 100, line.top + 3)} if tags else \
                    {"midleft": (line.left + 100, line.centery)}
                tc.blit(canvas, name, layout.TEXT_BODY, name_col, max_width=line.width - 120, **anchor)
                x = line.left + 100
                for text, col in tags:
                    x = tc.blit(canvas, text, SMALL_TAG, col, bottomleft=(x, line.bottom - 3)).right + 20
                continue
            tc.blit(canvas, name, layout.TEXT_LARGE, name_col, max_width=line.width - 420,
                    midleft=(line.left + 100, line.centery))
            x = line.right - 24
            for text, col in reversed(tags):
                r = tc.blit(canvas, text, layout.TEXT_SMALL, col, midright=(x, line.centery))
                x = r.left - 24

    def _seat_tags(self, seat: dict[str, Any]) -> list[tuple[str, tuple[int, int, int]]]:
        """Return the words after a player's name, with their colours: host, bot and its level (or kind), away."""
        t = self.ctx.texts
        tags = []
        if seat.get("host"):
            tags.append((t("seat.host"), GOLD))
        if seat.get("bot"):
            key = f"level.{seat['level']}" if seat.get("level") else f"tv.bot_kind.{seat['bot']}"
            label = t(key)
            tags.append((f"{t('seat.bot')} · {str(seat['bot']) if label == key else label}", INK_DIM))
        if seat.get("coached"):
            tags.append((t("coach.badge"), COACH))
        if not seat.get("connected", True):
            tags.append((t("seat.offline"), WARN))
        return tags

    def _draw_settings(self, canvas: pygame.Surface) -> None:
        ctx, t, tc = self.ctx, self.ctx.texts, self.ctx.tc
        table = ctx.model.table
        box = LOBBY.settings
        panel(canvas, box, PANEL, INK_DIM, 2)
        entry = game_entry(table)
        game = str(table.get("game") or "")
        tc.blit(canvas, game_name(t, game), layout.TEXT_LARGE, GOLD, topleft=(box.left + 28, box.top + 16))
        lo, hi = entry.get("min_players"), entry.get("max_players")
        if isinstance(lo, int) and isinstance(hi, int):
            tc.blit(canvas, t("tv.needs_players", min=lo, max=hi), layout.TEXT_SMALL, INK_DIM,
                    topright=(box.right - 28, box.top + 26))
        ready = None
        if self.ready():
            ready = tc.blit(canvas, t("tv.ready"), layout.TEXT_SMALL, GOLD,
                            bottomright=(box.right - 28, box.bottom - 12))
        self._draw_options(canvas, box, ready)

    def ready(self) -> bool:
        """Return True if the table's seats suit the chosen game (Enter starts it)."""
        entry = game_entry(self.ctx.model.table)
        lo, hi = entry.get("min_players"), entry.get("max_players")
        count = len(self.ctx.model.table.get("seats") or ())
        return isinstance(lo, int) and isinstance(hi, int) and lo <= count <= hi

    def option_texts(self) -> list[tuple[str, str]]:
        """Return each shown option as (name, 'Label: value'), in the order they are drawn."""
        values = self.ctx.model.table.get("options") or {}
        return [(o["name"], f"{self.option_label(o)}: {self.value_label(o, values.get(o['name'], o.get('default')))}")
                for o in self.shown_options()]

    def option_layout(self, box: pygame.Rect,
                      ready: pygame.Rect | None) -> tuple[int, list[tuple[str, str, pygame.Rect]]]:
        """Return the text size and each option's (name, text, rect), left to right and wrapping.

        The largest size at which every option stays inside the settings box and clear of the 'ready' note.
        """
        tc, texts = self.ctx.tc, self.option_texts()
        left, right, top = box.left + 28, box.right - 28, box.top + 70
        placed: list[tuple[str, str, pygame.Rect]] = []
        for size in range(layout.TEXT_BODY, MIN_OPTION_SIZE - 1, -2):
            step, x, y, placed = size + 6, left, top, []
            for name, text in texts:
                surf = tc.fit(text, size, right - left)
                rect = surf.get_rect(topleft=(x, y))
                if x > left and (rect.right > right or ready is not None and rect.colliderect(ready)):
                    rect.topleft = x, y = left, y + step
                placed.append((name, text, rect))
                x = rect.right + OPTION_GAP
            if all(r.bottom <= box.bottom - 6 and (ready is None or not r.colliderect(ready)) for _n, _t, r in placed):
                return size, placed
        return MIN_OPTION_SIZE, placed

    def _draw_options(self, canvas: pygame.Surface, box: pygame.Rect, ready: pygame.Rect | None) -> None:
        """Draw the options where `option_layout` puts them; underline the selected one."""
        size, placed = self.option_layout(box, ready)
        for name, text, rect in placed:
            chosen = name == self.selected
            r = self.ctx.tc.blit(canvas, text, size, GOLD if chosen else INK, max_width=box.width - 56,
                                 topleft=rect.topleft)
            if chosen:
                pygame.draw.line(canvas, GOLD, (r.left, r.bottom + 2), (r.right, r.bottom + 2), 3)


def build(game_id: str) -> list[Any]:
    """Return the game's how-to steps (game.howto.build: imported when a how-to first plays, so the
    lobby's first frame waits for no game engine)."""
    from game.howto import build as build_steps

    return build_steps(game_id)


def key_lines(tc: Any, parts: list[str], width: int) -> list[str]:
    """Return the keys line's parts ('Enter start', ...) joined into two lines of about equal width,
    or three when two would not fit `width` at the small text size (never a smaller text)."""
    sizes = [tc.width(part, layout.TEXT_SMALL) for part in parts]
    gap = tc.width(" · ", layout.TEXT_SMALL)

    def widest(cuts: tuple[int, ...]) -> int:
        bounds = (0, *cuts, len(parts))
        return max(sum(sizes[a:b]) + gap * (b - a - 1) for a, b in zip(bounds, bounds[1:]))

    n = len(parts)
    if n < 2:
        return [" · ".join(parts)]
    cuts = min(((k,) for k in range(1, n)), key=widest)
    if widest(cuts) > width and n >= 3:
        cuts = min(((i, j) for i in range(1, n - 1) for j in range(i + 1, n)), key=widest)
    bounds = (0, *cuts, n)
    return [" · ".join(parts[a:b]) for a, b in zip(bounds, bounds[1:])]


def _people(table: dict[str, Any]) -> int:
    """Return how many seats of `table` people hold (a bot's seat names its kind in `bot`)."""
    return sum(1 for s in table.get("seats") or () if isinstance(s, dict) and not s.get("bot"))


def _text_or(t: Any, key: str, fallback: str) -> str:
    """Return the text of `key`, or `fallback` when nobody wrote one."""
    return t(key) if t.has(key) else fallback


def next_value(spec: dict[str, Any], now: Any, step: int, wrap: bool = False) -> Any:
    """Return the value after (step 1) or before (step -1) `now` that the declaration allows.

    bool flips; choice walks its choices (wrapping only when asked); int walks its offered choices
    when it has some, else counts by one, within min..max. None when there is nothing to go to.
    """
    kind = spec.get("kind")
    if kind == "bool":
        return not now
    choices = list(spec.get("choices") or ())
    if kind == "choice":
        if not choices:
            return None
        i = choices.index(now) if now in choices else (-1 if step > 0 else 0)
        j = i + step
        if wrap:
            return choices[j % len(choices)]
        return choices[j] if 0 <= j < len(choices) else None
    if kind == "int":
        lo, hi = spec.get("min"), spec.get("max")
        current = now if isinstance(now, int) and not isinstance(now, bool) else spec.get("default", 0)
        ahead = sorted(c for c in choices if isinstance(c, int) and (c - current) * step > 0)
        value = (ahead[0] if step > 0 else ahead[-1]) if ahead else current + step
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            return None
        return value
    return None
