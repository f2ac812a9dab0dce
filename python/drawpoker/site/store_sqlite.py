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

import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from drawpoker.errors import InvalidArgumentError
from drawpoker.site.store_backend import migrate

T = TypeVar("T")


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


class SQLiteBackend:
    """The :class:`~drawpoker.site.store_backend.Backend` of an SQLite file, its lock taken
    (``":memory:"``: a database of this connection alone, and no lock)."""

    kind = "sqlite"
    pipelined = False

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        in_memory = self.path == ":memory:" or self.path.startswith("file::memory:")
        self.lock = None if in_memory else FileLock(self.path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        migrate(self.db, self.kind)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Runs one statement."""
        return self.db.execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Runs one statement once per row."""
        self.db.executemany(sql, rows)

    def transaction(self, work: Callable[[], T]) -> T:
        """Runs ``work`` in one transaction (``BEGIN IMMEDIATE``: the write lock is taken
        first, so that a transaction never fails half way for want of it)."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            done = work()
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return done

    def close(self) -> None:
        """Closes the file and releases its lock."""
        self.db.close()
        if self.lock is not None:
            self.lock.release()
