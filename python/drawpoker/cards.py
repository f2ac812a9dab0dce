"""Cards: integers ``0..51 = 4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits cdhs), joker 52.

Every public function of drawpoker takes cards as text (``"AsKd"``, ``"As Kd"``,
``"As, Kd"``, ``"10h"``, Unicode suits ``"A♠ K♦"``), a list of card strings (``["As", "Kd"]``,
as treys and eval7 take them), a sequence of ints, or a NumPy integer array; the helpers here
turn any of those into what the core takes.

>>> parse_cards("As Kd 10h")
[51, 45, 34]
>>> parse_cards("A♠K♦T♥") == to_card_list(["As", "Kd", "Th"])
True
>>> format_cards([51, 45, 52]), format_cards([51, 45], symbols=True)
('As Kd Jk', 'A♠ K♦')
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from drawpoker import _core
from drawpoker.errors import InvalidArgumentError, InvalidCardError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

JOKER = 52
"""The joker of the 53-card deck."""

RANKS = "23456789TJQKA"
"""Rank characters, deuce (rank 0) to ace (rank 12)."""

SUITS = "cdhs"
"""Suit characters in bridge order: clubs (0), diamonds, hearts, spades (3)."""

# Quoted so that importing drawpoker does not import NumPy (it loads on the first array call).
CardsLike: TypeAlias = "str | Iterable[int] | Iterable[str] | npt.NDArray[np.integer]"
"""Anything that names cards: text, a sequence of card strings or ints, or an integer array."""


def parse_cards(text: str) -> list[int]:
    """Card integers of card text, written together or apart (R-CARD-2).

    >>> parse_cards("AsKd")
    [51, 45]
    >>> parse_cards("2c, jk")
    [0, 52]
    """
    return _core.parse_cards(text)


def format_cards(cards: CardsLike, *, symbols: bool = False) -> str:
    """Text of cards, separated by spaces; with ``symbols`` the suits are Unicode symbols.

    >>> format_cards([0, 1, 2, 3])
    '2c 2d 2h 2s'
    >>> format_cards("2c 2d 2h 2s", symbols=True)
    '2♣ 2♦ 2♥ 2♠'
    """
    return " ".join(_core.format_cards(to_card_list(cards), symbols))


def card(rank: int, suit: int) -> int:
    """The card of a rank (0 = deuce .. 12 = ace) and a suit (0 = clubs .. 3 = spades).

    >>> format_cards([card(12, 3)])
    'As'
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise InvalidCardError(f"no card has rank {rank} and suit {suit}")
    return 4 * rank + suit


def rank_of(card: int) -> int:
    """Rank of a card, 0 = deuce .. 12 = ace.

    >>> rank_of(51)
    12
    """
    return card >> 2


def suit_of(card: int) -> int:
    """Suit of a card, 0 = clubs .. 3 = spades.

    >>> suit_of(51)
    3
    """
    return card & 3


def full_deck(joker: bool = False) -> list[int]:
    """Every card of the 52-card deck, plus the joker if asked.

    >>> len(full_deck()), len(full_deck(joker=True))
    (52, 53)
    """
    return list(range(53 if joker else 52))


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


def to_card_list(cards: CardsLike) -> list[int]:
    """Card integers of text, ints or an integer array (values are checked by the core).

    >>> to_card_list("As Kd")
    [51, 45]
    >>> to_card_list(["As", "Kd", "10h"])
    [51, 45, 34]
    >>> import numpy as np
    >>> to_card_list(np.array([3, 7], dtype=np.uint8))
    [3, 7]
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    # An array can only exist once NumPy is loaded; never load it just to check.
    if "numpy" in sys.modules:
        import numpy as np

        if isinstance(cards, np.ndarray):
            if cards.dtype.kind not in "iu":
                raise InvalidCardError(f"cards must be integers, not an array of {cards.dtype}")
            return [int(c) for c in cards.ravel()]
    result = []
    for value in cards:
        if isinstance(value, str):  # a list of card strings, as treys and eval7 take them
            result.extend(parse_cards(value))
            continue
        if type(value) is not int and not is_integer(value):
            raise InvalidCardError(
                f"cards must be card text, card strings or integers, got {value!r}"
            )
        if not 0 <= value <= JOKER:
            raise InvalidCardError(f"card value {value} is out of range")
        result.append(int(value))
    return result


def as_card_array(
    cards: npt.ArrayLike, widths: Sequence[int], *, allow_joker: bool = False, name: str = "cards"
) -> npt.NDArray[np.uint8]:
    """A C-contiguous ``uint8[N, k]`` copy or view of a batch, shape and values checked.

    Raises :class:`InvalidArgumentError` for a wrong dtype or shape and
    :class:`InvalidCardError` naming the first row with a value out of range.

    >>> as_card_array([[0, 1, 2, 3, 4]], widths=(5,)).dtype
    dtype('uint8')
    """
    import numpy as np

    array = np.asarray(cards)
    if array.dtype.kind not in "iu":
        raise InvalidArgumentError(f"{name} must be an integer array, not {array.dtype}")
    if array.ndim != 2:
        raise InvalidArgumentError(f"{name} must be 2-D [N, k], got shape {array.shape}")
    if array.shape[1] not in widths:
        allowed = ", ".join(str(w) for w in widths)
        raise InvalidArgumentError(f"{name} rows must have {allowed} cards, got {array.shape[1]}")
    if array.dtype != np.uint8 and array.size:
        limit = JOKER if allow_joker else JOKER - 1
        bad = (array < 0) | (array > limit)
        if bad.any():
            row, col = np.argwhere(bad)[0]
            raise InvalidCardError(f"card value {array[row, col]} is out of range in row {row}")
    return np.ascontiguousarray(array, dtype=np.uint8)
