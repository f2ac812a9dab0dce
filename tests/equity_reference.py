"""A slow, independent equity reference in plain Python for the tests.

Hands are scored as (category, tie-break ranks) tuples taken over every five-card subset, and
deals are walked with itertools; nothing is shared with the Rust core.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from drawpoker import EquityResult

Score = tuple[int, tuple[int, ...]]


def score_five(cards: Sequence[int]) -> Score:
    """(category 0..8, ranks breaking ties) of five cards; bigger is better."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None:
        return (8 if flush else 4, (straight_top,))
    if flush:
        return (5, tuple(ranks))
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [count for _, count in groups]
    order = tuple(rank for rank, _ in groups)
    category = {
        (4, 1): 7,
        (3, 2): 6,
        (3, 1, 1): 3,
        (2, 2, 1): 2,
        (2, 1, 1, 1): 1,
        (1, 1, 1, 1, 1): 0,
    }[tuple(shape)]
    return (category, order)


def best_high(cards: Sequence[int]) -> Score:
    """Best five-card score of five or more cards."""
    return max(score_five(five) for five in combinations(cards, 5))


def ace_five_low(five: Sequence[int]) -> Score:
    """Ace-to-five low of five cards as a score where bigger is better (R-A5-1..3)."""
    ranks = [0 if c >> 2 == 12 else (c >> 2) + 1 for c in five]
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    badness = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)].index(shape)
    return (-badness, tuple(-rank for rank, _ in groups))


def best_low(cards: Sequence[int]) -> Score:
    """Best ace-to-five low of five or more cards."""
    return max(ace_five_low(five) for five in combinations(cards, 5))


def is_low8(score: Score) -> bool:
    """An eight-or-better low: unpaired, every rank eight or lower (R-A5-4)."""
    return score[0] == 0 and -score[1][0] <= 7


def split_evenly(scores: Sequence[Score], pot: Fraction) -> list[Fraction]:
    """``pot`` divided equally among the best scores."""
    best = max(scores)
    winners = sum(1 for s in scores if s == best)
    return [pot / winners if s == best else Fraction(0) for s in scores]


Hands = Sequence[Sequence[int]]


def omaha_fives(hole: Sequence[int], board: Sequence[int]) -> list[list[int]]:
    """Every five-card hand of exactly two hole cards and three board cards (R-HIGH-4)."""
    return [[*two, *three] for two in combinations(hole, 2) for three in combinations(board, 3)]


def high_shares(finals: Hands, board: Sequence[int]) -> list[Fraction]:
    """One pot to the best high hands of hand + board."""
    return split_evenly([best_high([*f, *board]) for f in finals], Fraction(1))


def razz_shares(finals: Hands, board: Sequence[int]) -> list[Fraction]:
    """One pot to the best ace-to-five lows."""
    return split_evenly([best_low([*f, *board]) for f in finals], Fraction(1))


def split_high_low(highs: list[Score], lows: list[Score]) -> list[Fraction]:
    """Half to the best high, half to the best eight-or-better low; all high without one."""
    if not any(is_low8(low) for low in lows):
        return split_evenly(highs, Fraction(1))
    qualified = [low if is_low8(low) else (-99, ()) for low in lows]
    high = split_evenly(highs, Fraction(1, 2))
    low = split_evenly(qualified, Fraction(1, 2))
    return [h + lo for h, lo in zip(high, low, strict=True)]


def hi_lo_shares(finals: Hands, board: Sequence[int]) -> list[Fraction]:
    """Stud Hi/Lo: best high and best low of each player's seven cards."""
    highs = [best_high([*f, *board]) for f in finals]
    lows = [best_low([*f, *board]) for f in finals]
    return split_high_low(highs, lows)


def omaha_shares(finals: Hands, board: Sequence[int]) -> list[Fraction]:
    """Omaha high: one pot to the best two-plus-three hands."""
    highs = [max(score_five(h) for h in omaha_fives(f, board)) for f in finals]
    return split_evenly(highs, Fraction(1))


def omaha_hi_lo_shares(finals: Hands, board: Sequence[int]) -> list[Fraction]:
    """Omaha Hi/Lo: high and low each from two hole cards plus three board cards."""
    fives = [omaha_fives(f, board) for f in finals]
    highs = [max(score_five(h) for h in fs) for fs in fives]
    lows = [max(ace_five_low(h) for h in fs) for fs in fives]
    return split_high_low(highs, lows)


def reference_equity(
    hands: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    hand_size: int,
    board_size: int,
    shares_of: Callable[[Hands, Sequence[int]], list[Fraction]] = high_shares,
) -> tuple[list[int], list[int], list[Fraction], int]:
    """Exact (wins, ties, equity, outcomes) by dealing every unseen card combination.

    ``shares_of(final hands, full board)`` splits the pot of one deal.
    """
    used = {*board, *dead, *(c for h in hands for c in h)}
    pool = [c for c in range(52) if c not in used]
    wins = [0] * len(hands)
    ties = [0] * len(hands)
    shares = [Fraction(0)] * len(hands)
    outcomes = 0

    def deal_players(player: int, left: list[int], finals: list[list[int]], full_board: list[int]):
        nonlocal outcomes
        if player == len(hands):
            outcomes += 1
            split = shares_of(finals, full_board)
            for p, s in enumerate(split):
                shares[p] += s
                wins[p] += s == 1
                ties[p] += 0 < s < 1
            return
        need = hand_size - len(hands[player])
        for extra in combinations(left, need):
            rest = [c for c in left if c not in extra]
            deal_players(player + 1, rest, [*finals, [*hands[player], *extra]], full_board)

    for extra_board in combinations(pool, board_size - len(board)):
        left = [c for c in pool if c not in extra_board]
        deal_players(0, left, [], [*board, *extra_board])
    return wins, ties, [s / outcomes for s in shares], outcomes


def assert_matches_reference(
    result: EquityResult, reference: tuple[list[int], list[int], list[Fraction], int]
) -> None:
    """``result`` is exact and equal to the answer of :func:`reference_equity`."""
    wins, ties, shares, outcomes = reference
    assert result.exact
    assert result.outcomes == outcomes
    assert [p.wins for p in result.players] == wins
    assert [p.ties for p in result.players] == ties
    for player, share in zip(result.players, shares, strict=True):
        assert abs(player.equity - float(share)) <= 1e-12
        assert player.std_error == 0.0
