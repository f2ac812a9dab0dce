"""``Hand.act`` and ``Hand.can_act`` decide every action alike (issue 25, item 2): what one
refuses the other refuses, the hand unchanged; and an action's repr never fails, whatever it
holds."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from drawpoker.engine import Action, FiveCardDraw, Hand, game
from drawpoker.errors import IllegalActionError
from hypothesis import given, settings
from hypothesis import strategies as st

# Not a tuple or list of whole numbers: never the discards of any action, never "no cards".
ODD_CARDS: list[Any] = [
    None,
    0,
    False,
    True,
    "",
    "As",
    b"",
    b"\x05",
    bytearray(),
    0.0,
    {},
    set(),
    np.array([], dtype=np.int64),
    (True,),
    [1.0],
    ["As"],
]


def draw_hand() -> Hand:
    """Five-Card Draw at the draw: seat 1 to act."""
    hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
    hand.check()
    hand.bet(20)
    hand.call()
    hand.call()
    assert hand.phase == "draw"
    return hand


def facing_bet_hand() -> Hand:
    """Hold'em before the flop: seat 0 may fold, call or raise."""
    return Hand(game("holdem"), [1000, 1000, 1000], button=0)


def checking_hand() -> Hand:
    """Five-Card Draw's first betting round, nobody has bet: seat 1 may check."""
    return Hand(FiveCardDraw(), [300, 300, 300], seed=2)


HANDS = {"draw": draw_hand, "call": facing_bet_hand, "fold": facing_bet_hand}
HANDS["check"] = checking_hand


def agree(hand: Hand, action: Any) -> bool:
    """Whether ``act`` does what ``can_act`` says, applying it to ``hand``; a refused action
    leaves the hand as it was."""
    before = hand.to_dict()
    allowed = hand.can_act(action)
    try:
        hand.act(action)
    except IllegalActionError:
        return not allowed and hand.to_dict() == before
    return allowed


@pytest.mark.parametrize("cards", ODD_CARDS, ids=repr)
@pytest.mark.parametrize("kind", sorted(HANDS))
def test_defect_act_refuses_what_can_act_refuses(kind: str, cards: Any) -> None:
    """``Action("draw", 0, None)`` (and ``0``, ``False``, ``""``...) was taken as standing
    pat, and the same values passed for call, check and fold."""
    hand = HANDS[kind]()
    action = Action(kind, 0, cards)
    assert hand.can_act(Action(kind)), "the kind itself is legal here"
    assert not hand.can_act(action)
    before = hand.to_dict()
    with pytest.raises(IllegalActionError, match=r"discards are a sequence of cards|a card is"):
        hand.act(action)
    assert hand.to_dict() == before


@pytest.mark.parametrize("empty", [(), []], ids=repr)
def test_defect_standing_pat_is_an_empty_tuple_or_list(empty: Any) -> None:
    hand = draw_hand()
    seat = hand.actor
    assert hand.can_act(Action("draw", 0, empty))
    hand.act(Action("draw", 0, empty))
    assert hand.drawn[seat] == 0


odd_values = st.one_of(
    st.sampled_from([0, 20, 40, 200, 300, 1000]),
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False),
    st.text(max_size=3),
    st.binary(max_size=3),
    st.lists(st.integers(-3, 60), max_size=3),
    st.lists(st.integers(-3, 60), max_size=3).map(tuple),
    st.lists(st.one_of(st.booleans(), st.floats(), st.text(max_size=2)), min_size=1, max_size=2),
)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["fold", "check", "call", "bet", "raise", "draw", "bring-in", "shove"]),
    amount=odd_values,
    cards=odd_values,
    where=st.sampled_from(sorted(HANDS)),
)
def test_defect_act_and_can_act_agree_on_any_parts(
    kind: str, amount: Any, cards: Any, where: str
) -> None:
    hand = HANDS[where]()
    if where == "draw" and isinstance(cards, list | tuple):  # the seat's own cards, sometimes
        seat_cards = hand.cards[hand.actor or 0]
        own = [seat_cards[i % 5] if type(i) is int and 0 <= i < 10 else i for i in cards]
        cards = type(cards)(own)
    assert agree(hand, Action(kind, amount, cards))


@pytest.mark.parametrize("cards", [5, None, "As", b"x", 1.5, (99,), [51, 50], {"a": 1}], ids=repr)
def test_defect_action_repr_never_fails(cards: Any) -> None:
    """``repr(Action("draw", 0, 5))`` raised TypeError."""
    text = repr(Action("draw", 0, cards))
    assert text.startswith("Action(kind='draw', amount=0, cards=")
    assert ("'As Ah'" in text) if cards == [51, 50] else (repr(cards) in text)
