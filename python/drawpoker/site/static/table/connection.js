// @ts-check
// drawpoker: The table page's connection: the WebSocket to the table, reconnected with the last event
// seen (docs/protocol.md), and the messages sent on it.
import { TABLE_ID, TOKEN_KEY, WATCHING, hooks, page } from "./state.js";

// A connection quiet this long is asked for a pong; one that still says nothing after a further
// ANSWER_MS is given up and made again. A phone that changed networks keeps a socket that is
// dead without a close: only a message that never comes tells.
const QUIET_MS = 20000;
const ANSWER_MS = 10000;

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
  const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(TABLE_ID)}`);
  socket = ws;
  let heard = performance.now();  // the latest message, or the opening
  const watch = setInterval(() => {
    const quiet = performance.now() - heard;
    if (ws.readyState !== WebSocket.OPEN || quiet < QUIET_MS) return;
    if (quiet < QUIET_MS + ANSWER_MS) {
      ws.send(JSON.stringify({ type: "ping" }));
    } else {
      clearInterval(watch);
      lost(ws);  // its close would wait on a closing handshake a dead network never answers
      ws.close();
    }
  }, ANSWER_MS / 2);
  ws.addEventListener("open", () => {
    heard = performance.now();
    /** @type {Record<string, unknown>} */
    const hello = WATCHING ? { type: "watch" } : { type: "hello", token: page.token };
    if (page.lastSeq !== null) hello.since = page.lastSeq;
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener("message", (event) => {
    if (ws !== socket) return;
    heard = performance.now();
    const message = JSON.parse(event.data);
    if (message.type === "welcome") {
      retry = 500;
      page.connected = true;
    }
    receive(message);
  });
  ws.addEventListener("close", (event) => {
    clearInterval(watch);
    if (ws !== socket) return;  // given up already
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
    lost(ws);
  });
}

// The connection `ws` is lost: the page says so and tries again after a wait that doubles, up to
// 8 s; `ws` is no longer listened to.
function lost(ws) {
  if (ws !== socket) return;
  socket = null;
  page.connected = false;
  hooks.render();
  pending = setTimeout(() => connect(receive), jittered(retry));
  retry = Math.min(retry * 2, 8000);
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
