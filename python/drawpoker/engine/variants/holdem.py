"""Texas Hold'em, no limit (RULES.md section 5, seed 001): blinds, two hole cards, pre-flop,
flop, turn and river, the best five of seven.

>>> spec = Holdem(HoldemSettings(small_blind=25, big_blind=50))
>>> spec.forced.big_blind, spec.betting
(50, NoLimit(min_bet=50))
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from drawpoker.engine.betting import NoLimit
from drawpoker.engine.spec import ForcedBets, GameSpec, GameType, ShowdownPart, Street, setting
from drawpoker.engine.validate import chips
from drawpoker.errors import InvalidArgumentError


@dataclass(frozen=True)
class HoldemSettings:
    """Stakes of a no-limit Hold'em game: the blinds (R-HE-1's 50/100 by default), an optional
    ante from every seat and an optional big-blind ante (posted by the big blind for the table),
    in the smallest chip unit.

    >>> HoldemSettings(small_blind=100, big_blind=50)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: the small blind (100) must not exceed the big blind (50)
    """

    small_blind: int = setting(50, "the small blind, posted left of the button")
    big_blind: int = setting(100, "the big blind, and the minimum bet")
    ante: int = setting(0, "an ante each seat posts per deal")
    big_blind_ante: int = setting(0, "one ante for the table, posted by the big blind")

    def __post_init__(self) -> None:
        object.__setattr__(self, "small_blind", chips("small_blind", self.small_blind))
        object.__setattr__(self, "big_blind", chips("big_blind", self.big_blind))
        object.__setattr__(self, "ante", chips("ante", self.ante, minimum=0))
        object.__setattr__(
            self, "big_blind_ante", chips("big_blind_ante", self.big_blind_ante, minimum=0)
        )
        if self.small_blind > self.big_blind:
            raise InvalidArgumentError(
                f"the small blind ({self.small_blind}) must not exceed the big blind "
                f"({self.big_blind})"
            )

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> HoldemSettings().to_dict()
        {'small_blind': 50, 'big_blind': 100, 'ante': 0, 'big_blind_ante': 0}
        """
        return asdict(self)


def Holdem(settings: HoldemSettings | None = None) -> GameSpec:
    """The spec of no-limit Hold'em: 2-10 seats; blinds left of the button (heads-up the button
    posts the small blind, R-HE-1); pre-flop started left of the big blind, later streets left
    of the button (R-HE-2); flop, turn, river (R-HE-3); no limit with a minimum bet of the big
    blind (R-HE-4); the showdown started by the last aggressor; 100 big blinds to start.

    >>> Holdem().default_stack
    10000
    """
    settings = settings or HoldemSettings()
    return GameSpec(
        name="holdem",
        settings=settings,
        seats=(2, 10),
        forced=ForcedBets(
            settings.ante, settings.small_blind, settings.big_blind, settings.big_blind_ante
        ),
        streets=(
            Street(down=2, first="left-of-big-blind"),
            Street(board=3),
            Street(board=1),
            Street(board=1),
        ),
        betting=NoLimit(settings.big_blind),
        showdown=(ShowdownPart("high"),),
        show_order="last-aggressor",
        default_stack=100 * settings.big_blind,
    )


GAME = GameType("holdem", "Texas Hold'em, no limit", HoldemSettings, Holdem)
