"""Section 3 of RULES.md: side pots, uncalled bets, odd chips, fold-outs, conservation, all-ins."""

from __future__ import annotations

import dataclasses
import random

import pytest
from drawpoker.engine import DrawSettings, FiveCardDraw, Hand
from drawpoker.engine import game as game_named
from drawpoker.engine.pots import Pot, award, side_pots, split, uncalled_bet
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from engine_helpers import check_or_call, random_action, rigged

LEFT = DrawSettings(second_round="left-of-dealer")


def reference_layers(committed: list[int], live: list[bool]) -> list[tuple[int, tuple[int, ...]]]:
    """Chip by chip: the k-th chip of every seat that paid k chips belongs to the layer of the
    seats that paid at least k; equal neighbouring contestant sets are one pot; a layer without
    live contestants joins the pot below."""
    pots: list[list[object]] = []
    for k in range(1, max(committed, default=0) + 1):
        payers = [s for s, c in enumerate(committed) if c >= k]
        eligible = tuple(s for s in payers if live[s])
        if pots and (not eligible or pots[-1][1] == eligible):
            pots[-1][0] = int(pots[-1][0]) + len(payers)  # type: ignore[call-overload]
        else:
            pots.append([len(payers), eligible])
    return [(int(a), e) for a, e in pots]  # type: ignore[call-overload]


def test_r_pot_1_seed_side_pots() -> None:
    pots = side_pots([50, 100, 200, 200], [True] * 4)
    assert pots == [Pot(200, (0, 1, 2, 3)), Pot(150, (1, 2, 3)), Pot(200, (2, 3))]


def test_r_pot_1_seed_side_pots_played_out() -> None:
    # Stacks 50/100/200/300 all in: contributions 50/100/200/200 after seat 3's excess returns.
    cards = {0: "As Ad Ah Ac Kd", 1: "Ks Kh Kc 2d 2h", 2: "Qs Qh Qc 3d 3h", 3: "7c 5d 4h 3s 2c"}
    hand = rigged([50, 100, 200, 300], cards, settings=DrawSettings(ante=1), button=3)
    hand.bet(49)
    hand.raise_to(99)
    hand.raise_to(199)
    hand.call()
    assert hand.committed == [50, 100, 200, 200]
    while not hand.is_over:
        check_or_call(hand)
    assert hand.stacks == [200, 150, 200, 100]


def test_r_pot_1_matches_chip_by_chip_reference() -> None:
    rng = random.Random(5)
    for _ in range(500):
        seats = rng.randint(2, 6)
        committed = [rng.choice([0, 10, 25, 50, 50, 100, 333]) for _ in range(seats)]
        live = [rng.random() < 0.7 for _ in range(seats)]
        if not any(live[s] and committed[s] for s in range(seats)):
            continue
        got = [(p.amount, p.eligible) for p in side_pots(committed, live)]
        assert got == reference_layers(committed, live)
        assert sum(p.amount for p in side_pots(committed, live)) == sum(committed)


def test_r_pot_1_one_pot_when_every_live_seat_paid_the_most() -> None:
    # The usual showdown, which side_pots answers directly, against the layers chip by chip.
    rng = random.Random(8)
    single_pot_cases = 0
    for _ in range(3000):
        seats = rng.randint(2, 6)
        committed = [rng.choice([0, 10, 25, 50, 50, 100, 333]) for _ in range(seats)]
        live = [rng.random() < 0.7 for _ in range(seats)]
        if live.count(True) < 2:
            continue
        if rng.random() < 0.5:  # often everyone still in paid the same: the direct case
            top = max(committed)
            committed = [top if live[s] else min(c, top) for s, c in enumerate(committed)]
            single_pot_cases += 1
        if max(c for s, c in enumerate(committed) if live[s]) < max(committed):
            continue  # the most anyone paid is always matched by a seat still in (or returned)
        got = [(p.amount, p.eligible) for p in side_pots(committed, live)]
        assert got == reference_layers(committed, live)
    assert single_pot_cases > 1000


def test_r_pot_1_folded_chips_stay_in_their_layers() -> None:
    pots = side_pots([100, 100, 40], [True, False, True])
    assert pots == [Pot(120, (0, 2)), Pot(120, (0,))]


def test_r_pot_2_uncalled_bet_returned() -> None:
    assert uncalled_bet([110, 10]) == (0, 100)
    hand = Hand(FiveCardDraw(), [500, 500], button=1, seed=3)
    hand.bet(100)
    hand.fold()
    returned = [e for e in hand.events if e.kind == "return"]
    assert returned and returned[0].seat == 0 and returned[0].amount == 100
    assert hand.stacks == [510, 490]


def test_r_pot_3_odd_chips_from_left_of_button() -> None:
    assert split(7, [0, 2], order=[1, 2, 0]) == {2: 4, 0: 3}
    cards = {0: "As Kd Qh Jc 9d", 1: "7c 5d 4h 3s 2c", 2: "Ad Ks Qd Jh 9c"}
    for button, odd_seat in ((0, 2), (2, 0), (1, 2)):
        settings = DrawSettings(ante=5, second_round="left-of-dealer")
        hand = rigged([100, 100, 100], cards, settings=settings, button=button)
        while not hand.is_over:
            check_or_call(hand)
        assert hand.payouts[odd_seat] == 8 and sum(hand.payouts) == 15
    assert award([Pot(5, (0, 1, 2))], {0: 1, 1: 1, 2: 1}, order=[2, 0, 1]) == [2, 1, 2]


def test_r_pot_4_last_player_takes_pot_without_showing() -> None:
    hand = Hand(FiveCardDraw(), [300, 300, 300], button=0, seed=11)
    hand.bet(20)
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.winners == [1]
    assert not [e for e in hand.events if e.kind == "show"]
    assert hand.stacks == [290, 320, 290]


def test_r_pot_5_chips_conserved_every_action() -> None:
    rng = random.Random(8)
    for game in range(300):
        stacks = [rng.randint(1, 400) for _ in range(rng.randint(2, 6))]
        hand = Hand(FiveCardDraw(LEFT), stacks, rng.randrange(len(stacks)), seed=game)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
            assert sum(hand.stacks) + sum(hand.committed) == sum(stacks)
        assert sum(hand.stacks) == sum(stacks) and hand.pot == 0


def _short_all_in_table() -> Hand:
    # Seat 0 acts first (button 3); seats 1 and 2 are short: 30 and 45 left after the ante.
    return Hand(FiveCardDraw(), [1000, 40, 55, 1000], button=3, seed=2)


def test_r_pot_6_short_all_in_does_not_reopen() -> None:
    hand = _short_all_in_table()
    hand.bet(20)
    hand.raise_to(30)  # all-in, 10 more: less than a full raise
    hand.call()
    hand.call()
    assert hand.actor == 0
    assert hand.legal_actions().kinds == ("fold", "call")
    before = hand.to_dict()
    with pytest.raises(IllegalActionError):
        hand.raise_to(60)
    assert hand.to_dict() == before


def test_r_pot_6_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    hand = _short_all_in_table()
    hand.bet(20)
    hand.raise_to(30)  # +10
    hand.raise_to(45)  # +15: together 25 over seat 0's bet, more than the 20 raise
    hand.call()
    assert hand.actor == 0 and "raise" in hand.legal_actions().kinds
    hand.raise_to(85)  # the largest raise so far was the 20 bet: 45 + 40 is two units
    assert hand.legal_actions().kinds == ("fold", "call", "raise")


def test_r_pot_6_all_in_player_wins_only_layers_paid_into() -> None:
    cards = {0: "7c 5d 4h 3s 2c", 1: "As Ad Ah Ac Kd", 2: "Ks Kh Kc 2d 2h"}
    hand = rigged([1000, 60, 1000], cards, settings=LEFT, button=2)
    hand.bet(100)
    hand.call()  # all-in for 50 more
    hand.call()
    while not hand.is_over:
        check_or_call(hand)
    assert hand.payouts[1] == 3 * 60  # the main pot only
    assert hand.payouts[2] == 2 * (110 - 60)


def test_bad_hand_arguments_raise_clear_errors() -> None:
    from drawpoker.errors import InvalidArgumentError

    for stacks, button in (
        ([100], 0),
        ([100, -5], 0),
        ([100, 0], 0),
        ([100, 100], 2),
        ([0, 100, 100], 0),
        ([100, 100], -1),
    ):
        with pytest.raises(InvalidArgumentError):
            Hand(FiveCardDraw(), stacks, button)


def test_r_split_1_a_pot_is_split_at_most_in_halves() -> None:
    """A spec with a third showdown part is refused where it is made: its awards would name
    two "low" halves, and equity, the narration and histories read a high and a low half."""
    hi_lo = game_named("omaha-hi-lo")
    with pytest.raises(InvalidArgumentError, match="one part it splits the pot with, not 3"):
        dataclasses.replace(hi_lo, showdown=(*hi_lo.showdown, hi_lo.showdown[1]))
    assert len(dataclasses.replace(hi_lo, name="hi-lo again").showdown) == 2
