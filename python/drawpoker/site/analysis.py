"""The tips page's data: the draw tips of RULES.md section 4 with their exact numbers for both
decks (:func:`tips_data`, :func:`tips_chart`, from :mod:`drawpoker.analysis.tips`), and the
analysis of any five-card hand: every discard choice the draw limit allows, ranked exactly
(:func:`analyse`, from :func:`drawpoker.discard_choices`).

>>> result = analyse({"hand": "Jh Jd 7c 4s 2h", "deck": "52", "limit": "3",
...                   "objective": "at_least:TWO_PAIR"})
>>> best = result["choices"][0]
>>> best["discards"], best["hits"], best["total"], len(result["choices"])
(['7c', '4s', '2h'], 4656, 16215, 26)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from drawpoker.analysis.draw import discard_choices
from drawpoker.analysis.evaluation import HandCategory
from drawpoker.analysis.tips import ChartWords, Tip, build_tips, goal_text, tips_rows, tips_svg
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine.spec import DRAW_LIMITS
from drawpoker.errors import DrawPokerError, InvalidArgumentError
from drawpoker.site.i18n import direction, message, percent

DECKS = {"52": False, "53": True}
"""The decks: 52 cards, or 53 with the joker wild."""

FIELDS = ("hand", "deck", "limit", "objective")
"""The fields of an analysis request."""


def category_name(category: int) -> str:
    """A hand category as people read it.

    >>> category_name(6)
    'full house'
    """
    return HandCategory(category).name.lower().replace("_", " ")


def objectives(joker: bool) -> list[dict[str, str]]:
    """What the discard choices may be ranked by: the chance to beat a random hand, the mean
    final strength, or the chance to finish with a category or better.

    >>> [o["name"] for o in objectives(False)][:3]
    ['beat_random', 'mean_strength', 'at_least:ONE_PAIR']
    """
    top = HandCategory.FIVE_OF_A_KIND if joker else HandCategory.STRAIGHT_FLUSH
    found = [
        {"name": "beat_random", "label": "chance to beat a random hand"},
        {"name": "mean_strength", "label": "mean final strength"},
    ]
    for category in HandCategory:
        if HandCategory.ONE_PAIR <= category <= top:
            found.append(
                {
                    "name": f"at_least:{category.name}",
                    "label": f"chance of {category_name(category)} or better",
                }
            )
    return found


@lru_cache(maxsize=1)
def tips_data() -> dict[str, Any]:
    """Every tip worked out on both decks (the rows of
    :func:`drawpoker.analysis.tips.tips_rows`), the draw limits and the objectives the form offers.

    >>> data = tips_data()
    >>> [len(deck["tips"]) for deck in data["decks"]], data["decks"][0]["tips"][1]["advised_goal"]
    ([5, 5], '4 / 47')
    """
    return {
        "decks": [
            {"deck": deck, "joker": joker, "tips": tips_rows(build_tips(joker=joker))}
            for deck, joker in DECKS.items()
        ],
        "limits": list(DRAW_LIMITS),
        "objectives": {deck: objectives(joker) for deck, joker in DECKS.items()},
    }


@lru_cache(maxsize=1)
@lru_cache(maxsize=16)
def tips_chart(tag: str = "en") -> str:
    """The tips' bar chart (SVG) on both decks, in the tag's language.

    >>> tips_chart().startswith("<svg")
    True
    >>> "زوج: أبقِ الزوج وبدّل ثلاثًا" in tips_chart("ar")
    True
    """

    def label(tip: Tip) -> str:
        deck = "53" if "53" in tip.deck else "52"
        return message(
            tag,
            "tips.chart.label",
            tip=message(tag, f"tipdata.{tip.name.replace(' ', '-')}"),
            deck=message(tag, f"tips.deck.{deck}"),
            goal=message(tag, f"tipgoal.{goal_text(tip.goal).replace(' ', '-')}"),
        )

    def discards(cards: str) -> str:
        if not cards:
            return message(tag, "tips.chart.pat")
        return message(tag, "tips.chart.draw", count=len(cards.split()), cards=cards)

    words = ChartWords(
        title=message(tag, "tips.chart.title"),
        advised=message(tag, "tips.chart.advised"),
        alternative=message(tag, "tips.chart.alternative"),
        label=label,
        discards=discards,
        percent=lambda chance: percent(chance, tag),
        rtl=direction(tag) == "rtl",
    )
    return tips_svg(build_tips() + build_tips(joker=True), words)


def _choice(choice: Any, rank: int, goal: int | None) -> dict[str, Any]:
    counts = {category_name(i): n for i, n in enumerate(choice.counts) if n}
    data = {
        "rank": rank,
        "discards": choice.discards.split(),
        "kept": choice.kept.split(),
        "value": choice.value,
        "total": choice.total,
        "improved": choice.improved,
        "improve_probability": choice.improve_probability,
        "counts": counts,
    }
    if goal is not None:
        data["hits"] = sum(choice.counts[goal:])
    return data


def analyse(data: object) -> dict[str, Any]:
    """Every discard choice of a five-card hand, best first, exactly: ``hand`` (text, five
    different cards; the joker ``Jk`` only with the 53-card deck), ``deck`` (``"52"`` or
    ``"53"``), ``limit`` (a draw limit) and ``objective`` (see :func:`objectives`). A bad
    request raises :class:`InvalidArgumentError` naming what is wrong.

    >>> analyse({"hand": "Jk As Kd 7c 2h", "deck": "52"})
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: the joker is only in the 53-card deck
    """
    if not isinstance(data, dict):
        raise InvalidArgumentError("an analysis request is a JSON object")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise InvalidArgumentError(f"unknown fields {unknown} (known: {', '.join(FIELDS)})")
    deck = data.get("deck", "52")
    if not isinstance(deck, str) or deck not in DECKS:
        raise InvalidArgumentError(f'deck must be "52" or "53", not {deck!r}')
    joker = DECKS[deck]
    limit = data.get("limit", "3-or-4-with-ace")
    if limit not in DRAW_LIMITS:
        raise InvalidArgumentError(f"limit must be one of {', '.join(DRAW_LIMITS)}, not {limit!r}")
    objective = data.get("objective", "beat_random")
    names = [o["name"] for o in objectives(joker)]
    if objective not in names:
        raise InvalidArgumentError(f"objective must be one of {', '.join(names)}")
    text = data.get("hand")
    if not isinstance(text, str) or len(text) > 40:
        raise InvalidArgumentError('hand must be five cards as text, such as "Jh Jd 7c 4s 2h"')
    try:
        cards = parse_cards(text)
    except DrawPokerError as error:
        raise InvalidArgumentError(f"hand: {error}") from None
    if len(cards) != 5:
        raise InvalidArgumentError(f"a hand here is five cards, not {len(cards)}")
    if 52 in cards and not joker:
        raise InvalidArgumentError("the joker is only in the 53-card deck")
    choices = discard_choices(
        cards,
        ranking="joker" if joker else "high",
        joker=joker,
        limit=limit,
        objective=objective,
    )
    goal = HandCategory[objective.split(":", 1)[1]] if objective.startswith("at_least:") else None
    return {
        "cards": format_cards(cards).split(),
        "deck": deck,
        "limit": limit,
        "objective": objective,
        "choices": [_choice(c, rank, goal) for rank, c in enumerate(choices, start=1)],
    }
