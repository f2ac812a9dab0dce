"""Every live table of the server: made from the lobby's requests or loaded from the store
when the server starts, found by id; people's seats claimed with unguessable tokens.

A seat token is 32 random bytes (``secrets.token_urlsafe``); the store keeps only its SHA-256,
and a token is checked in constant time. Table ids are random too (a link is shareable, not
guessable), and so are the seeds of the deals and of the CPU players: none is ever sent.

>>> import asyncio
>>> from drawpoker.web.lobby import parse_new_table
>>> from drawpoker.web.store import Store
>>> async def demo():
...     house = House(Store(":memory:"))
...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person", "cpu:rules"]}))
...     seat, token = house.claim(room, "Ann")
...     found = house.seat_of(room, token), house.seat_of(room, "forged")
...     await house.stop()
...     return seat, found
>>> asyncio.run(demo())
(0, (0, None))
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import time
import unicodedata

from drawpoker.errors import DrawPokerError, InvalidArgumentError
from drawpoker.web.lobby import NewTable, parse_new_table
from drawpoker.web.room import Pace, Room, restore
from drawpoker.web.store import Store

log = logging.getLogger("drawpoker.web")

MAX_NAME = 24
"""The longest name a person may sit down with."""

MAX_TABLES = 10_000
"""The most tables one server keeps (a lobby request beyond it is refused)."""


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, as the store keeps it.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object, fallback: str) -> str:
    """A person's name as shown at the table: trimmed, 1..24 printable characters (``fallback``
    when empty); anything else raises :class:`InvalidArgumentError`.

    >>> clean_name("  Ann ", "Seat 1"), clean_name("", "Seat 1")
    ('Ann', 'Seat 1')
    >>> clean_name("a\\x00b", "Seat 1")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: a name is printable text, without control characters
    """
    if name is None:
        return fallback
    if not isinstance(name, str):
        raise InvalidArgumentError("a name is text")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise InvalidArgumentError(f"a name has at most {MAX_NAME} characters")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise InvalidArgumentError("a name is printable text, without control characters")
    return name or fallback


class House:
    """The server's tables, their store and their pace.

    >>> House(Store(":memory:")).rooms
    {}
    """

    def __init__(self, store: Store, pace: Pace | None = None) -> None:
        self.store = store
        self.pace = pace or Pace()
        self.rooms: dict[str, Room] = {}

    def load(self) -> None:
        """Loads every saved table and starts the rooms (call it on the running loop); a
        table whose snapshot does not replay is logged and left out."""
        for saved in self.store.load():
            try:
                request = parse_new_table(saved.request)
                room = restore(
                    saved.id,
                    saved.created,
                    request,
                    saved.seats,
                    saved.snapshot,
                    saved.status,
                    self.store,
                    self.pace,
                )
            except DrawPokerError as error:
                log.error("table %s cannot be resumed: %s", saved.id, error)
                continue
            self.rooms[room.id] = room
            room.run()

    async def stop(self) -> None:
        """Stops every room's task."""
        for room in self.rooms.values():
            await room.stop()

    def create(self, request: NewTable) -> Room:
        """A new table for ``request``, saved, its task started (call it on the running loop).

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person"] * 2}))
        ...     await house.stop()
        ...     return len(room.id), room.status
        >>> asyncio.run(demo())
        (16, 'waiting')
        """
        if len(self.rooms) >= MAX_TABLES:
            raise InvalidArgumentError(f"the server holds {MAX_TABLES} tables already")
        table_id = secrets.token_urlsafe(12)
        seeds = [secrets.randbits(63) for _ in request.seats]
        room = Room.new(
            table_id,
            time.time(),
            request,
            self.store,
            self.pace,
            seed=secrets.randbits(63),
            bot_seeds=seeds,
        )
        self.rooms[table_id] = room
        room.run()
        return room

    def claim(self, room: Room, name: object) -> tuple[int, str]:
        """Gives ``room``'s first open seat to a person named ``name``: the seat and its token
        (shown once, to that person); :class:`InvalidArgumentError` when every seat is taken.

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person",
        ...                                          "cpu:rules"]}))
        ...     house.claim(room, "Ann")
        ...     try:
        ...         house.claim(room, "Bob")
        ...     except InvalidArgumentError as error:
        ...         print(error)
        ...     await house.stop()
        >>> asyncio.run(demo())
        every seat of this table is taken
        """
        free = room.open_seats()
        if not free:
            raise InvalidArgumentError("every seat of this table is taken")
        seat = free[0]
        display = clean_name(name, f"Seat {seat + 1}")
        token = secrets.token_urlsafe(32)
        room.claim(seat, display, token_hash(token))
        return seat, token

    def play_again(self, room: Room, seat: int) -> tuple[Room, str]:
        """After ``room``'s game is over, its person at ``seat`` plays again: the first to ask
        makes a new table of the same request (game, settings, seats), and each person gets
        their own seat in it under their name, with a new token.
        :class:`InvalidArgumentError` when the game is not over or the seat is taken there.

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person"] * 2,
        ...                                          "rounds": 1}))
        ...     house.claim(room, "Ann"); house.claim(room, "Bob")
        ...     room.status = "over"
        ...     again, _ = house.play_again(room, 1)
        ...     same, _ = house.play_again(room, 0)
        ...     await house.stop()
        ...     names = [p["name"] for p in again.players()]
        ...     return same is again, names, room.next_table == again.id
        >>> asyncio.run(demo())
        (True, ['Ann', 'Bob'], True)
        """
        if room.status != "over":
            raise InvalidArgumentError("the game is not over yet: play again once it is")
        again = self.rooms.get(room.next_table or "")
        if again is None:
            again = self.create(room.request)
            room.next_table = again.id
            room.tell_players()
        if seat not in again.open_seats():
            raise InvalidArgumentError(f"seat {seat} of the new table is taken already")
        token = secrets.token_urlsafe(32)
        again.claim(seat, room.seats[seat].name, token_hash(token))
        return again, token

    def seat_of(self, room: Room, token: str) -> int | None:
        """The seat whose token this is, or ``None`` (every seat compared, in constant time).

        >>> House(Store(":memory:")).seat_of.__name__
        'seat_of'
        """
        digest = token_hash(token)
        found = None
        for seat, record in enumerate(room.seats):
            if record.token_hash is not None and hmac.compare_digest(record.token_hash, digest):
                found = seat
        return found
