"""The store in PostgreSQL (``drawpoker serve --store postgresql://...``), through psycopg 3.

The connection is in autocommit mode: a statement alone is its own transaction, and
:meth:`PostgresBackend.transaction` runs several in one. When the server cannot be reached
(restarted, down) a call raises :class:`~drawpoker.site.store_backend.StoreUnavailableError`
and writes nothing (a transaction cut off is rolled back by the server); the next call
connects again, and a call that finds its idle connection dropped by a restart since its last
use sends its first statement again on a new one. The dealers of a cluster share one database,
and their fencing numbers (:meth:`~drawpoker.site.store.Store.take_lane`) keep two of them from
writing one table; a one-process server (``--role all``), which has no fence, holds the
database alone, as it holds an SQLite file alone (:data:`SITE_LOCK`).

>>> placeholders("SELECT a FROM t WHERE b = ? AND c = ?")
'SELECT a FROM t WHERE b = %s AND c = %s'
>>> is_postgres_url("postgresql://app@db/site"), is_postgres_url("site.db")
(True, False)
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from drawpoker.errors import InvalidArgumentError
from drawpoker.site.services import one_line, shown_url
from drawpoker.site.store_backend import StaleFenceError, StoreUnavailableError, migrate

T = TypeVar("T")

SCHEMES = ("postgresql://", "postgres://")
"""The URL schemes of a PostgreSQL store."""


BUSY = 1.0
"""Seconds since a connection's last answer within which a transaction's ``BEGIN`` goes in the
same round trip as its statements (a busy dealer's saves): a server restarted in that time
refuses that one transaction (:class:`StoreUnavailableError`, nothing written), as one lost
in the middle of it is. A connection idle for longer sends its ``BEGIN`` alone first, sent
again on a new connection when the server dropped the idle one."""


def is_postgres_url(where: object) -> bool:
    """Whether ``where`` names a PostgreSQL database rather than an SQLite file."""
    return isinstance(where, str) and where.startswith(SCHEMES)


@functools.lru_cache(maxsize=256)
def placeholders(sql: str) -> str:
    """The store's SQL with psycopg's ``%s`` placeholders for its ``?`` ones (the store's SQL
    has no other ``?`` nor ``%``)."""
    return sql.replace("?", "%s")


INT8_OID = 20
"""PostgreSQL's type number of ``bigint``: a prepared statement's integer parameters."""


def numbered(sql: str) -> str:
    """The store's SQL with libpq's numbered placeholders for its ``?`` ones.

    >>> numbered("UPDATE lanes SET inbox = ? WHERE lane = ? AND fence = ?")
    'UPDATE lanes SET inbox = $1 WHERE lane = $2 AND fence = $3'
    """
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))


def _connection_lost(error: Exception) -> StoreUnavailableError:
    return StoreUnavailableError(
        f"the PostgreSQL store is unavailable ({one_line(error)}); nothing was written: try again"
    )


def refuse_unless_utf8(connection: Any, shown: str) -> None:
    """:class:`~drawpoker.errors.InvalidArgumentError` unless the database of ``connection``
    (``shown`` in messages) is encoded in UTF-8: names and messages in any language are kept
    there, and in an ``SQL_ASCII`` database psycopg passes text as bytes (yoyo's first query
    then fails with "operator does not exist: ... = bytea").

    >>> class Answer:
    ...     def __init__(self, encoding): self.encoding = encoding
    ...     def execute(self, sql): return self
    ...     def fetchone(self): return (self.encoding,)
    >>> refuse_unless_utf8(Answer("UTF8"), "postgresql://site")
    >>> refuse_unless_utf8(Answer(b"SQL_ASCII"), "postgresql://site")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: the PostgreSQL database ... in SQL_ASCII, not UTF8: ...
    """
    (encoding,) = connection.execute("SHOW server_encoding").fetchone()
    if isinstance(encoding, bytes):  # an SQL_ASCII database's text comes as bytes
        encoding = encoding.decode("ascii", "replace")
    if encoding.upper() not in ("UTF8", "UTF-8"):
        raise InvalidArgumentError(
            f"the PostgreSQL database {shown} is encoded in {encoding}, not UTF8: create it "
            "with createdb -E UTF8 -T template0 (or CREATE DATABASE ... ENCODING 'UTF8' "
            "TEMPLATE template0)"
        )


SITE_LOCK = 0x64_72_61_77_70_6F_6B_72  # "drawpokr"
"""The key of the PostgreSQL advisory lock a server takes on its store's database, on the
connection it writes through, for as long as that connection lasts (taken again on each new
one): a one-process server (``--role all``) takes it alone (``exclusive``), each dealer shares
it (``shared``). So a one-process server is refused a database another server or a dealer
uses, and a dealer one a one-process server uses: two servers without a common fence would deal
the same tables apart. A process killed loses its connection, and the server frees the lock."""


CONNECTION_DEFAULTS = {
    "connect_timeout": "5",
    "keepalives": "1",
    "keepalives_idle": "10",
    "keepalives_interval": "5",
    "keepalives_count": "3",
    "tcp_user_timeout": "10000",
}
"""The libpq parameters of a store's connection where its URL names none of its own: a server
that accepts the connection and says nothing (stopped, swamped), or a host that is gone (its
packets dropped), is given up on within seconds, where libpq waits for ever to connect and the
kernel retries unanswered packets for about 15 minutes (the calls block the server's loop
meanwhile). Seconds to connect; an idle connection probed after 10 s, every 5 s, dropped after
3 probes unanswered; data sent and not acknowledged for 10,000 ms drops it (Linux). A unix
socket takes none of the TCP ones."""

SESSION_TIMEOUTS = {
    "statement_timeout": "5s",
    "idle_in_transaction_session_timeout": "10s",
}
"""PostgreSQL settings of a store's session where its URL's ``options`` names none of its own:
a statement that waits longer than 5 s (on a lock another session holds, on a swamped server)
is cancelled by the server, which the store refuses as unavailable (nothing written) rather
than blocking the server's loop for as long as the lock is held; and a session that leaves a
transaction open for 10 s (its process frozen mid-save) is ended by the server, its row locks
freed for the dealer that took its lanes. Both are kept by the server, so a server that stops
answering altogether is not caught by them. The migrations at start run without either: one
may take longer on a large database, or wait for another server's migrations."""

CONNECT_PAUSE = 10.0
"""Seconds after a connection attempt that timed out during which a call fails at once rather
than trying again: each try blocks the server's loop for the timeout, and its tables retry
every half second (a refused connection, PostgreSQL restarting, is tried again at once)."""

SLOW_CONNECT = 1.0
"""Seconds after which a failed connection attempt counts as timed out (:data:`CONNECT_PAUSE`)."""


def with_connection_defaults(url: str) -> str:
    """``url`` as libpq connection settings, with the :data:`CONNECTION_DEFAULTS` that neither
    it nor libpq's environment (``PGCONNECT_TIMEOUT``, ``PGOPTIONS``) sets (theirs kept: a
    setting written into the URL would otherwise hide the environment's).

    >>> settings = with_connection_defaults("postgresql://app@db/site?connect_timeout=3")
    >>> "connect_timeout=3" in settings, "tcp_user_timeout=10000" in settings
    (True, True)

    The :data:`SESSION_TIMEOUTS` join the URL's own ``options``, unless they name them:

    >>> from psycopg.conninfo import conninfo_to_dict
    >>> url = "postgresql://db/site?options=-c%20statement_timeout%3D1s"
    >>> conninfo_to_dict(with_connection_defaults(url))["options"]
    '-c statement_timeout=1s -c idle_in_transaction_session_timeout=10s'
    """
    from psycopg import pq
    from psycopg.conninfo import conninfo_to_dict, make_conninfo

    environment = {
        option.keyword.decode(): option.val.decode()
        for option in pq.Conninfo.get_defaults()
        if option.envvar and option.val
    }
    given = {**environment, **conninfo_to_dict(url)}
    missing = {name: value for name, value in CONNECTION_DEFAULTS.items() if name not in given}
    options = str(given.get("options") or "")
    settings = [
        f"-c {name}={value}" for name, value in SESSION_TIMEOUTS.items() if name not in options
    ]
    if settings:
        missing["options"] = " ".join([options, *settings]).strip()
    return make_conninfo(url, **missing)


HEALTH_TIMEOUT = 2
"""Seconds :func:`answers` waits for PostgreSQL to accept a connection (libpq's least)."""


def answers(url: str, timeout: int = HEALTH_TIMEOUT) -> bool:
    """Whether the PostgreSQL database of ``url`` answers ``SELECT 1`` on a new connection
    within ``timeout`` seconds (``/health``'s question: a new connection, so that a restart
    the server's own connection has not noticed yet is seen, and that connection is left to
    the tables).

    >>> answers("postgresql://127.0.0.1:1/nowhere")
    False
    """
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=timeout, autocommit=True) as connection:
            return bool(connection.execute("SELECT 1").fetchone())
    except psycopg.Error:
        return False


class DatabaseInUseError(StoreUnavailableError):
    """The database's :data:`SITE_LOCK` is held by a server this one may not share it with."""


LOCK_FUNCTIONS = {"exclusive": "pg_try_advisory_lock", "shared": "pg_try_advisory_lock_shared"}
"""How each way of holding :data:`SITE_LOCK` is taken (without waiting)."""


class PostgresBackend:
    """The :class:`~drawpoker.site.store_backend.Backend` of a PostgreSQL database; with
    ``site_lock`` (``"exclusive"`` or ``"shared"``) holding :data:`SITE_LOCK` that way."""

    kind = "postgresql"
    pipelined = True

    def __init__(self, url: str, site_lock: str | None = None) -> None:
        try:
            import psycopg
        except ImportError as error:
            raise InvalidArgumentError(
                f'a PostgreSQL store needs psycopg: pip install "drawpoker[cluster]" ({error})'
            ) from None
        self.psycopg = psycopg
        self.url = url
        self.site_lock = site_lock
        self.connection: Any = None
        self.in_transaction = False
        self.answered_at = float("-inf")
        """When the connection last answered (monotonic seconds)."""
        self.prepared: dict[str, bytes] = {}
        """The statements prepared on the connection (:meth:`_run_prepared`), by SQL."""
        self.retry_at = float("-inf")
        """Before this time (monotonic seconds) no connection is tried (:data:`CONNECT_PAUSE`)."""
        try:
            with self._guarded():
                connection = self._connected()
                refuse_unless_utf8(connection, shown_url(url))
                for name in SESSION_TIMEOUTS:
                    connection.execute(f"SET {name} = 0")
                migrate(connection, self.kind)
                for name in SESSION_TIMEOUTS:
                    connection.execute(f"RESET {name}")
        except DatabaseInUseError:
            raise
        except StoreUnavailableError as error:  # said as what to mend, not "try again"
            cause = error.__context__ or error
            raise StoreUnavailableError(
                f"cannot connect to the PostgreSQL database {shown_url(url)}: "
                f"{one_line(cause, url)}"
            ) from None
        except psycopg.Error as error:
            why = (
                "cannot be used"  # not connected: a URL libpq cannot read, say
                if self.connection is None
                else "cannot be set up (its role needs the right to create tables in it)"
            )
            raise InvalidArgumentError(
                f"the PostgreSQL database {shown_url(url)} {why}: {one_line(error, url)}"
            ) from None

    def _connected(self) -> Any:
        if self.connection is None or self.connection.closed:
            started = time.monotonic()
            if started < self.retry_at:
                raise self.psycopg.OperationalError(
                    f"a connection timed out less than {CONNECT_PAUSE:g} s ago; "
                    f"tried again in {self.retry_at - started:.0f} s"
                )
            try:
                connection = self.psycopg.connect(
                    with_connection_defaults(self.url), autocommit=True
                )
            except self.psycopg.OperationalError:
                if time.monotonic() - started >= SLOW_CONNECT:
                    self.retry_at = time.monotonic() + CONNECT_PAUSE
                raise
            if self.site_lock is not None:
                self._lock(connection)
            self.connection = connection
            self.prepared = {}
        return self.connection

    def _lock(self, connection: Any) -> None:
        """Takes :data:`SITE_LOCK` on a new ``connection``, else closes it and refuses: at
        start the server is not started; later (a restart of PostgreSQL freed the lock and
        another server took it) nothing is written by this one."""
        function = LOCK_FUNCTIONS[self.site_lock or ""]
        if connection.execute(f"SELECT {function}(%s)", (SITE_LOCK,)).fetchone()[0]:
            return
        connection.close()
        holder = (
            "another server (a drawpoker serve, or the dealers of a cluster)"
            if self.site_lock == "exclusive"
            else "a one-process drawpoker serve (--role all)"
        )
        raise DatabaseInUseError(
            f"{holder} uses the PostgreSQL database {shown_url(self.url)}: two servers "
            "without a common fence would deal the same tables apart; stop it first"
        )

    @contextmanager
    def _guarded(self) -> Iterator[None]:
        """Turns a lost connection into :class:`StoreUnavailableError` (and drops it: the next
        call connects again)."""
        try:
            yield
        except (self.psycopg.OperationalError, self.psycopg.InterfaceError) as error:
            if self.connection is not None:
                self.connection.close()
                self.connection = None
            raise _connection_lost(error) from None

    def _first(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """A statement that starts a call (a ``BEGIN``, or a read outside a transaction), run
        by :meth:`_again_if_dropped` (running it twice changes nothing)."""
        return self._again_if_dropped(lambda connection: connection.execute(sql, params))

    def _again_if_dropped(self, run: Callable[[Any], T]) -> T:
        """``run`` on the connection; on a connection the server dropped while it sat idle (a
        restart), once more on a new one (not after a statement the server cancelled). ``run``
        must have the same effect when run twice. When no connection can be made, psycopg's
        error goes up (:meth:`_guarded` makes it a
        :class:`~drawpoker.site.store_backend.StoreUnavailableError`)."""
        connection = self._connected()
        try:
            found = run(connection)
        except (self.psycopg.OperationalError, self.psycopg.InterfaceError):
            if not connection.closed:  # cancelled (SESSION_TIMEOUTS): the same wait again
                raise
            connection.close()
            self.connection = None
            found = run(self._connected())
        self.answered_at = time.monotonic()
        return found

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Runs one statement."""
        with self._guarded():
            if not self.in_transaction and sql.lstrip().upper().startswith("SELECT"):
                return self._first(placeholders(sql), params)
            return self._connected().execute(placeholders(sql), params)

    def write_once(self, sql: str, params: Sequence[Any]) -> None:
        """Runs one statement that writes (its own transaction: whole or not at all) and that
        may run twice with the same effect as once: sent again, once, on a new connection when
        the one it went out on was lost. A division by zero is the failed fence check of
        :func:`~drawpoker.site.store.fenced_actions_sql`: :class:`StaleFenceError`. It is a
        dealer's commonest write, so it is a prepared statement run through libpq itself
        (psycopg's ``pq`` layer, :meth:`_run_prepared`): a fraction of the CPU of psycopg's
        ``execute``, whose cursor, adapters and prepare manager this statement needs none of."""
        if any(type(value) not in (str, int, type(None)) for value in params):
            raise TypeError(f"a prepared statement takes text, integers and None: {params!r}")
        with self._guarded():
            try:
                self._again_if_dropped(
                    lambda connection: self._run_prepared(connection, sql, params)
                )
            except self.psycopg.errors.DivisionByZero:
                raise StaleFenceError(
                    "a lane's fencing number is not its current one: nothing was written"
                ) from None

    def _run_prepared(self, connection: Any, sql: str, params: Sequence[Any]) -> None:
        """Runs ``sql`` (the store's ``?`` placeholders) with ``params`` (text, integers or
        ``None``) on ``connection`` as a statement prepared there, prepared first if it is not
        yet (the types of its integers said then, the rest left to PostgreSQL); an error is
        raised as psycopg raises it (its class by SQLSTATE)."""
        pgconn = connection.pgconn
        name = self.prepared.get(sql)
        if name is None:
            name = f"drawpoker_{len(self.prepared)}".encode()
            types = [INT8_OID if type(value) is int else 0 for value in params]
            self._checked(pgconn, pgconn.prepare(name, numbered(sql).encode(), types))
            self.prepared[sql] = name
        values = [None if value is None else str(value).encode() for value in params]
        self._checked(pgconn, pgconn.exec_prepared(name, values))

    def _checked(self, pgconn: Any, result: Any) -> None:
        """Raises the error of a libpq ``result`` of ``pgconn`` as psycopg would: a lost
        connection as ``OperationalError``, a statement's error as the class of its SQLSTATE."""
        pq = self.psycopg.pq
        if result.status in (pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK):
            return
        message = (result.error_message or b"").decode("utf-8", "replace").strip()
        state = result.error_field(pq.DiagnosticField.SQLSTATE)
        if state is None or pgconn.status != pq.ConnStatus.OK:
            raise self.psycopg.OperationalError(message or "the connection was lost")
        raise self.psycopg.errors.lookup(state.decode())(message)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Runs one statement once per row."""
        if rows:
            with self._guarded(), self._connected().cursor() as cursor:
                cursor.executemany(placeholders(sql), rows)

    def transaction(self, work: Callable[[], T]) -> T:
        """Runs ``work`` in one transaction: committed whole, or rolled back. ``work``'s
        statements and the ``COMMIT`` go in pipeline mode, together in one round trip where
        ``work`` reads nothing, after the ``BEGIN``: in the same round trip on a connection
        that answered within :data:`BUSY` seconds, else sent alone first (on a connection
        dropped while idle it is sent again on a new one). The first that fails skips the
        rest, the ``COMMIT`` included, and the transaction is rolled back. A division by zero
        is the failed fence check of :data:`~drawpoker.site.store.FENCE_CHECK` (the store's
        SQL divides nowhere else): :class:`StaleFenceError`."""
        with self._guarded():
            busy = self.connection is not None and time.monotonic() - self.answered_at < BUSY
            if not busy:
                self._first("BEGIN")
            self.in_transaction = True
            try:
                with self.connection.pipeline():
                    if busy:
                        self.connection.execute("BEGIN")
                    done = work()
                    self.connection.execute("COMMIT")
                self.answered_at = time.monotonic()
            except BaseException as error:
                # A lost connection rolled back by itself, and the statement that found it
                # lost dropped it already (``_guarded``): there is nothing to roll back then.
                if self.connection is not None:
                    with contextlib.suppress(self.psycopg.Error):
                        self.connection.execute("ROLLBACK")
                if isinstance(error, self.psycopg.errors.DivisionByZero):
                    raise StaleFenceError(
                        "a lane's fencing number is not its current one: nothing was written"
                    ) from None
                raise
            finally:
                self.in_transaction = False
            return done

    def close(self) -> None:
        """Closes the connection, :data:`SITE_LOCK` given back first: PostgreSQL frees a
        closed session's locks only once its server process has seen the close, and a server
        started again at once was refused the database meanwhile."""
        if self.connection is not None:
            if self.site_lock is not None and not self.connection.closed:
                with contextlib.suppress(self.psycopg.Error):  # a lost connection holds nothing
                    self.connection.execute("SELECT pg_advisory_unlock_all()")
            self.connection.close()
            self.connection = None
