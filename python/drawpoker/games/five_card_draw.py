"""Five-Card Draw (RULES.md section 4, seed 000): every setting of its settings table, defaults.

>>> settings = DrawSettings()
>>> settings.ante, settings.stack, settings.draw_limit, settings.second_round, settings.rounds
(10, 2000, '3-or-4-with-ace', 'opener', 10)
>>> FiveCardDraw(DrawSettings(ante=25)).betting.unit
50
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from drawpoker import _core
from drawpoker.cards import JOKER
from drawpoker.errors import InvalidArgumentError
from drawpoker.games.betting import UnitBetting
from drawpoker.games.variant import Street, Variant

if TYPE_CHECKING:
    from drawpoker.games.hand import Hand

MODES = ("betting", "no-bet")
DRAW_LIMITS = {"3": 3, "3-or-4-with-ace": 4, "5": 5}
OPENINGS = ("none", "jacks")
SECOND_ROUND_STARTERS = ("opener", "left-of-dealer")
TURN_TIMERS = (None, 30, 60)
ACE = 12


@dataclass(frozen=True)
class DrawSettings:
    """The settings of a Five-Card Draw game (defaults as RULES.md section 4). Bad values raise
    :class:`~drawpoker.errors.InvalidArgumentError` naming the setting.

    >>> DrawSettings(ante=0)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: ante must be a positive integer, not 0
    """

    mode: str = "betting"
    ante: int = 10
    stack: int = 2000
    draw_limit: str = "3-or-4-with-ace"
    opening: str = "none"
    second_round: str = "opener"
    joker: bool = False
    rounds: int = 10
    turn_timer: int | None = None
    extra: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        choices: dict[str, Sequence[object]] = {
            "mode": MODES,
            "draw_limit": list(DRAW_LIMITS),
            "opening": OPENINGS,
            "second_round": SECOND_ROUND_STARTERS,
            "turn_timer": TURN_TIMERS,
            "joker": (False, True),
        }
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise InvalidArgumentError(
                    f"{name} must be one of {list(allowed)}, not {getattr(self, name)!r}"
                )
        for name in ("ante", "stack", "rounds"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise InvalidArgumentError(f"{name} must be a positive integer, not {value!r}")
        if self.extra:
            raise InvalidArgumentError(f"unknown settings {sorted(self.extra)}")

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
        data = asdict(self)
        del data["extra"]
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> DrawSettings:
        """The settings written by ``to_dict``; unknown names raise.

        >>> DrawSettings.from_dict({"ante": 5}).ante
        5
        """
        known = {k: v for k, v in data.items() if k in DrawSettings.__dataclass_fields__}
        unknown = {k: v for k, v in data.items() if k not in known}
        return DrawSettings(**known, extra=unknown)


@cache
def jacks_threshold(ranking: str) -> int:
    """The weakest strength that opens under jacks or better: a pair of jacks, 4-3-2 kickers.

    >>> jacks_threshold("high") == _core.evaluate([36, 37, 8, 5, 0], "high")
    True
    """
    return _core.evaluate([36, 37, 8, 5, 0], ranking)


class FiveCardDraw(Variant):
    """Five-Card Draw on the generic engine: antes, five down, bet, one draw, bet, showdown
    (R-DRAW-2). In no-bet mode there are no antes and no betting rounds (R-NOBET-1).

    >>> FiveCardDraw(DrawSettings(mode="no-bet")).betting is None
    True
    """

    name = "five-card-draw"
    max_seats = 6

    def __init__(self, settings: DrawSettings | None = None) -> None:
        self.settings = settings = settings or DrawSettings()
        self.streets = (Street(deal=5, betting=True), Street(draw=True, betting=True))
        self.joker = settings.joker
        self.ranking = "joker" if settings.joker else "high"
        self.max_discards = DRAW_LIMITS[settings.draw_limit]
        if settings.betting:
            self.ante = settings.ante
            self.betting = UnitBetting(2 * settings.ante)
            self.redeal_if_unopened = (
                settings.second_round == "opener" or settings.opening == "jacks"
            )

    def may_open(self, hand: Hand, seat: int) -> bool:
        """Jacks or better (R-DRAW-6): only a pair of jacks or better may make the first bet.

        >>> from drawpoker.cards import parse_cards
        >>> from drawpoker.games import Hand
        >>> variant = FiveCardDraw(DrawSettings(opening="jacks"))
        >>> hand = Hand(variant, [100, 100], button=1, seed=1)
        >>> hand.cards[0] = parse_cards("Qs Qd 7c 5h 2s")
        >>> variant.may_open(hand, 0)
        True
        >>> hand.cards[0] = parse_cards("Ts Td 7c 5h 2s")
        >>> variant.may_open(hand, 0)
        False
        """
        if self.settings.opening == "none":
            return True
        return _core.evaluate(hand.cards[seat], self.ranking) >= jacks_threshold(self.ranking)

    def first_to_act(self, hand: Hand, street: int) -> int:
        """Round one: left of the dealer (R-DRAW-4). Round two: the opener, or the next seat to
        the opener's left when the opener folded (the engine skips it) (R-DRAW-9).

        >>> from drawpoker.cards import parse_cards
        >>> from drawpoker.games import Hand
        >>> variant = FiveCardDraw(DrawSettings(opening="jacks"))
        >>> hand = Hand(variant, [100, 100], button=1, seed=1)
        >>> hand.opener = 1
        >>> variant.first_to_act(hand, 0), variant.first_to_act(hand, 1)
        (0, 1)
        """
        if street == 1 and self.settings.second_round == "opener" and hand.opener is not None:
            return hand.opener
        return (hand.button + 1) % hand.seats

    def check_draw(self, hand: Hand, seat: int, discards: Sequence[int]) -> str | None:
        """The draw limit (R-DRAW-7): 3; 4 only keeping an ace or the joker; 5 with limit 5.

        >>> from drawpoker.cards import parse_cards
        >>> from drawpoker.games import Hand
        >>> variant = FiveCardDraw(DrawSettings(opening="jacks"))
        >>> hand = Hand(variant, [100, 100], button=1, seed=1)
        >>> hand.cards[0] = parse_cards("Ks 9d 7c 5h 2s")
        >>> variant.check_draw(hand, 0, parse_cards("9d 7c 5h 2s"))
        'exchanging 4 cards needs an ace (or the joker) kept'
        >>> variant.check_draw(hand, 0, parse_cards("9d 7c 5h")) is None
        True
        """
        if len(discards) > self.max_discards:
            return f"at most {self.max_discards} cards may be exchanged"
        if len(discards) == 4 and self.settings.draw_limit == "3-or-4-with-ace":
            kept = [c for c in hand.cards[seat] if c not in discards]
            if not any(c == JOKER or c // 4 == ACE for c in kept):
                return "exchanging 4 cards needs an ace (or the joker) kept"
        return None

    def to_dict(self) -> dict[str, object]:
        """The game and its settings as plain data.

        >>> FiveCardDraw().to_dict()["name"]
        'five-card-draw'
        """
        return {"name": self.name, "settings": self.settings.to_dict()}
