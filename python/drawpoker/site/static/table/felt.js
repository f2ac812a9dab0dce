// @ts-check
// drawpoker: The table page's felt: the seats around it, their cards and bets, the board, the pot and,
// after a hand, its result (the shown hands, who won what from which pot).
import { hooks, joinNames, myTurn, nameOf, page, playerName, scoreText, shownHand } from "./state.js";

export function potName(i, count) {
  if (count <= 1) return t("table.pot.only");
  return i === 0 ? t("table.pot.main") : t("table.pot.side", { n: formatNumber(i) });
}

export function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// What a seat won of a finished hand, in words, one part per pot or half it took (the
// server's award shares): "The main pot: 1,200", "Side pot 1: 400", "The main pot (low): 300";
// a pot won without a showdown: "Wins 150". With `short`, the chips it took in all in those
// fewer words, "Wins 100" (a crowded felt's award bar too narrow for the whole: shortenCut).
export function awardText(hand, s, short = false) {
  if (!page.facts.game.betting) {
    if (!hand.winners.includes(s)) return "";
    return s === page.seat ? t("table.award.point.you") : t("table.award.point");
  }
  const parts = [];
  let won = 0;
  hand.awards.forEach((pot, i) => {
    for (const share of pot.shares) {
      if (share.seat !== s) continue;
      parts.push(shareTitle(potName(i, hand.awards.length), share));
      won += share.amount;
    }
  });
  if (parts.length && !short) return parts.join(t("lobby.separator"));
  if (!parts.length) won = hand.won.filter((w) => w.seat === s).reduce((sum, w) => sum + w.amount, 0);
  if (!won) return "";
  const amount = formatNumber(won);
  return s === page.seat ? t("table.award.you", { amount }) : t("table.award", { amount });
}

// One award share as a title: the pot's name, its half when it was split, and the chips.
export function shareTitle(name, share) {
  const pot = share.share === "whole" ? name : t(`table.pot.${share.share}`, { pot: name });
  return t("table.pot.title", { pot: capital(pot), amount: formatNumber(share.amount) });
}

// The ring the other seats sit on: the whole felt when it is wide; on a tall (phone) felt the
// part above the player's own seat (ownHeight px at the bottom), so that nobody covers it.
export function ring(w, h, ownHeight) {
  if (h <= w) return { cx: w / 2, cy: h / 2, h };
  const free = Math.max(h - ownHeight - 6, h / 2);
  return { cx: w / 2, cy: free / 2, h: free };
}

// Where seat s sits on a felt of w x h pixels for a box of bw x bh: the player's own seat at
// the bottom, the others spread over the rest of an ellipse, `gap` radians kept clear on each
// side of the own seat (a crowded table spreads them evenly over what is left); every box
// stays on the felt.
export function seatSpot(s, n, w, h, bw, bh, ownHeight, gap = SEAT_GAPS[0]) {
  const turn = (s - (page.seat ?? 0) + n) % n;  // a watcher sees seat 1 at the bottom
  if (turn === 0) return [w / 2, h - bh / 2];
  const around = n > 6
    ? gap + ((2 * Math.PI - 2 * gap) * (turn - 1)) / (n - 2)
    : Math.max(gap, Math.min(2 * Math.PI - gap, (2 * Math.PI * turn) / n));
  const angle = Math.PI / 2 + around;
  const r = ring(w, h, ownHeight);
  const x = r.cx + Math.max(0, w / 2 - bw / 2) * Math.cos(angle);
  const y = r.cy + Math.max(0, r.h / 2 - bh / 2) * Math.sin(angle);
  return [x, y];
}

// A narrow felt (a phone held upright) seats seven or more the way phone card rooms do:
// the other seats in a column down each side, from beside your own seat to the top, and
// the rest across the top; the ring would pile them up above your seat.
export const COLUMNS_BELOW = 560;

// The felts (seat count, own seat, size) where no size and gap of the ring kept the seats
// apart: a small phone's felt with three to six seats, under a tall seat of your own. They
// are seated in columns from then on.
/** @type {Set<string>} */
const ringTooSmall = new Set();

// The felts where even the columns crowd (ten seats on a 320 px phone under the no-limit
// controls): the other seats' face-down cards are left out there (their boxes say who is
// in the hand and what they have; a card back says no more), which halves the boxes.
/** @type {Set<string>} */
const compactFelts = new Set();

// The compact felts where a showdown's shown hands, in full size (each rank 10.5 px, the words in
// two lines), left the seats overlapping (a short felt: ten seats at 320x568 or on a phone held
// sideways, where four rows of the columns leave a box 57-67 px), and the level they took
// there (style.css: data-tight): 0, the seats' chips beside their names (data-chips "beside",
// a line lower), then their figures alone there ("number": at 740x360 "9,900 chips" beside
// "CPU 2" took a second line), then the other seats' alone ("others": our box a winner's),
// then left out (data-chips unset); 1, each
// seat's name beside its cards, a line lower; 2, the
// words in one line too; 3, the boxes denser (thinner borders, lines and cards); 4, the cards
// in the seats' type as well. Each with the hand it was found for: the next showdown starts
// from full size again (its words may be shorter).
/** @type {Map<string, {hand: string, level: number, chips: string}>} */
const tightShowdowns = new Map();

// The last level of tightShowdowns.
export const TIGHTEST = 4;

// The compact felts where the other seats' up cards in type a reader reads (style.css: each
// rank 10.5 px) still left the seats overlapping (eight stud seats on a 480x320 phone held
// sideways: three rows of the columns no longer fit), and the level they took there (the
// felt's data-small-up): 1, the boxes leaner (no rating, the chips in one line); 2, the up
// cards in their seats' type again, as a short felt's showdown does last.
/** @type {Map<string, number>} */
const smallUpFelts = new Map();

// Which showdown a finished hand is: its number and the cards shown (a hand's number may come
// again in the next round of a game).
export function showdownKey(hand) {
  return `${hand.hand} ${hand.shown.map((x) => x.cards.join("")).join(" ")}`;
}

// The key of a felt's layout: its seat count, your seat and its size.
function layoutKey(n) {
  const felt = $("felt");
  return `${n} ${page.seat} ${felt.clientWidth}x${felt.clientHeight}`;
}

// Whether the felt seats its n seats in columns (COLUMNS_BELOW, or a ring that did not fit
// this felt). Each bet is then a line of its seat's box: between a column and the middle
// there is no room for it on the felt.
export function inColumns(n) {
  return (n > 6 && $("felt").clientWidth < COLUMNS_BELOW) || ringTooSmall.has(layoutKey(n));
}

// A seat's bet in front of it this betting round, with its chip.
export function betElement(s, amount) {
  return element("div", { class: "bet", id: `bet-${s}`, text: formatNumber(amount) });
}

// Where seat s sits on such a felt of w x h pixels for boxes of bw x bh: your own seat (own:
// its width and height) at the bottom, then, in the order play goes round, up the left side,
// across the top and down the right side. Each column holds half the others, as many as fit
// one above another; it starts beside your own seat, or above it when the side is too narrow.
export function columnSpot(s, n, w, h, bw, bh, own = [0, 0]) {
  const turn = (s - (page.seat ?? 0) + n) % n;
  if (turn === 0) return [w / 2, h - bh / 2];
  const others = n - 1;
  const beside = (w - own[0]) / 2 - 4 >= bw;
  const room = beside ? h : h - own[1] - 4;
  const rows = Math.max(1, Math.floor(room / (bh + 4)));  // boxes one above another
  let side = Math.max(1, Math.min(Math.floor(others / 2), rows));
  let top = others - 2 * side;
  const across = (count) => count * (bw + 4) - 4;  // a row's width
  // a row across the top wider than the room between the columns sits above them, when the
  // longer row that makes still fits the felt
  const lower = Math.max(1, Math.min(Math.floor(others / 2), rows - 1));
  const above = top > 0 && across(top) > w - 2 * (bw + 4) && rows > 1 && across(others - 2 * lower) <= w;
  if (above) {
    side = lower;
    top = others - 2 * side;
  }
  const low = room - bh / 2 - 2;
  const high = bh / 2 + 2;
  const first = above ? high + bh + 4 : high;  // the columns' highest seat
  const level = (k) => (side === 1 ? (low + first) / 2 : low - ((low - first) * k) / (side - 1));
  if (turn <= side) return [bw / 2 + 2, level(turn - 1)];
  if (turn > side + top) return [w - bw / 2 - 2, level(others - turn)];
  // 0 .. top - 1, left to right; a row too long for the felt is squeezed (its boxes overlap,
  // the page does not scroll sideways)
  const step = top > 1 ? Math.min(bw + 4, (w - bw - 4) / (top - 1)) : 0;
  return [w / 2 + (turn - side - 1 - (top - 1) / 2) * step, high];
}

export function seatCards(s, hand, result) {
  const box = element("div", { class: "cards" });
  // another seat's stud hand (up to seven cards) is drawn smaller to keep the felt clear
  if (s !== page.seat && hand.card_counts[s] > 5) box.classList.add("many");
  if (s === page.seat) {
    const up = new Set(hand.up[s] || []);
    if (hand.cards.length > 5) box.classList.add("long");  // stud's sixth and seventh streets
    const drawing = !result && myTurn() && page.state.legal.kinds.includes("draw");
    if (drawing) box.classList.add("drawing");
    hand.cards.forEach((card, i) => {
      const el = cardElement(card);
      if (up.has(card)) markUp(el, card);
      if (drawing) {
        el.classList.add("pickable");
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        el.setAttribute("aria-pressed", page.picked.has(i) ? "true" : "false");
        el.setAttribute("aria-label", page.picked.has(i) ? t("table.card.discard", { card: cardName(card) }) : cardName(card));
        if (page.picked.has(i)) {
          el.classList.add("picked");
          el.dataset.picked = t("table.card.picked");  // the tag style.css draws over it
        }
        const toggle = () => {
          if (page.picked.has(i)) page.picked.delete(i); else page.picked.add(i);
          hooks.render();
          const again = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`#seat-${page.seat} .card.pickable`))[i];
          if (again) again.focus();
        };
        el.addEventListener("click", toggle);
        el.addEventListener("keydown", (event) => {
          if (event.key === " " || event.key === "Enter") { event.preventDefault(); toggle(); }
        });
      }
      box.append(el);
    });
    return box;
  }
  const shown = hand.shown.find((x) => x.seat === s) || hand.exposed.find((x) => x.seat === s);
  if (shown) {
    box.dataset.shown = shown.cards.join(" ");
    for (const card of shown.cards) box.append(cardElement(card));
    return box;
  }
  if (!hand.live[s]) return box;
  const up = hand.up[s] || [];
  const down = Math.max(hand.card_counts[s] - up.length, 0);
  for (let i = 0; i < down; i++) box.append(cardElement(null));
  if (!up.length) box.classList.add("backs");  // nothing to read: a compact felt leaves it out
  for (const card of up) {
    const el = cardElement(card);
    markUp(el, card);
    box.append(el);
  }
  return box;
}

/**
 * Marks a card as dealt face up: the tag under it and its accessible name say so in the page's
 * language (stud, where a seat's up cards are everyone's to see).
 * @param {HTMLElement} el
 * @param {string} card
 */
function markUp(el, card) {
  el.classList.add("up");
  el.dataset.up = t("table.card.up");
  const name = t("table.card.up_label", { card: cardName(card) });
  el.setAttribute("aria-label", name);
  el.setAttribute("title", name);
}

export function seatNote(s, hand, result) {
  const player = page.state.players[s];
  const notes = [];
  if (!player.taken) notes.push(t("table.note.open"));
  if (player.away) notes.push(player.taken ? t("table.note.away") : t("table.note.cpu"));
  else if (player.cpu === null && player.taken && !player.connected && s !== page.seat) notes.push(t("table.note.offline"));
  if (hand.card_counts[s] === 0 && hand.phase !== "done") notes.push(t("table.note.out"));
  else if (!hand.live[s]) notes.push(t("table.note.folded"));
  else if (hand.stacks[s] === 0 && page.facts.game.betting && !result) notes.push(t("table.note.all_in"));
  if (hand.drawn[s] >= 0 && hand.live[s]) notes.push(hand.drawn[s] === 0 ? t("table.note.stood_pat") : t("table.note.drew", {}, hand.drawn[s]));
  return notes.join(" \u00b7 ");
}

export function renderFelt() {
  const felt = $("felt");
  felt.querySelectorAll(".seat, .bet").forEach((el) => el.remove());
  const finished = shownHand();
  const result = finished !== null;
  const hand = finished || page.state;
  felt.dataset.view = result ? (hand.shown.length ? "showdown" : "no-showdown") : "hand";
  felt.dataset.hand = String(hand.hand);
  const n = page.state.players.length;
  const columns = inColumns(n);
  felt.classList.toggle("crowded", n > 6 || columns);
  const compact = columns && compactFelts.has(layoutKey(n));
  felt.classList.toggle("compact", compact);
  const smallUp = compact && !result ? (smallUpFelts.get(layoutKey(n)) ?? 0) : 0;
  if (smallUp) felt.dataset.smallUp = String(smallUp); else delete felt.dataset.smallUp;
  const found = tightShowdowns.get(layoutKey(n));
  const tried = compact && result && found && found.hand === showdownKey(hand);
  const tight = tried ? found.level : 0;
  if (tight) felt.dataset.tight = String(tight); else delete felt.dataset.tight;
  // a compact felt's showdown first with every seat's chips in a line of their own, then beside
  // its name, then the figure alone beside it, then the other seats' alone, as long as the
  // seats keep apart
  const chips = compact && result ? (tried ? found.chips : "line") : "";
  if (chips) felt.dataset.chips = chips; else delete felt.dataset.chips;
  const blinds = new Map(hand.blinds.map((b) => [b.seat, b.name]));
  // A table waiting for its players has its first hand dealt already (the engine deals when
  // the table is made), but nobody plays it before the table starts: as in a card room, the
  // felt shows the seats with their chips before the forced bets (as the standings do) and no
  // card, bet or pot until then.
  const dealt = page.state.status !== "waiting";
  const boxes = [];
  for (let s = 0; s < n; s++) {
    const player = page.state.players[s];
    const box = element("div", { class: "seat", id: `seat-${s}` });
    if (s === page.seat) box.classList.add("you");
    if (!result && page.state.actor === s && page.state.status === "playing") box.classList.add("acting");
    if (!hand.live[s] && hand.card_counts[s] > 0) box.classList.add("folded");
    const name = element("div", { class: "name" }, ...nameOf(player.name, s));
    if (typeof player.rating === "number") name.append(element("span", { class: "rated" }, " \u00b7 ", ratingBadge(player.rating)));
    if (player.cpu) name.append(element("span", { class: "tag", text: t("table.cpu", { kind: said(`cpu.${player.cpu}`, player.cpu) }) }));
    if (hand.button === s && !page.facts.game.stud) name.append(element("span", { class: "badge button", text: t("table.button"), title: t("table.button.title") }));
    if (blinds.has(s)) name.append(element("span", { class: `badge ${blinds.get(s)}`, text: said(`table.blind.${blinds.get(s)}`, blinds.get(s)) }));
    box.append(name);
    const stack = dealt ? hand.stacks[s] : page.state.table_stacks[s];
    const score = page.facts.game.betting ? stack : page.state.points[s];
    const stackLine = element("div", { class: "stack", text: scoreText(score) });
    // the figure alone, as a card room's felt shows it (the words still read out and in its title)
    if (chips === "number" || chips === "others") showShort(stackLine, formatNumber(score));
    box.append(stackLine);
    box.append(dealt ? seatCards(s, hand, result) : element("div", { class: "cards" }));
    if (dealt && s === page.seat && !result && page.state.own_hand) {
      // your own hand as it stands, in the showdown's words (the server's, in our language)
      const words = t("table.own_hand", { hand: isolated(handText(page.state.own_hand)) });
      box.append(element("div", { class: "own-hand", id: "own-hand", dir: "auto", text: words, title: words }));
    }
    const shown = hand.shown.find((x) => x.seat === s);
    // cut short on a crowded felt: all of it in its title (and the "Last hand" panel)
    if (shown && shown.text) {
      const words = handText(shown);
      box.append(element("div", { class: "shown", text: words, title: words, "data-short": handText(shown, true) }));
    }
    if (result) {
      const award = awardText(hand, s);
      if (award) {
        box.classList.add("winner");
        box.dataset.winner = "yes";
        box.append(element("div", { class: "award", text: award, "data-short": awardText(hand, s, true) }));
      }
    }
    box.append(element("div", { class: "note", text: seatNote(s, hand, result) }));
    if (dealt && columns && hand.bets[s] > 0) box.append(betElement(s, hand.bets[s]));
    if (!result && page.state.actor === s && page.deadline !== null && page.state.timer) {
      // the turn timer as a bar that empties (its seconds are in the panel below, in words)
      box.append(element("div", { class: "timebar", "aria-hidden": "true" }, element("span", { id: "timebar" })));
    }
    felt.append(box);
    boxes.push(box);
  }
  $("board").replaceChildren(...(dealt ? hand.board : []).map((c) => cardElement(c)));
  const won = hand.won.reduce((sum, w2) => sum + w2.amount, 0);
  $("pot").textContent = result ? t("table.pot.paid", { amount: formatNumber(won) }) : t("table.pot", { amount: formatNumber(page.state.pot) });
  $("pot").hidden = !page.facts.game.betting || !dealt;
  const pots = !result && page.state.pots.length > 1
    ? page.state.pots.map((p, i) => potTitle(i, page.state.pots.length, p.amount)).join(" \u00b7 ")
    : "";
  $("pots").textContent = pots;
  $("result").replaceChildren(...(result ? resultLines(hand, false) : []).map((line) => element("div", { text: line })));
  let { middle, spots } = placeSeats(boxes, columns);
  if (!compact && n > 2 && crowded(boxes)) {  // the ring, then the columns, then compact
    const tried = columns ? compactFelts : ringTooSmall;
    if (tried.size >= 64) tried.clear();  // a window resized through many sizes
    tried.add(layoutKey(n));
    renderFelt();
    return;
  }
  if (compact && !result && smallUp < 2 && crowded(boxes) && felt.querySelector(".seat:not(.you) .card.up")) {
    if (smallUpFelts.size >= 64) smallUpFelts.clear();
    smallUpFelts.set(layoutKey(n), smallUp + 1);
    renderFelt();
    return;
  }
  const ownCards = page.seat === null ? null : boxes[page.seat].querySelector(".cards");
  if (ownCards) spaceTags(/** @type {HTMLElement} */ (ownCards));
  // a shown hand's line cut short: its category alone, in two lines if need be (your own
  // only where it leaves the seats apart: it never makes the others' hands smaller)
  const twoLines = (selector) => {  // such lines back to one (cut), the seats placed again
    boxes.forEach((box) => box.querySelector(selector)?.classList.remove("two"));
    ({ middle, spots } = placeSeats(boxes, columns));
  };
  if (shortenCut(boxes)) ({ middle, spots } = placeSeats(boxes, columns));
  if (crowded(boxes) && felt.querySelector(".seat.you .shown.two")) twoLines(".seat.you .shown.two");
  // the others' cards kept readable before their categories' second lines (Omaha hi/lo's
  // "Pair of nines; low: Eight-seven low" at 640x360: the ranks went to 5.6 px for it), once the
  // boxes are as dense as they go (level 3: at 320x568 the second lines fit there)
  if (compact && result && tight >= TIGHTEST - 1 && crowded(boxes) && felt.querySelector(".shown.two")) twoLines(".shown.two");
  // then the showdown's hands smaller; so too when another seat's shown cards jut out of its
  // box (stud's seven took 98 px in a 76 px box at 320x568, over the seat beside it)
  const spills = boxes.some((box, s) => s !== page.seat && box.scrollWidth > box.clientWidth + 1);
  if (compact && result && tight < TIGHTEST && (crowded(boxes) || spills)) {
    if (tightShowdowns.size >= 64) tightShowdowns.clear();
    // the chips' next place: beside, the figure alone, the others' alone, then none
    const next = { line: "beside", beside: "number", number: "others" }[chips] ?? "";
    tightShowdowns.set(layoutKey(n), { hand: showdownKey(hand), level: chips ? 0 : tight + 1, chips: next });
    renderFelt();
    return;
  }
  if (crowded(boxes) && felt.querySelector(".shown.two")) twoLines(".shown.two");
  // what a bet in front of a seat must leave readable: the board, the pots, every seat box
  const taken = [...document.querySelectorAll("#board .card, #pot:not([hidden]), #pots"), ...boxes]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
  spots.forEach(([x, y], s) => {
    if (dealt && hand.bets[s] > 0 && !columns) {
      // in front of the seat, a little further out or in when that would cover the pot, a board
      // card or a seat (a flat felt held sideways), else on the seat box's edge as in columns
      const bet = betElement(s, hand.bets[s]);
      felt.append(bet);
      const clear = [0.45, 0.6, 0.3, 0.75].some((share) => {
        bet.style.left = `${middle.cx + share * (x - middle.cx)}px`;
        bet.style.top = `${middle.cy + share * (y - middle.cy)}px`;
        const r = bet.getBoundingClientRect();
        return !taken.some((m) => r.left < m.right && m.left < r.right && r.top < m.bottom && m.top < r.bottom);
      });
      if (!clear) {
        bet.style.left = bet.style.top = "";
        boxes[s].append(bet);
      }
    }
  });
}

// The other seats' sizes (a share of their type size) and the clear angles beside your own
// seat that a felt may use, tried in order: a felt with room keeps the first; a crowded one
// (ten seats on a phone) shrinks the other seats and widens the gap beside yours until no box
// overlaps another, the board or the pot. Your own seat keeps its size.
export const SEAT_SCALES = [1, 0.9, 0.8, 0.7, 0.62, 0.55];
export const SEAT_GAPS = [0.9, 1.15, 1.4, 1.7];

// Every (size, gap) pair of SEAT_SCALES and SEAT_GAPS, in the order they are tried.
const SEAT_LAYOUTS = SEAT_SCALES.flatMap((scale) => SEAT_GAPS.map((gap) => [scale, gap]));

// The layout chosen for each seat count, own seat and felt size: an update of the same table
// on the same felt starts from it (one layout instead of up to 24 forced reflows), and tries
// the next ones only if the table got more crowded meanwhile (a board card dealt).
/** @type {Map<string, number>} */
const chosenLayouts = new Map();

// Places the seat boxes and the middle (board, pot, result) at the first size and gap of
// SEAT_SCALES and SEAT_GAPS where nothing overlaps (else the last tried), starting from the
// one chosen last time for this seat count and felt size; returns the ring's middle and each
// seat's spot, in columns if `columns` (what inColumns said for this render). The
// felt's data-layouts says how many layouts the last call tried.
export function placeSeats(boxes, columns) {
  const felt = $("felt");
  const n = boxes.length;
  const key = layoutKey(n);
  let placed = { middle: ring(1, 1, 0), spots: /** @type {number[][]} */ ([]) };
  let index = chosenLayouts.get(key) ?? 0;
  const first = index;
  for (; index < SEAT_LAYOUTS.length; index += 1) {
    const [scale, gap] = SEAT_LAYOUTS[index];
    felt.style.setProperty("--seat-scale", String(scale));
    const w = felt.clientWidth;
    const h = felt.clientHeight;
    const others = boxes.filter((_, s) => s !== page.seat);  // in columns: all as the largest
    const largest = [Math.max(...others.map((b) => b.offsetWidth)), Math.max(...others.map((b) => b.offsetHeight))];
    if (page.seat !== null && columns && felt.classList.contains("compact")) {
      fitBetween(boxes[page.seat], Math.floor(w - 2 * (largest[0] + 4)));
    }
    const own = page.seat === null ? 0 : boxes[page.seat].offsetHeight;  // a watcher has no seat of its own
    const ownSize = page.seat === null ? [0, 0] : [boxes[page.seat].offsetWidth, own];
    const middle = ring(w, h, own);
    const spots = boxes.map((box, s) => (columns && s !== page.seat
      ? columnSpot(s, n, w, h, ...largest, ownSize)
      : seatSpot(s, n, w, h, box.offsetWidth, box.offsetHeight, own, gap)));
    boxes.forEach((box, s) => {
      box.style.left = `${spots[s][0]}px`;
      box.style.top = `${spots[s][1]}px`;
    });
    placeCentre(boxes, middle.cy, h);
    placed = { middle, spots };
    if (!crowded(boxes)) break;
  }
  if (chosenLayouts.size >= 64) chosenLayouts.clear();  // a window resized through many sizes
  chosenLayouts.set(key, Math.min(index, SEAT_LAYOUTS.length - 1));
  felt.dataset.layouts = String(Math.min(index, SEAT_LAYOUTS.length - 1) - first + 1);
  return placed;
}

// Your own seat's box on a compact felt: no wider than `room` (the room between the columns,
// which then seat the others beside it, from the bottom of the felt up) when its cards fit
// that (a long name is cut short, your hand's words wrap in all of its width), fanned out to
// their corners if need be (fanCards); else as wide as it is, and the columns start above it.
export function fitBetween(box, room) {
  box.style.maxInlineSize = `${room}px`;
  box.classList.add("fitted");  // your hand's words as wide as the box: fewer lines, a lower box
  const cards = /** @type {HTMLElement | null} */ (box.querySelector(".cards"));
  if (cards) fanCards(cards, false);
  if (box.scrollWidth <= box.clientWidth) return;
  if (cards && fanCards(cards, true) && box.scrollWidth <= box.clientWidth) return;
  if (cards) fanCards(cards, false);
  box.style.maxInlineSize = "";
  box.classList.remove("fitted");
}

// Fans your own cards out (`fan`; false undoes it): lays them over each other so that they take
// no more than the cards box's width, the last whole and each one before it showing at least its
// corner (its rank and suit, which the box's class "fan" moves to the card's start edge and
// makes a little smaller): stud's five to seven cards between the columns of a full table on a
// small phone (seven took 210 px of the 137 there at 320x568). Each card keeps its name. False,
// and the cards as they were, when the corners would not show.
export function fanCards(cards, fan) {
  const all = /** @type {HTMLElement[]} */ ([...cards.querySelectorAll(".card")]);
  cards.classList.remove("fan", "untagged");
  for (const card of all) card.style.marginInlineStart = "";
  // cards to pick for a draw stay whole touch targets
  if (!fan || all.length < 2 || cards.classList.contains("drawing")) return false;
  cards.classList.add("fan");
  const width = cards.clientWidth;  // in the seat box's narrower padding with "fan"
  const whole = all[0].offsetWidth;
  const style = getComputedStyle(all[0]);
  // the widest rank or suit, with the card's border and padding before it
  const corner = Math.max(...all.flatMap((card) => [...card.children].map((mark) => /** @type {HTMLElement} */ (mark).offsetWidth)))
    + parseFloat(style.borderInlineStartWidth) + parseFloat(style.paddingInlineStart);
  const step = Math.min(whole, Math.floor((width - whole) / (all.length - 1)));
  if (step < corner) {
    cards.classList.remove("fan");
    return false;
  }
  for (const card of all.slice(1)) card.style.marginInlineStart = `${step - whole}px`;
  cards.style.setProperty("--fan-step", `${step}px`);
  // an up card's tag cut to the part of its card in view would be a stub of its word (the
  // Arabic one read "مك"): the tags are left out then (spaceTags puts one across each run of
  // up cards), the cards' names still say face up
  const up = all.find((card) => card.classList.contains("up"));
  cards.classList.toggle("untagged", up !== undefined && step < tagWidth(up));
  return true;
}

// Your own up cards' tags (stud) side by side where your cards lie over each other (seven on a
// phone): a tag wider than the part of its card in view ran into the next one's (razz in Arabic
// at 390x844: the word takes 37 px, the cards are 32 px apart). They are made as narrow as that
// part, with less padding ("close"), or, where the word does not fit it, one tag spans each run
// of up cards side by side (its word once, under all of them: "untagged" leaves out the cards'
// own), and none where a run is narrower than its word (the cards' names still say face up).
// Fanned cards (fanCards) left without their tags get the runs' tags too, across the foot of
// the cards (their rank and suit are at the top there; a phone held sideways has no room
// under them).
export function spaceTags(cards) {
  cards.querySelectorAll(".up-run").forEach((tag) => tag.remove());
  const fan = cards.classList.contains("fan");
  if (!fan) cards.classList.remove("close", "untagged");
  const all = /** @type {HTMLElement[]} */ ([...cards.querySelectorAll(".card")]);
  const up = all.find((card) => card.classList.contains("up"));
  if (!up || all.length < 2 || (fan && !cards.classList.contains("untagged"))) return;
  if (!fan) {
    const lefts = all.map((card) => card.getBoundingClientRect().left);
    const step = Math.min(...lefts.slice(1).map((x, i) => Math.abs(x - lefts[i])));
    if (tagWidth(up) <= step - 1) return;
    cards.classList.add("close");
    cards.style.setProperty("--tag-room", `${Math.floor(step - 1)}px`);
    if (tagWidth(up) <= step - 1) return;
    cards.classList.add("untagged");
  }
  const runs = /** @type {HTMLElement[][]} */ ([]);
  all.forEach((card, i) => {
    if (!card.classList.contains("up")) return;
    if (i > 0 && all[i - 1].classList.contains("up")) runs[runs.length - 1].push(card);
    else runs.push([card]);
  });
  const word = tagWidth(up);
  for (const run of runs) {
    const left = Math.min(...run.map((card) => card.offsetLeft));
    const right = Math.max(...run.map((card) => card.offsetLeft + card.offsetWidth));
    if (right - left < word) continue;
    const tag = element("span", { class: "up-run", "aria-hidden": "true", text: up.dataset.up || "" });
    tag.style.left = `${left}px`;
    tag.style.width = `${right - left}px`;
    cards.append(tag);
    const foot = run[0].offsetTop + run[0].offsetHeight;
    tag.style.top = `${fan ? foot - tag.offsetHeight - 2 : foot + 2}px`;
  }
}

// The felt kept clear between the middle (a board card, the pot) and a seat box, in pixels:
// touching, the pot line read as part of your own seat (a phone held sideways).
export const MIDDLE_GAP = 4;

// The width an up card's tag (its ::after, data-up) takes whole, measured with a hidden probe of
// the same type in the card.
export function tagWidth(card) {
  const probe = element("span", { class: "up-probe", text: card.dataset.up || "" });
  card.append(probe);
  const width = probe.offsetWidth;
  probe.remove();
  return width;
}

// Whether a seat box overlaps another, comes within MIDDLE_GAP of the middle (a board card, the
// pot, the pots' line, a line of the result), or juts out of the felt.
export function crowded(boxes) {
  const seats = boxes.map((box) => box.getBoundingClientRect());
  const middle = [...document.querySelectorAll("#board .card, #pot:not([hidden]), #pots, #result > div")]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
  const felt = $("felt").getBoundingClientRect();
  const over = (a, b, gap = 0) => a.left - gap < b.right - 1 && b.left < a.right + gap - 1
    && a.top - gap < b.bottom - 1 && b.top < a.bottom + gap - 1;
  const out = (a) => a.left < felt.left - 1 || a.right > felt.right + 1 || a.top < felt.top - 1 || a.bottom > felt.bottom + 1;
  return seats.some((a, i) => out(a) || seats.slice(i + 1).some((b) => over(a, b)) || middle.some((m) => over(m, a, MIDDLE_GAP)));
}

// The middle of the felt (the board, the pot, the result) at the ring's centre when no seat
// covers it, else at the nearest height where none does (a phone's side seats sit level
// with the ring's centre; a short felt brings your own seat up to it); when no height is
// clear, narrowed to the gap between the side seats and tried again.
export function placeCentre(boxes, cy, h) {
  const centre = $("centre");
  centre.style.inlineSize = "";
  centre.classList.remove("narrowed");
  const seats = boxes.map((box) => box.getBoundingClientRect());
  if (placedClear(centre, seats, cy, h)) return;
  const felt = $("felt").getBoundingClientRect();
  const middle = (felt.left + felt.right) / 2;
  const start = Math.max(felt.left, ...seats.filter((r) => r.right < middle).map((r) => r.right));
  const end = Math.min(felt.right, ...seats.filter((r) => r.left > middle).map((r) => r.left));
  const gap = 2 * Math.min(middle - start, end - middle) - 2 * MIDDLE_GAP - 4;
  if (gap >= 120) {
    centre.style.inlineSize = `${gap}px`;
    centre.classList.add("narrowed");  // the pot's line may wrap there (style.css)
    if (placedClear(centre, seats, cy, h)) return;
  }
  centre.style.top = `${cy}px`;
}

// Moves the centre to the height nearest cy where its parts keep MIDDLE_GAP from every seat
// box; false when there is none on the felt.
export function placedClear(centre, seats, cy, h) {
  centre.style.top = `${cy}px`;
  const parts = [...centre.querySelectorAll("#board .card, #pot:not([hidden]), #pots, #result > div")]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
  if (!parts.length) return true;
  const top = Math.min(...parts.map((r) => r.top));
  const bottom = Math.max(...parts.map((r) => r.bottom));
  const g = MIDDLE_GAP;
  const clear = (shift) => !parts.some((r) => seats.some((s) =>
    r.left - g < s.right && s.left < r.right + g && r.top + shift - g < s.bottom && s.top < r.bottom + shift + g));
  const felt = $("felt").getBoundingClientRect();
  for (let step = 0; step <= h; step += 1) {  // to the pixel: a short felt may have no more
    for (const shift of [step, -step]) {
      const inside = top + shift >= felt.top && bottom + shift <= felt.bottom;
      if (inside && clear(shift)) { centre.style.top = `${cy + shift}px`; return true; }
    }
  }
  return false;
}

// A shown hand in words; in a hi/lo game its low too ("no low" when it has none). With
// `short`, each half's category alone (handCategory).
export function handText(shown, short = false) {
  const words = short ? handCategory : unbrokenRuns;
  if (!("low" in shown)) return words(shown.text);
  const high = isolated(words(shown.text));
  return shown.low === null ? t("table.hand.no_low", { high }) : t("table.hand.low", { high, low: isolated(words(shown.low)) });
}

// A hand's category: its words up to the first comma, bracket or colon ("Full house" of "Full
// house, nines full of sevens"; "Pair of nines" of "Pair of nines (K-Q-5)").
export function handCategory(text) {
  const end = text.search(/[,\u060c(;\u061b:]/);
  return (end < 0 ? text : text.slice(0, end)).trim();
}

// The shown hands' lines in one line (a tight showdown, your own seat on a compact felt) cut
// short in their boxes: their categories alone there ("Full house"; cut where the box ended,
// "Full ho..." or "Pair of q..." said less), and a category still cut (a low in Arabic,
// "منخفضة بالجاك ثم العشرة") in two lines ("two"): true then, a box is a line taller (or wider). A
// winner's award cut in its bar (a compact felt's), in fewer words too: "Wins 100" for "The pot
// (high): 50, The pot (lo..." (awardText). All of each line is in its title, for a screen
// reader (showShort) and in the "Last hand" panel.
export function shortenCut(boxes) {
  let taller = false;
  for (const box of boxes) {
    const award = box.querySelector(".award");
    if (!(award instanceof HTMLElement) || !award.dataset.short || award.scrollWidth <= award.clientWidth + 1) continue;
    if (getComputedStyle(award).whiteSpace !== "nowrap") continue;
    showShort(award, award.dataset.short);
    // still cut (a narrow box: Hold'em's two cards): the box as wide as those words, if it may be
    if (award.scrollWidth <= award.clientWidth + 1) continue;
    box.style.minInlineSize = `${box.offsetWidth + award.scrollWidth - award.clientWidth + 1}px`;
    taller = true;
  }
  for (const box of boxes) {
    const line = /** @type {HTMLElement | null} */ (box.querySelector(".shown"));
    if (!line || !line.dataset.short || getComputedStyle(line).whiteSpace !== "nowrap") continue;
    if (line.scrollWidth <= line.clientWidth + 1) continue;
    showShort(line, line.dataset.short);
    if (line.scrollWidth > line.clientWidth + 1) {
      line.classList.add("two");
      taller = true;
    }
  }
  return taller;
}

// A line of a seat's box cut short on a crowded felt (shortenCut): `short` on screen, hidden
// from a screen reader, which reads the line's whole words instead, once (a copy out of sight,
// class "whole": style.css); the title of the words in view says them to a pointer (the line's
// own title, beside that copy, was read as its description: the words twice). Before, a line
// cut to its category was read as the category alone.
export function showShort(line, short) {
  const whole = line.title || line.textContent || "";
  line.removeAttribute("title");
  line.replaceChildren(element("span", { "aria-hidden": "true", title: whole, text: short }), element("span", { class: "whole", text: whole }));
}

// A pot's name and amount, as a line begins: "The main pot: 900".
export function potTitle(i, count, amount) {
  return t("table.pot.title", { pot: capital(potName(i, count)), amount: formatNumber(amount) });
}

// The (low) hand seat `s` showed, described, when `withHands` ("" when none).
function shownText(hand, s, low, withHands) {
  const shown = withHands ? hand.shown.find((x) => x.seat === s) : undefined;
  return shown ? unbrokenRuns((low ? shown.low : shown.text) || "") : "";
}

// `line` followed by the (low) hand seat `s` showed, when there is one to say.
function withShown(line, hand, s, low, withHands) {
  const text = shownText(hand, s, low, withHands);
  return text ? t("table.with_hand", { line, hand: isolated(text) }) : line;
}

// The names of `seats`, each with the (low) hand it showed when `withHands`.
export function namesWith(hand, seats, low, withHands = true) {
  return joinNames(seats.map((s) => withShown(isolated(playerName(s)), hand, s, low, withHands)));
}

// Whom a pot (or half) went to: "to Ann (Full house, ...)", "to you and Ann", "to you, Ann and
// Bob". Our seat has words of its own: alone "to you" (Arabic "لك": its "إلى" takes no "you"
// after it), with others first and with their own "to" in Arabic ("إليك وإلى ...").
function toWinners(hand, seats, low, withHands) {
  if (!seats.includes(page.seat)) {
    return t("table.result.to", { names: namesWith(hand, seats, low, withHands) });
  }
  const others = seats.filter((s) => s !== page.seat);
  if (!others.length) return withShown(t("table.result.to_you"), hand, page.seat, low, withHands);
  const you = withShown(t("table.result.you_among"), hand, page.seat, low, withHands);
  const names = namesWith(hand, others, low, withHands);
  return t("table.result.to_you_and", { you, names }, others.length);
}

// A finished hand's result, one line per pot (and half): "The main pot: 900 to Ann (Full house,
// threes full of deuces)"; in a hi/lo game "high to ...; low to ..."; without a showdown "CPU 2
// wins 150: everyone else folded (no showdown)". Without `withHands` the winners' hands are left
// out: on the felt each shown hand is described at its seat already, and the line stays short.
export function resultLines(hand, withHands = true) {
  if (hand.awards.length) {
    return hand.awards.map((pot, i) => {
      const title = potTitle(i, hand.awards.length, pot.amount);
      const to = toWinners(hand, pot.high, false, withHands);
      if (!page.facts.game.split) return t("table.result.pot", { pot: title, to });
      const low = pot.low.length ? t("table.result.low", { to: toWinners(hand, pot.low, true, withHands) }) : t("table.result.no_low");
      return t("table.result.split", { pot: title, to, low });
    });
  }
  const lines = hand.won.map(wonText);
  if (!page.facts.game.betting) {
    for (const winner of hand.winners) {
      const shown = withHands ? hand.shown.find((x) => x.seat === winner) : undefined;
      lines.push(shown && shown.text ? t("table.with_hand", { line: pointText(winner), hand: isolated(unbrokenRuns(shown.text)) }) : pointText(winner));
    }
  }
  if (!hand.shown.length && lines.length) lines.push(t("table.no_showdown"));
  return lines;
}

// "Ann wins 300", "You win 300".
export function wonText(won) {
  const amount = formatNumber(won.amount);
  return won.seat === page.seat ? t("table.won.you", { amount }) : t("table.won", { name: isolated(playerName(won.seat)), amount });
}

// "Ann scores a point", "You score a point".
export function pointText(winner) {
  return winner === page.seat ? t("table.point.you") : t("table.point", { name: isolated(playerName(winner)) });
}
