"""The site's languages: gettext catalogues (``locale/<lang>/LC_MESSAGES/messages.po``, read
with Babel when first needed, no build step), CLDR plural rules and number formats (Babel), and
the choice of language for a request. A new language is one more catalogue with the same message
ids; no code changes.

A language *tag* names a language and, optionally, its digits with the Unicode extension
``-u-nu-``: ``"ar"`` writes Western digits, ``"ar-u-nu-arab"`` Arabic-Indic ones. The browser's
``Intl.NumberFormat`` reads the same tag.

>>> message("en", "section.ranking")
'Which hand wins'
>>> message("en", "deal.down", count=3)
'3 cards face down to each player, seen only by their owner'
>>> number(1000000, "ar"), number(1000000, "ar-u-nu-arab")
('1,000,000', '١٬٠٠٠٬٠٠٠')
>>> plural_category("ar", 11), plural_category("en", 11)
('many', 'other')
>>> chosen_language({"lang": "ar"}, {}, "en-GB,en;q=0.8")
'ar'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from babel import Locale, negotiate_locale
from babel.lists import format_list
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, format_percent

from drawpoker.errors import InvalidArgumentError

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogues live, one folder per language."""

DEFAULT_LANGUAGE = "en"
"""The language of a visitor whose browser asks for none the site has."""

PSEUDO_LANGUAGE = "qps"
"""A test language made from English: every text wrapped in ``⟦…⟧`` with its letters
accented, so a page rendered in it shows at a glance (and to a test) any text that does not come
from a catalogue. Chosen only by ``?lang=qps``, never from the browser's languages."""

RIGHT_TO_LEFT = frozenset({"ar", "fa", "he", "ur"})
"""Languages written right to left."""

DIGITS = ("latn", "arab")
"""The digit settings (CLDR numbering systems): Western by default, Arabic-Indic on request."""

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

    >>> catalogue("ar").plural_tags
    ('zero', 'one', 'two', 'few', 'many', 'other')
    """

    lang: str
    plural_tags: tuple[str, ...]
    messages: Mapping[str, Text]


def languages() -> tuple[str, ...]:
    """The languages with a catalogue, the default first.

    >>> languages()
    ('en', 'ar')
    """
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/messages.po"))
    return (DEFAULT_LANGUAGE, *(lang for lang in found if lang != DEFAULT_LANGUAGE))


def base_language(tag: str) -> str:
    """The language of a tag, without its digit setting.

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


def language_tag(lang: str, digits: str = "latn") -> str:
    """The tag of ``lang`` written with ``digits``.

    >>> language_tag("ar", "arab"), language_tag("en")
    ('ar-u-nu-arab', 'en')
    """
    return f"{lang}-u-nu-arab" if digits == "arab" else lang


def direction(tag: str) -> str:
    """``rtl`` or ``ltr``: the writing direction of a tag's language.

    >>> direction("ar-u-nu-arab"), direction("en")
    ('rtl', 'ltr')
    """
    return "rtl" if base_language(tag) in RIGHT_TO_LEFT else "ltr"


def babel_locale(tag: str) -> Locale:
    """Babel's locale for a tag (the pseudo-language is English underneath).

    >>> babel_locale("ar-u-nu-arab").language, babel_locale("qps").language
    ('ar', 'en')
    """
    lang = base_language(tag)
    return Locale.parse(DEFAULT_LANGUAGE if lang == PSEUDO_LANGUAGE else lang)


def _tags(locale: Locale) -> tuple[str, ...]:
    return tuple(tag for tag in PLURAL_TAGS if tag in locale.plural_form.tags or tag == "other")


@cache
def _read(lang: str) -> Catalogue:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        po = read_po(source, locale=lang)
    tags = _tags(babel_locale(lang))
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


@cache
def catalogue(lang: str) -> Catalogue:
    """The catalogue of ``lang`` (a language, not a tag).

    >>> catalogue("en").messages["site.rules"]
    'Rules'
    >>> catalogue("xx")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: no catalogue for language 'xx' (known: en, ar, qps)
    """
    if lang == PSEUDO_LANGUAGE:
        english = _read(DEFAULT_LANGUAGE)
        marked: dict[str, Text] = {
            key: pseudo(text) if isinstance(text, str) else {t: pseudo(f) for t, f in text.items()}
            for key, text in english.messages.items()
        }
        return Catalogue(lang, english.plural_tags, marked)
    if lang not in languages():
        known = ", ".join((*languages(), PSEUDO_LANGUAGE))
        raise InvalidArgumentError(f"no catalogue for language {lang!r} (known: {known})")
    return _read(lang)


def plural_category(tag: str, count: int) -> str:
    """The CLDR plural category of ``count`` in the tag's language.

    >>> [plural_category("ar", n) for n in (0, 1, 2, 3, 11, 100)]
    ['zero', 'one', 'two', 'few', 'many', 'other']
    """
    return str(babel_locale(base_language(tag)).plural_form(count))


def number(value: float, tag: str) -> str:
    """``value`` written the tag's way: its grouping and decimal signs, its digits.

    >>> number(1234.5, "en"), number(1234.5, "ar-u-nu-arab")
    ('1,234.5', '١٬٢٣٤٫٥')
    """
    locale = babel_locale(base_language(tag))
    return _digits(str(format_decimal(value, locale=locale, numbering_system=digits_of(tag))), tag)


def _digits(text: str, tag: str) -> str:
    return text.translate(ARABIC_INDIC) if digits_of(tag) == "arab" else text


def percent(value: float, tag: str) -> str:
    """A chance as a percentage with two decimals, written the tag's way.

    >>> percent(0.2083, "en")
    '20.83%'
    """
    locale = babel_locale(base_language(tag))
    written = format_percent(value, format="0.00%", locale=locale, numbering_system=digits_of(tag))
    return _digits(str(written), tag)


ListStyle = Literal["standard", "or"]


def listed(items: Sequence[str], tag: str, style: ListStyle = "or") -> str:
    """Items joined the language's way (CLDR's list patterns; marked in the pseudo-language,
    whose connecting words are English).

    >>> listed(["a", "b", "c"], "en"), listed(["a", "b"], "ar")
    ('a, b, or c', 'a أو b')
    >>> listed(["a", "b"], "ar", "standard")
    'a وb'
    """
    joined = str(format_list(list(items), style=style, locale=babel_locale(tag)))
    return pseudo(joined) if base_language(tag) == PSEUDO_LANGUAGE else joined


def has_message(tag: str, key: str) -> bool:
    """Whether the tag's language has the message ``key``.

    >>> has_message("en", "setting.players"), has_message("en", "setting.colour")
    (True, False)
    """
    return key in catalogue(base_language(tag)).messages


def message(tag: str, key: str, count: int | None = None, **values: Any) -> str:
    """The message ``key`` in the tag's language with ``values`` filled in; a counted message
    takes the form of ``count``'s plural category, and ``{count}`` is written as a number.

    >>> message("ar", "defaults.seconds", count=2)
    'ثانيتان'
    >>> message("en", "nonexistent")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: no message 'nonexistent' in language 'en'
    """
    lang = base_language(tag)
    text = catalogue(lang).messages.get(key)
    if text is None:
        raise InvalidArgumentError(f"no message {key!r} in language {lang!r}")
    if not isinstance(text, str):
        if count is None:
            raise InvalidArgumentError(f"message {key!r} is counted: give a count")
        text = text[plural_category(tag, count)]
        values = {**values, "count": number(count, tag)}
    return text.format(**values)


def catalogue_json(tag: str) -> dict[str, Any]:
    """What the browser needs to speak a language: the tag (for ``Intl.PluralRules`` and
    ``Intl.NumberFormat``), the direction, and the messages (a counted one as its forms by CLDR
    plural category, the keys ``Intl.PluralRules.select`` returns).

    >>> data = catalogue_json("ar-u-nu-arab")
    >>> data["lang"], data["dir"], data["digits"], data["messages"]["defaults.seconds"]["two"]
    ('ar', 'rtl', 'arab', 'ثانيتان')
    """
    lang = base_language(tag)
    return {
        "lang": lang,
        "tag": tag,
        "dir": direction(tag),
        "digits": digits_of(tag),
        "plurals": list(catalogue(lang).plural_tags),
        "messages": dict(catalogue(lang).messages),
    }


def _accepted(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, most wanted first."""
    weighted = []
    for position, item in enumerate(header.split(",")):
        name, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if name and name != "*" and weight > 0:
            weighted.append((-weight, position, name.strip().lower()))
    return [name for _, _, name in sorted(weighted)]


def negotiate(header: str) -> str:
    """The site's language closest to an ``Accept-Language`` header.

    >>> negotiate("fr-FR,ar-EG;q=0.9,en;q=0.5"), negotiate("fr"), negotiate(""), negotiate("AR")
    ('ar', 'en', 'en', 'ar')
    """
    found = negotiate_locale(_accepted(header), list(languages()), sep="-")
    return found if found in languages() else DEFAULT_LANGUAGE


def _known(lang: str | None) -> str | None:
    return lang if lang in (*languages(), PSEUDO_LANGUAGE) else None


def chosen_language(query: Mapping[str, str], cookies: Mapping[str, str], accept: str) -> str:
    """The tag a page is written in: ``?lang=`` if the address says, else the device's cookie,
    else the browser's languages; digits from ``?digits=`` or the cookie, Western otherwise.

    >>> chosen_language({}, {"lang": "ar", "digits": "arab"}, "en")
    'ar-u-nu-arab'
    >>> chosen_language({"lang": "en"}, {"lang": "ar"}, "ar")
    'en'
    >>> chosen_language({"lang": "klingon"}, {}, "ar-SA")
    'ar'
    """
    lang = _known(query.get("lang")) or _known(cookies.get("lang")) or negotiate(accept)
    digits = query.get("digits") or cookies.get("digits")
    return language_tag(lang, digits if digits in DIGITS else "latn")


REMEMBERED = 365 * 24 * 3600
"""How long, in seconds, the device remembers a language chosen by address."""


def remembered(query: Mapping[str, str]) -> dict[str, str]:
    """The cookies that remember an address's ``?lang=`` / ``?digits=`` choice for the device.

    >>> remembered({"lang": "ar", "digits": "arab", "x": "1"})
    {'lang': 'ar', 'digits': 'arab'}
    >>> remembered({"lang": "klingon"})
    {}
    """
    chosen = {}
    if _known(query.get("lang")):
        chosen["lang"] = query["lang"]
    if query.get("digits") in DIGITS:
        chosen["digits"] = query["digits"]
    return chosen
