"""Seeded shuffles: a counter-based generator, so a deck depends only on (seed, key) and a hand's
random state is just its seed (nothing to save, replay is exact).

The order is the stable sort of the cards by 32-bit keys drawn from SHAKE-256 of the seed and the
key (two equal keys among 53 cards happen about once in three million shuffles); both steps run
in Rust (``_core.shuffle``), the same bytes as ``hashlib.shake_256``.

>>> shuffled(range(5), seed=7, key=(0,)) == shuffled(range(5), seed=7, key=(0,))
True
>>> sorted(shuffled(range(52), seed=1, key=(2, 3))) == list(range(52))
True
"""

from __future__ import annotations

from collections.abc import Iterable

from drawpoker import _core


def shuffled(cards: Iterable[int], seed: int, key: tuple[int, ...]) -> list[int]:
    """The cards in the order fixed by ``seed`` and ``key`` (e.g. the deal number of a hand).

    >>> shuffled([1, 2, 3], seed=0, key=()) in ([1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1],
    ...                                          [3, 1, 2], [3, 2, 1])
    True
    """
    return _core.shuffle(list(cards), repr((seed, key)).encode())
