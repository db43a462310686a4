// The coach on a coached seat's phone: a Hint button during its decisions, the coach's reason in the player's
// language, and the suggested control lit up (the player still taps). The server answers only this phone.
//
// A game's phone module may say how to light its controls: `hintTargets(app, action)` returns the `data-hint`
// values of the controls to light for the coach's move (the screen marks its controls with `data-hint`), and
// `takeHint(app, action)` may set the screen's own state once (e.g. a stepper to the suggested amount);
// `hintText(reason)` may write the reason itself (its card names). Without them the reason is still shown.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const ASK_TIMEOUT_MS = 10000;

/** Return true if my seat has the coach (the table's seats say so: everyone sees the badge). */
export function coached(app) {
  const u = app.update;
  const seat = u && u.you ? u.you.seat : null;
  const row = u && u.table && Array.isArray(u.table.seats) ? u.table.seats.find((s) => s.seat === seat) : null;
  return !!(row && row.coached === true);
}

/** Forget a hint that no longer fits: another decision, or none. Called with every update. */
export function keepHint(app) {
  const coach = app.coach;
  if (coach.key !== null && coach.key !== app.decision) {
    coach.key = null;
    coach.hint = null;
    coach.asked = false;
  }
}

/** Ask the coach about the decision on the screen now. */
export function askHint(app) {
  if (!app.update || app.coach.asked || !app.decision) return;
  if (!app.send({ type: "hint", version: app.update.version })) return;
  const ask = app.coach.ask + 1;
  app.coach.ask = ask;
  app.coach.key = app.decision;
  app.coach.asked = true;
  app.coach.hint = null;
  app.render();
  // an answer that never comes (the coach failed, the Wi-Fi dropped it) must not leave the button off for good;
  // this ask's own wait only: an earlier ask's, about the same decision, must not end a later ask still waiting
  // for its answer (that answer would be dropped when it came, and the player left with nothing)
  setTimeout(() => {
    if (app.coach.asked && app.coach.ask === ask) {
      app.coach.asked = false;
      app.render();
    }
  }, ASK_TIMEOUT_MS);
}

/** Take the coach's answer: shown while my decision is still the one it was asked about (else dropped). */
export function onHint(app, msg) {
  const coach = app.coach;
  if (!coach.asked || coach.key !== app.decision || !msg.action || typeof msg.action !== "object") return false;
  coach.asked = false;
  coach.hint = { action: msg.action, reason: msg.reason && typeof msg.reason === "object" ? msg.reason : {} };
  if (app.game && app.game.takeHint) app.game.takeHint(app, msg.action);
  return true;
}

/** A refused hint (or a failed send) stops the "thinking" line. */
export function hintRefused(app) {
  app.coach.asked = false;
}

function reasonText(app, reason) {
  if (app.game && app.game.hintText) return app.game.hintText(reason);
  return typeof reason.key === "string" ? t(reason.key, reason.params || {}) : "";
}

/** Return what the coach says now (for the live region): its reason. */
export function hintSaid(app) {
  const hint = app.coach.hint;
  return hint ? `${t("coach.title")}: ${reasonText(app, hint.reason)}` : "";
}

/**
 * Return the coach's panel for a coached seat's game screen, or null. It stays for the whole game, its height
 * kept (css/app.css), so no control below it moves when a decision starts or the coach speaks; its button
 * asks only during my decisions.
 */
export function coachPanel(app) {
  const u = app.update;
  if (!coached(app) || !u || u.stage !== "playing") return null;
  const coach = app.coach;
  const hint = app.decision && coach.key === app.decision ? coach.hint : null;
  const text = hint ? reasonText(app, hint.reason) : coach.asked && app.decision ? t("coach.thinking") : t("coach.idle");
  return el("section", { class: `panel coach-panel${hint ? " has-hint" : ""}`, "aria-labelledby": "coach-h" }, [
    el("h2", { id: "coach-h", class: "sr-only", text: t("coach.title") }),
    el("button", {
      type: "button", class: "btn coach-btn", text: t("coach.hint"), title: t("coach.ask"),
      disabled: !app.decision || coach.asked || app.ui.pending, "aria-describedby": "coach-says", onclick: () => askHint(app),
    }),
    el("p", { id: "coach-says", class: "coach-says", "aria-live": "polite", text }),
  ]);
}

/** Put the coach's panel into a rendered game screen (under its status bar) and light the suggested control. */
export function withCoach(app, screen) {
  const panel = coachPanel(app);
  if (!panel) return screen;
  const bar = screen.querySelector(".status-bar");
  if (bar) bar.after(panel);
  else screen.prepend(panel);
  const hint = app.coach.hint;
  if (hint && app.coach.key === app.decision && app.game && app.game.hintTargets) {
    for (const key of app.game.hintTargets(app, hint.action) || []) {
      for (const node of screen.querySelectorAll("[data-hint]")) {
        if (node.getAttribute("data-hint") === String(key)) node.classList.add("hinted");
      }
    }
  }
  return screen;
}
