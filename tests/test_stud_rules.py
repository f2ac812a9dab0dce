"""Section 6 of docs/rules.md (Seven-Card Stud Hi, R-STUD-1..10) and the stud games of section 7
(Razz, R-RAZZ-1; Stud Hi/Lo, R-STUD8-1), checked on stacked decks.

In stud the button sits at the last seat and never moves, so the deal starts at seat 0: third
street deals a down card to every seat, then a second down card, then an up card, one card at a
time; each later street deals one card to every seat still in (fourth to sixth street face up,
seventh face down). :func:`stud_deck` lays the top of a deck out that way from each seat's cards
in the order the seat receives them. Expected chips, actors and strengths are worked out by hand
in each test from the rule (hand strengths with :func:`drawpoker.evaluate` on the cards the rule
says make the hand), never read back from the engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from drawpoker import evaluate
from drawpoker.bots import CheckCallBot
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import Action, Award, Event, GameSpec, Hand, game
from drawpoker.engine.variants.stud import StudSettings
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.table import Table, TableSettings

STUD = game("stud")
RAZZ = game("razz")
HILO = game("stud-hi-lo")
CENTS = StudSettings(small_bet=2, big_bet=4, ante=1, bring_in=1)
"""Tiny stakes, so that pots of an odd number of chips are easy to make."""
STACK = 10000


def stud_deck(hands: Mapping[int, str], common: str = "") -> list[int]:
    """The top of a stud deck that deals each seat of ``hands`` its cards in the order given
    (two down, one up, three up, one down); a seat with fewer than seven cards is dealt only
    the streets its cards reach (it folds before the next). ``common`` follows: the card that
    goes to the board when the stub cannot give every seat its seventh card (R-STUD-7)."""
    parsed = {seat: parse_cards(text) for seat, text in hands.items()}
    seats = sorted(parsed)
    deck = [parsed[seat][round_] for round_ in range(3) for seat in seats]
    for street in range(3, 7):
        deck += [parsed[seat][street] for seat in seats if len(parsed[seat]) > street]
    deck += parse_cards(common)
    assert len(deck) == len(set(deck)), "a card twice in the stacked deck"
    return deck


def stud_hand(
    hands: Mapping[int, str],
    spec: GameSpec = STUD,
    stacks: Sequence[int] | None = None,
    common: str = "",
) -> Hand:
    """A stud hand of ``len(hands)`` seats (or ``stacks``), the button at the last seat."""
    chips = list(stacks) if stacks is not None else [STACK] * len(hands)
    assert sorted(hands) == [s for s in range(len(chips)) if chips[s] > 0]
    return Hand(spec, chips, len(chips) - 1, deck=stud_deck(hands, common))


def bring_in(hand: Hand) -> None:
    hand.act(Action.bring_in())


def check_down(hand: Hand) -> None:
    """Everyone brings in, calls or checks to the end."""
    while not hand.is_over:
        hand.check_or_call()


def play_street(hand: Hand) -> None:
    """Checks or calls until the street changes (or the hand ends)."""
    street = hand.street
    while not hand.is_over and hand.street == street:
        hand.check_or_call()


def refused(hand: Hand, action: Action) -> None:
    """Asserts ``action`` is refused with IllegalActionError and changes nothing."""
    before = hand.to_dict()
    assert hand.why_illegal(action), f"{action} should be illegal"
    with pytest.raises(IllegalActionError):
        hand.act(action)
    assert hand.to_dict() == before


def shown(hand: Hand) -> list[int]:
    """The seats in the order their hands were shown."""
    return [e.seat for e in hand.events if e.kind == "show"]  # type: ignore[misc]


def strength(text: str, ranking: str = "high") -> int:
    return evaluate(parse_cards(text), ranking)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


# ---------------------------------------------------------------------------- R-STUD-1


def test_r_stud_1_up_to_eight_seats_each_antes() -> None:
    assert STUD.seats == (2, 8)
    with pytest.raises(InvalidArgumentError):
        Hand(STUD, [STACK] * 9, 8)
    hand = Hand(STUD, [STACK] * 8, 7, seed=1)
    assert [e for e in hand.events if e.kind == "ante"] == [
        Event("ante", seat, None, 40) for seat in range(8)
    ]
    assert hand.pot == 8 * 40 and hand.stacks == [STACK - 40] * 8
    assert all(len(c) == 3 for c in hand.cards)


def test_r_stud_1_stakes_in_the_smallest_chip_unit() -> None:
    # 2/4 with a 0.40 ante and a 0.50 bring-in, in cents.
    settings = StudSettings()
    assert (settings.small_bet, settings.big_bet, settings.ante, settings.bring_in) == (
        200,
        400,
        40,
        50,
    )
    spec = game("stud", StudSettings(small_bet=4, big_bet=8, ante=1, bring_in=2))
    assert (spec.forced.ante, spec.forced.bring_in) == (1, 2)
    with pytest.raises(InvalidArgumentError):
        StudSettings(small_bet=200, bring_in=200)  # a bring-in must be less than a bet
    with pytest.raises(InvalidArgumentError):
        StudSettings(small_bet=400, big_bet=200)


# ---------------------------------------------------------------------------- R-STUD-2


def test_r_stud_2_third_street_two_down_one_up_dealt_from_the_first_seat() -> None:
    hands = {0: "As Kd 5c", 1: "Qh Jh 7d", 2: "Tc 9s 3h"}
    hand = stud_hand(hands)
    # One card at a time from seat 0: As Qh Tc, then Kd Jh 9s, then the up cards 5c 7d 3h.
    assert stud_deck(hands) == parse_cards("As Qh Tc Kd Jh 9s 5c 7d 3h")
    assert hand.button == 2
    for seat, text in hands.items():
        assert hand.cards[seat] == parse_cards(text)
        assert hand.face_up[seat] == [False, False, True]
    dealt = [e for e in hand.events if e.kind in ("deal", "up")]
    assert dealt == [
        Event("deal", 0, 0, 0, cards("As Kd")),
        Event("deal", 1, 1, 0, cards("Qh Jh")),
        Event("deal", 2, 2, 0, cards("Tc 9s")),
        Event("up", 0, None, 0, cards("5c")),
        Event("up", 1, None, 0, cards("7d")),
        Event("up", 2, None, 0, cards("3h")),
    ]


def test_r_stud_2_the_stud_button_stays_at_the_last_seat_at_a_table() -> None:
    cpu = {seat: CheckCallBot() for seat in range(4)}
    table = Table(STUD, 4, seed=2, cpu=cpu, settings=TableSettings(rounds=3))
    table.play_cpu()
    assert table.is_over and [hand.button for hand in table.hands] == [3, 3, 3]
    for hand in table.hands:
        assert [e.seat for e in hand.events if e.kind == "deal"][:4] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("ups", "bringer"),
    [
        # Two deuces up: the club brings in, though the diamond sits nearer the first seat.
        (("2d", "5c", "2c", "9h"), 2),
        (("2s", "2h", "2d", "2c"), 3),
        # The lowest rank brings in whatever its suit; the ace is high.
        (("3c", "2s", "Kd", "Ac"), 1),
        (("Ac", "Kd", "Ad", "Ks"), 1),
    ],
)
def test_r_stud_2_the_lowest_up_card_brings_in_ties_by_suit_clubs_lowest(
    ups: tuple[str, ...], bringer: int
) -> None:
    downs = ("Qh Jh", "Th Tc", "8h 7h", "6h 6d")
    hand = stud_hand({seat: f"{downs[seat]} {up}" for seat, up in enumerate(ups)})
    assert hand.actor == bringer
    legal = hand.legal_actions()
    assert legal.kinds == ("bring-in", "bet") and legal.call == 50
    assert legal.min_to == legal.max_to == 200  # a completion is one small bet
    refused(hand, Action.check())
    refused(hand, Action.fold())
    refused(hand, Action.call())
    refused(hand, Action.bet(100))


def test_r_stud_2_after_the_bring_in_fold_call_or_complete_then_fold_call_raise() -> None:
    hand = stud_hand({0: "As Kd 9c", 1: "Qh Jh 7d", 2: "Tc 9s 3h"})
    assert hand.actor == 2
    start = len(hand.events)
    bring_in(hand)
    assert hand.events[start:] == [Event("bring-in", 2, None, 50)]
    assert hand.bets == [0, 0, 50] and hand.stacks == [9960, 9960, 9910]
    legal = hand.legal_actions()
    # Call the bring-in, or complete to the small bet (nothing else).
    assert legal.seat == 0 and legal.kinds == ("fold", "call", "raise") and legal.call == 50
    assert legal.min_to == legal.max_to == 200
    refused(hand, Action.raise_to(100))
    refused(hand, Action.raise_to(400))
    hand.call()
    assert hand.actor == 1 and hand.legal_actions().call == 50
    hand.raise_to(200)  # completes
    assert hand.events[-1] == Event("raise", 1, None, 200)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.kinds == ("fold", "call", "raise")
    assert legal.call == 150 and legal.min_to == legal.max_to == 400
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 150 and legal.min_to == legal.max_to == 400
    hand.call()
    assert hand.street == 1 and hand.pot == 120 + 600


def test_r_stud_2_the_bring_in_may_complete_itself() -> None:
    hand = stud_hand({0: "As Kd 9c", 1: "Qh Jh 7d", 2: "Tc 9s 3h"})
    hand.bet(200)
    assert hand.events[-1] == Event("bet", 2, None, 200)
    assert "bring-in" not in [e.kind for e in hand.events]
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call", "raise")
    assert legal.call == 200 and legal.min_to == legal.max_to == 400


def test_r_stud_2_when_everyone_calls_the_bring_in_it_has_no_option() -> None:
    hand = stud_hand({0: "As Kd 9c 8c", 1: "Qh Jh 7d 6d", 2: "Tc 9s 3h 2h"})
    bring_in(hand)
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.pot == 120 + 150


def test_r_stud_2_if_everyone_folds_to_the_bring_in_it_wins_the_antes() -> None:
    hand = stud_hand({0: "As Kd 9c", 1: "Qh Jh 7d", 2: "Tc 9s 3h"})
    bring_in(hand)
    start = len(hand.events)
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.events[start:] == [
        Event("fold", 0, None),
        Event("fold", 1, None),
        Event("return", 2, None, 50),
        Event("award", 2, None, 120, award=Award(pot=0, pots=1, share="whole", strength=None)),
    ]
    assert hand.stacks == [9960, 9960, 10080] and hand.winners == [2]


# ---------------------------------------------------------------------------- R-STUD-3


def test_r_stud_3_the_completion_is_the_bet_and_three_raises_cap_the_round() -> None:
    hand = stud_hand({0: "As Kd 9c", 1: "Qh Jh 7d", 2: "Tc 9s 3h"})
    bring_in(hand)  # seat 2
    hand.raise_to(200)  # 0 completes: the one bet
    hand.raise_to(400)  # 1: raise one
    hand.raise_to(600)  # 2: raise two
    assert hand.legal_actions().kinds == ("fold", "call", "raise")
    hand.raise_to(800)  # 0: raise three
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call") and legal.call == 400
    refused(hand, Action.raise_to(1000))
    hand.call()
    assert hand.legal_actions().kinds == ("fold", "call")
    hand.call()
    assert hand.street == 1 and hand.pot == 120 + 3 * 800


@pytest.mark.parametrize("uncapped", [False, True])
def test_r_stud_3_the_cap_applies_heads_up_unless_the_option_lifts_it(uncapped: bool) -> None:
    spec = game("stud", StudSettings(heads_up_uncapped=uncapped))
    hand = stud_hand({0: "As Kd 9c", 1: "Tc 9s 3h"}, spec)
    assert hand.actor == 1
    bring_in(hand)
    for to in (200, 400, 600, 800):  # the completion and three raises
        hand.raise_to(to)
    legal = hand.legal_actions()
    if not uncapped:
        assert legal.seat == 0 and legal.kinds == ("fold", "call")
        refused(hand, Action.raise_to(1000))
        return
    for to in (1000, 1200, 1400):
        legal = hand.legal_actions()
        assert legal.kinds == ("fold", "call", "raise") and legal.min_to == legal.max_to == to
        hand.raise_to(to)
    hand.call()
    assert hand.street == 1 and hand.pot == 80 + 2 * 1400


def test_r_stud_3_the_option_lifts_the_cap_only_for_a_round_that_starts_with_two() -> None:
    spec = game("stud", StudSettings(heads_up_uncapped=True))
    hand = stud_hand({0: "As Kd 9c", 1: "Qh Jh 7d 6c", 2: "Tc 9s 3h 4d"}, spec)
    bring_in(hand)  # seat 2
    hand.fold()  # seat 0: two players left, but the round started with three
    for to in (200, 400, 600, 800):
        hand.raise_to(to)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call")
    hand.call()
    # Fourth street starts heads-up: no cap. Seat 1's 7-6 beats 4-3 and acts first.
    assert hand.street == 1 and hand.actor == 1
    hand.bet(200)
    for to in (400, 600, 800, 1000, 1200):
        hand.raise_to(to)
    assert hand.legal_actions().kinds == ("fold", "call", "raise")


def test_r_stud_3_the_cap_on_a_later_street_is_one_bet_and_three_raises() -> None:
    hand = stud_hand({0: "As Kd 9c 8c", 1: "Qh Jh 7d 6c", 2: "Tc 9s 3h 4d"})
    bring_in(hand)
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.actor == 0  # 9-8 is the best board
    hand.bet(200)
    for to in (400, 600, 800):
        hand.raise_to(to)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call") and legal.call == 400


def test_r_stud_2_an_all_in_completion_of_half_a_bet_counts_as_the_completion() -> None:
    hands = {0: "As Kd 9c", 1: "Qh Jh 7d", 2: "Tc 9s 3h", 3: "8c 8d Ks"}
    hand = stud_hand(hands, stacks=[STACK, STACK, STACK, 190])
    bring_in(hand)  # seat 2
    hand.raise_to(150)  # seat 3, all-in: 100 over the bring-in, half a bet
    legal = hand.legal_actions()
    # A full bet: the next raise is one bet over it, to 350.
    assert legal.seat == 0 and legal.call == 150
    assert legal.kinds == ("fold", "call", "raise") and legal.min_to == legal.max_to == 350


SMALL_BRING_IN = game("stud", StudSettings(small_bet=20, big_bet=40, ante=0, bring_in=15))
"""A bring-in of 15 on a small bet of 20: the completion adds less than half a bet."""


def test_r_stud_2_after_a_completion_the_bring_in_may_raise() -> None:
    """A completion is the round's full bet (R-STUD-2, R-STUD-3), however little it adds to
    the bring-in: the bring-in, which acted before it, may fold, call or raise."""
    hands = {0: "Ah Kh 2c", 1: "Ad Kd 9s", 2: "As Ks Th"}
    hand = stud_hand(hands, SMALL_BRING_IN, stacks=[1000, 1000, 1000])
    assert hand.actor == 0
    bring_in(hand)  # 0: 15
    hand.raise_to(20)  # 1 completes: 5 more, the one bet
    hand.call()  # 2
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call", "raise") and legal.call == 5
    assert legal.min_to == legal.max_to == 40
    hand.raise_to(40)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call", "raise") and legal.call == 20


def test_r_pot_6_an_all_in_completion_of_half_a_bet_reopens_for_those_who_called_the_bring_in() -> (
    None
):
    hands = {0: "Ah Kh 2c", 1: "Ad Kd 9s", 2: "As Ks Th", 3: "Qc Qd Jh"}
    spec = game("stud", StudSettings(small_bet=20, big_bet=40, ante=0, bring_in=5))
    hand = stud_hand(hands, spec, stacks=[1000, 1000, 12, 1000])
    assert hand.actor == 0
    bring_in(hand)  # 0: 5
    hand.call()  # 1: calls the bring-in
    hand.raise_to(12)  # 2, all-in: 12 of a 20 completion, half a bet or more
    hand.call()  # 3
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call", "raise")
    hand.call()  # 0
    legal = hand.legal_actions()
    # One bet over the all-in that counted as the completion.
    assert legal.seat == 1 and legal.kinds == ("fold", "call", "raise") and legal.call == 7
    assert legal.min_to == legal.max_to == 32
    hand.raise_to(32)
    assert hand.legal_actions().seat == 3


def test_r_pot_6_an_all_in_of_less_than_half_a_bet_over_the_bring_in_does_not_reopen() -> None:
    hands = {0: "Ah Kh 2c", 1: "Ad Kd 9s", 2: "As Ks Th", 3: "Qc Qd Jh"}
    spec = game("stud", StudSettings(small_bet=20, big_bet=40, ante=0, bring_in=5))
    hand = stud_hand(hands, spec, stacks=[1000, 1000, 9, 1000])
    bring_in(hand)  # 0: 5
    hand.call()  # 1
    hand.raise_to(9)  # 2, all-in: less than half of the 20 completion
    hand.call()  # 3
    hand.call()  # 0
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.kinds == ("fold", "call") and legal.call == 4
    refused(hand, Action.raise_to(20))


# ---------------------------------------------------------------------------- R-STUD-4

OPEN_PAIR = {0: "As Kd 9c 9d", 1: "Qh Jh 7d 6c", 2: "Tc 8s 3h 4d"}
"""Seat 0 shows a pair of nines on fourth street (and acts first); seat 2 brings in."""


def to_fourth_street(hands: Mapping[int, str], spec: GameSpec = STUD) -> Hand:
    hand = stud_hand(hands, spec)
    play_street(hand)
    assert hand.street == 1
    return hand


def test_r_stud_4_an_open_pair_allows_the_big_bet_and_then_raises_are_big() -> None:
    hand = to_fourth_street(OPEN_PAIR)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("check", "bet")
    assert (legal.min_to, legal.max_to, legal.step) == (200, 400, 200)
    refused(hand, Action.bet(300))
    refused(hand, Action.bet(600))
    hand.bet(400)
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.call == 400 and legal.min_to == legal.max_to == 800
    refused(hand, Action.raise_to(600))
    hand.raise_to(800)
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.min_to == legal.max_to == 1200


def test_r_stud_4_after_a_small_bet_a_raise_may_be_big_and_then_raises_are_big() -> None:
    hand = to_fourth_street(OPEN_PAIR)
    hand.bet(200)
    legal = hand.legal_actions()
    assert legal.seat == 1 and (legal.min_to, legal.max_to, legal.step) == (400, 600, 200)
    hand.raise_to(600)  # a raise of the big bet
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.call == 600 and legal.min_to == legal.max_to == 1000


def test_r_stud_4_any_player_may_bet_big_when_any_board_shows_a_pair() -> None:
    hand = to_fourth_street(OPEN_PAIR)
    hand.check()  # seat 0, the pair
    legal = hand.legal_actions()
    assert legal.seat == 1 and (legal.min_to, legal.max_to) == (200, 400)
    hand.bet(400)
    assert hand.legal_actions().min_to == hand.legal_actions().max_to == 800


def test_r_stud_4_without_an_open_pair_fourth_street_is_the_small_bet() -> None:
    hand = to_fourth_street({0: "As Kd 9c 8d", 1: "Qh Jh 7d 6c", 2: "Tc 8s 3h 4d"})
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.min_to == legal.max_to == 200
    refused(hand, Action.bet(400))
    hand.bet(200)
    assert hand.legal_actions().min_to == hand.legal_actions().max_to == 400


# ---------------------------------------------------------------------------- R-STUD-5


def test_r_stud_5_fifth_and_sixth_up_seventh_down_big_bets() -> None:
    hands = {0: "As Kd 9c 8d 7h 6s 2c", 1: "Qh Jh 3c 4d 5h Ts 2d"}
    hand = stud_hand(hands)
    bring_in(hand)  # seat 1: the 3c
    hand.call()
    for street in (1, 2, 3, 4):
        assert hand.street == street
        new = [e for e in hand.events if e.kind in ("up", "deal")][-2:]
        kind, to = ("deal", True) if street == 4 else ("up", False)
        assert new == [
            Event(kind, s, s if to else None, 0, (parse_cards(hands[s])[street + 2],))
            for s in (0, 1)
        ]
        assert all(hand.face_up[s][-1] == (street < 4) for s in (0, 1))
        legal = hand.legal_actions()
        size = 200 if street == 1 else 400
        assert legal.kinds == ("check", "bet") and legal.min_to == legal.max_to == size
        hand.bet(size)
        assert hand.legal_actions().min_to == hand.legal_actions().max_to == 2 * size
        hand.call()
    assert hand.is_over and [len(c) for c in hand.cards] == [7, 7]
    assert hand.face_up == [[False, False, True, True, True, True, False]] * 2
    # 80 antes, 50 each on third street, 200, 400, 400, 400 each later.
    assert hand.winners == [0] and hand.stacks == [STACK + 1490, STACK - 1490]


# ---------------------------------------------------------------------------- R-STUD-6


def test_r_stud_6_the_best_board_acts_first_ties_to_the_lowest_seat() -> None:
    hands = {
        0: "2c 3d 9c 5d 6h",
        1: "4h 5h Ah 7c 2s",
        2: "6c 7s Kd Qd Th",
        3: "8c 8d As 7d 3c",
    }
    hand = stud_hand(hands)
    assert hand.actor == 0  # the 9c brings in
    play_street(hand)
    # Fourth street: A-7 (seats 1 and 3) beat K-Q and 9-5; the tie goes to the lower seat.
    assert hand.street == 1 and hand.actor == 1
    assert hand.legal_actions().kinds == ("check", "bet")
    hand.check()
    assert hand.actor == 2
    play_street(hand)
    # Fifth street: A-7-3 beats A-7-2.
    assert hand.street == 2 and hand.actor == 3
    assert hand.legal_actions().kinds == ("check", "bet")


def test_r_stud_6_a_pair_showing_beats_high_cards_and_the_order_changes_each_street() -> None:
    hands = {
        0: "2c 3d As 7c Ac",
        1: "4h 5h Kd Kh",  # folds on fourth street
        2: "6c 7s Ad Qh 4s",
    }
    hand = stud_hand(hands)
    play_street(hand)
    assert hand.street == 1 and hand.actor == 1  # Kd Kh beats A-Q and A-7
    hand.check()
    hand.check()
    hand.bet(200)  # seat 0
    hand.fold()  # seat 1
    hand.call()  # seat 2
    # Fifth street: seat 0's A-7-A against seat 2's A-Q-4.
    assert hand.street == 2 and hand.actor == 0


# ---------------------------------------------------------------------------- R-STUD-7

ROYAL = "As Ks Qs Js"
"""Seat 5's four spades; the common card (the Ts) makes its royal flush."""


def eight_hands() -> dict[int, str]:
    """Six cards for each of eight seats: seat 5 holds :data:`ROYAL` in its down cards and up
    cards, the others the cards left in card order (the Ts and three more stay in the stub)."""
    royal = parse_cards(ROYAL)
    spare = [c for c in range(52) if c not in royal and c != parse_cards("Ts")[0]]
    hands: dict[int, list[int]] = {}
    for seat in range(8):
        if seat == 5:
            hands[seat] = [*royal[:2], spare.pop(), spare.pop(), *royal[2:]]
        else:
            hands[seat] = [spare.pop(0) for _ in range(6)]
    return {seat: format_cards(c) for seat, c in hands.items()}


def test_r_stud_7_eight_players_to_seventh_street_share_one_common_card() -> None:
    hands = eight_hands()
    hand = stud_hand(hands, common="Ts")
    while hand.street < 4:
        hand.check_or_call()
    # 52 - 8 x 6 = 4 cards left: one common card, face up on the board, for all.
    assert hand.board == parse_cards("Ts") and len(hand.deck) == 3
    assert [len(c) for c in hand.cards] == [6] * 8
    board_events = [e for e in hand.events if e.kind == "board"]
    assert board_events == [Event("board", None, None, 0, cards("Ts"))]
    seventh = [e for e in hand.events if e.kind == "deal" and len(e.cards) == 1]
    assert seventh == []  # no seventh-street card for anyone
    for seat in range(8):
        assert list(hand.view(seat).board) == parse_cards("Ts")
        assert board_events[0] in hand.visible_events(seat)
    assert hand.actor is not None and hand.legal_actions().min_to == 400  # a betting round
    check_down(hand)
    shows = {e.seat: e.amount for e in hand.events if e.kind == "show"}
    assert shows == {
        seat: evaluate(parse_cards(text) + parse_cards("Ts")) for seat, text in hands.items()
    }
    assert shows[5] == strength("As Ks Qs Js Ts")
    assert hand.winners == [5] and hand.stacks[5] == STACK - 90 + 8 * 90


def test_r_stud_7_seven_players_each_get_a_seventh_card() -> None:
    hand = Hand(STUD, [STACK] * 7, 6, seed=4)
    while hand.street < 4:
        hand.check_or_call()
    assert hand.board == [] and [len(c) for c in hand.cards] == [7] * 7
    assert len(hand.deck) == 52 - 49


# ---------------------------------------------------------------------------- R-STUD-8


def seventh_street(seats: int, seed: int) -> Hand:
    """A seeded hand where everyone brings in, calls or checks up to seventh street."""
    hand = Hand(STUD, [STACK] * seats, seats - 1, seed=seed)
    while hand.street < 4:
        hand.check_or_call()
    return hand


def clockwise_from(first: int, live: list[int], seats: int) -> list[int]:
    return [(first + i) % seats for i in range(seats) if (first + i) % seats in live]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_stud_8_the_last_seventh_street_bettor_or_raiser_shows_first(seed: int) -> None:
    hand = seventh_street(4, seed)
    hand.check()
    hand.bet(400)
    hand.call()
    raiser = hand.actor
    assert raiser is not None
    hand.raise_to(800)
    while not hand.is_over:
        hand.call()
    assert shown(hand) == clockwise_from(raiser, [0, 1, 2, 3], 4)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_r_stud_8_without_a_seventh_street_bet_the_last_aggressor_shows_first(seed: int) -> None:
    hand = Hand(STUD, [STACK] * 4, 3, seed=seed)
    play_street(hand)
    play_street(hand)  # fourth street
    assert hand.street == 2
    hand.check()
    bettor = hand.actor
    assert bettor is not None
    hand.bet(400)  # fifth street: the second seat to act bets
    hand.fold()  # the next seat folds
    folded = [e.seat for e in hand.events if e.kind == "fold"]
    check_down(hand)
    live = [s for s in range(4) if s not in folded]
    assert shown(hand) == clockwise_from(bettor, live, 4)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_r_stud_8_without_any_bet_the_first_seat_in_acting_order_shows_first(seed: int) -> None:
    hand = seventh_street(5, seed)
    first = hand.actor  # the best board showing on seventh street
    assert first is not None
    check_down(hand)
    assert shown(hand) == clockwise_from(first, [0, 1, 2, 3, 4], 5)
    # The engine shows every live hand and the best one wins.
    assert hand.revealed == {s: hand.cards[s] for s in range(5)}
    best = max(hand.strengths.values())
    assert hand.winners == [s for s, v in hand.strengths.items() if v == best]


# ---------------------------------------------------------------------------- R-STUD-9


def test_r_stud_9_side_pots_the_uncalled_bet_returned_and_the_all_in_goes_to_showdown() -> None:
    hands = {
        0: "Ah Ad 9c 8d 2h 5s Ac",  # trips aces
        1: "Kh Kd Jc Td 3h 6s Kc",  # trips kings
        2: "Qh Qd 4c 7d 3s",  # folds on fifth street
    }
    hand = stud_hand(hands, stacks=[300, STACK, STACK])
    bring_in(hand)  # seat 2, the 4c
    hand.raise_to(200)  # 0 completes
    hand.call()  # 1
    hand.call()  # 2
    assert hand.street == 1 and hand.actor == 1  # J-T
    hand.bet(200)
    hand.call()  # 2
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.kinds == ("fold", "call") and legal.call == 60
    hand.call()  # all-in for 60
    assert hand.stacks[0] == 0 and hand.street == 2 and hand.actor == 1
    hand.bet(400)
    start = len(hand.events)
    hand.fold()  # seat 2: no one left to bet against seat 1
    assert hand.is_over and len(hand.cards[0]) == len(hand.cards[1]) == 7
    tail = hand.events[start:]
    assert Event("return", 1, None, 400) in tail
    assert {e.seat for e in tail if e.kind == "expose"} == {0, 1}
    assert shown(hand) == [1, 0]  # seat 1 bet last
    # Main pot: 3 x 40 + 3 x 200 + 3 x 60 = 900 for seat 0's aces; side pot 2 x 140 = 280.
    assert hand.payouts == [900, 280, 0]
    assert hand.stacks == [900, STACK - 40 - 400 + 280, STACK - 40 - 400]


# ---------------------------------------------------------------------------- R-STUD-10


def test_r_stud_10_up_cards_are_public_as_dealt_down_cards_private() -> None:
    hands = {0: "As Kd 9c 8d 7h 6s 2c", 1: "Qh Jh 3c 4d 5h Ts 2d", 2: "Ac Ad Kc Kh Qc Qs Jd"}
    hand = stud_hand(hands)
    parsed = {s: parse_cards(t) for s, t in hands.items()}
    while not hand.is_over:
        dealt = 3 + hand.street
        for seat in range(3):
            view = hand.view(seat)
            assert list(view.cards) == parsed[seat][:dealt]
            assert view.up_cards == tuple(tuple(parsed[o][2 : min(dealt, 6)]) for o in range(3))
            seen = {c for e in view.events for c in e.cards} | {
                c for ups in view.up_cards for c in ups
            }
            for other in range(3):
                if other != seat:
                    down = set(parsed[other][:2] + parsed[other][6:dealt])
                    assert not down & seen, (seat, other)
            ups = [e for e in view.events if e.kind == "up"]
            assert all(e.to is None for e in ups)
            assert [c for e in ups if e.seat == seat for c in e.cards] == parsed[seat][
                2 : min(dealt, 6)
            ]
        hand.check_or_call()
    # At the showdown every hand is public.
    assert all(
        Event("show", s, None, strength(hands[s]), cards(hands[s])) in hand.visible_events(0)
        for s in range(3)
    )


def test_r_stud_10_the_odd_chip_goes_to_the_tied_hand_with_the_highest_card_by_suit() -> None:
    spec = game("stud", CENTS)
    hands = {
        0: "Ah Kh 2d Qc Jd 9s 3h",  # A K Q J 9, the ace of hearts
        1: "7c 7d 8h",  # folds on third street
        2: "As Ks 2c Qd Jc 9h 3d",  # A K Q J 9, the ace of spades
    }
    hand = stud_hand(hands, spec, stacks=[100, 100, 100])
    assert hand.actor == 2  # the 2c brings in
    bring_in(hand)
    hand.call()
    hand.fold()
    assert hand.street == 1 and hand.actor == 0  # 2-Q against 2-Q: the lower seat
    check_down(hand)
    assert strength(hands[0]) == strength(hands[2]) == strength("As Kd Qc Jd 9s")
    # A pot of 5: 2 each and the odd chip to the ace of spades (not to the seat left of the
    # button, seat 0).
    assert hand.payouts == [2, 0, 3] and hand.stacks == [100, 99, 101]


# ---------------------------------------------------------------------------- R-RAZZ-1


@pytest.mark.parametrize(
    ("ups", "bringer"),
    [
        # The highest up card brings in: the king of spades over the king of hearts.
        (("Kh", "Ks", "Qd"), 1),
        (("Ks", "Kh", "Qd"), 0),
        # The ace is the lowest card: a deuce brings in before it.
        (("Ac", "2c", "As"), 1),
        (("7c", "7s", "7d"), 1),
    ],
)
def test_r_razz_1_the_highest_up_card_brings_in_ties_by_suit_spades_highest(
    ups: tuple[str, ...], bringer: int
) -> None:
    downs = ("3h 4h", "5h 6h", "8h 9h")
    hand = stud_hand({seat: f"{downs[seat]} {up}" for seat, up in enumerate(ups)}, RAZZ)
    assert hand.actor == bringer
    legal = hand.legal_actions()
    assert legal.kinds == ("bring-in", "bet") and legal.call == 50
    assert legal.min_to == legal.max_to == 200


def test_r_razz_1_the_best_low_board_acts_first_pairs_count_against_no_open_pair_bet() -> None:
    hands = {
        0: "3h 4h 2c 2d Ah",  # a pair of deuces showing
        1: "5h 6h 7h 6c 8d",  # 7-6, then 8-7-6
        2: "8h 9h Kd 3s Ac",  # K-3, then K-3-A
    }
    hand = stud_hand(hands, RAZZ)
    assert hand.actor == 2  # the Kd brings in
    play_street(hand)
    assert hand.street == 1 and hand.actor == 1  # 7-6 beats K-3 and the pair 2-2
    # No big bet for the open pair in razz.
    legal = hand.legal_actions()
    assert legal.kinds == ("check", "bet") and legal.min_to == legal.max_to == 200
    refused(hand, Action.bet(400))
    hand.check()
    hand.check()
    hand.check()
    assert hand.street == 2 and hand.actor == 1  # 8-7-6 beats K-3-A and 2-2-A
    legal = hand.legal_actions()
    assert legal.min_to == legal.max_to == 400  # big bets from fifth street


def test_r_razz_1_the_best_ace_to_five_low_wins_without_a_qualifier() -> None:
    hands = {
        0: "9c 7d 5h Kc Kd 4s 3c",  # 9-7-5-4-3
        1: "Tc 6d 4h Qc Qd 3s 2c",  # T-6-4-3-2
        2: "Js Jh Jd 9d 9s 9h 8c",  # only paired hands
    }
    hand = stud_hand(hands, RAZZ)
    check_down(hand)
    shows = {e.seat: e.amount for e in hand.events if e.kind == "show"}
    assert shows == {s: strength(t, "ace-five") for s, t in hands.items()}
    assert shows[0] == strength("9c 7d 5h 4s 3c", "ace-five")
    assert shows[0] > shows[1] > shows[2]
    assert "low" not in [e.kind for e in hand.events]  # one part: no low events
    assert hand.winners == [0]


def test_r_razz_1_the_odd_chip_goes_to_the_tied_hand_with_the_lowest_card_by_suit() -> None:
    spec = game("razz", CENTS)
    hands = {
        0: "Ad 2h 5d 3s 4c Kh Kc",  # 5-4-3-2-A, the ace of diamonds
        1: "9c 9d 4h",  # folds on third street
        2: "Ac 2s 3d 4s 5h Qh Qc",  # 5-4-3-2-A, the ace of clubs
    }
    hand = stud_hand(hands, spec, stacks=[100, 100, 100])
    assert hand.actor == 0  # the 5d is the highest up card
    bring_in(hand)
    hand.fold()
    hand.call()
    assert hand.street == 1 and hand.actor == 2  # 4-3 beats 5-3
    check_down(hand)
    assert strength(hands[0], "ace-five") == strength(hands[2], "ace-five")
    # A pot of 5: the odd chip to the ace of clubs.
    assert hand.payouts == [2, 0, 3] and hand.stacks == [100, 99, 101]


# ---------------------------------------------------------------------------- R-STUD8-1


def lows(hand: Hand) -> dict[int, int]:
    return {e.seat: e.amount for e in hand.events if e.kind == "low"}  # type: ignore[misc]


def test_r_stud8_1_no_open_pair_big_bet() -> None:
    hand = to_fourth_street(OPEN_PAIR, HILO)
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.min_to == legal.max_to == 200
    refused(hand, Action.bet(400))


def test_r_stud8_1_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    hands = {
        0: "Ah Ad Kc Qd 9s Js 9h",  # aces and nines; no five ranks of eight or lower
        1: "Kh Kd Qc Jc 8s 8h Th",  # kings and eights
    }
    hand = stud_hand(hands, HILO)
    check_down(hand)
    assert lows(hand) == {}
    assert hand.winners == [0] and hand.payouts == [180, 0]


def test_r_stud8_1_one_hand_scoops_high_and_low() -> None:
    hands = {
        0: "Ah 2d 3c 4s 5h Kd Kc",  # a five-high straight and the wheel
        1: "Qh Qd 8c 7s 6h 3d 2c",  # queens; an 8-7-6-3-2 low
    }
    hand = stud_hand(hands, HILO)
    check_down(hand)
    assert lows(hand) == {
        0: strength("Ah 2d 3c 4s 5h", "ace-five"),
        1: strength("8c 7s 6h 3d 2c", "ace-five"),
    }
    assert hand.winners == [0] and hand.payouts == [180, 0]


def test_r_stud8_1_a_quartered_pot() -> None:
    hands = {
        0: "As 2d 3c 4s 6h Kd Kc",  # kings; 6-4-3-2-A
        1: "Ah 2h 3d 4c 6s Qd Jc",  # ace high; 6-4-3-2-A
        2: "Qh Qc 9c Th 5s 8s 7d",  # queens; no low
    }
    hand = stud_hand(hands, HILO)
    assert hand.actor == 0  # the 3c
    hand.bet(200)  # completes
    hand.call()
    hand.call()
    check_down(hand)
    # 720: the high half (360) to seat 0, the low half split: 180 each.
    assert lows(hand) == {0: strength(hands[0], "ace-five"), 1: strength(hands[1], "ace-five")}
    assert sorted(hand.winners) == [0, 1]
    assert hand.payouts == [540, 180, 0]


def test_r_stud8_1_a_side_pot_whose_contenders_have_no_low_goes_to_the_best_high() -> None:
    hands = {
        0: "Ah 2d 3c 4s 7h Kd Qc",  # ace high; 7-4-3-2-A
        1: "Kh Ks Jc Td 9h 9s Th",  # kings and tens; no low
        2: "Qh Qd 8c 9c Js 5d 6c",  # queens; no low
    }
    hand = stud_hand(hands, HILO, stacks=[240, STACK, STACK])
    assert hand.actor == 0
    hand.bet(200)  # completes, all-in
    hand.call()
    hand.call()
    assert hand.street == 1 and hand.actor == 1
    hand.bet(200)
    hand.call()
    hand.bet(400)
    hand.call()
    check_down(hand)
    # Main pot 3 x 240 = 720: 360 high (seat 1), 360 low (seat 0). Side pot 2 x 600 = 1200:
    # no low among seats 1 and 2, all of it to seat 1's high.
    assert hand.payouts == [360, 360 + 1200, 0]
    high, low = strength(hands[1]), strength(hands[0], "ace-five")
    assert [e for e in hand.events if e.kind == "award"] == [
        Event("award", 1, None, 360, award=Award(pot=0, pots=2, share="high", strength=high)),
        Event("award", 0, None, 360, award=Award(pot=0, pots=2, share="low", strength=low)),
        Event("award", 1, None, 1200, award=Award(pot=1, pots=2, share="whole", strength=high)),
    ]
    assert hand.stacks == [360, STACK - 840 + 1560, STACK - 840]


def test_r_stud8_1_the_odd_chip_between_the_halves_goes_to_the_high_half() -> None:
    spec = game("stud-hi-lo", CENTS)
    hands = {
        0: "Kh Kd 9c Qs Jh 2s 9d",  # kings and nines; no low
        1: "5c 5d 8h",  # folds on third street
        2: "Ah 2d 3c 4c 7h Qc 6s",  # ace high; 6-4-3-2-A
    }
    hand = stud_hand(hands, spec, stacks=[100, 100, 100])
    assert hand.actor == 2
    bring_in(hand)
    hand.call()
    hand.fold()
    check_down(hand)
    assert hand.payouts == [3, 0, 2]  # a pot of 5: 3 high, 2 low


def test_r_stud8_1_the_odd_chip_between_tied_lows_goes_to_the_lowest_card_by_suit() -> None:
    spec = game("stud-hi-lo", CENTS)
    hands = {
        0: "As 2d 3c 4d 6h Kc Qd",  # 6-4-3-2-A, the ace of spades
        1: "Ah 2c 3d 4h 6s Jd Td",  # 6-4-3-2-A, the ace of hearts
        2: "9h 9s 9c Kh Kd 7c 8h",  # nines full; no low
    }
    hand = stud_hand(hands, spec, stacks=[100, 100, 100])
    assert hand.actor == 0
    bring_in(hand)
    hand.call()
    hand.call()
    check_down(hand)
    # A pot of 6: 3 high to seat 2; 3 low split 2 to the ace of hearts, 1 to the ace of spades.
    assert hand.payouts == [1, 2, 3]
    awards = [(e.seat, e.amount, e.award) for e in hand.events if e.kind == "award"]
    low = strength("6h 4d 3c 2d As", "ace-five")
    assert awards == [
        (2, 3, Award(pot=0, pots=1, share="high", strength=strength("9h 9s 9c Kh Kd"))),
        (1, 2, Award(pot=0, pots=1, share="low", strength=low)),
        (0, 1, Award(pot=0, pots=1, share="low", strength=low)),
    ]


def test_r_stud8_1_odd_chips_of_tied_highs_by_the_highest_card_of_tied_lows_by_the_lowest() -> None:
    spec = game("stud-hi-lo", CENTS)
    hands = {
        0: "As 2d 3c 4d 6h 9c Kd",  # A K 9 6 4; 6-4-3-2-A; the ace of spades
        1: "Ah 2c 3d 4h 6s 9d Ks",  # the same; the ace of hearts
    }
    hand = stud_hand(hands, spec, stacks=[100, 100])
    assert hand.actor == 0
    hand.bet(2)  # completes
    hand.call()
    check_down(hand)
    # A pot of 6: the high 3 split 2 (ace of spades, seat 0) and 1; the low 3 split 2 (ace of
    # hearts, seat 1) and 1.
    assert hand.payouts == [3, 3]


def test_r_stud8_1_the_halves_may_go_to_different_hands() -> None:
    hands = {
        0: "Kh Kd 9c Qs Jh 2s 9d",  # kings and nines; no low
        1: "Ah 2d 3c 4c 7h Qc 6s",  # 6-4-3-2-A
    }
    hand = stud_hand(hands, HILO)
    check_down(hand)
    assert lows(hand) == {1: strength(hands[1], "ace-five")}
    shows = {e.seat: e.amount for e in hand.events if e.kind == "show"}
    assert shows == {0: strength(hands[0]), 1: strength(hands[1])}
    assert sorted(hand.winners) == [0, 1] and hand.payouts == [90, 90]


def test_r_razz_1_eight_players_to_seventh_street_share_one_common_card() -> None:
    hand = Hand(RAZZ, [STACK] * 8, 7, seed=6)
    while hand.street < 4:
        hand.check_or_call()
    common = hand.board
    assert len(common) == 1 and len(hand.deck) == 3 and [len(c) for c in hand.cards] == [6] * 8
    check_down(hand)
    shows = {e.seat: e.amount for e in hand.events if e.kind == "show"}
    assert shows == {s: evaluate(hand.cards[s] + common, "ace-five") for s in range(8)}
