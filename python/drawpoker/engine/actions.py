"""What a player may do (:class:`Action`), and what the seat to act may do now
(:class:`LegalActions`).

>>> Action.raise_to(60)
Action(kind='raise', amount=60, cards=())
>>> Action.draw([5, 9]).cards
(5, 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from drawpoker.cards import JOKER, format_cards, is_integer
from drawpoker.errors import IllegalActionError

KINDS = ("fold", "check", "call", "bet", "raise", "draw", "bring-in")
"""Every action kind."""

AMOUNT_LIMIT = 2**62
"""Amounts beyond this many chips are refused before they reach the engine (no stack holds
more than 2**53 - 1)."""


class Action(NamedTuple):
    """A player's action. ``amount`` is the total the player has in the current betting round
    after a bet or raise ("bet to", "raise to"), 0 for the other kinds; ``cards`` are the
    discards of a draw: a tuple or list of whole numbers, empty (``()`` or ``[]``) for every
    other kind and to stand pat. Any other value (``None``, ``0``, ``False``, ``""``, bytes) is
    refused alike by ``Hand.act`` and ``Hand.can_act`` (:func:`checked` decides both); the
    repr shows it as it is.

    >>> Action.bet(20)
    Action(kind='bet', amount=20, cards=())
    >>> Action("draw", 0, None)
    Action(kind='draw', amount=0, cards=None)
    """

    kind: str
    amount: int = 0
    cards: tuple[int, ...] = ()

    def __repr__(self) -> str:
        """The action with its cards as text.

        >>> Action.draw([51, 45])
        Action(kind='draw', amount=0, cards='As Kd')
        """
        return f"Action(kind={self.kind!r}, amount={self.amount!r}, cards={cards_repr(self.cards)})"

    @staticmethod
    def fold() -> Action:
        """Give up the hand.

        >>> Action.fold().kind
        'fold'
        """
        return FOLD

    @staticmethod
    def check() -> Action:
        """Pass without betting.

        >>> Action.check().kind
        'check'
        """
        return CHECK

    @staticmethod
    def call() -> Action:
        """Match the current bet (or go all-in for less).

        >>> Action.call().kind
        'call'
        """
        return CALL

    @staticmethod
    def bet(to: int) -> Action:
        """Make the first bet of a betting round.

        >>> Action.bet(40).amount
        40
        """
        return Action("bet", to)

    @staticmethod
    def raise_to(to: int) -> Action:
        """Raise so that the player's total in this betting round is ``to``.

        >>> Action.raise_to(80).amount
        80
        """
        return Action("raise", to)

    @staticmethod
    def bring_in() -> Action:
        """Post the stud bring-in (the other choice is a bet: the completion, R-STUD-2).

        >>> Action.bring_in().kind
        'bring-in'
        """
        return BRING_IN

    @staticmethod
    def draw(discards: Iterable[int] = ()) -> Action:
        """Discard ``discards`` and receive as many new cards; no discards = stand pat.

        >>> Action.draw().cards
        ()
        """
        cards = tuple(discards)
        return Action("draw", 0, cards) if cards else STAND_PAT

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> Action.bet(20).to_dict()
        {'kind': 'bet', 'amount': 20, 'cards': []}
        """
        return {"kind": self.kind, "amount": self.amount, "cards": list(self.cards)}

    @staticmethod
    def from_dict(data: Any) -> Action:
        """The action written by ``to_dict``; anything else is refused.

        >>> Action.from_dict({'kind': 'draw', 'amount': 0, 'cards': [3]})
        Action(kind='draw', amount=0, cards='2s')
        >>> Action.from_dict({'kind': 'bet', 'amount': 2.5, 'cards': []})
        Traceback (most recent call last):
        ...
        drawpoker.errors.IllegalActionError: an amount is a whole number of chips (an int), not 2.5
        """
        if not isinstance(data, dict) or set(data) != {"kind", "amount", "cards"}:
            raise IllegalActionError(f"an action is kind, amount and cards, not {data!r}")
        kind, amount, cards = checked(data["kind"], data["amount"], data["cards"])
        return Action(kind, amount, tuple(cards))


# The actions without arguments, built once: an Action is immutable.
FOLD = Action("fold")
CHECK = Action("check")
CALL = Action("call")
STAND_PAT = Action("draw")
BRING_IN = Action("bring-in")


def cards_repr(cards: object) -> str:
    """Cards in a repr: their text when they are cards (what a person reads), else as they are.

    >>> cards_repr((51, 0)), cards_repr(()), cards_repr((99,)), cards_repr(5)
    ("'As 2c'", '()', '(99,)', '5')
    """
    if not isinstance(cards, tuple | list):
        return repr(cards)
    if cards and all(type(c) is int and 0 <= c <= JOKER for c in cards):
        return repr(format_cards(cards))
    return repr(cards)


def checked(kind: object, amount: object, cards: object) -> tuple[str, int, Sequence[int]]:
    """An action's parts with their types checked, as the engine takes them: the kind a
    string, the amount an exact whole number (a NumPy integer converted), the cards a sequence
    of whole numbers that is not text or bytes (empty: no cards). Anything else raises
    :class:`IllegalActionError`. This one check serves both :meth:`Hand.act
    <drawpoker.engine.Hand.act>` and :meth:`Hand.why_illegal <drawpoker.engine.Hand.why_illegal>`,
    so what one refuses the other refuses.

    >>> import numpy as np
    >>> checked("raise", np.int64(60), [])
    ('raise', 60, [])
    >>> checked("bet", True, ())
    Traceback (most recent call last):
    ...
    drawpoker.errors.IllegalActionError: an amount is a whole number of chips (an int), not True
    >>> checked("draw", 0, None)
    Traceback (most recent call last):
    ...
    drawpoker.errors.IllegalActionError: discards are a sequence of cards, not None
    """
    if (
        type(cards) is tuple
        and not cards
        and type(kind) is str
        and type(amount) is int
        and -AMOUNT_LIMIT < amount < AMOUNT_LIMIT
    ):
        return kind, amount, cards  # the common case, already well typed
    if not isinstance(kind, str):
        raise IllegalActionError(f"an action kind is a string such as 'call', not {kind!r}")
    if not is_integer(amount):
        raise IllegalActionError(f"an amount is a whole number of chips (an int), not {amount!r}")
    chips = int(amount)  # type: ignore[call-overload]
    if not -AMOUNT_LIMIT < chips < AMOUNT_LIMIT:
        raise IllegalActionError(f"{chips} chips is more than any stack holds")
    if isinstance(cards, str | bytes | bytearray) or not isinstance(cards, Sequence):
        raise IllegalActionError(f"discards are a sequence of cards, not {cards!r}")
    values = []
    for card in cards:
        if not is_integer(card):
            raise IllegalActionError(f"a card is a whole number 0..52, not {card!r}")
        value = int(card)
        if not -AMOUNT_LIMIT < value < AMOUNT_LIMIT:
            raise IllegalActionError(f"{value} is not a card")
        values.append(value)
    return kind, chips, values


def action_parts(action: object) -> tuple[object, object, object]:
    """An action's three parts, unchecked; anything that is not a tuple of three (an
    :class:`Action`) is refused.

    >>> action_parts(Action.bet(20))
    ('bet', 20, ())
    >>> action_parts("fold")
    Traceback (most recent call last):
    ...
    drawpoker.errors.IllegalActionError: 'fold' is not an Action
    """
    if not isinstance(action, tuple) or len(action) != 3:
        raise IllegalActionError(f"{action!r} is not an Action")
    kind, amount, cards = action
    return kind, amount, cards


def checked_action(action: object) -> tuple[str, int, Sequence[int]]:
    """An action's parts with their types checked (:func:`checked`), as ``Hand.why_illegal``
    and a seat's ``HandView.why_illegal`` both take them.

    >>> checked_action(Action.draw([51]))
    ('draw', 0, [51])
    >>> checked_action(Action("call", 0, None))
    Traceback (most recent call last):
    ...
    drawpoker.errors.IllegalActionError: discards are a sequence of cards, not None
    """
    return checked(*action_parts(action))


class LegalActions(NamedTuple):
    """The actions open to the seat whose turn it is.

    ``kinds`` lists them (``fold check call bet raise draw bring-in``); ``call`` is the chips a
    call (or the bring-in) costs;
    bets and raises are totals ``min_to..max_to`` in steps of ``step``, and ``max_to`` (all-in) is
    always allowed; ``max_discards`` bounds a draw (the game may need more, e.g. an ace kept);
    ``presets`` are named legal totals for a bet or raise (R-HE-6), e.g. ``("pot", 300)``.

    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> Hand(FiveCardDraw(), [500, 500], seed=1).legal_actions()
    LegalActions(seat=1, kinds=('check', 'bet'), call=0, min_to=20, max_to=490, step=20,
                 max_discards=0, presets=())
    """

    seat: int
    kinds: tuple[str, ...]
    call: int = 0
    min_to: int = 0
    max_to: int = 0
    step: int = 0
    max_discards: int = 0
    presets: tuple[tuple[str, int], ...] = ()
