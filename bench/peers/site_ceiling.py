"""The site's ceiling at a site's pace (issue 30): the most tables, of the steps tried in turn,
at which the p99 from an action to the state that shows it stays under 50 ms, for one process
and for 2 gateways + 2 dealers over Redis and PostgreSQL on the same cores. Each step is a
paced run of bench/site_load.py on a fresh site, at the pace of the site area (CPU players
think 1 s, people 0.75-2.25 s, 2 s after a hand, 4 s after a showdown); a layout's steps stop
at the first that misses the goal or has an error. No peer has a site: the figures are
drawpoker's alone. It takes 10-20 minutes, most of it making and seating the tables."""

from __future__ import annotations

from typing import Any

from bench.figures import Figure
from bench.site_load import Run, run_once

STEPS = (250, 500, 1000, 1500, 2000, 3000)
"""The table counts tried, in turn."""
SECONDS = 40.0
"""Each step's measured time."""
GOAL_MS = 50.0
LAYOUTS = {"drawpoker serve": (0, 0), "drawpoker, 2 gateways + 2 dealers": (2, 2)}
"""The sites measured: a name and their gateways and dealers (0 and 0: one process)."""


def climb(gateways: int, dealers: int) -> list[dict[str, Any]]:
    """The summaries of the steps run for a layout, up to the first that missed the goal."""
    summaries = []
    for tables in STEPS:
        run = Run(tables, SECONDS, None, 1.0, 1.5, 2.0, 4.0, gateways, dealers)
        summary = run_once(run)
        summaries.append(summary)
        if not held(summary):
            break
    return summaries


def held(summary: dict[str, Any]) -> bool:
    """Whether a step met the goal: p99 under :data:`GOAL_MS`, no error, no chip changed.

    >>> held({"p99_ms": 31.0, "errors": 0, "tables_chips_changed": 0})
    True
    >>> held({"p99_ms": 51.0, "errors": 0, "tables_chips_changed": 0})
    False
    """
    p99 = summary["p99_ms"]
    return (
        isinstance(p99, int | float)
        and p99 < GOAL_MS
        and not summary["errors"]
        and not summary["tables_chips_changed"]
    )


def measure() -> list[Figure]:
    """Each layout's ceiling, and the p99 and CPU per action of every step it ran."""
    figures = []
    for name, (gateways, dealers) in LAYOUTS.items():
        summaries = climb(gateways, dealers)
        most = max((s["tables"] for s in summaries if held(s)), default=None)
        steps = "; ".join(
            f"{s['tables']}: p99 {s['p99_ms']:.0f} ms, load {s['load_before']:.1f}"
            for s in summaries
        )
        figures.append(
            Figure(
                f"site, paced: the most tables with p99 under {GOAL_MS:g} ms (issue 30)",
                name,
                None if most is None else float(most),
                "tables",
                True,
                f"steps of {SECONDS:g} s, stopped at the first miss: {steps}",
            )
        )
        for summary in summaries:
            task = f"site, paced, the ceiling's steps: {summary['tables']} tables"
            figures += [
                Figure(task, f"{name}, p99", summary["p99_ms"], "ms", False, "goal < 50 ms"),
                Figure(
                    task,
                    f"{name}, server CPU per action",
                    summary["server_cpu_ms_per_action"],
                    "ms",
                    False,
                    f"{summary['actions_per_second']:.0f} actions/s, "
                    f"{summary['server_cpu_percent']:.0f}% of a core",
                ),
            ]
    return figures
