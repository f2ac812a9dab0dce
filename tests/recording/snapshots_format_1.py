"""Table and hand snapshots in the hand format ``drawpoker.hand/1``, as the engine wrote them
before its events named their blinds and awards (commit 86bb0c9 made the format
``drawpoker.hand/2``), for tests/test_snapshot_formats.py.

It runs on that engine, not today's: the file in tests/data was written at 86bb0c9^ (its
``drawpoker.games`` API, its core built with ``cargo build --profile dev-release --features
python`` and copied to python/drawpoker/_core.abi3.so) by
``PYTHONPATH=<that checkout>/python python tests/recording/snapshots_format_1.py OUT.json.gz``.

It holds four tables (a person at seat 0 who calls or checks, CPU players of every type that
keeps a state at the other seats) stopped in a hand under way, and two hands of three unequal
stacks all in before the flop: a side pot won with the main pot (two awards today, one ``win``
then), and a hi/lo pot split.
"""

from __future__ import annotations

import gzip
import json
import sys
from typing import Any

TABLES = [
    ("holdem", ["Ann", "CPU 2", "CPU 3", "CPU 4"], ["strong", "rules", "checkcall"], 11, 6),
    ("omaha-hi-lo", ["Ann", "CPU 2", "CPU 3"], ["strong", "checkcall"], 5, 5),
    ("stud-hi-lo", ["Ann", "CPU 2", "CPU 3"], ["rules", "checkcall"], 8, 5),
    ("five-card-draw", ["Ann", "CPU 2"], ["strong"], 3, 4),
]
"""Each table: game, names, the CPU players of seats 1.., seed, the round it stops in."""


def table_snapshot(name: str, names: list[str], kinds: list[str], seed: int, rounds: int) -> Any:
    """The table's snapshot once its CPU players have played up to seat 0's turn in ``rounds``."""
    from drawpoker.bots import CPU_PLAYERS, make_bot  # the engine of 86bb0c9^
    from drawpoker.games import Action, game
    from drawpoker.games.table import Table, TableSettings

    cpu = {seat + 1: make_bot(kind, seed=seat, game=name) for seat, kind in enumerate(kinds)}
    table = Table(
        game(name),
        names,
        seed=seed,
        cpu=cpu,
        cpu_players=CPU_PLAYERS,
        settings=TableSettings(rounds=rounds + 2),
    )
    while not table.is_over and table.round < rounds:
        table.play_cpu()
        if table.is_over or table.round >= rounds:
            break
        legal = table.legal_actions()
        if "draw" in legal.kinds:
            table.act(0, Action.draw())
        elif "call" in legal.kinds and (legal.call <= 400 or table.hand.street > 0):
            table.act(0, Action.call())
        elif "fold" in legal.kinds and "check" not in legal.kinds:
            table.act(0, Action.fold())
        elif "bring-in" in legal.kinds:
            table.act(0, Action.bring_in())
        else:
            table.act(0, Action.check())
    table.play_cpu()
    return table.to_dict()


def all_in_hand(name: str, seed: int) -> Any:
    """The snapshot of a hand of stacks 500, 1500 and 3000 that seats 0 and 2 raise all in."""
    from drawpoker.games import Hand, game  # the engine of 86bb0c9^

    hand = Hand(game(name), [500, 1500, 3000], button=0, seed=seed)
    while hand.actor is not None:
        legal = hand.legal_actions()
        if "raise" in legal.kinds and hand.actor != 1:
            hand.raise_to(legal.max_to)
        elif "call" in legal.kinds:
            hand.call()
        else:
            hand.check()
    return hand.to_dict()


def record(path: str) -> None:
    """Writes ``{"tables": {game: snapshot}, "hands": {game: snapshot}}`` to ``path``."""
    data = {
        "tables": {row[0]: table_snapshot(*row) for row in TABLES},
        "hands": {name: all_in_hand(name, 4) for name in ("holdem", "omaha-hi-lo")},
    }
    with gzip.open(path, "wt") as out:
        json.dump(data, out, separators=(",", ":"))


if __name__ == "__main__":
    record(sys.argv[1])
