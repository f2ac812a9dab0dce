"""Section 5 of RULES.md (Texas Hold'em, R-HE-1..8) and section 3 (R-POT-1..6) in Hold'em hands.

Each situation is set up with a stacked deck (hole cards go one at a time round the table from
the button's left, then the flop, turn and river from the top) and checked chip for chip: who
acts, what is legal, which events happen and who may see them. Expected numbers are worked out
by hand in each test from the rule, never read back from the engine.
"""

from __future__ import annotations

import random

import pytest
from conformance_helpers import Watcher, holdem_deck, random_action, random_stacks
from drawpoker import evaluate
from drawpoker.bots import CheckCallBot
from drawpoker.cards import parse_cards
from drawpoker.engine import (
    Action,
    Award,
    Event,
    GameSpec,
    Hand,
    HoldemSettings,
    game,
)
from drawpoker.errors import IllegalActionError
from drawpoker.table import (
    Table,
    TableSettings,
)

HOLDEM = game("holdem")
BOARD = "Kd 8c 5h 3s 2d"
"""A dry board: no straight or flush for the hole cards used with it."""
BEST_TO_WORST = ("Kc Kh", "8d 8h", "Ac As", "Qc Jd")
"""Hole cards that rank in this order with :data:`BOARD`: set of kings, set of eights, aces,
king high."""
STRAIGHT = "9c Td Jh Qs Kc"
"""A board that plays for any of :data:`LOW_HOLES` (a king-high straight)."""
LOW_HOLES = ("2d 3h", "4d 5h", "2s 3s", "4c 6d")


def stacked(
    stacks: list[int],
    button: int,
    holes: dict[int, str],
    board: str = "",
    spec: GameSpec = HOLDEM,
) -> Hand:
    """A Hold'em hand dealing ``holes`` and then ``board``."""
    return Hand(spec, stacks, button, deck=holdem_deck(stacks, button, holes, board))


def ranked(order: tuple[int, ...], stacks: list[int], button: int) -> Hand:
    """A hand on :data:`BOARD` where the seats of ``order`` hold hands from best to worst."""
    holes = {seat: BEST_TO_WORST[i] for i, seat in enumerate(order)}
    return stacked(stacks, button, holes, BOARD)


def check_down(hand: Hand) -> None:
    """Everyone checks (or calls) to the end."""
    while not hand.is_over:
        hand.check_or_call()


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def events_after(hand: Hand, count: int) -> list[Event]:
    """The events since the first ``count``."""
    return hand.events[count:]


def refused(hand: Hand, action: Action) -> str:
    """Asserts ``action`` is refused with IllegalActionError and changes nothing; the reason."""
    before = hand.to_dict()
    reason = hand.why_illegal(action)
    assert reason, f"{action} should be illegal"
    assert not hand.can_act(action)
    with pytest.raises(IllegalActionError):
        hand.act(action)
    assert hand.to_dict() == before
    return reason


# ---------------------------------------------------------------------------- R-HE-1


@pytest.mark.parametrize(
    ("button", "small", "big", "first"), [(0, 1, 2, 3), (2, 3, 0, 1), (3, 0, 1, 2)]
)
def test_r_he_1_blinds_posted_by_the_two_seats_left_of_the_button(
    button: int, small: int, big: int, first: int
) -> None:
    hand = Hand(HOLDEM, [10000] * 4, button)
    assert hand.events[:2] == [
        Event("blind", small, None, 50, blind="small"),
        Event("blind", big, None, 100, blind="big"),
    ]
    expected_bets = [0] * 4
    expected_bets[small], expected_bets[big] = 50, 100
    assert hand.bets == expected_bets and hand.committed == expected_bets
    assert hand.stacks == [10000 - b for b in expected_bets]
    assert hand.pot == 150 and hand.current_bet == 100 and hand.actor == first


@pytest.mark.parametrize("button", [0, 1])
def test_r_he_1_heads_up_button_posts_small_blind_acts_first_preflop_and_last_after(
    button: int,
) -> None:
    other = 1 - button
    hand = Hand(HOLDEM, [10000, 10000], button)
    assert hand.events[:2] == [
        Event("blind", button, None, 50, blind="small"),
        Event("blind", other, None, 100, blind="big"),
    ]
    assert hand.actor == button
    assert hand.legal_actions().call == 50
    hand.call()
    assert hand.actor == other and hand.street == 0
    hand.check()
    for street, board in ((1, 3), (2, 4), (3, 5)):
        assert (hand.street, len(hand.board)) == (street, board)
        assert hand.actor == other
        hand.check()
        assert hand.actor == button
        hand.check()
    assert hand.is_over


def test_r_he_1_button_moves_one_seat_left_each_hand_at_a_table() -> None:
    cpu = {s: CheckCallBot() for s in range(4)}
    table = Table(HOLDEM, 4, seed=3, cpu=cpu, settings=TableSettings(rounds=6))
    table.play_cpu()
    assert table.is_over and len(table.hands) == 6
    assert [h.button for h in table.hands] == [0, 1, 2, 3, 0, 1]
    for hand in table.hands:
        blinds = [(e.seat, e.amount) for e in hand.events if e.kind == "blind"]
        assert blinds == [((hand.button + 1) % 4, 50), ((hand.button + 2) % 4, 100)]


def test_r_he_1_heads_up_table_alternates_the_button_which_posts_the_small_blind() -> None:
    cpu = {s: CheckCallBot() for s in range(2)}
    table = Table(HOLDEM, 2, seed=8, cpu=cpu, settings=TableSettings(rounds=4))
    table.play_cpu()
    assert [h.button for h in table.hands] == [0, 1, 0, 1]
    for hand in table.hands:
        blinds = [(e.seat, e.amount) for e in hand.events if e.kind == "blind"]
        assert blinds == [(hand.button, 50), (1 - hand.button, 100)]


# ---------------------------------------------------------------------------- R-HE-2


def test_r_he_2_preflop_starts_left_of_the_big_blind_who_may_raise_when_all_called() -> None:
    hand = Hand(HOLDEM, [10000] * 5, button=0)
    actors = []
    for _ in range(4):
        actors.append(hand.actor)
        hand.call()
    assert actors == [3, 4, 0, 1]  # UTG (left of the big blind) first, the small blind last
    assert hand.actor == 2 and hand.street == 0  # the big blind's option
    legal = hand.legal_actions()
    assert legal.kinds == ("check", "raise") and legal.call == 0 and legal.min_to == 200
    hand.raise_to(300)
    assert hand.actor == 3 and hand.street == 0 and hand.legal_actions().call == 200
    for seat in (3, 4, 0, 1):
        assert hand.actor == seat
        hand.call()
    assert hand.street == 1 and hand.actor == 1 and hand.pot == 1500


def test_r_he_2_big_blind_checks_its_option_and_the_button_acts_last_after_the_flop() -> None:
    hand = Hand(HOLDEM, [10000] * 5, button=0)
    for _ in range(4):
        hand.call()
    hand.check()
    assert hand.street == 1 and len(hand.board) == 3 and hand.pot == 500
    order = []
    while hand.street == 1:
        order.append(hand.actor)
        hand.check()
    assert order == [1, 2, 3, 4, 0]


def test_r_he_2_after_the_flop_the_first_live_seat_with_chips_left_of_the_button_starts() -> None:
    hand = Hand(HOLDEM, [10000] * 5, button=0)
    hand.call()  # 3
    hand.call()  # 4
    hand.call()  # 0
    hand.fold()  # 1, the small blind
    hand.check()  # 2, the big blind
    assert hand.street == 1 and hand.actor == 2

    hand = Hand(HOLDEM, [10000, 300, 10000, 10000], button=0)
    hand.call()  # 3
    hand.call()  # 0
    assert hand.actor == 1
    hand.raise_to(300)  # the small blind all-in (a full raise: +200)
    for seat in (2, 3, 0):
        assert hand.actor == seat
        hand.call()
    assert hand.street == 1 and hand.stacks[1] == 0
    order = []
    while hand.street == 1:
        order.append(hand.actor)
        hand.check()
    assert order == [2, 3, 0]


# ---------------------------------------------------------------------------- R-HE-3


def test_r_he_3_two_hole_cards_each_then_a_flop_turn_and_river_from_the_top() -> None:
    text = "As Kd Qh Js Tc 9d 8h 7s 6c 5d 4h"
    top = parse_cards(text)
    hand = Hand(HOLDEM, [10000] * 3, button=0, deck=text)
    # One card at a time from the button's left: seats 1, 2, 0, then 1, 2, 0 again.
    assert hand.cards == [[top[2], top[5]], [top[0], top[3]], [top[1], top[4]]]
    deals = [(e.seat, e.to, list(e.cards)) for e in hand.events if e.kind == "deal"]
    assert deals == [(1, 1, hand.cards[1]), (2, 2, hand.cards[2]), (0, 0, hand.cards[0])]
    for street, size in enumerate((0, 3, 4, 5)):
        assert hand.street == street and len(hand.board) == size
        assert hand.board == top[6 : 6 + size]
        if street == 3:
            break
        while hand.street == street:
            hand.check_or_call()
    # Before the showdown each seat sees its own hole cards and the board, nothing else.
    for seat in range(3):
        seen = hand.visible_events(seat)
        assert [(e.seat, list(e.cards)) for e in seen if e.kind == "deal"] == [
            (seat, hand.cards[seat])
        ]
        others = {c for s in range(3) if s != seat for c in hand.cards[s]}
        assert not others & {c for e in seen for c in e.cards}
        assert list(hand.view(seat).cards) == hand.cards[seat]
    boards = [(e.seat, e.to, list(e.cards)) for e in hand.events if e.kind == "board"]
    assert boards == [(None, None, top[6:9]), (None, None, [top[9]]), (None, None, [top[10]])]
    assert all(
        e in hand.visible_events(s) for s in range(3) for e in hand.events if e.kind == "board"
    )
    check_down(hand)
    assert kinds(hand.events).count("board") == 3 and len(hand.board) == 5


def test_r_he_3_each_hand_is_the_best_five_of_seven() -> None:
    # Seat 1's flush uses both hole cards; seat 0's set of aces uses both too.
    hand = stacked([10000, 10000], 0, {0: "As Ad", 1: "Qh 4h"}, "Ah Kh 7h 2c 3d")
    check_down(hand)
    shows = {e.seat: e.amount for e in hand.events if e.kind == "show"}
    assert shows[1] == evaluate("Qh 4h Ah Kh 7h 2c 3d") == evaluate("Ah Kh Qh 7h 4h")
    assert shows[0] == evaluate("As Ad Ah Kh 7h 2c 3d") == evaluate("As Ad Ah Kh 7h")
    assert shows[1] > shows[0]
    assert hand.winners == [1] and hand.payouts == [0, 200] and hand.stacks == [9900, 10100]


def test_r_he_3_the_board_plays_and_the_pot_is_split() -> None:
    holes = {1: LOW_HOLES[0], 2: LOW_HOLES[1], 0: LOW_HOLES[2]}
    hand = stacked([10000] * 3, 0, holes, STRAIGHT)
    check_down(hand)
    shows = {e.seat: e.amount for e in hand.events if e.kind == "show"}
    assert shows == {s: evaluate(STRAIGHT) for s in range(3)}
    assert sorted(hand.winners) == [0, 1, 2]
    assert hand.payouts == [100, 100, 100] and hand.stacks == [10000] * 3


# ---------------------------------------------------------------------------- R-HE-4


def test_r_he_4_minimum_bet_is_the_big_blind() -> None:
    for small, big in ((50, 100), (25, 50), (1, 2)):
        spec = game("holdem", HoldemSettings(small_blind=small, big_blind=big))
        hand = Hand(spec, [10000, 10000], 0)
        hand.call()
        hand.check()
        legal = hand.legal_actions()
        assert legal.kinds == ("check", "bet") and legal.min_to == big
        assert legal.max_to == 10000 - big
        for bad in (big - 1, 0, -big):
            refused(hand, Action.bet(bad))
        hand.bet(big)
        assert hand.legal_actions().min_to == 2 * big  # a raise adds at least the bet


def test_r_he_4_minimum_raise_after_a_raise_100_to_350_next_600() -> None:
    hand = Hand(HOLDEM, [10000] * 4, button=0)
    assert hand.actor == 3 and hand.legal_actions().min_to == 200
    hand.raise_to(350)  # raises by 250
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 350 and legal.min_to == 600
    refused(hand, Action.raise_to(599))
    hand.raise_to(600)  # raises by 250 again
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 550 and legal.min_to == 850
    refused(hand, Action.raise_to(849))
    hand.raise_to(1000)  # raises by 400
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call == 900 and legal.min_to == 1400
    refused(hand, Action.raise_to(1399))
    hand.raise_to(1400)


def test_r_he_4_all_in_is_allowed_any_time_even_below_the_minimum() -> None:
    hand = Hand(HOLDEM, [450, 10000, 10000, 10000], button=0)
    hand.raise_to(350)  # seat 3
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call", "raise")
    assert legal.min_to == legal.max_to == 450
    refused(hand, Action.raise_to(449))
    refused(hand, Action.raise_to(600))
    hand.raise_to(450)  # all-in, 100 more: less than a full raise
    assert hand.stacks[0] == 0 and hand.current_bet == 450
    assert hand.legal_actions().min_to == 700  # 450 + the last full raise (250)

    # A bet of less than the big blind when that is all a seat has.
    hand = Hand(HOLDEM, [160, 10000], button=0)
    hand.call()
    hand.check()
    hand.check()  # seat 1 first after the flop
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("check", "bet")
    assert legal.min_to == legal.max_to == 60
    hand.bet(60)
    assert hand.stacks[0] == 0
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call") and legal.call == 60


def test_r_he_4_illegal_totals_are_refused_and_change_nothing() -> None:
    hand = Hand(HOLDEM, [10000] * 4, button=0)
    hand.raise_to(350)
    own = hand.cards[0][0]
    for action in (
        Action.raise_to(599),
        Action.raise_to(350),
        Action.raise_to(351),
        Action.raise_to(100),
        Action.raise_to(0),
        Action.raise_to(-600),
        Action.raise_to(10001),
        Action.raise_to(2**40),
        Action.bet(600),
        Action.check(),
        Action("call", 350),
        Action("fold", 1),
        Action("raise", 600.0),  # type: ignore[arg-type]
        Action("raise", "600"),  # type: ignore[arg-type]
        Action("raise", True),
        Action("raise", None),  # type: ignore[arg-type]
        Action("shove", 600),
        Action.draw([own]),
    ):
        refused(hand, action)
    hand.raise_to(600)
    assert hand.bets == [600, 50, 100, 350]


# ---------------------------------------------------------------------------- R-HE-5


def test_r_he_5_when_all_others_fold_the_last_player_takes_the_pot_without_showing() -> None:
    hand = Hand(HOLDEM, [10000] * 3, button=0)
    hand.raise_to(300)  # seat 0, UTG of three
    count = len(hand.events)
    hand.fold()
    hand.fold()
    # The 200 no one called goes back (R-POT-2); the pot is the 100 matched, and the blinds.
    assert events_after(hand, count) == [
        Event("fold", 1, None),
        Event("fold", 2, None),
        Event("return", 0, None, 200),
        Event("award", 0, None, 250, award=Award(pot=0, pots=1, share="whole", strength=None)),
    ]
    assert hand.is_over and hand.board == [] and hand.revealed == {}
    assert hand.winners == [0] and hand.stacks == [10150, 9950, 9900]
    for seat in (1, 2):
        assert not set(hand.cards[0]) & {c for e in hand.visible_events(seat) for c in e.cards}


def test_r_he_5_showdown_after_the_river_otherwise() -> None:
    hand = Hand(HOLDEM, [10000] * 3, button=0, seed=5)
    hand.call()
    hand.fold()
    hand.check()
    while len(hand.board) < 5:
        assert "show" not in kinds(hand.events)
        hand.check_or_call()
    assert not hand.is_over and hand.street == 3
    hand.check()
    assert not hand.is_over and "show" not in kinds(hand.events)
    hand.check()
    assert hand.is_over
    last_board = max(i for i, e in enumerate(hand.events) if e.kind == "board")
    shows = [(i, e.seat) for i, e in enumerate(hand.events) if e.kind == "show"]
    assert all(i > last_board for i, _ in shows)
    assert [s for _, s in shows] == [2, 0]  # nobody bet the river: from the button's left
    assert hand.revealed == {0: hand.cards[0], 2: hand.cards[2]}


def test_r_he_5_the_last_river_bettor_shows_first() -> None:
    hand = Hand(HOLDEM, [10000] * 3, button=0, seed=5)
    while hand.street < 3:
        hand.check_or_call()
    hand.check()  # 1
    hand.bet(300)  # 2
    hand.call()  # 0
    hand.call()  # 1
    assert [e.seat for e in hand.events if e.kind == "show"] == [2, 0, 1]


@pytest.mark.parametrize(
    ("small", "button", "folder", "payouts"),
    [
        # 4 seats, blinds 25/50, the small blind folds, three tie: 175 = 3 x 58 + 1 chip.
        (25, 0, 1, [58, 0, 59, 58]),
        # 176 = 3 x 58 + 2 chips: the first two tied seats left of the button (3, then 0).
        (26, 1, 2, [59, 58, 0, 59]),
    ],
)
def test_r_he_5_split_pot_odd_chips_go_from_the_first_seat_left_of_the_button(
    small: int, button: int, folder: int, payouts: list[int]
) -> None:
    spec = game("holdem", HoldemSettings(small_blind=small, big_blind=50))
    holes = {(button + 1 + i) % 4: LOW_HOLES[i] for i in range(4)}
    hand = stacked([10000] * 4, button, holes, STRAIGHT, spec)
    for _ in range(2):
        hand.call()  # UTG and the button
    assert hand.actor == folder
    hand.fold()  # the small blind
    check_down(hand)
    assert sorted(hand.winners) == sorted(s for s in range(4) if s != folder)
    assert hand.payouts == payouts and sum(payouts) == small + 150
    expected = [10000 - 50 + p for p in payouts]
    expected[folder] = 10000 - small
    assert hand.stacks == expected


def test_r_he_5_two_way_split_odd_chip_to_the_first_winner_left_of_the_button() -> None:
    spec = game("holdem", HoldemSettings(small_blind=25, big_blind=50))
    holes = {1: LOW_HOLES[0], 2: LOW_HOLES[1], 0: LOW_HOLES[2]}
    hand = stacked([10000] * 3, 0, holes, STRAIGHT, spec)
    hand.call()  # 0
    hand.fold()  # 1
    check_down(hand)
    # 125 between seats 2 and 0: seat 2 comes first from the button's left, seat 0 is the button.
    assert hand.payouts == [62, 0, 63]
    assert hand.stacks == [10012, 9975, 10013]


# ---------------------------------------------------------------------------- R-HE-6


def test_r_he_6_raise_presets_are_multiples_of_the_current_bet() -> None:
    hand = Hand(HOLDEM, [10000] * 4, button=0)
    assert hand.legal_actions().presets == (("2x", 200), ("3x", 300))
    hand.raise_to(350)
    legal = hand.legal_actions()
    assert legal.presets == (("2x", 700), ("3x", 1050)) and legal.min_to == 600
    # The big blind's option: the current bet is the big blind.
    hand = Hand(HOLDEM, [10000] * 3, button=0)
    hand.call()
    hand.call()
    assert hand.legal_actions().presets == (("2x", 200), ("3x", 300))


def test_r_he_6_bet_presets_are_pot_fractions_rounded_down() -> None:
    spec = game("holdem", HoldemSettings(small_blind=25, big_blind=50))
    hand = Hand(spec, [10000] * 4, button=0)
    hand.call()  # 3
    hand.call()  # 0
    hand.fold()  # 1
    hand.check()  # 2
    assert hand.pot == 175 and hand.actor == 2
    # 33% of 175 = 57.75 -> 57; 50% = 87.5 -> 87; the pot 175.
    legal = hand.legal_actions()
    assert legal.presets == (("33% pot", 57), ("50% pot", 87), ("pot", 175))
    hand.bet(57)
    # Facing 57: 2x = 114 (also the minimum raise, 57 + 57), 3x = 171.
    legal = hand.legal_actions()
    assert legal.min_to == 114 and legal.presets == (("2x", 114), ("3x", 171))


def test_r_he_6_presets_are_raised_to_the_minimum_or_lowered_to_all_in() -> None:
    hand = Hand(HOLDEM, [250, 10000], button=0)
    hand.call()
    hand.check()
    hand.check()
    legal = hand.legal_actions()
    # Pot 200, seat 0 has 150: 33% = 66 -> the minimum bet 100; 50% = 100; pot 200 -> all-in 150.
    assert legal.seat == 0 and (legal.min_to, legal.max_to) == (100, 150)
    assert legal.presets == (("33% pot", 100), ("50% pot", 100), ("pot", 150))
    for _, total in legal.presets:
        assert hand.can_bet(total)

    hand = Hand(HOLDEM, [500, 10000, 10000, 10000], button=0)
    hand.raise_to(350)
    legal = hand.legal_actions()  # seat 0: 2x = 700 and 3x = 1050 -> all-in 500
    assert legal.presets == (("2x", 500), ("3x", 500)) and legal.min_to == legal.max_to == 500


def test_r_he_6_presets_are_offered_only_when_a_bet_or_raise_is_legal() -> None:
    # Facing an all-in larger than the stack: call or fold only.
    hand = Hand(HOLDEM, [10000, 10000, 3000], button=0)
    hand.raise_to(5000)  # seat 0
    hand.fold()  # seat 1
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.kinds == ("fold", "call") and legal.presets == ()
    # Facing an all-in when no one else could answer a raise.
    hand = Hand(HOLDEM, [3000, 10000], button=0)
    hand.raise_to(3000)
    legal = hand.legal_actions()
    assert legal.kinds == ("fold", "call") and legal.call == 2900 and legal.presets == ()
    refused(hand, Action.raise_to(6000))


# ---------------------------------------------------------------------------- R-HE-7


def test_r_he_7_seats_without_chips_are_skipped_by_the_blinds_and_the_deal() -> None:
    hand = Hand(HOLDEM, [10000, 0, 10000, 10000], button=0)
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(2, 50), (3, 100)]
    assert hand.actor == 0 and hand.cards[1] == [] and not hand.live[1]
    assert [e.seat for e in hand.events if e.kind == "deal"] == [2, 3, 0]
    # Down to two with chips: heads-up rules (the button posts the small blind).
    hand = Hand(HOLDEM, [0, 10000, 10000], button=1)
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(1, 50), (2, 100)]
    assert hand.actor == 1
    hand.call()
    hand.check()
    assert hand.street == 1 and hand.actor == 2


def _bust_at_table(players: int, seat: int, actions: list[tuple[int, Action]]) -> Table:
    """A table whose first hand (played by ``actions``) busts ``seat``: the first table seed
    that deals it the losing hand."""
    for seed in range(500):
        table = Table(HOLDEM, players, seed=seed, settings=TableSettings(rounds=5))
        for actor, action in actions:
            table.act(actor, action)
        if table.round == 2 and table.stacks[seat] == 0:
            return table
    raise AssertionError("no seed busts the seat")


def test_r_he_7_table_button_moves_to_the_next_seat_with_chips() -> None:
    # Hand 1, button 0: seat 3 and the button fold, the small blind (1) moves in, the big
    # blind (2) calls and busts.
    table = _bust_at_table(
        4,
        2,
        [(3, Action.fold()), (0, Action.fold()), (1, Action.raise_to(10000)), (2, Action.call())],
    )
    assert table.stacks == [10000, 20000, 0, 10000]
    hand = table.hand
    # Hand 2: the button moves to seat 1; the blinds are seat 3 and seat 0 (seat 2 is out).
    assert hand.button == 1
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(3, 50), (0, 100)]
    assert hand.actor == 1 and hand.cards[2] == []
    table.act(1, Action.fold())
    table.act(3, Action.fold())
    # Hand 3: seat 2 would be next; it has no chips, so the button goes to seat 3.
    hand = table.hand
    assert table.round == 3 and hand.button == 3
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(0, 50), (1, 100)]


def test_r_he_7_table_down_to_heads_up_follows_heads_up_rules() -> None:
    # Hand 1, button 0 of three: the button folds, the small blind moves in, the big blind calls.
    table = _bust_at_table(
        3, 2, [(0, Action.fold()), (1, Action.raise_to(10000)), (2, Action.call())]
    )
    hand = table.hand
    assert hand.button == 1
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(1, 50), (0, 100)]
    assert hand.actor == 1
    table.act(1, Action.call())
    table.act(0, Action.check())
    assert table.hand.actor == 0  # after the flop the button acts last
    while table.round == 2:
        table.act(table.hand.actor, Action.check())
    # Hand 3: seat 2 has no chips: the button goes to seat 0, which posts the small blind.
    hand = table.hand
    assert hand.button == 0
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(0, 50), (1, 100)]


def test_r_he_7_a_big_blind_that_cannot_cover_posts_all_and_the_others_owe_the_full_blind() -> None:
    hand = ranked((2, 0, 1), [10000, 10000, 60], 0)
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(1, 50), (2, 60)]
    assert hand.stacks[2] == 0 and hand.current_bet == 100
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 100 and legal.min_to == 200
    hand.call()
    assert hand.legal_actions().call == 50
    hand.call()
    assert hand.street == 1 and hand.actor == 1  # the all-in big blind has nothing to decide
    check_down(hand)
    # Main pot 3 x 60 = 180 for the big blind's aces; side pot 2 x 40 = 80 for seat 0's kings.
    assert hand.payouts == [80, 0, 180] and hand.stacks == [9980, 9900, 180]


def test_r_he_7_heads_up_short_big_blind() -> None:
    hand = ranked((1, 0), [10000, 60], 0)
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(0, 50), (1, 60)]
    legal = hand.legal_actions()
    assert legal.kinds == ("fold", "call") and legal.call == 50
    hand.call()
    assert hand.is_over
    assert Event("return", 0, None, 40) in hand.events
    assert hand.payouts == [0, 120] and hand.stacks == [9940, 120]


def test_r_he_7_a_small_blind_that_cannot_cover_posts_all_it_has() -> None:
    hand = Hand(HOLDEM, [10000, 30, 10000], button=0)
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(1, 30), (2, 100)]
    assert hand.stacks[1] == 0 and hand.actor == 0 and hand.legal_actions().call == 100
    hand.call()
    assert hand.actor == 2 and hand.legal_actions().kinds == ("check", "raise")
    hand.check()
    assert hand.street == 1 and hand.actor == 2


def test_r_he_7_a_hand_the_blinds_end_at_the_deal_is_settled_and_the_table_moves_on() -> None:
    """Both seats all-in on their blinds: nobody acts, the board is dealt at once (R-HE-8) and
    the hand is over at its deal. The table settles it and deals the next round as after any
    hand's last action, here until one seat has every chip: it never waits for an actor that
    does not exist (the site's table hung so, a short stack 199 hands into its leak test)."""
    for seed in range(20):
        table = Table(HOLDEM, 2, seed=seed, settings=TableSettings(stack=40, rounds=10))
        assert table.is_over and table.to_act is None
        assert all(hand.is_over for hand in table.hands)
        assert [hand.number for hand in table.hands] == list(range(1, len(table.hands) + 1))
        assert sum(table.stacks) == 80 and (0 in table.stacks or table.round == 10)
    # The same in play: the short stack of a heads-up pair is all-in on the small blind.
    table = Table(HOLDEM, 2, seed=3, settings=TableSettings(stack=150, rounds=50))
    while not table.is_over:
        assert table.to_act is not None and not table.hand.is_over
        seat = table.to_act
        legal = table.legal_actions()
        table.act(seat, Action.call() if "call" in legal.kinds else Action.check())
    assert 0 in table.stacks or table.round == 50


# ---------------------------------------------------------------------------- R-HE-8


def _exposed_then_dealt(hand: Hand, start: int, live: list[int], boards: int) -> None:
    """From event ``start`` on: every live hand exposed in public, then ``boards`` board events,
    then the showdown."""
    tail = events_after(hand, start)
    exposes = [e for e in tail if e.kind == "expose"]
    assert sorted(e.seat for e in exposes) == live  # type: ignore[type-var]
    assert all(e.to is None and list(e.cards) == hand.cards[e.seat] for e in exposes)  # type: ignore[index]
    first_board = next(i for i, e in enumerate(tail) if e.kind == "board")
    assert kinds(tail[:first_board]).count("expose") == len(live)
    assert kinds(tail).count("board") == boards
    assert max(i for i, e in enumerate(tail) if e.kind == "expose") < first_board
    assert min(i for i, e in enumerate(tail) if e.kind == "show") > max(
        i for i, e in enumerate(tail) if e.kind == "board"
    )
    for seat in range(hand.seats):
        visible = hand.visible_events(seat)
        assert all(e in visible for e in exposes)


def test_r_he_8_all_in_before_the_flop_hands_exposed_then_the_whole_board() -> None:
    hand = ranked((0, 1), [10000, 10000], 0)
    hand.raise_to(10000)
    start = len(hand.events)
    hand.call()
    assert hand.is_over and len(hand.board) == 5
    assert hand.events[start] == Event("call", 1, None, 10000)
    _exposed_then_dealt(hand, start, [0, 1], 3)
    assert hand.stacks == [20000, 0]


def test_r_he_8_all_but_one_all_in_with_the_bets_matched() -> None:
    hand = ranked((1, 0, 2), [10000, 2000, 10000], 0)
    hand.raise_to(2000)  # seat 0
    hand.call()  # seat 1, all-in
    start = len(hand.events)
    hand.fold()  # seat 2: no one left who could bet against seat 0
    assert hand.is_over
    _exposed_then_dealt(hand, start, [0, 1], 3)
    assert hand.payouts == [0, 4100, 0] and hand.stacks == [8000, 4100, 9900]


def test_r_he_8_all_in_on_the_flop_exposes_before_turn_and_river() -> None:
    hand = ranked((1, 0), [10000, 10000], 0)
    hand.call()
    hand.check()
    hand.bet(9900)  # seat 1
    start = len(hand.events)
    hand.call()
    assert hand.is_over
    _exposed_then_dealt(hand, start, [0, 1], 2)
    assert hand.stacks == [0, 20000]


def test_r_he_8_no_exposure_while_two_players_can_still_bet() -> None:
    hand = ranked((1, 2, 0), [10000, 500, 10000], 0)
    hand.call()  # 0
    hand.raise_to(500)  # 1, all-in
    hand.call()  # 2
    hand.call()  # 0
    assert hand.street == 1 and hand.actor == 2 and "expose" not in kinds(hand.events)
    hand.bet(1000)
    start = len(hand.events)
    hand.fold()  # seat 0: seat 2 against the all-in seat 1, turn and river to come
    assert hand.is_over
    _exposed_then_dealt(hand, start, [1, 2], 2)
    # Seat 1's set wins the 1500 main pot; seat 2's uncalled 1000 comes back.
    assert Event("return", 2, None, 1000) in hand.events
    assert hand.payouts == [0, 1500, 0] and hand.stacks == [9500, 1500, 9500]


SMALL_BLINDS = game("holdem", HoldemSettings(small_blind=5, big_blind=10))


def test_r_he_8_a_big_blind_all_in_for_less_than_the_small_blind_leaves_nothing_to_decide() -> None:
    """Heads-up, the big blind is all-in for 3 and the small blind's 5 already covers it: no
    betting remains, so nobody is asked to act; the hands are shown, the board is dealt and
    the 2 no one can call come back."""
    hand = stacked([19, 3], 0, {0: "Kc Kh", 1: "Qc Jd"}, BOARD, spec=SMALL_BLINDS)
    assert [(e.seat, e.amount) for e in hand.events if e.kind == "blind"] == [(0, 5), (1, 3)]
    assert hand.is_over and hand.actor is None
    assert not {"call", "fold", "check"} & set(kinds(hand.events))
    _exposed_then_dealt(hand, 0, [0, 1], 3)
    assert Event("return", 0, None, 2) in hand.events
    assert hand.payouts == [6, 0] and hand.stacks == [22, 0]


def test_r_he_8_after_the_folds_a_small_blind_covering_the_all_in_big_blind_is_not_asked() -> None:
    hand = stacked([100, 100, 3], 0, {0: "8d 8h", 1: "Kc Kh", 2: "Qc Jd"}, BOARD, SMALL_BLINDS)
    assert hand.actor == 0 and hand.legal_actions().call == 10
    start = len(hand.events)
    hand.fold()  # seat 0: only the small blind, 5 in against 3, is left with chips
    assert hand.is_over
    _exposed_then_dealt(hand, start, [1, 2], 3)
    assert hand.payouts == [0, 6, 0] and hand.stacks == [100, 103, 0]


def test_r_he_8_a_small_blind_short_of_the_all_in_big_blind_still_calls_or_folds() -> None:
    hand = stacked([19, 8], 0, {0: "Kc Kh", 1: "Qc Jd"}, BOARD, spec=SMALL_BLINDS)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call")
    hand.call()
    assert hand.is_over and hand.stacks == [27, 0]


# ---------------------------------------------------------------------------- R-POT-1..6


def test_r_pot_1_the_seed_example_50_100_200_200() -> None:
    # Seat 1 (small blind) has 50, seat 2 (big blind) 100, seats 3 and 0 have 200 each.
    hand = ranked((1, 2, 3, 0), [200, 50, 100, 200], 0)
    assert hand.stacks == [200, 0, 0, 200] and hand.actor == 3
    hand.raise_to(200)
    hand.call()
    assert hand.is_over
    # Pots 200 (all four) to seat 1, 150 (seats 2, 3, 0) to seat 2, 200 (seats 3, 0) to seat 3.
    assert hand.payouts == [0, 200, 150, 200] and hand.stacks == [0, 200, 150, 200]


@pytest.mark.parametrize(
    ("order", "payouts"),
    [
        ((1, 2, 3, 0), [0, 2000, 1500, 2000]),
        ((0, 1, 2, 3), [5500, 0, 0, 0]),
        ((2, 3, 1, 0), [0, 0, 3500, 2000]),
        ((3, 0, 2, 1), [0, 0, 0, 5500]),
    ],
)
def test_r_pot_1_three_all_ins_of_different_sizes(
    order: tuple[int, ...], payouts: list[int]
) -> None:
    # Seats 1, 2, 3 move in for 500, 1000 and 2000; seat 0 calls 2000 with 3000 behind.
    # Layers: 4 x 500 = 2000 (all), 3 x 500 = 1500 (2, 3, 0), 2 x 1000 = 2000 (3, 0).
    hand = ranked(order, [5000, 500, 1000, 2000], 0)
    hand.raise_to(2000)  # seat 3, all-in
    hand.call()  # seat 0
    hand.call()  # seat 1, all-in for 500
    start = len(hand.events)
    hand.call()  # seat 2, all-in for 1000
    assert hand.is_over
    _exposed_then_dealt(hand, start, [0, 1, 2, 3], 3)
    assert hand.payouts == payouts
    assert hand.stacks == [3000 + payouts[0], *payouts[1:]]
    assert "return" not in kinds(hand.events)


def test_r_pot_1_a_three_way_all_in_with_a_side_pot_reports_two_awards() -> None:
    # Seat 1 (the small blind) is all-in for 300 with the best hand, seats 0 and 2 for 1000.
    hand = ranked((1, 2, 0), [1000, 300, 1000], 0)
    hand.raise_to(1000)  # seat 0
    hand.call()  # seat 1, all-in for 300
    hand.call()  # seat 2
    assert hand.is_over
    awards = [e for e in hand.events if e.kind == "award"]
    sets = evaluate("Kc Kh Kd 8c 5h"), evaluate("8d 8h 8c Kd 5h")
    # Main pot 3 x 300 = 900 (all three) to seat 1, side pot 2 x 700 = 1400 to seat 2.
    assert awards == [
        Event("award", 1, None, 900, award=Award(pot=0, pots=2, share="whole", strength=sets[0])),
        Event("award", 2, None, 1400, award=Award(pot=1, pots=2, share="whole", strength=sets[1])),
    ]
    assert hand.payouts == [0, 900, 1400]


def test_r_pot_1_folded_chips_stay_in_the_layers_they_paid_into() -> None:
    # Seat 3 folds the best hand after putting in 400; seat 1 is all-in for 300.
    hand = ranked((3, 1, 0, 2), [10000, 300, 10000, 10000], 0)
    hand.raise_to(400)  # 3
    hand.call()  # 0
    hand.call()  # 1, all-in for 300
    hand.raise_to(2000)  # 2
    hand.fold()  # 3
    hand.call()  # 0
    assert hand.street == 1 and hand.actor == 2
    check_down(hand)
    # Layer to 300: 4 x 300 = 1200 for seats 0, 1, 2 (seat 3 folded): seat 1's set of eights.
    # Above: 3 x 100 + 2 x 1600 = 3500 for seats 0 and 2: seat 0's aces.
    assert hand.payouts == [3500, 1200, 0, 0]
    assert hand.stacks == [11500, 1200, 8000, 9600]


def test_r_pot_2_a_bet_no_one_calls_is_returned() -> None:
    hand = Hand(HOLDEM, [10000, 10000], button=0)
    hand.call()
    hand.check()
    hand.bet(500)  # seat 1
    start = len(hand.events)
    hand.fold()
    assert events_after(hand, start) == [
        Event("fold", 0, None),
        Event("return", 1, None, 500),
        Event("award", 1, None, 200, award=Award(pot=0, pots=1, share="whole", strength=None)),
    ]
    assert hand.stacks == [9900, 10100]


def test_r_pot_2_the_part_of_an_all_in_no_one_can_call_is_returned() -> None:
    hand = ranked((1, 0), [10000, 3000], 0)
    hand.raise_to(10000)
    hand.call()  # all-in for 3000
    returns = [e for e in hand.events if e.kind == "return"]
    assert returns == [Event("return", 0, None, 7000)]
    wins = [i for i, e in enumerate(hand.events) if e.kind == "award"]
    assert hand.events.index(returns[0]) < min(wins)
    assert hand.payouts == [0, 6000] and hand.stacks == [7000, 6000]


def test_r_pot_3_odd_chips_of_a_side_pot_go_from_the_button_left() -> None:
    # Seats 2 and 0 tie with ace-high straights; seat 1 (the small blind, all-in for 75) has
    # the board's king-high straight.
    spec = game("holdem", HoldemSettings(small_blind=25, big_blind=50))
    holes = {1: LOW_HOLES[0], 2: "Ad 2h", 0: "Ah 3d"}
    hand = stacked([10000, 75, 10000], 0, holes, STRAIGHT, spec)
    hand.raise_to(151)  # seat 0
    hand.call()  # seat 1, all-in for 75
    hand.call()  # seat 2
    check_down(hand)
    # Main pot 3 x 75 = 225 split by seats 2 and 0: 113 to seat 2 (first left of the button).
    # Side pot 2 x 76 = 152: 76 each.
    assert hand.payouts == [112 + 76, 0, 113 + 76]
    straight = evaluate("Ah Kc Qs Jh Td")
    main, side = Award(0, 2, "whole", straight), Award(1, 2, "whole", straight)
    assert [(e.seat, e.amount, e.award) for e in hand.events if e.kind == "award"] == [
        (2, 113, main),
        (0, 112, main),
        (2, 76, side),
        (0, 76, side),
    ]
    assert hand.stacks == [10000 - 151 + 188, 0, 10000 - 151 + 189]


def test_r_pot_4_the_last_player_takes_the_pot_without_showing() -> None:
    hand = Hand(HOLDEM, [10000] * 4, button=0, seed=9)
    hand.call()  # 3
    hand.call()  # 0
    hand.call()  # 1
    hand.check()  # 2
    hand.bet(300)  # 1
    hand.fold()  # 2
    hand.fold()  # 3
    hand.fold()  # 0
    assert hand.is_over and hand.winners == [1]
    assert not {"show", "expose"} & set(kinds(hand.events)) and hand.revealed == {}
    assert hand.stacks == [9900, 10300, 9900, 9900]
    for seat in range(4):
        view = hand.view(seat)
        others = {c for s in range(4) if s != seat for c in hand.cards[s]}
        assert view.revealed == {}
        assert not others & {c for e in view.events for c in e.cards}


def test_r_pot_5_chips_are_conserved_after_every_action_of_random_hands() -> None:
    rng = random.Random(55)
    for number in range(250):
        small = rng.choice([1, 5, 25, 50])
        spec = game("holdem", HoldemSettings(small, small * 2, rng.choice([0, 0, small // 5])))
        seats = rng.randint(2, 10)
        stacks = random_stacks(rng, seats, small * 2, 200 * small, betting=True)
        button = rng.choice([s for s in range(seats) if stacks[s] > 0])
        hand = Hand(spec, stacks, button, seed=rng.randrange(2**32), number=number)
        watcher = Watcher(hand)
        while not hand.is_over:
            hand.act(random_action(hand, rng))
            watcher.check()
        assert sum(hand.stacks) == sum(stacks)


def test_r_pot_6_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    hand = Hand(HOLDEM, [10000, 10000, 350], button=0)
    hand.call()  # 0
    hand.call()  # 1
    hand.check()  # 2
    hand.bet(200)  # 1
    hand.raise_to(250)  # 2, all-in: 50 more, less than a full raise
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call", "raise") and legal.min_to == 450
    hand.call()  # 0 had not acted: it could have raised
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call") and legal.call == 50
    assert legal.presets == ()
    refused(hand, Action.raise_to(450))
    refused(hand, Action.raise_to(9900))
    hand.call()
    assert hand.street == 2


def test_r_pot_6_after_a_short_all_in_a_full_raise_reopens_it() -> None:
    hand = Hand(HOLDEM, [10000, 10000, 350], button=0)
    hand.call()
    hand.call()
    hand.check()
    hand.bet(200)  # 1
    hand.raise_to(250)  # 2, all-in
    hand.raise_to(450)  # 0: a full raise over 250
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call", "raise") and legal.min_to == 650


@pytest.mark.parametrize(("stack", "reopened"), [(520, True), (480, False)])
def test_r_pot_6_several_short_all_ins_adding_up_to_a_full_raise_reopen_it(
    stack: int, reopened: bool
) -> None:
    hand = Hand(HOLDEM, [10000, 10000, 400, stack], button=0)
    for _ in range(3):
        hand.call()  # 3, 0, 1
    hand.check()  # 2
    assert hand.street == 1 and hand.actor == 1
    hand.bet(200)  # 1
    hand.raise_to(300)  # 2, all-in: +100
    all_in = stack - 100
    hand.raise_to(all_in)  # 3, all-in: +120 (or +80)
    hand.call()  # 0
    legal = hand.legal_actions()
    # Seat 1 bet 200 and now faces 420 (220 more: a full raise in all) or 380 (180: not).
    assert legal.seat == 1 and legal.call == all_in - 200
    if reopened:
        assert legal.kinds == ("fold", "call", "raise") and legal.min_to == all_in + 200
    else:
        assert legal.kinds == ("fold", "call") and legal.presets == ()
        refused(hand, Action.raise_to(all_in + 200))


def test_r_pot_6_a_short_all_in_before_the_flop_the_big_blind_may_raise_the_limper_not() -> None:
    hand = Hand(HOLDEM, [10000, 150, 10000], button=0)
    hand.call()  # 0 limps
    hand.raise_to(150)  # 1, the small blind all-in: +50
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.kinds == ("fold", "call", "raise") and legal.min_to == 250
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call") and legal.call == 50
    hand.call()
    assert hand.street == 1


def test_r_pot_6_an_all_in_player_wins_only_the_layers_it_paid_into() -> None:
    # The big blind cannot cover (60): its best hand wins 3 x 60; the rest goes to seat 1.
    hand = ranked((2, 1, 0), [10000, 10000, 60], 0)
    hand.call()
    hand.call()
    hand.bet(500)  # 1
    hand.call()  # 0
    check_down(hand)
    assert hand.payouts == [0, 80 + 1000, 180]
    assert hand.stacks == [10000 - 600, 10000 - 600 + 1080, 180]


BIG_BLIND_ANTE = game("holdem", HoldemSettings(big_blind_ante=100))
"""Hold'em 50/100 with a big-blind ante of 100: the big blind posts it first, as dead money."""


def test_r_pot_5_a_big_blind_all_in_for_its_big_blind_ante_keeps_chips_conserved() -> None:
    holes = {0: BEST_TO_WORST[0], 1: BEST_TO_WORST[1]}
    hand = stacked([10000, 48], 0, holes, BOARD, BIG_BLIND_ANTE)
    # the big blind's seat posted no big blind: the one blind posted is the small one
    assert hand.events[:2] == [
        Event("ante", 1, None, 48),
        Event("blind", 0, None, 50, blind="small"),
    ]
    # The big blind posted no blind: the button's small blind covers it, and as nobody can bet
    # any more it is not asked to act (R-HE-8).
    assert hand.is_over and "call" not in kinds(hand.events)
    # Seat 0 has the better hand: it gets its own 100 back and wins the 48 dead chips.
    assert sum(hand.stacks) == 10048
    assert hand.stacks == [10048, 0]


def test_r_pot_6_a_big_blind_all_in_for_its_big_blind_ante_can_win_what_it_paid() -> None:
    holes = {seat: BEST_TO_WORST[i] for i, seat in enumerate((2, 0, 1))}
    hand = stacked([10000, 10000, 100], 0, holes, BOARD, BIG_BLIND_ANTE)
    assert hand.events[0] == Event("ante", 2, None, 100) and hand.stacks[2] == 0
    hand.call()
    hand.call()
    check_down(hand)
    assert hand.winners == [2] and sum(hand.stacks) == 20100
    # The all-in big blind paid into the main pot (the dead 100) and has the best hand.
    assert hand.payouts[2] >= 100
