"""Table engine vs PokerKit: complete 6-player Five-Card Draw hands per second, same run.

PokerKit (https://github.com/uoftcprg/pokerkit) has no Five-Card Draw preset; it plays the same
game as a generic ``State``: antes 10, five hole cards, a betting round, one draw street with a
betting round, a high-hand showdown (``StandardHighHand``), every dealing step automated. Both
engines' players check or call and stand pat; a bet is sized in whole chips for both.
"""

from __future__ import annotations

from bench.engine_workloads import check_call_hands, rules_of_thumb_hands, strong_hands
from bench.figures import Figure, best_seconds
from bench.pokerkit_dealer import dealer_automations

TASK = "complete 6-player Five-Card Draw hands, check/call/stand pat"
ROT_TASK = "complete 6-player Five-Card Draw hands, rules-of-thumb CPUs"
STRONG_TASK = "complete 6-player Five-Card Draw hands, strong CPUs (exact draw analysis)"
BATCH = 100
STRONG_BATCH = 10


def _pokerkit_hands(count: int) -> None:
    from pokerkit import (
        BettingStructure,
        Deck,
        Mode,
        Opening,
        StandardHighHand,
        State,
        Street,
    )

    automations = dealer_automations()
    streets = (
        Street(False, (False,) * 5, 0, False, Opening.POSITION, 20, None),
        Street(False, (), 0, True, Opening.POSITION, 20, None),
    )
    for _ in range(count):
        state = State(
            automations,
            Deck.STANDARD,
            (StandardHighHand,),
            streets,
            BettingStructure.NO_LIMIT,
            True,
            10,
            0,
            0,
            2000,
            6,
            mode=Mode.CASH_GAME,
        )
        while state.status:
            if state.can_stand_pat_or_discard():
                state.stand_pat_or_discard()
            else:
                state.check_or_call()


def measure() -> list[Figure]:
    """Hands per second of drawpoker (check/call, rules-of-thumb and strong players) and
    PokerKit."""
    figures = [
        Figure(
            TASK,
            "drawpoker",
            BATCH / best_seconds(lambda: check_call_hands(BATCH), repeat=5),
            "hands/s",
            True,
            "the hand's state machine in Rust (rust/engine/), driven from Python through Hand.act",
        ),
        Figure(
            ROT_TASK,
            "drawpoker",
            BATCH / best_seconds(lambda: rules_of_thumb_hands(BATCH), repeat=5),
            "hands/s",
            True,
            "RulesOfThumbBot in every seat, each decision from its seat's view (Hand.view)",
        ),
        Figure(
            STRONG_TASK,
            "drawpoker",
            STRONG_BATCH / best_seconds(lambda: strong_hands(STRONG_BATCH), repeat=3),
            "hands/s",
            True,
            "StrongBot in every seat: exact analysis of every discard choice of each hand dealt"
            " (high hands counted by the ranks drawn, rust/draw/rank_walk.rs)",
        ),
    ]
    try:
        seconds = best_seconds(lambda: _pokerkit_hands(10), repeat=3) / 10
        figures.append(Figure(TASK, "pokerkit", 1 / seconds, "hands/s", True, "generic State"))
    except ImportError:
        figures.append(Figure(TASK, "pokerkit", None, "hands/s", True, "pokerkit not installed"))
    return figures
