"""Draw outcomes and discard choices against published figures and a plain enumeration."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from math import comb

import numpy as np
import pytest
from drawpoker import HandCategory, InvalidArgumentError, InvalidCardError, evaluate_batch
from drawpoker.analysis.draw import (
    discard_choices,
    discard_mask,
    draw_category_counts_batch,
    draw_outcome,
    objective_values,
)
from drawpoker.cards import parse_cards

C = HandCategory


def high_category(cards: tuple[int, ...]) -> int:
    """High-hand category number (0 = high card .. 8 = straight flush) of five cards."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (
        distinct[4] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12]
    )
    if straight and flush:
        return 8
    if shape[0] == 4:
        return 7
    if shape == [3, 2]:
        return 6
    if flush:
        return 5
    if straight:
        return 4
    if shape[0] == 3:
        return 3
    if shape == [2, 2, 1]:
        return 2
    if shape[0] == 2:
        return 1
    return 0


def draw_category_counts(
    hand: list[int], discard_mask: int, dead: list[int] | tuple[()] = ()
) -> list[int]:
    """Counts per category over every replacement, by itertools over the stub."""
    kept = tuple(c for i, c in enumerate(hand) if not discard_mask >> i & 1)
    stub = [c for c in range(52) if c not in hand and c not in dead]
    counts = [0] * 9
    for drawn in itertools.combinations(stub, 5 - len(kept)):
        counts[high_category(kept + drawn)] += 1
    return counts


def test_reference_classifier_on_known_hands() -> None:
    cases = {
        "As Ks Qs Js Ts": 8,
        "5d 4c 3h 2s Ad": 4,
        "Ks As 2d 3c 4h": 0,
        "9c 9d 9h 9s 2c": 7,
        "9c 9d 9h 2s 2c": 6,
        "Kc 9c 7c 4c 2c": 5,
        "9c 9d 9h 3s 2c": 3,
        "9c 9d 3h 3s 2c": 2,
        "9c 9d 4h 3s 2c": 1,
        "Kc 9d 7c 4c 2c": 0,
    }
    for text, expected in cases.items():
        assert high_category(tuple(parse_cards(text))) == expected, text


def test_pair_drawing_three_published() -> None:
    o = draw_outcome("Jh Jd 7c 4s 2h", discard="7c 4s 2h")
    assert o.total == 16215
    assert o.improved == 4656
    assert [o.counts[c] for c in (C.TWO_PAIR, C.THREE_OF_A_KIND, C.FULL_HOUSE)] == [2592, 1854, 165]
    assert o.counts[C.FOUR_OF_A_KIND] == 45


@pytest.mark.parametrize(
    ("hand", "discard", "category", "expected", "total"),
    [
        ("9c 9d 7h 7s Kd", "Kd", C.FULL_HOUSE, 4, 47),
        ("Ks 9s 6s 3s 8d", "8d", C.FLUSH, 9, 47),
        ("9c 8d 7h 6s Kd", "Kd", C.STRAIGHT, 8, 47),
        ("9c 8d 7h 5s Kd", "Kd", C.STRAIGHT, 4, 47),
        ("9c 9d 9h 7s Kd", "7s Kd", C.FULL_HOUSE, 66, 1081),
        ("9c 9d 9h 7s Kd", "7s Kd", C.FOUR_OF_A_KIND, 46, 1081),
    ],
)
def test_published_draw_figures(
    hand: str, discard: str, category: HandCategory, expected: int, total: int
) -> None:
    o = draw_outcome(hand, discard=discard)
    assert (o.counts[category], o.total) == (expected, total)


def test_trips_drawing_two_improve_112() -> None:
    assert draw_outcome("9c 9d 9h 7s Kd", discard="7s Kd").improved == 112


def test_random_draws_match_plain_enumeration() -> None:
    rng = random.Random(4)
    for _ in range(25):
        cards = rng.sample(range(52), 5 + rng.randrange(4))
        hand, dead = cards[:5], cards[5:]
        mask = rng.choice([m for m in range(32) if bin(m).count("1") <= 3])
        o = draw_outcome(hand, discard_mask=mask, dead=dead)
        assert list(o.counts) == draw_category_counts(hand, mask, dead), (hand, mask, dead)


def test_histogram_matches_evaluating_every_final_hand() -> None:
    rng = random.Random(7)
    for _ in range(10):
        cards = rng.sample(range(52), 7)
        hand, dead = cards[:5], cards[5:]
        mask = rng.randrange(32)
        if bin(mask).count("1") > 3:
            continue
        kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
        stub = [c for c in range(52) if c not in cards]
        finals = np.array(
            [kept + list(d) for d in itertools.combinations(stub, 5 - len(kept))], dtype=np.uint8
        )
        expected = np.bincount(evaluate_batch(finals), minlength=7463)
        o = draw_outcome(hand, discard_mask=mask, dead=dead, histogram=True)
        assert o.histogram is not None
        assert np.array_equal(o.histogram, expected)


def test_draw_five_and_four_totals() -> None:
    assert draw_outcome("As Kd 9h 5c 2s", discard_mask=31).total == comb(47, 5)
    assert draw_outcome("As Kd 9h 5c 2s", discard_mask=30).total == comb(47, 4)


def test_all_choices_match_single_outcomes_and_reference() -> None:
    rng = random.Random(11)
    hand = rng.sample(range(52), 5)
    choices = discard_choices(hand, limit="3", objective="mean_strength")
    assert len(choices) == 1 + 5 + 10 + 10
    for choice in choices:
        if bin(choice.discard_mask).count("1") <= 2:
            assert list(choice.counts) == draw_category_counts(hand, choice.discard_mask)
        single = draw_outcome(hand, discard_mask=choice.discard_mask)
        assert choice.counts == single.counts and choice.improved == single.improved
    values = [c.value for c in choices]
    assert values == sorted(values, reverse=True)


def test_choice_value_is_expectation_of_values() -> None:
    choices = discard_choices("Ks 9s 6s 3s 8d", objective={C.FLUSH: 6.0, C.ONE_PAIR: 1.0})
    flush_draw = next(c for c in choices if c.discards == "8d")
    assert flush_draw.value == pytest.approx((9 * 6 + 12) / 47)


def test_r_draw_7_draw_limits() -> None:
    with_ace = discard_choices("As 9d 7c 4h 2s")
    assert {bin(c.discard_mask).count("1") for c in with_ace} == {0, 1, 2, 3, 4}
    four = [c for c in with_ace if bin(c.discard_mask).count("1") == 4]
    assert [c.kept for c in four] == ["As"]
    assert max(bin(c.discard_mask).count("1") for c in discard_choices("Ks 9d 7c 4h 2s")) == 3
    assert len(discard_choices("As 9d 7c 4h 2s", limit="3")) == 26
    assert len(discard_choices("As 9d 7c 4h 2s", limit="5")) == 32


def test_standing_pat_on_a_straight_is_best() -> None:
    best = discard_choices("9c 8d 7h 6s 5d", objective="beat_random")[0]
    assert best.discard_mask == 0 and best.total == 1


def test_batch_matches_scalar() -> None:
    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(52, 5, replace=False) for _ in range(40)], dtype=np.uint8)
    masks = rng.choice([m for m in range(32) if bin(m).count("1") <= 2], 40).astype(np.uint8)
    counts = draw_category_counts_batch(hands, masks)
    assert counts.shape == (40, 9)
    for row in range(40):
        expected = draw_outcome(hands[row], discard_mask=int(masks[row])).counts
        assert tuple(int(x) for x in counts[row]) == expected


def test_bad_input_raises_clear_errors() -> None:
    with pytest.raises(InvalidCardError, match="duplicate card Jh"):
        draw_outcome("Jh Jh 7c 4s 2h", discard="7c")
    with pytest.raises(InvalidArgumentError, match="As is not in the hand"):
        draw_outcome("Jh Jd 7c 4s 2h", discard="As")
    with pytest.raises(InvalidArgumentError, match="dead card Jd is also a live card"):
        draw_outcome("Jh Jd 7c 4s 2h", discard="7c", dead="Jd")
    with pytest.raises(InvalidArgumentError, match="either"):
        draw_outcome("Jh Jd 7c 4s 2h")
    with pytest.raises(InvalidArgumentError, match="outside a hand"):
        draw_outcome("Jh Jd 7c 4s 2h", discard_mask=32)
    with pytest.raises(InvalidArgumentError, match="5 cards"):
        draw_outcome("Jh Jd 7c 4s", discard="7c")
    with pytest.raises(InvalidArgumentError, match="unknown draw limit"):
        discard_choices("Jh Jd 7c 4s 2h", limit="4")
    with pytest.raises(InvalidArgumentError, match="unknown objective"):
        discard_choices("Jh Jd 7c 4s 2h", objective="win")
    with pytest.raises(InvalidArgumentError, match="unknown category"):
        objective_values("at_least:FLUSHES")
    with pytest.raises(InvalidCardError, match="row 1"):
        draw_category_counts_batch([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8]], [1, 1])
    with pytest.raises(InvalidArgumentError, match="out of range in row 0"):
        draw_category_counts_batch([[0, 1, 2, 3, 4]], [32])
    with pytest.raises(InvalidArgumentError, match="masks"):
        draw_category_counts_batch([[0, 1, 2, 3, 4]], [1, 2])
    assert discard_mask(parse_cards("Jh Jd 7c 4s 2h"), "7c") == 4
