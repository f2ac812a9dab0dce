"""Independent slow reference evaluators for the tests (plain Python, no drawpoker code).

The method differs from the library's tables on purpose: hands are classified by counting
ranks and looking for flushes and straights directly, and compared as tuples.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def straight_top(ranks: set[int]) -> int | None:
    """Top rank of a five-rank straight (ace plays low only in A-2-3-4-5)."""
    if len(ranks) != 5:
        return None
    if ranks == {12, 0, 1, 2, 3}:
        return 3
    top = max(ranks)
    return top if top - min(ranks) == 4 else None


def high_key_five(cards: list[int]) -> tuple[int, ...]:
    """A tuple that orders five-card high hands: bigger tuple, better hand (R-HIGH-1..3)."""
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in by_count]
    kickers = tuple(rank for rank, _ in by_count)
    top = straight_top(set(ranks))
    if top is not None and flush:
        return (STRAIGHT_FLUSH, top)
    if shape == [4, 1]:
        return (QUADS, *kickers)
    if shape == [3, 2]:
        return (FULL_HOUSE, *kickers)
    if flush:
        return (FLUSH, *sorted(ranks, reverse=True))
    if top is not None:
        return (STRAIGHT, top)
    if shape == [3, 1, 1]:
        return (TRIPS, *kickers)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *kickers)
    if shape == [2, 1, 1, 1]:
        return (PAIR, *kickers)
    return (HIGH_CARD, *kickers)


def high_key(cards: list[int]) -> tuple[int, ...]:
    """Best five-card key of 5 to 7 cards (R-HIGH-4)."""
    return max(high_key_five(list(five)) for five in combinations(cards, 5))


def dense_high_scale() -> dict[tuple[int, ...], int]:
    """Every distinct five-card key mapped to its rank from 1 (worst) to 7,462 (best).

    Built from rank patterns (each distinct key once), not from every hand.
    """
    keys: set[tuple[int, ...]] = set()
    for ranks in combinations_with_replacement_limited():
        keys.add(high_key_five([4 * r + i % 4 for i, r in enumerate(ranks)]))
        if len(set(ranks)) == 5:
            keys.add(high_key_five([4 * r for r in ranks]))
    return {key: i + 1 for i, key in enumerate(sorted(keys))}


def combinations_with_replacement_limited() -> list[tuple[int, ...]]:
    """Every multiset of five ranks with no rank more than four times."""
    from itertools import combinations_with_replacement

    return [
        ranks
        for ranks in combinations_with_replacement(range(13), 5)
        if max(Counter(ranks).values()) <= 4
    ]
