"""CPU players: the tips of RULES.md section 4, legal play through the public API, seeding."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from drawpoker.analysis.evaluation import HandCategory
from drawpoker.bots import (
    CheckCallBot,
    RulesOfThumbBot,
    StrongBot,
    exact_draw,
    hand_category,
    make_bot,
    tips_discards,
)
from drawpoker.bots.bet_reading import BetReader
from drawpoker.cards import JOKER, format_cards, parse_cards
from drawpoker.engine import GAMES, Action, DrawSettings, FiveCardDraw, Hand, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.table import Table, TableSettings


def tip(hand: str, limit: int = 4, ranking: str = "high") -> str:
    cards = parse_cards(hand)

    def allowed(discards: list[int]) -> bool:
        kept = [c for c in cards if c not in discards]
        return len(discards) <= 3 or (len(discards) <= limit and any(c // 4 == 12 for c in kept))

    return format_cards(tips_discards(cards, ranking, allowed))


@pytest.mark.parametrize(
    ("hand", "discards"),
    [
        ("9c 9d 7h 4s Kd", "7h 4s Kd"),  # pair: keep the pair, draw three
        ("9c 9d 7h 7s Kd", "Kd"),  # two pair: draw one
        ("9c 9d 9h 7s Kd", "7s Kd"),  # trips: draw two
        ("Ks 9s 6s 3s 8d", "8d"),  # four to a flush: draw the fifth
        ("5c 6d 7h 8s 9d", ""),  # straight: stand pat
        ("Kc Qc 9c 5c 2c", ""),  # flush
        ("9c 9d 9h 7s 7d", ""),  # full house
    ],
)
def test_tips_of_section_4(hand: str, discards: str) -> None:
    assert tip(hand) == discards


def test_tips_with_nothing_keep_an_ace_and_draw_four_when_allowed() -> None:
    assert tip("As 9d 7h 4c 2s") == "9d 7h 4c 2s"
    assert tip("As 9d 7h 4c 2s", limit=3) == "7h 4c 2s"
    assert tip("Ks 9d 7h 4c 2s") == "7h 4c 2s"


def test_tips_keep_the_joker() -> None:
    assert tip("Jk 9d 9h 7s Kd", ranking="joker") == "7s Kd"  # trips with the joker
    assert tip("Jk 9d 6h 4s Kd", ranking="joker") == "9d 6h 4s"  # the joker pairs the king


def reference_tip(cards: list[int], ranking: str, limit: int) -> list[int]:
    """The tips by rank and suit histograms (plain Python, independent of the Rust rule)."""
    category = hand_category(cards, ranking)
    if category >= HandCategory.STRAIGHT:
        return []
    jokers = cards.count(JOKER)
    natural = [c for c in cards if c != JOKER]
    by_rank = Counter(c // 4 for c in natural)
    by_suit = Counter(c % 4 for c in natural)
    if category >= HandCategory.TWO_PAIR:
        return [c for c in natural if by_rank[c // 4] == 1]
    top_suit = min(by_suit, key=lambda s: (-by_suit[s], s))
    if by_suit[top_suit] + jokers >= 4:
        return [c for c in natural if c % 4 != top_suit]
    if category == HandCategory.ONE_PAIR:
        pairs = [c // 4 for c in natural if by_rank[c // 4] > 1]
        keep = pairs[0] if pairs else max(by_rank)
        return [c for c in natural if c // 4 != keep]
    high_first = sorted(natural, reverse=True)
    if limit >= 4 and high_first[0] // 4 == 12:
        return high_first[1:]
    return high_first[2:]


def test_tips_match_a_reference_on_random_hands() -> None:
    rng = random.Random(11)
    for ranking, deck in (("high", 52), ("joker", 53)):
        for _ in range(3000):
            cards = rng.sample(range(deck), 5)
            limit = rng.choice([3, 4])
            advised = tips_discards(cards, ranking, lambda d, n=limit: len(d) <= n)
            assert advised == reference_tip(cards, ranking, limit), (cards, ranking)


def _cpu_game(kinds: list[str], seed: int, rounds: int = 5) -> Table:
    cpu = {s: make_bot(kind, seed=seed + s) for s, kind in enumerate(kinds)}
    game = Table(
        FiveCardDraw(), len(kinds), seed=seed, cpu=cpu, settings=TableSettings(rounds=rounds)
    )
    game.play_cpu()
    return game


def test_cpu_players_play_legal_games_in_every_setting() -> None:
    for seed, settings in enumerate(
        [
            DrawSettings(opening="jacks"),
            DrawSettings(joker=True, draw_limit="5"),
            DrawSettings(draw_limit="3", second_round="left-of-dealer"),
            DrawSettings(mode="no-bet"),
        ]
    ):
        cpu = {s: RulesOfThumbBot(seed=s) for s in range(5)}
        rounds = TableSettings(rounds=3)
        game = Table(FiveCardDraw(settings), 5, seed=seed, cpu=cpu, settings=rounds)
        game.play_cpu()
        assert game.is_over
        assert sum(game.stacks) == (10_000 if settings.betting else 0)


@pytest.mark.parametrize("kind", ["rules", "strong"])
def test_two_strong_hands_go_all_in_in_a_few_raises_not_a_hundred(kind: str) -> None:
    """Five-Card Draw's unit rule has no cap (R-DRAW-3): two CPU players with a full house or
    better raised each other by one unit until one was all-in, 100,000 raises a hand at the
    load benchmark's stacks (the rules players of table seed 35 below, at the default stacks
    a hundred raises, a CPU's think apart each at the site). Past the small action they raise
    to three times the bet (bots.draw.big_raise), so no hand is long."""
    longest = 0
    for seed in range(30, 40):
        cpu = {s: make_bot(kind, seed=seed * 10 + s, game="five-card-draw") for s in range(4)}
        deep = TableSettings(stack=1_000_000, rounds=3)
        table = Table(game("five-card-draw"), 4, seed, settings=deep, cpu=cpu)
        table.play_cpu()
        assert table.is_over
        longest = max(longest, *(len(hand.actions) for hand in table.hands))
    assert longest <= 60, longest


def test_cpu_players_are_reproducible() -> None:
    first = _cpu_game(["rules", "rules", "checkcall"], seed=21)
    second = _cpu_game(["rules", "rules", "checkcall"], seed=21)
    assert [h.to_dict() for h in first.hands] == [h.to_dict() for h in second.hands]
    other = _cpu_game(["rules", "rules", "checkcall"], seed=22)
    assert [h.events for h in other.hands] != [h.events for h in first.hands]


def test_rules_of_thumb_beats_check_call() -> None:
    chips = 0
    for seed in range(12):
        game = _cpu_game(["rules", "checkcall"], seed=seed * 31, rounds=10)
        chips += game.stacks[0] - game.stacks[1]
    assert chips > 0


def test_strong_bot_with_an_injected_draw_advisor() -> None:
    calls: list[tuple[tuple[int, ...], str]] = []

    def advisor(cards: tuple[int, ...], limit: str, ranking: str) -> tuple[list[int], float]:
        calls.append((tuple(cards), limit))
        return tips_discards(cards, "high", lambda d: len(d) <= 3), 0.5

    cpu = {0: StrongBot(seed=1, advisor=advisor), 1: RulesOfThumbBot(seed=2), 2: CheckCallBot()}
    game = Table(FiveCardDraw(), 3, seed=9, cpu=cpu, settings=TableSettings(rounds=4))
    game.play_cpu()
    assert game.is_over and sum(game.stacks) == 6000
    assert calls and all(limit == "3-or-4-with-ace" for _, limit in calls)


def test_strong_bot_draws_the_best_exact_choice() -> None:
    from drawpoker.analysis.draw import discard_choices

    hand = parse_cards("As Kd 9d 6h 4s")
    best = discard_choices(hand, limit="3", objective="beat_random")[0]
    discards, value = exact_draw(hand, "3")
    assert format_cards(discards) == best.discards and value == best.value
    # Where the tips keep the ace alone, the exact analysis keeps ace-king.
    assert tip("As Kd 9d 6h 4s") == "Kd 9d 6h 4s"
    assert format_cards(exact_draw(hand, "3-or-4-with-ace")[0]) == "9d 6h 4s"


def test_strong_bot_plays_a_game_with_the_exact_draw() -> None:
    for joker in (False, True):
        cpu = {0: StrongBot(seed=3), 1: RulesOfThumbBot(seed=4)}
        spec = FiveCardDraw(DrawSettings(joker=joker))
        game = Table(spec, 2, seed=17, cpu=cpu, settings=TableSettings(rounds=3))
        game.play_cpu()
        assert game.is_over and sum(game.stacks) == 4000
        drew = [e for h in game.hands for e in h.events if e.kind == "draw" and e.seat == 0]
        assert drew


def test_unknown_cpu_type() -> None:
    with pytest.raises(InvalidArgumentError):
        make_bot("genius")


def test_bet_reader_counts_folds_per_street() -> None:
    # nobody opens, the cards are dealt again; then seat 1 opens and seat 2 folds to it
    hand = Hand(FiveCardDraw(), [500, 500, 500], seed=0)
    for _ in range(3):
        hand.check()
    assert hand.deal_number == 1
    hand.bet(hand.legal_actions().min_to)
    hand.fold()
    view = hand.view(0)  # seat 0, to call seat 1's bet
    reader = BetReader()
    reader.observe(view)
    assert view.street == 0
    assert reader.betting_round == 0
    assert reader.round_folds == {(2, 0): [1, 1]}  # a fold in the first round, not the second


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bet_reader_rounds_follow_the_streets(name: str) -> None:
    """At every betting decision, the round a seat's reader is in is the view's street."""
    for seed in range(15):
        rng = random.Random(seed)
        hand = Hand(game(name), [2000] * 3, seed=seed)
        readers = [BetReader() for _ in range(3)]
        while hand.actor is not None:
            view = hand.view(hand.actor)
            readers[view.seat].observe(view)
            legal = view.legal
            assert legal is not None
            if view.phase == "draw":
                hand.act(Action.draw([]))
                continue
            assert readers[view.seat].betting_round == view.street, (seed, view)
            hand.act(_random_choice(legal.kinds, legal.min_to, rng))


def _random_choice(kinds: tuple[str, ...], min_to: int, rng: random.Random) -> Action:
    if "fold" in kinds and rng.random() < 0.2:
        return Action.fold()
    kind = rng.choice([k for k in kinds if k != "fold"])
    return Action(kind, min_to) if kind in ("bet", "raise") else Action(kind)
