"""The store on both backends (issue 30): the dealers' fencing numbers (a write under a lane's
old number is refused and writes nothing, also between two connections racing on
PostgreSQL), a damaged row that sets its table aside with a log line naming it, and
PostgreSQL restarted under a running ``drawpoker serve``: the action in flight is refused with
the retryable ``store-unavailable`` error (503 for a request), never half applied, the server
plays on once the
database is back, and nothing it had committed is lost."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg
import pytest
from drawpoker.bots import CPU_PLAYERS
from drawpoker.engine import game
from drawpoker.site.client import SeatClient, create_table, random_action, take_seat
from drawpoker.site.i18n import message
from drawpoker.site.lobby import parse_new_table
from drawpoker.site.protocol import ERROR_CODES
from drawpoker.site.room import Pace, Room
from drawpoker.site.store import SeatRecord, StaleFenceError, Store, StoreUnavailableError
from drawpoker.site.store_backend import MIGRATIONS
from drawpoker.site.store_postgres import BUSY, PostgresBackend, with_connection_defaults
from drawpoker.table import Table
from postgres_cluster import PostgresCluster
from silent_listener import SilentListener
from site_server import SiteServer
from web_helpers import new_table, site
from web_helpers import take_seat as sit

ROWS = ("tables", "hands", "actions", "players")
STAND_INS = [("away", 0), ("away", 1)]


def _everything(store: Store) -> dict[str, list[Any]]:
    """Every row of the tables a save writes, in a fixed order."""
    return {
        name: sorted(map(tuple, store.backend.execute(f"SELECT * FROM {name}").fetchall()))
        for name in ROWS
    }


def _played_table(store: Store) -> Table:
    """A heads-up table saved as dealt, then played by its stand-ins (unsaved yet)."""
    table = Table(game("holdem"), 2, seed=3, cpu_players=CPU_PLAYERS)
    store.create("t", 0.0, {}, "playing", [SeatRecord(None, "A", None)] * 2, table)
    table.leave(0)
    table.leave(1)
    table.play_cpu(limit=5)
    return table


def test_a_hand_being_played_is_kept_as_its_deal_and_its_actions(store_url: str) -> None:
    """The row of the hand being played holds its deal alone (Hand.deal_dict: what its
    actions are replayed from), not its whole state as dealt; a hand's row is whole once it
    ended, and its actions' rows are gone."""
    store = Store(store_url)
    try:
        table = _played_table(store)
        store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        rows = store.backend.execute(
            "SELECT number, finished, data FROM hands WHERE table_id = 't' ORDER BY number"
        ).fetchall()
        *ended, (number, finished, data) = rows
        hand = table.hands[-1]
        assert (number, finished) == (len(table.hands) - 1, 0)
        assert json.loads(data) == hand.deal_dict()
        assert [json.loads(data) for _, _, data in ended] == [h.to_dict() for h in table.hands[:-1]]
        kept = store.backend.execute("SELECT DISTINCT hand FROM actions").fetchall()
        assert kept == ([(number,)] if hand.actions else [])
        assert store.load()[0].snapshot == table.to_dict()
    finally:
        store.close()


def test_a_write_under_a_stale_fence_is_refused_and_writes_nothing(store_url: str) -> None:
    store = Store(store_url)
    try:
        table = _played_table(store)
        old = store.take_lane(7)
        new = store.take_lane(7)  # another dealer took the lane
        assert (old, new, store.lane_fence(7)) == (1, 2, 2)
        before = _everything(store)
        with pytest.raises(StaleFenceError, match=r"lane 7: fencing number 1 .* \(2\)"):
            store.save("t", table, "playing", since=(0, 0), players=STAND_INS, fence=(7, old))
        assert _everything(store) == before
        store.save("t", table, "playing", since=(0, 0), players=STAND_INS, fence=(7, new))
        assert store.load()[0].snapshot == table.to_dict()
        with pytest.raises(StaleFenceError):  # a lane never taken has no current number
            store.save("t", table, "playing", since=(0, 0), players=STAND_INS, fence=(8, 1))
    finally:
        store.close()


def test_a_dealers_save_of_a_hands_actions_is_one_fenced_statement(
    postgres: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The commonest save of a dealer, actions of the hand being played and nothing else, is
    one statement on PostgreSQL (no transaction of several): written whole under the lane's
    current number with the inbox position, refused whole under an old one, and the same when
    sent twice."""
    store = Store(postgres.new_database())
    try:
        table = Table(game("holdem"), 3, seed=4, cpu_players=CPU_PLAYERS)
        store.create("t", 0.0, {}, "playing", [SeatRecord(None, "A", None)] * 3, table)
        for seat in range(3):
            table.leave(seat)
        old = store.take_lane(4)
        away = [("away", seat) for seat in range(3)]
        since = store.save("t", table, "playing", since=(0, 0), players=away, fence=(4, old))
        table.play_cpu(limit=2)  # two actions of the first hand, which goes on
        assert not table.hands[-1].is_over and len(table.hands[-1].actions) == 2

        newer = store.take_lane(4)  # another dealer took the lane
        before = _everything(store)

        def no_transaction(work: Callable[[], Any]) -> Any:
            raise AssertionError("an actions-only save ran a transaction")

        monkeypatch.setattr(store.backend, "transaction", no_transaction)
        # Under the old number: refused, nothing written, the inbox position not recorded.
        store.inbox_positions[4] = "1700000000000-9"
        with pytest.raises(StaleFenceError, match=r"lane 4: fencing number 1 .* \(2\)"):
            store.save("t", table, "playing", since=since, header=False, fence=(4, old))
        assert _everything(store) == before
        assert store.inbox_position(4) is None
        # Under the current number: written, twice with the same rows.
        for _ in range(2):
            saved = store.save("t", table, "playing", since=since, header=False, fence=(4, newer))
        assert saved == (0, 2)
        assert store.inbox_position(4) == "1700000000000-9"
        rows = store.backend.execute(
            "SELECT hand, number, data FROM actions WHERE table_id = 't' ORDER BY number"
        ).fetchall()
        assert [(hand, number) for hand, number, _ in rows] == [(0, 0), (0, 1)]
        assert [json.loads(data) for _, _, data in rows] == table.hands[-1].action_data(0)
        # PostgreSQL stopped between two saves: refused while it is down (the connection
        # found dropped, then none to be made); once it is back, the statement is prepared
        # again and sent on a new connection (the rows, taken out meanwhile, are back).
        store.backend.execute("DELETE FROM actions WHERE table_id = 't'")
        postgres.stop()
        for _ in range(2):  # the connection found lost, then none to be made: refused alike
            with pytest.raises(StoreUnavailableError, match="nothing was written"):
                store.save("t", table, "playing", since=since, header=False, fence=(4, newer))
        postgres.start()
        assert store.save("t", table, "playing", since=since, header=False, fence=(4, newer)) == (
            0,
            2,
        )
        assert (
            store.backend.execute(
                "SELECT hand, number, data FROM actions WHERE table_id = 't' ORDER BY number"
            ).fetchall()
            == rows
        )
        monkeypatch.undo()
        # (the stand-ins' states are saved when the hand ends: they decide afresh on a resume)
        assert store.load()[0].snapshot["hands"] == table.to_dict()["hands"]
    finally:
        store.close()


def test_seat_claims_and_status_changes_under_a_stale_fence_write_nothing(
    store_url: str,
) -> None:
    """A dealer whose lease lapsed can no longer give a seat, change a token or end a table:
    each write checks the lane's fencing number in its own transaction."""
    store = Store(store_url)
    try:
        store.create(
            "t", 0.0, {}, "waiting", [SeatRecord(None, "Open", None)] * 2, Table(game("holdem"), 2)
        )
        old = store.take_lane(7)
        store.claim("t", 0, "Ann", "ab", fence=(7, old))
        new = store.take_lane(7)  # another dealer took the lane
        seats = "SELECT * FROM seats ORDER BY seat"
        before = _everything(store), store.backend.execute(seats).fetchall()
        stale = r"lane 7: fencing number 1 is not the lane's current one \(2\)"
        for write in (
            lambda fence: store.claim("t", 1, "Bob", "cd", fence=fence),
            lambda fence: store.retoken("t", 0, "ef", fence=fence),
            lambda fence: store.set_status("t", "over", fence=fence),
        ):
            with pytest.raises(StaleFenceError, match=stale):
                write((7, old))
            assert (_everything(store), store.backend.execute(seats).fetchall()) == before
            write((7, new))
            before = _everything(store), store.backend.execute(seats).fetchall()
        (saved,) = store.load()
        assert saved.status == "over"
        assert [(s.name, s.token_hash) for s in saved.seats] == [("Ann", "ef"), ("Bob", "cd")]
    finally:
        store.close()


def test_a_new_table_and_an_expired_ones_removal_under_a_stale_fence_write_nothing(
    store_url: str,
) -> None:
    """A dealer whose lease lapsed can neither make a table in the lane nor remove one."""
    store = Store(store_url)
    try:
        old = store.take_lane(7)
        new = store.take_lane(7)  # another dealer took the lane
        seats = [SeatRecord(None, "Open", None)] * 2
        stale = r"lane 7: fencing number 1 is not the lane's current one \(2\)"
        with pytest.raises(StaleFenceError, match=stale):
            store.create("t", 0.0, {}, "waiting", seats, Table(game("holdem"), 2), (7, old))
        assert store.load() == []
        store.create("t", 0.0, {}, "waiting", seats, Table(game("holdem"), 2), (7, new))
        with pytest.raises(StaleFenceError, match=stale):
            store.delete("t", (7, old))
        assert [t.id for t in store.load()] == ["t"]
        store.delete("t", (7, new))
        assert store.load() == []
    finally:
        store.close()


def test_a_sweep_leaves_an_expired_table_of_a_lane_taken_since() -> None:
    """The idle-table sweep of a dealer that lost the lane removes nothing and goes on."""
    from drawpoker.site.guard import SiteLimits
    from drawpoker.site.house import House

    async def scenario() -> list[str]:
        store = Store(":memory:")
        house = House(store, limits=SiteLimits(idle_table=0))
        house.fence_of = lambda table_id: (3, store.take_lane(3))
        room = house.create(parse_new_table({"game": "holdem", "seats": ["person"] * 2}))
        assert room.fence == (3, 1)
        store.take_lane(3)  # another dealer took the lane
        gone = house.sweep()
        await house.stop()
        assert [t.id for t in store.load()] == [room.id]
        return gone

    assert asyncio.run(scenario()) == []


def test_a_room_whose_lane_was_taken_gives_no_seat_and_stops() -> None:
    store = Store(":memory:")
    request = parse_new_table({"game": "holdem", "seats": ["person"] * 2})
    room = Room.new("t", 0.0, request, store, Pace(), seed=1)
    room.fence = (5, store.take_lane(5))
    room.claim(0, "Ann", "ab")
    store.take_lane(5)  # another dealer took the lane
    with pytest.raises(StaleFenceError):
        room.claim(1, "Bob", "cd")
    assert room.moved
    assert [s.token_hash for s in store.load()[0].seats] == ["ab", None]


def _until(done: Callable[[], bool], what: str, tries: int = 3000) -> None:
    """Polls ``done`` (a bound on the polls, so that a broken run fails rather than hangs)."""
    for _ in range(tries):
        if done():
            return
        threading.Event().wait(0.01)
    raise AssertionError(f"never happened: {what}")


def test_two_dealers_racing_for_a_lane_never_both_write(postgres: PostgresCluster) -> None:
    """Dealer A checks its number and, before it commits, dealer B takes the lane: B waits for
    A's transaction (the checked row is locked), so A's write is whole under the number it
    held, and every write of A after B took the lane is refused."""
    url = postgres.new_database()
    first, second = Store(url), Store(url)
    try:
        table = _played_table(first)
        fence = first.take_lane(1)
        taken: list[int] = []
        taker = threading.Thread(target=lambda: taken.append(second.take_lane(1)))

        def write_while_the_other_takes_the_lane() -> None:
            first._check_fence((1, fence))
            taker.start()
            with psycopg.connect(url, autocommit=True) as watcher:
                _until(
                    lambda: (
                        watcher.execute(
                            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type"
                            " = 'Lock' AND datname = current_database()"
                        ).fetchone()
                        == (1,)
                    ),
                    "the second dealer waits for the first one's lock",
                )
            assert not taken
            first.backend.execute("UPDATE tables SET status = ? WHERE id = ?", ("raced", "t"))

        first.backend.transaction(write_while_the_other_takes_the_lane)
        taker.join()
        assert taken == [fence + 1]
        assert first.load()[0].status == "raced"  # A's write, whole
        before = _everything(first)
        with pytest.raises(StaleFenceError):
            first.save("t", table, "playing", since=(0, 0), players=STAND_INS, fence=(1, fence))
        assert _everything(second) == before
        second.save("t", table, "playing", since=(0, 0), players=STAND_INS, fence=(1, taken[0]))
        assert second.load()[0].snapshot == table.to_dict()
    finally:
        first.close()
        second.close()


def test_a_damaged_row_sets_its_table_aside_and_names_it(
    store_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with site(store_url) as client:
        damaged = new_table(client, "razz", ["person", "person"])
        kept = new_table(client, "razz", ["person", "person"])
        for table_id in (damaged, kept):
            sit(client, table_id, "Ann")  # a seat taken: not an idle table, never removed
    store = Store(store_url)
    try:
        store.backend.execute("UPDATE hands SET data = ? WHERE table_id = ?", ("{}", damaged))
    finally:
        store.close()
    with caplog.at_level(logging.ERROR, logger="drawpoker.site"), site(store_url) as client:
        assert client.get(f"/api/tables/{damaged}").status_code == 404
        assert client.get(f"/api/tables/{kept}").status_code == 200
    assert f"table {damaged} is set aside, not served" in caplog.text
    assert kept not in caplog.text


async def _player(
    client: SeatClient, rng: random.Random, stop: asyncio.Event, refused: list[dict[str, Any]]
) -> int:
    """Plays the seat with the smallest bets until ``stop``; a refused action is sent again, as
    a person would; returns how many actions it sent."""
    sent = 0
    while not stop.is_set():
        if client.my_turn():
            action = random_action(client.state or {}, rng)
            if "amount" in action:
                action["amount"] = (client.state or {})["legal"]["min_to"]
            await client.act(action)
            sent += 1
        try:
            message = await asyncio.wait_for(client.receive(), 0.1)
        except TimeoutError:
            continue
        if message["type"] == "error":
            assert message["code"] == "store-unavailable", message
            assert "try again" in message["message"] and "PGSQL" not in message["message"]
            refused.append(message)
            await asyncio.sleep(0.1)
    return sent


async def _await(done: Callable[[], bool], what: str, tries: int = 3000) -> None:
    for _ in range(tries):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never happened: {what}")


def _refusal_in_arabic(base_url: str) -> dict[str, Any]:
    """The error answering a new table asked for by an Arabic reader (``?lang=ar``)."""
    data = json.dumps({"game": "razz", "seats": ["person"] * 2}).encode()
    request = urllib.request.Request(
        base_url + "/api/tables?lang=ar", data, {"content-type": "application/json"}
    )
    with pytest.raises(urllib.error.HTTPError) as refusal:
        urllib.request.urlopen(request)
    assert refusal.value.code == 503
    said: dict[str, Any] = json.loads(refusal.value.read())
    return said


async def _restart_under_the_server(postgres: PostgresCluster, server: SiteServer) -> None:
    made = create_table(server.url, {"game": "holdem", "seats": ["person"] * 2, "rounds": 500})
    table_id = made["id"]
    clients = [
        SeatClient(server.url, table_id, take_seat(server.url, table_id, name)[1])
        for name in ("Ann", "Bob")
    ]
    for client in clients:
        await client.connect()
    stop = asyncio.Event()
    refused: list[dict[str, Any]] = []
    tasks = [
        asyncio.create_task(_player(c, random.Random(i), stop, refused))
        for i, c in enumerate(clients)
    ]

    def actions() -> int:
        return max((c.state or {"actions": 0})["actions"] for c in clients)

    await _await(lambda: actions() >= 20, "20 actions played")
    postgres.stop()  # fast: the server's connection is ended under it
    await _await(lambda: bool(refused), "an action refused while PostgreSQL is down")
    seen_down = [list(c.events) for c in clients]
    with pytest.raises(urllib.error.HTTPError) as refusal:  # a request, too: 503, to send again
        create_table(server.url, {"game": "razz", "seats": ["person"] * 2})
    assert refusal.value.code == 503
    body = json.loads(refusal.value.read())
    assert body["error"] == "store-unavailable" and postgres.folder.name not in body["message"]
    assert _refusal_in_arabic(server.url) == {  # the reader's language, the English as detail
        "error": "store-unavailable",
        "message": message("ar", "error.store-unavailable"),
        "detail": ERROR_CODES["store-unavailable"],
    }
    await _await(lambda: len(refused) >= 3, "the refused action sent again, and refused again")
    assert [list(c.events) for c in clients] == seen_down  # nothing applied, nothing shown
    postgres.start()
    back = actions()
    await _await(lambda: actions() >= back + 20, "20 more actions once PostgreSQL is back")
    stop.set()
    sent = sum(await asyncio.gather(*tasks))
    for client in clients:  # the last updates of the actions already sent
        while client.pending is not None:
            await client.receive()
    # every action sent was applied once or refused whole
    assert clients[0].state is not None and clients[1].state is not None
    assert clients[0].state["actions"] == sent - len(refused)
    assert sum(clients[0].state["stacks"]) + clients[0].state["pot"] == 2 * made["table"]["stack"]
    # nothing committed is lost: a new connection from the start replays every event seen
    for client in clients:
        replay = SeatClient(server.url, table_id, client.token)
        replay.events = [{"seq": 0}]
        again = await replay.connect()
        await replay.close()
        # the update of the other seat's last action may still be on its way to this one,
        # whose player stopped reading when it stopped acting
        while (client.seq or 0) < again["seq"]:
            await asyncio.wait_for(client.receive(), 30)
        assert again["events"] == client.events
        await client.close()


def test_postgresql_restarted_under_a_running_server(postgres: PostgresCluster) -> None:
    server = SiteServer(postgres.new_database(), grace=600).start()
    try:
        asyncio.run(_restart_under_the_server(postgres, server))
        # still serving: a new table is made and found
        made = server.request("POST", "/api/tables", {"game": "razz", "seats": ["person"] * 2})
        assert server.request("GET", f"/api/tables/{made['id']}")["id"] == made["id"]
        assert not any("Traceback" in line for line in server.output), list(server.output)
    finally:
        server.stop()
        if not postgres.running():  # the next tests share the server
            postgres.start()


@pytest.mark.parametrize(
    ("store", "said"),
    [
        ("site.db", "--store takes a postgresql:// URL, not 'site.db' (an SQLite file: --db)"),
        (
            "postgresql://postgres@/site?host=/nonexistent",
            "--store: cannot connect to the PostgreSQL database postgresql://postgres@/site",
        ),
    ],
)
def test_serve_refuses_a_store_it_cannot_use_before_listening(store: str, said: str) -> None:
    command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--store", store]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert said in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_serve_refuses_a_database_not_encoded_in_utf8(postgres: PostgresCluster) -> None:
    """A database created SQL_ASCII (initdb's choice without a UTF-8 locale, as in a bare
    container) is refused before anything is written, with the fix named: psycopg passes its
    text as bytes, and the migrations failed with "operator does not exist: ... = bytea"."""
    with psycopg.connect(postgres.url(), autocommit=True) as connection:
        connection.execute(
            "CREATE DATABASE ascii_site ENCODING 'SQL_ASCII' TEMPLATE template0 "
            "LC_COLLATE 'C' LC_CTYPE 'C'"
        )
    url = postgres.url("ascii_site")
    command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--store", url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "Traceback" not in said
    assert "is encoded in SQL_ASCII, not UTF8: create it with createdb -E UTF8" in said
    with psycopg.connect(url) as connection:
        tables = connection.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        assert tables.fetchone() == (0,)


def test_a_file_made_before_versioned_migrations_is_brought_up_to_date(tmp_path: Path) -> None:
    """A site's file made by the store before yoyo-migrations kept its versions: the first
    step is its schema as it was (IF NOT EXISTS), so its rows stay and the later steps apply."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.executescript((MIGRATIONS / "sqlite" / "0001.schema.sql").read_text())
        old.execute("INSERT INTO devices (key_hash, nickname, created) VALUES ('ab', 'Ann', 0)")
    store = Store(path)
    try:
        assert store.device("ab") == (1, "Ann")
        assert store.take_lane(1) == 1
        applied = store.backend.execute("SELECT migration_id FROM _yoyo_migration").fetchall()
        assert sorted(applied) == [
            ("0001.schema",),
            ("0002.lanes",),
            ("0003.inbox",),
            ("0004.actions_by_key",),
        ]
    finally:
        store.close()


def test_a_file_whose_hand_is_being_played_keeps_its_actions_through_the_migrations(
    tmp_path: Path,
) -> None:
    """A file of the schema before 0004 (its actions in a table with a row id and an index of
    their key; here, from before versioned migrations) with a hand being played: its actions
    are copied into the table kept in their
    key's order (WITHOUT ROWID), and the table loads as it was."""
    played = Store(":memory:")
    table = _played_table(played)
    for _ in range(20):  # on to a hand with an action played
        if table.hands[-1].actions:
            break
        table.play_cpu(limit=1)
    played.save("t", table, "playing", since=(0, 0), players=STAND_INS)
    assert not table.hands[-1].is_over and table.hands[-1].actions
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as old:
        old.executescript((MIGRATIONS / "sqlite" / "0001.schema.sql").read_text())
        for name in ("tables", "seats", "players", "hands", "actions"):
            rows = played.backend.execute(f"SELECT * FROM {name}").fetchall()
            marks = ",".join("?" * len(rows[0]))
            old.executemany(f"INSERT INTO {name} VALUES ({marks})", rows)
    store = Store(path)
    try:
        (schema,) = store.backend.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'actions'"
        ).fetchone()
        assert schema.endswith("WITHOUT ROWID")
        count = "SELECT count(*) FROM actions"
        assert store.backend.execute(count).fetchone() == played.backend.execute(count).fetchone()
        saved = store.load_table("t")
        assert saved is not None and saved.snapshot == table.to_dict()
    finally:
        store.close()


def test_a_postgresql_store_refuses_while_down_and_reconnects_by_itself(
    postgres: PostgresCluster,
) -> None:
    store = Store(postgres.new_database())
    try:
        table = _played_table(store)
        before = _everything(store)
        postgres.stop()
        try:
            with pytest.raises(StoreUnavailableError, match=r"unavailable .* try again"):
                store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
            with pytest.raises(StoreUnavailableError):
                store.live_ids()
        finally:
            postgres.start()
        assert _everything(store) == before  # the refused save wrote nothing
        store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        postgres.restart()  # the store's idle connection is dropped: the next call reconnects
        assert store.live_ids() == ["t"]
        assert store.load()[0].snapshot == table.to_dict()
    finally:
        store.close()


def silent_url(silent: SilentListener, query: str = "") -> str:
    """A PostgreSQL URL of ``silent``: a database that takes the connection and says nothing."""
    return f"postgresql://site@127.0.0.1:{silent.port}/site{query}"


@pytest.mark.slow
def test_a_postgresql_that_never_answers_is_given_up_on_with_a_clear_error() -> None:
    """A server that takes the connection and says nothing is refused after the default
    connect timeout (CONNECTION_DEFAULTS: 5 s) with an error saying what happened; libpq's own
    default waits for ever, the server's loop blocked all that time."""
    silent = SilentListener.tcp()
    try:
        refusal = r"cannot connect to the PostgreSQL database .*timeout"
        with pytest.raises(StoreUnavailableError, match=refusal):
            PostgresBackend(silent_url(silent))
        assert len(silent.accepted) == 1
    finally:
        silent.close()


def test_libpqs_environment_keeps_its_own_timeout_and_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An operator's PGCONNECT_TIMEOUT and PGOPTIONS are libpq's own settings: the store's
    defaults do not hide them (a setting written into the URL would), and its session
    timeouts join the environment's options unless those name them."""
    from psycopg.conninfo import conninfo_to_dict

    url = "postgresql://app@db/site"
    plain = conninfo_to_dict(with_connection_defaults(url))
    assert (plain["connect_timeout"], plain["options"]) == (
        "5",
        "-c statement_timeout=5s -c idle_in_transaction_session_timeout=10s",
    )
    monkeypatch.setenv("PGCONNECT_TIMEOUT", "30")
    monkeypatch.setenv("PGOPTIONS", "-c search_path=poker -c statement_timeout=2s")
    settings = conninfo_to_dict(with_connection_defaults(url))
    assert "connect_timeout" not in settings  # libpq reads the environment's 30
    assert settings["options"] == (
        "-c search_path=poker -c statement_timeout=2s -c idle_in_transaction_session_timeout=10s"
    )
    assert settings["tcp_user_timeout"] == "10000"  # no variable of libpq's sets it


def test_a_store_whose_connection_timed_out_refuses_at_once_for_a_while(
    postgres: PostgresCluster,
) -> None:
    """After a connection attempt that timed out, calls are refused at once for CONNECT_PAUSE
    rather than each blocking the server's loop for the timeout again; a URL's own
    connect_timeout is kept. A refused connection (PostgreSQL restarting) pauses nothing: the
    test above it reconnects at once."""
    backend = PostgresBackend(postgres.new_database())
    silent = SilentListener.tcp()
    try:
        backend.close()
        backend.url = silent_url(silent, "?connect_timeout=2")  # where the database went silent
        with pytest.raises(StoreUnavailableError, match="timeout"):
            backend.execute("SELECT 1")
        with pytest.raises(StoreUnavailableError, match=r"timed out less than 10 s ago"):
            backend.execute("SELECT 1")
        assert len(silent.accepted) == 1
        backend.retry_at = float("-inf")  # the pause over
        with pytest.raises(StoreUnavailableError, match="timeout"):
            backend.execute("SELECT 1")
        assert len(silent.accepted) == 2
    finally:
        silent.close()
        backend.close()


def test_a_statement_waiting_on_a_lock_is_cancelled_and_refused_not_sent_again(
    postgres: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another session holds a lock the store's statement needs (an operator's LOCK TABLE, a
    frozen dealer mid-save): the server cancels the statement after ``statement_timeout``
    (SESSION_TIMEOUTS; 300 ms from this URL's own options, which keep the other default), the
    call is refused as unavailable with nothing written, and it is not sent again on a new
    connection to wait as long once more. Before, it waited for as long as the lock was held,
    the server's loop blocked. Once the lock is gone the store plays on."""
    url = postgres.new_database() + "&options=-c%20statement_timeout%3D300ms"
    store = Store(url)
    try:
        table = _played_table(store)
        before = _everything(store)
        connections: list[str] = []
        connect = psycopg.connect

        def counted(*args: Any, **kwargs: Any) -> Any:
            connections.append(str(args[0]) if args else "")
            return connect(*args, **kwargs)

        monkeypatch.setattr(psycopg, "connect", counted)
        with connect(url.split("&")[0]) as other:  # a transaction of its own
            other.execute("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE")
            with pytest.raises(StoreUnavailableError, match=r"statement timeout.*try again"):
                store.live_ids()
            assert connections == []  # not tried again on a new connection
            with pytest.raises(StoreUnavailableError, match="statement timeout"):
                store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        assert _everything(store) == before  # the refused save wrote nothing
        store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        assert store.live_ids() == ["t"]
        timeouts = store.backend.execute(
            "SELECT current_setting('statement_timeout'), "
            "current_setting('idle_in_transaction_session_timeout')"
        ).fetchone()
        assert tuple(timeouts) == ("300ms", "10s")
    finally:
        store.close()


def test_a_stores_session_has_the_timeouts_and_its_migrations_none(
    postgres: PostgresCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A store's session takes SESSION_TIMEOUTS (its URL names none of its own), and the
    migrations at start run without them: one may take longer on a large database, and cut
    off it would leave the server unable to start."""
    import drawpoker.site.store_postgres as store_postgres

    during: list[str] = []
    real = store_postgres.migrate

    def watched(connection: Any, kind: str) -> None:
        for name in ("statement_timeout", "idle_in_transaction_session_timeout"):
            during.append(connection.execute(f"SHOW {name}").fetchone()[0])
        real(connection, kind)

    monkeypatch.setattr(store_postgres, "migrate", watched)
    backend = PostgresBackend(postgres.new_database())
    try:
        assert during == ["0", "0"]
        shown = backend.execute(
            "SELECT current_setting('statement_timeout'), "
            "current_setting('idle_in_transaction_session_timeout')"
        ).fetchone()
        assert tuple(shown) == ("5s", "10s")
    finally:
        backend.close()


def test_a_connection_lost_inside_a_transaction_is_refused_as_unavailable(
    postgres: PostgresCluster,
) -> None:
    """The server ends the store's connection in the middle of a save (as a restart does): the
    save is refused with StoreUnavailableError, which the room answers by reloading its table,
    and the next save goes through. Before, the rollback ran on the connection already
    dropped and raised AttributeError, which ended the table's play loop: the table stalled
    (seen in test_roles' PostgreSQL restart, one run in four)."""
    store = Store(postgres.new_database())
    try:
        table = _played_table(store)
        before = _everything(store)
        pid = store.backend.execute("SELECT pg_backend_pid()").fetchone()[0]
        real = store.backend.execute

        def ended_mid_save(sql: str, params: Any = ()) -> Any:
            if store.backend.in_transaction:
                with psycopg.connect(postgres.url(), autocommit=True) as other:
                    other.execute("SELECT pg_terminate_backend(%s)", (pid,))
            return real(sql, params)

        store.backend.execute = ended_mid_save  # type: ignore[method-assign]
        with pytest.raises(StoreUnavailableError, match=r"unavailable .* try again"):
            store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        store.backend.execute = real  # type: ignore[method-assign]
        assert _everything(store) == before  # the refused save wrote nothing
        store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        assert store.live_ids() == ["t"]
    finally:
        store.close()


def test_a_busy_postgresql_connection_begins_in_the_transactions_round_trip(
    postgres: PostgresCluster,
) -> None:
    """A save on a connection that answered within ``BUSY`` seconds sends its ``BEGIN`` with
    its statements (one round trip); after longer idle, alone first (sent again on a new
    connection if the server dropped the idle one). Before, every transaction sent it alone."""
    store = Store(postgres.new_database())
    try:
        table = _played_table(store)
        alone: list[str] = []
        first = store.backend._first

        def counted(sql: str, params: Any = ()) -> Any:
            alone.append(sql)
            return first(sql, params)

        store.backend._first = counted  # type: ignore[method-assign]
        store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        assert alone == []  # the store answered just now
        store.backend.answered_at -= BUSY
        postgres.restart()  # the idle connection dropped: its BEGIN sent again on a new one
        store.save("t", table, "playing", since=(0, 0), players=STAND_INS)
        assert alone == ["BEGIN"]
        assert store.load()[0].snapshot == table.to_dict()
    finally:
        store.close()


def test_the_site_lock_lets_dealers_share_a_database_and_a_one_process_server_hold_it_alone(
    postgres: PostgresCluster,
) -> None:
    """A one-process server has no fence: a second one, or dealers, on its database would deal
    its tables apart (a review saw both write rows of one table). The advisory lock refuses
    them, and a closed connection (a killed process) frees it."""
    url = postgres.new_database()
    first, second = (PostgresBackend(url, site_lock="shared") for _ in range(2))  # two dealers
    with pytest.raises(StoreUnavailableError, match=r"another server .* uses the PostgreSQL"):
        PostgresBackend(url, site_lock="exclusive")
    first.close()
    second.close()
    alone = PostgresBackend(url, site_lock="exclusive")
    for lock in ("exclusive", "shared"):
        with pytest.raises(StoreUnavailableError, match=r"drawpoker serve \(--role all\)|another"):
            PostgresBackend(url, site_lock=lock)
    PostgresBackend(url).close()  # a gateway takes no lock
    alone.close()
    PostgresBackend(url, site_lock="exclusive").close()


def test_a_closed_backend_gives_the_site_lock_back_before_its_session_ends(
    postgres: PostgresCluster,
) -> None:
    """A server stopped and started again at once must not be refused its own database: the
    old session's lock is freed when PostgreSQL sees it close, which may come after the new
    server asks (the suite saw it refused once). Here the old session stays open, as one whose
    close PostgreSQL has not yet seen."""
    url = postgres.new_database()
    for lock in ("exclusive", "shared"):
        server = PostgresBackend(url, site_lock=lock)
        session = server.connection
        assert session is not None
        real_close = session.close
        session.close = lambda: None  # type: ignore[method-assign]
        try:
            server.close()
            PostgresBackend(url, site_lock="exclusive").close()
        finally:
            real_close()


def test_a_second_one_process_server_on_a_postgresql_database_is_refused_until_the_first_dies(
    postgres: PostgresCluster,
) -> None:
    url = postgres.new_database()
    server = SiteServer(url).start()
    try:
        command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--store", url]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        said = done.stdout + done.stderr
        assert done.returncode == 2, said
        assert "--store: another server (a drawpoker serve, or the dealers of a cluster)" in said
        assert "Traceback" not in said
        server.kill()  # kill -9: its connection closes, and PostgreSQL frees the lock
        for _ in range(100):  # as soon as its session has noticed (at once on loopback)
            try:
                PostgresBackend(url, site_lock="exclusive").close()
                break
            except StoreUnavailableError:
                time.sleep(0.1)
        again = SiteServer(url).start()
        again.stop()
    finally:
        server.stop()


def test_serve_names_what_to_mend_in_a_database_it_cannot_use(postgres: PostgresCluster) -> None:
    """A database that does not exist, a role that does not, a role without the right to
    create the schema: refused before listening with what PostgreSQL said (it was a traceback
    for the role, and "try again" for the others, which waiting does not mend)."""
    url = postgres.new_database()
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("CREATE ROLE weak LOGIN")
        connection.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    weak = url.replace("postgresql://postgres@", "postgresql://weak@")
    for store, said in [
        (postgres.url("nosuchdb"), 'database "nosuchdb" does not exist'),
        (url.replace("postgres@", "ghost@"), 'role "ghost" does not exist'),
        (weak, "cannot be set up (its role needs the right to create tables in it)"),
    ]:
        command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--store", store]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        output = done.stdout + done.stderr
        assert done.returncode == 2, output
        assert said in output
        assert "try again" not in output
        assert "Traceback" not in output
