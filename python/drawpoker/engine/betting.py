"""Betting structures, as data: which one a game uses. The engine (``rust/engine/spec.rs``)
applies them: the smallest legal total for a bet or raise, the step between totals, which raises
reopen the betting, and the sizing presets. Going all-in is always allowed on top (R-DRAW-3,
R-POT-6).

>>> UnitBetting(unit=20).to_dict()
{'kind': 'unit', 'unit': 20}
>>> NoLimit(min_bet=100).to_dict()
{'kind': 'no-limit', 'min_bet': 100}
>>> FixedLimit(small=2, big=4).to_dict()["cap"]
4
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True)
class UnitBetting:
    """The Five-Card Draw unit rule (R-DRAW-3): bets and raises are whole multiples of ``unit``
    (2 x ante); a raise adds at least one unit and at least the largest raise so far; no cap.
    A short all-in raise does not reopen the betting (R-POT-6). No presets.

    >>> UnitBetting(20).unit
    20
    """

    unit: int

    def to_dict(self) -> dict[str, object]:
        """Plain data.

        >>> UnitBetting(20).to_dict()["kind"]
        'unit'
        """
        return {"kind": "unit", "unit": self.unit}


@dataclass(frozen=True)
class NoLimit:
    """No limit (R-HE-4, R-LIMIT-1): a bet of at least ``min_bet`` (the big blind), a raise of
    at least the previous raise increment, any chip amount up to all-in. Presets (R-HE-6): bets
    of 33%, 50% and 100% of the pot after the call, raises to 2x and 3x the current bet.

    >>> NoLimit(100).min_bet
    100
    """

    min_bet: int

    def to_dict(self) -> dict[str, object]:
        """Plain data.

        >>> NoLimit(100).to_dict()["kind"]
        'no-limit'
        """
        return {"kind": "no-limit", "min_bet": self.min_bet}


@dataclass(frozen=True)
class PotLimit:
    """Pot limit (R-LIMIT-2): as no limit, but a bet or raise may make the player's total for the
    round at most the current bet plus the pot after the call (every chip in the middle, every
    bet in front of every player, and the call). Presets: half the pot and the pot.

    >>> PotLimit(2).to_dict()
    {'kind': 'pot-limit', 'min_bet': 2}
    """

    min_bet: int

    def to_dict(self) -> dict[str, object]:
        """Plain data.

        >>> PotLimit(2).to_dict()["min_bet"]
        2
        """
        return {"kind": "pot-limit", "min_bet": self.min_bet}


@dataclass(frozen=True)
class FixedLimit:
    """Fixed limit (R-LIMIT-3): every bet and raise is exactly the street's bet (``small`` or
    ``big``); at most ``cap`` bets and raises a round, the big blind or a completion counting as
    the bet (0: no cap), lifted for a round that starts with two players when
    ``heads_up_uncapped`` (R-STUD-3's option); an all-in of at least half a bet reopens the
    betting (R-POT-6). No presets.

    >>> FixedLimit(200, 400).cap
    4
    """

    small: int
    big: int
    cap: int = 4
    heads_up_uncapped: bool = False

    def to_dict(self) -> dict[str, object]:
        """Plain data.

        >>> FixedLimit(2, 4).to_dict()["kind"]
        'fixed-limit'
        """
        return {
            "kind": "fixed-limit",
            "small": self.small,
            "big": self.big,
            "cap": self.cap,
            "heads_up_uncapped": self.heads_up_uncapped,
        }


BettingStructure: TypeAlias = UnitBetting | NoLimit | PotLimit | FixedLimit
"""Any betting structure."""
