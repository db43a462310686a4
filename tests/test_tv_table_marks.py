"""What the table says about each thing on it: the mice lying on a mouse card, the dogs' names, whose bid is whose."""

from __future__ import annotations

import os

import pygame
import pytest

from game.tv import layout
from game.tv.app import TvApp
from game.tv.games.cat_in_the_sack.cards import BLUE_INK, LABELLED, CardArt, label_font, sack_art
from game.tv.i18n import LANGS
from game.tv.render import GOLD, GREY, INK, INK_DARK, INK_DIM, parse_colour
from game.tv.games.cat_in_the_sack.layout import CARD_SIZE, SACK
from tests.tv_fixtures import FakeServer, game_updates, json_round_trip

SHOTS = "/tmp/shots-tv"
Colour = tuple[int, int, int]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    os.makedirs(SHOTS, exist_ok=True)  # (the pictures are for a person to look at)
    pygame.display.init()
    pygame.font.init()
    yield


def shown(u: dict, players: int = 4, lang: str = "en") -> tuple[TvApp, pygame.Surface]:
    """Return a TV at rest on update `u` (after its lobby), and its picture."""
    server = FakeServer([game_updates(players, seed=1)[0], u])
    app = TvApp(server, lang=lang)
    for _ in range(80):
        app.tick(0.1)
    canvas = pygame.Surface(layout.CANVAS)
    app.draw(canvas)
    return app, canvas


def colours(canvas: pygame.Surface, rect: pygame.Rect) -> set[Colour]:
    return {tuple(canvas.get_at((x, y)))[:3] for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)}


def rendered(app: TvApp, text: str, size: int, colour: Colour) -> bool:
    """Return True if the scene had the text cache render `text` (at `size`, in `colour`)."""
    return (text, size, colour) in app.ctx.tc._cache


def test_the_mice_on_a_mouse_card_are_a_counted_pile_under_its_value() -> None:
    u = json_round_trip(next(u for u in game_updates(4, seed=4) if u["view"] and u["view"]["phase"] == "auction"
                             and len({bool(m) for _v, m in u["view"]["mouse_cards"]}) == 2))
    cards = u["view"]["mouse_cards"]  # some cards with mice on them, some empty
    app, canvas = shown(u)
    pygame.image.save(canvas, f"{SHOTS}/mouse_piles.png")
    for i, (value, mice) in enumerate(cards):
        tray = SACK.mouse_pile(i, len(cards))
        card = SACK.mouse_card(i, len(cards))
        assert card.contains(tray) and tray.top > card.top + card.height // 2  # under the card's own value
        seen = colours(canvas, tray.inflate(-8, -8))
        ink = INK if mice else INK_DIM
        assert INK_DARK in seen and ink in seen, f"card {value}: no dark tray with its count in light ink"
        assert rendered(app, f"×{mice}", layout.TEXT_LARGE, ink)
        assert (GOLD in seen) is bool(mice), f"card {value}: coins drawn for {mice} mice"
        # the count no longer repeats the card's value in gold on beige
        assert not rendered(app, str(mice), layout.TEXT_HUGE, GOLD)


@pytest.mark.parametrize("lang", LANGS)
def test_the_dogs_say_big_dog_and_small_dog_on_the_card(lang: str) -> None:
    ups = game_updates(4, seed=4)
    u = json_round_trip(next(u for u in ups if u["view"] and any(
        rc["face_up"] and rc["card"] in LABELLED for rc in u["view"]["row"])))
    app, canvas = shown(u, lang=lang)
    row = u["view"]["row"]
    band = pygame.Rect(10, int(CARD_SIZE[1] * 0.76), CARD_SIZE[0] - 20, int(CARD_SIZE[1] * 0.14))  # above the owner
    dogs = [(i, rc["card"]) for i, rc in enumerate(row) if rc["face_up"] and rc["card"] in LABELLED]
    assert dogs
    for i, card in dogs:
        slot = SACK.row_slot(i + 1, len(row))
        expected = pygame.Surface(CARD_SIZE)
        expected.blit(canvas, (0, 0), slot)
        expected.blit(sack_art(app.ctx).face(card, CARD_SIZE), (0, 0))
        drawn = canvas.subsurface(slot)
        assert pygame.image.tobytes(drawn.subsurface(band), "RGB") == \
            pygame.image.tobytes(expected.subsurface(band), "RGB"), "the table does not show the named card"
        named = pygame.mask.from_threshold(drawn.subsurface(band), (*BLUE_INK, 255), (40, 40, 40, 255))
        bare = pygame.mask.from_threshold(CardArt().face(card, CARD_SIZE).subsurface(band), (*BLUE_INK, 255),
                                          (40, 40, 40, 255))
        assert named.count() > 150 and bare.count() == 0, "no name written on the dog"
        ink = named.get_bounding_rects()
        assert min(r.left for r in ink) > 0 and max(r.right for r in ink) < band.width, "the name runs off the card"
    t = app.ctx.texts  # with the game's texts added
    for card in LABELLED:  # every name fits its card at a size readable from the couch
        text = t(f"card.in_text.{card}")
        assert text != f"card.in_text.{card}"
        font = label_font(text, int(CARD_SIZE[0] * 2 * 0.86), int(CARD_SIZE[1] * 2 * 0.12))
        assert font.size(text)[0] <= CARD_SIZE[0] * 2 * 0.86 and font.get_height() >= 40, text


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_bid_and_pass_sits_on_a_tab_joined_to_its_own_seat_panel(players: int) -> None:
    ups = game_updates(players, seed=9)
    u = json_round_trip(next(u for u in ups if u["view"] and u["view"]["phase"] == "auction"
                             and any(s["passed"] for s in u["view"]["seats"])
                             and any(s["bid"] and not s["passed"] for s in u["view"]["seats"])))
    app, canvas = shown(u, players)
    pygame.image.save(canvas, f"{SHOTS}/bids_{players}p.png")
    for s in u["view"]["seats"]:
        seat = SACK.seat(s["seat"], players)
        tab = SACK.bid_spot(s["seat"], players)
        assert seat.left <= tab.left and tab.right <= seat.right and tab.centerx == seat.centerx
        assert tab.bottom > seat.top >= tab.bottom - 20, "the tab is not joined to its panel"
        assert not any(SACK.row_slot(k, players + 1).colliderect(tab) for k in range(players + 2))
        edge = colours(canvas, pygame.Rect(tab.left + 30, tab.top, tab.width - 60, 3))
        colour = parse_colour(app.model.seat_info(s["seat"]).get("colour"))
        if s["passed"]:
            assert GREY in edge and rendered(app, app.ctx.texts("seat.passed"), layout.TEXT_BODY, INK)
        elif s["bid"]:
            assert colour in edge, "the bid's tab is not framed in its seat's colour"
            assert colours(canvas, SACK.bid_label(s["seat"], players)) & {GOLD, INK_DIM}, "no total on the tab"
        else:
            assert not edge & {colour, GREY}, "a tab with nothing on it"
