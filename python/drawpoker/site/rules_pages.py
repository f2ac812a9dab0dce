"""The rules pages as HTML: ``/rules`` (every registered game) and ``/rules/<game>`` (how a
hand goes, which hand wins, tips, words players use, questions and answers, the table
settings), written from :func:`drawpoker.site.rules_content.rules_page`. Semantic and
accessible: one ``h1``, a heading per section, tables with captions and ``th scope``, wide
tables in a scrolling region (no sideways scroll of the page on a phone), ``lang`` set.
Every text is escaped.

>>> html = game_html("razz")
>>> html.startswith("<!doctype html>") and '<html lang="en" dir="ltr" data-tag="en">' in html
True
>>> '<th scope="row">High card</th>' in html
True
>>> missing_html("<b>x</b>").count("&lt;b&gt;")
1
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from html import escape

from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import GAMES, game
from drawpoker.site.i18n import message, number, percent
from drawpoker.site.page_text import html_attributes, site_header
from drawpoker.site.rules_content import (
    LowDrawRow,
    RankingTable,
    RulesPage,
    TipsTable,
    rules_page,
)

SECTIONS = ("hand", "ranking", "tips", "glossary", "questions", "defaults")
"""The sections of a game's page, in order: their element ids (and message ids
``section.<id>``)."""


def _escaped(lang: str) -> Callable[..., str]:
    """The texts of ``lang`` by message id, filled in and escaped for HTML."""

    def say(key: str, count: int | None = None, **values: str) -> str:
        return _html(message(lang, key, count, **values))

    return say


def _frame(lang: str, title: str, body: str) -> str:
    """A whole page: the site's header and stylesheets around ``body``."""
    return (
        "<!doctype html>\n"
        f"<html {html_attributes(lang)}>\n<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>drawpoker: {escape(title)}</title>\n"
        '<link rel="icon" href="data:,">\n'
        '<link rel="stylesheet" href="/static/style.css">\n'
        '<link rel="stylesheet" href="/static/pages.css">\n'
        '<link rel="stylesheet" href="/static/rules.css">\n'
        "</head>\n<body>\n"
        f"{site_header(lang)}\n"
        f'<main class="rules-page">\n{body}</main>\n</body>\n</html>\n'
    )


def _scrolling(label_id: str, table: str) -> str:
    """A wide table in a region that scrolls sideways on its own (keyboard-reachable)."""
    return (
        f'<div class="table-scroll" role="region" aria-labelledby="{label_id}" tabindex="0">\n'
        f"{table}</div>\n"
    )


def _cards(text: str) -> str:
    """Card codes as symbols, isolated left to right: ``"Kd"`` → ``K♦``."""
    return _ltr(format_cards(parse_cards(text), symbols=True))


def _percent(lang: str, value: float) -> str:
    return percent(value, lang)


RANGE = re.compile(r"(?<![\w-])((?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))+)(?![\w-])")
"""A run of ranks such as ``5-4-3-2-A`` or ``2-7``: read left to right in any sentence."""

NAME = "\x00"
"""Where a name given by a person goes in a sentence, until it is put in its isolate."""


def _html(text: str) -> str:
    """A text for HTML: escaped, each run of ranks in a left-to-right isolate.

    >>> _html("the wheel, 5-4-3-2-A & more")
    'the wheel, <bdi dir="ltr">5-4-3-2-A</bdi> &amp; more'
    """
    return RANGE.sub(r'<bdi dir="ltr">\1</bdi>', escape(text))


def _with_name(sentence: str, name: str) -> str:
    """``sentence`` escaped with a person's ``name`` in an isolate where :data:`NAME` is."""
    return escape(sentence).replace(NAME, f"<bdi>{escape(name)}</bdi>")


def _ltr(text: str) -> str:
    """Card codes, ranges and fractions: kept left to right inside any sentence."""
    return f'<bdi dir="ltr">{escape(text)}</bdi>'


def _fraction(lang: str, text: str) -> str:
    """``"4 / 47"`` written with the language's digits."""
    return " / ".join(number(int(part), lang) for part in text.split(" / "))


def _choice(lang: str, text: str) -> str:
    """The draw engine's ``"draw 3 (7c 4s 2h)"`` or ``"stand pat"`` in ``lang``, as HTML with
    the cards isolated.

    >>> _choice("en", "draw 1 (Kd)")
    'draw 1 (<bdi dir="ltr">K♦</bdi>)'
    """
    if text == "stand pat":
        return escape(message(lang, "draw.stand_pat"))
    count, _, codes = text.removeprefix("draw ").partition(" ")
    marker = "\x00"
    said = escape(message(lang, "draw.choice", count=int(count), cards=marker))
    return said.replace(marker, _cards(codes.strip("()")))


def _slug(text: str) -> str:
    return text.replace(" ", "-")


def ranking_html(lang: str, table: RankingTable) -> str:
    """One ranking table, best hand first.

    >>> from drawpoker.site.rules_content import ranking_table
    >>> ranking_html("en", ranking_table("en", "badugi")).count('<th scope="row">')
    4
    """
    say = _escaped(lang)
    caption_id = f"ranking-{table.ranking}"
    rows = "".join(
        f'<tr><th scope="row">{_html(row.name)}</th>'
        f'<td class="cards-inline">{_ltr(row.example)}</td><td>{_html(row.meaning)}</td></tr>\n'
        for row in table.rows
    )
    notes = "".join(f"<p>{_html(note)}</p>\n" for note in table.notes)
    return f'<h3 id="{caption_id}">{escape(table.caption)}</h3>\n{notes}' + _scrolling(
        caption_id,
        f'<table class="ranking" data-ranking="{escape(table.ranking)}">\n'
        f'<caption class="visually-hidden">{escape(table.caption)}</caption>\n'
        f'<thead><tr><th scope="col">{say("ranking.column.hand")}</th>'
        f'<th scope="col">{say("ranking.column.example")}</th>'
        f'<th scope="col">{say("ranking.column.meaning")}</th></tr></thead>\n'
        f"<tbody>\n{rows}</tbody>\n</table>\n",
    )


def tips_html(lang: str, table: TipsTable, index: int) -> str:
    """The draw tips of one deck with their exact numbers.

    >>> from drawpoker.site.rules_content import draw_tips_tables
    >>> "4 / 47" in tips_html("en", draw_tips_tables("en")[0], 0)
    True
    """
    say = _escaped(lang)
    caption_id = f"tips-{index}"
    columns = ("tip", "example", "advised", "goal", "reach", "improve", "other", "place")
    head = "".join(f'<th scope="col">{say(f"tips.column.{c}")}</th>' for c in columns)
    rows = []
    for row in table.rows:
        goal = escape(message(lang, f"tipgoal.{_slug(str(row['goal']))}"))
        reach = (
            f"{_ltr(_fraction(lang, str(row['advised_goal'])))} = "
            f"{_ltr(_percent(lang, row['advised_goal_probability']))}"
        )
        other = (
            f"{_choice(lang, str(row['alternative']))}: "
            f"{_ltr(_percent(lang, row['alternative_goal_probability']))}, "
            f"{_ltr(_percent(lang, row['alternative_improve_probability']))}"
        )
        place = message(
            lang,
            "tips.place",
            place=number(row["place"], lang),
            choices=number(row["choices"], lang),
        )
        cells = (
            _cards(str(row["hand"])),
            _choice(lang, str(row["advised"])),
            goal,
            reach,
            _ltr(_percent(lang, row["advised_improve_probability"])),
            other,
            escape(place),
        )
        rows.append(
            f'<tr data-tip="{escape(str(row["tip"]))}"><th scope="row">'
            f"{escape(message(lang, 'tipdata.' + _slug(str(row['tip']))))}</th>"
            + "".join(f"<td>{cell}</td>" for cell in cells)
            + "</tr>\n"
        )
    return f'<h3 id="{caption_id}">{escape(table.caption)}</h3>\n' + _scrolling(
        caption_id,
        '<table class="tips">\n'
        f'<caption class="visually-hidden">{escape(table.caption)}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{''.join(rows)}</tbody>\n</table>\n",
    )


def low_draws_html(lang: str, rows: Sequence[LowDrawRow]) -> str:
    """The exact chances of a low draw game's example draws.

    >>> from drawpoker.site.rules_content import low_draw_rows
    >>> '<bdi dir="ltr">10 / 48</bdi> = <bdi dir="ltr">20.83%</bdi>' in low_draws_html(
    ...     "en", low_draw_rows("en", "badugi"))
    True
    """
    say = _escaped(lang)
    head = (
        f'<th scope="col">{say("tips.low.column.hand")}</th>'
        f'<th scope="col">{say("tips.low.column.discards")}</th>'
        f'<th scope="col">{say("tips.low.column.chance", goal=rows[0].goal)}</th>'
    )
    body = "".join(
        f'<tr><th scope="row">{_ltr(r.hand)}</th><td>{_ltr(r.discards)}</td>'
        f"<td>{_ltr(_fraction(lang, f'{r.hits} / {r.total}'))} = "
        f"{_ltr(_percent(lang, r.probability))}</td></tr>\n"
        for r in rows
    )
    return f'<p id="tips-low">{say("tips.low.intro")}</p>\n' + _scrolling(
        "tips-low",
        '<table class="low-draws">\n'
        f'<caption class="visually-hidden">{say("tips.low.caption")}</caption>\n'
        f"<thead><tr>{head}</tr></thead>\n<tbody>\n{body}</tbody>\n</table>\n",
    )


def _section(lang: str, key: str, content: str) -> str:
    title = escape(message(lang, f"section.{key}"))
    return (
        f'<section id="{key}" aria-labelledby="{key}-title">\n'
        f'<h2 id="{key}-title">{title}</h2>\n{content}</section>\n'
    )


def page_html(page: RulesPage) -> str:
    """A game's whole rules page.

    >>> page_html(rules_page("holdem")).count("<section ")
    6
    """
    lang = page.lang
    say = _escaped(lang)
    contents = "".join(f'<li><a href="#{key}">{say(f"section.{key}")}</a></li>' for key in SECTIONS)
    overview = "".join(f"<li>{_html(line)}</li>" for line in page.overview)
    steps = "".join(
        f"<li><h3>{_html(step.title)}</h3>\n<ul>"
        + "".join(f"<li>{_html(line)}</li>" for line in step.lines)
        + "</ul></li>\n"
        for step in page.steps
    )
    ranking = "".join(ranking_html(lang, table) for table in page.rankings)
    tips = ""
    if page.draw_tips:
        tips += f'<p class="hint">{say("tips.numbers")}</p>\n'
        tips += "".join(tips_html(lang, t, i) for i, t in enumerate(page.draw_tips))
        tips += f'<p><a href="/tips">{say("tips.more")}</a></p>\n'
    if page.low_draws:
        tips += low_draws_html(lang, page.low_draws)
    if page.tips:
        tips += "<ul>" + "".join(f"<li>{_html(tip)}</li>" for tip in page.tips) + "</ul>\n"
    glossary = (
        '<dl class="glossary">'
        + "".join(f"<dt>{_html(t)}</dt><dd>{_html(d)}</dd>" for t, d in page.glossary)
        + "</dl>\n"
    )
    questions = "".join(f"<h3>{_html(q)}</h3>\n<p>{_html(a)}</p>\n" for q, a in page.questions)
    columns = ("setting", "default", "choices", "changes")
    defaults_head = "".join(f'<th scope="col">{say(f"defaults.column.{c}")}</th>' for c in columns)
    defaults_rows = "".join(
        f'<tr><th scope="row">{_html(r.setting)}</th><td>{_html(r.default)}</td>'
        f"<td>{_html(r.choices)}</td><td>{_html(r.changes)}</td></tr>\n"
        for r in page.defaults
    )
    defaults = f'<p id="defaults-intro">{say("defaults.intro")}</p>\n' + _scrolling(
        "defaults-title",
        f'<table class="defaults">\n<caption class="visually-hidden">{say("section.defaults")}'
        "</caption>\n"
        f"<thead><tr>{defaults_head}</tr></thead>\n<tbody>\n{defaults_rows}</tbody>\n"
        "</table>\n",
    )
    content = {
        "hand": f'<ol class="steps">\n{steps}</ol>\n',
        "ranking": ranking,
        "tips": tips,
        "glossary": glossary,
        "questions": questions,
        "defaults": defaults,
    }
    title = message(lang, "page.title", title=page.title)
    body = (
        f'<p><a href="/rules">{say("page.all_games")}</a></p>\n'
        f"<h1>{_html(title)}</h1>\n"
        + (f'<p class="intro">{_html(page.intro)}</p>\n' if page.intro else "")
        + f'<ul class="overview">{overview}</ul>\n'
        f'<nav class="contents" aria-labelledby="contents-title">'
        f'<h2 id="contents-title">{say("page.contents")}</h2><ul>{contents}</ul></nav>\n'
        + "".join(_section(lang, key, content[key]) for key in SECTIONS)
    )
    return _frame(lang, title, body)


def game_html(name: str, lang: str = "en") -> str:
    """The rules page of the registered game ``name``.

    >>> "<h1>How to play Badugi</h1>" in game_html("badugi")
    True
    """
    return page_html(rules_page(name, lang))


def _games_list(lang: str) -> str:
    items = []
    for name in GAMES:
        low, high = game(name).seats
        seats = message(lang, "index.seats", count=high, low=number(low, lang))
        title = message(lang, f"game.{name}")
        items.append(
            f'<li><a href="/rules/{escape(name)}">{_html(title)}</a> '
            f'<span class="hint">({escape(seats)})</span></li>\n'
        )
    return f'<ul class="games">\n{"".join(items)}</ul>\n'


def index_html(lang: str = "en") -> str:
    """``/rules``: every registered game with a link to its page.

    >>> index_html().count('<a href="/rules/') == len(GAMES)
    True
    """
    title = message(lang, "index.title")
    body = f"<h1>{_html(title)}</h1>\n<p>{_html(message(lang, 'index.intro'))}</p>\n" + _games_list(
        lang
    )
    return _frame(lang, title, body)


BUSY_RETRY_SECONDS = 10
"""Seconds after which the page an address got past its request rate loads itself again."""


def busy_html(lang: str = "en") -> str:
    """The page for a browser past its request rate (served with status 429): says so in its
    language and loads itself again after :data:`BUSY_RETRY_SECONDS`. It asks the server for
    nothing else (no stylesheet: every further request would be refused too, and the site's
    content policy allows no inline style), so it is the browser's plain text.

    >>> page = busy_html("ar")
    >>> 'dir="rtl"' in page, "طلبات كثيرة" in page, 'http-equiv="refresh"' in page
    (True, True, True)
    """
    title = escape(message(lang, "busy.title"))
    retry = escape(message(lang, "busy.retry"))
    refused = escape(message(lang, "error.too-many-requests"))
    return (
        "<!doctype html>\n"
        f"<html {html_attributes(lang)}>\n<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="refresh" content="{BUSY_RETRY_SECONDS}">\n'
        f"<title>drawpoker: {title}</title>\n"
        '<link rel="icon" href="data:,">\n'
        f"</head>\n<body>\n<main>\n<h1>{title}</h1>\n"
        f"<p>{refused}</p>\n<p>{retry}</p>\n"
        "</main>\n</body>\n</html>\n"
    )


def missing_html(name: str, lang: str = "en") -> str:
    """The page for a game that does not exist (served with status 404): says so, and lists
    the games there are.

    >>> "No such game" in missing_html("chess")
    True
    """
    title = message(lang, "missing.title")
    body = (
        f"<h1>{escape(title)}</h1>\n"
        f"<p>{_with_name(message(lang, 'missing.body', name=NAME), name)}</p>\n" + _games_list(lang)
    )
    return _frame(lang, title, body)
