"""The simple strategies (drawpoker.bots.simple): each one's betting rule in set-up spots, their
draws, and full tables of every game they play (chips kept, snapshots resumed identically)."""

from __future__ import annotations

import pytest
from drawpoker.bots import CPU_PLAYERS, bot_kinds, make_bot, restore_bot, saved_bot
from drawpoker.engine import GAMES, Hand, game
from drawpoker.engine.actions import Action
from drawpoker.errors import InvalidArgumentError
from drawpoker.table import Table, TableSettings

HOLDEM = game("holdem")
DRAW = game("five-card-draw")


def holdem_hand() -> Hand:
    """Heads-up Hold'em: seat 0 (button, small blind) acts first before the flop."""
    return Hand(HOLDEM, [10_000, 10_000], button=0, seed=4)


def choose(kind: str, hand: Hand, name: str = "holdem") -> Action:
    seat = hand.actor
    assert seat is not None
    return make_bot(kind, seed=1, game=name).choose(hand.view(seat))


def test_the_stabber_bets_when_checked_to_and_folds_to_any_bet() -> None:
    hand = holdem_hand()
    assert choose("stabber", hand) == Action("call")  # the blinds alone are no bet
    hand.call()
    assert choose("stabber", hand).kind == "raise"  # the big blind's free option: a stab
    hand.check()
    assert hand.board and hand.actor == 1
    hand.check()
    bet = choose("stabber", hand)
    assert bet.kind == "bet" and bet.amount == 100  # half of the 200 pot
    hand.bet(100)
    hand.raise_to(600)
    assert choose("stabber", hand) == Action("fold")


def test_the_stabber_folds_to_a_raise_before_the_flop() -> None:
    hand = holdem_hand()
    hand.call()
    hand.raise_to(400)
    assert choose("stabber", hand) == Action("fold")


def test_the_maniac_goes_all_in_and_never_folds() -> None:
    hand = holdem_hand()
    assert choose("maniac", hand) == Action.raise_to(10_000)
    hand.raise_to(10_000)
    assert choose("maniac", hand) == Action("call")


def test_the_station_calls_anything_and_never_bets() -> None:
    hand = holdem_hand()
    assert choose("station", hand) == Action("call")
    hand.call()
    assert choose("station", hand) == Action("check")
    hand.raise_to(10_000)
    assert choose("station", hand) == Action("call")


def test_the_min_raiser_raises_the_least_it_may() -> None:
    hand = holdem_hand()
    assert choose("min-raiser", hand) == Action.raise_to(200)
    hand.raise_to(300)
    assert choose("min-raiser", hand) == Action.raise_to(500)


def test_the_stud_bring_in_is_posted_by_the_passive_and_completed_by_the_aggressive() -> None:
    hand = Hand(game("stud"), [20_000, 20_000], seed=3)
    assert choose("station", hand, "stud").kind == "bring-in"
    assert choose("stabber", hand, "stud").kind == "bring-in"
    assert choose("maniac", hand, "stud") == Action.bet(200)
    assert choose("min-raiser", hand, "stud") == Action.bet(200)


def test_the_snow_calls_before_the_draw_stands_pat_on_nothing_and_then_bets() -> None:
    # Seat 1 (first to act) holds 2c 4d 7h 9s Jc: nothing.
    hand = Hand(DRAW, [2000, 2000], button=0, deck="2c Ah 4d Ad 7h As 9s Kc Jc Kd")
    assert hand.actor == 1
    snow = make_bot("snow", seed=1, game="five-card-draw")
    assert snow.choose(hand.view(1)) == Action("check")
    hand.check()
    hand.bet(60)
    assert snow.choose(hand.view(1)) == Action("call")
    hand.call()
    assert snow.choose(hand.view(1)) == Action("draw")  # pat on jack high
    hand.draw()
    hand.draw(hand.cards[0][:1])
    hand.check()  # the opener acts first after the draw
    assert snow.choose(hand.view(1)) == Action.bet(20)
    hand.bet(20)
    hand.raise_to(40)
    assert snow.choose(hand.view(1)) == Action("call")


@pytest.mark.parametrize("kind", ["pat-maniac", "pat-station", "pat-stabber", "pat-min-raiser"])
def test_the_pat_versions_stand_pat_and_the_others_draw_like_the_rules_player(kind: str) -> None:
    hand = Hand(DRAW, [2000, 2000], button=0, deck="2c Ah 4d Ad 7h As 9s Kc Jc Kd")
    hand.bet(20)
    hand.call()
    view = hand.view(1)
    assert make_bot(kind, seed=1, game="five-card-draw").choose(view) == Action("draw")
    plain = make_bot(kind.removeprefix("pat-"), seed=1, game="five-card-draw").choose(view)
    assert plain == make_bot("rules", seed=1, game="five-card-draw").choose(view)
    assert plain.cards  # jack high draws


def test_the_pat_strategies_play_only_the_draw_games() -> None:
    assert "snow" in bot_kinds("badugi") and "pat-stabber" in bot_kinds("2-7-triple-draw")
    assert "snow" not in bot_kinds("holdem") and "maniac" in bot_kinds("stud")
    with pytest.raises(InvalidArgumentError, match=r"snow.*draw games"):
        make_bot("snow", game="omaha")


SIMPLE_PAIRS = [(name, kind) for name in GAMES for kind in bot_kinds(name)[3:]]


@pytest.mark.parametrize(("name", "kind"), SIMPLE_PAIRS)
def test_a_table_of_simple_players_keeps_the_chips_and_resumes_identically(
    name: str, kind: str
) -> None:
    kinds = [kind, "rules", kind]
    cpu = {s: make_bot(k, seed=s, game=name) for s, k in enumerate(kinds)}
    rounds = TableSettings(rounds=3)
    table = Table(game(name), 3, seed=11, cpu=cpu, settings=rounds, cpu_players=CPU_PLAYERS)
    table.play_cpu(limit=25)
    saved = table.to_dict()
    table.play_cpu()
    assert table.is_over and sum(table.stacks) == 3 * game(name).default_stack
    resumed = Table.from_dict(saved, cpu_players=CPU_PLAYERS)
    resumed.play_cpu()
    assert resumed.to_dict() == table.to_dict()
    assert type(restore_bot(saved_bot(cpu[0], 0))) is type(cpu[0])
