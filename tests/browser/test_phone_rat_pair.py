"""Two emulated phones play a whole one-round game of Rat-a-Tat Cat through the page, with no bot: the look, a Swap
(one of mine with one of the other player's), a Peek that finds the swapped card, a Draw 2 step by step, a knock
and the other player's last turn; each phone tells the other's moves in words, in its own language."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.phones import Phone, assert_accessible, assert_on_screen, assert_touch_targets, at_top
from tests.browser.rat import (
    SHOTS,
    NUMBER,
    assert_names_say_what_is_shown,
    card_button,
    face_of,
    move_names,
    moves,
    my_card_names,
    open_rat_table,
    rig_deals,
    said,
)

pytestmark = pytest.mark.browser

WAIT_S = 20  # a safety net against a stuck game, not a speed assertion
SEEN_MS = 15000  # a safety net (a loaded CI machine), not a speed assertion
# The round's turns, whoever starts: 1st player a Swap; 2nd a Peek; 1st a Draw 2 (discards the first card, places
# the second) and knocks; 2nd's last turn places a number. Every line is dealt number cards.
PLAN = ("swap", "peek", "draw2", NUMBER, NUMBER, NUMBER)


@pytest.fixture
def rigged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rig the deal: number cards in the lines, the plan's cards on top of the pile."""
    rig_deals(monkeypatch, lambda order: PLAN, number_lines=True)


def _shot(phone: Phone, name: str) -> None:
    """Save what the phone shows (the whole screen, from the top) and check its controls and axe."""
    at_top(phone.page)
    phone.page.screenshot(path=str(SHOTS / f"pair-{phone.name.lower()}-{name}.png"), full_page=True, scale="css")
    assert_touch_targets(phone.page, f"{phone.name}: {name}")
    assert_names_say_what_is_shown(phone, f"{phone.name}: {name}")
    assert_accessible(phone.page, f"{phone.name}: {name}")


def _wait(what: str, ready: Any) -> None:
    deadline = time.monotonic() + WAIT_S
    while not ready():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.04)


def _told(phone: Phone, key: str, **params: Any) -> None:
    """Wait until the phone's "what happened" lines hold the locale line `key` with `params`."""
    phone.page.locator(".log-lines li").filter(has_text=said(phone, key, **params)).first.wait_for(timeout=SEEN_MS)


def _status(phone: Phone, key: str, **params: Any) -> None:
    """Wait until the phone's status line reads `key` with `params`."""
    phone.page.locator(".status-text").filter(has_text=said(phone, key, **params)).wait_for(timeout=SEEN_MS)


def _draw(phone: Phone, power_key: str) -> None:
    """Draw from the pile and wait until the drawn card (a power, `power_key`) is in my hand."""
    phone.button("rt.draw.pile").click()
    drawn = phone.t["rt.drawn.label"].replace("{card}", phone.t[power_key])
    phone.page.get_by_role("img", name=drawn, exact=True).wait_for(timeout=SEEN_MS)


def _held_number(phone: Phone) -> str:
    """Wait for a number card in my hand and return it."""
    held = phone.page.get_by_role("img", name=said(phone, "rt.drawn.label"))
    held.wait_for(timeout=SEEN_MS)
    card = held.get_attribute("aria-label") or ""
    before = phone.t["rt.drawn.label"].split("{card}")[0]
    value = card[len(before):].rstrip(".")
    assert value.isdigit(), f"the rigged pile gives a number here, not {card}"
    return value


def test_two_phones_play_a_whole_round_with_every_power_and_a_knock(pw_browser: Any, server: Any,
                                                                     rigged: None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "en-GB", "en", "Ana")
    bea = Phone(pw, browser, "iPhone 13", "fr-FR", "fr", "Bea")
    phones = (ana, bea)
    for p in phones:
        p.page.set_viewport_size({"width": 360, "height": 640})
        p.page.set_default_timeout(SEEN_MS)
    try:
        ana.join(server.join_url)
        bea.join(server.join_url)
        open_rat_table(ana, rounds=1)
        ana.page.get_by_role("listitem").filter(has_text="Bea").first.wait_for()
        ana.button("host.start").click()

        # The look: each phone shows me my cards 1 and 4 (and not 2 and 3) until I have memorised them.
        looked: dict[str, list[str]] = {}
        for p in phones:
            p.button("rt.look.done").wait_for()
            names = my_card_names(p)
            looked[p.name] = [face_of(p, pos, name) for pos, name in enumerate(names, 1)]
            assert looked[p.name][0].isdigit() and looked[p.name][3].isdigit(), names
            assert looked[p.name][1:3] == ["", ""], f"{p.name} sees only cards 1 and 4 at the look: {names}"
            _shot(p, "look")
        for p in phones:
            p.button("rt.look.done").click()
        _wait("a first turn", lambda: any(p.button("rt.draw.pile").count() for p in phones))
        first, second = phones if ana.button("rt.draw.pile").count() else phones[::-1]
        for p in phones:
            assert all(not face_of(p, i, n) for i, n in enumerate(my_card_names(p), 1)), "the look is over"
        _status(second, "rt.status.turn", name=first.name)
        _shot(first, "my-turn")
        _shot(second, "their-turn")

        # 1st turn: a Swap, my card 1 with the other player's card 4.
        _draw(first, "rt.card.swap")
        choices = move_names(first)
        assert first.t["rt.power.swap"] in choices and first.t["rt.drawn.discard"] in choices, choices
        assert sum(1 for c in choices if said(first, "rt.replace.this").match(c.split(" (")[0])) == 4, choices
        _shot(first, "drew-swap")
        first.button("rt.power.swap").click()
        card_button(first, "rt.swap.mine", pos=1).click()
        theirs = first.page.get_by_role("button", name=said(first, "rt.swap.theirs", name=second.name, pos=4))
        theirs.wait_for()
        _shot(first, "swap-theirs")
        # Two players: the second tap's whole screen fits on a 360x640 phone, "Don't swap" and "Back" too.
        assert_on_screen(first.page, first.page.locator(".seats button, ul[data-moves] button"), "the cards to swap")
        assert_on_screen(first.page, moves(first), "Don't swap and Back")
        assert_on_screen(first.page, first.page.get_by_role("img", name=said(first, "rt.drawn.label")), "the Swap")
        theirs.click()
        _told(first, "rt.ev.you_swapped", pos=1, other=second.name, opos=4)
        _told(second, "rt.ev.swapped_yours", name=first.name, pos=1, opos=4)
        _shot(second, "was-swapped")

        # 2nd turn: a Peek at my card 4 shows the card the other player had as their card 1 (the swap's word kept).
        second.button("rt.draw.pile").wait_for(timeout=SEEN_MS)
        # The live region says "your turn" to the player whose turn it is, and only to them.
        second.page.wait_for_function("(text) => document.getElementById('live').textContent === text",
                                      arg=second.t["turn.yours"])
        first.page.wait_for_function("(text) => !['', text].includes(document.getElementById('live').textContent)",
                                     arg=first.t["turn.yours"])
        _draw(second, "rt.card.peek")
        second.button("rt.power.peek").click()
        card_button(second, "rt.peek.this", pos=4).click()
        second.page.get_by_text(second.t["rt.peek.shown"].replace("{pos}", "4")).wait_for()
        peeked = [face_of(second, pos, name) for pos, name in enumerate(my_card_names(second), 1)]
        assert peeked == ["", "", "", looked[first.name][0]], f"my card 4 is now {first.name}'s card 1: {peeked}"
        _told(first, "rt.ev.peeked", name=second.name, pos=4)
        # Everybody has had a turn: I may knock, or not.
        assert move_names(second) == [second.t["rt.end.turn"], second.t["rt.end.knock"]]
        _shot(second, "peeked")
        second.button("rt.end.turn").click()
        _wait("the peeked card turns face down", lambda: not any(face_of(second, i, n)
                                                              for i, n in enumerate(my_card_names(second), 1)))

        # 3rd turn: a Draw 2, which says which step I am on; the first card discarded, the second placed; a knock.
        first.button("rt.draw.pile").wait_for(timeout=SEEN_MS)
        _draw(first, "rt.card.draw2")
        first.button("rt.power.draw2").click()
        first.page.get_by_text(first.t["rt.draw2.step1"]).wait_for()
        steps = move_names(first)
        assert len(steps) == 1 and said(first, "rt.draw.pile").match(steps[0]), f"Draw 2 draws from the pile: {steps}"
        _shot(first, "draw2-step1")
        _told(second, "rt.ev.power", name=first.name, card=second.t["rt.card.draw2"])
        first.button("rt.draw.pile").click()
        first.page.get_by_text(first.t["rt.draw2.card1"]).wait_for()
        thrown = _held_number(first)
        _shot(first, "draw2-card1")
        first.button("rt.drawn.discard").click()
        first.page.get_by_text(first.t["rt.draw2.step2"]).wait_for()
        _told(second, "rt.ev.discarded", name=first.name, card=thrown)
        _told(second, "rt.ev.draw2_second", name=first.name)
        _shot(first, "draw2-step2")
        first.button("rt.draw.pile").click()
        first.page.get_by_text(first.t["rt.draw2.card2"]).wait_for()
        placed = _held_number(first)
        _shot(first, "draw2-card2")
        card_button(first, "rt.replace.this", pos=2).click()
        first.button("rt.end.knock").wait_for()
        _shot(first, "may-knock")
        first.button("rt.end.knock").click()
        first.button("rt.end.knock_confirm").click()  # a knock takes a second tap, which says what it does
        _told(second, "rt.ev.knocked", name=first.name)
        _status(second, "rt.status.my_last_turn", name=first.name)
        _status(first, "rt.status.last_turn", name=second.name, knocker=first.name)
        _told(first, "rt.ev.last_turn", name=second.name)
        _shot(second, "last-turn")
        _shot(first, "knocked")

        # 4th turn, the last: a number in place 1, then every line is turned up and the round (the game) scored.
        second.button("rt.draw.pile").click()
        last = _held_number(second)
        card_button(second, "rt.replace.this", pos=1).click()
        for p in phones:
            p.page.get_by_role("table").wait_for(timeout=SEEN_MS)
        _told(first, "rt.ev.placed", name=second.name, pos=1, old=looked[second.name][0])
        # The lines as scored: each swapped card where the swap put it, each placed card where it was placed.
        lines = {p.name: ana.page.get_by_text(said(ana, "rt.over.line", name=p.name)).inner_text() for p in phones}
        cards = {name: line.split(": ", 1)[1].split(" \u00b7 ") for name, line in lines.items()}
        assert cards[first.name][0] == looked[second.name][3] and cards[first.name][1] == placed, cards
        assert cards[second.name][3] == looked[first.name][0] and cards[second.name][0] == last, cards
        for p in phones:
            _shot(p, "results")
        assert not ana.errors and not bea.errors, f"the pages raised: {ana.errors} {bea.errors}"
    finally:
        for p in phones:
            p.close()
