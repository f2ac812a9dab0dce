"""The discrete actions of a game (:class:`ActionSpace`): what index ``i`` means, which indices
the seat to act may take now (the mask), and the engine action an index stands for.

Index 0 folds, 1 checks, calls or posts the stud bring-in (whichever the seat may do), then come
the bet and raise sizes of the game's betting structure, then, in a draw game, one index per
discard set: bit ``i`` of ``index - first_discard`` discards the seat's ``i``-th card (the order
of ``HandView.cards``, which the observation's own-card slots follow).

>>> from drawpoker.engine import game
>>> space = ActionSpace(game("holdem"))
>>> space.names
('fold', 'check/call', 'min bet/raise', '33% pot', '50% pot', 'pot', '2x', '3x', 'all-in')
>>> ActionSpace(game("badugi")).size, ActionSpace(game("badugi")).names[3:5]
(19, ('stand pat', 'discard 0'))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from drawpoker.engine.actions import BRING_IN, CALL, CHECK, FOLD, Action, LegalActions
from drawpoker.engine.betting import FixedLimit, NoLimit, PotLimit, UnitBetting

if TYPE_CHECKING:
    from drawpoker.engine.hand import Hand
    from drawpoker.engine.spec import GameSpec

FOLD_INDEX = 0
"""The index of fold."""

PASSIVE_INDEX = 1
"""The index of check, call or the stud bring-in (the one the seat may take)."""

MIN_SIZE = "min bet/raise"
ALL_IN = "all-in"

SIZES: dict[type, tuple[str, ...]] = {
    NoLimit: (MIN_SIZE, "33% pot", "50% pot", "pot", "2x", "3x", ALL_IN),
    PotLimit: (MIN_SIZE, "half pot", "pot", ALL_IN),
    UnitBetting: (MIN_SIZE, ALL_IN),
    FixedLimit: ("bet/raise",),
}
"""The bet and raise sizes of each betting structure, in index order: the smallest legal total,
the engine's presets by name (R-HE-6: pot shares for a bet and multiples of the bet for a raise
in no limit; half the pot and the pot in pot limit) and all-in, offered only when the seat may
put in its whole stack (in pot limit a stack deeper than the pot may not). Fixed limit has its
one size."""


def discard_name(bits: int) -> str:
    """The name of the discard set ``bits`` (bit ``i``: the seat's ``i``-th card).

    >>> discard_name(0), discard_name(0b10110)
    ('stand pat', 'discard 1 2 4')
    """
    if bits == 0:
        return "stand pat"
    return "discard " + " ".join(str(i) for i in range(bits.bit_length()) if bits >> i & 1)


class ActionSpace:
    """The discrete actions of ``game``: :attr:`names` by index, :meth:`mask` for the seat to
    act, :meth:`action` for the engine action of an index.

    >>> from drawpoker.engine import game
    >>> space = ActionSpace(game("2-7-triple-draw"))
    >>> space.size, space.first_discard, space.discard_slots
    (35, 3, 5)
    """

    def __init__(self, game: GameSpec) -> None:
        self.sizes: tuple[str, ...] = () if game.betting is None else SIZES[type(game.betting)]
        self.first_size = PASSIVE_INDEX + 1
        self.first_discard = self.first_size + len(self.sizes)
        held, slots = 0, 0
        for street in game.streets:
            held += street.down + street.up
            if street.draw is not None:
                slots = max(slots, held)
        self.discard_slots = slots
        """How many of its cards a seat may hold at a draw (0: no draw)."""
        discards = tuple(discard_name(bits) for bits in range(2**slots)) if slots else ()
        self.names: tuple[str, ...] = ("fold", "check/call", *self.sizes, *discards)
        self.size = len(self.names)

    def mask(self, hand: Hand) -> npt.NDArray[np.int8]:
        """1 for each index the seat to act may take now, else 0 (all 0 once the hand is over).
        Bet sizes follow the engine's legal actions; each discard set is asked of the engine
        (a draw limit may allow four cards only with an ace kept, R-DRAW-7).

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("holdem"), [10000] * 3)
        >>> ActionSpace(game("holdem")).mask(hand).tolist()
        [1, 1, 1, 0, 0, 0, 1, 1, 1]
        >>> deep = Hand(game("omaha"), [10000] * 2)  # pot limit: no all-in this deep
        >>> ActionSpace(game("omaha")).mask(deep).tolist()
        [1, 1, 1, 1, 1, 0]
        """
        mask = np.zeros(self.size, dtype=np.int8)
        if hand.is_over:
            return mask
        legal = hand.legal_actions()
        if hand.phase == "draw":
            cards = hand.seat_cards(legal.seat)
            for bits in range(2 ** len(cards)):
                discards = [card for i, card in enumerate(cards) if bits >> i & 1]
                if hand.why_illegal(Action.draw(discards)) is None:
                    mask[self.first_discard + bits] = 1
            return mask
        kinds = legal.kinds
        mask[FOLD_INDEX] = "fold" in kinds
        mask[PASSIVE_INDEX] = "check" in kinds or "call" in kinds or "bring-in" in kinds
        if "bet" in kinds or "raise" in kinds:
            whole = all_in_total(hand.stacks, hand.bets, legal.seat)
            for offset, name in enumerate(self.sizes):
                mask[self.first_size + offset] = size_total(name, legal, whole) is not None
        return mask

    def action(self, index: int, hand: Hand) -> Action:
        """The engine action index ``index`` stands for now (the caller checked the mask).

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("holdem"), [10000] * 3)
        >>> space = ActionSpace(game("holdem"))
        >>> space.action(1, hand), space.action(space.names.index("3x"), hand)
        (Action(kind='call', amount=0, cards=()), Action(kind='raise', amount=300, cards=()))
        """
        legal = hand.legal_actions()
        if index >= self.first_discard:
            cards = hand.seat_cards(legal.seat)
            bits = index - self.first_discard
            return Action.draw(card for i, card in enumerate(cards) if bits >> i & 1)
        if index == FOLD_INDEX:
            return FOLD
        if index == PASSIVE_INDEX:
            if "bring-in" in legal.kinds:
                return BRING_IN
            return CHECK if "check" in legal.kinds else CALL
        whole = all_in_total(hand.stacks, hand.bets, legal.seat)
        total = size_total(self.sizes[index - self.first_size], legal, whole)
        assert total is not None  # the mask allowed it
        return Action("bet" if "bet" in legal.kinds else "raise", total)

    def describe(self, index: int) -> str:
        """The name of ``index``, for messages.

        >>> from drawpoker.engine import game
        >>> ActionSpace(game("holdem")).describe(5)
        '5 (pot)'
        """
        return f"{index} ({self.names[index]})"


def all_in_total(stacks: Sequence[int], bets: Sequence[int], seat: int) -> int:
    """The bet or raise total that puts ``seat``'s whole stack in: its chips behind and its bet
    of the round (a hand's or a view's ``stacks`` and ``bets``).

    >>> all_in_total([9900, 9800], [50, 100], 0)
    9950
    """
    return stacks[seat] + bets[seat]


def size_total(name: str, legal: LegalActions, all_in: int) -> int | None:
    """The bet or raise total the size ``name`` stands for, or ``None`` when it is not offered
    (a preset the engine does not offer now, all-in when the largest legal total is not
    ``all_in``, the seat's whole stack: :func:`all_in_total`). The smallest total is capped by
    the largest (a short stack may only go all-in). It reads only the legal actions and the
    public stacks and bets, so a player that sees its view alone can use it.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10000] * 3)
    >>> legal, whole = hand.legal_actions(), all_in_total(hand.stacks, hand.bets, 0)
    >>> [size_total(name, legal, whole) for name in ("3x", "pot", "all-in")]
    [300, None, 10000]
    >>> deep = Hand(game("omaha"), [10000] * 2)  # pot limit: the largest raise is the pot's
    >>> legal, whole = deep.legal_actions(), all_in_total(deep.stacks, deep.bets, 0)
    >>> size_total("pot", legal, whole), size_total("all-in", legal, whole)
    (300, None)
    """
    if name == ALL_IN:
        return legal.max_to if legal.max_to == all_in else None
    if name in (MIN_SIZE, "bet/raise"):
        return min(legal.min_to, legal.max_to)
    return dict(legal.presets).get(name)


__all__ = [
    "ALL_IN",
    "FOLD_INDEX",
    "MIN_SIZE",
    "PASSIVE_INDEX",
    "SIZES",
    "ActionSpace",
    "all_in_total",
    "discard_name",
    "size_total",
]
