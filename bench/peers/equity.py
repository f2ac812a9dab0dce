"""Equity: drawpoker beside pokerfast (OMPEval), poker-equity, eval7 and pokerkit.

Each task is one fixed spot computed by every library that can. Exact figures are exact
enumerations; a library that can only sample is listed with the sampling it offers and a note.
drawpoker's one-thread figures come from a child process with ``RAYON_NUM_THREADS=1``.
"""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np

from bench.figures import Figure, best_seconds, run_child

PREFLOP = ["AsKs", "QhQd"]
FLOP_HANDS, FLOP = ["AsKs", "QhQd", "7c8c"], "Ts 9d 2s"
STUD = ["As Ad 7c 8c 9h", "Ks Kh Qd Jd Td"]
OMAHA = ["As Ks Qd Jd", "Qh Qc 9h 8h"]
MATCHUPS = 200


def ms(work: Callable[[], object], repeat: int = 5) -> float:
    """Best milliseconds per call of ``work``."""
    return best_seconds(work, repeat=repeat, min_time=0.2) * 1e3


def random_matchups(n: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """``n`` heads-up preflop matchups as two uint8[n, 2] arrays of distinct cards."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :4].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :2]), np.ascontiguousarray(cards[:, 2:])


def text(card: int) -> str:
    """Two-character text of a card."""
    return "23456789TJQKA"[card >> 2] + "cdhs"[card & 3]


def drawpoker_child() -> dict[str, float]:
    """drawpoker's figures, measured in this process (run me in a child for one thread)."""
    import drawpoker

    drawpoker.equity(PREFLOP)
    a, b = random_matchups(MATCHUPS)
    return {
        "preflop_ms": ms(lambda: drawpoker.equity(PREFLOP)),
        "flop_ms": ms(lambda: drawpoker.equity(FLOP_HANDS, board=FLOP)),
        "stud_ms": ms(lambda: drawpoker.equity(STUD, game="stud"), repeat=3),
        "omaha_ms": ms(lambda: drawpoker.equity(OMAHA, game="omaha"), repeat=3),
        "short_deck_ms": ms(lambda: drawpoker.equity(PREFLOP, game="short-deck")),
        "batch_per_s": MATCHUPS / best_seconds(lambda: drawpoker.equity_batch(a, b), repeat=3),
    }


def pokerfast_figures() -> dict[str, tuple[float | None, str]]:
    """pokerfast (OMPEval's exact enumeration, one thread)."""
    try:
        from pokerfast import equity as pf
    except ImportError:
        return {}
    note = "OMPEval exact enumeration through ctypes, threads=1"
    a, b = random_matchups(MATCHUPS)
    pairs = [
        ("".join(map(text, x)), "".join(map(text, y)))
        for x, y in zip(a.tolist(), b.tolist(), strict=True)
    ]
    return {
        "preflop_ms": (ms(lambda: pf.equity(PREFLOP, threads=1)), note),
        "flop_ms": (
            ms(lambda: pf.equity(FLOP_HANDS, board=FLOP.replace(" ", ""), threads=1)),
            note,
        ),
        "batch_per_s": (
            MATCHUPS
            / best_seconds(lambda: [pf.equity(list(p), threads=1) for p in pairs], repeat=3),
            note + ", one call per matchup",
        ),
    }


def poker_equity_figures() -> dict[str, tuple[float | None, str]]:
    """poker-equity's exact walker (its default thread count)."""
    try:
        import poker_equity as pe
    except ImportError:
        return {}
    note = f"exact_from_text, {pe.default_thread_count()} threads"
    return {
        "preflop_ms": (ms(lambda: pe.exact_from_text("holdem", PREFLOP), repeat=3), note),
        "flop_ms": (ms(lambda: pe.exact_from_text("holdem", FLOP_HANDS, FLOP)), note),
        "stud_ms": (ms(lambda: pe.exact_from_text("stud", STUD), repeat=3), note),
        "omaha_ms": (ms(lambda: pe.exact_from_text("omaha", OMAHA), repeat=3), note),
    }


def eval7_figures() -> dict[str, tuple[float | None, str]]:
    """eval7 enumerates only from the flop on; preflop it samples."""
    try:
        import eval7
    except ImportError:
        return {}
    hero = [eval7.Card(c) for c in ("As", "Ks")]
    villain = eval7.HandRange("QhQd")
    sampled = ms(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], 100_000), 3)
    return {
        "preflop_ms": (
            None,
            f"samples only preflop: 100,000 samples take {sampled:.0f} ms "
            "(standard error ~0.0016); no exact preflop call",
        ),
    }


def measure() -> list[Figure]:
    """Every equity figure of this run."""
    one = run_child("bench.peers.equity", 1)
    every = run_child("bench.peers.equity", None)
    peers = {
        "pokerfast": pokerfast_figures(),
        "poker-equity": poker_equity_figures(),
        "eval7": eval7_figures(),
    }
    tasks = {
        "preflop_ms": "Hold'em AsKs vs QhQd preflop, exact over 1,712,304 boards, ms",
        "flop_ms": "Hold'em 3 hands on a flop (AsKs QhQd 7c8c, Ts9d2s), exact, ms",
        "stud_ms": "Stud hi, 5 cards seen each (AsAd789 vs KsKhQJTd), exact over 671,580 deals, ms",
        "omaha_ms": "Omaha AsKsQdJd vs QhQc9h8h preflop, exact over 1,086,008 boards, ms",
        "batch_per_s": f"{MATCHUPS} random heads-up preflop matchups, each exact, matchups/s",
        "short_deck_ms": "Short-deck AsKs vs QhQd preflop, exact over 201,376 boards, ms "
        "(no peer here computes it exactly)",
    }
    figures: list[Figure] = []
    for key, task in tasks.items():
        higher = key.endswith("per_s")
        unit = "matchups/s" if higher else "ms"
        figures.append(Figure(task, "drawpoker (1 thread)", one[key], unit, higher, ""))
        if key in ("stud_ms", "omaha_ms", "batch_per_s"):
            figures.append(
                Figure(task, f"drawpoker ({os.cpu_count()} threads)", every[key], unit, higher, "")
            )
        for library, results in peers.items():
            if key in results:
                value, note = results[key]
                figures.append(Figure(task, library, value, unit, higher, note))
    figures.append(
        Figure(
            tasks["preflop_ms"],
            "pokerkit",
            None,
            "ms",
            False,
            "samples only (calculate_equities); not timed here (issue 3 reports ~500 s for "
            "the same precision)",
        )
    )
    return figures
