// @ts-check
// drawpoker: The table page's connection: the WebSocket to the table (common.js's keptSocket),
// reconnected with the last event seen (docs/protocol.md), and the messages sent on it.
import { TABLE_ID, TOKEN_KEY, WATCHING, hooks, page } from "./state.js";

/** @type {(message: object) => void} */
let sendKept = () => {};

// Connects and hands every message to `onMessage`; after a drop connects again, asking for
// the events after the last one seen. Meanwhile `page.connected` is false: the controls say the
// connection is lost instead of offering actions that could not be sent.
export function connect(onMessage) {
  sendKept = keptSocket(`/ws/${encodeURIComponent(TABLE_ID)}`, {
    open(ws) {
      /** @type {Record<string, unknown>} */
      const hello = WATCHING ? { type: "watch" } : { type: "hello", token: page.token };
      if (page.lastSeq !== null) hello.since = page.lastSeq;
      ws.send(JSON.stringify(hello));
    },
    message(message) {
      if (message.type === "welcome") page.connected = true;
      onMessage(message);
    },
    lost() {
      page.connected = false;
      hooks.render();
    },
    ended(code) {
      if (code === 4401) {
        localStorage.removeItem(TOKEN_KEY);
        $("table-area").hidden = true;
        $("page-error").textContent = t("table.bad_token");
      } else if (code === 4429) {
        $("page-error").textContent = t("table.too_many_watchers");
      }
      return code === 4401 || code === 4404 || code === 4429;
    },
  });
}

export function send(message) {
  sendKept(message);
}
