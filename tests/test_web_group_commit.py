"""The embedded store's grouped commits (SQLiteBackend.grouped): the actions of a turn of the
event loop are committed together, and nothing is told of them before: a connection's message
queued after a grouped write is sent only once that write is in the file (read by another
connection to the file at the moment it is sent); when the commit fails, nothing of it is in
the file, the message is never sent (the connection closes with 1011), and the room loads the
table again from the store, its streams numbered from it."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from drawpoker.site.app import UNSAVED, CommittedFirst, SocketOutbox
from drawpoker.site.lobby import parse_new_table
from drawpoker.site.room import KeptOutbox, Pace, Room
from drawpoker.site.store import Store
from drawpoker.site.store_backend import Batch
from drawpoker.site.store_sqlite import GroupCommitError, SQLiteBackend

INSERT = "INSERT INTO lanes (lane, fence) VALUES (?, ?)"


class Socket:
    """A WebSocket that notes, for each text it sends, the lanes another connection to the
    file reads at that moment (what is committed)."""

    def __init__(self, path: Path) -> None:
        self.reader = sqlite3.connect(path)
        self.sent: list[tuple[str, list[int]]] = []
        self.closed: tuple[int, str] | None = None

    def committed(self) -> list[int]:
        return [lane for (lane,) in self.reader.execute("SELECT lane FROM lanes ORDER BY lane")]

    async def send_text(self, text: str) -> None:
        self.sent.append((text, self.committed()))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


class FailingCommit:
    """An SQLite connection whose COMMIT fails (a full disk, say) while ``failing`` is set."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.failing = False

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        if self.failing and sql == "COMMIT":
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


def _backend(tmp_path: Path) -> SQLiteBackend:
    backend = SQLiteBackend(tmp_path / "site.db")
    backend.grouping = True
    return backend


def test_a_message_after_a_grouped_write_is_sent_once_it_is_committed(tmp_path: Path) -> None:
    backend = _backend(tmp_path)
    socket = Socket(tmp_path / "site.db")

    async def scenario() -> None:
        outbox = SocketOutbox(socket, backend.saving)  # type: ignore[arg-type]
        outbox.send("before")  # nothing pending: told of nothing unsaved
        for lane in (1, 2):
            backend.grouped(lambda lane=lane: backend.execute(INSERT, (lane, 1)))
            outbox.send(f"after {lane}")
        assert backend.saving() is not None
        assert socket.committed() == []  # one open transaction for both
        await asyncio.sleep(0.05)
        assert backend.saving() is None
        outbox.close()
        await outbox.task

    asyncio.run(scenario())
    assert socket.sent == [("before", []), ("after 1", [1, 2]), ("after 2", [1, 2])]
    assert socket.closed == (1000, "")
    backend.close()


def test_without_grouping_each_write_is_committed_before_it_returns(tmp_path: Path) -> None:
    backend = SQLiteBackend(tmp_path / "site.db")
    socket = Socket(tmp_path / "site.db")

    async def scenario() -> None:
        backend.grouped(lambda: backend.execute(INSERT, (1, 1)))
        assert backend.saving() is None
        assert socket.committed() == [1]

    asyncio.run(scenario())
    backend.close()


def test_any_other_statement_commits_the_group_first(tmp_path: Path) -> None:
    backend = _backend(tmp_path)
    socket = Socket(tmp_path / "site.db")

    async def scenario() -> None:
        backend.grouped(lambda: backend.execute(INSERT, (1, 1)))
        waiting = backend.saving()
        assert waiting is not None and socket.committed() == []
        backend.transaction(lambda: backend.execute(INSERT, (2, 1)))
        assert waiting.done() and socket.committed() == [1, 2]
        backend.grouped(lambda: backend.execute(INSERT, (3, 1)))
        assert backend.execute("SELECT count(*) FROM lanes").fetchone() == (3,)
        assert socket.committed() == [1, 2, 3] and backend.saving() is None

    asyncio.run(scenario())
    backend.close()


def test_a_grouped_write_that_fails_leaves_the_others(tmp_path: Path) -> None:
    backend = _backend(tmp_path)

    async def scenario() -> None:
        backend.grouped(lambda: backend.execute(INSERT, (1, 1)))

        def twice() -> None:
            backend.execute(INSERT, (2, 1))
            backend.execute(INSERT, (1, 1))  # the lane's key again: refused

        with pytest.raises(sqlite3.IntegrityError):
            backend.grouped(twice)
        await asyncio.sleep(0.05)

    asyncio.run(scenario())
    assert backend.execute("SELECT lane FROM lanes").fetchall() == [(1,)]
    backend.close()


def test_a_failed_commit_sends_nothing_of_it_and_calls_lost(tmp_path: Path) -> None:
    backend = _backend(tmp_path)
    failing = FailingCommit(backend.db)
    backend.db = failing  # type: ignore[assignment]
    socket = Socket(tmp_path / "site.db")
    lost: list[int] = []

    async def scenario() -> None:
        outbox = SocketOutbox(socket, backend.saving)  # type: ignore[arg-type]
        outbox.send("before")
        await asyncio.sleep(0.01)
        failing.failing = True
        backend.grouped(lambda: backend.execute(INSERT, (1, 1)), lambda: lost.append(1))
        outbox.send("told of lane 1")
        await asyncio.wait_for(outbox.task, 5)
        failing.failing = False
        backend.grouped(lambda: backend.execute(INSERT, (2, 1)))  # the next group goes in
        await asyncio.sleep(0.01)

    asyncio.run(scenario())
    assert socket.sent == [("before", [])]
    assert socket.closed is not None and socket.closed[0] == UNSAVED
    assert lost == [1]
    assert socket.committed() == [2]
    backend.close()


def test_a_room_whose_commit_failed_goes_on_from_the_store(tmp_path: Path) -> None:
    store = Store(tmp_path / "site.db")
    backend = store.backend
    assert isinstance(backend, SQLiteBackend)
    backend.grouping = True
    failing = FailingCommit(backend.db)

    async def scenario() -> tuple[Room, list[int], dict[str, Any]]:
        request = parse_new_table({"game": "holdem", "seats": ["person", "cpu:rules"]})
        room = Room.new("t", 0.0, request, store, Pace(threads=False), seed=2)
        room.claim(0, "Ann", "hash")
        room.connect(0, KeptOutbox(), None)
        room.command(0, "away")  # a CPU stand-in plays the seat
        for _ in range(6):
            await room._cpu_turn()
        await asyncio.sleep(0.01)
        saved = store.load_table("t")
        assert saved is not None and saved.snapshot["hands"] == room.table.to_dict()["hands"]
        kept = (list(room.streams.last), saved.snapshot)
        backend.db = failing  # type: ignore[assignment]
        failing.failing = True
        for _ in range(5):
            await room._cpu_turn()
        assert room.streams.last != kept[0]
        await asyncio.sleep(0.01)  # the commit fails: the room is behind
        assert room.behind
        failing.failing = False
        room._catch_up()
        return room, kept[0], kept[1]

    room, last, saved = asyncio.run(scenario())
    assert room.table.to_dict()["hands"] == saved["hands"]
    assert room.streams.last == last
    assert store.load_table("t").snapshot == saved  # type: ignore[union-attr]
    store.close()


def _batch(*statements: tuple[str, tuple[Any, ...]]) -> Batch:
    batch = Batch()
    for sql, row in statements:
        batch.add(sql, [row])
    return batch


RAISE = "UPDATE lanes SET fence = fence + 10 WHERE lane = ?"


def test_deferred_writes_of_a_turn_are_one_transaction_run_in_their_order(
    tmp_path: Path,
) -> None:
    """The statements deferred in a turn (each table's action) wait for its commit, where the
    same statement in a row is one executemany, and they run in the order they came: a
    grouped work after them sees them."""
    backend = _backend(tmp_path)
    socket = Socket(tmp_path / "site.db")

    async def scenario() -> None:
        backend.defer(_batch((INSERT, (1, 1))))
        backend.defer(_batch((INSERT, (2, 1)), (RAISE, (1,))))
        backend.defer(_batch((RAISE, (2,))))
        group = backend.group
        assert group is not None and not group.begun
        assert [(sql, len(rows)) for sql, rows in group.batch.statements] == [
            (INSERT, 2),
            (RAISE, 2),
        ]
        backend.grouped(lambda: backend.execute(RAISE, (1,)))  # after the deferred ones
        assert socket.committed() == []  # nothing in the file before the turn ends
        waiting = backend.saving()
        assert waiting is not None
        await waiting

    asyncio.run(scenario())
    assert socket.committed() == [1, 2]
    fences = backend.execute("SELECT lane, fence FROM lanes ORDER BY lane").fetchall()
    assert fences == [(1, 21), (2, 11)]
    backend.close()


def test_a_deferred_statement_that_fails_loses_its_whole_group(tmp_path: Path) -> None:
    """A deferred statement runs at the commit: when one fails, none of the group's writes is
    in the file, each of their ``lost`` is called and their future fails; the next turn's
    writes go in."""
    backend = _backend(tmp_path)
    lost: list[int] = []

    async def scenario() -> None:
        backend.defer(_batch((INSERT, (1, 1))), lambda: lost.append(1))
        backend.defer(_batch((INSERT, (1, 2))), lambda: lost.append(2))  # lane 1 again
        waiting = backend.saving()
        assert waiting is not None
        with pytest.raises(GroupCommitError, match="UNIQUE constraint failed"):
            await waiting
        backend.defer(_batch((INSERT, (3, 1))))
        await asyncio.sleep(0.01)

    asyncio.run(scenario())
    assert lost == [1, 2]
    assert backend.execute("SELECT lane FROM lanes").fetchall() == [(3,)]
    backend.close()


def test_without_grouping_a_deferred_write_is_committed_before_it_returns(
    tmp_path: Path,
) -> None:
    backend = SQLiteBackend(tmp_path / "site.db")
    socket = Socket(tmp_path / "site.db")

    async def scenario() -> None:
        backend.defer(_batch((INSERT, (1, 1))))
        assert backend.saving() is None
        assert socket.committed() == [1]

    asyncio.run(scenario())
    backend.close()


def _http_answer(tmp_path: Path, failing: bool) -> tuple[Socket, list[tuple[Any, list[int]]]]:
    """An HTTP request to a route that makes a grouped write and answers at once, through
    :class:`CommittedFirst`: each ASGI message sent, with the lanes committed at that moment."""
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    store = Store(tmp_path / "site.db")
    backend = store.backend
    assert isinstance(backend, SQLiteBackend)
    backend.grouping = True
    commit = FailingCommit(backend.db)
    backend.db = commit  # type: ignore[assignment]
    reader = Socket(tmp_path / "site.db")

    async def lobby(request: Any) -> JSONResponse:
        commit.failing = failing
        backend.grouped(lambda: backend.execute(INSERT, (1, 1)))
        return JSONResponse({"told": "lane 1"})

    app = Starlette(routes=[Route("/api/tables", lobby)])
    app.state.house = SimpleNamespace(store=store)
    app.add_middleware(CommittedFirst)
    sent: list[tuple[Any, list[int]]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append((message, reader.committed()))

    scope = {
        "type": "http",
        "method": "GET",
        "path": "/api/tables",
        "headers": [],
        "query_string": b"",
        "http_version": "1.1",
        "scheme": "http",
        "app": app,
    }
    asyncio.run(app(scope, receive, send))
    return reader, sent


def test_an_http_answer_waits_for_the_commit_of_the_writes_before_it(tmp_path: Path) -> None:
    """The lobby's list and every other HTTP answer of the one process go out only once the
    writes grouped before them are in the file: without CommittedFirst the answer is sent
    while lane 1 is still uncommitted."""
    _, sent = _http_answer(tmp_path, failing=False)
    start, body = sent[0][0], sent[-1][0]
    assert (start["type"], start["status"]) == ("http.response.start", 200)
    assert b"lane 1" in body["body"]
    assert all(committed == [1] for _, committed in sent)


def test_an_http_answer_whose_writes_were_not_saved_is_a_503(tmp_path: Path) -> None:
    """A failed commit: the answer (which tells of the lost write) is never sent; a 503
    store-unavailable goes out instead."""
    reader, sent = _http_answer(tmp_path, failing=True)
    start, body = sent[0][0], sent[-1][0]
    assert (start["status"], dict(start["headers"])[b"retry-after"]) == (503, b"1")
    assert json.loads(body["body"])["error"] == "store-unavailable"
    assert not any(b"lane 1" in message.get("body", b"") for message, _ in sent)
    assert reader.committed() == []


def test_the_logs_checkpoints_are_made_by_a_thread_of_their_own(tmp_path: Path) -> None:
    """With the checkpoints aside (the one-process site), the event loop's commits no longer
    checkpoint the write-ahead log (SQLite's own checkpoint, with its syncs, at 1,000 pages):
    the thread's connection does, and takes in every committed page; the file reads the
    same from a new connection."""
    backend = SQLiteBackend(tmp_path / "site.db")
    try:
        assert backend.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)
        backend.checkpoint_aside(every=3600.0)  # (no pass of its own during the test)
        assert backend.db.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
        checkpointer = backend.checkpointer
        assert checkpointer is not None and checkpointer.thread.is_alive()
        for lane in range(50):
            backend.transaction(lambda lane=lane: backend.execute(LANE_ROW, (lane, lane)))
        busy, pages, done = checkpointer.checkpoint()
        assert busy == 0 and pages == done > 0 and checkpointer.log_frames == pages
        check = sqlite3.connect(tmp_path / "site.db")
        assert check.execute("SELECT count(*) FROM lanes").fetchone() == (50,)
        check.close()
    finally:
        backend.close()
    assert backend.checkpointer is None and not checkpointer.thread.is_alive()


def test_a_commit_checkpoints_the_log_itself_past_the_limit(tmp_path: Path) -> None:
    """When the thread's checkpoints let the log grow past the limit (it starts again from its
    top only after a checkpoint that took it all in while no write was under way), the next
    commit checkpoints it, as SQLite's own checkpoint would."""
    backend = SQLiteBackend(tmp_path / "site.db")
    try:
        backend.checkpoint_aside(every=3600.0)
        checkpointer = backend.checkpointer
        assert checkpointer is not None
        backend.transaction(lambda: backend.execute(LANE_ROW, (1, 1)))
        checkpointer.log_frames = backend.wal_limit  # at the limit: nothing done
        backend.transaction(lambda: backend.execute(LANE_ROW, (2, 2)))
        assert checkpointer.log_frames == backend.wal_limit
        checkpointer.log_frames = backend.wal_limit + 1  # past it: the commit checkpoints
        backend.transaction(lambda: backend.execute(LANE_ROW, (3, 3)))
        assert checkpointer.log_frames == 0
        _, pages, done = checkpointer.checkpoint()
        assert pages == done  # taken in whole
    finally:
        backend.close()


LANE_ROW = "INSERT INTO lanes (lane, fence) VALUES (?, ?)"
