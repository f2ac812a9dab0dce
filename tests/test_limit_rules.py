"""Section 7 of docs/rules.md: the betting structures (R-LIMIT-1..3), Omaha and Omaha Hi/Lo
(R-OMAHA-1, 2), and the draw games with blinds (R-BLINDDRAW-1, R-27SD-1, R-27TD-1, R-BADUGI-3,
with R-DRAW-8's reshuffle), checked on stacked decks.

Hole cards go one at a time round the table from the seat left of the button (:func:`top_of_deck`);
then the board comes from the top of the stub (flop, turn, river), or, in the draw games, the
cards each drawer receives, in the order they draw. Expected chips, actors and strengths are
worked out by hand in each test from the rule (strengths with :func:`drawpoker.evaluate` on the
five cards the rule says make the hand), never read back from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest
from drawpoker import evaluate
from drawpoker.cards import parse_cards
from drawpoker.engine import Action, Event, GameSpec, Hand, NoLimit, game
from drawpoker.engine.betting import FixedLimit, PotLimit
from drawpoker.engine.variants.lowball import SingleDrawSettings, TripleDrawSettings
from drawpoker.engine.variants.omaha import OmahaHiLoSettings, OmahaSettings
from drawpoker.errors import IllegalActionError

OMAHA = game("omaha", OmahaSettings(small_blind=1, big_blind=2))
"""Pot-limit Omaha with blinds 1/2 (the rule's example)."""
OMAHA_HILO = game("omaha-hi-lo")
"""Fixed-limit Omaha Hi/Lo, blinds 50/100: small bet 100, big bet 200."""
SINGLE = game("2-7-single-draw")
TRIPLE = game("2-7-triple-draw")
BADUGI = game("badugi")
DRAW_GAMES = ("2-7-single-draw", "2-7-triple-draw", "badugi")
STACK = 10000


def dealt_in(stacks: Sequence[int], button: int) -> list[int]:
    """The seats with chips, clockwise from the seat left of the button."""
    seats = len(stacks)
    order = [(button + i) % seats for i in range(1, seats + 1)]
    return [s for s in order if stacks[s] > 0]


def top_of_deck(
    stacks: Sequence[int], button: int, holes: Mapping[int, str], rest: str = ""
) -> list[int]:
    """The top of a deck that deals ``holes[seat]`` to every seat dealt in (one card at a time
    round the table from the button's left) and then ``rest`` (the board, or the cards the
    draws receive in turn)."""
    order = dealt_in(stacks, button)
    assert sorted(holes) == sorted(order), "name the cards of every seat dealt in"
    parsed = {seat: parse_cards(holes[seat]) for seat in order}
    count = len(parsed[order[0]])
    assert all(len(cards) == count for cards in parsed.values())
    deck = [parsed[seat][i] for i in range(count) for seat in order] + parse_cards(rest)
    assert len(deck) == len(set(deck)), "a card twice in the stacked deck"
    return deck


def stacked(
    spec: GameSpec,
    holes: Mapping[int, str],
    rest: str = "",
    stacks: Sequence[int] | None = None,
    button: int = 0,
) -> Hand:
    chips = list(stacks) if stacks is not None else [STACK] * len(holes)
    return Hand(spec, chips, button, deck=top_of_deck(chips, button, holes, rest))


def check_down(hand: Hand) -> None:
    """Everyone checks, calls or stands pat to the end."""
    while not hand.is_over:
        hand.check_or_call()


def refused(hand: Hand, action: Action) -> None:
    """Asserts ``action`` is refused with IllegalActionError and changes nothing."""
    before = hand.to_dict()
    assert hand.why_illegal(action), f"{action} should be illegal"
    with pytest.raises(IllegalActionError):
        hand.act(action)
    assert hand.to_dict() == before


def strength(text: str, ranking: str = "high") -> int:
    return evaluate(parse_cards(text), ranking)


def shows(hand: Hand) -> dict[int, int]:
    return {e.seat: e.amount for e in hand.events if e.kind == "show"}  # type: ignore[misc]


def lows(hand: Hand) -> dict[int, int]:
    return {e.seat: e.amount for e in hand.events if e.kind == "low"}  # type: ignore[misc]


def blinds(hand: Hand) -> list[tuple[int | None, int]]:
    return [(e.seat, e.amount) for e in hand.events if e.kind == "blind"]


# ---------------------------------------------------------------------------- R-LIMIT-1


def test_r_limit_1_no_limit_minimum_bet_minimum_raise_any_amount_to_all_in() -> None:
    assert SINGLE.betting == NoLimit(100)  # the big blind
    hand = Hand(SINGLE, [STACK] * 3, 0, seed=1)
    legal = hand.legal_actions()
    assert legal.seat == 0 and (legal.min_to, legal.max_to, legal.step) == (200, STACK, 1)
    hand.raise_to(350)  # raises by 250
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.min_to == 600 and legal.max_to == STACK
    refused(hand, Action.raise_to(599))
    hand.raise_to(777)  # any amount of at least the minimum
    assert hand.legal_actions().min_to == 777 + 427
    hand.raise_to(STACK)  # all-in
    hand.fold()
    hand.call()
    assert hand.phase == "draw"


def test_r_limit_1_after_the_draw_a_bet_is_at_least_the_big_blind() -> None:
    hand = Hand(SINGLE, [STACK, STACK], 0, seed=2)
    hand.call()
    hand.check()
    hand.draw()
    hand.draw()
    legal = hand.legal_actions()
    assert legal.kinds == ("check", "bet") and (legal.min_to, legal.max_to) == (100, STACK - 100)
    refused(hand, Action.bet(99))
    hand.bet(101)
    assert hand.legal_actions().min_to == 202


# ---------------------------------------------------------------------------- R-LIMIT-2


def test_r_limit_2_pot_limit_utg_may_raise_to_seven_with_blinds_of_one_and_two() -> None:
    assert OMAHA.betting == PotLimit(2)
    hand = Hand(OMAHA, [1000] * 5, 0, seed=1)
    legal = hand.legal_actions()
    # The pot after the call: 1 + 2 + 2 = 5; the most is the bet (2) + 5 = 7.
    assert legal.seat == 3 and (legal.min_to, legal.max_to) == (4, 7)
    refused(hand, Action.raise_to(8))
    hand.raise_to(7)
    assert hand.bets == [0, 1, 2, 7, 0]


def test_r_limit_2_the_maximum_after_a_call_and_a_raise() -> None:
    hand = Hand(OMAHA, [1000] * 5, 0, seed=1)
    hand.call()  # seat 3: pot 5
    legal = hand.legal_actions()
    # Seat 4: the call (2) makes the pot 7; the most is 2 + 7 = 9.
    assert legal.seat == 4 and (legal.min_to, legal.max_to) == (4, 9)
    hand.raise_to(9)  # pot 1 + 2 + 2 + 9 = 14
    legal = hand.legal_actions()
    # Seat 0: calls 9 (pot 23), raises by at most 23: to 32. At least by the raise (7): 16.
    assert legal.seat == 0 and legal.call == 9 and (legal.min_to, legal.max_to) == (16, 32)
    hand.call()  # pot 23
    legal = hand.legal_actions()
    # The small blind owes 8: pot after the call 31, so at most 9 + 31 = 40.
    assert legal.seat == 1 and legal.call == 8 and (legal.min_to, legal.max_to) == (16, 40)
    hand.fold()
    legal = hand.legal_actions()
    # The big blind owes 7: 9 + 30 = 39.
    assert legal.seat == 2 and legal.call == 7 and (legal.min_to, legal.max_to) == (16, 39)
    refused(hand, Action.raise_to(40))
    hand.raise_to(39)
    assert hand.pot == 23 + 37


def test_r_limit_2_after_the_flop_a_bet_is_at_most_the_pot() -> None:
    hand = Hand(OMAHA, [1000] * 3, 0, seed=1)
    hand.call()
    hand.call()
    hand.check()
    assert hand.street == 1 and hand.pot == 6
    legal = hand.legal_actions()
    assert legal.seat == 1 and (legal.min_to, legal.max_to) == (2, 6)
    hand.bet(6)
    legal = hand.legal_actions()
    # Seat 2: calls 6 (pot 18) and raises by 18 at most: to 24; at least by 6: to 12.
    assert legal.seat == 2 and (legal.min_to, legal.max_to) == (12, 24)


def test_r_limit_2_an_all_in_short_of_a_pot_raise() -> None:
    hand = Hand(OMAHA, [1000, 1000, 1000, 6, 1000], 0, seed=1)
    legal = hand.legal_actions()
    assert legal.seat == 3 and (legal.min_to, legal.max_to) == (4, 6)
    assert legal.presets == (("half pot", 4), ("pot", 6))  # the pot (7) lowered to all-in
    hand.raise_to(6)
    assert hand.stacks[3] == 0
    # Less than the minimum raise, all-in is still a raise.
    hand = Hand(OMAHA, [1000, 1000, 1000, 3, 1000], 0, seed=1)
    legal = hand.legal_actions()
    assert legal.kinds == ("fold", "call", "raise") and legal.min_to == legal.max_to == 3


def test_r_limit_2_presets_half_pot_and_pot_resolved() -> None:
    hand = Hand(OMAHA, [1000] * 5, 0, seed=1)
    # Pot after the call 5: half = 2 (rounded down) on top of the bet -> 4; pot -> 7.
    assert hand.legal_actions().presets == (("half pot", 4), ("pot", 7))
    hand.call()
    hand.raise_to(9)
    # Seat 0: pot after the call 23: half 11 -> 20; pot -> 32.
    assert hand.legal_actions().presets == (("half pot", 20), ("pot", 32))
    hand = Hand(OMAHA, [1000] * 3, 0, seed=1)
    hand.call()
    hand.call()
    hand.check()
    # A bet into 6: half pot 3, pot 6.
    assert hand.legal_actions().presets == (("half pot", 3), ("pot", 6))


def test_r_limit_2_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    hand = Hand(OMAHA, [1000, 1000, 10], 0, seed=1)
    hand.call()
    hand.call()
    hand.check()
    hand.bet(6)  # seat 1
    hand.raise_to(8)  # seat 2, all-in: 2 more, less than a full raise (6)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call", "raise")
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call") and legal.call == 2


# ---------------------------------------------------------------------------- R-LIMIT-3


def test_r_limit_3_small_bets_pre_flop_and_on_the_flop_big_bets_on_turn_and_river() -> None:
    assert OMAHA_HILO.betting == FixedLimit(100, 200, 4, False)
    assert game("omaha", OmahaSettings(betting="fixed-limit")).betting == FixedLimit(100, 200)
    hand = Hand(OMAHA_HILO, [STACK] * 3, 0, seed=1)
    assert blinds(hand) == [(1, 50), (2, 100)]  # half a small bet and one small bet
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 100 and legal.min_to == legal.max_to == 200
    refused(hand, Action.raise_to(300))
    hand.call()
    hand.call()
    assert hand.legal_actions().min_to == hand.legal_actions().max_to == 200  # the big blind
    hand.check()
    for street, size in ((1, 100), (2, 200), (3, 200)):
        assert hand.street == street
        legal = hand.legal_actions()
        assert legal.kinds == ("check", "bet") and legal.min_to == legal.max_to == size
        refused(hand, Action.bet(size + 1))
        hand.bet(size)
        legal = hand.legal_actions()
        assert legal.min_to == legal.max_to == 2 * size and legal.step == size
        hand.call()
        hand.call()
    assert hand.is_over and sum(hand.stacks) == 3 * STACK


def test_r_limit_3_a_bet_and_three_raises_the_big_blind_counting_as_the_bet() -> None:
    hand = Hand(OMAHA_HILO, [STACK] * 4, 0, seed=1)
    hand.raise_to(200)  # seat 3, raise one
    hand.raise_to(300)  # seat 0, raise two
    hand.raise_to(400)  # seat 1, raise three
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.kinds == ("fold", "call") and legal.call == 300
    refused(hand, Action.raise_to(500))
    hand.call()
    assert hand.legal_actions().kinds == ("fold", "call")


@pytest.mark.parametrize("uncapped", [False, True])
def test_r_limit_3_the_cap_heads_up_and_its_option(uncapped: bool) -> None:
    spec = game("omaha-hi-lo", OmahaHiLoSettings(heads_up_uncapped=uncapped))
    hand = Hand(spec, [STACK, STACK], 0, seed=1)
    hand.raise_to(200)  # the button (small blind)
    hand.raise_to(300)
    hand.raise_to(400)
    legal = hand.legal_actions()
    if not uncapped:
        assert legal.seat == 1 and legal.kinds == ("fold", "call")
        return
    assert legal.kinds == ("fold", "call", "raise") and legal.min_to == 500
    hand.raise_to(500)
    hand.raise_to(600)
    hand.call()
    assert hand.street == 1 and hand.pot == 1200


def test_r_limit_3_the_option_lifts_the_cap_only_for_a_round_that_starts_heads_up() -> None:
    spec = game("omaha-hi-lo", OmahaHiLoSettings(heads_up_uncapped=True))
    hand = Hand(spec, [STACK] * 3, 0, seed=1)
    hand.fold()  # seat 0: two left, but the round started with three
    hand.raise_to(200)
    hand.raise_to(300)
    hand.raise_to(400)
    assert hand.legal_actions().kinds == ("fold", "call")
    hand.call()
    assert hand.street == 1  # the flop starts heads-up: no cap
    hand.bet(100)
    for to in (200, 300, 400, 500):
        hand.raise_to(to)
    assert hand.legal_actions().kinds == ("fold", "call", "raise")


@pytest.mark.parametrize(("all_in", "reopened"), [(150, True), (140, False)])
def test_r_limit_3_an_all_in_of_half_a_bet_reopens_the_betting_less_does_not(
    all_in: int, reopened: bool
) -> None:
    hand = Hand(OMAHA_HILO, [STACK, STACK, STACK, 100 + all_in], 0, seed=1)
    hand.call()  # 3
    hand.call()  # 0
    hand.call()  # 1
    hand.check()  # 2
    assert hand.street == 1 and hand.actor == 1
    hand.bet(100)  # 1
    hand.call()  # 2
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.min_to == legal.max_to == all_in  # all-in
    hand.raise_to(all_in)  # +50 is half a bet; +40 is not
    hand.call()  # 0
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == all_in - 100
    if reopened:
        assert legal.kinds == ("fold", "call", "raise") and legal.min_to == all_in + 100
    else:
        assert legal.kinds == ("fold", "call")
        refused(hand, Action.raise_to(all_in + 100))


def test_r_limit_3_an_all_in_of_less_than_half_a_bet_is_not_one_of_the_three_raises() -> None:
    hand = Hand(OMAHA_HILO, [STACK, STACK, STACK, STACK, 340], 0, seed=1)
    for _ in range(4):
        hand.call()
    hand.check()
    assert hand.street == 1 and hand.actor == 1
    hand.bet(100)  # 1: the bet
    hand.raise_to(200)  # 2: raise one
    hand.call()  # 3
    hand.raise_to(240)  # 4: all-in for 40 more, less than half a bet: not a raise
    # The next raise completes one bet over the last full raise (200): to 300, not 340
    # (docs/engine.md; PokerKit would raise from the all-in total).
    assert not hand.can_raise_to(340)
    hand.raise_to(300)  # 0: raise two
    legal = hand.legal_actions()
    # Seat 1 faces a full raise since it bet, and only two raises have been made.
    assert legal.seat == 1 and legal.kinds == ("fold", "call", "raise")
    hand.raise_to(400)  # raise three
    assert hand.legal_actions().kinds == ("fold", "call")


def test_r_limit_3_an_all_in_bet_of_half_a_bet_counts_as_a_full_bet() -> None:
    hand = Hand(OMAHA_HILO, [STACK, 160, STACK], 0, seed=1)
    hand.call()
    hand.call()
    hand.check()
    assert hand.street == 1 and hand.actor == 1 and hand.stacks[1] == 60
    hand.bet(60)  # all-in for 60 of a 100 bet: half a bet or more counts as a full bet
    legal = hand.legal_actions()
    # A raise is one bet over it (Robert's Rules: a 15 all-in on a 20 round is raised to 35).
    assert legal.seat == 2 and legal.call == 60
    assert legal.kinds == ("fold", "call", "raise") and legal.min_to == legal.max_to == 160


def test_r_limit_3_an_all_in_bet_of_less_than_half_a_bet_may_be_completed() -> None:
    """docs/rules.md is silent on the size of a raise over a short all-in bet; this is Robert's
    Rules (limit): facing an all-in of less than half a bet a player may call it or complete
    the bet."""
    hand = Hand(OMAHA_HILO, [STACK, 140, STACK], 0, seed=1)
    hand.call()
    hand.call()
    hand.check()
    hand.bet(40)  # all-in, less than half a bet
    legal = hand.legal_actions()
    # Call the 40, or complete the bet to 100 (Robert's Rules, limit).
    assert legal.seat == 2 and legal.call == 40 and legal.min_to == legal.max_to == 100
    hand.raise_to(100)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 100 and legal.min_to == legal.max_to == 200


def test_r_limit_3_a_full_all_in_after_a_seat_called_a_short_one_reopens_for_it() -> None:
    """Seat 5 calls a short all-in (230, 30 over the raise to 200); then an all-in to 260,
    half a bet over the last full raise, counts as a raise (and toward the cap), so seat 5,
    which acted before it, may raise again though the bet rose by only 30 since."""
    spec = game("2-7-triple-draw", TripleDrawSettings(small_bet=100, big_bet=200))
    hand = Hand(spec, [260, STACK, STACK, STACK, 230, STACK], 0, seed=4)
    assert blinds(hand) == [(1, 50), (2, 100)] and hand.actor == 3
    hand.raise_to(200)  # 3: raise one (the big blind is the bet)
    hand.raise_to(230)  # 4, all-in: 30 more, less than half a bet
    hand.call()  # 5
    hand.raise_to(260)  # 0, all-in: 60 over the raise to 200, raise two
    hand.call()  # 1
    hand.call()  # 2
    hand.call()  # 3
    legal = hand.legal_actions()
    assert legal.seat == 5 and legal.kinds == ("fold", "call", "raise") and legal.call == 30
    assert legal.min_to == legal.max_to == 360
    hand.raise_to(360)  # raise three: the cap
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call") and legal.call == 100


def test_r_limit_3_short_all_ins_that_add_up_to_half_a_bet_reopen() -> None:
    hand = Hand(OMAHA_HILO, [STACK, STACK, 230, 260], 0, seed=1)
    hand.call()  # 3
    hand.call()  # 0
    hand.call()  # 1
    hand.check()  # 2
    assert hand.street == 1 and hand.actor == 1
    hand.bet(100)  # 1
    hand.raise_to(130)  # 2, all-in: 30 more, less than half a bet
    hand.raise_to(160)  # 3, all-in: 30 more, 60 with seat 2's, half a bet or more
    hand.call()  # 0
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call", "raise") and legal.min_to == 260


# ---------------------------------------------------------------------------- R-OMAHA-1


def test_r_omaha_1_four_hole_cards_blinds_and_the_order_of_action() -> None:
    text = "As Kd Qh Js Tc 9d 8h 7s 6c 5d 4h 3s 2c 2d 3h 4s 5s"
    top = parse_cards(text)
    hand = Hand(OMAHA, [1000] * 3, 0, deck=text)
    # One card at a time from the button's left: seats 1, 2, 0, four rounds.
    assert hand.cards == [top[2:12:3], top[0:12:3], top[1:12:3]]
    assert blinds(hand) == [(1, 1), (2, 2)]
    assert hand.actor == 0  # left of the big blind
    hand.call()
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.kinds == ("check", "raise")  # the big blind's option
    hand.check()
    for street, board in ((1, 3), (2, 4), (3, 5)):
        assert hand.street == street and hand.board == top[12 : 12 + board]
        order = []
        while hand.street == street and not hand.is_over:
            order.append(hand.actor)
            hand.check()
        assert order == [1, 2, 0]


def test_r_omaha_1_heads_up_the_button_posts_the_small_blind_and_acts_first() -> None:
    hand = Hand(OMAHA, [1000, 1000, 0], 1, seed=3)
    assert blinds(hand) == [(1, 1), (0, 2)] and hand.cards[2] == []
    assert hand.actor == 1
    hand.call()
    hand.check()
    assert hand.street == 1 and hand.actor == 0


def test_r_omaha_1_all_in_before_the_flop_hands_exposed_then_the_whole_board() -> None:
    hand = Hand(OMAHA, [50, 50], 0, seed=2)
    hand.raise_to(6)  # the button: 1 + pot (1 + 2 + 1) = 6 at most
    hand.raise_to(18)  # the big blind: 6 + 12
    hand.raise_to(50)  # all-in (less than the pot-sized 54)
    start = len(hand.events)
    hand.call()
    assert hand.is_over and len(hand.board) == 5
    tail = hand.events[start:]
    kinds = [e.kind for e in tail]
    assert kinds[:4] == ["call", "expose", "expose", "board"]
    assert {e.seat for e in tail if e.kind == "expose"} == {0, 1}
    assert kinds.count("board") == 3 and sum(hand.stacks) == 100


def test_r_omaha_2_fixed_limit_by_default_pot_limit_as_an_option() -> None:
    assert isinstance(OMAHA_HILO.betting, FixedLimit)
    assert game("omaha").betting == PotLimit(100)
    spec = game("omaha-hi-lo", OmahaHiLoSettings(betting="pot-limit"))
    assert spec.betting == PotLimit(100)
    assert [p.cards for p in spec.showdown] == ["two-hole-three-board"] * 2
    assert spec.showdown[1].qualifier == "eight-or-better"


def test_r_omaha_1_four_hearts_on_the_board_and_one_in_the_hand_is_no_flush() -> None:
    board = "Ah Kh 7h 4h 2c"
    hand = stacked(OMAHA, {0: "Qh Jd 9c 5s", 1: "3d 3s 8c 9d"}, board)
    check_down(hand)
    # Seat 0: Qh Jd with Ah Kh 7h: ace high. Seat 1: the threes with A K 7.
    assert shows(hand) == {0: strength("Qh Jd Ah Kh 7h"), 1: strength("3d 3s Ah Kh 7h")}
    assert shows(hand)[0] < strength("Ah Kh Qh 7h 4h")  # the flush it does not have
    assert hand.winners == [1] and hand.stacks == [STACK - 2, STACK + 2]


def test_r_omaha_1_a_board_pair_plays_with_exactly_two_hole_cards() -> None:
    board = "Kc Kd 7s 4h 2c"
    holes = {0: "Ks Qd 9c 3s", 1: "Ac Ad 8h 8d", 2: "7c 7h 2d 3d"}
    hand = stacked(OMAHA, holes, board)
    check_down(hand)
    assert shows(hand) == {
        0: strength("Ks Qd Kc Kd 7s"),  # trip kings, queen and seven
        1: strength("Ac Ad Kc Kd 7s"),  # aces and kings
        2: strength("7c 7h 7s Kc Kd"),  # sevens full of kings
    }
    assert shows(hand)[2] > shows(hand)[0] > shows(hand)[1]
    assert hand.winners == [2] and hand.stacks == [STACK - 2, STACK - 2, STACK + 4]


def test_r_omaha_1_only_two_hole_cards_play_even_with_trips_in_the_hand() -> None:
    board = "2c 7h 9s Jd 3c"
    hand = stacked(OMAHA, {0: "As Ad Ac Kd", 1: "Jc 9c 4d 5s"}, board)
    check_down(hand)
    assert shows(hand) == {0: strength("As Ad Jd 9s 7h"), 1: strength("Jc 9c Jd 9s 7h")}
    assert hand.winners == [1]


# ---------------------------------------------------------------------------- R-OMAHA-2

LOW_BOARD = "Ac 2d 7h 9c Kd"
"""A board that makes lows for any two different hole cards of eight or lower other than the
ace, deuce and seven."""


def test_r_omaha_2_one_hand_scoops() -> None:
    holes = {0: "4c 5s Ks Kc", 1: "Qc Qh 7h 8d"}
    hand = stacked(OMAHA_HILO, holes, "As 2d 3h 9c Kd")
    check_down(hand)
    assert shows(hand) == {0: strength("4c 5s As 2d 3h"), 1: strength("Qc Qh As Kd 9c")}
    assert lows(hand) == {
        0: strength("4c 5s As 2d 3h", "ace-five"),
        1: strength("7h 8d As 2d 3h", "ace-five"),
    }
    assert hand.winners == [0] and hand.payouts == [200, 0]


def test_r_omaha_2_a_quartered_pot_and_halves_from_different_hole_cards() -> None:
    holes = {
        0: "3c 4s Kc Ks",  # the high from Kc Ks, the low from 3c 4s
        1: "3d 4h Qc Jd",  # the same low
        2: "Th Tc 8s 8d",  # no low: a pair among its cards of eight or lower
    }
    hand = stacked(OMAHA_HILO, holes, LOW_BOARD)
    check_down(hand)
    assert shows(hand)[0] == strength("Kc Ks Kd Ac 9c")
    assert lows(hand) == {
        0: strength("3c 4s Ac 2d 7h", "ace-five"),
        1: strength("3d 4h Ac 2d 7h", "ace-five"),
    }
    # 300: the high half (150) to seat 0, the low half split 75 / 75.
    assert hand.payouts == [225, 75, 0]


def test_r_omaha_2_without_a_qualifying_low_the_high_takes_the_whole_pot() -> None:
    holes = {0: "As Ad 3h 4h", 1: "3c 4c 5s 6s"}
    hand = stacked(OMAHA_HILO, holes, "Kc Qd 9h 7s 2c")
    check_down(hand)
    assert lows(hand) == {}
    assert hand.winners == [0] and hand.payouts == [200, 0]


def test_r_omaha_2_the_odd_chip_between_the_halves_goes_to_the_high() -> None:
    spec = game("omaha-hi-lo", OmahaHiLoSettings(small_blind=25, big_blind=50))
    holes = {0: "Kc Ks Qh Qs", 1: "5c 6d Th Tc", 2: "3c 4s Jh Js"}
    hand = stacked(spec, holes, LOW_BOARD)
    hand.call()  # 0
    hand.fold()  # 1, the small blind: 25 dead
    check_down(hand)
    assert lows(hand) == {2: strength("3c 4s Ac 2d 7h", "ace-five")}
    assert hand.payouts == [63, 0, 62]  # 125: 63 high, 62 low


def test_r_omaha_2_odd_chips_between_tied_lows_go_from_the_left_of_the_button() -> None:
    spec = game("omaha-hi-lo", OmahaHiLoSettings(small_blind=25, big_blind=50))
    holes = {
        0: "3c 4s Jh Js",  # the button: low 7-4-3-2-A
        1: "5c 6d 8h 8s",  # the small blind, folds
        2: "3d 4h Th Tc",  # low 7-4-3-2-A
        3: "Kc Ks Qh Qs",  # trip kings, no low
    }
    hand = stacked(spec, holes, LOW_BOARD)
    hand.call()  # 3
    hand.call()  # 0
    hand.fold()  # 1
    check_down(hand)
    # 175: 88 high to seat 3; 87 low split 44 (seat 2, first left of the button) and 43.
    assert hand.payouts == [43, 0, 44, 88]


def test_r_omaha_2_a_side_pot_whose_contenders_have_no_low_goes_whole_to_the_high() -> None:
    holes = {
        0: "Qc Qh Jd Js",  # queens; no low
        1: "Kc Ks 9d 9h",  # trip kings; no low
        2: "3c 4s Th Jh",  # the big blind, all-in for 100: 7-4-3-2-A
    }
    hand = stacked(OMAHA_HILO, holes, LOW_BOARD, stacks=[STACK, STACK, 100])
    assert hand.stacks[2] == 0
    hand.call()  # 0
    hand.call()  # 1
    assert hand.street == 1 and hand.actor == 1
    hand.bet(100)
    hand.call()
    hand.bet(200)
    hand.call()
    check_down(hand)
    # Main pot 300: 150 high (seat 1), 150 low (seat 2). Side pot 2 x 300 = 600: all to seat 1.
    assert lows(hand) == {2: strength("3c 4s Ac 2d 7h", "ace-five")}
    assert hand.payouts == [0, 750, 150]
    assert hand.stacks == [STACK - 400, STACK - 400 + 750, 150]


# ---------------------------------------------------------------------------- R-BLINDDRAW-1


def betting_order(hand: Hand) -> list[int]:
    """Checks (or calls) round the current betting round: the seats in the order they act."""
    street, order = hand.street, []
    while hand.phase == "bet" and hand.street == street:
        order.append(hand.actor)
        hand.check_or_call()
    return order  # type: ignore[return-value]


def draw_order(hand: Hand, count: int = 1) -> list[int]:
    """Every seat draws ``count`` cards (its first ones): the seats in the order they draw."""
    order = []
    while hand.phase == "draw":
        seat = hand.actor
        assert seat is not None
        order.append(seat)
        hand.draw(hand.cards[seat][:count])
    return order


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_r_blinddraw_1_blinds_action_and_drawing_order(name: str) -> None:
    spec = game(name)
    hand = Hand(spec, [STACK] * 4, 0, seed=5)
    assert blinds(hand) == [(1, 50), (2, 100)]
    assert [len(c) for c in hand.cards] == [4 if name == "badugi" else 5] * 4
    # Before the first draw: left of the big blind; the big blind last, with its option.
    order = []
    for _ in range(3):
        order.append(hand.actor)
        hand.call()
    assert order == [3, 0, 1]
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.kinds == ("check", "raise")
    hand.check()
    draws = 3 if name != "2-7-single-draw" else 1
    for _ in range(draws):
        assert draw_order(hand) == [1, 2, 3, 0]  # each draw from the button's left
        assert betting_order(hand) == [1, 2, 3, 0]  # then the betting
    assert hand.is_over


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_r_blinddraw_1_after_a_fold_the_first_active_seat_left_of_the_button_starts(
    name: str,
) -> None:
    hand = Hand(game(name), [STACK] * 4, 0, seed=5)
    hand.call()  # 3
    hand.call()  # 0
    hand.fold()  # 1, the small blind
    hand.check()  # 2
    assert draw_order(hand) == [2, 3, 0]
    assert betting_order(hand) == [2, 3, 0]


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_r_blinddraw_1_heads_up_the_button_posts_the_small_blind_and_draws_last(
    name: str,
) -> None:
    hand = Hand(game(name), [STACK, STACK], 1, seed=5)
    assert blinds(hand) == [(1, 50), (0, 100)]
    assert hand.actor == 1
    hand.call()
    assert hand.legal_actions().kinds == ("check", "raise")
    hand.check()
    assert draw_order(hand) == [0, 1]
    assert betting_order(hand) == [0, 1]


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_r_blinddraw_1_seats_without_chips_are_skipped_by_the_blinds_and_the_deal(
    name: str,
) -> None:
    hand = Hand(game(name), [STACK, 0, STACK, STACK], 0, seed=5)
    assert blinds(hand) == [(2, 50), (3, 100)] and hand.cards[1] == []
    assert [e.seat for e in hand.events if e.kind == "deal"] == [2, 3, 0]
    assert hand.actor == 0


@pytest.mark.parametrize("name", DRAW_GAMES)
def test_r_blinddraw_1_draw_counts_are_public_discards_and_new_cards_private(name: str) -> None:
    hand = Hand(game(name), [STACK] * 3, 0, seed=8)
    hand.call()
    hand.call()
    hand.check()
    out = {seat: hand.cards[seat][: seat + 1] for seat in range(3)}
    before = {seat: list(hand.cards[seat]) for seat in range(3)}
    start = len(hand.events)
    for seat in (1, 2, 0):
        assert hand.actor == seat
        hand.draw(out[seat])
    tail = hand.events[start:]
    assert [e for e in tail if e.kind == "draw"] == [
        Event("draw", seat, None, seat + 1) for seat in (1, 2, 0)
    ]
    for seat in range(3):
        new = [c for c in hand.cards[seat] if c not in before[seat]]
        assert Event("discard", seat, seat, seat + 1, tuple(out[seat])) in tail
        assert Event("receive", seat, seat, seat + 1, tuple(new)) in tail
        view = hand.view(seat)
        assert list(view.drawn) == [1, 2, 3]
        seen = {c for e in view.events for c in e.cards}
        for other in range(3):
            if other != seat:
                assert not seen & (set(out[other]) | set(hand.cards[other])), (seat, other)
        assert {e.kind for e in view.events if e.to is not None} <= {"deal", "discard", "receive"}


# ---------------------------------------------------------------------------- R-27SD-1


def test_r_27sd_1_one_draw_of_zero_to_five_between_two_betting_rounds() -> None:
    holes = {1: "Kc Kd Ks Qc Qd", 0: "7c 5h 4s 3d Kh"}
    hand = stacked(SINGLE, holes, "Ah Ad As Ac 9c 2d", stacks=[STACK, STACK], button=0)
    hand.call()  # the button
    hand.check()
    assert hand.phase == "draw" and hand.actor == 1
    assert hand.legal_actions().max_discards == 5
    hand.draw(parse_cards("Kc Kd Ks Qc Qd"))  # all five
    assert hand.cards[1] == parse_cards("Ah Ad As Ac 9c")
    hand.draw(parse_cards("Kh"))
    assert hand.cards[0] == parse_cards("7c 5h 4s 3d 2d")
    assert hand.phase == "bet" and hand.actor == 1
    hand.bet(300)
    hand.call()
    assert hand.is_over  # a second betting round, then the showdown
    assert shows(hand) == {
        0: strength("7c 5h 4s 3d 2d", "deuce-seven"),
        1: strength("Ah Ad As Ac 9c", "deuce-seven"),
    }
    assert hand.winners == [0] and hand.stacks == [STACK + 400, STACK - 400]


def test_r_27sd_1_deuce_to_seven_showdown_the_wheel_is_ace_high_not_a_straight() -> None:
    holes = {
        1: "As 5d 4h 3c 2s",  # ace high
        2: "Kd Qh 9c 8s 7d",  # king high
        3: "2c 2d 7h 8c 9s",  # a pair of deuces
        0: "6h 5c 4d 3s 2h",  # a straight
    }
    hand = stacked(SINGLE, holes, stacks=[STACK] * 4, button=0)
    check_down(hand)
    got = shows(hand)
    assert got == {seat: strength(text, "deuce-seven") for seat, text in holes.items()}
    # King high beats ace high (the ace is high); ace high beats a pair (not a straight); a
    # pair beats a straight (straights count against the hand).
    assert got[2] > got[1] > got[3] > got[0]
    assert hand.winners == [2]


def test_r_27sd_1_seven_five_four_three_two_is_the_best_hand() -> None:
    holes = {1: "8c 6h 5s 4d 3c", 0: "7c 5h 4s 3d 2d"}
    hand = stacked(SINGLE, holes, stacks=[STACK, STACK], button=0)
    check_down(hand)
    assert shows(hand)[0] == strength("7s 5s 4s 3s 2h", "deuce-seven")
    assert shows(hand)[0] > shows(hand)[1] and hand.winners == [0]
    # The same ranks of one suit are a flush: worse than an eight low.
    assert strength("7s 5s 4s 3s 2s", "deuce-seven") < shows(hand)[1]


def test_r_27sd_1_no_limit_blinds_from_the_settings() -> None:
    spec = game("2-7-single-draw", SingleDrawSettings(small_blind=25, big_blind=50, ante=5))
    hand = Hand(spec, [STACK] * 3, 0, seed=1)
    assert [e.amount for e in hand.events if e.kind == "ante"] == [5, 5, 5]
    assert blinds(hand) == [(1, 25), (2, 50)]
    legal = hand.legal_actions()
    assert legal.min_to == 100 and legal.max_to == STACK - 5


# ---------------------------------------------------------------------------- R-27TD-1


def test_r_27td_1_four_betting_rounds_three_draws_small_small_big_big() -> None:
    assert TRIPLE.betting == FixedLimit(100, 200, 4, False)
    hand = Hand(TRIPLE, [STACK] * 3, 0, seed=4)
    assert blinds(hand) == [(1, 50), (2, 100)]
    legal = hand.legal_actions()
    assert legal.min_to == legal.max_to == 200
    hand.raise_to(200)
    hand.call()
    hand.call()
    for size in (100, 200, 200):
        assert hand.phase == "draw"
        assert hand.legal_actions().max_discards == 5
        while hand.phase == "draw":
            hand.draw(hand.cards[hand.actor][:5])  # type: ignore[index]
        legal = hand.legal_actions()
        assert legal.kinds == ("check", "bet") and legal.min_to == legal.max_to == size
        hand.bet(size)
        hand.call()
        hand.call()
    assert hand.is_over and hand.pot == 0
    assert shows(hand) == {s: evaluate(hand.cards[s], "deuce-seven") for s in range(3)}
    assert sum(hand.stacks) == 3 * STACK
    assert sorted(hand.stacks)[0] == STACK - 700


def test_r_27td_1_blinds_from_the_settings_half_a_small_bet_and_one_small_bet() -> None:
    assert TripleDrawSettings(small_bet=300, big_bet=600).blinds() == (150, 300)
    spec = game("2-7-triple-draw", TripleDrawSettings(small_bet=300, big_bet=600))
    hand = Hand(spec, [STACK] * 3, 0, seed=1)
    assert blinds(hand) == [(1, 150), (2, 300)]
    assert hand.legal_actions().min_to == 600


def test_defect_a_draw_in_a_betting_round_says_it_is_a_betting_round() -> None:
    hand = Hand(TRIPLE, [STACK] * 3, 0, seed=1)
    assert hand.phase == "bet"
    reason = "it is a betting round, not a draw (legal now: fold, call, raise)"
    assert hand.why_illegal(Action.draw([])) == reason
    with pytest.raises(IllegalActionError, match=r"^seat 0 cannot draw: it is a betting round"):
        hand.act(Action.draw(hand.cards[0][:2]))
    refused(hand, Action.draw([]))
    hand.call()  # 0
    hand.call()  # 1
    hand.check()  # 2
    assert hand.phase == "draw"
    assert hand.why_illegal(Action.bet(100)) == "it is the draw"


# ---------------------------------------------------------------------------- R-DRAW-8


def card_places(hand: Hand) -> list[int]:
    return sorted(
        [c for cards in hand.cards for c in cards] + hand.board + hand.deck + hand.discards
    )


def play_max_draws(hand: Hand, rng: random.Random, fold: int | None = None) -> int:
    """Plays a triple-draw hand where everyone calls and draws the most cards allowed (the seat
    ``fold`` folds before the first draw); checks every step. Returns the reshuffles seen."""
    total = sum(hand.start_stacks)
    folded: set[int] = set()
    while not hand.is_over:
        assert card_places(hand) == list(range(52))  # every card in exactly one place
        assert sum(hand.stacks) + hand.pot == total
        seat = hand.actor
        assert seat is not None
        if hand.phase == "bet":
            if seat == fold and hand.can_fold():
                hand.fold()
                folded.add(seat)
            else:
                hand.check_or_call()
            continue
        out = rng.sample(hand.cards[seat], hand.legal_actions().max_discards)
        stub, pile = list(hand.deck), list(hand.discards)
        folded_cards = {c for s in folded for c in hand.cards[s]}
        assert not folded_cards & set(pile)  # folded hands are never reshuffled
        hand.draw(out)
        new = [e for e in hand.events if e.kind == "receive"][-1]
        assert new.seat == seat and len(new.cards) == len(out)
        assert not set(new.cards) & set(out)  # never the drawer's own discards
        assert not set(new.cards) & folded_cards
        served = list(new.cards)
        if len(out) > len(stub):
            # The stub, then cards of the discards made before this draw.
            assert served[: len(stub)] == stub and set(served[len(stub) :]) <= set(pile)
            assert hand.events[-4] == Event("reshuffle", None, None, len(pile))
        else:
            assert served == stub[: len(out)]
    assert card_places(hand) == list(range(52)) and sum(hand.stacks) == total
    return hand.reshuffles


@pytest.mark.parametrize("seed", range(6))
def test_r_draw_8_six_players_drawing_five_run_out_of_stub_and_reshuffle(seed: int) -> None:
    hand = Hand(TRIPLE, [STACK] * 6, 0, seed=seed)
    # 6 x 5 = 30 cards dealt, 22 left: the first draw of five cards each runs short.
    assert len(hand.deck) == 22
    reshuffles = play_max_draws(hand, random.Random(seed))
    assert reshuffles >= 3


@pytest.mark.parametrize("seed", range(6))
def test_r_draw_8_a_folded_hand_is_never_reshuffled(seed: int) -> None:
    hand = Hand(TRIPLE, [STACK] * 6, 0, seed=seed)
    assert play_max_draws(hand, random.Random(seed), fold=3) >= 2


def test_r_draw_8_the_reshuffle_serves_the_drawer_from_the_earlier_discards() -> None:
    holes = {
        1: "2c 3c 4c 5c 6c",
        2: "7c 8c 9c Tc Jc",
        3: "Qc Kc Ac 2d 3d",
        4: "4d 5d 6d 7d 8d",
        5: "9d Td Jd Qd Kd",
        0: "Ad 2h 3h 4h 5h",
    }
    stacks = [STACK] * 6
    deal = top_of_deck(stacks, 0, holes)
    # The reshuffle puts seat 1's deuce and trey of clubs on top.
    hand = Hand(TRIPLE, stacks, 0, shuffles=[deal, parse_cards("3c 2c")])
    for _ in range(5):
        hand.call()
    hand.check()
    stub = list(hand.deck)
    for seat in (1, 2, 3, 4):
        hand.draw(hand.cards[seat])
    # Seats 1-4 took 20 of the 22 cards; seat 5 gets the last two, then the reshuffled
    # discards of seats 1-4 (20 cards), the 3c and 2c first.
    assert hand.actor == 5 and hand.deck == stub[20:]
    hand.draw(hand.cards[5])
    pile = parse_cards(" ".join(holes[seat] for seat in (1, 2, 3, 4)))
    assert hand.cards[5][:4] == [*stub[20:], *parse_cards("3c 2c")]
    assert hand.cards[5][4] in pile
    reshuffle = [e for e in hand.events if e.kind == "reshuffle"]
    assert reshuffle == [Event("reshuffle", None, None, 20)]
    assert not set(hand.cards[5]) & set(parse_cards(holes[5]))
    assert hand.reshuffles == 1 and len(hand.deck) == 20 - 3


# ---------------------------------------------------------------------------- R-BADUGI-3


def test_r_badugi_3_four_cards_each_and_draws_of_zero_to_four() -> None:
    hand = Hand(BADUGI, [STACK] * 3, 0, seed=2)
    assert [len(c) for c in hand.cards] == [4, 4, 4] and len(hand.deck) == 52 - 12
    hand.call()
    hand.call()
    hand.check()
    legal = hand.legal_actions()
    assert legal.kinds == ("draw",) and legal.max_discards == 4
    seat = legal.seat
    # Five cards cannot be drawn: the hand has four.
    refused(hand, Action.draw([*hand.cards[seat], hand.deck[0]]))
    hand.draw(hand.cards[seat])  # all four
    assert len(hand.cards[seat]) == 4
    hand.draw()  # stands pat
    hand.draw(hand.cards[hand.actor][:2])  # type: ignore[index]
    assert [e.amount for e in hand.events if e.kind == "draw"] == [4, 0, 2]


def test_r_badugi_3_the_badugi_showdown() -> None:
    holes = {
        1: "Ac 2d 3h 4s",  # the best badugi
        2: "Kc Qd Jh Ts",  # a four-card badugi, king high
        0: "As 2s 3d 5h",  # three cards: A-3-5
    }
    hand = stacked(BADUGI, holes, stacks=[STACK] * 3, button=0)
    check_down(hand)
    got = shows(hand)
    assert got == {seat: strength(text, "badugi") for seat, text in holes.items()}
    assert got[1] > got[2] > got[0]
    assert hand.winners == [1] and hand.stacks == [STACK - 100, STACK + 200, STACK - 100]
