"""The lowball CPU players (2-7 single draw, 2-7 triple draw, badugi): the draw rules of thumb
against small references, the exact draw choice, legal play through the table in every setting,
seeding, view-only decisions, and their results against the check/call player and each other."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

import pytest
from bot_matches import assert_reproducible, duplicate_match
from drawpoker import describe, evaluate
from drawpoker.analysis.draw import discard_choices
from drawpoker.bots import (
    CPU_PLAYERS,
    CheckCallBot,
    LowballRulesBot,
    LowballStrongBot,
    make_bot,
    restore_bot,
    saved_bot,
)
from drawpoker.bots.lowball import pressure, round_raises
from drawpoker.bots.lowball_model import analyse_draw, opponent_model
from drawpoker.bots.lowball_reading import (
    badugi_discards,
    badugi_subset,
    deuce_seven_discards,
    deuce_seven_made,
    draw_counts,
    draws_left,
    low_rank,
)
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import Hand, game
from drawpoker.engine.variants.lowball import SingleDrawSettings, TripleDrawSettings
from drawpoker.table import Table, TableSettings

GAMES = ("2-7-single-draw", "2-7-triple-draw", "badugi")


Rule = Callable[[Sequence[int], int], list[int]]


def thrown(hand: str, draws: int, rule: Rule = deuce_seven_discards) -> str:
    return format_cards(rule(parse_cards(hand), draws))


def step(hand: Hand) -> None:
    """The check/call player's action: stand pat, call, or check."""
    if hand.phase == "draw":
        hand.draw(())
    else:
        hand.check_or_call()


@pytest.mark.parametrize(
    ("hand", "draws", "discards"),
    [
        ("7h 5d 4c 3s Ks", 3, "Ks"),  # keep the seven-low draw
        ("8h 6d 4c 3s 2s", 1, ""),  # a pat eight stands pat in single draw
        ("8h 6d 4c 3s 2s", 3, ""),  # and early in triple draw
        ("9h 6d 4c 3s 2s", 3, "9h"),  # a nine is broken while two draws follow
        ("9h 6d 4c 3s 2s", 1, ""),  # but stands pat on the last draw
        ("7h 7d 4c Ks 2s", 2, "7d Ks"),  # break the pair
        ("7h 6d 5c 4s 3s", 2, "6d"),  # break a seven-high straight below its top
        ("7s 5s 4s 3s 2s", 2, "7s"),  # break a flush at its top
        ("8h 5d 4c 3s Ks", 2, "Ks"),  # an eight beside three low cards is kept
        ("8h 5d 4c Qs Ks", 2, "8h Qs Ks"),  # not beside two
        ("As Kd Qh Js 9c", 3, "As Kd Qh Js 9c"),  # the ace is high in 2-7
    ],
)
def test_deuce_seven_draw_rules(hand: str, draws: int, discards: str) -> None:
    assert thrown(hand, draws) == discards


def _reference_deuce_seven(cards: list[int], draws: int) -> list[int]:
    """The rule by rank histogram, written apart from the module."""
    ranks = sorted(c >> 2 for c in cards)
    suits = {c & 3 for c in cards}
    made = len(set(ranks)) == 5 and ranks[4] - ranks[0] != 4 and len(suits) > 1
    if made and ranks[4] <= (7 if draws == 1 else 6):
        return []
    kept: list[int] = []
    for card in cards:
        if card >> 2 <= 5 and all(k >> 2 != card >> 2 for k in kept):
            kept.append(card)
    if len(kept) == 5:
        order = sorted(kept, key=lambda c: c >> 2)
        straight = (order[4] >> 2) - (order[0] >> 2) == 4
        kept.remove(order[3] if straight else order[4])
    if len(kept) == 3:
        eights = [c for c in cards if c >> 2 == 6]
        kept += eights[:1]
    return [c for c in cards if c not in kept]


def test_deuce_seven_rules_match_a_reference_on_random_hands() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        cards = rng.sample(range(52), 5)
        draws = rng.choice([1, 2, 3])
        assert deuce_seven_discards(cards, draws) == _reference_deuce_seven(cards, draws), cards
        kept = [c for c in cards if c not in deuce_seven_discards(cards, draws)]
        assert len({c >> 2 for c in kept}) == len(kept)  # pairs are always broken


@pytest.mark.parametrize(
    ("hand", "draws", "discards"),
    [
        ("Kc 2d 5h 9s", 3, "Kc"),  # a king badugi is broken early
        ("Kc 2d 5h 9s", 1, ""),  # and kept on the last draw
        ("8c 2d 5h 9s", 3, ""),  # a nine badugi stands pat
        ("Kc Qc 5h 2h", 2, "Kc Qc 5h"),  # one card per suit, the king and queen thrown early
        ("Kc Qc 5h 2h", 1, "Kc 5h"),  # the best two-card hand kept on the last draw
    ],
)
def test_badugi_draw_rules(hand: str, draws: int, discards: str) -> None:
    assert thrown(hand, draws, badugi_discards) == discards


def test_badugi_discards_one_three() -> None:
    discards = badugi_discards(parse_cards("Ac 2d 3h 3s"), 3)
    assert len(discards) == 1 and discards[0] >> 2 == 1  # one of the threes


def test_badugi_subset_matches_the_evaluator() -> None:
    """The subset kept is the one the engine's badugi evaluator scores (its description names the
    subset's ranks), on random hands."""
    names = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
    rng = random.Random(4)
    for _ in range(2000):
        cards = rng.sample(range(52), 4)
        subset = badugi_subset(cards)
        text = describe(evaluate(cards, "badugi"), "badugi")
        ranks = [names.get(r, 0) or int(r) for r in re.findall(r"[2-9AKQJT]", text.split()[-1])]
        assert sorted(ranks) == sorted(low_rank(c) for c in subset), (format_cards(cards), text)
        assert len({c & 3 for c in subset}) == len({c >> 2 for c in subset}) == len(subset)


def test_badugi_rules_lose_little_to_the_exact_choice_on_the_last_draw() -> None:
    """Over random badugi hands, the rules' draw is worth nearly the best choice of the exact
    analysis (chance to beat a random hand after one draw)."""
    rng = random.Random(6)
    loss = 0.0
    for _ in range(150):
        cards = rng.sample(range(52), 4)
        choices = discard_choices(cards, ranking="badugi", limit="5", objective="beat_random")
        ours = set(badugi_discards(cards, 1))
        value = next(c.value for c in choices if set(_thrown(cards, c.discard_mask)) == ours)
        loss += choices[0].value - value
    assert loss / 150 < 0.02


def _thrown(cards: Sequence[int], mask: int) -> list[int]:
    return [c for i, c in enumerate(cards) if mask >> i & 1]


def test_strong_player_draws_the_best_exact_choice_on_the_last_draw() -> None:
    """On badugi's last draw (no more draws to value), the strong player's discards are the best
    of every choice of the exact analysis, with its chance to beat the opponent as the
    objective."""
    spec = game("badugi")
    for seed in range(6):
        hand = Hand(spec, [10_000, 10_000], seed=seed)
        while not (hand.phase == "draw" and draws_left(hand.view(hand.actor)) == 1):
            step(hand)
        bot = LowballStrongBot(seed=1)
        view = hand.view(hand.actor)
        choices = discard_choices(
            list(view.cards), ranking="badugi", limit="5", objective=bot.beat_table(view)
        )
        ours = set(bot.choose(view).cards)
        value = next(c.value for c in choices if set(_thrown(view.cards, c.discard_mask)) == ours)
        assert value == pytest.approx(choices[0].value)


def test_the_draw_analysis_values_more_draws_more() -> None:
    model = opponent_model("2-7-triple-draw")
    analysis = analyse_draw(parse_cards("7h 5d 4c 3s Ks"), "deuce-seven")
    discards, one = analysis.best(model.beat_table([]), 1)
    _, three = analysis.best(model.beat_table([]), 3)
    assert format_cards(list(discards)) == "Ks" and three > one  # a king-low is not kept pat


def test_opponent_model_reads_draw_counts() -> None:
    model = opponent_model("2-7-triple-draw")
    seven = evaluate("7h 5d 4c 3s 2h", "deuce-seven")
    pat, three = model.beat_table([0, 0]), model.beat_table([3, 3])
    assert three[seven] > pat[seven]  # a seven-low fears a pat hand more
    assert model.beat_table([1], pressure=2)[seven] < model.beat_table([1])[seven]


def test_public_draw_counts_and_pressure() -> None:
    hand = Hand(game("2-7-triple-draw"), [10_000] * 3, seed=2)
    hand.raise_to(200)
    hand.call()
    hand.call()  # the big blind calls
    hand.draw(hand.seat_cards(1)[:1])
    view = hand.view(0)
    assert draw_counts(view) == {0: [], 1: [1], 2: []}
    assert pressure(view) == {0: 1, 1: 1, 2: 1}
    assert draws_left(view) == 3


SETTINGS = [
    ("2-7-single-draw", SingleDrawSettings()),
    ("2-7-single-draw", SingleDrawSettings(ante=10)),
    ("2-7-triple-draw", TripleDrawSettings()),
    ("2-7-triple-draw", TripleDrawSettings(ante=10, heads_up_uncapped=True)),
    ("badugi", TripleDrawSettings()),
    ("badugi", TripleDrawSettings(small_bet=40, big_bet=80, small_blind=10, big_blind=20)),
]


@pytest.mark.parametrize(("name", "settings"), SETTINGS)
def test_cpu_players_play_legal_games_in_every_setting(name: str, settings: object) -> None:
    spec = game(name, settings)
    for players, stack, rounds in ((6, None, 2), (3, 900, 4), (2, 500, 4)):
        cpu = {
            s: make_bot(("rules", "strong", "checkcall")[s % 3], s, name) for s in range(players)
        }
        table = Table(
            spec, players, seed=players, cpu=cpu, settings=TableSettings(stack=stack, rounds=rounds)
        )
        table.play_cpu()
        assert table.is_over
        assert sum(table.stacks) == players * (stack or spec.default_stack)
        draws = [e for h in table.hands for e in h.events if e.kind == "draw"]
        assert draws and all(0 <= e.amount <= spec.streets[0].down for e in draws)


@pytest.mark.parametrize("name", GAMES)
def test_cpu_players_are_reproducible(name: str) -> None:
    first = assert_reproducible(name, ["rules", "strong", "checkcall"], seed=7, rounds=3)
    for seat, player in first.cpu.items():
        assert saved_bot(restore_bot(saved_bot(player, seat)), seat) == saved_bot(player, seat)


@pytest.mark.parametrize("name", GAMES)
def test_make_bot_and_the_stand_in(name: str) -> None:
    assert type(make_bot("rules", 1, name)) is LowballRulesBot
    assert type(make_bot("strong", 1, name)) is LowballStrongBot
    table = Table(
        game(name),
        ["Ann", "Bob"],
        seed=4,
        settings=TableSettings(rounds=3),
        cpu_players=CPU_PLAYERS,
    )
    table.leave(0)
    table.leave(1)
    assert all(type(player) is LowballRulesBot for player in table.away.values())
    table.play_cpu()
    assert table.is_over and sum(table.stacks) == 2 * game(name).default_stack


@pytest.mark.parametrize("kind", ["rules", "strong"])
@pytest.mark.parametrize("name", GAMES)
def test_decisions_depend_on_the_view_only(kind: str, name: str) -> None:
    """Seat 0 of three (the deal starts left of the button, seat 2) gets deck[0], [3], ...; its
    decisions stay the same whatever the other seats hold."""
    size = game(name).streets[0].down
    ours = parse_cards("2c 3d 4h 7s Kc"[: 3 * size - 1])
    rest = [c for c in range(52) if c not in ours]
    rng = random.Random(2)
    decisions = set()
    for _ in range(3):
        others = iter(rng.sample(rest, 2 * size))
        deck = [ours[i // 3] if i % 3 == 0 else next(others) for i in range(3 * size)]
        hand = Hand(game(name), [10_000] * 3, button=2, deck=format_cards(deck))
        bot = make_bot(kind, 3, name)
        seen: list[str] = []
        # Up to its first draw: after it the stub (the cards nobody was dealt) differs.
        while hand.actor is not None and not (seen and seen[-1].startswith("Action(kind='draw'")):
            if hand.actor == 0:
                choice = bot.choose(hand.view(0))
                seen.append(repr(choice))
                hand.act(choice)
            else:
                step(hand)
        decisions.add(tuple(seen))
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


class _CountingView:
    """A seat's view that counts the reads of its legal actions (made anew at each read)."""

    def __init__(self, view: object) -> None:
        self._view = view
        self.legal_reads = 0

    def __getattr__(self, name: str) -> object:
        self.legal_reads += name == "legal"
        return getattr(self._view, name)


@pytest.mark.parametrize("name", GAMES)
def test_each_decision_reads_the_legal_actions_once(name: str) -> None:
    bots = {s: make_bot(("rules", "strong")[s % 2], s, name) for s in range(3)}
    reads = []
    for seed in range(4):
        hand = Hand(game(name), [10_000] * 3, seed=seed)
        while (seat := hand.actor) is not None:
            view = _CountingView(hand.view(seat))
            hand.act(bots[seat].choose(view))  # type: ignore[arg-type]
            reads.append((view.phase, view.legal_reads))
    assert {"bet", "draw"} <= {phase for phase, _ in reads}
    assert all(count == 1 for _, count in reads), reads


def test_made_hands() -> None:
    assert deuce_seven_made(parse_cards("7h 5d 4c 3s 2h"))
    assert deuce_seven_made(parse_cards("As 5d 4c 3s 2h"))  # ace high, no straight (R-27-1)
    assert not deuce_seven_made(parse_cards("6h 5d 4c 3s 2h"))  # a straight
    assert not deuce_seven_made(parse_cards("9h 7h 4h 3h 2h"))  # a flush


def test_rules_player_calls_a_made_hand_down_against_a_seat_that_always_stands_pat() -> None:
    # seat 0 stood pat on a king-low, seat 1 on a pair of nines and bets the pot: a sound pat
    # beats the king, so the rules player folds, unless seat 1 stood pat in every hand seen (its
    # pat is then whatever it was dealt, which a made king-low beats three times in four)
    hand = Hand(game("2-7-single-draw"), [10000] * 2, deck="9c Kh 9d Qd Jh 4c Js 3s Ts 2s")
    hand.call()
    hand.check()
    hand.draw()
    hand.draw()
    hand.bet(200)
    fresh, reading = (
        make_bot("rules", 1, "2-7-single-draw"),
        make_bot("rules", 1, "2-7-single-draw"),
    )
    reading.reader.pats.counts[1] = [40, 40]
    assert fresh.choose(hand.view(0)).kind == "fold"
    assert reading.choose(hand.view(0)).kind == "call"


def test_strong_player_reads_a_sound_reraise_in_no_limit_as_a_stronger_hand() -> None:
    # Both stood pat (seat 0 a nine-low); seat 1 bets, seat 0 raises, seat 1 raises again: a
    # sound player's re-raise of three times the bet holds a stronger hand than its bet, so
    # seat 0's chance falls; a minimum re-raise says no more than the bet.
    def after(reraise: int) -> float:
        hand = Hand(game("2-7-single-draw"), [10_000] * 2, deck="8h 9h 7d 6d 4c 5c 3d 3s 2c 2h")
        hand.call()
        hand.check()
        hand.draw()
        hand.draw()
        hand.bet(200)
        if reraise:
            hand.raise_to(800)
            hand.raise_to(reraise)
        return LowballStrongBot(seed=1).chance(hand.view(0))

    bet = after(0)
    assert after(2400) < bet * 0.8
    assert after(1600) == pytest.approx(bet)
    view = Hand(game("2-7-single-draw"), [10_000] * 2).view(0)
    assert round_raises(view) == {0: 0, 1: 0}  # the blinds do not count


@pytest.mark.parametrize("name", GAMES)
def test_rules_player_beats_check_call(name: str) -> None:
    figure, hands = duplicate_match(name, lambda: make_bot("rules", 1, name), CheckCallBot, 200, 11)
    assert hands == 400 and figure > 10  # big blinds per 100 hands


@pytest.mark.parametrize("name", GAMES)
def test_strong_player_beats_check_call_and_holds_its_own_against_rules(name: str) -> None:
    strong, _ = duplicate_match(name, lambda: make_bot("strong", 1, name), CheckCallBot, 30, 12)
    assert strong > 10
    against, _ = duplicate_match(
        name, lambda: make_bot("strong", 1, name), lambda: make_bot("rules", 2, name), 30, 13
    )
    assert against > -20
