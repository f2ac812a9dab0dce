"""pytest-benchmark suite for the draw engine: ``pytest bench/bench_draw.py``."""

from __future__ import annotations

from typing import Any

import numpy as np
from drawpoker.analysis.draw import discard_choices, draw_category_counts_batch, draw_outcome
from drawpoker.analysis.draw_equity import draw_equity
from drawpoker.analysis.video_poker import canonical_deals, hold_values


def test_draw_outcome_pair_draw_three(benchmark: Any) -> None:
    o = benchmark(draw_outcome, "Jh Jd 7c 4s 2h", discard="7c 4s 2h")
    assert o.improved == 4656


def test_all_32_choices(benchmark: Any) -> None:
    choices = benchmark(discard_choices, "As 9d 7c 4h 2s", limit="5")
    assert len(choices) == 32


def test_choices_default_limit(benchmark: Any) -> None:
    choices = benchmark(discard_choices, "As 9d 7c 4h 2s")
    assert len(choices) == 27


def test_jj_vs_four_flush(benchmark: Any) -> None:
    e = benchmark(draw_equity, [("Jh Jd", 3), ("As Ks Qs 8s", 1)], dead="7c 4s 2h 3d")
    assert round(e.shares[0], 6) == 0.661635


def test_three_vs_three(benchmark: Any) -> None:
    e = benchmark(draw_equity, [("Jh Jd", 3), ("As Ks", 3)], dead="7c 4s 2h 3d")
    assert e.exact


def test_pair_draw_three_vs_draw_five(benchmark: Any) -> None:
    e = benchmark.pedantic(draw_equity, args=([("Jh Jd", 3), ("", 5)],), rounds=1)
    assert e.exact


def test_hold_table(benchmark: Any) -> None:
    canonical_deals()
    values = benchmark.pedantic(hold_values, rounds=2)
    assert values.shape == (134459, 32)


def test_batch_category_counts(benchmark: Any) -> None:
    rng = np.random.default_rng(4)
    hands = np.argsort(rng.random((10_000, 52)), axis=1)[:, :5].astype(np.uint8)
    masks = np.full(10_000, 0b11100, dtype=np.uint8)
    counts = benchmark(draw_category_counts_batch, hands, masks)
    assert counts.shape == (10_000, 9)
