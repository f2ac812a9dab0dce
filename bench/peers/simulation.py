"""Simulations: hands/s of ``drawpoker.simulate`` in one process, on a pool of 2 processes and
on a 2-worker local Dask cluster (no peer simulates CPU players of these games; the goal is
near-linear scaling: 2 processes near twice one)."""

from __future__ import annotations

import time
from concurrent.futures import Executor

from drawpoker.matches.simulation import process_pool

from bench.figures import Figure, run_child

GAME, GAMES, PLAYERS, ROUNDS = "holdem", 1600, 6, 10
CHUNK = 32
"""Games a chunk: 320 hands, about 0.1 s of work, so that a chunk's round trip through a
Dask scheduler (which shares the two cores with its workers here) is small beside it."""
BOTS = ("rules", "checkcall")


def hands_per_second(executor: Executor | None = None) -> tuple[float, int]:
    """Hands per second of one simulation, and the hands played."""
    from drawpoker.matches.simulation import simulate
    from drawpoker.table import TableSettings

    start = time.perf_counter()
    summary = simulate(
        GAME,
        games=GAMES,
        bots=BOTS,
        players=PLAYERS,
        table=TableSettings(rounds=ROUNDS),
        seed=1,
        executor=executor,
        chunk_size=CHUNK,
    )
    return summary.hands / (time.perf_counter() - start), summary.hands


def drawpoker_child() -> dict[str, float]:
    """One process's hands/s (run me in a child for one thread)."""
    return {"hands_per_s": max(hands_per_second()[0] for _ in range(2))}


def measure() -> list[Figure]:
    """hands/s on each executor (best of two runs each)."""
    task = (
        f"drawpoker simulate: {GAMES} games of {GAME}, {PLAYERS} CPU players "
        f"({', '.join(BOTS)}), {ROUNDS} rounds each, {CHUNK} games a chunk, hands/s"
    )
    figures = []
    one = run_child("bench.peers.simulation", 1)["hands_per_s"]
    figures.append(
        Figure(
            task, "drawpoker, 1 process", one, "hands/s", True, "one thread (RAYON_NUM_THREADS=1)"
        )
    )
    with process_pool(2) as pool:
        hands_per_second(pool)  # start the workers
        two = max(hands_per_second(pool)[0] for _ in range(2))
    figures.append(
        Figure(task, "drawpoker, 2 processes", two, "hands/s", True, f"{two / one:.2f}x 1 process")
    )
    try:
        import drawpoker.analysis.dask

        with drawpoker.analysis.dask.client(local_workers=2) as client:
            executor = client.get_executor(pure=False)
            hands_per_second(executor)
            dask_rate = max(hands_per_second(executor)[0] for _ in range(2))
        note = f"{dask_rate / one:.2f}x 1 process"
    except ImportError:
        dask_rate, note = None, "dask not installed (pip install drawpoker[dask])"
    figures.append(
        Figure(task, "drawpoker, local Dask cluster of 2 workers", dask_rate, "hands/s", True, note)
    )
    return figures
