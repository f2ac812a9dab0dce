"""Omaha (pot limit) and Omaha Hi/Lo eight-or-better (fixed limit by default, pot limit as an
option): Hold'em's button, blinds, streets and action order with four hole cards, every hand
made of exactly two hole cards and three board cards (RULES.md section 7, R-OMAHA-1, 2).

>>> spec = Omaha(OmahaSettings(small_blind=1, big_blind=2))
>>> spec.betting, [part.cards for part in spec.showdown]
(PotLimit(min_bet=2), ['two-hole-three-board'])
>>> [part.ranking for part in OmahaHiLo().showdown], OmahaHiLo().betting
(['high', 'ace-five'], FixedLimit(small=100, big=200, cap=4, heads_up_uncapped=False))
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from drawpoker.engine.betting import BettingStructure, FixedLimit, PotLimit
from drawpoker.engine.spec import (
    ForcedBets,
    GameSpec,
    GameType,
    ShowdownPart,
    Street,
    setting,
)
from drawpoker.engine.validate import chips, one_of
from drawpoker.errors import InvalidArgumentError

BETTINGS = ("pot-limit", "fixed-limit")


@dataclass(frozen=True)
class OmahaSettings:
    """Stakes of an Omaha game: the blinds (the big blind is the minimum bet; in fixed limit the
    small bet, the big bet twice it), an optional ante, and the betting structure.

    >>> OmahaSettings(betting="no-limit")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: betting must be one of ['pot-limit', 'fixed-limit'], \
not 'no-limit'
    """

    small_blind: int = setting(50, "the small blind, posted left of the button")
    big_blind: int = setting(100, "the big blind: the minimum bet (the small bet in fixed limit)")
    ante: int = setting(0, "an ante each seat posts per deal")
    betting: str = setting("pot-limit", "pot-limit, or fixed-limit (small, big bet)", BETTINGS)
    heads_up_uncapped: bool = setting(
        False, "fixed limit: no cap on raises in a round that starts heads-up"
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "small_blind", chips("small_blind", self.small_blind))
        object.__setattr__(self, "big_blind", chips("big_blind", self.big_blind))
        object.__setattr__(self, "ante", chips("ante", self.ante, minimum=0))
        one_of("betting", self.betting, BETTINGS)
        one_of("heads_up_uncapped", self.heads_up_uncapped, (False, True))
        if self.small_blind > self.big_blind:
            raise InvalidArgumentError(
                f"the small blind ({self.small_blind}) must not exceed the big blind "
                f"({self.big_blind})"
            )

    def structure(self) -> BettingStructure:
        """The betting structure these settings name.

        >>> OmahaSettings(betting="fixed-limit", big_blind=2, small_blind=1).structure()
        FixedLimit(small=2, big=4, cap=4, heads_up_uncapped=False)
        """
        if self.betting == "pot-limit":
            return PotLimit(self.big_blind)
        return FixedLimit(self.big_blind, 2 * self.big_blind, 4, self.heads_up_uncapped)

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> OmahaSettings().to_dict()["betting"]
        'pot-limit'
        """
        return asdict(self)


def _omaha(name: str, settings: OmahaSettings, parts: tuple[ShowdownPart, ...]) -> GameSpec:
    return GameSpec(
        name=name,
        settings=settings,
        seats=(2, 10),
        forced=ForcedBets(settings.ante, settings.small_blind, settings.big_blind),
        streets=(
            Street(down=4, first="left-of-big-blind"),
            Street(board=3),
            Street(board=1, bet_size="big"),
            Street(board=1, bet_size="big"),
        ),
        betting=settings.structure(),
        showdown=parts,
        show_order="last-aggressor",
        default_stack=100 * settings.big_blind,
    )


def Omaha(settings: OmahaSettings | None = None) -> GameSpec:
    """The spec of Omaha, pot limit by default (R-OMAHA-1): 2-10 seats, four hole cards, the
    best high hand of exactly two of them and three of the board.

    >>> Omaha().seats
    (2, 10)
    """
    return _omaha("omaha", settings or OmahaSettings(), (ShowdownPart("high", CARDS),))


def OmahaHiLo(settings: OmahaSettings | None = None) -> GameSpec:
    """The spec of Omaha Hi/Lo eight-or-better, fixed limit by default (R-OMAHA-2): each pot split
    between the best high hand and the best qualifying ace-to-five low, each of exactly two hole
    and three board cards (the whole pot to the high when no low qualifies, R-A5-4).

    >>> OmahaHiLo().showdown[1].qualifier
    'eight-or-better'
    """
    settings = settings or OmahaHiLoSettings()
    low = ShowdownPart("ace-five", CARDS, qualifier="eight-or-better")
    return _omaha("omaha-hi-lo", settings, (ShowdownPart("high", CARDS), low))


CARDS = "two-hole-three-board"


@dataclass(frozen=True)
class OmahaHiLoSettings(OmahaSettings):
    """Omaha Hi/Lo's settings: Omaha's, fixed limit by default.

    >>> OmahaHiLoSettings().betting
    'fixed-limit'
    """

    betting: str = setting("fixed-limit", "fixed-limit (small, big bet), or pot-limit", BETTINGS)


OMAHA = GameType("omaha", "Omaha, pot limit", OmahaSettings, Omaha)
OMAHA_HI_LO = GameType("omaha-hi-lo", "Omaha Hi/Lo eight-or-better", OmahaHiLoSettings, OmahaHiLo)
