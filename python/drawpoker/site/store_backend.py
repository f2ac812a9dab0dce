"""What :class:`~drawpoker.site.store.Store` needs of a database (:class:`Backend`), the errors
every backend raises alike, and the schema's migrations (yoyo-migrations, run on the backend's
own DB-API connection: ``migrations/sqlite`` and ``migrations/postgresql`` beside this file).

The store's SQL is written once, with ``?`` placeholders and the syntax both SQLite and
PostgreSQL take (``INSERT ... ON CONFLICT``, ``RETURNING``); a backend translates the
placeholders when its driver wants others.

>>> issubclass(StoreUnavailableError, StaleFenceError)
False
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from drawpoker.errors import DrawPokerError

MIGRATIONS = Path(__file__).with_name("migrations")
"""The folder of the schema's migrations, one subfolder per backend kind."""

T = TypeVar("T")


class StoreUnavailableError(ConnectionError):
    """The database cannot be reached (restarted, down): nothing of the call was written, and
    the same call may be tried again once it is back. Not a :class:`DrawPokerError`: nothing
    was wrong with the call (the site answers it 503, never 400, and never sets a table aside
    for it).

    >>> str(StoreUnavailableError("PostgreSQL is unreachable"))
    'PostgreSQL is unreachable'
    """


class StaleFenceError(DrawPokerError, ValueError):
    """A write under a lane's fencing number that is no longer the lane's current one (another
    dealer took the lane): nothing of it was written.

    >>> issubclass(StaleFenceError, ValueError)
    True
    """


class Batch:
    """Statements to run in order, each with its rows (its parameters, once per run): a
    statement added right after the same one joins its rows, so that the writes of many
    tables' actions are one ``executemany`` rather than one per action.

    >>> batch = Batch()
    >>> batch.add("INSERT INTO a VALUES (?)", [(1,)])
    >>> batch.add("INSERT INTO a VALUES (?)", [(2,), (3,)])
    >>> batch.add("DELETE FROM b WHERE x = ?", [(4,)])
    >>> batch.add("INSERT INTO a VALUES (?)", [])  # no rows: nothing to run
    >>> [(sql.split()[0], rows) for sql, rows in batch.statements]
    [('INSERT', [(1,), (2,), (3,)]), ('DELETE', [(4,)])]
    """

    __slots__ = ("statements",)

    def __init__(self) -> None:
        self.statements: list[tuple[str, list[Sequence[Any]]]] = []

    def add(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Adds ``sql``, run once per row of ``rows`` (nothing when there is none)."""
        statements = self.statements
        if statements and statements[-1][0] == sql:
            statements[-1][1].extend(rows)
            return
        listed = list(rows)
        if listed:
            statements.append((sql, listed))

    def extend(self, other: Batch) -> None:
        """Adds ``other``'s statements after these, in their order.

        >>> first, second = Batch(), Batch()
        >>> first.add("S", [(1,)]); second.add("S", [(2,)]); second.add("T", [(3,)])
        >>> first.extend(second); first.statements
        [('S', [(1,), (2,)]), ('T', [(3,)])]
        """
        for sql, rows in other.statements:
            self.add(sql, rows)

    def run(self, backend: Backend) -> None:
        """Runs the statements on ``backend``, in order (inside its transaction's work): a
        statement of one row by ``execute``, of several by ``executemany``."""
        for sql, rows in self.statements:
            if len(rows) == 1:
                backend.execute(sql, rows[0])
            else:
                backend.executemany(sql, rows)

    def __bool__(self) -> bool:
        """Whether there is a statement to run."""
        return bool(self.statements)


class Rows(Protocol):
    """A DB-API cursor as the store reads it."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Backend(Protocol):
    """A database connection of one kind (``sqlite`` or ``postgresql``): statements run on their
    own, or together in :meth:`transaction`."""

    kind: str
    pipelined: bool
    """Whether a transaction's statements are sent together, their results read at its end
    (PostgreSQL: one round trip): a check inside one then fails by an error of its statement,
    not by what it read (:meth:`~drawpoker.site.store.Store._check_fence`)."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        """Runs one statement (``?`` placeholders) and returns its cursor."""
        ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Runs one statement once per row."""
        ...

    def transaction(self, work: Callable[[], T]) -> T:
        """Runs ``work`` (which calls :meth:`execute`) in one transaction: committed whole, or
        rolled back when it raises."""
        ...

    def close(self) -> None:
        """Closes the connection."""
        ...


def migrate(connection: Any, kind: str) -> None:
    """Brings the schema of ``connection`` (a DB-API connection of ``kind``) to the newest
    version with yoyo-migrations, each step applied once and recorded in the database.

    >>> import sqlite3
    >>> db = sqlite3.connect(":memory:", isolation_level=None)
    >>> migrate(db, "sqlite"); migrate(db, "sqlite")
    >>> db.execute("SELECT count(*) FROM _yoyo_migration").fetchone()
    (4,)
    """
    from yoyo.backends.core.postgresql import PostgresqlPsycopgBackend
    from yoyo.backends.core.sqlite3 import SQLiteBackend
    from yoyo.connections import parse_uri

    base = SQLiteBackend if kind == "sqlite" else PostgresqlPsycopgBackend

    class OnConnection(base):  # type: ignore[misc, valid-type]
        """yoyo's backend on the store's connection rather than one of its own (an SQLite
        memory database is per connection)."""

        def connect(self, dburi: Any) -> Any:
            return _KeptOpen(connection)

    backend = OnConnection(parse_uri(f"{kind}:///store"), "_yoyo_migration")
    backend.init_database()
    migrations = _migrations(kind)
    with backend.lock():
        backend.apply_migrations(backend.to_apply(migrations))


@functools.cache
def _migrations(kind: str) -> Any:
    """The migrations of ``kind``, read and parsed once per process (parsing is most of the
    time a store takes to open)."""
    from yoyo import read_migrations

    migrations = read_migrations(str(MIGRATIONS / kind))
    for migration in migrations:
        migration.load()
    return migrations


class _KeptOpen:
    """A connection lent to yoyo, which closes the connection of each step when it is done:
    the store closes its connection itself."""

    def __init__(self, connection: Any) -> None:
        object.__setattr__(self, "_connection", connection)

    def close(self) -> None:
        """Keeps the connection open."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self._connection, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._connection, name, value)
