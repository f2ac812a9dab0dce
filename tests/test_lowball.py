"""Deuce-to-seven (R-27-1..2) and ace-to-five (R-A5-1..4) lows: exhaustive counts, slow
references, rule examples and bad input."""

from __future__ import annotations

import numpy as np
import pytest
from drawpoker import (
    LOW8_MIN,
    HandCategory,
    InvalidArgumentError,
    InvalidCardError,
    category,
    describe,
    evaluate,
    evaluate_batch,
    evaluate_low8,
    evaluate_low8_batch,
    qualifies_low8,
)
from reference import (
    ace_five_badness,
    all_hands,
    assert_same_order,
    deuce_seven_badness,
    has_low8,
    random_hands,
)


@pytest.fixture(scope="module")
def five_card_hands() -> np.ndarray:
    return all_hands(52, 5)


def category_counts(strengths: np.ndarray, ranking: str) -> dict[HandCategory, int]:
    histogram = np.bincount(strengths)
    counts: dict[HandCategory, int] = {}
    for s in np.flatnonzero(histogram):
        key = category(int(s), ranking=ranking)
        counts[key] = counts.get(key, 0) + int(histogram[s])
    return counts


def test_r_27_counts_over_every_hand(five_card_hands: np.ndarray) -> None:
    strengths = evaluate_batch(five_card_hands, ranking="deuce-seven")
    assert len(np.unique(strengths)) == 7462
    assert strengths.min() == 1 and strengths.max() == 7462
    counts = category_counts(strengths, "deuce-seven")
    assert counts[HandCategory.STRAIGHT] == 9_180
    assert counts[HandCategory.FLUSH] == 5_112
    assert counts[HandCategory.STRAIGHT_FLUSH] == 36
    assert counts[HandCategory.HIGH_CARD] == 1_303_560


def test_r_a5_counts_over_every_hand(five_card_hands: np.ndarray) -> None:
    strengths = evaluate_batch(five_card_hands, ranking="ace-five")
    assert len(np.unique(strengths)) == 6175
    assert strengths.min() == 1 and strengths.max() == 6175
    assert category_counts(strengths, "ace-five")[HandCategory.HIGH_CARD] == 1_317_888
    assert int((evaluate_low8_batch(five_card_hands) > 0).sum()) == 57_344


def test_deuce_seven_agrees_with_reference() -> None:
    hands = random_hands(np.random.default_rng(27), 3000, 5)
    strengths = evaluate_batch(hands, ranking="deuce-seven").tolist()
    badness = [deuce_seven_badness(h.tolist()) for h in hands]
    assert_same_order(strengths, badness, lower_is_better=True)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_ace_five_agrees_with_reference(size: int) -> None:
    hands = random_hands(np.random.default_rng(size), 2000, size)
    strengths = evaluate_batch(hands, ranking="ace-five").tolist()
    badness = [ace_five_badness(h.tolist()) for h in hands]
    assert_same_order(strengths, badness, lower_is_better=True)
    assert [evaluate(h, ranking="ace-five") for h in hands[:20]] == strengths[:20]
    lows = evaluate_low8_batch(hands).tolist()
    for hand, strength, low in zip(hands.tolist(), strengths, lows, strict=True):
        assert (low > 0) == has_low8(hand)
        assert low in (0, strength)
        assert evaluate_low8(hand) == (low or None)


def test_r_27_1_ace_high_straights_and_flushes_count() -> None:
    best = evaluate("7c 5d 4h 3s 2c", ranking="deuce-seven")
    assert best == 7462
    assert describe(best, ranking="deuce-seven") == "Seven-five low: 7-5-4-3-2"
    wheel = evaluate("As 5d 4h 3s 2c", ranking="deuce-seven")
    assert category(wheel, ranking="deuce-seven") == HandCategory.HIGH_CARD
    assert describe(wheel, ranking="deuce-seven") == "Ace-five low: A-5-4-3-2"
    assert wheel < evaluate("Kc Qd Jh 9s 8c", ranking="deuce-seven")
    assert evaluate("7c 5c 4c 3c 2c", ranking="deuce-seven") < wheel
    assert evaluate("6c 5d 4h 3s 2c", ranking="deuce-seven") < wheel
    assert evaluate("2c 2d 3h 4s 5c", ranking="deuce-seven") < wheel


def test_r_27_2_compare_from_the_top() -> None:
    assert evaluate("8c 6d 4h 3s 2c", ranking="deuce-seven") > evaluate(
        "8c 7d 4h 3s 2c", ranking="deuce-seven"
    )


def test_r_a5_1_wheel_best_straights_and_flushes_ignored() -> None:
    assert evaluate("5c 4c 3c 2c Ac", ranking="ace-five") == 6175
    assert evaluate("5h 4c 3d 2s Ac", ranking="ace-five") == 6175
    assert describe(6175, ranking="ace-five") == "Five-four low: 5-4-3-2-A"


def test_r_a5_2_compare_from_the_top() -> None:
    assert evaluate("6c 4d 3h 2s Ac", ranking="ace-five") > evaluate(
        "6c 5d 4h 2s Ac", ranking="ace-five"
    )


def test_r_a5_3_pairs_are_bad() -> None:
    worst_unpaired = evaluate("Kc Qd Jh Ts 9c", ranking="ace-five")
    pair = evaluate("Ac Ad 2h 3s 4c", ranking="ace-five")
    assert worst_unpaired > pair > evaluate("2c 2d Ah 3s 4c", ranking="ace-five")
    assert category(pair, ranking="ace-five") == HandCategory.ONE_PAIR
    assert describe(pair, ranking="ace-five") == "Pair of aces (4-3-2)"
    ladder = ["Ac Ad 2h 3s 4c", "Ac Ad 2h 2s 3c", "Ac Ad Ah 2s 3c", "Ac Ad Ah 2s 2c"]
    strengths = [evaluate(h, ranking="ace-five") for h in [*ladder, "Ac Ad Ah As 2c"]]
    assert strengths == sorted(strengths, reverse=True)


def test_r_a5_4_eight_or_better() -> None:
    assert qualifies_low8(evaluate("8c 7d 6h 5s 4c", ranking="ace-five"))
    assert evaluate("8c 7d 6h 5s 4c", ranking="ace-five") == LOW8_MIN
    assert evaluate_low8("9c 4d 3h 2s Ac") is None
    assert evaluate_low8("8c 8d 3h 2s Ac") is None
    assert evaluate_low8("8c 8d 3h 2s Ac 4d Kc") == evaluate("8c 4d 3h 2s Ac", ranking="ace-five")


@pytest.mark.parametrize(
    ("cards", "ranking", "error"),
    [
        ("7c 5d 4h 3s", "deuce-seven", InvalidArgumentError),
        ("7c 5d 4h 3s 2c 9d", "deuce-seven", InvalidArgumentError),
        ("7c 5d 4h 3s Jk", "deuce-seven", InvalidCardError),
        ("7c 7c 4h 3s 2c", "deuce-seven", InvalidCardError),
        ([0, 1, 2, 3, 99], "deuce-seven", InvalidCardError),
        ("7c 5d 4h 3s", "ace-five", InvalidArgumentError),
        ("7c 5d 4h 3s 2c 9d Td Jd", "ace-five", InvalidArgumentError),
        ("7c 5d 4h 3s Jk", "ace-five", InvalidCardError),
        ("7c 5d 4h 3s 7c", "ace-five", InvalidCardError),
        ([0, 1, 2, 3, -4], "ace-five", InvalidCardError),
        ("7c 5d 4h 3s 2c", "deuce-to-seven", InvalidArgumentError),
    ],
)
def test_bad_hands_are_refused(
    cards: str | list[int], ranking: str, error: type[Exception]
) -> None:
    with pytest.raises(error):
        evaluate(cards, ranking=ranking)


def test_bad_batches_name_the_row() -> None:
    good = [0, 5, 10, 15, 20]
    with pytest.raises(InvalidCardError, match="row 1"):
        evaluate_batch(np.array([good, [0, 5, 10, 15, 52]], np.uint8), "deuce-seven")
    with pytest.raises(InvalidCardError, match="duplicate card 2c in row 1"):
        evaluate_batch(np.array([[*good, 30], [0, 0, 10, 15, 20, 30]], np.uint8), "ace-five")
    with pytest.raises(InvalidArgumentError, match="rows must have 5 cards"):
        evaluate_batch(np.zeros((2, 7), np.uint8), "deuce-seven")
    with pytest.raises(InvalidArgumentError, match="rows must have 5, 6, 7 cards"):
        evaluate_low8_batch(np.zeros((2, 4), np.uint8))
