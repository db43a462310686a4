"""Rat-a-Tat Cat in the browser tests: deals rigged so the power cards a test needs arrive, patient bots, and the
phone's parts a test looks at (my line, the drawn card, the moves, the log)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from game.bots.rat_a_tat_cat import HeuristicBot, RandomBot
from game.engine import GAMES
from game.engine.rat_a_tat_cat.state import DRAW_PILE, END_TURN, order_from_dealer
from tests.browser.conftest import SHOTS as BROWSER_SHOTS
from tests.browser.conftest import name_pattern
from tests.browser.phones import Phone

SHOTS = BROWSER_SHOTS / "rat-a-tat-cat"  # every Rat-a-Tat Cat browser test's screenshots, in the test artifacts

GAME = "rat-a-tat-cat"
NUMBER = "n"  # in a plan: the next number card of the shuffled pile
POWERS = ("peek", "swap", "draw2")
# A plan gets the round's turn order (seats, the first to play first) and returns the cards to put on top of the
# draw pile, top first: power names, numbers, or NUMBER for any number card.
Plan = Callable[[list[int]], Sequence[Any]]


def _patient(plain_act: Any) -> Any:
    def act(self: Any, view: Any) -> Any:
        if view.legal.draw_pile:
            return DRAW_PILE
        if view.legal.knock:
            return END_TURN
        return plain_act(self, view)
    return act


def patient_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every bot draw from the pile and never knock: one card a turn, and the phones end the round."""
    for kind in (RandomBot, HeuristicBot):
        monkeypatch.setattr(kind, "act", _patient(kind.act))


def _take(pile: list[Any], wanted: Any) -> Any:
    """Remove and return the first card of `pile` that is `wanted` (NUMBER: any number card)."""
    for i, card in enumerate(pile):
        if card == wanted or (wanted == NUMBER and isinstance(card, int)):
            return pile.pop(i)
    raise AssertionError(f"the deck has no {wanted} left for the plan")


def rig_deals(monkeypatch: pytest.MonkeyPatch, plan: Plan, number_lines: bool = False) -> None:
    """Rig the test server's Rat-a-Tat Cat deals: the pile starts with what `plan` asks for; with `number_lines`
    every line is dealt number cards only (so a card seen at the look is still the card scored at the end)."""
    real = GAMES[GAME]

    def rigged(state: Any, rng: Any) -> dict[str, Any]:
        entry = real.sample_chance(state, rng)
        if entry.get("type") != "deal":
            return entry
        deck = list(entry["deck"])
        order = order_from_dealer(state)
        dealt = 4 * len(order)
        lines, first, pile = deck[:dealt], deck[dealt], deck[dealt + 1:]
        if number_lines:
            pile += [c for c in lines if not isinstance(c, int)]
            lines = [c for c in lines if isinstance(c, int)]
            lines += [_take(pile, NUMBER) for _ in range(dealt - len(lines))]
        front = []
        for wanted in plan(order):
            if wanted in lines and not any(c == wanted for c in pile):  # dealt into a line: a number takes its place
                lines[lines.index(wanted)] = _take(pile, NUMBER)
                pile.append(wanted)
            front.append(_take(pile, wanted))
        return {**entry, "deck": lines + [first] + front + pile}

    monkeypatch.setitem(GAMES, GAME, dataclasses.replace(real, sample_chance=rigged))


def my_cards(phone: Phone) -> Any:
    """Return my line's four cards."""
    return phone.page.get_by_role("list", name=phone.t["rt.line.mine"]).locator(".pcard")


def my_card_names(phone: Phone) -> list[str]:
    """Return the accessible names of my four cards, positions 1-4."""
    cards = my_cards(phone)
    return [cards.nth(i).get_attribute("aria-label") or "" for i in range(cards.count())]


def face_of(phone: Phone, position: int, name: str) -> str:
    """Return the face in the name of my card at `position` ("Card 1: 7" -> "7"), or "" when it is face down."""
    before, after = phone.t["rt.card.up"].replace("{pos}", str(position)).split("{card}")
    up = re.fullmatch(re.escape(before) + "(.+)" + re.escape(after), name)
    return up.group(1) if up else ""


def moves(phone: Phone) -> Any:
    """Return the buttons of my moves section (the cards of my line that a tap uses are in `my_cards`)."""
    return phone.page.locator("section[data-decision] button")


def move_names(phone: Phone) -> list[str]:
    """Return what my turn offers now: the names of my moves and of my cards a tap uses, in page order."""
    return phone.page.locator("section[data-decision] button, ul[data-moves] button").evaluate_all(
        "(nodes) => nodes.map((n) => n.getAttribute('aria-label') || n.textContent.trim())")


def log_lines(phone: Phone) -> list[str]:
    """Return the "what happened" lines the screen shows now."""
    return phone.page.locator(".log-lines li").all_inner_texts()


def said(phone: Phone, key: str, **params: Any) -> re.Pattern[str]:
    """Return a pattern for the locale line `key` with `params` filled in and any other placeholder free."""
    text = phone.t[key]
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return name_pattern(text)


def set_number_option(phone: Phone, option: str, value: int) -> None:
    """Type `value` into an int option's number field and wait until the table has it.

    The field is "<option>: another value" after offered values, else named by the option alone."""
    name = phone.t[f"opt.{option}"]
    field = phone.page.get_by_role("spinbutton", name=phone.t["opt.other"].replace("{name}", name), exact=True).or_(
        phone.page.get_by_role("spinbutton", name=name, exact=True))
    field.fill(str(value))
    field.dispatch_event("change")
    phone.page.wait_for_function("([id, v]) => document.getElementById(id) && document.getElementById(id).value === v",
                                 arg=[f"opt-{option}", str(value)])


def open_rat_table(host: Phone, rounds: int, bots: int = 0) -> None:
    """As the host in the lobby: choose Rat-a-Tat Cat, set its rounds, add `bots` bots (not yet started)."""
    host.page.get_by_role("group", name=host.t["lobby.game"]).get_by_role("button", name=host.t["game.rat-a-tat-cat"]).click()
    set_number_option(host, "rounds", rounds)
    for n in range(bots):
        host.button("host.add_bot").click()
        host.page.get_by_role("button", name=name_pattern(host.t["host.remove_bot"])).nth(n).wait_for()


def card_button(phone: Phone, key: str, **params: Any) -> Any:
    """Return the card button named after what its tap does (`key` with `params`), then the card: "Swap my card 1
    (Card 1, face down)"."""
    return phone.page.get_by_role("button", name=re.compile(said(phone, key, **params).pattern.rstrip("$") + r" \(.+\)$"))


def turns_plan(mine: int, turns: Sequence[Sequence[Any]]) -> Plan:
    """Return a plan in which seat `mine` draws `turns` (one list of cards per turn of its own, in order) and every
    other seat one number card a turn."""
    def plan(order: list[int]) -> list[Any]:
        left, cards = list(turns), []
        while left:
            for seat in order:
                if not left:
                    break
                cards += left.pop(0) if seat == mine else [NUMBER]
        return cards
    return plan


# Each card face (a number or a power's name) lies inside its card's border, and each visible control's name holds
# its visible words (WCAG 2.5.3: a voice user says what they see).
FACES_OUT = """() => [...document.querySelectorAll('.pcard > span:not(.pos)')].filter((s) => s.offsetParent !== null)
    .filter((s) => { const c = s.parentElement, b = c.getBoundingClientRect(), r = s.getBoundingClientRect();
                     const style = getComputedStyle(c), left = parseFloat(style.borderLeftWidth);
                     return r.left < b.left + left - 0.5 || r.right > b.right - left + 0.5; })
    .map((s) => s.textContent)"""
NAMES_WITHOUT_TEXT = """() => [...document.querySelectorAll('#screen button')].filter((n) => n.offsetParent !== null)
    .map((n) => ({name: (n.getAttribute('aria-label') || n.textContent).toLowerCase(),
                  words: n.innerText.toLowerCase().split(/\\s+/).filter(Boolean)}))
    .filter((b) => b.words.some((w) => !b.name.includes(w)))"""


def assert_faces_fit(phone: Phone, where: str) -> None:
    """Fail if a card's face spills over its card."""
    spilt = phone.page.evaluate(FACES_OUT)
    assert not spilt, f"{where} ({phone.lang}): card faces wider than their card: {spilt}"


def assert_names_say_what_is_shown(phone: Phone, where: str) -> None:
    """Fail if a visible button's accessible name lacks a word it shows."""
    bad = phone.page.evaluate(NAMES_WITHOUT_TEXT)
    assert not bad, f"{where}: buttons whose name lacks their visible words: {bad}"
