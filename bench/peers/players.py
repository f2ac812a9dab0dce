"""CPU players' decision times per game (issue 32, "quick and steady": a strong decision takes
at most 50 ms at p99 and 200 ms at most, the first hand of a game included).

drawpoker only (no peer has CPU players of these games). :mod:`bench.players` seats six (or
the game's most) rules-of-thumb or strong players, plays seeded games of ten rounds and times
every decision; the first hand of a game is measured again in a fresh process.
"""

from __future__ import annotations

from drawpoker.engine.registry import GAMES

from bench.figures import Figure
from bench.players import measure as measure_timings

GAMES_PER_KIND = 8
"""Seeded games played per game and CPU type."""


def measure() -> list[Figure]:
    """The median, p99, max and first-hand decision times of every game's rules and strong
    players, and the time to seat them in a fresh process."""
    figures = []
    for t in measure_timings(list(GAMES), GAMES_PER_KIND):
        how = f"{t.decisions:,} decisions, {GAMES_PER_KIND} games"
        fresh = "first hand of a game in a fresh process"
        for label, value, note in (
            ("median decision", t.median, how),
            ("p99 decision", t.p99, how + "; goal <= 50 ms (strong)"),
            ("slowest decision", t.max, how + "; goal <= 200 ms (strong)"),
            ("first decision", t.first, fresh),
            ("slowest decision of the first hand", t.first_hand_max, fresh),
            ("p99 decision, CPU time", t.cpu_p99, how + "; the process's, all threads"),
            ("slowest decision, CPU time", t.cpu_max, how + "; the process's, all threads"),
            ("seating", t.seating, "make_bot (readies the tables) and Table, " + fresh),
        ):
            figures.append(
                Figure(
                    f"players: {t.kind}, {label}", f"drawpoker {t.game}", value, "ms", False, note
                )
            )
    return figures
