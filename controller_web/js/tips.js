// The phone's tips: the one- or two-line explanation of a decision the first time it comes up (`update.you.tip`,
// the game's own text `tip.<kind>`), drawn beside the decision's controls, and the top bar's switch that turns them
// on or off (`update.you.tips`). The server decides which tip and when; the page only shows it, in its language.

import { el, svg } from "./dom.js";
import { t } from "./i18n.js";

/** Return the tip my seat's update carries, or null (a watcher, the lobby, tips off, nothing to explain). */
export function currentTip(update) {
  const tip = update && update.stage === "playing" && update.you ? update.you.tip : null;
  return tip && typeof tip.key === "string" && typeof tip.kind === "string" ? tip : null;
}

/** Return a tip's text in the page's language. */
export function tipText(tip) {
  return t(tip.key, tip.params && typeof tip.params === "object" ? tip.params : {});
}

function bulb(cls) {
  return svg("svg", { class: cls, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, [
    svg("path", { d: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.8.6 1.3 1.5 1.4 2.5V17h4.4v-.7c.1-1 .6-1.9 1.4-2.5A6 6 0 0 0 12 3z" }),
  ]);
}

let told = null; // the tip last read out: a screen reader hears each tip once, as it first shows

/**
 * Return the tip's words. The box is a polite live region (role status); a region that comes with its words is
 * not read, so a new tip's words come a moment after its box.
 */
function spoken(tip) {
  const words = el("span", { class: "tip-words" });
  const text = tipText(tip);
  const mark = `${tip.kind}|${text}`;
  if (told === mark) {
    words.textContent = text;
  } else {
    told = mark;
    setTimeout(() => {
      words.textContent = text;
    }, 60);
  }
  return words;
}

/**
 * Return the tip's box: its text, "Got it" (hides it on this phone) and "No more tips" (turns tips off for my seat).
 * Once hidden it keeps its place until its decision is over, so nothing under a finger moves: unseen after
 * "Got it", saying how to turn tips back on after "No more tips".
 */
function tipBox(app, tip, hidden) {
  const hide = (off) => {
    app.ui.tipGone = { kind: tip.kind, decision: app.decision, text: tipText(tip), off };
    app.render();
  };
  const noMore = () => {
    if (!app.send({ type: "tips", on: false })) return;
    app.say(t("tips.now_off"));
    hide(true);
  };
  const live = !hidden;
  return el("div", {
    class: `tip${hidden ? (hidden.off ? " tip-off-now" : " gone") : ""}`, role: live ? "status" : null,
    "aria-labelledby": live ? "tip-h" : null, "data-tip": hidden ? hidden.kind : tip.kind,
  }, [
    el("div", { class: "tip-body", "aria-hidden": live ? null : "true" }, [
      bulb("tip-icon"),
      el("p", { class: "tip-text" }, [
        el("strong", { id: live ? "tip-h" : null, class: "tip-label", text: t("tips.label") }),
        " ",
        live ? spoken(tip) : el("span", { text: hidden.text }),
      ]),
      el("div", { class: "tip-actions" }, [
        el("button", { type: "button", class: "btn small tip-no-more", text: t("tips.off"), tabindex: live ? null : "-1",
          disabled: !live, onclick: noMore }),
        el("button", { type: "button", class: "btn small tip-got-it", text: t("tips.got_it"), tabindex: live ? null : "-1",
          disabled: !live, onclick: () => hide(false) }),
      ]),
    ]),
    hidden && hidden.off ? el("p", { class: "tip-note", text: t("tips.now_off") }) : null,
  ]);
}

/** Return the last section (in the page's order) that holds the decision or its moves, or null. */
function decisionEnd(main) {
  let last = null;
  for (const mark of main.querySelectorAll("[data-decision], [data-moves]")) {
    const section = mark.closest("section") || mark;
    if (!last || last.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING) last = section;
  }
  return last;
}

/**
 * Put my tip into the game screen `main` just built, beside the decision's controls: in the game's own
 * `[data-tip-slot]` if it marks one, else right after the last section of the decision and its moves
 * (`[data-decision]`, `[data-moves]`), so it never pushes a control; else at the screen's end.
 */
export function placeTip(main, app) {
  const tip = currentTip(app.update);
  const gone = app.ui.tipGone;
  let hidden = null;
  if (gone && (tip ? tip.kind === gone.kind : gone.decision === app.decision)) hidden = gone;
  else if (gone) app.ui.tipGone = null;
  if (!tip && !hidden) return;
  const box = tipBox(app, tip, hidden);
  const slot = main.querySelector("[data-tip-slot]");
  const end = decisionEnd(main);
  if (slot) slot.replaceChildren(box);
  else if (end && end.parentNode) end.after(box);
  else (main.firstElementChild || main).append(box);
}

/** Draw the top bar's tips switch: shown while I have a seat, on or off as my seat's tips are. */
export function renderTipsSwitch(app) {
  const bar = document.querySelector(".topbar");
  if (!bar) return;
  let button = document.getElementById("tips-switch");
  const you = app.update && app.update.you;
  const seated = !!you && typeof you.seat === "number" && typeof you.tips === "boolean";
  if (!button) {
    if (!seated) return;
    button = el("button", { id: "tips-switch", type: "button", class: "tips-switch", role: "switch" }, [
      bulb("tips-bulb"), el("span", { class: "knob", "aria-hidden": "true" }),
    ]);
    button.addEventListener("click", () => {
      const on = button.getAttribute("aria-checked") !== "true";
      if (!app.send({ type: "tips", on })) return;
      button.setAttribute("aria-checked", String(on)); // at once; the seat's next update confirms it
      app.say(t(on ? "tips.now_on" : "tips.now_off"));
    });
    bar.insertBefore(button, bar.querySelector(".lang-label"));
  }
  button.hidden = !seated;
  button.setAttribute("aria-checked", String(seated && you.tips));
  button.setAttribute("aria-label", t("tips.menu"));
  button.title = t("tips.menu");
}
