"""Seven-Card Stud Hi, Razz and Seven-Card Stud Hi/Lo eight-or-better, fixed limit (RULES.md
section 6 and 7: R-STUD-1..10, R-RAZZ-1, R-STUD8-1): antes, two down cards and one up, the
bring-in by the worst up card, up cards on fourth to sixth street, a down card on seventh, the
best board acting first from fourth street. Every deal starts at seat 0 (the "stud button"
sits at the last seat and does not move).

>>> spec = Stud(StudSettings(small_bet=200, big_bet=400, ante=40, bring_in=50))
>>> [(s.down, s.up, s.first, s.bet_size) for s in spec.streets][:2]
[(2, 1, 'bring-in', 'small'), (0, 1, 'best-board', 'small-or-big-with-open-pair')]
>>> Razz().card_order, [p.ranking for p in StudHiLo().showdown]
('low', ['high', 'ace-five'])
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from drawpoker.engine.betting import FixedLimit
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


@dataclass(frozen=True)
class StudSettings:
    """Stakes of a stud game in the smallest chip unit (e.g. cents at 2/4: 200/400, ante 40,
    bring-in 50, R-STUD-1), and the heads-up option of the cap (R-STUD-3).

    >>> StudSettings(bring_in=200)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: the bring-in (200) must be less than the small bet (200)
    """

    small_bet: int = setting(200, "the small bet: third and fourth street")
    big_bet: int = setting(400, "the big bet: fifth street on")
    ante: int = setting(40, "the ante each seat posts per deal")
    bring_in: int = setting(50, "the bring-in the worst up card posts, or completes")
    heads_up_uncapped: bool = setting(False, "no cap on raises in a round that starts heads-up")

    def __post_init__(self) -> None:
        for name, least in (("small_bet", 1), ("big_bet", 1), ("ante", 0), ("bring_in", 1)):
            object.__setattr__(self, name, chips(name, getattr(self, name), minimum=least))
        one_of("heads_up_uncapped", self.heads_up_uncapped, (False, True))
        if self.big_bet < self.small_bet:
            raise InvalidArgumentError(
                f"the big bet ({self.big_bet}) must not be less than the small bet "
                f"({self.small_bet})"
            )
        if self.bring_in >= self.small_bet:
            raise InvalidArgumentError(
                f"the bring-in ({self.bring_in}) must be less than the small bet ({self.small_bet})"
            )

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> StudSettings().to_dict()["bring_in"]
        50
        """
        return asdict(self)


def _stud(
    name: str,
    settings: StudSettings,
    fourth: str,
    parts: tuple[ShowdownPart, ...],
    card_order: str,
) -> GameSpec:
    return GameSpec(
        name=name,
        settings=settings,
        seats=(2, 8),
        forced=ForcedBets(ante=settings.ante, bring_in=settings.bring_in),
        streets=(
            Street(down=2, up=1, first="bring-in"),
            Street(up=1, first="best-board", bet_size=fourth),
            Street(up=1, first="best-board", bet_size="big"),
            Street(up=1, first="best-board", bet_size="big"),
            Street(down=1, first="best-board", bet_size="big"),
        ),
        betting=FixedLimit(settings.small_bet, settings.big_bet, 4, settings.heads_up_uncapped),
        showdown=parts,
        show_order="last-aggressor-any-street",
        card_order=card_order,
        button_moves=False,
        default_stack=50 * settings.big_bet,
    )


def Stud(settings: StudSettings | None = None) -> GameSpec:
    """Seven-Card Stud Hi: the lowest up card brings in (clubs lowest, R-STUD-2); an open pair on
    fourth street allows the big bet (R-STUD-4); the best high board acts first; the odd chip
    to the hand with the highest card by suit (R-STUD-10).

    >>> Stud().showdown[0].odd_chip
    'high-card-by-suit'
    """
    high = ShowdownPart("high", odd_chip="high-card-by-suit")
    return _stud("stud", settings or StudSettings(), "small-or-big-with-open-pair", (high,), "high")


def Razz(settings: StudSettings | None = None) -> GameSpec:
    """Razz (R-RAZZ-1): ace-to-five low with no qualifier; the highest up card brings in (king
    highest, ace lowest, spades highest); the best low board acts first (pairs count against
    it); no open-pair big bet; the odd chip to the hand with the lowest card by suit.

    >>> Razz().showdown[0].ranking
    'ace-five'
    """
    low = ShowdownPart("ace-five", odd_chip="low-card-by-suit")
    return _stud("razz", settings or StudSettings(), "small", (low,), "low")


def StudHiLo(settings: StudSettings | None = None) -> GameSpec:
    """Seven-Card Stud Hi/Lo eight-or-better (R-STUD8-1): stud hi without the open-pair big bet;
    each pot split between the best high five of seven and the best qualifying low five of
    seven (the whole pot to the high when no low qualifies); the odd chip between the halves
    to the high half, between tied highs by the highest card, between tied lows by the lowest.

    >>> StudHiLo().showdown[1].qualifier
    'eight-or-better'
    """
    high = ShowdownPart("high", odd_chip="high-card-by-suit")
    low = ShowdownPart("ace-five", qualifier="eight-or-better", odd_chip="low-card-by-suit")
    return _stud("stud-hi-lo", settings or StudSettings(), "small", (high, low), "high")


STUD = GameType("stud", "Seven-Card Stud", StudSettings, Stud)
RAZZ = GameType("razz", "Razz", StudSettings, Razz)
STUD_HI_LO = GameType("stud-hi-lo", "Seven-Card Stud Hi/Lo eight-or-better", StudSettings, StudHiLo)
