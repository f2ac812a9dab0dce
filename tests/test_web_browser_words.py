"""In headless Chromium (as tests/test_web_table_page.py): the site's words.

- The lobby asks the nickname in one field, in English and in Arabic; on a first visit the
  nickname typed there registers the device when the person sits down (issue 28). Its list
  names a CPU seat, and a person's seat with no nickname, in the reader's language.
- The pseudo-language walk (issue 29): the lobby, a Five-Card Draw table through its showdown
  and game over, "your games", the leaderboard, the tips page and a rules page, and a table of
  every registered game through its first hand, rendered in ``qps``, show no human-language
  text that did not come from a catalogue, the event log ``#log`` (the server's narration in
  the connection's language) and the shown hands' descriptions included. Card codes, numbers
  and the players' nicknames are allowed.
- The Arabic table page at 390x844 and 1280x720: ``dir="rtl"``, no sideways scrolling, the
  action panel in view on our turn, a Latin nickname read in order inside the Arabic seat
  label, no serious or critical axe-core finding with
  ``lang="ar"``, and the showdown on the felt (screenshots of both saved under
  ``$DRAWPOKER_ARTIFACTS`` or the test's directory)."""

from __future__ import annotations

import html
import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from drawpoker.engine import GAMES
from drawpoker.site.i18n import message
from site_server import SiteServer
from test_i18n import unmarked
from test_web_browser import body, by_id, wait
from test_web_table_page import (
    check_turn_layout,
    click,
    driver,
    join,
    overflow,
    resize,
    serious_violations,
    server,
)

__all__ = ["driver", "server"]  # the fixtures, shared

NAMES = {"Sam", "CPU", "JSON", "PHH"}
"""Names, not words: the nicknames people and CPU players have in these tests (a CPU seat is
"CPU 2"), and the hand history formats' names on "your games" download buttons (their
accessible names are sentences from the catalogue)."""


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("DRAWPOKER_ARTIFACTS")
    path = Path(given) if given else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _ready(driver: Any) -> None:
    wait(driver, lambda d: body(d, "ready") == "yes", "the page's script")


def _device_games(server: SiteServer, key: str) -> list[str]:
    request = urllib.request.Request(
        server.url + "/api/devices/me/games", headers={"x-device-key": key}
    )
    with urllib.request.urlopen(request) as answer:
        return [table["id"] for table in json.loads(answer.read())["tables"]]


def test_the_lobby_asks_the_nickname_in_one_field_in_both_languages(
    driver: Any, server: SiteServer
) -> None:
    resize(driver, 390, 844)
    for lang in ("ar", "en"):
        driver.get(server.url + f"/?lang={lang}")
        driver.execute_script("localStorage.clear()")  # a first visit: no device yet
        driver.get(server.url + "/")
        _ready(driver)
        fields = driver.execute_script(
            "return [...document.querySelectorAll('input')]"
            ".filter((e) => e.autocomplete === 'nickname' || /nick/i.test(e.id + e.name))"
            ".map((e) => [e.id, e.labels.length])"
        )
        assert fields == [["nickname", 1]], (lang, fields)  # one field, with its label
        save = driver.execute_script(
            "return document.querySelector('#nickname-form button').textContent"
        )
        assert save == ("احفظ" if lang == "ar" else "Save")
    # no Save pressed: Play now registers the device under the typed nickname and ties the seat
    by_id(driver, "nickname").send_keys("Sam")
    click(driver, "play-razz")
    wait(driver, lambda d: "/table/" in d.current_url, "the seat Play now gave")
    key = driver.execute_script("return localStorage['drawpoker.device']")
    assert driver.execute_script("return localStorage['drawpoker.nickname']") == "Sam"
    table_id = driver.current_url.split("?")[0].rsplit("/", 1)[1]
    assert table_id in _device_games(server, key)


def test_the_lobby_names_the_seats_it_named_in_the_readers_language(
    driver: Any, server: SiteServer
) -> None:
    made = server.request(
        "POST", "/api/tables", {"game": "holdem", "seats": ["person", "cpu:rules", "person"]}
    )
    server.request("POST", f"/api/tables/{made['id']}/seats", {"name": ""})
    names = f"[...document.querySelectorAll('tr[data-table=\"{made['id']}\"] .seated bdi')]"
    for lang, shown in (("ar", ["المقعد 1", "الحاسوب 2"]), ("en", ["Seat 1", "CPU 2"])):
        driver.get(server.url + f"/?lang={lang}")
        _ready(driver)
        wait(
            driver,
            lambda d, shown=shown: (
                d.execute_script(f"return {names}.map((e) => e.textContent)") == shown
            ),
            f"the seated names in {lang}",
        )


def test_the_leaderboard_of_a_game_nobody_is_rated_in_says_so(
    driver: Any, server: SiteServer
) -> None:
    for lang in ("ar", "en"):
        driver.get(server.url + f"/leaderboard?game=badugi&lang={lang}")
        _ready(driver)
        rows = driver.execute_script(
            "return [...document.querySelectorAll('#board tbody tr')].map((r) => r.innerText)"
        )
        assert rows == [message(lang, "board.empty")], (lang, rows)
        pager = "return document.getElementById('board-pages').checkVisibility()"
        assert driver.execute_script(pager) is False, lang  # no pages to turn


GENERATED_TEXTS = """
const texts = [];
for (const el of document.body.querySelectorAll("*")) {
  for (const pseudo of ["::before", "::after"]) {
    const content = getComputedStyle(el, pseudo).content;
    const attr = /^attr\\(([\\w-]+)\\)$/.exec(content);
    const text = attr ? el.getAttribute(attr[1]) : /^"(.*)"$/.exec(content)?.[1];
    if (text && /\\p{L}/u.test(text)) texts.push(text);
  }
}
return texts;
"""
"""The texts style sheets draw before and after the page's elements (CSS ``content``: a
string, or an attribute's value) that hold a letter: the words a person reads there."""


def _page_words(driver: Any, *names: str) -> list[str]:
    """The unmarked words of the page as it is now (:func:`test_i18n.unmarked`), the texts its
    style sheets draw included (:data:`GENERATED_TEXTS`), less :data:`NAMES` and ``names``
    (tables' ids) and the keyboard's keys (``<kbd>``: "f", "?")."""
    page = driver.execute_script(
        "const copy = document.documentElement.cloneNode(true);"
        "copy.querySelectorAll('kbd').forEach((key) => key.replaceChildren());"
        "return copy.outerHTML;"
    )
    drawn = driver.execute_script(GENERATED_TEXTS)
    words = unmarked(page + "".join(f"<p>{html.escape(text)}</p>" for text in drawn))
    return [word for word in words if word.strip("()") not in {*NAMES, *names}]


def _checked(driver: Any, where: str, *names: str) -> None:
    page = driver.execute_script("return document.documentElement.outerHTML")
    assert 'lang="qps"' in page[:200] and page.count("⟦") > 10, where
    assert _page_words(driver, *names) == [], where


def _play_until(driver: Any, done: Any, check_words: bool = True) -> None:
    """Plays our seat by clicking (check or call, bring-in, a draw of one card) until ``done``
    holds, checking the page's words on every turn (unless told not to), a draw's once its card
    is picked."""
    while not done(driver):
        wait(
            driver,
            lambda d: done(d) or body(d, "myturn") == "yes",
            "our turn or the end of the hand",
        )
        if done(driver):
            break
        ids = driver.execute_script(
            "return [...document.querySelectorAll('#controls button')].map((b) => b.id)"
        )
        if "act-draw" in ids:  # one card picked, so that its tag is read too
            driver.find_element("css selector", ".seat.you .card.pickable").click()
            wait(driver, lambda d: d.find_elements("css selector", ".card.picked"), "a pick")
        if check_words:
            _checked(driver, f"our turn ({body(driver, 'seq')})")
        choice = next(k for k in ("act-check", "act-call", "act-bring-in", "act-draw") if k in ids)
        before = body(driver, "seq")
        click(driver, choice)
        wait(driver, lambda d, seq=before: body(d, "seq") != seq, f"the state after {choice}")


def test_every_page_in_the_pseudo_language_shows_only_catalogue_words(
    driver: Any, server: SiteServer
) -> None:
    resize(driver, 1280, 900)
    driver.get(server.url + "/?lang=qps")  # remembered for the pages below
    driver.execute_script("localStorage.clear()")
    driver.get(server.url + "/")
    _ready(driver)
    _checked(driver, "the lobby")
    by_id(driver, "nickname").send_keys("Sam")
    driver.find_element("css selector", "#nickname-form button").click()
    wait(driver, lambda d: d.execute_script("return localStorage['drawpoker.device']"), "a key")

    request = {"game": "five-card-draw", "seats": ["person", "cpu:checkcall"], "rounds": 1}
    made = server.request("POST", "/api/tables", request)
    driver.get(server.url + f"/table/{made['id']}")
    wait(driver, lambda d: d.find_element("id", "name").is_displayed(), "the seat form")
    _checked(driver, "the table's seat form")
    join(driver, "Sam")
    showdown = "return document.getElementById('felt').dataset.view"
    _play_until(driver, lambda d: d.execute_script(showdown) == "showdown")
    _checked(driver, "the showdown on the felt")
    if driver.find_elements("id", "next-hand"):  # the game's last hand has no next one
        click(driver, "next-hand")
    _play_until(driver, lambda d: body(d, "status") == "over")
    wait(driver, lambda d: d.find_elements("id", "final-standings"), "the game over")
    _checked(driver, "the game over")
    driver.execute_script("document.getElementById('keys').showModal()")
    _checked(driver, "the keys")

    for path in ("/games", "/leaderboard?game=five-card-draw", "/tips"):
        driver.get(server.url + path)
        _ready(driver)
        _checked(driver, path, made["id"])
    _tips_analyses_checked(driver, server)
    driver.get(server.url + "/rules/five-card-draw")
    _checked(driver, "a rules page")
    # the check sees a word a script writes without the catalogue, and a nickname is allowed
    driver.execute_script(
        "document.querySelector('main').append('Sam won', document.createElement('hr'))"
    )
    assert _page_words(driver) == ["won"]
    # and a word a style sheet draws (a rule added to the page's own: its policy refuses others)
    driver.execute_script(
        "document.styleSheets[0].insertRule('main::after { content: \"Sam folds\"; }')"
    )
    assert _page_words(driver) == ["won", "folds"]
    driver.get(server.url + "/?lang=en")  # leave the device in English


def _tips_analyses_checked(driver: Any, server: SiteServer) -> None:
    """The tips page's analysis of a high hand and of a badugi hand (their final hands named
    in many words: "two pair", "three cards"; the badugi hand's with dead cards) checked word
    by word."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver.get(server.url + "/tips")
    _ready(driver)
    for ranking, cards, dead, rows in (
        ("high", "Jh Jd 7c 4s 2h", "", 26),
        ("badugi", "9c 4d 7h Ac", "2s 3s", 16),  # with the line of the dead cards
    ):
        Select(by_id(driver, "ranking")).select_by_value(ranking)
        hand = by_id(driver, "hand")
        hand.clear()
        hand.send_keys(cards)
        by_id(driver, "dead").clear()
        by_id(driver, "dead").send_keys(dead)
        by_id(driver, "analyse").click()
        wait(
            driver,
            lambda d, n=rows: len(d.find_elements(By.CSS_SELECTOR, "#choices tr")) == n + 1,
            f"the {ranking} analysis",
        )
        _checked(driver, f"the tips page's {ranking} analysis")


@pytest.mark.parametrize("name", GAMES)
def test_a_table_of_every_game_in_the_pseudo_language_shows_only_catalogue_words(
    driver: Any, server: SiteServer, name: str
) -> None:
    """One hand against a check/call CPU player, to its showdown: every turn, the showdown on
    the felt and the log checked."""
    driver.get(server.url + "/?lang=qps")  # remembered for the table page
    made = server.request(
        "POST", "/api/tables", {"game": name, "seats": ["person", "cpu:checkcall"]}
    )
    driver.get(server.url + f"/table/{made['id']}")
    wait(driver, lambda d: d.find_element("id", "name").is_displayed(), "the seat form")
    by_id(driver, "name").clear()  # the device's nickname from the tests before
    join(driver, "Sam")
    over = "return document.getElementById('felt').dataset.view === 'showdown'"
    _play_until(driver, lambda d: d.execute_script(over) or body(d, "status") == "over")
    wait(
        driver,
        lambda d: d.execute_script("return document.getElementById('log').childElementCount"),
        "the log",
    )
    _checked(driver, f"{name}: the hand's end")
    # the check reads the log: a sentence written there without the catalogue is found
    driver.execute_script("document.getElementById('log').append('Sam wins')")
    assert _page_words(driver) == ["wins"]
    driver.get(server.url + "/?lang=en")  # leave the device in English


def _at_our_turn(driver: Any, server: SiteServer, seats: list[str], lang: str, name: str) -> None:
    """A new Hold'em table of ``seats`` on the page in ``lang``, its first seat taken as
    ``name`` (the device's nickname from the tests before cleared first), at our first turn."""
    made = server.request("POST", "/api/tables", {"game": "holdem", "seats": seats})
    driver.get(server.url + f"/table/{made['id']}?lang={lang}")
    wait(driver, lambda d: d.find_element("id", "name").is_displayed(), "the seat form")
    by_id(driver, "name").clear()
    join(driver, name)
    wait(driver, lambda d: body(d, "myturn") == "yes", "our turn")


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_refused_action_is_said_in_the_readers_language(
    driver: Any, server: SiteServer, lang: str
) -> None:
    """A refusal comes over the WebSocket in English (docs/protocol.md); the Arabic table page
    said "مرفوض: the action was chosen at event ...". It shows the catalogue's sentence for
    the refusal's code, and the English page the server's own sentence, which says more. The
    refusal is real: the page's own connection sends an action chosen one event ago."""
    _at_our_turn(driver, server, ["person", "cpu:checkcall"], lang, "Sam")
    seq = driver.execute_async_script(
        "const done = arguments[0];"
        "Promise.all([import('/static/table/connection.js'), import('/static/table/state.js')])"
        ".then(([connection, state]) => { const seq = state.page.state.seq;"
        " connection.send({type: 'act', seq: seq - 1, kind: 'fold'}); done(seq); });"
    )
    wait(driver, lambda d: by_id(d, "message").text != "", "the refusal shown")
    said = by_id(driver, "message").text
    if lang == "ar":
        reason = message("ar", "error.stale")
    else:
        reason = f"the action was chosen at event {seq - 1}; the table is at event {seq}"
    assert said == message(lang, "table.refused", reason=reason)
    assert body(driver, "myturn") == "yes"  # refused: nothing changed, still our turn
    driver.get(server.url + "/?lang=en")  # leave the device in English


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 720)])
def test_the_arabic_table_is_right_to_left_in_view_and_accessible(
    driver: Any, server: SiteServer, artifacts: Path, width: int, height: int
) -> None:
    resize(driver, width, height)
    _at_our_turn(driver, server, ["person", "cpu:checkcall", "cpu:checkcall"], "ar", "Sam Lee")
    root = driver.execute_script(
        "return [document.documentElement.lang, document.documentElement.dir,"
        " getComputedStyle(document.getElementById('controls')).direction]"
    )
    assert root == ["ar", "rtl", "rtl"]
    check_turn_layout(driver, width, height)
    assert overflow(driver, width) <= 0
    words = driver.execute_script(
        "return [document.getElementById('your-turn').textContent,"
        " document.querySelector('#standings th:nth-child(2)').textContent,"
        " document.getElementById('act-fold').textContent]"
    )
    assert words == ["دورك.", "اللاعب", "انسحب"], words
    # a Latin nickname in the Arabic seat label: read left to right inside its isolate, and
    # first in the right-to-left line ("(أنت)" after it, so to its left)
    name, in_order, name_first = driver.execute_script(
        "const bdi = document.querySelector('#seat-0 .name bdi');"
        "const range = document.createRange();"
        "const box = (node, i, j) => { range.setStart(node, i); range.setEnd(node, j);"
        " return range.getBoundingClientRect(); };"
        "const text = bdi.firstChild; const after = bdi.nextSibling;"
        "return [bdi.textContent, box(text, 0, 1).left < box(text, 4, 5).left,"
        " box(after, 0, after.length).right <= bdi.getBoundingClientRect().left + 1];"
    )
    assert (name, in_order, name_first) == ("Sam Lee", True, True)
    assert serious_violations(driver) == []
    driver.save_screenshot(str(artifacts / f"table-ar-{width}x{height}.png"))
    # the showdown on the felt, in Arabic too: still no sideways scrolling
    showdown = "return document.getElementById('felt').dataset.view"
    _play_until(driver, lambda d: d.execute_script(showdown) == "showdown", check_words=False)
    assert overflow(driver, width) <= 0
    assert by_id(driver, "next-hand").text == "اليد التالية"
    driver.save_screenshot(str(artifacts / f"table-ar-showdown-{width}x{height}.png"))
    driver.get(server.url + "/rules?lang=en")  # leave the device in English
