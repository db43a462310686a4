// The phone's tips (`update.you.tip`: the game's text `tip.<kind>`; the server says which and when), and the top
// bar's switch (`update.you.tips`).

import { el, svg } from "./dom.js";
import { t } from "./i18n.js";

function currentTip(u) {
  const tip = u && u.stage === "playing" && u.you ? u.you.tip : null;
  return tip && typeof tip.key === "string" && typeof tip.kind === "string" ? tip : null;
}

const tipText = (tip) => t(tip.key, tip.params && typeof tip.params === "object" ? tip.params : {});

const bulb = (cls) => svg("svg", { class: cls, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, [
  svg("path", { d: "M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.8.6 1.3 1.5 1.4 2.5V17h4.4v-.7c.1-1 .6-1.9 1.4-2.5A6 6 0 0 0 12 3z" }),
]);

let told = null; // a live region is read when its words change: a new tip's come a moment after its box
function spoken(tip) {
  const text = tipText(tip);
  if (told === text) return el("span", { class: "tip-words", text });
  told = text;
  // meanwhile an unseen, unread twin holds their room: the box has its height from the start (app.js scrolls to it)
  const words = el("span", { class: "tip-words" }, [el("span", { class: "tip-twin", "aria-hidden": "true", text })]);
  setTimeout(() => { words.textContent = text; }, 60);
  return words;
}

// Once hidden ("Got it", "No more tips") a tip keeps its place, unseen, until its decision is over: nothing moves.
function tipBox(app, tip, hidden) {
  const hide = () => {
    app.ui.tipGone = { kind: tip.kind, decision: app.decision, text: tipText(tip) };
    app.render();
  };
  const noMore = () => {
    if (!app.send({ type: "tips", on: false })) return;
    app.say(t("tips.now_off"));
    hide();
  };
  const live = !hidden;
  const button = (cls, key, onclick) => el("button", { type: "button", class: `btn small ${cls}`, text: t(key),
    disabled: !live, tabindex: live ? null : "-1", onclick });
  return el("div", { class: `tip${live ? "" : " gone"}`, role: live ? "status" : null,
    "aria-labelledby": live ? "tip-h" : null, "data-tip": live ? tip.kind : hidden.kind }, [
    bulb("tip-icon"),
    el("p", { class: "tip-text" }, [
      el("strong", { id: live ? "tip-h" : null, class: "tip-label", text: t("tips.label") }), " ",
      live ? spoken(tip) : el("span", { text: hidden.text }),
    ]),
    el("div", { class: "tip-actions" }, [button("tip-no-more", "tips.off", noMore), button("tip-got-it", "tips.got_it", hide)]),
  ]);
}

function decisionEnd(main) {
  let last = null;
  for (const mark of main.querySelectorAll("[data-decision], [data-moves]")) {
    const section = mark.closest("section") || mark;
    if (!last || last.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING) last = section;
  }
  return last;
}

/** Put my tip after the decision and its moves (else at the end): it never pushes a control. */
export function placeTip(main, app) {
  const tip = currentTip(app.update);
  const gone = app.ui.tipGone;
  let hidden = null;
  if (gone && (tip ? tip.kind === gone.kind : gone.decision === app.decision)) hidden = gone;
  else app.ui.tipGone = null;
  if (!tip && !hidden) return;
  const box = tipBox(app, tip, hidden);
  const end = decisionEnd(main);
  if (end && end.parentNode) end.after(box);
  else (main.firstElementChild || main).append(box);
}

/** Draw the top bar's tips switch while I have a seat. */
export function renderTipsSwitch(app) {
  const you = app.update && app.update.you;
  const seated = !!you && typeof you.seat === "number" && typeof you.tips === "boolean";
  let button = document.getElementById("tips-switch");
  if (!button) {
    if (!seated) return;
    button = el("button", { id: "tips-switch", type: "button", class: "tips-switch", role: "switch" },
      [bulb("tips-bulb"), el("span", { class: "tips-knob", "aria-hidden": "true" })]);
    button.addEventListener("click", () => {
      const on = button.getAttribute("aria-checked") !== "true";
      if (!app.send({ type: "tips", on })) return;
      button.setAttribute("aria-checked", String(on));
      app.say(t(on ? "tips.now_on" : "tips.now_off"));
    });
    const bar = document.querySelector(".topbar");
    bar.insertBefore(button, bar.querySelector(".lang-label"));
  }
  button.hidden = !seated;
  button.setAttribute("aria-checked", String(seated && you.tips));
  button.setAttribute("aria-label", t("tips.menu"));
}
