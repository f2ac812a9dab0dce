"""Cards and their text form (R-CARD-1, R-CARD-2)."""

from __future__ import annotations

import itertools

import drawpoker
import numpy as np
import pytest
from drawpoker import InvalidCardError, format_cards, parse_cards


def test_r_card_1_deck_of_52_and_joker() -> None:
    deck = drawpoker.full_deck()
    assert len(set(format_cards(deck).split())) == 52
    assert format_cards([drawpoker.JOKER]) == "Jk"
    assert [drawpoker.rank_of(c) for c in deck[::4]] == list(range(13))
    assert {drawpoker.suit_of(c) for c in deck} == {0, 1, 2, 3}


def test_r_card_2_text_forms() -> None:
    assert parse_cards("As Td 2c") == [51, 33, 0]
    assert parse_cards("AsTd2c") == [51, 33, 0]
    assert parse_cards("aS tD 2C") == [51, 33, 0]
    assert parse_cards("10d") == parse_cards("Td")
    assert parse_cards("Jk JK jk X") == [52] * 4
    assert parse_cards("As,Kd") == [51, 45]
    assert parse_cards("A♠ T♦ 2♣ 10♥") == parse_cards("A♤T♢2♧10♡") == [51, 33, 0, 34]
    assert drawpoker.evaluate(["A♠", "K♠", "Q♠", "J♠", "10♠"]) == drawpoker.evaluate("AsKsQsJsTs")
    assert format_cards([51, 33, 0, 34], symbols=True) == "A♠ T♦ 2♣ T♥"


@pytest.mark.parametrize("bad", ["Zz", "A", "As Kx", "1d", "11h", "AsK", "Xs", "♠A", "A♠x", "Asx"])
def test_r_card_2_bad_tokens_name_the_token(bad: str) -> None:
    with pytest.raises(InvalidCardError, match="invalid card"):
        parse_cards(bad)


def _suits_relabelled(text: str, order: str) -> str:
    """``text`` with every suit renamed: clubs, diamonds, hearts, spades become ``order``."""
    return text.translate(str.maketrans("cdhs", order))


@pytest.mark.parametrize(
    ("ranking", "hands"),
    [
        ("high", ["As Ks Qs Js 9s", "Ah Kd Qc Jh 9s 2d 3c", "7c 7d 5h 5s 2c"]),
        ("joker", ["As Ks Qs Js Jk", "Ah Ad Kc Ks 9d"]),
        ("deuce-seven", ["7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c"]),
        ("ace-five", ["5c 4d 3h 2s Ac", "Kc Kd 7h 6s 2c 3d 4h"]),
        ("badugi", ["Ac 2d 3h 4s", "Kc Kd 7h 2c"]),
    ],
)
def test_r_card_3_suits_never_break_ties_between_hands(ranking: str, hands: list[str]) -> None:
    # Every renaming of the four suits (24 of them) keeps every hand's strength. (The rule's
    # exception, stud's bring-in and odd chip by suit, is tests/test_stud_rules.py's R-STUD-2/10.)
    for hand in hands:
        strengths = {
            drawpoker.evaluate(_suits_relabelled(hand, "".join(order)), ranking=ranking)
            for order in itertools.permutations("cdhs")
        }
        assert len(strengths) == 1, (ranking, hand, strengths)
    # Two hands of the same ranks in other suits tie, whichever suit is "higher" in bridge order.
    assert drawpoker.evaluate("As Ks Qs Js 9s") == drawpoker.evaluate("Ac Kc Qc Jc 9c")
    assert drawpoker.evaluate("Ts 9h 8d 7c 6s") == drawpoker.evaluate("Tc 9d 8h 7s 6c")


def test_card_constructor_checks_ranges() -> None:
    assert drawpoker.card(12, 3) == 51
    with pytest.raises(InvalidCardError):
        drawpoker.card(13, 0)


def test_every_public_function_takes_text_ints_and_arrays() -> None:
    text = "Ah Kh Qh Jh Th"
    ints = parse_cards(text)
    assert drawpoker.evaluate(text) == drawpoker.evaluate(ints)
    assert drawpoker.evaluate(np.array(ints, dtype=np.int64)) == drawpoker.evaluate(ints)
    assert drawpoker.evaluate(tuple(ints)) == 7462
