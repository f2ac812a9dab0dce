"""A seat's view checks an action as the hand does (issue 26: one legality check, in the
engine): ``HandView.why_illegal`` reads only the view (its legal actions and its own cards) and
refuses exactly what ``Hand.why_illegal`` refuses, over random states of every game and random
actions, legal and not (totals off the range or off the step, cards of another seat, a card
twice, too many discards, kinds that are not open, amounts or cards where none belong). And the
bindings quote an unknown kind as Python's ``repr`` does."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from conformance_helpers import random_action, random_stacks, unit_of
from drawpoker.engine import GAMES, Action, Hand, game
from drawpoker.engine.actions import KINDS
from hypothesis import assume, given
from hypothesis import strategies as st

HANDS_PER_GAME = 40
"""Random hands of each game whose every decision is checked."""

NOT_A_CARD = 99


def random_cards(hand: Hand, seat: int, rng: random.Random) -> list[Any]:
    """Discards for ``seat``: some of its own cards, often spoiled by a card of the deck it does
    not hold, a card twice, every card it holds, or a value that is no card."""
    own = list(hand.cards[seat])
    cards: list[Any] = rng.sample(own, rng.randint(0, len(own)))
    roll = rng.random()
    if roll < 0.15:
        foreign = [c for c in hand.game.deck_cards() if c not in own]
        cards.insert(rng.randint(0, len(cards)), rng.choice(foreign))
    elif roll < 0.3 and own:
        cards.append(rng.choice(own))
    elif roll < 0.4:
        cards = own
    elif roll < 0.45:
        cards.append(NOT_A_CARD)
    return cards


def random_total(hand: Hand, rng: random.Random) -> int:
    """A bet or raise total near the legal ones: on them, just off, off the step, or anything."""
    legal = hand.legal_actions()
    low, high, step = legal.min_to, legal.max_to, max(legal.step, 1)
    return rng.choice(
        [
            low,
            high,
            low - 1,
            high + 1,
            low + step,
            low + step // 2,
            high - 1,
            0,
            -5,
            rng.randint(0, high + step),
        ]
    )


def candidate_actions(hand: Hand, rng: random.Random, count: int) -> list[Action]:
    """``count`` random actions for the seat to act, among them one the rules allow."""
    seat = hand.actor
    assert seat is not None
    actions = [random_action(hand, rng)]
    for _ in range(count - 1):
        kind = rng.choice([*KINDS, "shove"])
        amount = random_total(hand, rng) if rng.random() < 0.7 else 0
        cards = random_cards(hand, seat, rng) if kind == "draw" or rng.random() < 0.1 else []
        if kind == "draw" and rng.random() < 0.8:
            amount = 0
        actions.append(Action(kind, amount, tuple(cards)))
    return actions


DRAW_SETTINGS: list[dict[str, Any]] = [
    {"joker": True},
    {"draw_limit": "3"},
    {"draw_limit": "5", "joker": True},
    {"mode": "no-bet"},
    {"opening": "jacks"},
]
"""Five-Card Draw's settings that change what a seat may do, beside every game's defaults."""

SPECS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in sorted(GAMES)] + [
    ("five-card-draw", s) for s in DRAW_SETTINGS
]


@pytest.mark.parametrize(("name", "settings"), SPECS, ids=repr)
def test_the_views_check_refuses_what_the_hands_check_refuses(
    name: str, settings: dict[str, Any]
) -> None:
    rng = random.Random(f"view check {name} {settings}")
    spec = game(name, settings)
    verdicts: Counter[str] = Counter()
    for _ in range(HANDS_PER_GAME):
        seats = rng.randint(*spec.seats)
        stacks = random_stacks(rng, seats, unit_of(spec), spec.default_stack, betting=True)
        button = rng.choice([seat for seat in range(seats) if stacks[seat] > 0])
        hand = Hand(spec, stacks, button=button, seed=rng.getrandbits(64))
        while hand.actor is not None:
            view = hand.view(hand.actor)
            for action in candidate_actions(hand, rng, 12):
                by_hand, by_view = hand.why_illegal(action), view.why_illegal(action)
                assert (by_hand is None) == (by_view is None), (action, by_hand, by_view)
                verdicts["legal" if by_hand is None else "refused"] += 1
            others = [s for s in range(hand.seats) if s != hand.actor]
            if others:
                assert hand.view(rng.choice(others)).why_illegal(Action.fold()) is not None
            hand.act(random_action(hand, rng))
        assert hand.view(0).why_illegal(Action.check()) == "the hand is over"
    assert verdicts["legal"] > 100 and verdicts["refused"] > 100, verdicts


def test_a_draw_is_refused_by_the_view_for_the_reason_the_hand_gives() -> None:
    """Five-Card Draw at its draw, the view made from plain data (its draw limit read from its
    game): a card of another seat, a card twice, four without an ace kept."""
    hand = Hand(game("five-card-draw"), [300, 300, 300], seed=2)
    hand.check()
    hand.bet(20)
    hand.call()
    hand.call()
    seat = hand.actor
    assert seat is not None and hand.phase == "draw"
    view = hand.view(seat)
    copied = view._replace()
    own, other = hand.cards[seat], hand.cards[(seat + 1) % 3]
    no_ace = [c for c in own if c // 4 != 12][:4]
    for cards in ([other[0]], [own[0], own[0]], own, no_ace, own[:3], []):
        action = Action.draw(cards)
        assert view.why_illegal(action) == copied.why_illegal(action) == hand.why_illegal(action)


@given(st.text(alphabet=st.characters(codec="ascii") | st.sampled_from("é♠€"), max_size=8))
def test_an_unknown_kind_is_quoted_as_python_quotes_it(text: str) -> None:
    assume(text not in KINDS)
    hand = Hand(game("holdem"), [1000, 1000], seed=1)
    expected = f"unknown action {text!r}"
    assert hand.why_illegal(Action(text)) == expected
    assert hand.view(hand.actor or 0).why_illegal(Action(text)) == expected
