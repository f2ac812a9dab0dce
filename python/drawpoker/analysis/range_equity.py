"""Hold'em equity of hand ranges: hand against range, range against range, multiway.

Every player holds a :class:`~drawpoker.analysis.ranges.Range` (a plain hand is a range of one
combo).
The equity is the average over every assignment of combos to players that shares no card,
weighted by the product of the combos' weights, and over every board. It is exact when the
distinct matchups (assignments equal up to relabelling the suits are computed once) times the
boards per matchup fit ``max_outcomes``; otherwise a Monte Carlo estimate from ``samples``
deals drawn with ``seed``, with a standard error. Each player's combos get their own equity
and frequency (NumPy arrays in the range's iteration order).

>>> from drawpoker.analysis.ranges import Range
>>> r = range_equity([Range("AsKs"), Range("QQ")])
>>> r.exact, r.matchups, round(r.players[0].equity, 4)
(True, 2, 0.4605)
>>> r.combos[1].equity.round(4).tolist()   # QsQh QsQd QsQc QhQd QhQc QdQc
[0.5412, 0.5412, 0.5412, 0.5379, 0.5379, 0.5379]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from drawpoker import _core
from drawpoker.analysis.equity_result import (
    DEFAULT_MAX_OUTCOMES,
    DEFAULT_SAMPLES,
    EquityResult,
    PlayerEquity,
    budget,
)
from drawpoker.analysis.ranges import Range
from drawpoker.cards import to_card_list
from drawpoker.errors import InvalidArgumentError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike


@dataclass(frozen=True)
class ComboEquities:
    """One player's combos (``uint8[N, 2]``), their weights, each combo's equity against the
    other players (NaN for a combo never dealt) and its frequency (the chance the player holds
    it; they sum to 1). The player's equity is ``(frequency * equity)`` summed.

    >>> from drawpoker.analysis.ranges import Range
    >>> c = range_equity([Range("AA"), Range("KhKs")]).combos[0]
    >>> c.combos.shape, c.frequency.round(3).tolist()
    ((6, 2), [0.167, 0.167, 0.167, 0.167, 0.167, 0.167])
    """

    range: Range
    combos: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]
    equity: npt.NDArray[np.float64]
    frequency: npt.NDArray[np.float64]


@dataclass(frozen=True)
class RangeEquityResult(EquityResult):
    """An :class:`~drawpoker.analysis.equity.EquityResult` of ranges, with the distinct ``matchups``
    computed (0 for Monte Carlo) and every player's :class:`ComboEquities`. ``outcomes`` counts
    the deals covered (assignments times boards) or the samples; a player's ``wins`` and
    ``ties`` are the weighted counts, rounded.

    >>> from drawpoker.analysis.ranges import Range
    >>> r = range_equity([Range("AKs"), Range("QQ")], board="Qs 7d 2c")
    >>> r.outcomes, r.matchups
    (11880, 12)
    """

    matchups: int = 0
    combos: tuple[ComboEquities, ...] = ()


def as_range(hand: Range | CardsLike, name: str) -> Range:
    """A player's hand or range as a :class:`Range` (two cards become a range of one combo).

    >>> len(as_range("AhKh", "hands[0]")), len(as_range(Range("AK"), "hands[1]"))
    (1, 16)
    """
    if isinstance(hand, Range):
        return hand
    cards = to_card_list(hand, name)
    if len(cards) != 2:
        raise InvalidArgumentError(f"{name} must be two hole cards or a Range, got {hand!r}")
    return Range.from_combos([cards])


def range_equity(
    hands: Sequence[Range | CardsLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    max_outcomes: int = DEFAULT_MAX_OUTCOMES,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> RangeEquityResult:
    """Hold'em equity of 2 to 10 players, each a :class:`Range` or two hole cards.

    Exact when the distinct matchups (after suit symmetry), each at what its enumeration costs
    (its boards, or before the flop the at most 185,375 steps of the walk by rank multisets;
    docs/ranges.md), fit ``max_outcomes``; else ``samples`` Monte Carlo deals from ``seed``.
    Combos holding a board or dead card are removed first. Bad input raises
    :class:`~drawpoker.errors.InvalidArgumentError` (e.g. a range left empty by the dead
    cards) or :class:`~drawpoker.errors.InvalidCardError`.

    >>> from drawpoker.analysis.ranges import Range
    >>> r = range_equity(["AhAd", Range("KK+"), Range("random")], board="2c 7d 9h")
    >>> r.exact, [round(p.equity, 3) for p in r.players]
    (True, [0.721, 0.129, 0.15])
    >>> pre = range_equity([Range("QQ+, AKs"), Range("JJ-99, AQs+")])  # 43 matchups, exact
    >>> pre.exact, pre.matchups, round(pre.players[0].equity, 4)
    (True, 43, 0.7312)
    >>> mc = range_equity([Range("QQ+, AKs"), Range("JJ-99, AQs+")], max_outcomes=10**6,
    ...                   samples=20_000, seed=2)
    >>> mc.exact, mc.outcomes, round(mc.players[0].std_error, 3)
    (False, 20000, 0.003)
    """
    if isinstance(hands, str | Range) or not isinstance(hands, Sequence):
        raise InvalidArgumentError(
            "hands must be a list with one hand or Range per player, e.g. [Range('QQ+'), 'AhKh']"
        )
    board_cards = to_card_list(board, "board")
    dead_cards = to_card_list(dead, "dead")
    ranges = [
        as_range(hand, f"hands[{i}]").without(board_cards + dead_cards)
        for i, hand in enumerate(hands)
    ]
    for i, r in enumerate(ranges):
        if not len(r):
            raise InvalidArgumentError(
                f"hands[{i}]'s range has no combo left once the board and dead cards are out"
            )
    arrays = [r.arrays() for r in ranges]
    rows, outcomes, matchups, exact = _core.range_equity(
        arrays,
        board_cards,
        dead_cards,
        *budget(max_outcomes, samples, seed),
    )
    players = tuple(
        PlayerEquity(
            win=win,
            tie=tie,
            equity=share,
            tie_equity=share - win,
            wins=round(win * outcomes),
            ties=round(tie * outcomes),
            std_error=std_error,
        )
        for share, win, tie, std_error, _, _ in rows
    )
    combos = tuple(
        ComboEquities(r, combo_array, weights, row[4], row[5])
        for r, (combo_array, weights), row in zip(ranges, arrays, rows, strict=True)
    )
    return RangeEquityResult(
        players=players, outcomes=outcomes, exact=exact, matchups=matchups, combos=combos
    )
