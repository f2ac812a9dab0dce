"""What the table page tells a seat about its own hand: the hand as it stands (the showdown's
words, from the seat's own cards and the board only)."""

from __future__ import annotations

from drawpoker.evaluation import evaluate
from drawpoker.games import Hand, Table, game
from drawpoker.narration import hand_words
from drawpoker.web.seat_help import hand_line
from drawpoker.web.seatview import cards_text, seat_state

FIVE_CARD_DRAW = "five-card-draw"


def test_a_draw_hand_is_described_before_the_draw_in_both_languages() -> None:
    hand = Hand(game(FIVE_CARD_DRAW), [500, 500], deck="Jh 9c Jd 8c 4c 6s 4s 5s 2h 3d")
    assert cards_text(hand.view(1).cards) == ["Jh", "Jd", "4c", "4s", "2h"]
    assert hand_line(hand.view(1)) == {"text": "Two pair, jacks and fours (2 kicker)"}
    # the showdown's words for the same five cards, in Arabic
    said = hand_words(evaluate("Jh Jd 4c 4s 2h"), "high", "ar")
    assert hand_line(hand.view(1), "ar") == {"text": said}
    assert said.startswith("زوجان")


def test_fewer_than_five_cards_say_what_they_hold() -> None:
    hand = Hand(game("holdem"), [500, 500], deck="Kh Kd Ks 2c 9h 9d 3c")
    assert hand_line(hand.view(1)) == {"text": "Pair of kings"}
    assert hand_line(hand.view(0)) == {"text": "High card, king"}
    hand.call()
    hand.check()  # the flop: 9h 9d 3c
    assert cards_text(hand.view(1).board) == ["9h", "9d", "3c"]
    assert hand_line(hand.view(1)) == {"text": "Two pair, kings and nines (3 kicker)"}


def test_omaha_uses_two_cards_of_the_hand_and_three_of_the_board() -> None:
    hand = Hand(game("omaha"), [500, 500], deck="As 9c Ks 8c Qs 7c Js 6c Ts 2d 3c")
    assert hand_line(hand.view(1)) is None  # no board yet: no five-card hand to tell
    hand.call()
    hand.check()
    assert cards_text(hand.view(1).cards) == ["As", "Ks", "Qs", "Js"]
    assert cards_text(hand.view(1).board) == ["Ts", "2d", "3c"]
    # any five of the seven are a royal flush; two of the hand and three of the board are not
    assert hand_line(hand.view(1)) == {"text": "High card, ace (K-T-3-2)"}


def test_a_hi_lo_line_has_the_low_or_no_low() -> None:
    hand = Hand(game("omaha-hi-lo"), [500, 500], deck="As 9c 2s Tc Kd Jc Kh Qc 3c 4d 5h")
    hand.call()
    hand.check()  # the flop 3c 4d 5h
    assert hand_line(hand.view(1)) == {
        "text": "Straight, five high",
        "low": "Five-four low: 5-4-3-2-A",
    }
    assert cards_text(hand.view(0).cards) == ["9c", "Tc", "Jc", "Qc"]
    assert hand_line(hand.view(0)) == {"text": "High card, queen (J-5-4-3)", "low": None}


def test_stud_reads_only_the_seats_own_cards() -> None:
    """Seat 0's line is the same whatever seat 1 holds, even an up card that would pair it."""
    lines = []
    for other in ("Kc 3c", "Qh 7d"):
        first, second = other.split()
        deck = f"Kh Kd {first} 2c Ks {second} 5c 4d"
        hand = Hand(game("stud"), [500, 500], deck=deck)
        assert cards_text(hand.view(0).cards)[:2] == ["Kd", "2c"]
        lines.append(hand_line(hand.view(0)))
    assert lines[0] == lines[1] == {"text": "High card, king"}


def test_a_folded_seat_and_a_watcher_have_no_line() -> None:
    hand = Hand(game("holdem"), [500, 500, 500], seed=4)
    folded = hand.actor
    hand.fold()
    assert hand_line(hand.view(folded)) is None
    assert hand_line(hand.view(hand.actor)) is not None
    table = Table(game("holdem"), 2, seed=4)
    watcher = seat_state(table, None, players=[], status="playing", seq=1, time_left=None)
    assert watcher["own_hand"] is None
