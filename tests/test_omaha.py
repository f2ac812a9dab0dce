"""Omaha high and Hi/Lo eight-or-better (R-HIGH-4, R-A5-4): slow references on random hands,
rule examples and bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from drawpoker import (
    InvalidArgumentError,
    InvalidCardError,
    evaluate,
    evaluate_omaha,
    evaluate_omaha_batch,
    evaluate_omaha_hilo,
    evaluate_omaha_hilo_batch,
)
from reference import ace_five_badness, assert_same_order, has_low8, high_key, random_hands


def omaha_high_key(hole: list[int], board: list[int]) -> tuple[int, ...]:
    """Best high key of exactly two hole cards and three board cards."""
    return max(
        high_key([*two, *three])
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )


def omaha_low_badness(hole: list[int], board: list[int]) -> object | None:
    """Badness of the best eight-or-better low of two hole and three board cards, or None."""
    lows = [
        ace_five_badness([*two, *three])
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
        if has_low8([*two, *three])
    ]
    return min(lows) if lows else None


@pytest.mark.parametrize(("hole_size", "board_size"), [(4, 5), (5, 5), (6, 5), (4, 3), (4, 4)])
def test_agrees_with_reference(hole_size: int, board_size: int) -> None:
    hands = random_hands(np.random.default_rng(hole_size * 10 + board_size), 600, 11)
    hole = hands[:, :hole_size]
    board = hands[:, hole_size : hole_size + board_size]
    highs = evaluate_omaha_batch(hole, board).tolist()
    hilo_highs, lows = evaluate_omaha_hilo_batch(hole, board)
    assert hilo_highs.tolist() == highs
    keys = [omaha_high_key(h, b) for h, b in zip(hole.tolist(), board.tolist(), strict=True)]
    assert_same_order(highs, keys)
    badness = [omaha_low_badness(h, b) for h, b in zip(hole.tolist(), board.tolist(), strict=True)]
    assert [low > 0 for low in lows.tolist()] == [b is not None for b in badness]
    present = [i for i, b in enumerate(badness) if b is not None]
    assert_same_order(
        [int(lows[i]) for i in present], [badness[i] for i in present], lower_is_better=True
    )
    for i in range(10):
        high, low = evaluate_omaha_hilo(hole[i], board[i])
        assert (high, low or 0) == (highs[i], int(lows[i]))
        assert evaluate_omaha(hole[i], board[i]) == high


def test_r_high_4_omaha_uses_exactly_two_hole_and_three_board_cards() -> None:
    board = "3s 4s 5s 9s Jd"
    one_spade = evaluate_omaha("As Kd Qc 2h", board)
    assert one_spade == evaluate("As 2h 3s 4s 5s"), "no flush with one spade in the hand"
    assert evaluate_omaha("As Ks Qc 2h", board) == evaluate("As Ks 9s 5s 4s")
    assert evaluate_omaha("Kc Kd 2c 3d", "Ac Ad Ah As 7c") == evaluate("Kc Kd Ac Ad Ah")
    assert evaluate_omaha("Ac Kd Qh Js", "Tc 9d 8h 2s 2c") < evaluate("Ac Kd Qh Js Tc")


def test_r_a5_4_omaha_low_needs_two_hole_cards() -> None:
    high, low = evaluate_omaha_hilo("As 2s Kd Kh", "3c 4d 8h Jc Qd")
    assert high == evaluate("Kd Kh Qd Jc 8h")
    assert low == evaluate("As 2s 3c 4d 8h", ranking="ace-five")
    assert evaluate_omaha_hilo("As Kd Kh Qs", "2c 3c 4d 5h 6h")[1] is None
    assert evaluate_omaha_hilo("As 2s Kd Kh", "3c 9d Th Jc Qd") == (
        evaluate_omaha("As 2s Kd Kh", "3c 9d Th Jc Qd"),
        None,
    )


@pytest.mark.parametrize(
    ("hole", "board", "error"),
    [
        ("As Ks Qs", "2c 3c 4c 5c 6c", InvalidArgumentError),
        ("As Ks Qs Js Ts 9s 8s", "2c 3c 4c 5c 6c", InvalidArgumentError),
        ("As Ks Qs Js", "2c 3c", InvalidArgumentError),
        ("As Ks Qs Js", "2c 3c 4c 5c 6c 7c", InvalidArgumentError),
        ("As Ks Qs Js", "2c 3c 4c 5c As", InvalidCardError),
        ("As Ks Qs Jk", "2c 3c 4c 5c 6c", InvalidCardError),
        ([51, 50, 49, 48], [0, 1, 2, 3, 77], InvalidCardError),
    ],
)
def test_bad_hands_are_refused(hole: str | list[int], board: str | list[int], error: type) -> None:
    with pytest.raises(error):
        evaluate_omaha(hole, board)
    with pytest.raises(error):
        evaluate_omaha_hilo(hole, board)


def test_bad_batches_name_the_row() -> None:
    hole = np.array([[51, 50, 49, 48], [47, 46, 45, 44]], np.uint8)
    board = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, 47]], np.uint8)
    with pytest.raises(InvalidCardError, match="duplicate card Ks in row 1"):
        evaluate_omaha_batch(hole, board)
    with pytest.raises(InvalidCardError, match="row 1"):
        evaluate_omaha_hilo_batch(hole, board)
    with pytest.raises(InvalidArgumentError, match="hole has 2 rows but board has 1"):
        evaluate_omaha_batch(hole, board[:1])
    with pytest.raises(InvalidArgumentError, match="board rows must have 3, 4, 5 cards"):
        evaluate_omaha_batch(hole, board[:, :2])
    with pytest.raises(InvalidArgumentError, match="hole rows must have 4, 5, 6 cards"):
        evaluate_omaha_hilo_batch(hole[:, :3], board)
