"""Load test of ``drawpoker serve`` on loopback: many tables, each with one scripted WebSocket
client (random legal actions, bets of the minimum) and CPU players, bounded in tables, time and
actions. It measures, from the clients, the latency from an action sent to the state that shows
it; from the server's states, the actions per second of every seat (CPU players included); from
``/proc``, the server process's CPU and memory, and so its CPU per action handled.

The lobby's live list (issue 28) is measured apart (:func:`measure_lobby`): listed tables,
lobby pages connected to ``/lobby/ws``, and changes made one at a time (a table created, a seat
taken, a table finished), each timed from the request that makes it to every page's receipt
of the list that shows it.

    python -m bench.site_load                          # 200 tables: paced, then the ceiling
    python -m bench.site_load --tables 50 --seconds 20 --think 0.5
    python -m bench.site_load --lobby                  # 200 listed tables, 50 lobby pages
    python -m bench.site_load --roles 2x2 --tables 40 --seconds 15    # 2 gateways, 2 dealers

The server runs in its own process (``drawpoker serve``), the clients in this one, so on a
small machine the two share its cores. With ``--roles GxD`` the site is ``G`` gateways and
``D`` dealers (``drawpoker serve --role gateway|dealer``) on a private ``redis-server`` and
PostgreSQL server of the run's own (the tests' launchers, tests/redis_server.py and
tests/postgres_cluster.py), the clients spread over the gateways; its server CPU is that of
every one of those processes, Redis's and PostgreSQL's (its sessions' too) included.
``bench/peers/site.py`` puts the figures in bench/RESULTS.md (``python -m bench.compare site``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from drawpoker.engine import GAMES, game
from drawpoker.site.client import SeatClient, create_table, random_action, take_seat
from drawpoker.site.lanes import LANES
from drawpoker.site.process import ServeProcess

from bench.baseline import load_command


def _tables() -> tuple[dict[str, Any], ...]:
    """One table of every game, one person and CPU players of the game's rules type: three at
    the draw games (six seats at most, so the stub lasts), four at the others."""
    tables = []
    for name in GAMES:
        cpus = 3 if game(name).seats[1] <= 6 else 4
        tables.append({"game": name, "seats": ["person", *["cpu:rules"] * cpus]})
    return tuple(tables)


TABLES = _tables()
"""The tables of a run, in turn: every game of :data:`drawpoker.engine.GAMES`."""

STACK = 1_000_000
"""Starting chips: deep enough that no table ends during a run (every game's default bets)."""

SCRIPTED_CLIENTS = (
    "--message-rate=1000000/second",
    "--request-rate=1000000/second",
    "--table-rate=1000000/minute",
    "--open-tables=1000000",
    "--connections-per-address=1000000",
    "--max-tables=1000000",
)
"""The server's limits per client, raised: every client of the benchmark is one script on
one address, acting as fast as the server answers; and the tables it holds, which the
ceiling's steps (bench/peers/site_ceiling.py) take past the default 2,000."""


@dataclass
class Run:
    """One run's settings and what it measured."""

    tables: int
    seconds: float | None
    actions_per_client: int | None
    cpu_think: float
    person_think: float
    pause: float
    showdown: float = 0.0
    """Seconds the table holds a showdown (``--showdown-pause``); ``pause`` after the others."""
    gateways: int = 0
    """Gateways of the site (``--role gateway``), with ``dealers``; 0: one process."""
    dealers: int = 0
    """Dealers of the site (``--role dealer``); 0 with ``gateways`` 0: one process."""
    latencies_ms: list[float] = field(default_factory=list)
    table_actions: int = 0
    table_hands: int = 0
    wall: float = 0.0
    server_cpu_seconds: float = 0.0
    server_cpu_seconds_by_part: dict[str, float] = field(default_factory=dict)
    """The server's CPU seconds by part: the one process, or gateways, dealers, Redis and
    PostgreSQL."""
    server_wakeups_by_part: dict[str, int] = field(default_factory=dict)
    """The times the server's threads went to sleep and were woken (voluntary context
    switches, /proc), by part: each costs CPU beyond the work it wakes for (bench/wakeups.py)."""
    server_rss_mb: float = 0.0
    server_peak_mb: float = 0.0
    client_cpu_seconds: float = 0.0
    tables_over: int = 0
    tables_chips_changed: int = 0
    errors: int = 0
    load_before: float = 0.0

    def summary(self) -> dict[str, Any]:
        """The figures: latency percentiles, actions per second, CPU and memory."""
        lat = sorted(self.latencies_ms)

        def pct(p: float) -> float | None:
            return lat[min(len(lat) - 1, int(p * len(lat)))] if lat else None

        data = asdict(self)
        del data["latencies_ms"]
        data.update(
            {
                "person_actions": len(lat),
                "p50_ms": pct(0.50),
                "p90_ms": pct(0.90),
                "p99_ms": pct(0.99),
                "max_ms": lat[-1] if lat else None,
                "mean_ms": statistics.fmean(lat) if lat else None,
                "actions_per_second": self.table_actions / self.wall if self.wall else None,
                "hands_per_second": self.table_hands / self.wall if self.wall else None,
                "server_wakeups_per_action": sum(self.server_wakeups_by_part.values())
                / self.table_actions
                if self.table_actions
                else None,
                "server_cpu_ms_per_action": 1000 * self.server_cpu_seconds / self.table_actions
                if self.table_actions
                else None,
                "server_cpu_percent": 100 * self.server_cpu_seconds / self.wall
                if self.wall
                else None,
                "client_cpu_percent": 100 * self.client_cpu_seconds / self.wall
                if self.wall
                else None,
            }
        )
        return data


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command's name (the third is the parent)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def _children() -> dict[int, list[int]]:
    """Every living process's children, by the parent's id."""
    found: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):  # it ended while we looked
                found.setdefault(int(_stat(int(entry.name))[1]), []).append(int(entry.name))
    return found


def _tree(pids: list[int]) -> list[int]:
    """The processes and their living descendants (PostgreSQL's sessions, say)."""
    children, found = _children(), []
    waiting = list(pids)
    while waiting:
        pid = waiting.pop()
        found.append(pid)
        waiting += children.get(pid, [])
    return found


def _proc_cpu(pids: list[int]) -> float:
    """The CPU seconds of the processes and of every descendant, living or ended: each one's
    own time and that of its children it has waited for (a PostgreSQL session that ended)."""
    ticks, total = os.sysconf("SC_CLK_TCK"), 0
    for pid in _tree(pids):
        with contextlib.suppress(OSError):
            fields = _stat(pid)
            total += sum(int(fields[index]) for index in (11, 12, 13, 14))
    return total / ticks


def _proc_wakeups(pids: list[int]) -> int:
    """The voluntary context switches of every thread of the living processes and their living
    descendants: each is a sleep the thread was woken from."""
    total = 0
    for pid in _tree(pids):
        with contextlib.suppress(OSError):  # it ended while we looked
            for task in Path(f"/proc/{pid}/task").iterdir():
                with contextlib.suppress(OSError):
                    for line in (task / "status").read_text().splitlines():
                        if line.startswith("voluntary_ctxt_switches:"):
                            total += int(line.split()[1])
    return total


def _proc_memory(pids: list[int]) -> tuple[float, float]:
    """The resident memory of the processes and their descendants, summed, and the sum of
    each one's peak (MB)."""
    rss = peak = 0.0
    for pid in _tree(pids):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                key, _, value = line.partition(":")
                if key == "VmRSS":
                    rss += int(value.split()[0]) / 1024
                elif key == "VmHWM":
                    peak += int(value.split()[0]) / 1024
    return rss, peak


def _calm(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action, betting the minimum and never risking more than a twentieth of
    the stack (else check or fold): the scripted person must not bust, or its table would play
    on with CPU players only and end before its actions are counted."""
    legal = state["legal"]
    action = random_action(state, rng)
    if "amount" in action:
        action["amount"] = legal["min_to"]
    cost = {"call": legal["call"], "bet": legal["min_to"], "raise": legal["min_to"]}
    if cost.get(action["kind"], 0) > state["stacks"][state["seat"]] // 20:
        action = {"kind": "check" if "check" in legal["kinds"] else "fold"}
    return action


STALLED = 60.0
"""Seconds without a turn after which a seat's table is stalled and the run stops with an
error: the tables of a run play without end and their CPU players never wait, so a person's
turn comes round within a second or two."""


class TableStalled(RuntimeError):
    """A person's turn did not come for :data:`STALLED` seconds."""

    def __init__(self, client: SeatClient) -> None:
        state = client.state or {}
        facts = {key: state.get(key) for key in ("status", "hand", "actions", "seat", "pause")}
        facts["legal"] = (state.get("legal") or {}).get("kinds")
        super().__init__(
            f"table {client.table_id}: no turn for its person in {STALLED:.0f} s; its last state "
            f"{facts}, the action sent at action {client.pending} not yet shown"
        )


async def _person(
    client: SeatClient,
    run: Run,
    rng: random.Random,
    measuring: asyncio.Event,
    stop: asyncio.Event,
) -> None:
    """Plays one seat: at its turn it thinks, acts, and times the state that shows the action.
    A seat whose turn has not come for :data:`STALLED` seconds is an error (the table's state
    in its message), not a wait without end."""
    sent_at = 0.0
    played = 0
    turn_at = time.monotonic()
    while not stop.is_set():
        state = client.state
        assert state is not None
        if state["status"] == "over":
            run.tables_over += 1
            return
        if client.my_turn():
            if run.person_think:
                await asyncio.sleep(run.person_think * rng.uniform(0.5, 1.5))
            sent_at = time.perf_counter()
            turn_at = time.monotonic()
            await client.act(_calm(state, rng))
        elif time.monotonic() - turn_at > STALLED:
            raise TableStalled(client)
        try:
            async with asyncio.timeout(1.0):  # (wait_for would make a task for each message)
                message = await client.receive()
        except TimeoutError:
            continue
        if message["type"] == "error":
            run.errors += 1
        elif sent_at and client.pending is None:
            if measuring.is_set():
                run.latencies_ms.append(1000 * (time.perf_counter() - sent_at))
                played += 1
            sent_at = 0.0
            if run.actions_per_client is not None and played >= run.actions_per_client:
                return


@dataclass
class Site:
    """The servers of a run: the URLs its clients use (in turn), and the processes whose CPU
    and memory are the server's, by part (``gateways``, ``dealers``, ``redis``, ...)."""

    urls: list[str]
    parts: dict[str, list[int]]

    @property
    def pids(self) -> list[int]:
        """Every part's processes."""
        return [pid for pids in self.parts.values() for pid in pids]


def _served(run: Run, store: str | Path, options: tuple[str, ...]) -> ServeProcess:
    """``drawpoker serve`` at the run's pace on ``store``, with ``options``, started."""
    return ServeProcess(
        store,
        think=run.cpu_think,
        pause=run.pause,
        showdown=run.showdown,
        grace=3600,
        options=options,
    ).start()


@contextlib.contextmanager
def one_process(run: Run, folder: Path) -> Iterator[Site]:
    """``drawpoker serve`` on an SQLite file in ``folder``."""
    server = _served(run, folder / "load.db", SCRIPTED_CLIENTS)
    try:
        yield Site([server.url], {"drawpoker serve": [server.pid]})
    finally:
        server.stop()


def _services() -> tuple[type[Any], type[Any], Callable[[], Path | None]]:
    """The tests' launchers of a private ``redis-server`` and PostgreSQL server
    (tests/redis_server.py, tests/postgres_cluster.py): bench is run from the project's root
    with the tests' dependencies, as pytest runs them (``pythonpath = ["tests"]``)."""
    tests = str(Path(__file__).resolve().parent.parent / "tests")
    if tests not in sys.path:
        sys.path.append(tests)
    from postgres_cluster import PostgresCluster, postgres_bin
    from redis_server import RedisServer

    return RedisServer, PostgresCluster, postgres_bin


@contextlib.contextmanager
def roles(run: Run, folder: Path) -> Iterator[Site]:
    """``run.gateways`` gateways and ``run.dealers`` dealers on a ``redis-server`` and a
    PostgreSQL server of their own (the first in ``folder``), started once the dealers hold
    every lane between them."""
    redis_server, postgres_cluster, postgres_bin = _services()
    executable, programs = shutil.which("redis-server"), postgres_bin()
    if executable is None or programs is None:
        raise RuntimeError("--roles needs redis-server and PostgreSQL (initdb, pg_ctl) installed")
    redis, postgres, processes = None, None, []
    try:
        redis = redis_server(executable, folder).start()
        postgres = postgres_cluster(programs).start()
        store = postgres.new_database()
        for role, count in (("dealer", run.dealers), ("gateway", run.gateways)):
            options = ("--role", role, "--bus", redis.url, *SCRIPTED_CLIENTS)
            for _ in range(count):  # one at a time: each started is stopped, if the next fails
                processes.append(_served(run, store, options))
        _until_lanes_held([p.url for p in processes[: run.dealers]])
        postmaster = int((postgres.data / "postmaster.pid").read_text().split()[0])
        yield Site(
            [p.url for p in processes[run.dealers :]],
            {
                "gateways": [p.pid for p in processes[run.dealers :]],
                "dealers": [p.pid for p in processes[: run.dealers]],
                "redis": [redis.process.pid],
                "postgresql": [postmaster],
            },
        )
    finally:
        for process in processes:
            process.stop()
        if postgres is not None:
            postgres.remove()
        if redis is not None:
            redis.stop()


def _until_lanes_held(dealers: list[str], patience: float = 30.0) -> None:
    """Waits until the dealers (their URLs) hold every lane between them, each some."""
    deadline = time.monotonic() + patience
    while True:
        held = []
        for url in dealers:
            with urllib.request.urlopen(url + "/health", timeout=10) as response:
                held.append(set(json.loads(response.read())["lanes"]))
        if sum(map(len, held)) == len(set().union(*held)) == LANES and all(held):
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"the dealers hold lanes {held} of {LANES} after {patience} s")
        time.sleep(0.2)


async def measure(run: Run, site: Site) -> Run:
    """Makes the run's tables at ``site`` (its URLs in turn) and their clients; warms up;
    measures for ``run.seconds`` (or until each client played ``run.actions_per_client``
    measured actions)."""
    run.load_before = os.getloadavg()[0]
    clients, dealt = [], []
    for i in range(run.tables):
        url = site.urls[i % len(site.urls)]
        request = {**TABLES[i % len(TABLES)], "rounds": 1000, "stack": STACK}
        dealt.append(STACK * len(request["seats"]))
        made = await asyncio.to_thread(create_table, url, request)
        _, token = await asyncio.to_thread(take_seat, url, made["id"], "Load")
        clients.append(SeatClient(url, made["id"], token))
    for client in clients:
        await client.connect()
    measuring, stop = asyncio.Event(), asyncio.Event()
    rng = random.Random(18)
    tasks = [
        asyncio.create_task(_person(c, run, random.Random(rng.random()), measuring, stop))
        for c in clients
    ]
    await asyncio.sleep(min(5.0, 2 + 4 * run.cpu_think))  # every table under way
    start_actions = sum(c.state["actions"] for c in clients)  # type: ignore[index]
    start_hands = sum(c.state["hand"] for c in clients)  # type: ignore[index]
    cpu0 = {part: _proc_cpu(pids) for part, pids in site.parts.items()}
    wakeups0 = {part: _proc_wakeups(pids) for part, pids in site.parts.items()}
    # This process's collector is off while it measures: its pauses (up to 0.4 s at 2,000
    # tables, a full collection of the clients' objects) would hold up the clients' reading
    # and be counted as the server's latency. What it made so far is frozen, and all of it
    # collected once the measuring is over.
    gc.collect()
    gc.freeze()
    gc.disable()
    client0, start = time.process_time(), time.perf_counter()
    measuring.set()
    try:
        if run.seconds is not None:
            await asyncio.sleep(run.seconds)
            stop.set()
        await asyncio.gather(*tasks)
    finally:
        gc.enable()
        gc.unfreeze()
    run.wall = time.perf_counter() - start
    run.server_cpu_seconds_by_part = {
        part: _proc_cpu(pids) - cpu0[part] for part, pids in site.parts.items()
    }
    run.server_cpu_seconds = sum(run.server_cpu_seconds_by_part.values())
    run.server_wakeups_by_part = {
        part: _proc_wakeups(pids) - wakeups0[part] for part, pids in site.parts.items()
    }
    run.client_cpu_seconds = time.process_time() - client0
    run.server_rss_mb, run.server_peak_mb = _proc_memory(site.pids)
    run.table_actions = sum(c.state["actions"] for c in clients) - start_actions  # type: ignore[index]
    run.table_hands = sum(c.state["hand"] for c in clients) - start_hands  # type: ignore[index]
    run.tables_chips_changed = sum(  # the chips at a table: its stacks as the hand began
        sum(c.state["table_stacks"]) != chips  # type: ignore[index]
        for c, chips in zip(clients, dealt, strict=True)
    )
    for client in clients:
        await client.close()
    return run


def run_once(run: Run) -> dict[str, Any]:
    """Measures one run on a fresh site (one process, or ``run.gateways`` gateways and
    ``run.dealers`` dealers); its summary."""
    site = roles if run.gateways else one_process
    with (
        tempfile.TemporaryDirectory(prefix="site-load-", dir="/tmp") as tmp,
        site(run, Path(tmp)) as served,
    ):
        return asyncio.run(measure(run, served)).summary()


def run_together(runs: list[Run], baseline: Path | None = None) -> list[dict[str, Any]]:
    """Measures paced ``runs`` at the same moment, each by a process of its own
    (``python -m bench.site_load``) on a site of its own; their summaries. The host's load
    swings 2x between runs made one after the other: made together, the runs share it, so a
    ratio between them (what a setting costs) is not the machine's drift. With ``baseline``
    (a tree from :func:`bench.baseline.tree`), issue 30's baseline site is measured with the
    pacing of ``runs[0]`` too, by its own load script, its summary last."""
    with tempfile.TemporaryDirectory(prefix="site-load-together-", dir="/tmp") as tmp:
        commands: list[tuple[list[str], Path, dict[str, str] | None]] = []
        outputs = []
        root = Path(__file__).resolve().parents[1]
        for number, run in enumerate(runs):
            output = Path(tmp) / f"{number}.json"
            settings: dict[str, object] = {
                "--tables": run.tables,
                "--seconds": run.seconds,
                "--ceiling-seconds": 0,
                "--think": run.cpu_think,
                "--person": run.person_think,
                "--pause": run.pause,
                "--showdown-pause": run.showdown,
                "--json": output,
            }
            if run.gateways:
                settings["--roles"] = f"{run.gateways}x{run.dealers}"
            command = [sys.executable, "-m", "bench.site_load"]
            command += [str(part) for pair in settings.items() for part in pair]
            commands.append((command, root, None))
            outputs.append(output)
        if baseline is not None:
            output = Path(tmp) / "baseline.json"
            first = runs[0]
            commands.append(
                load_command(
                    baseline,
                    first.tables,
                    first.seconds or 0.0,
                    first.cpu_think,
                    first.person_think,
                    first.pause,
                    output,
                )
            )
            outputs.append(output)
        processes = [
            subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL)
            for command, cwd, env in commands
        ]
        for process in processes:
            if process.wait() != 0:
                raise RuntimeError(f"a run together failed: {process.args} ({process.returncode})")
        summaries = [json.loads(output.read_text())["paced"] for output in outputs]
    if baseline is not None:  # its summary predates this figure
        last = summaries[-1]
        last["server_cpu_ms_per_action"] = (
            1000 * last["server_cpu_seconds"] / last["table_actions"]
            if last["table_actions"]
            else None
        )
    return summaries


LOBBY_LIMITS = (*SCRIPTED_CLIENTS, "--lobby-connections=1000")
"""The limits of a lobby server whose only client is this script."""

LOBBY_CHANGES = ("created", "joined", "finished")
"""The changes of a lobby run, in turn: a table created (the list's ``total`` one higher), a
seat taken at a listed table (its row's ``free`` one lower), a table finished (``total`` one
lower; timed from the action that ended it)."""


async def _lobby_page(url: str, ready: asyncio.Event, lists: asyncio.Queue[Any]) -> None:
    """One lobby page: every list it is sent, with the time it arrived."""
    from websockets.asyncio.client import connect

    async with connect(url, max_size=2**22) as socket:
        await socket.recv()  # the list as it is
        ready.set()
        async for text in socket:
            await lists.put((time.perf_counter(), json.loads(text)))


async def _seen(queues: list[asyncio.Queue[Any]], shows: Callable[[Any], bool]) -> list[float]:
    """The time each page received the first list that ``shows`` the change (a page that
    receives no list for :data:`STALLED` seconds raises ``TimeoutError``)."""
    times = []
    for queue in queues:
        while True:
            at, data = await asyncio.wait_for(queue.get(), STALLED)
            if shows(data):
                times.append(at)
                break
    return times


async def _finish_table(url: str) -> tuple[SeatClient, str]:
    """A heads-up Hold'em table of one round, its person seated and connected, playing."""
    request = {"game": "holdem", "seats": ["person", "cpu:rules"], "rounds": 1}
    made = await asyncio.to_thread(create_table, url, request)
    _, token = await asyncio.to_thread(take_seat, url, made["id"], "Finisher")
    client = SeatClient(url, made["id"], token)
    await client.connect()
    return client, made["id"]


async def _play_to_the_end(client: SeatClient) -> float:
    """Checks or folds at each turn until the table is over; when the last action was sent
    (a table silent for :data:`STALLED` seconds raises ``TimeoutError``)."""
    sent = 0.0
    while client.state is None or client.state["status"] != "over":
        if client.my_turn():
            kinds = client.state["legal"]["kinds"]  # type: ignore[index]
            sent = time.perf_counter()
            await client.act({"kind": "check" if "check" in kinds else "fold"})
        await asyncio.wait_for(client.receive(), STALLED)
    return sent


def _row(data: Any, table_id: str) -> Any:
    return next((row for row in data["tables"] if row["id"] == table_id), None)


async def measure_lobby(tables: int, pages: int, changes: int) -> dict[str, Any]:
    """``tables`` listed tables (Hold'em, six seats for people), ``pages`` lobby pages, and
    ``changes`` changes (:data:`LOBBY_CHANGES` in turn): each change's delay (ms) to each page,
    their p50, p99 and maximum, in all and by kind."""
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        server = ServeProcess(Path(folder) / "lobby.db", options=LOBBY_LIMITS).start()
        try:
            request = {"game": "holdem", "seats": ["person"] * 6}
            ids = [
                (await asyncio.to_thread(create_table, server.url, request))["id"]
                for _ in range(tables)
            ]
            url = server.url.replace("http://", "ws://") + "/lobby/ws"
            queues: list[asyncio.Queue[Any]] = [asyncio.Queue() for _ in range(pages)]
            readies = [asyncio.Event() for _ in range(pages)]
            tasks = [
                asyncio.create_task(_lobby_page(url, readies[i], queues[i])) for i in range(pages)
            ]
            for ready in readies:
                await ready.wait()
            total, taken = tables, dict.fromkeys(ids[: min(tables, 50)], 0)  # the first page's
            delays: dict[str, list[float]] = {kind: [] for kind in LOBBY_CHANGES}
            cpu = _proc_cpu([server.pid])
            for change in range(changes):
                kind = LOBBY_CHANGES[change % len(LOBBY_CHANGES)]
                if kind == "created":
                    sent = time.perf_counter()
                    await asyncio.to_thread(create_table, server.url, request)
                    total += 1
                    seen = await _seen(queues, lambda data, n=total: data["total"] == n)
                elif kind == "joined":
                    table_id = min(taken, key=lambda key: taken[key])
                    taken[table_id] += 1
                    free = 6 - taken[table_id]
                    sent = time.perf_counter()
                    await asyncio.to_thread(take_seat, server.url, table_id, f"P{change}")
                    seen = await _seen(
                        queues,
                        lambda data, t=table_id, f=free: (_row(data, t) or {}).get("free") == f,
                    )
                else:
                    client, _ = await _finish_table(server.url)
                    await _seen(queues, lambda data, n=total + 1: data["total"] == n)
                    sent = await _play_to_the_end(client)
                    seen = await _seen(queues, lambda data, n=total: data["total"] == n)
                    await client.close()
                delays[kind] += [1000 * (at - sent) for at in seen]
            cpu = _proc_cpu([server.pid]) - cpu
            for task in tasks:
                task.cancel()
        finally:
            server.stop()
    every = [delay for kind in LOBBY_CHANGES for delay in delays[kind]]
    return {
        "tables": tables,
        "pages": pages,
        "changes": changes,
        "load_before": load,
        "server_cpu_ms_per_change": 1000 * cpu / changes if changes else None,
        **_percentiles(every),
        **{
            f"{kind}_{key}": value
            for kind in LOBBY_CHANGES
            for key, value in _percentiles(delays[kind]).items()
        },
    }


def _percentiles(delays: list[float]) -> dict[str, float | int | None]:
    ordered = sorted(delays)

    def pct(p: float) -> float | None:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else None

    return {
        "samples": len(ordered),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "max_ms": ordered[-1] if ordered else None,
    }


def _gateways_and_dealers(text: str) -> tuple[int, int]:
    """``--roles``: ``GxD``, G gateways and D dealers, each at least one.

    >>> _gateways_and_dealers("2x3")
    (2, 3)
    """
    gateways, _, dealers = text.partition("x")
    if not (gateways.isdigit() and dealers.isdigit() and int(gateways) and int(dealers)):
        raise argparse.ArgumentTypeError(
            f"--roles takes GxD (2x2: 2 gateways, 2 dealers), not {text!r}"
        )
    return int(gateways), int(dealers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="paced run's length")
    parser.add_argument("--ceiling-seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="CPU players' think, paced")
    parser.add_argument("--person", type=float, default=1.5, help="people's think, paced")
    parser.add_argument("--pause", type=float, default=2.0, help="pause after a hand, paced")
    parser.add_argument("--showdown-pause", type=float, default=4.0, help="after a showdown")
    parser.add_argument(
        "--roles",
        type=_gateways_and_dealers,
        default=(0, 0),
        metavar="GxD",
        help="G gateways and D dealers on Redis and PostgreSQL (2x2) rather than one process",
    )
    parser.add_argument("--lobby", action="store_true", help="measure the lobby's list instead")
    parser.add_argument("--pages", type=int, default=50, help="lobby pages connected")
    parser.add_argument("--changes", type=int, default=60, help="lobby changes made")
    parser.add_argument("--json", type=Path, help="write the summaries here")
    args = parser.parse_args()
    if args.lobby:
        lobby = asyncio.run(measure_lobby(args.tables, args.pages, args.changes))
        print(json.dumps({"lobby": lobby}, indent=1))
        return
    paced = run_once(
        Run(
            args.tables,
            args.seconds,
            None,
            args.think,
            args.person,
            args.pause,
            args.showdown_pause,
            *args.roles,
        )
    )
    print(json.dumps({"paced": paced}, indent=1), flush=True)
    summaries = {"paced": paced}
    if args.ceiling_seconds:
        summaries["ceiling"] = run_once(
            Run(args.tables, args.ceiling_seconds, None, 0.0, 0.0, 0.0, 0.0, *args.roles)
        )
        print(json.dumps({"ceiling": summaries["ceiling"]}, indent=1), flush=True)
    if args.json:
        args.json.write_text(json.dumps(summaries, indent=1))


if __name__ == "__main__":
    main()
