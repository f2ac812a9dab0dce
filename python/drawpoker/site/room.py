"""One live table on the server: the engine's :class:`~drawpoker.table.Table`, its seats, the
browsers connected to each seat, and the task that plays its CPU turns and its turn timer.

The room is the only authority: a person's action is checked here (the table has started, it
is that seat's turn, the action was chosen in the current state, the discards are the seat's
cards) and then by the engine; a refused action raises
:class:`~drawpoker.site.protocol.ProtocolError` and changes nothing. After every change the
room saves what changed (:class:`~drawpoker.site.store.Store`) and only then tells each
connected seat, with its own state and the new events of its own stream, so that nothing a
browser saw can be lost by a crash.

A table waits until every person's seat has a connected player, or until a seated player
asks to start; then the seats nobody took are played by CPU stand-ins until someone takes
them. A player whose last connection closes is played by a CPU stand-in (R-TABLE-2) after
``grace`` seconds, until they connect again. CPU players act after ``think`` seconds (a site's
pace; zero in tests). After a hand ends the whole table holds still for a pause (``showdown``
seconds after a showdown, ``pause`` after a hand won without one) so that every page can show
its result on the felt: no CPU acts, no person's action is taken, the turn timer stands still;
the pause ends early when every present person asked for the ``next`` hand. The tip a person
asked for at their draw is worked out in a worker thread, like a CPU player's choice, and sent
when ready: the table never waits for it. The turn timer
(R-TABLE-1) is the engine's (:meth:`Table.enforce_timer`); the table's clock stands still while
the table waits or pauses.

>>> from drawpoker.site.room import TableClock
>>> now = [10.0]
>>> clock = TableClock(lambda: now[0], running=False)
>>> now[0] = 25.0; clock()
10.0
>>> clock.resume(); now[0] = 27.0; clock()
12.0
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from drawpoker.bots import CPU_PLAYERS, make_bot
from drawpoker.cards import parse_cards
from drawpoker.catalogues import DEFAULT_LANGUAGE
from drawpoker.engine import GAMES, Action
from drawpoker.errors import DrawPokerError, IllegalActionError, InvalidArgumentError
from drawpoker.narration import cpu_name, seat_name
from drawpoker.site.jsontext import decode, encode
from drawpoker.site.lobby import NewTable
from drawpoker.site.protocol import TOO_SLOW, Act, ProtocolError, outage_sentence
from drawpoker.site.ratings import CPU_RATINGS, NEW, Entrant, rate, unrated_reason
from drawpoker.site.seat_help import TipQuestion, known_tip, tip_question, work_out_tip
from drawpoker.site.seatview import (
    betting_facts,
    hand_text,
    own_text,
    public_view,
    seat_state,
    table_state,
)
from drawpoker.site.store import (
    GameResult,
    SeatRecord,
    SeatResult,
    StaleFenceError,
    StoreUnavailableError,
)
from drawpoker.site.stream import SeatStreams, spoken
from drawpoker.site.tasks import stop_task
from drawpoker.table import Table

if TYPE_CHECKING:
    from drawpoker.site.store import Store

log = logging.getLogger("drawpoker.site")

STORE_RETRY = 0.5
"""Seconds a table whose store cannot be reached waits before it tries again."""

WAKE_GRID = 0.05
"""Seconds: the timed waits of every room (its CPU players' think, clocks, pauses) end on this
grid of the loop's clock, so that the moves of many tables due at about the same moment are
made in one turn of the loop and share its wake-up and its grouped commit. Why not coarser:
docs/scale-out.md."""


def unnamed(seat: int) -> str:
    """What is saved as the name of a person's seat whose player gave none: the table's
    history files name the seat so, and each reader is told it in their own language
    (:meth:`Room.names`).

    >>> unnamed(0)
    'Seat 1'
    """
    return f"Seat {seat + 1}"


def merged(*texts: str) -> str:
    """The texts of JSON objects encoded apart (no name in two of them) as one object's text:
    a part every seat shares is encoded once, not once per seat.

    >>> merged(encode({"a": 1}), encode({}), encode({"b": [2]}))
    '{"a":1,"b":[2]}'
    """
    return "{" + ",".join([text[1:-1] for text in texts if text != "{}"]) + "}"


def actions_between(table: Table, before: tuple[int, int], after: tuple[int, int]) -> int:
    """The actions played at ``table`` from the point ``before`` to the point ``after`` (each a
    hand's index and a count of its actions, as :meth:`Store.save` returns them): those of the
    hands in between alone are counted, not every hand the table ever played.

    >>> from drawpoker.engine import game
    >>> table = Table(game("holdem"), 2, seed=2)
    >>> table.act(0, table.default_action()); table.act(1, table.default_action())
    >>> [len(hand.actions) for hand in table.hands]
    [1, 1, 0]
    >>> actions_between(table, (0, 0), (2, 0)), actions_between(table, (1, 0), (1, 1))
    (2, 1)
    """
    (first, done), (last, count) = before, after
    if first == last:
        return count - done
    hands = table.hands
    between = sum(len(hands[index].actions) for index in range(first, last))
    return between - done + count


class TableClock:
    """The clock a table's turn timer reads: ``source`` (seconds), standing still while the
    table waits for its players (``running=False`` until :meth:`resume`).

    >>> TableClock(lambda: 5.0)()
    5.0
    """

    def __init__(self, source: Callable[[], float] = time.monotonic, running: bool = True):
        self.source = source
        self.offset = 0.0
        self.stopped_at: float | None = None if running else source()

    def __call__(self) -> float:
        stopped = self.stopped_at
        return (self.source() if stopped is None else stopped) - self.offset

    def stop(self) -> None:
        """Holds the clock where it stands until :meth:`resume`.

        >>> now = [1.0]; clock = TableClock(lambda: now[0]); clock.stop(); now[0] = 9.0; clock()
        1.0
        """
        if self.stopped_at is None:
            self.stopped_at = self.source()

    def resume(self) -> None:
        """Lets the clock run again from where it stood.

        >>> clock = TableClock(lambda: 3.0, running=False); clock.resume(); clock.stopped_at
        """
        if self.stopped_at is not None:
            self.offset += self.source() - self.stopped_at
            self.stopped_at = None


class Relay(Protocol):
    """Where a dealer's room sends what it would send its connections (:mod:`drawpoker.site.relay`):
    each person's seat's update (``seat``), whether or not anyone connected to this process (the
    gateways hold the connections), and the public one (``seat`` ``None``) while the room knows
    of a watcher (its dealer was told of each, docs/scale-out.md)."""

    def send(self, seat: int | None, texts: dict[str, str]) -> None:
        """Queues a message for the seat's channel (the public one for ``None``): by language
        tag, its text in each language its connections read."""
        ...

    def published(self, seat: int | None) -> int:
        """The event number (``seq``) of the seat's stream (the public one for ``None``) that
        the channel's last message queued was made at."""
        ...


class Outbox(Protocol):
    """Where a connected browser's messages go: ``send`` queues one (``False`` when the
    connection cannot keep up: the room then drops it, and the browser reconnects), ``close``
    ends it."""

    def send(self, text: str) -> bool:
        """Queues a message."""
        ...

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Ends the connection."""
        ...


class KeptOutbox:
    """An :class:`Outbox` that keeps every message it is sent, for tests and tools that drive a
    room themselves (no connection behind it).

    >>> kept = KeptOutbox()
    >>> kept.send('{"type": "welcome"}'), kept.texts
    (True, ['{"type": "welcome"}'])
    """

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> bool:
        """Keeps ``text``."""
        self.texts.append(text)
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Nothing to end."""


@dataclass(frozen=True)
class Pace:
    """How fast a room plays: the CPU players' ``think`` seconds before each action, the
    ``pause`` after a hand won without a showdown and the ``showdown`` pause after one (the
    table holds its result on every page), the ``grace`` seconds a person's seat stays theirs
    without a connection before a CPU stand-in plays it, and whether CPU players decide in a worker
    thread (``threads``: a strong player's seconds of analysis then do not hold up the other
    tables; a ``quick`` one, such as the rules players, decides in the loop all the same).

    >>> Pace().think
    0.0
    """

    think: float = 0.0
    pause: float = 0.0
    grace: float = 0.0
    showdown: float = 0.0
    threads: bool = True


@dataclass
class Room:
    """A table being played: its id, the request it was made from, its seats, the engine's
    table and its status (``waiting``, ``playing``, ``over``).

    >>> from drawpoker.site.lobby import parse_new_table
    >>> from drawpoker.site.store import Store
    >>> room = Room.new("t1", 0.0, parse_new_table({"game": "holdem",
    ...                 "seats": ["person", "cpu:checkcall"]}), Store(":memory:"), Pace(), seed=3)
    >>> room.status, room.table.to_act, room.open_seats()
    ('waiting', 0, [0])
    """

    id: str
    created: float
    request: NewTable
    seats: list[SeatRecord]
    table: Table
    status: str
    store: Store
    pace: Pace
    clock: TableClock
    streams: SeatStreams = field(init=False)
    connections: dict[int, set[Outbox]] = field(default_factory=dict)
    watchers: set[Outbox] = field(default_factory=set)
    """The connections of people watching (no seat: they are shown what every seat sees)."""
    languages: dict[Outbox, str] = field(default_factory=dict)
    """Each connection's language tag: the events' sentences are sent in it."""
    eager: bool = False
    """Starts as soon as one person's seat has its player (the tables "Play now" makes)."""
    listener: Callable[[], None] | None = None
    """Called after each change of what the lobby lists of the table (its
    :meth:`row_inputs`), and when it ends: the lobby's list follows
    the tables without looking at each after every action."""
    listed_inputs: tuple[Any, ...] | None = None
    """The table's :meth:`row_inputs` when :attr:`listener` was
    last called from :meth:`_broadcast`."""
    gone: dict[int, float] = field(default_factory=dict)
    """Person seats without a connection, and since when (for the grace period)."""
    changes: int = 0
    """Changes of the table so far in this process (actions, seats leaving or coming back)."""
    changed_at: float = 0.0
    pause_until: float | None = None
    """While the table holds a finished hand's result: when the pause ends (monotonic)."""
    ready: set[int] = field(default_factory=set)
    """The seats whose player asked for the next hand during the pause."""
    tips: set[int] = field(default_factory=set)
    """The seats whose player turned tips on: only they get one at their draw."""
    tips_asked: dict[TipQuestion, asyncio.Task[None]] = field(default_factory=dict)
    """The tips being worked out in a worker thread, by question (:meth:`_ask_tip`)."""
    next_table: str | None = None
    """The table made by "Play again" once the game is over (for the same group)."""
    saved: tuple[int, int] = (0, 0)
    """The hand being played and how many of its actions are saved."""
    actions: int = 0
    """Actions played at the table so far."""
    unsaved_players: set[tuple[str, int]] = field(default_factory=set)
    """CPU players that acted since their state was last saved (saved when a hand ends)."""
    last_hand: tuple[int, dict[tuple[int | None, str], tuple[dict[str, Any], str]]] = field(
        default_factory=lambda: (-1, {})
    )
    """The previous hand's index and, by seat (``None``: the watchers) and language tag, that
    seat's summary of it in that language, as data and as the text of a ``last`` member (it
    never changes: made once, when first sent)."""
    seated: dict[str, tuple[tuple[Any, ...], list[dict[str, Any]]]] = field(default_factory=dict)
    """By language tag, the :meth:`players` last sent and what they were made from
    (:meth:`_roster`): made again only once that changed (:meth:`_players_now`)."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    ratings: dict[int, float] = field(default_factory=dict)
    """The rating shown beside each rated seat's name (a device's in this game, or a CPU's)."""
    results: dict[int, SeatResult] = field(default_factory=dict)
    """Each seat's result once the game is over (with its rating before and after, if rated)."""
    fence: tuple[int, int] | None = None
    """In a dealer: the table's lane and the fencing number its dealer holds; every save carries
    it, and a save the store refuses (another dealer took the lane) stops the room."""
    relay: Relay | None = None
    """In a dealer: where every seat's update goes (the bus), rather than to ``connections``."""
    moved: bool = False
    """The store refused a save under :attr:`fence`: another dealer holds the table now; this
    room does nothing more."""
    behind: bool = False
    """A save failed (the store could not be reached): the table in memory holds a change the
    store does not, which nobody was shown; it is loaded again from the store before anything
    else is done at the table (:meth:`_catch_up`)."""

    def __post_init__(self) -> None:
        self.streams = SeatStreams(self.table, self.names)
        self._refresh_ratings()
        if self.status == "over":
            self.results = {r.seat: r for r in self.store.results(self.id)}
        hands = self.table.hands
        self.saved = (len(hands) - 1, len(hands[-1].actions))
        self.actions = sum(len(hand.actions) for hand in hands)
        self.changed_at = time.monotonic()

    # ------------------------------------------------------------------ making and loading

    @classmethod
    def new(
        cls,
        table_id: str,
        created: float,
        request: NewTable,
        store: Store,
        pace: Pace,
        seed: int,
        bot_seeds: Iterable[int] | None = None,
        fence: tuple[int, int] | None = None,
    ) -> Room:
        """A new table for ``request``, saved at once (under the lane's fencing number
        ``fence``, when a dealer makes it); ``seed`` deals its hands and ``bot_seeds`` (one
        per seat) seed its CPU players.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> store = Store(":memory:")
        >>> room = Room.new("t1", 0.0, parse_new_table({"game": "five-card-draw",
        ...                 "seats": ["cpu:rules", "person"]}), store, Pace(), seed=9)
        >>> [s.name for s in room.seats], [t.id for t in store.load()]
        (['CPU 1', 'Seat 2'], ['t1'])
        """
        seeds = list(bot_seeds) if bot_seeds is not None else list(range(len(request.seats)))
        names = [unnamed(seat) for seat in range(len(request.seats))]
        cpu = {
            seat: make_bot(kind, seed=seeds[seat], game=request.game.name)
            for seat, kind in enumerate(request.seats)
            if kind is not None
        }
        clock = TableClock(running=False)
        table = Table(
            request.game,
            names,
            seed,
            settings=request.settings,
            cpu=cpu,
            clock=clock,
            cpu_players=CPU_PLAYERS,
        )
        seats = [
            SeatRecord(kind, f"CPU {seat + 1}" if kind else unnamed(seat), None)
            for seat, kind in enumerate(request.seats)
        ]
        store.create(table_id, created, request.to_dict(), "waiting", seats, table, fence)
        room = cls(table_id, created, request, seats, table, "waiting", store, pace, clock)
        room.fence = fence
        return room

    # ------------------------------------------------------------------ what seats are shown

    def open_seats(self) -> list[int]:
        """The people's seats nobody has taken yet.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 3}),
        ...          Store(":memory:"), Pace(), seed=1).open_seats()
        [0, 1, 2]
        """
        return [s for s, record in enumerate(self.seats) if not record.taken]

    def names(self, tag: str = DEFAULT_LANGUAGE) -> list[str]:
        """The seats' names as a reader of the tag's language is told them: a person's as
        they gave it, a CPU seat's and an unnamed person's seat's in the reader's language.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules", "person"]}), Store(":memory:"), Pace(), seed=1)
        >>> room.claim(2, "Ann", "hash")
        >>> room.names(), room.names("ar")
        (['Seat 1', 'CPU 2', 'Ann'], ['المقعد 1', 'الحاسوب 2', 'Ann'])
        """
        return [
            record.name if self.named(seat) else (cpu_name if record.cpu else seat_name)(seat, tag)
            for seat, record in enumerate(self.seats)
        ]

    def named(self, seat: int) -> bool:
        """Whether a person plays the seat under a name they gave (not a CPU seat, nor one
        still called :func:`unnamed`).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules", "person"]}), Store(":memory:"), Pace(), seed=1)
        >>> room.claim(2, "Ann", "hash")
        >>> [room.named(seat) for seat in range(3)]
        [False, False, True]
        """
        record = self.seats[seat]
        return record.cpu is None and record.name != unnamed(seat)

    def players(self, tag: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """Who sits where, as every seat is shown it: name (:meth:`names`, in the tag's
        language), CPU type (``None`` for a person),
        whether the seat is taken, whether its player is connected, whether a CPU plays it
        for an away player.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...          "cpu:rules"]}), Store(":memory:"), Pace(), seed=1).players()[1]
        {'seat': 1, 'name': 'CPU 2', 'cpu': 'rules', 'taken': True, 'connected': False, \
'away': False, 'rating': 19.0, 'rating_change': None}
        """
        away = self.table.away
        names = self.names(tag)
        return [
            {
                "seat": seat,
                "name": names[seat],
                "cpu": record.cpu,
                "taken": record.taken,
                "connected": bool(self.connections.get(seat)),
                "away": seat in away,
                "rating": self.ratings.get(seat),
                "rating_change": self._rating_change(seat),
            }
            for seat, record in enumerate(self.seats)
        ]

    def _roster(self) -> tuple[Any, ...]:
        """Everything :meth:`players` is made from besides the language: each seat's record,
        whether it is connected, the seats a CPU stands in for, the ratings and the results.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> before = room._roster(); room.claim(0, "Ann", "h"); room._roster() == before
        False
        """
        seats = self.seats
        return (
            [(record.cpu, record.name, record.token_hash) for record in seats],
            [seat for seat, outs in self.connections.items() if outs],
            list(self.table.away),
            list(self.ratings.items()),
            list(self.results.items()),
        )

    def _players_now(self, tag: str) -> list[dict[str, Any]]:
        """:meth:`players`, made again only when what it is made from changed since it was
        last made in the tag's language (the same list then: it is only read).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> first = room._players_now("en"); room._players_now("en") is first
        True
        >>> room.claim(0, "Ann", "h"); room._players_now("en")[0]["name"], room.players()[0]["name"]
        ('Ann', 'Ann')
        """
        roster = self._roster()
        made = self.seated.get(tag)
        if made is None or made[0] != roster:
            made = self.seated[tag] = (roster, self.players(tag))
        return made[1]

    def _rating_change(self, seat: int) -> float | None:
        result = self.results.get(seat)
        if result is None or result.rating_before is None or result.rating_after is None:
            return None
        return round(result.rating_after - result.rating_before, 1)

    def _refresh_ratings(self) -> None:
        """Reads the rating shown beside each seat: a device's in this game (a newcomer's
        when it has none yet), a CPU player's fixed one; none for other seats."""
        devices = {seat: r.device for seat, r in enumerate(self.seats) if r.device is not None}
        saved = self.store.ratings(self.table.game.name, devices.values())
        self.ratings = {seat: saved.get(device, NEW).shown for seat, device in devices.items()}
        for seat, record in enumerate(self.seats):
            if record.cpu in CPU_RATINGS:
                self.ratings[seat] = CPU_RATINGS[record.cpu].shown

    def game_result(self) -> GameResult:
        """The finished game's result: each seat's place and score (the table's standings)
        and, when the game is rated (:func:`~drawpoker.site.ratings.unrated_reason`), the
        devices' new ratings in this game.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:checkcall"], "rounds": 1}), Store(":memory:"), Pace(), seed=1)
        >>> room.start(); room.table.play_cpu(); result = room.game_result()
        >>> sorted(r.place for r in result.seats), result.ratings
        ([1, 2], {})
        """
        table = self.table
        standings = table.standings()
        entrants = [
            Entrant(s.seat, s.place, self.seats[s.seat].device, self.seats[s.seat].cpu)
            for s in standings
        ]
        game = table.game.name
        before = self.store.ratings(game, [e.device for e in entrants if e.device is not None])
        after = {} if unrated_reason(entrants) is not None else rate(entrants, before)
        seats = []
        for entrant, standing in zip(entrants, standings, strict=True):
            device = entrant.device
            rated = device is not None and device in after
            seats.append(
                SeatResult(
                    standing.seat,
                    standing.place,
                    standing.score,
                    before.get(device, NEW).shown if rated and device is not None else None,
                    after[device].shown if rated and device is not None else None,
                )
            )
        return GameResult(game, seats, after)

    def facts(self, tag: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """What anyone may know of the table (the lobby's link shows it before a seat is
        taken): the game and its settings, the table settings, the seats (their names in the
        tag's language) and the status.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> facts = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                  "person"]}), Store(":memory:"), Pace(), seed=1).facts()
        >>> facts["game"]["title"], facts["open_seats"], facts["status"]
        ("Texas Hold'em, no limit", [0, 1], 'waiting')
        """
        spec = self.table.game
        forced = spec.forced
        return {
            "id": self.id,
            "game": {
                "name": spec.name,
                "title": GAMES[spec.name].title,
                "settings": spec.settings.to_dict(),
                "betting": spec.betting is not None,
                "ranking": spec.ranking,
                "joker": spec.joker,
                "board": any(street.board for street in spec.streets),
                "draws": any(street.draw for street in spec.streets),
                "ante": forced.ante,
                "small_blind": forced.small_blind,
                "big_blind": forced.big_blind,
                "bring_in": forced.bring_in,
                "stud": any(street.up for street in spec.streets),
                "split": len(spec.showdown) > 1,
                **betting_facts(spec.betting),
            },
            "rounds": self.table.settings.rounds,
            "turn_timer": self.table.settings.turn_timer,
            "stack": self.table.settings.stack or spec.default_stack,
            "status": self.status,
            "players": self.players(tag),
            "open_seats": self.open_seats(),
            "private": self.request.private,
            "watching": len(self.watchers),
        }

    def time_left(self) -> float | None:
        """Seconds left for a present person's turn under the turn timer (``None`` when there
        is no timer, the table is not playing or a CPU plays the turn).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2,
        ...          "turn_timer": 30}), Store(":memory:"), Pace(), seed=1).time_left()
        """
        if self.status != "playing" or self.table.is_cpu_turn():
            return None
        return self.table.time_left()

    def _start_pause(self) -> None:
        """Holds the table still after a hand ended (the showdown pause when it reached one)."""
        table = self.table
        if self.status != "playing" or table.is_over or len(table.hands) < 2:
            return
        shown = any(e.kind == "show" for e in table.hands[-2].events)
        seconds = self.pace.showdown if shown else self.pace.pause
        if seconds > 0:
            self.pause_until = time.monotonic() + seconds
            self.ready.clear()
            self.clock.stop()

    def _end_pause(self) -> None:
        self.pause_until = None
        self.ready.clear()
        self.clock.resume()
        self.changed_at = time.monotonic()
        self._broadcast(None)
        self.wake.set()

    def row_inputs(self) -> tuple[Any, ...]:
        """What of the table its lobby row (:func:`drawpoker.site.listing.table_row`) reads
        that changes while it plays: the row is made again only when these differ (a dealer
        lists every table of its own). Kept beside the fields it reads, so that the lobby's
        module needs nothing from this one.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> before = room.row_inputs(); room.claim(0, "Ann", "hash"); room.row_inputs() == before
        False
        """
        seats = tuple((record.name, record.cpu, record.taken) for record in self.seats)
        return self.status, len(self.watchers), seats, tuple(sorted(self.ratings.items()))

    def state(self, seat: int | None, tag: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """The seat's whole state now, or a watcher's (``None``)
        (:func:`~drawpoker.site.seatview.seat_state`), its words in the tag's language.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> room.state(0)["seq"], len(room.state(0)["cards"])
        (3, 2)
        """
        self._ask_tip()
        previous = self._last(seat, tag)
        state = seat_state(
            self.table,
            seat,
            players=self.players(tag),
            status=self.status,
            seq=self.streams.last[-1 if seat is None else seat],
            time_left=self.time_left(),
            actions=self.actions,
            last=None if previous is None else previous[0],
            watching=len(self.watchers),
            settled=self.pause_until is not None,
            tag=tag,
            tips=seat in self.tips,
        )
        state.update(self.pause_state())
        return state

    def public_state(self, tag: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """What a watcher is shown now (:meth:`state` of no seat).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> room.public_state()["seq"], room.public_state()["cards"]
        (2, [])
        """
        return self.state(None, tag)

    def pause_state(self) -> dict[str, Any]:
        """What every seat is shown of the room itself: the seconds left of the pause after a
        hand (``pause``; ``None`` when the table is not pausing), the seats that asked for the
        next hand, and the table "Play again" made (``next_table``).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...          Store(":memory:"), Pace(), seed=1).pause_state()
        {'pause': None, 'ready': [], 'next_table': None}
        """
        until = self.pause_until
        left = None if until is None else round(max(until - time.monotonic(), 0.0), 2)
        return {"pause": left, "ready": sorted(self.ready), "next_table": self.next_table}

    def _last(self, seat: int | None, tag: str) -> tuple[dict[str, Any], str] | None:
        """The previous hand's summary as ``seat`` saw it (``None``: as the watchers did,
        :func:`~drawpoker.site.seatview.public_view`), in the tag's language, as data and as
        the text of a ``last`` member (:attr:`last_hand`; ``None`` in the first hand).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:checkcall"]}), Store(":memory:"), Pace(), seed=1)
        >>> room._last(0, "en")
        >>> room.start(); room.table.act(0, room.table.default_action())
        >>> data, text = room._last(0, "en"); data["hand"], text[:16]
        (0, '{"last":{"hand":')
        >>> room._last(0, "en")[0] is data, list(room.last_hand[1])
        (True, [(0, 'en')])
        """
        table = self.table
        previous = len(table.hands) - 2
        if previous < 0:
            return None
        if self.last_hand[0] != previous:
            self.last_hand = (previous, {})
        made = self.last_hand[1].get((seat, tag))
        if made is None:
            hand = table.hands[previous]
            seen = public_view(hand.view(0)) if seat is None else hand.view(seat)
            text = hand_text(seen, previous, hand.winners, tag)
            made = (decode(text), '{"last":' + text + "}")
            self.last_hand[1][seat, tag] = made
        return made

    # ------------------------------------------------------------------ connections

    def _speaks(self, outbox: Outbox, tag: str) -> None:
        """Notes a connection's language; the new events' sentences are made in it too."""
        self.languages[outbox] = tag
        self.streams.tags.add(tag)

    def _tags(self, outboxes: set[Outbox]) -> list[str]:
        """The languages ``outboxes`` read (the default one when there is none)."""
        tags = {self.languages.get(out, DEFAULT_LANGUAGE) for out in outboxes}
        return sorted(tags) or [DEFAULT_LANGUAGE]

    def _silent(self, outbox: Outbox) -> None:
        self.languages.pop(outbox, None)
        self.streams.tags = {DEFAULT_LANGUAGE, *self.languages.values()}

    def connect(self, seat: int, outbox: Outbox, since: int | None, tag: str = "en") -> None:
        """A browser holding ``seat``'s token connected: it gets the ``welcome`` (the table's
        facts, the seat's whole state and its events after ``since``, their sentences in the
        language of ``tag``), the seat is its player's again if a CPU stood in, and a waiting
        table starts once every person's seat has its player (an :attr:`eager` one at once).
        """
        self._catch_up()
        self.connections.setdefault(seat, set()).add(outbox)
        self._speaks(outbox, tag)
        self.gone.pop(seat, None)
        outbox.send(
            encode(
                {
                    "type": "welcome",
                    "seat": seat,
                    "seq": self.streams.last[seat],
                    "table": self.facts(tag),
                    "events": self.streams.since(self.table, seat, since, tag),
                    "state": self.state(seat, tag),
                }
            )
        )
        table = self.table
        if self.status == "playing" and seat in table.away:
            table.come_back(seat)
            self._changed(acted=False)
        elif self.status == "waiting" and (
            self.eager
            or all(self.connections.get(s) for s, r in enumerate(self.seats) if r.cpu is None)
        ):
            self.start()
        else:
            self._broadcast(None)

    def catch_up(self, seat: int | None, since: int, tag: str = DEFAULT_LANGUAGE) -> str | None:
        """The update that brings a channel published up to event ``since`` to now (a dealer
        taking the table over, after its predecessor committed a change it did not publish):
        the seat's (``None``: the public) events after ``since`` and its whole state, in the
        language of ``tag``; ``None`` when the channel is up to date.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> import json
        >>> json.loads(room.catch_up(0, 1))["events"][0]["seq"], room.catch_up(0, 3)
        (2, None)
        """
        stream = len(self.seats) if seat is None else seat
        last = self.streams.last[stream]
        if since >= last:
            return None
        state = self.public_state(tag) if seat is None else self.state(seat, tag)
        events = self.streams.since(self.table, stream, since, tag)
        return encode({"type": "update", "seq": last, "events": events, "state": state})

    def attach(self, seat: int | None, outbox: Outbox, tag: str = DEFAULT_LANGUAGE) -> None:
        """A connection of ``seat`` (``None``: a watcher) that said hello to an earlier dealer
        of the table (this one took the lane over): counted as connected, without a welcome
        (it has its own), its updates told in the language of ``tag`` from now on.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                 Store(":memory:"), Pace(), seed=1)
        >>> class Quiet:
        ...     def send(self, text): print("sent"); return True
        >>> room.attach(0, Quiet()); room.players()[0]["connected"]
        True
        """
        self._speaks(outbox, tag)
        if seat is None:
            self._first_watcher(tag)
            self.watchers.add(outbox)
            return
        self.connections.setdefault(seat, set()).add(outbox)
        if self.gone.pop(seat, None) is not None:
            self._broadcast(None)

    def watchers_full(self, limit: int) -> ProtocolError | None:
        """The refusal of one more watcher when ``limit`` watch already (closed with 4429),
        else ``None``: asked by whichever process holds the room, one or a dealer."""
        if len(self.watchers) < limit:
            return None
        return ProtocolError(
            "too-many-watchers", f"this table has {limit} watchers already: try again later"
        )

    def watch(self, outbox: Outbox, since: int | None, tag: str = "en") -> None:
        """A watcher connected: it gets the ``welcome`` of a watcher (``seat`` ``None``, the
        table's facts, the public state and the public events after ``since``, told in the
        language of ``tag``); the players are told how many watch."""
        self._catch_up()
        self._first_watcher(tag)
        self.watchers.add(outbox)
        self._speaks(outbox, tag)
        outbox.send(
            encode(
                {
                    "type": "welcome",
                    "seat": None,
                    "seq": self.streams.last[-1],
                    "table": self.facts(tag),
                    "events": self.streams.since(self.table, len(self.seats), since, tag),
                    "state": self.public_state(tag),
                }
            )
        )
        self._broadcast(None)

    def _first_watcher(self, tag: str) -> None:
        """In a dealer, before the first watcher (none known) is welcomed or attached: the
        public channel, left as it was while nobody watched, is brought to now by one
        :meth:`catch_up` update in the language of ``tag``, so that it holds every public
        event again: a watcher follows it from its top, and a dealer taking the table over
        goes on from there (what it finds missing then was committed and not published).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> import json
        >>> class Sent:
        ...     def __init__(self): self.seqs = {}
        ...     def send(self, seat, texts):
        ...         self.seqs[seat] = json.loads(texts["en"])["seq"]
        ...     def published(self, seat): return self.seqs.get(seat, 0)
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> room.relay = Sent(); room.start(); room.relay.seqs  # nobody watches
        {0: 3}
        >>> room._first_watcher("en"); room.relay.seqs[None] == room.streams.last[-1]
        True
        """
        relay = self.relay
        if relay is None or self.watchers:
            return
        text = self.catch_up(None, relay.published(None), tag)
        if text is not None:
            relay.send(None, {tag: text})

    def unwatch(self, outbox: Outbox) -> None:
        """A watcher went away."""
        self.watchers.discard(outbox)
        self._silent(outbox)
        self._broadcast(None)

    def disconnect(self, seat: int, outbox: Outbox) -> None:
        """A browser of ``seat`` went away; with no other left, the seat's player is gone
        (a CPU stands in after the grace period)."""
        outs = self.connections.get(seat, set())
        outs.discard(outbox)
        self._silent(outbox)
        if outs:
            return
        if self.pace.grace <= 0:
            self._leave(seat)
        else:
            self.gone[seat] = time.monotonic()
            self._broadcast(None)
            self.wake.set()

    def tell_players(self) -> None:
        """Sends every connected seat its whole state again (the room's own part changed:
        the table "Play again" made)."""
        self._broadcast(None)

    def _leave(self, seat: int) -> None:
        if self.status == "playing" and not self.table.is_over and seat not in self.table.away:
            self.table.leave(seat)
            self._changed(players=[("away", seat)], acted=False)
        else:
            self._broadcast(None)

    def claim(self, seat: int, name: str, token_hash: str, device: int | None = None) -> None:
        """Gives an open seat to a person (their name, their token's hash, their device's id),
        saved at once.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                 Store(":memory:"), Pace(), seed=1)
        >>> room.claim(1, "Ann", "ab"); room.open_seats(), room.players()[1]["name"]
        ([0], 'Ann')
        >>> room.claim(1, "Bob", "cd")
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: seat 1 is not an open seat (open: [0])
        """
        if seat not in self.open_seats():
            raise InvalidArgumentError(
                f"seat {seat!r} is not an open seat (open: {self.open_seats()})"
            )
        record = self.seats[seat]
        try:
            self.store.claim(self.id, seat, name, token_hash, device, fence=self.fence)
        except StaleFenceError:
            self.fenced_out()
            raise
        record.name, record.token_hash, record.device = name, token_hash, device
        self._refresh_ratings()
        self._broadcast(None)

    def retoken(self, seat: int, token_hash: str) -> None:
        """Gives a person's seat a new token (its device took it back), saved at once: the
        old token no longer opens the seat; connections open with it stay.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> store = Store(":memory:")
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                 store, Pace(), seed=1)
        >>> ann = store.add_device("ef", "Ann", 0.0)
        >>> room.claim(0, "Ann", "ab", device=ann); room.retoken(0, "cd"); room.seats[0].token_hash
        'cd'
        """
        try:
            self.store.retoken(self.id, seat, token_hash, fence=self.fence)
        except StaleFenceError:
            self.fenced_out()
            raise
        self.seats[seat].token_hash = token_hash

    # ------------------------------------------------------------------ what people do

    def start(self) -> None:
        """Starts a waiting table: CPU stand-ins play the people's seats without a connected
        player (until someone takes them), the clock runs, the CPU players act.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                 Store(":memory:"), Pace(), seed=1)
        >>> room.start(); room.status, sorted(room.table.away)
        ('playing', [0, 1])
        """
        if self.status != "waiting":
            return
        self.status = "playing"
        self.clock.resume()
        table = self.table
        stand_ins = []
        for seat, record in enumerate(self.seats):
            if record.cpu is None and not self.connections.get(seat):
                table.leave(seat)
                stand_ins.append(("away", seat))
        self._changed(players=stand_ins, acted=False)

    def command(self, seat: int, kind: str) -> None:
        """A seated player's ``away`` (a CPU plays the seat), ``back`` or ``start``.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                 Store(":memory:"), Pace(), seed=1)
        >>> room.command(0, "away")
        Traceback (most recent call last):
        ...
        drawpoker.site.protocol.ProtocolError: not-started: the table has not started yet: \
it starts when every seat has its player, or when a player asks to start
        """
        self._catch_up()
        if kind == "start":
            if self.status == "waiting":
                self.start()
            return
        self._check_playing()
        if kind == "next":
            if self.pause_until is not None:
                self.ready.add(seat)
                present = {s for s, outs in self.connections.items() if outs}
                present -= set(self.table.away)
                if present <= self.ready:
                    self._end_pause()
                else:
                    self._broadcast(None)
            return
        table = self.table
        if kind == "away" and seat not in table.away:
            table.leave(seat)
            self._changed(players=[("away", seat)], acted=False)
        elif kind == "back" and seat in table.away:
            table.come_back(seat)
            self._changed(acted=False)

    def set_tips(self, seat: int, on: bool) -> None:
        """The tips setting of ``seat``'s player (sent after each hello and on each change):
        a change is shown at once (the tip appears or goes at the seat's draw) to that seat's
        connections only, as nobody else sees it. The setting is the seat's, not one
        connection's: the last one sent by any of its tabs holds for all of them.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "five-card-draw",
        ...                 "seats": ["person", "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> room.set_tips(0, True); room.tips
        {0}
        >>> room.set_tips(0, False); room.tips
        set()
        """
        if (seat in self.tips) == on:
            return
        if on:
            self.tips.add(seat)
        else:
            self.tips.discard(seat)
        self._broadcast(None, only=seat)

    def _tip_question(self) -> tuple[int, TipQuestion] | None:
        """The seat at its draw whose player turned tips on, and what its tip is worked out
        from (its own cards, the game's ranking, the draw's limit, its own discards still in
        the pile); ``None`` when no seat needs one now."""
        seat = self.table.to_act
        if seat is None or seat not in self.tips or self.status != "playing" or self.moved:
            return None
        question = tip_question(self.table.hand.view(seat))
        return None if question is None else (seat, question)

    def _ask_tip(self) -> None:
        """Has the tip of the seat at its draw worked out when its player wants one and it is
        not known yet (:func:`~drawpoker.site.seat_help.known_tip`): in a worker thread, as
        the draw engine's count takes milliseconds (more with the joker) that the table's
        event loop must not wait for; the seat's connections get their state again, with
        the tip, once it is ready. Without worker threads (``Pace.threads`` off, or no event
        loop running: no table to hold up) it is worked out at once."""
        asked = self._tip_question()
        if asked is None or asked[1] in self.tips_asked or known_tip(asked[1]) is not None:
            return
        seat, question = asked
        try:
            loop = asyncio.get_running_loop() if self.pace.threads else None
        except RuntimeError:
            loop = None
        if loop is None:
            work_out_tip(question)
            return
        self.tips_asked[question] = loop.create_task(self._work_out_tip(seat, question))

    async def _work_out_tip(self, seat: int, question: TipQuestion) -> None:
        """Works out a tip in a worker thread, then tells the seat if it still needs it."""
        try:
            await asyncio.to_thread(work_out_tip, question)
        except Exception:
            log.exception("table %s: the tip of seat %d could not be worked out", self.id, seat)
            return
        finally:
            del self.tips_asked[question]
        if self._tip_question() == (seat, question):
            self._broadcast(None, only=seat)

    def _check_playing(self) -> None:
        if self.status == "waiting":
            raise ProtocolError(
                "not-started",
                "the table has not started yet: it starts when every seat has its player, "
                "or when a player asks to start",
            )
        if self.table.is_over:
            raise ProtocolError("over", "the game is over: no more actions")

    def act(self, seat: int, message: Act) -> None:
        """A person's action for ``seat``: checked in turn (the table is playing, it is the
        seat's turn, the seat's player is not away, the action was chosen at the latest event
        of the seat's stream, the discards are the seat's cards) and then by the engine; a
        refusal raises :class:`ProtocolError` and changes nothing.

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                 Store(":memory:"), Pace(), seed=1)
        >>> room.start(); room.command(0, "back"); room.command(1, "back")
        >>> room.act(0, Act(room.streams.last[0], "raise", 150))
        Traceback (most recent call last):
        ...
        drawpoker.site.protocol.ProtocolError: illegal: 150 is not a legal total: any from 200 to \
10000
        """
        self._catch_up()
        self._check_playing()
        table = self.table
        if table.to_act != seat:
            raise ProtocolError(
                "not-your-turn", f"it is seat {table.to_act}'s turn, not seat {seat}'s"
            )
        if seat in table.away:
            raise ProtocolError("away", "a CPU player plays your seat: send back first")
        if self.pause_until is not None:
            raise ProtocolError(
                "pause", "the table shows the last hand's result: send next, or wait for the deal"
            )
        latest = self.streams.last[seat]
        if message.seq != latest:
            raise ProtocolError(
                "stale",
                f"the action was chosen at event {message.seq}; the table is at event {latest}",
            )
        action = self._action(seat, message)
        why = table.hand.why_illegal(action)
        if why is not None:
            raise ProtocolError("illegal", why)
        table.act(seat, action)
        self._changed()

    def _action(self, seat: int, message: Act) -> Action:
        if message.kind != "draw":
            return Action(message.kind, message.amount)
        held = self.table.view(seat).cards
        discards: list[int] = []
        for text in message.cards:
            try:
                (card,) = parse_cards(text)
            except (DrawPokerError, ValueError):
                raise ProtocolError("bad-card", f"{text!r} is not a card") from None
            if card in discards:
                raise ProtocolError("bad-card", f"{text} is named twice in the discards")
            if card not in held:
                raise ProtocolError("bad-card", f"{text} is not one of your cards")
            discards.append(card)
        return Action.draw(discards)

    # ------------------------------------------------------------------ after each change

    def _changed(self, players: Iterable[tuple[str, int]] = (), acted: bool = True) -> None:
        """Saves what changed (an action when ``acted``, else a seat leaving, coming back or
        the table starting), then sends every connected seat its update."""
        table = self.table
        before = self.saved
        status = self.status
        result = self.game_result() if table.is_over and self.status != "over" else None
        if table.is_over:
            self.status = "over"
        unsaved = self.unsaved_players
        unsaved.update(players)
        # A CPU player's state (its random generator) is saved with each hand that ends, not
        # after each of its actions: after a crash it decides afresh from there, and no chip or
        # card depends on it (the actions it took are saved with the hand).
        ends = len(table.hands) - 1 > before[0] or table.is_over or not acted
        written = sorted(unsaved) if ends else []
        try:
            self.saved = self.store.save(
                self.id,
                table,
                self.status,
                since=before,
                players=written,
                header=ends,
                result=result,
                fence=self.fence,
                lost=self._lost,
            )
        except StaleFenceError as error:
            self.status = status
            self.fenced_out()
            raise ProtocolError("moved", f"{error}: send it again") from None
        except StoreUnavailableError as error:
            self.behind = True
            self.status = status
            raise ProtocolError("store-unavailable", outage_sentence(error)) from None
        if result is not None:
            self.results = {r.seat: r for r in result.seats}
            self._refresh_ratings()
        if ends:
            unsaved.clear()
        self.actions += actions_between(table, before, self.saved)
        if self.saved[0] > before[0] and acted:
            self._start_pause()
        self.changes += 1
        self.changed_at = time.monotonic()
        self._broadcast(self.streams.advance(table, self._readers()))
        self.wake.set()

    def fenced_out(self) -> None:
        """The store refused a save under the room's fence: another dealer took the lane, so
        this room stops acting (its dealer drops the lane at its next renewal).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                 Store(":memory:"), Pace(), seed=1)
        >>> room.fenced_out(); room.moved
        True
        """
        self.moved = True
        self.wake.set()
        log.warning("table %s: its lane has another dealer now; this room stops", self.id)

    def _lost(self) -> None:
        """The commit of a saved change failed after the room went on (an SQLite file's
        grouped commit, :meth:`~drawpoker.site.store_sqlite.SQLiteBackend.grouped`): nobody
        was shown it (each connection waits for the commit before it sends what came after
        the change, and closes when it fails); the table is loaded again from the store before
        anything else is done at it (:meth:`_catch_up`).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        >>> room.start(); saved = room.table.to_dict()
        >>> room.table.act(0, room.table.default_action())  # as if its commit then failed
        >>> room._lost(); room._catch_up(); room.table.to_dict() == saved, room.streams.last
        (True, [3, 3, 2])
        """
        self.behind = True
        self.wake.set()

    def _catch_up(self) -> None:
        """After a failed save, the table as the store has it (the change that was not saved
        undone: nobody was shown it), its streams numbered from it again; ``store-unavailable``
        while the store is still away."""
        if not self.behind:
            return
        try:
            saved = self.store.load_table(self.id)
        except StoreUnavailableError as error:
            raise ProtocolError("store-unavailable", outage_sentence(error)) from None
        assert saved is not None, f"table {self.id} left the store"
        self.clock.stop()
        table = Table.from_dict(saved.snapshot, clock=self.clock, cpu_players=CPU_PLAYERS)
        if saved.status != "waiting":
            self.clock.resume()
        if len(table.hands) != len(self.table.hands):  # the hand that ended was not saved
            self.pause_until = None
            self.ready.clear()
        self.table = table
        self.status = saved.status
        streams = SeatStreams(table, self.names)
        streams.tags, streams.timed = self.streams.tags, self.streams.timed
        self.streams = streams
        hands = table.hands
        self.saved = (len(hands) - 1, len(hands[-1].actions))
        self.actions = sum(len(hand.actions) for hand in hands)
        if self.status != "over":
            self.results = {}
        self._refresh_ratings()
        self.changes += 1  # a CPU player deciding on the table that was is not heard
        self.behind = False
        log.warning("table %s: reloaded from the store after a failed save", self.id)

    def _readers(self) -> set[int]:
        """The streams :meth:`_broadcast` sends (the public one is the stream after the
        seats'): in a dealer every person's seat's, all published; else those of the seats
        connected; and the public one while someone watches (in a dealer too: nothing is
        published for watchers while it knows of none, :meth:`_first_watcher`).

        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.store import Store
        >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                 "cpu:rules", "person"]}), Store(":memory:"), Pace(), seed=1)
        >>> class Quiet:
        ...     def send(self, text): return True
        >>> room._readers(), room.connect(2, Quiet(), None), room._readers()
        (set(), None, {2})
        >>> room.watch(Quiet(), None); room._readers()
        {2, 3}
        """
        if self.relay is not None:
            readers = {seat for seat, record in enumerate(self.seats) if record.cpu is None}
        else:
            readers = {seat for seat, outs in self.connections.items() if outs}
        if self.watchers:
            readers.add(len(self.seats))
        return readers

    def _broadcast(self, new: list[list[dict[str, Any]]] | None, only: int | None = None) -> None:
        """Sends every connected seat its update: its new events and its whole state (the
        :meth:`state` the seat would get now) in its connection's language, the part every
        seat shares encoded once for each language. With ``only``, a change nobody else sees:
        that seat's connections alone get their state (no watcher, no listener)."""
        connected = [(seat, outs) for seat, outs in self.connections.items() if outs]
        relay = self.relay
        if relay is not None:
            connected = [(seat, set()) for seat, r in enumerate(self.seats) if r.cpu is None]
        if only is not None:
            connected = [(seat, outs) for seat, outs in connected if seat == only]
        else:
            if self.listener is not None:
                inputs = self.row_inputs()
                if inputs != self.listed_inputs:
                    self.listed_inputs = inputs
                    self.listener()
            if self.watchers:
                self._tell_watchers(new)
        if not connected:
            return
        self._ask_tip()
        table, status = self.table, self.status
        shared_texts: dict[str, str] = {}

        def shared(tag: str) -> str:
            if tag not in shared_texts:
                shared_texts[tag] = encode(
                    table_state(
                        table,
                        players=self._players_now(tag),
                        status=status,
                        time_left=self.time_left(),
                        actions=self.actions,
                        watching=len(self.watchers),
                        settled=self.pause_until is not None,
                    )
                )
            return shared_texts[tag]

        paused = encode(self.pause_state())
        texts: dict[tuple[int, str], str] = {}

        def told(seat: int, tag: str) -> str:
            """The seat's update in the language of ``tag`` (made once per seat and language)."""
            if (seat, tag) not in texts:
                seq = self.streams.last[seat]
                tips = seat in self.tips
                own = own_text(table, seat, status=status, seq=seq, tag=tag, tips=tips)
                previous = self._last(seat, tag)
                last = '{"last":null}' if previous is None else previous[1]
                state = merged(own, shared(tag), last, paused)
                events = [] if new is None else [spoken(e, tag) for e in new[seat]]
                head = encode({"type": "update", "seq": seq, "events": events})
                texts[seat, tag] = head[:-1] + ',"state":' + state + "}"  # (one more member)
            return texts[seat, tag]

        for seat, outs in connected:
            if relay is not None:  # in each language the gateways' connections of the seat read
                tags = self._tags(self.connections.get(seat, set()))
                relay.send(seat, {tag: told(seat, tag) for tag in tags})
            for out in list(outs):
                if not out.send(told(seat, self.languages.get(out, DEFAULT_LANGUAGE))):
                    outs.discard(out)
                    self._silent(out)
                    out.close(TOO_SLOW, "too slow: reconnect for a snapshot")

    def _tell_watchers(self, new: list[list[dict[str, Any]]] | None) -> None:
        """Sends every watcher the public update (encoded once for each language)."""
        head = {"type": "update", "seq": self.streams.last[-1]}
        texts: dict[str, str] = {}

        def told(tag: str) -> str:
            """The public update in the language of ``tag`` (made once per language)."""
            if tag not in texts:
                state = encode({"state": self.public_state(tag)})
                events = [] if new is None else [spoken(e, tag) for e in new[-1]]
                texts[tag] = merged(encode({**head, "events": events}), state)
            return texts[tag]

        if self.relay is not None:  # as in _broadcast: in each language the watchers read
            self.relay.send(None, {tag: told(tag) for tag in self._tags(self.watchers)})
        for out in list(self.watchers):
            if not out.send(told(self.languages.get(out, DEFAULT_LANGUAGE))):
                self.watchers.discard(out)
                self._silent(out)
                out.close(TOO_SLOW, "too slow: reconnect for a snapshot")

    # ------------------------------------------------------------------ the room's task

    def run(self) -> None:
        """Starts the room's task (CPU turns, timer, grace periods) on the running loop."""
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._play())

    async def stop(self) -> None:
        """Stops the room's task (and forgets the tips being worked out)."""
        for asked in list(self.tips_asked.values()):
            asked.cancel()
        if self.task is not None:
            await stop_task(self.task)
            self.task = None

    async def _wait(self, seconds: float | None) -> None:
        """Waits until :attr:`wake` is set, or ``seconds`` have passed (``None``: no limit).
        The limit is a timer that sets :attr:`wake` (each step clears it first), not
        ``asyncio.wait_for``, which makes a task, a future and a timeout of its own for every
        wait: a room waits before each of its CPU players' actions."""
        if seconds is not None and seconds <= 0:
            await asyncio.sleep(0)
            return
        if seconds is None:
            await self.wake.wait()
            return
        loop = asyncio.get_running_loop()
        due = math.ceil((loop.time() + seconds) / WAKE_GRID) * WAKE_GRID
        timer = loop.call_at(due, self.wake.set)
        try:
            await self.wake.wait()
        finally:
            timer.cancel()

    def _grace_deadline(self, now: float) -> float | None:
        """Moves the players whose grace ran out to CPU stand-ins; the next deadline."""
        grace = self.pace.grace
        for seat, since in list(self.gone.items()):
            if now - since >= grace:
                del self.gone[seat]
                self._leave(seat)
        return min((since + grace for since in self.gone.values()), default=None)

    async def _play(self) -> None:
        try:
            while self.status != "over" and not self.moved:
                try:
                    await self._step()
                except StoreUnavailableError as error:
                    log.warning("table %s waits for its store: %s", self.id, error)
                    await self._wait(STORE_RETRY)
                except ProtocolError as problem:  # the store is away: try again shortly
                    if problem.code == "moved":
                        return
                    if problem.code != "store-unavailable":
                        raise
                    log.warning("table %s waits for its store: %s", self.id, problem.message)
                    await self._wait(STORE_RETRY)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s stopped", self.id)
            raise

    async def _step(self) -> None:
        """One turn of :meth:`_play`: waits, or makes the table's next move."""
        self._catch_up()
        self.wake.clear()
        table = self.table
        if self.status == "waiting":
            await self._wait(None)
            return
        if table.is_over:
            try:
                self.store.set_status(self.id, "over", fence=self.fence)
            except StaleFenceError:
                self.fenced_out()
                return
            self.status = "over"
            if self.listener is not None:
                self.listener()
            return
        now = time.monotonic()
        deadline = self._grace_deadline(now)
        wait = None if deadline is None else deadline - now
        if self.pause_until is not None:
            if now < self.pause_until:
                rest = self.pause_until - now
                await self._wait(rest if wait is None else min(wait, rest))
                return
            self._end_pause()
            return
        if table.is_cpu_turn():
            at = self.changed_at + self.pace.think
            if now < at:
                await self._wait(at - now if wait is None else min(wait, at - now))
                return
            await self._cpu_turn()
            if self.pace.think <= 0:  # else the next step waits the think anyway
                await asyncio.sleep(0)  # the other tables' turn before this one's next move
            return
        left = table.time_left()
        if left is not None and left <= 0:
            timed = (len(table.hands) - 1, len(table.hand.events))
            if table.enforce_timer():
                self.streams.timed.add(timed)
            self._changed()
            return
        if left is not None:
            wait = left if wait is None else min(wait, left)
        await self._wait(wait)

    async def _cpu_turn(self) -> None:
        table = self.table
        seat = table.to_act
        assert seat is not None
        role = "cpu" if seat in table.cpu else "away"
        player = table.cpu.get(seat) or table.away[seat]
        view = table.view(seat)  # a copy: the worker thread never touches the live hand
        changes = self.changes
        if self.pace.threads and not getattr(player, "quick", False):
            action = await asyncio.to_thread(player.choose, view)
        else:
            action = player.choose(view)
        if self.changes != changes or table.to_act != seat or not table.is_cpu_turn():
            return  # the table moved on while the player thought (its player came back)
        if (role == "cpu") != (seat in table.cpu):
            return
        try:
            table.act(seat, action)
        except IllegalActionError as error:
            log.error("table %s: CPU seat %d chose %r: %s", self.id, seat, action, error)
            table.act(seat, table.default_action())
        self._changed(players=[(role, seat)])


def restore(
    saved_id: str,
    created: float,
    request: NewTable,
    seats: list[SeatRecord],
    snapshot: dict[str, Any],
    status: str,
    store: Store,
    pace: Pace,
) -> Room:
    """The room of a saved table: its snapshot replayed (:meth:`Table.from_dict`), its clock
    standing still if it still waits; its people have the grace period to reconnect.

    >>> from drawpoker.site.lobby import parse_new_table
    >>> from drawpoker.site.store import Store
    >>> store = Store(":memory:")
    >>> room = Room.new("t", 0.0, parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
    ...                 store, Pace(), seed=1)
    >>> saved = store.load()[0]
    >>> again = restore(saved.id, saved.created, room.request, saved.seats, saved.snapshot,
    ...                 saved.status, store, Pace())
    >>> again.table.to_dict() == room.table.to_dict()
    True
    """
    clock = TableClock(running=status != "waiting")
    table = Table.from_dict(snapshot, clock=clock, cpu_players=CPU_PLAYERS)
    room = Room(saved_id, created, request, seats, table, status, store, pace, clock)
    now = time.monotonic()
    for seat, record in enumerate(seats):
        if record.cpu is None and record.token_hash is not None and seat not in table.away:
            room.gone[seat] = now
    return room
