"""A server killed with SIGKILL mid-hand resumes every table from its store (an SQLite file, and
a PostgreSQL database): a real
``drawpoker serve`` subprocess plays tables of every game with CPU players (thinking a few
milliseconds) and scripted people (random legal actions over the WebSocket); it is killed while
they play, its file checked, and started again on the same file. Every table resumes; every
event a client was sent before the kill is still there, in the same place of the same stream;
the interrupted hand goes on from where it was; chips are conserved at every step; the games
are then played to their end and every hand is in the file."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from typing import Any

import pytest
from drawpoker.bots import bot_kinds
from drawpoker.engine import GAMES, game
from drawpoker.site.client import SeatClient, create_table, random_action, take_seat
from drawpoker.site.store import Store
from drawpoker.site.store_postgres import is_postgres_url
from site_server import SiteServer

pytestmark = pytest.mark.slow

ACTIONS_BEFORE_KILL = 40
"""Actions each table plays (at least) before the server is killed."""


def _requests() -> list[dict[str, Any]]:
    requests = []
    for name in sorted(GAMES):
        cpu = [f"cpu:{kind}" for kind in bot_kinds(name) if kind != "strong"] or ["person"]
        room = game(name).seats[1] - 2  # every CPU type seated, over as many tables as it takes
        for start in range(0, len(cpu), room):
            seats = ["person", *cpu[start : start + room], "person"]
            requests.append({"game": name, "seats": seats, "rounds": 40})
        requests.append({"game": name, "seats": [cpu[-1], "person", cpu[0]], "rounds": 40})
    return requests


def _calm(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action whose bets and raises are the smallest (the games last)."""
    action = random_action(state, rng)
    if "amount" in action:
        action["amount"] = state["legal"]["min_to"]
    return action


async def _play(client: SeatClient, rng: random.Random, stop: asyncio.Event) -> None:
    """Plays the seat until the game is over, ``stop`` is set or the connection drops."""
    try:
        while not stop.is_set():
            state = client.state
            if state is not None and state["status"] == "over":
                return
            if client.my_turn():
                await client.act(_calm(state, rng))  # type: ignore[arg-type]
            message = await client.receive()
            assert message["type"] != "error", message
    except (OSError, ConnectionError) as error:  # the server went away
        assert stop.is_set(), error
    except Exception as error:  # websockets' ConnectionClosed
        if type(error).__name__ not in ("ConnectionClosedError", "ConnectionClosedOK"):
            raise
        assert stop.is_set(), error


def _conserved(state: dict[str, Any], chips: int | None) -> None:
    """Every chip is in a stack or in the pot (R-POT-5); ``None``: a game without chips."""
    if chips is not None:
        assert sum(state["stacks"]) + state["pot"] == chips, state


def _rows(db: str, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """The rows of a query of the store ``db`` (no server on it)."""
    store = Store(db)
    try:
        return list(store.backend.execute(sql, params).fetchall())
    finally:
        store.close()


async def _run(db: str) -> None:
    server = SiteServer(db, think=0.005, grace=600).start()
    rng = random.Random(18)
    clients: list[tuple[SeatClient, int | None]] = []
    tables = []
    try:
        for request in _requests():
            made = create_table(server.url, request)
            tables.append(made["id"])
            betting = made["table"]["game"]["betting"]
            chips = made["table"]["stack"] * len(request["seats"]) if betting else None
            for i in range(request["seats"].count("person")):
                _, token = take_seat(server.url, made["id"], f"P{i}")
                clients.append((SeatClient(server.url, made["id"], token), chips))
        for client, _ in clients:
            await client.connect()
        stop = asyncio.Event()
        tasks = [
            asyncio.create_task(_play(c, random.Random(rng.random()), stop)) for c, _ in clients
        ]

        # play until every table is well into its game, then kill the server as it plays
        def played(client: SeatClient) -> bool:
            state = client.state or {"actions": 0, "status": "waiting"}
            return state["actions"] >= ACTIONS_BEFORE_KILL or state["status"] == "over"

        while not all(played(c) for c, _ in clients):
            await asyncio.sleep(0.02)
        stop.set()
        server.kill()
        await asyncio.gather(*tasks)
    finally:
        server.kill()
    seen = {id(c): (list(c.events), dict(c.state or {})) for c, _ in clients}
    playing = [state for _, state in seen.values() if state["status"] == "playing"]
    assert len(playing) >= len(seen) // 2  # killed while most tables were mid-hand
    if not is_postgres_url(db):
        with sqlite3.connect(db) as file:
            assert file.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert {row[0] for row in _rows(db, "SELECT id FROM tables")} == set(tables)

    server = SiteServer(db, think=0.005, grace=600).start()
    try:
        for table_id in tables:
            assert server.request("GET", f"/api/tables/{table_id}")["status"] in ("playing", "over")
        for client, chips in clients:
            events, state = seen[id(client)]
            client.base_url = server.url
            welcome = await client.connect()  # from its last event
            after = welcome["state"]
            # nothing the client was sent is lost: its stream goes on right after it
            assert welcome["seq"] >= (events[-1]["seq"] if events else 0)
            assert [e["seq"] for e in welcome["events"]] == list(
                range(events[-1]["seq"] + 1, welcome["seq"] + 1)
            )
            # the interrupted hand goes on (or has ended since, played by the CPU players)
            assert after["hand"] >= state["hand"] and after["actions"] >= state["actions"]
            if after["hand"] == state["hand"]:
                assert after["round"] == state["round"]
            _conserved(after, chips)
            # and the stream before the kill is the same stream, event for event
            replay = SeatClient(server.url, client.table_id, client.token)
            replay.events = [{"seq": 0}]
            again = await replay.connect()
            await replay.close()
            by_seq = {e["seq"]: e for e in again["events"]}
            for event in events:
                if event["seq"] in by_seq:
                    assert by_seq[event["seq"]] == event
        stop = asyncio.Event()
        await asyncio.gather(
            *(_play(c, random.Random(i), stop) for i, (c, _) in enumerate(clients))
        )
        for client, chips in clients:
            assert client.state is not None and client.state["status"] == "over"
            assert client.errors == []
            if chips is not None:
                assert sum(client.state["table_stacks"]) == chips
    finally:
        server.stop()
    for table_id in tables:
        assert _rows(db, "SELECT status FROM tables WHERE id = ?", (table_id,)) == [("over",)]
        rows = _rows(
            db, "SELECT number, finished FROM hands WHERE table_id = ? ORDER BY number", (table_id,)
        )
        assert [n for n, _ in rows] == list(range(len(rows)))
        assert all(finished for _, finished in rows)
        assert _rows(db, "SELECT count(*) FROM actions WHERE table_id = ?", (table_id,)) == [(0,)]


def test_a_server_killed_mid_hand_resumes_every_table(store_url: str) -> None:
    asyncio.run(_run(store_url))
