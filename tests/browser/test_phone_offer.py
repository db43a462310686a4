"""F-OFFER-1 and F-VOID-1/2 on real phones: three players, no bots, every auction passed out."""

from __future__ import annotations

import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.phones import (
    Phone,
    assert_accessible,
    assert_on_screen,
    assert_text_contrast,
    assert_touch_targets,
    at_top,
)

pytestmark = pytest.mark.browser

WAIT_S = 15  # a safety net against a stuck page, not a speed assertion
DOGS = ("card.big_dog", "card.small_dog")


def _fill(template: str, **params: Any) -> str:
    for key, value in params.items():
        template = template.replace("{" + key + "}", str(value))
    return template


def _template_re(template: str, group: str) -> re.Pattern[str]:
    """Return a regex for a filled-in locale template that captures the `group` placeholder."""
    out = ""
    for part in re.split(r"(\{\w+\})", template):
        if part == "{" + group + "}":
            out += f"(?P<{group}>.+)"
        elif re.fullmatch(r"\{\w+\}", part):
            out += ".+?"
        else:
            out += re.escape(part)
    return re.compile(f"^{out}$")


def _actor(phones: list[Phone], title_key: str) -> Phone:
    """Wait until exactly one phone shows the action panel titled `title_key`; return that phone."""
    deadline = time.monotonic() + WAIT_S
    while True:
        showing = [p for p in phones if p.page.get_by_role("region", name=p.t[title_key]).count()]
        if len(showing) == 1:
            return showing[0]
        assert len(showing) < 2, f"two phones act at once: {[p.name for p in showing]}"
        assert time.monotonic() < deadline, f"no phone shows {title_key}"
        phones[0].page.wait_for_timeout(50)


def _mice(phone: Phone) -> int:
    said = phone.page.locator(".my-mice .sr-only").text_content() or ""  # what a screen reader reads
    found = re.search(r"\d+", said)
    assert found, f"no mice count in {said!r}"
    return int(found.group())


def _wait_mice(phone: Phone, n: int) -> None:
    expect(phone.page.locator(".my-mice .sr-only")).to_have_text(_fill(phone.t["head.my_mice"], n=n))


def _choose_all(phones: list[Phone], round_no: int) -> None:
    """Every phone puts a different cat or the rabbit in the sack (no dogs: the buyer keeps every card)."""
    for k, p in enumerate(phones):
        p.page.get_by_text(_fill(p.t["head.round"], n=round_no, total=9), exact=True).wait_for()
        cards = p.page.get_by_role("group", name=p.t["choose.title"]).get_by_role("button")
        cards.first.wait_for()
        names = p.card_buttons()
        pick = [i for i, n in enumerate(names) if n not in {p.t[d] for d in DOGS}][k]
        cards.nth(pick).click()
        p.button("choose.confirm").click()
        cards.first.wait_for(state="detached")


def _pass_twice(phones: list[Phone]) -> list[Phone]:
    """The first two to act pass (taking the 3 then the 6 mice); return them in order."""
    passers = []
    for took in (3, 6):
        p = _actor(phones, "act.title")
        assert p not in passers
        before = _mice(p)
        p.page.get_by_role("button", name=_fill(p.t["pass.takes"], m=took), exact=True).click()
        _wait_mice(p, before + took)
        passers.append(p)
    return passers


def _offer_buttons(p: Phone) -> list[str]:
    panel = p.page.get_by_role("region", name=p.t["offer.title"])
    buttons = panel.get_by_role("button")
    return [buttons.nth(i).inner_text() for i in range(buttons.count())]


def _log_has(p: Phone, pattern: re.Pattern[str]) -> None:
    """Wait until the phone's "what happened" list has a line matching `pattern`."""
    log = p.page.get_by_role("region", name=p.t["log.title"])
    log.get_by_role("listitem").filter(has_text=pattern).first.wait_for()


def test_the_last_player_buys_an_unbid_sack_then_a_void_round(pw_browser: Any, server: Any, shots: Path) -> None:
    pw, browser = pw_browser
    phones = [
        Phone(pw, browser, "Pixel 7", "fr-FR", "fr", "Zoé"),
        Phone(pw, browser, "iPhone 13", "es-ES", "es", "Lola"),
        Phone(pw, browser, "Pixel 7", "hu-HU", "hu", "Csaba"),
    ]
    try:
        for p in phones:
            p.join(server.join_url)
        host = phones[0]
        host.page.get_by_role("listitem").filter(has_text="Csaba").wait_for()
        host.button("host.start").click()

        # Round 1: nobody bids; the first two pass, the last one is offered the whole sack.
        _choose_all(phones, 1)
        for p in phones:  # reading the log at the bottom of the page while the others pass
            p.page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        passers = _pass_twice(phones)
        buyer = _actor(phones, "offer.title")
        assert buyer not in passers
        t = buyer.t
        buy_name, pass_name = _fill(t["offer.buy"], price=1), t["offer.pass"]
        assert _offer_buttons(buyer) == [buy_name, pass_name]
        panel = buyer.page.get_by_role("region", name=t["offer.title"])
        assert panel.get_by_role("button", name=buy_name, exact=True).count() == 1
        assert panel.get_by_role("button", name=pass_name, exact=True).count() == 1
        for p in passers:
            assert p.page.get_by_role("button", name=_fill(p.t["offer.buy"], price=1)).count() == 0
            p.page.get_by_text(_fill(p.t["turn.other_offer"], name=buyer.name), exact=True).wait_for()
        # The whole row is face up for the decision: four cards, none of them hidden.
        row = buyer.page.locator("ol.row > li")
        up = _template_re(t["row.card_up"], "card")
        row_labels = [row.nth(i).get_attribute("aria-label") or "" for i in range(row.count())]
        assert len(row_labels) == 4 and all(up.match(label) for label in row_labels), row_labels
        in_sack = sorted(up.match(label)["card"] for label in row_labels)  # type: ignore[index]
        # The offer brought the sack and both answers into view, under the sticky top bar.
        assert_on_screen(buyer.page, row, "a card of the sack on offer")
        assert_on_screen(buyer.page, panel.get_by_role("button"), "an offer button")
        assert_touch_targets(buyer.page, "offer")
        assert_accessible(buyer.page, "offer")
        buyer.page.evaluate("window.scrollTo(0, 0)")
        buyer.page.screenshot(path=str(shots / "offer.png"))
        # On a small phone (360x640) the whole sack and both answers are on the first screen.
        roomy = buyer.page.viewport_size
        buyer.page.set_viewport_size({"width": 360, "height": 640})
        at_top(buyer.page)
        assert_on_screen(buyer.page, row, "a card of the sack on offer")
        assert_on_screen(buyer.page, panel.get_by_role("button"), "an offer button")
        buyer.page.screenshot(path=str(shots / "offer-360.png"))
        buyer.page.set_viewport_size(roomy)
        print(f"the sack on offer to {buyer.name}: {in_sack}")
        mice = _mice(buyer)
        assert mice == 15, "nobody paid anything yet"

        buyer.page.get_by_role("button", name=buy_name, exact=True).click()
        _wait_mice(buyer, mice - 1)
        # The phones put no dog in; the neutral card may be one, and then it chases a card away (F-DOG-1).
        dog = any(t[d] in in_sack for d in DOGS)
        kept = 2 if dog else 4
        for p in phones:
            key = "ev.you.sack_won" if p is buyer else "ev.sack_won"  # the buyer's own phone says "You win ..."
            won = re.compile(re.escape(_fill(p.t[key], name=buyer.name, paid=1)).replace(
                re.escape("{value}"), r"[\u2212-]?\d+"))
            _log_has(p, won)
            seat = p.page.locator(".seat-card").filter(has_text=buyer.name)
            seat.get_by_text(_fill(p.t["seat.won"], n=kept), exact=True).wait_for()
            assert p.page.get_by_role("region", name=p.t["row.title"], exact=True).count() == 0, "the row was taken"
        buyer.page.get_by_role("button", name=_fill(t["pile.show"], n=kept)).click()
        pile = buyer.page.locator("#pile-list li")
        pile.first.wait_for()
        pile_names = sorted(pile.nth(i).get_attribute("aria-label") or "" for i in range(pile.count()))
        if dog:
            assert len(pile_names) == 2 and Counter(pile_names) <= Counter(in_sack), (pile_names, in_sack)
            assert not any(t[d] in pile_names for d in DOGS), "a dog never stays in a pile"
        else:
            assert pile_names == in_sack, "the buyer's pile holds exactly the cards of the sack"

        # Round 2: the buyer starts; all pass, the offer too: the sack leaves the game (F-VOID-1).
        _choose_all(phones, 2)
        passers = _pass_twice(phones)
        assert passers[0] is buyer, "the buyer became the start player (F-WIN-1)"
        last = _actor(phones, "offer.title")
        assert _offer_buttons(last) == [_fill(last.t["offer.buy"], price=1), last.t["offer.pass"]]
        last_mice = _mice(last)
        last.page.get_by_role("button", name=last.t["offer.pass"], exact=True).click()
        for p in phones:
            void = "ev.you.round_void" if p is last else "ev.round_void"  # the last one's own phone: "You pass too"
            _log_has(p, re.compile(re.escape(_fill(p.t[void], name=last.name))))
            p.page.get_by_text(_fill(p.t["head.round"], n=3, total=9), exact=True).wait_for()
            # F-VOID-2: no refill this round: both mouse cards show 0 mice.
            for value in (3, 6):
                p.page.get_by_label(_fill(p.t["mc.card"], value=value, mice=0), exact=True).wait_for()
            _log_has(p, re.compile(re.escape(p.t["ev.no_refill_void"])))
            assert_accessible(p.page, f"{p.name}: round 3 with empty mouse cards")
            assert_text_contrast(p.page, ".mc.empty .mc-mice, .mc.empty .mc-value", f"{p.name}: the empty mouse cards")
        assert _mice(last) == last_mice, "passing the offer costs nothing and gains nothing"
        assert last.page.locator(".seat-card").filter(has_text=buyer.name).get_by_text(
            _fill(last.t["seat.won"], n=kept), exact=True).count() == 1, "the void sack went to no one"
        shown = phones[1].page
        shown.evaluate("document.querySelector('.mouse-cards').scrollIntoView({block: 'center'})")
        shown.screenshot(path=str(shots / "void.png"))
        for p in phones:
            assert not p.errors, f"{p.name}'s page raised: {p.errors}"
    finally:
        for p in phones:
            p.close()
