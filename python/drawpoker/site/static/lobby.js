// drawpoker: the lobby. Every game and its settings come from /api/games (the engine's
// registered games and the fields of their settings dataclasses), so a new game needs no
// change here. The open tables come from the lobby's WebSocket (/lobby/ws), sent again by the
// server each time the list changes. Every name is shown as text (textContent), never HTML.
"use strict";

const NICKNAME_KEY = "drawpoker.nickname";

let GAMES = [];
const seatChoices = [];  // what each seat was set to, kept when the seats are drawn again

function currentGame() {
  return GAMES.find((g) => g.name === /** @type {HTMLSelectElement} */ ($("game")).value);
}

function choiceWords(setting, choice) {
  const i = setting.choices.indexOf(choice);
  return said(`choice.${choice}`, i >= 0 ? setting.choice_labels[i] : String(choice));
}

function defaultWords(setting) {
  if (setting.type === "bool") return setting.default ? t("defaults.on") : t("defaults.off");
  if (setting.choices) return choiceWords(setting, setting.default);
  return typeof setting.default === "number" ? formatNumber(setting.default) : String(setting.default);
}

function settingInput(setting) {
  const id = `setting-${setting.name}`;
  let input;
  if (setting.type === "bool") {
    input = element("input", { type: "checkbox", id, name: setting.name });
    input.checked = Boolean(setting.default);
  } else if (setting.choices) {
    input = element("select", { id, name: setting.name });
    for (const choice of setting.choices) {
      const option = element("option", { value: String(choice), text: choiceWords(setting, choice) });
      if (choice === setting.default) option.selected = true;
      input.append(option);
    }
  } else if (setting.type === "int") {
    input = element("input", { type: "number", id, name: setting.name, min: "0", step: "1" });
    input.value = String(setting.default);
  } else {
    input = element("input", { type: "text", id, name: setting.name });
    input.value = setting.default === null ? "" : String(setting.default);
  }
  input.dataset.type = setting.type;
  const label = said(`setting.${setting.name}`, setting.label);
  const help = said(`help.${currentGame().name}.${setting.name}`, setting.help);
  const value = defaultWords(setting);
  const hint = help
    ? t("lobby.setting.hint", { help: `${help[0].toUpperCase()}${help.slice(1)}`, value })
    : t("lobby.setting.default", { value });
  return element("div", { class: "field" },
    element("label", { for: id, text: label }), input,
    element("span", { class: "hint", text: hint }));
}

function renderSettings() {
  const game = currentGame();
  const box = $("game-settings");
  box.replaceChildren(...game.settings.map(settingInput));
  const players = /** @type {HTMLInputElement} */ ($("players"));
  players.min = game.seats[0];
  players.max = game.seats[1];
  const count = Math.min(Math.max(Number(players.value) || 4, game.seats[0]), game.seats[1]);
  players.value = String(count);
  /** @type {HTMLInputElement} */ ($("stack")).placeholder = t("lobby.stack.default", { stack: formatNumber(game.default_stack) });
  $("players-hint").textContent = t("lobby.players.hint",
    { game: gameTitle(game.name, game.title), low: formatNumber(game.seats[0]) }, game.seats[1]);
  const timer = $("timer");
  timer.replaceChildren(...game.table.timers.map((seconds) =>
    element("option", {
      value: seconds === null ? "" : String(seconds),
      text: seconds === null ? t("defaults.none") : t("defaults.seconds", {}, seconds),
    })));
  renderSeats();
}

function renderSeats() {
  const game = currentGame();
  const count = Number(/** @type {HTMLInputElement} */ ($("players")).value);
  const box = $("seats");
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const select = element("select", { id: `seat-${seat}`, name: `seat-${seat}` });
    select.append(element("option", { value: "person", text: t("lobby.person") }));
    for (const kind of game.cpu) {
      const name = hasText(`cpu.${kind}`) ? t(`cpu.${kind}`) : kind;
      select.append(element("option", { value: `cpu:${kind}`, text: t("lobby.cpu", { kind: name }) }));
    }
    const wanted = seatChoices[seat] || (seat === 0 || game.cpu.length === 0 ? "person" : "cpu:rules");
    select.value = [...select.options].some((o) => o.value === wanted) ? wanted : select.options[0].value;
    select.addEventListener("change", () => { seatChoices[seat] = select.value; markYourSeat(); });
    rows.push(element("div", { class: "seat-row" },
      element("label", { for: select.id, text: t("lobby.seat", { number: formatNumber(seat + 1) }) }), select));
  }
  box.replaceChildren(...rows);
  markYourSeat();
}

// The first seat for a person is the creator's (lobby.seats.hint): its choice says "you", every
// other person's seat "a person (open seat)". Seat 1 said "open seat" under a hint saying you
// take it.
function markYourSeat() {
  const selects = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seats select"))];
  const yours = selects.find((select) => select.value === "person");
  for (const select of selects) {
    const person = select.querySelector('option[value="person"]');
    if (person) person.textContent = select === yours ? t("lobby.person.you") : t("lobby.person");
  }
}

function request() {
  const game = currentGame();
  const settings = {};
  for (const setting of game.settings) {
    const input = /** @type {HTMLInputElement | HTMLSelectElement} */ ($(`setting-${setting.name}`));
    if (setting.type === "bool") settings[setting.name] = /** @type {HTMLInputElement} */ (input).checked;
    else if (setting.type === "int") settings[setting.name] = Number(input.value);
    else settings[setting.name] = input.value;
  }
  const seats = [.../** @type {NodeListOf<HTMLSelectElement>} */ (document.querySelectorAll("#seats select"))].map((s) => s.value);
  const stack = /** @type {HTMLInputElement} */ ($("stack")).value;
  const timer = /** @type {HTMLSelectElement} */ ($("timer")).value;
  return {
    game: game.name,
    settings,
    seats,
    stack: stack === "" ? null : Number(stack),
    rounds: Number(/** @type {HTMLInputElement} */ ($("rounds")).value),
    turn_timer: timer === "" ? null : Number(timer),
  };
}

function nickname() {
  const name = /** @type {HTMLInputElement} */ ($("nickname")).value.trim();
  localStorage.setItem(NICKNAME_KEY, name);
  return name === "" ? undefined : name;
}

// The device key a seat taken here is tied to: on a first visit, the nickname typed in the
// lobby's one field registers the device first (no nickname, no device: the seat is anonymous).
async function seatDevice(name) {
  if (!deviceKey() && name !== undefined) await registerDevice(name);
  return deviceKey() || undefined;
}

function showError(text) {
  $("lobby-error").textContent = text;
}

// A seat taken (its token kept in this browser, as the table page reads it): go to the table.
function sitAt(tableId, token) {
  localStorage.setItem(`drawpoker.seat.${tableId}`, token);
  location.href = `/table/${encodeURIComponent(tableId)}`;
}

async function create(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const button = /** @type {HTMLButtonElement} */ ($("create"));
  button.disabled = true;
  try {
    /** @type {ReturnType<typeof request> & {private: boolean, sit: boolean, name?: string, device?: string | null}} */
    const body = { ...request(), private: /** @type {HTMLInputElement} */ ($("private")).checked, sit: true };
    const name = nickname();
    if (name !== undefined) body.name = name;
    body.device = await seatDevice(name);  // the seat counts for this device's rating
    const made = await requestJSON("POST", "/api/tables", body);
    sitAt(made.id, made.token);
  } catch (error) {
    showError(t("lobby.not_made", { reason: error.message }));
    button.disabled = false;
  }
}

async function join(tableId) {
  $("lobby-error").textContent = "";
  try {
    const name = nickname();
    const taken = await requestJSON("POST", `/api/tables/${encodeURIComponent(tableId)}/seats`,
      { name, device: await seatDevice(name) });
    sitAt(tableId, taken.token);
  } catch (error) {
    if (error.status === 409) location.href = `/table/${encodeURIComponent(tableId)}`;  // offers to watch
    else showError(t("lobby.not_joined", { reason: error.message }));
  }
}

async function playNow(game) {
  $("lobby-error").textContent = "";
  try {
    const name = nickname();
    const body = { game, name, device: await seatDevice(name) };  // JSON leaves out undefined
    const taken = await requestJSON("POST", "/api/play", body);
    sitAt(taken.id, taken.token);
  } catch (error) {
    showError(t("lobby.not_seated", { reason: error.message }));
  }
}

// ------------------------------------------------------------------ the open tables

// A table's stakes and betting structure in the page's language (in the server's English
// when the catalogue lacks a kind).
function stakesWords(row) {
  const part = ([kind, values]) => (hasText(`stakes.${kind}`) ? t(`stakes.${kind}`, formatNumbers(values)) : null);
  const parts = row.stakes_parts.map(part);
  const [kind, values] = row.structure_kind;
  const structure = hasText(`structure.${kind}`) ? t(`structure.${kind}`, formatNumbers(values)) : row.structure;
  const stakes = parts.includes(null) ? row.stakes : parts.join(t("lobby.separator"));
  return t("lobby.stakes", { stakes, structure });
}

// Who sits at a listed table, each name with its rating as the table page shows it; a seat
// the site names (a CPU's, or a person's who gave no name) is named in the reader's language.
function seatedList(seated) {
  const number = (p) => ({ number: formatNumber(p.seat + 1) });
  const name = (p) => p.name ?? (p.cpu ? t("lobby.cpu_seat", number(p)) : t("lobby.seat", number(p)));
  return element("ul", { class: "seated" }, ...seated.map((p) => element("li", {},
    element("bdi", { text: name(p) }), ...(typeof p.rating === "number" ? [" \u00b7 ", ratingBadge(p.rating)] : []))));
}

function tableRow(row) {
  const joinButton = element("button", { type: "button", class: "join", text: t("lobby.join") });
  joinButton.dataset.table = row.id;
  joinButton.disabled = row.free === 0;
  joinButton.addEventListener("click", () => join(row.id));
  const watch = element("a", { href: `${row.link}?watch`, class: "watch", text: t("lobby.watch") });
  const people = t("count.people", {}, row.people);
  const labels = ["lobby.column.game", "lobby.column.stakes", "lobby.column.free", "lobby.column.players",
    "lobby.column.watching", "lobby.column.status", "lobby.column.join"].map((key) => t(key));
  return labelledRow(labels, { "data-table": row.id },
    element("td", { class: "game", text: gameTitle(row.game, row.title) }),
    element("td", { text: stakesWords(row) }),
    element("td", { class: "num", text: t("lobby.free", { free: formatNumber(row.free), seats: formatNumber(row.seats) }) }),
    element("td", {}, t("lobby.players", { people, cpu: formatNumber(row.cpu) }), seatedList(row.seated)),
    element("td", { class: "num", text: formatNumber(row.watching) }),
    element("td", { text: hasText(`status.${row.status}`) ? t(`status.${row.status}`) : row.status }),
    element("td", { class: "bare join-or-watch" }, joinButton, " ", watch));
}

function showTables(message) {
  const rows = message.tables.map(tableRow);
  $("table-rows").replaceChildren(...rows);
  $("tables").hidden = rows.length === 0;
  let status = t("lobby.tables.none");
  if (rows.length > 0) {
    status = t("lobby.tables.count", {}, message.total);
    if (message.total > rows.length) status = t("lobby.tables.some", { shown: formatNumber(rows.length) }, message.total);
  }
  $("tables-status").textContent = status;
  document.body.dataset.tables = String(message.total);
}

// The open tables, live: the server sends the list again at each change.
function followTables() {
  keptSocket("/lobby/ws", {
    message(message) { if (message.type === "tables") showTables(message); },
    lost() { $("tables-status").textContent = t("lobby.tables.reconnecting"); },
  }, 15000);
}

async function start() {
  await loadTexts();
  offerDevice(/** @type {HTMLInputElement} */ ($("nickname")));
  const data = await requestJSON("GET", "/api/games");
  GAMES = data.games;
  const select = $("game");
  select.replaceChildren(...GAMES.map((g) => element("option", { value: g.name, text: gameTitle(g.name, g.title) })));
  /** @type {HTMLInputElement} */ ($("nickname")).value = localStorage.getItem(NICKNAME_KEY) || "";
  $("play-buttons").replaceChildren(...GAMES.map((g) => {
    const button = element("button", { type: "button", class: "secondary", id: `play-${g.name}`, text: gameTitle(g.name, g.title) });
    button.addEventListener("click", () => playNow(g.name));
    return button;
  }));
  followTables();
  select.addEventListener("change", renderSettings);
  // The seats follow the count as it is typed (only a count the field takes): redrawn when the
  // field lost focus instead, they moved the Create button from under the tap that left it.
  $("players").addEventListener("input", () => {
    const players = /** @type {HTMLInputElement} */ ($("players"));
    if (players.value !== "" && players.checkValidity()) renderSeats();
  });
  $("new-table").addEventListener("submit", create);
  renderSettings();
  document.body.dataset.ready = "yes";
}

start().catch((error) => {
  showError(t("lobby.not_loaded", { reason: error.message }));
});
