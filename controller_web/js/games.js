// Loads the active game's phone module by its id (js/games/<id>/screen.js), its strings and its own stylesheet:
// a page fetches only the code and the look of the game on its table.

import { el } from "./dom.js";
import { setSection } from "./i18n.js";

const GAME_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const loaded = new Map();
let styled = Promise.resolve(); // the game stylesheet in use: resolved once it has loaded (or failed)

/**
 * Return game `id`'s module for this page with its strings and its stylesheet loaded, or null when there is none.
 * The phone's (`screen.js`) exports `gameScreen(app)`, `eventLines(update, events)`, `scoreDetail(update)`, and may
 * export `decision(update)` and `onUpdate(app, update)`; the watch page's (`watch.js`, `page` "watch") exports
 * `watchTable(update, secondsLeft)`, `eventLines` and `scoreDetail` (see js/games/cat-in-the-sack/). Either says
 * `export const ownStyles = true` when the game has its `game.css` (tests/browser/test_phone_styles.py holds the two
 * together), so no page asks for a file that is not there.
 */
export async function gameModule(id, page = "screen") {
  if (typeof id !== "string" || !GAME_ID.test(id)) {
    await useStyles(null);
    return null;
  }
  const name = `${id}/${page === "watch" ? "watch" : "screen"}`;
  if (!loaded.has(name)) loaded.set(name, import(`./games/${name}.js`));
  try {
    const module = await loaded.get(name);
    await Promise.all([setSection(`/static/js/games/${id}/locales`),
      useStyles(module.ownStyles === true ? `/static/js/games/${id}/game.css` : null)]);
    return module;
  } catch {
    loaded.delete(name); // a failed fetch (Wi-Fi) is tried again with the next update
    await Promise.all([setSection(null), useStyles(null)]); // no other game's strings or look for this one
    return null;
  }
}

/**
 * Make `href` the page's one game stylesheet (null: none): another game's goes at once. Resolves when it has loaded
 * or failed (a page without its game's look still works), so a game's screen is not drawn before its look.
 */
function useStyles(href) {
  const old = document.querySelector("link[data-game-css]");
  if (old && old.getAttribute("href") === href) return styled;
  if (old) old.remove();
  if (href === null) {
    styled = Promise.resolve();
    return styled;
  }
  styled = new Promise((resolve) => {
    const link = el("link", { rel: "stylesheet", href, "data-game-css": true, onload: resolve, onerror: resolve });
    document.head.append(link);
  });
  return styled;
}
