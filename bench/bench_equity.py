"""pytest-benchmark suite for equity: ``pytest bench/bench_equity.py``."""

from __future__ import annotations

from typing import Any

import drawpoker
import numpy as np


def random_matchups(n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``n`` heads-up preflop matchups as two uint8[n, 2] arrays of distinct cards."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :4].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :2]), np.ascontiguousarray(cards[:, 2:])


def test_holdem_exact_preflop_heads_up(benchmark: Any) -> None:
    """AsKs against QhQd over all 1,712,304 boards, exactly (goal: <= 2 ms, one thread)."""
    result = benchmark(drawpoker.equity, ["AsKs", "QhQd"])
    assert result.players[0].wins == 787_966


def test_holdem_exact_preflop_six_way(benchmark: Any) -> None:
    """Six known hands over all C(40, 5) = 658,008 boards."""
    hands = ["AsKs", "QhQd", "JcTc", "9h9s", "7d6d", "Ah5c"]
    result = benchmark(drawpoker.equity, hands)
    assert result.outcomes == 658_008


def test_holdem_exact_flop_three_way(benchmark: Any) -> None:
    """Three hands on a flop: 903 turn-river pairs."""
    result = benchmark(drawpoker.equity, ["AsKs", "QhQd", "7c8c"], board="Ts 9d 2s")
    assert result.outcomes == 903


def test_short_deck_exact_preflop_heads_up(benchmark: Any) -> None:
    """Short-deck AsKs against QhQd over all C(32, 5) = 201,376 boards, exactly (the same
    rank-multiset sums as Hold'em's, over the short deck's values)."""
    result = benchmark(drawpoker.equity, ["AsKs", "QhQd"], game="short-deck")
    assert result.outcomes == 201_376


def test_holdem_monte_carlo_200k(benchmark: Any) -> None:
    """200,000 sampled boards for three hands preflop (forced by a zero budget)."""
    result = benchmark(
        drawpoker.equity, ["AsKs", "QhQd", "7c8c"], max_outcomes=0, samples=200_000, seed=1
    )
    assert not result.exact


def test_holdem_batch_heads_up_preflop(benchmark: Any) -> None:
    """200 random preflop matchups, each exact, over every core."""
    a, b = random_matchups(200)
    equities = benchmark.pedantic(drawpoker.equity_batch, args=(a, b), rounds=3)
    assert equities.shape == (200,)


def test_stud_exact_fifth_street(benchmark: Any) -> None:
    """Seven-Card Stud, five cards each seen: 671,580 ways for the last two each."""
    hands = ["As Ad 7c 8c 9h", "Ks Kh Qd Jd Td"]
    result = benchmark.pedantic(drawpoker.equity, args=(hands,), kwargs={"game": "stud"}, rounds=3)
    assert result.outcomes == 671_580


def test_omaha_hi_lo_exact_preflop(benchmark: Any) -> None:
    """Omaha Hi/Lo heads-up over all 1,086,008 boards."""
    hands = ["As 2s Qd Jd", "Qh Qc 3h 4h"]
    result = benchmark.pedantic(
        drawpoker.equity, args=(hands,), kwargs={"game": "omaha-hi-lo"}, rounds=3
    )
    assert result.outcomes == 1_086_008


def test_stud_hi_lo_monte_carlo_third_street(benchmark: Any) -> None:
    """Stud Hi/Lo on third street (too many deals to enumerate): 200,000 samples."""
    hands = ["Ac 2d 3h", "Kc Kh 6h", "9s 8s 7s"]
    result = benchmark.pedantic(
        drawpoker.equity, args=(hands,), kwargs={"game": "stud-hi-lo", "seed": 1}, rounds=3
    )
    assert not result.exact
