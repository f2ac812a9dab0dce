// drawpoker: what every page shares: cards drawn as elements, JSON requests, small helpers.
"use strict";

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAMES = { T: "10" };
const RANK_WORDS = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };

// The page's element with this id (every page's script looks its elements up by id).
/**
 * @param {string} id
 * @returns {HTMLElement}
 */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

// A card's name for people and screen readers: "king of spades", "10 of hearts", "the joker",
// in the page's language once its catalogue is loaded (English on a page that loads none).
function cardName(text) {
  if (text === null || text === undefined) return cardWords("card.back", {}, "face-down card");
  if (text === "Jk") return cardWords("card.joker", {}, "the joker");
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  const rankName = cardWords(`rank.${rank}`, {}, RANK_WORDS[rank] || rank);
  const suitName = cardWords(`suit.${suit}`, {}, SUIT_NAMES[suit] || suit);
  return cardWords("card.label", { rank: rankName, suit: suitName }, `${rankName} of ${suitName}`);
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
    el.title = cardName(null);
    el.setAttribute("aria-label", el.title);
    return el;
  }
  el.dataset.card = text;
  if (text === "Jk") {
    el.classList.add("joker");
    el.innerHTML = '<span class="rank">\u2605</span><span class="suit">JOKER</span>';
    el.title = cardName(text);
    el.setAttribute("aria-label", el.title);
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

// A card's words from the page's catalogue once loaded; `english` on a page that has none.
function cardWords(key, values, english) {
  return hasText(key) ? t(key, values) : english;
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
    const error = /** @type {Error & {status?: number, code?: string}} */ (new Error(message));
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

// A row of a table of class "cards-on-phone" (style.css): its `cells`, each named by its
// column's heading (`labels`, in order) for the phone's layout, where every row is a card, the
// heading row is not shown and a cell is its name beside its content (one span, so that words
// and cards flow together). A cell of class "bare" shows no name (its buttons say it).
function labelledRow(labels, attributes, ...cells) {
  cells.forEach((cell, index) => {
    cell.setAttribute("data-label", labels[index]);
    cell.replaceChildren(element("span", {}, ...cell.childNodes));
  });
  return element("tr", attributes, ...cells);
}

// A whole number of chips as the log's English sentences write it: 1,200.
function chips(n) {
  return Number(n).toLocaleString("en-US");
}

function percent(x) {
  const tag = document.documentElement.dataset.tag || "en";
  return new Intl.NumberFormat(tag, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);
}

// The page's language: its tag (e.g. "ar" or "ar-u-nu-arab", set by the server on <html>), and
// its catalogue from /i18n/<tag>.json once loadTexts() has run. Counted messages hold a form per
// CLDR plural category; Intl.PluralRules picks it, Intl.NumberFormat writes the numbers.
const I18N = { tag: document.documentElement.dataset.tag || "en", messages: {} };

async function loadTexts() {
  const data = await requestJSON("GET", `/i18n/${I18N.tag}.json`);
  I18N.messages = data.messages;
}

function formatNumber(n) {
  return new Intl.NumberFormat(I18N.tag).format(n);
}

// Named numbers ({unit: 20}) formatted for a message's placeholders ({unit: "20"}).
function formatNumbers(values) {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, formatNumber(v)]));
}

function hasText(key) {
  return Object.prototype.hasOwnProperty.call(I18N.messages, key);
}

// The message `key` with {name} placeholders filled; `count` chooses a counted message's form.
/** @param {number | null} [count] */
function t(key, values = {}, count = null) {
  let text = I18N.messages[key];
  if (text === undefined) return key;
  /** @type {Record<string, unknown>} */
  const filled = { ...values };
  if (typeof text === "object") {
    text = text[new Intl.PluralRules(I18N.tag).select(/** @type {number} */ (count))] || text.other;
    filled.count = formatNumber(count);
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in filled ? String(filled[name]) : whole));
}

// A word from the catalogue when it has one, else the server's English.
function said(key, english) {
  return hasText(key) ? t(key) : english;
}

// A game's title in the page's language (the server's English when the catalogue lacks it).
function gameTitle(name, english) {
  return said(`game.${name}`, english);
}

// A rating as every page shows it: a whole number ("19"), in the page's digits.
function ratingFigure(rating) {
  return formatNumber(Math.round(rating));
}

// A rating's change with its sign and one decimal ("+1.2", "-0.4").
function ratingChange(change) {
  return new Intl.NumberFormat(I18N.tag, { signDisplay: "exceptZero", maximumFractionDigits: 1 }).format(change);
}

// A rating beside a name: short on screen ("★ 19", the whole words as its tooltip) and named
// in words for a screen reader ("rating 19"), so that it never reads as a bare number.
function ratingBadge(rating) {
  const words = t("rating.label", { rating: ratingFigure(rating) });
  return element("span", { class: "rating", role: "img", "aria-label": words, title: words,
    text: `\u2605\u00a0${ratingFigure(rating)}` });
}

// The wait before a lost connection is tried again: `ms` spread by half either way, so that the
// pages a server's restart cut off do not all come back at the same instant.
function jittered(ms) {
  return ms * (0.5 + Math.random());
}

// A connection quiet this long is asked for a pong; one that still says nothing after a further
// SOCKET_ANSWER_MS is given up and made again. A phone that changed networks keeps a socket
// that is dead without a close: only a message that never comes tells.
const SOCKET_QUIET_MS = 20000;
const SOCKET_ANSWER_MS = 10000;

/**
 * A WebSocket to `path` on this server, kept: lost (closed, or silent past its ping), it is made
 * again after a wait that doubles from 500 ms up to `longest`, spread by `jittered`, and at once
 * when the device is back online or the page is shown again. Every page's live connection goes
 * through here: the lobby's list and the table's seat behave alike.
 * `handlers.open(ws)`, when given, greets each new socket; `handlers.message(message)` takes
 * each message parsed; `handlers.lost()` hears that the connection is lost (a new one is on its
 * way); `handlers.ended(code)`, given a close's code, says whether it ends the connection for
 * good (a refused token: no new attempt). Returns `send(message)`, which sends on the open
 * socket (and drops the message while there is none).
 * @param {string} path
 * @param {{open?: (ws: WebSocket) => void, message: (message: any) => void, lost: () => void,
 *   ended?: (code: number) => boolean}} handlers
 * @param {number} [longest]
 * @returns {(message: object) => void}
 */
function keptSocket(path, handlers, longest = 8000) {
  /** @type {WebSocket | null} */
  let socket = null;
  let retry = 500;  // ms before the next attempt
  /** @type {ReturnType<typeof setTimeout> | null} */
  let pending = null;  // the next attempt, while the connection is lost

  function lost(ws) {
    if (ws !== socket) return;  // given up already
    socket = null;
    handlers.lost();
    pending = setTimeout(connectSocket, jittered(retry));
    retry = Math.min(retry * 2, longest);
  }

  function connectSocket() {
    pending = null;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}${path}`);
    socket = ws;
    let heard = performance.now();  // the latest message, or the opening
    let answered = false;  // a message came on this socket: the next loss starts from 500 ms
    const watch = setInterval(() => {
      const quiet = performance.now() - heard;
      if (ws.readyState !== WebSocket.OPEN || quiet < SOCKET_QUIET_MS) return;
      if (quiet < SOCKET_QUIET_MS + SOCKET_ANSWER_MS) {
        ws.send(JSON.stringify({ type: "ping" }));
      } else {
        clearInterval(watch);
        lost(ws);  // its close would wait on a closing handshake a dead network never answers
        ws.close();
      }
    }, SOCKET_ANSWER_MS / 2);
    ws.addEventListener("open", () => {
      heard = performance.now();
      if (handlers.open) handlers.open(ws);
    });
    ws.addEventListener("message", (event) => {
      if (ws !== socket) return;
      heard = performance.now();
      if (!answered) { answered = true; retry = 500; }
      handlers.message(JSON.parse(event.data));
    });
    ws.addEventListener("close", (event) => {
      clearInterval(watch);
      if (ws !== socket) return;
      if (handlers.ended && handlers.ended(event.code)) { socket = null; return; }
      lost(ws);
    });
  }

  // A phone back on the network, or its page shown again, tries at once rather than at the end
  // of a wait that doubled while it was away.
  function reconnectNow() {
    if (pending === null || !navigator.onLine || document.visibilityState === "hidden") return;
    clearTimeout(pending);
    retry = 500;
    connectSocket();
  }
  window.addEventListener("online", reconnectNow);
  document.addEventListener("visibilitychange", reconnectNow);
  connectSocket();
  return (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
}

// A name or a server's text inside a sentence of the page's language, in a Unicode isolate
// (FSI ... PDI, what <bdi> does for an element): "CPU 3 (Pair of sixes)" keeps its order in
// an Arabic sentence, an Arabic name in an English one.
function isolated(text) {
  return `\u2068${text}\u2069`;
}

// `text` with the hyphens of its card runs ("8-7-5-2-A", "K-J-8") made non-breaking, so that a
// narrow box wraps before a run and never inside it ("8-7-5-" on one line, "2-A" on the next).
// The server's Arabic words join their runs so already; its English ones keep plain hyphens
// for the command line and the history files, where no box wraps them.
function unbrokenRuns(text) {
  return text.replace(/(?<=[0-9TJQKA])-(?=[0-9TJQKA])/g, "\u2011");
}
