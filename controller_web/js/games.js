// Loads the active game's phone module by its id (js/games/<id>/screen.js) and its strings: a page fetches only
// the code of the game on its table.

import { setSection } from "./i18n.js";

const GAME_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const loaded = new Map();

/**
 * Return game `id`'s module for this page with its strings loaded, or null when there is none. The phone's
 * (`screen.js`) exports `gameScreen(app)`, `eventLines(update, events)`, `scoreDetail(update)`, and may export
 * `decision(update)` and `onUpdate(app, update)`; the watch page's (`watch.js`, `page` "watch") exports
 * `watchTable(update, secondsLeft)`, `eventLines` and `scoreDetail` (see js/games/cat-in-the-sack/).
 */
export async function gameModule(id, page = "screen") {
  if (typeof id !== "string" || !GAME_ID.test(id)) return null;
  const name = `${id}/${page === "watch" ? "watch" : "screen"}`;
  if (!loaded.has(name)) loaded.set(name, import(`./games/${name}.js`));
  try {
    const module = await loaded.get(name);
    await setSection(`/static/js/games/${id}/locales`);
    return module;
  } catch {
    loaded.delete(name); // a failed fetch (Wi-Fi) is tried again with the next update
    await setSection(null); // no other game's strings for this one
    return null;
  }
}
