"""The engine workloads timed by bench_engine.py and peers/engine.py: complete 6-player
Five-Card Draw hands (antes 10, stacks 2,000, second round from the left of the dealer so that an
all-check first round goes on to the draw instead of redealing forever)."""

from __future__ import annotations

from collections.abc import Sequence

from drawpoker.bots import CheckCallBot, RulesOfThumbBot, StrongBot
from drawpoker.games import Action, DrawSettings, FiveCardDraw, Hand
from drawpoker.games.player import Player

PLAYERS = 6
SETTINGS = DrawSettings(second_round="left-of-dealer")
VARIANT = FiveCardDraw(SETTINGS)
CHECK, CALL, PAT = Action.check(), Action.call(), Action.draw()


def check_call_hands(count: int, seed: int = 0) -> int:
    """Plays ``count`` hands where everyone checks or calls and stands pat; returns actions."""
    actions = 0
    for number in range(count):
        hand = Hand(VARIANT, [2000] * PLAYERS, number % PLAYERS, seed + number)
        while hand.actor is not None:
            if hand.phase == "draw":
                hand.act(PAT)
            elif hand.current_bet > hand.bets[hand.actor]:
                hand.act(CALL)
            else:
                hand.act(CHECK)
            actions += 1
    return actions


def _bot_hands(count: int, bots: Sequence[Player], seed: int) -> int:
    """Plays ``count`` hands with ``bots[seat]`` choosing every action; returns actions."""
    actions = 0
    for number in range(count):
        hand = Hand(VARIANT, [2000] * PLAYERS, number % PLAYERS, seed + number)
        while hand.actor is not None:
            hand.act(bots[hand.actor].choose(hand))
            actions += 1
    return actions


def check_call_bot_hands(count: int, seed: int = 0) -> int:
    """The same hands played through the CPU-player interface (:class:`CheckCallBot`)."""
    return _bot_hands(count, [CheckCallBot()] * PLAYERS, seed)


def rules_of_thumb_hands(count: int, seed: int = 0) -> int:
    """Hands of six rules-of-thumb CPU players (draws by the tips, bets by category)."""
    return _bot_hands(count, [RulesOfThumbBot(seed=seed + s) for s in range(PLAYERS)], seed)


def strong_hands(count: int, seed: int = 0) -> int:
    """Hands of six strong CPU players (the exact draw analysis of every hand dealt)."""
    return _bot_hands(count, [StrongBot(seed=seed + s) for s in range(PLAYERS)], seed)
