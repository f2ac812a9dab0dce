"""The fan-out between the processes that deal tables and those that hold the connections:
a dealer publishes each message on the channel of its audience (one seat's, or the table's
public one for watchers), and a gateway subscribes to the channels of the seats it serves, so
it never receives another seat's hidden cards.

Every message has its :class:`Position` in its channel: ``seq``, the number of the last event
it brings in its audience's stream (drawpoker.site.stream: 1, 2, 3, ... per seat, the same
after a restart), and ``part``, counting the messages at that same ``seq`` (a change without
an event: a player connected, the pause ended). A channel takes only growing positions, so a
message published twice (a retried publish, a dealer taking over a table) is kept once, and a
subscriber resumes after the position it last had (``since``), on any gateway: the channels
keep their last :data:`RETAIN` messages.

Two implementations with the same methods: :class:`LocalBus` in this process (the embedded
one-process server) and :class:`RedisBus` over Redis Streams (``XADD`` with the position as
the entry id, trimmed to :data:`RETAIN`; ``XREAD`` after the subscriber's ids), whose
publishers and subscribers reconnect by themselves, with backoff, after Redis went away.

>>> import asyncio
>>> async def demo():
...     bus = LocalBus()
...     start = {seat_channel("t1", 0): Position(0), public_channel("t1"): Position(0)}
...     mine = await bus.subscribe(start)
...     await bus.publish(seat_channel("t1", 1), Position(4), '{"cards": "As Kd"}')  # not ours
...     await bus.publish(seat_channel("t1", 0), Position(4), '{"cards": "7c 7h"}')
...     return await anext(mine)
>>> asyncio.run(demo())
Message(channel='t1:seat:0', position=Position(seq=4, part=0), payload='{"cards": "7c 7h"}')
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, cast

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.typing import KeyT, StreamIdT

from drawpoker.site.resp import LinkKeeper, RedisLink, link_options
from drawpoker.site.services import one_line, shown_url

RETAIN = 1000
"""Messages a channel keeps for subscribers that resume (stream.py's ``MAX_REPLAY``)."""

KEEP_SECONDS = 24 * 3600
"""How long Redis keeps a channel nobody publishes on (a table that ended without a
:meth:`Bus.drop`, a dealer that died)."""

BLOCK_MS = 1000
"""The longest one ``XREAD`` waits; between two, a subscriber sees that it was closed."""

BATCH = 100
"""The most messages one ``XREAD`` brings per channel."""

BACKOFF = ExponentialWithJitterBackoff(cap=1.0, base=0.02)
"""Waits between reconnection tries: from about 20 ms, doubling, at most a second."""

PUBLISH_TRIES = 4
"""Tries of one publish (with :data:`BACKOFF` between) before it reports the bus down."""

POOL_CONNECTIONS = 100
"""The most connections to Redis a process's bus client opens at once (redis-py's default)."""

POOL_WAIT = 10.0
"""Seconds a command waits for one of them to be free, when all are in use (a gateway whose
hundreds of connections act at once), before it fails as if Redis were down. With redis-py's
default pool it failed at once (``MaxConnectionsError``): a gateway under a burst dropped
WebSockets (seen in bench.site_load's run without delays)."""

REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)
"""What redis-py raises when Redis cannot be reached."""

HEALTH_TIMEOUT = 1.0
"""Seconds :meth:`RedisBus.reachable` waits for Redis's answer: less than a health check's own
timeout (3 s in deploy/compose.yaml), so that the check hears "unreachable", not nothing."""

PUBLISH_SCRIPT = """
local added = redis.pcall('XADD', KEYS[1], 'MAXLEN', ARGV[3], ARGV[1], 'm', ARGV[2])
if type(added) == 'table' and added.err then
  if string.find(added.err, 'equal or smaller', 1, true) then return 0 end
  return added
end
redis.call('EXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', KEYS[1], ARGV[1] .. ' ' .. ARGV[2])
return 1
"""
"""One message published on Redis (KEYS[1] the channel's stream; ARGV its entry id, text,
:data:`RETAIN` and :data:`KEEP_SECONDS`): added to the stream, kept for a day, and told to the
subscribers of the pub/sub channel of the stream's name as ``"<entry id> <text>"`` (what a
gateway's :class:`RedisFeed` reads); nothing at all, and 0, when the stream has a message at
that position or later already. One script, so that a message is told only once it is kept."""

_Entry = tuple[str, dict[str, str]]
"""A stream entry as the client returns it with text replies: its id and its fields."""


def seat_channel(table_id: str, seat: int) -> str:
    """The channel of one seat's messages: the only one that carries its hidden cards.

    >>> seat_channel("t1", 2)
    't1:seat:2'
    """
    return f"{table_id}:seat:{seat}"


def public_channel(table_id: str) -> str:
    """The channel of a table's public messages, which watchers follow.

    >>> public_channel("t1")
    't1:public'
    """
    return f"{table_id}:public"


class Position(NamedTuple):
    """Where a message stands in its channel: the event ``seq`` it brings the audience to, then
    ``part``, the count of the messages before it at that ``seq``. Positions compare in that
    order; ``Position(0)`` is before every message.

    >>> Position(4) < Position(4, 1) < Position(5)
    True
    """

    seq: int
    part: int = 0

    @property
    def entry_id(self) -> str:
        """The position as a Redis stream entry id.

        >>> Position(4, 1).entry_id
        '4-1'
        """
        return f"{self.seq}-{self.part}"

    @classmethod
    def of_entry(cls, entry_id: str) -> Position:
        """The position of a Redis stream entry id.

        >>> Position.of_entry("4-1")
        Position(seq=4, part=1)
        """
        seq, part = entry_id.split("-")
        return cls(int(seq), int(part))


def _checked(position: object) -> Position:
    if (
        not isinstance(position, Position)
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in position)
        or position == Position(0)
    ):
        raise ValueError(
            "a message's position is a Position of whole numbers past Position(0), "
            f"not {position!r}"
        )
    return position


@dataclass(frozen=True)
class Message:
    """One message of ``channel``: its :class:`Position` and its text (JSON, encoded once by
    the dealer).

    >>> Message("t1:public", Position(3), "{}").position.seq
    3
    """

    channel: str
    position: Position
    payload: str


def check_reachable(url: str, timeout: float = 5.0) -> None:
    """Refuses (``ConnectionError``, saying why, without the URL's password) a Redis that
    cannot be reached or answered no ``PING`` within ``timeout`` seconds: how a role checks its
    ``--bus`` before it listens, as it checks its ``--store``.

    >>> check_reachable("redis://:secret@127.0.0.1:1/0", timeout=0.5)
    Traceback (most recent call last):
    ...
    ConnectionError: Redis at redis://127.0.0.1:1/0 cannot be reached: ...
    """
    with redis_at(url, timeout) as client:
        client.ping()


@contextlib.contextmanager
def redis_at(url: str, timeout: float = 5.0) -> Iterator[Any]:
    """A blocking redis-py client of ``url`` (answers decoded), for the checks a role makes
    before it listens: closed at the end, and any Redis error within turned into a
    ``ConnectionError`` that says why without the URL's password.

    >>> with redis_at("redis://:secret@127.0.0.1:1/0", timeout=0.5) as client:
    ...     client.ping()
    Traceback (most recent call last):
    ...
    ConnectionError: Redis at redis://127.0.0.1:1/0 cannot be reached: ...
    """
    import redis
    from redis.exceptions import RedisError

    client = redis.Redis.from_url(
        url, socket_connect_timeout=timeout, socket_timeout=timeout, decode_responses=True
    )
    try:
        yield client
    except RedisError as error:
        raise ConnectionError(
            f"Redis at {shown_url(url)} cannot be reached: {one_line(error, url)}"
        ) from None
    finally:
        client.close()


class BusUnavailable(Exception):
    """The bus could not take a message at ``position``, or be asked about ``channel``
    (Redis down past :data:`PUBLISH_TRIES`): the caller may try again; subscribers that miss a
    message resume with ``since``.

    >>> str(BusUnavailable("t1:public", Position(3)))
    'the bus is unavailable: message 3-0 of t1:public not published'
    >>> str(BusUnavailable("t1:public"))
    'the bus is unavailable: t1:public cannot be read or dropped'
    """

    def __init__(self, channel: str, position: Position | None = None) -> None:
        what = (
            f"{channel} cannot be read or dropped"
            if position is None
            else f"message {position.entry_id} of {channel} not published"
        )
        super().__init__(f"the bus is unavailable: {what}")


class Subscription(Protocol):
    """The messages of a set of channels, in order within each channel, from after each
    channel's ``since``; ``last`` holds the position delivered last per channel (what a
    resume on another gateway passes as ``since``), ``reconnects`` counts the times it lost
    the bus and found it again (after which a channel may have lost messages: Redis
    restarted). Iterate with ``async for`` or ``anext``; ends once closed.

    >>> import asyncio
    >>> async def demo():
    ...     bus = LocalBus()
    ...     for seq, text in ((1, "a"), (2, "b")):
    ...         await bus.publish("t1:public", Position(seq), text)
    ...     watcher: Subscription = await bus.subscribe({"t1:public": Position(0)})
    ...     seen = []
    ...     async for message in watcher:
    ...         seen.append(message.payload)
    ...         if message.position.seq == 2:
    ...             await watcher.aclose()
    ...     return seen, watcher.last, watcher.reconnects
    >>> asyncio.run(demo())
    (['a', 'b'], {'t1:public': Position(seq=2, part=0)}, 0)
    """

    last: dict[str, Position]
    reconnects: int

    def __aiter__(self) -> Subscription:
        """The subscription itself."""

    async def __anext__(self) -> Message:
        """The next message of any of the channels, waiting for one."""

    async def follow(self, channel: str, since: Position | None = None) -> None:
        """Adds ``channel``, from after ``since`` (``None``: from now), at once even while
        an ``anext`` waits: a gateway follows the seats of its connections with one
        subscription.

        >>> import asyncio
        >>> async def demo():
        ...     bus = LocalBus()
        ...     gateway: Subscription = await bus.subscribe({})
        ...     waiting = asyncio.ensure_future(anext(gateway))
        ...     await gateway.follow("t1:seat:0", Position(0))
        ...     await bus.publish("t1:seat:0", Position(1), "dealt")
        ...     return (await waiting).payload
        >>> asyncio.run(demo())
        'dealt'
        """

    async def unfollow(self, channel: str) -> None:
        """Drops ``channel``: none of its messages comes after this call.

        >>> import asyncio
        >>> async def demo():
        ...     bus = LocalBus()
        ...     gateway: Subscription = await bus.subscribe({"t1:seat:0": Position(0)})
        ...     await bus.publish("t1:seat:0", Position(1), "dealt")
        ...     await gateway.unfollow("t1:seat:0")
        ...     return gateway.last
        >>> asyncio.run(demo())
        {}
        """

    async def aclose(self) -> None:
        """Stops the subscription: a waiting ``anext`` ends it."""


class Bus(Protocol):
    """Publishing and subscribing, whichever implementation carries the messages."""

    async def publish(self, channel: str, position: Position, payload: str) -> bool:
        """Adds a message to ``channel`` at ``position``; ``False`` if the channel has a
        message there or later already (published before: it is not added twice). Raises
        :class:`BusUnavailable` when the bus is down, ``ValueError`` for a bad position.

        >>> import asyncio
        >>> bus: Bus = LocalBus()
        >>> [asyncio.run(bus.publish("t1:public", Position(1), "{}")) for _ in range(2)]
        [True, False]
        >>> asyncio.run(bus.publish("t1:public", Position(1, 1), "{}"))
        True
        """

    async def publish_many(self, messages: Sequence[tuple[str, Position, str]]) -> list[bool]:
        """Publishes ``messages`` (each a channel, a position and a text) in order, as
        :meth:`publish` each; whether each was added. A dealer's queue goes out this way, in one
        round trip where the bus has them.

        >>> import asyncio
        >>> bus: Bus = LocalBus()
        >>> asyncio.run(bus.publish_many([("t1:public", Position(1), "a"),
        ...                               ("t1:public", Position(1), "a")]))
        [True, False]
        """

    async def top(self, channel: str) -> Position:
        """The position of ``channel``'s last message (``Position(0)`` before the first): where
        a dealer that takes a table over goes on from.

        >>> import asyncio
        >>> asyncio.run(LocalBus().top("t1:public"))
        Position(seq=0, part=0)
        """

    async def subscribe(self, since: Mapping[str, Position | None]) -> Subscription:
        """Follows each channel of ``since`` from after its position (``None``: from the
        messages published after this call).

        >>> import asyncio
        >>> bus: Bus = LocalBus()
        >>> asyncio.run(bus.publish("t1:public", Position(4), "{}"))
        True
        >>> asyncio.run(bus.subscribe({"t1:public": None, "t1:seat:0": Position(2)})).last
        {'t1:public': Position(seq=4, part=0), 't1:seat:0': Position(seq=2, part=0)}
        """

    async def drop(self, channel: str) -> None:
        """Forgets ``channel``'s messages (its table is gone).

        >>> import asyncio
        >>> asyncio.run(LocalBus().drop("t1:public"))
        """

    async def aclose(self) -> None:
        """Releases the bus's connections.

        >>> import asyncio
        >>> asyncio.run(RedisBus.from_url("unix:///run/redis.sock").aclose())
        """


class LocalBus:
    """The bus within one process: each channel's last ``retain`` messages in memory.

    >>> import asyncio
    >>> async def demo():
    ...     bus = LocalBus()
    ...     for seq in (1, 2, 3):
    ...         await bus.publish("t1:public", Position(seq), f"event {seq}")
    ...     again = await bus.publish("t1:public", Position(3), "event 3")
    ...     watcher = await bus.subscribe({"t1:public": Position(1)})  # resumes after 1
    ...     return again, [(await anext(watcher)).payload for _ in range(2)]
    >>> asyncio.run(demo())
    (False, ['event 2', 'event 3'])
    """

    def __init__(self, retain: int = RETAIN) -> None:
        self.retain = retain
        self._channels: dict[str, deque[Message]] = {}
        self._waiting: dict[str, set[asyncio.Event]] = {}

    async def publish(self, channel: str, position: Position, payload: str) -> bool:
        """See :meth:`Bus.publish`.

        >>> import asyncio
        >>> asyncio.run(LocalBus().publish("t1:public", Position(0), "{}"))
        Traceback (most recent call last):
        ValueError: a message's position is a Position of whole numbers past Position(0), \
not Position(seq=0, part=0)
        """
        _checked(position)
        kept = self._channels.setdefault(channel, deque(maxlen=self.retain))
        if kept and kept[-1].position >= position:
            return False
        kept.append(Message(channel, position, payload))
        for waiting in self._waiting.get(channel, ()):
            waiting.set()
        return True

    async def publish_many(self, messages: Sequence[tuple[str, Position, str]]) -> list[bool]:
        """See :meth:`Bus.publish_many`."""
        return [await self.publish(*message) for message in messages]

    async def top(self, channel: str) -> Position:
        """See :meth:`Bus.top`."""
        kept = self._channels.get(channel)
        return kept[-1].position if kept else Position(0)

    def after(self, channel: str, position: Position) -> Message | None:
        """The first message of ``channel`` after ``position``, if there is one.

        >>> import asyncio
        >>> bus = LocalBus()
        >>> asyncio.run(bus.publish("t1:public", Position(5), "{}"))
        True
        >>> bus.after("t1:public", Position(0)).position, bus.after("t1:public", Position(5))
        (Position(seq=5, part=0), None)
        """
        found = None
        for message in reversed(self._channels.get(channel, ())):
            if message.position <= position:
                break
            found = message
        return found

    async def subscribe(self, since: Mapping[str, Position | None]) -> LocalSubscription:
        """See :meth:`Bus.subscribe`."""
        start = {
            channel: await self.top(channel) if position is None else position
            for channel, position in since.items()
        }
        return LocalSubscription(self, start)

    def wait_on(self, channels: list[str], waiting: asyncio.Event, follow: bool) -> None:
        """Has ``waiting`` set by each publish on ``channels`` (or no longer, ``follow`` false).

        >>> import asyncio
        >>> LocalBus().wait_on(["t1:public"], asyncio.Event(), True)
        """
        for channel in channels:
            if follow:
                self._waiting.setdefault(channel, set()).add(waiting)
            else:
                self._waiting[channel].discard(waiting)
                if not self._waiting[channel]:
                    del self._waiting[channel]

    async def drop(self, channel: str) -> None:
        """See :meth:`Bus.drop`.

        >>> import asyncio
        >>> bus = LocalBus()
        >>> asyncio.run(bus.publish("t1:public", Position(5), "{}"))
        True
        >>> asyncio.run(bus.drop("t1:public")); asyncio.run(bus.top("t1:public"))
        Position(seq=0, part=0)
        """
        self._channels.pop(channel, None)

    async def aclose(self) -> None:
        """See :meth:`Bus.aclose` (nothing to release in one process).

        >>> import asyncio
        >>> asyncio.run(LocalBus().aclose())
        """


class LocalSubscription:
    """A :class:`Subscription` of a :class:`LocalBus`, woken by its publishes.

    >>> import asyncio
    >>> async def demo():
    ...     bus = LocalBus()
    ...     seat = await bus.subscribe({"t1:seat:0": Position(0)})
    ...     waiting = asyncio.ensure_future(anext(seat))
    ...     await bus.publish("t1:seat:0", Position(1), "hello")
    ...     message = await waiting
    ...     await seat.aclose()
    ...     return message.payload, seat.last
    >>> asyncio.run(demo())
    ('hello', {'t1:seat:0': Position(seq=1, part=0)})
    """

    def __init__(self, bus: LocalBus, since: dict[str, Position]) -> None:
        self.bus = bus
        self.last = since
        self.reconnects = 0
        self.closed = False
        self._woken = asyncio.Event()
        bus.wait_on(list(since), self._woken, True)

    def __aiter__(self) -> LocalSubscription:
        """The subscription itself.

        >>> import asyncio
        >>> seat = asyncio.run(LocalBus().subscribe({}))
        >>> aiter(seat) is seat
        True
        """
        return self

    async def __anext__(self) -> Message:
        """See :meth:`Subscription.__anext__`."""
        while not self.closed:
            self._woken.clear()
            for channel, position in self.last.items():
                message = self.bus.after(channel, position)
                if message is not None:
                    self.last[channel] = message.position
                    return message
            await self._woken.wait()
        raise StopAsyncIteration

    async def follow(self, channel: str, since: Position | None = None) -> None:
        """See :meth:`Subscription.follow`."""
        self.last[channel] = await self.bus.top(channel) if since is None else since
        self.bus.wait_on([channel], self._woken, True)
        self._woken.set()

    async def unfollow(self, channel: str) -> None:
        """See :meth:`Subscription.unfollow`."""
        if self.last.pop(channel, None) is not None:
            self.bus.wait_on([channel], self._woken, False)

    async def aclose(self) -> None:
        """See :meth:`Subscription.aclose`."""
        if not self.closed:
            self.closed = True
            self.bus.wait_on(list(self.last), self._woken, False)
            self._woken.set()


class RedisBus:
    """The bus over Redis Streams, shared by every dealer and gateway of a site: channel ``c``
    is the stream ``{prefix}:bus:c``, a message at ``Position(seq, part)`` its entry
    ``seq-part``. Publishes are retried :data:`PUBLISH_TRIES` times with backoff (Redis
    refuses an ``XADD`` at an id it has, so a retry never doubles a message); subscriptions
    retry for as long as they are open, on ``reader`` (``client`` when not given), a client
    that should not retry by itself, so that they see, and count, each time they lost Redis.

    >>> bus = RedisBus.from_url("unix:///run/redis.sock")
    >>> bus.key("t1:public")
    'drawpoker:bus:t1:public'
    """

    def __init__(
        self,
        client: Redis,
        url: str,
        reader: Redis | None = None,
        retain: int = RETAIN,
        prefix: str = "drawpoker",
        keep_seconds: int = KEEP_SECONDS,
    ) -> None:
        self.client = client
        self.reader = client if reader is None else reader
        self.url = url
        """The Redis URL (``client``'s), for the :class:`~drawpoker.site.resp.RedisLink` of
        the publishes (:attr:`publishing`) and of a gateway's :class:`RedisFeed`."""
        self.publishing = LinkKeeper(url)
        self.retain = retain
        self.prefix = f"{prefix}:bus:"
        self.wake_prefix = f"{prefix}:wake:"
        self.keep_seconds = keep_seconds

    @classmethod
    def from_url(cls, url: str, **options: Any) -> RedisBus:
        """A bus over the Redis at ``url`` (``redis://host:port/db`` or ``unix:///path``), its
        clients set up for this use: text replies; the client's commands retried with
        :data:`BACKOFF`, the reader's not (the subscriptions retry themselves); the publishes on
        a link of their own (:meth:`publish_many`); ``options`` go to the constructor.

        >>> RedisBus.from_url("redis://localhost:6379/0", retain=50).retain
        50
        """
        pool = BlockingConnectionPool.from_url(
            url,
            decode_responses=True,
            retry=Retry(BACKOFF, PUBLISH_TRIES - 1),
            retry_on_error=list(REDIS_DOWN),
            max_connections=POOL_CONNECTIONS,
            timeout=POOL_WAIT,
        )
        client = Redis.from_pool(pool)
        reader = Redis.from_url(url, decode_responses=True, retry=Retry(BACKOFF, 0))
        link_options(url)  # an option the links cannot honour refused now, not at a publish
        return cls(client, url, reader, **options)

    def key(self, channel: str) -> str:
        """The Redis key of ``channel``'s stream.

        >>> RedisBus(Redis(), "redis://localhost:6379/0", prefix="site").key("t1:seat:0")
        'site:bus:t1:seat:0'
        """
        return self.prefix + channel

    async def publish(self, channel: str, position: Position, payload: str) -> bool:
        """See :meth:`Bus.publish`."""
        return (await self.publish_many([(channel, position, payload)]))[0]

    async def publish_many(self, messages: Sequence[tuple[str, Position, str]]) -> list[bool]:
        """See :meth:`Bus.publish_many`: one round trip for them all on the link of
        :attr:`publishing`, each message added to its stream and told to the channel's subscribers
        (:data:`PUBLISH_SCRIPT`) or left out (``False``) when its stream has it already; sent
        again on a new link, up to :data:`PUBLISH_TRIES` times with :data:`BACKOFF`, while
        Redis cannot be reached (a message sent twice is kept once)."""
        if not messages:
            return []
        commands = [
            (
                "EVAL",
                PUBLISH_SCRIPT,
                1,
                self.key(channel),
                _checked(position).entry_id,
                payload,
                self.retain,
                self.keep_seconds,
            )
            for channel, position, payload in messages
        ]
        for tries in range(1, PUBLISH_TRIES + 1):
            try:
                replies = await (await self.publishing.link()).execute_many(commands)
                break
            except REDIS_DOWN as error:
                if tries == PUBLISH_TRIES:
                    raise BusUnavailable(messages[0][0], messages[0][1]) from error
                await asyncio.sleep(BACKOFF.compute(tries))
        added = []
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
            added.append(bool(reply))
        return added

    async def after(self, channel: str, position: Position) -> list[Message]:
        """The messages ``channel`` keeps after ``position``, in order: what a
        :class:`RedisFeed`'s reader missed before its channel was subscribed to. Raises
        :class:`BusUnavailable` when Redis is down."""
        try:
            entries = cast(
                list[_Entry],
                await self.reader.xrange(self.key(channel), f"({position.entry_id}", "+"),
            )
        except REDIS_DOWN as error:
            raise BusUnavailable(channel) from error
        return [Message(channel, Position.of_entry(entry), f["m"]) for entry, f in entries]

    async def top(self, channel: str) -> Position:
        """See :meth:`Bus.top`; raises :class:`BusUnavailable` when Redis is down."""
        try:
            last = cast(list[_Entry], await self.client.xrevrange(self.key(channel), count=1))
        except REDIS_DOWN as error:
            raise BusUnavailable(channel) from error
        return Position.of_entry(last[0][0]) if last else Position(0)

    async def subscribe(self, since: Mapping[str, Position | None]) -> RedisSubscription:
        """See :meth:`Bus.subscribe`; raises :class:`BusUnavailable` if a ``None`` cannot be
        resolved (Redis down)."""
        start = {
            channel: await self.top(channel) if position is None else position
            for channel, position in since.items()
        }
        return RedisSubscription(self, start)

    async def drop(self, channel: str) -> None:
        """See :meth:`Bus.drop`; raises :class:`BusUnavailable` when Redis is down."""
        try:
            await self.client.delete(self.key(channel))
        except REDIS_DOWN as error:
            raise BusUnavailable(channel) from error

    async def reachable(self, timeout: float = HEALTH_TIMEOUT) -> bool:
        """Whether Redis answers a ``PING`` within ``timeout`` seconds, asked on the reader's
        connections (no retry, and none of the publishers' connections taken).

        >>> asyncio.run(RedisBus.from_url("redis://127.0.0.1:1/0").reachable(timeout=0.5))
        False
        """
        try:
            async with asyncio.timeout(timeout):
                return bool(await self.reader.ping())
        except (TimeoutError, *REDIS_DOWN):
            return False

    async def aclose(self) -> None:
        """See :meth:`Bus.aclose`."""
        self.publishing.close()
        await self.client.aclose()
        if self.reader is not self.client:
            await self.reader.aclose()


class RedisSubscription:
    """A :class:`Subscription` of a :class:`RedisBus`: a loop of ``XREAD BLOCK`` after the
    last ids, on a connection of its own while it waits; after Redis went away it tries again
    with :data:`BACKOFF` and goes on from the same ids. It reads its own wake-up stream too,
    which :meth:`follow` writes to, so that a new channel is read at once."""

    def __init__(self, bus: RedisBus, since: dict[str, Position]) -> None:
        self.bus = bus
        self.last = since
        self.reconnects = 0
        self.closed = False
        self.failures = 0
        self._ready: deque[Message] = deque()
        self._wake_key = bus.wake_prefix + secrets.token_hex(8)
        self._woken_at = "0-0"

    def __aiter__(self) -> RedisSubscription:
        """The subscription itself."""
        return self

    async def __anext__(self) -> Message:
        """See :meth:`Subscription.__anext__`."""
        while True:
            while not self._ready:
                if self.closed:
                    raise StopAsyncIteration
                await self._read()
            message = self._ready.popleft()
            last = self.last.get(message.channel)
            # Left out: a message read before an unfollow, or before a follow from later on.
            if last is not None and message.position > last:
                self.last[message.channel] = message.position
                return message

    async def follow(self, channel: str, since: Position | None = None) -> None:
        """See :meth:`Subscription.follow`; raises :class:`BusUnavailable` if a ``None``
        cannot be resolved (Redis down)."""
        self.last[channel] = await self.bus.top(channel) if since is None else since
        with contextlib.suppress(*REDIS_DOWN):  # then the reading loop retries, with it
            async with self.bus.client.pipeline(transaction=True) as both:
                both.xadd(self._wake_key, {"w": channel}, maxlen=1, approximate=False)
                both.expire(self._wake_key, 60)
                await both.execute()

    async def unfollow(self, channel: str) -> None:
        """See :meth:`Subscription.unfollow`."""
        self.last.pop(channel, None)

    async def _read(self) -> None:
        streams: dict[KeyT, StreamIdT] = {
            self.bus.key(channel): position.entry_id for channel, position in self.last.items()
        }
        streams[self._wake_key] = self._woken_at
        try:
            reply = cast(
                list[tuple[str, list[_Entry]]],
                await self.bus.reader.xread(streams, count=BATCH, block=BLOCK_MS),
            )
        except REDIS_DOWN:
            self.failures += 1
            await asyncio.sleep(BACKOFF.compute(self.failures))
            return
        if self.failures:
            self.failures = 0
            self.reconnects += 1
        for key, entries in reply:
            if key == self._wake_key:
                self._woken_at = entries[-1][0]
                continue
            channel = key.removeprefix(self.bus.prefix)
            for entry, fields in entries:
                self._ready.append(Message(channel, Position.of_entry(entry), fields["m"]))

    async def aclose(self) -> None:
        """See :meth:`Subscription.aclose`."""
        self.closed = True
        with contextlib.suppress(*REDIS_DOWN):
            await self.bus.client.delete(self._wake_key)


FEED_SWEEP = 5.0
"""Seconds between a :class:`RedisFeed`'s sweeps of the channels no reader follows any more
(unsubscribed then, not at once: a page that reconnects follows its channel again soon)."""


class RedisFeed:
    """A gateway's one reader of the bus: one Redis pub/sub connection subscribed to the
    channels its connections follow (each seat's own, the public one for watchers, the
    replies), whose messages it hands to each :class:`FeedReader` following the channel. It
    never subscribes to a channel nobody here follows, so a gateway receives no other seat's
    messages, and a message costs one pushed frame rather than one ``XREAD`` per connection.

    Pub/sub keeps nothing, so a reader is given from the stream (:meth:`RedisBus.after`) what
    its channel holds after the reader's position once the subscription is confirmed, its
    pushed messages held back meanwhile; the same after the connection was lost and
    subscribed again. Each reader keeps a message only past its last position: none twice,
    none missing. :meth:`run` is the feed's task, for as long as the gateway runs.

    >>> feed = RedisFeed(RedisBus.from_url("unix:///run/redis.sock"))
    >>> feed.readers, feed.connected
    ({}, False)
    """

    def __init__(self, bus: RedisBus) -> None:
        self.bus = bus
        self.readers: dict[str, set[FeedReader]] = {}
        """The readers of each channel followed here."""
        self.link: RedisLink | None = None
        """The pub/sub connection (:class:`~drawpoker.site.resp.RedisLink`)."""
        self.connected = False
        self.pending: dict[str, int] = {}
        """Subscribes sent and not yet confirmed, by stream key."""
        self.waiting: dict[str, set[FeedReader]] = {}
        """The readers to be caught up from the stream once the channel's subscription is
        confirmed, by channel."""
        self.subscribed: set[str] = set()
        """The channels subscribed to (confirmed) on the current connection."""
        self.failures = 0
        self.reconnects = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def reader(self) -> FeedReader:
        """A new reader (one connection's), following nothing yet."""
        return FeedReader(self)

    def _subscribe(self, channels: list[str]) -> None:
        if not channels or self.link is None or not self.connected:
            return  # the connection's (re)start subscribes to every followed channel
        keys = [self.bus.key(channel) for channel in channels]
        for key in keys:
            self.pending[key] = self.pending.get(key, 0) + 1
        with contextlib.suppress(*REDIS_DOWN):  # then the loop connects again, with them
            self.link.write(("SUBSCRIBE", *keys))

    async def follow(self, reader: FeedReader, channel: str, since: Position) -> None:
        """``reader`` follows ``channel`` from after ``since``."""
        reader.last[channel] = since
        reader.filling[channel] = reader.filling.get(channel, 0) + 1
        followers = self.readers.setdefault(channel, set())
        followers.add(reader)
        if channel in self.subscribed and not self.pending.get(self.bus.key(channel)):
            self._catch_up(reader, channel)
            return
        self.waiting.setdefault(channel, set()).add(reader)
        if len(followers) == 1 and not self.pending.get(self.bus.key(channel)):
            self._subscribe([channel])

    def unfollow(self, reader: FeedReader, channel: str) -> None:
        """``reader`` no longer follows ``channel`` (unsubscribed at the next sweep when no
        reader follows it)."""
        followers = self.readers.get(channel)
        if followers is not None:
            followers.discard(reader)
            if not followers:
                del self.readers[channel]
        waiting = self.waiting.get(channel)
        if waiting is not None:
            waiting.discard(reader)

    def _catch_up(self, reader: FeedReader, channel: str) -> None:
        task = asyncio.ensure_future(self._fill(reader, channel))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _fill(self, reader: FeedReader, channel: str) -> None:
        """Gives ``reader`` what ``channel``'s stream holds after its position, then the
        messages pushed meanwhile (retried while Redis is down, for as long as it reads)."""
        failures = 0
        try:
            while not reader.closed and channel in reader.last:
                try:
                    missed = await self.bus.after(channel, reader.last[channel])
                except BusUnavailable:
                    failures += 1
                    await asyncio.sleep(BACKOFF.compute(failures))
                    continue
                for message in missed:
                    reader.take(message)
                return
        finally:
            reader.filled(channel)

    def _confirmed(self, key: str) -> None:
        left = self.pending.get(key, 0) - 1
        if left > 0:
            self.pending[key] = left
            return
        self.pending.pop(key, None)
        channel = key.removeprefix(self.bus.prefix)
        self.subscribed.add(channel)
        for reader in self.waiting.pop(channel, set()):
            if reader in self.readers.get(channel, ()):
                self._catch_up(reader, channel)

    def _pushed(self, key: str, data: str) -> None:
        channel = key.removeprefix(self.bus.prefix)
        entry, payload = data.split(" ", 1)
        message = Message(channel, Position.of_entry(entry), payload)
        for reader in self.readers.get(channel, ()):
            reader.push(message)

    def _sweep(self) -> None:
        gone = [channel for channel in self.subscribed if channel not in self.readers]
        if gone and self.link is not None:
            self.subscribed.difference_update(gone)
            with contextlib.suppress(*REDIS_DOWN):  # (a new connection subscribes afresh)
                self.link.write(("UNSUBSCRIBE", *(self.bus.key(channel) for channel in gone)))

    def _frame(self, frame: Any) -> None:
        """One frame the pub/sub connection read: a message, or a subscription confirmed."""
        kind = frame[0]
        if kind == "message":
            self._pushed(frame[1], frame[2])
        elif kind == "subscribe":
            self._confirmed(frame[1])

    async def run(self) -> None:
        """Reads the pub/sub connection, for as long as the gateway runs; after Redis went
        away it connects again (with :data:`BACKOFF`) and subscribes to every followed channel,
        each reader caught up from the stream."""
        while True:
            try:
                self.link = await RedisLink.open(self.bus.url, on_push=self._frame)
            except REDIS_DOWN:
                self.failures += 1
                await asyncio.sleep(BACKOFF.compute(self.failures))
                continue
            if self.failures:
                self.failures = 0
                self.reconnects += 1
            self.connected = True
            self.pending.clear()
            self.subscribed.clear()
            for channel, followers in self.readers.items():
                for reader in followers:
                    if reader not in self.waiting.get(channel, ()):
                        reader.filling[channel] = reader.filling.get(channel, 0) + 1
                        self.waiting.setdefault(channel, set()).add(reader)
            try:
                self._subscribe(list(self.readers))
                while not self.link.lost.done():  # a sweep every FEED_SWEEP seconds
                    await asyncio.wait((self.link.lost,), timeout=FEED_SWEEP)
                    self._sweep()
            finally:
                self.link.close()
            self.connected = False
            self.failures += 1
            await asyncio.sleep(BACKOFF.compute(self.failures))


class FeedReader:
    """One connection's :class:`Subscription` on its gateway's :class:`RedisFeed`: the
    messages of the channels it follows, each past the position it had last.

    >>> import asyncio
    >>> async def demo():
    ...     reader = RedisFeed(RedisBus.from_url("unix:///run/redis.sock")).reader()
    ...     reader.last["t1:seat:0"] = Position(1)
    ...     for seq in (1, 2, 2):  # the first kept already, the last twice
    ...         reader.take(Message("t1:seat:0", Position(seq), "m"))
    ...     reader.take(Message("t1:seat:1", Position(5), "not followed"))
    ...     return (await anext(reader)).position, reader.queue.qsize()
    >>> asyncio.run(demo())
    (Position(seq=2, part=0), 0)
    """

    def __init__(self, feed: RedisFeed) -> None:
        self.feed = feed
        self.last: dict[str, Position] = {}
        self.filling: dict[str, int] = {}
        """Catch-ups under way, by channel: its pushed messages wait in ``held`` meanwhile."""
        self.held: dict[str, list[Message]] = {}
        self.queue: asyncio.Queue[Message | None] = asyncio.Queue()
        self.closed = False

    @property
    def reconnects(self) -> int:
        """The times the gateway's feed lost Redis and found it again."""
        return self.feed.reconnects

    def __aiter__(self) -> FeedReader:
        """The reader itself."""
        return self

    async def __anext__(self) -> Message:
        """See :meth:`Subscription.__anext__`."""
        if self.closed:
            raise StopAsyncIteration
        message = await self.queue.get()
        if message is None:
            raise StopAsyncIteration
        return message

    async def follow(self, channel: str, since: Position | None = None) -> None:
        """See :meth:`Subscription.follow`."""
        start = await self.feed.bus.top(channel) if since is None else since
        await self.feed.follow(self, channel, start)

    async def unfollow(self, channel: str) -> None:
        """See :meth:`Subscription.unfollow`."""
        self.last.pop(channel, None)
        self.feed.unfollow(self, channel)

    def push(self, message: Message) -> None:
        """A message the feed was pushed: held while its channel is caught up."""
        if self.filling.get(message.channel):
            self.held.setdefault(message.channel, []).append(message)
        else:
            self.take(message)

    def take(self, message: Message) -> None:
        """Queues ``message`` if it is past the channel's last position."""
        last = self.last.get(message.channel)
        if last is not None and message.position > last and not self.closed:
            self.last[message.channel] = message.position
            self.queue.put_nowait(message)

    def filled(self, channel: str) -> None:
        """A catch-up of ``channel`` ended: the messages held meanwhile follow."""
        left = self.filling.get(channel, 0) - 1
        if left > 0:
            self.filling[channel] = left
            return
        self.filling.pop(channel, None)
        for message in self.held.pop(channel, []):
            self.take(message)

    async def aclose(self) -> None:
        """See :meth:`Subscription.aclose`: a waiting ``anext`` ends at once."""
        if not self.closed:
            self.closed = True
            for channel in list(self.last):
                self.feed.unfollow(self, channel)
            self.queue.put_nowait(None)
