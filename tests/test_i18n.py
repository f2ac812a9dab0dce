"""The site's languages (issue 29): the catalogues are complete and used, counted words follow
CLDR's plural rules, numbers follow each language and digit setting, the language is chosen as
people expect, the Arabic pages are right to left, and no text escapes the catalogues (the
pseudo-language marks every translated text).

The expected plural categories and numbers below are written by hand from CLDR's rules
(https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html): Arabic
zero 0; one 1; two 2; few n%100 = 3..10; many n%100 = 11..99; other the rest. English one 1,
other the rest."""

from __future__ import annotations

import ast
import html
import random
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import pytest
from drawpoker import narration
from drawpoker.engine import GAMES, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.site import i18n
from drawpoker.site.analysis import AnalysisRefused, analyse
from drawpoker.site.app import HTTP_ERRORS
from drawpoker.site.i18n import (
    Catalogue,
    catalogue,
    chosen_language,
    languages,
    message,
    negotiate,
    number,
    plural_category,
)
from drawpoker.site.lobby import catalogue as lobby
from drawpoker.site.protocol import ERROR_CODES
from drawpoker.site.rules_content import glossary, hand_steps, overview, questions
from drawpoker.site.rules_pages import game_html, index_html, missing_html
from web_helpers import site

WEB = Path(i18n.__file__).parent
COUNTS = (0, 1, 2, 3, 11, 100, 1_000_000)
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _forms(text: str | Mapping[str, str]) -> dict[str, str]:
    return {"": text} if isinstance(text, str) else dict(text)


# --- the catalogues --------------------------------------------------------------------------


def test_the_site_speaks_english_and_arabic() -> None:
    assert languages() == ("en", "ar")


def test_every_message_has_every_language_and_the_same_placeholders() -> None:
    english = catalogue("en").messages
    for lang in languages():
        messages = catalogue(lang).messages
        assert set(messages) == set(english), lang
        for key, text in messages.items():
            assert isinstance(text, str) == isinstance(english[key], str), (lang, key)
            wanted = {p for f in _forms(english[key]).values() for p in PLACEHOLDER.findall(f)}
            for form, said in _forms(text).items():
                assert said.strip(), (lang, key, form)
                found = set(PLACEHOLDER.findall(said))
                if form:  # a counted form may say its number in words ("ثانيتان")
                    assert found | {"count"} == wanted | {"count"}, (lang, key, form)
                else:
                    assert found == wanted, (lang, key)


def test_counted_messages_have_every_form_their_language_needs() -> None:
    assert catalogue("ar").plural_tags == ("zero", "one", "two", "few", "many", "other")
    assert catalogue("en").plural_tags == ("one", "other")
    for lang in languages():
        counted = {k: t for k, t in catalogue(lang).messages.items() if not isinstance(t, str)}
        assert len(counted) >= 10, lang
        for key, forms in counted.items():
            assert tuple(forms) == catalogue(lang).plural_tags, (lang, key)


def test_arabic_uses_the_documents_poker_terms() -> None:
    terms = {
        "term.ante": "المساهمة",
        "term.check": "التمرير",
        "term.bet": "الرهان",
        "term.call": "المجاراة",
        "term.raise": "الزيادة",
        "term.fold": "الانسحاب",
        "term.all_in": "الرهان بكل الرصيد",
        "term.draw": "التبديل",
        "category.FULL_HOUSE": "فول هاوس",
        "category.TWO_PAIR": "زوجان",
        "category.THREE_OF_A_KIND": "ثلاثية",
    }
    for key, word in terms.items():
        assert message("ar", key) == word, key
    assert "الوعاء" in message("ar", "def.side_pot") + message("ar", "term.side_pot")


@contextmanager
def _recorded() -> Iterator[set[str]]:
    """The message ids looked up while the server renders its pages."""
    used: set[str] = set()

    class Recording(dict[str, object]):
        def get(self, key: str, default: object = None) -> object:
            used.add(key)
            return super().get(key, default)

    real = catalogue

    def recording(lang: str) -> Catalogue:
        found = real(lang)
        return Catalogue(found.lang, found.plural_tags, Recording(found.messages))  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(i18n, "catalogue", recording)
        yield used


def _every_option() -> Iterator[object]:
    """Each game with each of its settings at each value it allows (a setting at a time)."""
    for entry in lobby():
        for setting in entry["settings"]:
            values = setting["choices"] or ([True, False] if setting["type"] == "bool" else [])
            for value in values:
                try:
                    yield game(entry["name"], {setting["name"]: value})
                except InvalidArgumentError:
                    continue  # a combination the game refuses


def _ids_in_sources() -> tuple[set[str], set[str]]:
    """The message ids the pages' files and the server's code name literally, and the
    families (``prefix.``) the scripts name with a template."""
    literal: set[str] = set()
    families: set[str] = set()
    for page in (WEB / "static").glob("*.html"):
        text = page.read_text()
        literal |= set(re.findall(r'data-i18n="([\w.-]+)"', text))
        literal |= set(re.findall(r"@i18n:([\w.-]+)", text))
    for script in (WEB / "static").rglob("*.js"):
        text = script.read_text()
        literal |= set(re.findall(r'\b(?:t|hasText|cardWords|said)\("([\w.-]+)"', text))
        families |= set(re.findall(r"\b(?:t|hasText|cardWords|said)\(`([\w.-]+\.)\$\{", text))
    for module in WEB.glob("*.py"):
        text = module.read_text()
        calls = r'\b(?:message|say|has_message)\(\s*(?:\w+,\s*)?"([\w-]+\.[\w.-]+)"'
        literal |= set(re.findall(calls, text))
        literal |= set(re.findall(r'\bAnalysisRefused\(\s*"([\w-]+\.[\w.-]+)"', text))
        codes = re.findall(r'(?:\berror\(|\bRefused\()\s*\d+,\s*"([\w-]+)"', text)
        assert set(codes) <= HTTP_ERRORS, module
    literal |= {f"error.{code}" for code in (*HTTP_ERRORS, *ERROR_CODES)}
    return literal, families


def _used_ids() -> set[str]:
    with _recorded() as used:
        for tag in (*languages(), "ar-u-nu-arab"):
            index_html(tag)
            missing_html("chess", tag)
            for name in GAMES:
                game_html(name, tag)
        for spec in _every_option():  # the words a game's options would show
            (
                overview("en", spec),
                hand_steps("en", spec),
                glossary("en", spec),
                questions("en", spec),
            )
        with site() as client:
            for path in ("/", "/tips", "/rules"):
                client.get(path)
    literal, families = _ids_in_sources()
    return used | literal | {k for k in catalogue("en").messages if k.startswith(tuple(families))}


def _missing(literal: set[str]) -> set[str]:
    return literal - set(catalogue("en").messages)


def test_every_message_the_code_names_is_in_the_catalogue() -> None:
    literal, families = _ids_in_sources()
    assert len(literal) > 80 and "lobby.create" in literal and "error.no-table" in literal
    assert _missing(literal) == set()
    for family in families:
        assert any(k.startswith(family) for k in catalogue("en").messages), family
    # the check itself finds a message the code would ask for and the catalogue lacks
    assert _missing({*literal, "lobby.no_such_text"}) == {"lobby.no_such_text"}


def test_every_catalogue_entry_is_used_by_some_code() -> None:
    used = _used_ids()
    unused = set(catalogue("en").messages) - used
    assert unused == set()
    # the check itself finds an entry nothing uses
    assert {*catalogue("en").messages, "stale.entry"} - used == {"stale.entry"}


def test_the_english_help_of_each_setting_is_the_games_own() -> None:
    for entry in lobby():
        for setting in entry["settings"]:
            key = f"help.{entry['name']}.{setting['name']}"
            assert message("en", key) == setting["help"], key


# --- plurals and numbers ---------------------------------------------------------------------


def test_plural_categories_follow_cldr() -> None:
    arabic = ("zero", "one", "two", "few", "many", "other", "other")
    english = ("other", "one", "other", "other", "other", "other", "other")
    for tag in ("ar", "ar-u-nu-arab"):
        assert tuple(plural_category(tag, n) for n in COUNTS) == arabic
    for tag in ("en", "en-u-nu-arab"):
        assert tuple(plural_category(tag, n) for n in COUNTS) == english
    assert plural_category("ar", 103) == "few" and plural_category("ar", 111) == "many"


def test_numbers_per_language_and_digit_setting() -> None:
    western = ("0", "1", "2", "3", "11", "100", "1,000,000")
    arabic_indic = ("٠", "١", "٢", "٣", "١١", "١٠٠", "١٬٠٠٠٬٠٠٠")
    assert tuple(number(n, "en") for n in COUNTS) == western
    assert tuple(number(n, "ar") for n in COUNTS) == western  # Western digits by default
    assert tuple(number(n, "ar-u-nu-arab") for n in COUNTS) == arabic_indic
    assert tuple(number(n, "en-u-nu-arab") for n in COUNTS) == arabic_indic
    assert number(1234.5, "ar-u-nu-arab") == "١٬٢٣٤٫٥"


@pytest.mark.parametrize("tag", ["en", "ar", "qps", "ar-u-nu-arab", "en-u-nu-arab"])
def test_whole_numbers_written_at_once_are_written_as_babel_writes_them(tag: str) -> None:
    """A whole number in a tag whose grouping is Python's own is written without Babel: the
    same text as Babel's, for numbers of every length (and Babel still writes the others)."""
    from drawpoker.catalogues import babel_number, comma_grouped

    rng = random.Random(tag)
    values = [rng.randrange(10**digits) for digits in range(1, 17) for _ in range(20)]
    assert [number(v, tag) for v in values] == [babel_number(v, tag) for v in values]
    assert comma_grouped(tag) is (not tag.endswith("-u-nu-arab"))
    assert number(2.5, tag) == babel_number(2.5, tag)


def test_counted_words_in_both_languages_and_digit_settings() -> None:
    expected = {
        "en": (
            "0 seconds",
            "1 second",
            "2 seconds",
            "3 seconds",
            "11 seconds",
            "100 seconds",
            "1,000,000 seconds",
        ),
        "en-u-nu-arab": (
            "٠ seconds",
            "١ second",
            "٢ seconds",
            "٣ seconds",
            "١١ seconds",
            "١٠٠ seconds",
            "١٬٠٠٠٬٠٠٠ seconds",
        ),
        "ar": (
            "أقل من ثانية",
            "ثانية واحدة",
            "ثانيتان",
            "3 ثوانٍ",
            "11 ثانية",
            "100 ثانية",
            "1,000,000 ثانية",
        ),
        "ar-u-nu-arab": (
            "أقل من ثانية",
            "ثانية واحدة",
            "ثانيتان",
            "٣ ثوانٍ",
            "١١ ثانية",
            "١٠٠ ثانية",
            "١٬٠٠٠٬٠٠٠ ثانية",
        ),
    }
    for tag, said in expected.items():
        assert tuple(message(tag, "defaults.seconds", count=n) for n in COUNTS) == said, tag
    assert message("ar", "count.chips", count=3) == "3 قطع"
    assert message("ar", "count.chips", count=11) == "11 قطعة"
    assert message("en", "count.chips", count=1) == "1 chip"


# --- Arabic counted words, as an Arabic editor reads them -------------------------------------
# Each CLDR category of Arabic has its own grammar. zero (0): "none" said in words ("لا قطع"),
# never "0 قطعة". one (1) and two (2): the noun alone says the number, the singular with
# واحد/واحدة and the dual ("قطعة واحدة", "قطعتان"), never a digit. few (3-10): the number and
# the plural, genitive ("3 قطع"). many (11-99): the number and the singular, accusative, with
# its tanween ("11 لاعبًا"). other (100, 101, 102, ...): the number and the singular, genitive
# ("100 لاعب").

ARABIC_COUNT_NEVER_ZERO = {
    # message: why its count is never 0, so its zero form is never read (and may keep {count})
    "index.seats": "a game's most players (6 to 10)",
    "overview.players": "a game's most players (6 to 10)",
    "lobby.players.hint": "a game's most players (6 to 10)",
    "lobby.tables.count": "said only when the lobby lists at least one table",
    "lobby.tables.some": "said only when more tables are open than listed: 2 or more",
    "table.count.seats": "a table's seats: 2 or more",
    "table.count.rounds": "a table's rounds: 1 to 1000",
    "table.draw.up_to": "a draw's most cards (4 or 5)",
    "table.act.discard": "discarding none is table.act.stand_pat",
    "table.info.redealt": "said only once a deal was dealt again: 1 or more",
    "tips.chart.draw": "drawing none is tips.chart.pat",
}

ARABIC_NOMINATIVE_COUNTS = (
    "defaults.seconds",
    "count.chips",
    "table.count.points",
    "count.people",
    "count.choices",
    "table.count.seats",
    "table.count.rounds",
    "table.info.watching",
    "games.count",
    "board.count",
)
"""Counted words the pages show on their own (a seat's stack, the watchers) or as a sentence's
subject or predicate (the hosts below): their dual is nominative, -ان ("قطعتان")."""

ARABIC_NOMINATIVE_HOSTS = (
    ("table.next.in", "time"),
    ("table.timer", "time"),
    ("table.info.timer", "time"),
    ("table.join.timed", "time"),
    ("table.join.facts", "seats"),
    ("table.join.facts", "rounds"),
    ("table.over.placed", "score"),
    ("table.over.shared", "score"),
    ("table.standing", "score"),
    ("lobby.players", "people"),
    ("games.page", "tables"),
    ("board.page", "players"),
    ("tips.analysis.line", "choices"),
)
"""The sentences that hold those counted words, and the placeholder each fills."""

PREPOSITIONS = {"بعد", "قبل", "من", "إلى", "حتى", "في", "على", "عن", "مع", "خلال", "منذ"}
"""Words after which a noun is genitive (a nominative dual there reads wrong: "بعد ثانيتان")."""


def _arabic_counted() -> dict[str, Mapping[str, str]]:
    """Every counted Arabic message, the site's and the narration's, by id."""
    found: dict[str, Mapping[str, str]] = {}
    for messages in (catalogue("ar").messages, narration.catalogue("ar").messages):
        found.update({k: t for k, t in messages.items() if not isinstance(t, str)})
    return found


def test_arabic_zero_says_none_in_words_never_the_digit() -> None:
    counted = _arabic_counted()
    assert len(counted) >= 30
    assert set(ARABIC_COUNT_NEVER_ZERO) <= set(counted)  # a stale name here fails
    for key, forms in counted.items():
        if key in ARABIC_COUNT_NEVER_ZERO:
            continue
        zero = forms["zero"]
        assert "{count}" not in zero and not re.search("[0٠]", zero), (key, zero)
    # in their sentences, as a phone player reads them
    nothing = message("ar", "count.chips", count=0)
    over = message("ar", "table.over.placed", place="3", of="4", score=nothing)
    assert over == "انتهت اللعبة: حللت في المركز 3 من 4 (رصيدك: لا قطع)."
    no_time = message("ar", "defaults.seconds", count=0)
    assert message("ar", "table.next.in", time=no_time) == "بقي على التوزيع التالي أقل من ثانية."
    assert message("ar", "table.count.points", count=0) == "لا نقاط"
    assert message("ar-u-nu-arab", "games.count", count=0) == "لا طاولات"


def test_arabic_one_and_two_say_the_number_with_the_noun_alone() -> None:
    # no "{count} <noun>" (a bare number elsewhere may stay: lobby.tables.some's "أقدم 1 من 2")
    for key, forms in _arabic_counted().items():
        for form in ("one", "two"):
            assert not re.search(r"\{count\} \w", forms[form]), (key, form, forms[form])


def test_arabic_few_takes_the_plural_many_the_accusative_singular_other_the_genitive() -> None:
    checked = 0
    for key, forms in _arabic_counted().items():
        if "{count}" not in forms["other"]:
            continue  # a message that never writes its number ("أوراق مكررة")
        nouns = {}
        for form in ("few", "many", "other"):
            found = re.search(r"\{count\} (\S+)", forms[form])
            assert found, (key, form, forms[form])
            nouns[form] = found[1].rstrip(".،")
        few, many, other = nouns["few"], nouns["many"], nouns["other"]
        assert few != many, (key, few, many)  # 3 أوراق, 11 ورقة
        if many.endswith("ة"):  # the accusative's tanween on a ta marbuta is not written
            assert other == many, (key, many, other)
        else:
            assert many.endswith("ًا") and other == many.removesuffix("ًا"), (key, many, other)
        checked += 1
    assert checked >= 20


def test_arabic_duals_shown_alone_or_as_subject_are_nominative_and_never_after_a_preposition() -> (
    None
):
    counted = _arabic_counted()
    for key in ARABIC_NOMINATIVE_COUNTS:
        two = counted[key]["two"]
        assert re.search(r"ان$", two), (key, two)
    for host, placeholder in ARABIC_NOMINATIVE_HOSTS:
        text = str(catalogue("ar").messages[host])
        assert f"{{{placeholder}}}" in text, (host, placeholder)
        before = text.split(f"{{{placeholder}}}")[0].split()
        assert not before or before[-1] not in PREPOSITIONS, (host, text)
    seconds = message("ar", "defaults.seconds", count=2)
    assert message("ar", "table.next.in", time=seconds) == "بقي على التوزيع التالي ثانيتان."
    assert message("ar", "count.chips", count=2) == "قطعتان"


def test_arabic_hand_size_refusal_reads_naturally_for_no_card_and_two() -> None:
    said = []
    for hand in ("", "Ac 7d"):
        with pytest.raises(AnalysisRefused) as refused:
            analyse({"hand": hand})
        said.append(refused.value.said("ar"))
    assert said == [
        "اليد هنا (عالية) خمس أوراق، ولم تُذكر أي ورقة",
        "اليد هنا (عالية) خمس أوراق، لا ورقتان",
    ]


def test_the_browser_gets_the_catalogue_with_its_plural_forms() -> None:
    with site() as client:
        data = client.get("/i18n/ar-u-nu-arab.json").json()
        assert (data["lang"], data["dir"], data["digits"]) == ("ar", "rtl", "arab")
        assert data["plurals"] == ["zero", "one", "two", "few", "many", "other"]
        assert data["messages"]["defaults.seconds"]["few"] == "{count} ثوانٍ"
        assert data["messages"]["count.chips"]["zero"] == "لا قطع"
        missing = client.get("/i18n/klingon.json")
        assert missing.status_code == 404 and missing.json()["error"] == "no-language"


# --- choosing the language -------------------------------------------------------------------


def test_negotiation_from_accept_language() -> None:
    assert negotiate("ar-EG,ar;q=0.9,en;q=0.8") == "ar"
    assert negotiate("fr-FR,fr;q=0.9,ar;q=0.5,en;q=0.4") == "ar"
    assert negotiate("fr-FR,en;q=0.5,ar;q=0.1") == "en"
    assert negotiate("de") == "en" and negotiate("") == "en" and negotiate(";;q=x,") == "en"
    assert negotiate("AR-eg") == "ar" and negotiate("ar;q=nan, en;q=0.1") == "en"
    assert chosen_language({}, {}, "ar-SA") == "ar"
    assert chosen_language({"lang": "en"}, {}, "ar-SA") == "en"
    assert chosen_language({}, {"lang": "en"}, "ar-SA") == "en"
    assert chosen_language({"digits": "arab"}, {"lang": "ar"}, "") == "ar-u-nu-arab"
    assert chosen_language({"lang": "xx", "digits": "roman"}, {}, "ar") == "ar"


def _html_tag(page: str) -> str:
    found = re.search(r"<html[^>]*>", page)
    assert found
    return found.group(0)


def test_the_language_is_chosen_by_the_browser_the_address_then_the_cookie() -> None:
    with site() as client:
        first = client.get("/rules/razz", headers={"accept-language": "ar-EG,en;q=0.5"})
        assert 'lang="ar" dir="rtl"' in _html_tag(first.text)
        assert "lang" not in first.cookies  # nothing chosen yet: nothing remembered
        for odd in ("AR", "x" * 5000, ";q=,", "ar;q=nan", "-u-nu-arab"):
            page = client.get("/", headers={"accept-language": odd})
            assert page.status_code == 200, odd
        chosen = client.get("/tips?lang=en")
        assert 'lang="en" dir="ltr"' in _html_tag(chosen.text)
        assert chosen.cookies.get("lang") == "en"
        # remembered for the device: the browser still asks for Arabic, the page stays English
        later = client.get("/", headers={"accept-language": "ar"})
        assert 'lang="en" dir="ltr"' in _html_tag(later.text)
        client.get("/?lang=ar&digits=arab")
        lobby = client.get("/", headers={"accept-language": "en"})
        assert 'lang="ar" dir="rtl" data-tag="ar-u-nu-arab"' in _html_tag(lobby.text)
        assert "ابدأ طاولة" in lobby.text


def test_a_rules_page_in_arabic_is_right_to_left_arabic_with_isolated_codes() -> None:
    with site() as client:
        page = client.get("/rules/five-card-draw?lang=ar").text
    assert '<html lang="ar" dir="rtl" data-tag="ar">' in page
    assert "<h1>طريقة لعب بوكر تبديل الأوراق</h1>" in page
    assert "المساهمة" in page and "الوعاء" in page and "كشف الأوراق" in page
    assert '<td class="cards-inline"><bdi dir="ltr">A♠ K♠ Q♠ J♠ T♠</bdi></td>' in page
    assert '<bdi dir="ltr">K♦</bdi>' in page  # the draw tips' cards inside an Arabic sentence
    assert 'في الستريت <bdi dir="ltr">5-4-3-2-A</bdi> وحده' in page  # a run of ranks too
    arabic = len(re.findall(r"[\u0600-\u06ff]", page))
    main = page.split("<main", 1)[1].replace("drawpoker tips", "")  # a command, not words
    latin_words = re.findall(r">([^<]*[A-Za-z]{4,}[^<]*)<", main)
    assert arabic > 5000 and latin_words == [], latin_words[:5]


def test_an_error_reaches_a_person_in_their_language() -> None:
    with site() as client:
        english = client.get("/api/tables/nope")
        arabic = client.get("/api/tables/nope", headers={"accept-language": "ar"})
    assert english.json() == {"error": "no-table", "message": "there is no such table"}
    with site() as client:
        missing = client.get("/rules/Bob%20%D8%A7?lang=ar").text
    assert "<bdi>Bob \u0627</bdi>" in missing  # a name given by a person sits in its own isolate
    assert arabic.status_code == 404
    assert arabic.json() == {
        "error": "no-table",
        "message": "لا توجد طاولة بهذا الرقم",
        "detail": "there is no such table",
    }


# --- the pseudo-language: no text outside the catalogues ------------------------------------

CARD = r"(?:[2-9TJQKA][shdc♠♥♦♣]|Jk|★|[2-9TJQKA]|10|[♠♥♦♣]|JOKER)"
"""A card code, or a card face's rank, suit or joker mark (the words are in its label)."""
ALLOWED = re.compile(rf"\(?(?:{CARD}|[\d.,/%=:\u00d7+\-\u2013\u2014()#\u00b7;]+|drawpoker:?)\)?")


def _visible_texts(page: str) -> list[str]:
    """The texts a person reads: text between tags and the attributes read aloud or shown."""
    body = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    body = re.sub(r"</?(?:bdi|code)\b[^>]*>", "", body)  # inline isolates are part of the text
    # a card the scripts draw (its face in spans) is its code, inside the sentence it is in
    card = (
        r'<span class="card\b[^"]*"(?:\s+data-card="(\w+)")?[^>]*>'
        r"(?:<span[^>]*>[^<]*</span>)*</span>"
    )
    body = re.sub(card, lambda m: f" {m[1] or ''} ", body)
    body = re.sub(r'<span class="cards-inline">([^<]*)</span>', r"\1", body)
    attributes = re.findall(r'\b(?:alt|placeholder|aria-label|title)="([^"]*)"', body)
    attributes += re.findall(r'<input\b[^>]*\bvalue="([^"]*)"', body)  # an option's is unseen
    texts = re.findall(r">([^<]+)<", body)
    return [html.unescape(t).strip() for t in (*texts, *attributes) if t.strip()]


def unmarked(page: str) -> list[str]:
    """The words of ``page`` outside the pseudo-language's marks that are neither card codes
    nor numbers: texts that did not come from a catalogue."""
    found = []
    for text in _visible_texts(page):
        rest, marked = text, 1
        while marked:  # a marked text may hold another (a filled-in placeholder): inner first
            rest, marked = re.subn(r"⟦[^⟦⟧]*⟧", " ", rest)
        found += [word for word in rest.split() if not ALLOWED.fullmatch(word)]
    return found


def test_every_text_of_the_lobby_tips_and_rules_pages_comes_from_the_catalogue() -> None:
    with site() as client:
        pages = {
            path: client.get(f"{path}?lang=qps").text
            for path in ("/", "/tips", "/rules", "/rules/five-card-draw", "/rules/badugi")
        }
    for path, page in pages.items():
        assert 'lang="qps"' in _html_tag(page), path
        assert page.count("⟦") > 10, path
        assert unmarked(page) == [], path
    # the check itself finds English that is not from a catalogue
    assert unmarked("<p>⟦Lööbý⟧ Lobby</p>") == ["Lobby"]
    assert unmarked("<td>4 / 47 = 8.51%</td><td>A♠ K♦ 7c</td>") == []


def test_the_tips_chart_is_drawn_in_the_page_language() -> None:
    with site() as client:
        marked = client.get("/api/tips.svg?lang=qps").text
        arabic = client.get("/api/tips.svg?lang=ar").text
    assert marked.count("⟦") > 20 and unmarked(marked) == []
    assert "أفضل بديل" in arabic and "زوجان أو أقوى" in arabic
    words = re.sub(r"<[^>]+>", " ", arabic)
    assert re.findall(r"[A-Za-z]{3,}", words) == []  # card codes only ("Jk", "7c")


# --- the narration's catalogues (their own domain: drawpoker.narration) ----------------------


def _narration_ids_in_code() -> set[str]:
    """The narration's message ids its code names: every string it holds (``say(tag, "win")``,
    the tables of keys by event kind), each also said to the reader as "you" (``key + you``),
    and the rank names it composes (``rank.<rank>.<one|many>``)."""
    tree = ast.parse(Path(narration.__file__).read_text())
    strings = {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) is str
    }
    ranks = {f"rank.{rank}.{form}" for rank in narration.RANK_WORDS for form in ("one", "many")}
    return strings | {f"{key}.you" for key in strings} | ranks


def _said_in_code() -> set[str]:
    """The ids ``say`` is called with literally (each must be in the catalogue)."""
    source = Path(narration.__file__).read_text()
    return set(re.findall(r'\bsay\(\s*tag,\s*"([\w.]+)"', source))


def test_the_narration_speaks_english_and_arabic_with_every_message_and_placeholder() -> None:
    english = narration.catalogue("en").messages
    assert narration.languages() == ("en", "ar")
    for lang in narration.languages():
        found = narration.catalogue(lang)
        assert set(found.messages) == set(english), lang
        for key, text in found.messages.items():
            assert isinstance(text, str) == isinstance(english[key], str), (lang, key)
            if not isinstance(text, str):
                assert tuple(text) == found.plural_tags, (lang, key)
            wanted = {p for f in _forms(english[key]).values() for p in PLACEHOLDER.findall(f)}
            for form, said in _forms(text).items():
                assert said.strip(), (lang, key, form)
                placeholders = set(PLACEHOLDER.findall(said))
                if form:  # a counted form may say its number in words ("ورقتين")
                    assert placeholders | {"count"} == wanted | {"count"}, (lang, key, form)
                else:
                    assert placeholders == wanted, (lang, key)
    assert narration.catalogue("ar").plural_tags == ("zero", "one", "two", "few", "many", "other")
    assert {k for k, t in english.items() if not isinstance(t, str)} >= {"draw", "reshuffle"}


def test_every_narration_message_is_used_and_every_one_used_is_there() -> None:
    messages = set(narration.catalogue("en").messages)
    said = _said_in_code()
    assert len(said) > 15 and "win.with" in said
    assert said - messages == set()
    used = _narration_ids_in_code()
    assert messages - used == set()
    # the checks find an id the code would ask for and an entry nobody asks for
    assert {*said, "draw.twice"} - messages == {"draw.twice"}
    assert {*messages, "stale.entry"} - used == {"stale.entry"}
    # (a kind's id the code composes, "check" + you, is asked for in every game and both
    # languages by tests/test_narration.py: a missing one fails there)


def test_counted_narration_words_in_both_languages_and_digit_settings() -> None:
    said = {
        "en": [f"Ann draws {n:,} card{'s' if n != 1 else ''}" for n in COUNTS],
        "ar": [
            "Ann لا يبدّل شيئًا",
            "Ann يبدّل ورقة واحدة",
            "Ann يبدّل ورقتين",
            "Ann يبدّل 3 أوراق",
            "Ann يبدّل 11 ورقة",
            "Ann يبدّل 100 ورقة",
            "Ann يبدّل 1,000,000 ورقة",
        ],
    }
    for lang, expected in said.items():
        assert [narration.say(lang, "draw", count=n, name="Ann") for n in COUNTS] == expected
    arabic_indic = narration.say("ar-u-nu-arab", "draw", count=11, name="Ann")
    assert arabic_indic == "Ann يبدّل ١١ ورقة"


def test_a_page_in_arabic_indic_digits_writes_its_messages_figures_so() -> None:
    """With Arabic-Indic digits chosen, a rules page said "من ٢ إلى ٨ لاعبين" (a figure filled
    in) beside "رزمة واحدة من 52 ورقة" and "المقعد 1." (figures written in the catalogue's
    sentences), and the browser's catalogue carried them the same. Both now write a message's
    own figures in the chosen digits; a card's rank stays as the cards show it."""
    with site() as client:
        page = client.get("/rules/razz?lang=ar&digits=arab").text
        texts = client.get("/i18n/ar-u-nu-arab.json").json()["messages"]
        latin = client.get("/i18n/ar.json").json()["messages"]
    assert "رزمة واحدة من ٥٢ ورقة" in page and "رزمة واحدة من 52 ورقة" not in page
    assert "٢-٨" in page  # the players' range in the settings table
    assert 'data-tag="ar-u-nu-arab"' in page
    assert texts["lobby.person.you"] == latin["lobby.person.you"]
    changed = [key for key in latin if texts[key] != latin[key]]
    assert changed, "no message with a figure of its own"
    for key in changed:
        assert not re.search(
            r"(?<![-{A-Za-z])[0-9]+(?![-}A-Za-z0-9\u2660-\u2667])", str(texts[key])
        ), (
            key,
            texts[key],
        )
    five_to_ace = next(text for text in latin.values() if "5-4-3-2-A" in str(text))
    assert five_to_ace in texts.values()  # a run of ranks is left as it is


@pytest.mark.parametrize("tag", ["en", "ar"])
def test_the_rules_pages_and_the_lobby_name_a_games_length_alike(tag: str) -> None:
    """The lobby's form asked for "Rounds" (الجولات) and the rules pages' settings named the
    same option "Hands" (الأيادي): a player could not tell they were one setting. Both now say
    rounds."""
    assert message(tag, "setting.rounds") == message(tag, "lobby.rounds")
