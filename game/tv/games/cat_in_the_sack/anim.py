"""Cat in the Sack animations and news: built from an update's public events, drawn over the table.

The table scene draws the latest view at rest; this module only adds short moving pictures on
top (a card flips, mice slide, bids pop, the dog chases a cat, the winner collects the row, the
start marker moves) and hides the resting picture of a row slot while its card is in motion.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.tv import layout
from game.tv.anim import Timeline, ease_in_out, ease_out, hop, lerp
from game.tv.games.cat_in_the_sack.cards import CardArt
from game.tv.i18n import Texts
from game.tv.render import GOLD, INK_DARK, TextCache, panel
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE, SACK
from game.tv.games.cat_in_the_sack.sounds import BARK, COIN, MEOW
from game.tv.scenes.base import Animator
from game.tv.sound import Sfx

Point = tuple[float, float]
CHASE_SECONDS = 1.0
COLLECT_SECONDS = 1.1
BANK_POINT: Point = (SACK.bank.centerx, SACK.bank.centery)


def card_name(t: Texts, card: int | str | None) -> str:
    """Return a card's name in the TV's language: '11 cat', 'rabbit', 'big dog'."""
    if isinstance(card, int) and not isinstance(card, bool):
        return t("card.in_text.cat", value=card)
    return t(f"card.in_text.{card}")


def row_len_for(view: dict[str, Any]) -> int:
    """Return how many cards the row holds (laid or about to be) for this view's player count."""
    row = view.get("row") or ()
    if row:
        return len(row)
    players = int(view.get("players") or 4)
    return players + 1 if players == 3 else players


class SackAnimator(Animator):
    """Turns each update's events into timed animations and news lines; draws them on request.

    It draws with the game's card art, the TV's text cache and the table's start marker painter.
    """

    def __init__(self, texts: Texts, name_of: Callable[[int | None], str], art: CardArt, tc: TextCache,
                 draw_marker: Callable[[pygame.Surface, Point], pygame.Rect]) -> None:
        self.texts = texts
        self.name_of = name_of
        self.art, self.tc, self.draw_marker = art, tc, draw_marker
        self.timeline = Timeline()

    def reset(self) -> None:
        """Forget every animation and news line (a fresh table)."""
        self.timeline.clear()

    @property
    def news(self) -> str:
        """Return the news line: what the latest event shown so far did."""
        return self.timeline.caption

    # ---------------------------------------------------------------- building

    def start(self, update: dict[str, Any], previous: dict[str, Any] | None) -> None:
        """Schedule the animations and news lines of `update`'s events (previous: the update before)."""
        view = update.get("view") or {}
        prev_view = (previous or {}).get("view") or {}
        players = int(view.get("players") or 4)
        events = [e for e in update.get("events") or () if isinstance(e, dict)]
        tl, t = self.timeline, self.texts
        # this update's pictures follow the previous update's, which hurry up if they are not done (anim.Timeline)
        at = tl.open_beat()
        # the row as it lay before this update, with this batch's turned cards filled in
        snapshot = [dict(rc) for rc in prev_view.get("row") or ()]
        for ev in events:
            if ev.get("type") == "card_revealed" and isinstance(ev.get("index"), int) \
                    and 0 <= ev["index"] < len(snapshot):
                snapshot[ev["index"]]["card"] = ev.get("card")
                snapshot[ev["index"]]["face_up"] = True
        row_len = row_len_for(view) if view.get("row") else (len(snapshot) or row_len_for(view))
        won = next((e for e in events if e.get("type") in ("sack_won", "round_void")), None)
        # a round's outcome the table holds for is shown by the scene's moment panel (moment.py), not flown here
        moment = update.get("moment")
        held = bool(won) and isinstance(moment, dict) and moment.get("since") == update.get("version") \
            and moment.get("kind") in ("sack", "void")
        collect_scheduled = False
        for ev in events:
            kind = ev.get("type")
            seat = ev.get("seat")
            if kind == "card_chosen" and isinstance(seat, int):
                tl.add("chosen", at, 0.4, Sfx.PLAY, seat=seat, players=players)
                tl.say(at, t("tv.ev.card_chosen", name=self.name_of(seat)))
            elif kind == "row_laid":
                owners = ev.get("owners") or []
                for k, owner in enumerate(owners):
                    src = (SACK.seat(owner, players).center if isinstance(owner, int)
                           else SACK.row_slot(0, len(owners)).center)
                    tl.add("lay", at + 0.1 * k, 0.45, Sfx.PLAY if k == 0 else None, index=k, src=src,
                           dst=SACK.row_slot(k + 1, len(owners)).center)
                tl.say(at, t("tv.ev.row_laid"))
                at += 0.1 * len(owners) + 0.45
            elif kind == "card_revealed" and not won:
                index = ev.get("index")
                if isinstance(index, int):
                    tl.add("flip", at, 0.45, Sfx.PLAY, index=index, card=ev.get("card"),
                           rect=SACK.row_slot(index + 1, row_len))
                    tl.say(at, t("tv.ev.card_revealed", card=card_name(t, ev.get("card"))))
                    at += 0.2
            elif kind == "bid" and isinstance(seat, int):
                spot = SACK.bid_spot(seat, players)
                tl.add("coins", at, 0.45, None, src=SACK.seat(seat, players).center, dst=spot.center, count=3)
                tl.add("pop", at + 0.3, 0.7, Sfx.CALL, seat=seat, text=str(ev.get("total")), at=spot.center)
                tl.say(at, t("tv.ev.bid", name=self.name_of(seat), total=ev.get("total")))
                at += 0.3
            elif kind == "passed" and isinstance(seat, int):
                dst = SACK.seat(seat, players).center
                returned, took = int(ev.get("returned") or 0), int(ev.get("took") or 0)
                if returned and not held:
                    tl.add("coins", at, 0.5, None, src=SACK.bid_spot(seat, players).center, dst=dst,
                           count=min(returned, 8))
                mouse_cards = [m[0] for m in view.get("mouse_cards") or ()]
                if took and ev.get("mouse_card") in mouse_cards:
                    i = mouse_cards.index(ev["mouse_card"])
                    src = SACK.mouse_card(i, len(mouse_cards)).center
                    if not held:
                        tl.add("coins", at, 0.75, COIN, src=src, dst=dst, count=min(took, 8), label=f"+{took}")
                    tl.say(at, t("tv.ev.passed", name=self.name_of(seat), took=took))
                elif not any(e.get("type") == "round_void" for e in events):
                    tl.say(at, t("tv.ev.passed_nothing", name=self.name_of(seat)))
                at += 0.35
            elif kind == "offer" and isinstance(seat, int):
                tl.say(at, t("tv.ev.offer", name=self.name_of(seat)))
            elif kind in ("dogs", "sack_won", "round_void") and not collect_scheduled:
                collect_scheduled = True
                at = self._say_outcome(events, at) if held else self._collect(events, snapshot, players, at)
            elif kind == "start_player" and isinstance(seat, int):
                old = prev_view.get("start_player")
                if isinstance(old, int) and old != seat:
                    tl.add("marker", at, 0.7, None, src=SACK.marker(old, players),
                           dst=SACK.marker(seat, players))
                at += 0.2
            elif kind == "round_started":
                if ev.get("refill") == "filled" and not held:
                    cards = ev.get("mouse_cards") or []
                    for i, mc in enumerate(cards):
                        tl.add("coins", at + 0.12 * i, 0.6, COIN if i == 0 else None, src=BANK_POINT,
                               dst=SACK.mouse_card(i, len(cards)).center, count=min(int(mc[0]), 6))
                key = f"tv.ev.round_started.{ev.get('refill')}"
                tl.say(at, t(key, n=ev.get("round")))
            elif kind == "game_over":  # the score screen plays the fanfare
                tl.say(at, t("tv.ev.game_over"))
        tl.close_beat()

    def _say_outcome(self, events: list[dict[str, Any]], at: float) -> float:
        """Say who won the sack (or that the round is void) for after the moment; the moment panel shows it."""
        won = next((e for e in events if e.get("type") == "sack_won"), None)
        if won:
            self.timeline.say(at, self.texts("tv.ev.sack_won", name=self.name_of(won.get("seat")),
                                             paid=won.get("paid"), value=won.get("value")))
        elif any(e.get("type") == "round_void" for e in events):
            self.timeline.say(at, self.texts("tv.ev.round_void"))
        return at

    def _collect(self, events: list[dict[str, Any]], snapshot: list[dict[str, Any]], players: int,
                 at: float) -> float:
        """Schedule the dogs' chase and the row going to its winner (or out of the game); return the new cursor."""
        t, tl = self.texts, self.timeline
        dogs_ev = next((e for e in events if e.get("type") == "dogs"), None)
        won = next((e for e in events if e.get("type") == "sack_won"), None)
        void = next((e for e in events if e.get("type") == "round_void"), None)
        if not snapshot and void:
            snapshot = [{"card": c, "face_up": True} for c in void.get("cards") or ()]
        if not snapshot and won:
            cards = list(won.get("cards") or ())
            if dogs_ev:
                cards += list(dogs_ev.get("dogs") or ())
                if dogs_ev.get("chased") is not None:
                    cards.append(dogs_ev["chased"])
            snapshot = [{"card": c, "face_up": True} for c in cards]
        n = len(snapshot)
        slots = [SACK.row_slot(i + 1, n) for i in range(n)]
        cards = [(rc.get("card") if rc.get("face_up") or rc.get("card") is not None else None) for rc in snapshot]
        dog_idx: list[int] = []
        chased_idx: int | None = None
        if dogs_ev:
            for d in dogs_ev.get("dogs") or ():
                i = next((k for k, c in enumerate(cards) if c == d and k not in dog_idx), None)
                if i is not None:
                    dog_idx.append(i)
            chased = dogs_ev.get("chased")
            if chased is not None:
                chased_idx = next((k for k, c in enumerate(cards) if c == chased and k not in dog_idx), None)
            if chased is not None:
                tl.say(at, t("tv.ev.dogs_chase", dog=card_name(t, dogs_ev["dogs"][0]), card=card_name(t, chased)))
            elif len(dog_idx) >= 2:
                tl.say(at, t("ev.dogs_fight"))
        chase = CHASE_SECONDS if (chased_idx is not None or len(dog_idx) >= 2) else 0.0
        winner = won.get("seat") if won else None
        dst = SACK.seat(winner, players).center if isinstance(winner, int) else None
        tl.add("collect", at, chase + COLLECT_SECONDS, BARK if chase else None, cards=cards, slots=slots,
               dogs=dog_idx, chased=chased_idx, chase_share=chase / (chase + COLLECT_SECONDS), dst=dst)
        if won:
            tl.add("sound", at + chase, 0.1, MEOW if int(won.get("value") or 0) >= 0 else BARK)
            tl.say(at + chase, t("tv.ev.sack_won", name=self.name_of(winner), paid=won.get("paid"),
                                    value=won.get("value")))
        elif void:
            tl.say(at + chase, t("tv.ev.round_void"))
        return at + chase + COLLECT_SECONDS

    # ---------------------------------------------------------------- time

    def update(self, dt: float) -> list[str]:
        """Advance the animations and the news line; return the sounds that start now."""
        return self.timeline.advance(dt)

    @property
    def running(self) -> bool:
        """Return True while an animation or a news line is still to come."""
        return self.timeline.busy

    # ---------------------------------------------------------------- queries for the resting picture

    def hides_slot(self, index: int) -> bool:
        """Return True if row card `index` is in motion (the table must not draw it at rest)."""
        return any(a.data.get("index") == index for a in self.timeline.pending("lay")) or \
            any(a.data.get("index") == index for a in self.timeline.pending("flip"))

    def hides_row(self) -> bool:
        """Return True while a previous row is being collected (drawn here, not by the table)."""
        return bool(self.timeline.pending("collect"))

    def moving_marker(self) -> bool:
        """Return True while the start marker is travelling."""
        return bool(self.timeline.pending("marker"))

    def rest_state(self) -> tuple[bool, frozenset[int], bool]:
        """Return what the resting table leaves to the animations now: the row, which row cards, the marker."""
        hidden = frozenset(a.data.get("index") for kind in ("lay", "flip") for a in self.timeline.pending(kind))
        return self.hides_row(), hidden, self.moving_marker()

    def pop_scale(self, seat: int) -> float:
        """Return how much seat's bid is swollen right now (1.0 at rest)."""
        for a, p in self.timeline.running("pop"):
            if a.data.get("seat") == seat:
                return 1.0 + 0.5 * (1 - p) * (1 if p > 0.1 else p * 10)
        return 1.0

    # ---------------------------------------------------------------- drawing (reads only)

    def draw(self, canvas: pygame.Surface, row: bool = True) -> list[pygame.Rect]:
        """Draw every running animation over the table (with `row` False, none of the row's: a moment's panel
        lies over it); return where it painted."""
        art, tc, draw_marker = self.art, self.tc, self.draw_marker
        tl = self.timeline
        painted: list[pygame.Rect] = []
        for a in tl.pending("collect") if row else ():
            painted += self._draw_collect(canvas, art, a.data, a.progress(tl.now))
        for a in tl.pending("lay") if row else ():
            p = a.progress(tl.now)
            if p < 0:
                continue
            pos = hop(a.data["src"], a.data["dst"], ease_out(p), 80)
            scale = 0.5 + 0.5 * ease_out(p)
            painted.append(_blit_scaled(canvas, art.face("back", CARD_SIZE), pos, scale, 1.0))
        for a in tl.pending("flip") if row else ():
            p = min(1.0, max(0.0, a.progress(tl.now)))  # waiting to flip: the back, at rest size
            rect = a.data["rect"]
            if p < 0.5:
                face, sx = art.face("back", CARD_SIZE), 1 - 2 * p
            else:
                face, sx = art.face(a.data["card"], CARD_SIZE), 2 * p - 1
            painted.append(_blit_scaled(canvas, face, rect.center, 1.0 + 0.12 * (1 - abs(2 * p - 1)), max(0.04, sx)))
        for a, p in tl.running("coins"):
            painted += self._draw_coins(canvas, tc, art.coin(16), a.data, p)
        for a, p in tl.running("pop"):
            x, y = a.data["at"]  # the bid itself swells (pop_scale); a ring spreads from it
            r = int(30 + 80 * ease_out(p))
            painted.append(pygame.draw.circle(canvas, GOLD, (int(x), int(y)), r, max(1, int(8 * (1 - p)))))
        for a, p in tl.running("chosen"):
            spot = SACK.bid_spot(a.data["seat"], a.data["players"])
            painted.append(_blit_scaled(canvas, art.face("back", CARD_SIZE), spot.center,
                                        0.3 + 0.25 * (1 - ease_out(p)), 1.0))
        for a in tl.pending("marker"):
            p = max(0.0, a.progress(tl.now))
            pos = hop(a.data["src"], a.data["dst"], ease_in_out(p), 160)
            painted.append(draw_marker(canvas, pos))
        return painted

    def _draw_coins(self, canvas: pygame.Surface, tc: TextCache, coin: pygame.Surface, data: dict[str, Any],
                    p: float) -> list[pygame.Rect]:
        painted: list[pygame.Rect] = []
        count = int(data.get("count") or 1)
        for k in range(count):
            q = min(1.0, max(0.0, p * 1.4 - k * 0.4 / max(1, count)))
            if 0 < q < 1:
                x, y = hop(data["src"], data["dst"], ease_in_out(q), 90)
                painted.append(canvas.blit(coin, coin.get_rect(center=(int(x), int(y)))))
        if data.get("label") and p > 0.6:  # '+6' on a dark pill: readable over the coins and the seat's name
            x, y = data["dst"]
            label = tc.render(data["label"], layout.TEXT_LARGE, GOLD)
            rect = label.get_rect(center=(int(x), int(y - 80 - 30 * (p - 0.6))))
            panel(canvas, rect.inflate(28, 8), INK_DARK, GOLD, 2, 20)
            canvas.blit(label, rect)
            painted.append(rect.inflate(28, 8))
        return painted

    def _draw_collect(self, canvas: pygame.Surface, art: CardArt, data: dict[str, Any], p: float) -> list[pygame.Rect]:
        painted: list[pygame.Rect] = []
        share = data["chase_share"]
        cards, slots = data["cards"], data["slots"]
        dogs, chased = data["dogs"], data["chased"]
        leaving = set(dogs) | ({chased} if chased is not None else set())
        if share <= 0:
            leaving = set()
        q_chase = min(1.0, max(0.0, p / share)) if share > 0 else 1.0
        q_collect = min(1.0, max(0.0, (p - share) / (1 - share))) if share < 1 else 1.0
        # the row first, then the chased cat, then the dogs on top of it
        order = [i for i in range(len(cards)) if i not in leaving]
        order += [i for i in range(len(cards)) if i in leaving and i not in dogs] + [i for i in dogs if i in leaving]
        for i in order:
            card = cards[i]
            face = art.face(card if card is not None else "back", CARD_SIZE)
            home = slots[i].center
            if i in leaving:
                if q_chase >= 1:
                    continue
                target = slots[chased].center if chased is not None else slots[dogs[0]].center
                landing = (target[0] - 70, target[1] + 20)  # the dog lands just behind its prey
                off_x = layout.CANVAS[0] + CARD_SIZE[0]
                if i in dogs:
                    if q_chase < 0.45:
                        pos = hop(home, landing, ease_out(q_chase / 0.45), 120)
                    else:
                        run = ease_in_out((q_chase - 0.45) / 0.55)
                        pos = lerp(landing, (off_x + 60 * dogs.index(i), landing[1] - 40), run * 0.92)
                elif q_chase < 0.45:
                    pos = (home[0] + 10 * ((int(q_chase * 40) % 2) * 2 - 1), home[1])  # the cat trembles
                else:
                    run = ease_in_out((q_chase - 0.45) / 0.55)
                    pos = lerp(home, (off_x + 400, home[1] - 60), run)
                painted.append(_blit_scaled(canvas, face, pos, 1.0, 1.0))
                continue
            if p < 0 or q_collect <= 0:
                painted.append(canvas.blit(face, face.get_rect(center=home)))
                continue
            e = ease_in_out(q_collect)
            if data["dst"] is None:  # void round: the row drops off the table
                pos, scale = (home[0], home[1] + 500 * e * e), 1.0 - 0.6 * e
            else:
                pos, scale = lerp(home, data["dst"], e), 1.0 - 0.75 * e
            if q_collect < 1:
                painted.append(_blit_scaled(canvas, face, pos, scale, 1.0))
        return painted


def _blit_scaled(canvas: pygame.Surface, surf: pygame.Surface, center: Point, scale: float, sx: float) -> pygame.Rect:
    w, h = surf.get_size()
    size = (max(1, int(w * scale * sx)), max(1, int(h * scale)))
    img = surf if size == (w, h) else pygame.transform.scale(surf, size)
    return canvas.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))

