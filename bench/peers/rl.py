"""Learning environments (issue 31): actions per CPU second with uniformly random legal actions
and each action's observation encoded, 6 seats, one core, as ``bench/rl_batch.py`` drives them:
drawpoker's ``BatchGame`` (batch 128) in no-limit Hold'em, 2-7 triple draw and Seven-Card Stud
(three times: a NumPy pick from the mask, the Rust pick of ``sample_legal``, and that pick with
the compact observation layout), beside OpenSpiel's
``universal_poker`` (with its observation tensor, as the issue measures it, and without, for
scale) and PettingZoo's ``texas_holdem_no_limit`` in Hold'em and PokerKit in the other two
(PokerKit makes no observation). All run in one child process with one rayon thread,
pinned to one core.
"""

from __future__ import annotations

import os

from bench.figures import Figure, run_child

GAMES = ("holdem", "2-7-triple-draw", "stud")
SEATS, BATCH = 6, 128
ACTIONS, PEER_ACTIONS = 1_000_000, 20_000
PEERS = {
    "holdem": [
        ("OpenSpiel", "universal_poker, observation_tensor() each action"),
        (
            "OpenSpiel, no observation",
            "universal_poker without observation_tensor(): not the issue's terms, for scale",
        ),
        ("PettingZoo", "texas_holdem_no_limit, last() each action"),
    ],
    "other": [("PokerKit", "no observation (it makes none)")],
}
"""The peers measured beside each game, with how."""


def drawpoker_child() -> dict[str, float]:
    """Actions per CPU second of every driver (run me in a child: it pins the process to one
    core)."""
    from bench.rl_batch import (
        drawpoker_batch,
        open_spiel,
        pettingzoo_holdem,
        pokerkit_random,
        rate,
    )

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    figures = {game: rate(drawpoker_batch(game, SEATS, BATCH), ACTIONS)[1] for game in GAMES}
    for game in GAMES:
        driver = drawpoker_batch(game, SEATS, BATCH, rust_pick=True)
        figures[f"{game} rust pick"] = rate(driver, ACTIONS)[1]
        driver = drawpoker_batch(game, SEATS, BATCH, rust_pick=True, compact=True)
        figures[f"{game} compact"] = rate(driver, ACTIONS)[1]
    peers = {
        "PokerKit 2-7-triple-draw": lambda: pokerkit_random("2-7-triple-draw"),
        "PokerKit stud": lambda: pokerkit_random("stud"),
        "OpenSpiel holdem": open_spiel,
        "OpenSpiel, no observation holdem": lambda: open_spiel(observe=False),
        "PettingZoo holdem": pettingzoo_holdem,
    }
    for name, make in peers.items():
        try:
            figures[name] = rate(make(), PEER_ACTIONS)[1]
        except ImportError:
            continue
    return figures


def measure() -> list[Figure]:
    """Each game's actions per CPU second, drawpoker's and its peers'."""
    child = run_child("bench.peers.rl", 1)
    unit = "actions/CPU s"
    figures = []
    for game in GAMES:
        task = f"{game}: {SEATS} seats, random legal actions, observation encoded, per CPU second"
        note = f"batch {BATCH}: legal(), observe(out=...), a NumPy random pick, step()"
        figures.append(Figure(task, "drawpoker BatchGame", child[game], unit, True, note))
        figures.append(
            Figure(
                task,
                "drawpoker BatchGame, Rust pick",
                child[f"{game} rust pick"],
                unit,
                True,
                f"batch {BATCH}: observe(out=...), sample_legal(), step() (no mask, no NumPy)",
            )
        )
        figures.append(
            Figure(
                task,
                "drawpoker BatchGame, Rust pick, compact observation",
                child[f"{game} compact"],
                unit,
                True,
                f"batch {BATCH}, BatchGame(compact=True): the same facts in fewer numbers "
                "(docs/rl.md), observe(out=...), sample_legal(), step()",
            )
        )
        for library, how in PEERS["holdem" if game == "holdem" else "other"]:
            value = child.get(f"{library} {game}")
            figures.append(
                Figure(task, library, value, unit, True, how if value else "not installed")
            )
    return figures
