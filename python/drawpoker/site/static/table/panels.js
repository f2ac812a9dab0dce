// @ts-check
// drawpoker: The table page's side panels: the table's facts line, the standings and the last hand.
import { handText, pointText, resultLines, wonText } from "./felt.js";
import { nameOf, page, playerName, shownHand, titleOf } from "./state.js";

export function renderInfo() {
  const g = page.facts.game;
  const n = formatNumber;
  const parts = [element("span", { class: "title", text: titleOf(g) })];
  // During the pause after a hand the state is already the next hand's: the line names the
  // hand the felt shows (one round a hand, so the round goes back as far as the hand).
  const shown = shownHand() || page.state;
  const round = page.state.round - (page.state.hand - shown.hand);
  parts.push(element("span", { id: "hand-info", text: t("table.info.hand", { hand: n(shown.hand + 1), round: n(round), rounds: n(page.state.rounds) }) }));
  if (g.big_blind) parts.push(element("span", { text: t("table.info.blinds", { small: n(g.small_blind), big: n(g.big_blind) }) }));
  if (g.small_bet) parts.push(element("span", { text: t("table.info.bets", { small: n(g.small_bet), big: n(g.big_bet) }) }));
  if (g.ante) parts.push(element("span", { text: t("table.info.ante", { amount: n(g.ante) }) }));
  if (g.bring_in) parts.push(element("span", { text: t("table.info.bring_in", { amount: n(g.bring_in) }) }));
  if (g.betting) parts.push(element("span", { text: structureWords(g.structure_kind) }));
  if (g.joker) parts.push(element("span", { text: t("table.info.joker") }));
  if (g.settings.opening === "jacks") parts.push(element("span", { text: t("table.info.jacks") }));
  if (!g.betting) parts.push(element("span", { text: t("table.info.no_betting") }));
  if (page.state.redeals) parts.push(element("span", { text: t("table.info.redealt", {}, page.state.redeals) }));
  if (page.state.timer) parts.push(element("span", { text: t("table.info.timer", { time: t("defaults.seconds", {}, page.state.timer) }) }));
  if (page.state.watching) parts.push(element("span", { id: "watching", text: t("table.info.watching", {}, page.state.watching) }));
  $("info").replaceChildren(...parts);
  $("waiting").hidden = page.state.status !== "waiting";
  /** @type {HTMLInputElement} */ ($("share-link")).value = location.href.replace(/\?.*$/, "");
  if (page.seat === null) return;
  // while the connection is lost a click could not be sent: the controls say so
  /** @type {HTMLButtonElement} */ ($("start-now")).disabled = !page.connected;
  $("away").textContent = page.state.players[page.seat].away ? t("table.back") : t("table.away");
  /** @type {HTMLButtonElement} */ ($("away")).disabled = page.state.status !== "playing" || !page.connected;
  $("away").hidden = page.state.status === "over";
}

// The betting structure the server gives as [kind, amounts] in the page's language.
export function structureWords([kind, values]) {
  return t(`structure.${kind}`, formatNumbers(values));
}

export function renderStandings() {
  const head = (text) => element("th", { scope: "col", text });
  const rows = [element("tr", {}, head(t("table.column.place")), head(t("table.column.player")),
    head(page.facts.game.betting ? t("table.column.chips") : t("table.column.points")))];
  for (const s of page.state.standings) {
    rows.push(element("tr", {}, element("td", { text: formatNumber(s.place) }),
      element("td", {}, ...nameOf(s.name, s.seat)),
      element("td", { class: "num", text: formatNumber(s.score) })));
  }
  $("standings").replaceChildren(...rows);
}

export function renderLastHand() {
  const hand = page.state.phase === "done" ? page.state : page.state.last;
  const box = $("last-hand");
  if (!hand) return;
  const lines = [element("div", { class: "line hint", text: t("table.last.hand", { hand: formatNumber(hand.hand + 1) }) })];
  if (hand.board.length) lines.push(element("div", { class: "line" }, t("table.last.board"), " ", cardsElement(hand.board, { small: true })));
  for (const shown of hand.shown) {
    lines.push(element("div", { class: "line showdown" },
      element("bdi", { text: playerName(shown.seat) }), t("table.last.colon"), " ",
      cardsElement(shown.cards, { small: true }), " ", element("span", { class: "words", text: handText(shown) })));
  }
  if (!hand.shown.length && hand.phase === "done") {
    lines.push(element("div", { class: "line", text: t("table.no_showdown") }));
  }
  if (hand.awards.length) {
    for (const line of resultLines(hand)) lines.push(element("div", { class: "line split", text: line }));
  }
  for (const won of hand.won) lines.push(element("div", { class: "line won", text: wonText(won) }));
  if (!page.facts.game.betting) {
    for (const winner of hand.winners) lines.push(element("div", { class: "line won", text: pointText(winner) }));
  }
  box.replaceChildren(...lines);
}
