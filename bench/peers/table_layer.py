"""The table layer's cost (issue 26): ``drawpoker simulate --bots checkcall --workers 1`` beside a
plain loop over ``Hand`` that checks or calls from ``legal_actions()``, 6 players, in Hold'em,
Seven-Card Stud and 2-7 triple draw, both in the same process of the same run, in hands per CPU
second of that one thread (a busy host moves it less than the wall clock); the note gives
simulate's share of the plain loop's hands per CPU second (the goal is at least 0.8).

The simulation adds a table (button, rounds, busts) and gives each decision the seat's view
(:meth:`drawpoker.engine.Hand.view`); the plain loop reads only the legal actions.
"""

from __future__ import annotations

import time

from bench.figures import Figure, run_child

GAMES = ("holdem", "stud", "2-7-triple-draw")
PLAYERS, ROUNDS, SIM_GAMES, PLAIN_HANDS, REPEAT = 6, 10, 150, 1500, 3


def plain_hands_per_second(name: str) -> float:
    """Hands/s of a plain ``Hand`` loop: stand pat in a draw, post a bring-in, else check when
    ``legal_actions()`` allows it, else call; each hand from the game's stacks, button moving."""
    from drawpoker.engine import Action, Hand, game

    spec = game(name)
    stacks = [spec.default_stack] * PLAYERS
    check, call, pat, bring_in = Action.check(), Action.call(), Action.draw(), Action.bring_in()
    start = time.process_time()
    for number in range(PLAIN_HANDS):
        hand = Hand(spec, stacks, number % PLAYERS, 1, number=number)
        while hand.actor is not None:
            kinds = hand.legal_actions().kinds
            if hand.phase == "draw":
                hand.act(pat)
            elif "bring-in" in kinds:
                hand.act(bring_in)
            else:
                hand.act(check if "check" in kinds else call)
    return PLAIN_HANDS / (time.process_time() - start)


def simulate_hands_per_second(name: str) -> float:
    """Hands/s of ``drawpoker.simulate`` with check/call players in this process (what
    ``drawpoker simulate --bots checkcall --workers 1`` runs)."""
    from drawpoker.matches.simulation import simulate
    from drawpoker.table import TableSettings

    start = time.process_time()
    summary = simulate(
        name,
        games=SIM_GAMES,
        bots=["checkcall"],
        players=PLAYERS,
        table=TableSettings(rounds=ROUNDS),
        seed=1,
    )
    return summary.hands / (time.process_time() - start)


def drawpoker_child() -> dict[str, float]:
    """Both figures of every game, the best of :data:`REPEAT` runs each, taken in turn so that
    both see the same load (run me in a child for one thread)."""
    figures: dict[str, float] = {}
    for name in GAMES:
        plain = simulated = 0.0
        for _ in range(REPEAT):
            plain = max(plain, plain_hands_per_second(name))
            simulated = max(simulated, simulate_hands_per_second(name))
        figures[f"{name} plain"], figures[f"{name} simulate"] = plain, simulated
    return figures


def measure() -> list[Figure]:
    """Plain loop and simulate hands per CPU second of each game, and their ratio."""
    child = run_child("bench.peers.table_layer", 1)
    figures = []
    for name in GAMES:
        task = f"{name}: complete {PLAYERS}-player hands, all check or call, hands per CPU second"
        plain, simulated = child[f"{name} plain"], child[f"{name} simulate"]
        figures.append(
            Figure(
                task, "drawpoker Hand, plain loop", plain, "hands/CPU s", True, "legal_actions()"
            )
        )
        ratio = simulated / plain
        print(f"{name}: simulate / plain loop = {ratio:.2f}", flush=True)
        figures.append(
            Figure(
                task,
                "drawpoker simulate --bots checkcall --workers 1",
                simulated,
                "hands/CPU s",
                True,
                f"{ratio:.2f} of the plain loop ({ROUNDS} rounds a game)",
            )
        )
    return figures
