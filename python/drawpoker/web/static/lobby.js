// drawpoker: the lobby. Every game and its settings come from /api/games (the engine's
// registered games and the fields of their settings dataclasses), so a new game needs no
// change here. The open tables come from the lobby's WebSocket (/lobby/ws), sent again by the
// server each time the list changes. Every name is shown as text (textContent), never HTML.
"use strict";

const NICKNAME_KEY = "drawpoker.nickname";
const STATUS_WORDS = { waiting: "waiting for players", playing: "playing" };

const CPU_LABELS = {
  checkcall: "check/call",
  rules: "rules of thumb",
  strong: "strong",
  station: "calling station",
  "min-raiser": "min-raiser",
  "pat-maniac": "pat maniac",
  "pat-station": "pat calling station",
  "pat-stabber": "pat stabber",
  "pat-min-raiser": "pat min-raiser",
};
let GAMES = [];
const seatChoices = [];  // what each seat was set to, kept when the seats are drawn again

function currentGame() {
  return GAMES.find((g) => g.name === document.getElementById("game").value);
}

function defaultWords(setting) {
  if (setting.type === "bool") return setting.default ? "on" : "off";
  if (setting.choices) {
    const i = setting.choices.indexOf(setting.default);
    return i >= 0 ? setting.choice_labels[i] : String(setting.default);
  }
  return String(setting.default);
}

function settingInput(setting) {
  const id = `setting-${setting.name}`;
  let input;
  if (setting.type === "bool") {
    input = element("input", { type: "checkbox", id, name: setting.name });
    input.checked = Boolean(setting.default);
  } else if (setting.choices) {
    input = element("select", { id, name: setting.name });
    setting.choices.forEach((choice, i) => {
      const option = element("option", { value: String(choice), text: setting.choice_labels[i] });
      if (choice === setting.default) option.selected = true;
      input.append(option);
    });
  } else if (setting.type === "int") {
    input = element("input", { type: "number", id, name: setting.name, min: "0", step: "1" });
    input.value = String(setting.default);
  } else {
    input = element("input", { type: "text", id, name: setting.name });
    input.value = setting.default === null ? "" : String(setting.default);
  }
  input.dataset.type = setting.type;
  const help = setting.help ? `${setting.help[0].toUpperCase()}${setting.help.slice(1)}. ` : "";
  return element("div", { class: "field" },
    element("label", { for: id, text: setting.label }), input,
    element("span", { class: "hint", text: `${help}The rules' default: ${defaultWords(setting)}.` }));
}

function renderSettings() {
  const game = currentGame();
  const box = document.getElementById("game-settings");
  box.replaceChildren(...game.settings.map(settingInput));
  const players = document.getElementById("players");
  players.min = game.seats[0];
  players.max = game.seats[1];
  const count = Math.min(Math.max(Number(players.value) || 4, game.seats[0]), game.seats[1]);
  players.value = String(count);
  document.getElementById("stack").placeholder = `${game.default_stack} (the game's own)`;
  document.getElementById("players-hint").textContent =
    `${game.title} is played by ${game.seats[0]} to ${game.seats[1]} players.`;
  const timer = document.getElementById("timer");
  timer.replaceChildren(...game.table.timers.map((t) =>
    element("option", { value: t === null ? "" : String(t), text: t === null ? "none" : `${t} s` })));
  renderSeats();
}

function renderSeats() {
  const game = currentGame();
  const count = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const select = element("select", { id: `seat-${seat}`, name: `seat-${seat}` });
    select.append(element("option", { value: "person", text: "a person (open seat)" }));
    for (const kind of game.cpu) {
      select.append(element("option", { value: `cpu:${kind}`, text: `CPU: ${CPU_LABELS[kind] || kind}` }));
    }
    const wanted = seatChoices[seat] || (seat === 0 || game.cpu.length === 0 ? "person" : "cpu:rules");
    select.value = [...select.options].some((o) => o.value === wanted) ? wanted : select.options[0].value;
    select.addEventListener("change", () => { seatChoices[seat] = select.value; });
    rows.push(element("div", { class: "seat-row" },
      element("label", { for: select.id, text: `Seat ${seat + 1}` }), select));
  }
  box.replaceChildren(...rows);
}

function request() {
  const game = currentGame();
  const settings = {};
  for (const setting of game.settings) {
    const input = document.getElementById(`setting-${setting.name}`);
    if (setting.type === "bool") settings[setting.name] = input.checked;
    else if (setting.type === "int") settings[setting.name] = Number(input.value);
    else settings[setting.name] = input.value;
  }
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const stack = document.getElementById("stack").value;
  const timer = document.getElementById("timer").value;
  return {
    game: game.name,
    settings,
    seats,
    stack: stack === "" ? null : Number(stack),
    rounds: Number(document.getElementById("rounds").value),
    turn_timer: timer === "" ? null : Number(timer),
  };
}

function nickname() {
  const name = document.getElementById("nickname").value.trim();
  localStorage.setItem(NICKNAME_KEY, name);
  return name === "" ? undefined : name;
}

function showError(what, error) {
  document.getElementById("lobby-error").textContent = `${what}: ${error.message}`;
}

// A seat taken (its token kept in this browser, as the table page reads it): go to the table.
function sitAt(tableId, token) {
  localStorage.setItem(`drawpoker.seat.${tableId}`, token);
  location.href = `/table/${encodeURIComponent(tableId)}`;
}

async function create(event) {
  event.preventDefault();
  document.getElementById("lobby-error").textContent = "";
  const button = document.getElementById("create");
  button.disabled = true;
  try {
    const body = { ...request(), private: document.getElementById("private").checked, sit: true };
    const name = nickname();
    if (name !== undefined) body.name = name;
    const made = await requestJSON("POST", "/api/tables", body);
    sitAt(made.id, made.token);
  } catch (error) {
    showError("The table was not made", error);
    button.disabled = false;
  }
}

async function join(tableId) {
  document.getElementById("lobby-error").textContent = "";
  try {
    const name = nickname();
    const taken = await requestJSON("POST", `/api/tables/${encodeURIComponent(tableId)}/seats`,
      name === undefined ? {} : { name });
    sitAt(tableId, taken.token);
  } catch (error) {
    if (error.status === 409) location.href = `/table/${encodeURIComponent(tableId)}`;  // offers to watch
    else showError("No seat was taken", error);
  }
}

async function playNow(game) {
  document.getElementById("lobby-error").textContent = "";
  try {
    const name = nickname();
    const body = name === undefined ? { game } : { game, name };
    const taken = await requestJSON("POST", "/api/play", body);
    sitAt(taken.id, taken.token);
  } catch (error) {
    showError("No seat was found", error);
  }
}

// ------------------------------------------------------------------ the open tables

function tableRow(row) {
  const joinButton = element("button", { type: "button", class: "join", text: "Join" });
  joinButton.dataset.table = row.id;
  joinButton.disabled = row.free === 0;
  joinButton.addEventListener("click", () => join(row.id));
  const watch = element("a", { href: `${row.link}?watch`, class: "watch", text: "Watch" });
  const players = `${row.people} ${row.people === 1 ? "person" : "people"}, ${row.cpu} CPU`;
  const tr = element("tr", {},
    element("td", { text: row.title }),
    element("td", { text: `${row.stakes} (${row.structure})` }),
    element("td", { class: "num", text: `${row.free} of ${row.seats}` }),
    element("td", { text: players }),
    element("td", { class: "num", text: String(row.watching) }),
    element("td", { text: STATUS_WORDS[row.status] || row.status }),
    element("td", {}, joinButton, " ", watch));
  tr.dataset.table = row.id;
  return tr;
}

function showTables(message) {
  const rows = message.tables.map(tableRow);
  document.getElementById("table-rows").replaceChildren(...rows);
  document.getElementById("tables").hidden = rows.length === 0;
  const more = message.total > rows.length ? ` (the ${rows.length} oldest of ${message.total} shown)` : "";
  document.getElementById("tables-status").textContent = rows.length === 0
    ? "No open table right now: play now, or start one."
    : `${message.total} open ${message.total === 1 ? "table" : "tables"}${more}.`;
  document.body.dataset.tables = String(message.total);
}

let lobbyRetry = 500;
function followTables() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/lobby/ws`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "tables") { lobbyRetry = 500; showTables(message); }
  });
  socket.addEventListener("close", () => {
    document.getElementById("tables-status").textContent = "The list is not live: reconnecting...";
    setTimeout(followTables, lobbyRetry);
    lobbyRetry = Math.min(lobbyRetry * 2, 15000);
  });
}

async function start() {
  const data = await requestJSON("GET", "/api/games");
  GAMES = data.games;
  const select = document.getElementById("game");
  select.replaceChildren(...GAMES.map((g) => element("option", { value: g.name, text: g.title })));
  document.getElementById("nickname").value = localStorage.getItem(NICKNAME_KEY) || "";
  document.getElementById("play-buttons").replaceChildren(...GAMES.map((g) => {
    const button = element("button", { type: "button", class: "secondary", id: `play-${g.name}`, text: g.title });
    button.addEventListener("click", () => playNow(g.name));
    return button;
  }));
  followTables();
  select.addEventListener("change", renderSettings);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("new-table").addEventListener("submit", create);
  renderSettings();
  document.body.dataset.ready = "yes";
}

start().catch((error) => {
  document.getElementById("lobby-error").textContent = `The lobby could not load: ${error.message}`;
});
