"""The embedded store's database: one SQLite file (or ``":memory:"``, for tests) in
write-ahead-log mode with ``synchronous=NORMAL`` (a committed transaction survives the process
being killed; only a crash of the whole machine may lose the last ones), held by one server: a
second server on the same file would play the same tables apart and write over the first one's
rows, so a file store holds an exclusive lock on ``FILE.lock`` while it is open
(:class:`StoreBusyError` otherwise).

>>> backend = SQLiteBackend(":memory:")
>>> insert = "INSERT INTO lanes (lane, fence) VALUES (?, ?)"
>>> backend.transaction(lambda: backend.execute(insert, (1, 7)))
<sqlite3.Cursor object at ...>
>>> backend.execute("SELECT fence FROM lanes").fetchall()
[(7,)]
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from drawpoker.errors import InvalidArgumentError
from drawpoker.site.store_backend import Batch, migrate

T = TypeVar("T")

log = logging.getLogger("drawpoker.site")


class GroupCommitError(sqlite3.OperationalError):
    """The commit of a group of writes (:meth:`SQLiteBackend.grouped`) failed: none of them is
    in the file.

    >>> issubclass(GroupCommitError, sqlite3.Error)
    True
    """


class CommitGroup:
    """The writes of one turn of the event loop (:meth:`SQLiteBackend.grouped` and
    :meth:`SQLiteBackend.defer`), committed together: ``batch`` holds the statements deferred
    to the commit, ``begun`` tells whether the group's transaction is open (a grouped work
    ran in it), ``committed`` is done once they are in the file (its exception a
    :class:`GroupCommitError` when they could not be), and each of ``lost`` is called if they
    could not be.

    >>> loop = asyncio.new_event_loop()
    >>> group = CommitGroup(loop); group.committed.done(), group.lost, group.begun
    (False, [], False)
    >>> loop.close()
    """

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.committed: asyncio.Future[None] = loop.create_future()
        self.lost: list[Callable[[], None]] = []
        self.batch = Batch()
        self.begun = False


class StoreBusyError(InvalidArgumentError):
    """Another open store (another ``drawpoker serve``) holds the file's lock.

    >>> issubclass(StoreBusyError, ValueError)
    True
    """


class FileLock:
    """An exclusive lock on ``PATH.lock`` beside a store's file, held until :meth:`release` (or
    the process ends: the system drops the lock of a killed process, so a crash never leaves a
    stale lock behind).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "site.db"
    >>> lock = FileLock(path)
    >>> FileLock(path)
    Traceback (most recent call last):
    ...
    drawpoker.site.store_sqlite.StoreBusyError: ... is in use by another drawpoker serve ...
    >>> lock.release(); FileLock(path).release()
    """

    def __init__(self, path: str | Path) -> None:
        self.path = f"{path}.lock"
        self.fd: int | None = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            _lock_exclusive(self.fd)
        except OSError:
            os.close(self.fd)
            self.fd = None
            raise StoreBusyError(
                f"{path} is in use by another drawpoker serve (its lock {self.path} is held); "
                "stop that server or give this one another --db"
            ) from None

    def release(self) -> None:
        """Lets another store open the file (closing the lock's descriptor drops the lock)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _lock_exclusive(fd: int) -> None:
    """Takes the lock without waiting, or raises OSError when another process holds it."""
    if sys.platform == "win32":  # pragma: no cover - the site's CI runs on Linux
        import msvcrt  # Windows only, as fcntl is POSIX only

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl  # POSIX only

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


WAL_LIMIT = 16_000
"""Pages of write-ahead log (64 MB) past which the event loop's commit checkpoints the log
itself (:meth:`SQLiteBackend.checkpoint_aside`), as SQLite's own checkpoint would at 1,000:
the thread's checkpoints could not catch up with the writes."""


class Checkpointer:
    """Checkpoints an SQLite file's write-ahead log into the file every ``every`` seconds, from
    a thread and a connection of its own (``PRAGMA wal_checkpoint(PASSIVE)``: it waits for
    nobody and nobody waits for it; the disk's syncs of a checkpoint are done there, not on
    the event loop).

    >>> import tempfile, pathlib
    >>> backend = SQLiteBackend(pathlib.Path(tempfile.mkdtemp()) / "site.db")
    >>> checkpointer = Checkpointer(backend.path, every=3600.0)
    >>> backend.transaction(lambda: backend.execute("INSERT INTO lanes VALUES (1, 1, '')"))
    <sqlite3.Cursor object at ...>
    >>> busy, log, done = checkpointer.checkpoint(); busy, log == done > 0
    (0, True)
    >>> checkpointer.stop(); backend.close()
    """

    def __init__(self, path: str, every: float = 1.0) -> None:
        self.path = path
        self.every = every
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.log_frames = 0
        """The log's length (pages) at the last checkpoint: it starts again from the top once
        a checkpoint took it all in while no write was under way."""
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="sqlite-checkpoint", daemon=True)
        self.thread.start()

    def checkpoint(self) -> tuple[int, int, int]:
        """One checkpoint: SQLite's answer (busy, frames in the log, frames checkpointed)."""
        busy, log, done = self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        self.log_frames = int(log)
        return int(busy), int(log), int(done)

    def _run(self) -> None:
        while not self.stopping.wait(self.every):
            try:
                self.checkpoint()
            except sqlite3.Error as error:  # the next one tries again (the loop's, past the limit)
                log.warning("checkpoint of %s put off: %s", self.path, error)

    def stop(self) -> None:
        """Stops the thread and closes its connection."""
        self.stopping.set()
        self.thread.join()
        self.db.close()


class SQLiteBackend:
    """The :class:`~drawpoker.site.store_backend.Backend` of an SQLite file, its lock taken
    (``":memory:"``: a database of this connection alone, and no lock)."""

    kind = "sqlite"
    pipelined = False

    def __init__(self, path: str | Path) -> None:
        self.grouping = False
        """Whether :meth:`grouped` writes are committed together, once per turn of the event
        loop (the one-process site turns it on; off, each is a transaction of its own)."""
        self.group: CommitGroup | None = None
        """The grouped writes not committed yet."""
        self.checkpointer: Checkpointer | None = None
        """The thread that checkpoints the log (:meth:`checkpoint_aside`), if any."""
        self.wal_limit = WAL_LIMIT
        self._working = 0
        self.path = str(path)
        in_memory = self.path == ":memory:" or self.path.startswith("file::memory:")
        self.lock = None if in_memory else FileLock(self.path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        migrate(self.db, self.kind)

    def checkpoint_aside(self, every: float = 1.0) -> None:
        """Checkpoints the write-ahead log from a thread (:class:`Checkpointer`) rather than in
        the commit that grows it past 1,000 pages (SQLite's default): that commit copied the
        log into the file and synced both, on the event loop, every second or so at 2,000
        paced tables (in-process: 1% of the grouped commits over 10 ms, up to 150 ms, 1.2 s of
        waiting for the disk in 30,000 actions). A commit checkpoints itself only past
        :data:`WAL_LIMIT` pages. Nothing for a database in memory.

        >>> backend = SQLiteBackend(":memory:"); backend.checkpoint_aside()
        >>> backend.checkpointer is None
        True
        """
        if self.lock is None or self.checkpointer is not None:
            return
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.execute(f"PRAGMA journal_size_limit={4096 * self.wal_limit}")  # (once reset)
        self.checkpointer = Checkpointer(self.path, every)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Runs one statement (outside a transaction's work, after the grouped writes are
        committed: what it reads is in the file)."""
        if self.group is not None and not self._working:
            self.commit_group()
        return self.db.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Runs one statement once per row."""
        if self.group is not None and not self._working:
            self.commit_group()
        self.db.executemany(sql, rows)

    def transaction(self, work: Callable[[], T]) -> T:
        """Runs ``work`` in one transaction (``BEGIN IMMEDIATE``: the write lock is taken
        first, so that a transaction never fails half way for want of it), committed before
        it returns (the grouped writes waiting are committed first)."""
        self.commit_group()
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        self._working += 1
        try:
            done = work()
        except BaseException:
            db.execute("ROLLBACK")
            raise
        finally:
            self._working -= 1
        db.execute("COMMIT")
        self._checked()
        return done

    def grouped(self, work: Callable[[], T], lost: Callable[[], None] | None = None) -> T:
        """Runs ``work`` whole or not at all (a savepoint), in the transaction of the writes
        grouped in this turn of the event loop, which is committed at the start of the next
        turn (:meth:`commit_group`, also run before any other statement or transaction), so
        that one commit serves many tables' actions. Until then nothing may tell anyone of
        the writes: :meth:`saving` is the future of their commit, which a connection waits
        for before it sends what it was given after them. ``lost`` is called if the commit
        fails (none of the group's writes is in the file then). Without :attr:`grouping`, or
        outside an event loop, a transaction of its own, committed before it returns.

        >>> import asyncio
        >>> backend = SQLiteBackend(":memory:")
        >>> backend.grouping = True
        >>> insert = "INSERT INTO lanes (lane, fence) VALUES (?, ?)"
        >>> async def two_writes():
        ...     backend.grouped(lambda: backend.execute(insert, (1, 7)))
        ...     backend.grouped(lambda: backend.execute(insert, (2, 8)))
        ...     waiting = backend.saving()
        ...     await waiting
        ...     return waiting.done(), backend.saving()
        >>> asyncio.run(two_writes())
        (True, None)
        >>> backend.execute("SELECT lane, fence FROM lanes").fetchall()
        [(1, 7), (2, 8)]
        """
        group = self.group or self._new_group()
        if group is None:
            return self.transaction(work)
        db = self.db
        if group.batch or not group.begun:
            try:
                self._begin(group)  # (the deferred statements first, in their order)
            except sqlite3.Error as error:
                self._fail_group(group, str(error))
                return self.grouped(work, lost)
        db.execute("SAVEPOINT grouped")
        self._working += 1
        try:
            done = work()
        except BaseException:
            try:
                db.execute("ROLLBACK TO grouped")
                db.execute("RELEASE grouped")
            except sqlite3.Error:  # the whole transaction was rolled back (a full disk)
                self._fail_group(group, "its transaction was rolled back")
            raise
        finally:
            self._working -= 1
        db.execute("RELEASE grouped")
        if lost is not None:
            group.lost.append(lost)
        return done

    def defer(self, batch: Batch, lost: Callable[[], None] | None = None) -> None:
        """Adds ``batch``'s statements to the writes grouped in this turn of the event loop,
        run in order when they are committed (:meth:`commit_group`): one transaction and one
        ``executemany`` per statement in a row for all the tables' writes of the turn, rather
        than a savepoint and statements per write. ``lost`` is called if the commit fails,
        which a failing statement of the batch makes it do (all the group's writes are lost
        then, not this batch's alone: :meth:`grouped` keeps the others). Without
        :attr:`grouping`, or outside an event loop, a transaction of its own, committed
        before it returns.

        >>> import asyncio
        >>> backend = SQLiteBackend(":memory:")
        >>> backend.grouping = True
        >>> batch = Batch()
        >>> batch.add("INSERT INTO lanes (lane, fence) VALUES (?, ?)", [(1, 7)])
        >>> async def deferred():
        ...     backend.defer(batch)
        ...     waiting = backend.saving()
        ...     before = backend.db.execute("SELECT count(*) FROM lanes").fetchone()
        ...     await waiting
        ...     return before, waiting.done()
        >>> asyncio.run(deferred())
        ((0,), True)
        >>> backend.execute("SELECT lane, fence FROM lanes").fetchall()
        [(1, 7)]
        """
        group = self.group or self._new_group()
        if group is None:
            self.transaction(lambda: batch.run(self))
            return
        group.batch.extend(batch)
        if lost is not None:
            group.lost.append(lost)

    def _new_group(self) -> CommitGroup | None:
        """A new group of writes, committed at the start of the next turn of the event loop;
        ``None`` without :attr:`grouping` or outside an event loop."""
        if not self.grouping:
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        group = self.group = CommitGroup(loop)
        loop.call_soon(self.commit_group)
        return group

    def _begin(self, group: CommitGroup) -> None:
        """Opens the group's transaction (once) and runs the statements deferred to it."""
        db = self.db
        if not group.begun:
            db.execute("BEGIN IMMEDIATE")
            group.begun = True
        statements = group.batch.statements
        if statements:
            group.batch = Batch()
            for sql, rows in statements:
                db.executemany(sql, rows)

    def saving(self) -> asyncio.Future[None] | None:
        """The future of the grouped writes' commit (``None`` when every write is committed).

        >>> SQLiteBackend(":memory:").saving() is None
        True
        """
        return None if self.group is None else self.group.committed

    def commit_group(self) -> None:
        """Commits the grouped writes (:meth:`grouped`, and :meth:`defer`'s, run first); when
        that fails, they are rolled back, each of their ``lost`` is called and their future
        fails, and this returns all the same (the next transaction starts afresh).

        >>> SQLiteBackend(":memory:").commit_group()  # no grouped write waits: nothing done
        """
        group = self.group
        if group is None:
            return
        try:
            if group.begun or group.batch:
                self._begin(group)
                self.db.execute("COMMIT")
        except sqlite3.Error as error:
            self._fail_group(group, str(error))
            return
        self.group = None
        if not group.committed.done():  # (a future nobody cancels: the outboxes wait on it
            group.committed.set_result(None)  # with asyncio.wait, which does not cancel it)
        self._checked()

    def _checked(self) -> None:
        """After a commit: checkpoints the log here when the thread's checkpoints let it grow
        past the limit (it starts again from the top only once a checkpoint took it all in
        while no write was under way; here none is)."""
        checkpointer = self.checkpointer
        if checkpointer is not None and checkpointer.log_frames > self.wal_limit:
            checkpointer.log_frames = 0  # (the thread's next checkpoint says it again)
            try:
                self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            except sqlite3.Error as error:
                log.warning("checkpoint of %s put off: %s", self.path, error)

    def _fail_group(self, group: CommitGroup, why: str) -> None:
        self.group = None
        if self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                log.exception("the grouped writes could not be rolled back")
        log.error("%d grouped writes were not saved: %s", len(group.lost), why)
        for lost in group.lost:
            lost()
        if not group.committed.done():
            group.committed.set_exception(GroupCommitError(f"the writes were not saved: {why}"))
            group.committed.exception()  # retrieved: a group nobody waits for logs nothing

    def close(self) -> None:
        """Commits the grouped writes, stops the checkpoint thread, closes the file and
        releases its lock."""
        self.commit_group()
        if self.checkpointer is not None:
            self.checkpointer.stop()
            self.checkpointer = None
        self.db.close()
        if self.lock is not None:
            self.lock.release()
