// A page without a seat (no key): only translates its text and offers the language picker.

import { el } from "./dom.js";
import { LANGS, initialLang, setLang, t, lang } from "./i18n.js";

/** Fill the #lang picker and translate the page; call `onChange` after a new language loads. */
export async function setupStaticPage(onChange) {
  await setLang(initialLang());
  const select = document.getElementById("lang");
  for (const code of LANGS) select.append(el("option", { value: code, lang: code, text: t(`lang.${code}`) }));
  select.value = lang();
  select.addEventListener("change", async () => {
    await setLang(select.value);
    if (onChange) onChange();
  });
}
