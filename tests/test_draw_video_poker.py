"""The whole-deck hold table: the 9/6 Jacks-or-Better return and rows against direct draws."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from drawpoker import InvalidArgumentError
from drawpoker.analysis.draw import draw_outcome
from drawpoker.analysis.video_poker import (
    JACKS_OR_BETTER_9_6,
    best_hold,
    canonical_deals,
    hold_table,
    hold_values,
    pay_class_of_strength,
    save_hold_table,
    video_poker_return,
)


def test_suit_classes_and_weights() -> None:
    hands, weights = canonical_deals()
    assert hands.shape == (134459, 5)
    assert int(weights.sum()) == comb(52, 5)
    # A plain count of the classes of one small family: four cards of one rank (13 * 48 deals).
    quads = [
        i
        for i, h in enumerate(hands)
        if len({c >> 2 for c in h}) == 2
        and max(sum(1 for c in h if c >> 2 == r) for r in range(13)) == 4
    ]
    assert sum(int(weights[i]) for i in quads) == 624


def test_nine_six_jacks_or_better_return() -> None:
    assert video_poker_return() == pytest.approx(0.9954390437, abs=5e-11)


def test_table_rows_sum_and_match_direct_draws() -> None:
    hands, _ = canonical_deals()
    table = hold_table()
    assert table.shape == (134459, 32, 10)
    sizes = np.array([comb(47, bin(m).count("1")) for m in range(32)])
    assert np.array_equal(table[::997].sum(axis=2), np.broadcast_to(sizes, (len(table[::997]), 32)))
    classes = pay_class_of_strength()
    for index in (3, 40_000, 134_000):
        for mask in (0, 7, 24, 31):
            o = draw_outcome(hands[index], discard_mask=mask, histogram=True)
            assert o.histogram is not None
            expected = np.bincount(classes, weights=o.histogram.astype(float), minlength=10)
            assert np.array_equal(table[index, mask], expected.astype(np.uint32))


def test_values_agree_with_scalar_best_hold() -> None:
    hands, _ = canonical_deals()
    values = hold_values()
    for index in (11, 66_000):
        _, value = best_hold(hands[index])
        assert value == pytest.approx(values[index].max())
    assert best_hold("Ah Kh Qh Jh Th") == ("", 800.0)


def test_four_to_a_royal_beats_a_made_flush_in_nine_six() -> None:
    discards, value = best_hold("Ah Kh Qh Jh 9h")
    assert discards == "9h" and value > 6.0


def test_bad_pay_table_is_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="unknown pay class 'royal'"):
        hold_values({"royal": 800.0})


def test_saved_table_loads(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "holds.npz"
    save_hold_table(path)
    with np.load(path) as data:
        assert data["counts"].shape == (134459, 32, 10)
        assert int(data["weights"].sum()) == comb(52, 5)


def test_pay_table_covers_every_class() -> None:
    assert set(JACKS_OR_BETTER_9_6) == {
        "nothing",
        "jacks or better",
        "two pair",
        "three of a kind",
        "straight",
        "flush",
        "full house",
        "four of a kind",
        "straight flush",
        "royal flush",
    }
    assert list(itertools.islice(JACKS_OR_BETTER_9_6.values(), 2)) == [0, 1]
