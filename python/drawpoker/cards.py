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

import itertools
import operator
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, SupportsIndex, TypeAlias, cast

from drawpoker import _core
from drawpoker.errors import InvalidArgumentError, InvalidCardError
from drawpoker.validate import encodable_text, flag
from drawpoker.validate import is_integer as is_integer  # its home before validate.py

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
    >>> parse_cards("As \\udcff")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidCardError: card text 'As \\udcff' holds a lone surrogate '\\udcff' \
at position 3, which is not a character
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"card text must be a str, not {text!r}")
    return _core.parse_cards(encodable_text("card text", text, InvalidCardError))


def format_cards(cards: CardsLike, *, symbols: bool = False) -> str:
    """Text of cards, separated by spaces; with ``symbols`` the suits are Unicode symbols.

    >>> format_cards([0, 1, 2, 3])
    '2c 2d 2h 2s'
    >>> format_cards("2c 2d 2h 2s", symbols=True)
    '2♣ 2♦ 2♥ 2♠'
    """
    return " ".join(_core.format_cards(to_card_list(cards), flag("symbols", symbols)))


def card(rank: int, suit: int) -> int:
    """The card of a rank (0 = deuce .. 12 = ace) and a suit (0 = clubs .. 3 = spades).

    >>> format_cards([card(12, 3)])
    'As'
    >>> card(1.5, 2)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidCardError: no card has rank 1.5 and suit 2 (ranks are integers \
0..12, suits 0..3)
    """
    if not (is_integer(rank) and is_integer(suit) and 0 <= rank < 13 and 0 <= suit < 4):
        raise InvalidCardError(
            f"no card has rank {rank!r} and suit {suit!r} (ranks are integers 0..12, suits 0..3)"
        )
    return 4 * int(rank) + int(suit)


def _standard_card(card: object) -> int:
    """A card of the 52-card deck, checked (the joker has neither rank nor suit)."""
    number = operator.index(cast("SupportsIndex", card)) if is_integer(card) else -1
    if 0 <= number < JOKER:
        return number
    raise InvalidCardError(
        f"card must be an integer in 0..51 (the joker, 52, has no rank or suit), not {card!r}"
    )


def rank_of(card: int) -> int:
    """Rank of a card, 0 = deuce .. 12 = ace.

    >>> rank_of(51)
    12
    """
    return _standard_card(card) >> 2


def suit_of(card: int) -> int:
    """Suit of a card, 0 = clubs .. 3 = spades.

    >>> suit_of(51)
    3
    """
    return _standard_card(card) & 3


def full_deck(joker: bool = False) -> list[int]:
    """Every card of the 52-card deck, plus the joker if asked.

    >>> len(full_deck()), len(full_deck(joker=True))
    (52, 53)
    """
    return list(range(53 if flag("joker", joker) else 52))


def to_card_list(cards: CardsLike, name: str = "cards") -> list[int]:
    """Card integers 0..52 of text, ints or a 1-D integer array (the core checks repeats and
    what the call allows); ``name`` is the argument named by an error.

    >>> to_card_list("As Kd")
    [51, 45]
    >>> to_card_list(["As", "Kd", "10h"])
    [51, 45, 34]
    >>> import numpy as np
    >>> to_card_list(np.array([3, 7], dtype=np.uint8))
    [3, 7]
    >>> to_card_list([3, 99], name="board")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidCardError: card value 99 in board is out of range (0..51, the joker 52)
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    # An array can only exist once NumPy is loaded; never load it just to check.
    if "numpy" in sys.modules:
        import numpy as np  # lazy: NumPy loads on first array use (issue 2)

        if isinstance(cards, np.ndarray):
            if cards.dtype.kind not in "iu":
                raise InvalidCardError(f"{name} must be integers, not an array of {cards.dtype}")
            if cards.ndim != 1:
                raise InvalidArgumentError(
                    f"{name} must be a 1-D array of cards, not an array of shape {cards.shape}"
                )
            cards = cards[: JOKER + 2].tolist()
    if type(cards) is list or type(cards) is tuple:  # the usual case, read as it is
        values = cards
    else:
        try:
            # One more than a deck holds is enough to refuse, however long the input is.
            values = list(itertools.islice(cards, JOKER + 2))
        except TypeError:
            raise InvalidArgumentError(
                f"{name} must be card text, a sequence of card integers or an integer array,"
                f" not {cards!r}"
            ) from None
    if len(values) > JOKER + 1:
        raise InvalidCardError(f"{name} holds more cards than a deck (53 with the joker)")
    if values and isinstance(values[0], str) and values is cards:
        return _from_strings(values, name)  # a list of card strings, as treys and eval7 take
    for value in values:
        if type(value) is not int and not is_integer(value):
            raise InvalidCardError(
                f"{name} must be card text, card strings or integers, got {value!r}"
            )
        if not 0 <= value <= JOKER:
            raise InvalidCardError(
                f"card value {value} in {name} is out of range (0..51, the joker 52)"
            )
    return [int(value) for value in values]


def _from_strings(values: Sequence[object], name: str) -> list[int]:
    """The cards of a list of card strings (each one or more cards: ``["As", "Kd 7h"]``)."""
    cards: list[int] = []
    for value in values:
        if not isinstance(value, str):
            raise InvalidCardError(
                f"{name} mixes card strings and other values: {value!r} among strings"
            )
        cards.extend(parse_cards(value))
    if len(cards) > JOKER + 1:
        raise InvalidCardError(f"{name} holds more cards than a deck (53 with the joker)")
    return cards


def as_card_array(
    cards: npt.ArrayLike, widths: Sequence[int], *, allow_joker: bool = False, name: str = "cards"
) -> npt.NDArray[np.uint8]:
    """A C-contiguous ``uint8[N, k]`` copy or view of a batch, shape and values checked.

    Raises :class:`InvalidArgumentError` for a wrong dtype or shape and
    :class:`InvalidCardError` naming the first row with a value out of range.

    >>> as_card_array([[0, 1, 2, 3, 4]], widths=(5,)).dtype
    dtype('uint8')
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    try:
        array = np.asarray(cards)
    except (TypeError, ValueError) as error:  # ragged rows, or values NumPy cannot hold
        raise InvalidArgumentError(f"{name} must be a 2-D integer array: {error}") from None
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


_CARD_TEXTS = dict(enumerate(format_cards(range(JOKER + 1)).split()))
"""Each card's text by its integer (the joker's included): a view's cards are written at
every change, many lists each (the narration many sentences)."""


_INT = {int}
"""The one type :func:`cards_text` looks up directly (its check is by set: a bool is not
``int``)."""


def cards_text(cards: Iterable[int]) -> list[str]:
    """Cards as text, one string each (``Jk`` is the joker); what is not a card is refused
    as :func:`~drawpoker.cards.format_cards` refuses it.

    >>> cards_text([51, 52, 8])
    ['As', 'Jk', '4c']
    >>> cards_text([51, 53])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidCardError: card value 53 in cards is out of range (0..51, the joker 52)
    """
    cards = list(cards)
    if set(map(type, cards)) <= _INT:  # (a bool or a NumPy integer is not looked up)
        try:
            return list(map(_CARD_TEXTS.__getitem__, cards))
        except KeyError:  # not a card: refused below
            pass
    return format_cards(cards).split()
