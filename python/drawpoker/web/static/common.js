// drawpoker: what every page shares: cards drawn as elements, JSON requests, small helpers.
"use strict";

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAMES = { T: "10" };
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };

// A card's name for people and screen readers: "king of spades", "10 of hearts", "joker".
function cardName(text) {
  if (text === null || text === undefined) return "face-down card";
  if (text === "Jk") return "joker";
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  return `${RANK_WORDS[rank] || rank} of ${SUIT_NAMES[suit] || suit}`;
}

// An element for one card given as text ("As", "Td", "Jk" for the joker), or a face-down card
// when text is null; its accessible name is the card's name (an image of a card).
function cardElement(text, options = {}) {
  const el = document.createElement("span");
  el.className = "card";
  el.setAttribute("role", "img");
  if (options.small) el.classList.add("small");
  if (text === null || text === undefined) {
    el.classList.add("back");
    el.title = "face down";
    el.setAttribute("aria-label", cardName(null));
    return el;
  }
  el.dataset.card = text;
  if (text === "Jk") {
    el.classList.add("joker");
    el.innerHTML = '<span class="rank">\u2605</span><span class="suit">JOKER</span>';
    el.title = "the joker";
    el.setAttribute("aria-label", cardName(text));
    return el;
  }
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  el.classList.add(suit);
  const rankEl = document.createElement("span");
  rankEl.className = "rank";
  rankEl.textContent = RANK_NAMES[rank] || rank;
  const suitEl = document.createElement("span");
  suitEl.className = "suit";
  suitEl.textContent = SUITS[suit] || suit;
  el.append(rankEl, suitEl);
  el.title = cardName(text);
  el.setAttribute("aria-label", el.title);
  return el;
}

function cardsElement(cards, options = {}) {
  const span = document.createElement("span");
  span.className = "cards-inline";
  for (const card of cards) span.append(cardElement(card, options));
  return span;
}

async function requestJSON(method, url, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) {
    const message = data && data.message ? data.message : `${response.status} ${response.statusText}`;
    const error = new Error(message);
    error.status = response.status;
    error.code = data && data.error;
    throw error;
  }
  return data;
}

function element(tag, attributes = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value);
  }
  for (const child of children) el.append(child);
  return el;
}

// A whole number of chips as people read it: 1,200.
function chips(n) {
  return Number(n).toLocaleString("en-US");
}

function percent(x) {
  return `${(100 * x).toFixed(2)}%`;
}
