// drawpoker: the lobby. Every game and its settings come from /api/games (the engine's
// registered games and the fields of their settings dataclasses), so a new game needs no
// change here.
"use strict";

let GAMES = [];
const seatChoices = [];  // what each seat was set to, kept when the seats are drawn again

function currentGame() {
  return GAMES.find((g) => g.name === document.getElementById("game").value);
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
      const said = hasText(`choice.${choice}`) ? t(`choice.${choice}`) : String(choice);
      const option = element("option", { value: String(choice), text: said });
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
  const label = hasText(`setting.${setting.name}`) ? t(`setting.${setting.name}`) : setting.label;
  const row = element("div", { class: "field" }, element("label", { for: id, text: label }), input);
  const help = `help.${currentGame().name}.${setting.name}`;
  if (setting.help) row.append(element("span", { class: "hint", text: hasText(help) ? t(help) : setting.help }));
  return row;
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
  document.getElementById("stack").placeholder = t("lobby.stack.default", { stack: formatNumber(game.default_stack) });
  const timer = document.getElementById("timer");
  timer.replaceChildren(...game.table.timers.map((seconds) =>
    element("option", {
      value: seconds === null ? "" : String(seconds),
      text: seconds === null ? t("defaults.none") : t("defaults.seconds", {}, seconds),
    })));
  renderSeats();
}

function renderSeats() {
  const game = currentGame();
  const count = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
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
    select.addEventListener("change", () => { seatChoices[seat] = select.value; });
    rows.push(element("div", { class: "seat-row" },
      element("label", { for: select.id, text: t("lobby.seat", { number: formatNumber(seat + 1) }) }), select));
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

async function create(event) {
  event.preventDefault();
  const errorLine = document.getElementById("lobby-error");
  errorLine.textContent = "";
  const button = document.getElementById("create");
  button.disabled = true;
  try {
    const made = await requestJSON("POST", "/api/tables", request());
    document.getElementById("link").value = made.url;
    document.getElementById("open").href = `/table/${made.id}`;
    document.getElementById("created").hidden = false;
    document.getElementById("open").focus();
  } catch (error) {
    errorLine.textContent = t("lobby.not_made", { reason: error.message });
  } finally {
    button.disabled = false;
  }
}

async function start() {
  await loadTexts();
  const data = await requestJSON("GET", "/api/games");
  GAMES = data.games;
  const select = document.getElementById("game");
  select.replaceChildren(...GAMES.map((g) => element("option", { value: g.name, text: hasText(`game.${g.name}`) ? t(`game.${g.name}`) : g.title })));
  select.addEventListener("change", renderSettings);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("new-table").addEventListener("submit", create);
  document.getElementById("copy").addEventListener("click", async () => {
    const link = document.getElementById("link");
    link.select();
    try { await navigator.clipboard.writeText(link.value); } catch (_) { /* the text stays selected */ }
  });
  renderSettings();
  document.body.dataset.ready = "yes";
}

start().catch((error) => {
  document.getElementById("lobby-error").textContent = t("lobby.not_loaded", { reason: error.message });
});
