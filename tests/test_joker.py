"""Joker-wild high hands (R-JOKER-1..3): exhaustive counts, a slow reference, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from drawpoker import (
    HandCategory,
    InvalidArgumentError,
    InvalidCardError,
    category,
    describe,
    evaluate,
    evaluate_batch,
)
from reference import all_hands, assert_same_order, joker_key, random_hands


def test_r_joker_counts_over_all_2869685_hands() -> None:
    strengths = evaluate_batch(all_hands(53, 5), ranking="joker")
    histogram = np.bincount(strengths, minlength=7476)
    counts = {c: 0 for c in HandCategory}
    for s in np.flatnonzero(histogram):
        counts[category(int(s), ranking="joker")] += int(histogram[s])
    assert counts == {
        HandCategory.FIVE_OF_A_KIND: 13,
        HandCategory.STRAIGHT_FLUSH: 204,
        HandCategory.FOUR_OF_A_KIND: 3_120,
        HandCategory.FULL_HOUSE: 6_552,
        HandCategory.FLUSH: 7_804,
        HandCategory.STRAIGHT: 20_532,
        HandCategory.THREE_OF_A_KIND: 137_280,
        HandCategory.TWO_PAIR: 123_552,
        HandCategory.ONE_PAIR: 1_268_088,
        HandCategory.HIGH_CARD: 1_302_540,
    }
    assert len(strengths) == 2_869_685


def test_agrees_with_reference_on_random_hands() -> None:
    rng = np.random.default_rng(3)
    natural = random_hands(rng, 1500, 5)
    with_joker = random_hands(rng, 1500, 4)
    hands = np.concatenate([natural, np.hstack([with_joker, np.full((1500, 1), 52, np.uint8)])])
    strengths = evaluate_batch(hands, ranking="joker").tolist()
    assert_same_order(strengths, [joker_key(h.tolist()) for h in hands])
    assert strengths[:20] == [evaluate(h, ranking="joker") for h in hands[:20]]


def test_r_joker_1_five_of_a_kind_is_best() -> None:
    five_aces = evaluate("Ac Ad Ah As Jk", ranking="joker")
    assert five_aces == 7475 > evaluate("Jk Ks Qs Js Ts", ranking="joker") == 7462
    assert describe(five_aces, ranking="joker") == "Five of a kind, aces"
    assert category(evaluate("2c 2d 2h 2s X", ranking="joker"), "joker") == (
        HandCategory.FIVE_OF_A_KIND
    )


def test_r_joker_2_flush_takes_highest_missing_rank() -> None:
    with_joker = evaluate("As 9s 7s 4s Jk", ranking="joker")
    assert with_joker == evaluate("As Ks 9s 7s 4s", ranking="joker")
    assert describe(with_joker, ranking="joker") == "Flush, A-K-9-7-4"


def test_r_joker_3_equal_hands_tie() -> None:
    assert evaluate("Jk Kd 7c 7s 2h", ranking="joker") == evaluate("7h Kd 7c 7s 2h")
    assert evaluate("Jk Qd Jc Ts 9h", ranking="joker") == evaluate("Kh Qd Jc Ts 9h")


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ("Jk As Ks Qs", InvalidArgumentError),
        ("Jk As Ks Qs Js Ts", InvalidArgumentError),
        ([52, 52, 1, 2, 3], InvalidCardError),
        ([53, 0, 1, 2, 3], InvalidCardError),
        ([-1, 0, 1, 2, 3], InvalidCardError),
        ("As As Ks Qs Js", InvalidCardError),
    ],
)
def test_bad_hands_are_refused(cards: str | list[int], error: type[Exception]) -> None:
    with pytest.raises(error):
        evaluate(cards, ranking="joker")


def test_batch_names_the_bad_row() -> None:
    with pytest.raises(InvalidCardError, match="row 1"):
        evaluate_batch(np.array([[52, 0, 1, 2, 3], [53, 0, 1, 2, 3]], np.uint8), "joker")
    with pytest.raises(InvalidCardError, match="duplicate card Jk in row 0"):
        evaluate_batch(np.array([[52, 52, 1, 2, 3]], np.uint8), "joker")
    with pytest.raises(InvalidCardError, match="out of range in row 0"):
        evaluate_batch(np.array([[52, 0, 1, 2, 3]], np.int64), "high")
    with pytest.raises(InvalidArgumentError, match="rows must have 5 cards"):
        evaluate_batch(np.zeros((1, 6), np.uint8), "joker")
    with pytest.raises(InvalidArgumentError, match="unknown ranking 'jokers'"):
        evaluate_batch(np.zeros((1, 5), np.uint8), "jokers")


def test_the_joker_is_refused_by_the_high_ranking() -> None:
    with pytest.raises(InvalidCardError, match="52"):
        evaluate("Jk As Ks Qs Js")
    with pytest.raises(InvalidCardError, match="row 0"):
        evaluate_batch(np.array([[52, 0, 1, 2, 3]], np.uint8))
