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
  if (s === seat) return capital ? t("table.you") : t("table.you.inline");
  const player = state && state.players[s];
  return player ? player.name : t("table.seat", { seat: formatNumber(s + 1) });
}

// A message with its {name} placeholder given as nodes (a name in its own <bdi>).
function withNodes(text, nodes) {
  const [before, after = ""] = text.split("{name}");
  return [before, ...nodes, after];
}

// A player's name as the page shows it, in its own isolate: "Sam (you)" for our own seat.
function nameOf(name, s) {
  const bdi = element("bdi", { text: name });
  return s === seat ? withNodes(t("table.you.name"), [bdi]) : [bdi];
}

function titleOf(g) {
  return gameTitle(g.name, g.title);
}

// Names joined as a list ("Ann, Bob and Cy"), in the page's language.
function joinNames(names) {
  if (names.length < 2) return names.join("");
  return t("table.and", { first: names.slice(0, -1).join(t("lobby.separator")), last: names[names.length - 1] });
}

// A chip amount or a point score with its counted unit: "1,990 chips", "3 points".
function scoreText(score) {
  return facts.game.betting ? t("count.chips", {}, score) : t("table.count.points", {}, score);
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
  await loadTexts();
  fillKeys();
  try {
    facts = await requestJSON("GET", `/api/tables/${encodeURIComponent(TABLE_ID)}`);
  } catch (error) {
    $("page-error").textContent = error.status === 404 ? t("table.no_table") : error.message;
    return;
  }
  document.title = t("table.page_title.game", { game: titleOf(facts.game) });
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
  $("full-title").textContent = t("table.over.title", { game: titleOf(facts.game) });
  $("watch-link").textContent = t("table.over.watch");
  // a new seat of this game by "Play now" (#play-again is the game-over button of a seat)
  $("play-this-game").hidden = false;
  $("play-this-game").textContent = t("table.over.again", { game: titleOf(facts.game) });
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
  $("join-title").textContent = t("table.join.game", { game: titleOf(facts.game) });
  const people = facts.players.filter((p) => p.cpu === null).length;
  const seats = t("table.join.facts", { seats: t("table.count.seats", {}, facts.players.length),
    people: formatNumber(people), rounds: t("table.count.rounds", {}, facts.rounds) });
  $("join-facts").textContent = facts.turn_timer
    ? t("table.join.timed", { facts: seats, time: t("defaults.seconds", {}, facts.turn_timer) })
    : t("table.join.untimed", { facts: seats });
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
      $("page-error").textContent = t("table.bad_token");
      return;
    }
    if (event.code === 4404) return;
    if (event.code === 4429) {
      $("page-error").textContent = t("table.too_many_watchers");
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
    showMessage(t("table.refused", { reason: message.message }));
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
  const row = element("div", { class: "row pre-actions", role: "group", "aria-label": t("table.pre") });
  for (const kind of ["check-fold", "check", "call-any"]) {
    const chosen = preAction !== null && preAction.kind === kind;
    const b = element("button", { type: "button", id: `pre-${kind}`, class: "secondary pre",
      text: t(`table.pre.${kind}`), "aria-pressed": chosen ? "true" : "false" });
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
  if (count <= 1) return t("table.pot.only");
  return i === 0 ? t("table.pot.main") : t("table.pot.side", { n: formatNumber(i) });
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
    if (pot.high.includes(s)) pots.push(split ? t("table.pot.high", { pot: name }) : name);
    if (pot.low.includes(s)) pots.push(t("table.pot.low", { pot: name }));
  });
  if (!facts.game.betting) {
    if (!hand.winners.includes(s)) return "";
    return s === seat ? t("table.award.point.you") : t("table.award.point");
  }
  if (!won) return "";
  const amount = formatNumber(won);
  const wins = s === seat ? t("table.award.you", { amount }) : t("table.award", { amount });
  return pots.length ? t("table.award.pots", { wins, pots: pots.join(t("lobby.separator")) }) : wins;
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
        el.setAttribute("aria-label", picked.has(i) ? t("table.card.discard", { card: cardName(card) }) : cardName(card));
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
  if (!player.taken) notes.push(t("table.note.open"));
  if (player.away) notes.push(player.taken ? t("table.note.away") : t("table.note.cpu"));
  else if (player.cpu === null && player.taken && !player.connected && s !== seat) notes.push(t("table.note.offline"));
  if (hand.card_counts[s] === 0 && hand.phase !== "done") notes.push(t("table.note.out"));
  else if (!hand.live[s]) notes.push(t("table.note.folded"));
  else if (hand.stacks[s] === 0 && facts.game.betting && !result) notes.push(t("table.note.all_in"));
  if (hand.drawn[s] >= 0 && hand.live[s]) notes.push(hand.drawn[s] === 0 ? t("table.note.stood_pat") : t("table.note.drew", {}, hand.drawn[s]));
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
    const name = element("div", { class: "name" }, ...nameOf(player.name, s));
    if (typeof player.rating === "number") name.append(" \u00b7 ", ratingBadge(player.rating));
    if (player.cpu) name.append(element("span", { class: "tag", text: t("table.cpu", { kind: said(`cpu.${player.cpu}`, player.cpu) }) }));
    if (hand.button === s && !facts.game.stud) name.append(element("span", { class: "badge button", text: t("table.button"), title: t("table.button.title") }));
    if (blinds.has(s)) name.append(element("span", { class: `badge ${blinds.get(s)}`, text: said(`table.blind.${blinds.get(s)}`, blinds.get(s)) }));
    box.append(name);
    box.append(element("div", { class: "stack", text: scoreText(facts.game.betting ? hand.stacks[s] : state.points[s]) }));
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
      const bet = element("div", { class: "bet", id: `bet-${s}`, text: formatNumber(hand.bets[s]) });
      bet.style.left = `${middle.cx + 0.45 * (x - middle.cx)}px`;
      bet.style.top = `${middle.cy + 0.45 * (y - middle.cy)}px`;
      felt.append(bet);
    }
  });
  $("board").replaceChildren(...hand.board.map((c) => cardElement(c)));
  const won = hand.won.reduce((sum, w2) => sum + w2.amount, 0);
  $("pot").textContent = result ? t("table.pot.paid", { amount: formatNumber(won) }) : t("table.pot", { amount: formatNumber(state.pot) });
  $("pot").hidden = !facts.game.betting;
  const pots = !result && state.pots.length > 1
    ? state.pots.map((p, i) => potTitle(i, state.pots.length, p.amount)).join(" \u00b7 ")
    : "";
  $("pots").textContent = pots;
  $("result").replaceChildren(...(result ? resultLines(hand) : []).map((line) => element("div", { text: line })));
  placeCentre(boxes, middle.cy, h);
}

// The middle of the felt (the board, the pot, the result) at the ring's centre when no seat
// covers it, else at the nearest height where none does (a phone's side seats sit level
// with the ring's centre; a short felt brings your own seat up to it); when no height is
// clear, narrowed to the gap between the side seats and tried again.
function placeCentre(boxes, cy, h) {
  const centre = $("centre");
  centre.style.inlineSize = "";
  const seats = boxes.map((box) => box.getBoundingClientRect());
  if (placedClear(centre, seats, cy, h)) return;
  const felt = $("felt").getBoundingClientRect();
  const middle = (felt.left + felt.right) / 2;
  const start = Math.max(felt.left, ...seats.filter((r) => r.right < middle).map((r) => r.right));
  const end = Math.min(felt.right, ...seats.filter((r) => r.left > middle).map((r) => r.left));
  const gap = 2 * Math.min(middle - start, end - middle) - 12;
  if (gap >= 120) {
    centre.style.inlineSize = `${gap}px`;
    if (placedClear(centre, seats, cy, h)) return;
  }
  centre.style.top = `${cy}px`;
}

// Moves the centre to the height nearest cy where its parts cover no seat box; false when
// there is none on the felt.
function placedClear(centre, seats, cy, h) {
  centre.style.top = `${cy}px`;
  const parts = [...centre.querySelectorAll("#board .card, #pot:not([hidden]), #result > div")]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
  if (!parts.length) return true;
  const top = Math.min(...parts.map((r) => r.top));
  const bottom = Math.max(...parts.map((r) => r.bottom));
  const clear = (shift) => !parts.some((r) => seats.some((s) =>
    r.left < s.right && s.left < r.right && r.top + shift < s.bottom && s.top < r.bottom + shift));
  const felt = $("felt").getBoundingClientRect();
  for (let step = 0; step <= h; step += 4) {
    for (const shift of [step, -step]) {
      const inside = top + shift >= felt.top && bottom + shift <= felt.bottom;
      if (inside && clear(shift)) { centre.style.top = `${cy + shift}px`; return true; }
    }
  }
  return false;
}

// A shown hand in words; in a hi/lo game its low too ("no low" when it has none).
function handText(shown) {
  if (!("low" in shown)) return shown.text;
  const high = isolated(shown.text);
  return shown.low === null ? t("table.hand.no_low", { high }) : t("table.hand.low", { high, low: isolated(shown.low) });
}

// A pot's name and amount, as a line begins: "The main pot 900".
function potTitle(i, count, amount) {
  return t("table.pot.title", { pot: capital(potName(i, count)), amount: formatNumber(amount) });
}

function namesWith(hand, seats, low) {
  const names = seats.map((s) => {
    const shown = hand.shown.find((x) => x.seat === s);
    const text = shown ? (low ? shown.low : shown.text) : "";
    const name = isolated(playerName(s));
    return text ? t("table.with_hand", { line: name, hand: isolated(text) }) : name;
  });
  return joinNames(names);
}

// A finished hand's result, one line per pot (and half): "The main pot 900: Ann (Full house,
// threes full of deuces)"; in a hi/lo game "high: ...; low: ..."; without a showdown "CPU 2
// wins 150: everyone else folded (no showdown)".
function resultLines(hand) {
  if (hand.awards.length) {
    return hand.awards.map((pot, i) => {
      const title = potTitle(i, hand.awards.length, pot.amount);
      if (!facts.game.split) return t("table.result.pot", { pot: title, names: namesWith(hand, pot.high, false) });
      const low = pot.low.length ? t("table.result.low", { names: namesWith(hand, pot.low, true) }) : t("table.result.no_low");
      return t("table.result.split", { pot: title, high: namesWith(hand, pot.high, false), low });
    });
  }
  const lines = hand.won.map(wonText);
  if (!facts.game.betting) {
    for (const winner of hand.winners) {
      const shown = hand.shown.find((x) => x.seat === winner);
      lines.push(shown && shown.text ? t("table.with_hand", { line: pointText(winner), hand: isolated(shown.text) }) : pointText(winner));
    }
  }
  if (!hand.shown.length && lines.length) lines.push(t("table.no_showdown"));
  return lines;
}

// "Ann wins 300", "You win 300".
function wonText(won) {
  const amount = formatNumber(won.amount);
  return won.seat === seat ? t("table.won.you", { amount }) : t("table.won", { name: isolated(playerName(won.seat)), amount });
}

// "Ann scores a point", "You score a point".
function pointText(winner) {
  return winner === seat ? t("table.point.you") : t("table.point", { name: isolated(playerName(winner)) });
}

// ------------------------------------------------------------------ the controls

function myTurn() {
  return state && seat !== null && state.status === "playing" && state.actor === seat && state.legal !== null &&
    !state.players[seat].away;
}

function amountProblem(amount, legal) {
  if (!Number.isInteger(amount)) return t("table.amount.whole");
  if (amount === legal.max_to) return null;
  if (amount < legal.min_to) return t("table.amount.least", { amount: formatNumber(legal.min_to) });
  if (amount > legal.max_to) return t(legal.all_in ? "table.amount.most_all_in" : "table.amount.most", { amount: formatNumber(legal.max_to) });
  if (legal.step > 1 && (amount - legal.min_to) % legal.step !== 0) return t("table.amount.step", { amount: formatNumber(legal.step) });
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
    const b = element("button", { type: "button", id: "act-fold", class: "secondary", text: t("table.act.fold") });
    b.addEventListener("click", () => act("fold"));
    row.append(b);
  }
  if (kinds.includes("check")) {
    const b = element("button", { type: "button", id: "act-check", text: t("table.act.check") });
    b.addEventListener("click", () => act("check"));
    row.append(b);
  }
  if (kinds.includes("bring-in")) {
    const b = element("button", { type: "button", id: "act-bring-in", text: t("table.act.bring_in", { amount: formatNumber(legal.call) }) });
    b.addEventListener("click", () => act("bring-in"));
    row.append(b);
  }
  if (kinds.includes("call")) {
    const b = element("button", { type: "button", id: "act-call", text: t("table.act.call", { amount: formatNumber(legal.call) }) });
    b.addEventListener("click", () => act("call"));
    row.append(b);
  }
  const sizing = kinds.includes("bet") ? "bet" : kinds.includes("raise") ? "raise" : null;
  const box = [row];
  // stud: raising a bring-in to the small bet, or betting it instead, completes (R-STUD-2)
  const completing = kinds.includes("bring-in") ||
    (facts.game.bring_in > 0 && state.current_bet === facts.game.bring_in);
  const verb = (amount) => {
    if (completing) return t("table.act.complete", { amount });
    return sizing === "bet" ? t("table.act.bet", { amount }) : t("table.act.raise", { amount });
  };
  // "Bet 600", "Raise to 1,200"; "All in" only for every chip the seat has
  const words = (amount) => {
    if (legal.all_in && amount === legal.max_to) return t("table.act.all_in", { amount: formatNumber(amount) });
    return verb(formatNumber(amount));
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
      step: String(legal.step || 1), "aria-label": t(`table.amount.${sizing}`),
    });
    input.value = amountDraft && amountDraft[0] === state.seq ? amountDraft[1] : String(legal.min_to);
    const button = element("button", { type: "button", id: `act-${sizing}` });
    const hint = element("span", { class: "hint", id: "amount-hint" });
    const slider = element("input", {
      type: "range", id: "amount-slider", min: String(legal.min_to), max: String(legal.max_to),
      step: String(legal.step || 1), "aria-label": t(`table.slider.${sizing}`),
    });
    const update = () => {
      amountDraft = [state.seq, input.value];
      if (input.value !== "" && Number.isFinite(Number(input.value))) slider.value = input.value;
      const amount = Number(input.value);
      const problem = amountProblem(amount, legal);
      button.textContent = problem === null ? words(amount) : verb(input.value);
      button.disabled = problem !== null || sent;
      hint.textContent = problem
        ? t(`table.problem.${sizing}`, { problem })
        : t("table.amount.range", { min: formatNumber(legal.min_to), max: formatNumber(legal.max_to) });
    };
    input.addEventListener("input", update);
    slider.addEventListener("input", () => { input.value = slider.value; update(); });
    button.addEventListener("click", () => act(sizing, { amount: Number(input.value) }));
    const presets = element("span", { class: "presets row" });
    for (const preset of legal.presets) {
      const b = element("button", { type: "button", class: "preset", text: t("table.preset", { name: presetName(preset), amount: formatNumber(preset.amount) }) });
      if (preset.amount === legal.max_to) b.id = "all-in";  // the largest already has a button
      b.addEventListener("click", () => { input.value = String(preset.amount); update(); });
      presets.append(b);
    }
    if (!legal.presets.some((p) => p.amount === legal.max_to)) {
      const most = t(legal.all_in ? "table.preset.all_in" : "table.preset.largest", { amount: formatNumber(legal.max_to) });
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

// A sizing preset the server gives as a kind and its numbers ("share" 33: "33% pot") in words.
function presetName(preset) {
  return t(`table.preset.${preset.kind}`, formatNumbers(preset.values));
}

// How many cards this draw allows, in words: the game's draw limit, else "up to N cards".
function drawRule(legal) {
  const limit = facts.game.settings.draw_limit;
  return limit && hasText(`draw.limit.${limit}`) ? t(`draw.limit.${limit}`) : t("table.draw.up_to", {}, legal.max_discards);
}

function drawControls(legal) {
  const mask = [...picked].reduce((m, i) => m | (1 << i), 0);
  const count = picked.size;
  const allowed = legal.draws ? legal.draws.includes(mask) : count <= legal.max_discards;
  const button = element("button", {
    type: "button", id: "act-draw",
    text: count === 0 ? t("table.act.stand_pat") : t("table.act.discard", {}, count),
  });
  button.disabled = !allowed || sent;
  button.addEventListener("click", () => {
    const cards = [...picked].sort((a, b) => a - b).map((i) => state.cards[i]);
    act("draw", { cards });
  });
  const hint = element("span", { class: "hint", id: "draw-hint" });
  hint.textContent = allowed
    ? t("table.draw.pick", { rule: drawRule(legal) })
    : t("table.draw.refused", { rule: drawRule(legal) });
  return [element("div", { class: "row" }, button, hint)];
}

function ratingChangeText(player) {
  const change = player.rating_change;
  if (change === null || change === undefined) return "";
  return t("table.rating.change", { rating: ratingFigure(player.rating), change: ratingChange(change) });
}

// A place as people say it ("1st", "2nd"): the language's ordinal plural rule picks the form.
function ordinal(n) {
  const form = new Intl.PluralRules(I18N.tag, { type: "ordinal" }).select(n);
  return t(`table.ordinal.${["one", "two", "few"].includes(form) ? form : "other"}`, { n: formatNumber(n) });
}

// Game over: the player's placing, the final standings, and "Play again" (the group's new
// table: the same game, settings and seats).
function gameOverControls() {
  const mine = state.standings.find((x) => x.seat === seat);
  const tied = state.standings.filter((x) => x.place === mine.place).length > 1;
  const place = { place: ordinal(mine.place), of: formatNumber(state.standings.length), score: scoreText(mine.score) };
  const parts = [element("div", { class: "row" }, element("strong", {
    text: tied ? t("table.over.shared", place) : t("table.over.placed", place) }))];
  const list = element("ol", { class: "final-standings", id: "final-standings" });
  for (const x of state.standings) {
    list.append(element("li", { value: String(x.place) },
      ...withNodes(t("table.standing", { score: scoreText(x.score) }), nameOf(x.name, x.seat))));
  }
  parts.push(list);
  const again = element("button", { type: "button", id: "play-again",
    text: state.next_table ? t("table.over.next") : t("table.again") });
  again.addEventListener("click", playAgain);
  const lobby = element("a", { href: "/", class: "button secondary", text: t("site.lobby") });
  parts.push(element("div", { class: "row" }, again, lobby));
  if (state.next_table) parts.push(element("div", { class: "hint", text: t("table.over.next.hint") }));
  return [element("div", { id: "game-over" }, ...parts)];
}

async function playAgain() {
  try {
    const seatAgain = await requestJSON("POST", `/api/tables/${encodeURIComponent(TABLE_ID)}/again`,
      undefined, { "x-seat-token": token });
    localStorage.setItem(`drawpoker.seat.${seatAgain.id}`, seatAgain.token);
    location.href = `/table/${encodeURIComponent(seatAgain.id)}`;
  } catch (error) {
    showMessage(t("table.again.failed", { reason: error.message }));
  }
}

// The pause after a hand: the felt shows its result; "Next hand" tells the server this
// player has seen it (the deal comes once every present player has, or when the pause ends).
function pauseControls() {
  const asked = state.ready.includes(seat);
  const next = element("button", { type: "button", id: "next-hand",
    text: asked ? t("table.next.waiting") : t("table.next") });
  next.disabled = asked;
  next.addEventListener("click", () => { send({ type: "next" }); next.disabled = true; });
  return [element("div", { class: "row" },
    element("span", { id: "pause-left", class: "hint" }), next)];
}

function renderControls() {
  const box = $("controls");
  const parts = [];
  if (state.status === "waiting") {
    parts.push(element("div", { text: t("table.waits") }));
  } else if (state.status === "over" || state.is_over) {
    if (seat === null) {
      const top = state.standings.filter((s) => s.place === 1).map((s) => isolated(s.name));
      parts.push(element("div", { class: "row", id: "game-over" },
        element("strong", { text: top.length > 1 ? t("table.over.first.shared", { names: joinNames(top) }) : t("table.over.first", { names: joinNames(top) }) })));
    } else {
      const over = gameOverControls();
      over[0].append(element("div", { class: "hint", id: "rating-change", text: ratingChangeText(state.players[seat]) }));
      parts.push(...over);
    }
  } else if (seat === null) {
    const who = state.actor === null || shownHand() !== null ? t("table.next.inline") : isolated(playerName(state.actor));
    parts.push(element("div", { class: "hint", id: "watching-note", text: t("table.watching", { who }) }));
  } else if (shownHand() !== null) {
    parts.push(...pauseControls());
  } else if (state.players[seat].away) {
    const back = element("button", { type: "button", id: "back", text: t("table.back") });
    back.addEventListener("click", () => send({ type: "back" }));
    parts.push(element("div", { class: "row" },
      element("span", { text: t("table.cpu_plays") }), back));
  } else if (myTurn()) {
    const legal = state.legal;
    const rows = legal.kinds.includes("draw") ? drawControls(legal) : betControls(legal);
    rows[0].prepend(element("strong", { id: "your-turn", text: t("table.your_turn") }));
    parts.push(...rows);
  } else {
    const who = state.actor === null ? t("table.next.inline") : isolated(playerName(state.actor));
    parts.push(element("div", { class: "hint", id: "waiting-for", text: t("table.waiting_for", { who }) }));
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
    pauseEl.textContent = t("table.next.in", { time: t("defaults.seconds", {}, left) });
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
  const whose = state.actor === seat ? t("table.timer.you") : t("table.timer.seat", { name: isolated(playerName(state.actor)) });
  // what the server then does (R-TABLE-1, Table.default_action)
  const then = [t("table.timer.check")];
  if (facts.game.draws) then.push(t("table.timer.draw"));
  if (facts.game.stud) then.push(t("table.timer.stud"));
  el.textContent = t("table.timer", { whose, time: t("defaults.seconds", {}, left), then: then.join(t("table.timer.separator")) });
}

// ------------------------------------------------------------------ the side panels

function renderInfo() {
  const g = facts.game;
  const n = formatNumber;
  const parts = [element("span", { class: "title", text: titleOf(g) })];
  parts.push(element("span", { text: t("table.info.hand", { hand: n(state.hand + 1), round: n(state.round), rounds: n(state.rounds) }) }));
  if (g.big_blind) parts.push(element("span", { text: t("table.info.blinds", { small: n(g.small_blind), big: n(g.big_blind) }) }));
  if (g.small_bet) parts.push(element("span", { text: t("table.info.bets", { small: n(g.small_bet), big: n(g.big_bet) }) }));
  if (g.ante) parts.push(element("span", { text: t("table.info.ante", { amount: n(g.ante) }) }));
  if (g.bring_in) parts.push(element("span", { text: t("table.info.bring_in", { amount: n(g.bring_in) }) }));
  if (g.betting) parts.push(element("span", { text: structureWords(g.structure_kind) }));
  if (g.joker) parts.push(element("span", { text: t("table.info.joker") }));
  if (g.settings.opening === "jacks") parts.push(element("span", { text: t("table.info.jacks") }));
  if (!g.betting) parts.push(element("span", { text: t("table.info.no_betting") }));
  if (state.redeals) parts.push(element("span", { text: t("table.info.redealt", { times: n(state.redeals) }) }));
  if (state.timer) parts.push(element("span", { text: t("table.info.timer", { time: t("defaults.seconds", {}, state.timer) }) }));
  if (state.watching) parts.push(element("span", { id: "watching", text: t("table.info.watching", {}, state.watching) }));
  $("info").replaceChildren(...parts);
  $("waiting").hidden = state.status !== "waiting";
  /** @type {HTMLInputElement} */ ($("share-link")).value = location.href.replace(/\?.*$/, "");
  if (seat === null) return;
  $("away").textContent = state.players[seat].away ? t("table.back") : t("table.away");
  /** @type {HTMLButtonElement} */ ($("away")).disabled = state.status !== "playing";
  $("away").hidden = state.status === "over";
}

// The betting structure the server gives as [kind, amounts] in the page's language.
function structureWords([kind, values]) {
  return t(`structure.${kind}`, formatNumbers(values));
}

function renderStandings() {
  const head = (text) => element("th", { scope: "col", text });
  const rows = [element("tr", {}, head(t("table.column.place")), head(t("table.column.player")),
    head(facts.game.betting ? t("table.column.chips") : t("table.column.points")))];
  for (const s of state.standings) {
    rows.push(element("tr", {}, element("td", { text: formatNumber(s.place) }),
      element("td", {}, ...nameOf(s.name, s.seat)),
      element("td", { class: "num", text: formatNumber(s.score) })));
  }
  $("standings").replaceChildren(...rows);
}

function renderLastHand() {
  const hand = state.phase === "done" ? state : state.last;
  const box = $("last-hand");
  if (!hand) return;
  const lines = [element("div", { class: "line hint", text: t("table.last.hand", { hand: formatNumber(hand.hand + 1) }) })];
  if (hand.board.length) lines.push(element("div", { class: "line" }, t("table.last.board"), " ", cardsElement(hand.board, { small: true })));
  for (const shown of hand.shown) {
    lines.push(element("div", { class: "line showdown" },
      element("bdi", { text: playerName(shown.seat) }), t("table.last.colon"), " ",
      cardsElement(shown.cards, { small: true }), ` ${handText(shown)}`));
  }
  if (!hand.shown.length && hand.phase === "done") {
    lines.push(element("div", { class: "line", text: t("table.no_showdown") }));
  }
  if (hand.awards.length) {
    for (const line of resultLines(hand)) lines.push(element("div", { class: "line split", text: line }));
  }
  for (const won of hand.won) lines.push(element("div", { class: "line won", text: wonText(won) }));
  if (!facts.game.betting) {
    for (const winner of hand.winners) lines.push(element("div", { class: "line won", text: pointText(winner) }));
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
    showMessage(why ? t("table.history.failed.why", { reason: why }) : t("table.history.failed"));
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
/** @type {Array<[string, () => string, (() => unknown) | null]>} */
const KEYS = [  // the key, its words (once the catalogue is loaded), what it does
  ["f", () => t("table.key.fold"), () => click("act-fold")],
  ["c", () => t("table.key.call"), () => click("act-check") || click("act-call") || click("act-bring-in")],
  ["b", () => t("table.key.bet"), () => click("act-bet") || click("act-raise")],
  ["a", () => t("table.key.all_in"), () => click("all-in")],
  ["1-7", () => t("table.key.pick"), null],
  ["d", () => t("table.key.draw"), () => click("act-draw")],
  ["n", () => t("table.key.next"), () => click("next-hand")],
  ["?", () => t("table.key.help"), () => showKeys()],
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
    list.append(element("dt", {}, element("kbd", { text: key })), element("dd", { text: what() }));
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

setInterval(tick, 250);
window.addEventListener("resize", () => { if (state) render(); });
main();
