"""The per-address counts of :class:`~drawpoker.site.guard.Guard` in Redis, shared by every
gateway of a site (``drawpoker serve --role gateway --bus redis://...``): the rates go to the
``limits`` library's Redis storage, and the WebSocket connections open per address to two
sorted sets per address: its seated players' connections and the others.

Each open connection is a member of its address's set (``drawpoker:connections:<address>``,
or ``drawpoker:seated:<address>`` once it holds a seat, :data:`SEATED`) whose score is the
time, by Redis's clock, until which it counts. The gateway that holds it
renews it every :data:`RENEW_SECONDS`; a connection is removed when it closes, and one whose
gateway died stops counting :data:`TERM_MS` after the last renewal. A connection is counted
by one Lua script (drop the lapsed, count, add), so two gateways never both let the same
address's last allowed connection in.

>>> redis_storage_url("unix:///run/redis.sock"), redis_storage_url("redis://cache:6379/0")
('redis+unix:///run/redis.sock', 'redis://cache:6379/0')
"""

from __future__ import annotations

import itertools
import secrets
from typing import Any

from limits.errors import StorageError
from limits.storage import RedisStorage
from redis.exceptions import RedisError

TERM_MS = 10_000
"""Milliseconds an open connection counts after its gateway last renewed it."""

RENEW_SECONDS = 3.0
"""Seconds between two renewals of a gateway's open connections."""

PREFIX = "drawpoker"
"""The start of every key (the bus's and the inboxes' too)."""

TIMEOUT = 2.0
"""Seconds a call to Redis may take before the guard counts in memory instead."""

CONNECTIONS = "connections"
"""The kind of count of an address's connections that hold no seat (yet)."""

SEATED = "seated"
"""The kind of count of an address's connections that said a seat's hello."""

BACK_OFF_SECONDS = RENEW_SECONDS
"""Seconds the guard counts in memory after Redis failed to answer, before it asks Redis
again: a slow Redis stalls a gateway at most once in that time, not at every handshake."""

_NOW_MS = """
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
"""

CONNECT = (
    _NOW_MS
    + """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ms)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
"""
)
"""KEYS: an address's set; ARGV: the limit, the term, the new member. 1 if counted."""

RENEW = (
    _NOW_MS
    + """
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], ms + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
"""
)
"""KEYS: an address's set; ARGV: the term, then the members to renew (added again if Redis
restarted empty meanwhile)."""


def redis_storage_url(bus_url: str) -> str:
    """The ``limits`` storage URL of the bus's Redis (``limits`` spells a socket
    ``redis+unix://``)."""
    if bus_url.startswith("unix://"):
        return "redis+" + bus_url
    return bus_url


class SharedCounts:
    """The rates' storage and the open connections of one gateway, in the Redis at
    ``bus_url``. Nothing is sent to Redis before the first count."""

    def __init__(self, bus_url: str, prefix: str = PREFIX) -> None:
        self.storage = RedisStorage(
            redis_storage_url(bus_url),
            key_prefix=f"{prefix}:limits",
            wrap_exceptions=True,
            socket_timeout=TIMEOUT,
            socket_connect_timeout=TIMEOUT,
        )
        client: Any = self.storage.storage
        self._connect = client.register_script(CONNECT)
        self._renew = client.register_script(RENEW)
        self.prefix = prefix
        self.name = secrets.token_hex(6)
        self._numbers = itertools.count(1)
        self.members: dict[str, list[str]] = {}
        """The members this gateway counted, by the key of their set (:meth:`key`): its open
        connections."""

    def key(self, address: str, seated: bool = False) -> str:
        """The sorted set of ``address``'s open connections that hold no seat, or with
        ``seated`` of those that do.

        >>> SharedCounts("redis://localhost").key("10.0.0.1")
        'drawpoker:connections:10.0.0.1'
        >>> SharedCounts("redis://localhost").key("10.0.0.1", seated=True)
        'drawpoker:seated:10.0.0.1'
        """
        return f"{self.prefix}:{SEATED if seated else CONNECTIONS}:{address}"

    def connect(self, address: str, limit: int, seated: bool = False) -> bool:
        """Counts a connection of ``address`` (``seated``: among those that hold a seat);
        ``False`` (not counted) when the site has ``limit`` of those open. Raises ``limits``'
        ``StorageError`` when Redis cannot be reached (and counts nothing).

        >>> counts = SharedCounts("unix:///nowhere/redis.sock")
        >>> counts.connect("10.0.0.1", 2)
        Traceback (most recent call last):
        ...
        limits.errors.StorageError: Error 2 connecting to /nowhere/redis.sock. ...
        >>> counts.members
        {}
        """
        member = f"{self.name}:{next(self._numbers)}"
        key = self.key(address, seated)
        try:
            counted = self._connect(keys=[key], args=[limit, TERM_MS, member])
        except RedisError as problem:
            raise StorageError(problem) from problem
        if counted:
            self.members.setdefault(key, []).append(member)
        return bool(counted)

    def holds(self, address: str, seated: bool = False) -> bool:
        """Whether this gateway counted a connection of ``address`` in Redis (``seated``:
        among those that hold a seat).

        >>> counts = SharedCounts("redis://localhost")
        >>> counts.members[counts.key("10.0.0.1")] = ["gateway:1"]
        >>> counts.holds("10.0.0.1"), counts.holds("10.0.0.2"), counts.holds("10.0.0.1", True)
        (True, False, False)
        """
        return bool(self.members.get(self.key(address, seated)))

    def release(self, address: str, seated: bool = False) -> str:
        """Stops renewing one of ``address``'s connections counted by :meth:`connect`
        (``seated`` as there; it stops counting in Redis when its term runs out); the member
        released. Sends nothing.

        >>> counts = SharedCounts("redis://localhost")
        >>> counts.members[counts.key("10.0.0.1")] = ["gateway:1", "gateway:2"]
        >>> counts.release("10.0.0.1"), counts.members
        ('gateway:2', {'drawpoker:connections:10.0.0.1': ['gateway:1']})
        >>> counts.release("10.0.0.1"), counts.holds("10.0.0.1")
        ('gateway:1', False)
        """
        key = self.key(address, seated)
        members = self.members[key]
        member = members.pop()
        if not members:
            del self.members[key]
        return member

    def disconnect(self, address: str, seated: bool = False) -> None:
        """A connection counted by :meth:`connect` closed (``seated`` as there; if Redis
        cannot be reached, it stops counting when its term runs out: the connection is
        released all the same, and ``StorageError`` raised).

        >>> counts = SharedCounts("unix:///nowhere/redis.sock")
        >>> counts.members[counts.key("10.0.0.1")] = ["gateway:1"]
        >>> counts.disconnect("10.0.0.1")
        Traceback (most recent call last):
        ...
        limits.errors.StorageError: Error 2 connecting to /nowhere/redis.sock. ...
        >>> counts.holds("10.0.0.1")
        False
        """
        member = self.release(address, seated)
        try:
            self.storage.storage.zrem(self.key(address, seated), member)
        except RedisError as problem:
            raise StorageError(problem) from problem

    def renew(self, members: dict[str, list[str]]) -> None:
        """Counts ``members`` (a copy of :attr:`members`) for another :data:`TERM_MS`, in one
        round trip; ``StorageError`` when Redis cannot be reached. Nothing held, nothing sent:

        >>> SharedCounts("unix:///nowhere/redis.sock").renew({})
        >>> counts = SharedCounts("unix:///nowhere/redis.sock")
        >>> counts.renew({counts.key("10.0.0.1"): ["gateway:1"]})
        Traceback (most recent call last):
        ...
        limits.errors.StorageError: Error 2 connecting to /nowhere/redis.sock. ...
        """
        try:
            with self.storage.storage.pipeline(transaction=False) as pipe:
                for key, held in members.items():
                    self._renew(keys=[key], args=[TERM_MS, *held], client=pipe)
                pipe.execute()
        except RedisError as problem:
            raise StorageError(problem) from problem
