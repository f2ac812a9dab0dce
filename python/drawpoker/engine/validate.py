"""Checks of values that come from callers (settings, stacks, seeds, amounts): each raises
:class:`~drawpoker.errors.InvalidArgumentError` naming the value and what is allowed.

>>> whole_number("ante", 10)
10
>>> whole_number("ante", 2.5)
Traceback (most recent call last):
...
drawpoker.errors.InvalidArgumentError: ante must be a whole number (an int), not 2.5
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from drawpoker.errors import InvalidArgumentError
from drawpoker.validate import SEED_MAX, integer, is_integer


def whole_number(name: str, value: object) -> int:
    """``value`` as an exact int: Python ints and NumPy integers, never a bool or a float.

    >>> import numpy as np
    >>> whole_number("seed", np.int64(5)), whole_number("seed", 5)
    (5, 5)
    """
    if not is_integer(value):
        raise InvalidArgumentError(f"{name} must be a whole number (an int), not {value!r}")
    return operator.index(value)  # type: ignore[arg-type]


def positive(name: str, value: object) -> int:
    """A whole number above zero.

    >>> positive("rounds", 0)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: rounds must be a positive integer, not 0
    """
    number = whole_number(name, value)
    if number <= 0:
        raise InvalidArgumentError(f"{name} must be a positive integer, not {value!r}")
    return number


MAX_CHIPS = 2**53 - 1
"""The most chips a stack, a bet or a forced bet may hold (exact in a double, so in JSON and in
a browser)."""


def chips(name: str, value: object, *, minimum: int = 1) -> int:
    """A chip amount: a whole number in ``minimum .. 2**53 - 1``.

    >>> chips("big_blind", 2**60)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: big_blind must be an integer in 1..2**53-1, not \
1152921504606846976
    """
    return integer(name, value, minimum, MAX_CHIPS)


def seed(name: str, value: object) -> int:
    """A seed or hand number: a whole number in ``0 .. 2**64 - 1``.

    >>> seed("seed", -1)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: seed must be an integer in 0..2**64-1, not -1
    """
    return integer(name, value, 0, SEED_MAX)


def one_of(name: str, value: object, allowed: Sequence[object]) -> None:
    """Refuses a value that is not among ``allowed`` (compared by type too: ``True != 1``).

    >>> one_of("mode", "fast", ["betting", "no-bet"])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: mode must be one of ['betting', 'no-bet'], not 'fast'
    """
    if not any(type(value) is type(a) and value == a for a in allowed):
        raise InvalidArgumentError(f"{name} must be one of {list(allowed)}, not {value!r}")


def same_data(a: object, b: object) -> bool:
    """Equal plain data of equal types, all the way down (so ``True`` is not ``1`` and ``2.0``
    is not ``2``): how a snapshot's fields are compared with the rebuilt ones.

    >>> same_data([1, [2]], [1, [2]]), same_data([1], [True]), same_data({"a": 2}, {"a": 2.0})
    (True, False, False)
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(same_data, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_data(a[k], b[k]) for k in a)
    return a == b
