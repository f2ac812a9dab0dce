"""Table engine vs PokerKit at fixed-limit Seven-Card Stud: complete 6-player hands per second.

Both libraries play the same hands: six players, antes 40, bring-in 50, small and big bets
200/400, stacks 20,000, random cards; the lowest up card posts the bring-in and everyone else
calls it, then every street is checked around, so each hand has 30 actions and ends at a
showdown of all six for a pot of 540. A figure is whole hands per second: creating the hand's
state, dealing, the actions and the showdown with its payout.

Each driver can check the hands it plays (``verify=True``): it then counts only the hands that
reached the showdown with all six players after 30 actions and paid the 540 out as expected.
:func:`measure` plays a few checked hands first and refuses to report a figure for a driver
whose hands do not all pass; the timed hands run the same driver with the checks off.

The drawpoker figures come from ``bench.engine_workloads`` (``stud_check_call_hands`` and
``stud_rules_of_thumb_hands``), written with the engine's stud, and from the
``drawpoker simulate --game stud --bots checkcall --workers 1`` command's own hands/s line.
Every timed call deals new hands (the seed moves on), so that no player's remembered hand
reading is reused from an earlier call.
"""

from __future__ import annotations

import importlib
import io
import itertools
import random
import re
from collections.abc import Callable, Sequence

from bench.figures import Figure, best_seconds
from bench.pokerkit_dealer import dealer_automations

TASK = "complete 6-player fixed-limit Seven-Card Stud hands, call-down"
ROT_TASK = "complete 6-player fixed-limit Seven-Card Stud hands, rules-of-thumb CPUs"
SIM_TASK = (
    "drawpoker simulate --game stud --bots checkcall --workers 1 (6 CPU players, 10 rounds a game)"
)
PLAYERS = 6
ANTE, BRING_IN, SMALL_BET, BIG_BET = 40, 50, 200, 400
STACK = 20_000
POT = PLAYERS * (ANTE + BRING_IN)
ACTIONS = 5 * PLAYERS  # the bring-in and five calls, then four streets checked around
VERIFY_HANDS = 50
SEED = 2026
# Hands per timed call (best_seconds repeats a call until its round lasts 0.2 s).
HANDS, ROT_HANDS = 1000, 200

Driver = Callable[[int, int, bool], int]


def payout_ok(payoffs: Sequence[float]) -> bool:
    """Whether ``payoffs`` (each player's net chips) are a call-down hand's: everyone put in
    the ante and the bring-in, and the winners split the whole pot evenly (540 divides by 1
    to 6).

    >>> payout_ok([450, -90, -90, -90, -90, -90]), payout_ok([360, 0, -90, -90, -90, -90])
    (True, False)
    """
    cost = ANTE + BRING_IN
    winners = [p for p in payoffs if p != -cost]
    return bool(winners) and all(p == POT / len(winners) - cost for p in winners)


def drawpoker_hands(count: int, seed: int = 0, verify: bool = False) -> int:
    """``count`` call-down hands of drawpoker's stud (``Hand.check_or_call``, which posts the
    bring-in, until the hand is over), as ``engine_workloads.stud_check_call_hands`` plays
    them. With ``verify``, counts the hands with 30 actions, six hands shown and payouts as
    expected.

    >>> drawpoker_hands(3, seed=1, verify=True)
    3
    """
    from drawpoker.engine import Hand, game

    spec = game("stud")
    good = 0
    for number in range(count):
        hand = Hand(spec, [STACK] * PLAYERS, PLAYERS - 1, seed, number=number)
        actions = 0
        while not hand.is_over:
            hand.check_or_call()
            actions += 1
        if verify:
            shown = sum(event.kind == "show" for event in hand.events)
            net = [won - ANTE - BRING_IN for won in hand.payouts]
            good += shown == PLAYERS and actions == ACTIONS and payout_ok(net)
    return good if verify else count


def pokerkit_hands(count: int, seed: int = 0, verify: bool = False) -> int:
    """``count`` hands of PokerKit: ``FixedLimitSevenCardStud.create_state`` per hand (cash-game
    mode, antes 40, bring-in 50, bets 200/400, stacks 20,000) with every automation but the
    players' actions, then ``post_bring_in()`` when it can, else ``check_or_call()``, while the
    state's ``status`` is on. PokerKit shuffles with the global ``random`` module, seeded here.
    With ``verify``, counts the hands with 30 actions, six hands shown or mucked at the
    showdown and payoffs as expected.

    >>> pokerkit_hands(2, seed=1, verify=True)  # doctest: +SKIP
    2
    """
    from pokerkit import FixedLimitSevenCardStud, HoleCardsShowingOrMucking, Mode

    automations = dealer_automations()
    random.seed(seed)
    good = 0
    for _ in range(count):
        state = FixedLimitSevenCardStud.create_state(
            automations,
            True,
            ANTE,
            BRING_IN,
            SMALL_BET,
            BIG_BET,
            STACK,
            PLAYERS,
            mode=Mode.CASH_GAME,
        )
        actions = 0
        while state.status:
            if state.can_post_bring_in():
                state.post_bring_in()
            else:
                state.check_or_call()
            actions += 1
        if verify:
            shown = sum(isinstance(op, HoleCardsShowingOrMucking) for op in state.operations)
            good += shown == PLAYERS and actions == ACTIONS and payout_ok(state.payoffs)
    return good if verify else count


def timed(driver: Callable[[int, int], object], hands: int) -> float:
    """Hands per second of ``driver(hands, seed)``, best of five rounds, each call on new
    hands (a new seed).

    >>> timed(lambda hands, seed: None, 10) > 0
    True
    """
    seeds = itertools.count(SEED)
    return hands / best_seconds(lambda: driver(hands, next(seeds)), repeat=5)


def checked_figure(task: str, library: str, driver: Driver, hands: int, note: str) -> Figure:
    """A driver's figure, after checking that it plays the hands asked."""
    good = driver(VERIFY_HANDS, SEED, True)
    if good != VERIFY_HANDS:
        raise AssertionError(f"{library}: {good} of {VERIFY_HANDS} hands ended as expected")
    return Figure(
        task, library, timed(lambda n, s: driver(n, s, False), hands), "hands/s", True, note
    )


def workload_figure(task: str, workload: str, hands: int, goal: str) -> Figure:
    """drawpoker's figure for ``task`` from ``bench.engine_workloads.<workload>``."""
    from bench import engine_workloads

    work: Callable[[int, int], int] = getattr(engine_workloads, workload)
    per_hand = work(VERIFY_HANDS, SEED) / VERIFY_HANDS
    note = f"engine_workloads.{workload} ({per_hand:.1f} actions/hand); {goal}"
    return Figure(task, "drawpoker", timed(work, hands), "hands/s", True, note)


def simulate_figure(games: int = 40) -> Figure:
    """The hands/s that ``drawpoker simulate --game stud --bots checkcall`` reports (best of
    three runs of ``games`` games)."""
    from drawpoker.cli import build_parser
    from drawpoker.cli.simulate import simulate

    best = 0.0
    for run in range(3):
        argv = ["simulate", "--game", "stud", "--bots", "checkcall", "--games", str(games)]
        # One process, as the figures beside it: the simulation area measures the process
        # pool, whose start-up would dominate a run this short.
        argv += ["--workers", "1"]
        args = build_parser().parse_args([*argv, "--seed", str(SEED + run)])
        out = io.StringIO()
        simulate(args, out=out, progress=io.StringIO())
        found = re.search(r"\(([\d,]+) hands/s\)", out.getvalue())
        assert found, out.getvalue()
        best = max(best, float(found[1].replace(",", "")))
    note = f"the command's own hands/s line, best of 3 runs of {games} games (Table, CheckCallBot)"
    return Figure(SIM_TASK, "drawpoker", best, "hands/s", True, note)


def measure() -> list[Figure]:
    """Hands per second of drawpoker and PokerKit, call-down; drawpoker's rules-of-thumb CPUs
    and its simulate command."""
    figures = [
        checked_figure(
            TASK,
            "drawpoker",
            drawpoker_hands,
            HANDS,
            "Hand.check_or_call until over (engine_workloads.stud_check_call_hands); "
            "goal >= 10,000 hands/s",
        )
    ]
    try:
        importlib.import_module("pokerkit")
    except ImportError:
        figures.append(Figure(TASK, "pokerkit", None, "hands/s", True, "not installed"))
    else:
        figures.append(
            checked_figure(
                TASK,
                "pokerkit",
                pokerkit_hands,
                20,
                "FixedLimitSevenCardStud.create_state per hand (cash game, every automation but "
                "the players' actions), post_bring_in() when it can, else check_or_call(), "
                "while status",
            )
        )
    figures += [
        workload_figure(ROT_TASK, "stud_rules_of_thumb_hands", ROT_HANDS, "goal >= 2,000 hands/s"),
        Figure(ROT_TASK, "pokerkit", None, "hands/s", True, "no CPU players"),
        simulate_figure(),
    ]
    return figures
