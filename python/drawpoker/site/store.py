"""Tables, seats, CPU players, hands, actions, devices and ratings, written as they happen, so
that a server killed at any moment resumes every table where it was: in an SQLite file (the
default, :mod:`~drawpoker.site.store_sqlite`) or in PostgreSQL
(:mod:`~drawpoker.site.store_postgres`), with the same SQL (:mod:`~drawpoker.site.store_backend`).

A table is saved in parts that together make its snapshot (:meth:`Table.to_dict`): a header
(game, settings, seed, stacks, button, round, ...), one row per CPU player (the table's own CPU
players and the stand-ins of seats whose player is away), one row per hand (written when the
hand is dealt, as its deal alone, :meth:`Hand.deal_dict`, and again, whole, when it ends: a
finished hand's row never changes again) and, for the hand being played, one row per action.
After each action one transaction writes what changed: the action, the header, and when a hand
ends, that hand whole, the next one's deal and the CPU players' states (a CPU player resumed
after a crash decides afresh from its state at the start of the hand: no chip or card depends
on it). Loading replays the hand being played from its deal and its actions
(:meth:`Hand.replay`), reassembles the snapshot (:mod:`~drawpoker.site.store_parts`) and
hands it to :meth:`Table.from_dict`, which replays every hand again and checks that every
saved field matches: a damaged row is refused, not half read. The store is used from the
server's event loop only.

A dealer holding a lane (a share of the tables) writes under the lane's fencing number
(:meth:`Store.take_lane`, ``save(..., fence=...)``): a write under a number that is no longer
the lane's is refused (:class:`StaleFenceError`) in the transaction that would have written it.

>>> store = Store(":memory:")
>>> store.backend.kind
'sqlite'
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from drawpoker.bots import saved_bot
from drawpoker.site.ratings import Rating
from drawpoker.site.store_backend import Backend, Batch, StaleFenceError, StoreUnavailableError
from drawpoker.site.store_parts import (
    ROLES,
    GameResult,
    SavedTable,
    SeatRecord,
    SeatResult,
    assemble,
    check_seats,
    compact_json,
    played,
    table_header,
)
from drawpoker.site.store_postgres import PostgresBackend, is_postgres_url
from drawpoker.site.store_sqlite import FileLock, SQLiteBackend, StoreBusyError
from drawpoker.table import Table

__all__ = [
    "FileLock",
    "GameResult",
    "SavedTable",
    "SeatRecord",
    "SeatResult",
    "StaleFenceError",
    "Store",
    "StoreBusyError",
    "StoreUnavailableError",
    "assemble",
    "played",
    "table_header",
]


def upsert(table: str, columns: str, key: str, *, rows: str = "") -> str:
    """An insert that replaces the row of the same ``key`` (SQL that SQLite and PostgreSQL
    both take); with ``rows``, of the rows that query gives rather than of one row of
    parameters.

    >>> upsert("lanes", "lane, fence", "lane")  # doctest: +NORMALIZE_WHITESPACE
    'INSERT INTO lanes (lane, fence) VALUES (?, ?)
     ON CONFLICT (lane) DO UPDATE SET fence = excluded.fence'
    """
    names = [name.strip() for name in columns.split(",")]
    keys = {name.strip() for name in key.split(",")}
    rows = rows or f"VALUES ({marks(len(names))})"
    updates = ", ".join(f"{name} = excluded.{name}" for name in names if name not in keys)
    return f"INSERT INTO {table} ({columns}) {rows} ON CONFLICT ({key}) DO UPDATE SET {updates}"


def marks(count: int) -> str:
    """``count`` parameters' places, comma-separated.

    >>> marks(3)
    '?, ?, ?'
    """
    return ", ".join("?" * count)


RESULT_ROW = upsert(
    "results", "table_id, seat, place, score, rating_before, rating_after", "table_id, seat"
)
RATING_ROW = upsert("ratings", "game, device, mu, sigma, games", "game, device")
PLAYER_ROW = upsert("players", "table_id, role, seat, data", "table_id, role, seat")
HAND_ROW = upsert("hands", "table_id, number, finished, data", "table_id, number")
ACTION_COLUMNS, ACTION_KEY = "table_id, hand, number, data", "table_id, hand, number"
ACTION_ROW = upsert("actions", ACTION_COLUMNS, ACTION_KEY)
ACTIONS_GONE = "DELETE FROM actions WHERE table_id = ? AND hand = ?"


LANE_HELD = "UPDATE lanes SET inbox = COALESCE(?, inbox) WHERE lane = ? AND fence = ?"
"""The fence check's update: the lane's row, its inbox position recorded, only under the
dealer's fencing number (parameters: the position or ``None``, the lane, the number)."""

FENCE_CHECK = f"WITH held AS ({LANE_HELD} RETURNING 1) SELECT 1 / count(*) FROM held"
"""The fence check of a pipelined backend (PostgreSQL): the lane's row updated (its inbox
position recorded, the row locked until the transaction ends) only under the dealer's fencing
number, and a division by zero, which fails the transaction, when it was not (the backend
raises :class:`StaleFenceError` for it). Its result need not be read before the other
statements are sent."""


@functools.lru_cache(maxsize=64)
def fenced_actions_sql(rows: int) -> str:
    """One PostgreSQL statement that checks a fence as :data:`FENCE_CHECK` does and writes
    ``rows`` action rows (:data:`ACTION_ROW`'s) only when it held: a save of the actions of
    a hand being played, the commonest save of a dealer, in one round trip
    (:meth:`~drawpoker.site.store_postgres.PostgresBackend.write_once`). Its parameters are
    the fence check's, then each row's. The statement is atomic, writes nothing when the
    division fails, and has the same effect when run twice.

    >>> print(fenced_actions_sql(2))  # doctest: +NORMALIZE_WHITESPACE
    WITH held AS (UPDATE lanes SET inbox = COALESCE(?, inbox) WHERE lane = ? AND fence = ?
    RETURNING 1), saved AS (INSERT INTO actions (table_id, hand, number, data)
    SELECT given.* FROM (VALUES (?, ?, ?, ?), (?, ?, ?, ?)) AS given, held
    ON CONFLICT (table_id, hand, number) DO UPDATE SET data = excluded.data RETURNING 1)
    SELECT 1 / count(*) FROM held
    """
    values = ", ".join([f"({marks(4)})"] * rows)
    given = f"SELECT given.* FROM (VALUES {values}) AS given, held"
    saved = upsert("actions", ACTION_COLUMNS, ACTION_KEY, rows=given)
    return (
        f"WITH held AS ({LANE_HELD} RETURNING 1), saved AS ({saved} RETURNING 1) "
        "SELECT 1 / count(*) FROM held"
    )


def _actions_only(batch: Batch) -> bool:
    """Whether ``batch`` writes action rows and nothing else."""
    return len(batch.statements) == 1 and batch.statements[0][0] == ACTION_ROW


class Store:
    """The server's store: in the SQLite file ``where`` (``":memory:"`` keeps it in memory,
    for tests), in the PostgreSQL database of a ``postgresql://`` URL, or on a given backend.

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> store = Store(":memory:")
    >>> table = Table(game("holdem"), 2, seed=4)
    >>> store.create("t1", 0.0, {"game": "holdem"}, "waiting", [SeatRecord(None, "A", None)] * 2,
    ...              table)
    >>> [t.id for t in store.load()], store.load()[0].snapshot == table.to_dict()
    (['t1'], True)
    """

    def __init__(self, where: str | Path | Backend) -> None:
        if isinstance(where, (str, Path)):
            postgres = is_postgres_url(str(where))
            where = PostgresBackend(str(where)) if postgres else SQLiteBackend(where)
        self.backend: Backend = where
        self.inbox_positions: dict[int, str] = {}
        """By lane, the inbox request whose changes this process writes (a dealer's): recorded
        with each fenced write, in its transaction (:meth:`inbox_position`)."""

    def close(self) -> None:
        """Closes the database (and releases an SQLite file's lock).

        >>> Store(":memory:").close()
        """
        self.backend.close()

    def create(
        self,
        table_id: str,
        created: float,
        request: dict[str, Any],
        status: str,
        seats: list[SeatRecord],
        table: Table,
        fence: tuple[int, int] | None = None,
    ) -> None:
        """Saves a new table whole: its row, its seats, its CPU players and its first hand;
        with ``fence``, only under the lane's current number, as :meth:`save`.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.backend.execute("SELECT count(*) FROM hands").fetchone()
        (1,)
        """

        def work() -> None:
            self._check_fence(fence)
            self.backend.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?)",
                (
                    table_id,
                    created,
                    compact_json(request),
                    status,
                    compact_json(table_header(table)),
                ),
            )
            batch = Batch()
            batch.add(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(table_id, s, r.cpu, r.name, r.token_hash) for s, r in enumerate(seats)],
            )
            self._player_rows(batch, table_id, table, [("cpu", s) for s in table.cpu])
            self._player_rows(batch, table_id, table, [("away", s) for s in table.away])
            self._hand_rows(batch, table_id, table, (0, 0), new_first=True)
            batch.run(self.backend)

        self._fenced(work, fence)

    def claim(
        self,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        device: int | None = None,
        fence: tuple[int, int] | None = None,
    ) -> None:
        """Gives the seat to a person: their name, their token's hash and their device's id.
        With ``fence``, only under the lane's current number, as :meth:`save`.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [SeatRecord(None, "Open", None)] * 2,
        ...              Table(game("holdem"), 2))
        >>> store.claim("t", 1, "Ann", "ab12"); store.load()[0].seats[1].name
        'Ann'
        """

        def work() -> None:
            self._check_fence(fence)
            self.backend.execute(
                "UPDATE seats SET name = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                (name, token_hash, table_id, seat),
            )
            if device is not None:
                self.backend.execute(
                    "INSERT INTO seat_devices VALUES (?, ?, ?)", (table_id, seat, device)
                )

        self._fenced(work, fence)

    def retoken(
        self, table_id: str, seat: int, token_hash: str, fence: tuple[int, int] | None = None
    ) -> None:
        """Replaces a seat's token (its device took it back: the old token stops working).
        With ``fence``, only under the lane's current number, as :meth:`save`.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [SeatRecord(None, "Ann", "ab")],
        ...              Table(game("holdem"), 2))
        >>> store.retoken("t", 0, "cd"); store.load()[0].seats[0].token_hash
        'cd'
        """

        def work() -> None:
            self._check_fence(fence)
            self.backend.execute(
                "UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ?",
                (token_hash, table_id, seat),
            )

        self._fenced(work, fence)

    # ------------------------------------------------------------------ devices and ratings

    def add_device(self, key_hash: str, nickname: str, created: float) -> int:
        """Saves a new device (its key's hash and nickname); its id.

        >>> store = Store(":memory:")
        >>> store.add_device("ab", "Ann", 0.0), store.device("ab"), store.device("cd")
        (1, (1, 'Ann'), None)
        """
        (device,) = self.backend.transaction(
            lambda: self.backend.execute(
                "INSERT INTO devices (key_hash, nickname, created) VALUES (?, ?, ?) RETURNING id",
                (key_hash, nickname, created),
            ).fetchone()
        )
        return int(device)

    def device(self, key_hash: str) -> tuple[int, str] | None:
        """The id and nickname of the device whose key has this hash, or ``None``."""
        row = self.backend.execute(
            "SELECT id, nickname FROM devices WHERE key_hash = ?", (key_hash,)
        ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def device_table_count(self, device: int) -> int:
        """How many tables the device took a seat at.

        >>> Store(":memory:").device_table_count(1)
        0
        """
        row = self.backend.execute(
            "SELECT count(DISTINCT table_id) FROM seat_devices WHERE device = ?", (device,)
        ).fetchone()
        return int(row[0])

    def ratings(self, game: str, devices: Iterable[int]) -> dict[int, Rating]:
        """The saved ratings in ``game`` of those of ``devices`` that have one.

        >>> Store(":memory:").ratings("holdem", [1, 2])
        {}
        """
        wanted = sorted(set(devices))
        if not wanted:
            return {}
        rows = self.backend.execute(
            "SELECT device, mu, sigma, games FROM ratings WHERE game = ? "
            f"AND device IN ({marks(len(wanted))})",
            (game, *wanted),
        )
        return {device: Rating(mu, sigma, games) for device, mu, sigma, games in rows}

    def results(self, table_id: str) -> list[SeatResult]:
        """The seats' results of a finished table (none before it is over).

        >>> Store(":memory:").results("t")
        []
        """
        rows = self.backend.execute(
            "SELECT seat, place, score, rating_before, rating_after FROM results "
            "WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [SeatResult(*row) for row in rows]

    def leaderboard(
        self, game: str, offset: int, limit: int, device: int | None = None
    ) -> tuple[int, list[dict[str, Any]]]:
        """The rated devices of ``game``, best shown rating first: the count of them all, and
        the page of ``limit`` from ``offset`` (place, nickname, rating, mu, sigma, games, and
        ``you``: whether the row is ``device``'s, the asking device, which two players of one
        nickname cannot tell apart otherwise).

        >>> Store(":memory:").leaderboard("holdem", 0, 10)
        (0, [])
        """
        (total,) = self.backend.execute(
            "SELECT count(*) FROM ratings WHERE game = ?", (game,)
        ).fetchone()
        rows = self.backend.execute(
            "SELECT nickname, mu, sigma, games, device FROM ratings JOIN devices "
            "ON devices.id = device "
            "WHERE game = ? ORDER BY mu - 3 * sigma DESC, device LIMIT ? OFFSET ?",
            (game, limit, offset),
        ).fetchall()
        page = [
            {
                "place": offset + index + 1,
                "nickname": nickname,
                "rating": Rating(mu, sigma).shown,
                "mu": mu,
                "sigma": sigma,
                "games": games,
                "you": rated == device,
            }
            for index, (nickname, mu, sigma, games, rated) in enumerate(rows)
        ]
        return int(total), page

    def device_games(
        self, device: int, offset: int, limit: int
    ) -> tuple[int, list[dict[str, Any]]]:
        """The tables the device took a seat at, newest first: the count of them all, and the
        page of ``limit`` from ``offset``, each with its game, status, and per seat of the
        device the place, score (chips or points) and rating before and after (once over).

        >>> Store(":memory:").device_games(1, 0, 10)
        (0, [])
        """
        (total,) = self.backend.execute(
            "SELECT count(DISTINCT table_id) FROM seat_devices WHERE device = ?", (device,)
        ).fetchone()
        tables = self.backend.execute(
            "SELECT id, created, status, request FROM tables WHERE id IN "
            "(SELECT table_id FROM seat_devices WHERE device = ?) "
            "ORDER BY created DESC, id LIMIT ? OFFSET ?",
            (device, limit, offset),
        ).fetchall()
        page = []
        for table_id, created, status, request in tables:
            seats = self.backend.execute(
                "SELECT s.seat, r.place, r.score, r.rating_before, r.rating_after "
                "FROM seat_devices s LEFT JOIN results r "
                "ON r.table_id = s.table_id AND r.seat = s.seat "
                "WHERE s.table_id = ? AND s.device = ? ORDER BY s.seat",
                (table_id, device),
            ).fetchall()
            page.append(
                {
                    "id": table_id,
                    "created": created,
                    "status": status,
                    "game": json.loads(request).get("game"),
                    "seats": [
                        {
                            "seat": seat,
                            "place": place,
                            "score": score,
                            "rating_before": before,
                            "rating_after": after,
                        }
                        for seat, place, score, before, after in seats
                    ],
                }
            )
        return int(total), page

    def save(
        self,
        table_id: str,
        table: Table,
        status: str,
        *,
        since: tuple[int, int],
        players: Iterable[tuple[str, int]] = (),
        header: bool = True,
        result: GameResult | None = None,
        fence: tuple[int, int] | None = None,
        lost: Callable[[], None] | None = None,
    ) -> tuple[int, int]:
        """Saves what an action (or a seat leaving or coming back) changed, in one
        transaction: the actions after ``since`` (the hand and the count of its actions saved
        before) and the hands that ended or were dealt since; with ``header`` also the header
        and status, the CPU players named in ``players`` (``(role, seat)`` pairs), and the
        stand-ins of seats whose player came back removed (an action inside a hand changes
        none of them), and the game's ``result`` when it ended (so that a game over and its
        ratings are saved together or not at all). Returns the new ``since``. With ``fence``
        (a lane and the fencing number its dealer holds) nothing is written unless that number
        is still the lane's current one (:meth:`take_lane`), checked in the same transaction;
        :class:`StaleFenceError` otherwise. With ``lost`` (and no fence), an SQLite file that
        groups its commits (:meth:`~drawpoker.site.store_sqlite.SQLiteBackend.grouped`) commits
        it with the other tables' writes of this turn of the event loop, and calls ``lost``
        if that commit fails; nothing may be told of it before
        :meth:`~drawpoker.site.store_sqlite.SQLiteBackend.saving` is done.

        >>> from drawpoker.bots import CPU_PLAYERS
        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> table = Table(game("holdem"), 2, seed=1, cpu_players=CPU_PLAYERS)
        >>> store.create("t", 0.0, {}, "playing", [], table)
        >>> table.leave(0); table.leave(1); table.play_cpu(limit=12)
        >>> [len(hand.actions) for hand in table.hands]
        [2, 1, 1, 1, 1, 2, 1, 1, 1, 1]
        >>> store.save("t", table, "playing", since=(0, 0), players=[("away", 0), ("away", 1)])
        (9, 1)
        >>> store.load()[0].snapshot == table.to_dict()
        True
        """
        batch = Batch()
        if header:
            batch.add(
                "UPDATE tables SET status = ?, header = ? WHERE id = ?",
                [(status, compact_json(table_header(table)), table_id)],
            )
            self._player_rows(batch, table_id, table, players)
            away = sorted(table.away)
            kept = f"AND seat NOT IN ({marks(len(away))})" if away else ""
            batch.add(
                f"DELETE FROM players WHERE table_id = ? AND role = 'away' {kept}",
                [(table_id, *away)],
            )
        saved = self._hand_rows(batch, table_id, table, since, new_first=False)
        if result is not None:
            self._result_rows(batch, table_id, result)
        backend = self.backend
        if lost is not None and fence is None and isinstance(backend, SQLiteBackend):
            backend.defer(batch, lost)
        elif fence is not None and isinstance(backend, PostgresBackend) and _actions_only(batch):
            self._save_actions_fenced(backend, batch.statements[0][1], fence)
        else:

            def work() -> None:
                self._check_fence(fence)
                batch.run(backend)

            self._fenced(work, fence)
        return saved

    def take_lane(self, lane: int) -> int:
        """Gives ``lane`` to a new holder: its fencing number raised by one (1 for a lane never
        held), which the holder passes to :meth:`save`; a write under an older number is
        refused from then on.

        >>> store = Store(":memory:")
        >>> store.take_lane(3), store.take_lane(3), store.lane_fence(3), store.lane_fence(4)
        (1, 2, 2, None)
        """
        (number,) = self.backend.transaction(
            lambda: self.backend.execute(
                "INSERT INTO lanes (lane, fence) VALUES (?, 1) ON CONFLICT (lane) "
                "DO UPDATE SET fence = lanes.fence + 1 RETURNING fence",
                (lane,),
            ).fetchone()
        )
        return int(number)

    def seat_hashes(self, table_id: str) -> list[str | None] | None:
        """The hash of each seat's token, by seat (``None`` for a seat nobody took), or ``None``
        when there is no such table: what a gateway checks a hello against.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [SeatRecord(None, "A", None)] * 2,
        ...              Table(game("holdem"), 2))
        >>> store.claim("t", 1, "Ann", "ab12"); store.seat_hashes("t"), store.seat_hashes("u")
        ([None, 'ab12'], None)
        """
        rows = self.backend.execute(
            "SELECT seat, token_hash FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        ).fetchall()
        if not rows:
            found = self.backend.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,))
            return [] if found.fetchone() else None
        return [token_hash for _, token_hash in rows]

    def inbox_position(self, lane: int) -> str | None:
        """The id of the last request of ``lane``'s inbox whose changes were written (with a
        fenced write: :attr:`inbox_positions`), or ``None``.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store, table = Store(":memory:"), Table(game("holdem"), 2)
        >>> store.create("t", 0.0, {}, "playing", [], table)
        >>> number = store.take_lane(2)
        >>> store.inbox_positions[2] = "1700000000000-3"
        >>> store.save("t", table, "playing", since=(0, 0), fence=(2, number))
        (0, 0)
        >>> store.inbox_position(2), store.inbox_position(5)
        ('1700000000000-3', None)
        """
        row = self.backend.execute("SELECT inbox FROM lanes WHERE lane = ?", (lane,)).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def lane_fence(self, lane: int) -> int | None:
        """The lane's current fencing number (``None`` for a lane never held)."""
        row = self.backend.execute("SELECT fence FROM lanes WHERE lane = ?", (lane,)).fetchone()
        return None if row is None else int(row[0])

    def _check_fence(self, fence: tuple[int, int] | None) -> None:
        """Inside a transaction: raises :class:`StaleFenceError` unless ``fence``'s number is
        its lane's current fencing number (nothing to check without a fence); records the
        lane's :attr:`inbox_positions` entry. The update locks the lane's row (PostgreSQL) until
        the transaction ends, so the number cannot change between this check and the commit;
        SQLite's writer holds the whole file already."""
        if fence is None:
            return
        params = self._fence_params(fence)
        if self.backend.pipelined:  # its result is read at the commit: it fails by an error
            self.backend.execute(FENCE_CHECK, params)
            return
        if self.backend.execute(LANE_HELD, params).rowcount != 1:
            raise self._stale(*fence)

    def _fence_params(self, fence: tuple[int, int]) -> list[Any]:
        """The parameters of :data:`LANE_HELD` for ``fence``: the lane's inbox position to
        record (:attr:`inbox_positions`), the lane and its number."""
        lane, number = fence
        return [self.inbox_positions.get(lane), lane, number]

    def _stale(self, lane: int, number: int) -> StaleFenceError:
        """The refusal of a write under ``number``, no longer ``lane``'s fencing number."""
        current = self.lane_fence(lane)
        return StaleFenceError(
            f"lane {lane}: fencing number {number} is not the lane's current one "
            f"({current}): another dealer holds the lane; nothing was written"
        )

    def _save_actions_fenced(
        self, backend: PostgresBackend, rows: list[Sequence[Any]], fence: tuple[int, int]
    ) -> None:
        """Writes action rows under ``fence`` in one statement (:func:`fenced_actions_sql`),
        recording the lane's :attr:`inbox_positions` entry as :meth:`_check_fence` does."""
        params = self._fence_params(fence)
        for row in rows:
            params.extend(row)
        try:
            backend.write_once(fenced_actions_sql(len(rows)), params)
        except StaleFenceError:
            raise self._stale(*fence) from None

    def _fenced(self, work: Callable[[], None], fence: tuple[int, int] | None) -> None:
        """Runs ``work`` (which checks ``fence`` first) in one transaction; its
        :class:`StaleFenceError` names the lane and its numbers, whichever backend found it."""
        try:
            self.backend.transaction(work)
        except StaleFenceError:
            if fence is None:
                raise
            raise self._stale(*fence) from None

    def _result_rows(self, batch: Batch, table_id: str, result: GameResult) -> None:
        batch.add(
            RESULT_ROW,
            [
                (table_id, r.seat, r.place, r.score, r.rating_before, r.rating_after)
                for r in result.seats
            ],
        )
        batch.add(
            RATING_ROW,
            [
                (result.game, device, rating.mu, rating.sigma, rating.games)
                for device, rating in result.ratings.items()
            ],
        )

    def set_status(self, table_id: str, status: str, fence: tuple[int, int] | None = None) -> None:
        """Changes a table's status (``waiting``, ``playing``, ``over``); with ``fence``, only
        under the lane's current number, as :meth:`save`.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.set_status("t", "playing"); store.load()[0].status
        'playing'
        """

        def work() -> None:
            self._check_fence(fence)
            self.backend.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))

        self._fenced(work, fence)

    def _player_rows(
        self, batch: Batch, table_id: str, table: Table, players: Iterable[tuple[str, int]]
    ) -> None:
        rows = []
        for role, seat in players:
            player = (table.cpu if role == "cpu" else table.away).get(seat)
            if player is not None:
                rows.append((table_id, role, seat, compact_json(saved_bot(player, seat))))
        batch.add(PLAYER_ROW, rows)

    def _hand_rows(
        self,
        batch: Batch,
        table_id: str,
        table: Table,
        since: tuple[int, int],
        *,
        new_first: bool,
    ) -> tuple[int, int]:
        """Adds to ``batch`` the actions after ``since`` of the hand being played, that hand as
        dealt when it was dealt since (or is the first, with ``new_first``), and each hand that
        ended since whole, its saved actions deleted (those it had unsaved are in its row: they
        are not written); returns the new ``since``."""
        first, done = since
        hands = table.hands
        count = 0
        for index in range(first, len(hands)):
            hand = hands[index]
            start = done if index == first else 0
            if hand.is_over:
                data = hand.to_dict()
                batch.add(HAND_ROW, [(table_id, index, 1, compact_json(data))])
                if start:
                    batch.add(ACTIONS_GONE, [(table_id, index)])
                count = len(data["actions"])
            else:
                if index > first or new_first:
                    batch.add(HAND_ROW, [(table_id, index, 0, compact_json(hand.deal_dict()))])
                moves = hand.action_data(start)
                batch.add(
                    ACTION_ROW,
                    [
                        (table_id, index, n, compact_json(move))
                        for n, move in enumerate(moves, start=start)
                    ],
                )
                count = start + len(moves)
        return len(hands) - 1, count

    def live_ids(self) -> list[str]:
        """The ids of the tables not over, oldest first: those a server resumes when it starts
        (a finished table stays in the file for its history, and is loaded only when asked
        for, :meth:`load_table`).

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t1", 0.0, {}, "over", [], Table(game("holdem"), 2))
        >>> store.create("t2", 1.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.live_ids()
        ['t2']
        """
        rows = self.backend.execute("SELECT id FROM tables WHERE status != 'over' ORDER BY created")
        return [table_id for (table_id,) in rows.fetchall()]

    def idle_ids(self, before: float) -> list[str]:
        """The ids of the tables made before ``before`` that still wait and where nobody took
        a seat (expired: the server removes them rather than load them).

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t1", 0.0, {}, "waiting", [SeatRecord(None, "A", None)],
        ...              Table(game("holdem"), 2))
        >>> store.idle_ids(1.0), store.idle_ids(0.0)
        (['t1'], [])
        """
        rows = self.backend.execute(
            "SELECT id FROM tables WHERE status = 'waiting' AND created < ? AND NOT EXISTS "
            "(SELECT 1 FROM seats WHERE seats.table_id = tables.id AND token_hash IS NOT NULL) "
            "ORDER BY created",
            (before,),
        )
        return [table_id for (table_id,) in rows.fetchall()]

    def delete(self, table_id: str, fence: tuple[int, int] | None = None) -> None:
        """Removes a table and every row of it (a table nobody joined, expired); with
        ``fence``, only under the lane's current number, as :meth:`save`.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.delete("t"); store.load_table("t")
        """

        def work() -> None:
            self._check_fence(fence)
            for name in ("actions", "hands", "players", "seat_devices", "results", "seats"):
                self.backend.execute(f"DELETE FROM {name} WHERE table_id = ?", (table_id,))
            self.backend.execute("DELETE FROM tables WHERE id = ?", (table_id,))

        self._fenced(work, fence)

    def load(self) -> list[SavedTable]:
        """Every saved table with its snapshot reassembled (oldest first).

        >>> Store(":memory:").load()
        []
        """
        ids = self.backend.execute("SELECT id FROM tables ORDER BY created").fetchall()
        return [saved for (table_id,) in ids if (saved := self.load_table(table_id)) is not None]

    def load_table(self, table_id: str) -> SavedTable | None:
        """The saved table ``table_id`` with its snapshot reassembled (``None`` when there is
        none); :class:`InvalidArgumentError` naming what disagrees when its seat rows are not
        exactly one per seat of its request, each of the request's kind, or a hand does not
        replay: such a table is never served (with its seats renumbered, a token would be
        welcomed at another seat).

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> store = Store(":memory:")
        >>> seats = [SeatRecord(None, "A", None), SeatRecord("rules", "CPU 2", None)]
        >>> store.create("t", 0.0, {"seats": ["person", "cpu:rules"]}, "waiting", seats,
        ...              Table(game("holdem"), 2))
        >>> store.load_table("t").seats[1].cpu
        'rules'
        >>> _ = store.backend.execute("DELETE FROM seats WHERE seat = 0")
        >>> store.load_table("t")
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: table t has seat rows [1] for its 2 seats
        """
        row = self.backend.execute(
            "SELECT created, request, status, header FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        created, request, status, header = row
        request_data = json.loads(request)
        seat_rows = self.backend.execute(
            "SELECT seats.seat, cpu, name, token_hash, device FROM seats LEFT JOIN seat_devices "
            "ON seat_devices.table_id = seats.table_id AND seat_devices.seat = seats.seat "
            "WHERE seats.table_id = ? ORDER BY seats.seat",
            (table_id,),
        ).fetchall()
        kinds = request_data.get("seats")
        if kinds is not None:
            check_seats(table_id, kinds, seat_rows)
        seats = [SeatRecord(*row[1:]) for row in seat_rows]
        players: dict[str, list[list[Any]]] = {role: [] for role in ROLES}
        for role, seat, data in self.backend.execute(
            "SELECT role, seat, data FROM players WHERE table_id = ?", (table_id,)
        ):
            players[role].append([seat, json.loads(data)])
        hands = []
        for number, finished, data in self.backend.execute(
            "SELECT number, finished, data FROM hands WHERE table_id = ? ORDER BY number",
            (table_id,),
        ).fetchall():
            hand = json.loads(data)
            if not finished:
                actions = [
                    json.loads(action)
                    for (action,) in self.backend.execute(
                        "SELECT data FROM actions WHERE table_id = ? AND hand = ? ORDER BY number",
                        (table_id, number),
                    )
                ]
                hand = played(hand, actions)
            hands.append(hand)
        snapshot = assemble(json.loads(header), players["cpu"], players["away"], hands)
        return SavedTable(table_id, created, request_data, status, seats, snapshot)
