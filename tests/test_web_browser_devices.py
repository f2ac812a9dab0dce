"""In a real browser (headless Chromium, as tests/test_web_browser.py): the lobby asks a
nickname once and keeps the device key; a Hold'em game against a CPU player ends with the
rating change shown; the table page, its seat token lost, takes the seat back with the device
key; "your games" lists the table with its place; the leaderboard lists the player; the key
moves to another browser profile by export and import."""

from __future__ import annotations

import re
from typing import Any

from drawpoker.site.i18n import message
from site_server import SiteServer
from test_web_browser import (
    artifacts,
    body,
    by_id,
    click_and_wait,
    create_table,
    driver,
    server,
    wait,
)
from test_web_table_page import boxes, resize

__all__ = ["artifacts", "driver", "server"]  # the fixtures, shared


def text(driver: Any, name: str) -> str:
    """The element's text now, read by the page itself (a redrawn element is never stale)."""
    found = driver.execute_script(
        "const e = document.getElementById(arguments[0]); return e ? e.innerText : null", name
    )
    return "" if found is None else str(found)


def test_a_device_plays_is_rated_returns_and_lists_its_games(
    driver: Any, server: SiteServer
) -> None:
    from selenium.webdriver.common.by import By

    driver.get(server.url + "/")
    wait(driver, lambda d: body(d, "ready") == "yes", "the lobby")
    by_id(driver, "nickname").send_keys("Sam")  # the lobby's one field; Save registers it
    driver.find_element(By.CSS_SELECTOR, "#nickname-form button").click()
    wait(driver, lambda d: d.execute_script("return localStorage['drawpoker.device']"), "a key")
    key = driver.execute_script("return localStorage['drawpoker.device']")
    assert len(key) == 64
    driver.get(server.url + "/")  # asked once: not again
    wait(driver, lambda d: body(d, "ready") == "yes", "the lobby")
    assert not driver.find_elements(By.ID, "nickname-form")

    create_table(driver, server, "holdem", ["person", "cpu:checkcall"])
    assert by_id(driver, "nickname").get_attribute("value") == "Sam"  # the lobby's own field
    by_id(driver, "create").click()  # the creator sits down at once
    wait(driver, lambda d: "/table/" in d.current_url, "the table")
    table_url = driver.current_url.split("?")[0]
    wait(driver, lambda d: body(d, "status") in ("playing", "over"), "the table to start")
    while body(driver, "status") != "over":
        wait(
            driver,
            lambda d: body(d, "myturn") == "yes" or body(d, "status") == "over",
            "my turn",
        )
        if body(driver, "status") == "over":
            break
        click_and_wait(
            driver, "act-fold" if driver.find_elements(By.ID, "act-fold") else "act-check"
        )
    wait(driver, lambda d: text(d, "rating-change"), "the rating change")
    change = text(driver, "rating-change").strip()
    assert change.startswith("Your rating:") and ("(+" in change or "(-" in change), change
    assert "Sam (you) \u00b7" in text(driver, "seat-0") + text(driver, "seat-1")
    ratings = driver.execute_script(
        "return [...document.querySelectorAll('#felt .seat .rating')]"
        ".map((r) => [r.getAttribute('role'), r.getAttribute('aria-label'), r.textContent])"
    )
    assert ratings, "no rating beside the names"
    for role, label, shown in ratings:  # whole numbers, named in words
        figure = label.removeprefix("rating ")
        assert role == "img" and re.fullmatch(r"-?\d+", figure) and shown.endswith(figure), label

    # the leaderboard marks this device's row (two players of one nickname looked the same),
    # and keeps the game chosen in the address
    driver.get(server.url + "/leaderboard?game=holdem")
    wait(driver, lambda d: body(d, "ready") == "yes", "the leaderboard")
    mine = driver.find_elements(By.CSS_SELECTOR, "#board tbody tr.you")
    assert len(mine) == 1 and "\u2068Sam\u2069 (you)" in mine[0].text, [r.text for r in mine]
    driver.execute_script(
        "const s = document.getElementById('board-game'); s.value = 'omaha';"
        "s.dispatchEvent(new Event('change'))"
    )
    wait(driver, lambda d: "game=omaha" in d.current_url, "the game in the address")

    # the seat token is lost (another tab, a cleared site entry): the device takes it back
    driver.execute_script(
        "for (const k of Object.keys(localStorage)) "
        "if (k.startsWith('drawpoker.seat.')) localStorage.removeItem(k);"
    )
    driver.get(table_url)
    wait(driver, lambda d: body(d, "status") == "over", "the seat taken back")
    wait(driver, lambda d: "Game over" in text(d, "game-over"), "the game over shown")

    driver.get(server.url + "/games")
    table_id = table_url.rsplit("/", 1)[1]
    rows = wait(
        driver,
        lambda d: d.execute_script(
            "return [...document.querySelectorAll('#games tbody tr')]"
            ".map((r) => [...r.cells].map((c) => c.innerText))"
        ),
        "your games",
    )
    (cells,) = rows
    assert cells[0] == table_id and cells[1] == message("en", "game.holdem")
    assert cells[2] == "over" and cells[3] in ("1", "2")
    assert re.fullmatch(r"rating -?\d+ \([+-]?\d+(\.\d)?\)", cells[5]), cells[5]  # rounded
    # in Arabic the id reads as in the address: "-2ks1FXA4KrgXhOi" showed as "2ks1FXA4KrgXhOi-"
    # (a hyphen or an underscore at its end moves in a right-to-left line)
    driver.get(server.url + "/games?lang=ar")
    wait(driver, lambda d: body(d, "ready") == "yes", "your games in Arabic")
    shown = driver.execute_script(
        "const a = document.querySelector('#games tbody a');"
        "return [a.textContent, getComputedStyle(a).direction]"
    )
    assert shown == [table_id, "ltr"], shown
    driver.get(server.url + "/games?lang=en")
    # on a phone each game is a card: nothing scrolls sideways (it was a table 630 px wide at
    # 390), the table's link and the history's buttons are touch targets in view
    resize(driver, 390, 844)
    driver.get(server.url + "/games")
    wait(driver, lambda d: body(d, "ready") == "yes", "your games on a phone")
    sideways = driver.execute_script(
        "const r = document.getElementById('games-region'); return r.scrollWidth - r.clientWidth"
    )
    assert sideways <= 0
    targets = boxes(driver, "#games tbody :is(a, button)")
    assert len(targets) == 3  # the table's link, JSON and PHH
    for box in targets:
        assert box["left"] >= 0 and box["right"] <= 390 and box["height"] >= 44, box
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    driver.get(server.url + "/leaderboard?game=holdem")
    wait(driver, lambda d: "Sam" in text(d, "board"), "the leaderboard")
    badge = driver.execute_script(
        "return document.querySelector('#board tbody .rating').getAttribute('aria-label')"
    )
    assert re.fullmatch(r"rating -?\d+", badge), badge  # the same badge as at the table

    # export, then import in a fresh profile (localStorage cleared)
    driver.get(server.url + "/games")
    # the games drawn first: rows drawn between finding the button and clicking it move it
    wait(driver, lambda d: body(d, "ready") == "yes", "your games drawn")
    by_id(driver, "show-key").click()
    assert by_id(driver, "device-key").get_attribute("value") == key
    driver.execute_script("localStorage.clear()")
    driver.get(server.url + "/games")
    by_id(driver, "import-key").send_keys("0" * 64)
    driver.find_element(By.CSS_SELECTOR, "#import-form button").click()
    wait(driver, lambda d: "not known" in text(d, "games-error"), "an unknown key refused")
    by_id(driver, "import-key").clear()
    by_id(driver, "import-key").send_keys(key)
    driver.find_element(By.CSS_SELECTOR, "#import-form button").click()
    wait(driver, lambda d: text(d, "who") == "Playing as: Sam", "the key imported")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#games tbody tr"), "its games")


def _games_page_shows(driver: Any) -> dict[str, bool]:
    """Which parts of "your games" a person sees now."""
    return {
        name: driver.execute_script(
            "const e = document.getElementById(arguments[0]);"
            "return e !== null && e.checkVisibility() && e.getBoundingClientRect().height > 0",
            name,
        )
        for name in ("no-games", "games", "paging", "previous", "next")
    }


def test_your_games_with_no_games_says_so_without_an_empty_table(
    driver: Any, server: SiteServer
) -> None:
    from selenium.webdriver.common.by import By

    nothing = dict.fromkeys(("no-games", "games", "paging", "previous", "next"), False)
    driver.get(server.url + "/")
    driver.execute_script("localStorage.clear()")  # no device yet: no table to list either
    driver.get(server.url + "/games")
    wait(driver, lambda d: body(d, "ready") == "yes", "your games")
    assert _games_page_shows(driver) == nothing

    driver.get(server.url + "/")
    wait(driver, lambda d: body(d, "ready") == "yes", "the lobby")
    by_id(driver, "nickname").send_keys("Kim")  # a new device, which has played nothing
    driver.find_element(By.CSS_SELECTOR, "#nickname-form button").click()
    wait(driver, lambda d: d.execute_script("return localStorage['drawpoker.device']"), "a key")
    for lang in ("en", "ar"):
        driver.get(server.url + f"/games?lang={lang}")
        wait(driver, lambda d: body(d, "ready") == "yes", "your games")
        assert _games_page_shows(driver) == nothing | {"no-games": True}, lang
        assert text(driver, "no-games") == message(lang, "games.none")

    # one table: its row under the headings, the page count, and no page to go to
    create_table(driver, server, "holdem", ["person", "cpu:checkcall"])
    by_id(driver, "create").click()
    wait(driver, lambda d: "/table/" in d.current_url, "the table")
    driver.get(server.url + "/games")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#games tbody tr"), "its games")
    assert _games_page_shows(driver) == nothing | {"games": True, "paging": True}
    driver.get(server.url + "/games?lang=en")  # leave the device in English
