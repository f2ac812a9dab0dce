// @ts-check
// drawpoker: The table page's connection: the WebSocket to the table, reconnected with the last event
// seen (docs/protocol.md), and the messages sent on it.
import { TABLE_ID, TOKEN_KEY, WATCHING, page } from "./state.js";

/** @type {WebSocket | null} */
let socket = null;
let retry = 500;  // ms before the next attempt to reconnect
/** @type {(message: any) => void} */
let receive = () => {};  // the page's handler of every message (connect's argument)

// Connects and hands every message to `onMessage`; after a drop connects again, asking for
// the events after the last one seen.
export function connect(onMessage) {
  receive = onMessage;
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
    if (message.type === "welcome") retry = 500;
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
    setTimeout(() => connect(receive), retry);
    retry = Math.min(retry * 2, 8000);
  });
}

export function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}
