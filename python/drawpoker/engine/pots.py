"""Pots shared by every game: uncalled bets, side pots from all-ins, and splitting with odd chips
(RULES.md section 3). The rules are the engine's (``rust/engine/pots.rs``); these functions call
them.

Amounts are integers in the game's smallest chip unit. ``committed[seat]`` is everything a seat put
in during the hand (antes, blinds, bets); ``live[seat]`` says it has not folded.

>>> [(pot.amount, pot.eligible) for pot in side_pots([50, 100, 200, 200], [True] * 4)]
[(200, (0, 1, 2, 3)), (150, (1, 2, 3)), (200, (2, 3))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from drawpoker import _core
from drawpoker.errors import InvalidArgumentError


@dataclass(frozen=True)
class Pot:
    """A layer of chips and the seats that may win it (paid into it and not folded).

    >>> Pot(30, (0, 2)).amount
    30
    """

    amount: int
    eligible: tuple[int, ...]


def uncalled_bet(committed: Sequence[int]) -> tuple[int, int] | None:
    """``(seat, chips)`` of a bet no one matched, to return to its maker before awarding (R-POT-2).

    >>> uncalled_bet([10, 50, 30])
    (1, 20)
    >>> uncalled_bet([30, 30, 10]) is None
    True
    """
    return _core.uncalled_bet(list(committed))


def side_pots(committed: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The main pot and side pots, smallest layer first (R-POT-1).

    Each layer holds what every seat paid between two all-in levels and is contested by the live
    seats that paid all of it; folded seats' chips stay in the layers they paid into. Neighbouring
    layers with the same contestants are one pot; a layer no live seat reached (only possible
    when an uncalled bet was not returned) joins the pot below it.

    >>> [(p.amount, p.eligible) for p in side_pots([100, 100, 40], [True, False, True])]
    [(120, (0, 2)), (120, (0,))]
    """
    return [
        Pot(amount, tuple(seats)) for amount, seats in _core.side_pots(list(committed), list(live))
    ]


def split(amount: int, winners: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """Shares of a pot among tied winners; odd chips go one at a time in ``order`` (R-POT-3).

    ``order`` lists seats clockwise starting with the first seat left of the button.

    >>> split(100, [3, 1, 0], order=[1, 2, 3, 0])
    {1: 34, 3: 33, 0: 33}
    """
    return dict(_core.split_pot(amount, list(winners), list(order)))


def award(pots: Sequence[Pot], strengths: Mapping[int, int], order: Sequence[int]) -> list[int]:
    """Chips each seat wins from ``pots``: the best strength among each pot's eligible seats takes
    it, ties split (R-POT-3). The result has one entry per seat of ``order``.

    >>> award([Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3))], {0: 9, 1: 5, 2: 5, 3: 1}, [1, 2, 3, 0])
    [200, 75, 75, 0]
    """
    missing = [s for pot in pots for s in pot.eligible if s not in strengths]
    if missing:
        raise InvalidArgumentError(f"no strength for seat {missing[0]}")
    by_seat = [strengths.get(seat) for seat in range(len(order))]
    layers = [(pot.amount, list(pot.eligible)) for pot in pots]
    return _core.award_pots(layers, by_seat, list(order))
