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

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Literal

from babel import negotiate_locale
from babel.lists import format_list
from babel.numbers import format_percent

# Re-exported: the site's modules and tests name them from here.
from drawpoker.catalogues import DEFAULT_LANGUAGE as DEFAULT_LANGUAGE
from drawpoker.catalogues import PSEUDO_LANGUAGE as PSEUDO_LANGUAGE
from drawpoker.catalogues import Catalogue as Catalogue
from drawpoker.catalogues import babel_locale as babel_locale
from drawpoker.catalogues import base_language as base_language
from drawpoker.catalogues import (
    digits,
    domain_languages,
    filled,
    pseudo_catalogue,
    read_catalogue,
    written_digits,
)
from drawpoker.catalogues import digits_of as digits_of
from drawpoker.catalogues import number as number
from drawpoker.catalogues import plural_category as plural_category
from drawpoker.catalogues import pseudo as pseudo
from drawpoker.errors import InvalidArgumentError

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogues live, one folder per language."""

RIGHT_TO_LEFT = frozenset({"ar", "fa", "he", "ur"})
"""Languages written right to left."""

DIGITS = ("latn", "arab")
"""The digit settings (CLDR numbering systems): Western by default, Arabic-Indic on request."""


def languages() -> tuple[str, ...]:
    """The languages with a catalogue, the default first.

    >>> languages()
    ('en', 'ar')
    """
    return domain_languages(LOCALE_DIR, "messages")


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
        return pseudo_catalogue(read_catalogue(LOCALE_DIR, "messages", DEFAULT_LANGUAGE))
    if lang not in languages():
        known = ", ".join((*languages(), PSEUDO_LANGUAGE))
        raise InvalidArgumentError(f"no catalogue for language {lang!r} (known: {known})")
    return read_catalogue(LOCALE_DIR, "messages", lang)


def percent(value: float, tag: str) -> str:
    """A chance as a percentage with two decimals, written the tag's way.

    >>> percent(0.2083, "en")
    '20.83%'
    """
    locale = babel_locale(base_language(tag))
    written = format_percent(value, format="0.00%", locale=locale, numbering_system=digits_of(tag))
    return digits(str(written), tag)


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
    return filled(catalogue(base_language(tag)), tag, key, count, values)


@lru_cache(maxsize=16)
def catalogue_json(tag: str) -> dict[str, Any]:
    """What the browser needs to speak a language: the tag (for ``Intl.PluralRules`` and
    ``Intl.NumberFormat``), the direction, and the messages (a counted one as its forms by CLDR
    plural category, the keys ``Intl.PluralRules.select`` returns). Made once a tag (every page
    asks for it; its figures are rewritten for Arabic-Indic digits): not to be changed.

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
        "messages": {
            key: (
                written_digits(text, tag)
                if isinstance(text, str)
                else {form: written_digits(said, tag) for form, said in text.items()}
            )
            for key, text in catalogue(lang).messages.items()
        },
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


def is_site_tag(tag: str) -> bool:
    """Whether ``tag`` is one the site writes in (:func:`chosen_language` makes only these).

    >>> is_site_tag("ar-u-nu-arab"), is_site_tag("en"), is_site_tag("klingon")
    (True, True, False)
    """
    langs = (*languages(), PSEUDO_LANGUAGE)
    return any(tag == language_tag(lang, digits) for lang in langs for digits in DIGITS)


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
