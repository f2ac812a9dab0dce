"""pytest-benchmark suite for high-hand evaluation: ``pytest bench/bench_high.py``."""

from __future__ import annotations

from typing import Any

import drawpoker
import numpy as np
import pytest


def random_hands(n: int, k: int, seed: int = 1) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards as uint8[n, k]."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_batch_one_thread_chunk(benchmark: Any, k: int) -> None:
    """100,000 hands: below the parallel threshold, so one thread does the work."""
    hands = random_hands(100_000, k)
    result = benchmark(drawpoker.evaluate_batch, hands)
    assert result.shape == (100_000,)


@pytest.mark.parametrize("k", [5, 7])
def test_evaluate_batch_all_cores(benchmark: Any, k: int) -> None:
    """2,000,000 hands split over every core."""
    hands = random_hands(2_000_000, k)
    result = benchmark(drawpoker.evaluate_batch, hands)
    assert int(result.min()) >= 1


def test_strength_histogram_seven_cards(benchmark: Any) -> None:
    """Every one of the 133,784,560 seven-card hands."""
    histogram = benchmark.pedantic(drawpoker.strength_histogram, args=(7,), rounds=3)
    assert int(histogram.sum()) == 133_784_560


def test_scalar_evaluate(benchmark: Any) -> None:
    """One hand from Python, text parsed each time."""
    assert benchmark(drawpoker.evaluate, "As Ks Qs Js Ts 2c 3d") == 7462
