// @ts-check
// drawpoker: the table page. The server is the only authority: this page shows the seat's
// state as the server sends it (docs/protocol.md) and sends the person's choices; the words,
// sentences and amount ranges come from the server, the page holds no game rule.
// After a hand the server pauses the table (state.pause): meanwhile the felt shows that hand's
// result (state.last: the shown hands, the awards per pot and half, the chips won) until the
// pause ends or every present person clicked "Next hand".
// This entry joins the parts: connection, state, felt, controls, panels, log and keys.
import { connect, send } from "./connection.js";
import { fitWholeRows, playPreAction, preActionStale, renderControls, tick } from "./controls.js";
import { renderFelt } from "./felt.js";
import { fillKeys, listenForKeys } from "./keys.js";
import { addEvents, clearLog } from "./log.js";
import { renderInfo, renderLastHand, renderStandings } from "./panels.js";
import { listenForSettings, setting, showSettings, tellTips } from "./settings.js";
import { soundForTurn } from "./sound.js";
import { TABLE_ID, TOKEN_KEY, WATCHING, hooks, myTurn, page, showMessage, shownHand, titleOf } from "./state.js";

async function main() {
  await loadTexts();
  fillKeys();
  try {
    page.facts = await requestJSON("GET", `/api/tables/${encodeURIComponent(TABLE_ID)}`);
  } catch (error) {
    if (error.status === 404) {  // a heading and the way back, not a line on a blank page
      $("missing").hidden = false;
      document.title = t("table.no_table.title");
    } else {
      $("page-error").textContent = error.message;
    }
    return;
  }
  document.title = t("table.page_title.game", { game: titleOf(page.facts.game) });
  page.token = localStorage.getItem(TOKEN_KEY);
  if (WATCHING) {
    connect(receive);
  } else if (!page.token && deviceKey() && (page.token = await takeBack())) {
    connect(receive);
  } else if (page.token) {
    connect(receive);
  } else if (page.facts.open_seats.length && page.facts.status !== "over") {
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
  if (page.facts.status !== "over") return;
  $("full-title").textContent = t("table.over.title", { game: titleOf(page.facts.game) });
  $("watch-link").textContent = t("table.over.watch");
  // a new seat of this game by "Play now" (#play-again is the game-over button of a seat)
  $("play-this-game").hidden = false;
  $("play-this-game").textContent = t("table.over.again", { game: titleOf(page.facts.game) });
  $("play-this-game").addEventListener("click", async () => {
    try {
      const name = localStorage.getItem("drawpoker.nickname") || undefined;
      const body = { game: page.facts.game.name, name, device: deviceKey() || undefined };
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
  $("join-title").textContent = t("table.join.game", { game: titleOf(page.facts.game) });
  const people = page.facts.players.filter((p) => p.cpu === null).length;
  const seats = t("table.join.facts", { seats: t("table.count.seats", {}, page.facts.players.length),
    people: formatNumber(people), rounds: t("table.count.rounds", {}, page.facts.rounds) });
  $("join-facts").textContent = page.facts.turn_timer
    ? t("table.join.timed", { facts: seats, time: t("defaults.seconds", {}, page.facts.turn_timer) })
    : t("table.join.untimed", { facts: seats });
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const taken = await requestJSON("POST", `/api/tables/${encodeURIComponent(TABLE_ID)}/seats`,
        { name: /** @type {HTMLInputElement} */ ($("name")).value || undefined, device: deviceKey() || undefined });
      page.token = taken.token;
      localStorage.setItem(TOKEN_KEY, taken.token);
      $("join").hidden = true;
      connect(receive);
    } catch (error) {
      $("page-error").textContent = error.message;
      if (error.status === 409) { $("join").hidden = true; showFull(); }
    }
  });
  if (typeof deviceNickname === "function") /** @type {HTMLInputElement} */ ($("name")).value = deviceNickname();
  $("name").focus();
}

function receive(message) {
  if (message.type === "welcome") {
    page.facts = message.table;
    page.seat = message.seat;
    $("table-area").hidden = false;
    if (page.seat === null) {  // a watcher: nothing to do at the table, nobody to invite
      /** @type {HTMLElement} */ ($("away").closest(".panel")).hidden = true;
      for (const id of ["start-now", "share-link", "waiting-hint"]) $(id).hidden = true;
    }
    if (page.lastSeq === null) {  // a first connection; a reconnect's events follow what the log has
      clearLog();
    }
    page.state = message.state;
    addEvents(message.events);
    setState(message.state);
    if (page.seat !== null) tellTips();  // the server computes a tip only for a seat that asked
  } else if (message.type === "update") {
    addEvents(message.events);
    setState(message.state);
  } else if (message.type === "error") {
    page.sent = false;
    showMessage(t("table.refused", { reason: refusalText(message) }));
    if (page.state) hooks.render();
  }
}

// A refusal in the reader's language: the catalogue's sentence for its code, as the server
// answers an HTTP request (docs/protocol.md); in English the server's own sentence, which says
// more (whose turn it is, which rule).
function refusalText(message) {
  const key = `error.${message.code}`;
  return I18N.tag.split("-")[0] === "en" || !hasText(key) ? message.message : t(key);
}

function setState(next) {
  page.state = next;
  page.lastSeq = next.seq;
  page.sent = false;
  page.deadline = next.time_left === null ? null : performance.now() + 1000 * next.time_left;
  page.pauseEnd = next.pause === null || next.pause === undefined ? null : performance.now() + 1000 * next.pause;
  if (page.pickedFor !== next.seq) { page.picked = new Set(); page.pickedFor = next.seq; }
  if (page.preAction && preActionStale(page.preAction, next)) page.preAction = null;
  render();
  // a turn is the hand and the actions played before it: the updates during it change neither
  soundForTurn(myTurn() ? `${next.hand}:${next.actions}` : null, setting("sound"));
  if (page.preAction && myTurn() && shownHand() === null) playPreAction();
}

function render() {
  if (!page.state) return;
  renderInfo();
  showSettings();
  renderControls();  // first: on a phone the panel's height sets the felt's
  renderFelt();
  // again once the felt shows the hand's end: beside it the panel's column is narrower then
  const standings = document.getElementById("final-standings");
  if (standings) fitWholeRows(standings);
  renderStandings();
  renderLastHand();
  document.body.dataset.seq = String(page.state.seq);
  document.body.dataset.status = page.state.status;
  document.body.dataset.hand = String(page.state.hand);
  document.body.dataset.myturn = myTurn() ? "yes" : "no";
  document.body.dataset.connected = page.connected ? "yes" : "no";
}

async function download(format) {
  const response = await fetch(`/api/tables/${encodeURIComponent(TABLE_ID)}/history?format=${format}`, {
    headers: { "x-seat-token": page.token || "" },
  });
  if (!response.ok) {
    let why = "";
    try { why = (await response.json()).message || ""; } catch (_) { /* not JSON */ }
    showMessage(why ? t("table.history.failed.why", { reason: why }) : t("table.history.failed"));
    return;
  }
  const blob = await response.blob();
  const extension = format === "phh" ? "phhs" : "json";
  const link = element("a", { href: URL.createObjectURL(blob), download: `drawpoker-${TABLE_ID}-seat${Number(page.seat) + 1}.${extension}` });
  document.body.append(link);
  link.click();
  link.remove();
}

hooks.render = render;
$("start-now").addEventListener("click", () => send({ type: "start" }));
$("away").addEventListener("click", () => send({ type: page.state && page.state.players[/** @type {number} */ (page.seat)].away ? "back" : "away" }));
$("download").addEventListener("click", () => download("json"));
$("download-phh").addEventListener("click", () => download("phh"));
listenForKeys();
listenForSettings();
setInterval(tick, 250);
window.addEventListener("resize", () => { if (page.state) render(); });
main();
