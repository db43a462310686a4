// The websocket to the table: reconnects on its own with backoff, and at once when the page is shown again.

const MAX_DELAY_MS = 8000;

export class Connection {
  /** Open `/ws?k=KEY`; call onOpen/onMessage(msg)/onStatus("open"|"reconnecting"|"stopped"). */
  constructor(key, { onOpen, onMessage, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?k=${encodeURIComponent(key)}`;
    this.onOpen = onOpen;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
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
    ws.onopen = () => {
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
    };
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
