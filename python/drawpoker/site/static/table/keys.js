// @ts-check
// drawpoker: The table page's keyboard shortcuts and their help dialog.
import { page } from "./state.js";

// Each key clicks the control it names, when that control is on screen (the same checks as a
// click); typing in a box is never taken for a shortcut.
/** @type {Array<[string, () => string, (() => unknown) | null]>} */
export const KEYS = [  // the key, its words (once the catalogue is loaded), what it does
  ["f", () => t("table.key.fold"), () => click("act-fold")],
  ["c", () => t("table.key.call"), () => click("act-check") || click("act-call") || click("act-bring-in")],
  ["b", () => t("table.key.bet"), () => click("act-bet") || click("act-raise")],
  ["a", () => t("table.key.all_in"), () => click("all-in")],
  ["1-7", () => t("table.key.pick"), null],
  ["d", () => t("table.key.draw"), () => click("act-draw")],
  ["n", () => t("table.key.next"), () => click("next-hand")],
  ["?", () => t("table.key.help"), () => showKeys()],
];

export function click(id) {
  const el = /** @type {HTMLButtonElement} */ ($(id));
  if (!el || el.disabled) return false;
  el.click();
  return true;
}

export function showKeys() {
  const dialog = /** @type {HTMLDialogElement} */ ($("keys"));
  if (!dialog.open) dialog.showModal();
}

export function fillKeys() {
  const list = $("keys-list");
  for (const [key, what] of KEYS) {
    list.append(element("dt", {}, element("kbd", { text: key })), element("dd", { text: what() }));
  }
}

// Each key clicks the control it names (see KEYS); digits pick our cards to discard.
export function listenForKeys() {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
    if (/** @type {HTMLDialogElement} */ ($("keys")).open) return;
    const key = event.key.toLowerCase();
    if (/^[1-7]$/.test(key)) {
      const cards = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(`#seat-${page.seat} .card.pickable`));
      const card = cards[Number(key) - 1];
      if (card) { event.preventDefault(); card.click(); }
      return;
    }
    const found = KEYS.find(([k, , run]) => k === key && run !== null);
    if (found) { event.preventDefault(); /** @type {() => unknown} */ (found[2])(); }
  });
  $("show-keys").addEventListener("click", showKeys);
  $("close-keys").addEventListener("click", () => /** @type {HTMLDialogElement} */ ($("keys")).close());
}
