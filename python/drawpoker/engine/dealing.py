"""The deal as bytes: every shuffle of a hand is a pure function of four numbers, so any program
(a browser client, an auditor) can reproduce a deal from its seed.

A hand's shuffles are named by its ``seed`` and ``number`` (its number in the game: the table
passes its own seed and the round, so two tables' hands never share a shuffle), the deal number
(0, then 1, 2, ... after each redeal) and the shuffle number (0 for the deal, k for the k-th
reshuffle of the discards). The message fed to SHAKE-256 is 41 bytes::

    b"drawpoker.deal.v1" + seed (8 bytes) + number (8) + deal (4) + shuffle (4)

the integers unsigned and big-endian. The cards to shuffle (a fresh deck in card order 0..51,
then the joker 52; or the discard pile in the order the cards were discarded) take the
little-endian unsigned 32-bit keys read from the first ``4 * len(cards)`` bytes of SHAKE-256's
output, four bytes per card, and are put in the stable order of those keys (equal keys keep the
cards' order). The stub is dealt from its first card: one card at a time to each seat in turn
from the button's left, then board cards from the top; there are no burn cards.

>>> deal_message(1, 0, 0, 0).hex()
'64726177706f6b65722e6465616c2e7631000000000000000100000000000000000000000000000000'
>>> from drawpoker.cards import format_cards
>>> format_cards(shuffled(list(range(52)), seed=1)[:8])
'9d 6c 6d 9c 5d 2s 7c 4s'
"""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker import _core
from drawpoker.cards import JOKER
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.engine.validate import whole_number
from drawpoker.errors import InvalidArgumentError


def deal_message(seed: int, number: int = 0, deal: int = 0, shuffle: int = 0) -> bytes:
    """The 41 bytes of one shuffle's SHAKE-256 message.

    >>> len(deal_message(7, 3, 0, 1)), deal_message(7, 3, 0, 1)[:17]
    (41, b'drawpoker.deal.v1')
    """
    return _core.deal_message(*_numbers(seed, number, deal, shuffle))


def shuffled(
    cards: Sequence[int], seed: int, number: int = 0, deal: int = 0, shuffle: int = 0
) -> list[int]:
    """``cards`` in the order of the shuffle named by the four numbers.

    >>> sorted(shuffled(range(52), seed=5)) == list(range(52))
    True
    """
    values = [whole_number("a card", c) for c in cards]
    if any(not 0 <= c <= JOKER for c in values):
        raise InvalidArgumentError(f"cards are 0..52, not {values}")
    return _core.deal_order(values, *_numbers(seed, number, deal, shuffle))


def _numbers(seed: int, number: int, deal: int, shuffle: int) -> tuple[int, int, int, int]:
    deal, shuffle = whole_number("deal", deal), whole_number("shuffle", shuffle)
    for name, value in (("deal", deal), ("shuffle", shuffle)):
        if not 0 <= value < 2**32:
            raise InvalidArgumentError(f"{name} must be in 0..2**32-1, not {value}")
    return checked_seed("seed", seed), checked_seed("number", number), deal, shuffle
