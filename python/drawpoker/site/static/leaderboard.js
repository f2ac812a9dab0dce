// drawpoker: the leaderboard of each game, a page at a time (GET /api/leaderboard/{game}).
"use strict";

let boardPage = 0;

async function showBoard() {
  const game = /** @type {HTMLSelectElement} */ ($("board-game")).value;
  try {
    const key = deviceKey();
    const data = await requestJSON("GET",
      `/api/leaderboard/${encodeURIComponent(game)}?page=${boardPage}`, undefined,
      key ? { "x-device-key": key } : {});
    // your own row marked: two players of one nickname looked the same
    const rows = data.ratings.map((row) =>
      element("tr", row.you ? { class: "you" } : {},
        element("td", { text: formatNumber(row.place) }),
        element("td", {}, row.you
          ? t("table.you.name", { name: isolated(row.nickname) })
          : element("bdi", { text: row.nickname })),
        element("td", { class: "num" }, ratingBadge(row.rating)),
        element("td", { text: formatNumber(row.games) })));
    // a game nobody is rated in yet says so, and how to be the first, rather than show no row
    const empty = element("tr", {}, element("td", { colspan: "4", class: "empty", text: t("board.empty") }));
    /** @type {HTMLElement} */ (document.querySelector("#board tbody")).replaceChildren(...(rows.length ? rows : [empty]));
    const pages = Math.max(1, Math.ceil(data.total / data.page_size));
    $("page").textContent = t("board.page", { page: formatNumber(boardPage + 1), pages: formatNumber(pages), players: t("board.count", {}, data.total) });
    /** @type {HTMLButtonElement} */ ($("previous")).disabled = boardPage === 0;
    /** @type {HTMLButtonElement} */ ($("next")).disabled = boardPage + 1 >= pages;
    // no pages to turn on an empty board: its one line says it all
    $("board-pages").hidden = data.total === 0;
    $("board-error").textContent = "";
  } catch (problem) {
    $("board-error").textContent = problem.message;
  }
  document.body.dataset.ready = "yes";
}

async function start() {
  await loadTexts();
  const data = await requestJSON("GET", "/api/games");
  const select = /** @type {HTMLSelectElement} */ ($("board-game"));
  for (const game of data.games) {
    select.append(element("option", { value: game.name, text: gameTitle(game.name, game.title) }));
  }
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && data.games.some((g) => g.name === asked)) select.value = asked;
  select.addEventListener("change", () => {
    boardPage = 0;
    // the game kept in the address: a reload or a shared link opens the same board
    const address = new URL(location.href);
    address.searchParams.set("game", select.value);
    history.replaceState(null, "", address.pathname + address.search);
    showBoard();
  });
  showBoard();
}

$("previous").addEventListener("click", () => { boardPage -= 1; showBoard(); });
$("next").addEventListener("click", () => { boardPage += 1; showBoard(); });
start();
