// The "what happened" log of a page: its last lines, and what they were told from, so that a
// change of language tells them again in the new one (a line is never left in the old language).

const KEPT = 300; // updates kept to tell again (a game's module may carry state from one update to the next)

/** Return the part of an update a game's `eventLines` reads: who I am and the seats' names. */
function light(update) {
  const seats = update.table && Array.isArray(update.table.seats) ? update.table.seats : [];
  return { you: update.you, table: { seats } };
}

export class EventLog {
  constructor(size) {
    this.size = size;
    this.clear();
  }

  /** Forget everything (a new stage of the table starts a new log). */
  clear() {
    this.kept = [];
    this.lines = [];
  }

  /** Tell an update's events with `game.eventLines`; keep them; return the new lines. */
  add(game, update, events) {
    if (!game || !events.length) return [];
    const lines = game.eventLines(update, events);
    this.kept.push({ game, update: light(update), events });
    if (this.kept.length > KEPT) this.kept.shift();
    if (lines.length) this.lines = this.lines.concat(lines).slice(-this.size);
    return lines;
  }

  /** Tell every kept update again, in order (after the page's language changed). */
  retell() {
    let lines = [];
    for (const { game, update, events } of this.kept) lines = lines.concat(game.eventLines(update, events)).slice(-this.size);
    this.lines = lines;
  }
}
