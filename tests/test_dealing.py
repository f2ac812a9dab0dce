"""The deal as bytes (drawpoker.engine.dealing, rust/engine/deal.rs): the engine's shuffles
against an independent reference (hashlib's SHAKE-256 and NumPy's stable argsort), the
documented test vectors, and seeds."""

from __future__ import annotations

import hashlib
import struct

import numpy as np
import pytest
from drawpoker.cards import format_cards
from drawpoker.engine import FiveCardDraw, Hand, game
from drawpoker.engine.dealing import deal_message, shuffled
from drawpoker.errors import InvalidArgumentError
from drawpoker.table import Table


def reference_message(seed: int, number: int, deal: int, shuffle: int) -> bytes:
    return b"drawpoker.deal.v1" + struct.pack(">QQII", seed, number, deal, shuffle)


def reference_shuffled(
    cards: list[int], seed: int, number: int, deal: int, shuffle: int
) -> list[int]:
    """The documented shuffle, written from the docs with the standard library and NumPy."""
    digest = hashlib.shake_256(reference_message(seed, number, deal, shuffle)).digest(
        4 * len(cards)
    )
    order = np.frombuffer(digest, dtype="<u4").argsort(kind="stable")
    return [cards[i] for i in order]


def test_the_message_is_the_documented_41_bytes() -> None:
    for numbers in [(0, 0, 0, 0), (5, 1, 0, 2), (2**64 - 1, 2**64 - 1, 2**32 - 1, 2**32 - 1)]:
        assert deal_message(*numbers) == reference_message(*numbers)
        assert len(deal_message(*numbers)) == 41


@pytest.mark.parametrize("size", [0, 1, 5, 34, 35, 52, 53])
def test_shuffles_match_the_reference(size: int) -> None:
    cards = list(range(size))
    for seed in (0, 1, 7, 2**63, 2**64 - 1):
        for number, deal, shuffle in ((0, 0, 0), (3, 0, 0), (3, 1, 0), (3, 1, 2)):
            expected = reference_shuffled(cards, seed, number, deal, shuffle)
            assert shuffled(cards, seed, number, deal, shuffle) == expected


def test_a_hand_is_dealt_from_the_documented_deck() -> None:
    # Five-Card Draw, three seats, button 1: seat 2 gets deck[0], deck[3], ... (left of the button).
    hand = Hand(FiveCardDraw(), [500, 500, 500], button=1, seed=4, number=9)
    deck = reference_shuffled(list(range(52)), 4, 9, 0, 0)
    assert hand.cards[2] == deck[0:15:3]
    assert hand.cards[0] == deck[1:15:3]
    assert hand.cards[1] == deck[2:15:3]
    assert hand.deck == deck[15:]
    holdem = Hand(game("holdem"), [1000] * 2, button=0, seed=4, number=9)
    assert holdem.cards[1] == deck[0:4:2] and holdem.cards[0] == deck[1:4:2]


DOCUMENTED_VECTORS = {
    (1, 0, 0, 0): "9d 6c 6d 9c 5d 2s 7c 4s",
    (0, 0, 0, 0): "4d 3h 6h 3s Jc 2d 7h Qs",
    (42, 7, 0, 0): "7s Jh 6d Th 3c 8d Kh 7h",
    (42, 7, 1, 0): "6h Kc Js 2c 2h 5c 4d Ts",
    (42, 7, 0, 1): "8d 9h Ks 5c Qd 3h 2d Kc",
    (2**64 - 1, 2**64 - 1, 0, 0): "Jd 5d 6c 3c 8h 4d Ah Jh",
}
"""The first eight cards of a 52-card deck for (seed, number, deal, shuffle), as docs/engine.md
lists them."""


def test_the_documented_test_vectors() -> None:
    for numbers, top in DOCUMENTED_VECTORS.items():
        assert format_cards(reference_shuffled(list(range(52)), *numbers)[:8]) == top
        assert format_cards(shuffled(list(range(52)), *numbers)[:8]) == top
        joker = list(range(53))
        assert shuffled(joker, *numbers) == reference_shuffled(joker, *numbers)


def test_seeds_are_non_negative_integers_and_numpy_integers_deal_alike() -> None:
    spec = FiveCardDraw()
    plain = Hand(spec, [300, 300], seed=5)
    assert Hand(spec, [300, 300], seed=np.int64(5)).cards == plain.cards
    assert Hand(spec, [300, 300], seed=np.uint64(5)).cards == plain.cards
    for bad in (True, -1, 2**64, 5.0, "5", None):
        with pytest.raises(InvalidArgumentError, match="seed"):
            Hand(spec, [300, 300], seed=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgumentError, match="seed"):
            Table(spec, 2, seed=bad)  # type: ignore[arg-type]


def test_two_tables_never_share_a_hand_shuffle() -> None:
    # Before, game seed 0 at round 1,000,004 hashed the same text as game seed 1 at round 1.
    spec = FiveCardDraw()
    first = Hand(spec, [300, 300], seed=0, number=1_000_004)
    second = Hand(spec, [300, 300], seed=1, number=1)
    assert first.cards != second.cards
    table = Table(spec, 2, seed=1)
    assert table.hand.cards == second.cards  # round 1 of table seed 1 is hand (1, 1)
