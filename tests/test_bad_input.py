"""Bad input gets a clear error naming what is wrong, never a crash or a PanicException."""

from __future__ import annotations

import drawpoker
import numpy as np
import pytest
from drawpoker import InvalidArgumentError, InvalidCardError, evaluate, evaluate_batch
from reference import random_hands


def test_wrong_dtype_is_rejected() -> None:
    with pytest.raises(InvalidArgumentError, match="integer array, not float64"):
        evaluate_batch(np.zeros((2, 7)))
    with pytest.raises(InvalidArgumentError, match="not bool"):
        evaluate_batch(np.ones((2, 5), dtype=bool))


@pytest.mark.parametrize("shape", [(7,), (2, 4), (2, 8), (2, 7, 1)])
def test_wrong_shape_is_rejected(shape: tuple[int, ...]) -> None:
    with pytest.raises(InvalidArgumentError):
        evaluate_batch(np.zeros(shape, dtype=np.uint8))


def test_empty_batch_gives_empty_result() -> None:
    result = evaluate_batch(np.zeros((0, 7), dtype=np.uint8))
    assert result.shape == (0,)
    assert result.dtype == np.uint16


def test_values_over_51_name_the_row() -> None:
    hands = random_hands(np.random.default_rng(1), 10, 7)
    hands[6, 2] = 52
    with pytest.raises(InvalidCardError, match="card value 52 is out of range in row 6"):
        evaluate_batch(hands)
    wide = hands.astype(np.int64)
    wide[6, 2] = 300
    with pytest.raises(InvalidCardError, match="card value 300 is out of range in row 6"):
        evaluate_batch(wide)
    wide[6, 2] = -1
    with pytest.raises(InvalidCardError, match="row 6"):
        evaluate_batch(wide)


def test_duplicates_name_the_row_and_card() -> None:
    hands = random_hands(np.random.default_rng(2), 300_000, 7)
    hands[250_000, 3] = hands[250_000, 0]
    card = drawpoker.format_cards([int(hands[250_000, 0])])
    with pytest.raises(InvalidCardError, match=f"duplicate card {card} in row 250000"):
        evaluate_batch(hands)


def test_the_first_bad_row_is_reported_in_parallel_batches() -> None:
    hands = random_hands(np.random.default_rng(3), 400_000, 5)
    hands[390_000, 1] = 60
    hands[150_000, 1] = 61
    with pytest.raises(InvalidCardError, match="row 150000"):
        evaluate_batch(hands)


@pytest.mark.parametrize("name", sorted(drawpoker.RANKINGS))
@pytest.mark.parametrize("count", [1, 2, 31, 32, 33, 70])
def test_a_bad_row_anywhere_in_a_block_or_the_tail_is_the_one_named(name: str, count: int) -> None:
    # Rows are checked 32 at a time; a failing block is searched row by row for the first bad one.
    system = drawpoker.RANKINGS[name]
    deck_size = 53 if system.allows_joker else 52
    for width in system.hand_sizes:
        hands = random_hands(np.random.default_rng(count * width), count, width, deck_size)
        for row in range(count):
            repeated = hands.copy()
            repeated[row, -1] = repeated[row, 0]
            card = drawpoker.format_cards([int(hands[row, 0])])
            with pytest.raises(InvalidCardError, match=rf"duplicate card {card} in row {row}$"):
                evaluate_batch(repeated, ranking=name)
            too_big = hands.copy()
            too_big[row, width // 2] = 53
            if row + 1 < count:
                too_big[row + 1, 0] = 200
            with pytest.raises(InvalidCardError, match=rf"value 53 is out of range in row {row}$"):
                evaluate_batch(too_big, ranking=name)


def test_non_contiguous_arrays_give_correct_results() -> None:
    hands = random_hands(np.random.default_rng(4), 1000, 7)
    expected = evaluate_batch(hands)
    assert np.array_equal(evaluate_batch(np.asfortranarray(hands)), expected)
    assert np.array_equal(evaluate_batch(hands[:, ::-1]), expected)
    double = np.repeat(hands, 2, axis=0)[::2]
    assert np.array_equal(evaluate_batch(double), expected)


def test_scalar_bad_inputs() -> None:
    with pytest.raises(InvalidArgumentError, match="a hand of 4 cards"):
        evaluate("As Ks Qs Js")
    with pytest.raises(InvalidArgumentError, match="a hand of 8 cards"):
        evaluate("As Ks Qs Js Ts 9s 8s 7s")
    with pytest.raises(InvalidCardError, match="duplicate card As"):
        evaluate("As As Qs Js Ts")
    with pytest.raises(InvalidCardError, match="out of range"):
        evaluate([0, 1, 2, 3, 52])
    with pytest.raises(InvalidCardError, match="out of range"):
        evaluate([0, 1, 2, 3, 2**70])
    with pytest.raises(InvalidCardError, match="integers or text"):
        evaluate([0, 1, 2, 3, 4.0])  # type: ignore[list-item]
    with pytest.raises(InvalidArgumentError, match="unknown ranking"):
        evaluate("As Ks Qs Js Ts", ranking="lowball")


def test_strength_queries_check_their_range() -> None:
    for bad in (0, 7463):
        with pytest.raises(InvalidArgumentError, match=r"must be an integer in 1\.\.7462"):
            drawpoker.describe(bad)
    with pytest.raises(InvalidArgumentError):
        drawpoker.category_counts(4)


def test_compare_batch_needs_equal_shapes() -> None:
    with pytest.raises(InvalidArgumentError, match="different shapes"):
        drawpoker.compare_batch(
            random_hands(np.random.default_rng(1), 3, 7),
            random_hands(np.random.default_rng(2), 4, 7),
        )
