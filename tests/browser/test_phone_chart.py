"""The phone's chart of how a game went, under the score table: built by the page (SVG, no library), one line per
seat in its colour with its symbol at every round, the limit dashed, named for screen readers; axe on it."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from game.seats import PALETTE, SYMBOLS
from tests.browser.conftest import SHOTS, load_locale
from tests.browser.phones import AUDITABLE, Phone, assert_accessible

pytestmark = pytest.mark.browser

GAME_DEADLINE_S = 150  # a safety net against a hung game, not a speed assertion
NAMES = ["Ana", "Béla", "Chloé", "Dániel", "Élodie", "Ferran"]
CHART_SHOTS = SHOTS / "chart"

# Put a score screen built by the page's own modules on the page (the rules page has the app's stylesheet).
RENDER = """async ({update, lang}) => {
    const i18n = await import('/static/js/i18n.js');
    const results = await import('/static/js/screens/results.js');
    await i18n.setLang(lang);
    const section = document.createElement('section');
    section.className = 'panel results';
    section.append(...results.scoreTable(update, null));
    const main = document.createElement('main');
    main.append(section);
    document.body.replaceChildren(main);
}"""
# Each line as drawn: its colour, its points in the SVG's own units, and the symbols at them.
LINES = """() => [...document.querySelectorAll('.chart-line')].map((g) => {
    const line = g.querySelector('polyline');
    return {seat: Number(g.dataset.seat), stroke: line.getAttribute('stroke'),
            points: line.getAttribute('points').split(' ').map((p) => p.split(',').map(Number)),
            marks: [...g.querySelectorAll('.chart-mark')].map((m) => {  // the centre of the symbol's 24 x 24 box
                const c = m.transform.baseVal.consolidate().matrix;
                return [c.a * 12 + c.e, c.d * 12 + c.f]; })};
})"""


def finished(seats: int, values: list[list[int]], limit: int | None = None, lowest_wins: bool = False) -> dict[str, Any]:
    """Return a finished game's update as the server sends it, for `seats` seats with this course."""
    totals = [v[-1] for v in values]
    best = (min if lowest_wins else max)(totals)
    return {"type": "update", "stage": "over",
            "table": {"seats": [{"seat": s, "name": NAMES[s], "colour": PALETTE[s], "symbol": SYMBOLS[s]}
                                for s in range(seats)]},
            "outcome": {"winners": [s for s in range(seats) if totals[s] == best], "totals": totals,
                        "lowest_wins": lowest_wins, "detail": {}, "course": {"values": values, "limit": limit}}}


def courses(seats: int) -> tuple[list[list[int]], int | None]:
    """Return a made-up course: points wandering up (with a negative start) or running totals up to a limit."""
    if seats % 2:
        return [[(-3 if s == 0 and r == 0 else 4 * r + 3 * s + (r * s) % 5) for r in range(9)] for s in range(seats)], None
    rounds = 7
    out = [[12 * (r + 1) + 3 * s + (r * s) % 7 for r in range(rounds)] for s in range(seats)]
    out[1] = out[1][:4] + [101]  # out at the limit after round 5: its line ends there
    return out, 100


MARK = 10  # a symbol's size in the SVG's units (js/chart.js)


def assert_no_mark_hidden(lines: list[dict[str, Any]]) -> None:
    """No seat's symbol covers another's: marks of one round are a mark apart, across or up and down."""
    rounds = max(len(line["marks"]) for line in lines)
    for r in range(rounds):
        marks = [(line["seat"], line["marks"][r]) for line in lines if r < len(line["marks"])]
        for i, (a, (ax, ay)) in enumerate(marks):
            for b, (bx, by) in marks[i + 1:]:
                assert abs(ax - bx) >= MARK - 0.6 or abs(ay - by) >= MARK - 0.6, f"round {r + 1}: {a} hides {b}"


def test_a_one_round_game_with_equal_scores_shows_every_seats_mark(pw_browser: Any, server: Any) -> None:
    """A one-round game (the same point for everyone, or close): the marks stand side by side, none hidden."""
    pw, browser = pw_browser
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en")
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{server.port}/rules")
        page.evaluate(RENDER, {"update": finished(4, [[14], [14], [15], [30]], lowest_wins=True), "lang": "en"})
        page.locator("figure.chart").wait_for()
        lines = page.evaluate(LINES)
        assert len(lines) == 4 and all(len(line["marks"]) == 1 for line in lines)
        assert_no_mark_hidden(lines)
        xs = [line["marks"][0][0] for line in lines]
        assert len({round(x) for x in xs[:3]}) == 3, "the three near-equal scores stand side by side"
        CHART_SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("figure.chart").screenshot(path=str(CHART_SHOTS / "chart-one-round.png"))
    finally:
        context.close()


@pytest.mark.parametrize(("seats", "lang"), [(2, "en"), (3, "es"), (4, "fr"), (5, "en"), (6, "hu")])
def test_the_score_screen_draws_each_seats_course_in_its_colour_and_symbol(pw_browser: Any, server: Any, seats: int,
                                                                          lang: str) -> None:
    CHART_SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    t = load_locale(lang)
    values, limit = courses(seats)
    context = browser.new_context(**pw.devices["Pixel 7"], locale=lang, **AUDITABLE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.set_viewport_size({"width": 360, "height": 900})
        page.goto(f"http://127.0.0.1:{server.port}/rules")
        page.evaluate(RENDER, {"update": finished(seats, values, limit, lowest_wins=limit is not None), "lang": lang})
        figure = page.locator("figure.chart")
        figure.wait_for()
        assert figure.locator("figcaption").inner_text() == t["over.chart"]
        chart = page.get_by_role("img", name=t["over.chart"])
        assert chart.count() == 1, "the chart is an image named after what it shows"
        desc = chart.locator("desc").text_content() or ""
        for s in range(seats):  # a screen reader hears every seat's values, round by round
            said = t["over.chart_seat"].replace("{name}", NAMES[s]).replace(
                "{values}", ", ".join(str(v).replace("-", "\u2212") for v in values[s]))
            assert said in desc, (said, desc)
        lines = page.evaluate(LINES)
        assert [line["seat"] for line in lines] == list(range(seats))
        for line in lines:
            s = line["seat"]
            assert line["stroke"] == PALETTE[s]
            assert len(line["points"]) == len(values[s]) == len(line["marks"])
            for (px, py), (mx, my) in zip(line["points"], line["marks"]):  # a symbol at every point's height
                assert abs(py - my) < 0.6 and abs(px - mx) <= MARK * (seats - 1) / 2 + 0.6  # (beside it if crowded)
            for (_, ya), (_, yb), va, vb in zip(line["points"], line["points"][1:], values[s], values[s][1:]):
                assert (ya > yb) == (va < vb) or va == vb, "a higher value is drawn higher"
        assert_no_mark_hidden(lines)
        ends = sorted((values[s][-1], lines[s]["points"][-1][1]) for s in range(seats))
        assert [y for _, y in ends] == sorted((y for _, y in ends), reverse=True)
        shapes = page.evaluate("() => [...document.querySelectorAll('.chart-line')].map((g) => "
                               "g.querySelector('.chart-mark').getAttribute('d'))")
        assert len(set(shapes)) == seats, "every seat has its own symbol"
        limit_line = page.locator(".chart-limit")
        if limit is None:
            assert limit_line.count() == 0
        else:
            label = t["over.chart_limit"].replace("{n}", str(limit))
            assert page.locator(".chart-limit-label").text_content() == label and label in desc
            y_limit = float(limit_line.get_attribute("y1"))
            assert lines[1]["points"][-1][1] < y_limit < lines[0]["points"][0][1]
            assert len(lines[1]["points"]) == 5 < len(lines[0]["points"])
        legend = page.locator(".chart-legend li").all_inner_texts()
        assert legend == NAMES[:seats]
        box = page.locator(".chart-svg").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, "the chart fits the phone's width"
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        figure.screenshot(path=str(CHART_SHOTS / f"chart-{seats}-{lang}.png"))
        page.screenshot(path=str(CHART_SHOTS / f"scores-{seats}-{lang}.png"), full_page=True)
        assert_accessible(page, f"chart of {seats} seats in {lang}")
        assert not errors, errors
    finally:
        context.close()


def test_a_chart_only_for_a_course_with_whole_numbers(pw_browser: Any, server: Any) -> None:
    pw, browser = pw_browser
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en")
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{server.port}/rules")
        update = finished(3, [[1, 2], [3, 4], [5, 6]])
        update["outcome"]["course"]["values"][1] = [3, "4"]  # a seat whose values are not all numbers: no line
        page.evaluate(RENDER, {"update": update, "lang": "en"})
        page.locator("figure.chart").wait_for()
        assert page.evaluate("() => [...document.querySelectorAll('.chart-line')].map((g) => g.dataset.seat)") == ["0", "2"]
        update["outcome"]["course"] = None
        page.evaluate(RENDER, {"update": update, "lang": "en"})
        page.locator("table.scores").wait_for()
        assert page.locator("figure.chart").count() == 0
        update["outcome"]["course"] = {"values": [[1, "two"], None, []], "limit": "x"}  # nothing drawable
        page.evaluate(RENDER, {"update": update, "lang": "en"})
        page.locator("table.scores").wait_for()
        assert page.locator("figure.chart").count() == 0
    finally:
        context.close()


def _pass_or_first_card(phone: Phone) -> bool:
    """Make the quickest move the screen offers (the first card, pass); return whether it moved."""
    cards = phone.page.get_by_role("group", name=phone.t["choose.title"]).get_by_role("button")
    if cards.count():
        return phone.tap(cards) and phone.tap(phone.button("choose.confirm"))
    for key in ("offer.pass", "pass.takes", "pass.nothing"):
        if phone.button(key).count():
            return phone.tap(phone.button(key))
    return False


def test_a_whole_game_ends_with_its_chart_on_the_phone_and_the_watch_page(pw_browser: Any, server: Any) -> None:
    CHART_SHOTS.mkdir(parents=True, exist_ok=True)
    pw, browser = pw_browser
    ana = Phone(pw, browser, "Pixel 7", "fr-FR", "fr", "Ana")
    watcher = Phone(pw, browser, "Pixel 7", "es-ES", "es", "")
    try:
        ana.join(server.join_url)
        watcher.page.goto(f"http://127.0.0.1:{server.port}/watch?k={server.join_code}")
        watcher.page.get_by_role("heading", name=watcher.t["lobby.title"]).wait_for()
        for _ in range(2):
            ana.button("host.add_bot").click()
            ana.page.wait_for_timeout(100)
        ana.page.get_by_role("listitem").nth(2).wait_for()
        ana.button("host.start").click()
        deadline = time.monotonic() + GAME_DEADLINE_S
        while ana.screen() != "over":
            assert time.monotonic() < deadline, "the game did not finish"
            if ana.screen() != "game" or not _pass_or_first_card(ana):
                ana.page.wait_for_timeout(50)
        for phone in (ana, watcher):
            chart = phone.page.get_by_role("img", name=phone.t["over.chart"])
            chart.wait_for()
            assert phone.page.locator(".chart-line").count() == 3
            marks = phone.page.locator(".chart-line").nth(0).locator(".chart-mark").count()
            assert marks == 9, "Cat in the Sack: a point after each of the nine rounds"
            # the last point of each seat's line is its total in the table above
            desc = chart.locator("desc").text_content() or ""
            rows = phone.page.locator("table.scores tbody tr")
            for i in range(rows.count()):
                name = rows.nth(i).locator("th").inner_text().split("\n")[0].strip()
                total = rows.nth(i).locator("td.total").inner_text().strip()
                said = re.search(re.escape(phone.t["over.chart_seat"].split("{name}")[0]) + re.escape(name)
                                 + re.escape(phone.t["over.chart_seat"].split("{name}")[1].split("{values}")[0])
                                 + r"([^.]*)", desc)
                assert said, (name, desc)
                assert said.group(1).split(", ")[-1] == total, (name, said.group(1), total)
            assert_accessible(phone.page, f"{phone.name or 'watcher'}: scores with the chart")
        ana.page.screenshot(path=str(CHART_SHOTS / "phone-fr-whole-game.png"), full_page=True)
        watcher.page.screenshot(path=str(CHART_SHOTS / "watch-es-whole-game.png"), full_page=True)
        assert not ana.errors and not watcher.errors, (ana.errors, watcher.errors)
    finally:
        ana.close()
        watcher.close()
