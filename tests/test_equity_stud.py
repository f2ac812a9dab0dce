"""Razz and Stud Hi/Lo equity against the slow reference, and their split-pot rules."""

from __future__ import annotations

import pytest
from drawpoker import equity, parse_cards
from equity_reference import (
    assert_matches_reference,
    hi_lo_shares,
    high_shares,
    razz_shares,
    reference_equity,
)


def check_against_reference(hands: list[str], dead: str, game: str, shares_of) -> None:
    result = equity(hands, dead=dead, game=game)
    reference = reference_equity(
        [parse_cards(h) for h in hands], [], parse_cards(dead), 7, 0, shares_of
    )
    assert_matches_reference(result, reference)


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["Ac 2d 3h 7s 9c Kd", "4c 5d 6h 8s 8c Qd"], "Ah 2c"),
        (["Ac 2d 3h 4s 5c 6d 7h", "As 2s 3s 4h 6c 9d", "7c 7d 8h 8d Tc Td"], ""),
        (["Kc Qd Jh Ts 9c 8d", "Ks Qs Js Th 9d 7d"], "Ad As Ah"),
    ],
)
def test_razz_agrees_with_the_reference(hands: list[str], dead: str):
    check_against_reference(hands, dead, "razz", razz_shares)


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["Ac 2d 3h 7s 9c Kd", "Kc Kh 6h 8s 8c Qd"], ""),
        (["Ac 2c 3c 4c 9d Td 7h", "As 2s 5h 5d Js Qs", "7c 7d 8h 8d Tc Ts"], "6s"),
        (["Ah Kh Qh Jh 2c 3d", "Ad 2d 4d 6s 7c 8c"], "5s 5h"),
    ],
)
def test_stud_hi_lo_agrees_with_the_reference(hands: list[str], dead: str):
    check_against_reference(hands, dead, "stud-hi-lo", hi_lo_shares)


def test_r_split_1_one_hand_scoops_both_halves():
    # A wheel straight is the best high here and the best low: a whole pot, counted as a win.
    result = equity(["As 2s 3d 4h 5c Kd Kc", "Qs Qd 9h 9c 2h 7c 7s"], game="stud-hi-lo")
    assert result.exact and result.outcomes == 1
    assert (result.players[0].wins, result.players[0].equity) == (1, 1.0)


def test_r_split_1_halves_split_between_high_and_low():
    result = equity(["Ks Kd Kh 9c 9d Qs Jh", "As 2d 3c 4h 7s Jc Qd"], game="stud-hi-lo")
    assert [(p.wins, p.ties, p.equity, p.tie_equity) for p in result.players] == [
        (0, 1, 0.5, 0.5),
        (0, 1, 0.5, 0.5),
    ]


def test_r_a5_4_without_a_qualifying_low_the_high_takes_all():
    result = equity(["Ks Kd Kh 9c 9d Qs Jh", "As 2d 3c 4h 9s Jc Qd"], game="stud-hi-lo")
    assert [p.equity for p in result.players] == [1.0, 0.0]


def test_r_a5_4_razz_has_no_qualifier():
    # A jack-high low, which would not qualify in a split game, wins Razz against two pair.
    result = equity(["Kd Qc Jh Ts 9d 3h 2s", "2c 2d 3c 3d 4c 4d 4h"], game="razz")
    assert [p.equity for p in result.players] == [1.0, 0.0]
    result = equity(["Kd Qc Jh Ts 9d 3h 2s", "Qd Qh Js Jd Tc Th 9c"], game="razz")
    assert [p.equity for p in result.players] == [1.0, 0.0]


def test_stud_hi_lo_monte_carlo_within_a_few_standard_errors():
    hands = ["Ac 2d 3h 7s 9c", "Kc Kh 6h 8s 8c"]
    exact = equity(hands, game="stud-hi-lo")
    sampled = equity(hands, game="stud-hi-lo", max_outcomes=0, samples=60_000, seed=9)
    assert exact.exact and not sampled.exact
    for mc, ex in zip(sampled.players, exact.players, strict=True):
        assert abs(mc.equity - ex.equity) < 4 * mc.std_error


EIGHT_SEATS = [
    "2c 2d 3c 3d 4c 4d",
    "5c 5d 6c 6d 7c 7d",
    "8c 8d 9c 9d Tc Td",
    "Jc Jd Qc Qd Kc Kd",
    "Ac Ad 2h 3h 4h 5h",
    "6h 7h 8h 9h Th Jh",
    "Qh Kh Ah 2s 3s 4s",
    "5s 6s 7s 8s 9s",
]


@pytest.mark.parametrize(
    ("game", "shares_of"),
    [("stud", high_shares), ("razz", razz_shares), ("stud-hi-lo", hi_lo_shares)],
)
def test_r_stud_7_a_common_card_when_the_deck_runs_short(game, shares_of):
    # Eight players need eight seventh-street cards but at most five are left: one common card
    # is dealt to the centre for all, and the player with five cards gets one more of their own.
    result = equity(EIGHT_SEATS, game=game)
    wins, ties, shares, outcomes = reference_equity(
        [parse_cards(h) for h in EIGHT_SEATS], [], [], 6, 1, shares_of
    )
    assert result.exact
    assert (result.outcomes, outcomes) == (5 * 4, 20)
    assert [p.wins for p in result.players] == wins
    assert [p.ties for p in result.players] == ties
    for player, share in zip(result.players, shares, strict=True):
        assert player.equity == pytest.approx(float(share), abs=1e-12)
