// drawpoker: the table page. The server is the only authority: this page shows the seat's
// state as the server sends it (docs/protocol.md) and sends the person's choices; it checks
// them too (amounts in range, the draw limit) so that a refusal is rare, never trusted.
// After a hand the server pauses the table (state.pause): meanwhile the felt shows that hand's
// result (state.last: the shown hands, the awards per pot and half, the chips won) until the
// pause ends or every present person clicked "Next hand".
"use strict";

const TABLE_ID = decodeURIComponent(/** @type {string} */ (location.pathname.split("/").filter(Boolean).pop()));
const TOKEN_KEY = `drawpoker.seat.${TABLE_ID}`;
const WATCHING = new URLSearchParams(location.search).has("watch");  // a watcher: no seat

let facts = null;        // the table's public facts (the welcome's "table")
let state = null;        // the seat's latest whole state
let seat = null;         // our seat
let token = null;        // our seat token
let lastSeq = null;      // the latest event of our stream we have
let socket = null;
let retry = 500;
let picked = new Set();  // indexes of our cards picked to discard
let pickedFor = null;    // the seq the picks belong to
let amountDraft = null;  // [seq, text] of the amount being typed
let deadline = null;     // performance.now() at which the turn timer runs out
let sent = false;        // an action was sent and no update came yet
let logHand = null;
let pauseEnd = null;     // performance.now() at which the server's pause after a hand ends
let preAction = null;    // a choice made before our turn ({kind, hand, street, bet})

function playerName(s, capital = true) {
  if (s === seat) return capital ? "You" : "you";
  const player = state && state.players[s];
  return player ? player.name : `Seat ${s + 1}`;
}

/** @type {number | undefined} */
let messageTimer;  // clears the message shown last; a newer message restarts it

function showMessage(text) {
  $("message").textContent = text;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { $("message").textContent = ""; }, 8000);
}

// ------------------------------------------------------------------ joining and connecting

async function main() {
  try {
    facts = await requestJSON("GET", `/api/tables/${encodeURIComponent(TABLE_ID)}`);
  } catch (error) {
    $("page-error").textContent = error.status === 404 ? "There is no such table." : error.message;
    return;
  }
  document.title = `drawpoker: ${facts.game.title}`;
  token = localStorage.getItem(TOKEN_KEY);
  if (WATCHING) {
    connect();
  } else if (!token && deviceKey() && (token = await takeBack())) {
    connect();
  } else if (token) {
    connect();
  } else if (facts.open_seats.length && facts.status !== "over") {
    showJoin();
  } else {
    showFull();
  }
}

// This device's seat at this table, taken back with a new token (null when it has none here).
async function takeBack() {
  try {
    const back = await requestJSON("POST", `/api/tables/${encodeURIComponent(TABLE_ID)}/return`,
      { device: deviceKey() });
    localStorage.setItem(TOKEN_KEY, back.token);
    return back.token;
  } catch (_) {
    return null;
  }
}

// A full or finished table offers to watch it (and, when finished, to play the game again).
function showFull() {
  $("full").hidden = false;
  if (facts.status !== "over") return;
  $("full-title").textContent = `This game of ${facts.game.title} is over`;
  $("watch-link").textContent = "See how it ended";
  // a new seat of this game by "Play now" (#play-again is the game-over button of a seat)
  $("play-this-game").hidden = false;
  $("play-this-game").textContent = `Play ${facts.game.title} again`;
  $("play-this-game").addEventListener("click", async () => {
    try {
      const name = localStorage.getItem("drawpoker.nickname") || undefined;
      const body = { game: facts.game.name, name, device: deviceKey() || undefined };
      const taken = await requestJSON("POST", "/api/play", body);
      localStorage.setItem(`drawpoker.seat.${taken.id}`, taken.token);
      location.href = `/table/${encodeURIComponent(taken.id)}`;
    } catch (error) {
      $("page-error").textContent = error.message;
    }
  });
}

function showJoin() {
  $("join").hidden = false;
  $("join-title").textContent = `Take a seat: ${facts.game.title}`;
  const people = facts.players.filter((p) => p.cpu === null).length;
  $("join-facts").textContent =
    `${facts.players.length} seats (${people} for people), ${facts.rounds} rounds` +
    (facts.turn_timer ? `, ${facts.turn_timer} s per turn` : "") + ".";
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const taken = await requestJSON("POST", `/api/tables/${encodeURIComponent(TABLE_ID)}/seats`,
        { name: /** @type {HTMLInputElement} */ ($("name")).value || undefined, device: deviceKey() || undefined });
      token = taken.token;
      localStorage.setItem(TOKEN_KEY, token);
      $("join").hidden = true;
      connect();
    } catch (error) {
      $("page-error").textContent = error.message;
      if (error.status === 409) { $("join").hidden = true; showFull(); }
    }
  });
  if (typeof deviceNickname === "function") /** @type {HTMLInputElement} */ ($("name")).value = deviceNickname();
  $("name").focus();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(TABLE_ID)}`);
  socket.addEventListener("open", () => {
    const hello = WATCHING ? { type: "watch" } : { type: "hello", token };
    if (lastSeq !== null) hello.since = lastSeq;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 4401) {
      localStorage.removeItem(TOKEN_KEY);
      $("table-area").hidden = true;
      $("page-error").textContent = "This browser's seat token is not one of this table's.";
      return;
    }
    if (event.code === 4404) return;
    if (event.code === 4429) {
      $("page-error").textContent = "This table has as many watchers as it takes: try again later.";
      return;
    }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function receive(message) {
  if (message.type === "welcome") {
    retry = 500;
    facts = message.table;
    seat = message.seat;
    $("table-area").hidden = false;
    if (seat === null) {  // a watcher: nothing to do at the table
      /** @type {HTMLElement} */ ($("away").closest(".panel")).hidden = true;
      $("start-now").hidden = true;
    }
    if (lastSeq === null) {  // a first connection; a reconnect's events follow what the log has
      $("log").replaceChildren();
      logHand = null;
    }
    state = message.state;
    addEvents(message.events);
    setState(message.state);
  } else if (message.type === "update") {
    addEvents(message.events);
    setState(message.state);
  } else if (message.type === "error") {
    sent = false;
    showMessage(`Refused: ${message.message}`);
    if (state) render();
  }
}

function setState(next) {
  state = next;
  lastSeq = next.seq;
  sent = false;
  deadline = next.time_left === null ? null : performance.now() + 1000 * next.time_left;
  pauseEnd = next.pause === null || next.pause === undefined ? null : performance.now() + 1000 * next.pause;
  if (pickedFor !== next.seq) { picked = new Set(); pickedFor = next.seq; }
  if (preAction && preActionStale(preAction, next)) preAction = null;
  render();
  if (preAction && myTurn() && shownHand() === null) playPreAction();
}

// ------------------------------------------------------------------ pre-action choices

// A choice made while others act: "check-fold", "check" or "call-any", for the betting round
// it was made in; check and check/fold clear themselves when the bet to match changes.
function preActionStale(pre, next) {
  if (pre.hand !== next.hand || pre.street !== next.street || next.phase !== "bet") return true;
  return pre.kind !== "call-any" && pre.bet !== next.current_bet;
}

function playPreAction() {
  const kinds = state.legal.kinds;
  const kind = preAction.kind;
  preAction = null;
  if (kind === "check-fold") act(kinds.includes("check") ? "check" : "fold");
  else if (kind === "check" && kinds.includes("check")) act("check");
  else if (kind === "call-any" && kinds.includes("call")) act("call");
  else if (kind === "call-any" && kinds.includes("check")) act("check");
  else render();
}

function preActionControls() {
  const row = element("div", { class: "row pre-actions", role: "group", "aria-label": "before your turn" });
  for (const [kind, label] of [["check-fold", "Check/fold"], ["check", "Check"], ["call-any", "Call any"]]) {
    const chosen = preAction !== null && preAction.kind === kind;
    const b = element("button", { type: "button", id: `pre-${kind}`, class: "secondary pre",
      text: label, "aria-pressed": chosen ? "true" : "false" });
    b.addEventListener("click", () => {
      preAction = chosen ? null : { kind, hand: state.hand, street: state.street, bet: state.current_bet };
      render();
    });
    row.append(b);
  }
  return row;
}

// ------------------------------------------------------------------ the log

function addEvents(events) {
  const log = $("log");
  for (const e of events) {
    if (e.hand !== logHand) {
      logHand = e.hand;
      log.append(element("div", { class: "hand-line", text: `Hand ${e.hand + 1}` }));
    }
    log.append(element("div", { text: e.sentence, dir: "auto" }));  // the server's narration, in our language
  }
  while (log.childNodes.length > 300) log.removeChild(/** @type {ChildNode} */ (log.firstChild));
  log.scrollTop = log.scrollHeight;
}

// ------------------------------------------------------------------ the felt

// The finished hand the felt shows now: the last hand during the pause after it (the server
// holds the table still meanwhile), the final hand once the game is over; else null.
function shownHand() {
  if (!state) return null;
  if (state.phase === "done") return state;
  if (state.pause !== null && state.pause !== undefined && state.last) return state.last;
  return null;
}

function potName(i, count) {
  if (count <= 1) return "the pot";
  return i === 0 ? "the main pot" : `side pot ${i}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// What a seat won of a finished hand, in words: "Wins 1,200: the main pot (high)".
function awardText(hand, s) {
  const won = hand.won.filter((w) => w.seat === s).reduce((sum, w) => sum + w.amount, 0);
  const split = facts.game.split;
  const pots = [];
  hand.awards.forEach((pot, i) => {
    const name = potName(i, hand.awards.length);
    if (pot.high.includes(s)) pots.push(split ? `${name} (high)` : name);
    if (pot.low.includes(s)) pots.push(`${name} (low)`);
  });
  const verb = s === seat ? "You win" : "Wins";
  if (!facts.game.betting) return hand.winners.includes(s) ? (s === seat ? "You score a point" : "Scores a point") : "";
  if (!won) return "";
  return `${verb} ${chips(won)}${pots.length ? `: ${pots.join(", ")}` : ""}`;
}

// The ring the other seats sit on: the whole felt when it is wide; on a tall (phone) felt the
// part above the player's own seat (ownHeight px at the bottom), so that nobody covers it.
function ring(w, h, ownHeight) {
  if (h <= w) return { cx: w / 2, cy: h / 2, h };
  const free = Math.max(h - ownHeight - 6, h / 2);
  return { cx: w / 2, cy: free / 2, h: free };
}

// Where seat s sits on a felt of w x h pixels for a box of bw x bh: the player's own seat at
// the bottom, the others spread over the rest of an ellipse; every box stays on the felt.
function seatSpot(s, n, w, h, bw, bh, ownHeight) {
  const turn = (s - seat + n) % n;
  if (turn === 0) return [w / 2, h - bh / 2];
  const gap = 0.9;  // radians kept clear on each side of the player's own seat at the bottom
  const angle = Math.PI / 2 + Math.max(gap, Math.min(2 * Math.PI - gap, (2 * Math.PI * turn) / n));
  const r = ring(w, h, ownHeight);
  const x = r.cx + Math.max(0, w / 2 - bw / 2) * Math.cos(angle);
  const y = r.cy + Math.max(0, r.h / 2 - bh / 2) * Math.sin(angle);
  return [x, y];
}

function seatCards(s, hand, result) {
  const box = element("div", { class: "cards" });
  // another seat's stud hand (up to seven cards) is drawn smaller to keep the felt clear
  if (s !== seat && hand.card_counts[s] > 5) box.classList.add("many");
  if (s === seat) {
    const up = new Set(hand.up[s] || []);
    const drawing = !result && myTurn() && state.legal.kinds.includes("draw");
    if (drawing) box.classList.add("drawing");
    hand.cards.forEach((card, i) => {
      const el = cardElement(card);
      if (up.has(card)) el.classList.add("up");
      if (drawing) {
        el.classList.add("pickable");
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        el.setAttribute("aria-pressed", picked.has(i) ? "true" : "false");
        el.setAttribute("aria-label", `${cardName(card)}${picked.has(i) ? ", to discard" : ""}`);
        if (picked.has(i)) el.classList.add("picked");
        const toggle = () => {
          if (picked.has(i)) picked.delete(i); else picked.add(i);
          render();
          const again = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`#seat-${seat} .card.pickable`))[i];
          if (again) again.focus();
        };
        el.addEventListener("click", toggle);
        el.addEventListener("keydown", (event) => {
          if (event.key === " " || event.key === "Enter") { event.preventDefault(); toggle(); }
        });
      }
      box.append(el);
    });
    return box;
  }
  const shown = hand.shown.find((x) => x.seat === s) || hand.exposed.find((x) => x.seat === s);
  if (shown) {
    box.dataset.shown = shown.cards.join(" ");
    for (const card of shown.cards) box.append(cardElement(card));
    return box;
  }
  if (!hand.live[s]) return box;
  const up = hand.up[s] || [];
  const down = Math.max(hand.card_counts[s] - up.length, 0);
  for (let i = 0; i < down; i++) box.append(cardElement(null));
  for (const card of up) {
    const el = cardElement(card);
    el.classList.add("up");
    box.append(el);
  }
  return box;
}

function seatNote(s, hand, result) {
  const player = state.players[s];
  const notes = [];
  if (!player.taken) notes.push("open seat");
  if (player.away) notes.push(player.taken ? "away: a CPU plays" : "a CPU plays");
  else if (player.cpu === null && player.taken && !player.connected && s !== seat) notes.push("offline");
  if (hand.card_counts[s] === 0 && hand.phase !== "done") notes.push("out");
  else if (!hand.live[s]) notes.push("folded");
  else if (hand.stacks[s] === 0 && facts.game.betting && !result) notes.push("all in");
  if (hand.drawn[s] >= 0 && hand.live[s]) notes.push(hand.drawn[s] === 0 ? "stood pat" : `drew ${hand.drawn[s]}`);
  return notes.join(" \u00b7 ");
}

function renderFelt() {
  const felt = $("felt");
  felt.querySelectorAll(".seat, .bet").forEach((el) => el.remove());
  const finished = shownHand();
  const result = finished !== null;
  const hand = finished || state;
  felt.dataset.view = result ? (hand.shown.length ? "showdown" : "no-showdown") : "hand";
  felt.dataset.hand = String(hand.hand);
  felt.classList.toggle("crowded", state.players.length > 6);
  const n = state.players.length;
  const blinds = new Map(hand.blinds.map((b) => [b.seat, b.name]));
  const boxes = [];
  for (let s = 0; s < n; s++) {
    const player = state.players[s];
    const box = element("div", { class: "seat", id: `seat-${s}` });
    if (s === seat) box.classList.add("you");
    if (!result && state.actor === s && state.status === "playing") box.classList.add("acting");
    if (!hand.live[s] && hand.card_counts[s] > 0) box.classList.add("folded");
    const rated = typeof player.rating === "number" ? ` \u00b7 ${player.rating.toFixed(1)}` : "";
    const name = element("div", { class: "name", text: (s === seat ? `${player.name} (you)` : player.name) + rated });
    if (player.cpu) name.append(element("span", { class: "tag", text: `(${player.cpu})` }));
    if (hand.button === s && !facts.game.stud) name.append(element("span", { class: "badge button", text: "D", title: "the button (dealer)" }));
    if (blinds.has(s)) name.append(element("span", { class: `badge ${blinds.get(s)}`, text: blinds.get(s) }));
    box.append(name);
    const score = facts.game.betting ? `${chips(hand.stacks[s])} chips` : `${chips(state.points[s])} points`;
    box.append(element("div", { class: "stack", text: score }));
    box.append(seatCards(s, hand, result));
    const shown = hand.shown.find((x) => x.seat === s);
    if (shown && shown.text) box.append(element("div", { class: "shown", text: handText(shown) }));
    if (result) {
      const award = awardText(hand, s);
      if (award) {
        box.classList.add("winner");
        box.dataset.winner = "yes";
        box.append(element("div", { class: "award", text: award }));
      }
    }
    box.append(element("div", { class: "note", text: seatNote(s, hand, result) }));
    if (!result && state.actor === s && deadline !== null && state.timer) {
      // the turn timer as a bar that empties (its seconds are in the panel below, in words)
      box.append(element("div", { class: "timebar", "aria-hidden": "true" }, element("span", { id: "timebar" })));
    }
    felt.append(box);
    boxes.push(box);
  }
  const w = felt.clientWidth;
  const h = felt.clientHeight;
  const own = seat === null ? 0 : boxes[seat].offsetHeight;  // a watcher has no seat of its own
  const middle = ring(w, h, own);
  $("centre").style.top = `${middle.cy}px`;
  boxes.forEach((box, s) => {
    const [x, y] = seatSpot(s, n, w, h, box.offsetWidth, box.offsetHeight, own);
    box.style.left = `${x}px`;
    box.style.top = `${y}px`;
    if (hand.bets[s] > 0) {
      const bet = element("div", { class: "bet", id: `bet-${s}`, text: chips(hand.bets[s]) });
      bet.style.left = `${middle.cx + 0.45 * (x - middle.cx)}px`;
      bet.style.top = `${middle.cy + 0.45 * (y - middle.cy)}px`;
      felt.append(bet);
    }
  });
  $("board").replaceChildren(...hand.board.map((c) => cardElement(c)));
  const won = hand.won.reduce((sum, w2) => sum + w2.amount, 0);
  $("pot").textContent = result ? `Pot ${chips(won)} paid out` : `Pot ${chips(state.pot)}`;
  $("pot").hidden = !facts.game.betting;
  const pots = !result && state.pots.length > 1
    ? state.pots.map((p, i) => `${capital(potName(i, state.pots.length))} ${chips(p.amount)}`).join(" \u00b7 ")
    : "";
  $("pots").textContent = pots;
  $("result").replaceChildren(...(result ? resultLines(hand) : []).map((line) => element("div", { text: line })));
}

// A shown hand in words; in a hi/lo game its low too ("no low" when it has none).
function handText(shown) {
  if (!("low" in shown)) return shown.text;
  return `${shown.text}; ${shown.low === null ? "no low" : `low: ${shown.low}`}`;
}

function namesWith(hand, seats, low) {
  return seats.map((s) => {
    const shown = hand.shown.find((x) => x.seat === s);
    const text = shown ? (low ? shown.low : shown.text) : "";
    return `${playerName(s)}${text ? ` (${text})` : ""}`;
  }).join(" and ");
}

// A finished hand's result, one line per pot (and half): "The main pot 900: Ann (Full house,
// threes full of deuces)"; in a hi/lo game "high: ...; low: ..."; without a showdown "CPU 2
// wins 150: everyone else folded (no showdown)".
function resultLines(hand) {
  if (hand.awards.length) {
    return hand.awards.map((pot, i) => {
      const title = `${capital(potName(i, hand.awards.length))} ${chips(pot.amount)}`;
      if (!facts.game.split) return `${title}: ${namesWith(hand, pot.high, false)}`;
      const low = pot.low.length ? `low: ${namesWith(hand, pot.low, true)}` : "no qualifying low: the high takes it all";
      return `${title}, high: ${namesWith(hand, pot.high, false)}; ${low}`;
    });
  }
  const lines = [];
  for (const won of hand.won) {
    const verb = won.seat === seat ? "win" : "wins";
    lines.push(`${playerName(won.seat)} ${verb} ${chips(won.amount)}`);
  }
  if (!facts.game.betting) {
    for (const winner of hand.winners) {
      const shown = hand.shown.find((x) => x.seat === winner);
      lines.push(`${playerName(winner)} ${winner === seat ? "score" : "scores"} a point${shown && shown.text ? ` (${shown.text})` : ""}`);
    }
  }
  if (!hand.shown.length && lines.length) lines.push("Everyone else folded: no showdown.");
  return lines;
}

// ------------------------------------------------------------------ the controls

function myTurn() {
  return state && seat !== null && state.status === "playing" && state.actor === seat && state.legal !== null &&
    !state.players[seat].away;
}

function amountProblem(amount, legal) {
  if (!Number.isInteger(amount)) return "give a whole number of chips";
  if (amount === legal.max_to) return null;
  if (amount < legal.min_to) return `at least ${chips(legal.min_to)}`;
  if (amount > legal.max_to) return `at most ${chips(legal.max_to)}${legal.all_in ? " (all in)" : ""}`;
  if (legal.step > 1 && (amount - legal.min_to) % legal.step !== 0) return `in steps of ${chips(legal.step)}`;
  return null;
}

function act(kind, extra = {}) {
  if (sent) return;
  sent = true;
  send({ type: "act", seq: state.seq, kind, ...extra });
  render();
}

function betControls(legal) {
  const row = element("div", { class: "row" });
  const kinds = legal.kinds;
  if (kinds.includes("fold")) {
    const b = element("button", { type: "button", id: "act-fold", class: "secondary", text: "Fold" });
    b.addEventListener("click", () => act("fold"));
    row.append(b);
  }
  if (kinds.includes("check")) {
    const b = element("button", { type: "button", id: "act-check", text: "Check" });
    b.addEventListener("click", () => act("check"));
    row.append(b);
  }
  if (kinds.includes("bring-in")) {
    const b = element("button", { type: "button", id: "act-bring-in", text: `Bring in ${chips(legal.call)}` });
    b.addEventListener("click", () => act("bring-in"));
    row.append(b);
  }
  if (kinds.includes("call")) {
    const b = element("button", { type: "button", id: "act-call", text: `Call ${chips(legal.call)}` });
    b.addEventListener("click", () => act("call"));
    row.append(b);
  }
  const sizing = kinds.includes("bet") ? "bet" : kinds.includes("raise") ? "raise" : null;
  const box = [row];
  // stud: raising a bring-in to the small bet, or betting it instead, completes (R-STUD-2)
  const completing = kinds.includes("bring-in") ||
    (facts.game.bring_in > 0 && state.current_bet === facts.game.bring_in);
  const verb = completing ? "Complete to" : "Bet";
  const raiseVerb = completing ? "Complete to" : "Raise to";
  // "Bet 600", "Raise to 1,200"; "All in" only for every chip the seat has
  const words = (amount) => {
    if (legal.all_in && amount === legal.max_to) return `All in ${chips(amount)}`;
    return `${sizing === "bet" ? verb : raiseVerb} ${chips(amount)}`;
  };
  if (sizing && legal.min_to === legal.max_to) {
    // one size only (fixed limit, a unit bet, or all in): no amount to choose
    const amount = legal.min_to;
    const b = element("button", { type: "button", id: `act-${sizing}`, text: words(amount) });
    b.addEventListener("click", () => act(sizing, { amount }));
    row.append(b);
  } else if (sizing) {
    const input = element("input", {
      type: "number", id: "amount", min: String(legal.min_to), max: String(legal.max_to),
      step: String(legal.step || 1), "aria-label": sizing === "bet" ? "bet amount" : "raise to",
    });
    input.value = amountDraft && amountDraft[0] === state.seq ? amountDraft[1] : String(legal.min_to);
    const button = element("button", { type: "button", id: `act-${sizing}` });
    const hint = element("span", { class: "hint", id: "amount-hint" });
    const slider = element("input", {
      type: "range", id: "amount-slider", min: String(legal.min_to), max: String(legal.max_to),
      step: String(legal.step || 1), "aria-label": sizing === "bet" ? "bet amount, slider" : "raise to, slider",
    });
    const update = () => {
      amountDraft = [state.seq, input.value];
      if (input.value !== "" && Number.isFinite(Number(input.value))) slider.value = input.value;
      const amount = Number(input.value);
      const problem = amountProblem(amount, legal);
      button.textContent = problem === null ? words(amount) : `${sizing === "bet" ? verb : raiseVerb} ${input.value}`;
      button.disabled = problem !== null || sent;
      hint.textContent = problem ? `The ${sizing} must be ${problem}.` : `${chips(legal.min_to)} to ${chips(legal.max_to)}`;
    };
    input.addEventListener("input", update);
    slider.addEventListener("input", () => { input.value = slider.value; update(); });
    button.addEventListener("click", () => act(sizing, { amount: Number(input.value) }));
    const presets = element("span", { class: "presets row" });
    for (const preset of legal.presets) {
      const b = element("button", { type: "button", class: "preset", text: `${preset.name} (${chips(preset.amount)})` });
      if (preset.amount === legal.max_to) b.id = "all-in";  // the largest already has a button
      b.addEventListener("click", () => { input.value = String(preset.amount); update(); });
      presets.append(b);
    }
    if (!legal.presets.some((p) => p.amount === legal.max_to)) {
      const most = `${legal.all_in ? "All in" : "Largest"} (${chips(legal.max_to)})`;
      const allIn = element("button", { type: "button", class: "preset", id: "all-in", text: most });
      allIn.addEventListener("click", () => { input.value = String(legal.max_to); update(); });
      presets.append(allIn);
    }
    const sizeRow = element("div", { class: "row" }, input, slider, button, ...presets.childNodes, hint);
    box.push(sizeRow);
    update();
  }
  return box;
}

function drawControls(legal) {
  const mask = [...picked].reduce((m, i) => m | (1 << i), 0);
  const count = picked.size;
  const allowed = legal.draws ? legal.draws.includes(mask) : count <= legal.max_discards;
  const button = element("button", {
    type: "button", id: "act-draw",
    text: count === 0 ? "Stand pat" : `Discard ${count} and draw ${count}`,
  });
  button.disabled = !allowed || sent;
  button.addEventListener("click", () => {
    const cards = [...picked].sort((a, b) => a - b).map((i) => state.cards[i]);
    act("draw", { cards });
  });
  const hint = element("span", { class: "hint", id: "draw-hint" });
  hint.textContent = allowed
    ? `Click the cards you want to discard: ${legal.draw_rule}.`
    : `Not allowed: you may draw ${legal.draw_rule}.`;
  return [element("div", { class: "row" }, button, hint)];
}

function ratingChangeText(player) {
  const change = player.rating_change;
  if (change === null || change === undefined) return "";
  return ` Your rating: ${player.rating.toFixed(1)} (${change >= 0 ? "+" : ""}${change.toFixed(1)}).`;
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
  return `${n}${suffix}`;
}

// Game over: the player's placing, the final standings, and "Play again" (the group's new
// table: the same game, settings and seats).
function gameOverControls() {
  const mine = state.standings.find((x) => x.seat === seat);
  const unit = facts.game.betting ? "chips" : "points";
  const tied = state.standings.filter((x) => x.place === mine.place).length > 1;
  const place = `${tied ? "share " : "finish "}${ordinal(mine.place)} of ${state.standings.length}`;
  const parts = [element("div", { class: "row" }, element("strong", {
    text: `Game over: you ${place} with ${chips(mine.score)} ${unit}.` }))];
  const list = element("ol", { class: "final-standings", id: "final-standings" });
  for (const x of state.standings) {
    list.append(element("li", { value: String(x.place),
      text: `${x.seat === seat ? `${x.name} (you)` : x.name}: ${chips(x.score)} ${unit}` }));
  }
  parts.push(list);
  const again = element("button", { type: "button", id: "play-again",
    text: state.next_table ? "Join the next game" : "Play again" });
  again.addEventListener("click", playAgain);
  const lobby = element("a", { href: "/", class: "button secondary", text: "Lobby" });
  parts.push(element("div", { class: "row" }, again, lobby));
  if (state.next_table) parts.push(element("div", { class: "hint", text: "Someone at this table started the next game: the same seats and settings." }));
  return [element("div", { id: "game-over" }, ...parts)];
}

async function playAgain() {
  try {
    const seatAgain = await requestJSON("POST", `/api/tables/${encodeURIComponent(TABLE_ID)}/again`,
      undefined, { "x-seat-token": token });
    localStorage.setItem(`drawpoker.seat.${seatAgain.id}`, seatAgain.token);
    location.href = `/table/${encodeURIComponent(seatAgain.id)}`;
  } catch (error) {
    showMessage(`Could not play again: ${error.message}`);
  }
}

// The pause after a hand: the felt shows its result; "Next hand" tells the server this
// player has seen it (the deal comes once every present player has, or when the pause ends).
function pauseControls() {
  const asked = state.ready.includes(seat);
  const next = element("button", { type: "button", id: "next-hand",
    text: asked ? "Waiting for the others" : "Next hand" });
  next.disabled = asked;
  next.addEventListener("click", () => { send({ type: "next" }); next.disabled = true; });
  return [element("div", { class: "row" },
    element("span", { id: "pause-left", class: "hint" }), next)];
}

function renderControls() {
  const box = $("controls");
  const parts = [];
  if (state.status === "waiting") {
    parts.push(element("div", { text: "The table waits for its players." }));
  } else if (state.status === "over" || state.is_over) {
    if (seat === null) {
      const top = state.standings.filter((s) => s.place === 1).map((s) => s.name).join(" and ");
      parts.push(element("div", { class: "row", id: "game-over" },
        element("strong", { text: `Game over: ${top} ${top.includes(" and ") ? "share" : "takes"} first place.` })));
    } else {
      const over = gameOverControls();
      over[0].append(element("div", { class: "hint", id: "rating-change", text: ratingChangeText(state.players[seat]) }));
      parts.push(...over);
    }
  } else if (seat === null) {
    const who = state.actor === null ? "the next hand" : playerName(state.actor);
    const note = shownHand() !== null ? "the next hand" : who;
    parts.push(element("div", { class: "hint", id: "watching-note", text: `You are watching: waiting for ${note}.` }));
  } else if (shownHand() !== null) {
    parts.push(...pauseControls());
  } else if (state.players[seat].away) {
    const back = element("button", { type: "button", id: "back", text: "I'm back" });
    back.addEventListener("click", () => send({ type: "back" }));
    parts.push(element("div", { class: "row" },
      element("span", { text: "A CPU player is playing your seat until you come back." }), back));
  } else if (myTurn()) {
    const legal = state.legal;
    const rows = legal.kinds.includes("draw") ? drawControls(legal) : betControls(legal);
    rows[0].prepend(element("strong", { id: "your-turn", text: "Your turn." }));
    parts.push(...rows);
  } else {
    const who = state.actor === null ? "the next hand" : playerName(state.actor);
    parts.push(element("div", { class: "hint", id: "waiting-for", text: `Waiting for ${who}.` }));
    if (state.status === "playing" && state.phase === "bet" && facts.game.betting &&
        state.live[seat] && state.stacks[seat] > 0 && state.actor !== null) {
      parts.push(preActionControls());
    }
  }
  if (deadline !== null && state.status === "playing" && shownHand() === null) {
    parts.push(element("div", { class: "row timer", id: "timer" }));
  }
  box.replaceChildren(...parts);
  box.dataset.kind = parts.length ? (parts[0].id || "") : "";
  // on a phone the panel is fixed to the bottom (elsewhere it sticks there): keep the page's
  // end clear of it, and the felt short enough that your own seat stays above it
  tick();  // fills the timer's line: the panel's height counts it
  const position = getComputedStyle(box).position;
  const fixed = position === "fixed";
  document.body.style.paddingBlockEnd = fixed ? `${box.offsetHeight + 8}px` : "";
  const felt = $("felt");
  felt.style.height = "";
  if (fixed || position === "sticky") {
    const top = felt.getBoundingClientRect().top + window.scrollY;
    const gap = fixed ? 6 : 6 + parseFloat(getComputedStyle(felt).marginBlockEnd);
    const room = window.innerHeight - box.offsetHeight - top - gap;
    const border = felt.offsetHeight - felt.clientHeight;
    if (room >= 260 && room < felt.offsetHeight) felt.style.height = `${room - border}px`;
  }
}

function tick() {
  const pauseEl = $("pause-left");
  if (pauseEl && pauseEnd !== null) {
    const left = Math.max(0, Math.ceil((pauseEnd - performance.now()) / 1000));
    pauseEl.textContent = `Next deal in ${left} s.`;
  }
  const bar = $("timebar");
  if (bar && deadline !== null && state.timer) {
    const share = Math.max(0, Math.min(1, (deadline - performance.now()) / (1000 * state.timer)));
    bar.style.inlineSize = `${(100 * share).toFixed(1)}%`;
    bar.classList.toggle("low", share < 0.25);
  }
  const el = $("timer");
  if (!el || deadline === null) return;
  const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  const whose = state.actor === seat ? "Your time" : `${playerName(state.actor)}'s time`;
  // what the server then does (R-TABLE-1, Table.default_action)
  const then = ["checks if it can, else folds"];
  if (facts.game.draws) then.push("stands pat in a draw");
  if (facts.game.stud) then.push("posts a bring-in");
  el.textContent = `${whose}: ${left} s (then the table ${then.join("; ")})`;
}

// ------------------------------------------------------------------ the side panels

function renderInfo() {
  const parts = [element("span", { class: "title", text: facts.game.title })];
  parts.push(element("span", { text: `Hand ${state.hand + 1}, round ${state.round} of ${state.rounds}` }));
  const g = facts.game;
  if (g.big_blind) parts.push(element("span", { text: `Blinds ${g.small_blind}/${g.big_blind}` }));
  if (g.small_bet) parts.push(element("span", { text: `Bets ${g.small_bet}/${g.big_bet}` }));
  if (g.ante) parts.push(element("span", { text: `Ante ${g.ante}` }));
  if (g.bring_in) parts.push(element("span", { text: `Bring-in ${g.bring_in}` }));
  if (g.betting) parts.push(element("span", { text: g.structure }));
  if (g.joker) parts.push(element("span", { text: "53 cards: the joker is wild" }));
  if (g.settings.opening === "jacks") parts.push(element("span", { text: "jacks or better to open" }));
  if (!g.betting) parts.push(element("span", { text: "No betting: each round's best hand scores a point" }));
  if (state.redeals) parts.push(element("span", { text: `Redealt ${state.redeals}x` }));
  if (state.timer) parts.push(element("span", { text: `${state.timer} s per turn` }));
  if (state.watching) parts.push(element("span", { id: "watching", text: `${state.watching} watching` }));
  $("info").replaceChildren(...parts);
  $("waiting").hidden = state.status !== "waiting";
  /** @type {HTMLInputElement} */ ($("share-link")).value = location.href.replace(/\?.*$/, "");
  if (seat === null) return;
  $("away").textContent = state.players[seat].away ? "I'm back" : "Step away";
  /** @type {HTMLButtonElement} */ ($("away")).disabled = state.status !== "playing";
  $("away").hidden = state.status === "over";
}

function renderStandings() {
  const rows = [element("tr", {}, element("th", { text: "#" }), element("th", { text: "Player" }),
    element("th", { text: facts.game.betting ? "Chips" : "Points" }))];
  for (const s of state.standings) {
    rows.push(element("tr", {}, element("td", { text: String(s.place) }),
      element("td", { text: s.seat === seat ? `${s.name} (you)` : s.name }),
      element("td", { class: "num", text: chips(s.score) })));
  }
  $("standings").replaceChildren(...rows);
}

function renderLastHand() {
  const hand = state.phase === "done" ? state : state.last;
  const box = $("last-hand");
  if (!hand) return;
  const lines = [element("div", { class: "line hint", text: `Hand ${hand.hand + 1}` })];
  if (hand.board.length) lines.push(element("div", { class: "line" }, "Board: ", cardsElement(hand.board, { small: true })));
  for (const shown of hand.shown) {
    lines.push(element("div", { class: "line showdown" },
      `${playerName(shown.seat)}: `, cardsElement(shown.cards, { small: true }),
      ` ${handText(shown)}`));
  }
  if (!hand.shown.length && hand.phase === "done") {
    lines.push(element("div", { class: "line", text: "No showdown: everyone else folded." }));
  }
  if (hand.awards.length) {
    for (const line of resultLines(hand)) lines.push(element("div", { class: "line split", text: line }));
  }
  for (const won of hand.won) {
    lines.push(element("div", { class: "line won", text: `${playerName(won.seat)} ${won.seat === seat ? "win" : "wins"} ${chips(won.amount)}` }));
  }
  if (!facts.game.betting) {
    for (const winner of hand.winners) {
      lines.push(element("div", { class: "line won", text: `${playerName(winner)} ${winner === seat ? "score" : "scores"} a point` }));
    }
  }
  box.replaceChildren(...lines);
}

function render() {
  if (!state) return;
  renderInfo();
  renderControls();  // first: on a phone the panel's height sets the felt's
  renderFelt();
  renderStandings();
  renderLastHand();
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.status = state.status;
  document.body.dataset.hand = String(state.hand);
  document.body.dataset.myturn = myTurn() ? "yes" : "no";
}

// ------------------------------------------------------------------ the buttons beside

$("start-now").addEventListener("click", () => send({ type: "start" }));
$("away").addEventListener("click", () => send({ type: state && state.players[seat].away ? "back" : "away" }));
async function download(format) {
  const response = await fetch(`/api/tables/${encodeURIComponent(TABLE_ID)}/history?format=${format}`, {
    headers: { "x-seat-token": token },
  });
  if (!response.ok) {
    let why = "";
    try { why = (await response.json()).message || ""; } catch (_) { /* not JSON */ }
    showMessage(`The history could not be downloaded${why ? `: ${why}` : "."}`);
    return;
  }
  const blob = await response.blob();
  const extension = format === "phh" ? "phhs" : "json";
  const link = element("a", { href: URL.createObjectURL(blob), download: `drawpoker-${TABLE_ID}-seat${seat + 1}.${extension}` });
  document.body.append(link);
  link.click();
  link.remove();
}
$("download").addEventListener("click", () => download("json"));
$("download-phh").addEventListener("click", () => download("phh"));
// ------------------------------------------------------------------ keyboard shortcuts

// Each key clicks the control it names, when that control is on screen (the same checks as a
// click); typing in a box is never taken for a shortcut.
/** @type {Array<[string, string, (() => unknown) | null]>} */
const KEYS = [
  ["f", "fold", () => click("act-fold")],
  ["c", "check, or call", () => click("act-check") || click("act-call") || click("act-bring-in")],
  ["b", "bet or raise the amount in the box", () => click("act-bet") || click("act-raise")],
  ["a", "put the largest amount in the box (all in, where it is)", () => click("all-in")],
  ["1-7", "pick or unpick your card 1 to 7 to discard", null],
  ["d", "draw (or stand pat)", () => click("act-draw")],
  ["n", "next hand (after a hand's result)", () => click("next-hand")],
  ["?", "show these keys", () => showKeys()],
];

function click(id) {
  const el = /** @type {HTMLButtonElement} */ ($(id));
  if (!el || el.disabled) return false;
  el.click();
  return true;
}

function showKeys() {
  const dialog = /** @type {HTMLDialogElement} */ ($("keys"));
  if (!dialog.open) dialog.showModal();
}

function fillKeys() {
  const list = $("keys-list");
  for (const [key, what] of KEYS) {
    list.append(element("dt", {}, element("kbd", { text: key })), element("dd", { text: what }));
  }
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
  if (/** @type {HTMLDialogElement} */ ($("keys")).open) return;
  const key = event.key.toLowerCase();
  if (/^[1-7]$/.test(key)) {
    const cards = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`#seat-${seat} .card.pickable`));
    const card = cards[Number(key) - 1];
    if (card) { event.preventDefault(); card.click(); }
    return;
  }
  const found = KEYS.find(([k, , run]) => k === key && run !== null);
  if (found) { event.preventDefault(); /** @type {() => unknown} */ (found[2])(); }
});
$("show-keys").addEventListener("click", showKeys);
$("close-keys").addEventListener("click", () => /** @type {HTMLDialogElement} */ ($("keys")).close());
fillKeys();

setInterval(tick, 250);
window.addEventListener("resize", () => { if (state) render(); });
main();
