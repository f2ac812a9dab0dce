// drawpoker: "your games": this device's tables with placings, chips and rating changes, each
// table's hand history (JSON or PHH), and the device key's export and import.
"use strict";

let gamesPage = 0;

function ratingText(seat) {
  if (seat.rating_after === null) return t("games.not_rated");
  const change = ratingChange(seat.rating_after - seat.rating_before);
  return t("games.rating", { rating: t("rating.label", { rating: ratingFigure(seat.rating_after) }), change });
}

async function download(tableId, seat, format) {
  const response = await fetch(
    `/api/tables/${encodeURIComponent(tableId)}/history?format=${format}&seat=${seat}`,
    { headers: { "x-device-key": /** @type {string} */ (deviceKey()) } });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    $("games-error").textContent = data.message || formatNumber(response.status);
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
    const button = element("button", { type: "button", text: format.toUpperCase(), "aria-label": t(`games.download.${format}`) });
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
  const labels = ["games.column.table", "lobby.column.game", "lobby.column.status", "games.column.place",
    "games.column.score", "games.column.rating", "games.column.history"].map((key) => t(key));
  for (const table of data.tables) {
    for (const seat of table.seats) {
      rows.push(labelledRow(labels, {},
        element("td", {}, element("a", { href: `/table/${encodeURIComponent(table.id)}`, text: table.id, dir: "ltr" })),
        element("td", { text: gameTitle(table.game, table.game) }),
        element("td", { text: said(`status.${table.status}`, table.status) }),
        element("td", { text: seat.place === null ? "" : formatNumber(seat.place) }),
        element("td", { text: seat.score === null ? "" : formatNumber(seat.score) }),
        element("td", { text: table.status === "over" ? ratingText(seat) : "" }),
        historyButtons(table.id, seat.seat)));
    }
  }
  body.replaceChildren(...rows);
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  $("page").textContent = t("games.page", { page: formatNumber(gamesPage + 1), pages: formatNumber(pages), tables: t("games.count", {}, data.total) });
  // No headings over an empty table and no buttons to a page that is not there.
  $("no-games").hidden = data.total > 0;
  $("games-region").hidden = rows.length === 0;
  $("paging").hidden = data.total === 0;
  $("previous").hidden = gamesPage === 0;
  $("next").hidden = gamesPage + 1 >= pages;
}

// The lobby's nickname field registers this browser; until then there are no games to list.
async function start() {
  if (!deviceKey()) {
    $("who").replaceChildren(t("games.no_device"), " ", element("a", { href: "/", text: t("games.no_device.link") }));
    document.body.dataset.ready = "yes";
    return;
  }
  $("who").replaceChildren(t("games.playing_as"), " ", element("bdi", { text: deviceNickname() }));
  try {
    await showGames();
  } catch (problem) {
    $("games-error").textContent = problem.message;
  }
  document.body.dataset.ready = "yes";
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
loadTexts().then(start);
