"""Checks of the arguments that callers give the analysis API (evaluation, draws, equity): each
returns the value as the core takes it, or raises
:class:`~drawpoker.errors.InvalidArgumentError` naming the argument and what is allowed.

>>> integer("n_cards", 6, 5, 7)
6
>>> integer("n_cards", 8, 5, 7)
Traceback (most recent call last):
...
drawpoker.errors.InvalidArgumentError: n_cards must be an integer in 5..7, not 8
"""

from __future__ import annotations

import math
import operator
import sys
from collections.abc import Sequence
from typing import SupportsIndex, cast

from drawpoker.errors import DrawPokerError, InvalidArgumentError

SEED_MAX = 2**64 - 1
"""Seeds (of equity samples, deals, simulations) and hand numbers are integers in
``0..2**64-1``: eight bytes."""


def is_integer(value: object) -> bool:
    """Whether a value is a Python or NumPy integer (``bool`` is not).

    >>> is_integer(3), is_integer(True), is_integer(3.0)
    (True, False, False)
    """
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    # A NumPy integer can only exist once NumPy is loaded; never load it just to check.
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.integer)


def _written(bound: int) -> str:
    """A bound as a person reads it: ``2**64-1`` and ``10**12`` rather than their digits."""
    if bound >= 2**32 and (bound + 1).bit_count() == 1:
        return f"2**{(bound + 1).bit_length() - 1}-1"
    if bound >= 10**6 and str(bound).rstrip("0") == "1":
        return f"10**{len(str(bound)) - 1}"
    return str(bound)


def integer(name: str, value: object, low: int, high: int) -> int:
    """``value`` as an int in ``low..high`` (both included): a Python or NumPy integer, never a
    bool, a float or text.

    >>> import numpy as np
    >>> integer("seed", np.uint64(2**63), 0, 2**64 - 1)
    9223372036854775808
    >>> integer("samples", True, 0, 10**12)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: samples must be an integer in 0..10**12, not True
    """
    if is_integer(value):
        number = operator.index(cast("SupportsIndex", value))
        if low <= number <= high:
            return number
    raise InvalidArgumentError(
        f"{name} must be an integer in {_written(low)}..{_written(high)}, not {value!r}"
    )


def flag(name: str, value: object) -> bool:
    """``value`` as a bool: ``True`` or ``False`` (a NumPy bool too), nothing else.

    >>> flag("joker", False)
    False
    >>> flag("joker", "no")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: joker must be True or False, not 'no'
    """
    numpy = sys.modules.get("numpy")
    if isinstance(value, bool) or (numpy is not None and isinstance(value, numpy.bool_)):
        return bool(value)
    raise InvalidArgumentError(f"{name} must be True or False, not {value!r}")


def encodable_text(
    name: str, value: str, error: type[DrawPokerError] = InvalidArgumentError
) -> str:
    """``value`` if it can be written as UTF-8; a lone surrogate (half of a UTF-16 pair, what
    undecodable bytes of a command line or a JSON ``\\ud800`` escape become) raises ``error``
    naming it and where it is. Every text that reaches the core or a file passes here first.

    >>> encodable_text("card text", "A♠ K♦")
    'A♠ K♦'
    >>> encodable_text("card text", "As \\ud800")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: card text 'As \\ud800' holds a lone surrogate \
'\\ud800' at position 3, which is not a character
    """
    if value.isascii():
        return value
    try:
        value.encode()
    except UnicodeEncodeError as bad:
        raise surrogate_error(name, bad, error) from None
    return value


def surrogate_error(
    name: str, bad: UnicodeEncodeError, error: type[DrawPokerError] = InvalidArgumentError
) -> DrawPokerError:
    """The error that names the text the core could not encode (see :func:`encodable_text`);
    a long text is quoted around the surrogate only.

    >>> try:
    ...     "x\\udcff".encode()
    ... except UnicodeEncodeError as bad:
    ...     print(surrogate_error("name", bad))
    name 'x\\udcff' holds a lone surrogate '\\udcff' at position 1, which is not a character
    >>> try:
    ...     ("a" * 100 + "\\ud800").encode()
    ... except UnicodeEncodeError as bad:
    ...     print(surrogate_error("the history", bad))
    the history ...'aaaaaaaaaaaaaaaaaaaa\\ud800' holds a lone surrogate '\\ud800' at position \
100, which is not a character
    """
    whole, start = bad.object, bad.start
    quoted = repr(whole) if len(whole) <= 60 else f"...{whole[max(start - 20, 0) : start + 20]!r}"
    return error(
        f"{name} {quoted} holds a lone surrogate {whole[start]!r} at position {start}, which is "
        "not a character"
    )


def name_in(kind: str, value: object, known: Sequence[str]) -> str:
    """``value`` if it is one of the ``known`` names of a ``kind`` of thing.

    >>> name_in("game", "holdem", ["holdem", "razz"])
    'holdem'
    >>> name_in("game", "poker", ["holdem", "razz"])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: unknown game 'poker' (known: holdem, razz)
    """
    if isinstance(value, str) and value in known:
        return value
    raise InvalidArgumentError(f"unknown {kind} {value!r} (known: {', '.join(known)})")


def finite(name: str, value: object) -> float:
    """``value`` as a float: a finite Python or NumPy number (not a bool, NaN or infinity).

    >>> finite("pay", 6)
    6.0
    >>> finite("pay", float("nan"))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: pay must be a finite number, not nan
    """
    numpy = sys.modules.get("numpy")
    real = (int, float) + ((numpy.integer, numpy.floating) if numpy is not None else ())
    if isinstance(value, real) and not isinstance(value, bool):
        try:
            number = float(value)
        except OverflowError:  # an int too large for a float
            number = math.inf
        if math.isfinite(number):
            return number
    raise InvalidArgumentError(f"{name} must be a finite number, not {value!r}")
