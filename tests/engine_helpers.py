"""Helpers shared by the engine tests: rigged hands and a random legal player."""

from __future__ import annotations

import random

from drawpoker.cards import parse_cards
from drawpoker.games import Action, DrawSettings, FiveCardDraw, Hand


def rigged(
    stacks: list[int],
    cards: dict[int, str],
    *,
    settings: DrawSettings | None = None,
    button: int = 0,
    deck: str | None = None,
    seed: int = 0,
) -> Hand:
    """A fresh hand whose seats hold ``cards`` (and whose deck is ``deck``) instead of the deal."""
    hand = Hand(FiveCardDraw(settings or DrawSettings()), stacks, button, seed)
    for seat, text in cards.items():
        hand.cards[seat] = parse_cards(text)
    if deck is not None:
        hand.deck = parse_cards(deck)
    return hand


def random_action(hand: Hand, rng: random.Random) -> Action:
    """A uniformly chosen legal action kind with a random legal amount or discard set."""
    legal = hand.legal_actions()
    if legal.kinds == ("draw",):
        cards = hand.cards[legal.seat]
        for _ in range(4):
            action = Action.draw(rng.sample(cards, rng.randint(0, legal.max_discards)))
            if hand.can_act(action):
                return action
        return Action.draw()
    kind = rng.choice(legal.kinds)
    if kind in ("bet", "raise"):
        steps = (legal.max_to - legal.min_to) // legal.step
        to = legal.min_to + legal.step * rng.randint(0, steps)
        return Action(kind, rng.choice([to, legal.max_to, legal.min_to]))
    return Action(kind)


def check_or_call(hand: Hand) -> None:
    """Check if possible, else call; stand pat in the draw."""
    if hand.phase == "draw":
        hand.draw()
    elif hand.can_check():
        hand.check()
    else:
        hand.call()
