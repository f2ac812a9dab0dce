"""Range equity: drawpoker beside eval7 (HandRange, the range equity most Python users have).

Task: PokerStove's classic spot "QQ+, AKs" against "JJ-99, AQs+" preflop. drawpoker enumerates
it exactly (516 combo pairs folded into 43 matchups by suit symmetry, 884,548,864 deals) and
also samples it; eval7 can only sample preflop (``py_all_hands_vs_range``: ``iterations``
deals per hero combo), so it is timed at the iterations that give its range equity the same
standard error as drawpoker's 200,000 samples (about 0.001). drawpoker's figures come from a
child process with ``RAYON_NUM_THREADS=1``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from bench.figures import Figure, best_seconds, run_child

HERO, VILLAIN = "QQ+, AKs", "JJ-99, AQs+"
SAMPLES = 200_000
FLOP_HERO, FLOP_VILLAIN, FLOP = "AA, KK, AKs", "QQ-TT, AQs+, KQs", "Ts 9d 2s"


def ms(work: Callable[[], object], repeat: int = 3) -> float:
    """Best milliseconds per call of ``work``."""
    return best_seconds(work, repeat=repeat, min_time=0.3) * 1e3


def drawpoker_child() -> dict[str, float]:
    """drawpoker's figures, measured in this process (run me in a child for one thread)."""
    from drawpoker import Range, range_equity

    hero, villain = Range(HERO), Range(VILLAIN)
    exact = range_equity([hero, villain])  # within the default budget
    sampled = range_equity([hero, villain], max_outcomes=0, samples=SAMPLES)
    assert exact.exact and not sampled.exact
    flop = [Range(FLOP_HERO), Range(FLOP_VILLAIN)]
    return {
        "exact_ms": ms(lambda: range_equity([hero, villain])),
        "matchups": float(exact.matchups),
        "equity": exact.players[0].equity,
        "sampled_ms": ms(lambda: range_equity([hero, villain], max_outcomes=0, samples=SAMPLES)),
        "sampled_error": sampled.players[0].std_error,
        "flop_ms": ms(lambda: range_equity(flop, board=FLOP)),
    }


def eval7_figures(target_error: float) -> dict[str, tuple[float | None, str]]:
    """eval7's range-against-range Monte Carlo at drawpoker's standard error."""
    try:
        import eval7
    except ImportError:
        return {}
    hero, villain = eval7.HandRange(HERO), eval7.HandRange(VILLAIN)
    combos = len(hero.hands)
    # Each hero combo's estimate has variance at most p(1 - p) ~ 0.2 per deal; the range's
    # equity averages the combos.
    iterations = math.ceil(0.2 / (combos * target_error**2))
    seconds = best_seconds(
        lambda: eval7.py_all_hands_vs_range(hero, villain, [], iterations), repeat=3
    )
    note = (
        f"py_all_hands_vs_range, {iterations:,} deals per hero combo ({combos} combos), "
        f"standard error ~{target_error:.4f}"
    )
    board = [eval7.Card(c) for c in FLOP.split()]
    flop_hero, flop_villain = eval7.HandRange(FLOP_HERO), eval7.HandRange(FLOP_VILLAIN)
    flop_combos = len(flop_hero.hands)
    flop_iterations = math.ceil(0.2 / (flop_combos * target_error**2))
    flop_seconds = best_seconds(
        lambda: eval7.py_all_hands_vs_range(flop_hero, flop_villain, board, flop_iterations),
        repeat=3,
    )
    return {
        "exact_ms": (None, f"no exact range equity preflop; sampling: {1e3 * seconds:.0f} ms"),
        "sampled_ms": (1e3 * seconds, note),
        "flop_ms": (
            1e3 * flop_seconds,
            f"samples ({flop_iterations:,} per hero combo, standard error ~{target_error:.4f}); "
            "drawpoker is exact",
        ),
    }


def measure() -> list[Figure]:
    """Every range equity figure of this run."""
    one = run_child("bench.peers.ranges", 1)
    peers = eval7_figures(one["sampled_error"])
    tasks = {
        "exact_ms": (
            f"Hold'em '{HERO}' vs '{VILLAIN}' preflop, exact ({one['matchups']:.0f} matchups "
            f"after suit symmetry, 884,548,864 deals; equity {one['equity']:.4f}), ms"
        ),
        "sampled_ms": (
            f"Hold'em '{HERO}' vs '{VILLAIN}' preflop, Monte Carlo to standard error "
            f"{one['sampled_error']:.4f} (drawpoker: {SAMPLES:,} samples), ms"
        ),
        "flop_ms": f"Hold'em '{FLOP_HERO}' vs '{FLOP_VILLAIN}' on {FLOP}, ms",
    }
    figures = []
    for key, task in tasks.items():
        note = "exact, the default max_outcomes" if key != "sampled_ms" else "seeded Monte Carlo"
        figures.append(Figure(task, "drawpoker (1 thread)", one[key], "ms", False, note))
        if key in peers:
            value, peer_note = peers[key]
            figures.append(Figure(task, "eval7", value, "ms", False, peer_note))
    return figures
