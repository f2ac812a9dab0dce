// drawpoker: "your games": this device's tables with placings, chips and rating changes, each
// table's hand history (JSON or PHH), and the device key's export and import.
"use strict";

let gamesPage = 0;

function ratingText(seat) {
  if (seat.rating_after === null) return "not rated";
  const change = seat.rating_after - seat.rating_before;
  return `${seat.rating_after.toFixed(1)} (${change >= 0 ? "+" : ""}${change.toFixed(1)})`;
}

async function download(tableId, seat, format) {
  const response = await fetch(
    `/api/tables/${encodeURIComponent(tableId)}/history?format=${format}&seat=${seat}`,
    { headers: { "x-device-key": /** @type {string} */ (deviceKey()) } });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    $("games-error").textContent = data.message || `${response.status}`;
    return;
  }
  const link = element("a", { href: URL.createObjectURL(await response.blob()),
    download: `drawpoker-${tableId}-seat${seat + 1}.${format === "phh" ? "phhs" : "json"}` });
  document.body.append(link);
  link.click();
  link.remove();
}

function historyButtons(tableId, seat) {
  const cell = element("td");
  for (const format of ["json", "phh"]) {
    const button = element("button", { type: "button", text: format.toUpperCase() });
    button.addEventListener("click", () => download(tableId, seat, format));
    cell.append(button, " ");
  }
  return cell;
}

async function showGames() {
  const body = /** @type {HTMLElement} */ (document.querySelector("#games tbody"));
  const data = await requestJSON("GET", `/api/devices/me/games?page=${gamesPage}`, undefined,
    { "x-device-key": deviceKey() });
  const rows = [];
  for (const table of data.tables) {
    for (const seat of table.seats) {
      rows.push(element("tr", {},
        element("td", {}, element("a", { href: `/table/${encodeURIComponent(table.id)}`, text: table.id })),
        element("td", { text: table.game }),
        element("td", { text: table.status }),
        element("td", { text: seat.place === null ? "" : String(seat.place) }),
        element("td", { text: seat.score === null ? "" : String(seat.score) }),
        element("td", { text: table.status === "over" ? ratingText(seat) : "" }),
        historyButtons(table.id, seat.seat)));
    }
  }
  body.replaceChildren(...rows);
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  $("page").textContent = `page ${gamesPage + 1} of ${pages} (${data.total} tables)`;
  /** @type {HTMLButtonElement} */ ($("previous")).disabled = gamesPage === 0;
  /** @type {HTMLButtonElement} */ ($("next")).disabled = gamesPage + 1 >= pages;
}

async function start() {
  const main = document.querySelector("main");
  if (!deviceKey()) {
    $("who").textContent = "This browser has no nickname yet.";
    askNickname(main, () => start());
    return;
  }
  $("who").textContent = `Playing as ${deviceNickname()}.`;
  try {
    await showGames();
  } catch (problem) {
    $("games-error").textContent = problem.message;
  }
}

$("previous").addEventListener("click", () => { gamesPage -= 1; start(); });
$("next").addEventListener("click", () => { gamesPage += 1; start(); });
$("show-key").addEventListener("click", () => {
  const field = /** @type {HTMLInputElement} */ ($("device-key"));
  field.value = deviceKey() || "";
  field.hidden = false;
  field.select();
});
$("import-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const key = /** @type {HTMLInputElement} */ ($("import-key")).value.trim();
  try {
    const me = await requestJSON("GET", "/api/devices/me", undefined, { "x-device-key": key });
    keepDevice(key.toLowerCase(), me.nickname);
    /** @type {HTMLInputElement} */ ($("import-key")).value = "";
    gamesPage = 0;
    start();
  } catch (problem) {
    $("games-error").textContent = problem.message;
  }
});
start();
