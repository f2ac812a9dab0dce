"""The exceptions of drawpoker, one hierarchy for the whole library.

>>> from drawpoker import evaluate
>>> from drawpoker.errors import InvalidCardError
>>> try:
...     evaluate("As Kd Zz")
... except InvalidCardError as error:
...     print(error)
invalid card "Zz"
"""


class DrawPokerError(Exception):
    """Base class of every error raised by drawpoker.

    >>> issubclass(InvalidCardError, DrawPokerError)
    True
    """


class InvalidCardError(DrawPokerError, ValueError):
    """A card that is not a card: bad text, a value outside 0..51 (52 = joker), or a repeat.

    >>> from drawpoker import evaluate
    >>> evaluate("As As Kd Qc Jh")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidCardError: duplicate card As
    """


class InvalidArgumentError(DrawPokerError, ValueError):
    """An argument that does not fit the call: a wrong hand size, shape, dtype or name.

    >>> from drawpoker import evaluate
    >>> evaluate("As Kd Qc Jh")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: a hand of 4 cards is not allowed here (...)
    """


class IllegalActionError(DrawPokerError, ValueError):
    """An action that the rules do not allow at this point of a hand; the hand is unchanged.

    >>> from drawpoker.engine import DrawSettings, FiveCardDraw, Hand
    >>> hand = Hand(FiveCardDraw(DrawSettings()), stacks=[2000, 2000], button=0, seed=1)
    >>> try:
    ...     hand.bet(25)
    ... except IllegalActionError:
    ...     print("refused")
    refused
    """


class HistoryError(DrawPokerError, ValueError):
    """A hand history that cannot be read, written or replayed: the message names the hand and
    the field or action at fault (:mod:`drawpoker.history`).

    >>> from drawpoker.history import loads
    >>> loads("variant = 'NT'")
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: hand 1: missing required field 'antes'
    """


class UnsupportedVariantError(HistoryError):
    """A hand history of a variant that the table engine does not play (yet): it can be read and
    shown, not replayed.

    >>> from drawpoker.history import VARIANTS
    >>> VARIANTS["FT"].spec({}, 2)
    Traceback (most recent call last):
    ...
    drawpoker.errors.UnsupportedVariantError: variant 'FT' (fixed-limit Texas hold 'em): the \
engine does not play it yet
    """
