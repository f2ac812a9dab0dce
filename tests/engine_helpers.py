"""Helpers shared by the engine tests: stacked decks, rigged hands and a random legal player."""

from __future__ import annotations

import random

from drawpoker.cards import parse_cards
from drawpoker.engine import Action, DrawSettings, FiveCardDraw, GameSpec, Hand
from drawpoker.engine.dealing import shuffled


def stacked_deal(
    spec: GameSpec,
    stacks: list[int],
    button: int,
    hands: dict[int, str],
    stub: str = "",
    seed: int = 0,
) -> list[int]:
    """A deck order that deals ``hands`` to their seats (one card at a time round the table from
    the button's left, seats with chips only) and then holds ``stub``; seats not named get
    cards of a seeded shuffle of the rest."""
    betting = spec.betting is not None
    order = [(button + i) % len(stacks) for i in range(1, len(stacks) + 1)]
    order = [s for s in order if stacks[s] > 0 or not betting]
    size = spec.streets[0].down
    wanted = {seat: parse_cards(text) for seat, text in hands.items()}
    named = [c for cards in wanted.values() for c in cards] + parse_cards(stub)
    spare = iter(shuffled([c for c in spec.deck_cards() if c not in named], seed))
    deck = []
    for j in range(size):
        for seat in order:
            cards = wanted.get(seat)
            deck.append(cards[j] if cards else next(spare))
    return deck + parse_cards(stub)


def rigged(
    stacks: list[int],
    cards: dict[int, str],
    *,
    settings: DrawSettings | None = None,
    button: int = 0,
    deck: str = "",
    seed: int = 0,
) -> Hand:
    """A fresh Five-Card Draw hand whose seats hold ``cards`` and whose stub starts with
    ``deck``, through a stacked deck."""
    spec = FiveCardDraw(settings or DrawSettings())
    order = stacked_deal(spec, stacks, button, cards, deck, seed)
    return Hand(spec, stacks, button, seed, deck=order)


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
    hand.check_or_call()
