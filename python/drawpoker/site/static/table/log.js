// @ts-check
// drawpoker: The table page's log: the events' sentences as the server tells them, by hand.

/** @type {number | null} */
let logHand = null;  // the hand of the latest event logged

// Empties the log (a first connection's events start it again).
export function clearLog() {
  $("log").replaceChildren();
  logHand = null;
}

export function addEvents(events) {
  const log = $("log");
  for (const e of events) {
    if (e.hand !== logHand) {
      logHand = e.hand;
      log.append(element("div", { class: "hand-line", text: t("table.last.hand", { hand: formatNumber(e.hand + 1) }) }));
    }
    log.append(element("div", { text: unbrokenRuns(e.sentence), dir: "auto" }));  // the server's narration, in our language
  }
  while (log.childNodes.length > 300) log.removeChild(/** @type {ChildNode} */ (log.firstChild));
  log.scrollTop = log.scrollHeight;
}
