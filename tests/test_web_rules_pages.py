"""The rules pages (``/rules``, ``/rules/<game>``): every registered game's page with its six
sections; each ranking table in the order docs/rules.md gives (the rulebook is parsed here,
independently of the page's code); the draw tips' numbers equal to ``drawpoker tips --json``
(the command run here); the settings table from the lobby's catalogue; a spec change showing
on the page; a clear 404 for a game that does not exist; links from the lobby and the table.
Then, in Chromium: no sideways scroll on a 390 px phone, and no serious or critical axe-core
finding (a screenshot is saved under ``$DRAWPOKER_ARTIFACTS`` or the test's directory)."""

from __future__ import annotations

import html
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from drawpoker import evaluate
from drawpoker.analysis.evaluation import category
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import GAMES, GameType, HoldemSettings, game
from drawpoker.engine.spec import setting
from drawpoker.engine.variants.holdem import Holdem
from drawpoker.site.lobby import catalogue
from site_server import SiteServer
from web_helpers import site

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
SECTIONS = ("hand", "ranking", "tips", "glossary", "questions", "defaults")


def _text(fragment: str) -> str:
    """The text of an HTML fragment, tags dropped (isolates without a space), entities read,
    spaces collapsed."""
    inline = re.sub(r"</?bdi[^>]*>", "", fragment)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", inline)).split())


def _section(page: str, key: str) -> str:
    match = re.search(rf'<section id="{key}"[^>]*>(.*?)</section>', page, re.S)
    assert match, f"no section {key}"
    return match.group(1)


def _ranking_rows(page: str) -> dict[str, list[str]]:
    """Each ranking table of a page: its ranking and its row headings, top to bottom."""
    tables = re.findall(r'<table class="ranking" data-ranking="([^"]+)">(.*?)</table>', page, re.S)
    return {
        ranking: [_text(h) for h in re.findall(r'<th scope="row">(.*?)</th>', body, re.S)]
        for ranking, body in tables
    }


# --- the rulebook's orders, read from docs/rules.md -------------------------------------------


def _rule(rule_id: str) -> str:
    text = RULES.read_text()
    match = re.search(rf"^- {rule_id} (.*?)(?=^- R-|^#|\Z)", text, re.S | re.M)
    assert match, rule_id
    return " ".join(match.group(1).split())


def _high_order(rule_id: str = "R-HIGH-1") -> list[str]:
    listed = _rule(rule_id).split("best first:", 1)[1].split(". ")[0].rstrip(".")
    return [re.sub(r"\(.*?\)", "", name).strip() for name in listed.split(",")]


def rulebook_order(ranking: str) -> list[str]:
    """The kinds of hand of ``ranking`` best first, as docs/rules.md words them."""
    high = _high_order()
    if ranking == "high":
        return high
    if ranking == "joker":
        assert "Five of a kind exists and is the best hand" in _rule("R-JOKER-1")
        return ["five of a kind", *high]
    if ranking == "deuce-seven":
        assert "Exactly the reverse of high-hand order" in _rule("R-27-1")
        return high[::-1]
    if ranking == "ace-five":
        assert "Straights and flushes are ignored" in _rule("R-A5-1")
        rule = _rule("R-A5-3")
        assert "any unpaired hand beats any paired hand" in rule
        assert "usual high-hand logic inverted" in rule
        ignored = {"straight flush", "flush", "straight"}
        paired = [k for k in high[::-1] if k not in ignored and k != "high card"]
        chain = re.search(r"\((.*?) \.\.\.", rule)
        assert chain, rule
        named = [k.replace("trips", "three of a kind") for k in chain.group(1).split(" beats ")]
        assert paired[: len(named)] == named  # the rulebook's own example of the order
        return ["high card", *paired]
    if ranking == "badugi":
        rule = _rule("R-BADUGI-1")
        sizes = [int(n) for n in re.findall(r"(\d)-card", rule)]
        assert sizes[:3] == [4, 3, 3] and "beats any" in rule
        return ["4", "3", "2", "1"]
    if ranking == "short-deck":
        return _high_order("R-SD-2")
    raise AssertionError(f"no rulebook order for {ranking}")


NUMBERS = {"four": "4", "three": "3", "two": "2", "one": "1"}


def _page_kind(ranking: str, name: str) -> str:
    name = name.lower()
    if ranking == "badugi":  # "Four-card badugi", "Three-card hand", ...
        return NUMBERS[name.split("-")[0]]
    return name


# --- the pages over the test client -----------------------------------------------------------


@pytest.fixture(scope="module")
def pages() -> Iterator[dict[str, str]]:
    with site() as client:
        found = {}
        for name in GAMES:
            response = client.get(f"/rules/{name}")
            assert response.status_code == 200, name
            assert response.headers["content-type"].startswith("text/html")
            found[name] = response.text
        yield found


def test_no_players_page_names_a_rule_id() -> None:
    """The rulebook's ids (R-STUD-3) are for the project's readers: the stud pages' settings
    table said "(R-STUD-3's option)" / "(خيار R-STUD-3)" to players."""
    with site() as client:
        paths = ["/rules", *(f"/rules/{name}" for name in GAMES)]
        for path, lang in itertools.product(paths, ("en", "ar")):
            response = client.get(f"{path}?lang={lang}")
            assert response.status_code == 200, path
            found = re.findall(r"\bR-[A-Z]+-\d+", _text(response.text))
            assert found == [], (path, lang, found)


def test_every_games_page_has_its_sections(pages: dict[str, str]) -> None:
    assert set(pages) == set(GAMES) and len(GAMES) >= 10
    for name, page in pages.items():
        assert '<html lang="en" dir="ltr" data-tag="en">' in page and page.count("<h1>") == 1, name
        assert '<link rel="stylesheet" href="/static/style.css">' in page
        for key in SECTIONS:
            body = _section(page, key)
            assert re.search(rf'<h2 id="{key}-title">[^<]+</h2>', body), (name, key)
            assert len(_text(body)) > 100, (name, key)  # a heading with content under it
        assert GAMES[name].title in _text(page)
        for table in re.findall(r"<table.*?</table>", page, re.S):
            assert re.search(r"<caption[^>]*>[^<]+</caption>", table), name
            assert '<th scope="col">' in table, name
            assert '<th scope="row">' in table, name


def test_each_ranking_table_follows_the_rulebooks_order(pages: dict[str, str]) -> None:
    for name, page in pages.items():
        tables = _ranking_rows(page)
        needed = {part.ranking for part in game(name).showdown}
        assert needed <= set(tables), (name, tables.keys())
        for ranking, rows in tables.items():
            kinds = [_page_kind(ranking, row) for row in rows]
            assert kinds == rulebook_order(ranking), (name, ranking)
    assert "joker" in _ranking_rows(pages["five-card-draw"])  # the game's joker option


def test_the_draw_tips_show_the_numbers_of_drawpoker_tips_json(
    pages: dict[str, str], tmp_path: Path
) -> None:
    out = tmp_path / "tips.json"
    command = "import sys; from drawpoker.cli import main; sys.exit(main(sys.argv[1:]))"
    subprocess.run(
        [sys.executable, "-c", command, "tips", "--json", str(out)],
        check=True,
        capture_output=True,
    )
    expected = json.loads(out.read_text())
    tips = _section(pages["five-card-draw"], "tips")
    rows = re.findall(r"<tr data-tip=[^>]*>(.*?)</tr>", tips, re.S)
    assert len(rows) == len(expected) == 10  # five tips, both decks, in the command's order
    for row, tip in zip(rows, expected, strict=True):
        cells = [_text(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]

        def percent(x: float) -> str:
            return f"{100 * x:.2f}%"

        def grouped(fraction: str) -> str:  # "4656 / 16215" as English writes it
            hits, total = fraction.split(" / ")
            return f"{int(hits):,} / {int(total):,}"

        def symbols(choice: str) -> str:  # "draw 1 (Kd)" as the page shows it: "draw 1 (K♦)"
            return re.sub(
                r"\((.*)\)", lambda m: f"({format_cards(parse_cards(m[1]), symbols=True)})", choice
            )

        assert cells == [
            tip["advice"],
            format_cards(parse_cards(tip["hand"]), symbols=True),
            symbols(tip["advised"]),
            tip["goal"],
            f"{grouped(tip['advised_goal'])} = {percent(tip['advised_goal_probability'])}",
            percent(tip["advised_improve_probability"]),
            f"{symbols(tip['alternative'])}: {percent(tip['alternative_goal_probability'])}, "
            f"{percent(tip['alternative_improve_probability'])}",
            f"{tip['place']} of {tip['choices']}",
        ]
    for name in ("holdem", "stud", "2-7-triple-draw", "badugi"):  # advice in words elsewhere
        assert "<li>" in _section(pages[name], "tips")


LOW_DRAWS = {
    "2-7-single-draw": ("deuce-seven", "8c 5d 3h 2s Kc", [("Kc",), ("8c", "Kc")], 0),
    "2-7-triple-draw": ("deuce-seven", "8c 5d 3h 2s Kc", [("Kc",), ("8c", "Kc")], 0),
    "badugi": ("badugi", "Ac 2d 3h 4h", [("4h",), ("3h", "4h")], 4),
}
"""Each low draw game's example on its page: the ranking, the hand, the draws shown, and the
goal category (2-7: no pair, straight or flush; badugi: four cards count)."""


def test_the_low_draw_games_chances_count_every_new_card(pages: dict[str, str]) -> None:
    for name, (ranking, hand, draws, goal) in LOW_DRAWS.items():
        table = re.search(r'<table class="low-draws">(.*?)</table>', pages[name], re.S)
        assert table, name
        shown = re.findall(
            r'<td><bdi dir="ltr">([\d,]+) / ([\d,]+)</bdi> = <bdi dir="ltr">([\d.]+)%</bdi></td>',
            table.group(1),
        )
        cards = parse_cards(hand)
        stub = [c for c in range(52) if c not in cards]
        assert len(shown) == len(draws), name
        for (hits, total, percent), thrown in zip(shown, draws, strict=True):
            kept = [c for c in cards if c not in parse_cards(" ".join(thrown))]
            outcomes = list(itertools.combinations(stub, len(thrown)))
            made = sum(
                category(evaluate(kept + list(new), ranking), ranking) == goal for new in outcomes
            )
            assert (hits, total) == (f"{made:,}", f"{len(outcomes):,}"), (name, thrown)
            assert percent == f"{100 * made / len(outcomes):.2f}"


def test_the_settings_table_shows_the_lobbys_defaults(pages: dict[str, str]) -> None:
    for entry in catalogue():
        table = _section(pages[entry["name"]], "defaults")
        rows = re.findall(r"<tr><th scope=\"row\">.*?</tr>", table, re.S)
        cells = [[_text(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)] for r in rows]
        assert len(cells) == len(entry["settings"]) + 4  # players, stack, hands, timer
        for setting_row, setting_data in zip(cells, entry["settings"], strict=False):
            default = setting_data["default"]
            if isinstance(default, bool):
                assert setting_row[1] == ("on" if default else "off")
            elif isinstance(default, int):
                assert setting_row[1] == f"{default:,}"
            assert setting_row[3].lower().startswith(setting_data["help"][:20].lower())
        players, stack, hands, timer = cells[-4:]
        low, high = entry["seats"]
        assert players[1] == f"{low}-{high}" and stack[1] == f"{entry['default_stack']:,}"
        assert hands[1] == str(entry["table"]["rounds"]) and timer[1] == "none"


@dataclass(frozen=True)
class DeepHoldemSettings(HoldemSettings):
    """Hold'em with other default blinds, as a changed spec would have."""

    small_blind: int = setting(200, "the small blind")
    big_blind: int = setting(400, "the big blind")


def test_a_change_of_the_spec_shows_on_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    with site() as client:
        before = _text(_section(client.get("/rules/holdem").text, "hand"))
        monkeypatch.setitem(
            GAMES, "holdem", GameType("holdem", "Deep Hold'em", DeepHoldemSettings, Holdem)
        )
        after = client.get("/rules/holdem").text
    assert "small blind (50)" in before and "big blind (100)" in before
    hand = _text(_section(after, "hand"))
    assert "small blind (200)" in hand and "big blind (400)" in hand


def test_rules_lists_every_game_and_is_linked_from_the_lobby_and_tables() -> None:
    with site() as client:
        index = client.get("/rules")
        assert index.status_code == 200
        links = re.findall(r'<a href="/rules/([^"]+)">(.*?)</a>', index.text)
        assert [name for name, _ in links] == list(GAMES)
        assert [_text(t) for _, t in links] == [kind.title for kind in GAMES.values()]
        for path in ("/", "/table/anything", "/tips"):
            assert re.search(r'<a href="/rules"[ >]', client.get(path).text), path
        for path in ("/rules", "/rules/five-card-draw", "/rules/nope"):
            page = client.get(path)
            assert "default-src 'self'" in page.headers["content-security-policy"]
            for link in re.findall(r'(?:src|href)="([^"]*)"', page.text):
                assert link.startswith(("/", "#", "?", "data:")), link  # nothing from elsewhere
                if link.startswith("/static/"):
                    assert client.get(link).status_code == 200, link


def test_an_unknown_game_answers_404_with_a_clear_page() -> None:
    with site() as client:
        missing = client.get("/rules/chess")
        assert missing.status_code == 404
        assert missing.headers["content-type"].startswith("text/html")
        text = _text(missing.text)
        assert "No such game" in text and "no game called “chess”" in text
        assert missing.text.count('<a href="/rules/') == len(GAMES)
        hostile = client.get("/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E" + "x" * 500)
        assert hostile.status_code == 404
        assert "<script>" not in hostile.text and "&lt;script&gt;" in hostile.text
        assert "x" * 100 not in hostile.text  # a long name is cut short


# --- in a real browser ------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
NO_BROWSER = "Chromium is not installed (apt-get install chromium chromium-driver; .ci/run does)"
_no_browser = pytest.mark.skipif(
    (CHROMIUM is None or CHROMEDRIVER is None) and not os.environ.get("CI"), reason=NO_BROWSER
)


def needs_browser(test: Any) -> Any:
    """Marks a test that drives Chromium: ``browser`` (left out of the quick run), skipped
    where Chromium is missing unless ``CI`` is set."""
    return pytest.mark.browser(_no_browser(test))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    served = SiteServer(tmp_path_factory.mktemp("site") / "site.db").start()
    yield served
    served.stop()


@pytest.fixture(scope="module")
def phone() -> Iterator[Any]:
    """Headless Chromium the size of a phone: 390 x 844 CSS pixels."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1}}
    )
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield browser
    browser.quit()


@needs_browser
def test_rules_pages_on_a_phone_do_not_scroll_sideways_and_pass_axe(
    phone: Any, server: SiteServer, tmp_path: Path
) -> None:
    from axe_selenium_python import Axe

    artifacts = Path(os.environ.get("DRAWPOKER_ARTIFACTS") or tmp_path)
    artifacts.mkdir(parents=True, exist_ok=True)
    for name in ("", "/five-card-draw", "/stud-hi-lo", "/badugi", "/no-such-game"):
        phone.get(server.url + "/rules" + name)
        assert phone.execute_script("return window.innerWidth") == 390
        assert phone.find_element("tag name", "h1").text
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390, (name, width)
        axe = Axe(phone)
        axe.inject()
        results = axe.run()
        assert results["passes"], name  # axe-core did check the page
        bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, (name, axe.report(bad))
    phone.get(server.url + "/rules/five-card-draw")
    scrolled = phone.execute_script(
        "return [...document.querySelectorAll('.table-scroll')]"
        ".filter(e => e.scrollWidth > e.clientWidth).length"
    )
    assert scrolled >= 1  # the wide tips table scrolls inside its own region
    phone.save_screenshot(str(artifacts / "rules-five-card-draw-390.png"))
    phone.execute_script("document.getElementById('tips').scrollIntoView()")
    phone.save_screenshot(str(artifacts / "rules-five-card-draw-tips-390.png"))


def edge_darkness(png: bytes) -> tuple[float, float]:
    """How dark the 8 px at the left and at the right edge of a screenshot are, on average
    (0: white, 255: black)."""
    from io import BytesIO

    from PIL import Image, ImageStat

    picture = Image.open(BytesIO(png)).convert("L")
    width, height = picture.size
    left = ImageStat.Stat(picture.crop((0, 0, 8, height))).mean[0]
    right = ImageStat.Stat(picture.crop((width - 8, 0, width, height))).mean[0]
    return 255 - left, 255 - right


@needs_browser
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_wide_rules_table_shows_a_shadow_on_the_side_it_goes_on(
    phone: Any, server: SiteServer, lang: str, tmp_path: Path
) -> None:
    """On a phone in Arabic the settings table could end exactly at a column's edge, its last
    column wholly off the screen and nothing but a thin scrollbar saying so. A shadow now
    marks each side the table goes on past: compared with the same region without it, the side
    still hidden is darker and the side in view is unchanged, at the start and at the end."""
    artifacts = Path(os.environ.get("DRAWPOKER_ARTIFACTS") or tmp_path)
    artifacts.mkdir(parents=True, exist_ok=True)
    phone.get(server.url + f"/rules/five-card-draw?lang={lang}")
    region = phone.find_element("css selector", "#tips .table-scroll")
    assert phone.execute_script("return arguments[0].scrollWidth", region) > 500
    phone.execute_script("arguments[0].scrollIntoView()", region)
    # the side hidden at the start: the end of the line (right in English, left in Arabic)
    hidden_side = 1 if lang == "en" else 0
    plain = "arguments[0].style.background = arguments[1]"
    for where, end in (("start", 0), ("end", 1)):
        phone.execute_script(
            "const r = arguments[0]; const far = r.scrollWidth - r.clientWidth;"
            "r.scrollLeft = arguments[1] ? (arguments[2] ? far : -far) : 0;",
            region,
            end,
            lang == "en",
        )
        shaded = region.screenshot_as_png
        (artifacts / f"rules-table-shadow-{lang}-{where}.png").write_bytes(shaded)
        phone.execute_script(plain, region, "#fff")
        without = region.screenshot_as_png
        phone.execute_script(plain, region, "")
        dark, light = edge_darkness(shaded), edge_darkness(without)
        hidden = hidden_side if where == "start" else 1 - hidden_side
        assert dark[hidden] > light[hidden] + 8, (where, dark, light)  # the shadow shows
        assert abs(dark[1 - hidden] - light[1 - hidden]) < 1, (where, dark, light)


@needs_browser
def test_arabic_pages_on_a_phone_are_right_to_left_without_overflow_and_pass_axe(
    phone: Any, server: SiteServer, tmp_path: Path
) -> None:
    from axe_selenium_python import Axe
    from selenium.webdriver.support.ui import WebDriverWait

    artifacts = Path(os.environ.get("DRAWPOKER_ARTIFACTS") or tmp_path)
    artifacts.mkdir(parents=True, exist_ok=True)
    for path, shot in (
        ("/rules/five-card-draw?lang=ar", "rules-five-card-draw-ar-390.png"),
        ("/rules/razz?digits=arab", "rules-razz-ar-arab-digits-390.png"),
        ("/", "lobby-ar-390.png"),
        ("/tips", "tips-ar-390.png"),
    ):
        phone.get(server.url + path)
        if path in ("/", "/tips"):  # the scripts fill the page in from the catalogue
            WebDriverWait(phone, 20).until(
                lambda b: b.execute_script("return document.body.dataset.ready") == "yes"
            )
        root = phone.execute_script(
            "return [document.documentElement.lang, document.documentElement.dir,"
            " getComputedStyle(document.body).direction]"
        )
        assert root == ["ar", "rtl", "rtl"], path  # the choice of ?lang=ar is remembered
        width = phone.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390, (path, width)
        axe = Axe(phone)
        axe.inject()
        results = axe.run()
        assert results["passes"], path
        bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, (path, axe.report(bad))
        phone.save_screenshot(str(artifacts / shot))
    phone.get(server.url + "/rules/five-card-draw?digits=latn")
    first, last = phone.execute_script(
        "const bdi = [...document.querySelectorAll('#ranking bdi')]"
        ".find(e => e.textContent === '5-4-3-2-A');"
        "const range = document.createRange(); const text = bdi.firstChild;"
        "const left = (i) => { range.setStart(text, i); range.setEnd(text, i + 1);"
        " return range.getBoundingClientRect().left; };"
        "return [left(0), left(8)];"
    )
    assert first < last  # the wheel reads 5-4-3-2-A left to right inside the Arabic sentence
    phone.get(server.url + "/?digits=arab")
    WebDriverWait(phone, 20).until(
        lambda b: b.execute_script("return document.body.dataset.ready") == "yes"
    )
    seat = phone.find_element("css selector", "label[for='seat-0']").text
    game = phone.find_element("css selector", "#game option").text
    assert (seat, game) == ("المقعد ١", "بوكر تبديل الأوراق")  # Arabic-Indic digits chosen above
    phone.get(server.url + "/rules/razz?lang=en&digits=latn")  # leave the device in English


@needs_browser
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_tips_pages_tables_on_a_phone_are_cards_with_every_cell_named(
    phone: Any, server: SiteServer, lang: str
) -> None:
    """At 390 px each row of the tips table and of an analysis is a card: no table is wider
    than the screen (before, the tips table was 819 px wide and scrolled sideways inside its
    region), the heading row is hidden and every cell says its column's heading beside it."""
    from selenium.webdriver.support.ui import WebDriverWait

    phone.get(server.url + f"/tips?lang={lang}")
    WebDriverWait(phone, 20).until(
        lambda b: b.execute_script("return document.body.dataset.ready") == "yes"
    )
    hand = phone.find_element("id", "hand")
    hand.clear()
    hand.send_keys("Qc Qd 7h 4s 2c")
    phone.find_element("id", "analyse").click()
    WebDriverWait(phone, 20).until(
        lambda b: len(b.find_elements("css selector", "#choices tr")) == 27
    )
    tables = phone.execute_script(
        "return [...document.querySelectorAll('table.tips, table.choices')].map(table => {"
        " const heads = [...table.querySelectorAll('tr.head th')].map(th => th.textContent);"
        " const rows = [...table.querySelectorAll('tr:not(.head)')];"
        " return {id: table.id, wide: table.scrollWidth - table.clientWidth,"
        "  right: table.getBoundingClientRect().right, left: table.getBoundingClientRect().left,"
        "  headShown: getComputedStyle(table.querySelector('tr.head')).display !== 'none',"
        "  heads, rows: rows.length,"
        "  misnamed: rows.flatMap(row => [...row.cells].filter((cell, i) =>"
        "   cell.dataset.label !== heads[i] || getComputedStyle(cell, '::before').content"
        "    !== JSON.stringify(heads[i])).map(cell => cell.textContent))};"
        "})"
    )
    assert [table["id"] for table in tables] == ["tips-52", "tips-53", "choices"]
    for table in tables:
        assert table["rows"] >= 5, table["id"]
        assert table["wide"] <= 0, table["id"]
        assert table["left"] >= 0 and table["right"] <= 390, table["id"]
        assert not table["headShown"], table["id"]
        assert len(table["heads"]) >= 6 and all(table["heads"]), table["id"]
        assert table["misnamed"] == [], table["id"]
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390


@needs_browser
def test_the_scripts_write_only_catalogue_texts_in_the_pseudo_language(
    phone: Any, server: SiteServer
) -> None:
    from selenium.webdriver.support.ui import WebDriverWait
    from test_i18n import unmarked

    for path in ("/?lang=qps", "/tips", "/rules/omaha-hi-lo"):  # ?lang= is remembered
        phone.get(server.url + path)
        if not path.startswith("/rules"):  # the scripts fill the page in from the catalogue
            WebDriverWait(phone, 20).until(
                lambda b: b.execute_script("return document.body.dataset.ready") == "yes"
            )
        page = phone.execute_script("return document.documentElement.outerHTML")
        assert page.count("⟦") > 20, path
        assert unmarked(page) == [], path
    phone.get(server.url + "/rules?lang=en")  # leave the device in English


@needs_browser
def test_the_lobby_its_script_draws_in_the_pseudo_language_has_no_unmarked_text(
    phone: Any, server: SiteServer
) -> None:
    """What lobby.js writes (the nickname form, the settings, the seats, a listed table with
    its join and watch words, the players hint) comes from the catalogue too."""
    from selenium.webdriver.support.ui import WebDriverWait
    from test_i18n import unmarked

    seats = ["person", "person", "cpu:station"]
    server.request("POST", "/api/tables", {"game": "omaha", "seats": seats})
    phone.get(server.url + "/?lang=qps")
    phone.execute_script("localStorage.clear()")  # no device yet: the lobby asks a nickname
    phone.get(server.url + "/?lang=qps")
    WebDriverWait(phone, 20).until(
        lambda b: b.execute_script(
            "return document.body.dataset.ready === 'yes' && document.body.dataset.tables"
        )
    )
    drawn = phone.execute_script(
        "return [document.getElementById('nickname-form') !== null,"
        " document.querySelectorAll('#table-rows tr').length,"
        " document.getElementById('players-hint').textContent]"
    )
    assert drawn[:2] == [True, 1] and drawn[2].startswith("⟦"), drawn
    page = phone.execute_script("return document.documentElement.outerHTML")
    assert unmarked(page) == []  # the seated CPU player's name too (lobby.cpu_seat)
    # the check itself sees text a script writes without the catalogue
    phone.execute_script("document.getElementById('lobby-error').textContent = 'Oops'")
    page = phone.execute_script("return document.documentElement.outerHTML")
    assert unmarked(page) == ["Oops"]
