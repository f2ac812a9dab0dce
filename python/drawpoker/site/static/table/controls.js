// @ts-check
// drawpoker: The table page's controls: the actions on your turn (bet sizes, discards), pre-action
// choices, the pause after a hand, game over with "Play again", and the turn timer.
import { send } from "./connection.js";
import { setting } from "./settings.js";
import { TABLE_ID, hooks, joinNames, myTurn, nameOf, page, playerName, scoreText, showMessage, shownHand, withNodes } from "./state.js";

// A choice made while others act, for the betting round it was made in: with nothing to match
// "check-fold", "check" or "call-any"; facing a bet "fold", "call" (the bet it faces) or
// "call-any", as PokerStars offers them. Check, check/fold and call clear themselves when the
// bet to match changes; fold and call-any hold.
export function preActionStale(pre, next) {
  if (pre.hand !== next.hand || pre.street !== next.street || next.phase !== "bet") return true;
  return pre.kind !== "call-any" && pre.kind !== "fold" && pre.bet !== next.current_bet;
}

export function playPreAction() {
  const kinds = page.state.legal.kinds;
  const kind = /** @type {{kind: string}} */ (page.preAction).kind;
  page.preAction = null;
  if (kind === "check-fold" || kind === "fold") act(kinds.includes("check") ? "check" : "fold");
  else if (kind === "check" && kinds.includes("check")) act("check");
  else if ((kind === "call" || kind === "call-any") && kinds.includes("call")) act("call");
  else if (kind === "call-any" && kinds.includes("check")) act("check");
  else hooks.render();
}

// What our seat must put in to match the bet now (its whole stack at most).
function toMatch() {
  const seat = /** @type {number} */ (page.seat);
  return Math.min(page.state.current_bet - page.state.bets[seat], page.state.stacks[seat]);
}

export function preActionControls() {
  const row = element("div", { class: "row pre-actions", role: "group", "aria-label": t("table.pre") });
  const owed = toMatch();
  const words = {
    fold: t("table.act.fold"),
    call: t("table.act.call", { amount: formatNumber(owed) }),
    "check-fold": t("table.pre.check-fold"),
    check: t("table.pre.check"),
    "call-any": t("table.pre.call-any"),
  };
  for (const kind of owed > 0 ? ["fold", "call", "call-any"] : ["check-fold", "check", "call-any"]) {
    const chosen = page.preAction !== null && page.preAction.kind === kind;
    const b = element("button", { type: "button", id: `pre-${kind}`, class: "secondary pre",
      text: words[kind], "aria-pressed": chosen ? "true" : "false" });
    b.addEventListener("click", () => {
      page.preAction = chosen ? null : { kind, hand: page.state.hand, street: page.state.street, bet: page.state.current_bet };
      hooks.render();
    });
    row.append(b);
  }
  return row;
}

export function amountProblem(amount, legal) {
  if (!Number.isInteger(amount)) return t("table.amount.whole");
  if (amount === legal.max_to) return null;
  if (amount < legal.min_to) return t("table.amount.least", { amount: formatNumber(legal.min_to) });
  if (amount > legal.max_to) return t(legal.all_in ? "table.amount.most_all_in" : "table.amount.most", { amount: formatNumber(legal.max_to) });
  if (legal.step > 1 && (amount - legal.min_to) % legal.step !== 0) return t("table.amount.step", { amount: formatNumber(legal.step) });
  return null;
}

export function act(kind, extra = {}) {
  if (page.sent) return;
  page.sent = true;
  send({ type: "act", seq: page.state.seq, kind, ...extra });
  hooks.render();
}

export function betControls(legal) {
  const row = element("div", { class: "row" });
  const kinds = legal.kinds;
  if (kinds.includes("fold")) {
    const b = element("button", { type: "button", id: "act-fold", class: "secondary", text: t("table.act.fold") });
    b.addEventListener("click", () => act("fold"));
    row.append(b);
  }
  if (kinds.includes("check")) {
    const b = element("button", { type: "button", id: "act-check", text: t("table.act.check") });
    b.addEventListener("click", () => act("check"));
    row.append(b);
  }
  if (kinds.includes("bring-in")) {
    const b = element("button", { type: "button", id: "act-bring-in", text: t("table.act.bring_in", { amount: formatNumber(legal.call) }) });
    b.addEventListener("click", () => act("bring-in"));
    row.append(b);
  }
  if (kinds.includes("call")) {
    const b = element("button", { type: "button", id: "act-call", text: t("table.act.call", { amount: formatNumber(legal.call) }) });
    b.addEventListener("click", () => act("call"));
    row.append(b);
  }
  const sizing = kinds.includes("bet") ? "bet" : kinds.includes("raise") ? "raise" : null;
  const box = [row];
  // stud: raising a bring-in to the small bet, or betting it instead, completes (R-STUD-2)
  const completing = kinds.includes("bring-in") ||
    (page.facts.game.bring_in > 0 && page.state.current_bet === page.facts.game.bring_in);
  const verb = (amount) => {
    if (completing) return t("table.act.complete", { amount });
    return sizing === "bet" ? t("table.act.bet", { amount }) : t("table.act.raise", { amount });
  };
  // "Bet 600", "Raise to 1,200"; "All in" only for every chip the seat has
  const words = (amount) => {
    if (legal.all_in && amount === legal.max_to) return t("table.act.all_in", { amount: formatNumber(amount) });
    return verb(formatNumber(amount));
  };
  if (sizing && legal.min_to === legal.max_to) {
    // one size only (fixed limit, a unit bet, or all in): no amount to choose
    const amount = legal.min_to;
    const b = element("button", { type: "button", id: `act-${sizing}`, text: words(amount) });
    b.addEventListener("click", () => act(sizing, { amount }));
    row.append(b);
  } else if (sizing) {
    const input = element("input", {
      type: "number", id: "amount", min: String(legal.min_to), max: String(legal.max_to),
      step: String(legal.step || 1), "aria-label": t(`table.amount.${sizing}`),
    });
    input.value = page.amountDraft && page.amountDraft[0] === page.state.seq ? page.amountDraft[1] : String(legal.min_to);
    const button = element("button", { type: "button", id: `act-${sizing}` });
    const hint = element("span", { class: "hint", id: "amount-hint" });
    const slider = element("input", {
      type: "range", id: "amount-slider", min: String(legal.min_to), max: String(legal.max_to),
      step: String(legal.step || 1), "aria-label": t(`table.slider.${sizing}`),
    });
    const update = () => {
      page.amountDraft = [page.state.seq, input.value];
      if (input.value !== "" && Number.isFinite(Number(input.value))) slider.value = input.value;
      const amount = Number(input.value);
      const problem = amountProblem(amount, legal);
      button.textContent = problem === null ? words(amount) : verb(input.value);
      button.disabled = problem !== null || page.sent;
      hint.classList.toggle("problem", problem !== null);
      hint.textContent = problem
        ? t(`table.problem.${sizing}`, { problem })
        : t("table.amount.range", { min: formatNumber(legal.min_to), max: formatNumber(legal.max_to) });
    };
    input.addEventListener("input", update);
    slider.addEventListener("input", () => { input.value = slider.value; update(); });
    button.addEventListener("click", () => act(sizing, { amount: Number(input.value) }));
    const presets = element("div", { class: "presets row" });
    for (const preset of legal.presets) {
      const name = presetName(preset);
      const b = presetButton(t("table.preset", { name, amount: formatNumber(preset.amount) }), presetName(preset, true));
      if (preset.amount === legal.max_to) b.id = "all-in";  // the largest already has a button
      b.addEventListener("click", () => { input.value = String(preset.amount); update(); });
      presets.append(b);
    }
    if (!legal.presets.some((p) => p.amount === legal.max_to)) {
      const amount = { amount: formatNumber(legal.max_to) };
      const allIn = legal.all_in
        ? presetButton(t("table.preset.all_in", amount), t("table.preset.all_in.short"))
        : presetButton(t("table.preset.largest", amount), t("table.preset.largest.short"));
      allIn.id = "all-in";
      allIn.addEventListener("click", () => { input.value = String(legal.max_to); update(); });
      presets.append(allIn);
    }
    // the amount, then the presets in a row of their own (on a phone one line that scrolls
    // sideways inside itself), then what the amount may be or what is wrong with it
    box.push(element("div", { class: "row size" }, input, slider, button), presets, element("div", { class: "row" }, hint));
    update();
  }
  return box;
}

// A preset's button: its name and amount ("Pot (200)"), on a phone its name alone ("Pot"),
// so that the presets fit one line there (a click puts the amount in the box and on the
// bet or raise button).
export function presetButton(full, short) {
  return element("button", { type: "button", class: "preset" },
    element("span", { class: "full", text: full }), element("span", { class: "short", text: short }));
}

// A sizing preset the server gives as a kind and its numbers ("share" 33: "33% of pot") in
// words; `short`, as a phone's button says it where the language has a shorter form ("33%").
export function presetName(preset, short = false) {
  const values = formatNumbers(preset.values);
  if (short && hasText(`table.preset.${preset.kind}.short`)) return t(`table.preset.${preset.kind}.short`, values);
  return t(`table.preset.${preset.kind}`, values);
}

// How many cards this draw allows, in words: the game's draw limit, else "up to N cards".
export function drawRule(legal) {
  const limit = page.facts.game.settings.draw_limit;
  return limit && hasText(`draw.limit.${limit}`) ? t(`draw.limit.${limit}`) : t("table.draw.up_to", {}, legal.max_discards);
}

export function drawControls(legal) {
  const mask = [...page.picked].reduce((m, i) => m | (1 << i), 0);
  const count = page.picked.size;
  const allowed = legal.draws ? legal.draws.includes(mask) : count <= legal.max_discards;
  const button = element("button", {
    type: "button", id: "act-draw",
    text: count === 0 ? t("table.act.stand_pat") : t("table.act.discard", {}, count),
  });
  button.disabled = !allowed || page.sent;
  button.addEventListener("click", () => {
    const cards = [...page.picked].sort((a, b) => a - b).map((i) => page.state.cards[i]);
    act("draw", { cards });
  });
  const hint = element("span", { class: "hint", id: "draw-hint" });
  hint.textContent = allowed
    ? t("table.draw.pick", { rule: drawRule(legal) })
    : t("table.draw.refused", { rule: drawRule(legal) });
  const rows = [element("div", { class: "row" }, button, hint)];
  if (page.state.tip && setting("tips")) rows.push(tipRow(page.state.tip));
  return rows;
}

// The tips page's best discard for our own cards by the game's ranking (the server's analysis
// of our cards alone) and its chance to improve: a better category of a high hand, a better
// low or badugi hand; with more draws to come the numbers are of the hand after this draw.
// "Pick these" picks those cards, the person still draws.
const BETTER = { high: "high", joker: "high", "deuce-seven": "low", badugi: "badugi" };

export function tipRow(tip) {
  const beat = percent(tip.value);
  const later = tip.draws_left > 0;
  const better = t(`table.tip.better.${BETTER[tip.ranking]}`, { improve: percent(tip.improve_probability) });
  const chance = () => later ? t("table.tip.chance.later", { better, beat }) : t("table.tip.chance", { better, beat });
  const words = tip.discards.length
    ? [t("table.tip.discard"), " ", cardsElement(tip.discards, { small: true }), " ", chance()]
    : [later ? t("table.tip.pat.later", { beat }) : t("table.tip.pat", { beat })];
  const row = element("div", { class: "row tip", id: "tip" }, element("span", {}, ...words));
  if (tip.discards.length) {
    const pick = element("button", { type: "button", class: "secondary", id: "tip-pick", text: t("table.tip.pick") });
    pick.addEventListener("click", () => {
      page.picked = new Set(tip.discards.map((card) => page.state.cards.indexOf(card)));
      hooks.render();
    });
    row.append(pick);
  }
  return row;
}

export function ratingChangeText(player) {
  const change = player.rating_change;
  if (change === null || change === undefined) return "";
  return t("table.rating.change", { rating: ratingFigure(player.rating), change: ratingChange(change) });
}

// A place as people say it ("1st", "2nd"): the language's ordinal plural rule picks the form.
export function ordinal(n) {
  const form = new Intl.PluralRules(I18N.tag, { type: "ordinal" }).select(n);
  return t(`table.ordinal.${["one", "two", "few"].includes(form) ? form : "other"}`, { n: formatNumber(n) });
}

// Game over: the player's placing, the final standings, and "Play again" (the group's new
// table: the same game, settings and seats).
export function gameOverControls() {
  const mine = page.state.standings.find((x) => x.seat === page.seat);
  const tied = page.state.standings.filter((x) => x.place === mine.place).length > 1;
  const place = { place: ordinal(mine.place), of: formatNumber(page.state.standings.length), score: scoreText(mine.score) };
  const parts = [element("div", { class: "row" }, element("strong", {
    text: tied ? t("table.over.shared", place) : t("table.over.placed", place) }))];
  // "Play again" before the standings: a phone's panel shows a few of ten standings and
  // scrolls the rest (tabindex: a keyboard scrolls it too), so the felt keeps its height
  const again = element("button", { type: "button", id: "play-again",
    text: page.state.next_table ? t("table.over.next") : t("table.again") });
  again.addEventListener("click", playAgain);
  const lobby = element("a", { href: "/", class: "button secondary", text: t("site.lobby") });
  parts.push(element("div", { class: "row" }, again, lobby));
  if (page.state.next_table) parts.push(element("div", { class: "hint", text: t("table.over.next.hint") }));
  const list = element("ol", { class: "final-standings", id: "final-standings", tabindex: "0" });
  for (const x of page.state.standings) {
    list.append(element("li", { value: String(x.place) },
      ...withNodes(t("table.standing", { score: scoreText(x.score) }), nameOf(x.name, x.seat))));
  }
  parts.push(list);
  return [element("div", { id: "game-over" }, ...parts)];
}

// The final standings in whole rows, the rest scrolled: a row cut in half ("3. CPU 2: 9,5"
// under the second) read as a fault. A panel beside the felt shows as many as fit above the
// screen's bottom edge (it showed two and a half of five with room for all); a panel fixed
// under the felt (a phone held upright) keeps the style's two lines or fewer, so that the felt
// keeps its height.
export function fitWholeRows(list) {
  list.style.maxBlockSize = "";
  const styled = list.clientHeight;
  if (list.scrollHeight <= styled + 1) return;
  const box = list.getBoundingClientRect();
  let room = styled;
  if (getComputedStyle($("controls")).position !== "fixed") {
    const under = $("controls").getBoundingClientRect().bottom - box.bottom;  // the rating's line
    room = Math.max(styled, window.innerHeight - box.top - under - 4);
  }
  const top = box.top - list.scrollTop;
  const rowBottoms = new Map();  // a row's top: its lowest entry's bottom (an entry may wrap)
  for (const entry of list.children) {
    const r = entry.getBoundingClientRect();
    const row = Math.round(r.top - top);
    rowBottoms.set(row, Math.max(rowBottoms.get(row) ?? 0, r.bottom - top));
  }
  const bottoms = [...rowBottoms.values()].sort((a, b) => a - b);
  const whole = bottoms.filter((bottom) => bottom <= room + 0.5);
  list.style.maxBlockSize = `${Math.ceil(whole.length ? whole[whole.length - 1] : bottoms[0])}px`;
}

export async function playAgain() {
  try {
    const seatAgain = await requestJSON("POST", `/api/tables/${encodeURIComponent(TABLE_ID)}/again`,
      undefined, { "x-seat-token": page.token });
    localStorage.setItem(`drawpoker.seat.${seatAgain.id}`, seatAgain.token);
    location.href = `/table/${encodeURIComponent(seatAgain.id)}`;
  } catch (error) {
    showMessage(t("table.again.failed", { reason: error.message }));
  }
}

// The pause after a hand: the felt shows its result; "Next hand" tells the server this
// player has seen it (the deal comes once every present player has, or when the pause ends).
export function pauseControls() {
  const asked = page.state.ready.includes(page.seat);
  const next = element("button", { type: "button", id: "next-hand",
    text: asked ? t("table.next.waiting") : t("table.next") });
  next.disabled = asked;
  next.addEventListener("click", () => { send({ type: "next" }); next.disabled = true; });
  return [element("div", { class: "row" },
    element("span", { id: "pause-left", class: "hint" }), next)];
}

// On a phone the panel is fixed to the bottom: the page's end is kept clear of it by as much
// as the panel is tall, measured again whenever its size changes and not only when it is drawn
// (a phone turned upright drew it before its buttons took a second row: the room kept was
// 80 px for a panel of 124, and the log's latest lines stayed under it).
function keepPageEndClear() {
  const box = $("controls");
  const fixed = getComputedStyle(box).position === "fixed";
  document.body.style.paddingBlockEnd = fixed ? `${box.offsetHeight + 8}px` : "";
}
new ResizeObserver(keepPageEndClear).observe($("controls"));

export function renderControls() {
  const box = $("controls");
  const parts = [];
  if (!page.connected && page.state.status !== "over") {
    parts.push(element("div", { class: "row", id: "reconnecting" }, element("strong", { text: t("table.reconnecting") })));
  } else if (page.state.status === "waiting") {
    parts.push(element("div", { text: t("table.waits") }));
  } else if (page.state.status === "over" || page.state.is_over) {
    if (page.seat === null) {
      const top = page.state.standings.filter((s) => s.place === 1).map((s) => isolated(s.name));
      parts.push(element("div", { class: "row", id: "game-over" },
        element("strong", { text: top.length > 1 ? t("table.over.first.shared", { names: joinNames(top) }) : t("table.over.first", { names: joinNames(top) }) })));
    } else {
      const over = gameOverControls();
      over[0].append(element("div", { class: "hint", id: "rating-change", text: ratingChangeText(page.state.players[page.seat]) }));
      parts.push(...over);
    }
  } else if (page.seat === null) {
    const who = page.state.actor === null || shownHand() !== null ? t("table.next.inline") : isolated(playerName(page.state.actor));
    parts.push(element("div", { class: "hint", id: "watching-note", text: t("table.watching", { who }) }));
  } else if (shownHand() !== null) {
    parts.push(...pauseControls());
  } else if (page.state.players[page.seat].away) {
    const back = element("button", { type: "button", id: "back", text: t("table.back") });
    back.addEventListener("click", () => send({ type: "back" }));
    parts.push(element("div", { class: "row" },
      element("span", { text: t("table.cpu_plays") }), back));
  } else if (myTurn()) {
    const legal = page.state.legal;
    const rows = legal.kinds.includes("draw") ? drawControls(legal) : betControls(legal);
    rows[0].prepend(element("strong", { id: "your-turn", text: t("table.your_turn") }));
    parts.push(...rows);
  } else {
    const who = page.state.actor === null ? t("table.next.inline") : isolated(playerName(page.state.actor));
    parts.push(element("div", { class: "hint", id: "waiting-for", text: t("table.waiting_for", { who }) }));
    if (page.state.status === "playing" && page.state.phase === "bet" && page.facts.game.betting &&
        page.state.live[page.seat] && page.state.stacks[page.seat] > 0 && page.state.actor !== null) {
      parts.push(preActionControls());
    }
  }
  if (page.deadline !== null && page.state.status === "playing" && shownHand() === null) {
    parts.push(element("div", { class: "row timer", id: "timer" }));
  }
  box.replaceChildren(...parts);
  box.dataset.kind = parts.length ? (parts[0].id || "") : "";
  const standings = document.getElementById("final-standings");
  if (standings) fitWholeRows(standings);
  // on a phone the panel is fixed to the bottom (elsewhere it sticks there): keep the page's
  // end clear of it, and the felt short enough that your own seat stays above it
  tick();  // fills the timer's line: the panel's height counts it
  const position = getComputedStyle(box).position;
  const fixed = position === "fixed";
  keepPageEndClear();
  const felt = $("felt");
  felt.style.height = "";
  if (fixed || position === "sticky") {
    const top = felt.getBoundingClientRect().top + window.scrollY;
    const gap = fixed ? 6 : 6 + parseFloat(getComputedStyle(felt).marginBlockEnd);
    const room = window.innerHeight - box.offsetHeight - top - gap;
    const border = felt.offsetHeight - felt.clientHeight;
    if (room >= 260 && room < felt.offsetHeight) felt.style.height = `${room - border}px`;
  }
}

export function tick() {
  const pauseEl = $("pause-left");
  if (pauseEl && page.pauseEnd !== null) {
    const left = Math.max(0, Math.ceil((page.pauseEnd - performance.now()) / 1000));
    pauseEl.textContent = t("table.next.in", { time: t("defaults.seconds", {}, left) });
  }
  const bar = $("timebar");
  if (bar && page.deadline !== null && page.state.timer) {
    const share = Math.max(0, Math.min(1, (page.deadline - performance.now()) / (1000 * page.state.timer)));
    bar.style.inlineSize = `${(100 * share).toFixed(1)}%`;
    bar.classList.toggle("low", share < 0.25);
  }
  const el = $("timer");
  if (!el || page.deadline === null) return;
  const left = Math.max(0, Math.ceil((page.deadline - performance.now()) / 1000));
  const whose = page.state.actor === page.seat ? t("table.timer.you") : t("table.timer.seat", { name: isolated(playerName(page.state.actor)) });
  // what the server then does (R-TABLE-1, Table.default_action)
  const then = [t("table.timer.check")];
  if (page.facts.game.draws) then.push(t("table.timer.draw"));
  if (page.facts.game.stud) then.push(t("table.timer.stud"));
  el.textContent = t("table.timer", { whose, time: t("defaults.seconds", {}, left), then: then.join(t("table.timer.separator")) });
}
