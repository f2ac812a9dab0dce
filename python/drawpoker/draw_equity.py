"""Equity between players after one draw, exact or (for large multiway spots) sampled.

Each player is given by the cards kept and the number of cards drawn. Cards known to be out
of play (for instance another player's discards, when they were seen) are passed as ``dead``;
discards that are not known stay among the unseen cards, which is exactly right for a player
who did not see them. Heads-up spots are always exact, for any draw sizes; multiway spots are
exact up to ``budget`` joint outcomes, then sampled with a seeded generator.

>>> e = draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], dead="7c 4s 2h 3d")
>>> round(e.shares[0], 6), e.exact
(0.661635, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from drawpoker import _core
from drawpoker.cards import CardsLike, to_card_list
from drawpoker.errors import InvalidArgumentError

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
    if budget < 0 or samples < 0:
        raise InvalidArgumentError("budget and samples must not be negative")
    rows = []
    for index, (kept, draws) in enumerate(players):
        if isinstance(draws, bool) or not isinstance(draws, int) or not 0 <= draws <= 5:
            raise InvalidArgumentError(f"player {index} draws {draws!r} cards (0 to 5 allowed)")
        rows.append((to_card_list(kept), draws))
    shares, wins, ties, outcomes, exact, errors = _core.draw_equity(
        rows, to_card_list(dead), ranking, joker, budget, samples, seed
    )
    return DrawEquity(tuple(shares), tuple(wins), tuple(ties), outcomes, exact, tuple(errors))
