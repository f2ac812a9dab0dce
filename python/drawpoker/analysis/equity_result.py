"""What an equity computation returns (:class:`EquityResult`, one :class:`PlayerEquity` per
player) and the budget it may spend (outcomes walked exactly, Monte Carlo samples, the seed),
shared by :func:`drawpoker.analysis.equity.equity` and
:func:`drawpoker.analysis.range_equity.range_equity`.

>>> budget(DEFAULT_MAX_OUTCOMES, DEFAULT_SAMPLES, 0)
(10000000, 200000, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from drawpoker import _core
from drawpoker.validate import SEED_MAX, integer

DEFAULT_MAX_OUTCOMES = 10_000_000
"""Deals enumerated exactly by default; above this, Monte Carlo."""

DEFAULT_SAMPLES = 200_000
"""Monte Carlo deals drawn by default."""

MAX_OUTCOMES, MAX_SAMPLES = _core.equity_limits()
"""The largest ``max_outcomes`` (10**12: a walk of that many deals takes hours) and sample count
(10**12) a call may give; :func:`drawpoker.draw_equity`'s budget has the same maximum."""


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    ``win`` is the fraction of outcomes where the player took the whole pot, ``tie`` the fraction
    where the player took part of it (a tie, or one half of a split pot); ``equity`` is the
    expected share of the pot, of which ``tie_equity`` came from partial pots. ``wins`` and
    ``ties`` are the counts behind ``win`` and ``tie``. ``std_error`` is 0 for exact results.

    >>> from drawpoker.analysis.equity import equity
    >>> equity(["AhAd", "KcKs"], board="2c 7d 9h Qs").players[0].win
    0.9545454545454546
    """

    win: float
    tie: float
    equity: float
    tie_equity: float
    wins: int
    ties: int
    std_error: float


@dataclass(frozen=True)
class EquityResult:
    """Every player's result, the number of outcomes (or samples) and whether it is exact.

    >>> from drawpoker.analysis.equity import equity
    >>> r = equity(["AhAd", "KcKs"], board="2c 7d 9h Qs 3s")
    >>> [p.equity for p in r.players], r.outcomes, r.exact
    ([1.0, 0.0], 1, True)
    """

    players: tuple[PlayerEquity, ...]
    outcomes: int
    exact: bool


def budget(max_outcomes: object, samples: object, seed: object) -> tuple[int, int, int]:
    """``(max_outcomes, samples, seed)`` checked against their ranges.

    >>> budget(10**6, 1000, 7)
    (1000000, 1000, 7)
    >>> budget(10**18, 1000, 7)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: max_outcomes must be an integer in 0..10**12, not \
1000000000000000000
    """
    return (
        integer("max_outcomes", max_outcomes, 0, MAX_OUTCOMES),
        integer("samples", samples, 0, MAX_SAMPLES),
        integer("seed", seed, 0, SEED_MAX),
    )
