"""Draws counted the slow, plain way, for tests to check the draw engine against: lows and
badugi compared by rules written out here (not the engine's strengths), and every replacement
of a discard walked with itertools. Cards are numbers, rank * 4 + suit (2c = 0, As = 51)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

Key = tuple[object, ...]


def _shape(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How many of each rank (most first) and the ranks in that order (the higher first)."""
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(n for _, n in groups), tuple(r for r, _ in groups)


_HIGH_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3}
_HIGH_SHAPES |= {(3, 2): 6, (4, 1): 7}


def deuce_seven_key(cards: Sequence[int]) -> Key:
    """A deuce-to-seven low as a key where *bigger is better*: the high hand's order (the
    ace always high, straights and flushes count) turned round."""
    ranks = [c // 4 for c in cards]
    counts, order = _shape(ranks)
    category = _HIGH_SHAPES[counts]
    straight = counts == (1, 1, 1, 1, 1) and order[0] - order[4] == 4
    flush = len({c % 4 for c in cards}) == 1
    if straight or flush:
        category = 8 if straight and flush else 5 if flush else 4
    return (-category, tuple(-r for r in order))


def ace_five_key(cards: Sequence[int]) -> Key:
    """An ace-to-five low as a key where bigger is better: the ace is the lowest card,
    straights and flushes do not count; fewer pairs first, then the lowest cards."""
    ranks = [(c // 4 + 1) % 13 for c in cards]  # the ace 0, the deuce 1 ... the king 12
    counts, order = _shape(ranks)
    return (-_HIGH_SHAPES[counts], tuple(-r for r in order))


def badugi_key(cards: Sequence[int]) -> Key:
    """A badugi hand as a key where bigger is better: its best set of cards of different
    suits and different ranks, the more cards the better, then the lower (the ace lowest)."""
    best: Key = ()
    for size in range(1, len(cards) + 1):
        for subset in itertools.combinations(cards, size):
            ranks = [(c // 4 + 1) % 13 for c in subset]
            if len(set(ranks)) == size and len({c % 4 for c in subset}) == size:
                best = max(best, (size, tuple(-r for r in sorted(ranks, reverse=True))))
    return best


KEYS: dict[str, Callable[[Sequence[int]], Key]] = {
    "deuce-seven": deuce_seven_key,
    "ace-five": ace_five_key,
    "badugi": badugi_key,
}
"""The plain comparison of each low ranking and badugi."""


def replacements(hand: Sequence[int], discards: Sequence[int], deck: int = 52) -> list[list[int]]:
    """Every final hand of discarding ``discards`` from ``hand`` and drawing as many from the
    rest of a ``deck``-card deck (53: with the joker, card 52)."""
    kept = [c for c in hand if c not in discards]
    stub = [c for c in range(deck) if c not in hand]
    return [kept + list(drawn) for drawn in itertools.combinations(stub, len(discards))]


def better_finals(hand: Sequence[int], discards: Sequence[int], ranking: str) -> tuple[int, int]:
    """How many final hands of the draw beat the hand before it by the plain rules of
    ``ranking``, and how many final hands there are."""
    key = KEYS[ranking]
    before = key(hand)
    finals = replacements(hand, discards)
    return sum(key(final) > before for final in finals), len(finals)
