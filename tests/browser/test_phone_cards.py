"""Card names on the phone, in the real page: how sentences name them, and labels that fit their card."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

# One dog chasing a cat, one chasing the rabbit, one alone, a turned card, my own card: every sentence
# that names a card in the middle, and a sack worth less than nothing: eventLines() writes them for the log
# and the live region.
EVENTS = [
    {"type": "dogs", "dogs": ["big_dog"], "chased": 15},
    {"type": "dogs", "dogs": ["small_dog"], "chased": "rabbit"},
    {"type": "dogs", "dogs": ["big_dog"], "chased": None},
    {"type": "card_revealed", "index": 3, "card": "small_dog"},
    {"type": "my_card_chosen", "card": -5},
    {"type": "sack_won", "seat": 0, "paid": 2, "value": -13},  # a negative worth has the real minus sign
]
SENTENCES = {
    "en": ["The big dog chases away the 15 cat!", "The small dog chases away the rabbit!",
           "The big dog finds no cat to chase.", "Card 4 turned: the small dog.", "You put the \u22125 cat in the sack.",
           "Ana wins the sack for 2 (worth \u221213)."],
    "es": ["¡El perro grande espantó al gato 15!", "¡El perro pequeño espantó al conejo!",
           "El perro grande no encontró gato que espantar.", "Carta 4 destapada: el perro pequeño.",
           "Metiste el gato \u22125 en el saco.",
           "Ana ganó el saco por 2 (vale \u221213)."],
    "fr": ["Le gros chien chasse le chat 15 !", "Le petit chien chasse le lapin !",
           "Le gros chien ne trouve aucun chat à chasser.", "Carte 4 retournée : le petit chien.",
           "Vous avez mis le chat \u22125 dans le sac.",
           "Ana gagne le sac pour 2 (valeur \u221213)."],
    "hu": ["A nagy kutya elkergeti: 15 macska!", "A kis kutya elkergeti: nyúl!", "A nagy kutya nem talál macskát.",
           "Felfordult a(z) 4. lap: kis kutya.", "A zsákba tetted: \u22125 macska.",
           "Ana 2 egérért viszi a zsákot (értéke \u221213)."],
}


def _page(pw_browser: Any, server: Any) -> tuple[Any, Any]:
    pw, browser = pw_browser
    context = browser.new_context(**pw.devices["Pixel 7"], locale="en-US")
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{server.port}/rules")  # a page that loads the phone's CSS and modules
    page.locator("body[data-ready]").wait_for()  # its own language set: the test's setLang calls come after
    return context, page


def test_log_sentences_name_cards_in_lower_case_with_the_languages_article(pw_browser: Any, server: Any) -> None:
    context, page = _page(pw_browser, server)
    try:
        said = page.evaluate("""async (events) => {
            const i18n = await import('/static/js/i18n.js');
            await (await import('/static/js/games.js')).gameModule('cat-in-the-sack');  // its strings
            const { eventLines } = await import('/static/js/games/cat-in-the-sack/events.js');
            const out = {};
            for (const lang of i18n.LANGS) {
                await i18n.setLang(lang);
                out[lang] = eventLines({ table: { seats: [{ seat: 0, name: 'Ana' }] } }, events);
            }
            await i18n.setLang('en');
            return out;
        }""", EVENTS)
    finally:
        context.close()
    assert said == SENTENCES


# Every face in every language, at the smallest size each kind of face gets: the small faces at the 46 px floor of
# the hand and pile grids, the big ones in the choice grid of a 360 px phone, the "you chose" card.
CARDS = [-8, -5, 3, 5, 8, 11, 15, "rabbit", "big_dog", "small_dog"]
MEASURE_LABELS = """async (cards) => {
    const i18n = await import('/static/js/i18n.js');
    await (await import('/static/js/games.js')).gameModule('cat-in-the-sack');  // its strings
    const { cardFace } = await import('/static/js/games/cat-in-the-sack/cards.js');
    const { el, replace } = await import('/static/js/dom.js');
    const screen = document.querySelector('main') || document.body;
    screen.className = 'screen';
    const cut = [];
    let measured = 0;
    for (const lang of i18n.LANGS) {
        await i18n.setLang(lang);
        const small = el('ul', { class: 'hand small-cards', style: { 'grid-template-columns': 'repeat(auto-fill, 46px)' } },
            cards.map((c) => el('li', {}, [cardFace(c, 'small')])));
        const big = el('div', { class: 'hand big' }, cards.map((c) => el('button', { class: 'card-btn' }, [cardFace(c, '', true)])));
        const medium = el('div', { class: 'chosen' }, cards.map((c) => cardFace(c, 'medium')));
        replace(screen, [el('section', { class: 'panel game' }, [small, big, medium])]);
        for (const face of screen.querySelectorAll('.card.face')) {
            const box = face.getBoundingClientRect();
            const border = parseFloat(getComputedStyle(face).borderLeftWidth);
            for (const label of face.querySelectorAll('.corner, .caption')) {
                if (getComputedStyle(label).display === 'none' || !label.textContent) continue;
                measured += 1;
                const range = document.createRange();
                range.selectNodeContents(label);
                const text = range.getBoundingClientRect();
                const inside = text.left >= box.left + border - 0.5 && text.right <= box.right - border + 0.5
                    && text.top >= box.top + border - 0.5 && text.bottom <= box.bottom - border + 0.5;
                if (!inside || label.scrollWidth > label.clientWidth + 0.5) {
                    cut.push({ lang, card: face.dataset.card, size: face.classList.contains('small') ? 'small'
                        : face.classList.contains('medium') ? 'medium' : 'big', label: label.textContent,
                        card_px: [Math.round(box.width), Math.round(box.height)],
                        text_px: [Math.round(text.width), Math.round(text.height)] });
                }
            }
        }
    }
    await i18n.setLang('en');
    return { cut, measured };
}"""


def test_no_card_label_is_cut_in_any_language_at_the_smallest_card_size(pw_browser: Any, server: Any,
                                                                        shots: Any) -> None:
    context, page = _page(pw_browser, server)
    try:
        page.set_viewport_size({"width": 360, "height": 640})
        found = page.evaluate(MEASURE_LABELS, CARDS)
        page.screenshot(path=str(shots / "card-labels-hu.png"), full_page=True)  # the last language drawn
    finally:
        context.close()
    # Per language: 10 small faces show their corner; 10 big and 10 medium faces their caption and (not the dogs) corner.
    assert found["measured"] == 4 * (10 + 18 + 18), found["measured"]
    assert not found["cut"], "labels cut: " + "\n".join(map(str, found["cut"]))
