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
    """Base class of every error raised by drawpoker."""


class InvalidCardError(DrawPokerError, ValueError):
    """A card that is not a card: bad text, a value outside 0..51 (52 = joker), or a repeat."""


class InvalidArgumentError(DrawPokerError, ValueError):
    """An argument that does not fit the call: a wrong hand size, shape, dtype or name."""


class IllegalActionError(DrawPokerError, ValueError):
    """An action that the rules do not allow at this point of a hand."""
