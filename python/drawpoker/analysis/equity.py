"""Equity: each player's share of the pot over every way the unseen cards can fall.

Exact whenever the number of outcomes fits ``max_outcomes``; otherwise a Monte Carlo estimate
from ``samples`` deals drawn with ``seed``, with a standard error per player. Both are at most
:data:`MAX_OUTCOMES` and :data:`MAX_SAMPLES`; a long call stops on Ctrl-C (KeyboardInterrupt).

>>> result = equity(["AsKs", "QhQd"])
>>> result.exact, result.outcomes, result.players[0].wins
(True, 1712304, 787966)
>>> round(result.players[0].equity, 4)
0.4621
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from drawpoker import _core
from drawpoker.analysis.equity_result import (
    DEFAULT_MAX_OUTCOMES,
    DEFAULT_SAMPLES,
    MAX_OUTCOMES,
    MAX_SAMPLES,
    EquityResult,
    PlayerEquity,
    budget,
)
from drawpoker.analysis.range_equity import range_equity
from drawpoker.analysis.ranges import Range
from drawpoker.cards import as_card_array, to_card_list
from drawpoker.engine import registry
from drawpoker.errors import InvalidArgumentError
from drawpoker.validate import name_in

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike

_RULES: dict[str, _core.Rules] = {
    name: rules
    for name in registry.GAMES
    if _core.equity_scores(rules := registry.game(name).rules)
}
GAMES: tuple[str, ...] = tuple(_RULES)
"""Games whose equity can be computed, by their registry names: every game that deals no draw
(its spec's showdown parts score the deals), ``holdem``, ``omaha``, ``omaha-hi-lo``, ``stud``,
``razz``, ``stud-hi-lo``, ``short-deck``."""

__all__ = [
    "DEFAULT_MAX_OUTCOMES",
    "DEFAULT_SAMPLES",
    "GAMES",
    "MAX_OUTCOMES",
    "MAX_SAMPLES",
    "EquityResult",
    "PlayerEquity",
    "budget",
    "equity",
    "equity_batch",
]


def equity(
    hands: Sequence[CardsLike | Range],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    game: str = "holdem",
    max_outcomes: int = DEFAULT_MAX_OUTCOMES,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> EquityResult:
    """Equity of each player's hand.

    ``game`` is one of :data:`GAMES`, scored by its spec's showdown parts. ``hands`` has one
    entry per player: two hole cards in Hold'em (in short-deck Hold'em from the 36 cards six
    through ace, ranked by R-SD-2..3); 4, 5 or 6 in Omaha (the same for everyone; exactly two
    play with three board cards); in the stud games (``"stud"``, ``"razz"``, ``"stud-hi-lo"``)
    the cards seen so far (0 to 7, down and up; when the deck cannot give everyone a seventh
    card, one common card is dealt for all, R-STUD-7). In the hi/lo games half the pot goes to
    the best eight-or-better low when there is one (R-A5-4, R-SPLIT-1); Razz plays the
    ace-to-five low with no qualifier. ``board`` is 0, 3, 4 or 5 cards (board games only);
    ``dead`` are cards known to be out of play (mucked, folded upcards). In Hold'em any hand may
    be a :class:`~drawpoker.analysis.ranges.Range`: then the result is a
    :class:`~drawpoker.analysis.range_equity.RangeEquityResult` (see
    :func:`~drawpoker.analysis.range_equity.range_equity`). Bad input raises
    :class:`~drawpoker.errors.InvalidArgumentError` or
    :class:`~drawpoker.errors.InvalidCardError`.

    >>> GAMES
    ('holdem', 'omaha', 'omaha-hi-lo', 'stud', 'razz', 'stud-hi-lo', 'short-deck')
    >>> r = equity(["AsKs", "QhQd", "7c7d"], board="Kd 7s 2h")
    >>> [round(p.equity, 3) for p in r.players]
    [0.058, 0.081, 0.862]
    >>> hilo = equity(["Ac 2c Kd Kh", "Ad 2d 9s 9c"], "3h 4s 8c Ks 7d", game="omaha-hi-lo")
    >>> [p.equity for p in hilo.players]
    [0.75, 0.25]
    >>> from drawpoker.analysis.ranges import Range
    >>> round(equity([["As", "Ks"], Range("QQ")]).players[0].equity, 4)
    0.4605
    >>> mc = equity(["AsKs", "QhQd"], max_outcomes=0, samples=20_000, seed=1)
    >>> mc.exact, mc.outcomes, abs(mc.players[0].equity - 0.4621) < 4 * mc.players[0].std_error
    (False, 20000, True)
    """
    if isinstance(hands, str) or not isinstance(hands, Iterable):
        raise InvalidArgumentError(
            f"hands must be a list with one entry per player, e.g. ['AsKs', 'QhQd'], not {hands!r}"
        )
    entries = list(hands)
    if any(isinstance(hand, Range) for hand in entries):
        if game != "holdem":
            raise InvalidArgumentError(f"ranges are Hold'em ranges; game is {game!r}")
        return range_equity(
            entries, board, dead, max_outcomes=max_outcomes, samples=samples, seed=seed
        )
    hand_lists = [
        to_card_list(hand, f"hands[{i}]")
        for i, hand in enumerate(entries)
        if not isinstance(hand, Range)
    ]
    rows, outcomes, exact = _core.equity(
        _RULES[name_in("game", game, GAMES)],
        hand_lists,
        to_card_list(board, "board"),
        to_card_list(dead, "dead"),
        *budget(max_outcomes, samples, seed),
    )
    players = tuple(
        PlayerEquity(
            win=wins / outcomes,
            tie=ties / outcomes,
            equity=share,
            tie_equity=tie_share,
            wins=wins,
            ties=ties,
            std_error=std_error,
        )
        for wins, ties, share, tie_share, std_error in rows
    )
    return EquityResult(players=players, outcomes=outcomes, exact=exact)


def equity_batch(
    hole_a: npt.ArrayLike,
    hole_b: npt.ArrayLike,
    board: npt.ArrayLike | None = None,
    *,
    max_outcomes: int = DEFAULT_MAX_OUTCOMES,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
) -> npt.NDArray[np.float64]:
    """Hold'em equity of ``hole_a[i]`` against ``hole_b[i]`` for every row.

    ``hole_a`` and ``hole_b`` are ``[N, 2]`` card arrays; ``board`` is ``[N, k]`` with k = 0, 3,
    4 or 5 (none: preflop). Every row has as many outcomes (1,712,304 preflop), so either every
    row is exact (they fit ``max_outcomes``) or every row is a Monte Carlo estimate from
    ``samples`` deals, row ``i`` drawn as :func:`equity` would with ``seed + i`` (modulo
    2**64). Every row is checked before any is computed; work runs with the GIL released, on all
    cores, and a batch of many rows stops on Ctrl-C.

    >>> import numpy as np
    >>> a = np.array([[51, 47], [0, 4]], dtype=np.uint8)   # AsKs, 2c3c
    >>> b = np.array([[42, 41], [50, 49]], dtype=np.uint8)  # QhQd, AhAd
    >>> equity_batch(a, b).round(4)
    array([0.4621, 0.176 ])
    >>> sampled = equity_batch(a, b, max_outcomes=0, samples=5000, seed=3)
    >>> float(sampled[1]) == equity(["2c3c", "AhAd"], max_outcomes=0, samples=5000, seed=4
    ...     ).players[0].equity
    True
    """
    checked_budget = budget(max_outcomes, samples, seed)
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    a = as_card_array(hole_a, widths=(2,), name="hole_a")
    b = as_card_array(hole_b, widths=(2,), name="hole_b")
    if board is None:
        board_array = np.zeros((a.shape[0], 0), dtype=np.uint8)
    else:
        board_array = as_card_array(board, widths=(0, 3, 4, 5), name="board")
    if not a.shape[0] == b.shape[0] == board_array.shape[0]:
        raise InvalidArgumentError(
            f"hole_a, hole_b and board have different row counts "
            f"({a.shape[0]}, {b.shape[0]}, {board_array.shape[0]})"
        )
    return _core.equity_batch_heads_up(a, b, board_array, *checked_budget)
