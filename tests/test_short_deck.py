"""Short-deck Hold'em (R-SD-1..4): the 36-card deck, its ranking checked hand by hand against a
plain-Python ranking written here (not the engine's), exact equity against a plain enumeration,
and the game at the table."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest
from drawpoker.analysis.draw import draw_outcome
from drawpoker.analysis.equity import equity
from drawpoker.analysis.evaluation import category, evaluate, evaluate_batch
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import Hand, game
from drawpoker.engine.spec import Deck
from drawpoker.errors import InvalidArgumentError
from engine_helpers import stacked_deal

SHORT_DECK = [4 * rank + suit for rank in range(4, 13) for suit in range(4)]
"""Six through ace, written out here rather than read from the spec."""

# Categories by the rule's order, worst first (R-SD-2): a flush above a full house.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH = range(9)
ENGINE_CATEGORY = {  # the engine numbers categories as the 52-card high order does
    HIGH_CARD: 0,
    PAIR: 1,
    TWO_PAIR: 2,
    TRIPS: 3,
    STRAIGHT: 4,
    FLUSH: 5,
    FULL_HOUSE: 6,
    QUADS: 7,
    STRAIGHT_FLUSH: 8,
}


def key(cards: Sequence[int]) -> tuple[int, ...]:
    """The short-deck value of five cards as (category, tie-break ranks), bigger wins."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    flush = len({c & 3 for c in cards}) == 1
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 7, 6, 5, 4]:  # A-9-8-7-6: the ace plays low (R-SD-3)
            straight_top = 7
    if straight_top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, straight_top)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    tie_break = tuple(rank for rank, _ in by_count)
    if flush:
        return (FLUSH, *tie_break)
    kind = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
        (1, 1, 1, 1, 1): HIGH_CARD,
    }[tuple(shape)]
    return (kind, *tie_break)


def best_key(cards: Sequence[int]) -> tuple[int, ...]:
    return max(key(five) for five in itertools.combinations(cards, 5))


@pytest.fixture(scope="module")
def every_five() -> tuple[Counter[int], dict[tuple[int, ...], int]]:
    """Over every five of the 36 cards: the count of each category by :func:`key`, and the
    engine's strength of each key (checked to be one strength per key)."""
    hands = list(itertools.combinations(SHORT_DECK, 5))
    assert len(hands) == 376_992
    strengths = evaluate_batch(np.array(hands, dtype=np.uint8), ranking="short-deck").tolist()
    counts: Counter[int] = Counter()
    strength_of: dict[tuple[int, ...], int] = {}
    for hand, strength in zip(hands, strengths, strict=True):
        k = key(hand)
        counts[k[0]] += 1
        assert strength_of.setdefault(k, strength) == strength, k
    return counts, strength_of


def test_r_sd_2_category_counts_and_order_over_every_hand(
    every_five: tuple[Counter[int], dict[tuple[int, ...], int]],
) -> None:
    counts, strength_of = every_five
    assert [counts[c] for c in range(9)] == [
        122_400,
        193_536,
        36_288,
        16_128,
        6_120,
        1_728,
        480,
        288,
        24,
    ]
    # The engine's strengths order the hands exactly as the keys do.
    ordered = [strength_of[k] for k in sorted(strength_of)]
    assert ordered == list(range(1, len(ordered) + 1)) and len(ordered) == 1404
    for k, s in strength_of.items():
        assert category(s, ranking="short-deck") == ENGINE_CATEGORY[k[0]]


def test_r_sd_2_best_five_of_six_and_seven(
    every_five: tuple[Counter[int], dict[tuple[int, ...], int]],
) -> None:
    _, strength_of = every_five
    rng = random.Random(26)
    for size in (6, 7):
        rows = [rng.sample(SHORT_DECK, size) for _ in range(1000)]
        # A-6-7-8-9 beside trips: the 52-card order's best five (the trips) is not the best here.
        rows.append(parse_cards("9c 9d 9h Ac 6d 7h 8s")[:size])
        got = evaluate_batch(np.array(rows, dtype=np.uint8), ranking="short-deck").tolist()
        assert got == [strength_of[best_key(row)] for row in rows]
    assert evaluate("9c 9d 9h Ac 6d 7h 8s", ranking="short-deck") == evaluate(
        "Ac 6d 7h 8s 9c", ranking="short-deck"
    )


def test_r_sd_3_ace_nine_straight_and_r_sd_2_flush_over_full_house() -> None:
    def strength(text: str) -> int:
        return evaluate(text, ranking="short-deck")

    assert strength("Ac 6d 7h 8s 9c") < strength("6c 7d 8h 9s Tc")
    assert strength("Ac 6d 7h 8s 9c") > strength("Ac Ad Ah Ks Qc")
    assert strength("6s 7s 8s Ts Qs") > strength("As Ah Kc Kh Kd")
    assert strength("Ac 6c 7c 8c 9c") > strength("Ac Ad Ah As Kc")


def test_r_sd_4_cards_below_six_are_refused() -> None:
    with pytest.raises(InvalidArgumentError, match="5c is not a card of the short deck"):
        evaluate("5c 6d 7h 8s 9c", ranking="short-deck")
    with pytest.raises(InvalidArgumentError, match="2c is not a card of this game's deck"):
        equity(["As Ks", "2c 7d"], game="short-deck")
    with pytest.raises(InvalidArgumentError, match="52-card deck"):
        draw_outcome("As Ks Qs Js 9d", "9d", ranking="short-deck")


def shares(hands: list[list[int]], board: list[int]) -> list[float]:
    """Each player's pot share over every way the board can end, by plain enumeration."""
    seen = {*board, *(c for hand in hands for c in hand)}
    rest = [c for c in SHORT_DECK if c not in seen]
    totals = [0.0] * len(hands)
    runs = 0
    for more in itertools.combinations(rest, 5 - len(board)):
        full = [*board, *more]
        keys = [best_key([*hand, *full]) for hand in hands]
        top = max(keys)
        winners = [i for i, k in enumerate(keys) if k == top]
        for i in winners:
            totals[i] += 1 / len(winners)
        runs += 1
    return [t / runs for t in totals]


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["Ah Kh", "Qs Qd"], "Jh 7h 6c"),
        (["Ac 9d", "Kc Kd", "8s 7s"], "6h 7c Tc"),
        (["As Ad", "Ks Qs", "Tc Th"], "Kd Jc 6d Ah"),
    ],
)
def test_r_sd_4_exact_equity_matches_an_enumeration(hands: list[str], board: str) -> None:
    cards = [parse_cards(h) for h in hands]
    result = equity(hands, board, game="short-deck")
    assert result.exact
    expected = shares(cards, parse_cards(board))
    assert [p.equity for p in result.players] == pytest.approx(expected, abs=1e-12)


def showdown(seat_cards: dict[int, str], board: str) -> list[int]:
    """Chips won by each seat of a short-deck hand where everyone checks or calls down."""
    spec = game("short-deck")
    stacks = [10_000] * len(seat_cards)
    order = stacked_deal(spec, stacks, 0, seat_cards, board)
    hand = Hand(spec, stacks, 0, deck=order)
    while not hand.is_over:
        hand.check_or_call()
    return [end - 10_000 for end in hand.stacks]


def test_r_sd_1_the_game_deals_the_short_deck() -> None:
    spec = game("short-deck")
    assert format_cards(sorted(spec.deck_cards())) == format_cards(SHORT_DECK)
    hand = Hand(spec, [10_000] * 10, seed=4)
    dealt = [c for cards in hand.cards for c in cards] + hand.deck
    assert sorted(dealt) == SHORT_DECK


def test_r_sd_2_at_the_table_a_flush_beats_a_full_house() -> None:
    # Seat 0: kings full of eights; seat 1: the ace-high heart flush.
    won = showdown({0: "Ks 8c", 1: "Ah Th"}, "Kh Kd 8h 6h 7c")
    assert won == [-100, 100]


def test_r_sd_3_at_the_table_ace_to_nine_beats_trips() -> None:
    won = showdown({0: "9c 9d", 1: "Ac 6d"}, "9h 7h 8s Kd Qc")
    assert won == [-100, 100]


def test_r_sd_4_a_spec_ranks_short_deck_hands_only_from_the_short_deck() -> None:
    with pytest.raises(InvalidArgumentError, match="the short-deck ranking does not fit the deck"):
        replace(game("short-deck"), deck=Deck())
    holdem_on_the_short_deck = replace(game("holdem"), deck=game("short-deck").deck)
    assert len(holdem_on_the_short_deck.deck_cards()) == 36
