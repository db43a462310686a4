"""Cat in the Sack on the TV: its table scene, its part of the score screen (its texts: its locale files).

The platform finds this module by the game id (game.tv.games.screens_for) and uses `SCREENS`.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.tv.art import ArtCache
from game.tv.games.cat_in_the_sack.cards import CATS, card_labels, sack_art
from game.tv.games.cat_in_the_sack.moment import gone_face
from game.tv.games.cat_in_the_sack.sounds import SOUNDS
from game.tv.games import GameScreens, ResultsDetail
from game.tv.i18n import number
from game.tv.layout import RESULTS, RESULTS_CHART
from game.tv.scenes.base import Context
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE, MOUSE_CARD_SIZE
from game.tv.games.cat_in_the_sack.howto import INSETS as HOWTO_INSETS
from game.tv.games.cat_in_the_sack.table import MARKER_SIZE, MINI_CARD, SackTableScene

CARD_ASPECT = 0.71  # a card's width over its height
WON_GAP = 6  # between the won cards beside a name when they fit side by side


def won_card_size(height: int) -> tuple[int, int]:
    """Return the size of the won cards beside a name on a score screen line `height` tall."""
    return round(height * CARD_ASPECT), height


class SackDetail(ResultsDetail):
    """The cats and mice columns, cat points breaking a tie (F-SCORE-2), each seat's won cats beside its name."""

    def columns(self, texts: Callable[..., str]) -> list[str]:
        """Return the 'Cats' and 'Mice' headings."""
        return [texts("over.cats"), texts("over.mice")]

    def cells(self, detail: dict[str, Any], seat: int) -> list[str]:
        """Return the seat's cat points and mice."""
        score = _score(detail, seat)
        return [number(int(score.get("cats", 0))), number(int(score.get("mice", 0)))]

    def tie_key(self, detail: dict[str, Any], seat: int) -> tuple[Any, ...]:
        """Return more cat points first."""
        return (-int(_score(detail, seat).get("cats", 0)),)

    def note(self, texts: Callable[..., str], detail: dict[str, Any]) -> str | None:
        """Return the tie-break line when cat points decided the winner."""
        return texts("over.tie_break") if detail.get("tie_break") else None

    def draw_beside_name(self, ctx: Context, canvas: pygame.Surface, seat: int, x: int, y: int, height: int) -> None:
        """Draw the seat's won cats, highest first: the piles are turned up to count at the end (F-SCORE-1).

        They come from the outcome's detail (or, with open piles, the view). They fill the room up to the
        canvas's clip (before the Cats column), overlapping more as the pile grows; each card lies over the
        one before it, whose left edge with its value still shows.
        """
        cards = won_cards(ctx, seat)
        if not cards:
            return
        size = won_card_size(height)
        right = canvas.get_clip().right
        room = right - x - size[0]
        if room < 0:
            return
        step = min(size[0] + WON_GAP, room / (len(cards) - 1)) if len(cards) > 1 else 0
        art = sack_art(ctx)
        for i, card in enumerate(cards):
            face = art.counted_face(card, size)
            canvas.blit(face, face.get_rect(midleft=(x + round(i * step), y)))


def won_cards(ctx: Context, seat: int) -> list[int | str]:
    """Return the cards `seat` won as the score screen shows them: the outcome's, else the open piles' (sorted)."""
    detail = ctx.model.outcome.get("detail")
    score = _score(detail, seat) if isinstance(detail, dict) else {}
    if isinstance(score.get("won"), list):
        return [c for c in score["won"] if isinstance(c, (int, str))]
    seats = (ctx.model.view or {}).get("seats") or ()
    open_pile = seats[seat].get("won_cards") if 0 <= seat < len(seats) and isinstance(seats[seat], dict) else None
    cards = [c for c in open_pile or () if isinstance(c, (int, str))]
    return sorted(cards, key=lambda c: c if isinstance(c, int) else 0, reverse=True)


def _score(detail: dict[str, Any], seat: int) -> dict[str, Any]:
    for s in detail.get("scores") or ():
        if isinstance(s, dict) and s.get("seat") == seat:
            return s
    return {}


def prepare(ctx: Context) -> list[Callable[[], object]]:
    """Name the dogs on their cards in the TV's language; return the card art to draw ahead."""
    art = sack_art(ctx)
    art.labels.update(card_labels(ctx.texts))
    gone = ArtCache.jobs([(gone_face, (art, card)) for card in [*CATS, "rabbit", "big_dog", "small_dog"]])
    won = [won_card_size(lay.line(0).height - 8) for lay in (RESULTS, RESULTS_CHART)]  # as results.py gives
    counted = ArtCache.jobs([(art.counted_face, (card, size)) for size in won for card in [*CATS, "rabbit"]])
    return art.warm_jobs([CARD_SIZE, MINI_CARD, MARKER_SIZE], MOUSE_CARD_SIZE) + counted + gone


def check_view(view: dict[str, Any]) -> str | None:
    """Return why a view is not public (a face-down row card shown, a row card marked as own), else None."""
    for rc in view.get("row") or ():
        if isinstance(rc, dict) and not rc.get("face_up") and rc.get("card") is not None:
            return "a face-down row card is shown"
        if isinstance(rc, dict) and rc.get("mine"):
            return "a row card is marked as someone's own"
    return None


SCREENS = GameScreens(table_scene=SackTableScene, detail=SackDetail(), prepare=prepare, sounds=SOUNDS,
                      private_view_keys=frozenset({"hand", "mice", "won_pile", "chosen_card"}),
                      private_event_types=frozenset({"my_card_chosen"}), check_view=check_view,
                      howto_insets=HOWTO_INSETS)
