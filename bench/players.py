"""How long the CPU players take to decide, per game and CPU type (issue 32, "quick and steady").

Run from the project root::

    python -m bench.players                    # every game, rules and strong, 4 games each
    python -m bench.players --games 8 holdem   # some games, more games each

Each measurement seats CPU players of one type in every seat (six, or the game's most) and plays
seeded games of ten rounds, timing every ``bot.choose(view)`` with ``time.perf_counter``. The
first hand of a game is measured apart, in a fresh process, so that whatever the players build
on their first decision (and not at import) is counted: the first decision, the slowest
decision of that first hand, and apart from them the time to seat the players (``make_bot``,
which readies the game's tables, and the ``Table``). ``python -m bench.compare players``
writes the figures to bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

from drawpoker.bots import make_bot
from drawpoker.engine import Action, HandView, game
from drawpoker.engine.registry import GAMES
from drawpoker.table import Table, TableSettings
from drawpoker.table.player import Player

KINDS = ("rules", "strong")
SEATS = 6


class TimedPlayer:
    """A CPU player whose every decision's wall time (seconds) is appended to ``times``, and
    the CPU time the process spent on it (all threads) to ``cpu``: on a shared machine the
    wall time also counts the waits for a core, the CPU time only the work."""

    def __init__(self, player: Player, times: list[float], cpu: list[float]) -> None:
        self.player = player
        self.times = times
        self.cpu = cpu

    def choose(self, view: HandView) -> Action:
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.player.choose(view)
        self.times.append(time.perf_counter() - start)
        self.cpu.append(time.process_time() - start_cpu)
        return action


def seats(name: str) -> int:
    """Six, or the most the game seats."""
    return min(SEATS, game(name).seats[1])


def play(
    name: str, kind: str, seed: int, rounds: int
) -> tuple[float, list[list[float]], list[float]]:
    """The time to seat the players (``make_bot`` and ``Table``), every decision's time, hand
    by hand, and every decision's CPU time, of one game (seconds)."""
    players = seats(name)
    per_hand: list[list[float]] = []
    times: list[float] = []
    cpu_times: list[float] = []
    start = time.perf_counter()
    cpu: dict[int, Player] = {
        s: TimedPlayer(make_bot(kind, seed=seed * 31 + s, game=name), times, cpu_times)
        for s in range(players)
    }
    table = Table(game(name), players, seed=seed, settings=TableSettings(rounds=rounds), cpu=cpu)
    seating = time.perf_counter() - start
    while not table.is_over:
        table.play_cpu(limit=1)
        if table.is_over or table.hand is not table.hands[len(per_hand)]:
            per_hand.append(times[:])
            times.clear()
    return seating, per_hand, cpu_times


def first_hand(name: str, kind: str, seed: int) -> list[float]:
    """The seating time then the decision times of a game's first hand in this process
    (seconds)."""
    seating, per_hand, _ = play(name, kind, seed, rounds=1)
    return [seating, *per_hand[0]]


def first_hand_fresh(name: str, kind: str, seed: int) -> list[float]:
    """:func:`first_hand` in a fresh Python process, so that nothing built earlier helps."""
    code = (
        "import json; from bench.players import first_hand; "
        f"print(json.dumps(first_hand({name!r}, {kind!r}, {seed})))"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return [float(t) for t in json.loads(out.stdout.strip().splitlines()[-1])]


@dataclass(frozen=True)
class Timing:
    """Decision times of one game and CPU type, in milliseconds."""

    game: str
    kind: str
    decisions: int
    median: float
    p99: float
    max: float
    first: float
    first_hand_max: float
    seating: float
    cpu_p99: float
    cpu_max: float


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank).

    >>> percentile([float(v) for v in range(1, 101)], 0.99)
    99.0
    """
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def measure_one(name: str, kind: str, games: int, seed: int = 1) -> Timing:
    """The :class:`Timing` of ``games`` games of ``name`` between CPU players of ``kind``."""
    ms: list[float] = []
    cpu: list[float] = []
    for g in range(games):
        _, per_hand, cpu_times = play(name, kind, seed + g, rounds=10)
        ms += [t * 1000 for hand in per_hand for t in hand]
        cpu += [t * 1000 for t in cpu_times]
    seating, *fresh = first_hand_fresh(name, kind, seed)
    return Timing(
        name,
        kind,
        len(ms),
        statistics.median(ms),
        percentile(ms, 0.99),
        max(ms),
        fresh[0] * 1000,
        max(fresh) * 1000,
        seating * 1000,
        percentile(cpu, 0.99),
        max(cpu),
    )


def measure(names: list[str], games: int) -> list[Timing]:
    """Timings of every game in ``names`` for each kind of :data:`KINDS`, printed as they come."""
    print(
        f"{'game':<16} {'kind':<7} {'decisions':>9} {'median':>8} {'p99':>8} {'max':>8} "
        f"{'first':>8} {'1st hand':>8} {'seating':>8} {'cpu p99':>8} {'cpu max':>8}   (ms)",
        flush=True,
    )
    timings = []
    for name in names:
        for kind in KINDS:
            t = measure_one(name, kind, games)
            timings.append(t)
            print(
                f"{t.game:<16} {t.kind:<7} {t.decisions:>9} {t.median:>8.2f} {t.p99:>8.1f} "
                f"{t.max:>8.1f} {t.first:>8.1f} {t.first_hand_max:>8.1f} {t.seating:>8.1f} "
                f"{t.cpu_p99:>8.1f} {t.cpu_max:>8.1f}",
                flush=True,
            )
    return timings


def main() -> None:
    """Measures the games named on the command line (default: all) and prints a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--games", dest="count", type=int, default=4, help="games per kind")
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown games: {', '.join(unknown)}")
    measure(args.games or list(GAMES), args.count)


if __name__ == "__main__":
    main()
