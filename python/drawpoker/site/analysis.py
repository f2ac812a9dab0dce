"""The tips page's data: the draw tips of RULES.md section 4 with their exact numbers for both
decks (:func:`tips_data`, :func:`tips_chart`, from :mod:`drawpoker.analysis.tips`), and the
analysis of any hand of a draw game (five-card high with either deck, the deuce-to-seven and
ace-to-five lows, four-card badugi): every discard choice the draw limit allows, ranked exactly
(:func:`analyse`, from :func:`drawpoker.discard_choices`).

>>> result = analyse({"hand": "Jh Jd 7c 4s 2h", "deck": "52", "limit": "3",
...                   "objective": "at_least:TWO_PAIR"})
>>> best = result["choices"][0]
>>> best["discards"], best["hits"], best["total"], len(result["choices"])
(['7c', '4s', '2h'], 4656, 16215, 26)
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import Any

from drawpoker.analysis.draw import categories_of, discard_choices
from drawpoker.analysis.evaluation import BadugiCategory, HandCategory, ranking_system
from drawpoker.analysis.tips import ChartWords, Tip, build_tips, goal_text, tips_rows, tips_svg
from drawpoker.cards import JOKER, format_cards, parse_cards
from drawpoker.catalogues import number
from drawpoker.engine.spec import DRAW_LIMITS
from drawpoker.errors import DrawPokerError, InvalidArgumentError
from drawpoker.site.i18n import DEFAULT_LANGUAGE, direction, message, percent

DECKS = {"52": False, "53": True}
"""The decks: 52 cards, or 53 with the joker wild."""

RANKINGS = ("high", "deuce-seven", "ace-five", "badugi")
"""The hands the form analyses (names of :data:`drawpoker.RANKINGS`): five-card high (either
deck: ``"high"`` plays the joker ranking with the 53-card deck), the two lows and badugi."""

DEFAULT_LIMITS = {"high": "3-or-4-with-ace", "deuce-seven": "5", "ace-five": "5", "badugi": "5"}
"""The draw limit of each ranking when a request names none: Five-Card Draw's default, and any
number of cards (up to the whole hand) in the low games and badugi, as this site plays them."""

FIELDS = ("hand", "ranking", "deck", "limit", "objective", "dead")
"""The fields of an analysis request."""

DEAD_TEXT = 200
"""The longest ``dead`` text taken (every card of the deck but a hand is under 160)."""


class AnalysisRefused(InvalidArgumentError):
    """A bad analysis request: the English sentence naming what is wrong, and the catalogue's
    message (``key`` filled with ``values``, counted by ``count``) that says it in a person's
    language (:meth:`said`).

    >>> AnalysisRefused("analysis.error.request").said("ar")
    'طلب التحليل كائن JSON'
    >>> AnalysisRefused("analysis.error.dead_stub", 2, most="3").said("ar-u-nu-arab")[-1]
    '٣'
    """

    def __init__(self, key: str, count: int | None = None, **values: str) -> None:
        self.key, self.count, self.values = key, count, values
        super().__init__(self.said(DEFAULT_LANGUAGE))

    def said(self, tag: str) -> str:
        """The refusal in the language of ``tag``; the ranking named in its words."""
        values = dict(self.values)
        if "ranking" in values:
            values["ranking"] = message(tag, f"ranking.{values['ranking']}")
        if "size" in values:  # "four" in badugi, else "five"
            four = values["size"] == "4"
            values["size"] = (
                message(tag, "analysis.size.4") if four else message(tag, "analysis.size.5")
            )
        if "most" in values:  # a number, in the tag's digits
            values["most"] = number(int(values["most"]), tag)
        return message(tag, self.key, self.count, **values)


def hand_size(ranking: str) -> int:
    """The cards of a hand of ``ranking`` at a draw: five, four in badugi.

    >>> hand_size("high"), hand_size("badugi")
    (5, 4)
    """
    return min(ranking_system(ranking).hand_sizes)


def engine_ranking(ranking: str, joker: bool) -> str:
    """The draw engine's ranking of a form's ranking and deck: five-card high with the joker
    is the ``"joker"`` ranking.

    >>> engine_ranking("high", True), engine_ranking("badugi", False)
    ('joker', 'badugi')
    """
    return "joker" if joker and ranking == "high" else ranking


def category_name(category: int, ranking: str = "high") -> str:
    """A hand category of ``ranking`` as people read it.

    >>> category_name(6), category_name(3, "badugi")
    ('full house', 'three cards')
    """
    return categories_of(ranking)(category).name.lower().replace("_", " ")


def _goal_categories(ranking: str, joker: bool) -> list[IntEnum]:
    """The categories the form offers as goals ("... or better"): from one pair up in high
    hands (five of a kind with the joker), from two cards up in badugi, none in the lows,
    where a higher category is a worse hand."""
    if ranking == "badugi":
        return [c for c in BadugiCategory if c >= BadugiCategory.TWO_CARDS]
    if ranking != "high":
        return []
    top = HandCategory.FIVE_OF_A_KIND if joker else HandCategory.STRAIGHT_FLUSH
    return [c for c in HandCategory if HandCategory.ONE_PAIR <= c <= top]


def objectives(joker: bool, ranking: str = "high") -> list[dict[str, str]]:
    """What the discard choices may be ranked by: the chance to beat a random hand, the mean
    final strength, or (high hands and badugi) the chance to finish with a category or better.

    >>> [o["name"] for o in objectives(False)][:3]
    ['beat_random', 'mean_strength', 'at_least:ONE_PAIR']
    >>> [o["name"] for o in objectives(False, "deuce-seven")]
    ['beat_random', 'mean_strength']
    >>> objectives(False, "badugi")[-1]
    {'name': 'at_least:BADUGI', 'label': 'chance of badugi or better'}
    """
    found = [
        {"name": "beat_random", "label": "chance to beat a random hand"},
        {"name": "mean_strength", "label": "mean final strength"},
    ]
    for category in _goal_categories(ranking, joker):
        found.append(
            {
                "name": f"at_least:{category.name}",
                "label": f"chance of {category_name(category, ranking)} or better",
            }
        )
    return found


def rankings_data() -> list[dict[str, Any]]:
    """What the form offers for each ranking: its hand size, its decks (the joker's only with
    high hands), the draw limit it starts with and the objectives of each deck.

    >>> [(r["ranking"], r["cards"], r["decks"], r["limit"]) for r in rankings_data()][2:]
    [('ace-five', 5, ['52'], '5'), ('badugi', 4, ['52'], '5')]
    """
    found = []
    for ranking in RANKINGS:
        decks = [d for d, joker in DECKS.items() if ranking == "high" or not joker]
        found.append(
            {
                "ranking": ranking,
                "cards": hand_size(ranking),
                "decks": decks,
                "limit": DEFAULT_LIMITS[ranking],
                "objectives": {deck: objectives(DECKS[deck], ranking) for deck in decks},
            }
        )
    return found


@lru_cache(maxsize=1)
def tips_data() -> dict[str, Any]:
    """Every tip worked out on both decks (the rows of
    :func:`drawpoker.analysis.tips.tips_rows`), the draw limits, and what the form offers for
    each ranking (:func:`rankings_data`).

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
        "rankings": rankings_data(),
    }


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


def _choice(choice: Any, rank: int, goal: int | None, ranking: str) -> dict[str, Any]:
    counts = {category_name(i, ranking): n for i, n in enumerate(choice.counts) if n}
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


def _ranking_and_deck(data: dict[Any, Any]) -> tuple[str, bool]:
    """The request's ranking and whether it plays the joker deck, checked together."""
    ranking = data.get("ranking", "high")
    if not isinstance(ranking, str) or ranking not in RANKINGS:
        raise AnalysisRefused(
            "analysis.error.ranking", known=", ".join(RANKINGS), given=repr(ranking)
        )
    deck = data.get("deck", "52")
    if not isinstance(deck, str) or deck not in DECKS:
        raise AnalysisRefused("analysis.error.deck", given=repr(deck))
    if DECKS[deck] and ranking != "high":
        raise AnalysisRefused("analysis.error.joker_deck", ranking=ranking)
    return ranking, DECKS[deck]


def _hand(data: dict[Any, Any], ranking: str, joker: bool) -> list[int]:
    """The request's hand: the ranking's number of different cards, the joker only in the
    53-card deck."""
    size = hand_size(ranking)
    text = data.get("hand")
    if not isinstance(text, str) or len(text) > 40:
        example = "Ac 4d 7h 9c" if size == 4 else "Jh Jd 7c 4s 2h"
        raise AnalysisRefused("analysis.error.hand_text", size=str(size), example=example)
    try:
        cards = parse_cards(text)
    except DrawPokerError as error:
        raise AnalysisRefused("analysis.error.hand_cards", detail=str(error)) from None
    if len(cards) != size:
        raise AnalysisRefused("analysis.error.cards", len(cards), ranking=ranking, size=str(size))
    repeated = _repeated(cards)
    if repeated:
        raise AnalysisRefused("analysis.error.hand_repeated", len(repeated.split()), cards=repeated)
    if JOKER in cards and not joker:
        raise AnalysisRefused("analysis.error.joker")
    return cards


def _repeated(cards: list[int]) -> str:
    """The cards named more than once, as text ("" when none)."""
    return format_cards(sorted(c for c in set(cards) if cards.count(c) > 1))


def most_drawn(limit: str, cards: list[int]) -> int:
    """The most cards the draw ``limit`` lets ``cards`` exchange (RULES.md R-DRAW-7): three,
    four keeping an ace or the joker, or the whole hand.

    >>> ace = [51, 40, 20, 13, 2]  # As Qc 7c 5d 2h
    >>> most_drawn("3-or-4-with-ace", ace), most_drawn("3-or-4-with-ace", ace[1:] + [3])
    (4, 3)
    >>> most_drawn("3", ace), most_drawn("5", ace), most_drawn("5", [0, 5, 10, 15])
    (3, 5, 4)
    """
    size = len(cards)
    if limit == "5":
        return size
    if limit == "3-or-4-with-ace" and size > 4 and any(c == JOKER or c // 4 == 12 for c in cards):
        return 4
    return min(3, size)


def _dead(data: dict[Any, Any], cards: list[int], joker: bool, limit: str) -> list[int]:
    """The request's dead cards (known out of the stub, e.g. the player's own earlier
    discards): different cards, none of the hand, leaving the stub enough cards for the most
    the draw ``limit`` may exchange."""
    text = data.get("dead", "")
    if not isinstance(text, str) or len(text) > DEAD_TEXT:
        raise AnalysisRefused("analysis.error.dead_text", example="9c Qd")
    try:
        dead = parse_cards(text)
    except DrawPokerError as error:
        raise AnalysisRefused("analysis.error.dead_cards", detail=str(error)) from None
    repeated = _repeated(dead)
    if repeated:
        raise AnalysisRefused("analysis.error.dead_repeated", len(repeated.split()), cards=repeated)
    if JOKER in dead and not joker:
        raise AnalysisRefused("analysis.error.joker")
    both = [c for c in dead if c in cards]
    if both:
        raise AnalysisRefused("analysis.error.dead_in_hand", len(both), cards=format_cards(both))
    left = (53 if joker else 52) - len(cards) - len(dead)
    most = most_drawn(limit, cards)
    if left < most:
        raise AnalysisRefused("analysis.error.dead_stub", left, most=str(most))
    return dead


def analyse(data: object) -> dict[str, Any]:
    """Every discard choice of a hand, best first, exactly: ``hand`` (text: five different
    cards, four in badugi; the joker ``Jk`` only with the 53-card deck), ``ranking`` (one of
    :data:`RANKINGS`, ``"high"`` by default), ``deck`` (``"52"``, or ``"53"`` with high
    hands), ``limit`` (a draw limit; the ranking's :data:`DEFAULT_LIMITS` when absent),
    ``objective`` (see :func:`objectives`) and ``dead`` (text like the hand's, empty by
    default: cards known to be out of the stub, such as the player's own discards at an
    earlier draw of the hand, which the count leaves out; none of the hand, none twice, and
    enough cards left for the most the limit may draw). A bad request raises
    :class:`AnalysisRefused` (an :class:`InvalidArgumentError`) naming what is wrong.

    >>> best = analyse({"hand": "Qc Qd 7h 4s 2c", "ranking": "deuce-seven"})["choices"][0]
    >>> best["discards"], best["improved"], best["total"]
    (['Qc'], 45, 47)
    >>> dead = analyse({"hand": "Qc Qd 7h 4s 2c", "ranking": "deuce-seven", "dead": "Qh 3d"})
    >>> dead["dead"], dead["choices"][0]["improved"], dead["choices"][0]["total"]
    (['Qh', '3d'], 44, 45)
    >>> analyse({"hand": "Qc Qd 7h 4s 2c", "ranking": "deuce-seven", "dead": "Qd"})
    Traceback (most recent call last):
    ...
    drawpoker.site.analysis.AnalysisRefused: Qd is in the hand, so it cannot be dead as well
    >>> analyse({"hand": "Jk As Kd 7c 2h", "deck": "52"})
    Traceback (most recent call last):
    ...
    drawpoker.site.analysis.AnalysisRefused: the joker is only in the 53-card deck
    """
    if not isinstance(data, dict):
        raise AnalysisRefused("analysis.error.request")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise AnalysisRefused(
            "analysis.error.fields", unknown=str(unknown), known=", ".join(FIELDS)
        )
    ranking, joker = _ranking_and_deck(data)
    limit = data.get("limit", DEFAULT_LIMITS[ranking])
    if limit not in DRAW_LIMITS:
        raise AnalysisRefused(
            "analysis.error.limit", known=", ".join(DRAW_LIMITS), given=repr(limit)
        )
    objective = data.get("objective", "beat_random")
    names = [o["name"] for o in objectives(joker, ranking)]
    if objective not in names:
        raise AnalysisRefused("analysis.error.objective", known=", ".join(names))
    cards = _hand(data, ranking, joker)
    dead = _dead(data, cards, joker, limit)
    played = engine_ranking(ranking, joker)
    choices = discard_choices(
        cards, dead=dead, ranking=played, joker=joker, limit=limit, objective=objective
    )
    goal = None
    if objective.startswith("at_least:"):
        goal = categories_of(played)[objective.split(":", 1)[1]]
    return {
        "cards": format_cards(cards).split(),
        "ranking": ranking,
        "deck": "53" if joker else "52",
        "limit": limit,
        "objective": objective,
        "dead": format_cards(dead).split(),
        "choices": [_choice(c, rank, goal, played) for rank, c in enumerate(choices, start=1)],
    }
