"""High-hand evaluation: drawpoker beside treys, eval7, phevaluator, pkrbot and pokerkit.

Every library evaluates the same random hands through the fastest entry point it offers a Python
caller (a C function mapped over prepared arguments where there is one). drawpoker's one-thread
figures come from a child process with ``RAYON_NUM_THREADS=1``. Native figures come from
``bench/native``: drawpoker's Rust API beside aya_poker, a Rust evaluator on OMPEval's method.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from bench.figures import Figure, best_seconds, run_child

RANKS, SUITS = "23456789TJQKA", "cdhs"
HANDS = 200_000


def random_hands(n: int, k: int, seed: int = 1) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards as uint8[n, k]."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def text(card: int) -> str:
    """Two-character text of a card."""
    return RANKS[card >> 2] + SUITS[card & 3]


def rate(work: Callable[[], object], n: int) -> float:
    """Millions of hands per second for ``work`` evaluating ``n`` hands: the best of 9 rounds of
    at least 0.1 s each, for every library alike. The host is shared and its speed moves within a
    second, so many short rounds come closer to a library's own speed than a few long ones."""
    return n / best_seconds(work, repeat=9, min_time=0.1) / 1e6


def drawpoker_child() -> dict[str, float]:
    """drawpoker's figures, measured in this process (run me in a child for one thread)."""
    start = time.perf_counter()
    import drawpoker

    import_seconds = time.perf_counter() - start
    figures = {"import_ms": import_seconds * 1e3}
    start = time.perf_counter()
    drawpoker.evaluate("As Ks Qs Js Ts")
    figures["tables_ms"] = (time.perf_counter() - start) * 1e3
    for k in (5, 7):
        small = random_hands(HANDS, k)
        large = random_hands(4_000_000, k)
        figures[f"batch{k}_small"] = rate(lambda a=small: drawpoker.evaluate_batch(a), len(small))
        figures[f"batch{k}_large"] = rate(lambda a=large: drawpoker.evaluate_batch(a), len(large))
    figures["histogram7_s"] = best_seconds(lambda: drawpoker.strength_histogram(7), repeat=3)
    figures["patterns7_s"] = best_seconds(lambda: drawpoker.category_counts(7), repeat=3)
    return figures


def cold_import_ms() -> float:
    """Milliseconds of ``import drawpoker`` in a fresh interpreter that imported nothing else."""
    code = (
        "import time; t = time.perf_counter(); import drawpoker; "
        "print((time.perf_counter() - t) * 1e3)"
    )
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], check=True, capture_output=True, text=True
            ).stdout
        )
        for _ in range(5)
    ]
    return min(runs)


NATIVE_ROWS = 1_000_000


def native_rates() -> dict[str, float] | None:
    """M hands/s of ``bench/native`` (drawpoker's Rust API and aya_poker, one thread, the same
    1,000,000 random rows), or ``None`` without cargo."""
    cargo = shutil.which("cargo")
    if cargo is None:
        return None
    manifest = Path(__file__).resolve().parents[1] / "native" / "Cargo.toml"
    command = [cargo, "run", "--release", "--quiet", "--manifest-path", str(manifest)]
    out = subprocess.run(
        [*command, "--", str(NATIVE_ROWS), "10"],
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def native_figures(task: str, k: int, native: dict[str, float] | None) -> list[Figure]:
    """The native figures of ``k``-card hands for ``task`` (missing without cargo)."""
    rows = f"{NATIVE_ROWS:,} rows"
    entries = [
        (
            "drawpoker (Rust API, 1 thread)",
            f"drawpoker{k}",
            f"evaluate_batch from Rust on {rows}, every row checked (bench/native)",
        ),
        (
            "aya_poker (Rust, OMPEval's method)",
            f"aya_prebuilt{k}",
            f"poker_rank on Hand values built before the clock starts, as OMPEval's own "
            f"benchmark does; {rows}",
        ),
        (
            "aya_poker (Rust, OMPEval's method)",
            f"aya_from_rows{k}",
            f"each Hand built from the same {rows} of card numbers, then poker_rank",
        ),
    ]
    return [
        Figure(
            task,
            library,
            None if native is None else native[key],
            "M/s",
            True,
            note if native is not None else "cargo not found",
        )
        for library, key, note in entries
    ]


def peer_rates(k: int) -> list[tuple[str, float | None, str]]:
    """(library, M hands/s, how) for each installed peer on random ``k``-card hands."""
    hands = random_hands(HANDS, k).tolist()
    results: list[tuple[str, float | None, str]] = []
    try:
        from phevaluator import _pheval

        fn = getattr(_pheval, f"evaluate_{k}cards")
        rows = [tuple(h) for h in hands]  # phevaluator numbers cards as we do
        results.append(
            ("phevaluator", rate(lambda: list(itertools.starmap(fn, rows)), len(rows)), "C entry")
        )
    except ImportError:
        results.append(("phevaluator", None, "not installed"))
    try:
        import pkrbot

        pk_rows = [[pkrbot.Card(text(c)) for c in h] for h in hands]
        results.append(
            ("pkrbot", rate(lambda: list(map(pkrbot.evaluate, pk_rows)), len(pk_rows)), "")
        )
    except ImportError:
        results.append(("pkrbot", None, "not installed"))
    try:
        import eval7

        e7_rows = [[eval7.Card(text(c)) for c in h] for h in hands]
        results.append(
            ("eval7", rate(lambda: list(map(eval7.evaluate, e7_rows)), len(e7_rows)), "")
        )
    except ImportError:
        results.append(("eval7", None, "not installed"))
    try:
        from treys import Card, Evaluator

        evaluator = Evaluator()
        t_rows = [[Card.new(text(c)) for c in h] for h in hands[:20_000]]
        results.append(
            (
                "treys",
                rate(lambda: [evaluator.evaluate(h[:2], h[2:]) for h in t_rows], len(t_rows)),
                "pure Python; 20,000 hands",
            )
        )
    except ImportError:
        results.append(("treys", None, "not installed"))
    try:
        from pokerkit import StandardHighHand

        p_rows = ["".join(text(c) for c in h) for h in hands[:300]]
        results.append(
            (
                "pokerkit",
                rate(lambda: [StandardHighHand.from_game(h) for h in p_rows], len(p_rows)),
                "StandardHighHand.from_game; 300 hands",
            )
        )
    except ImportError:
        results.append(("pokerkit", None, "not installed"))
    return results


def measure() -> list[Figure]:
    """Every high-hand figure of this run."""
    one = run_child("bench.peers.high", 1)
    every = run_child("bench.peers.high", None)
    native = native_rates()
    figures: list[Figure] = []
    for k in (7, 5):
        task = f"random {k}-card high hands, M hands/s"
        figures.append(
            Figure(
                task,
                "drawpoker (1 thread)",
                one[f"batch{k}_small"],
                "M/s",
                True,
                f"evaluate_batch on {HANDS:,} hands, as each Python peer below (input in cache)",
            )
        )
        figures.append(
            Figure(
                task,
                "drawpoker (1 thread)",
                one[f"batch{k}_large"],
                "M/s",
                True,
                f"evaluate_batch on 4,000,000 hands ({4 * k} MB of cards, past the caches)",
            )
        )
        figures.append(
            Figure(
                task,
                f"drawpoker ({os.cpu_count()} threads)",
                every[f"batch{k}_large"],
                "M/s",
                True,
                "evaluate_batch on 4,000,000 hands",
            )
        )
        figures.extend(native_figures(task, k, native))
        for library, value, note in peer_rates(k):
            figures.append(Figure(task, library, value, "M/s", True, note))
    task = "exact counts over all 133,784,560 seven-card hands (R-HIGH-5), s"
    figures.append(
        Figure(
            task,
            "drawpoker (1 thread)",
            one["histogram7_s"],
            "s",
            False,
            "strength_histogram(7): every hand evaluated",
        )
    )
    figures.append(
        Figure(
            task,
            "drawpoker (1 thread)",
            one["patterns7_s"],
            "s",
            False,
            "category_counts(7): rank patterns x suit assignments",
        )
    )
    figures.append(
        Figure(
            task,
            f"drawpoker ({os.cpu_count()} threads)",
            every["histogram7_s"],
            "s",
            False,
            "strength_histogram(7): every hand evaluated",
        )
    )
    figures.append(
        Figure(
            "import drawpoker, ms",
            "drawpoker",
            one["import_ms"],
            "ms",
            False,
            "fresh process, NumPy already imported",
        )
    )
    figures.append(
        Figure(
            "import drawpoker, ms",
            "drawpoker",
            cold_import_ms(),
            "ms",
            False,
            "fresh process; NumPy loads on the first array call (best of 5)",
        )
    )
    figures.append(
        Figure(
            "first evaluation (builds the tables), ms",
            "drawpoker",
            one["tables_ms"],
            "ms",
            False,
            "fresh process",
        )
    )
    return figures
