"""The record one measurement leaves for bench/RESULTS.md, and a timing helper."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Figure:
    """One measured figure: what was timed, by which library, the number and its unit.

    ``higher_is_better`` says how to read it; ``note`` says how it was measured.
    """

    task: str
    library: str
    value: float | None
    unit: str
    higher_is_better: bool
    note: str = ""


def best_seconds(work: Callable[[], object], repeat: int = 5, min_time: float = 0.2) -> float:
    """Best wall time of ``work()`` over ``repeat`` rounds, each repeated to last ``min_time``."""
    best = float("inf")
    for _ in range(repeat):
        calls = 0
        start = time.perf_counter()
        while True:
            work()
            calls += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        best = min(best, elapsed / calls)
    return best


def run_child(module: str, threads: int | None) -> dict[str, float]:
    """``module.drawpoker_child()``'s figures from a fresh process with ``threads`` rayon threads
    (all cores when ``None``): one-thread figures need a pool started with that limit. NumPy's
    OpenBLAS gets the same limit: its idle threads, started at import, spun on the other core
    for about 2% of a one-core run's CPU time, which counts every thread of the process."""
    env = dict(os.environ)
    if threads is not None:
        env["RAYON_NUM_THREADS"] = env["OPENBLAS_NUM_THREADS"] = str(threads)
    code = (
        f"import json; from {module} import drawpoker_child; print(json.dumps(drawpoker_child()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))
