"""An emulated phone for the browser tests: its page, its language's strings, and a player's taps."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import AXE, load_locale, name_pattern

CLICK_MS = 1500
# The page's CSP allows only its own scripts; the audit injects axe-core, so audited pages run without it.
AUDITABLE = {"bypass_csp": True}


# Every log line shown, kept in the page as it is drawn (a MutationObserver sees each screen the page builds).
KEEP_TOLD = """window.__told = [];
new MutationObserver(() => {
  for (const li of document.querySelectorAll('.log-lines li')) {
    if (!window.__told.includes(li.textContent)) window.__told.push(li.textContent);
  }
}).observe(document, { childList: true, subtree: true });"""


class Phone:
    """One emulated phone: its page, its language's strings, and the taps a player makes."""

    def __init__(self, pw: Any, browser: Any, device: str | dict[str, Any], locale: str, lang: str, name: str) -> None:
        # A device is a Playwright device name, or the context options of a phone Playwright does not list.
        options = pw.devices[device] if isinstance(device, str) else device
        self.context = browser.new_context(**options, locale=locale, **AUDITABLE)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.t = load_locale(lang)
        self.lang = lang
        self.name = name

    def keep_told(self) -> None:
        """From the next page load on, keep every "what happened" line the page ever shows (a test that reads
        the log now and then would miss a line that fast bots pushed out of the last lines in between)."""
        self.page.add_init_script(KEEP_TOLD)

    def told(self) -> set[str]:
        """Return every log line the page has shown since `keep_told`."""
        return set(self.page.evaluate("() => window.__told || []"))

    def button(self, key: str, exact: bool = True) -> Any:
        """Return the button whose accessible name is the string `key` (templates match any fill)."""
        text = self.t[key]
        if "{" in text:
            return self.page.get_by_role("button", name=name_pattern(text))
        return self.page.get_by_role("button", name=text, exact=exact)

    def screen(self) -> str:
        """Return which screen the page shows (the #screen data attribute)."""
        return self.page.locator("#screen").get_attribute("data-screen") or ""

    def tap(self, locator: Any) -> bool:
        """Tap `locator` if it is still there; return False if the screen moved on first."""
        try:
            locator.first.click(timeout=CLICK_MS)
            return True
        except PlaywrightError:  # the update took the control away (e.g. a bot acted first): look again
            return False

    def hand(self) -> list[str]:
        """Return the names of the cards in my hand, from the hand list or the choose buttons."""
        hand_list = self.page.get_by_role("list", name=name_pattern(self.t["hand.title"]))
        if hand_list.count():
            items = hand_list.get_by_role("listitem")
            return [items.nth(i).get_attribute("aria-label") or "" for i in range(items.count())]
        return self.card_buttons()

    def card_buttons(self) -> list[str]:
        """Return the accessible names of the cards I may choose from, as the accessibility tree has them."""
        group = self.page.get_by_role("group", name=self.t["choose.title"])
        return re.findall(r'^\s*- button "([^"]*)"', group.aria_snapshot(), flags=re.M)

    def join(self, url: str) -> None:
        """Open the join page at `url`, join with my name, and wait for the lobby."""
        self.page.goto(url)
        self.page.get_by_label(self.t["join.name"]).fill(self.name)
        self.button("join.button").click()
        self.page.get_by_role("heading", name=self.t["lobby.title"]).wait_for()

    def close(self) -> None:
        """Close the phone's browser context."""
        self.context.close()


# Every control a finger uses, checked on each screen type: at least 48 CSS px each way and named.
TOUCH_CHECK = """() => [...document.querySelectorAll('button, input, select, summary')]
    .filter((n) => n.offsetParent !== null)
    .map((n) => { const r = n.getBoundingClientRect();
                  const by = (n.getAttribute('aria-labelledby') || '').split(' ').map((i) => document.getElementById(i))
                      .filter(Boolean).map((l) => l.textContent.trim()).join(' ');
                  const name = n.getAttribute('aria-label') || by || n.textContent.trim() || (n.labels && n.labels[0] && n.labels[0].textContent);
                  return {name: name || '', w: r.width, h: r.height}; })
    .filter((c) => !c.name || c.w < 47.5 || c.h < 47.5)"""


def assert_touch_targets(page: Any, where: str) -> None:
    """Fail if a visible control on `page` is under 48 CSS px or has no name."""
    bad = page.evaluate(TOUCH_CHECK)
    assert not bad, f"{where}: controls too small or without a name: {bad}"


def assert_on_screen(page: Any, locator: Any, what: str) -> None:
    """Fail unless every element of `locator` lies wholly in the viewport and below the sticky top bar."""
    size = page.viewport_size
    top = page.locator(".topbar").bounding_box()
    assert top, "the top bar is missing"
    # All measured at once: the page re-renders on every update, and a node may be replaced between two measures.
    boxes: list[Any] = []
    for _ in range(3):  # a node caught between two renders has no box yet: measure again a moment later
        boxes = locator.evaluate_all("(nodes) => nodes.map((n) => { const r = n.getBoundingClientRect();"
                                     " return r.width || r.height ? {x: r.x, y: r.y, width: r.width, height: r.height}"
                                     " : null; })")
        if boxes and all(boxes):
            break
        page.wait_for_timeout(50)
    assert boxes, f"{what}: nothing to check"
    for i, box in enumerate(boxes):
        assert box, f"{what} #{i} is not shown"
        inside = (box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
                  and box["y"] >= top["y"] + top["height"] - 0.5 and box["y"] + box["height"] <= size["height"])
        assert inside, f"{what} #{i} is not on the first screen at {size}: {box}"


def at_top(page: Any) -> None:
    """Scroll to the top of the screen, as a player lands on it, and wait until it is there."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("() => window.scrollY === 0")

AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
AXE_RUN = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)}));
}"""


def assert_accessible(page: Any, where: str) -> None:
    """Fail if axe-core (WCAG 2.1 A and AA rules) finds a serious or critical problem on `page` as it is now."""
    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE}: run `npm ci` (scripts/test.sh does)")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(AXE_RUN, AXE_TAGS)
    assert not found, f"{where}: axe finds " + "\n".join(str(v) for v in found)


# axe leaves text over the page's gradients "incomplete", so the mouse cards' text is measured here: its colour
# and its own box's background, both faded by every ancestor's opacity over the page colour (WCAG 2.x ratio).
CONTRAST = """(selector) => {
    const rgba = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
    const over = (top, under, a) => top.map((v, i) => v * a + under[i] * (1 - a));
    const lum = (rgb) => { const f = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                           return 0.2126 * f[0] + 0.7152 * f[1] + 0.0722 * f[2]; };
    const page = rgba(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
    return [...document.querySelectorAll(selector)].map((node) => {
        let bg = null, opacity = 1;
        for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
            const style = getComputedStyle(n);
            opacity *= Number(style.opacity);
            const c = rgba(style.backgroundColor);
            if (!bg && c[3] > 0) bg = over(c.slice(0, 3), page, c[3]);
        }
        const ink = rgba(getComputedStyle(node).color);
        const text = over(over(ink.slice(0, 3), bg || page, ink[3]), page, opacity);
        const back = over(bg || page, page, opacity);
        const [a, b] = [lum(text), lum(back)].sort((x, y) => y - x);
        return {text: node.textContent, ratio: (a + 0.05) / (b + 0.05)};
    });
}"""


def assert_text_contrast(page: Any, selector: str, where: str, least: float = 4.5) -> None:
    """Fail unless every text matched by `selector` reaches `least`:1 against its own background (AA: 4.5)."""
    found = page.evaluate(CONTRAST, selector)
    assert found, f"{where}: no {selector} to measure"
    low = [f for f in found if f["ratio"] < least]
    assert not low, f"{where}: text under {least}:1 contrast: {low}"
