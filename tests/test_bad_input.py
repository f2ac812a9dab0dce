"""Bad input gets a clear error naming what is wrong, never a crash or a PanicException."""

from __future__ import annotations

import drawpoker
import numpy as np
import pytest
from drawpoker import (
    InvalidArgumentError,
    InvalidCardError,
    evaluate,
    evaluate_batch,
)
from drawpoker.analysis import (
    tips,
    video_poker,
)
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
    below_six = 16 if name == "short-deck" else 0  # the cards the short deck has not
    for width in system.hand_sizes:
        rng = np.random.default_rng(count * width)
        hands = random_hands(rng, count, width, deck_size - below_six) + below_six
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
    with pytest.raises(InvalidCardError, match="card text, card strings or integers"):
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


HUGE = np.array([2**63, 1, 2, 3, 4], dtype=np.uint64)

# Issue 20's findings: each call raised a Python error without naming the argument, or was
# accepted. Each now raises a library error saying what is wrong and what is allowed.
FOUND = [
    (lambda: drawpoker.category(-1), InvalidArgumentError, r"strength .* in 1\.\.7462, not -1"),
    (lambda: drawpoker.describe(70000), InvalidArgumentError, r"in 1\.\.7462, not 70000"),
    (lambda: drawpoker.describe(2**63), InvalidArgumentError, r"not 9223372036854775808"),
    (lambda: drawpoker.strength_histogram(-1), InvalidArgumentError, r"n_cards .* 5\.\.7"),
    (lambda: drawpoker.category(True), InvalidArgumentError, r"not True"),
    (
        lambda: drawpoker.draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], seed=-1),
        InvalidArgumentError,
        r"seed must be an integer in 0\.\.2\*\*64-1, not -1",
    ),
    (
        lambda: drawpoker.draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], budget=2**64),
        InvalidArgumentError,
        r"budget must be an integer in 0\.\.10\*\*12",
    ),
    (
        lambda: drawpoker.draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], samples=-5),
        InvalidArgumentError,
        r"samples must be an integer in 0\.\.10\*\*12, not -5",
    ),
    (lambda: drawpoker.evaluate(HUGE), InvalidCardError, r"9223372036854775808 in cards"),
    (lambda: drawpoker.format_cards(HUGE), InvalidCardError, r"out of range"),
    (
        lambda: drawpoker.evaluate_omaha(HUGE[:4], "2c 3c 4c"),
        InvalidCardError,
        r"9223372036854775808 in hole",
    ),
    (
        lambda: drawpoker.evaluate_omaha_hilo("As 2s Kd Kh", HUGE[:3]),
        InvalidCardError,
        r"in board",
    ),
    (
        lambda: drawpoker.discard_choices("Jh Jd 7c 4s 2h", objective={99: 1.0}),
        InvalidArgumentError,
        r"pay table key 99 is not a HandCategory",
    ),
    (
        lambda: tips.build_tips(objective={99: 1.0}),
        InvalidArgumentError,
        r"pay table key 99",
    ),
    (
        lambda: drawpoker.discard_choices("Jh Jd 7c 4s 2h", objective={-1: 1.0}),
        InvalidArgumentError,
        r"pay table key -1",
    ),
    (
        lambda: drawpoker.discard_choices("Jh Jd 7c 4s 2h", objective={1: float("nan")}),
        InvalidArgumentError,
        r"payout of ONE_PAIR must be a finite number, not nan",
    ),
    (
        lambda: video_poker.best_hold("Jc Jd 7h 4s 2c", []),  # type: ignore[arg-type]
        InvalidArgumentError,
        r"pay_table must be a mapping",
    ),
    (
        lambda: drawpoker.draw_outcome("Jh Jd 7c 4s 2h", discard="2h").probability(99),
        InvalidArgumentError,
        r"category must be an integer in 0\.\.8, not 99",
    ),
    (
        lambda: drawpoker.draw_outcome("Jh Jd 7c 4s 2h", discard="2h").probability(-1),
        InvalidArgumentError,
        r"not -1",
    ),
    (lambda: drawpoker.card(1.5, 2), InvalidCardError, r"no card has rank 1\.5"),
    (lambda: drawpoker.rank_of(99), InvalidCardError, r"0\.\.51"),
    (lambda: drawpoker.full_deck("no"), InvalidArgumentError, r"joker must be True or False"),
    (
        lambda: drawpoker.evaluate(None),  # type: ignore[arg-type]
        InvalidArgumentError,
        r"cards must be card text, a sequence of card integers or an integer array, not None",
    ),
    (
        lambda: drawpoker.equity(["", ""], game="stud", max_outcomes=10**18),
        InvalidArgumentError,
        r"max_outcomes must be an integer in 0\.\.10\*\*12",
    ),
    (
        lambda: drawpoker.equity(["", ""], game="stud", max_outcomes=10**12, samples=0),
        InvalidArgumentError,
        r"6071092494667200 outcomes exceed the budget",
    ),
]


@pytest.mark.parametrize(("call", "error", "message"), FOUND)
def test_issue_20_findings_raise_library_errors(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


def test_a_numpy_integer_is_a_number_of_cards_drawn() -> None:
    numpy_draws = drawpoker.draw_equity([("Jh Jd", np.int64(3)), ("As Ks Qs 8s", np.uint8(1))])
    assert numpy_draws == drawpoker.draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)])


def test_a_spot_beyond_the_budget_is_sampled() -> None:
    sampled = drawpoker.equity(["", ""], game="stud", max_outcomes=10**12, samples=1000)
    assert not sampled.exact and sampled.outcomes == 1000


def test_equity_batch_samples_beyond_its_budget_like_equity() -> None:
    a = np.array([[51, 47], [0, 4]], dtype=np.uint8)
    b = np.array([[42, 41], [50, 49]], dtype=np.uint8)
    rows = drawpoker.equity_batch(a, b, max_outcomes=1000, samples=2000, seed=7)
    singles = [
        drawpoker.equity([h1, h2], max_outcomes=1000, samples=2000, seed=7 + i)
        for i, (h1, h2) in enumerate([("AsKs", "QhQd"), ("2c3c", "AhAd")])
    ]
    assert rows.tolist() == [s.players[0].equity for s in singles]
