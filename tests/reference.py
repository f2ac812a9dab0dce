"""Slow, plain-Python reference rankings for the tests: they compare hands by ordered keys
(tuples, bigger = better) built straight from RULES.md section 2, with no tables.

>>> high_key([51, 47, 43, 39, 35]) > high_key([0, 1, 2, 3, 48])
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

JOKER = 52
Key = tuple[int, ...]


def rank(card: int) -> int:
    return card // 4


def suit(card: int) -> int:
    return card % 4


def _by_count_then_rank(ranks: Sequence[int]) -> list[int]:
    """Ranks grouped by how often they appear, then by rank, biggest first (R-HIGH-3)."""
    counts = Counter(ranks)
    return sorted(ranks, key=lambda r: (counts[r], r), reverse=True)


def _straight_top(ranks: Sequence[int]) -> int | None:
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [12, 3, 2, 1, 0]:
        return 3
    return None


def high_key(cards: Sequence[int]) -> Key:
    """Key of five natural cards under R-HIGH-1..3: (category 0..8, tie-break ranks...)."""
    ranks = [rank(c) for c in cards]
    flush = len({suit(c) for c in cards}) == 1
    top = _straight_top(ranks)
    ordered = _by_count_then_rank(ranks)
    shape = sorted(Counter(ranks).values(), reverse=True)
    if top is not None:
        return (8 if flush else 4, top)
    if flush:
        return (5, *ordered)
    category = {(4, 1): 7, (3, 2): 6, (3, 1): 3, (2, 2): 2, (2, 1): 1, (1, 1): 0}[
        (shape[0], shape[1])
    ]
    return (category, *ordered)


def best_high_key(cards: Sequence[int]) -> Key:
    """Best five of five to seven cards (R-HIGH-4)."""
    return max(high_key(five) for five in itertools.combinations(cards, 5))


def joker_key(cards: Sequence[int]) -> Key:
    """Joker-wild key (R-JOKER-1..2): five of a kind is category 9; otherwise the joker becomes
    whichever card not already held makes the best natural hand."""
    if JOKER not in cards:
        return high_key(cards)
    others = [c for c in cards if c != JOKER]
    counts = Counter(rank(c) for c in others)
    for r, n in counts.items():
        if n == 4:
            return (9, r)
    return max(high_key([*others, c]) for c in range(52) if c not in others)


def all_hands(deck_size: int, size: int) -> npt.NDArray[np.uint8]:
    """Every hand of ``size`` cards from cards ``0..deck_size-1``, one row each."""
    combos = itertools.combinations(range(deck_size), size)
    flat = np.fromiter(itertools.chain.from_iterable(combos), dtype=np.uint8)
    return flat.reshape(-1, size)


def random_hands(
    rng: np.random.Generator, count: int, size: int, deck_size: int = 52
) -> npt.NDArray[np.uint8]:
    """``count`` random hands of distinct cards."""
    return np.array(
        [rng.choice(deck_size, size, replace=False) for _ in range(count)], dtype=np.uint8
    )


def assert_same_order(strengths: Sequence[int], keys: Sequence[Key]) -> None:
    """Strengths must order the hands exactly as the reference keys do, ties included."""
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    for a, b in itertools.pairwise(order):
        if keys[a] == keys[b]:
            assert strengths[a] == strengths[b], (keys[a], strengths[a], strengths[b])
        else:
            assert strengths[a] < strengths[b], (keys[a], keys[b], strengths[a], strengths[b])
