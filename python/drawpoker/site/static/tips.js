// drawpoker: the tips page: the rules' draw tips with their exact numbers (/api/tips), their
// chart (/api/tips.svg), and the analysis of any hand (/api/analyse).
"use strict";

let DATA = null;

// The draw engine's "draw 3 (7c 4s 2h)" or "stand pat" in the page's language, cards as cards.
function choiceElement(text) {
  if (text === "stand pat") return document.createTextNode(t("draw.stand_pat"));
  const match = /** @type {RegExpExecArray} */ (/^draw (\d+) \((.*)\)$/.exec(text));
  const [before, after] = t("draw.choice", { cards: "\u0000" }, Number(match[1])).split("\u0000");
  return element("span", {}, before, cardsElement(match[2].split(" "), { small: true }), after);
}

function fraction(text) {
  return text.split(" / ").map((n) => formatNumber(Number(n))).join(" / ");
}

function headRow(labels) {
  return element("tr", { class: "head" }, ...labels.map((text) => element("th", { text })));
}

function tipsTable(deck) {
  const labels = ["tips.column.tip", "tips.column.example", "tips.column.advised",
    "tips.column.goal", "tips.column.reach", "tips.column.improve", "tips.column.other",
    "tips.column.place"].map((key) => t(key));
  const rows = [headRow(labels)];
  for (const tip of deck.tips) {
    rows.push(labelledRow(labels, {},
      element("td", { text: t(`tipdata.${tip.tip.replaceAll(" ", "-")}`) }),
      element("td", {}, cardsElement(tip.hand.split(" "), { small: true })),
      element("td", {}, choiceElement(tip.advised)),
      element("td", { text: t(`tipgoal.${tip.goal.replaceAll(" ", "-")}`) }),
      element("td", { class: "num" }, element("bdi", { dir: "ltr", text: fraction(tip.advised_goal) }),
        " = ", element("bdi", { dir: "ltr", text: percent(tip.advised_goal_probability) })),
      element("td", { class: "num" }, element("bdi", { dir: "ltr", text: percent(tip.advised_improve_probability) })),
      element("td", {}, choiceElement(tip.alternative), ": ",
        element("bdi", { dir: "ltr", text: percent(tip.alternative_goal_probability) }), t("lobby.separator"),
        element("bdi", { dir: "ltr", text: percent(tip.alternative_improve_probability) })),
      element("td", { class: "num", text: t("tips.place", { place: formatNumber(tip.place), choices: formatNumber(tip.choices) }) })));
  }
  return element("table", { class: "tips cards-on-phone", id: `tips-${deck.deck}` }, ...rows);
}

// What the form offers for the chosen ranking (from /api/tips): its decks (the joker's only
// with high hands), its objectives, and its draw limit to start with.
function rankingChoice() {
  const name = /** @type {HTMLSelectElement} */ ($("ranking")).value;
  return DATA.rankings.find((r) => r.ranking === name);
}

function fillDecks() {
  const choice = rankingChoice();
  const select = /** @type {HTMLSelectElement} */ ($("deck"));
  for (const option of select.options) option.disabled = !choice.decks.includes(option.value);
  if (!choice.decks.includes(select.value)) select.value = choice.decks[0];
}

function fillObjectives() {
  const deck = /** @type {HTMLSelectElement} */ ($("deck")).value;
  const select = /** @type {HTMLSelectElement} */ ($("objective"));
  const previous = select.value;
  select.replaceChildren(...rankingChoice().objectives[deck].map((o) => element("option", { value: o.name, text: objectiveText(o) })));
  if ([...select.options].some((o) => o.value === previous)) select.value = previous;
}

function rankingChanged() {
  fillDecks();
  /** @type {HTMLSelectElement} */ ($("limit")).value = rankingChoice().limit;
  fillObjectives();
}

function limitText(limit) {
  return hasText(`draw.limit.${limit}`) ? t(`draw.limit.${limit}`) : limit;
}

// An objective of the analysis in the page's language ("at_least:TWO_PAIR": the chance of two
// pair or better); the API's English label when the catalogue has no words for it.
function objectiveText(objective) {
  const [kind, category] = objective.name.split(":");
  if (category && hasText(`category.${category}`)) {
    const name = t(`category.${category}`);
    return t("objective.at_least", { category: name.charAt(0).toLocaleLowerCase(I18N.tag) + name.slice(1) });
  }
  return hasText(`objective.${kind}`) ? t(`objective.${kind}`) : objective.label;
}

// A final hand's category as the analysis names it ("two pair", "three cards") in the
// page's language: its catalogue key is the category's name ("category.TWO_PAIR").
function categoryText(name) {
  const key = `category.${name.toUpperCase().replace(/ /g, "_")}`;
  return hasText(key) ? t(key) : name;
}

function valueText(choice, objective) {
  if (objective === "mean_strength") return choice.value.toFixed(1);
  if (objective.startsWith("at_least:")) return `${choice.hits} / ${choice.total} = ${percent(choice.value)}`;
  return percent(choice.value);
}

async function analyse(event) {
  event.preventDefault();
  $("analyse-error").textContent = "";
  const value = (id) => /** @type {HTMLInputElement | HTMLSelectElement} */ ($(id)).value;
  const request = { hand: value("hand"), ranking: value("ranking"), deck: value("deck"), limit: value("limit"), objective: value("objective"), dead: value("dead") };
  let result;
  try {
    result = await requestJSON("POST", "/api/analyse", request);
  } catch (error) {
    $("analyse-error").textContent = error.message;
    $("analysis").replaceChildren();
    return;
  }
  const offered = DATA.rankings.find((r) => r.ranking === result.ranking).objectives[result.deck];
  const label = objectiveText(offered.find((o) => o.name === result.objective));
  const labels = ["#", t("tips.column.keep"), t("tips.column.discard"), label,
    t("tips.column.improve"), t("tips.column.final")];
  const rows = [headRow(labels)];
  for (const c of result.choices) {
    // each figure kept beside its category (a no-break space), in the language's list commas
    const dist = Object.entries(c.counts).map(([name, n]) => `${categoryText(name)}\u00a0${percent(n / c.total)}`)
      .join(t("lobby.separator"));
    const discard = c.discards.length ? cardsElement(c.discards, { small: true }) : t("draw.stand_pat");
    rows.push(labelledRow(labels, { class: c.rank === 1 ? "best" : "" },
      element("td", { class: "num", text: formatNumber(c.rank) }),
      element("td", {}, cardsElement(c.kept, { small: true })),
      element("td", {}, discard),
      element("td", { class: "num", text: valueText(c, result.objective) }),
      element("td", { class: "num", text: percent(c.improve_probability) }),
      element("td", { class: "dist", text: dist })));
  }
  // the cards counted out of the stub, when the request named any
  const dead = result.dead.length
    ? [element("p", { id: "analysis-dead" }, t("tips.analysis.dead"), " ", cardsElement(result.dead, { small: true }))]
    : [];
  $("analysis").replaceChildren(
    element("p", {}, t("tips.analyse.hand"), " ", cardsElement(result.cards), " \u2014 ",
      t("tips.analysis.line", {
        ranking: t(`tips.ranking.${result.ranking}`),
        choices: t("count.choices", {}, result.choices.length),
        deck: t(`tips.deck.${result.deck}`),
        limit: limitText(result.limit),
      })),
    ...dead,
    element("table", { class: "choices cards-on-phone", id: "choices" }, ...rows));
  $("analysis").scrollIntoView();
}

async function start() {
  await loadTexts();
  DATA = await requestJSON("GET", "/api/tips");
  $("tips-tables").replaceChildren(...DATA.decks.flatMap((deck) => [
    element("h2", { text: deck.joker ? t("tips.deck.joker_heading") : t("tips.deck.52") }), tipsTable(deck)]));
  $("ranking").replaceChildren(...DATA.rankings.map((r) =>
    element("option", { value: r.ranking, text: t(`tips.ranking.${r.ranking}`) })));
  $("limit").replaceChildren(...DATA.limits.map((l) => element("option", { value: l, text: limitText(l) })));
  rankingChanged();
  $("ranking").addEventListener("change", rankingChanged);
  $("deck").addEventListener("change", fillObjectives);
  $("analyse-form").addEventListener("submit", analyse);
  document.body.dataset.ready = "yes";
}

start().catch((error) => { $("tips-error").textContent = t("tips.not_loaded", { reason: error.message }); });
