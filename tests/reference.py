"""Slow, plain-Python reference rankings for the tests: they compare hands by ordered keys
(tuples, bigger = better) built straight from RULES.md section 2, with no tables.

>>> high_key([51, 47, 43, 39, 35]) > high_key([0, 1, 2, 3, 48])
True
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any

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


def deuce_seven_badness(cards: Sequence[int]) -> Key:
    """Deuce-to-seven badness (R-27-1): the high key with the ace always high, so A-5-4-3-2
    is no straight; a bigger badness is a worse low."""
    ranks = [rank(c) for c in cards]
    distinct = sorted(set(ranks), reverse=True)
    straight = len(distinct) == 5 and distinct[0] - distinct[4] == 4
    flush = len({suit(c) for c in cards}) == 1
    ordered = _by_count_then_rank(ranks)
    shape = tuple(sorted(Counter(ranks).values(), reverse=True))
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(shape, 0)
    if straight:
        category = 8 if flush else 4
    elif flush:
        category = 5
    return (category, *ordered)


def ace_five_badness(cards: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ace-to-five badness of the best five (R-A5-1..3): the pattern of rank counts first
    (unpaired < one pair < two pair < trips < full house < quads), then the ace-low values
    grouped by count, biggest first; a bigger badness is a worse low."""

    def five(hand: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        values = [(rank(c) + 1) % 13 for c in hand]
        counts = Counter(values)
        pattern = tuple(sorted(counts.values(), reverse=True))
        return pattern, tuple(sorted(values, key=lambda v: (counts[v], v), reverse=True))

    return min(five(hand) for hand in itertools.combinations(cards, 5))


def has_low8(cards: Sequence[int]) -> bool:
    """Whether five distinct ranks of eight or lower (ace low) can be chosen (R-A5-4)."""
    return len({rank(c) for c in cards} & {12, 0, 1, 2, 3, 4, 5, 6}) >= 5


def badugi_key(cards: Sequence[int]) -> Key:
    """Badugi key (R-BADUGI-1..2): the best subset with distinct suits and distinct ranks;
    more cards first, then the lower ranks from the top (ace low)."""
    best: Key = ()
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            values = sorted(((rank(c) + 1) % 13 for c in subset), reverse=True)
            suits = {suit(c) for c in subset}
            if len(set(values)) == size == len(suits):
                best = max(best, (size, *(-v for v in values)))
    return best


def dense_high_scale() -> dict[Key, int]:
    """Every distinct five-card high key mapped to its rank from 1 (worst) to 7,462 (best),
    built from rank patterns (each distinct key once), not from every hand."""
    keys: set[Key] = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        keys.add(high_key([4 * r + i % 4 for i, r in enumerate(ranks)]))
        if len(set(ranks)) == 5:
            keys.add(high_key([4 * r for r in ranks]))
    return {key: i + 1 for i, key in enumerate(sorted(keys))}


def all_hands(deck_size: int, size: int) -> npt.NDArray[np.uint8]:
    """Every hand of ``size`` cards from cards ``0..deck_size-1``, one row each."""
    combos = itertools.combinations(range(deck_size), size)
    flat = np.fromiter(itertools.chain.from_iterable(combos), dtype=np.uint8)
    return flat.reshape(-1, size)


def random_hands(
    rng: np.random.Generator, count: int, size: int, deck_size: int = 52
) -> npt.NDArray[np.uint8]:
    """``count`` random hands of distinct cards (the first ``size`` of a shuffled deck each)."""
    shuffled = np.argsort(rng.random((count, deck_size)), axis=1)
    return np.ascontiguousarray(shuffled[:, :size], dtype=np.uint8)


def assert_same_order(
    strengths: Sequence[int], keys: Sequence[Any], *, lower_is_better: bool = False
) -> None:
    """Strengths must order the hands exactly as the reference keys do, ties included
    (bigger key = better hand, or smaller with ``lower_is_better``)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=lower_is_better)
    for a, b in itertools.pairwise(order):
        if keys[a] == keys[b]:
            assert strengths[a] == strengths[b], (keys[a], strengths[a], strengths[b])
        else:
            assert strengths[a] < strengths[b], (keys[a], keys[b], strengths[a], strengths[b])
