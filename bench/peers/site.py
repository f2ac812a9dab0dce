"""The site under load (``drawpoker serve``, bench/site_load.py): 200 concurrent tables on
loopback (every game of the registry in turn), each with one scripted WebSocket client and CPU
players; first at a site's pace (CPU players think 1 s, people 0.75-2.25 s, 2 s after a hand won
without a showdown, the default 4 s after one), then two such paced servers at the same time,
one with the showdown pause and one without (what the pause costs, both on one load), with
issue 30's baseline beside them (the site the day the issue was filed, rebuilt from this
repository's history by bench/baseline.py and driven by its own load script); then with no
delays at all (the ceiling); the paced run again on 2 gateways and 2 dealers (``--role
gateway|dealer``) over Redis and PostgreSQL servers of the run's own, on the same cores, the
baseline beside it again; the CPU one wake-up of a sleeping process costs here
(bench/wakeups.py: each paced action wakes several, counted by part); and the lobby's live
list: 200 listed tables, 50 lobby pages, a change at a time. No peer library has a site to
compare with: the only other site measured is drawpoker's own baseline. Goals: p99 <= 50 ms
from an action to the state that shows it, at the paced load, in one process and in the roles
(issue 30); the server's CPU per paced action 5x under the baseline's measured at the same
moment, in either layout (issue 30; every process of the roles counted, Redis's and
PostgreSQL's included); the showdown pause's cost (issue 27: at most 10% of the paced CPU); p99
< 200 ms from a lobby change to every lobby page (issue 28)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bench import baseline, site_load
from bench.baseline import COMMIT
from bench.figures import Figure
from bench.site_load import LOBBY_CHANGES, Run, measure_lobby, run_once, run_together
from bench.wakeups import MEASURES, round_trips

TABLES = 200
PACED_SECONDS = 60.0
CEILING_SECONDS = 30.0
SHOWDOWN_PAUSE = 4.0
"""``drawpoker serve``'s default ``--showdown-pause``."""
GATEWAYS, DEALERS = 2, 2
"""The roles of the scaled run: gateways and dealers."""
ROLES = f"{GATEWAYS} gateways + {DEALERS} dealers"
ONE_PROCESS, ROLES_SITE = "drawpoker serve", f"drawpoker, {ROLES}"
"""How the two sites are named in the figures (drawpoker's both: no ratio between them)."""
BASELINE = f"the site at {COMMIT[:7]} (issue 30's baseline)"
"""How the baseline is named: not drawpoker's, so its row shows today's ratio to it."""
LOBBY_PAGES = 50
LOBBY_CHANGES_MADE = 60


def _figures(
    name: str, summary: dict[str, object], how: str, site: str = ONE_PROCESS
) -> list[Figure]:
    tables = f"{summary['tables']} tables of the {len(site_load.TABLES)} games in turn"
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

    peak = value("server_peak_mb") or 0
    return [
        Figure(task, f"{site}, p50", value("p50_ms"), "ms", False, note),
        Figure(task, f"{site}, p99", value("p99_ms"), "ms", False, "goal <= 50 ms paced"),
        Figure(task, f"{site}, max", value("max_ms"), "ms", False, ""),
        Figure(
            use,
            f"{site}, actions",
            value("actions_per_second"),
            "actions/s",
            True,
            "every seat's actions (CPU players and people) over the measured time",
        ),
        Figure(
            use,
            f"{site}, hands",
            value("hands_per_second"),
            "hands/s",
            True,
            f"hands finished at the {summary['tables']} tables over the measured time",
        ),
        Figure(
            use,
            f"{site}, server CPU",
            value("server_cpu_percent"),
            "% of a core",
            False,
            f"{_parts(summary)}; the clients' process used {value('client_cpu_percent') or 0:.0f}%",
        ),
        Figure(
            use,
            f"{site}, server CPU per action",
            value("server_cpu_ms_per_action"),
            "ms",
            False,
            "the server processes' CPU time (/proc, their descendants too) over every seat's "
            "actions handled",
        ),
        Figure(
            use,
            f"{site}, server wake-ups per action",
            value("server_wakeups_per_action"),
            "wake-ups",
            False,
            f"times a server thread slept and was woken (/proc), by part: {_wakeups(summary)}",
        ),
        Figure(
            use,
            f"{site}, server memory",
            value("server_rss_mb"),
            "MB",
            False,
            f"resident at the end, the server's processes summed, shared pages in each (peak"
            f" {peak:.0f} MB)",
        ),
    ]


def _parts(summary: dict[str, object]) -> str:
    """Who used the server's CPU: one process, or each part's share (% of a core)."""
    parts = summary["server_cpu_seconds_by_part"]
    wall = _float(summary["wall"])
    if not isinstance(parts, dict) or len(parts) < 2 or not wall:
        return "one process"
    return ", ".join(f"{part} {100 * seconds / wall:.0f}%" for part, seconds in parts.items())


def _wakeups(summary: dict[str, object]) -> str:
    """Each part's wake-ups per action."""
    parts, actions = summary["server_wakeups_by_part"], _float(summary["table_actions"])
    if not isinstance(parts, dict) or not actions:
        return "none counted"
    return ", ".join(f"{part} {count / actions:.2f}" for part, count in parts.items())


def _wakeup_cost() -> list[Figure]:
    """The CPU of one wake-up on this machine (bench/wakeups.py), back to back and paced."""
    task = "site: the CPU of waking a sleeping process, two processes on two cores (issue 30)"
    figures = []
    for pause, rounds in MEASURES:
        trips = round_trips(pause, rounds)
        how = "back to back" if not pause else f"a {1e3 * pause:g} ms pause before each round"
        figures.append(
            Figure(
                task,
                f"one wake-up, {how}",
                trips.echo_us / 1000,
                "ms CPU",
                False,
                f"the woken side of {rounds} one-byte round trips over a unix socket pair (a "
                f"wake-up, a recv and a send); the sender {trips.sender_us:.0f} us a round",
            )
        )
    return figures


def _roles_cost(paced: dict[str, object], scaled: dict[str, object]) -> list[Figure]:
    task = f"site, paced: the server CPU per action, one process and {ROLES} (issue 30)"
    one, roles = (_float(s["server_cpu_ms_per_action"]) for s in (paced, scaled))
    return [
        Figure(task, f"{ONE_PROCESS}, one process", one, "ms CPU/action", False, "the paced run"),
        Figure(
            task,
            ROLES_SITE,
            roles,
            "ms CPU/action",
            False,
            "the same paced run on the roles: gateways, dealers, Redis and PostgreSQL summed",
        ),
        Figure(
            task,
            f"drawpoker, CPU per action, {ROLES} / one process",
            roles / one if roles is not None and one else None,
            "x",
            False,
            "what the roles cost per action over one process",
        ),
    ]


def _showdown_cost(paced: dict[str, object], unpaused: dict[str, object]) -> list[Figure]:
    task = (
        f"site, paced: the showdown pause's cost, {TABLES} tables, two servers at the same time "
        "(issue 27)"
    )
    with_pause, without = paced["server_cpu_ms_per_action"], unpaused["server_cpu_ms_per_action"]
    ratio = (
        float(with_pause) / float(without)
        if isinstance(with_pause, float) and isinstance(without, float)
        else None
    )
    return [
        Figure(
            task,
            f"drawpoker serve, showdown pause {SHOWDOWN_PAUSE:g} s",
            _float(with_pause),
            "ms CPU/action",
            False,
            "paced as above, run at the same time as the server without the pause",
        ),
        Figure(
            task,
            "drawpoker serve, showdown pause 0",
            _float(without),
            "ms CPU/action",
            False,
            "the same paced run with --showdown-pause 0, at the same time",
        ),
        Figure(
            task,
            "drawpoker serve, CPU per action with the pause / without",
            ratio,
            "x",
            False,
            "goal <= 1.10",
        ),
    ]


def _float(found: object) -> float | None:
    return float(found) if isinstance(found, int | float) else None


def _lobby_figures(lobby: dict[str, object]) -> list[Figure]:
    task = (
        f"site, lobby: {lobby['tables']} listed tables, {lobby['pages']} lobby pages, "
        "a change to every page's list that shows it"
    )
    note = (
        f"{lobby['changes']} changes one at a time ({', '.join(LOBBY_CHANGES)} in turn), "
        f"{lobby['samples']} delays; load average {lobby['load_before']:.2f} before"
    )
    figures = [
        Figure(task, "drawpoker serve, p50", _float(lobby["p50_ms"]), "ms", False, note),
        Figure(task, "drawpoker serve, p99", _float(lobby["p99_ms"]), "ms", False, "goal < 200 ms"),
        Figure(task, "drawpoker serve, max", _float(lobby["max_ms"]), "ms", False, ""),
    ]
    how = {
        "created": "from the request creating a table to the list one table longer",
        "joined": "from the request taking a seat to the table's row one seat fewer free",
        "finished": "from the action that ended a heads-up table to the list one table shorter",
    }
    for kind in LOBBY_CHANGES:
        figures.append(
            Figure(
                task,
                f"drawpoker serve, {kind}, p99",
                _float(lobby[f"{kind}_p99_ms"]),
                "ms",
                False,
                how[kind],
            )
        )
    return figures


def _against_baseline(
    site: str, summaries: dict[str, dict[str, object]], baseline: dict[str, object] | str
) -> list[Figure]:
    """Issue 30's 5x, judged at the same moment: today's server CPU per paced action beside the
    baseline site's (bench/baseline.py), or the reason the baseline could not be built."""
    task = (
        f"site, paced: the server CPU per action against issue 30's baseline (the site at "
        f"{COMMIT[:7]}), {site}, at the same time"
    )
    how = "paced as above, run at the same time as the baseline; goal: 5x less CPU per action"
    figures = [
        Figure(task, name, _float(summary["server_cpu_ms_per_action"]), "ms CPU/action", False, how)
        for name, summary in summaries.items()
    ]
    if isinstance(baseline, str):
        return [*figures, Figure(task, BASELINE, None, "ms CPU/action", False, baseline)]
    note = (
        f"its own bench/site_load.py and server, {baseline['tables']} paced tables of its games"
        " in turn, pause 2 s after every hand (it had no showdown pause); "
        f"{baseline['table_actions']} actions, load average {baseline['load_before']:.2f} before"
    )
    return [
        *figures,
        Figure(
            task,
            BASELINE,
            _float(baseline["server_cpu_ms_per_action"]),
            "ms CPU/action",
            False,
            note,
        ),
    ]


def measure() -> list[Figure]:
    """The paced run, the same without the showdown pause and the baseline's at the same time,
    the roles beside the baseline again, the ceiling, and the lobby."""
    try:
        built: Path | None = baseline.tree()
        missing = ""
    except baseline.BaselineUnavailable as error:
        built, missing = None, f"not measured: {error}"
    paced = run_once(Run(TABLES, PACED_SECONDS, None, 1.0, 1.5, 2.0, SHOWDOWN_PAUSE))
    paused, unpaused, *base = run_together(
        [Run(TABLES, PACED_SECONDS, None, 1.0, 1.5, 2.0, pause) for pause in (SHOWDOWN_PAUSE, 0.0)],
        built,
    )
    scaled, *base_beside_roles = run_together(
        [Run(TABLES, PACED_SECONDS, None, 1.0, 1.5, 2.0, SHOWDOWN_PAUSE, GATEWAYS, DEALERS)],
        built,
    )
    ceiling = run_once(Run(TABLES, CEILING_SECONDS, None, 0.0, 0.0, 0.0))
    lobby = asyncio.run(measure_lobby(TABLES, LOBBY_PAGES, LOBBY_CHANGES_MADE))
    pace = f"CPU think 1 s, people 0.75-2.25 s, pause 2 s, showdown {SHOWDOWN_PAUSE:g} s"
    return (
        _figures("paced", paced, pace)
        + _figures(
            "paced, no showdown pause",
            unpaused,
            "as paced, --showdown-pause 0, at the same time as a paced server with the pause",
        )
        + _showdown_cost(paused, unpaused)
        + _against_baseline(
            "one process",
            {
                f"drawpoker serve, showdown pause {SHOWDOWN_PAUSE:g} s": paused,
                "drawpoker serve, showdown pause 0": unpaused,
            },
            base[0] if base else missing,
        )
        + _figures(
            f"paced, {ROLES}",
            scaled,
            f"as paced, on {ROLES} over Redis and PostgreSQL, the clients spread over the gateways",
            ROLES_SITE,
        )
        + _roles_cost(paced, scaled)
        + _against_baseline(
            ROLES, {ROLES_SITE: scaled}, base_beside_roles[0] if base_beside_roles else missing
        )
        + _figures("ceiling", ceiling, "no delays")
        + _wakeup_cost()
        + _lobby_figures(lobby)
    )
