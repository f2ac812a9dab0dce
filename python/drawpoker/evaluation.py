"""Hand evaluation: one hand, NumPy batches, categories, names and exhaustive counts.

Strengths are integers where bigger always wins, dense from 1 within each ranking system.
On the high scale they run 1 (7-5-4-3-2 offsuit) to 7,462 (royal flush), whatever the hand size.

>>> evaluate("As Ks Qs Js Ts")
7462
>>> describe(evaluate("Kh Kd Ks 3c 3d 9s 2h"))
'Full house, kings full of threes'
>>> category(evaluate("7c 7d 2s 9h Jd"))
<HandCategory.ONE_PAIR: 1>
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np
import numpy.typing as npt

from drawpoker import _core
from drawpoker.cards import CardsLike, as_card_array, to_card_list

HIGH_CLASS_COUNT = 7462
"""Distinct five-card high-hand values (R-HIGH-5)."""


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


def evaluate(cards: CardsLike, ranking: str = "high") -> int:
    """Strength of one hand (5, 6 or 7 cards for ``"high"``; the best five count).

    >>> evaluate("2c 3d 4h 5s 7c")
    1
    >>> evaluate([51, 47, 43, 39, 35]) == evaluate("As Ks Qs Js Ts")
    True
    """
    return _core.evaluate(to_card_list(cards), ranking)


def evaluate_batch(cards: npt.ArrayLike, ranking: str = "high") -> npt.NDArray[np.uint16]:
    """Strengths of every row of ``cards[N, k]`` (k = 5, 6 or 7), computed with the GIL released.

    Rows are checked first: a value over 51 or a repeated card raises
    :class:`~drawpoker.errors.InvalidCardError` naming the row.

    >>> evaluate_batch(np.array([[48, 49, 50, 51, 0], [0, 5, 10, 15, 20]], dtype=np.uint8))
    array([7441,    1], dtype=uint16)
    """
    return _core.evaluate_batch(as_card_array(cards, widths=(5, 6, 7)), ranking)


def compare_batch(a: npt.ArrayLike, b: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """``+1``, ``0`` or ``-1`` per row as high hand ``a[i]`` beats, ties or loses to ``b[i]``.

    >>> compare_batch([[48, 49, 50, 51, 0]], [[0, 5, 10, 15, 20]])
    array([1], dtype=int8)
    """
    return _core.compare_batch(
        as_card_array(a, widths=(5, 6, 7), name="a"), as_card_array(b, widths=(5, 6, 7), name="b")
    )


def category(strength: int, ranking: str = "high") -> HandCategory:
    """The category of a strength.

    >>> category(7462)
    <HandCategory.STRAIGHT_FLUSH: 8>
    """
    return HandCategory(_core.category(strength, ranking))


def describe(strength: int, ranking: str = "high") -> str:
    """A person's name for a strength.

    >>> describe(7462)
    'Royal flush'
    >>> describe(evaluate("5d 4c 3h 2s Ad"))
    'Straight, five high'
    """
    return _core.describe(strength, ranking)


def strength_histogram(n_cards: int) -> npt.NDArray[np.uint64]:
    """How many of the C(52, n) high hands of ``n_cards`` (5..7) reach each strength.

    Index = strength (index 0 is unused). Every hand is enumerated, on all cores.

    >>> hist = strength_histogram(5)
    >>> int(hist.sum()), int((hist > 0).sum())
    (2598960, 7462)
    """
    return _core.strength_histogram(n_cards)


def category_counts(n_cards: int) -> dict[HandCategory, int]:
    """Exhaustive count of high hands of ``n_cards`` (5..7) per category (R-HIGH-5).

    >>> category_counts(5)[HandCategory.FLUSH]
    5108
    """
    histogram = strength_histogram(n_cards)
    counts = dict.fromkeys(list(HandCategory)[:9], 0)
    for strength in np.flatnonzero(histogram):
        counts[category(int(strength))] += int(histogram[strength])
    return counts
