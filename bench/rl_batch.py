"""Batch-engine speed: actions per second on one core from Python with uniformly random legal
actions, each action's observation encoded, beside the learning environments of other
libraries in the same run.

- drawpoker: ``drawpoker.rl.BatchGame`` of ``--batch`` hands; each step reads every hand's mask
  (``legal()``) and observation (``observe(out=...)``, written over one array kept for the run),
  draws one uniformly random legal index per hand with NumPy and applies them all (``step()``):
  ``batch`` actions a step. A second row picks the indices in Rust instead (``sample_legal()``,
  no mask read and no NumPy pick), the observation still read each step; a third does so with
  the compact observation layout (``BatchGame(compact=True)``: 251 numbers a Hold'em
  observation instead of 1,377, the same facts; docs/rl.md). The batch is 128 hands: with 64
  the fastest of 32 to 1,024 on the 2-core machine (2026-12-03, Rust pick: 2.03, 2.26, 2.06,
  1.58, 1.26, 1.11 million actions per CPU second, compact 2.26, 2.55, 2.58, 2.37, 1.82, 1.44;
  a step's three Python calls cost about 2.5 us, 20 ns an action at 128, and larger batches
  lose more to the cache than they save, their observations and hands no longer fitting in a
  core's L2).
- OpenSpiel: ``universal_poker`` (6 players, no limit, blinds 50/100, stacks 10,000; the fcpa
  abstraction: fold, check/call, pot, all-in) stepped from Python: ``observation_tensor()`` of
  the player to act, then a random one of ``legal_actions()``; chance nodes draw a random
  outcome and are not counted as actions. ``bench.compare rl`` also times it without the
  observation, for scale (the issue's goal counts it with).
- PokerKit (with ``--games`` 2-7-triple-draw or stud): random legal actions on its presets,
  without observations (it makes none); see :func:`pokerkit_random`.
- PettingZoo: ``texas_holdem_no_limit_v6`` (RLCard's game, 6 players) through ``agent_iter()``:
  ``last()`` (its observation and mask), then a random legal index.

Run ``python -m bench.rl_batch`` (6-player no-limit Hold'em; ``--games`` adds other drawpoker
games, e.g. ``--games holdem 2-7-triple-draw stud``).
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from drawpoker.rl import BatchGame

from bench.peers.holdem import OPEN_SPIEL_GAME
from bench.pokerkit_dealer import dealer_automations

Driver = Callable[[int], int]
"""Plays at least ``n`` actions and returns how many it played."""


def drawpoker_batch(
    game: str,
    seats: int,
    batch: int,
    seed: int = 0,
    *,
    rust_pick: bool = False,
    compact: bool = False,
) -> Driver:
    """Steps of a batch of ``batch`` hands with random legal actions, observations read (in
    the compact layout when ``compact``): the mask read with ``legal()`` and an index picked
    with NumPy, or with ``rust_pick`` the index picked in Rust by ``sample_legal()`` (seed:
    the step's number) and no mask read."""
    games = BatchGame(game, batch=batch, seats=seats, seed=seed, compact=compact)
    rng = np.random.default_rng(seed)
    observations = np.empty((batch, games.layout.size), dtype=np.float32)

    def play(actions: int) -> int:
        played = 0
        while played < actions:
            games.observe(out=observations)
            if rust_pick:
                choice = games.sample_legal(played)
            else:
                mask = games.legal()
                choice = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1)
            games.step(choice)
            played += batch
        return played

    return play


def open_spiel(seed: int = 0, *, observe: bool = True) -> Driver:
    """OpenSpiel's universal_poker, one Python call per action plus its observation tensor
    (without it when not ``observe``: not the issue's terms, a figure for scale)."""
    import pyspiel

    game = pyspiel.load_game(OPEN_SPIEL_GAME)
    rng = random.Random(seed)

    def play(actions: int) -> int:
        played = 0
        state = game.new_initial_state()
        while played < actions:
            if state.is_terminal():
                state.returns()
                state = game.new_initial_state()
            elif state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
            else:
                if observe:
                    state.observation_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
                played += 1
        return played

    return play


def pettingzoo_holdem(seed: int = 0) -> Driver:
    """PettingZoo's texas_holdem_no_limit for 6 players, observation and mask from ``last()``."""
    from pettingzoo.classic import texas_holdem_no_limit_v6

    environment = texas_holdem_no_limit_v6.env(num_players=6)
    rng = np.random.default_rng(seed)

    def play(actions: int) -> int:
        played = 0
        environment.reset(seed=int(rng.integers(2**31)))
        while played < actions:
            for _ in environment.agent_iter():
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"])
                environment.step(int(legal[rng.integers(len(legal))]))
                played += 1
            environment.reset()
        return played

    return play


def pokerkit_random(game: str, seed: int = 0) -> Driver:
    """PokerKit's fixed-limit 2-7 triple draw (blinds 50/100, bets 100/200, stacks 10,000) or
    Seven-Card Stud (antes 40, bring-in 50, bets 200/400, stacks 20,000) for 6 players, every
    automation but the players' actions: a random one of the actions it allows (fold, check or
    call, bring-in, complete/bet/raise), each card discarded with probability 1/2 at a draw
    (all 32 discard sets alike). PokerKit has no observation encoding: none is made."""
    import warnings

    from pokerkit import FixedLimitDeuceToSevenLowballTripleDraw, FixedLimitSevenCardStud, Mode

    automations = dealer_automations()
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles with the global generator

    def create() -> Any:
        if game == "stud":
            return FixedLimitSevenCardStud.create_state(
                automations, True, 40, 50, 200, 400, 20_000, 6, mode=Mode.CASH_GAME
            )
        return FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            automations, True, 0, (50, 100), 100, 200, 10_000, 6, mode=Mode.CASH_GAME
        )

    def play(actions: int) -> int:
        played = 0
        state = create()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PokerKit says so each time it reuses mucked cards
            while played < actions:
                if not state.status:
                    state = create()
                    continue
                if state.can_stand_pat_or_discard():
                    held = state.hole_cards[state.stand_patter_or_discarder_index]
                    state.stand_pat_or_discard([card for card in held if rng.random() < 0.5])
                else:
                    offered = [
                        act
                        for can, act in (
                            (state.can_fold, state.fold),
                            (state.can_check_or_call, state.check_or_call),
                            (state.can_post_bring_in, state.post_bring_in),
                            (state.can_complete_bet_or_raise_to, state.complete_bet_or_raise_to),
                        )
                        if can()
                    ]
                    rng.choice(offered)()
                played += 1
        return played

    return play


def rate(driver: Driver, actions: int) -> tuple[float, float]:
    """Actions per second and per CPU second of ``driver`` playing about ``actions``."""
    driver(max(1, actions // 20))  # warm up
    start, cpu = time.perf_counter(), time.process_time()
    played = driver(actions)
    return played / (time.perf_counter() - start), played / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["holdem"])
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--actions", type=int, default=2_000_000, help="drawpoker's actions")
    parser.add_argument("--peer-actions", type=int, default=50_000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    rows: list[tuple[str, float, float]] = []
    for game in args.games:
        for rust_pick, compact, how in (
            (False, False, "NumPy pick"),
            (True, False, "Rust sample_legal pick"),
            (True, True, "Rust sample_legal pick, compact observation"),
        ):
            driver = drawpoker_batch(
                game, args.seats, args.batch, rust_pick=rust_pick, compact=compact
            )
            name = f"drawpoker BatchGame {game} (batch {args.batch}, {how})"
            rows.append((name, *rate(driver, args.actions)))
    for game in set(args.games) & {"2-7-triple-draw", "stud"}:
        rows.append(
            (f"PokerKit {game} (no observation)", *rate(pokerkit_random(game), args.peer_actions))
        )
    rows.append(("OpenSpiel universal_poker holdem", *rate(open_spiel(), args.peer_actions)))
    rows.append(("PettingZoo texas_holdem_no_limit", *rate(pettingzoo_holdem(), args.peer_actions)))
    print(f"{args.seats} seats, uniformly random legal actions, observations encoded, one core")
    for name, per_second, per_cpu in rows:
        print(f"  {name}: {per_second:,.0f} actions/s, {per_cpu:,.0f} per CPU second")
    print(f"  (load {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
