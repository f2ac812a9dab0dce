"""The site under load (``drawpoker serve``, bench/site_load.py): 200 concurrent tables on
loopback (the ten games in turn), each with one scripted WebSocket client and CPU players;
first at a site's pace (CPU players think 1 s, people 0.75-2.25 s, 2 s after each hand), then
with no delays at all (the ceiling). No peer library has a site to compare with: the figures
are drawpoker's alone. Goal: p99 <= 50 ms from an action to the state that shows it, at the
paced load."""

from __future__ import annotations

from bench.figures import Figure
from bench.site_load import Run, run_once

TABLES = 200
PACED_SECONDS = 60.0
CEILING_SECONDS = 30.0


def _figures(name: str, summary: dict[str, object], how: str) -> list[Figure]:
    tables = f"{summary['tables']} tables of the ten games in turn"
    task = f"site, {name}: {tables}, action to the state that shows it"
    use = f"site, {name}: {tables}, throughput and the server's use"
    note = (
        f"{how}; {summary['person_actions']} people's actions timed over {summary['wall']:.0f} s,"
        f" {summary['tables_over']} tables ended, {summary['errors']} errors, load average "
        f"{summary['load_before']:.2f} before"
    )

    def value(key: str) -> float | None:
        found = summary[key]
        return float(found) if isinstance(found, int | float) else None

    return [
        Figure(task, "drawpoker serve, p50", value("p50_ms"), "ms", False, note),
        Figure(task, "drawpoker serve, p99", value("p99_ms"), "ms", False, "goal <= 50 ms paced"),
        Figure(task, "drawpoker serve, max", value("max_ms"), "ms", False, ""),
        Figure(
            use,
            "drawpoker serve, actions",
            value("actions_per_second"),
            "actions/s",
            True,
            "every seat's actions (CPU players and people) over the measured time",
        ),
        Figure(
            use,
            "drawpoker serve, hands",
            value("hands_per_second"),
            "hands/s",
            True,
            f"hands finished at the {summary['tables']} tables over the measured time",
        ),
        Figure(
            use,
            "drawpoker serve, server CPU",
            value("server_cpu_percent"),
            "% of a core",
            False,
            f"one process; the clients' process used {value('client_cpu_percent') or 0:.0f}%",
        ),
        Figure(
            use,
            "drawpoker serve, server memory",
            value("server_rss_mb"),
            "MB",
            False,
            f"resident at the end (peak {value('server_peak_mb') or 0:.0f} MB)",
        ),
    ]


def measure() -> list[Figure]:
    """The paced run, then the ceiling."""
    paced = run_once(Run(TABLES, PACED_SECONDS, None, 1.0, 1.5, 2.0))
    ceiling = run_once(Run(TABLES, CEILING_SECONDS, None, 0.0, 0.0, 0.0))
    return _figures("paced", paced, "CPU think 1 s, people 0.75-2.25 s, 2 s pause") + _figures(
        "ceiling", ceiling, "no delays"
    )
