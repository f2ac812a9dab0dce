"""Random hands for the hand-history tests: any registered game, random stacks (short ones make
all-ins, side pots and partial antes common), actions drawn among the legal ones, draws that
often exchange as many cards as the limit allows (so six-handed draws run the stub out and
reshuffle the discards), and seeded, so a failing hand can be made again alone."""

from __future__ import annotations

import random
from collections.abc import Sequence

from drawpoker.engine import Action, GameSpec, Hand, game

STACKS = (5, 15, 40, 200, 2000, 5000)
"""Stacks a random hand's seats get (the forced bets are 10 to 100 here)."""


def random_hand(
    spec: GameSpec, rng: random.Random, players: int, stacks: Sequence[int] = STACKS
) -> Hand:
    """A finished hand of ``spec`` with ``players`` seats, every action random and legal."""
    chips = [rng.choice(stacks) for _ in range(players)]
    hand = Hand(
        spec,
        chips,
        button=rng.randrange(players),
        seed=rng.randrange(2**32),
        number=rng.randrange(1, 6),
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.phase == "draw":
            cards = hand.cards[hand.actor]  # type: ignore[index]
            chosen: list[int] = []
            for _ in range(20):
                wide = rng.random() < 0.6
                count = legal.max_discards if wide else rng.randint(0, legal.max_discards)
                chosen = rng.sample(cards, count)
                if hand.can_draw(chosen):
                    break
            else:
                chosen = []
            hand.draw(chosen)
            continue
        kinds = legal.kinds
        if "fold" in kinds and rng.random() < 0.5:
            kinds = tuple(k for k in kinds if k != "fold")
        kind = rng.choice(kinds)
        if kind in ("bet", "raise"):
            if rng.random() < 0.3:
                to = legal.max_to
            else:
                steps = (legal.max_to - legal.min_to) // legal.step
                to = legal.min_to + legal.step * rng.randint(0, min(steps, 3))
            hand.act(Action(kind, to))
        else:
            hand.act(Action(kind))
    return hand


def random_hands(name: str, settings: dict[str, object], count: int, seed: int) -> list[Hand]:
    """``count`` random hands of the game ``name`` with ``settings``, 2 to its most seats."""
    spec = game(name, settings)
    rng = random.Random(f"history {name} {sorted(settings.items())} {seed}")
    low, high = spec.seats
    return [random_hand(spec, rng, rng.randint(low, high)) for _ in range(count)]
