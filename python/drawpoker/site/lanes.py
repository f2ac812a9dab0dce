"""Which dealer owns which table: tables are spread over :data:`LANES` lanes by a stable hash of
the table id, and a dealer serves the tables of a lane only while it holds that lane's lease.

A lease lasts :data:`LEASE_MS` unless its holder renews it (every :data:`RENEW_EVERY` seconds),
so the lanes of a dealer that died are free again at most 3 s later. Each time a lane is taken
it gets a fencing number greater than every earlier one of that lane: a store that keeps the
highest number it has seen per lane, and refuses a write carrying a smaller one, shuts out a
dealer that stalled past its lease and woke up still believing it holds the lane.

Two implementations with the same methods: :class:`RedisLeases` for dealers in several
processes (a Lua script makes each step one atomic command), :class:`LocalLeases` for the one
process of the embedded server and for examples.

>>> import asyncio
>>> async def demo():
...     leases = LocalLeases()
...     first = await leases.acquire(lane_of("table-1"), "dealer-a")
...     second = await leases.acquire(lane_of("table-1"), "dealer-b")
...     return first.holder, first.fencing, second
>>> asyncio.run(demo())
('dealer-a', 1, None)
"""

from __future__ import annotations

import functools
import hashlib
import time
from dataclasses import dataclass, replace
from typing import Protocol

from redis.asyncio import Redis

LANES = 64
"""The lane count: enough to spread tables evenly over a few dozen dealers, few enough that a
dealer renews all its leases in one round trip each second. Every process of a site must use
the same count (changing it moves tables between lanes: stop every dealer first)."""

LEASE_MS = 3000
"""How long a lease lasts without renewal: the longest a dead dealer's lanes stay taken."""

RENEW_EVERY = 1.0
"""Seconds between renewals: a holder misses two before its lease lapses."""

CLOCK_MARGIN = 0.01
"""The share of a lease its holder gives up at the end, against the server's and the holder's
clocks running at slightly different rates: the holder stops acting before the key expires."""

CLOCK_STEP = 0.002
"""Seconds the holder gives up besides: Redis times expiry in whole milliseconds."""


def unix_ms(time_reply: tuple[int, int]) -> int:
    """Redis's ``TIME`` answer (seconds, microseconds, as redis-py reads them) in Unix ms.

    >>> unix_ms((1700000000, 250999))
    1700000000250
    """
    seconds, micros = time_reply
    return seconds * 1000 + micros // 1000


class RedisClock:
    """Redis's clock in Unix ms, as a process on another host reads it: its own clock plus the
    offset measured at the last :meth:`sync`. The site compares times with Redis's (an inbox
    entry's id is Redis's time when it was added) and with the marks other processes wrote; a
    host's clock a few seconds ahead would otherwise drop every request as waited out, or
    every other dealer's mark as lapsed.

    >>> clock = RedisClock()
    >>> clock.offset_ms = -60_000  # this host's clock a minute ahead of Redis's
    >>> abs(clock.now_ms() - (time.time() * 1000 - 60_000)) < 1000
    True
    """

    def __init__(self) -> None:
        self.offset_ms = 0
        """Redis's clock minus this host's, in ms (0 until the first :meth:`sync`)."""

    async def sync(self, client: Redis) -> int:
        """Reads Redis's clock (``TIME``), keeps its offset from this host's (measured at the
        middle of the round trip) and returns it, in Unix ms."""
        before = time.time()
        redis_ms = unix_ms(await client.time())
        after = time.time()
        self.offset_ms = redis_ms - round((before + after) * 500)
        return redis_ms

    def now_ms(self) -> int:
        """Redis's clock now, in Unix ms, as far as the last :meth:`sync` tells."""
        return int(time.time() * 1000) + self.offset_ms


def dealers_key(prefix: str) -> str:
    """The Redis sorted set of the live dealers: each dealer's name, scored with the time
    (Unix ms) until which it counts as alive.

    >>> dealers_key("drawpoker")
    'drawpoker:dealers'
    """
    return f"{prefix}:dealers"


def lane_of(table_id: str, lanes: int = LANES) -> int:
    """The lane of ``table_id``: the same in every process and every run (BLAKE2b of the id,
    not Python's salted ``hash``).

    >>> lane_of("table-1"), lane_of("table-1", 8)
    (6, 6)
    >>> lane_of("table-1", 0)
    Traceback (most recent call last):
    ValueError: the lane count is a whole number from 1, not 0
    """
    if not isinstance(lanes, int) or lanes < 1:
        raise ValueError(f"the lane count is a whole number from 1, not {lanes!r}")
    return _lane(table_id, lanes)


@functools.lru_cache(maxsize=1 << 16)
def _lane(table_id: str, lanes: int) -> int:
    """:func:`lane_of`, kept for the ids asked last: a dealer asks for its tables' lanes
    every second (each lane's tables at each renewal) and for every request."""
    digest = hashlib.blake2b(table_id.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % lanes


@dataclass(frozen=True)
class Lease:
    """A lane held by ``holder`` under ``fencing``; the holder may act for the lane until the
    ``time.monotonic()`` reading ``until`` (renewal moves it on).

    >>> lease = Lease(lane=3, holder="dealer-a", fencing=7, until=time.monotonic() + 3)
    >>> lease.valid(), lease.valid(lease.until)
    (True, False)
    """

    lane: int
    holder: str
    fencing: int
    until: float

    @property
    def token(self) -> str:
        """What the lane's key holds while this lease lasts: holder and fencing number, so a
        lease taken again by the same holder is not mistaken for an older one.

        >>> Lease(3, "dealer-a", 7, 0.0).token
        'dealer-a 7'
        """
        return f"{self.holder} {self.fencing}"

    def valid(self, now: float | None = None) -> bool:
        """Whether the holder may still act for the lane at ``now`` (a ``time.monotonic()``
        reading; the present when ``None``).

        >>> Lease(3, "dealer-a", 7, until=10.0).valid(9.5)
        True
        """
        return (time.monotonic() if now is None else now) < self.until


class Leases(Protocol):
    """What a dealer does with lanes, whichever implementation keeps them."""

    async def acquire(self, lane: int, holder: str, at_least: int = 0) -> Lease | None:
        """Takes ``lane`` for ``holder`` if no one holds it; ``None`` if someone does. The
        fencing number is greater than every earlier one of the lane and than ``at_least``
        (the highest the store has seen, which outlives a restarted Redis).

        >>> import asyncio
        >>> leases: Leases = LocalLeases()
        >>> asyncio.run(leases.acquire(2, "dealer-a", at_least=9)).fencing
        10
        >>> asyncio.run(leases.acquire(2, "dealer-b")) is None
        True
        """

    async def renew(self, lease: Lease) -> Lease | None:
        """The lease extended by a full term, or ``None`` if it had lapsed or been taken.

        >>> import asyncio
        >>> leases: Leases = LocalLeases()
        >>> asyncio.run(leases.renew(Lease(2, "dealer-a", 1, until=0.0))) is None
        True
        """

    async def renew_all(self, leases: list[Lease]) -> list[Lease | None]:
        """:meth:`renew` of each of ``leases``, in one round trip where they are kept apart.

        >>> import asyncio
        >>> asyncio.run(LocalLeases().renew_all([Lease(2, "dealer-a", 1, until=0.0)]))
        [None]
        """

    async def release(self, lease: Lease) -> bool:
        """Frees the lane if ``lease`` still holds it; whether it did.

        >>> import asyncio
        >>> leases: Leases = LocalLeases()
        >>> asyncio.run(leases.release(Lease(2, "dealer-a", 1, until=0.0)))
        False
        """


def _checked_term(term_ms: int) -> int:
    if not isinstance(term_ms, int) or term_ms < 1:
        raise ValueError(f"a lease's term is a whole number of milliseconds, not {term_ms!r}")
    return term_ms


def _deadline(started: float, term_ms: int) -> float:
    """The holder's end of a lease granted by a request sent at ``started``."""
    return started + term_ms / 1000 * (1 - CLOCK_MARGIN) - CLOCK_STEP


class LocalLeases:
    """Leases kept in this process (one dealer process, or the embedded server that deals
    every lane itself), timed by ``time.monotonic()`` like the holders.

    >>> import asyncio
    >>> async def demo():
    ...     leases = LocalLeases(term_ms=50)
    ...     old = await leases.acquire(5, "dealer-a")
    ...     await asyncio.sleep(0.1)  # dealer-a stalls past its lease
    ...     new = await leases.acquire(5, "dealer-b")
    ...     return await leases.renew(old), new.fencing > old.fencing
    >>> asyncio.run(demo())
    (None, True)
    >>> LocalLeases(term_ms=0)
    Traceback (most recent call last):
    ValueError: a lease's term is a whole number of milliseconds, not 0
    """

    def __init__(self, term_ms: int = LEASE_MS) -> None:
        self.term_ms = _checked_term(term_ms)
        self._held: dict[int, tuple[str, float]] = {}
        self._fencing: dict[int, int] = {}

    def _holds(self, lane: int, token: str | None, now: float) -> bool:
        held = self._held.get(lane)
        if held is None or held[1] <= now:
            return token is None
        return held[0] == token

    async def acquire(self, lane: int, holder: str, at_least: int = 0) -> Lease | None:
        """See :meth:`Leases.acquire`.

        >>> import asyncio
        >>> asyncio.run(LocalLeases().acquire(2, "dealer-a", at_least=41)).fencing
        42
        """
        now = time.monotonic()
        if not self._holds(lane, None, now):
            return None
        fencing = max(self._fencing.get(lane, 0), at_least) + 1
        self._fencing[lane] = fencing
        lease = Lease(lane, holder, fencing, _deadline(now, self.term_ms))
        self._held[lane] = (lease.token, now + self.term_ms / 1000)
        return lease

    async def renew(self, lease: Lease) -> Lease | None:
        """See :meth:`Leases.renew`.

        >>> import asyncio
        >>> async def demo():
        ...     leases = LocalLeases()
        ...     lease = await leases.acquire(2, "dealer-a")
        ...     return (await leases.renew(lease)).until > lease.until
        >>> asyncio.run(demo())
        True
        """
        now = time.monotonic()
        if not self._holds(lease.lane, lease.token, now):
            return None
        self._held[lease.lane] = (lease.token, now + self.term_ms / 1000)
        return replace(lease, until=_deadline(now, self.term_ms))

    async def renew_all(self, leases: list[Lease]) -> list[Lease | None]:
        """See :meth:`Leases.renew_all`."""
        return [await self.renew(lease) for lease in leases]

    async def release(self, lease: Lease) -> bool:
        """See :meth:`Leases.release`.

        >>> import asyncio
        >>> async def demo():
        ...     leases = LocalLeases()
        ...     lease = await leases.acquire(2, "dealer-a")
        ...     return await leases.release(lease), await leases.release(lease)
        >>> asyncio.run(demo())
        (True, False)
        """
        if not self._holds(lease.lane, lease.token, time.monotonic()):
            return False
        del self._held[lease.lane]
        return True


# KEYS[1] the lane's lease, KEYS[2] its fencing counter; ARGV holder, term in ms, at_least.
# One script, so no other client can come between the check, the count and the claim.
_ACQUIRE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local fencing = redis.call('INCR', KEYS[2])
local at_least = tonumber(ARGV[3])
if fencing <= at_least then
    fencing = at_least + 1
    redis.call('SET', KEYS[2], fencing)
end
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. fencing, 'NX', 'PX', ARGV[2])
return fencing
"""

# KEYS the lanes' leases; ARGV[1] the term in ms, ARGV[i + 1] the token of KEYS[i]. One
# command for a dealer's every lane: as many scripts pipelined cost the dealer 32 commands'
# packing a second.
_RENEW_ALL = """
local renewed = {}
for i, key in ipairs(KEYS) do
    if redis.call('GET', key) == ARGV[i + 1] then
        renewed[i] = redis.call('PEXPIRE', key, ARGV[1])
    else
        renewed[i] = 0
    end
end
return renewed
"""

# KEYS[1] the lane's lease; ARGV the lease's token.
_RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])
"""


class RedisLeases:
    """Leases kept in Redis, shared by every dealer of a site: the lane's key
    ``{prefix}:lane:{n}:lease`` holds the token and expires with the lease, and
    ``{prefix}:lane:{n}:fencing`` counts the takings. The key's expiry is set by Redis when it
    runs the command, after the holder sent it, so the holder's :attr:`Lease.until` (counted
    from the sending) always ends first. While Redis is down the methods raise redis-py's
    ``ConnectionError``: a holder keeps acting only until its lease's ``until``.

    Redis keeps no lease across its own restart, so another dealer may take a lane then while
    its holder's lease is still valid: the fencing number is what keeps them apart. A dealer
    writes its new number to the store's row of the lane (refused unless greater) before it
    serves the lane, and passes the store's number as ``at_least``.

    >>> RedisLeases(Redis.from_url("unix:///run/redis.sock")).key(3, "lease")
    'drawpoker:lane:3:lease'
    """

    def __init__(self, client: Redis, term_ms: int = LEASE_MS, prefix: str = "drawpoker"):
        self.client = client
        self.term_ms = _checked_term(term_ms)
        self.prefix = prefix
        self._acquire = client.register_script(_ACQUIRE)
        self._renew_all = client.register_script(_RENEW_ALL)
        self._release = client.register_script(_RELEASE)

    def key(self, lane: int, what: str) -> str:
        """The Redis key of ``lane``'s ``lease`` or ``fencing``.

        >>> RedisLeases(Redis(), prefix="site").key(0, "fencing")
        'site:lane:0:fencing'
        """
        return f"{self.prefix}:lane:{lane}:{what}"

    async def acquire(self, lane: int, holder: str, at_least: int = 0) -> Lease | None:
        """See :meth:`Leases.acquire`; a holder name must not contain a space."""
        if " " in holder:
            raise ValueError(f"a lease holder's name has no space: {holder!r}")
        started = time.monotonic()
        keys = [self.key(lane, "lease"), self.key(lane, "fencing")]
        fencing = await self._acquire(keys=keys, args=[holder, self.term_ms, at_least])
        if fencing is None:
            return None
        return Lease(lane, holder, int(fencing), _deadline(started, self.term_ms))

    async def renew(self, lease: Lease) -> Lease | None:
        """See :meth:`Leases.renew`."""
        (renewed,) = await self.renew_all([lease])
        return renewed

    async def renew_all(self, leases: list[Lease]) -> list[Lease | None]:
        """See :meth:`Leases.renew_all`: one command."""
        if not leases:
            return []
        started = time.monotonic()
        keys = [self.key(lease.lane, "lease") for lease in leases]
        tokens = [lease.token for lease in leases]
        renewed = await self._renew_all(keys=keys, args=[self.term_ms, *tokens])
        until = _deadline(started, self.term_ms)
        return [
            replace(lease, until=until) if done else None
            for lease, done in zip(leases, renewed, strict=True)
        ]

    async def release(self, lease: Lease) -> bool:
        """See :meth:`Leases.release`."""
        keys = [self.key(lease.lane, "lease")]
        return bool(await self._release(keys=keys, args=[lease.token]))
