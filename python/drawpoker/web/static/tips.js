// drawpoker: the tips page: the rules' draw tips with their exact numbers (/api/tips), their
// chart (/api/tips.svg), and the analysis of any hand (/api/analyse).
"use strict";

let DATA = null;
const $ = (id) => document.getElementById(id);

function tipsTable(deck) {
  const head = element("tr", {}, ...["Tip", "Example", "Advised", "Goal", "Advised: goal",
    "improve", "Best alternative", "goal", "improve", "Place"].map((t) => element("th", { text: t })));
  const rows = [head];
  for (const t of deck.tips) {
    rows.push(element("tr", {},
      element("td", { text: t.advice }),
      element("td", {}, cardsElement(t.hand.split(" "), { small: true })),
      element("td", { text: t.advised }),
      element("td", { text: t.goal }),
      element("td", { class: "num", text: `${t.advised_goal} = ${percent(t.advised_goal_probability)}` }),
      element("td", { class: "num", text: percent(t.advised_improve_probability) }),
      element("td", { text: t.alternative }),
      element("td", { class: "num", text: percent(t.alternative_goal_probability) }),
      element("td", { class: "num", text: percent(t.alternative_improve_probability) }),
      element("td", { class: "num", text: `${t.place} of ${t.choices}` })));
  }
  return element("table", { class: "tips", id: `tips-${deck.deck}` }, ...rows);
}

function fillObjectives() {
  const deck = $("deck").value;
  const select = $("objective");
  const previous = select.value;
  select.replaceChildren(...DATA.objectives[deck].map((o) => element("option", { value: o.name, text: o.label })));
  if ([...select.options].some((o) => o.value === previous)) select.value = previous;
}

function valueText(choice, objective) {
  if (objective === "mean_strength") return choice.value.toFixed(1);
  if (objective.startsWith("at_least:")) return `${choice.hits} / ${choice.total} = ${percent(choice.value)}`;
  return percent(choice.value);
}

async function analyse(event) {
  event.preventDefault();
  $("analyse-error").textContent = "";
  const request = { hand: $("hand").value, deck: $("deck").value, limit: $("limit").value, objective: $("objective").value };
  let result;
  try {
    result = await requestJSON("POST", "/api/analyse", request);
  } catch (error) {
    $("analyse-error").textContent = error.message;
    $("analysis").replaceChildren();
    return;
  }
  const label = DATA.objectives[result.deck].find((o) => o.name === result.objective).label;
  const head = element("tr", {}, ...["#", "Keep", "Discard", label, "improve", "final hands"].map((t) => element("th", { text: t })));
  const rows = [head];
  for (const c of result.choices) {
    const dist = Object.entries(c.counts).map(([name, n]) => `${name} ${percent(n / c.total)}`).join(", ");
    const discard = c.discards.length ? cardsElement(c.discards, { small: true }) : "stand pat";
    rows.push(element("tr", { class: c.rank === 1 ? "best" : "" },
      element("td", { class: "num", text: String(c.rank) }),
      element("td", {}, cardsElement(c.kept, { small: true })),
      element("td", {}, discard),
      element("td", { class: "num", text: valueText(c, result.objective) }),
      element("td", { class: "num", text: percent(c.improve_probability) }),
      element("td", { class: "dist", text: dist })));
  }
  $("analysis").replaceChildren(
    element("p", {}, "Hand ", cardsElement(result.cards), ` \u2014 ${result.choices.length} choices, ${result.deck}-card deck, limit ${result.limit}`),
    element("table", { class: "choices", id: "choices" }, ...rows));
  $("analysis").scrollIntoView();
}

async function start() {
  DATA = await requestJSON("GET", "/api/tips");
  $("tips-tables").replaceChildren(...DATA.decks.flatMap((deck) => [
    element("h2", { text: deck.joker ? "53 cards: the joker is wild" : "52 cards" }), tipsTable(deck)]));
  $("limit").replaceChildren(...DATA.limits.map((l) => element("option", { value: l, text: l })));
  $("limit").value = "3-or-4-with-ace";
  fillObjectives();
  $("deck").addEventListener("change", fillObjectives);
  $("analyse-form").addEventListener("submit", analyse);
  document.body.dataset.ready = "yes";
}

start().catch((error) => { $("tips-error").textContent = `The tips could not load: ${error.message}`; });
