"""The site's plain pages (``static/*.html``) in a language, on the server: the ``<html>``
element gets the language and its direction, every element marked ``data-i18n="<id>"`` gets
that message as its text, every attribute value ``@i18n:<id>`` that message, and the comment
``<!--header-->`` the site's header (:func:`site_header`, the same on every page). The English
in the files is what a reader of the file sees; a page is never served with it unless the
language is English.

>>> page = '<html lang="en"><h1 data-i18n="site.rules">Rules</h1><img alt="@i18n:site.tips">'
>>> print(localised(page, "ar").replace("><", ">\\n<"))
<html lang="ar" dir="rtl" data-tag="ar">
<h1 data-i18n="site.rules">القواعد</h1>
<img alt="نصائح التبديل">
"""

from __future__ import annotations

import re
from html import escape

from drawpoker.site.i18n import base_language, digits_of, direction, languages, message

_TEXT = re.compile(r'(<(\w+)\b[^>]*\bdata-i18n="([\w.-]+)"[^>]*>)(.*?)(</\2>)', re.S)
_ATTRIBUTE = re.compile(r"@i18n:([\w.-]+)")
_HTML = re.compile(r'<html lang="[^"]*"')


def language_switch(tag: str) -> str:
    """Links to this same page in each other language (the server remembers the choice for the
    device).

    >>> language_switch("en").count("<a "), 'lang="ar"' in language_switch("en")
    (1, True)
    """
    links = "".join(
        f'<a href="?lang={other}" lang="{other}" hreflang="{other}">'
        f"{escape(message(tag, f'lang.{other}'))}</a>"
        for other in languages()
        if other != base_language(tag)
    )
    label = escape(message(tag, "lang.label"))
    return f'<nav class="languages" aria-label="{label}">{links}</nav>'


def digits_switch(tag: str) -> str:
    """A link to this same page with the other digits (Western or Arabic-Indic; the server
    remembers the choice for the device).

    >>> print(digits_switch("en").replace("><", ">\\n<"))
    <nav class="languages digits" aria-label="Digits">
    <a href="?digits=arab">Arabic-Indic digits</a>
    </nav>
    """
    digits = "arab" if digits_of(tag) == "latn" else "latn"
    link = f'<a href="?digits={digits}">{escape(message(tag, f"digits.{digits}"))}</a>'
    label = escape(message(tag, "digits.label"))
    return f'<nav class="languages digits" aria-label="{label}">{link}</nav>'


SITE_LINKS = (
    ("/", "site.lobby"),
    ("/games", "site.games"),
    ("/leaderboard", "site.ratings"),
    ("/rules", "site.rules"),
    ("/tips", "site.tips"),
)
"""The site's pages every header links to: address and message id."""


def site_header(tag: str) -> str:
    """The header every page of the site shows: the name, the links to the site's pages and
    the language and digits switches, written once here. The pages' links and the digits'
    switch are in a menu (a ``<details>`` element: a button a keyboard and a screen reader
    use without a script) that a phone opens under the header; a wider screen shows them in
    the header's row and no button (style.css).

    >>> header = site_header("en")
    >>> header.count('<a href="/'), '>Your games</a>' in header, 'class="languages"' in header
    (5, True, True)
    >>> "<summary>Menu</summary>" in header, "<summary>القائمة</summary>" in site_header("ar")
    (True, True)
    """
    links = "".join(f'<a href="{href}">{escape(message(tag, key))}</a>' for href, key in SITE_LINKS)
    nav = escape(message(tag, "site.nav"))
    return (
        '<header class="site">\n  <a class="brand" href="/">drawpoker</a>\n'
        f"  {language_switch(tag)}\n"
        f'  <details class="menu"><summary>{escape(message(tag, "site.menu"))}</summary>\n'
        f'  <div class="menu-panel"><nav class="pages" aria-label="{nav}">{links}</nav>\n'
        f"  {digits_switch(tag)}</div></details>\n"
        '  <script src="/static/site.js" defer></script>\n</header>'
    )


def html_attributes(tag: str) -> str:
    """The ``<html>`` element's attributes on every page of the site: its language, direction
    and tag (the digits: style.css numbers lists by them).

    >>> html_attributes("ar-u-nu-arab")
    'lang="ar" dir="rtl" data-tag="ar-u-nu-arab"'
    """
    return f'lang="{escape(base_language(tag))}" dir="{direction(tag)}" data-tag="{escape(tag)}"'


def localised(page: str, tag: str) -> str:
    """``page`` (HTML marked as the module says) written in the tag's language."""
    page = _HTML.sub(f"<html {html_attributes(tag)}", page, count=1)
    page = _TEXT.sub(
        lambda m: f"{m[1]}{escape(message(tag, m[3]))}{m[5]}",
        page,
    )
    page = _ATTRIBUTE.sub(lambda m: escape(message(tag, m[1])), page)
    return page.replace("<!--header-->", site_header(tag))
