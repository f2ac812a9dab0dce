// @ts-check
// drawpoker: the site's header on every page (page_text.site_header), made to behave as a
// phone's reader expects: the language and digits links keep the page as it is (a watcher
// stays a watcher: "?lang=ar" alone dropped "?watch" and showed the seat's form), and the
// menu closes on Escape or a tap beside it (it stayed open over the page). Without a script
// both still work: the links open the page afresh, the menu closes from its own button.
"use strict";

for (const link of document.querySelectorAll("header.site nav.languages a")) {
  const anchor = /** @type {HTMLAnchorElement} */ (link);
  const chosen = new URL(anchor.href, location.href).searchParams;
  const kept = new URL(location.href);
  for (const [name, value] of chosen) kept.searchParams.set(name, value);
  anchor.href = kept.pathname + kept.search + kept.hash;
}

const siteMenu = /** @type {HTMLDetailsElement | null} */ (document.querySelector("header.site details.menu"));
if (siteMenu) {
  const menu = siteMenu;
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      menu.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(/** @type {Node} */ (event.target))) menu.open = false;
  });
}
