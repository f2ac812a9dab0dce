"""Draws under the joker deck, deuce-to-seven and badugi against a plain itertools walk."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from drawpoker import InvalidArgumentError, evaluate
from drawpoker.analysis.draw import discard_choices, draw_outcome
from drawpoker.analysis.draw_equity import draw_equity
from drawpoker.analysis.evaluation import RANKINGS


def plain_histogram(
    hand: list[int], mask: int, ranking: str, deck: int, dead: list[int] | None = None
) -> np.ndarray:
    kept = [c for i, c in enumerate(hand) if not mask >> i & 1]
    stub = [c for c in range(deck) if c not in hand and c not in (dead or [])]
    histogram = np.zeros(RANKINGS[ranking].max_strength + 1, dtype=np.int64)
    for drawn in itertools.combinations(stub, bin(mask).count("1")):
        histogram[evaluate(kept + list(drawn), ranking)] += 1
    return histogram


@pytest.mark.parametrize(
    ("ranking", "size", "deck", "joker"),
    [("joker", 5, 53, True), ("deuce-seven", 5, 52, False), ("badugi", 4, 52, False)],
)
def test_random_draws_match_plain_walk(ranking: str, size: int, deck: int, joker: bool) -> None:
    rng = random.Random(ranking)
    for _ in range(6):
        cards = rng.sample(range(deck), size + 3)
        hand, dead = cards[:size], cards[size:]
        mask = rng.randrange(1 << size)
        if bin(mask).count("1") > 2:
            mask &= 0b11
        o = draw_outcome(
            hand, discard_mask=mask, dead=dead, ranking=ranking, joker=joker, histogram=True
        )
        assert o.histogram is not None
        expected = plain_histogram(hand, mask, ranking, deck, dead)
        assert np.array_equal(o.histogram.astype(np.int64), expected)
        before = evaluate(hand, ranking)
        if ranking == "joker":
            assert o.improved <= o.total
        else:
            assert o.improved == int(expected[before + 1 :].sum())


def test_joker_deck_pair_drawing_three() -> None:
    o = draw_outcome("Jh Jd 7c 4s 2h", discard="7c 4s 2h", ranking="joker", joker=True)
    assert o.total == 17296  # C(48, 3): the joker is in the stub
    natural = draw_outcome("Jh Jd 7c 4s 2h", discard="7c 4s 2h")
    assert o.improved > natural.improved
    assert o.counts[9] == 1  # five jacks: the three cards drawn are Jc, Js and the joker


def test_deuce_seven_keeps_the_smooth_draw() -> None:
    choices = discard_choices("7c 5d 4h 2s Kc", ranking="deuce-seven", objective="mean_strength")
    # Standing pat on king-seven is worth more on average than risking a pair ...
    assert choices[0].discard_mask == 0
    # ... and throwing the king improves with any 3, 6, 8, 9, T, J or Q: 28 of 47.
    king = next(c for c in choices if c.discards == "Kc")
    assert (king.improved, king.total) == (28, 47)


def test_badugi_three_card_draw() -> None:
    o = draw_outcome("Ac 2d 3h Kh", discard="Kh", ranking="badugi")
    assert o.total == 48
    # Spades that pair none of A, 2, 3 make a badugi: 13 - 3 = 10 of them.
    assert o.counts[4] == 10


def test_equity_under_other_rankings() -> None:
    e = draw_equity([("7c 5d 4h 2s", 1), ("8c 6d 3h 2c", 1)], ranking="deuce-seven")
    assert e.exact and sum(e.shares) == pytest.approx(1.0)
    j = draw_equity([("Jk As", 3), ("Kc Kd", 3)], ranking="joker", joker=True)
    assert j.exact and j.outcomes > 0
    b = draw_equity([("Ac 2d 3h", 1), ("Kc Qd Jh Ts", 0)], ranking="badugi")
    assert b.shares[0] == pytest.approx(b.wins[0] + b.ties[0] / 2)


def test_joker_needs_the_joker_ranking() -> None:
    with pytest.raises(InvalidArgumentError, match="joker deck"):
        draw_outcome("Jh Jd 7c 4s 2h", discard="2h", joker=True)


@pytest.mark.parametrize(
    ("ranking", "hand", "discard"),
    [
        ("deuce-seven", "9c 8d 5h 3s 2c", "9c"),  # 4, 6 or 7 of any suit: 12 of 47
        ("deuce-seven", "Kc 7d 5h 3s 2c", "Kc 3s"),  # a straight or a flush is a worse low
        ("ace-five", "Tc 6d 4h 3s Ac", "Tc 6d"),
        ("badugi", "Ac 4d 7h 9c", "9c"),  # 10 spades, or 2d 3d 2h 3h 5h 6h: below 7-4-A
        ("badugi", "Kc Kd 2h 3s", "Kc"),
    ],
)
def test_improving_a_low_or_a_badugi_is_any_better_hand(
    ranking: str, hand: str, discard: str
) -> None:
    """A low improves when the final hand is a better low (and badugi when it is a better
    badugi), counted here by the rules of ``draw_by_hand``, not the engine's strengths."""
    from draw_by_hand import better_finals
    from drawpoker.cards import parse_cards

    better, total = better_finals(parse_cards(hand), parse_cards(discard), ranking)
    outcome = draw_outcome(hand, discard=discard, ranking=ranking)
    assert (outcome.improved, outcome.total) == (better, total)
    choice = next(
        c for c in discard_choices(hand, ranking=ranking, limit="5") if c.discards == discard
    )
    assert (choice.improved, choice.total) == (better, total)
    if (ranking, discard) == ("deuce-seven", "9c"):
        assert (better, total) == (12, 47)
    if (ranking, discard) == ("badugi", "9c"):
        assert (better, total) == (16, 48)
