"""The gateway role of ``drawpoker serve --role gateway`` (docs/scale-out.md): it holds the
browsers' HTTP requests and WebSockets and no table. It checks a seat's token against the
store, puts what a connection sends in the inbox of its table's lane
(:mod:`drawpoker.site.inbox`), and relays to the connection only its own seat's channel of the
bus (a watcher: the table's public one), from the position its welcome was made at
(:mod:`drawpoker.site.relay`): it never receives another seat's messages. The requests that
need a table (a new table, a seat, its facts) are asked of the table's dealer the same way and
answered on a reply channel of their own.

>>> lane_of("t1") == lane_of("t1")
True
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket

from drawpoker.site.app import (
    SocketOutbox,
    TableHandlers,
    address_of,
    admit,
    body_error,
    download,
    error,
    fields,
    language,
    new_table_fields,
    play_fields,
    table_link,
)
from drawpoker.site.bus import (
    REDIS_DOWN,
    BusUnavailable,
    FeedReader,
    Position,
    RedisBus,
    RedisFeed,
    public_channel,
    seat_channel,
)
from drawpoker.site.devices import KnownDevice
from drawpoker.site.guard import POLICY_VIOLATION, Admission, Guard, Refused
from drawpoker.site.house import House, could_be_table_id, token_hash
from drawpoker.site.inbox import (
    CONNECTIONS_KEPT,
    NOTES_RENEWED_EVERY,
    RedisInbox,
    connection_note,
    connections_key,
    tips_key,
)
from drawpoker.site.jsontext import encode
from drawpoker.site.lanes import LEASE_MS, RENEW_EVERY, RedisClock, dealers_key, lane_of
from drawpoker.site.listing import LobbyFeed, lobby_key, row_page
from drawpoker.site.protocol import (
    CLOSE_CODES,
    ERROR_CODES,
    TOO_SLOW,
    Command,
    Hello,
    ProtocolError,
    Watch,
    parse_message,
)
from drawpoker.site.relay import in_language, split_reply
from drawpoker.site.room import Outbox
from drawpoker.site.store import Store, StoreUnavailableError

log = logging.getLogger("drawpoker.site")

ASK_TIMEOUT = 15.0
"""Seconds a gateway waits for a dealer's answer (a lane changing dealer takes about 3 s and
its tables' loading) before it answers 503, to be sent again."""

BUS_DOWN = "the way to the tables' dealers (Redis) cannot be reached: nothing was done, try again"
"""What a gateway answers (503 ``dealer-unavailable``) while Redis cannot be reached."""


PUMP_STOP_SECONDS = 2.0
"""Seconds a closed connection's pump is given to end by itself (:func:`_stop_pump`)."""

TRY_AGAIN = 1013
"""The WebSocket close code of a connection whose table's dealer did not answer its hello."""

SERVICE_RESTART = 1012
"""The WebSocket close code (RFC 6455's "service restart") of the connections a gateway closes
when Redis restarted: the page connects again at once, from its last event."""


def gateway_of(reply: str) -> str:
    """The gateway that made a reply channel (:meth:`Gateway.reply_channel`).

    >>> gateway_of("reply:gateway-ab12:77ff")
    'gateway-ab12'
    """
    return reply.split(":")[1]


def presence_key(prefix: str, name: str) -> str:
    """The Redis key that says the gateway ``name`` is alive (set by its
    :meth:`Gateway.keep_present`, read by the dealers).

    >>> presence_key("site", "gateway-1")
    'site:gateway:gateway-1'
    """
    return f"{prefix}:gateway:{name}"


class Gateway:
    """A gateway's links to the store (token checks), the bus and the lanes' inboxes.

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> from drawpoker.site.guard import SiteLimits
    >>> from drawpoker.site.store import SeatRecord
    >>> store = Store(":memory:")
    >>> store.create("t1", 0.0, {}, "waiting", [SeatRecord(None, "A", None)] * 2,
    ...              Table(game("holdem"), 2))
    >>> store.claim("t1", 1, "Ann", token_hash("secret"))
    >>> gateway = Gateway(store, RedisBus.from_url("unix:///run/redis.sock"), Guard(SiteLimits()))
    >>> gateway.seat_of("t1", "secret"), gateway.seat_of("t1", "forged"), gateway.seat_of("t2", "x")
    (1, None, False)
    """

    def __init__(self, store: Store, bus: RedisBus, guard: Guard, prefix: str = "drawpoker"):
        self.store = store
        self.bus = bus
        self.guard = guard
        self.inbox = RedisInbox(bus.client, bus.url, prefix)
        self.name = f"gateway-{secrets.token_hex(6)}"
        self.prefix = prefix
        self.connections: set[Connection] = set()
        """The table connections open here."""
        self.feed = RedisFeed(bus)
        """The one reader of the bus of this gateway's connections (its :meth:`RedisFeed.run`
        is a task of the gateway's)."""
        self.redis_run: str | None = None
        """The run id of the Redis server last seen (``INFO server``): a new one is a restart."""
        self.present = False
        """Whether this gateway marked itself present already (a mark gone since: lapsed)."""

    async def keep_present(self) -> None:
        """Every :data:`RENEW_EVERY` seconds, marks this gateway alive for :data:`LEASE_MS`:
        once the mark lapses (the process died), the dealers count its connections gone. And
        it notices a Redis server that restarted (:meth:`noticed_redis_run`), and a mark that
        lapsed while it lived (:meth:`lapsed`). Every :data:`NOTES_RENEWED_EVERY` seconds it
        renews its tables' connection notes (:meth:`renew_notes`)."""
        notes_renewed = time.monotonic()
        while True:
            with contextlib.suppress(*REDIS_DOWN):
                key = presence_key(self.prefix, self.name)
                was = await self.bus.client.set(key, "1", px=LEASE_MS, get=True)
                run_id = str((await self.bus.client.info("server"))["run_id"])
                if not self.noticed_redis_run(run_id) and was is None and self.present:
                    self.lapsed()
                self.present = True
                if time.monotonic() - notes_renewed >= NOTES_RENEWED_EVERY:
                    await self.renew_notes()
                    notes_renewed = time.monotonic()
            await asyncio.sleep(RENEW_EVERY)

    async def renew_notes(self) -> int:
        """Gives the connection notes and the tips settings of every table with a connection
        open here (:func:`~drawpoker.site.inbox.connections_key`,
        :func:`~drawpoker.site.inbox.tips_key`) another
        :data:`~drawpoker.site.inbox.CONNECTIONS_KEPT` seconds, in one round trip: they are
        written with a hello, a watch or a tips switch, and a player may stay for days. How
        many tables' notes it renewed.

        >>> gateway = Gateway.__new__(Gateway); gateway.connections = set()
        >>> import asyncio; asyncio.run(gateway.renew_notes())
        0
        """
        tables = sorted({connection.table_id for connection in self.connections})
        if not tables:
            return 0
        async with self.bus.client.pipeline(transaction=False) as pipe:
            for table_id in tables:
                pipe.expire(connections_key(self.prefix, table_id), CONNECTIONS_KEPT)
                pipe.expire(tips_key(self.prefix, table_id), CONNECTIONS_KEPT)
            await pipe.execute()
        return len(tables)

    def lapsed(self) -> None:
        """This gateway's presence mark had lapsed (it was not renewed for :data:`LEASE_MS`,
        the process or Redis too slow): the dealers counted its connections gone and forgot
        them (a watcher's table no longer published for it), so each is closed with
        :data:`SERVICE_RESTART` and its page says hello again.

        >>> gateway = Gateway.__new__(Gateway); gateway.connections = set(); gateway.name = "g1"
        >>> gateway.lapsed()
        """
        log.warning(
            "gateway %s: its presence lapsed; its %d connections are asked to connect again",
            self.name,
            len(self.connections),
        )
        for connection in list(self.connections):
            connection.outbox.close(SERVICE_RESTART, "the site restarted a service: reconnect")

    def noticed_redis_run(self, run_id: str) -> bool:
        """Notes the Redis server's run id; when it is a new one (Redis restarted, empty: the
        dealers lost the notes of who is connected where, and the lanes' inboxes), closes every
        table connection with :data:`SERVICE_RESTART`, so that each page says hello again
        and its table's dealer knows it anew. Whether it closed them.

        >>> gateway = Gateway.__new__(Gateway); gateway.connections = set(); gateway.name = "g1"
        >>> gateway.redis_run = None
        >>> gateway.noticed_redis_run("a1"), gateway.noticed_redis_run("a1")
        (False, False)
        >>> gateway.noticed_redis_run("b2")
        True
        """
        restarted = self.redis_run is not None and run_id != self.redis_run
        self.redis_run = run_id
        if restarted:
            log.warning(
                "gateway %s: Redis restarted; its %d connections are asked to connect again",
                self.name,
                len(self.connections),
            )
            for connection in list(self.connections):
                connection.outbox.close(SERVICE_RESTART, "the site restarted a service: reconnect")
        return restarted

    def reply_channel(self) -> str:
        """A new channel for the answers to one connection or request."""
        return f"reply:{self.name}:{secrets.token_hex(8)}"

    async def ask(self, table_id: str, request: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Asks the table's dealer (``request``'s ``op``); its status and body. :class:`Refused`
        (503) when no dealer answered within :data:`ASK_TIMEOUT`, or Redis, the way to the
        dealers, cannot be reached (nothing was asked)."""
        reply = self.reply_channel()
        try:
            answers = await self.bus.subscribe({reply: Position(0)})
        except BusUnavailable:
            raise Refused(503, "dealer-unavailable", BUS_DOWN) from None
        try:
            await self.inbox.send(
                lane_of(table_id), {**request, "table": table_id, "reply": reply, "n": 1}
            )
            async with asyncio.timeout(ASK_TIMEOUT):
                message = await anext(answers)
        except TimeoutError:
            raise Refused(
                503, "dealer-unavailable", "the table's dealer did not answer: try again"
            ) from None
        except BusUnavailable:
            raise Refused(503, "dealer-unavailable", BUS_DOWN) from None
        finally:
            await answers.aclose()
            with contextlib.suppress(Exception):
                await self.bus.drop(reply)
        answer = split_reply(message.payload)[1]
        data: dict[str, Any] = json.loads(answer)
        return int(data["status"]), data["body"]

    def seat_of(self, table_id: str, token: str) -> int | bool | None:
        """The seat whose token this is; ``None`` for no seat; ``False`` for no table."""
        hashes = self.store.seat_hashes(table_id) if could_be_table_id(table_id) else None
        if hashes is None:
            return False
        digest = token_hash(token)
        found = None
        for seat, saved in enumerate(hashes):
            if saved is not None and hmac.compare_digest(saved, digest):
                found = seat
        return found


def _gateway(request: Request | WebSocket) -> Gateway:
    gateway: Gateway = request.app.state.gateway
    return gateway


async def with_device(request: Request, fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with their device key (``device``), if any, replaced by the device it names
    (:meth:`~drawpoker.site.devices.KnownDevice.to_json`): a key is a secret, and the dealer's
    inbox is in Redis. :class:`Refused` as :meth:`~drawpoker.site.house.House.device_of`.

    >>> asyncio.run(with_device(None, {"name": "Ann"}))  # type: ignore[arg-type]
    {'name': 'Ann'}
    """
    key = fields.get("device")
    if key is None:
        return fields
    house: House = request.app.state.house
    device, nickname = await asyncio.to_thread(house.device_of, key)
    return {**fields, "device": KnownDevice(device, nickname).to_json()}


async def new_table(request: Request) -> Response:
    """``POST /api/tables`` in a gateway: checked here, made by the table's dealer."""

    gateway = _gateway(request)
    maker = address_of(request)
    try:
        data, _, creator = await new_table_fields(request)
        creator = await with_device(request, creator)
        gateway.guard.count_table(maker)  # here only: the dealer counts nothing
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    table_id = secrets.token_urlsafe(12)
    ask = {"op": "create", "request": data, "maker": maker, **creator}
    status, body = await gateway.ask(table_id, ask)
    return _link(request, status, body)


def answer(request: Request, status: int, body: dict[str, Any]) -> Response:
    """A dealer's answer as the one process gives it: an error in the request's language
    (:func:`~drawpoker.site.app.error`), anything else as it came."""
    if status >= 400 and "error" in body:
        return error(status, body["error"], body["message"], language(request))
    return JSONResponse(body, status_code=status)


async def _asked(request: Request, ask: dict[str, Any]) -> Response:
    """The answer of the dealer of the request's table to ``ask``."""
    table_id = request.path_params["table_id"]
    status, body = await _gateway(request).ask(table_id, {**ask, "lang": language(request)})
    return answer(request, status, body)


def _link(request: Request, status: int, body: dict[str, Any]) -> Response:
    """A dealer's answer naming a table (``id``), with the table's link added."""
    if status == 201:
        body["url"] = table_link(request, body["id"])
    return answer(request, status, body)


async def take_seat(request: Request) -> Response:
    """``POST /api/tables/{id}/seats`` in a gateway: the seat given by the table's dealer."""
    try:
        data = await with_device(request, await fields(request, {"name", "device"}))
    except ProtocolError as problem:
        return body_error(problem, language(request))
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    return await _asked(request, {"op": "claim", **data})


async def table_facts(request: Request) -> Response:
    """``GET /api/tables/{id}`` in a gateway: the facts of the table's dealer."""
    return await _asked(request, {"op": "facts"})


async def take_back(request: Request) -> Response:
    """``POST /api/tables/{id}/return`` in a gateway: the table's dealer gives the device its
    seat back, with a new token."""
    try:
        data = await with_device(request, await fields(request, {"device", "seat"}))
    except ProtocolError as problem:
        return body_error(problem, language(request))
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    return await _asked(request, {"op": "return", **data})


async def history(request: Request) -> Response:
    """``GET /api/tables/{id}/history`` in a gateway: the seat's hand history, made by the
    table's dealer from what that seat saw."""
    headers, query = request.headers, request.query_params
    table_id = request.path_params["table_id"]
    seat = await _token_seat(request, table_id)
    key = headers.get("x-device-key") if seat is None else None  # a seat's token goes first
    ask = {"op": "history", "token_seat": seat, "device": key, "seat": query.get("seat")}
    ask["format"] = query.get("format", "json")
    try:
        ask = await with_device(request, ask)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    status, body = await _gateway(request).ask(table_id, ask)
    if status != 200:
        return answer(request, status, body)
    return download(body["name"], body["media"], body["text"])


async def play_again(request: Request) -> Response:
    """``POST /api/tables/{id}/again`` in a gateway: a seat at the group's new table, made by
    the finished table's dealer."""
    table_id = request.path_params["table_id"]
    ask = {"op": "again", "token_seat": await _token_seat(request, table_id)}
    status, body = await _gateway(request).ask(table_id, ask)
    return _link(request, status, body)


async def _token_seat(request: Request, table_id: str) -> int | None:
    """The seat of the table whose token the request's ``X-Seat-Token`` is (``None``: no
    seat's), found here: a token is a secret, and the dealer's inbox is in Redis."""
    token = request.headers.get("x-seat-token", "")
    found = await asyncio.to_thread(_gateway(request).seat_of, table_id, token) if token else None
    return found if type(found) is int else None


PLAY_LANE = "play:"
"""Every "Play now" of a game goes to the dealer of the lane of ``play:<game>``: it seats
people at its own tables of that game with CPU players, as the one process does at its own."""


async def play_now(request: Request) -> Response:
    """``POST /api/play`` in a gateway: "Play now", asked of the game's dealer. Each counts
    as a table its address made (:meth:`~drawpoker.site.guard.Guard.count_table`, shared by
    the gateways), here only: the gateway cannot know whether the dealer makes a table or
    finds a seat at one (the one process counts only the tables it makes)."""
    maker = address_of(request)
    try:
        data = await with_device(request, await play_fields(request))
        _gateway(request).guard.count_table(maker)
    except Refused as refused:
        return error(refused.status, refused.code, refused.message, language(request))
    ask = {"op": "play", **data, "maker": maker}
    status, body = await _gateway(request).ask(PLAY_LANE + data["game"], ask)
    return _link(request, status, body)


DealerRows = list[tuple[tuple[Any, ...], dict[str, Any]]]
"""One dealer's lobby rows, each with its place in the list
(:func:`~drawpoker.site.listing.listing_key`)."""


class GatewayLobby:
    """The lobby's list in a gateway: the rows every live dealer wrote
    (:meth:`~drawpoker.site.dealer.Dealer.publish_lobby`), merged in the list's order. A
    dealer's word (its name on the lobby channel) reads that dealer's rows alone, and every
    :data:`RENEW_EVERY` seconds the live dealers are read (a dealer that died leaves the list,
    one not yet seen is read); ``feed`` pushes the list to the lobby pages. The rows a dealer
    wrote are kept as text and parsed only when the list is looked at (a lobby page connected,
    a listing asked for), each dealer's once after each change: the dealers write theirs after
    each change of their tables, which parsing each time cost a gateway a third of its CPU
    with no lobby page open. An entry that is not a list of ``[key, row]`` pairs is logged and
    counts as no rows.

    >>> lobby = GatewayLobby(RedisBus.from_url("unix:///run/redis.sock"))
    >>> lobby.feed.page(10, 0)
    {'tables': [], 'total': 0, 'limit': 10, 'offset': 0}
    >>> lobby.take("d1", '[[[false, 1.0, "t1"], {"id": "t1"}]]'); lobby.rows
    [{'id': 't1'}]
    >>> lobby.take("d2", "not json"); lobby.rows
    [{'id': 't1'}]
    """

    def __init__(self, bus: RedisBus, prefix: str = "drawpoker") -> None:
        self.bus = bus
        self.key = lobby_key(prefix)
        self.dealers_key = dealers_key(prefix)
        self.clock = RedisClock()
        """Redis's clock, by which the dealers' marks count."""
        self.by_dealer: dict[str, DealerRows] = {}
        """Each live dealer's rows, parsed, each with its place in the list."""
        self.unparsed: dict[str, str | bytes | None] = {}
        """The rows of the dealers that wrote since the list was last looked at, as text."""
        self.merged = True
        """Whether :attr:`rows` is the merge of :attr:`by_dealer` as it is."""
        self._rows: list[dict[str, Any]] = []
        self.feed = LobbyFeed(lambda limit, offset: row_page(self.rows, limit, offset))

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The list: every live dealer's rows, in the list's order (the dealers that wrote
        since the last look parsed now)."""
        for dealer, text in self.unparsed.items():
            self.by_dealer[dealer] = self._parsed(dealer, text)
        if self.unparsed or not self.merged:
            self.unparsed.clear()
            self._merge()
        return self._rows

    def take(self, dealer: str, text: str | bytes | None) -> None:
        """Keeps ``dealer``'s rows written as ``text`` (``None``: it has none), parsed when the
        list is next looked at."""
        self.unparsed[dealer] = text
        self.feed.changed()

    @staticmethod
    def _parsed(dealer: str, text: str | bytes | None) -> DealerRows:
        """``dealer``'s rows written as ``text``; none (logged) when ``text`` is malformed.

        >>> GatewayLobby._parsed("d1", '[[[false, 1.0, "t1"], {"id": "t1"}]]')
        [((False, 1.0, 't1'), {'id': 't1'})]
        >>> GatewayLobby._parsed("d2", '[[[false], 3]]')
        []
        """
        parsed: DealerRows = []
        try:
            for key, row in json.loads(text or "[]"):
                if not isinstance(row, dict):
                    raise TypeError(f"a row is {type(row).__name__}, not an object")
                parsed.append((tuple(key), row))
        except (ValueError, TypeError) as problem:
            log.warning("gateway lobby: dealer %s's rows skipped: %s", dealer, problem)
            return []
        return parsed

    def _merge(self) -> None:
        merged = [entry for rows in self.by_dealer.values() for entry in rows]
        try:
            merged.sort(key=lambda entry: entry[0])
        except TypeError as problem:  # keys of different shapes: listed as they came
            log.warning("gateway lobby: rows not sorted: %s", problem)
        self._rows = [row for _, row in merged]
        self.merged = True

    async def refresh(self, dealer: str | None = None) -> None:
        """Reads ``dealer``'s rows again; without a dealer, forgets the dead dealers' rows and
        reads those of the live ones not read yet. While Redis cannot be reached it raises
        and the list stays as it was:

        >>> lobby = GatewayLobby(RedisBus.from_url("unix:///nowhere/redis.sock"))
        >>> lobby.take("d1", '[[[false, 1.0, "t1"], {"id": "t1"}]]')
        >>> asyncio.run(lobby.refresh("d1"))
        Traceback (most recent call last):
        ...
        redis.exceptions.ConnectionError: Error 2 connecting to /nowhere/redis.sock. ...
        >>> lobby.rows
        [{'id': 't1'}]
        """
        client = self.bus.client
        if dealer is not None:
            self.take(dealer, await client.hget(self.key, dealer))
            return
        now_ms = await self.clock.sync(client)
        alive = {str(name) for name in await client.zrangebyscore(self.dealers_key, now_ms, "+inf")}
        unseen = sorted(alive - self.by_dealer.keys() - self.unparsed.keys())
        texts = await client.hmget(self.key, unseen) if unseen else []
        dead = (self.by_dealer.keys() | self.unparsed.keys()) - alive
        for name in dead:
            self.by_dealer.pop(name, None)
            self.unparsed.pop(name, None)
        for name, text in zip(unseen, texts, strict=True):
            self.take(name, text)
        if dead and not unseen:
            self.merged = False
            self.feed.changed()

    async def live_dealers(self) -> int:
        """How many dealers are alive (their marks not lapsed), asked of Redis."""
        now_ms = await self.clock.sync(self.bus.client)
        return int(await self.bus.client.zcount(self.dealers_key, now_ms, "+inf"))

    async def run(self) -> None:
        """Follows the dealers' word, for as long as the gateway runs."""
        while True:
            try:
                async with self.bus.client.pubsub() as said:
                    await said.subscribe(self.key)
                    self.by_dealer.clear()  # what was said while away is read afresh
                    self.unparsed.clear()
                    self.merged = False
                    next_look = 0.0
                    while True:
                        if time.monotonic() >= next_look:  # even while dealers keep talking
                            await self.refresh()
                            next_look = time.monotonic() + RENEW_EVERY
                        word = await said.get_message(
                            ignore_subscribe_messages=True, timeout=RENEW_EVERY
                        )
                        named = word["data"] if word is not None else None
                        if isinstance(named, str):
                            await self.refresh(named)
            except REDIS_DOWN as problem:
                log.warning("gateway lobby: Redis unreachable: %s", problem)
                await asyncio.sleep(RENEW_EVERY)


async def refused(request: Request, problem: Exception) -> Response:
    """A :class:`Refused` raised by a handler, as its JSON error in the request's language."""
    assert isinstance(problem, Refused)
    said = error(problem.status, problem.code, problem.message, language(request))
    said.headers["retry-after"] = "1"
    return said


async def table_socket(websocket: WebSocket) -> None:
    """A table's WebSocket in a gateway (the same protocol as one process's, docs/protocol.md)."""

    gateway = _gateway(websocket)
    address = await admit(websocket, gateway.guard)
    if address is None:
        return
    admission = Admission(address)
    try:
        await websocket.accept()
        outbox = SocketOutbox(websocket)
        try:
            await Connection(gateway, websocket, outbox, admission).serve()
        finally:
            await outbox.finish()
    finally:
        gateway.guard.end(admission)


def refusal_close_code(text: str) -> int:
    """The close code that follows a dealer's refusal of a hello, ``text`` its error message
    (:data:`~drawpoker.site.protocol.CLOSE_CODES`, as the one process closes it).

    >>> refusal_close_code('{"type":"error","code":"too-many-watchers"}')
    4429
    >>> refusal_close_code('{"type":"error","code":"illegal"}'), refusal_close_code("[")
    (1008, 1008)
    """
    try:
        said = json.loads(text)
    except ValueError:
        return POLICY_VIOLATION
    code = said.get("code") if isinstance(said, dict) else None
    return CLOSE_CODES.get(code, POLICY_VIOLATION) if isinstance(code, str) else POLICY_VIOLATION


async def _stop_pump(pump: asyncio.Task[None], subscription: FeedReader) -> None:
    """Ends a connection's pump: its reader of the gateway's feed is closed, so that the
    pump's loop ends at its next read (at once: the pump reads a queue, not Redis); it is
    cancelled only if it has not ended after :data:`PUMP_STOP_SECONDS`. (When each pump read
    Redis itself, cancelling a read in the middle was seen to leave the pump waiting on its
    socket for good, so that a gateway told to stop (SIGTERM) waited for it until killed: the
    cancel redis-py can drop, :mod:`drawpoker.site.tasks`.)"""
    await subscription.aclose()
    done, _ = await asyncio.wait({pump}, timeout=PUMP_STOP_SECONDS)
    if not done:
        pump.cancel()
        await asyncio.wait({pump}, timeout=PUMP_STOP_SECONDS)
    if pump.done() and not pump.cancelled() and pump.exception() is not None:
        log.warning("a connection's pump ended with %r", pump.exception())


class Connection:
    """One browser's WebSocket at a table, held by a gateway; its count by the guard is
    ``admission``."""

    def __init__(
        self, gateway: Gateway, websocket: WebSocket, outbox: Outbox, admission: Admission
    ) -> None:
        self.gateway = gateway
        self.admission = admission
        self.websocket = websocket
        self.outbox = outbox
        self.table_id: str = websocket.path_params["table_id"]
        self.id = secrets.token_hex(8)
        self.reply = gateway.reply_channel()
        self.number = 0
        self.seat: int | None = None
        self.tag = language(websocket)
        """The language the connection reads (its browser's, as the one process picks it)."""
        self.spoke = False
        """Whether the dealer was told the language again since an update came in another."""

    def _refuse(self, problem: ProtocolError, code: int, reason: str) -> None:
        self.outbox.send(encode(problem.to_dict()))
        self.outbox.close(code, reason)

    async def _hello(self) -> Hello | Watch | None:
        """The connection's hello (or watch), as the one process waits for it: each message
        before it is refused (``hello-first``, ``bad-json``, ...) and counted against the
        message rate, and the connection is closed once ``hello_timeout`` has passed without
        one. ``None`` when the connection ended first."""
        guard = self.gateway.guard
        settings = guard.settings
        hello_by = asyncio.get_running_loop().time() + settings.hello_timeout
        while True:
            try:
                async with asyncio.timeout_at(hello_by):
                    message = await self.websocket.receive()
            except TimeoutError:
                self.outbox.close(POLICY_VIOLATION, f"no hello within {settings.hello_timeout:g} s")
                return None
            if message["type"] == "websocket.disconnect":
                return None
            if not guard.message_allowed(self.id):
                self.outbox.close(
                    POLICY_VIOLATION, f"too many messages (at most {settings.message_rate})"
                )
                return None
            try:
                text = message.get("text")
                if text is None:
                    raise ProtocolError("bad-message", "messages are JSON in text frames")
                hello = parse_message(text)
                if not isinstance(hello, Hello | Watch):
                    raise ProtocolError(
                        "hello-first", "send a hello with your seat token (or watch) first"
                    )
                return hello
            except ProtocolError as problem:
                self.outbox.send(encode(problem.to_dict()))

    async def serve(self) -> None:
        """The hello (checked here), then the relay both ways until the browser goes."""
        hello = await self._hello()
        if hello is None:
            return
        request: dict[str, Any] = {"op": "watch", "since": hello.since}
        if isinstance(hello, Hello):
            try:
                found = await asyncio.to_thread(self.gateway.seat_of, self.table_id, hello.token)
            except StoreUnavailableError:  # the page connects again, as for a dealer away
                away = ProtocolError("store-unavailable", ERROR_CODES["store-unavailable"])
                self._refuse(away, TRY_AGAIN, "try again")
                return
            if found is False:
                no_table = ProtocolError("no-table", "there is no such table")
                self._refuse(no_table, CLOSE_CODES["no-table"], "no table")
                return
            if found is None or found is True:
                why = "this is not a seat token of this table"
                self._refuse(
                    ProtocolError("bad-token", why), CLOSE_CODES["bad-token"], "bad seat token"
                )
                return
            self.seat = found
            self.gateway.guard.seat_admitted(self.admission)
            request = {"op": "hello", "since": hello.since}
        channel = (
            public_channel(self.table_id)
            if self.seat is None
            else seat_channel(self.table_id, self.seat)
        )
        subscription = self.gateway.feed.reader()
        try:
            await subscription.follow(self.reply, Position(0))
        except BusUnavailable:
            await subscription.aclose()
            self._refuse(ProtocolError("dealer-unavailable", BUS_DOWN), TRY_AGAIN, "try again")
            return
        pump = asyncio.create_task(self._pump(subscription, channel))
        self.gateway.connections.add(self)
        try:
            await self._send(request)
            await self._forward()
        except BusUnavailable:  # nothing was sent on: the browser sends it again
            self._refuse(ProtocolError("dealer-unavailable", BUS_DOWN), TRY_AGAIN, "try again")
        finally:
            self.gateway.connections.discard(self)
            await _stop_pump(pump, subscription)
            with contextlib.suppress(Exception):
                await self._send({"op": "disconnect"})
                await self.gateway.bus.drop(self.reply)

    async def _send(self, request: dict[str, Any]) -> None:
        """Sends a request of this connection to its table's dealer; a hello or a watch with
        the connection's note (:func:`~drawpoker.site.inbox.connections_key`) written in the
        same transaction, a disconnect with its note deleted: a dealer taking the table over
        knows every connection its predecessor may have welcomed (it publishes the public
        channel only while it knows of a watcher)."""
        self.number += 1
        request.update(
            table=self.table_id,
            seat=self.seat,
            conn=self.id,
            reply=self.reply,
            n=self.number,
            lang=self.tag,
        )
        note = None
        op = request["op"]
        if op in ("hello", "watch", "disconnect"):
            key = connections_key(self.gateway.prefix, self.table_id)
            said = None if op == "disconnect" else connection_note(self.seat, self.reply, self.tag)
            note = (key, self.id, said)
        await self.gateway.inbox.send(lane_of(self.table_id), request, note)

    async def _pump(self, subscription: FeedReader, channel: str) -> None:
        """The bus to the browser: the replies to this connection, and after the welcome its
        seat's (or the public) channel from where the welcome was made. However it ends, its
        reader is closed: a browser that stopped reading is closed as too slow, but its socket
        may stay open (the close cannot be sent to it), and a reader left open would queue its
        channel's every message for it as long as it holds the socket."""
        try:
            await self._relay(subscription, channel)
        finally:
            await subscription.aclose()

    async def _relay(self, subscription: FeedReader, channel: str) -> None:
        welcomed = False
        while True:
            try:
                if welcomed:  # (no deadline object for each message relayed after the welcome)
                    message = await anext(subscription)
                else:
                    async with asyncio.timeout(ASK_TIMEOUT):
                        message = await anext(subscription)
            except TimeoutError:
                why = "the table's dealer did not answer: connect again"
                self._refuse(ProtocolError("dealer-unavailable", why), TRY_AGAIN, "try again")
                return
            except StopAsyncIteration:
                return
            text = message.payload
            if message.channel != self.reply:
                text, spoken = in_language(text, self.tag)
                if not spoken and not self.spoke:  # a dealer new to the table: tell it
                    await self._send({"op": "speak"})
                self.spoke = not spoken
            else:
                after, text = split_reply(text)
                if after is not None:
                    welcomed = True
                    await subscription.follow(channel, after)
                elif not welcomed:  # the hello refused (its answer comes before any other)
                    self.outbox.send(text)
                    self.outbox.close(refusal_close_code(text))
                    return
            if not self.outbox.send(text):
                self.outbox.close(TOO_SLOW, "too slow: reconnect for a snapshot")
                return

    async def _forward(self) -> None:
        """The browser to the dealer: each action or command, once checked here."""
        guard = self.gateway.guard
        while True:
            message = await self.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not guard.message_allowed(self.id):
                rate = guard.settings.message_rate
                self.outbox.close(POLICY_VIOLATION, f"too many messages (at most {rate})")
                return
            try:
                text = message.get("text")
                if text is None:
                    raise ProtocolError("bad-message", "messages are JSON in text frames")
                parsed = parse_message(text)
                if isinstance(parsed, Hello | Watch):
                    raise ProtocolError("bad-message", "this connection has said hello already")
                if isinstance(parsed, Command) and parsed.kind == "ping":
                    self.outbox.send(encode({"type": "pong"}))
                elif self.seat is None:
                    raise ProtocolError("watching", "a watcher may send ping, nothing else")
                else:
                    await self._send({"op": "message", "text": text})
            except ProtocolError as problem:
                self.outbox.send(encode(problem.to_dict()))


GATEWAY = TableHandlers.named_in(globals())
"""A gateway's handlers of the table-bound routes (:func:`drawpoker.site.app.site_routes`)."""
