"""A move the game refuses reaches the phone under the game's namespaced key (`<game id>.<key>`) and is shown in
the phone's language from the game's own strings (js/games/<id>/locales), loaded while that game is on the table."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import GAMES
from tests.browser.phones import Phone

pytestmark = pytest.mark.browser

APP = "(await import('/static/js/app.js')).app"  # the page's own module instance (same URL, same module)


@pytest.mark.parametrize("game", [g for g, rules in GAMES.items() if rules.on_table])
def test_a_refused_move_is_told_in_the_phones_language_from_the_games_strings(pw_browser: Any, server: Any,
                                                                              game: str) -> None:
    pw, browser = pw_browser
    phone = Phone(pw, browser, "Pixel 7", "fr-FR", "fr", "Ana")
    try:
        phone.join(server.join_url)
        # The host's controls, sent as the lobby's buttons send them
        phone.page.evaluate(f"""async () => {{ const app = {APP};
            app.send({{type: "host", cmd: "set_game", game: {game!r}}});
            for (let i = 1; i < {GAMES[game].min_players}; i++) app.send({{type: "host", cmd: "add_bot"}});
            app.send({{type: "host", cmd: "start"}}); }}""")
        phone.page.wait_for_function(f"async () => ({APP}).update?.stage === 'playing'")
        phone.page.evaluate(f"""async () => {{ const app = {APP};
            app.send({{type: "act", version: app.update.version, action: {{type: "fly"}}}}); }}""")
        text = phone.t[f"err.{game}.unknown_action"]
        assert text != phone.t["err.generic"]
        phone.page.get_by_role("alert").filter(has_text=text).wait_for()
        assert not phone.errors, phone.errors
    finally:
        phone.close()
