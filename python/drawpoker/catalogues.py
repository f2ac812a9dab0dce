"""Gettext catalogues read with Babel (no build step), CLDR plural rules and number formats:
the one loader behind every set of texts a person reads, the site's pages
(:mod:`drawpoker.site.i18n`) and the narration of hands (:mod:`drawpoker.narration`), each a
*domain* of its own (``<folder>/<lang>/LC_MESSAGES/<domain>.po``).

A language *tag* names a language and, optionally, its digits with the Unicode extension
``-u-nu-``: ``"ar"`` writes Western digits, ``"ar-u-nu-arab"`` Arabic-Indic ones.

>>> number(1000000, "ar"), number(1000000, "ar-u-nu-arab")
('1,000,000', '١٬٠٠٠٬٠٠٠')
>>> plural_category("ar", 11), plural_category("en", 11)
('many', 'other')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from drawpoker.errors import InvalidArgumentError

DEFAULT_LANGUAGE = "en"
"""The language of a visitor whose browser asks for none the site has."""

PSEUDO_LANGUAGE = "qps"
"""A test language made from English: every text wrapped in ``⟦…⟧`` with its letters
accented, so a page rendered in it shows at a glance (and to a test) any text that does not come
from a catalogue. Chosen only by ``?lang=qps``, never from the browser's languages."""

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
"""CLDR's ``arab`` numbering system's digits (U+0660..U+0669). Babel gives that system's
signs (the grouping ``٬``, the decimal ``٫``) but leaves the digits Western."""

PLURAL_TAGS = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories in gettext's order: a catalogue's plural forms are the categories
its language uses, in this order (so Arabic has six forms, English ``one`` and ``other``)."""

Text = str | Mapping[str, str]
"""A message: a text, or a counted text's forms by CLDR plural category."""


@dataclass(frozen=True)
class Catalogue:
    """One language's messages by id.

    >>> Catalogue("en", ("one", "other"), {"hi": "Hello"}).messages["hi"]
    'Hello'
    """

    lang: str
    plural_tags: tuple[str, ...]
    messages: Mapping[str, Text]


@lru_cache(maxsize=256)
def base_language(tag: str) -> str:
    """The language of a tag, without its digit setting (remembered: every sentence asks it
    a few times).

    >>> base_language("ar-u-nu-arab")
    'ar'
    """
    return tag.split("-u-", 1)[0]


def digits_of(tag: str) -> str:
    """The digit setting of a tag (``latn`` unless it says ``-u-nu-arab``).

    >>> digits_of("ar-u-nu-arab"), digits_of("ar")
    ('arab', 'latn')
    """
    return "arab" if tag.endswith("-u-nu-arab") else "latn"


ARABIC_INDIC = str.maketrans(
    "0123456789", "\u0660\u0661\u0662\u0663\u0664\u0665\u0666\u0667\u0668\u0669"
)
"""Western digits to Arabic-Indic ones."""

_FIGURE = re.compile(r"(?<![-{A-Za-z0-9])[0-9]+(?![-}A-Za-z0-9\u2660-\u2667])")
"""A figure a message writes as a number ("52 cards", "seat 1"), not a card's rank: none in a
run of ranks ("7-5-4-3-2", "2-7"), beside a suit or a letter ("2\u2666", "7c"), or a
placeholder's ("{0}")."""


@lru_cache(maxsize=8192)
def written_digits(text: str, tag: str) -> str:
    """A message's own figures in the tag's digits, as :func:`number` writes the figures filled
    into it: a page in Arabic-Indic digits said "من ٢ إلى ٨ لاعبين" beside "52 ورقة". Cards'
    ranks stay as the cards show them. Kept per message and tag: every event a table narrates
    fills a message.

    >>> written_digits("رزمة من 52 ورقة، 7-5-4-3-2، A\u2663 2\u2666، {count}", "ar-u-nu-arab")
    'رزمة من ٥٢ ورقة، 7-5-4-3-2، A♣ 2♦، {count}'
    >>> written_digits("52 cards", "ar")
    '52 cards'
    """
    if digits_of(tag) != "arab":
        return text
    return _FIGURE.sub(lambda figure: figure[0].translate(ARABIC_INDIC), text)


@cache
def babel_locale(tag: str) -> Locale:
    """Babel's locale for a tag (the pseudo-language is English underneath).

    >>> babel_locale("ar-u-nu-arab").language, babel_locale("qps").language
    ('ar', 'en')
    """
    lang = base_language(tag)
    return Locale.parse(DEFAULT_LANGUAGE if lang == PSEUDO_LANGUAGE else lang)


def plural_tags(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories a language uses, in gettext's order.

    >>> plural_tags("en"), len(plural_tags("ar"))
    (('one', 'other'), 6)
    """
    locale = babel_locale(lang)
    return tuple(tag for tag in PLURAL_TAGS if tag in locale.plural_form.tags or tag == "other")


def domain_languages(folder: Path, domain: str) -> tuple[str, ...]:
    """The languages with a catalogue of ``domain`` in ``folder``, the default first.

    >>> domain_languages(Path(__file__).parent / "narration" / "locale", "narration")
    ('en', 'ar')
    """
    found = sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{domain}.po"))
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


@cache
def read_catalogue(folder: Path, domain: str, lang: str) -> Catalogue:
    """The catalogue of ``domain`` in ``lang`` (a language, not a tag), read from
    ``folder/<lang>/LC_MESSAGES/<domain>.po``; a counted message must have every plural form
    its language needs.

    >>> narration = Path(__file__).parent / "narration" / "locale"
    >>> read_catalogue(narration, "narration", "ar").plural_tags[:2]
    ('zero', 'one')
    """
    path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as source:
        po = read_po(source, locale=lang)
    tags = plural_tags(lang)
    messages: dict[str, Text] = {}
    for entry in po:
        if not entry.id:
            continue  # the header
        if isinstance(entry.id, tuple | list):
            key = str(entry.id[0])
            forms = tuple(str(form) for form in entry.string or ())
            if len(forms) != len(tags):
                raise InvalidArgumentError(
                    f"{path}: {key!r} has {len(forms)} plural forms, "
                    f"{lang} needs {len(tags)} ({', '.join(tags)})"
                )
            messages[key] = dict(zip(tags, forms, strict=True))
        else:
            messages[str(entry.id)] = str(entry.string)
    return Catalogue(lang, tags, messages)


_PLACEHOLDER = re.compile(r"(\{[a-z_]+\})")
_ACCENTED = str.maketrans("aceinouyACEINOUY", "àçéîñöûýÀÇÉÎÑÖÛÝ")


def pseudo(text: str) -> str:
    """A text marked for the pseudo-language: accented and wrapped, placeholders kept.

    >>> pseudo("{low} to {high} players")
    '⟦{low} tö {high} plàýérs⟧'
    """
    parts = _PLACEHOLDER.split(text)
    return (
        "⟦"
        + "".join(p if _PLACEHOLDER.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
        + "⟧"
    )


def pseudo_catalogue(english: Catalogue) -> Catalogue:
    """The pseudo-language's catalogue: every English text marked (:func:`pseudo`).

    >>> pseudo_catalogue(Catalogue("en", ("one", "other"), {"hi": "Hi"})).messages
    {'hi': '⟦Hî⟧'}
    """
    marked: dict[str, Text] = {
        key: pseudo(text) if isinstance(text, str) else {t: pseudo(f) for t, f in text.items()}
        for key, text in english.messages.items()
    }
    return Catalogue(PSEUDO_LANGUAGE, english.plural_tags, marked)


def plural_category(tag: str, count: int) -> str:
    """The CLDR plural category of ``count`` in the tag's language.

    >>> [plural_category("ar", n) for n in (0, 1, 2, 3, 11, 100)]
    ['zero', 'one', 'two', 'few', 'many', 'other']
    """
    return str(babel_locale(base_language(tag)).plural_form(count))


def number(value: float, tag: str) -> str:
    """``value`` written the tag's way: its grouping and decimal signs, its digits. A whole
    number in a tag that writes whole numbers as Python's ``{:,}`` does (English, Arabic with
    Western digits: :func:`comma_grouped`) is written so at once, anything else by Babel
    (:func:`babel_number`).

    >>> number(1234.5, "en"), number(1234.5, "ar-u-nu-arab"), number(1234567, "ar")
    ('1,234.5', '١٬٢٣٤٫٥', '1,234,567')
    """
    if type(value) is int and comma_grouped(tag):
        return f"{value:,}"
    return babel_number(value, tag)


@lru_cache(maxsize=4096)
def babel_number(value: float, tag: str) -> str:
    """:func:`number` written by Babel (the amounts of a table repeat: the latest are
    remembered).

    >>> babel_number(1000000, "ar-u-nu-arab")
    '١٬٠٠٠٬٠٠٠'
    """
    locale = babel_locale(base_language(tag))
    return digits(str(format_decimal(value, locale=locale, numbering_system=digits_of(tag))), tag)


COMMA_SAMPLES = (0, 7, 42, 999, 1000, 12345, 123456, 1234567, 12345678, -1234567, 2**53 - 1)
"""Whole numbers whose grouping tells Python's ``{:,}`` apart from any other way (groups of
two after the first three, spaces, dots, other digits or signs)."""


@cache
def comma_grouped(tag: str) -> bool:
    """Whether Babel writes the tag's whole numbers as Python's ``{:,}`` does (checked once
    per tag on :data:`COMMA_SAMPLES`).

    >>> comma_grouped("en"), comma_grouped("ar"), comma_grouped("ar-u-nu-arab")
    (True, True, False)
    """
    return all(babel_number(value, tag) == f"{value:,}" for value in COMMA_SAMPLES)


def digits(text: str, tag: str) -> str:
    """``text`` with its Western digits written in the tag's digits.

    >>> digits("12%", "ar-u-nu-arab"), digits("12%", "ar")
    ('١٢%', '12%')
    """
    return text.translate(ARABIC_INDIC) if digits_of(tag) == "arab" else text


def filled(found: Catalogue, tag: str, key: str, count: int | None, values: dict[str, Any]) -> str:
    """The message ``key`` of a catalogue with ``values`` filled in; a counted message takes
    the form of ``count``'s plural category, and ``{count}`` is written as a number.

    >>> counted = {"n": {"one": "a card", "other": "{count} cards"}}
    >>> english = Catalogue("en", ("one", "other"), counted)
    >>> filled(english, "en", "n", 1200, {})
    '1,200 cards'
    >>> filled(english, "en", "x", None, {})
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: no message 'x' in language 'en'
    """
    text = found.messages.get(key)
    if text is None:
        raise InvalidArgumentError(f"no message {key!r} in language {found.lang!r}")
    if not isinstance(text, str):
        if count is None:
            raise InvalidArgumentError(f"message {key!r} is counted: give a count")
        text = text[plural_category(tag, count)]
        values = {**values, "count": number(count, tag)}
    return written_digits(text, tag).format(**values)
