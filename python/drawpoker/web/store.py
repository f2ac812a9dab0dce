"""Tables, seats, CPU players, hands and actions in SQLite, written as they happen, so that a
server killed at any moment resumes every table where it was.

A table is saved in parts that together make its snapshot (:meth:`Table.to_dict`): a header
(game, settings, seed, stacks, button, round, ...), one row per CPU player (the table's own CPU
players and the stand-ins of seats whose player is away), one row per hand (written when the
hand is dealt and again, whole, when it ends: a finished hand's row never changes again) and,
for the hand being played, one row per action. After each action one transaction writes what
changed: the action, the header, and when a hand ends, that hand whole, the next one as dealt
and the CPU players' states (a CPU player resumed after a crash decides afresh from its state
at the start of the hand: no chip or card depends on it). Loading replays the hand being
played from its deal and its actions (:meth:`Hand.replay`), reassembles the snapshot and
hands it to :meth:`Table.from_dict`, which replays every hand again and checks that every
saved field matches: a damaged file is refused, not half read.

The file is in write-ahead-log mode with ``synchronous=NORMAL``: a committed transaction
survives the process being killed (only a crash of the whole machine may lose the last ones).
The store is used from the server's event loop only, and by one server: a second server on the
same file would play the same tables apart and write over the first one's rows, so a file store
holds an exclusive lock on ``FILE.lock`` while it is open (:class:`StoreBusyError` otherwise).

>>> from drawpoker.games import Table, game
>>> table = Table(game("holdem"), 2, seed=4)
>>> assemble(table_header(table), [], [], [h.to_dict() for h in table.hands]) == table.to_dict()
True
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from drawpoker.bots import saved_bot
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.games import Action, Hand, Table, spec_from_dict
from drawpoker.games.table import SNAPSHOT_FORMAT
from drawpoker.web.ratings import Rating


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
    drawpoker.web.store.StoreBusyError: ... is in use by another drawpoker serve ...
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


SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    request TEXT NOT NULL,
    status TEXT NOT NULL,
    header TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    cpu TEXT,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS players (
    table_id TEXT NOT NULL REFERENCES tables(id),
    role TEXT NOT NULL,
    seat INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, role, seat)
);
CREATE TABLE IF NOT EXISTS hands (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL,
    finished INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    hand INTEGER NOT NULL,
    number INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (table_id, hand, number)
);
CREATE TABLE IF NOT EXISTS devices (
    id INTEGER PRIMARY KEY,
    key_hash TEXT NOT NULL UNIQUE,
    nickname TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_devices (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    device INTEGER NOT NULL REFERENCES devices(id),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX IF NOT EXISTS seat_devices_by_device ON seat_devices(device, table_id);
CREATE TABLE IF NOT EXISTS results (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    place INTEGER NOT NULL,
    score INTEGER NOT NULL,
    rating_before REAL,
    rating_after REAL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    device INTEGER NOT NULL REFERENCES devices(id),
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (game, device)
);
CREATE INDEX IF NOT EXISTS ratings_by_rank ON ratings(game, mu - 3 * sigma DESC);
"""

ROLES = ("cpu", "away")
"""A CPU player's role: the seat's own CPU player, or the stand-in of an away person."""


def _json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def table_header(table: Table) -> dict[str, Any]:
    """The table's snapshot without its hands and CPU players (what changes with each round,
    not with each action, plus what never changes).

    >>> from drawpoker.games import Table, game
    >>> sorted(table_header(Table(game("holdem"), 2)))[:4]
    ['button', 'format', 'game', 'is_over']
    """
    return {
        "format": SNAPSHOT_FORMAT,
        "game": table.game.to_dict(),
        "settings": asdict(table.settings),
        "names": list(table.names),
        "seed": table.seed,
        "stacks": list(table.stacks),
        "points": list(table.points),
        "button": table.button,
        "round": table.round,
        "is_over": table.is_over,
    }


def played(dealt: dict[str, Any], actions: list[Any]) -> dict[str, Any]:
    """The snapshot of a hand being played, from its snapshot as dealt and its actions since:
    the deal replayed with the actions (each checked by the engine as it is replayed).

    >>> from drawpoker.games import Hand, game
    >>> hand = Hand(game("holdem"), [1000, 1000], seed=8)
    >>> dealt = hand.to_dict()
    >>> hand.call(); hand.check()
    >>> played(dealt, [a.to_dict() for a in hand.actions]) == hand.to_dict()
    True
    """
    try:
        moves = [Action.from_dict(action) for action in actions]
        hand = Hand.replay(
            spec_from_dict(dealt["game"]),
            dealt["start_stacks"],
            dealt["button"],
            dealt["seed"],
            moves,
            number=dealt["number"],
            shuffles=dealt["shuffles"],
        )
    except (KeyError, TypeError, IllegalActionError) as error:
        raise InvalidArgumentError(f"a saved hand does not replay: {error}") from None
    return hand.to_dict()


def assemble(
    header: dict[str, Any],
    cpu: list[list[Any]],
    away: list[list[Any]],
    hands: list[dict[str, Any]],
) -> dict[str, Any]:
    """The table snapshot (:meth:`Table.to_dict`) from its saved parts; ``cpu`` and ``away``
    are ``[seat, saved player]`` pairs.

    >>> assemble({"format": "x"}, [], [[1, {"kind": "checkcall", "game": None}]], [])["away"]
    [[1, {'kind': 'checkcall', 'game': None}]]
    """
    data = dict(header)
    data["cpu"] = sorted(cpu, key=lambda entry: entry[0])
    data["away"] = sorted(away, key=lambda entry: entry[0])
    data["hands"] = hands
    return data


@dataclass
class SeatRecord:
    """A seat as the server keeps it: the CPU player's type (``None`` for a person's seat),
    the name shown, the hash of the person's seat token (``None`` while nobody took it) and
    the id of the device that took it (``None`` when taken without one, or not taken).

    >>> SeatRecord(None, "Open seat", None).taken
    False
    """

    cpu: str | None
    name: str
    token_hash: str | None
    device: int | None = None

    @property
    def taken(self) -> bool:
        """Whether the seat is a CPU's or a person took it.

        >>> SeatRecord("rules", "CPU 2", None).taken
        True
        """
        return self.cpu is not None or self.token_hash is not None


@dataclass(frozen=True)
class SeatResult:
    """A seat's result in a finished game: place (equal scores share one), score (chips, or
    points in no-bet mode) and, when the game was rated, the rating shown before and after.

    >>> SeatResult(0, 1, 2500).rating_after is None
    True
    """

    seat: int
    place: int
    score: int
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass(frozen=True)
class GameResult:
    """What a finished game leaves in the store: each seat's result, and the new ratings of
    its devices in ``game`` (empty when the game is not rated).

    >>> GameResult("holdem", [], {}).ratings
    {}
    """

    game: str
    seats: list[SeatResult]
    ratings: dict[int, Rating]


@dataclass
class SavedTable:
    """A table as loaded: its id, creation time, request, status, seats and snapshot.

    >>> SavedTable("t1", 0.0, {}, "waiting", [], {}).status
    'waiting'
    """

    id: str
    created: float
    request: dict[str, Any]
    status: str
    seats: list[SeatRecord]
    snapshot: dict[str, Any]


class Store:
    """The SQLite file of the server (``":memory:"`` keeps it in memory, for tests).

    >>> from drawpoker.games import Table, game
    >>> store = Store(":memory:")
    >>> table = Table(game("holdem"), 2, seed=4)
    >>> store.create("t1", 0.0, {"game": "holdem"}, "waiting", [SeatRecord(None, "A", None)] * 2,
    ...              table)
    >>> [t.id for t in store.load()], store.load()[0].snapshot == table.to_dict()
    (['t1'], True)
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        in_memory = self.path == ":memory:" or self.path.startswith("file::memory:")
        self.lock = None if in_memory else FileLock(self.path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        """Closes the file.

        >>> Store(":memory:").close()
        """
        self.db.close()
        if self.lock is not None:
            self.lock.release()

    def _transaction(self, work: Callable[[sqlite3.Connection], object]) -> None:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            work(db)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def create(
        self,
        table_id: str,
        created: float,
        request: dict[str, Any],
        status: str,
        seats: list[SeatRecord],
        table: Table,
    ) -> None:
        """Saves a new table whole: its row, its seats, its CPU players and its first hand.

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.db.execute("SELECT count(*) FROM hands").fetchone()
        (1,)
        """

        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?)",
                (table_id, created, _json(request), status, _json(table_header(table))),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(table_id, s, r.cpu, r.name, r.token_hash) for s, r in enumerate(seats)],
            )
            self._write_players(db, table_id, table, [("cpu", s) for s in table.cpu])
            self._write_players(db, table_id, table, [("away", s) for s in table.away])
            self._write_hands(db, table_id, table, (0, 0), new_first=True)

        self._transaction(work)

    def claim(
        self, table_id: str, seat: int, name: str, token_hash: str, device: int | None = None
    ) -> None:
        """Gives the seat to a person: their name, their token's hash and their device's id.

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [SeatRecord(None, "Open", None)] * 2,
        ...              Table(game("holdem"), 2))
        >>> store.claim("t", 1, "Ann", "ab12"); store.load()[0].seats[1].name
        'Ann'
        """

        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE seats SET name = ?, token_hash = ? WHERE table_id = ? AND seat = ?",
                (name, token_hash, table_id, seat),
            )
            if device is not None:
                db.execute("INSERT INTO seat_devices VALUES (?, ?, ?)", (table_id, seat, device))

        self._transaction(work)

    def retoken(self, table_id: str, seat: int, token_hash: str) -> None:
        """Replaces a seat's token (its device took it back: the old token stops working).

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [SeatRecord(None, "Ann", "ab")],
        ...              Table(game("holdem"), 2))
        >>> store.retoken("t", 0, "cd"); store.load()[0].seats[0].token_hash
        'cd'
        """
        self._transaction(
            lambda db: db.execute(
                "UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ?",
                (token_hash, table_id, seat),
            )
        )

    # ------------------------------------------------------------------ devices and ratings

    def add_device(self, key_hash: str, nickname: str, created: float) -> int:
        """Saves a new device (its key's hash and nickname); its id.

        >>> store = Store(":memory:")
        >>> store.add_device("ab", "Ann", 0.0), store.device("ab"), store.device("cd")
        (1, (1, 'Ann'), None)
        """
        ids: list[int] = []

        def work(db: sqlite3.Connection) -> None:
            cursor = db.execute(
                "INSERT INTO devices (key_hash, nickname, created) VALUES (?, ?, ?)",
                (key_hash, nickname, created),
            )
            ids.append(int(cursor.lastrowid or 0))

        self._transaction(work)
        return ids[0]

    def device(self, key_hash: str) -> tuple[int, str] | None:
        """The id and nickname of the device whose key has this hash, or ``None``."""
        row = self.db.execute(
            "SELECT id, nickname FROM devices WHERE key_hash = ?", (key_hash,)
        ).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))

    def device_table_count(self, device: int) -> int:
        """How many tables the device took a seat at.

        >>> Store(":memory:").device_table_count(1)
        0
        """
        row = self.db.execute(
            "SELECT count(DISTINCT table_id) FROM seat_devices WHERE device = ?", (device,)
        ).fetchone()
        return int(row[0])

    def ratings(self, game: str, devices: Iterable[int]) -> dict[int, Rating]:
        """The saved ratings in ``game`` of those of ``devices`` that have one.

        >>> Store(":memory:").ratings("holdem", [1, 2])
        {}
        """
        wanted = sorted(set(devices))
        marks = ",".join("?" * len(wanted))
        rows = self.db.execute(
            f"SELECT device, mu, sigma, games FROM ratings WHERE game = ? AND device IN ({marks})",
            (game, *wanted),
        )
        return {device: Rating(mu, sigma, games) for device, mu, sigma, games in rows}

    def results(self, table_id: str) -> list[SeatResult]:
        """The seats' results of a finished table (none before it is over).

        >>> Store(":memory:").results("t")
        []
        """
        rows = self.db.execute(
            "SELECT seat, place, score, rating_before, rating_after FROM results "
            "WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return [SeatResult(*row) for row in rows]

    def leaderboard(self, game: str, offset: int, limit: int) -> tuple[int, list[dict[str, Any]]]:
        """The rated devices of ``game``, best shown rating first: the count of them all, and
        the page of ``limit`` from ``offset`` (place, nickname, rating, mu, sigma, games).

        >>> Store(":memory:").leaderboard("holdem", 0, 10)
        (0, [])
        """
        (total,) = self.db.execute(
            "SELECT count(*) FROM ratings WHERE game = ?", (game,)
        ).fetchone()
        rows = self.db.execute(
            "SELECT nickname, mu, sigma, games FROM ratings JOIN devices ON devices.id = device "
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
            }
            for index, (nickname, mu, sigma, games) in enumerate(rows)
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
        (total,) = self.db.execute(
            "SELECT count(DISTINCT table_id) FROM seat_devices WHERE device = ?", (device,)
        ).fetchone()
        tables = self.db.execute(
            "SELECT id, created, status, request FROM tables WHERE id IN "
            "(SELECT table_id FROM seat_devices WHERE device = ?) "
            "ORDER BY created DESC, id LIMIT ? OFFSET ?",
            (device, limit, offset),
        ).fetchall()
        page = []
        for table_id, created, status, request in tables:
            seats = self.db.execute(
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
    ) -> tuple[int, int]:
        """Saves what an action (or a seat leaving or coming back) changed, in one
        transaction: the actions after ``since`` (the hand and the count of its actions saved
        before) and the hands that ended or were dealt since; with ``header`` also the header
        and status, the CPU players named in ``players`` (``(role, seat)`` pairs), and the
        stand-ins of seats whose player came back removed (an action inside a hand changes
        none of them), and the game's ``result`` when it ended (so that a game over and its
        ratings are saved together or not at all). Returns the new ``since``.

        >>> from drawpoker.bots import CPU_PLAYERS
        >>> from drawpoker.games import Table, game
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
        saved: list[tuple[int, int]] = []

        def work(db: sqlite3.Connection) -> None:
            if header:
                db.execute(
                    "UPDATE tables SET status = ?, header = ? WHERE id = ?",
                    (status, _json(table_header(table)), table_id),
                )
                self._write_players(db, table_id, table, players)
                away = sorted(table.away)
                marks = ",".join("?" * len(away))
                db.execute(
                    "DELETE FROM players WHERE table_id = ? AND role = 'away' "
                    f"AND seat NOT IN ({marks})",
                    (table_id, *away),
                )
            saved.append(self._write_hands(db, table_id, table, since, new_first=False))
            if result is not None:
                self._write_result(db, table_id, result)

        self._transaction(work)
        return saved[0]

    @staticmethod
    def _write_result(db: sqlite3.Connection, table_id: str, result: GameResult) -> None:
        db.executemany(
            "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?)",
            [
                (table_id, r.seat, r.place, r.score, r.rating_before, r.rating_after)
                for r in result.seats
            ],
        )
        db.executemany(
            "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?)",
            [
                (result.game, device, rating.mu, rating.sigma, rating.games)
                for device, rating in result.ratings.items()
            ],
        )

    def set_status(self, table_id: str, status: str) -> None:
        """Changes a table's status (``waiting``, ``playing``, ``over``).

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.set_status("t", "playing"); store.load()[0].status
        'playing'
        """
        self._transaction(
            lambda db: db.execute("UPDATE tables SET status = ? WHERE id = ?", (status, table_id))
        )

    @staticmethod
    def _write_players(
        db: sqlite3.Connection, table_id: str, table: Table, players: Iterable[tuple[str, int]]
    ) -> None:
        rows = []
        for role, seat in players:
            player = (table.cpu if role == "cpu" else table.away).get(seat)
            if player is not None:
                rows.append((table_id, role, seat, _json(saved_bot(player, seat))))
        db.executemany("INSERT OR REPLACE INTO players VALUES (?, ?, ?, ?)", rows)

    @staticmethod
    def _write_hands(
        db: sqlite3.Connection,
        table_id: str,
        table: Table,
        since: tuple[int, int],
        *,
        new_first: bool,
    ) -> tuple[int, int]:
        """The actions after ``since``; each hand dealt since (and the first when
        ``new_first``) as dealt, each hand that ended whole; returns the new ``since``."""
        first, done = since
        hands = table.hands
        count = 0
        for index in range(first, len(hands)):
            hand = hands[index]
            actions = hand.actions
            start = done if index == first else 0
            if index > first or new_first:
                db.execute(
                    "INSERT OR REPLACE INTO hands VALUES (?, ?, 0, ?)",
                    (table_id, index, _json(hand.to_dict())),
                )
            db.executemany(
                "INSERT OR REPLACE INTO actions VALUES (?, ?, ?, ?)",
                [
                    (table_id, index, n, _json(action.to_dict()))
                    for n, action in enumerate(actions[start:], start=start)
                ],
            )
            if hand.is_over:
                db.execute(
                    "INSERT OR REPLACE INTO hands VALUES (?, ?, 1, ?)",
                    (table_id, index, _json(hand.to_dict())),
                )
                db.execute("DELETE FROM actions WHERE table_id = ? AND hand = ?", (table_id, index))
            count = len(actions)
        return len(hands) - 1, count

    def live_ids(self) -> list[str]:
        """The ids of the tables not over, oldest first: those a server resumes when it starts
        (a finished table stays in the file for its history, and is loaded only when asked
        for, :meth:`load_table`).

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> store.create("t1", 0.0, {}, "over", [], Table(game("holdem"), 2))
        >>> store.create("t2", 1.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.live_ids()
        ['t2']
        """
        rows = self.db.execute("SELECT id FROM tables WHERE status != 'over' ORDER BY created")
        return [table_id for (table_id,) in rows.fetchall()]

    def idle_ids(self, before: float) -> list[str]:
        """The ids of the tables made before ``before`` that still wait and where nobody took
        a seat (expired: the server removes them rather than load them).

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> store.create("t1", 0.0, {}, "waiting", [SeatRecord(None, "A", None)],
        ...              Table(game("holdem"), 2))
        >>> store.idle_ids(1.0), store.idle_ids(0.0)
        (['t1'], [])
        """
        rows = self.db.execute(
            "SELECT id FROM tables WHERE status = 'waiting' AND created < ? AND NOT EXISTS "
            "(SELECT 1 FROM seats WHERE seats.table_id = tables.id AND token_hash IS NOT NULL) "
            "ORDER BY created",
            (before,),
        )
        return [table_id for (table_id,) in rows.fetchall()]

    def delete(self, table_id: str) -> None:
        """Removes a table and every row of it (a table nobody joined, expired).

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> store.create("t", 0.0, {}, "waiting", [], Table(game("holdem"), 2))
        >>> store.delete("t"); store.load_table("t")
        """

        def work(db: sqlite3.Connection) -> None:
            for name in ("actions", "hands", "players", "seat_devices", "results", "seats"):
                db.execute(f"DELETE FROM {name} WHERE table_id = ?", (table_id,))
            db.execute("DELETE FROM tables WHERE id = ?", (table_id,))

        self._transaction(work)

    def load(self) -> list[SavedTable]:
        """Every saved table with its snapshot reassembled (oldest first).

        >>> Store(":memory:").load()
        []
        """
        ids = self.db.execute("SELECT id FROM tables ORDER BY created").fetchall()
        return [saved for (table_id,) in ids if (saved := self.load_table(table_id)) is not None]

    def load_table(self, table_id: str) -> SavedTable | None:
        """The saved table ``table_id`` with its snapshot reassembled (``None`` when there is
        none); :class:`InvalidArgumentError` naming what disagrees when its seat rows are not
        exactly one per seat of its request, each of the request's kind, or a hand does not
        replay: such a table is never served (with its seats renumbered, a token would be
        welcomed at another seat).

        >>> from drawpoker.games import Table, game
        >>> store = Store(":memory:")
        >>> seats = [SeatRecord(None, "A", None), SeatRecord("rules", "CPU 2", None)]
        >>> store.create("t", 0.0, {"seats": ["person", "cpu:rules"]}, "waiting", seats,
        ...              Table(game("holdem"), 2))
        >>> store.load_table("t").seats[1].cpu
        'rules'
        >>> _ = store.db.execute("DELETE FROM seats WHERE seat = 0")
        >>> store.load_table("t")
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: table t has seat rows [1] for its 2 seats
        """
        db = self.db
        row = db.execute(
            "SELECT created, request, status, header FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        created, request, status, header = row
        request_data = json.loads(request)
        seat_rows = db.execute(
            "SELECT seats.seat, cpu, name, token_hash, device FROM seats LEFT JOIN seat_devices "
            "ON seat_devices.table_id = seats.table_id AND seat_devices.seat = seats.seat "
            "WHERE seats.table_id = ? ORDER BY seats.seat",
            (table_id,),
        ).fetchall()
        kinds = request_data.get("seats")
        if kinds is not None:
            _check_seats(table_id, kinds, seat_rows)
        seats = [SeatRecord(*row[1:]) for row in seat_rows]
        players: dict[str, list[list[Any]]] = {role: [] for role in ROLES}
        for role, seat, data in db.execute(
            "SELECT role, seat, data FROM players WHERE table_id = ?", (table_id,)
        ):
            players[role].append([seat, json.loads(data)])
        hands = []
        for number, finished, data in db.execute(
            "SELECT number, finished, data FROM hands WHERE table_id = ? ORDER BY number",
            (table_id,),
        ).fetchall():
            hand = json.loads(data)
            if not finished:
                actions = [
                    json.loads(action)
                    for (action,) in db.execute(
                        "SELECT data FROM actions WHERE table_id = ? AND hand = ? ORDER BY number",
                        (table_id, number),
                    )
                ]
                hand = played(hand, actions)
            hands.append(hand)
        snapshot = assemble(json.loads(header), players["cpu"], players["away"], hands)
        return SavedTable(table_id, created, request_data, status, seats, snapshot)


def _check_seats(table_id: str, kinds: list[Any], rows: list[tuple[Any, ...]]) -> None:
    """Raises :class:`InvalidArgumentError` unless ``rows`` (seat, cpu, ...) are the seats
    0, 1, ... of the request's ``kinds`` (``"person"`` or ``"cpu:TYPE"``), each of its kind.

    >>> _check_seats("t", ["person", "cpu:rules"], [(0, "rules", "A", None), (1, None, "B", None)])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: table t: seat 0's row is a CPU 'rules', its request \
says 'person'
    """
    numbers = [row[0] for row in rows]
    if numbers != list(range(len(kinds))):
        raise InvalidArgumentError(
            f"table {table_id} has seat rows {numbers} for its {len(kinds)} seats"
        )
    for (seat, cpu, *_), kind in zip(rows, kinds, strict=True):
        if ("person" if cpu is None else f"cpu:{cpu}") != kind:
            found = "a person's" if cpu is None else f"a CPU {cpu!r}"
            raise InvalidArgumentError(
                f"table {table_id}: seat {seat}'s row is {found}, its request says {kind!r}"
            )
