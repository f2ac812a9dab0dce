"""Equity between players after one draw, exact or (for large multiway spots) sampled.

Each player is given by the cards kept and the number of cards drawn. Cards known to be out
of play (for instance another player's discards, when they were seen) are passed as ``dead``;
discards that are not known stay among the unseen cards, which is exactly right for a player
who did not see them. Heads-up spots are always exact, for any draw sizes; multiway spots are
exact up to ``budget`` joint outcomes, then sampled with a seeded generator. ``budget`` and
``samples`` are at most 10**12 (:data:`~drawpoker.analysis.equity.MAX_OUTCOMES`,
:data:`~drawpoker.analysis.equity.MAX_SAMPLES`); a long call stops on Ctrl-C (KeyboardInterrupt).

>>> e = draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], dead="7c 4s 2h 3d")
>>> round(e.shares[0], 6), e.exact
(0.661635, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from drawpoker import _core
from drawpoker.analysis.equity_result import MAX_OUTCOMES, MAX_SAMPLES
from drawpoker.analysis.evaluation import ranking_system
from drawpoker.cards import CardsLike, to_card_list
from drawpoker.errors import InvalidArgumentError
from drawpoker.validate import SEED_MAX, flag, integer

DEFAULT_BUDGET = 5_000_000
"""Joint outcomes a multiway spot may have and still be walked exactly."""


@dataclass(frozen=True)
class DrawEquity:
    """Each player's pot share (ties split equally), sole-win and tie chances.

    ``outcomes`` is the number of equally likely joint draws walked (``exact``) or of samples;
    ``std_errors`` are the standard errors of the shares (zero when exact).

    >>> e = draw_equity([("Ac Ad Ah As", 1), ("Kc Kd Kh Ks", 1)])
    >>> e.shares, e.exact
    ((1.0, 0.0), True)
    """

    shares: tuple[float, ...]
    wins: tuple[float, ...]
    ties: tuple[float, ...]
    outcomes: int
    exact: bool
    std_errors: tuple[float, ...]


def draw_equity(
    players: Sequence[tuple[CardsLike, int]],
    *,
    dead: CardsLike = (),
    ranking: str = "high",
    joker: bool = False,
    budget: int = DEFAULT_BUDGET,
    samples: int = 200_000,
    seed: int = 0,
) -> DrawEquity:
    """Equity after one draw of ``players`` given as ``(kept cards, cards drawn)`` pairs.

    >>> e = draw_equity([("9c 9d 9h", 2), ("Tc Td", 3), ("As Ks Qs Js", 1)], samples=20_000)
    >>> e.exact, round(sum(e.shares), 9)
    (False, 1.0)
    """
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise InvalidArgumentError(
            f"players must be a list of (kept cards, cards drawn) pairs, not {players!r}"
        )
    rows = []
    for index, player in enumerate(players):
        if isinstance(player, str) or not (isinstance(player, Sequence) and len(player) == 2):
            raise InvalidArgumentError(
                f"player {index} must be a (kept cards, cards drawn) pair, not {player!r}"
            )
        kept, draws = player
        rows.append(
            (
                to_card_list(kept, f"player {index}'s kept cards"),
                integer(f"player {index}'s cards drawn", draws, 0, 5),
            )
        )
    shares, wins, ties, outcomes, exact, errors = _core.draw_equity(
        rows,
        to_card_list(dead, "dead"),
        ranking_system(ranking).name,
        flag("joker", joker),
        integer("budget", budget, 0, MAX_OUTCOMES),
        integer("samples", samples, 0, MAX_SAMPLES),
        integer("seed", seed, 0, SEED_MAX),
    )
    return DrawEquity(tuple(shares), tuple(wins), tuple(ties), outcomes, exact, tuple(errors))
