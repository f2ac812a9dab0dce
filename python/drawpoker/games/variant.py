"""What makes one poker game differ from another: data (deck, streets, forced bets, betting
structure, ranking) plus a few hooks the hand engine calls. Each game is a subclass in its own
module.

>>> from drawpoker.games.five_card_draw import FiveCardDraw
>>> variant = FiveCardDraw()
>>> [(street.deal, street.draw, street.betting) for street in variant.streets]
[(5, False, True), (0, True, True)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from drawpoker.games.betting import BettingStructure

if TYPE_CHECKING:
    from drawpoker.games.hand import Hand


@dataclass(frozen=True)
class Street:
    """One street: cards dealt face down to each player (``deal``), or a draw, then a betting
    round when ``betting`` is true (and the game has a betting structure).

    >>> Street(deal=2, betting=True).draw
    False
    """

    deal: int = 0
    draw: bool = False
    betting: bool = True


class Variant:
    """A poker game as the hand engine sees it. Subclasses set the data and override hooks.

    >>> Variant.name
    'variant'
    """

    name: ClassVar[str] = "variant"
    streets: tuple[Street, ...] = ()
    ante: int = 0
    betting: BettingStructure | None = None
    ranking: str = "high"
    joker: bool = False
    max_seats: int = 10
    max_discards: int = 5
    """The most cards a draw may exchange (``check_draw`` may refuse some draws below it)."""
    redeal_if_unopened: bool = False
    """Whether a first betting round where nobody bets ends in a redeal (pot kept, antes again)."""

    def deck(self) -> list[int]:
        """The cards of one deck, in a fixed order before shuffling.

        >>> len(Variant().deck())
        52
        """
        return list(range(53 if self.joker else 52))

    def may_open(self, hand: Hand, seat: int) -> bool:
        """Whether ``seat`` may make the first bet of ``hand``'s first betting round.

        >>> from drawpoker.games import FiveCardDraw, Hand
        >>> hand = Hand(FiveCardDraw(), [100, 100, 100], button=2, seed=1)
        >>> Variant().may_open(hand, 0)
        True
        """
        return True

    def first_to_act(self, hand: Hand, street: int) -> int:
        """The seat that starts the betting of ``street``: by default the first seat left of the
        button (the engine moves on to the next seat that can act).

        >>> from drawpoker.games import FiveCardDraw, Hand
        >>> hand = Hand(FiveCardDraw(), [100, 100, 100], button=2, seed=1)
        >>> Variant().first_to_act(hand, 0)
        0
        """
        return (hand.button + 1) % hand.seats

    def check_draw(self, hand: Hand, seat: int, discards: Sequence[int]) -> str | None:
        """Why ``seat`` may not discard ``discards`` here, or ``None`` when it may.

        >>> from drawpoker.games import FiveCardDraw, Hand
        >>> hand = Hand(FiveCardDraw(), [100, 100, 100], button=2, seed=1)
        >>> Variant().check_draw(hand, 0, []) is None
        True
        """
        return None

    def to_dict(self) -> dict[str, object]:
        """The game and its settings as plain data (``games.variant_from_dict`` reads it back).

        >>> Variant().to_dict()
        {'name': 'variant'}
        """
        return {"name": self.name}
