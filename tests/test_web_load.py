"""The load test's harness (bench/site_load.py) on a few tables, bounded by actions: it runs a
real server, its clients play, and every figure of the summary is there. No figure is judged
here (the host's speed varies); the measured ones are in bench/RESULTS.md."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from drawpoker.engine import GAMES
from postgres_cluster import postgres_or_skip
from redis_server import MISSING, REDIS_SERVER, REQUIRED

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def _site_load():  # type: ignore[no-untyped-def]
    """bench/site_load.py, imported from the project's root (bench is not installed)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import bench.site_load

    return bench.site_load


def test_the_load_harness_measures_a_small_run() -> None:
    site_load = _site_load()
    tables = len(site_load.TABLES)  # a table of every game
    assert [t["game"] for t in site_load.TABLES] == list(GAMES)
    summary = site_load.run_once(site_load.Run(tables, None, 12, 0.0, 0.0, 0.0))
    assert summary["person_actions"] == tables * 12
    assert summary["errors"] == 0 and summary["tables_over"] == 0
    assert summary["table_actions"] >= summary["person_actions"]
    assert summary["table_hands"] > 0 and summary["hands_per_second"] > 0
    assert summary["tables_chips_changed"] == 0
    for key in ("p50_ms", "p99_ms", "actions_per_second", "server_cpu_percent", "server_rss_mb"):
        assert summary[key] is not None and summary[key] > 0, key
    assert summary["p50_ms"] <= summary["p99_ms"] <= summary["max_ms"]


def test_the_lobby_load_harness_measures_every_page_and_change() -> None:
    """The lobby run on 3 tables, 2 lobby pages and 6 changes (two of each kind: a table
    created, a seat taken, a table finished): each page saw each change, so there are 12
    delays, 4 of each kind."""
    import asyncio

    figures = asyncio.run(_site_load().measure_lobby(tables=3, pages=2, changes=6))
    assert figures["samples"] == 12
    for kind in ("created", "joined", "finished"):
        assert figures[f"{kind}_samples"] == 4
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]


def test_the_load_harness_counts_the_server_cpu_per_action() -> None:
    """The CPU per action is the server's CPU seconds over the actions handled, with a showdown
    pause set as asked."""
    site_load = _site_load()
    run = site_load.Run(2, None, 6, 0.0, 0.0, 0.0, 0.5)
    summary = site_load.run_once(run)
    assert summary["showdown"] == 0.5
    assert summary["server_cpu_ms_per_action"] == pytest.approx(
        1000 * summary["server_cpu_seconds"] / summary["table_actions"]
    )


def test_runs_made_together_each_measure_their_own_server() -> None:
    """Two paced runs at once, each by its own process and server (what the showdown pause's
    cost is measured with): each summary is its own run's, with its showdown pause, tables and
    actions, every table's chips kept."""
    site_load = _site_load()
    runs = [site_load.Run(3, 4.0, None, 0.2, 0.2, 0.2, pause) for pause in (0.5, 0.0)]
    summaries = site_load.run_together(runs)
    assert [s["showdown"] for s in summaries] == [0.5, 0.0]
    assert all(s["tables"] == 3 and s["table_actions"] > 0 for s in summaries)
    assert all(s["errors"] == 0 and s["tables_chips_changed"] == 0 for s in summaries)


def test_the_load_harness_measures_gateways_and_dealers() -> None:
    """The roles run (one gateway and two dealers here, on Redis and PostgreSQL servers of the
    run's own) on a table of every game, bounded by actions: every client played through the
    gateway, no error, no chip lost, and the server's CPU is the sum of its parts': the
    gateways', the dealers', Redis's and PostgreSQL's (each counted, the Python roles' seen
    working)."""
    postgres_or_skip()
    if REDIS_SERVER is None:
        if REQUIRED:
            pytest.fail(f"CI is set and {MISSING}")
        pytest.skip(MISSING)
    site_load = _site_load()
    tables = len(site_load.TABLES)
    summary = site_load.run_once(site_load.Run(tables, None, 6, 0.0, 0.0, 0.0, 0.0, 1, 2))
    assert (summary["gateways"], summary["dealers"]) == (1, 2)
    assert summary["person_actions"] == tables * 6
    assert summary["errors"] == 0 and summary["tables_over"] == 0
    assert summary["tables_chips_changed"] == 0
    parts = summary["server_cpu_seconds_by_part"]
    assert sorted(parts) == ["dealers", "gateways", "postgresql", "redis"]
    # /proc counts CPU in ticks of 10 ms: the Python roles always spend more than a tick here,
    # while Redis's share of some sixty actions can round to none (CI saw 0.0).
    assert parts["gateways"] > 0 and parts["dealers"] > 0, parts
    assert parts["redis"] >= 0 and parts["postgresql"] >= 0, parts
    assert summary["server_cpu_seconds"] == pytest.approx(sum(parts.values()))
    assert summary["p50_ms"] <= summary["p99_ms"] <= summary["max_ms"]


def test_a_table_where_the_persons_turn_never_comes_stops_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run whose table stalls (its CPU players keep sending states, but the person's turn
    never comes) ends with an error naming the table and its state, not a wait without end."""
    import asyncio
    import random

    site_load = _site_load()
    monkeypatch.setattr(site_load, "STALLED", 0.2)

    class SilentTable(site_load.SeatClient):  # type: ignore[misc,name-defined]
        async def receive(self) -> dict[str, object]:
            await asyncio.sleep(0.01)  # a CPU player's action: never the person's turn
            state = {"status": "playing", "hand": 3, "actions": 40, "seat": 0, "legal": None}
            return self.follow({"type": "update", "events": [], "state": state})

    client = SilentTable("http://127.0.0.1:1", "t-stuck", "token")
    client.state = {"status": "playing", "legal": None}
    run = site_load.Run(1, None, 5, 0.0, 0.0, 0.0)
    done = asyncio.Event()
    with pytest.raises(site_load.TableStalled, match=r"table t-stuck: no turn .*'hand': 3"):
        asyncio.run(site_load._person(client, run, random.Random(1), done, asyncio.Event()))
