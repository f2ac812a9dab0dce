// drawpoker: the leaderboard of each game, a page at a time (GET /api/leaderboard/{game}).
"use strict";

let boardPage = 0;

async function showBoard() {
  const game = /** @type {HTMLSelectElement} */ ($("board-game")).value;
  try {
    const data = await requestJSON("GET",
      `/api/leaderboard/${encodeURIComponent(game)}?page=${boardPage}`);
    /** @type {HTMLElement} */ (document.querySelector("#board tbody")).replaceChildren(...data.ratings.map((row) =>
      element("tr", {},
        element("td", { text: String(row.place) }),
        element("td", { text: row.nickname }),
        element("td", { text: row.rating.toFixed(1) }),
        element("td", { text: String(row.games) }))));
    const pages = Math.max(1, Math.ceil(data.total / data.page_size));
    $("page").textContent = `page ${boardPage + 1} of ${pages} (${data.total} players)`;
    /** @type {HTMLButtonElement} */ ($("previous")).disabled = boardPage === 0;
    /** @type {HTMLButtonElement} */ ($("next")).disabled = boardPage + 1 >= pages;
    $("board-error").textContent = "";
  } catch (problem) {
    $("board-error").textContent = problem.message;
  }
}

async function start() {
  const data = await requestJSON("GET", "/api/games");
  const select = /** @type {HTMLSelectElement} */ ($("board-game"));
  for (const game of data.games) {
    select.append(element("option", { value: game.name, text: game.title }));
  }
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && data.games.some((g) => g.name === asked)) select.value = asked;
  select.addEventListener("change", () => { boardPage = 0; showBoard(); });
  showBoard();
}

$("previous").addEventListener("click", () => { boardPage -= 1; showBoard(); });
$("next").addEventListener("click", () => { boardPage += 1; showBoard(); });
start();
