"""Fuzzing the public API with generated arguments, good and bad (hypothesis).

Every argument is drawn with its *clean* equivalent: the plain Python value it stands for (a
card list for a uint64 array in big-endian order, an int for a NumPy integer, ...), or
``BAD`` for a value of a wrong kind (a float strength, a bool seed, NaN, None, text where a
number belongs). A call with a BAD argument must raise a library error; any other call must
return what the clean call returns, or raise a library error when the clean call does (not
always the same one: an input with two faults may have either named first). No other
exception may escape: not OverflowError, IndexError, AttributeError, nor a bare ValueError or
TypeError.

The short profile runs in CI; ``DRAWPOKER_FUZZ=long pytest tests/test_fuzz_api.py`` runs
many more examples locally.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import drawpoker
import numpy as np
import pytest
from drawpoker import DrawPokerError, HandCategory
from drawpoker.analysis import draw, tips, video_poker
from drawpoker.analysis.equity import GAMES
from drawpoker.cli import main
from drawpoker.engine.spec import DRAW_LIMITS
from drawpoker.errors import InvalidArgumentError
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

settings.register_profile(
    "fuzz-ci", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "fuzz-long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
FUZZ = settings(settings.get_profile(f"fuzz-{os.environ.get('DRAWPOKER_FUZZ', 'ci')}"))
"""The profile of every test here: ``fuzz-ci`` unless DRAWPOKER_FUZZ names another."""


class _Bad:
    def __repr__(self) -> str:
        return "BAD"


BAD: Any = _Bad()
"""The clean value of an argument of a wrong kind: the call must refuse it."""


@dataclass(frozen=True)
class Arg:
    """A generated argument and the plain value it stands for (or BAD)."""

    value: object
    clean: object


def outcome(func: Callable[..., object], kwargs: dict[str, object]) -> tuple[str, object]:
    """``("value", result)`` or ``("error", message)``; anything but a library error that is
    raised escapes (and fails the test)."""
    try:
        return "value", func(**kwargs)
    except DrawPokerError as error:
        assert str(error), f"{type(error).__name__} without a message"
        return "error", None


def same(a: object, b: object) -> bool:
    """Equal results, arrays (with their dtype) and nested containers included."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (
            isinstance(a, np.ndarray)
            and isinstance(b, np.ndarray)
            and a.dtype == b.dtype
            and np.array_equal(a, b)
        )
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def check(func: Callable[..., object], **args: Arg) -> None:
    """The property above, for one call of ``func``."""
    raw = {name: arg.value for name, arg in args.items()}
    if any(arg.clean is BAD for arg in args.values()):
        kind, _ = outcome(func, raw)
        assert kind == "error", f"{func.__name__}({raw!r}) accepted a bad argument"
        return
    expected = outcome(func, {name: arg.clean for name, arg in args.items()})
    got = outcome(func, raw)
    assert got[0] == expected[0], f"{func.__name__}({raw!r}): {got} but clean {expected}"
    assert same(got[1], expected[1]), f"{func.__name__}({raw!r}): {got} but clean {expected}"


# Kinds of values that are never an integer, a flag, a name or a number.
NOT_A_NUMBER = st.sampled_from([None, "3", b"3", [3], (), {}, object(), complex(1, 2)])
NOT_AN_INTEGER = NOT_A_NUMBER | st.sampled_from(
    [True, False, np.bool_(True), 1.0, 2.5, float("nan"), float("inf"), np.float64(3)]
)
INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


@st.composite
def as_integer(draw: st.DrawFn, value: int) -> object:
    """``value`` as a Python int or as a NumPy integer of a dtype that holds it."""
    fits = [d for d in INT_DTYPES if np.iinfo(d).min <= value <= np.iinfo(d).max]
    dtype = draw(st.sampled_from([None, *fits]))
    return value if dtype is None else dtype(value)


def integers(valid: st.SearchStrategy[int], invalid: list[int]) -> st.SearchStrategy[Arg]:
    """An integer argument: ``valid`` values (cheap to compute with) and ``invalid`` ones (out
    of range or huge), each as an int or a NumPy integer, or a value of a wrong kind."""
    values = valid | st.sampled_from(invalid) if invalid else valid
    ints = values.flatmap(lambda n: as_integer(n).map(lambda v: Arg(v, n)))
    return ints | NOT_AN_INTEGER.map(lambda v: Arg(v, BAD))


def flags() -> st.SearchStrategy[Arg]:
    """A flag: True or False (or a NumPy bool), or anything else (refused)."""
    good = st.sampled_from([True, False, np.bool_(True), np.bool_(False)]).map(
        lambda v: Arg(v, bool(v))
    )
    return good | st.sampled_from([1, 0, "yes", None, 1.0, "False"]).map(lambda v: Arg(v, BAD))


def names(known: list[str] | tuple[str, ...]) -> st.SearchStrategy[Arg]:
    """A name: a known one (as a str or a NumPy str), an unknown str, or no str at all."""
    texts = st.sampled_from([*known, "", "HIGH", "x" * 40, "hold em", "5"])
    good = texts.flatmap(lambda t: st.sampled_from([t, np.str_(t)]).map(lambda v, t=t: Arg(v, t)))
    bad = st.sampled_from([None, 5, b"high", ["high"], True, 1.5]).map(lambda v: Arg(v, BAD))
    return good | bad


def finite_numbers() -> st.SearchStrategy[Arg]:
    """A payout: a finite int or float (NumPy ones too), or NaN, infinity, text, a bool."""
    good = st.one_of(
        st.integers(-100, 1000).map(lambda v: Arg(v, float(v))),
        st.floats(-1e6, 1e6).map(lambda v: Arg(v, v)),
        st.floats(-1e3, 1e3).map(lambda v: Arg(np.float32(v), float(np.float32(v)))),
    )
    bad = st.sampled_from(
        [float("nan"), float("inf"), -float("inf"), np.float64("nan"), "1", None, True, 10**400]
    ).map(lambda v: Arg(v, BAD))
    return good | bad


RANKING = names(list(drawpoker.RANKINGS))


@st.composite
def card_values(draw: st.DrawFn, sizes: tuple[int, ...], *, joker: bool = True) -> list[int]:
    """Cards as ints: mostly distinct cards of the deck, sometimes a repeat or a value that is
    no card (-1, 53, 2**63)."""
    size = draw(st.sampled_from(sizes))
    deck = 53 if joker else 52
    cards = draw(st.permutations(range(deck)))[:size]
    if cards and draw(st.integers(0, 9)) == 0:
        cards[-1] = draw(st.sampled_from([cards[0], -1, 53, 99, 2**63, 2**64 + 5]))
    return list(cards)


@st.composite
def card_arg(
    draw: st.DrawFn, sizes: tuple[int, ...], *, joker: bool = True, optional: bool = False
) -> Arg:
    """Cards given in any form the API takes (text, list, tuple, NumPy scalars, arrays of any
    integer dtype, byte order or stride), or something that is not cards (``None`` too,
    unless the argument is ``optional``: then ``None`` means none)."""
    if draw(st.integers(0, 7)) == 0:
        bad = st.sampled_from(
            [
                *([] if optional else [None]),
                5,
                2.5,
                object(),
                [1.5, 2],
                [True, 3],
                ["As", 5],
                [5, "As"],
                ["As", "Zz"],
                [None],
                np.array([1.0, 2.0]),
                np.array([True, False]),
                np.array([[0, 1], [2, 3]]),
                np.array(7),
                {"As": 1},
            ]
        )
        return Arg(draw(bad), BAD)
    cards = draw(card_values(sizes, joker=joker))
    in_range = all(0 <= c <= 52 for c in cards)
    texts = ["text", "strings"] if in_range else []
    forms = ["list", "tuple", "scalars", "array", "strided", *texts]
    form = draw(st.sampled_from(forms))
    if form == "list":
        return Arg(list(cards), cards)
    if form == "tuple":
        return Arg(tuple(cards), cards)
    if form in ("text", "strings"):
        symbols = draw(st.booleans())
        words = [drawpoker.format_cards([c], symbols=symbols) for c in cards]
        if form == "strings":  # a list of card strings, as treys and eval7 take them
            return Arg(words, cards)
        return Arg(draw(st.sampled_from([" ", "", ", "])).join(words), cards)
    fits = [d for d in INT_DTYPES if all(np.iinfo(d).min <= c <= np.iinfo(d).max for c in cards)]
    if not fits:
        return Arg(list(cards), cards)
    dtype = np.dtype(draw(st.sampled_from(fits)))
    if form == "scalars":
        return Arg([dtype.type(c) for c in cards], cards)
    if draw(st.booleans()):
        dtype = dtype.newbyteorder()
    array = np.array(cards, dtype=dtype)
    if form == "strided":
        array = np.repeat(array, 2)[::2]
    return Arg(array, cards)


@st.composite
def batch_arg(
    draw: st.DrawFn, widths: tuple[int, ...], *, joker: bool = True, optional: bool = False
) -> Arg:
    """Rows of cards ``[N, k]`` in any layout the API takes, or something that is not one
    (``None`` too, unless the argument is ``optional``: then ``None`` means none)."""
    if draw(st.integers(0, 7)) == 0:
        bad = st.sampled_from(
            ([] if optional else [None])
            + [
                "As Ks Qs Js Ts",
                np.zeros((2, 5)),
                np.ones((2, 5), dtype=bool),
                np.zeros((2, 5), dtype=object),
                [[0, 1, 2, 3, 4], [5, 6]],
                np.zeros(5, dtype=np.uint8),
                np.zeros((1, 5, 1), dtype=np.uint8),
                [[0, 1, 2, 3, "x"]],
                np.zeros((2, 5), dtype=np.complex64),
            ]
        )
        return Arg(draw(bad), BAD)
    width = draw(st.sampled_from(widths))
    rows = [draw(card_values((width,), joker=joker)) for _ in range(draw(st.integers(0, 3)))]
    values = [c for row in rows for c in row]
    fits = [d for d in INT_DTYPES if all(np.iinfo(d).min <= c <= np.iinfo(d).max for c in values)]
    if not fits:  # a value beyond every dtype: the rows as lists are the only form
        return Arg(rows, rows)
    clean = np.array(rows, dtype=np.int64 if np.int64 in fits else np.uint64)
    clean = clean.reshape(len(rows), width)
    forms = ["c", "fortran", "strided", "swapped"] + (["lists", "tuples"] if rows else [])
    form = draw(st.sampled_from(forms))
    if form == "lists":
        return Arg(rows, clean)
    if form == "tuples":
        return Arg(tuple(tuple(r) for r in rows), clean)
    array = clean.astype(draw(st.sampled_from(fits)))
    if form == "fortran":
        array = np.asfortranarray(array)
    elif form == "strided":
        array = np.repeat(array, 2, axis=0)[::2]
    elif form == "swapped":
        array = array.astype(array.dtype.newbyteorder())
    return Arg(array, clean)


# --- cards and evaluation -------------------------------------------------------------------


@FUZZ
@given(rank=integers(st.integers(0, 12), [-1, 13, 2**64]), suit=integers(st.integers(0, 3), [4]))
def test_card(rank: Arg, suit: Arg) -> None:
    check(drawpoker.card, rank=rank, suit=suit)


@FUZZ
@given(card=integers(st.integers(0, 52), [-1, 99, 2**63]), which=st.sampled_from(["r", "s"]))
def test_rank_and_suit_of(card: Arg, which: str) -> None:
    check(drawpoker.rank_of if which == "r" else drawpoker.suit_of, card=card)


@FUZZ
@given(joker=flags())
def test_full_deck(joker: Arg) -> None:
    check(drawpoker.full_deck, joker=joker)


@FUZZ
@given(
    text=st.one_of(
        st.text(max_size=12).map(lambda t: Arg(t, t)), NOT_A_NUMBER.map(lambda v: Arg(v, BAD))
    )
)
def test_parse_cards(text: Arg) -> None:
    check(drawpoker.parse_cards, text=text)


@FUZZ
@given(cards=card_arg((0, 1, 5, 53, 60)))
def test_format_cards(cards: Arg) -> None:
    check(drawpoker.format_cards, cards=cards)


@FUZZ
@given(cards=card_arg((4, 5, 6, 7, 8)), ranking=RANKING)
def test_evaluate(cards: Arg, ranking: Arg) -> None:
    check(drawpoker.evaluate, cards=cards, ranking=ranking)
    check(drawpoker.evaluate_low8, cards=cards)


@FUZZ
@given(cards=batch_arg((4, 5, 6, 7)), ranking=RANKING)
def test_evaluate_batch(cards: Arg, ranking: Arg) -> None:
    check(drawpoker.evaluate_batch, cards=cards, ranking=ranking)
    check(drawpoker.evaluate_low8_batch, cards=cards)


@FUZZ
@given(a=batch_arg((5, 7)), b=batch_arg((5, 7)))
def test_compare_batch(a: Arg, b: Arg) -> None:
    check(drawpoker.compare_batch, a=a, b=b)


STRENGTHS = integers(st.integers(0, 7476), [-1, 70000, 2**63, 2**64, -(2**63) - 1])


@FUZZ
@given(strength=STRENGTHS, ranking=RANKING)
def test_strength_queries(strength: Arg, ranking: Arg) -> None:
    check(drawpoker.category, strength=strength, ranking=ranking)
    check(drawpoker.describe, strength=strength, ranking=ranking)
    check(drawpoker.qualifies_low8, strength=strength)


@FUZZ
@given(
    n_cards=integers(st.integers(4, 8), [-1, 2**64]),
    method=names(drawpoker.analysis.evaluation.HISTOGRAM_METHODS),
)
def test_histograms(n_cards: Arg, method: Arg) -> None:
    # The walk over every 6- and 7-card hand takes a second: too slow for a fuzz example.
    assume(not (method.clean == "walk" and n_cards.clean in (6, 7)))
    check(drawpoker.strength_histogram, n_cards=n_cards, method=method)
    check(drawpoker.category_counts, n_cards=n_cards, method=method)


@FUZZ
@given(name=RANKING)
def test_ranking_system(name: Arg) -> None:
    check(drawpoker.ranking_system, name=name)
    check(draw.categories_of, ranking=name)


@FUZZ
@given(hole=card_arg((3, 4, 5, 6, 7)), board=card_arg((2, 3, 4, 5, 6)))
def test_omaha(hole: Arg, board: Arg) -> None:
    check(drawpoker.evaluate_omaha, hole=hole, board=board)
    check(drawpoker.evaluate_omaha_hilo, hole=hole, board=board)


@FUZZ
@given(hole=batch_arg((4, 6), joker=False), board=batch_arg((3, 5), joker=False))
def test_omaha_batches(hole: Arg, board: Arg) -> None:
    check(drawpoker.evaluate_omaha_batch, hole=hole, board=board)
    check(drawpoker.evaluate_omaha_hilo_batch, hole=hole, board=board)


# --- draws ----------------------------------------------------------------------------------

CATEGORY_KEYS = st.one_of(
    st.sampled_from(list(HandCategory) + list(drawpoker.BadugiCategory)).map(
        lambda c: Arg(c, int(c))
    ),
    integers(st.integers(-2, 11), []),
)


def mapping(pairs: list[tuple[Arg, Arg]]) -> Arg:
    """A dict of generated keys and values, and its clean equivalent (BAD if a key or a value
    that stays in it is): like a dict display, an equal key keeps the first key and the last
    value."""
    entries: dict[object, tuple[Arg, Arg]] = {}
    for key, value in pairs:
        entries[key.value] = (entries.get(key.value, (key, value))[0], value)
    table = {key.value: value.value for key, value in entries.values()}
    if any(BAD in (key.clean, value.clean) for key, value in entries.values()):
        return Arg(table, BAD)
    return Arg(table, {key.clean: value.clean for key, value in entries.values()})


@st.composite
def objectives(draw: st.DrawFn) -> Arg:
    """An objective: a name, a pay table or values per strength (good or not)."""
    kind = draw(st.sampled_from(["name", "table", "values", "bad"]))
    if kind == "name":
        return draw(
            names(["mean_strength", "beat_random", "at_least:FLUSH", "at_least:badugi", "x:y"])
        )
    if kind == "table":
        keys = CATEGORY_KEYS.filter(lambda key: key.value.__hash__ is not None)
        return mapping(draw(st.lists(st.tuples(keys, finite_numbers()), max_size=3)))
    if kind == "values":
        size = draw(st.sampled_from([7463, 7476, 6176, 1093, 12]))
        values = np.arange(size, dtype=np.float64)
        if draw(st.booleans()):
            values[draw(st.integers(0, size - 1))] = draw(st.sampled_from([np.nan, np.inf]))
        form = draw(st.sampled_from(["float", "int", "list", "float32"]))
        raw = {
            "float": values,
            "int": values.astype(np.int64) if np.isfinite(values).all() else values,
            "list": values.tolist(),
            "float32": values.astype(np.float32),
        }[form]
        return Arg(raw, np.asarray(raw, dtype=np.float64))
    return Arg(
        draw(st.sampled_from([None, 5, 1.5, ["a"] * 7463, np.zeros(7463, dtype=complex)])), BAD
    )


def _ranking_of(hand_size: int) -> st.SearchStrategy[Arg]:
    return RANKING if hand_size != 4 else st.just(Arg("badugi", "badugi"))


@FUZZ
@given(
    hand=card_arg((4, 5, 6)),
    dead=card_arg((0, 2)),
    discard=st.one_of(st.none(), card_arg((0, 1, 3), optional=True)),
    mask=st.one_of(st.none(), integers(st.integers(0, 31), [-1, 32, 2**70])),
    ranking=RANKING,
    joker=flags(),
    histogram=flags(),
)
def test_draw_outcome(
    hand: Arg,
    dead: Arg,
    discard: Arg | None,
    mask: Arg | None,
    ranking: Arg,
    joker: Arg,
    histogram: Arg,
) -> None:
    check(
        draw.draw_outcome,
        hand=hand,
        discard=discard or Arg(None, None),
        discard_mask=mask or Arg(None, None),
        dead=dead,
        ranking=ranking,
        joker=joker,
        histogram=histogram,
    )


@FUZZ
@given(hand=card_arg((4, 5)), discards=card_arg((0, 2, 6)))
def test_discard_mask(hand: Arg, discards: Arg) -> None:
    check(draw.discard_mask, hand=hand, discards=discards)


@FUZZ
@given(
    hand=card_arg((4, 5)),
    dead=card_arg((0, 3)),
    ranking=RANKING,
    joker=flags(),
    limit=names(DRAW_LIMITS),
    objective=objectives(),
    histograms=flags(),
)
def test_discard_choices(**args: Arg) -> None:
    check(drawpoker.discard_choices, **args)


@FUZZ
@given(objective=objectives(), ranking=RANKING, joker=flags())
def test_objective_values(objective: Arg, ranking: Arg, joker: Arg) -> None:
    check(draw.objective_values, objective=objective, ranking=ranking, joker=joker)
    check(draw.deck_histogram, ranking=ranking, joker=joker)


@FUZZ
@given(
    category=integers(st.integers(-1, 10), [2**64]) | CATEGORY_KEYS,
    discard=st.sampled_from(["", "2h", "7c 4s 2h"]),
)
def test_outcome_probability(category: Arg, discard: str) -> None:
    outcome_ = drawpoker.draw_outcome("Jh Jd 7c 4s 2h", discard=discard)
    check(outcome_.probability, category=category)


@FUZZ
@given(
    hands=batch_arg((4, 5)),
    masks=st.one_of(
        st.lists(st.integers(-1, 33), max_size=3).map(lambda m: Arg(np.array(m), np.array(m))),
        st.sampled_from([None, [1.5], np.array([True]), [[1]], "1"]).map(lambda v: Arg(v, BAD)),
    ),
    ranking=RANKING,
    joker=flags(),
)
def test_draw_category_counts_batch(hands: Arg, masks: Arg, ranking: Arg, joker: Arg) -> None:
    check(
        drawpoker.draw_category_counts_batch, hands=hands, masks=masks, ranking=ranking, joker=joker
    )


def test_draw_category_counts_batch_of_every_ranking_answers_without_a_panic() -> None:
    """Found by the test above: the category tables had five slots and six rankings, so
    ``ranking="short-deck"`` (the sixth) panicked across FFI instead of saying no."""
    hand = [[48, 44, 40, 36, 29]]
    for name in ("high", "deuce-seven", "ace-five", "short-deck"):
        try:
            counts = drawpoker.draw_category_counts_batch(hand, [1], ranking=name)
        except InvalidArgumentError as refused:
            assert name == "short-deck" and "52-card deck" in str(refused)
        else:
            assert counts.shape[0] == 1 and int(counts.sum()) == 47


# --- equity ---------------------------------------------------------------------------------

# Budgets a generated call can afford, and values beyond the maxima (refused at once).
MAX_OUTCOMES = integers(st.sampled_from([0, 10, 10_000, 1_000_000]), [-1, 10**12 + 1, 2**64])
SAMPLES = integers(st.sampled_from([0, 1, 300]), [-1, 10**12 + 1, 2**64])
SEEDS = integers(st.integers(0, 2**64 - 1), [-1, 2**64])


@st.composite
def hands_arg(draw: st.DrawFn) -> Arg:
    """Hands of 2 to 3 players (2, 4 or 5 cards each: Hold'em, Omaha, stud), or not hands."""
    if draw(st.integers(0, 7)) == 0:
        return Arg(draw(st.sampled_from([None, "AsKs QhQd", 5, [None, None]])), BAD)
    size = draw(st.sampled_from([2, 4, 5]))
    players = [draw(card_arg((size,), joker=False)) for _ in range(draw(st.integers(1, 3)))]
    clean = [p.clean for p in players]
    return Arg([p.value for p in players], BAD if BAD in clean else clean)


@FUZZ
@given(
    hands=hands_arg(),
    board=card_arg((0, 3, 5), joker=False),
    dead=card_arg((0, 2), joker=False),
    game=names(GAMES),
    max_outcomes=MAX_OUTCOMES,
    samples=SAMPLES,
    seed=SEEDS,
)
def test_equity(**args: Arg) -> None:
    check(drawpoker.equity, **args)


@FUZZ
@given(
    hole_a=batch_arg((2,), joker=False),
    hole_b=batch_arg((2,), joker=False),
    board=st.one_of(st.just(Arg(None, None)), batch_arg((0, 3, 5), joker=False, optional=True)),
    max_outcomes=MAX_OUTCOMES,
    samples=SAMPLES,
    seed=SEEDS,
)
def test_equity_batch(**args: Arg) -> None:
    check(drawpoker.equity_batch, **args)


@st.composite
def draw_players(draw: st.DrawFn) -> Arg:
    """Two or three (kept cards, cards drawn) pairs drawing at most two cards each, or not."""
    if draw(st.integers(0, 7)) == 0:
        return Arg(draw(st.sampled_from([None, "Jh Jd", [("Jh Jd",)], [5, 6], [("", 5, 1)]])), BAD)
    players = []
    for _ in range(draw(st.integers(1, 3))):
        draws = draw(st.integers(0, 2))
        kept = draw(card_arg((5 - draws, 4)))
        number = draw(integers(st.just(draws), [-1, 6, 2**64]))
        pair = draw(st.sampled_from([tuple, list]))([kept.value, number.value])
        players.append(
            Arg(pair, BAD if BAD in (kept.clean, number.clean) else (kept.clean, number.clean))
        )
    clean = [p.clean for p in players]
    return Arg([p.value for p in players], BAD if BAD in clean else clean)


@FUZZ
@given(
    players=draw_players(),
    dead=card_arg((0, 2)),
    ranking=RANKING,
    joker=flags(),
    budget=MAX_OUTCOMES,
    samples=SAMPLES,
    seed=SEEDS,
)
def test_draw_equity(**args: Arg) -> None:
    check(drawpoker.draw_equity, **args)


# --- video poker, tips, the command line ----------------------------------------------------


@st.composite
def pay_tables(draw: st.DrawFn) -> Arg:
    """A pay table by pay class (good, with unknown classes, or bad payouts), or no mapping."""
    if draw(st.integers(0, 5)) == 0:
        return Arg(draw(st.sampled_from([[], None, "royal", 5, [("flush", 6)]])), BAD)
    names_ = st.sampled_from([*video_poker.PAY_CLASSES, "royal", ""]) | NOT_A_NUMBER.filter(
        lambda v: v.__hash__ is not None
    )
    keys = names_.map(lambda name: Arg(name, name))
    return mapping(draw(st.lists(st.tuples(keys, finite_numbers()), max_size=4)))


@FUZZ
@given(hand=card_arg((4, 5)), pay_table=pay_tables())
def test_best_hold(hand: Arg, pay_table: Arg) -> None:
    check(video_poker.best_hold, hand=hand, pay_table=pay_table)


@FUZZ
@given(pay_table=pay_tables())
def test_bad_pay_tables_are_refused_before_the_work(pay_table: Arg) -> None:
    # A good pay table costs the whole hold table (a second); a bad one must be refused first.
    assume(pay_table.clean is BAD)
    check(video_poker.hold_values, pay_table=pay_table)
    check(video_poker.video_poker_return, pay_table=pay_table)


@pytest.mark.parametrize("path", [None, 5, ["holds.npz"], b"\xff"])
def test_a_bad_path_is_refused_before_the_work(path: object) -> None:
    with pytest.raises(DrawPokerError, match="path must be"):
        video_poker.save_hold_table(path)  # type: ignore[arg-type]


@FUZZ
@given(
    joker=flags(),
    # None is each tip's own goal here.
    objective=st.one_of(
        st.just(Arg(None, None)), objectives().filter(lambda o: o.value is not None)
    ),
    limit=names(DRAW_LIMITS),
)
def test_build_tips(joker: Arg, objective: Arg, limit: Arg) -> None:
    check(tips.build_tips, joker=joker, objective=objective, limit=limit)


@FUZZ
@given(items=st.sampled_from([None, 5, "tips", [None], [1, 2], ["tip"]]))
def test_tips_outputs_take_tips(items: object) -> None:
    for func in (tips.tips_rows, tips.tips_markdown, tips.tips_json, tips.tips_svg):
        check(func, tips=Arg(items, BAD))
    tip = tips.build_tips()[0]
    check(tip.goal_probability, choice=Arg(items, BAD))


COMMAND_WORDS = [
    "eval",
    "equity",
    "tips",
    "As Ks Qs Js Ts",
    "AsKs",
    "QhQd",
    "7c 2d",
    "Zz",
    "As As",
    "--ranking",
    "high",
    "joker",
    "badugi",
    "--board",
    "Ts 9d 2s",
    "--dead",
    "--game",
    "stud",
    "razz",
    "omaha",
    "--max-outcomes",
    "--samples",
    "--seed",
    "-1",
    "0",
    "100",
    "1e3",
    "nan",
    "99999999999999999999999",
    "--deck",
    "52",
    "53",
    "--objective",
    "at_least:FLUSH",
    "beat_random",
    "--limit",
    "5",
    "--chart",
    "x.png",
    "",
]
"""Words of command lines; no file is written (a chart must end in .svg)."""


@FUZZ
@given(argv=st.lists(st.sampled_from(COMMAND_WORDS), min_size=1, max_size=7))
def test_command_line(argv: list[str]) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse refuses the words: usage and status 2
            status = exit_.code
    assert status in (0, 2), f"{argv}: status {status}\n{out.getvalue()}"
    assert "Traceback" not in out.getvalue()
