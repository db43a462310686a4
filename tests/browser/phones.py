"""An emulated phone for the browser tests: its page, its language's strings, and a player's taps."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import load_locale, name_pattern

CLICK_MS = 1500


class Phone:
    """One emulated phone: its page, its language's strings, and the taps a player makes."""

    def __init__(self, pw: Any, browser: Any, device: str | dict[str, Any], locale: str, lang: str, name: str) -> None:
        # A device is a Playwright device name, or the context options of a phone Playwright does not list.
        options = pw.devices[device] if isinstance(device, str) else device
        self.context = browser.new_context(**options, locale=locale)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.t = load_locale(lang)
        self.lang = lang
        self.name = name

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
        else:
            items = self.page.get_by_role("group", name=self.t["choose.title"]).get_by_role("button")
        return [items.nth(i).get_attribute("aria-label") or "" for i in range(items.count())]

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
TOUCH_CHECK = """() => [...document.querySelectorAll('button, input, select')]
    .filter((n) => n.offsetParent !== null)
    .map((n) => { const r = n.getBoundingClientRect();
                  const name = n.getAttribute('aria-label') || n.textContent.trim() || (n.labels && n.labels[0] && n.labels[0].textContent);
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
    count = locator.count()
    assert count, f"{what}: nothing to check"
    for i in range(count):
        box = locator.nth(i).bounding_box()
        assert box, f"{what} #{i} is not shown"
        inside = (box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
                  and box["y"] >= top["y"] + top["height"] - 0.5 and box["y"] + box["height"] <= size["height"])
        assert inside, f"{what} #{i} is not on the first screen at {size}: {box}"


def at_top(page: Any) -> None:
    """Scroll to the top of the screen, as a player lands on it, and wait until it is there."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_function("() => window.scrollY === 0")
