"""The PHH action and card notation: ``d dh p1 AsKd``, ``p2 cbr 300``, ``p3 sd 7c2h``, ...

Cards are drawpoker's ints (``0..51``, the joker 52); an unknown card (``??``) is ``None``. PHH has
no joker: drawpoker writes it ``Jk``, its own name for it (:func:`drawpoker.cards.format_cards`),
which a reader of the standard refuses as a card ("'k' is not a valid suit") instead of taking it
for a jack or an unknown card.

>>> parse_action("d dh p2 AsJk")
Move(verb='dh', player=1, cards=(51, 52), amount=None)
>>> parse_action("p1 cbr 300 # a raise")
Move(verb='cbr', player=0, cards=None, amount=300)
>>> cards_text([51, None, 52])
'As??Jk'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from drawpoker.cards import JOKER, RANKS, SUITS, format_cards
from drawpoker.errors import HistoryError

UNKNOWN = "??"
"""An unknown card."""

CARD_TEXT: tuple[str, ...] = (
    *(rank + suit for rank in RANKS for suit in SUITS),
    format_cards([JOKER]),
)
"""The PHH text of each card, by its int (the joker last)."""

CARDS: dict[str, int | None] = {text: card for card, text in enumerate(CARD_TEXT)} | {UNKNOWN: None}
"""Each card text to its int (``??`` to ``None``)."""

PLAYER_VERBS = ("pb", "f", "cc", "cbr", "sd", "sm")
"""What a player does: bring in, fold, check or call, complete/bet/raise to, stand pat or
discard, show or muck."""

SHOW_AS_DEALT = "-"
"""``pN sm -``: show the cards as already dealt."""


class Move(NamedTuple):
    """One parsed action. ``verb`` is a dealer or player verb, or ``noop`` (an empty action or a
    commentary); ``player`` the 0-based player (the one dealt to for ``dh``); ``cards`` those
    dealt, discarded or shown (``None`` for a muck, or when the verb takes none; ``sm -`` keeps
    ``None`` here and sets ``amount`` to -1); ``amount`` the total of a ``cbr``.

    >>> parse_action("p3 sm")
    Move(verb='sm', player=2, cards=None, amount=None)
    """

    verb: str
    player: int | None
    cards: tuple[int | None, ...] | None
    amount: int | None


NOOP = Move("noop", None, None, None)


def parse_cards(text: str) -> tuple[int | None, ...]:
    """The cards of PHH card text (two characters a card, ``??`` unknown, ``Jk`` the joker).

    >>> parse_cards("Th??")
    (34, None)
    >>> parse_cards("Tx")
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: bad card 'Tx'
    """
    if len(text) % 2:
        raise HistoryError(f"bad cards {text!r} (two characters a card)")
    cards = CARDS
    try:
        return tuple([cards[text[i : i + 2]] for i in range(0, len(text), 2)])
    except KeyError:
        bad = next(text[i : i + 2] for i in range(0, len(text), 2) if text[i : i + 2] not in cards)
        raise HistoryError(f"bad card {bad!r}") from None


def cards_text(cards: Iterable[int | None]) -> str:
    """PHH card text of cards (``None`` is ``??``).

    >>> cards_text([0, 51])
    '2cAs'
    """
    text = CARD_TEXT
    return "".join(UNKNOWN if card is None else text[card] for card in cards)


def _player(word: str) -> int:
    number = word[1:]
    if word[:1] != "p" or not (number.isascii() and number.isdigit()) or number[0] == "0":
        raise HistoryError(f"bad player {word!r} (p1, p2, ...)")
    return int(number) - 1


def parse_action(text: str) -> Move:
    """The :class:`Move` of one PHH action (a commentary after ``#`` is dropped).

    >>> parse_action("d db 3sKc2d")
    Move(verb='db', player=None, cards=(7, 44, 1), amount=None)
    >>> parse_action("p1 sd")
    Move(verb='sd', player=0, cards=(), amount=None)
    >>> parse_action("p1 raise 30")
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: unknown action 'raise'
    """
    move = _SEEN.get(text)
    if move is None:
        move = _parse(text)
        if len(_SEEN) >= 4096:
            _SEEN.clear()
        _SEEN[text] = move
    return move


_SEEN: dict[str, Move] = {}
"""Actions parsed lately (most repeat from hand to hand: ``p2 cc``, ``p1 f``, ...)."""


def _parse(text: str) -> Move:
    if "#" in text:
        text = text[: text.index("#")]
    words = text.split()
    if not words:
        return NOOP
    if words[0] == "d":
        if len(words) == 3 and words[1] == "db":
            return Move("db", None, parse_cards(words[2]), None)
        if len(words) == 4 and words[1] == "dh":
            return Move("dh", _player(words[2]), parse_cards(words[3]), None)
        raise HistoryError("a dealer action is 'd db CARDS' or 'd dh pN CARDS'")
    player = _player(words[0])
    verb = words[1] if len(words) > 1 else ""
    count = len(words)
    if verb in ("f", "cc", "pb") and count == 2:
        return Move(verb, player, None, None)
    if verb == "cbr" and count == 3:
        amount = words[2]
        if not (amount.isascii() and amount.isdigit()):
            raise HistoryError(f"bad amount {amount!r}: drawpoker counts whole chips")
        return Move(verb, player, None, int(amount))
    if verb == "sd" and count <= 3:
        return Move(verb, player, parse_cards(words[2]) if count == 3 else (), None)
    if verb == "sm" and count <= 3:
        if count == 3 and words[2] == SHOW_AS_DEALT:
            return Move(verb, player, None, -1)
        return Move(verb, player, parse_cards(words[2]) if count == 3 else None, None)
    if verb in PLAYER_VERBS:
        raise HistoryError(f"bad arguments for {verb!r}")
    raise HistoryError(f"unknown action {verb!r}")
