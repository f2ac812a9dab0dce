"""The seeded shuffle: the Rust ordering step against a NumPy reference, and bad key bytes."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
from drawpoker import _core
from drawpoker.games.deck import shuffled


def reference_shuffled(cards: list[int], seed: int, key: tuple[int, ...]) -> list[int]:
    """The same shuffle by NumPy's stable argsort of the SHAKE-256 keys."""
    digest = hashlib.shake_256(repr((seed, key)).encode()).digest(4 * len(cards))
    order = np.frombuffer(digest, dtype="<u4").argsort(kind="stable")
    return [cards[i] for i in order]


@pytest.mark.parametrize("size", [0, 1, 5, 52, 53])
def test_shuffled_matches_a_stable_argsort_of_the_keys(size: int) -> None:
    cards = list(range(size))
    for seed in range(200):
        for key in [(0, seed % 3), (1, 0, 2)]:
            assert shuffled(cards, seed, key) == reference_shuffled(cards, seed, key)


def test_rust_shuffle_uses_the_shake_256_keys_of_any_message() -> None:
    rng = np.random.default_rng(3)
    for length in [0, 1, 135, 136, 137, 271, 272, 300]:  # around the 136-byte block size
        message = rng.integers(0, 256, length, dtype=np.uint8).tobytes()
        for items in [0, 1, 34, 35, 52, 200]:  # 200 items need 800 key bytes: six squeezes
            digest = hashlib.shake_256(message).digest(4 * items)
            order = np.frombuffer(digest, dtype="<u4").argsort(kind="stable")
            cards = list(range(100, 100 + items))
            assert _core.shuffle(cards, message) == [cards[i] for i in order]
