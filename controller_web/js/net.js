// The websocket to the table: reconnects on its own with backoff, and at once when the page is shown again.

const MAX_DELAY_MS = 8000;

export class Connection {
  /**
   * Open `/ws?k=KEY`; call onOpen/onMessage(msg)/onStatus("open"|"reconnecting"|"stopped"), and
   * onGone() (then stop) when the server says the key no longer opens this table.
   */
  constructor(key, { onOpen, onMessage, onStatus, onGone }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?k=${encodeURIComponent(key)}`;
    this.checkUrl = `/api/check?k=${encodeURIComponent(key)}`;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.onGone = onGone || null;
    this.checking = false;
    this.ws = null;
    this.delay = 500;
    this.timer = null;
    this.stopped = false;
    document.addEventListener("visibilitychange", () => {
      // A phone that slept has usually lost its socket: do not wait out the backoff.
      if (document.visibilityState === "visible" && !this.isOpen()) this.connectNow();
    });
    window.addEventListener("online", () => this.isOpen() || this.connectNow());
  }

  /** Return true if the socket is open. */
  isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Connect now, dropping any pending retry. */
  connectNow() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = null;
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) {
      if (this.ws.readyState === WebSocket.OPEN) return;
      this.ws.onclose = null;
      this.ws.close();
    }
    const ws = new WebSocket(this.url);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.delay = 500;
      this.onStatus("open");
      this.onOpen();
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && typeof msg === "object") this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.retry();
      // A refused upgrade looks the same as an unreachable TV from here: ask why.
      if (!opened) this.checkTable();
    };
  }

  /** Ask the server whether the key still opens this table; a clear "no" (403) ends the retries. */
  async checkTable() {
    if (this.checking || this.stopped || !this.onGone) return;
    this.checking = true;
    try {
      const res = await fetch(this.checkUrl, { cache: "no-store" });
      // Only 403 means "restarted with a new key": a 404 (an older server) or a 5xx keeps us trying.
      if (res.status === 403 && !this.stopped && !this.isOpen()) {
        this.onGone();
        this.stop();
      }
    } catch {
      // Out of reach (TV off, Wi-Fi gone): keep retrying with backoff.
    } finally {
      this.checking = false;
    }
  }

  retry() {
    if (this.stopped) {
      this.onStatus("stopped");
      return;
    }
    this.onStatus("reconnecting");
    const wait = this.delay * (0.8 + Math.random() * 0.4);
    this.delay = Math.min(this.delay * 2, MAX_DELAY_MS);
    this.timer = setTimeout(() => this.connectNow(), wait);
  }

  /** Send `obj` as JSON; return false if the socket is not open. */
  send(obj) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }

  /** Stop for good (e.g. the seat was opened on another device). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) {
      this.ws.onclose = null;
      this.ws.close();
      this.ws = null;
    }
    this.onStatus("stopped");
  }
}
