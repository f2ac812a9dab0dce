"""The Omaha and Omaha Hi/Lo CPU players: the point counts and board reading they decide from,
legal play through the table in every setting, seeding, view-only decisions, and their results
against the check/call player and each other."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from bot_matches import assert_reproducible, cpu_table, duplicate_match
from drawpoker import _core, evaluate, match
from drawpoker.analysis.evaluation import evaluate_batch, evaluate_low8, evaluate_low8_batch
from drawpoker.bots import (
    CPU_PLAYERS,
    CheckCallBot,
    OmahaRulesBot,
    OmahaStrongBot,
    make_bot,
    omaha,
    restore_bot,
    saved_bot,
)
from drawpoker.bots.bet_reading import looseness
from drawpoker.bots.omaha import (
    BET_EDGE,
    RAISE_EDGE,
    WIDE_CALL,
    made_share,
    points_at_top,
    starting_points,
    widened,
)
from drawpoker.bots.omaha_reading import (
    BoardRead,
    high_only,
    hutchison_high,
    hutchison_hilo,
    low_possible,
    outs,
    read_board,
)
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import Hand, game
from drawpoker.engine.variants.omaha import OmahaHiLoSettings, OmahaSettings
from drawpoker.table import Table, TableSettings

GAMES = ("omaha", "omaha-hi-lo")


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("As Ac Ks Kc", 27.0),  # the published example: 8 + 8 suits, 18 + 16 pairs, 8 - 4 ace
        ("Kd Kh Qc Js", 17.0),  # kings 16, K-Q-J 18: (16 + 18) / 2
        ("Jh Tc 9h 8c", 16.0),  # jack and ten suits 4 + 3, four in a row 25
        ("7c 7d 7h 6s", 4.0),  # no pair points with three of a rank; 7-6 together 8
    ],
)
def test_hutchison_high_counts(hand: str, points: float) -> None:
    assert hutchison_high(parse_cards(hand)) == points


def test_hutchison_hilo_counts_and_high_only_hands() -> None:
    assert hutchison_hilo(parse_cards("As 2s 3d Kd")) == 20 + 9 + 2 + 5 + 2
    assert hutchison_hilo(parse_cards("Ac Ad 2h 3s")) == 20 + 9 + 8  # aces paired: A-2, 3, AA
    assert hutchison_hilo(parse_cards("9s 9d Th Jc")) == 2  # only the jack kicker
    assert hutchison_hilo(parse_cards("9c 9d Th Jc")) == 4  # and two clubs
    assert high_only(parse_cards("Ks Kd Qs Jc")) and not high_only(parse_cards("Ks Kd Ks Kc"))
    assert starting_points(parse_cards("As Kd Qs Jd"), hilo=True) >= 22  # two suits of two


def test_starting_points_are_remembered_by_each_four_cards_own_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """starting_points keeps each four cards' count at the set's own place (a place shared by
    two sets would give one the other's points): a memo filled with a count that names its
    cards reads every set's own back, in any order of its cards; and what the real memo reads
    back is the count made afresh."""
    monkeypatch.setattr(
        omaha, "_count_points", lambda cards, hilo: float(sum(1 << c for c in cards))
    )
    memo = omaha._PointsMemo(hilo=True)
    every = list(combinations(range(52), 4))
    for cards in every:
        memo.points(cards)
    assert all(memo.points(cards[::-1]) == sum(1 << c for c in cards) for cards in every)
    monkeypatch.undo()
    assert memo.points([5, 5, 9, 9]) == omaha._count_points([5, 5, 9, 9], True)  # not kept
    rng = random.Random(11)
    for _ in range(3000):
        cards = rng.sample(range(52), 4)
        for hilo in (False, True):
            counted = omaha._count_points(cards, hilo)
            assert starting_points(cards, hilo) == counted
            assert starting_points(sorted(cards, reverse=True), hilo) == counted  # remembered


def _reference_hutchison_hilo(cards: list[int]) -> int:
    """The Hi/Lo count by its steps one by one, counting ranks and suits with Counters."""
    low_rank = [(c >> 2) + 2 if c >> 2 != 12 else 1 for c in cards]
    low = sorted(set(low_rank))
    pair_points = {(1, 2): 20, (1, 3): 17, (1, 4): 13, (1, 5): 10, (2, 3): 15, (2, 4): 12}
    pair_points |= {(3, 4): 11, (4, 5): 8}
    points = pair_points.get((low[0], low[1]), 0) if len(low) >= 2 else 0
    kickers = {3: 9, 4: 6, 5: 4, 11: 2, 12: 2, 13: 2, 6: 1, 10: 1}
    points += sum(kickers.get(r, 0) for r in low[2:])
    paired = {1: 8, 13: 6, 12: 5, 11: 2, 2: 3, 3: 1, 4: 1, 10: 1}
    for rank, count in Counter(low_rank).items():
        if count >= 2:
            points += paired.get(rank, 0) if count == 2 else paired.get(rank, 0) // 2
    for suit, count in Counter(c & 3 for c in cards).items():
        if count >= 2:
            points += 5 if any(c >> 2 == 12 and c & 3 == suit for c in cards) else 2
    return points


def test_hutchison_hilo_matches_the_count_step_by_step() -> None:
    # hutchison_hilo counts with plain lists for speed (the strong player scores thousands of
    # sampled hands a decision); every hand of ranks eight or lower and any ten thousand.
    rng = random.Random(4)
    low_cards = [c for c in range(52) if c >> 2 <= 6 or c >> 2 == 12]
    hands = [list(h) for h in combinations(low_cards, 4)]
    hands += [rng.sample(range(52), 4) for _ in range(10_000)]
    assert all(hutchison_hilo(h) == _reference_hutchison_hilo(h) for h in hands)


def _reference_beaten_by(hole: list[int], board: list[int]) -> float:
    """Every pair of unseen cards as an opponent's two hole cards, by plain loops."""
    mine = max(
        evaluate([*two, *three])
        for two in combinations(hole, 2)
        for three in combinations(board, 3)
    )
    unseen = [c for c in range(52) if c not in hole and c not in board]
    pairs = list(combinations(unseen, 2))
    better = sum(
        max(evaluate([*pair, *three]) for three in combinations(board, 3)) > mine for pair in pairs
    )
    return better / len(pairs)


def test_read_board_matches_a_plain_count() -> None:
    rng = random.Random(5)
    for size in (3, 4, 5):
        cards = rng.sample(range(52), 4 + size)
        hole, board = cards[:4], cards[4:]
        read = read_board(hole, board)
        assert read.beaten_by == pytest.approx(_reference_beaten_by(hole, board))


def test_read_board_knows_the_nuts_and_the_nut_low() -> None:
    royal = read_board(parse_cards("As Ks 7d 2c"), parse_cards("Qs Js Ts"))
    assert royal.beaten_by == 0.0
    hilo = read_board(parse_cards("Ah 2h Kd Ks"), parse_cards("3c 4d 8h Jc Kh"), hilo=True)
    assert hilo.low is not None and hilo.low_beaten_by == 0.0
    # Without a low of its own, every holding with a low is better.
    none = read_board(parse_cards("Kc Kd Qs Js"), parse_cards("3c 4d 8h Jc Kh"), hilo=True)
    assert none.low is None and 0 < none.low_beaten_by < 0.5


def _numpy_read_board(hole: list[int], board: list[int], hilo: bool) -> BoardRead:
    """read_board as it was written before the compiled core counted the holdings: every
    holding with every three of the board as rows of NumPy's batch evaluators."""
    import numpy as np

    known = {*hole, *board}
    unseen = np.array([c for c in range(52) if c not in known], dtype=np.uint8)
    pairs = unseen[np.array(list(combinations(range(len(unseen)), 2)), dtype=np.intp)]
    triples = np.array(board, dtype=np.uint8)[
        np.array(list(combinations(range(len(board)), 3)), dtype=np.intp)
    ]
    count, ways = len(pairs), len(triples)
    rows = np.concatenate([np.repeat(pairs, ways, axis=0), np.tile(triples, (count, 1))], axis=1)
    high = int(_core.evaluate_omaha(hole, board))
    theirs = evaluate_batch(rows).reshape(count, ways).max(axis=1)
    beaten_by = float((theirs > high).mean())
    if not hilo:
        return BoardRead(high, beaten_by, None, 0.0)
    low = _core.evaluate_omaha_hilo(hole, board)[1]
    lows = evaluate_low8_batch(rows).reshape(count, ways).max(axis=1)
    return BoardRead(high, beaten_by, low, float((lows > (low or 0)).mean()))


def test_read_board_is_the_former_numpy_count_exactly() -> None:
    """The same floats as the NumPy count it replaced (the players' decisions rest on them):
    random hands, and hands with a low and with a flush on the board."""
    rng = random.Random(17)
    low_cards = [c for c in range(52) if c >> 2 in (12, 0, 1, 2, 3, 4, 5)]
    spades, others = [c for c in range(52) if c & 3 == 3], [c for c in range(52) if c & 3 != 3]
    hands = []
    for n in range(300):
        size = 3 + n % 3
        cards = rng.sample(range(52) if n < 200 else low_cards, 4 + size)
        hands.append((cards[:4], cards[4:]))
        suited, rest = rng.sample(spades, 5), rng.sample(others, size - 1)
        hands.append((suited[:2] + rest[:2], suited[2:] + rest[2:]))  # a flush possible
    for hole, board in hands:
        for hilo in (False, True):
            assert read_board(hole, board, hilo) == _numpy_read_board(hole, board, hilo), (
                format_cards(hole),
                format_cards(board),
                hilo,
            )


def test_reference_low_count() -> None:
    hole, board = parse_cards("Ah 3h Kd Ks"), parse_cards("2c 4d 8h Jc Kh")
    read = read_board(hole, board, hilo=True)
    unseen = [c for c in range(52) if c not in hole and c not in board]
    lows = []
    for pair in combinations(unseen, 2):
        found = [evaluate_low8([*pair, *three]) for three in combinations(board, 3)]
        lows.append(max((low for low in found if low is not None), default=0))
    better = sum(low > (read.low or 0) for low in lows) / len(lows)
    assert read.low_beaten_by == pytest.approx(better)


def test_outs_and_low_possibility() -> None:
    assert outs(parse_cards("Ah 5h Kc Qd"), parse_cards("Kh 9h 2c")) == 9  # the nut flush draw
    assert outs(parse_cards("5h 4h Kc Qd"), parse_cards("Kh 9h 2c")) == 0  # a low flush draw
    assert outs(parse_cards("Jc Tc 2d 3d"), parse_cards("9h 8s 2c")) == 8  # open-ended
    assert outs(parse_cards("Jc Tc 2d 3d"), parse_cards("9h 8s 2c 4h 7h")) == 0  # the river
    assert low_possible(parse_cards("Ah 5d Kc"), 1) and not low_possible(parse_cards("Ah Kd Kc"), 1)


def test_made_share_of_the_nuts_and_of_a_beaten_hand() -> None:
    read = read_board(parse_cards("As Ks 7d 2c"), parse_cards("Qs Js Ts"))
    assert made_share(read, parse_cards("Qs Js Ts"), opponents=5) == 1.0
    weak = read_board(parse_cards("3s 4d 7d 2c"), parse_cards("Qs Js Ts"))
    assert made_share(weak, parse_cards("Qs Js Ts"), opponents=1) < 0.2
    assert made_share(weak, parse_cards("Qs Js Ts"), opponents=3) < made_share(
        weak, parse_cards("Qs Js Ts"), opponents=1
    )


def test_made_share_counts_the_scoop_of_a_high_hand_without_a_low() -> None:
    # The nut high on a low board, no low of its own: it takes the whole pot whenever the
    # opponent has no low either, so more than the half of the high alone.
    board = parse_cards("3c 4d 8h Jc Kh")
    read = BoardRead(0, 0.0, None, 0.2)
    assert 0.5 < made_share(read, board, opponents=1) < 1.0
    assert made_share(read, board, opponents=1) > made_share(read, board, opponents=3)


def test_rules_player_widens_against_a_seat_that_raises_every_hand() -> None:
    # Seat 1's Kh Ks 5c 5d (12 Hi/Lo points) facing the button's raise: a fold against a
    # sound raiser, a call against one seen raising at every chance of 200.
    hand = Hand(game("omaha-hi-lo"), [10_000] * 2, deck="9c Kh 8d Ks 4h 5c 2s 5d")
    hand.raise_to(200)
    view = hand.view(1)
    assert OmahaRulesBot(seed=1).choose(view).kind == "fold"
    bot = OmahaRulesBot(seed=1)
    bot.reader.counts[0] = [200, 200]
    assert bot.choose(view).kind == "call"
    assert looseness(bot.reader.trust(0)) > 0.9 and looseness(1.0) == 0.0


def test_widened_moves_the_playing_share_towards_the_widest() -> None:
    assert widened(22.0, 0.0, True) == 22.0
    steps = [widened(22.0, loose / 4, True) for loose in range(5)]
    assert steps == sorted(steps, reverse=True) and steps[-1] == points_at_top(WIDE_CALL, True)
    assert widened(2.0, 1.0, True) == 2.0  # already wider than the widest: unchanged


SETTINGS = [
    ("omaha", OmahaSettings()),
    ("omaha", OmahaSettings(betting="fixed-limit", ante=10)),
    ("omaha-hi-lo", OmahaHiLoSettings()),
    ("omaha-hi-lo", OmahaHiLoSettings(betting="pot-limit", heads_up_uncapped=True)),
]


@pytest.mark.parametrize(("name", "settings"), SETTINGS)
def test_cpu_players_play_legal_games_in_every_setting(name: str, settings: object) -> None:
    spec = game(name, settings)
    for players, stack in ((6, None), (3, 1500), (2, 800)):
        cpu = {}
        for seat in range(players):
            kind = ("rules", "strong", "checkcall")[seat % 3]
            cpu[seat] = make_bot(kind, seed=seat, game=name)
        table = Table(
            spec, players, seed=players, cpu=cpu, settings=TableSettings(stack=stack, rounds=4)
        )
        table.play_cpu()
        assert table.is_over
        start = stack or spec.default_stack
        assert sum(table.stacks) == players * start
        assert all(hand.is_over for hand in table.hands)


KINDS = ["rules", "strong", "checkcall"]
"""The CPU players of the tables that check reproducibility and snapshots."""


@pytest.mark.parametrize("name", GAMES)
def test_cpu_players_are_reproducible(name: str) -> None:
    assert_reproducible(name, KINDS, seed=7, rounds=4)


@pytest.mark.parametrize("name", GAMES)
def test_a_table_snapshot_restores_the_players(name: str) -> None:
    table = cpu_table(name, KINDS, seed=9, rounds=4)
    for seat, player in table.cpu.items():
        again = restore_bot(saved_bot(player, seat))
        assert type(again) is type(player)
        assert saved_bot(again, seat) == saved_bot(player, seat)


@pytest.mark.parametrize("name", GAMES)
def test_make_bot_and_the_stand_in(name: str) -> None:
    assert type(make_bot("rules", 1, name)) is OmahaRulesBot
    assert type(make_bot("strong", 1, name)) is OmahaStrongBot
    table = Table(
        game(name),
        ["Ann", "Bob", "Cy"],
        seed=4,
        settings=TableSettings(rounds=3),
        cpu_players=CPU_PLAYERS,
    )
    for seat in range(3):
        table.leave(seat)
    assert all(type(player) is OmahaRulesBot for player in table.away.values())
    table.play_cpu()
    assert table.is_over and sum(table.stacks) == 3 * game(name).default_stack


def _decisions(bot_kind: str, name: str, deck: str) -> list[str]:
    """The first decisions of a fresh bot on the flop of a hand stacked with ``deck``: the
    bot sits in seat 0 of three; everyone calls to the flop and checks to seat 0."""
    hand = Hand(game(name), [10_000] * 3, button=2, deck=deck)
    while not hand.board:
        hand.check_or_call()
    while hand.actor != 0:
        hand.check()
    bot = make_bot(bot_kind, 3, name)
    return [repr(bot.choose(hand.view(0))) for _ in range(3)]


@pytest.mark.parametrize("kind", ["rules", "strong"])
@pytest.mark.parametrize("name", GAMES)
def test_decisions_depend_on_the_view_only(kind: str, name: str) -> None:
    # Seat 0 is dealt deck[0], [3], [6], [9] (three seats, the deal starts left of the button,
    # seat 2); the board is deck[12:15]. Only the other seats' cards change between the hands.
    ours, board = parse_cards("As Ks Qh 2d"), parse_cards("Js Ts 3c")
    rest = [c for c in range(52) if c not in ours and c not in board]
    rng = random.Random(1)
    decisions = set()
    for _ in range(3):
        others = iter(rng.sample(rest, 8))
        deck = [ours[i // 3] if i % 3 == 0 else next(others) for i in range(12)] + board
        decisions.add(tuple(_decisions(kind, name, format_cards(deck))))
    assert len(decisions) == 1


@pytest.mark.parametrize("name", GAMES)
def test_the_view_alone_is_enough(name: str) -> None:
    hand = Hand(game(name), [10_000] * 4, seed=3)
    bots = {s: make_bot(("rules", "strong")[s % 2], s, name) for s in range(4)}
    while (seat := hand.actor) is not None:
        view = hand.view(seat)
        plain = view._replace(events=tuple(view.events))  # plain data, no hand behind it
        assert all(event.to in (None, seat) for event in plain.events)
        hand.act(bots[seat].choose(plain))
    assert hand.is_over and sum(hand.stacks) == 40_000


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_strong_hi_lo_player_raises_and_bets_a_little_above_a_fair_share(seed: int) -> None:
    # Issue 32: Hi/Lo equities sit near a fair share (heads-up, the strong player's best
    # starting hands seldom have two thirds of the pot), and from the Omaha-high edges it
    # limped A-4-7-K (about 0.58 of the pot against any hand) and checked a pair of tens and an
    # open-ended straight draw on the flop (about 0.58 too), letting the rules player see
    # cheap cards. The Hi/Lo edges raise and bet both; Omaha high keeps its own.
    opener = Hand(game("omaha-hi-lo"), [10_000] * 2, deck="Jd Ad Js 4c 6h 7h 5d Kd")
    view = opener.view(opener.actor)
    assert format_cards(view.cards) == "Ad 4c 7h Kd"
    assert OmahaStrongBot(seed=seed).decide(view, opener.legal_actions()).kind == "raise"
    flop = Hand(game("omaha-hi-lo"), [10_000] * 2, deck="Td Kc 9d 8s 8c 7c 3c 6h Ts 7h 2d")
    flop.call()
    flop.check()
    view = flop.view(flop.actor)
    assert (format_cards(view.cards), format_cards(view.board)) == ("Td 9d 8c 3c", "Ts 7h 2d")
    assert OmahaStrongBot(seed=seed).decide(view, flop.legal_actions()).kind == "bet"
    assert RAISE_EDGE[False] == 1.3 and BET_EDGE[False] == 1.25  # Omaha high as it was


@pytest.mark.parametrize("name", GAMES)
def test_rules_and_strong_players_beat_check_call(name: str) -> None:
    rules, hands = duplicate_match(
        name, lambda: make_bot("rules", 1, name), CheckCallBot, deals=150, seed=11
    )
    assert hands == 300 and rules > 10  # big blinds per 100 hands
    strong, _ = duplicate_match(
        name, lambda: make_bot("strong", 1, name), CheckCallBot, deals=60, seed=12
    )
    assert strong > 10


@pytest.mark.parametrize("name", GAMES)
def test_strong_player_is_not_shown_to_lose_to_the_rules_player(name: str) -> None:
    # Pot-limit swings are wide: 300 deals tell a clear loss only (issue 32 has the figures).
    strong = match(name, ["strong", "rules"], deals=300, seed=13).results[0].per_100
    assert strong.high > 0, strong
