// @ts-check
// drawpoker: The table page's shared state: the table's facts, the seat's latest state as the server sent it,
// the choices being made (discards picked, an amount typed, a pre-action), and the words every
// part uses for a seat (its name, its score).

/** The page's state: what the server sent last and what the person is choosing. */
export const page = {
  /** @type {any} */
  facts: null,        // the table's public facts (the welcome's "table")
  /** @type {any} */
  state: null,        // the seat's latest whole state
  /** @type {number | null} */
  seat: null,         // our seat (null: watching)
  /** @type {string | null} */
  token: null,        // our seat token
  /** @type {number | null} */
  lastSeq: null,      // the latest event of our stream we have
  /** @type {Set<number>} */
  picked: new Set(),  // indexes of our cards picked to discard
  /** @type {number | null} */
  pickedFor: null,    // the seq the picks belong to
  /** @type {[number, string] | null} */
  amountDraft: null,  // [seq, text] of the amount being typed
  /** @type {number | null} */
  deadline: null,     // performance.now() at which the turn timer runs out
  sent: false,        // an action was sent and no update came yet
  connected: false,   // the table's socket is open and its welcome came (false: reconnecting)
  /** @type {number | null} */
  pauseEnd: null,     // performance.now() at which the server's pause after a hand ends
  /** @type {{kind: string, hand: number, street: number, bet: number} | null} */
  preAction: null,    // a choice made before our turn ({kind, hand, street, bet})
};

/** What the parts call to redraw the page (the entry sets it: render draws every part). */
export const hooks = { render: () => {} };

export const TABLE_ID = decodeURIComponent(/** @type {string} */ (location.pathname.split("/").filter(Boolean).pop()));

export const TOKEN_KEY = `drawpoker.seat.${TABLE_ID}`;

export const WATCHING = new URLSearchParams(location.search).has("watch");  // a watcher: no seat

export function playerName(s, capital = true) {
  if (s === page.seat) return capital ? t("table.you") : t("table.you.inline");
  const player = page.state && page.state.players[s];
  return player ? player.name : t("table.seat", { seat: formatNumber(s + 1) });
}

// A message with its {name} placeholder given as nodes (a name in its own <bdi>).
export function withNodes(text, nodes) {
  const [before, after = ""] = text.split("{name}");
  return [before, ...nodes, after];
}

// A player's name as the page shows it, in its own isolate: "Sam (you)" for our own seat.
export function nameOf(name, s) {
  const bdi = element("bdi", { text: name });
  return s === page.seat ? withNodes(t("table.you.name"), [bdi]) : [bdi];
}

export function titleOf(g) {
  return gameTitle(g.name, g.title);
}

// Names joined as a list ("Ann, Bob and Cy"), in the page's language.
export function joinNames(names) {
  if (names.length < 2) return names.join("");
  return t("table.and", { first: names.slice(0, -1).join(t("lobby.separator")), last: names[names.length - 1] });
}

// A chip amount or a point score with its counted unit: "1,990 chips", "3 points".
export function scoreText(score) {
  return page.facts.game.betting ? t("count.chips", {}, score) : t("table.count.points", {}, score);
}

/** @type {number | undefined} */
let messageTimer;  // clears the message shown last; a newer message restarts it

export function showMessage(text) {
  $("message").textContent = text;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { $("message").textContent = ""; }, 8000);
}

// The finished hand the felt shows now: the last hand during the pause after it (the server
// holds the table still meanwhile), the final hand once the game is over; else null.
export function shownHand() {
  if (!page.state) return null;
  if (page.state.phase === "done") return page.state;
  if (page.state.pause !== null && page.state.pause !== undefined && page.state.last) return page.state.last;
  return null;
}

export function myTurn() {
  return page.state && page.seat !== null && page.state.status === "playing" && page.state.actor === page.seat && page.state.legal !== null &&
    !page.state.players[page.seat].away;
}
