"""Duplicate matches (drawpoker.match, drawpoker.matches.duplicate) and the all-in adjustment
(drawpoker.matches.allin): a player against itself scores exactly zero, every player gets every
seat's cards, the intervals are the textbook ones, the same seed gives the same figures on any
executor, bad arguments are refused, and ``drawpoker match`` prints them."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, ClassVar

import pytest
from drawpoker import draw_equity, equity, match
from drawpoker.bots import CheckCallBot, HoldemRulesBot, LowballRulesBot
from drawpoker.cli import main
from drawpoker.engine import GAMES, Action, ForcedBets, GameSpec, Hand, HandView, Stake, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.matches.allin import adjusted_nets, dealt
from drawpoker.matches.duplicate import DealRecord, summarize_match
from drawpoker.matches.simulation import chip_unit
from drawpoker.rl import ObservationLayout


@pytest.mark.parametrize(
    ("name", "players", "seats"),
    [
        ("holdem", ["strong", "strong"], 2),
        ("holdem", ["maniac", "maniac", "maniac"], 3),
        ("five-card-draw", ["rules", "rules"], 4),
        ("stud", ["stabber", "stabber"], 2),
        ("2-7-triple-draw", ["snow", "snow"], 2),
        ("omaha", ["rules", "rules", "rules"], 3),
    ],
)
def test_a_player_against_itself_scores_exactly_zero(
    name: str, players: list[str], seats: int
) -> None:
    summary = match(name, players, deals=12, seats=seats, seed=5, session=5)
    for result in summary.results:
        assert result.per_100.value == 0.0 and result.adjusted.value == 0.0
        assert (result.per_100.low, result.per_100.high) == (0.0, 0.0)
        assert result.hands_to_exclude_zero is None
    assert all(won == 0 for record in summary.records for won in record.won)


def test_a_class_plays_as_its_cpu_type_does() -> None:
    summary = match("holdem", [HoldemRulesBot, "rules"], deals=10, seed=3)
    assert [r.per_100.value for r in summary.results] == [0.0, 0.0]
    assert summary.names == ("HoldemRulesBot", "rules")


class Recorder:
    """A check/call player that notes each seat it plays and the cards it sees there."""

    seen: ClassVar[list[tuple[int, tuple[int, ...]]]] = []

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: HandView) -> Action:
        Recorder.seen.append((view.seat, view.cards))
        return CheckCallBot().choose(view)


def test_every_player_gets_every_seats_cards_and_only_its_own_view() -> None:
    deal = Hand(game("holdem"), [10_000] * 3, button=0, seed=9, number=0)  # session 0, deal 0
    for players in ([Recorder, "checkcall", "checkcall"], ["checkcall", "checkcall", Recorder]):
        Recorder.seen.clear()
        match("holdem", players, deals=1, seed=9)
        seen: dict[int, set[tuple[int, ...]]] = {}
        for seat, cards in Recorder.seen:
            seen.setdefault(seat, set()).add(cards)
        # One deal, three rotations: the recorder sat in each seat once and saw its two cards.
        assert seen == {seat: {tuple(deal.cards[seat])} for seat in range(3)}


def test_the_interval_is_the_mean_plus_or_minus_1_96_standard_errors() -> None:
    # Heads-up Hold'em: a deal's chips count 100 / 2 seats / 100 chips = 0.5 big blinds per
    # 100 hands each, so the first player's values are 150, -50, 250, 50: mean 100, sample
    # variance 50000 / 3, standard error sqrt(50000 / 12) = 64.5497, half width 126.5151.
    records = [
        DealRecord((300, -300), (300.0, -300.0), 0),
        DealRecord((-100, 100), (-100.0, 100.0), 0),
        DealRecord((500, -500), (500.0, -500.0), 0),
        DealRecord((100, -100), (20.0, -20.0), 2),
    ]
    summary = summarize_match(game("holdem"), ["a", "b"], 2, records)
    first, second = summary.results
    assert first.per_100.value == pytest.approx(100.0)
    assert first.per_100.low == pytest.approx(-26.5151, abs=1e-4)
    assert first.per_100.high == pytest.approx(226.5151, abs=1e-4)
    assert second.per_100.low == pytest.approx(-226.5151, abs=1e-4)
    assert first.adjusted.value == pytest.approx(90.0)
    assert first.hands_to_exclude_zero is None and summary.all_in == 2
    assert summary.hands == 8 and summary.unit_name == "big blinds"


def test_the_hands_to_exclude_zero_count_from_the_last_time_zero_was_inside() -> None:
    # Values 1, -1, 2, 2, 2, 2 (times 0.5): the interval first excludes zero after the fifth
    # deal (mean 1.2, half width 1.96 * sqrt(1.7 / 5) = 1.143) and stays clear: 10 hands.
    values = [1, -1, 2, 2, 2, 2]
    records = [DealRecord((200 * v, -200 * v), (0.0, 0.0), 0) for v in values]
    first = summarize_match(game("holdem"), ["a", "b"], 2, records).results[0]
    assert first.hands_to_exclude_zero == 10
    assert first.adjusted_hands_to_exclude_zero is None


def test_the_same_seed_gives_the_same_figures_on_any_executor() -> None:
    here = match("five-card-draw", ["rules", "maniac"], deals=30, seed=4, session=7)
    with ThreadPoolExecutor(2) as pool:
        threaded = match(
            "five-card-draw", ["rules", "maniac"], deals=30, seed=4, session=7, executor=pool
        )
    assert threaded == here and here.results[0].per_100.value != 0.0
    other = match("five-card-draw", ["rules", "maniac"], deals=30, seed=5, session=7)
    assert other.records != here.records


def test_fixed_limit_rates_are_in_big_bets() -> None:
    summary = match("2-7-triple-draw", ["checkcall", "min-raiser"], deals=2, seed=1)
    assert summary.unit == 200 and summary.unit_name.startswith("big bets")


def test_all_in_hands_are_credited_their_equity_and_the_estimate_is_steadier() -> None:
    summary = match("holdem", ["maniac", "rules"], deals=150, seed=2)
    maniac = summary.results[0]
    assert summary.all_in > 0
    plain = maniac.per_100.high - maniac.per_100.low
    adjusted = maniac.adjusted.high - maniac.adjusted.low
    assert adjusted < plain
    assert maniac.per_100.value != maniac.adjusted.value


def test_an_all_in_before_the_draw_is_credited_the_draw_equity() -> None:
    # Seat 1 is dealt 2c 4d 7h 9s Jc and seat 0 As Ad Ah Kc Kd; all in before the draw, seat 1
    # draws three to 9s Jc and seat 0 stands pat on its full house.
    spec = game("five-card-draw")
    hand = Hand(spec, [2000, 2000], button=0, deck="2c As 4d Ad 7h Ah 9s Kc Jc Kd")
    hand.bet(1990)
    hand.call()
    hand.draw(hand.cards[1][:3])
    before = dealt(hand)
    hand.draw()
    nets = adjusted_nets(hand, [2000, 2000], before)
    discards = [c for e in hand.events if e.kind == "discard" for c in e.cards]
    kept = [c for c in hand.cards[1] if c not in _received(hand, 1)]
    shares = draw_equity([(hand.cards[0], 0), (kept, 3)], dead=discards).shares
    assert float(nets[0]) == pytest.approx(shares[0] * 4000 - 2000)
    assert sum(nets) == 0


def _received(hand: Hand, seat: int) -> tuple[int, ...]:
    return next(e.cards for e in reversed(hand.events) if e.kind == "receive" and e.seat == seat)


def test_a_hand_played_to_the_end_is_not_adjusted() -> None:
    hand = Hand(game("holdem"), [10_000, 10_000], deck="As Kd Ah Kc 2c 7d 9h Qs 3s")
    while hand.actor is not None:
        before = dealt(hand)
        hand.check_or_call()
    nets = adjusted_nets(hand, [10_000, 10_000], before)
    assert nets == [end - 10_000 for end in hand.stacks]
    assert equity(["Kd Kc", "As Ah"]).exact


class NotAPlayer:
    def __init__(self, seed: int) -> None:
        self.seed = seed


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": ["strong"]}, "two or more"),
        ({"players": "strong"}, "two or more"),
        ({"players": ["strong", "genius"]}, "unknown CPU player 'genius'"),
        ({"players": ["strong", "snow"]}, "no snow CPU player for holdem"),
        ({"players": ["strong", 7]}, "a CPU type's name or a callable"),
        ({"players": ["strong", NotAPlayer]}, "no choose"),
        ({"seats": 1}, "seats must be at least the 2 players"),
        ({"seats": 11}, "at most holdem's 10"),
        ({"deals": 0}, "deals must be a positive integer"),
        ({"session": -1}, "session must be a positive integer"),
        ({"seed": -1}, "seed"),
        ({"stack": 0}, "stack must be a positive integer"),
    ],
)
def test_bad_arguments_are_refused_with_what_is_wrong(kwargs: dict[str, Any], words: str) -> None:
    arguments: dict[str, Any] = {"players": ["strong", "rules"], "deals": 1, **kwargs}
    with pytest.raises(InvalidArgumentError, match=words):
        match("holdem", **arguments)


def test_the_command_prints_each_players_rate(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["match", "maniac", "station", "--game", "stud", "--deals", "5", "--seed", "3",
         "--workers", "1", "--seats", "3"]
    )  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[0].endswith("over 5 deals at 3 seats (seed 3), in one process")
    assert out[1].startswith("5 deals, 15 hands per player at 3 seats")
    assert any(line.startswith(" maniac: ") and "big bets (400 chips)" in line for line in out)
    assert any(line.startswith("station: ") for line in out)


def test_the_command_refuses_a_bad_player(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "strong", "--game", "holdem", "--workers", "1"]) == 2
    assert "two or more" in capsys.readouterr().out
    assert main(["match", "strong", "no.such:Bot", "--workers", "1"]) == 2
    assert "cannot import player no.such:Bot" in capsys.readouterr().out


def test_one_deal_gives_a_rate_but_no_interval() -> None:
    summary = match("holdem", ["rules", "maniac"], deals=1, seed=1)
    assert math.isnan(summary.results[0].per_100.low)
    assert "n/a" in summary.lines()[1]


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_plays_multiway_all_ins_and_the_adjusted_results_still_balance(
    name: str,
) -> None:
    summary = match(name, ["maniac", "rules", "station"], deals=4, seed=1, stack=500)
    assert summary.all_in > 0
    for record in summary.records:
        assert sum(record.won) == 0
        assert sum(record.adjusted) == pytest.approx(0.0, abs=1e-6)


def test_the_command_takes_a_player_class(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "drawpoker.bots:HoldemRulesBot", "rules", "--game", "holdem", "--deals", "3"]
    assert main([*argv, "--workers", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "HoldemRulesBot: +0.0 (95% CI +0.0..+0.0) big blinds" in out


def _blindless_no_limit() -> GameSpec:
    """2-7 single draw with antes instead of blinds: no big blind, a no-limit minimum bet."""
    spec = game("2-7-single-draw")
    streets = tuple(replace(street, first="left-of-button") for street in spec.streets)
    return replace(spec, forced=ForcedBets(ante=10), streets=streets)


@pytest.mark.parametrize("spec", [*(game(name) for name in GAMES), _blindless_no_limit()])
def test_matches_observations_and_players_count_in_the_same_stake(spec: GameSpec) -> None:
    chips = spec.stake.chips
    assert chip_unit(spec)[0] == chips
    assert ObservationLayout(spec, seats=2).unit == chips


def test_a_game_without_a_big_blind_counts_in_its_minimum_bet() -> None:
    spec = _blindless_no_limit()
    assert spec.stake == Stake(100, "minimum bet")
    assert chip_unit(spec) == (100, "minimum bets (100 chips)")  # not the 10-chip ante
    hand = Hand(spec, [10_000] * 2, deck="Kc 8h Qd 6d Js 4c Tc 3s 9d 2s")
    hand.bet(200)  # two minimum bets: not heavy, so seat 0's pat eight-low raises it
    assert LowballRulesBot(seed=1).choose(hand.view(0)) == Action.raise_to(600)
