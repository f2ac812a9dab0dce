"""Table engine vs PokerKit in the blind games: complete 6-player hands per second of
fixed-limit 2-7 triple draw and pot-limit Omaha, in the same run.

Both libraries play the same hands: six players, blinds 50/100, stacks 10,000, random cards;
triple draw with bets 100/200. PokerKit (https://github.com/uoftcprg/pokerkit) plays its presets
``FixedLimitDeuceToSevenLowballTripleDraw`` and ``PotLimitOmahaHoldem`` (cash-game mode, every
automation but the players' actions). The players:

- check/call and stand pat: everyone checks or calls in every betting round and stands pat in
  every draw, so a hand is 24 betting actions (and 18 draws in triple draw) and a showdown of
  all six for a pot of 600 (drawpoker: ``Hand.check_or_call``, which also stands pat; PokerKit:
  ``check_or_call`` and ``stand_pat_or_discard()``);
- check/call, drawing by a rule (triple draw): the same betting, but each draw throws what the
  rule of thumb says (:func:`drawpoker.bots.lowball_reading.deuce_seven_discards`: keep one card
  of each rank seven or lower, an eight beside three of them, break a seven-high straight or
  flush; stand pat with an eight-low, a nine on the last draw), the same rule in both
  libraries, so the stub is dealt from (and, in drawpoker, reshuffled) as in real play;
- rules of thumb (drawpoker only: PokerKit has no CPU players): six ``LowballRulesBot`` or
  ``OmahaRulesBot``, each deciding from its seat's view.

Each driver can check the hands it plays (``verify=True``): it then counts only the hands that
ended as expected (the check/call hands: 24 betting actions, six hands shown, the pot of 600
paid out to the winners in equal shares). :func:`measure` plays a few checked hands first and
refuses to report a figure for a driver whose hands do not all pass; the timed hands run the
same driver with the checks off. The goals are the issues': at least 10,000 check/call
triple-draw hands a second and at least 15,000 check/call pot-limit Omaha hands a second (the
issue's note: "PokerKit plays 6-player fixed-limit 2-7 triple draw with random actions at 760
hands/s").
"""

from __future__ import annotations

import importlib
import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from bench.figures import Figure, best_seconds
from bench.pokerkit_dealer import dealer_automations

TD_TASK = "complete 6-player fixed-limit 2-7 triple draw hands, check/call, stand pat"
TD_DRAW_TASK = "complete 6-player fixed-limit 2-7 triple draw hands, check/call, drawing by a rule"
PLO_TASK = "complete 6-player pot-limit Omaha hands, check/call"
TD_ROT_TASK = "complete 6-player fixed-limit 2-7 triple draw hands, rules-of-thumb CPUs"
PLO_ROT_TASK = "complete 6-player pot-limit Omaha hands, rules-of-thumb CPUs"
PLAYERS = 6
SMALL_BLIND, BIG_BLIND, BIG_BET = 50, 100, 200
STACK = 10_000
POT = PLAYERS * BIG_BLIND
BETTING_ACTIONS = 4 * PLAYERS
VERIFY_HANDS = 30
SEED = 2026
RANKS, SUITS = "23456789TJQKA", "cdhs"

Driver = Callable[[int, int, bool], int]


def payout_ok(payoffs: Sequence[float]) -> bool:
    """Whether ``payoffs`` (each player's net chips) are a check/call hand's: everyone put in
    the big blind, and the winners split the whole pot evenly (600 divides by 1 to 6)."""
    winners = [p for p in payoffs if p != -BIG_BLIND]
    return bool(winners) and all(p == POT / len(winners) - BIG_BLIND for p in winners)


def _drawpoker(game_name: str, draw: bool) -> Driver:
    """A drawpoker driver: check/call (``Hand.check_or_call``), standing pat or drawing by the
    rule."""
    from drawpoker.bots.lowball_reading import deuce_seven_discards
    from drawpoker.engine import Action, Hand

    from bench.engine_workloads import OMAHA, TRIPLE_DRAW

    spec = TRIPLE_DRAW if game_name == "2-7-triple-draw" else OMAHA

    def hands(count: int, seed: int = 0, verify: bool = False) -> int:
        good = 0
        for number in range(count):
            hand = Hand(spec, [STACK] * PLAYERS, number % PLAYERS, seed, number=number)
            betting = 0
            while (seat := hand.actor) is not None:
                if hand.phase == "draw":
                    thrown = deuce_seven_discards(hand.seat_cards(seat), 4 - hand.street)
                    hand.act(Action.draw(thrown if draw else ()))
                else:
                    hand.check_or_call()
                    betting += 1
            if verify:
                shown = sum(1 for e in hand.events if e.kind == "show")
                net = [after - STACK for after in hand.stacks]
                good += betting == BETTING_ACTIONS and shown == PLAYERS and payout_ok(net)
        return good if verify else count

    return hands


def _pokerkit(game_name: str, draw: bool) -> Driver:
    """A PokerKit driver: ``create_state`` of the preset per hand, ``check_or_call()`` and
    ``stand_pat_or_discard(...)`` while the state's ``status`` is on. PokerKit shuffles with the
    global ``random`` module, seeded here."""
    from drawpoker.bots.lowball_reading import deuce_seven_discards
    from pokerkit import (
        FixedLimitDeuceToSevenLowballTripleDraw,
        HoleCardsShowingOrMucking,
        Mode,
        PotLimitOmahaHoldem,
    )

    automations = dealer_automations()

    def create() -> Any:
        if game_name == "2-7-triple-draw":
            return FixedLimitDeuceToSevenLowballTripleDraw.create_state(
                automations,
                True,
                0,
                (SMALL_BLIND, BIG_BLIND),
                BIG_BLIND,
                BIG_BET,
                STACK,
                PLAYERS,
                mode=Mode.CASH_GAME,
            )
        return PotLimitOmahaHoldem.create_state(
            automations,
            True,
            0,
            (SMALL_BLIND, BIG_BLIND),
            BIG_BLIND,
            STACK,
            PLAYERS,
            mode=Mode.CASH_GAME,
        )

    # PokerKit deals the mucked cards again when its deck runs out, and says so each time.
    warnings.filterwarnings("ignore", "Returning reserved", UserWarning)

    def hands(count: int, seed: int = 0, verify: bool = False) -> int:
        random.seed(seed)
        good = 0
        for _ in range(count):
            state = create()
            betting = draws = 0
            while state.status:
                if state.can_stand_pat_or_discard():
                    thrown: list[Any] = []
                    if draw:  # the same rule on the same cards, as ints
                        held = state.hole_cards[state.stand_patter_or_discarder_index]
                        ints = [
                            4 * RANKS.index(c.rank.value) + SUITS.index(c.suit.value) for c in held
                        ]
                        out = set(deuce_seven_discards(ints, 3 - draws // PLAYERS))
                        thrown = [c for c, i in zip(held, ints, strict=True) if i in out]
                    state.stand_pat_or_discard(thrown)
                    draws += 1
                else:
                    state.check_or_call()
                    betting += 1
            if verify:
                shown = sum(isinstance(op, HoleCardsShowingOrMucking) for op in state.operations)
                good += betting == BETTING_ACTIONS and shown == PLAYERS and payout_ok(state.payoffs)
        return good if verify else count

    return hands


def _figure(task: str, library: str, driver: Driver, batch: int, note: str) -> Figure:
    """One driver's figure, after checking that it plays the hands asked."""
    good = driver(VERIFY_HANDS, SEED, True)
    if good != VERIFY_HANDS:
        raise AssertionError(f"{library} ({task}): {good} of {VERIFY_HANDS} hands as expected")
    seconds = best_seconds(lambda: driver(batch, SEED, False), repeat=5)
    return Figure(task, library, batch / seconds, "hands/s", True, note)


def _workload_figure(task: str, workload: str, hands: int, note: str) -> Figure:
    """drawpoker's figure for ``task`` from ``bench.engine_workloads.<workload>``."""
    from bench import engine_workloads

    work: Callable[[int, int], int] = getattr(engine_workloads, workload)
    per_hand = work(10, SEED) / 10
    seconds = best_seconds(lambda: work(hands, SEED), repeat=3)
    note = f"engine_workloads.{workload} ({per_hand:.1f} actions/hand); {note}"
    return Figure(task, "drawpoker", hands / seconds, "hands/s", True, note)


def _pokerkit_figure(task: str, game_name: str, draw: bool, batch: int, note: str) -> Figure:
    try:
        importlib.import_module("pokerkit")
    except ImportError:
        return Figure(task, "pokerkit", None, "hands/s", True, "not installed")
    return _figure(task, "pokerkit", _pokerkit(game_name, draw), batch, note)


def measure() -> list[Figure]:
    """Hands per second of drawpoker and PokerKit: triple draw (stand pat, drawing by a rule),
    pot-limit Omaha, and drawpoker's rules-of-thumb players."""
    rule = "each draw by deuce_seven_discards on the seat's cards"
    check_drawpoker_workloads()
    return [
        _workload_figure(
            TD_TASK,
            "triple_draw_check_call_hands",
            1000,
            "its hands verified first; goal >= 10,000 hands/s",
        ),
        _pokerkit_figure(
            TD_TASK,
            "2-7-triple-draw",
            False,
            20,
            "FixedLimitDeuceToSevenLowballTripleDraw.create_state per hand (cash game, every "
            "automation but the players' actions), check_or_call() / stand_pat_or_discard()",
        ),
        _workload_figure(
            TD_DRAW_TASK,
            "triple_draw_drawing_hands",
            300,
            f"its hands verified first; Hand.check_or_call in the betting, {rule}",
        ),
        _pokerkit_figure(
            TD_DRAW_TASK,
            "2-7-triple-draw",
            True,
            20,
            f"as above, stand_pat_or_discard(cards) {rule} (PokerKit's cards mapped to ints)",
        ),
        _workload_figure(
            PLO_TASK,
            "omaha_check_call_hands",
            1000,
            "its hands verified first; goal >= 15,000 hands/s",
        ),
        _pokerkit_figure(
            PLO_TASK,
            "omaha",
            False,
            3,
            "PotLimitOmahaHoldem.create_state per hand (cash game, every automation but the "
            "players' actions), check_or_call() while status",
        ),
        _workload_figure(
            TD_ROT_TASK, "triple_draw_rules_of_thumb_hands", 100, "six LowballRulesBot"
        ),
        Figure(TD_ROT_TASK, "pokerkit", None, "hands/s", True, "no CPU players"),
        _workload_figure(PLO_ROT_TASK, "omaha_rules_of_thumb_hands", 50, "six OmahaRulesBot"),
        Figure(PLO_ROT_TASK, "pokerkit", None, "hands/s", True, "no CPU players"),
    ]


def check_drawpoker_workloads() -> None:
    """The check/call workloads' hands (the same loops as ``bench.engine_workloads``'s, same
    seed), verified: raises when one did not end as a check/call hand should."""
    for name, draw in (("2-7-triple-draw", False), ("2-7-triple-draw", True), ("omaha", False)):
        good = _drawpoker(name, draw)(VERIFY_HANDS, SEED, True)
        if good != VERIFY_HANDS:
            raise AssertionError(f"drawpoker {name}: {good} of {VERIFY_HANDS} hands as expected")
