"""The draw games with blinds (RULES.md section 7, R-BLINDDRAW-1): 2-7 single draw (no limit),
2-7 triple draw (fixed limit) and badugi (fixed limit, four cards, three draws). Hold'em's
button and blinds; before the first draw the action starts left of the big blind, after each
draw left of the button; each draw goes round from the seat left of the button, its count
public, its cards private, the stub reshuffled from earlier discards when it runs short
(R-DRAW-8).

>>> [(s.down, s.draw) for s in TripleDraw().streets]
[(5, None), (0, '5'), (0, '5'), (0, '5')]
>>> Badugi().showdown[0].ranking, SingleDraw().betting
('badugi', NoLimit(min_bet=100))
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from drawpoker.engine.betting import BettingStructure, FixedLimit, NoLimit
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
class SingleDrawSettings:
    """Stakes of no-limit 2-7 single draw: the blinds, an optional ante from every seat and an
    optional big-blind ante (posted by the big blind for the table, as in Hold'em).

    >>> SingleDrawSettings().big_blind
    100
    """

    small_blind: int = setting(50, "the small blind, posted left of the button")
    big_blind: int = setting(100, "the big blind, and the minimum bet")
    ante: int = setting(0, "an ante each seat posts per deal")
    big_blind_ante: int = setting(0, "one ante for the table, posted by the big blind")

    def __post_init__(self) -> None:
        for name, least in (
            ("small_blind", 1),
            ("big_blind", 1),
            ("ante", 0),
            ("big_blind_ante", 0),
        ):
            object.__setattr__(self, name, chips(name, getattr(self, name), minimum=least))
        _check_blinds(self.small_blind, self.big_blind)

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> SingleDrawSettings().to_dict()["ante"]
        0
        """
        return asdict(self)


@dataclass(frozen=True)
class TripleDrawSettings:
    """Stakes of a fixed-limit triple-draw game: the small bet (the first two rounds) and the
    big bet (the last two), the blinds (by default half a small bet and one small bet,
    R-LIMIT-3; 0 for those defaults), an optional ante, and the heads-up option of the cap.

    >>> TripleDrawSettings(small_bet=100).blinds()
    (50, 100)
    """

    small_bet: int = setting(100, "the small bet: the first two betting rounds")
    big_bet: int = setting(200, "the big bet: the last two betting rounds")
    small_blind: int = setting(0, "the small blind (0: half the small bet)")
    big_blind: int = setting(0, "the big blind (0: the small bet)")
    ante: int = setting(0, "an ante each seat posts per deal")
    heads_up_uncapped: bool = setting(False, "no cap on raises in a round that starts heads-up")

    def __post_init__(self) -> None:
        for name, least in (
            ("small_bet", 1),
            ("big_bet", 1),
            ("small_blind", 0),
            ("big_blind", 0),
            ("ante", 0),
        ):
            object.__setattr__(self, name, chips(name, getattr(self, name), minimum=least))
        one_of("heads_up_uncapped", self.heads_up_uncapped, (False, True))
        if self.big_bet < self.small_bet:
            raise InvalidArgumentError(
                f"the big bet ({self.big_bet}) must not be less than the small bet "
                f"({self.small_bet})"
            )
        _check_blinds(*self.blinds())

    def blinds(self) -> tuple[int, int]:
        """The small and the big blind.

        >>> TripleDrawSettings(small_bet=3, big_bet=6, small_blind=1).blinds()
        (1, 3)
        """
        big = self.big_blind or self.small_bet
        return self.small_blind or max(1, self.small_bet // 2), big

    def structure(self) -> BettingStructure:
        """The fixed-limit structure.

        >>> TripleDrawSettings().structure()
        FixedLimit(small=100, big=200, cap=4, heads_up_uncapped=False)
        """
        return FixedLimit(self.small_bet, self.big_bet, 4, self.heads_up_uncapped)

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> TripleDrawSettings().to_dict()["big_bet"]
        200
        """
        return asdict(self)


def _check_blinds(small: int, big: int) -> None:
    if small > big:
        raise InvalidArgumentError(
            f"the small blind ({small}) must not exceed the big blind ({big})"
        )


def SingleDraw(settings: SingleDrawSettings | None = None) -> GameSpec:
    """2-7 single draw (R-27SD-1): no limit, five cards, a betting round, one draw of 0-5 cards,
    a second betting round, deuce-to-seven low.

    >>> SingleDraw().showdown[0].ranking
    'deuce-seven'
    """
    settings = settings or SingleDrawSettings()
    return GameSpec(
        name="2-7-single-draw",
        settings=settings,
        seats=(2, 6),
        forced=ForcedBets(
            settings.ante, settings.small_blind, settings.big_blind, settings.big_blind_ante
        ),
        streets=(Street(down=5, first="left-of-big-blind"), Street(draw="5")),
        betting=NoLimit(settings.big_blind),
        showdown=(ShowdownPart("deuce-seven"),),
        show_order="last-aggressor",
        default_stack=100 * settings.big_blind,
    )


def _triple(name: str, settings: TripleDrawSettings, cards: int, ranking: str) -> GameSpec:
    small, big = settings.blinds()
    return GameSpec(
        name=name,
        settings=settings,
        seats=(2, 6),
        forced=ForcedBets(settings.ante, small, big),
        streets=(
            Street(down=cards, first="left-of-big-blind"),
            Street(draw="5"),
            Street(draw="5", bet_size="big"),
            Street(draw="5", bet_size="big"),
        ),
        betting=settings.structure(),
        showdown=(ShowdownPart(ranking),),
        show_order="last-aggressor",
        default_stack=50 * settings.big_bet,
    )


def TripleDraw(settings: TripleDrawSettings | None = None) -> GameSpec:
    """2-7 triple draw (R-27TD-1): fixed limit, five cards, four betting rounds separated by three
    draws of 0-5 cards, deuce-to-seven low.

    >>> len(TripleDraw().streets)
    4
    """
    return _triple("2-7-triple-draw", settings or TripleDrawSettings(), 5, "deuce-seven")


def Badugi(settings: TripleDrawSettings | None = None) -> GameSpec:
    """Badugi (R-BADUGI-3): as 2-7 triple draw with four cards, draws of 0-4 and the badugi
    ranking.

    >>> Badugi().streets[0].down
    4
    """
    return _triple("badugi", settings or TripleDrawSettings(), 4, "badugi")


SINGLE_DRAW = GameType(
    "2-7-single-draw", "2-7 single draw, no limit", SingleDrawSettings, SingleDraw
)
TRIPLE_DRAW = GameType("2-7-triple-draw", "2-7 triple draw", TripleDrawSettings, TripleDraw)
BADUGI = GameType("badugi", "Badugi", TripleDrawSettings, Badugi)
