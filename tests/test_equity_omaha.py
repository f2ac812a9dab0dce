"""Omaha and Omaha Hi/Lo equity against the slow reference, and their hand-size rules."""

from __future__ import annotations

import pytest
from drawpoker import InvalidArgumentError, equity, parse_cards
from equity_reference import (
    assert_matches_reference,
    omaha_hi_lo_shares,
    omaha_shares,
    reference_equity,
)

SPOTS = [
    (["As Ks Qd Jd", "Qh Qc 9h 8h"], "2s 7s Jc 4d", ""),
    (["Ac 2c 3d Kd", "Ah 4h 5s 6s", "Td Jh Qs Kc"], "7c 8d 9h 2h", "3s"),
    (["As 2d 3h 4c 5s", "Kc Kd Qh Qs Jc"], "6d 7h Kh", ""),
    (["Ah 2h 3c 4c 9s Td", "Kh Qh Jd Ts 8c 7c"], "5h 6h 8d Ac", ""),
]


def check_against_reference(game: str, shares_of, hands, board, dead) -> None:
    result = equity(hands, board, dead, game=game)
    hole_size = len(parse_cards(hands[0]))
    reference = reference_equity(
        [parse_cards(h) for h in hands],
        parse_cards(board),
        parse_cards(dead),
        hole_size,
        5,
        shares_of,
    )
    assert_matches_reference(result, reference)


@pytest.mark.parametrize(("hands", "board", "dead"), SPOTS)
def test_omaha_agrees_with_the_reference(hands, board, dead):
    check_against_reference("omaha", omaha_shares, hands, board, dead)


@pytest.mark.parametrize(("hands", "board", "dead"), SPOTS)
def test_omaha_hi_lo_agrees_with_the_reference(hands, board, dead):
    check_against_reference("omaha-hi-lo", omaha_hi_lo_shares, hands, board, dead)


def test_omaha_flop_agrees_with_the_reference():
    check_against_reference(
        "omaha-hi-lo", omaha_hi_lo_shares, ["As 2s Kd Qd", "Ah 3h Jc Tc"], "4s 8c 9d", ""
    )


def test_r_high_4_omaha_uses_exactly_two_hole_cards():
    # Four spades in the hand and one on the board make no flush in Omaha.
    result = equity(["As Ks Qs Js", "2c 2d 7h 8h"], board="2s 3d 4h 9c Tc", game="omaha")
    assert [p.equity for p in result.players] == [0.0, 1.0]


def test_r_split_1_omaha_hi_lo_split_and_quartered():
    # Both hold A2 for the nut low and split it; the high goes to the set of kings.
    result = equity(["Ac 2c Kd Kh", "Ad 2d 9s 9c"], board="3h 4s 8c Ks 7d", game="omaha-hi-lo")
    assert [p.equity for p in result.players] == [0.75, 0.25]
    assert [(p.wins, p.ties) for p in result.players] == [(0, 1), (0, 1)]


def test_omaha_preflop_monte_carlo_within_a_few_standard_errors():
    hands = ["As Ks Qd Jd", "Qh Qc 9h 8h"]
    exact = equity(hands, board="2s 7s Jc", game="omaha-hi-lo")
    sampled = equity(
        hands, board="2s 7s Jc", game="omaha-hi-lo", max_outcomes=0, samples=40_000, seed=2
    )
    for mc, ex in zip(sampled.players, exact.players, strict=True):
        assert abs(mc.equity - ex.equity) < 4 * mc.std_error


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["As Ks Qd", "Qh Qc 9h"], "player 0 has 3 cards"),
        (["As Ks Qd Jd", "Qh Qc 9h 8h 7h"], "same number of hole cards"),
        (["As Ks Qd Jd 2c 3c 4c", "Qh Qc 9h 8h 7h 6h 5h"], "4 to 6"),
    ],
)
def test_omaha_bad_hands(hands, message):
    with pytest.raises(InvalidArgumentError, match=message):
        equity(hands, game="omaha")
