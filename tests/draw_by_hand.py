"""Draws counted the slow, plain way, for tests to check the draw engine against: lows and
badugi compared by rules written out here (not the engine's strengths), and every replacement
of a discard walked with itertools. Cards are numbers, rank * 4 + suit (2c = 0, As = 51)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from math import comb

import numpy as np
import numpy.typing as npt
from drawpoker import evaluate, evaluate_batch
from drawpoker.analysis.evaluation import RANKINGS, category

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


def replacements(
    hand: Sequence[int], discards: Sequence[int], deck: int = 52, dead: Sequence[int] = ()
) -> list[list[int]]:
    """Every final hand of discarding ``discards`` from ``hand`` and drawing as many from the
    rest of a ``deck``-card deck (53: with the joker, card 52) less the ``dead`` cards."""
    kept = [c for c in hand if c not in discards]
    stub = [c for c in range(deck) if c not in hand and c not in dead]
    return [kept + list(drawn) for drawn in itertools.combinations(stub, len(discards))]


def better_finals(
    hand: Sequence[int], discards: Sequence[int], ranking: str, dead: Sequence[int] = ()
) -> tuple[int, int]:
    """How many final hands of the draw (``dead`` cards out of the stub) beat the hand before
    it by the plain rules of ``ranking``, and how many final hands there are."""
    key = KEYS[ranking]
    before = key(hand)
    finals = replacements(hand, discards, dead=dead)
    return sum(key(final) > before for final in finals), len(finals)


@cache
def _combinations(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every ``k`` of ``range(n)``, one row each (one empty row for ``k`` = 0)."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.uint8)
    flat = itertools.chain.from_iterable(itertools.combinations(range(n), k))
    return np.fromiter(flat, dtype=np.uint8, count=comb(n, k) * k).reshape(-1, k)


@cache
def _categories(ranking: str) -> npt.NDArray[np.int64]:
    """The category number of each strength of ``ranking`` (index 0 unused)."""
    top = RANKINGS[ranking].max_strength
    return np.array([0] + [category(s, ranking) for s in range(1, top + 1)])


@cache
def beat_random_by_strength(ranking: str, deck: int = 52) -> npt.NDArray[np.float64]:
    """For each strength of ``ranking``, its chance to beat a hand dealt at random from the
    whole deck (a tie counts half), every hand of the deck evaluated."""
    size = 4 if ranking == "badugi" else 5
    strengths = evaluate_batch(_combinations(deck, size), ranking)
    counts = np.bincount(strengths, minlength=RANKINGS[ranking].max_strength + 1)
    below = np.cumsum(counts) - counts
    return (below + counts / 2) / counts.sum()


def draw_numbers(
    hand: Sequence[int], mask: int, ranking: str, deck: int = 52, dead: Sequence[int] = ()
) -> tuple[float, int, int]:
    """The chance to beat a random hand after discarding the cards of ``mask`` and drawing
    (every replacement from the rest of the deck less the ``dead`` cards evaluated), how many
    of the final hands improve on the hand (a better category for high hands, a better hand
    for the lows and badugi) and how many final hands there are."""
    kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
    stub = np.array([c for c in range(deck) if c not in hand and c not in dead], dtype=np.uint8)
    drawn = stub[_combinations(len(stub), len(hand) - len(kept))]
    finals = np.hstack([np.tile(np.array(kept, dtype=np.uint8), (len(drawn), 1)), drawn])
    strengths = evaluate_batch(finals, ranking)
    before = evaluate(list(hand), ranking)
    if ranking in ("high", "joker"):
        categories = _categories(ranking)
        better = int((categories[strengths] > categories[before]).sum())
    else:
        better = int((strengths > before).sum())
    value = float(beat_random_by_strength(ranking, deck)[strengths].mean())
    return value, better, len(finals)


def allowed(hand: Sequence[int], mask: int, limit: str) -> bool:
    """Whether a draw ``limit`` lets ``hand`` discard the cards of ``mask`` (RULES.md R-DRAW-7:
    ``"3"``; ``"3-or-4-with-ace"``, four only keeping an ace or the joker; ``"5"``, any)."""
    count = bin(mask).count("1")
    kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
    if limit == "5" or count <= 3:
        return True
    return limit == "3-or-4-with-ace" and count == 4 and any(c == 52 or c // 4 == 12 for c in kept)


def best_draw(
    hand: Sequence[int], ranking: str, limit: str, deck: int = 52, dead: Sequence[int] = ()
) -> tuple[int, tuple[float, int, int]]:
    """The discard (a mask) the draw ``limit`` allows with the best chance to beat a random
    hand, ties to the fewer discards then the smaller mask, and its :func:`draw_numbers`
    (``dead`` cards out of the stub)."""
    masks = [m for m in range(1 << len(hand)) if allowed(hand, m, limit)]
    numbers = {m: draw_numbers(hand, m, ranking, deck, dead) for m in masks}
    best = min(masks, key=lambda m: (-round(numbers[m][0], 12), bin(m).count("1"), m))
    return best, numbers[best]
