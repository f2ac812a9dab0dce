// @ts-check
// drawpoker: The table page's settings of this device (kept in localStorage, as the nickname
// is): tips at your draw (off by default, on by default at a no-bet table, where people learn;
// told to the server, which analyses a draw only for a seat that asked) and a sound when your
// turn starts (off by default).
import { send } from "./connection.js";
import { wakeSound } from "./sound.js";
import { hooks, page } from "./state.js";

const STORE = "drawpoker.setting.";
const NAMES = ["tips", "sound"];

/**
 * Whether the setting `name` is on for this device at this table.
 * @param {string} name
 * @returns {boolean}
 */
export function setting(name) {
  const kept = localStorage.getItem(STORE + name);
  if (kept !== null) return kept === "on";
  return name === "tips" && page.facts !== null && page.facts.game.settings.mode === "no-bet";
}

// The boxes show the settings; a change is kept for this device and redraws the page.
export function listenForSettings() {
  for (const name of NAMES) {
    const box = /** @type {HTMLInputElement} */ ($(`setting-${name}`));
    box.addEventListener("change", () => {
      localStorage.setItem(STORE + name, box.checked ? "on" : "off");
      if (name === "sound" && box.checked) wakeSound();  // a click may start the page's audio
      if (name === "tips") tellTips();
      hooks.render();
    });
  }
}

// Tells the server whether this seat wants tips (after each hello, and on each change).
export function tellTips() {
  send({ type: "tips", on: setting("tips") });
}

export function showSettings() {
  for (const name of NAMES) /** @type {HTMLInputElement} */ ($(`setting-${name}`)).checked = setting(name);
}
