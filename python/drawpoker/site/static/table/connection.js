// @ts-check
// drawpoker: The table page's connection: the WebSocket to the table, reconnected with the last event
// seen (docs/protocol.md), and the messages sent on it.
import { TABLE_ID, TOKEN_KEY, WATCHING, hooks, page } from "./state.js";

/** @type {WebSocket | null} */
let socket = null;
let retry = 500;  // ms before the next attempt to reconnect
/** @type {ReturnType<typeof setTimeout> | null} */
let pending = null;  // the next attempt, while the connection is lost
/** @type {(message: any) => void} */
let receive = () => {};  // the page's handler of every message (connect's argument)

// Connects and hands every message to `onMessage`; after a drop connects again, asking for
// the events after the last one seen. Meanwhile `page.connected` is false: the controls say the
// connection is lost instead of offering actions that could not be sent.
export function connect(onMessage) {
  receive = onMessage;
  pending = null;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(TABLE_ID)}`);
  socket.addEventListener("open", () => {
    /** @type {Record<string, unknown>} */
    const hello = WATCHING ? { type: "watch" } : { type: "hello", token: page.token };
    if (page.lastSeq !== null) hello.since = page.lastSeq;
    /** @type {WebSocket} */ (socket).send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome") {
      retry = 500;
      page.connected = true;
    }
    receive(message);
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4401) {
      localStorage.removeItem(TOKEN_KEY);
      $("table-area").hidden = true;
      $("page-error").textContent = t("table.bad_token");
      return;
    }
    if (event.code === 4404) return;
    if (event.code === 4429) {
      $("page-error").textContent = t("table.too_many_watchers");
      return;
    }
    page.connected = false;
    hooks.render();
    pending = setTimeout(() => connect(receive), jittered(retry));
    retry = Math.min(retry * 2, 8000);
  });
}

// A phone back on the network, or its page shown again, tries at once rather than at the end
// of a wait that doubled while it was away.
function reconnectNow() {
  if (pending === null || !navigator.onLine || document.visibilityState === "hidden") return;
  clearTimeout(pending);
  retry = 500;
  connect(receive);
}
window.addEventListener("online", reconnectNow);
document.addEventListener("visibilitychange", reconnectNow);

export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}
