"""A move the game refuses reaches the phone under the game's namespaced key (`<game id>.<key>`) and is shown in
the phone's language from the game's own strings (js/games/<id>/locales), loaded while that game is on the table."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import GAMES
from tests.browser.phones import Phone

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", [g for g, rules in GAMES.items() if rules.on_table])
def test_a_refused_move_is_told_in_the_phones_language_from_the_games_strings(pw_browser: Any, server: Any,
                                                                              game: str) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, "Pixel 7", "fr-FR", "fr", "Ana")
    try:
        phone.join(server.join_url)
        # The page's own module instances (same URLs, same modules), kept where a wait's predicate can read them
        phone.page.evaluate("""async () => { window.__app = (await import('/static/js/app.js')).app;
                                             window.__i18n = await import('/static/js/i18n.js'); }""")
        # The host's controls, sent as the lobby's buttons send them
        phone.page.evaluate(f"""() => {{ const app = window.__app;
            app.send({{type: "host", cmd: "set_game", game: {game!r}}});
            for (let i = 1; i < {GAMES[game].min_players}; i++) app.send({{type: "host", cmd: "add_bot"}});
            app.send({{type: "host", cmd: "start"}}); }}""")
        # the game's strings are loaded with its screen (js/games.js): a player taps only once that is shown
        phone.page.wait_for_function(f"""() => window.__app.update?.stage === 'playing'
                                             && window.__i18n.has('err.{game}.unknown_action')""")
        phone.page.evaluate("""() => { const app = window.__app;
            app.send({type: "act", version: app.update.version, action: {type: "fly"}}); }""")
        text = phone.t[f"err.{game}.unknown_action"]
        assert text != phone.t["err.generic"]
        alert = phone.page.get_by_role("alert")
        alert.wait_for()
        assert alert.text_content() == text
        assert not phone.errors, phone.errors
    finally:
        phone.close()
