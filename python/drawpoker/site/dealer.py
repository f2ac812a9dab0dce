"""The dealer role of ``drawpoker serve --role dealer`` (docs/scale-out.md): it holds lanes
(:mod:`drawpoker.site.lanes`), plays their tables (a :class:`~drawpoker.site.house.House` of
rooms), handles the requests the gateways put in the lanes' inboxes
(:mod:`drawpoker.site.inbox`) and publishes what each seat is shown on the bus
(:mod:`drawpoker.site.relay`). Every change is committed under the lane's fencing number
(:meth:`~drawpoker.site.store.Store.take_lane`) before it is published.

A lane keeper renews the held leases every :data:`~drawpoker.site.lanes.RENEW_EVERY` seconds and
drops a lane whose lease it could not renew (its rooms stop, nothing more is written); it takes
free lanes up to a fair share (:data:`~drawpoker.site.lanes.LANES` over the dealers alive, each
of which marks itself in a Redis sorted set), and gives back lanes beyond the share so that a
dealer started later gets its part.

>>> fair_share(64, 3)
22
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import os
import secrets
import time
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis

from drawpoker.errors import DrawPokerError
from drawpoker.site.app import CREATOR_FIELDS
from drawpoker.site.bus import REDIS_DOWN, Position, RedisBus, public_channel, seat_channel
from drawpoker.site.dealer_options import options_key
from drawpoker.site.devices import KnownDevice
from drawpoker.site.gateway import ASK_TIMEOUT, gateway_of, presence_key
from drawpoker.site.guard import Refused
from drawpoker.site.house import House, NicknameError
from drawpoker.site.i18n import DEFAULT_LANGUAGE, is_site_tag
from drawpoker.site.inbox import (
    CONNECTIONS_KEPT,
    RedisInbox,
    connection_note,
    connections_key,
    tips_key,
)
from drawpoker.site.jsontext import encode
from drawpoker.site.lanes import (
    LANES,
    LEASE_MS,
    RENEW_EVERY,
    Lease,
    RedisClock,
    RedisLeases,
    dealers_key,
    lane_of,
)
from drawpoker.site.listing import SETTLE, listed, listing_key, lobby_key, table_row
from drawpoker.site.lobby import parse_new_table
from drawpoker.site.protocol import (
    Act,
    Command,
    ProtocolError,
    Tips,
    outage_sentence,
    parse_message,
)
from drawpoker.site.relay import Publisher, RemoteOutbox, TableRelay, reply_text
from drawpoker.site.room import Room
from drawpoker.site.store import StaleFenceError, StoreUnavailableError

log = logging.getLogger("drawpoker.site")

Answer = tuple[int, dict[str, Any]]
"""A request's HTTP status and JSON body, as the gateway answers it."""


def fair_share(lanes: int, dealers: int) -> int:
    """The lanes one of ``dealers`` holds at most (every lane held when they all hold theirs).

    >>> fair_share(64, 1), fair_share(64, 2), fair_share(64, 0)
    (64, 32, 64)
    """
    return math.ceil(lanes / max(dealers, 1))


MOVED_ON = frozenset({"stale", "not-your-turn", "pause"})
"""Refusals saying the table moved on since the action was chosen, left unsaid for a request
sent before this dealer took the lane: its seat acted on an update the lane's dead dealer had
outrun (a change committed, not yet published, such as a timer's), and this dealer's catch-up
shows the seat where the table is (tests/test_inbox_position.py). A request the dead dealer
had handled is not the reason any more: a committed one is never read again (the inbox
position), and a refusal published again at its reply position is dropped by the bus."""


def sent_before(entry: str, taken_at_ms: int) -> bool:
    """Whether the inbox entry ``entry`` (Redis's ``<ms>-<n>`` id) was sent before the lane was
    taken at ``taken_at_ms``.

    >>> sent_before("1700000000000-0", 1700000000500), sent_before("1700000000900-1", 1700000000500)
    (True, False)
    """
    return int(entry.split("-")[0]) < taken_at_ms


def waited_out(entry: str, now_ms: int) -> bool:
    """Whether the gateway that sent the inbox entry ``entry`` for an HTTP answer has stopped
    waiting for it by ``now_ms`` (it answered 503 "send it again" after :data:`ASK_TIMEOUT`): a
    dealer that finds such a request late (its lane had no dealer meanwhile) drops it, or the
    table made or the seat taken would be made a second time when the client sends it again.

    >>> waited_out("1700000000000-0", 1700000016000), waited_out("1700000000000-0", 1700000001000)
    (True, False)
    """
    return now_ms - int(entry.split("-")[0]) > ASK_TIMEOUT * 1000


INTERNAL_ERROR = {"error": "internal", "message": "the server failed on this request"}
"""The body of a request's answer when its work failed for a reason of the site's (logged)."""


def failed_answer(problem: Exception) -> tuple[int, dict[str, str]]:
    """The answer to a request whose handling raised ``problem``, which no refusal names:
    503 when the store could not be reached (nothing was done: send it again, as the one
    process answers it), else 500 (a fault of the site's).

    >>> status, body = failed_answer(StoreUnavailableError("PostgreSQL at /run/pg is down"))
    >>> status, body["error"], "/run/pg" in body["message"]  # its host is for the log only
    (503, 'store-unavailable', False)
    >>> failed_answer(ValueError("a bug"))[0]
    500
    """
    if isinstance(problem, StoreUnavailableError):
        return 503, {"error": "store-unavailable", "message": outage_sentence(problem)}
    return 500, INTERNAL_ERROR


def refused_body(refused: Refused) -> dict[str, str]:
    """The JSON error of a refusal.

    >>> refused_body(Refused(429, "too-many-tables", "wait"))
    {'error': 'too-many-tables', 'message': 'wait'}
    """
    return {"error": refused.code, "message": refused.message}


def lobby_entries(
    rooms: list[Room], made: dict[str, tuple[tuple[Any, ...], str]]
) -> dict[str, tuple[tuple[Any, ...], str]]:
    """The lobby entry of each listed room of ``rooms``, by table: the inputs of its row
    (:meth:`~drawpoker.site.room.Room.row_inputs`) and ``[its place in the list, its row]``
    as JSON; an entry of ``made`` (the last ones) whose inputs did not change is kept as it
    was (most actions leave a row as it was).

    >>> lobby_entries([], {"gone": ((), "[]")})
    {}
    """
    entries = {}
    for room in listed(rooms):
        inputs = room.row_inputs()
        kept = made.get(room.id)
        if kept is None or kept[0] != inputs:
            kept = (inputs, json.dumps([listing_key(room), table_row(room)]))
        entries[room.id] = kept
    return entries


def known_device(request: dict[str, Any]) -> KnownDevice | None:
    """The device a gateway found for the key its request was sent with (``None``: none sent).

    >>> known_device({"device": {"id": 7, "nickname": "Ann"}}), known_device({})
    (KnownDevice(id=7, nickname='Ann'), None)
    """
    found = request.get("device")
    return None if found is None else KnownDevice.from_json(found)


def _token_seat(request: dict[str, Any]) -> int | None:
    """The seat whose token the request was sent with, as its gateway found it."""
    seat = request.get("token_seat")
    return seat if type(seat) is int else None


def _claim(house: House, room: Room, request: dict[str, Any]) -> Answer:
    seat, token = house.take_seat(room, request.get("name"), known_device(request))
    return 201, {"seat": seat, "token": token}


def _facts(house: House, room: Room, request: dict[str, Any]) -> Answer:
    return 200, room.facts(str(request.get("lang", DEFAULT_LANGUAGE)))


def _take_back(house: House, room: Room, request: dict[str, Any]) -> Answer:
    seat, token = house.take_back(room, known_device(request), request.get("seat"))
    return 200, {"seat": seat, "token": token}


def _history(house: House, room: Room, request: dict[str, Any]) -> Answer:
    name, media, text = house.history_file_for(
        room,
        _token_seat(request),
        known_device(request),
        request.get("seat"),
        str(request.get("format")),
    )
    return 200, {"name": name, "media": media, "text": text}


def _again(house: House, room: Room, request: dict[str, Any]) -> Answer:
    again, seat, token = house.again_for(room, _token_seat(request))
    return 201, {"id": again.id, "seat": seat, "token": token}


TABLE_ASKS: dict[str, Callable[[House, Room, dict[str, Any]], Answer]] = {
    "claim": _claim,
    "facts": _facts,
    "return": _take_back,
    "history": _history,
    "again": _again,
}
"""The gateways' requests about one table that are answered as HTTP ones, by ``op``."""

HTTP_ASKS = frozenset({"create", "play", *TABLE_ASKS})
"""Every request a gateway asks for an HTTP answer (the others are a connection's)."""


def dealer_name() -> str:
    """This process's name as a lease holder: its process id and a random part.

    >>> dealer_name().startswith(f"dealer-{os.getpid()}-")
    True
    """
    return f"dealer-{os.getpid()}-{secrets.token_hex(4)}"


class Dealer:
    """One dealer process: its lanes, their rooms (``house``), the connections the gateways
    said hello with (``remote``: by connection id, its table, seat and outbox).

    >>> from drawpoker.site.store import Store
    >>> dealer = Dealer(House(Store(":memory:")), RedisBus.from_url("unix:///run/redis.sock"))
    >>> dealer.held, dealer.inbox.key(0)
    ({}, 'drawpoker:inbox:0')
    """

    def __init__(
        self, house: House, bus: RedisBus, prefix: str = "drawpoker", name: str | None = None
    ) -> None:
        self.house = house
        self.bus = bus
        self.client: Redis = bus.client
        self.leases = RedisLeases(self.client, prefix=prefix)
        self.inbox = RedisInbox(self.client, bus.url, prefix)
        self.name = dealer_name() if name is None else name
        self.dealers_key = dealers_key(prefix)
        self.prefix = prefix
        self.held: dict[int, Lease] = {}
        self.fences: dict[int, int] = {}
        self.taken_at: dict[int, int] = {}
        """When each lane was taken (Unix ms, as Redis's inbox entry ids count)."""
        self.after: dict[int, str] = {}
        self.publisher = Publisher(bus)
        self.loading = asyncio.Lock()
        self.remote: dict[str, tuple[str, int | None, RemoteOutbox]] = {}
        house.prepare = self._prepare
        house.new_id = self._new_id
        house.fence_of = self._fence_of
        house.counts_rates = False
        self.lobby_key = lobby_key(prefix)
        self.clock = RedisClock()
        """Redis's clock: the inbox entries' ids and the dealers' marks count by it."""
        self.options_key = options_key(prefix)
        self.options: str | None = None
        """This dealer's options (:func:`~drawpoker.site.dealer_options.options_text`), written
        beside its name while it lives, for the dealers started after it to compare theirs."""

    def _new_id(self) -> str:
        """A new table's id in a lane this dealer holds (a table it makes itself: "Play now",
        "Play again"), so that the gateways ask this dealer for it."""
        while True:
            table_id = secrets.token_urlsafe(12)
            if lane_of(table_id) in self.held:
                return table_id

    def _fence_of(self, table_id: str) -> tuple[int, int]:
        """The lane of ``table_id`` and this dealer's fencing number for it (0, which no lane
        has, for a lane it no longer holds: the store refuses the write)."""
        lane = lane_of(table_id)
        return lane, self.fences.get(lane, 0)

    def _prepare(self, room: Room) -> None:
        lane = lane_of(room.id)
        room.fence = (lane, self.fences[lane])
        room.relay = TableRelay(self.publisher, room)

    # ------------------------------------------------------------------ lanes

    async def keep_lanes(self) -> None:
        """Every :data:`RENEW_EVERY` seconds: renews the leases, drops the lanes lost, takes
        free lanes up to the fair share, gives back those beyond it."""
        while True:
            started = time.monotonic()
            try:
                await self._renew()
                await self._balance()
                await self._forget_gone_gateways()
            except (*REDIS_DOWN, StoreUnavailableError) as error:
                log.warning("dealer %s: Redis or the store unreachable: %s", self.name, error)
                for lane, lease in list(self.held.items()):
                    if not lease.valid():
                        await self._drop(lane)
            await asyncio.sleep(max(0.0, RENEW_EVERY - (time.monotonic() - started)))

    async def _renew(self) -> None:
        now_ms = await self.clock.sync(self.client)
        dead = await self.client.zrangebyscore(self.dealers_key, 0, now_ms)
        async with self.client.pipeline(transaction=False) as both:
            both.zadd(self.dealers_key, {self.name: now_ms + LEASE_MS})
            both.zremrangebyscore(self.dealers_key, 0, now_ms)
            if self.options is not None:  # each time: a Redis restarted empty forgot them
                both.hset(self.options_key, self.name, self.options)
            if dead:  # a dealer that died leaves its rows: the gateways list only the live
                both.hdel(self.lobby_key, *dead)
                both.hdel(self.options_key, *dead)
            await both.execute()
        moved = {lane_of(room.id) for room in self.house.rooms.values() if room.moved}
        kept = [lease for lane, lease in self.held.items() if lane not in moved]
        answers = await self.leases.renew_all(kept)
        renewed = {lease.lane: again for lease, again in zip(kept, answers, strict=True)}
        for lane in list(self.held):
            lease = renewed.get(lane)
            if lease is None:
                log.warning("dealer %s: lane %d lost", self.name, lane)
                await self._drop(lane)
            else:
                self.held[lane] = lease

    async def _balance(self) -> None:
        dealers = int(await self.client.zcard(self.dealers_key))
        share = fair_share(LANES, dealers)
        while len(self.held) > share:
            lane = max(self.held)
            lease = self.held[lane]
            await self._drop(lane)
            await self.leases.release(lease)
        if len(self.held) >= share:
            return
        start = int.from_bytes(self.name.encode()[-4:], "big") % LANES
        gained: set[int] = set()
        try:
            for step in range(LANES):
                lane = (start + step) % LANES
                if lane in self.held:
                    continue
                taken = await self.leases.acquire(lane, self.name)
                if taken is None:
                    continue
                try:
                    self.fences[lane] = self.house.store.take_lane(lane)
                except StoreUnavailableError:
                    await self.leases.release(taken)  # not served without its fence
                    raise
                self.held[lane] = taken
                self.taken_at[lane] = self.clock.now_ms()
                gained.add(lane)
                if len(self.held) >= share:
                    break
        finally:
            if gained:
                await self._load(gained)

    async def _load(self, lanes: set[int]) -> None:
        """Loads the live tables of ``lanes`` from the store and reads their inboxes from the
        last request handled."""
        for lane in lanes:
            committed = self.house.store.inbox_position(lane)
            self.after[lane] = await self.inbox.resume_from(lane, committed)
        for table_id in self.house.store.live_ids():  # the others load when asked for
            if lane_of(table_id) in lanes and table_id not in self.house.rooms:
                await self._load_room(table_id)
        log.info("dealer %s: lanes %s taken", self.name, sorted(lanes))

    async def _load_room(self, table_id: str) -> Room | None:
        async with self.loading:  # the keeper and a request may load the same table at once
            room = self.house.rooms.get(table_id)
            return room if room is not None else await self._load_new_room(table_id)

    async def _load_new_room(self, table_id: str) -> Room | None:
        room = self.house.load_one(table_id)
        if room is None:
            return None
        channels = [seat_channel(table_id, s) for s in range(len(room.seats))]
        await self.publisher.start([*channels, public_channel(table_id)])
        self._prepare(room)
        assert room.relay is not None
        connections = await self._connections_before(room)
        room.tips.update(await self._tips_before(room))
        audience: list[int | None] = [s for s, r in enumerate(room.seats) if r.cpu is None]
        if any(seat is None for _, seat, _, _ in connections):  # the public channel: watched
            audience.append(None)
        for seat in audience:
            channel = public_channel(table_id) if seat is None else channels[seat]
            since = self.publisher.tops[channel].seq
            tags = sorted({tag for _, s, _, tag in connections if s == seat} or {DEFAULT_LANGUAGE})
            texts = {tag: room.catch_up(seat, since, tag) for tag in tags}
            if all(text is not None for text in texts.values()):  # committed, not published
                room.relay.send(seat, {tag: str(text) for tag, text in texts.items()})
        for conn, seat, reply, tag in connections:
            self._attach(room, conn, seat, {"reply": reply, "lang": tag})
        self.house.add(room)
        return room

    async def _connections_before(self, room: Room) -> list[tuple[str, int | None, str, str]]:
        """The connections the table's earlier dealers were told of and whose gateway lives
        (conn, seat or ``None`` for a watcher, reply channel, language): this dealer sends
        them its first update in their language, not in the default one until each gateway
        notices and says it (``speak``). Redis down or a malformed note: fewer known here,
        and the gateways' ``speak`` tells the rest."""
        key = connections_key(self.prefix, room.id)
        try:
            notes = await self.client.hgetall(key)
        except REDIS_DOWN as error:
            log.warning("dealer %s: the connections of %s unread: %s", self.name, room.id, error)
            return []
        found: list[tuple[str, int | None, str, str]] = []
        for conn, text in notes.items():
            try:
                note = json.loads(text)
                seat, reply, tag = note["seat"], str(note["reply"]), str(note["lang"])
                if not is_site_tag(tag) or not (
                    seat is None or (type(seat) is int and 0 <= seat < len(room.seats))
                ):
                    raise ValueError(f"seat {seat!r}, language {tag!r}")
            except (ValueError, KeyError, TypeError) as problem:
                log.warning("dealer %s: connection note %s skipped: %s", self.name, conn, problem)
                continue
            found.append((str(conn), seat, reply, tag))  # text: the client decodes replies
        alive = await self._gateways_alive({gateway_of(reply) for _, _, reply, _ in found})
        gone = [conn for conn, _, reply, _ in found if gateway_of(reply) not in alive]
        if gone:
            with contextlib.suppress(*REDIS_DOWN):
                await self.client.hdel(key, *gone)
        return [note for note in found if note[0] not in gone]

    async def _gateways_alive(self, names: set[str]) -> set[str]:
        """Those of the gateways ``names`` whose presence mark is set, asked in one round trip;
        Redis down: all of them (a connection is not dropped on a doubt)."""
        if not names:
            return set()
        ordered = sorted(names)
        try:
            async with self.client.pipeline(transaction=False) as pipe:
                for name in ordered:
                    pipe.exists(presence_key(self.prefix, name))
                marks = await pipe.execute()
        except REDIS_DOWN:
            return names
        return {name for name, mark in zip(ordered, marks, strict=True) if mark}

    async def _tips_before(self, room: Room) -> set[int]:
        """The seats whose tips the table's earlier dealers were told are on."""
        try:
            notes = await self.client.hgetall(tips_key(self.prefix, room.id))
        except REDIS_DOWN as error:
            log.warning("dealer %s: the tips of %s unread: %s", self.name, room.id, error)
            return set()
        seats = {str(s) for s in range(len(room.seats))}
        return {int(seat) for seat, on in notes.items() if seat in seats and on == "1"}

    async def _note_connection(
        self, op: str | None, request: dict[str, Any], said: object = None
    ) -> None:
        """Keeps in Redis what a connection's requests told this dealer and its gateway did
        not write with them (a language said again, ``speak``; its seat's tips setting,
        ``said`` in a message), for the table's next dealer. A hello's or a watch's note, and
        a disconnect's deletion of it, the gateway writes in the request's own transaction
        (:meth:`~drawpoker.site.inbox.RedisInbox.send`)."""
        key = connections_key(self.prefix, str(request["table"]))
        conn = str(request["conn"])
        try:
            if isinstance(said, Tips):
                table_tips = tips_key(self.prefix, str(request["table"]))
                async with self.client.pipeline(transaction=False) as both:
                    both.hset(table_tips, str(request["seat"]), "1" if said.on else "0")
                    both.expire(table_tips, CONNECTIONS_KEPT)
                    await both.execute()
            elif op == "speak":
                tag = str(request.get("lang", DEFAULT_LANGUAGE))
                note = connection_note(request.get("seat"), request["reply"], tag)
                async with self.client.pipeline(transaction=False) as both:
                    both.hset(key, conn, note)
                    both.expire(key, CONNECTIONS_KEPT)
                    await both.execute()
        except REDIS_DOWN as error:
            log.warning("dealer %s: connection %s not noted: %s", self.name, conn, error)

    def _rooms_of(self, lane: int) -> list[Room]:
        return [room for room in self.house.rooms.values() if lane_of(room.id) == lane]

    async def _drop(self, lane: int) -> None:
        """Stops serving ``lane``: its rooms stop and leave memory, unsaved nothing (every
        change was committed before it was shown)."""
        self.held.pop(lane, None)
        self.fences.pop(lane, None)
        self.after.pop(lane, None)
        self.taken_at.pop(lane, None)
        self.house.store.inbox_positions.pop(lane, None)
        for room in self._rooms_of(lane):
            await room.stop()
            self.house.remove(room.id)
            self.publisher.forget(TableRelay(self.publisher, room).channels())
            self.house.lobby.changed()
        for conn, (table_id, _, _) in list(self.remote.items()):
            if lane_of(table_id) == lane:
                del self.remote[conn]

    async def _forget_gone_gateways(self) -> None:
        """The connections of a gateway whose presence mark lapsed (it died) are gone: their
        seats' grace periods start, as if each had closed."""
        gateways = {gateway_of(outbox.reply) for _, _, outbox in self.remote.values()}
        for name in gateways - await self._gateways_alive(gateways):
            log.warning("dealer %s: gateway %s is gone; its connections too", self.name, name)
            for conn, (table_id, seat, outbox) in list(self.remote.items()):
                room = self.house.rooms.get(table_id)
                if gateway_of(outbox.reply) != name:
                    continue
                del self.remote[conn]
                with contextlib.suppress(*REDIS_DOWN):
                    await self.client.hdel(connections_key(self.prefix, table_id), conn)
                if room is not None and seat is None:
                    room.unwatch(outbox)
                elif room is not None and seat is not None:
                    room.disconnect(seat, outbox)

    async def release(self) -> None:
        """Gives back every lane (a dealer stopping: the others take them at once)."""
        for lane, lease in list(self.held.items()):
            await self._drop(lane)
            with contextlib.suppress(*REDIS_DOWN):
                await self.leases.release(lease)
        with contextlib.suppress(*REDIS_DOWN):
            await self.client.zrem(self.dealers_key, self.name)
            await self.client.hdel(self.lobby_key, self.name)
            await self.client.hdel(self.options_key, self.name)
            await self.client.publish(self.lobby_key, self.name)

    async def publish_lobby(self) -> None:
        """After each change of its tables (then at most every :data:`SETTLE` seconds), writes
        the lobby's rows of this dealer's listed tables, each with its place in the list
        (:func:`~drawpoker.site.listing.listing_key`), to the lobby hash under its name, and
        tells the gateways (:class:`~drawpoker.site.gateway.GatewayLobby`). A Redis restarted
        empty takes the dealer's leases with it: its lanes are dropped and taken again, and
        the rows written again. What it writes is :func:`lobby_entries` joined in a list:

        >>> import asyncio
        >>> from drawpoker.site.store import Store
        >>> async def demo():
        ...     house = House(Store(":memory:"))
        ...     house.create(parse_new_table({"game": "holdem", "seats": ["person", "cpu:rules"]}))
        ...     entries = lobby_entries(list(house.rooms.values()), {})
        ...     await house.stop()
        ...     return [json.loads(entry)[1]["game"] for _, entry in entries.values()]
        >>> asyncio.run(demo())
        ['holdem']
        """
        changed = self.house.lobby.dirty
        last = None
        made: dict[str, tuple[tuple[Any, ...], str]] = {}
        while True:
            await changed.wait()
            changed.clear()
            made = lobby_entries(list(self.house.rooms.values()), made)
            text = "[" + ",".join(entry for _, entry in made.values()) + "]"
            if text != last:
                try:
                    await self.client.hset(self.lobby_key, self.name, text)
                    await self.client.publish(self.lobby_key, self.name)
                    last = text
                except REDIS_DOWN as error:
                    log.warning("dealer %s: lobby not published: %s", self.name, error)
                    changed.set()
                    await asyncio.sleep(RENEW_EVERY)
            await asyncio.sleep(SETTLE)

    # ------------------------------------------------------------------ requests

    async def serve_inbox(self) -> None:
        """Handles the requests of the held lanes' inboxes, in order per lane."""
        while True:
            try:
                requests = await self.inbox.read(dict(self.after))
            except REDIS_DOWN as error:
                log.warning("dealer %s: inbox unreachable: %s", self.name, error)
                await asyncio.sleep(RENEW_EVERY)
                continue
            if not requests and not self.after:
                await asyncio.sleep(0.1)
            lapsed = False
            for lane, entry, request in requests:
                if lane not in self.held or not self.held[lane].valid():
                    lapsed = True  # left for the lane's next holder; the keeper drops it
                    continue
                op = request.get("op")
                if op in HTTP_ASKS and waited_out(entry, self.clock.now_ms()):
                    log.warning(
                        "dealer %s: a %s request its gateway gave up on is dropped", self.name, op
                    )
                else:
                    try:
                        request["sent_before_taking"] = sent_before(entry, self.taken_at[lane])
                        request["entry"] = entry
                        await self.handle(request)
                    except Exception as problem:  # before its work (loading its table, say)
                        log.exception("dealer %s: request %s failed", self.name, op)
                        if op in HTTP_ASKS:  # its gateway waits: answered at once
                            self._reply(request, *failed_answer(problem))
                self.after[lane] = entry
                with contextlib.suppress(*REDIS_DOWN):
                    await self.inbox.handled(lane, entry)
            if lapsed:
                await asyncio.sleep(0.05)

    def _answer(self, request: dict[str, Any], text: str, after: Position | None = None) -> None:
        number = int(request.get("n", 1))
        self.publisher.put(request["reply"], Position(number), reply_text(after, text))

    def _reply(self, request: dict[str, Any], status: int, body: dict[str, Any]) -> None:
        self._answer(request, encode({"status": status, "body": body}))

    async def _room(self, table_id: str) -> Room | None:
        room = self.house.rooms.get(table_id)
        if room is None and lane_of(table_id) in self.held:
            room = await self._load_room(table_id)
        return room

    async def handle(self, request: dict[str, Any]) -> None:
        """One request of a gateway (its ``op``); answered on its reply channel."""
        op = request.get("op")
        if op == "create":
            self._reached(request)
            self._reply_to(request, lambda: self._create(request))
            return
        if op == "play":
            self._reached(request)
            self._reply_to(request, lambda: self._play_now(request))
            return
        room = await self._room(str(request.get("table")))
        self._reached(request)
        asked = TABLE_ASKS.get(str(op))
        if room is None:
            refusal = ProtocolError("no-table", "there is no such table")
            if asked is not None:
                self._reply(request, 404, {"error": "no-table", "message": refusal.message})
            elif op in ("hello", "watch"):
                self._answer(request, encode(refusal.to_dict()))
            return
        if asked is not None:
            self._reply_to(request, lambda: asked(self.house, room, request))
        else:
            try:
                said = self._connection(room, op, request)
            except ProtocolError as problem:
                if request.get("sent_before_taking") and problem.code in MOVED_ON:
                    return  # maybe handled by the lane's last dealer: the update says it all
                self._answer(request, encode(problem.to_dict()))
                return
            await self._note_connection(op, request, said)  # the request is done: safe to await

    def _reached(self, request: dict[str, Any]) -> None:
        """From here to the end of ``request`` nothing awaits: what the store writes meanwhile
        is this request's doing, recorded with its inbox entry (``Store.inbox_positions``) so
        that the lane's next dealer does not handle it again. A write before (a timer's,
        while a table loaded) recorded the previous entry, all of whose changes it holds."""
        if "entry" in request:
            lane = lane_of(str(request.get("table")))
            self.house.store.inbox_positions[lane] = request["entry"]

    def _reply_to(self, request: dict[str, Any], work: Callable[[], Answer]) -> None:
        """Replies with what ``work`` answers, or with the refusal it raised (as the
        one-process site answers it: :class:`Refused` as it says, a bad nickname or another
        bad request 400). Any other exception is logged and answered at once as
        :func:`failed_answer` says (the gateway does not wait out its ask timeout for it).

        >>> from drawpoker.site.store import Store
        >>> dealer = Dealer(House(Store(":memory:")), RedisBus.from_url("unix:///run/redis.sock"))
        >>> def broken() -> Answer:
        ...     raise ValueError("a bug")
        >>> dealer._reply_to({"op": "facts", "reply": "r", "n": 1}, broken)
        >>> answer = json.loads(dealer.publisher.queue[-1][2])
        >>> answer["status"], answer["body"]["error"]
        (500, 'internal')
        """
        try:
            status, body = work()
        except Refused as refused:
            status, body = refused.status, refused_body(refused)
        except StaleFenceError as error:  # the lane has another dealer now: it takes a retry
            status, body = 503, {"error": "moved", "message": f"{error}: send it again"}
        except NicknameError as problem:
            status, body = 400, {"error": "bad-nickname", "message": str(problem)}
        except DrawPokerError as problem:
            status, body = 400, {"error": "bad-request", "message": str(problem)}
        except StoreUnavailableError as problem:  # logged on one line: an outage, not a bug
            status, body = failed_answer(problem)
        except Exception as problem:
            log.exception("dealer %s: request %s failed", self.name, request.get("op"))
            status, body = failed_answer(problem)
        self._reply(request, status, body)

    def _create(self, request: dict[str, Any]) -> Answer:
        table_request = parse_new_table(request["request"])
        creator = {key: request[key] for key in CREATOR_FIELDS if key in request}
        creator["device"] = known_device(request)
        return 201, self.house.open_table(
            table_request, creator, request["maker"], request["table"]
        )

    def _play_now(self, request: dict[str, Any]) -> Answer:
        room, seat, token = self.house.play_now(
            request["game"], request.get("name"), request["maker"], known_device(request)
        )
        return 201, {"id": room.id, "seat": seat, "token": token}

    def _attach(self, room: Room, conn: str, seat: int | None, request: dict[str, Any]) -> None:
        """A connection that said hello to the lane's earlier dealer, known from now on."""
        channel = public_channel(room.id) if seat is None else seat_channel(room.id, seat)
        outbox = RemoteOutbox(self.publisher, request["reply"], 0, channel)
        outbox.welcomed = True
        self.remote[conn] = (room.id, seat, outbox)
        room.attach(seat, outbox, str(request.get("lang", DEFAULT_LANGUAGE)))

    @staticmethod
    def _forget(room: Room, seat: int | None, outbox: RemoteOutbox) -> None:
        """Forgets an outbox of ``room`` without a word to anyone (its connection said hello
        again, and gets a new one): not counted twice."""
        if seat is None:
            room.watchers.discard(outbox)
        else:
            room.connections.get(seat, set()).discard(outbox)
        room.languages.pop(outbox, None)

    def _connection(self, room: Room, op: str | None, request: dict[str, Any]) -> object:
        """A request of one connection: ``hello``, ``watch``, ``message`` (an action or a
        command), ``speak`` (its language again, to a dealer new to it), ``disconnect``;
        returns what a message said (``None`` for the others)."""
        conn = str(request["conn"])
        seat = request.get("seat")
        tag = str(request.get("lang", DEFAULT_LANGUAGE))
        if op == "disconnect":
            known = self.remote.pop(conn, None)
            if known is not None and known[1] is None:
                room.unwatch(known[2])
            elif known is not None and known[1] is not None:
                room.disconnect(known[1], known[2])
            return None
        if op in ("hello", "watch"):
            full = room.watchers_full(self.house.guard.settings.watchers_per_table)
            if seat is None and full is not None and conn not in self.remote:
                raise full
            known = self.remote.pop(conn, None)
            if known is not None:  # known from its note, and said again to this dealer
                self._forget(room, known[1], known[2])
            channel = public_channel(room.id) if seat is None else seat_channel(room.id, seat)
            outbox = RemoteOutbox(self.publisher, request["reply"], int(request["n"]), channel)
            self.remote[conn] = (room.id, seat, outbox)
            since = request.get("since")
            if seat is None:
                room.watch(outbox, since, tag)
            else:
                room.connect(int(seat), outbox, since, tag)
            return None
        if op == "speak":  # its updates came in another language: this dealer is new to it
            known = self.remote.get(conn)
            if known is None:
                self._attach(room, conn, seat, request)
            else:
                room.attach(known[1], known[2], tag)
            return None
        if op != "message" or not isinstance(seat, int):
            raise ProtocolError("bad-message", f"unknown request {op!r}")
        if conn not in self.remote:  # said hello to the lane's earlier dealer
            self._attach(room, conn, seat, request)
        parsed = parse_message(request["text"])
        if isinstance(parsed, Command):
            room.command(seat, parsed.kind)
        elif isinstance(parsed, Act):
            room.act(seat, parsed)
        elif isinstance(parsed, Tips):
            room.set_tips(seat, parsed.on)
        else:
            raise ProtocolError("bad-message", "this connection has said hello already")
        return parsed
