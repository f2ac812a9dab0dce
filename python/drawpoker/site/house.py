"""Every live table of the server: made from the lobby's requests (within the limits of
:class:`~drawpoker.site.guard.SiteLimits`) or loaded from the store when the server starts,
found by id; people's seats claimed with unguessable tokens. Tables nobody took a seat at
expire; finished tables leave memory (they stay in the store, and are loaded again when asked
for: their history can still be downloaded).

A seat token is 32 random bytes (``secrets.token_urlsafe``); the store keeps only its SHA-256,
and a token is checked in constant time. Table ids are random too (a link is shareable, not
guessable), and so are the seeds of the deals and of the CPU players: none is ever sent.

>>> import asyncio
>>> from drawpoker.site.lobby import parse_new_table
>>> from drawpoker.site.store import Store
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
import json
import logging
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from drawpoker.engine import game
from drawpoker.errors import DrawPokerError, HistoryError, InvalidArgumentError
from drawpoker.site.devices import KnownDevice, new_device_key, parse_device_key
from drawpoker.site.guard import Guard, Refused, SiteLimits
from drawpoker.site.history import phh_history, seat_history
from drawpoker.site.listing import LobbyFeed, listed, table_page, whole_number
from drawpoker.site.lobby import NewTable, cpu_kinds, parse_new_table
from drawpoker.site.room import Pace, Room, restore, unnamed
from drawpoker.site.store import SavedTable, StaleFenceError, Store

log = logging.getLogger("drawpoker.site")

MAX_NAME = 24
"""The longest name a person may sit down with."""


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, as the store keeps it.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


class NicknameError(InvalidArgumentError):
    """A nickname refused (the site answers 400 ``bad-nickname``, naming it)."""


def clean_name(name: object, fallback: str) -> str:
    """A person's nickname as shown at the table: its runs of spaces made one and trimmed, then
    1..24 characters, none of them a control, formatting (such as the bidirectional overrides
    and isolates U+202A..U+202E, U+2066..U+2069), private-use, unassigned or lone-surrogate
    character; ``fallback`` when none is given (``None`` or only spaces). Anything else raises
    :class:`NicknameError`, naming the nickname (escaped, so it shows what is wrong).

    >>> clean_name("  Ann  Lee ", "Seat 1"), clean_name("", "Seat 1"), clean_name(None, "Seat 2")
    ('Ann Lee', 'Seat 1', 'Seat 2')
    >>> clean_name("Eve\u202egnp.exe", "Seat 1")
    Traceback (most recent call last):
    ...
    drawpoker.site.house.NicknameError: the nickname 'Eve\u202egnp.exe' holds U+202E, a \
control or formatting character: a nickname is plain text
    >>> clean_name("x" * 25, "Seat 1")
    Traceback (most recent call last):
    ...
    drawpoker.site.house.NicknameError: the nickname 'xxxxxxxxxxxxxxxxxxxxxxxxx' has 25 \
characters; at most 24
    """
    if name is None:
        return fallback
    if not isinstance(name, str):
        raise NicknameError(f"a nickname is text, not {name!r}")
    cleaned = " ".join(name.split())
    if len(cleaned) > MAX_NAME:
        raise NicknameError(
            f"the nickname {cleaned!r} has {len(cleaned)} characters; at most {MAX_NAME}"
        )
    for character in name:
        if unicodedata.category(character).startswith("C"):
            raise NicknameError(
                f"the nickname {name!r} holds U+{ord(character):04X}, a control or formatting "
                "character: a nickname is plain text"
            )
    return cleaned or fallback


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a table id may be: the site makes 16 characters of ``secrets.token_urlsafe``."""


def could_be_table_id(text: str) -> bool:
    """Whether ``text`` may name a table: anything else (too long, a NUL, a slash) names none,
    and is answered "no such table" without asking the store (PostgreSQL refuses a NUL in a
    text, which would be a 500).

    >>> could_be_table_id("Qnld2tBccuL4WjAa"), could_be_table_id("a" + chr(0) + "b")
    (True, False)
    >>> could_be_table_id(""), could_be_table_id("x" * 65), could_be_table_id("a/b")
    (False, False, False)
    """
    return TABLE_ID.fullmatch(text) is not None


class House:
    """The server's tables, their store, their pace and the limits on making them.

    >>> House(Store(":memory:")).rooms
    {}
    """

    def __init__(
        self, store: Store, pace: Pace | None = None, limits: SiteLimits | None = None
    ) -> None:
        self.store = store
        self.pace = pace or Pace()
        self.guard = Guard(limits or SiteLimits())
        self.rooms: dict[str, Room] = {}
        self.makers: dict[str, str] = {}
        """The address that made each table made since this server started."""
        self.device_makers: dict[str, int] = {}
        """The device that made each table made since this server started, where it sat with one."""
        self.lobby = LobbyFeed(self.table_page)
        """The lobby pages kept up to date with the list of tables."""
        self.new_id: Callable[[], str] = lambda: secrets.token_urlsafe(12)
        """Makes the id of each new table not given one (a dealer's lie in the lanes it holds)."""
        self.prepare: Callable[[Room], None] | None = None
        """Called with each room before it starts (a dealer gives it its fence and relay)."""
        self.fence_of: Callable[[str], tuple[int, int] | None] = lambda table_id: None
        """The lane and fencing number a new table's first write is made under (a dealer's
        for the lanes it holds; none in the one process)."""
        self.counts_rates = True
        """Whether :meth:`create` counts its maker's ``table_rate`` (not in a dealer: the
        gateway counted each request before it sent it)."""

    def table_page(self, limit: int, offset: int) -> dict[str, Any]:
        """A page of the lobby's list of this server's tables (:func:`table_page`).

        >>> House(Store(":memory:")).table_page(10, 0)["total"]
        0
        """
        return table_page(list(self.rooms.values()), limit, offset)

    def load(self) -> None:
        """Loads every saved table that is not over and starts the rooms (call it on the
        running loop); a table whose rows do not agree or whose snapshot does not replay is
        logged, naming it, and set aside (left in the file, never served). The tables nobody
        took a seat at for ``idle_table`` seconds are removed instead."""
        for table_id in self.store.idle_ids(time.time() - self.guard.settings.idle_table):
            self.store.delete(table_id)
        for table_id in self.store.live_ids():
            room = self.load_one(table_id)
            if room is not None:
                self.add(room)

    def load_one(self, table_id: str) -> Room | None:
        """The room of the saved table ``table_id``, not started (``None`` when there is none,
        or when its rows do not replay: then logged, naming it, and set aside).

        >>> House(Store(":memory:")).load_one("nope") is None
        True
        """
        if not could_be_table_id(table_id):  # names no table: the store is not asked
            return None
        try:
            saved = self.store.load_table(table_id)
            if saved is None:
                return None
            return _room_of(saved, self.store, self.pace)
        except DrawPokerError as error:
            log.error("table %s is set aside, not served: %s", table_id, error)
            return None

    def find(self, table_id: str) -> Room | None:
        """The room of ``table_id``: a live one, or a finished one loaded back from the store
        (it leaves memory again at a later :meth:`sweep`); ``None`` when there is none.

        >>> House(Store(":memory:")).find("nope") is None
        True
        """
        room = self.rooms.get(table_id)
        if room is None:
            room = self.load_one(table_id)
            if room is not None:
                self.add(room)
        return room

    def add(self, room: Room) -> None:
        """Holds ``room``, starts its task, and lists it in the lobby."""
        self.rooms[room.id] = room
        room.listener = self.lobby.changed
        if self.prepare is not None:
            self.prepare(room)
        room.run()
        self.lobby.changed()

    def remove(self, table_id: str) -> None:
        """Forgets a table this server no longer serves: its room and who made it (so that the
        tables an address or a device holds are counted over the rooms still here).

        >>> house = House(Store(":memory:"))
        >>> house.makers["t"] = "10.0.0.1"
        >>> house.remove("t"); house.makers
        {}
        """
        self.rooms.pop(table_id, None)
        self.makers.pop(table_id, None)
        self.device_makers.pop(table_id, None)

    async def stop(self) -> None:
        """Stops every room's task."""
        self.lobby.pages.clear()
        for room in self.rooms.values():
            await room.stop()

    def create(
        self,
        request: NewTable,
        maker: str = "local",
        device: int | None = None,
        table_id: str | None = None,
    ) -> Room:
        """A new table for ``request`` made by the address ``maker`` (and the device whose id is
        ``device``, when the creator sits with one), under ``table_id`` (a new random id when
        not given: a gateway picks it, to know the table's lane), saved, its task started (call
        it on the running loop); :class:`Refused` when the server holds ``max_tables`` (503), or
        ``maker`` or ``device`` has ``open_tables`` open, or ``maker`` made its ``table_rate``
        already (429).

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"), limits=SiteLimits(open_tables=1))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person"] * 2}))
        ...     try:
        ...         house.create(room.request)
        ...     except Refused as refused:
        ...         print(refused.status, refused.message)
        ...     await house.stop()
        ...     return len(room.id), room.status
        >>> asyncio.run(demo())
        429 this address has 1 open table already: play or finish one first
        (16, 'waiting')
        >>> async def by_device():
        ...     house = House(Store(":memory:"), limits=SiteLimits(open_tables=1))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person"] * 2}),
        ...                         "10.0.0.1", device=7)
        ...     try:  # another address, the same device
        ...         house.create(room.request, "10.0.0.2", device=7)
        ...     except Refused as refused:
        ...         print(refused.status, refused.message)
        ...     await house.stop()
        >>> asyncio.run(by_device())
        429 this device has 1 open table already: play or finish one first
        """
        limits = self.guard.settings
        if len(self.rooms) >= limits.max_tables:
            raise Refused(
                503, "site-full", f"the server holds {limits.max_tables} tables: try again later"
            )
        for owner, owners, what in (
            (maker, self.makers, "address"),
            (device, self.device_makers, "device"),
        ):
            if owner is None:
                continue
            mine = sum(
                1
                for table_id, who in owners.items()
                if who == owner and self.rooms[table_id].status != "over"
            )
            if mine >= limits.open_tables:
                tables = "table" if mine == 1 else "tables"
                raise Refused(
                    429,
                    "too-many-tables",
                    f"this {what} has {mine} open {tables} already: play or finish one first",
                )
        if self.counts_rates:
            self.guard.count_table(maker)
        table_id = table_id or self.new_id()
        seeds = [secrets.randbits(63) for _ in request.seats]
        room = Room.new(
            table_id,
            time.time(),
            request,
            self.store,
            self.pace,
            seed=secrets.randbits(63),
            bot_seeds=seeds,
            fence=self.fence_of(table_id),
        )
        self.makers[table_id] = maker
        if device is not None:
            self.device_makers[table_id] = device
        self.add(room)
        return room

    def open_table(
        self,
        request: NewTable,
        creator: dict[str, Any],
        maker: str = "local",
        table_id: str | None = None,
    ) -> dict[str, Any]:
        """A new table made from the lobby's ``request`` (:meth:`create`), its creator seated
        at once when ``creator`` (:func:`~drawpoker.site.app.split_creator`'s fields) says
        ``sit``, under ``name`` or their ``device``'s nickname (a bad key refused before any
        table is made): the site's answer, its id, the creator's seat and token, its facts.

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     request = parse_new_table({"game": "holdem", "seats": ["person"] * 2})
        ...     body = house.open_table(request, {"sit": True, "name": "Ann"})
        ...     await house.stop()
        ...     return body["seat"], body["table"]["players"][0]["name"]
        >>> asyncio.run(demo())
        (0, 'Ann')
        """
        name = creator.get("name")
        clean_name(name, "")  # refused before the table is made, as a bad device key
        device = creator.get("device")
        device_id = None if device is None else self.device_of(device)[0]
        room = self.create(request, maker, device_id, table_id)
        body: dict[str, Any] = {"id": room.id}
        if creator.get("sit"):
            body["seat"], body["token"] = self.claim(room, name, device)
        body["table"] = room.facts()
        return body

    def play_now(
        self, name: str, nickname: object, maker: str = "local", device_key: object = None
    ) -> tuple[Room, int, str]:
        """Seats a person named ``nickname`` (their device's nickname when not given, with
        ``device_key``; the seat tied to that device) at once at a table of the game ``name``
        with CPU players: the first listed one with an open seat, else a new one (two seats
        for people, the others CPU players, up to four seats; it starts as soon as the person
        connects, a CPU standing in for the seat nobody took yet). The room, the seat and its
        token; :class:`Refused` as :meth:`create` when a new table is needed and the limits
        refuse it, and as :meth:`device_of` for a bad device key (before any table is made).

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     first, seat, _ = house.play_now("holdem", "Ann")
        ...     second, other, _ = house.play_now("holdem", "Bob")
        ...     third, _, _ = house.play_now("holdem", "Cy")
        ...     await house.stop()
        ...     return first.request.seats, first.status, second is first, (seat, other), \
third is first
        >>> asyncio.run(demo())
        ((None, None, 'rules', 'rules'), 'waiting', True, (0, 1), False)
        """
        # Refused before any table is made; a person with no nickname (nor a device's) is
        # named by their seat, in each reader's language (room.unnamed), as at a made table.
        clean_name(nickname, "")
        device = None if device_key is None else self.device_of(device_key)[0]
        for room in listed(list(self.rooms.values())):
            if room.table.game.name == name and room.open_seats() and any(room.request.seats):
                seat, token = self.claim(room, nickname, device_key)
                return room, seat, token
        low, high = game_seats(name)
        count = min(max(4, low), high)
        kinds = cpu_kinds(name)
        kind = "rules" if "rules" in kinds else kinds[0]
        seats = ["person"] * min(2, count - 1) + [f"cpu:{kind}"] * (count - min(2, count - 1))
        room = self.create(parse_new_table({"game": name, "seats": seats}), maker, device)
        room.eager = True
        seat, token = self.claim(room, nickname, device_key)
        return room, seat, token

    def sweep(self) -> list[str]:
        """Removes the tables nobody took a seat at for ``idle_table`` seconds (from memory
        and from the store) and the finished tables without a connection for
        ``archive_after`` seconds (from memory only); the ids removed.

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"), limits=SiteLimits(idle_table=0))
        ...     idle = house.create(parse_new_table({"game": "holdem", "seats": ["person"] * 2}))
        ...     kept = house.create(idle.request)
        ...     house.claim(kept, "Ann")
        ...     gone = house.sweep()
        ...     await house.stop()
        ...     return gone == [idle.id], list(house.rooms) == [kept.id]
        >>> asyncio.run(demo())
        (True, True)
        """
        limits = self.guard.settings
        now, clock = time.time(), time.monotonic()
        removed = []
        for table_id, room in list(self.rooms.items()):
            nobody = room.status == "waiting" and not any(
                record.token_hash for record in room.seats
            )
            if nobody and now - room.created >= limits.idle_table:
                try:
                    self.store.delete(table_id, room.fence)
                except StaleFenceError as error:  # its lane's new dealer removes it
                    log.warning("table %s not removed: %s", table_id, error)
                    continue
            elif not (
                room.status == "over"
                and not any(room.connections.values())
                and clock - room.changed_at >= limits.archive_after
            ):
                continue
            if room.task is not None:
                room.task.cancel()
            self.remove(table_id)
            removed.append(table_id)
        if removed:
            self.lobby.changed()
        return removed

    # ------------------------------------------------------------------ devices

    def register(self, nickname: object, address: str = "local") -> tuple[str, str]:
        """A new device for the nickname (1..24 printable characters): its key (shown once,
        kept by the browser) and the nickname as cleaned; :class:`InvalidArgumentError` for a
        bad nickname, :class:`Refused` (429) when ``address`` made its ``table_rate`` of
        devices already.

        >>> house = House(Store(":memory:"))
        >>> key, nickname = house.register(" Ann ")
        >>> house.device_of(key)[1], nickname
        ('Ann', 'Ann')
        """
        display = clean_name(nickname, "")
        if not display:
            raise InvalidArgumentError("a nickname has 1 to 24 characters")
        if not self.guard.device_allowed(address):
            raise Refused(429, "too-many-devices", "this address made devices too fast: wait")
        key = new_device_key()
        self.store.add_device(token_hash(key), display, time.time())
        return key, display

    def device_of(self, key: object) -> tuple[int, str]:
        """The id and nickname of the device whose key this is (a :class:`KnownDevice`: the
        device a gateway found for its key); :class:`Refused` when the key is malformed (400
        ``bad-device``) or not one of this site's (404 ``no-device``).

        >>> House(Store(":memory:")).device_of("ab" * 32)
        Traceback (most recent call last):
        ...
        drawpoker.site.guard.Refused: no-device: this device key is not known here
        >>> House(Store(":memory:")).device_of(KnownDevice(7, "Ann"))
        (7, 'Ann')
        """
        if isinstance(key, KnownDevice):
            return key.id, key.nickname
        found = self.store.device(token_hash(parse_device_key(key)))
        if found is None:
            raise Refused(404, "no-device", "this device key is not known here")
        return found

    def device_seats(self, room: Room, key: object) -> list[int]:
        """The seats of ``room`` the device took; :class:`Refused` when its key is bad
        (:meth:`device_of`), or it took none here: 409 ``other-table`` when its seats are at
        other tables, 404 ``no-seat`` when it took none anywhere.

        >>> import asyncio
        >>> house = House(Store(":memory:"))
        >>> key, _ = house.register("Ann")
        >>> async def demo():
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person"] * 2}))
        ...     try:
        ...         house.device_seats(room, key)
        ...     except Refused as refused:
        ...         print(refused.status, refused.message)
        ...     house.claim(room, None, key)
        ...     seats = house.device_seats(room, key)
        ...     await house.stop()
        ...     return seats
        >>> asyncio.run(demo())
        404 this device has not taken a seat at any table
        [0]
        """
        device, _ = self.device_of(key)
        seats = [seat for seat, record in enumerate(room.seats) if record.device == device]
        if seats:
            return seats
        if self.store.device_table_count(device):
            raise Refused(
                409, "other-table", "this device's seats are at other tables, not at this one"
            )
        raise Refused(404, "no-seat", "this device has not taken a seat at any table")

    def take_back(self, room: Room, key: object, seat: object = None) -> tuple[int, str]:
        """The device takes its seat of ``room`` back (``seat``, or its first there): the seat
        and a fresh token (the old one stops working); :class:`Refused` as
        :meth:`device_seats`, or 403 ``not-your-seat`` for a seat it did not take.
        """
        seats = self.device_seats(room, key)
        if seat is None:
            seat = seats[0]
        if seat not in seats or isinstance(seat, bool):
            raise Refused(403, "not-your-seat", f"this device's seats here are {seats}")
        assert isinstance(seat, int)
        token = secrets.token_urlsafe(32)
        room.retoken(seat, token_hash(token))
        return seat, token

    # ------------------------------------------------------------------ seats

    def claim(self, room: Room, name: object, device_key: object = None) -> tuple[int, str]:
        """Gives ``room``'s first open seat to a person named ``name`` (their device's
        nickname when not given, with ``device_key``): the seat and its token (shown once, to
        that person), the seat tied to the device; :class:`InvalidArgumentError` when every
        seat is taken, :class:`Refused` for a bad device key (:meth:`device_of`).

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
        device, nickname = (None, None) if device_key is None else self.device_of(device_key)
        free = room.open_seats()
        if not free:
            raise InvalidArgumentError("every seat of this table is taken")
        seat = free[0]
        display = clean_name(name, nickname or unnamed(seat))
        token = secrets.token_urlsafe(32)
        room.claim(seat, display, token_hash(token), device)
        return seat, token

    def take_seat(self, room: Room, name: object, device_key: object = None) -> tuple[int, str]:
        """A person asks for a seat of ``room`` (the site's "take a seat"): :meth:`claim`, or
        :class:`Refused` (409) when its game is over (``over``) or every seat is taken
        (``full``), each saying what to do instead.

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person",
        ...                                          "cpu:rules"]}))
        ...     seat, _ = house.take_seat(room, "Ann")
        ...     try:
        ...         house.take_seat(room, "Bob")
        ...     except Refused as refused:
        ...         print(seat, refused.status, refused.code)
        ...     await house.stop()
        >>> asyncio.run(demo())
        0 409 full
        """
        if room.status == "over":
            why = "the game at this table is over: watch how it ended (its link with ?watch)"
            raise Refused(409, "over", why)
        if not room.open_seats():
            why = "every seat of this table is taken: watch it instead (its link with ?watch)"
            raise Refused(409, "full", why)
        return self.claim(room, name, device_key)

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
        player = room.seats[seat]
        again.claim(seat, player.name, token_hash(token), player.device)  # still theirs
        return again, token

    def again(self, room: Room, token: str) -> tuple[Room, int, str]:
        """:meth:`play_again` asked with a seat's token: the new table, the seat and its token;
        :class:`Refused` when the token is no seat's (403 ``bad-token``) or the new table
        cannot be had (409 ``conflict``, saying why).

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person",
        ...                                          "cpu:rules"]}))
        ...     _, token = house.claim(room, "Ann")
        ...     said = []
        ...     for asked in ("", token):  # no seat's token; a seat's, before the end
        ...         try:
        ...             house.again(room, asked)
        ...         except Refused as refused:
        ...             said.append((refused.status, refused.code))
        ...     await house.stop()
        ...     return said
        >>> asyncio.run(demo())
        [(403, 'bad-token'), (409, 'conflict')]
        """
        return self.again_for(room, self.seat_of(room, token) if token else None)

    def again_for(self, room: Room, seat: int | None) -> tuple[Room, int, str]:
        """:meth:`again` for the seat whose token was sent (``None``: no seat's), as a gateway
        found it.

        >>> House(Store(":memory:")).again_for(None, None)  # type: ignore[arg-type]
        Traceback (most recent call last):
        ...
        drawpoker.site.guard.Refused: bad-token: send the seat token in the X-Seat-Token header
        """
        if seat is None:
            raise Refused(403, "bad-token", "send the seat token in the X-Seat-Token header")
        try:
            again, new_token = self.play_again(room, seat)
        except DrawPokerError as problem:
            raise Refused(409, "conflict", str(problem)) from None
        return again, seat, new_token

    def history_file(
        self, room: Room, token: str, device_key: str | None, asked: str | None, kind: str
    ) -> tuple[str, str, str]:
        """A seat's hand history as a file (its name, media type and text): the seat of
        ``token``, or of the device ``device_key`` (``asked``, or its first seat there), in
        ``kind`` ``json`` or ``phh``; only what that seat saw. :class:`Refused` when neither
        names a seat (403), for a format that is neither (400) or a game PHH cannot write (501).

        >>> import asyncio
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     room = house.create(parse_new_table({"game": "holdem", "seats": ["person",
        ...                                          "cpu:rules"]}))
        ...     _, token = house.claim(room, "Ann")
        ...     name, media, _ = house.history_file(room, token, None, None, "phh")
        ...     await house.stop()
        ...     return name.endswith("-seat1.phhs"), media
        >>> asyncio.run(demo())
        (True, 'text/plain')
        """
        seat = self.seat_of(room, token) if token else None
        return self.history_file_for(room, seat, device_key, asked, kind)

    def history_file_for(
        self, room: Room, seat: int | None, device_key: object, asked: str | None, kind: str
    ) -> tuple[str, str, str]:
        """:meth:`history_file` for the seat whose token was sent (``None``: no seat's), as a
        gateway found it.

        >>> House(Store(":memory:")).history_file_for(None, None, None, None, "json")
        Traceback (most recent call last):
        ...
        drawpoker.site.guard.Refused: bad-token: send the seat token in the X-Seat-Token \
header (or the device key in X-Device-Key)
        """
        if seat is None and device_key is not None:
            seats = self.device_seats(room, device_key)
            seat = seats[0] if asked is None else self._seat_number(room, asked)
            if seat not in seats:
                raise Refused(403, "not-your-seat", f"this device's seats here are {seats}")
        if seat is None:
            why = (
                "send the seat token in the X-Seat-Token header (or the device key in X-Device-Key)"
            )
            raise Refused(403, "bad-token", why)
        names = [p["name"] for p in room.players()]
        name = f"drawpoker-{room.id}-seat{seat + 1}"
        if kind == "phh":
            try:
                text = phh_history(room.id, room.table, seat, names)
            except HistoryError as problem:  # a game or setting no PHH variant can write
                raise Refused(501, "no-phh", str(problem)) from None
            return f"{name}.phhs", "text/plain", text
        if kind != "json":
            raise Refused(400, "bad-request", 'format is "json" or "phh"')
        body = json.dumps(seat_history(room.id, room.table, seat, names), indent=1)
        return f"{name}.json", "application/json", body

    @staticmethod
    def _seat_number(room: Room, asked: str) -> int:
        """The seat a query's ``seat`` names; :class:`Refused` (400) when it names none."""
        try:
            return whole_number("seat", asked, 0, len(room.seats) - 1)
        except InvalidArgumentError as problem:
            raise Refused(400, "bad-request", str(problem)) from None

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


def game_seats(name: str) -> tuple[int, int]:
    """The fewest and most seats of the game ``name`` (its default settings).

    >>> game_seats("badugi")
    (2, 6)
    """
    low, high = game(name).seats
    return low, high


def _room_of(saved: SavedTable, store: Store, pace: Pace) -> Room:
    """The room of a saved table; :class:`InvalidArgumentError` when its seats and its
    snapshot disagree."""
    request = parse_new_table(saved.request)
    room = restore(
        saved.id, saved.created, request, saved.seats, saved.snapshot, saved.status, store, pace
    )
    if len(room.seats) != len(room.table.names) or len(request.seats) != len(room.seats):
        raise InvalidArgumentError(
            f"table {saved.id} has {len(room.seats)} seat rows, {len(request.seats)} seats "
            f"requested and {len(room.table.names)} at its table"
        )
    return room
