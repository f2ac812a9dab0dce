"""Hand evaluation: one hand, NumPy batches, categories, names and exhaustive counts.

Strengths are integers where bigger always wins, dense from 1 within each ranking system.
On the high scale they run 1 (7-5-4-3-2 offsuit) to 7,462 (royal flush), whatever the hand size.
Every function takes ``ranking=``, one of the names in :data:`RANKINGS`:

- ``"high"``: high hands of 5, 6 or 7 cards, the best five count (R-HIGH-1..5).
- ``"joker"``: joker-wild high hands of 5 cards from the 53-card deck (R-JOKER-1..3): the high
  scale, so a joker hand equal to a natural hand ties with it, plus five of a kind on top
  (7,463 = five deuces .. 7,475 = five aces).
- ``"deuce-seven"``: deuce-to-seven low of 5 cards (R-27-1..2): 7,462 classes, 7,462 is
  7-5-4-3-2 not all one suit; the ace is always high, straights and flushes count against.
- ``"ace-five"``: ace-to-five low of 5, 6 or 7 cards, the best five (R-A5-1..3): 6,175 classes,
  6,175 is the wheel 5-4-3-2-A; straights and flushes are ignored. :func:`evaluate_low8` and
  :func:`qualifies_low8` add the eight-or-better qualifier of hi/lo games (R-A5-4).
- ``"badugi"``: badugi of 4 cards (R-BADUGI-1..2), the best subset of distinct suits and ranks:
  1,092 classes, 1,092 is A-2-3-4 of four suits; its category is a :class:`BadugiCategory`
  (how many cards play).

In the low rankings :func:`category` names what the hand holds (a deuce-to-seven straight is
``HandCategory.STRAIGHT``; an unpaired ace-to-five low is ``HandCategory.HIGH_CARD``), so there
a higher category is a worse hand; strengths always compare the right way.

>>> evaluate("As Ks Qs Js Ts")
7462
>>> describe(evaluate("Kh Kd Ks 3c 3d 9s 2h"))
'Full house, kings full of threes'
>>> category(evaluate("7c 7d 2s 9h Jd"))
<HandCategory.ONE_PAIR: 1>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Literal, overload

from drawpoker import _core
from drawpoker.cards import as_card_array, to_card_list
from drawpoker.errors import InvalidArgumentError
from drawpoker.validate import integer, name_in

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike

HIGH_CLASS_COUNT = 7462
"""Distinct five-card high-hand values (R-HIGH-5)."""


@dataclass(frozen=True)
class RankingSystem:
    """A hand-ranking system: its public name, the hand sizes it takes, whether the joker may
    appear, and its highest strength (strengths run 1..max_strength, bigger wins).

    >>> RANKINGS["joker"]
    RankingSystem(name='joker', hand_sizes=(5,), allows_joker=True, max_strength=7475)
    """

    name: str
    hand_sizes: tuple[int, ...]
    allows_joker: bool
    max_strength: int


RANKINGS: dict[str, RankingSystem] = {
    name: RankingSystem(name, tuple(sizes), joker, top)
    for name, sizes, joker, top in _core.rankings()
}
"""Every ranking system by public name."""


def ranking_system(name: str) -> RankingSystem:
    """The ranking system called ``name``; an unknown name raises InvalidArgumentError.

    >>> ranking_system("high").hand_sizes
    (5, 6, 7)
    """
    try:
        return RANKINGS[name]
    except (KeyError, TypeError):
        known = ", ".join(RANKINGS)
        raise InvalidArgumentError(f"unknown ranking {name!r} (known: {known})") from None


class HandCategory(IntEnum):
    """High-hand categories, worst first (R-HIGH-1); five of a kind exists only with the joker.

    >>> HandCategory.FLUSH > HandCategory.STRAIGHT
    True
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


class BadugiCategory(IntEnum):
    """Badugi categories: how many cards play (R-BADUGI-1); more is always better.

    >>> category(evaluate("Kc Qd Jh Ts", ranking="badugi"), ranking="badugi")
    <BadugiCategory.BADUGI: 4>
    """

    ONE_CARD = 1
    TWO_CARDS = 2
    THREE_CARDS = 3
    BADUGI = 4


def evaluate(cards: CardsLike, ranking: str = "high") -> int:
    """Strength of one hand under ``ranking`` (5, 6 or 7 cards for ``"high"``: the best five).

    >>> evaluate("2c 3d 4h 5s 7c")
    1
    >>> evaluate([51, 47, 43, 39, 35]) == evaluate("As Ks Qs Js Ts")
    True
    >>> evaluate(["As", "Ks", "Qs", "Js", "10s"]) == evaluate("A♠K♠Q♠J♠T♠") == 7462
    True
    >>> evaluate("Ah Ad Ac As Jk", ranking="joker")
    7475
    """
    name = ranking if type(ranking) is str and ranking in RANKINGS else ranking_system(ranking).name
    return _core.evaluate(to_card_list(cards), name)


def evaluate_batch(cards: npt.ArrayLike, ranking: str = "high") -> npt.NDArray[np.uint16]:
    """Strengths of every row of ``cards[N, k]`` under ``ranking``, computed with the GIL released
    (k = 5, 6 or 7 for ``"high"``; see :data:`RANKINGS`).

    Rows are checked first: a value out of range (the joker 52 only where the ranking allows it)
    or a repeated card raises :class:`~drawpoker.errors.InvalidCardError` naming the row.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[48, 49, 50, 51, 0], [0, 5, 10, 15, 20]], dtype=np.uint8))
    array([7441,    1], dtype=uint16)
    >>> evaluate_batch([[52, 48, 49, 50, 51]], ranking="joker")
    array([7475], dtype=uint16)
    """
    system = ranking_system(ranking)
    array = as_card_array(cards, widths=system.hand_sizes, allow_joker=system.allows_joker)
    return _core.evaluate_batch(array, ranking)


LOW8_MIN: int = _core.ace_five_low8_min()
"""The weakest ace-to-five strength that is an eight-or-better low (8-7-6-5-4, R-A5-4)."""


def qualifies_low8(strength: int) -> bool:
    """Whether an ace-to-five strength is an eight-or-better low (five distinct ranks, eight
    or lower).

    >>> qualifies_low8(evaluate("8c 7d 5h 3s Ac", ranking="ace-five"))
    True
    >>> qualifies_low8(evaluate("9c 7d 5h 3s Ac", ranking="ace-five"))
    False
    """
    return checked_strength(strength, "ace-five") >= LOW8_MIN


def evaluate_low8(cards: CardsLike) -> int | None:
    """The ace-to-five strength of the best low of 5, 6 or 7 cards if it is eight-or-better,
    else ``None``: the low half of a hi/lo hand, absent when it does not qualify (R-A5-4).

    >>> describe(evaluate_low8("Kd 8c 7d 5h 3s Ac 3d"), ranking="ace-five")
    'Eight-seven low: 8-7-5-3-A'
    >>> evaluate_low8("Kd 9c 7d 5h 3s Ac 3d") is None
    True
    """
    strength = evaluate(cards, ranking="ace-five")
    return strength if qualifies_low8(strength) else None


def evaluate_low8_batch(cards: npt.ArrayLike) -> npt.NDArray[np.uint16]:
    """:func:`evaluate_low8` of every row of ``cards[N, k]`` (k = 5, 6 or 7); ``0`` marks a row
    without an eight-or-better low (every real strength is at least 1).

    >>> evaluate_low8_batch([[0, 5, 10, 15, 48], [0, 5, 10, 15, 44]]).tolist()
    [6175, 0]
    """
    return _core.evaluate_low8_batch(as_card_array(cards, widths=(5, 6, 7)))


def compare_batch(a: npt.ArrayLike, b: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """``+1``, ``0`` or ``-1`` per row as high hand ``a[i]`` beats, ties or loses to ``b[i]``.

    >>> compare_batch([[48, 49, 50, 51, 0]], [[0, 5, 10, 15, 20]])
    array([1], dtype=int8)
    """
    return _core.compare_batch(
        as_card_array(a, widths=(5, 6, 7), name="a"), as_card_array(b, widths=(5, 6, 7), name="b")
    )


def checked_strength(strength: object, ranking: str) -> int:
    """``strength`` as an int, refused unless it is a strength of ``ranking`` (1..its top).

    >>> checked_strength(7463, "high")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: strength (ranking 'high') must be an integer in \
1..7462, not 7463
    """
    system = ranking_system(ranking)
    if type(strength) is int and 1 <= strength <= system.max_strength:  # the usual case
        return strength
    return integer(f"strength (ranking {system.name!r})", strength, 1, system.max_strength)


# The literal "badugi" is also a str; mypy's documented way to accept that overlap is to ignore it.
@overload
def category(  # type: ignore[overload-overlap]
    strength: int, ranking: Literal["badugi"]
) -> BadugiCategory: ...


@overload
def category(strength: int, ranking: str = "high") -> HandCategory: ...


def category(strength: int, ranking: str = "high") -> HandCategory | BadugiCategory:
    """The category of a strength: a :class:`HandCategory`, or for badugi a
    :class:`BadugiCategory`.

    >>> category(7462)
    <HandCategory.STRAIGHT_FLUSH: 8>
    >>> category(7463, ranking="joker")
    <HandCategory.FIVE_OF_A_KIND: 9>
    >>> category(evaluate("Kc Kd 7h 2s", ranking="badugi"), ranking="badugi")
    <BadugiCategory.THREE_CARDS: 3>
    """
    number = _core.category(checked_strength(strength, ranking), ranking)
    return BadugiCategory(number) if ranking == "badugi" else HandCategory(number)


def describe(strength: int, ranking: str = "high") -> str:
    """A person's name for a strength.

    >>> describe(7462)
    'Royal flush'
    >>> describe(evaluate("5d 4c 3h 2s Ad"))
    'Straight, five high'
    >>> describe(evaluate("Jk 9h 9d 9c 9s", ranking="joker"), ranking="joker")
    'Five of a kind, nines'
    >>> describe(evaluate("8c 5d 3h As", ranking="badugi"), ranking="badugi")
    'Badugi, 8-5-3-A'
    """
    return _core.describe(checked_strength(strength, ranking), ranking)


HISTOGRAM_METHODS = ("walk", "patterns")
"""How :func:`strength_histogram` counts: by walking every hand, or by rank patterns."""


def strength_histogram(n_cards: int, method: str = "walk") -> npt.NDArray[np.uint64]:
    """How many of the C(52, n) high hands of ``n_cards`` (5..7) reach each strength.

    Index = strength (index 0 is unused). ``method="walk"`` evaluates every one of the hands, on
    all cores (the exhaustive check of the evaluator; it stops on Ctrl-C); ``method="patterns"``
    gets the same numbers in about a millisecond by counting each multiset of ranks with its
    suit assignments and each flush rank set with the hands around it.

    >>> hist = strength_histogram(5)
    >>> int(hist.sum()), int((hist > 0).sum())
    (2598960, 7462)
    >>> bool((strength_histogram(6, method="patterns") == strength_histogram(6)).all())
    True
    """
    n_cards = integer("n_cards", n_cards, 5, 7)
    return _core.strength_histogram(n_cards, name_in("method", method, HISTOGRAM_METHODS))


def category_counts(n_cards: int, method: str = "patterns") -> dict[HandCategory, int]:
    """Count of all high hands of ``n_cards`` (5..7) per category (R-HIGH-5).

    ``method`` as in :func:`strength_histogram` (``"walk"`` evaluates every hand).

    >>> category_counts(5)[HandCategory.FLUSH]
    5108
    >>> category_counts(7, method="walk") == category_counts(7)
    True
    """
    histogram = strength_histogram(n_cards, method)
    counts = dict.fromkeys(list(HandCategory)[:9], 0)
    for strength in histogram.nonzero()[0]:
        counts[category(int(strength))] += int(histogram[strength])
    return counts
