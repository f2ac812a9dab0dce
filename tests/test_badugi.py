"""Badugi (R-BADUGI-1..2): exhaustive counts, a slow reference, rule examples, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from drawpoker import (
    BadugiCategory,
    InvalidArgumentError,
    InvalidCardError,
    category,
    describe,
    evaluate,
    evaluate_batch,
)
from reference import all_hands, assert_same_order, badugi_key, random_hands


def test_r_badugi_counts_over_all_270725_hands() -> None:
    strengths = evaluate_batch(all_hands(52, 4), ranking="badugi")
    assert len(strengths) == 270_725
    assert len(np.unique(strengths)) == 1092
    assert strengths.min() == 1 and strengths.max() == 1092
    histogram = np.bincount(strengths)
    counts = dict.fromkeys(BadugiCategory, 0)
    for s in np.flatnonzero(histogram):
        counts[category(int(s), ranking="badugi")] += int(histogram[s])
    assert counts[BadugiCategory.BADUGI] == 17_160
    assert sum(counts.values()) == 270_725


def test_agrees_with_reference() -> None:
    hands = random_hands(np.random.default_rng(4), 4000, 4)
    strengths = evaluate_batch(hands, ranking="badugi").tolist()
    assert_same_order(strengths, [badugi_key(h.tolist()) for h in hands])
    assert [evaluate(h, ranking="badugi") for h in hands[:20]] == strengths[:20]


def test_r_badugi_1_more_cards_beat_fewer() -> None:
    best = evaluate("Ac 2d 3h 4s", ranking="badugi")
    assert best == 1092
    assert describe(best, ranking="badugi") == "Badugi, 4-3-2-A"
    assert evaluate("Kc Qd Jh Ts", ranking="badugi") > evaluate("Ac 2d 3h 4h", ranking="badugi")
    three = evaluate("Ac 2d 3h 3s", ranking="badugi")
    assert category(three, ranking="badugi") == BadugiCategory.THREE_CARDS
    assert describe(three, ranking="badugi") == "Three-card 3-2-A"
    assert category(evaluate("Kc Kd Kh Ks", ranking="badugi"), "badugi") == BadugiCategory.ONE_CARD


def test_r_badugi_2_lower_top_wins_and_best_subset_counts() -> None:
    assert evaluate("8c 5d 4h 2s", ranking="badugi") > evaluate("8c 6d 3h 2s", ranking="badugi")
    assert evaluate("4c 5c 3d 2h", ranking="badugi") == evaluate("4c 3d 2h Kh", ranking="badugi")
    assert describe(evaluate("Kc 5c 3d 2h", ranking="badugi"), "badugi") == "Three-card 5-3-2"


def test_category_counts_the_cards_that_play() -> None:
    assert category(1, ranking="badugi") == BadugiCategory.ONE_CARD
    with pytest.raises(InvalidArgumentError, match=r"must be an integer in 1\.\.1092"):
        category(1093, ranking="badugi")


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ("Ac 2d 3h", InvalidArgumentError),
        ("Ac 2d 3h 4s 5c", InvalidArgumentError),
        ("Ac 2d 3h Jk", InvalidCardError),
        ("Ac Ac 3h 4s", InvalidCardError),
        ([0, 1, 2, 60], InvalidCardError),
    ],
)
def test_bad_hands_are_refused(cards: str | list[int], error: type[Exception]) -> None:
    with pytest.raises(error):
        evaluate(cards, ranking="badugi")


def test_bad_batches_name_the_row() -> None:
    with pytest.raises(InvalidCardError, match="row 2"):
        evaluate_batch(np.array([[0, 1, 2, 3]] * 2 + [[0, 1, 2, 52]], np.uint8), "badugi")
    with pytest.raises(InvalidArgumentError, match="rows must have 4 cards"):
        evaluate_batch(np.zeros((1, 5), np.uint8), "badugi")
