// drawpoker: the table page. The server is the only authority: this page shows the seat's
// state as the server sends it (docs/protocol.md) and sends the person's choices; it checks
// them too (amounts in range, the draw limit) so that a refusal is rare, never trusted.
"use strict";

const TABLE_ID = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
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

const $ = (id) => document.getElementById(id);

function playerName(s, capital = true) {
  if (s === seat) return capital ? "You" : "you";
  const player = state && state.players[s];
  return player ? player.name : `Seat ${s + 1}`;
}

function showMessage(text) {
  $("message").textContent = text;
  clearTimeout(showMessage.timer);
  showMessage.timer = setTimeout(() => { $("message").textContent = ""; }, 8000);
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
  $("play-again").hidden = false;
  $("play-again").textContent = `Play ${facts.game.title} again`;
  $("play-again").addEventListener("click", async () => {
    try {
      const name = localStorage.getItem("drawpoker.nickname");
      const body = name ? { game: facts.game.name, name } : { game: facts.game.name };
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
        { name: $("name").value || undefined, device: deviceKey() || undefined });
      token = taken.token;
      localStorage.setItem(TOKEN_KEY, token);
      $("join").hidden = true;
      connect();
    } catch (error) {
      $("page-error").textContent = error.message;
      if (error.status === 409) { $("join").hidden = true; showFull(); }
    }
  });
  if (typeof deviceNickname === "function") $("name").value = deviceNickname();
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
      $("away").closest(".panel").hidden = true;
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
  if (pickedFor !== next.seq) { picked = new Set(); pickedFor = next.seq; }
  render();
}

// ------------------------------------------------------------------ the log

function eventText(e) {
  const who = e.seat === null ? "" : playerName(e.seat);
  const cards = e.cards.join(" ");
  switch (e.kind) {
    case "ante": return `${who} ${e.seat === seat ? "ante" : "antes"} ${e.amount}`;
    case "bring-in": return `${who} ${e.seat === seat ? "bring" : "brings"} it in for ${e.amount}`;
    case "low": return `${who} ${e.seat === seat ? "have" : "has"} a low${e.text ? `: ${e.text}` : ""}`;
    case "blind": return `${who} ${e.seat === seat ? "post" : "posts"} a blind of ${e.amount}`;
    case "deal": return e.private ? `You are dealt ${cards}` : `${who} ${e.seat === seat ? "get" : "gets"} ${cards} face up`;
    case "up": return `${who} ${e.seat === seat ? "get" : "gets"} ${cards} face up`;
    case "board": return `Board: ${cards}`;
    case "check": return `${who} ${e.seat === seat ? "check" : "checks"}`;
    case "fold": return `${who} ${e.seat === seat ? "fold" : "folds"}`;
    case "call": return `${who} ${e.seat === seat ? "call" : "calls"} (${e.amount} in this round)`;
    case "bet": return `${who} ${e.seat === seat ? "bet" : "bets"} ${e.amount}`;
    case "raise": return `${who} ${e.seat === seat ? "raise" : "raises"} to ${e.amount}`;
    case "draw": return e.amount === 0 ? `${who} ${e.seat === seat ? "stand" : "stands"} pat` : `${who} ${e.seat === seat ? "draw" : "draws"} ${e.amount}`;
    case "discard": return `You discard ${cards}`;
    case "receive": return `You receive ${cards}`;
    case "reshuffle": return `The discards are shuffled into a new stub of ${e.amount} cards`;
    case "redeal": return `Nobody opened: the cards are dealt again (the pot of ${e.amount} stays)`;
    case "expose": return `${who} ${e.seat === seat ? "table" : "tables"} ${cards} (no more betting)`;
    case "show": return `${who} ${e.seat === seat ? "show" : "shows"} ${cards}${e.text ? `: ${e.text}` : ""}`;
    case "return": return `${e.amount} uncalled chips go back to ${playerName(e.seat, false)}`;
    case "win": return `${who} ${e.seat === seat ? "win" : "wins"} ${e.amount}`;
    default: return `${e.kind} ${who} ${e.amount || ""} ${cards}`.trim();
  }
}

function addEvents(events) {
  const log = $("log");
  for (const e of events) {
    if (e.hand !== logHand) {
      logHand = e.hand;
      log.append(element("div", { class: "hand-line", text: `Hand ${e.hand + 1}` }));
    }
    log.append(element("div", { text: eventText(e) }));
  }
  while (log.childNodes.length > 300) log.removeChild(log.firstChild);
  log.scrollTop = log.scrollHeight;
}

// ------------------------------------------------------------------ the felt

function seatPosition(s, n, radiusX, radiusY) {
  const angle = Math.PI / 2 + ((s - seat + n) % n) * (2 * Math.PI / n);
  return [50 + radiusX * Math.cos(angle), 50 + radiusY * Math.sin(angle)];
}

function seatCards(s) {
  const box = element("div", { class: "cards" });
  // another seat's stud hand (up to seven cards) is drawn smaller to keep the felt clear
  if (s !== seat && state.card_counts[s] > 5) box.classList.add("many");
  if (s === seat) {
    const up = new Set(state.up[s] || []);
    const drawing = myTurn() && state.legal.kinds.includes("draw");
    if (drawing) box.classList.add("drawing");
    state.cards.forEach((card, i) => {
      const el = cardElement(card);
      if (up.has(card)) el.classList.add("up");
      if (drawing) {
        el.classList.add("pickable");
        if (picked.has(i)) el.classList.add("picked");
        el.addEventListener("click", () => {
          if (picked.has(i)) picked.delete(i); else picked.add(i);
          render();
        });
      }
      box.append(el);
    });
    return box;
  }
  const shown = state.shown.find((x) => x.seat === s) || state.exposed.find((x) => x.seat === s);
  if (shown) {
    for (const card of shown.cards) box.append(cardElement(card));
    return box;
  }
  if (!state.live[s]) return box;
  const up = state.up[s] || [];
  const down = Math.max(state.card_counts[s] - up.length, 0);
  for (let i = 0; i < down; i++) box.append(cardElement(null));
  for (const card of up) {
    const el = cardElement(card);
    el.classList.add("up");
    box.append(el);
  }
  return box;
}

function seatNote(s) {
  const player = state.players[s];
  const notes = [];
  if (!player.taken) notes.push("open seat");
  if (player.away) notes.push(player.taken ? "away: a CPU plays" : "a CPU plays");
  else if (player.cpu === null && player.taken && !player.connected && s !== seat) notes.push("offline");
  if (state.card_counts[s] === 0 && state.phase !== "done") notes.push("out");
  else if (!state.live[s]) notes.push("folded");
  else if (state.stacks[s] === 0 && facts.game.betting) notes.push("all in");
  if (state.drawn[s] >= 0 && state.live[s]) notes.push(state.drawn[s] === 0 ? "stood pat" : `drew ${state.drawn[s]}`);
  const won = state.won.filter((w) => w.seat === s).reduce((sum, w) => sum + w.amount, 0);
  if (won) notes.push(`wins ${won}`);
  return notes.join(" \u00b7 ");
}

function renderFelt() {
  const felt = $("felt");
  felt.querySelectorAll(".seat, .bet").forEach((el) => el.remove());
  const n = state.players.length;
  const blinds = new Map(state.blinds.map((b) => [b.seat, b.name]));
  for (let s = 0; s < n; s++) {
    const player = state.players[s];
    const [x, y] = seatPosition(s, n, 44, 45);
    const box = element("div", { class: "seat", id: `seat-${s}` });
    box.style.left = `${x}%`;
    box.style.top = `${y}%`;
    if (s === seat) box.classList.add("you");
    if (state.actor === s && state.status === "playing") box.classList.add("acting");
    if (!state.live[s] && state.card_counts[s] > 0) box.classList.add("folded");
    const rated = typeof player.rating === "number" ? ` \u00b7 ${player.rating.toFixed(1)}` : "";
    const name = element("div", { class: "name", text: (s === seat ? `${player.name} (you)` : player.name) + rated });
    if (player.cpu) name.append(element("span", { class: "tag", text: `(${player.cpu})` }));
    if (state.button === s && !facts.game.stud) name.append(element("span", { class: "badge button", text: "D", title: "the button (dealer)" }));
    if (blinds.has(s)) name.append(element("span", { class: `badge ${blinds.get(s)}`, text: blinds.get(s) }));
    box.append(name);
    const score = facts.game.betting ? `${state.stacks[s]} chips` : `${state.points[s]} points`;
    box.append(element("div", { class: "stack", text: score }));
    box.append(seatCards(s));
    const shown = state.shown.find((x) => x.seat === s);
    if (shown && shown.text) box.append(element("div", { class: "shown", text: handText(shown) }));
    box.append(element("div", { class: "note", text: seatNote(s) }));
    felt.append(box);
    if (state.bets[s] > 0) {
      const [bx, by] = seatPosition(s, n, 24, 21);
      const bet = element("div", { class: "bet", id: `bet-${s}`, text: String(state.bets[s]) });
      bet.style.left = `${bx}%`;
      bet.style.top = `${by}%`;
      felt.append(bet);
    }
  }
  $("board").replaceChildren(...state.board.map((c) => cardElement(c)));
  const won = state.won.reduce((sum, w) => sum + w.amount, 0);
  $("pot").textContent = state.phase === "done" ? `Pot ${won} paid out` : `Pot ${state.pot}`;
  $("pot").hidden = !facts.game.betting;
  const pots = state.pots.length > 1
    ? state.pots.map((p, i) => `${i === 0 ? "Main pot" : `Side pot ${i}`} ${p.amount}`).join(" \u00b7 ")
    : "";
  $("pots").textContent = pots;
  $("result").textContent = resultText(state.phase === "done" ? state : state.last);
}

// A shown hand in words; in a hi/lo game its low too ("no low" when it has none).
function handText(shown) {
  if (!("low" in shown)) return shown.text;
  return `${shown.text}; ${shown.low === null ? "no low" : `low ${shown.low}`}`;
}

// A hi/lo pot's halves: "Main pot 300: high You (Two pair ...), low CPU 2 (Six-four low ...)".
function splitLines(hand) {
  const names = (seats, low) => seats.map((s) => {
    const shown = hand.shown.find((x) => x.seat === s);
    const text = shown ? (low ? shown.low : shown.text) : "";
    return `${playerName(s)}${text ? ` (${text})` : ""}`;
  }).join(" and ");
  return hand.split.map((pot, i) => {
    const title = hand.split.length > 1 ? (i === 0 ? "Main pot" : `Side pot ${i}`) : "Pot";
    const high = `high: ${names(pot.high, false)}`;
    const low = pot.low.length ? `low: ${names(pot.low, true)}` : "no qualifying low: the high takes it all";
    return `${title} ${pot.amount}, ${high}; ${low}`;
  });
}

// "CPU 3 wins 90 with a full house, threes full of deuces" for a finished hand.
function resultText(hand) {
  if (!hand) return "";
  if (hand.split && hand.split.length) return `Hand ${hand.hand + 1}: ${splitLines(hand).join(" \u00b7 ")}`;
  const parts = [];
  for (const won of hand.won) {
    const shown = hand.shown.find((x) => x.seat === won.seat);
    const verb = won.seat === seat ? "win" : "wins";
    parts.push(`${playerName(won.seat)} ${verb} ${won.amount}${shown && shown.text ? ` (${shown.text})` : ""}`);
  }
  if (!facts.game.betting) {
    for (const winner of hand.winners) {
      const shown = hand.shown.find((x) => x.seat === winner);
      const verb = winner === seat ? "score" : "scores";
      parts.push(`${playerName(winner)} ${verb} a point${shown && shown.text ? ` (${shown.text})` : ""}`);
    }
  }
  return parts.length ? `Hand ${hand.hand + 1}: ${parts.join("; ")}` : "";
}

// ------------------------------------------------------------------ the controls

function myTurn() {
  return state && state.status === "playing" && state.actor === seat && state.legal !== null &&
    !state.players[seat].away;
}

function amountProblem(amount, legal) {
  if (!Number.isInteger(amount)) return "give a whole number of chips";
  if (amount === legal.max_to) return null;
  if (amount < legal.min_to) return `at least ${legal.min_to}`;
  if (amount > legal.max_to) return `at most ${legal.max_to} (all in)`;
  if (legal.step > 1 && (amount - legal.min_to) % legal.step !== 0) return `in steps of ${legal.step}`;
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
    const b = element("button", { type: "button", id: "act-bring-in", text: `Bring in ${legal.call}` });
    b.addEventListener("click", () => act("bring-in"));
    row.append(b);
  }
  if (kinds.includes("call")) {
    const b = element("button", { type: "button", id: "act-call", text: `Call ${legal.call}` });
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
  if (sizing && legal.min_to === legal.max_to) {
    // one size only (fixed limit, a unit bet, or all in): no amount to choose
    const amount = legal.min_to;
    const b = element("button", { type: "button", id: `act-${sizing}`,
      text: sizing === "bet" ? `${verb} ${amount}` : `${raiseVerb} ${amount}` });
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
    const update = () => {
      amountDraft = [state.seq, input.value];
      const amount = Number(input.value);
      const problem = amountProblem(amount, legal);
      button.textContent = sizing === "bet" ? `${verb} ${input.value}` : `${raiseVerb} ${input.value}`;
      button.disabled = problem !== null || sent;
      hint.textContent = problem ? `The ${sizing} must be ${problem}.` : `${legal.min_to}..${legal.max_to}`;
    };
    input.addEventListener("input", update);
    button.addEventListener("click", () => act(sizing, { amount: Number(input.value) }));
    const presets = element("span", { class: "presets row" });
    for (const preset of legal.presets) {
      const b = element("button", { type: "button", class: "preset", text: `${preset.name} (${preset.amount})` });
      b.addEventListener("click", () => { input.value = String(preset.amount); update(); });
      presets.append(b);
    }
    const allIn = element("button", { type: "button", class: "preset", id: "all-in", text: `All in (${legal.max_to})` });
    allIn.addEventListener("click", () => { input.value = String(legal.max_to); update(); });
    presets.append(allIn);
    const sizeRow = element("div", { class: "row" }, input, button, hint);
    box.push(sizeRow, presets);
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

function renderControls() {
  const box = $("controls");
  const parts = [];
  if (state.status === "waiting") {
    parts.push(element("div", { text: "The table waits for its players." }));
  } else if (state.status === "over" || state.is_over) {
    const top = state.standings.filter((s) => s.place === 1).map((s) => s.name).join(" and ");
    parts.push(element("div", { class: "row", id: "game-over" },
      element("strong", { text: `Game over: ${top} ${top.includes(" and ") ? "share" : "takes"} first place.` }),
      element("span", { id: "rating-change", text: ratingChangeText(state.players[seat]) })));
  } else if (seat === null) {
    const who = state.actor === null ? "the next hand" : playerName(state.actor);
    parts.push(element("div", { class: "hint", id: "watching-note", text: `You are watching: waiting for ${who}.` }));
  } else if (state.players[seat].away) {
    const back = element("button", { type: "button", id: "back", text: "I'm back" });
    back.addEventListener("click", () => send({ type: "back" }));
    parts.push(element("div", { class: "row" },
      element("span", { text: "A CPU player is playing your seat until you come back." }), back));
  } else if (myTurn()) {
    parts.push(element("div", { class: "row" }, element("strong", { id: "your-turn", text: "Your turn." })));
    const legal = state.legal;
    parts.push(...(legal.kinds.includes("draw") ? drawControls(legal) : betControls(legal)));
  } else {
    const who = state.actor === null ? "the next hand" : playerName(state.actor);
    parts.push(element("div", { class: "hint", id: "waiting-for", text: `Waiting for ${who}.` }));
  }
  if (deadline !== null && state.status === "playing") {
    parts.push(element("div", { class: "row timer", id: "timer" }));
  }
  box.replaceChildren(...parts);
  tick();
}

function tick() {
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
  $("share-link").value = location.href.replace(/\?.*$/, "");
  if (seat === null) return;
  $("away").textContent = state.players[seat].away ? "I'm back" : "Step away";
  $("away").disabled = state.status !== "playing";
}

function renderStandings() {
  const rows = [element("tr", {}, element("th", { text: "#" }), element("th", { text: "Player" }),
    element("th", { text: facts.game.betting ? "Chips" : "Points" }))];
  for (const s of state.standings) {
    rows.push(element("tr", {}, element("td", { text: String(s.place) }),
      element("td", { text: s.seat === seat ? `${s.name} (you)` : s.name }),
      element("td", { class: "num", text: String(s.score) })));
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
  if (hand.split && hand.split.length) {
    for (const line of splitLines(hand)) lines.push(element("div", { class: "line split", text: line }));
  }
  for (const won of hand.won) {
    lines.push(element("div", { class: "line won", text: `${playerName(won.seat)} ${won.seat === seat ? "win" : "wins"} ${won.amount}` }));
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
  renderFelt();
  renderControls();
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
setInterval(tick, 250);
main();
