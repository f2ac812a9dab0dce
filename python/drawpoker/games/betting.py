"""Betting structures: how big a bet or raise may be, and which raises reopen the betting.

A structure answers for one decision: the smallest legal total ("to" amount) for a bet or raise, the
step between legal totals, and the largest (``None`` = the player's whole stack). Going all-in is
always allowed on top of that (R-DRAW-3, R-POT-6); the hand engine adds it.

>>> unit = UnitBetting(unit=20)
>>> unit.bet_range(current_bet=0, largest_raise=0, pot=60)
(20, 20, None)
>>> unit.bet_range(current_bet=40, largest_raise=40, pot=100)
(80, 20, None)
>>> unit.is_full_raise(increment=10, largest_raise=20)
False
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from drawpoker.errors import InvalidArgumentError


@runtime_checkable
class BettingStructure(Protocol):
    """What the hand engine asks a betting structure.

    >>> isinstance(UnitBetting(20), BettingStructure)
    True
    """

    def bet_range(
        self, current_bet: int, largest_raise: int, pot: int
    ) -> tuple[int, int, int | None]:
        """``(min_to, step, max_to)`` for a bet (``current_bet == 0``) or a raise."""
        ...

    def is_full_raise(self, increment: int, largest_raise: int) -> bool:
        """Whether raising by ``increment`` reopens the betting for players who already acted."""
        ...

    def to_dict(self) -> dict[str, object]:
        """The structure as plain data."""
        ...


class UnitBetting:
    """The Five-Card Draw unit rule (R-DRAW-3): bets and raises are whole multiples of ``unit``
    (2 x ante); a raise adds at least one unit and at least the largest raise so far; no cap.
    A short all-in raise does not reopen the betting (R-POT-6).

    >>> UnitBetting(20).is_full_raise(increment=40, largest_raise=40)
    True
    """

    def __init__(self, unit: int) -> None:
        self.unit = unit

    def bet_range(
        self, current_bet: int, largest_raise: int, pot: int
    ) -> tuple[int, int, int | None]:
        """``(min_to, step, max_to)``: one unit to open, else the current bet + the largest raise.

        >>> UnitBetting(20).bet_range(current_bet=50, largest_raise=30, pot=0)
        (90, 20, None)
        """
        if current_bet == 0:
            return self.unit, self.unit, None
        increment = max(self.unit, largest_raise)
        increment += -increment % self.unit
        return current_bet + increment, self.unit, None

    def is_full_raise(self, increment: int, largest_raise: int) -> bool:
        """A raise of at least one unit and at least the largest raise so far.

        >>> UnitBetting(20).is_full_raise(increment=20, largest_raise=0)
        True
        """
        return increment >= max(self.unit, largest_raise)

    def to_dict(self) -> dict[str, object]:
        """Plain data.

        >>> UnitBetting(20).to_dict()
        {'kind': 'unit', 'unit': 20}
        """
        return {"kind": "unit", "unit": self.unit}


class NoLimit:
    """No limit (Hold'em, 2-7 single draw): a bet of at least ``minimum`` (the big blind), a raise
    of at least the previous raise increment, any chip amount up to the stack (R-HE-4).

    >>> NoLimit(100).bet_range(current_bet=300, largest_raise=200, pot=450)
    (500, 1, None)
    """

    def __init__(self, minimum: int) -> None:
        self.minimum = minimum

    def bet_range(
        self, current_bet: int, largest_raise: int, pot: int
    ) -> tuple[int, int, int | None]:
        """``(min_to, 1, None)``.

        >>> NoLimit(100).bet_range(current_bet=0, largest_raise=0, pot=150)
        (100, 1, None)
        """
        return current_bet + max(self.minimum, largest_raise), 1, None

    def is_full_raise(self, increment: int, largest_raise: int) -> bool:
        """At least the previous increment and the minimum bet.

        >>> NoLimit(100).is_full_raise(increment=150, largest_raise=200)
        False
        """
        return increment >= max(self.minimum, largest_raise)

    def to_dict(self) -> dict[str, object]:
        """Plain data.

        >>> NoLimit(100).to_dict()
        {'kind': 'no-limit', 'minimum': 100}
        """
        return {"kind": "no-limit", "minimum": self.minimum}


def betting_from_dict(data: dict[str, object]) -> BettingStructure:
    """The structure written by ``to_dict``.

    >>> betting_from_dict({"kind": "unit", "unit": 20}).to_dict()
    {'kind': 'unit', 'unit': 20}
    """
    kind = data["kind"]
    if kind == "unit":
        return UnitBetting(int(str(data["unit"])))
    if kind == "no-limit":
        return NoLimit(int(str(data["minimum"])))
    raise InvalidArgumentError(f"unknown betting structure {kind!r}")
