"""High-hand evaluation (R-HIGH-1..5): exhaustive counts and the reference in reference.py."""

from __future__ import annotations

import drawpoker
import numpy as np
import pytest
from drawpoker import HandCategory, evaluate, evaluate_batch
from reference import all_hands, best_high_key, dense_high_scale, random_hands

SCALE = dense_high_scale()


def test_r_high_5_every_five_card_hand_matches_the_reference() -> None:
    hands = all_hands(52, 5)
    strengths = evaluate_batch(hands)
    # Each hand's (sorted ranks, flush) pattern is computed here with NumPy; the reference
    # classifies each distinct pattern in plain Python.
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    flush = (hands & 3 == (hands[:, :1] & 3)).all(axis=1)
    pattern = ranks @ (13 ** np.arange(5)) * 2 + flush
    _, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    reference = np.array([SCALE[best_high_key(hands[i].tolist())] for i in first])
    assert np.array_equal(strengths, reference[inverse])
    assert len(np.unique(strengths)) == 7462


def test_r_high_5_five_card_category_counts() -> None:
    assert drawpoker.category_counts(5) == {
        HandCategory.HIGH_CARD: 1_302_540,
        HandCategory.ONE_PAIR: 1_098_240,
        HandCategory.TWO_PAIR: 123_552,
        HandCategory.THREE_OF_A_KIND: 54_912,
        HandCategory.STRAIGHT: 10_200,
        HandCategory.FLUSH: 5_108,
        HandCategory.FULL_HOUSE: 3_744,
        HandCategory.FOUR_OF_A_KIND: 624,
        HandCategory.STRAIGHT_FLUSH: 40,
    }
    royal = drawpoker.strength_histogram(5)[7462]
    assert royal == 4


def test_r_high_5_seven_card_counts_over_all_133784560_hands() -> None:
    histogram = drawpoker.strength_histogram(7)
    assert int(histogram.sum()) == 133_784_560
    assert int((histogram > 0).sum()) == 4824
    # Counting rank patterns with their suit assignments finds the same numbers.
    assert np.array_equal(drawpoker.strength_histogram(7, method="patterns"), histogram)
    assert list(drawpoker.category_counts(7).values()) == [
        23_294_460,
        58_627_800,
        31_433_400,
        6_461_620,
        6_180_020,
        4_047_644,
        3_473_184,
        224_848,
        41_584,
    ]


def test_r_high_5_six_card_totals() -> None:
    histogram = drawpoker.strength_histogram(6)
    assert int(histogram.sum()) == 20_358_520


@pytest.mark.parametrize("k", [6, 7])
def test_r_high_4_best_five_of_six_and_seven_match_the_reference(k: int) -> None:
    hands = random_hands(np.random.default_rng(k), 4000, k)
    strengths = evaluate_batch(hands)
    for hand, strength in zip(hands.tolist(), strengths.tolist(), strict=True):
        assert strength == SCALE[best_high_key(hand)], drawpoker.format_cards(hand)


def test_scalar_and_batch_agree(hands7: np.ndarray) -> None:
    batch = evaluate_batch(hands7[:500])
    assert [evaluate(h) for h in hands7[:500]] == batch.tolist()


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("As Ks Qs Js Ts", "9h 9d 9c 9s Ad"),  # R-HIGH-1 straight flush over quads
        ("9h 9d 9c 9s 2d", "Ah Ad Ac Kh Kd"),  # quads over full house
        ("2h 2d 2c 3h 3d", "Ah Kh Qh Jh 9h"),  # full house over flush
        ("2h 3h 4h 5h 7h", "Ah Kd Qc Js Td"),  # flush over straight
        ("2h 3d 4c 5s 6d", "Ah Ad Ac Kh Qd"),  # straight over trips
        ("2h 2d 2c 3h 4d", "Ah Ad Kc Kh Qd"),  # trips over two pair
        ("2h 2d 3c 3h 4d", "Ah Ad Kc Qh Jd"),  # two pair over a pair
        ("2h 2d 3c 4h 5d", "Ah Kd Qc Jh 9d"),  # a pair over high card
        ("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c"),  # R-HIGH-2 the wheel is the lowest straight
        ("Ac Kd Qh Js Tc", "Kc Qd Jh Ts 9c"),
        ("Kh Kd Kc 3s 3d", "Qh Qd Qc As Ad"),  # R-HIGH-3 full house by trips first
        ("Ah Ad 4c 4s 2d", "Kh Kd Qc Qs Ad"),  # two pair by high pair
        ("Ah Ad 4c 4s 3d", "Ah Ad 4c 4s 2c"),  # then kicker
        ("Ah 9d 7c 5s 3d", "Ah 9d 7c 5s 2d"),  # high card down to the fifth
    ],
)
def test_r_high_1_to_3_orderings(better: str, worse: str) -> None:
    assert evaluate(better) > evaluate(worse)


def test_r_high_2_no_wraparound_straights() -> None:
    for hand in ["Kc Ad 2h 3s 4c", "Qc Kd Ah 2s 3c", "Jc Qd Kh As 2c"]:
        assert drawpoker.category(evaluate(hand)) == HandCategory.HIGH_CARD


def test_r_high_3_suits_never_break_ties() -> None:
    assert evaluate("Ah Kh Qh Jh 9h") == evaluate("As Ks Qs Js 9s")
    assert evaluate("Ah Kd Qc Js 9h") == evaluate("As Kh Qd Jc 9c")


def test_describe_names_every_category() -> None:
    names = {
        "As Ks Qs Js Ts": "Royal flush",
        "9s 8s 7s 6s 5s": "Straight flush, nine high",
        "Kh Kd Kc Ks 7d": "Four of a kind, kings (7 kicker)",
        "Kh Kd Kc 3s 3d": "Full house, kings full of threes",
        "Ah Th 8h 5h 3h": "Flush, A-T-8-5-3",
        "5d 4c 3h 2s Ad": "Straight, five high",
        "7h 7d 7c Ks 2d": "Three of a kind, sevens (K-2)",
        "Ah Ad 4c 4s 9d": "Two pair, aces and fours (9 kicker)",
        "Jh Jd Ac 8s 4d": "Pair of jacks (A-8-4)",
        "Ah Kd 9c 5s 3d": "High card, ace (K-9-5-3)",
    }
    for hand, name in names.items():
        assert drawpoker.describe(evaluate(hand)) == name


def test_compare_batch_matches_strengths() -> None:
    a, b = (
        random_hands(np.random.default_rng(1), 3000, 7),
        random_hands(np.random.default_rng(2), 3000, 7),
    )
    expected = np.sign(evaluate_batch(a).astype(int) - evaluate_batch(b).astype(int))
    assert np.array_equal(drawpoker.compare_batch(a, b), expected)
    assert drawpoker.compare_batch(a, a).tolist() == [0] * 3000


def test_large_batches_run_in_parallel_chunks_and_agree() -> None:
    hands = random_hands(np.random.default_rng(3), 300_000, 7)
    strengths = evaluate_batch(hands)
    sample = np.random.default_rng(0).choice(len(hands), 300, replace=False)
    for i in sample:
        assert strengths[i] == evaluate(hands[i])
