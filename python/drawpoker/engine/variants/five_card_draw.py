"""Five-Card Draw (RULES.md section 4, seed 000): antes, five cards down, a betting round, one
draw, a betting round, showdown; every setting of its settings table.

>>> spec = FiveCardDraw(DrawSettings(opening="jacks", draw_limit="3"))
>>> [(s.down, s.draw, s.first) for s in spec.streets]
[(5, None, 'left-of-button'), (0, '3', 'opener')]
>>> spec.betting, spec.opening.name, spec.redeal_if_unopened
(UnitBetting(unit=20), 'jacks or better', True)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from drawpoker.engine.betting import UnitBetting
from drawpoker.engine.spec import (
    DRAW_LIMITS,
    Deck,
    ForcedBets,
    GameSpec,
    GameType,
    Opening,
    ShowdownPart,
    Street,
    setting,
)
from drawpoker.engine.validate import chips, one_of, positive

MODES = ("betting", "no-bet")
OPENINGS = ("none", "jacks")
SECOND_ROUND_STARTERS = ("opener", "left-of-dealer")
JACKS = (36, 37, 8, 5, 0)
"""The weakest hand that opens under jacks or better: Jc Jd 4c 3d 2c."""


@dataclass(frozen=True)
class DrawSettings:
    """The rules of a Five-Card Draw game (defaults as RULES.md section 4); the table's own
    settings (starting stack, rounds, turn timer) are :class:`~drawpoker.table.TableSettings`.
    Bad values raise :class:`~drawpoker.errors.InvalidArgumentError` naming the setting.

    >>> DrawSettings(ante=0)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: ante must be a positive integer, not 0
    """

    mode: str = setting(
        "betting", "betting, or no-bet: each round's best hand scores a point", MODES
    )
    ante: int = setting(10, "the ante each seat posts per deal (bets: units of two antes)")
    draw_limit: str = setting("3-or-4-with-ace", "the cards a player may exchange", DRAW_LIMITS)
    opening: str = setting("none", "jacks: only jacks or better may open the betting", OPENINGS)
    second_round: str = setting(
        "opener", "who starts the betting after the draw", SECOND_ROUND_STARTERS
    )
    joker: bool = setting(False, "add one joker: 53 cards, joker-wild hands")

    def __post_init__(self) -> None:
        one_of("mode", self.mode, MODES)
        object.__setattr__(self, "ante", positive("ante", self.ante))
        chips("ante", 2 * self.ante)  # the betting unit must fit a stack too
        one_of("draw_limit", self.draw_limit, DRAW_LIMITS)
        one_of("opening", self.opening, OPENINGS)
        one_of("second_round", self.second_round, SECOND_ROUND_STARTERS)
        one_of("joker", self.joker, (False, True))

    @property
    def betting(self) -> bool:
        """Whether chips are bet (mode ``betting``) rather than hands only compared (R-NOBET-1).

        >>> DrawSettings(mode="no-bet").betting
        False
        """
        return self.mode == "betting"

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> DrawSettings().to_dict()["draw_limit"]
        '3-or-4-with-ace'
        """
        return asdict(self)


def FiveCardDraw(settings: DrawSettings | None = None) -> GameSpec:
    """The spec of Five-Card Draw with ``settings``: 2-6 seats; antes and bets in units of two
    antes (R-DRAW-3); round two started by the opener or left of the dealer (R-DRAW-9); a
    redeal when nobody opens under the opener setting or jacks or better (R-DRAW-5, 6); the
    joker deck and ranking with the joker. In no-bet mode there are no antes and no betting
    rounds (R-NOBET-1).

    >>> FiveCardDraw(DrawSettings(mode="no-bet")).betting is None
    True
    """
    settings = settings or DrawSettings()
    betting = settings.betting
    ranking = "joker" if settings.joker else "high"
    first = "opener" if settings.second_round == "opener" else "left-of-button"
    return GameSpec(
        name="five-card-draw",
        settings=settings,
        deck=Deck(joker=settings.joker),
        seats=(2, 6),
        forced=ForcedBets(ante=settings.ante if betting else 0),
        streets=(Street(down=5), Street(draw=settings.draw_limit, first=first)),
        betting=UnitBetting(2 * settings.ante) if betting else None,
        opening=Opening("jacks or better", ranking, JACKS) if settings.opening == "jacks" else None,
        redeal_if_unopened=betting
        and (settings.second_round == "opener" or settings.opening == "jacks"),
        showdown=(ShowdownPart(ranking),),
        default_stack=2000,
    )


GAME = GameType("five-card-draw", "Five-Card Draw", DrawSettings, FiveCardDraw)
