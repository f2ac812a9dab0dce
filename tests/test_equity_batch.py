"""The NumPy heads-up Hold'em batch."""

from __future__ import annotations

import numpy as np
import pytest
from drawpoker import InvalidArgumentError, InvalidCardError, equity, equity_batch, parse_cards


def rows(*texts: str) -> np.ndarray:
    return np.array([parse_cards(t) for t in texts], dtype=np.uint8)


def test_rows_equal_single_calls_preflop_and_with_boards():
    a = rows("AsKs", "7h7d", "2c3d", "JhTh")
    b = rows("QhQd", "AsKd", "AhAd", "9c9s")
    boards = rows("2s5s9d", "Ac4c8h", "4h5h6s", "8h 7c 2d")
    for board in (None, boards):
        got = equity_batch(a, b, board)
        for i in range(4):
            single = equity([a[i], b[i]], board=() if board is None else board[i]).players[0].equity
            assert got[i] == single


def test_turn_and_river_boards():
    a, b = rows("AsKs", "2c2d"), rows("QhQd", "3c3d")
    turn = equity_batch(a, b, rows("2s 7d 9c Jh", "Ah Kh Qh 4s"))
    river = equity_batch(a, b, rows("2s 7d 9c Jh 3h", "Ah Kh Qh 4s 5s"))
    assert turn[0] == pytest.approx(6 / 44)  # three aces and three kings win; all else loses
    assert turn[1] == equity([a[1], b[1]], board="Ah Kh Qh 4s").players[0].equity
    assert list(river) == [0.0, 0.0]


def test_bad_batches_name_the_problem():
    a, b = rows("AsKs", "7h7d"), rows("QhQd", "7h2c")
    with pytest.raises(InvalidCardError, match="duplicate card 7h in row 1"):
        equity_batch(a, b)
    with pytest.raises(InvalidArgumentError, match="row counts"):
        equity_batch(a, b[:1])
    with pytest.raises(InvalidArgumentError, match="board rows"):
        equity_batch(a, rows("QhQd", "2c3c"), rows("2s5s", "4h5h"))
    with pytest.raises(InvalidArgumentError, match="hole_a rows"):
        equity_batch(rows("AsKsQs", "7h7d6d"), rows("QhQd", "2c3c"))
