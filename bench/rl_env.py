"""Learning-environment speed: actions per second through the PettingZoo AEC environment
(``drawpoker.rl.env``) with uniformly random legal actions, each action's observation encoded
(``last()`` builds the acting agent's observation and mask, as a learner reads them), on one
core.

Run ``python -m bench.rl_env`` (6-player no-limit Hold'em; ``--game``, ``--seats``,
``--actions``, ``--raw`` to skip PettingZoo's order-enforcing wrapper).
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
from drawpoker.rl import env, raw_env


def random_actions(
    game: str, seats: int, actions: int, wrapped: bool, seed: int = 0
) -> tuple[int, int, float, float]:
    """Plays ``actions`` random legal actions (episodes of one hand, reset as each ends);
    returns the actions played, the hands finished, the seconds taken and the CPU seconds
    this process used (the figure that holds on a busy machine)."""
    environment = env(game, seats=seats) if wrapped else raw_env(game, seats=seats)
    rng = np.random.default_rng(seed)
    environment.reset(seed=seed)
    played = hands = 0
    start, cpu = time.perf_counter(), time.process_time()
    while played < actions:
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            if not environment.agents:
                hands += 1
                environment.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(legal[rng.integers(len(legal))]))
        played += 1
    return played, hands, time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="holdem")
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--actions", type=int, default=50_000)
    parser.add_argument("--raw", action="store_true", help="without the order-enforcing wrapper")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    random_actions(args.game, args.seats, 2_000, not args.raw)  # warm up (tables, imports)
    played, hands, seconds, cpu = random_actions(args.game, args.seats, args.actions, not args.raw)
    print(
        f"{args.game}, {args.seats} seats, random legal actions with observations"
        f"{' (raw_env)' if args.raw else ''}: {played / seconds:,.0f} actions/s, "
        f"{hands / seconds:,.0f} hands/s; per CPU second {played / cpu:,.0f} actions, "
        f"{hands / cpu:,.0f} hands ({played:,} actions, {hands:,} hands, {seconds:.2f} s, "
        f"{cpu:.2f} CPU s, load {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
