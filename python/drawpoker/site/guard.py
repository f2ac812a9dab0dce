"""The site's limits on what anonymous clients may use, and the checks that keep them: tables
made per minute and tables open per address, the tables one server holds, messages per
WebSocket connection, connections per address, the time a connection has to say hello and a
request to send its body, and the origins allowed to change anything.

Rates are counted in moving windows in memory (a restarted server starts its counts afresh):
tables and devices with the ``limits`` library, a connection's messages by
:class:`MessageWindows` (no timer thread per message). A gateway of a site with several
(``--bus redis://...``) counts an address's tables, devices and connections in Redis instead,
shared with the other gateways (:mod:`drawpoker.site.shared_limits`); while Redis cannot be
reached it counts them in its own memory, and after a failed call it stays in its own memory for
:data:`~drawpoker.site.shared_limits.BACK_OFF_SECONDS` before asking Redis again, so a Redis
that does not answer stalls the gateway once in that time, not at every handshake. (The calls
are still synchronous: each that does reach Redis may hold the event loop up to
:data:`~drawpoker.site.shared_limits.TIMEOUT`.) A connection's messages are always counted
where the connection is. A limit reached answers with a status and a sentence
(:class:`Refused`): 429 when one client asks too much, 503 when the site is full.

>>> guard = Guard(SiteLimits(message_rate="2/minute"))
>>> [guard.message_allowed("connection 1") for _ in range(3)]
[True, True, False]
>>> guard.message_allowed("connection 2")
True
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from drawpoker.errors import InvalidArgumentError

if TYPE_CHECKING:  # the serve extra's library, imported when used: the CLI starts without it
    from limits import RateLimitItem
    from limits.strategies import MovingWindowRateLimiter

    from drawpoker.site.shared_limits import SharedCounts

log = logging.getLogger(__name__)

IPV6_NETWORK = 64
"""The prefix length of the IPv6 network that counts as one address: a home or a server is
given a whole /64 (or more), so its every address is one visitor's, and counting them apart
would let one visitor pass every per-address limit 2**64 times over."""


def limited_address(host: str | None) -> str:
    """The address a client's limits are counted by: an IPv4 address as it is (an IPv4 one
    mapped into IPv6 too), an IPv6 address as its /64 network, anything else (a test client's
    name) as given; ``"unknown"`` for none.

    >>> limited_address("2001:db8:1:2::1"), limited_address("2001:db8:1:2:ffff::9")
    ('2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> limited_address("::ffff:192.0.2.7"), limited_address("192.0.2.7"), limited_address(None)
    ('192.0.2.7', '192.0.2.7', 'unknown')
    """
    if host is None:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/{IPV6_NETWORK}", strict=False))
    return str(address)


POLICY_VIOLATION = 1008
"""The WebSocket close code of a connection closed for breaking a limit (RFC 6455)."""


@dataclass(frozen=True)
class SiteLimits:
    """The numbers of :class:`Guard` (``drawpoker serve``'s options of the same names).

    ``table_rate`` and ``message_rate`` are rates in the ``limits`` notation: one or more of
    ``COUNT/PERIOD`` (or ``COUNT per PERIOD``) separated by ``;``.

    >>> SiteLimits().open_tables
    20
    """

    table_rate: str = "10/minute"
    """Tables one address may make."""
    open_tables: int = 20
    """Tables made by one address, or by one device seated at them, that may be open at once."""
    max_tables: int = 2000
    """Tables the server holds in memory; a new one beyond it is refused (503)."""
    idle_table: float = 1800.0
    """Seconds a table nobody took a seat at lives before it is removed."""
    archive_after: float = 300.0
    """Seconds a finished table without a connection stays in memory (it stays in the file)."""
    sweep: float = 30.0
    """Seconds between two looks for expired and finished tables."""
    message_rate: str = "20/second;240/minute"
    """Messages one WebSocket connection may send; beyond it the connection is closed."""
    request_rate: str = "50/second;1500/minute"
    """HTTP requests one address may make to one server process (pages, their files and the
    API; a page and its files are about ten); beyond it 429 ``too-many-requests``."""
    connections_per_address: int = 16
    """WebSocket connections one address may have open that hold no seat: lobby pages,
    watchers, and table connections before their hello (or after one, once
    ``seated_connections_per_address`` are seated)."""
    seated_connections_per_address: int = 64
    """WebSocket connections of seated players one address may have open besides: a seat's
    hello moves its connection there from ``connections_per_address`` while there is room.
    A carrier's NAT puts many phones behind one IPv4 address, and each player holds a
    connection for the whole game; one who holds no seat gets only the smaller number."""
    hello_timeout: float = 10.0
    """Seconds a new WebSocket connection has to say hello."""
    body_timeout: float = 10.0
    """Seconds a request has to send its body (a slower one gets 408)."""
    lobby_connections: int = 500
    """Lobby pages the server keeps up to date at once (a further one is refused, 503)."""
    watchers_per_table: int = 50
    """People who may watch one table at once (a further one is refused)."""

    def __post_init__(self) -> None:
        for name in ("table_rate", "message_rate", "request_rate"):
            rates(getattr(self, name), name)
        for name in (
            "open_tables",
            "max_tables",
            "connections_per_address",
            "seated_connections_per_address",
            "lobby_connections",
            "watchers_per_table",
        ):
            if not 1 <= getattr(self, name) <= 10**6:
                raise InvalidArgumentError(f"{name} is 1..1000000, not {getattr(self, name)}")
        for name in ("idle_table", "archive_after", "sweep", "hello_timeout", "body_timeout"):
            if not 0 <= getattr(self, name) <= 86400 * 7:
                raise InvalidArgumentError(f"{name} is 0..604800 seconds")


def rates(text: str, name: str = "rate") -> list[RateLimitItem]:
    """The rates written in ``text``; :class:`InvalidArgumentError` naming ``name`` otherwise.

    >>> rates("10/minute;2/second")
    [10 per 1 minute, 2 per 1 second]
    >>> rates("often")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: rate must be COUNT/PERIOD (such as 10/minute), \
not 'often'
    """
    from limits import parse_many  # serve extra: the CLI starts without it

    try:
        return parse_many(text)
    except ValueError:
        raise InvalidArgumentError(
            f"{name} must be COUNT/PERIOD (such as 10/minute), not {text!r}"
        ) from None


class MessageWindows:
    """The moving windows of each connection's messages, in this process's memory: the times
    of its latest messages, as many as the largest rate counts. A message is let in when no
    rate has its count of messages in its window already, and only then counted. (The
    ``limits`` library's memory storage starts a timer thread to expire its entries, nearly one
    per message when they come more than 10 ms apart: a millisecond of CPU per message.) The
    connections silent for the longest window are forgotten whenever the table has doubled
    since the last such sweep.

    >>> now = [0.0]
    >>> windows = MessageWindows(rates("2/second;3/minute"), clock=lambda: now[0])
    >>> [windows.hit("c1") for _ in range(3)], windows.hit("c2")
    ([True, True, False], True)
    >>> now[0] = 1.5; windows.hit("c1"), windows.hit("c1")
    (True, False)
    >>> now[0] = 61.0; windows.hit("c1")
    True
    """

    SWEEP_FROM = 64
    """Connections counted before the first sweep."""

    def __init__(
        self, items: list[RateLimitItem], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rates = [(item.amount, item.get_expiry()) for item in items]
        self.longest = max(expiry for _, expiry in self.rates)
        self.most = max(amount for amount, _ in self.rates)
        self.clock = clock
        self.times: dict[str, deque[float]] = {}
        self.sweep_at = self.SWEEP_FROM

    def hit(self, connection: str) -> bool:
        """Counts a message of ``connection``; ``False`` (not counted) beyond a rate."""
        now = self.clock()
        times = self.times.get(connection)
        if times is None:
            self._sweep(now)
            times = self.times[connection] = deque(maxlen=self.most)
        for amount, expiry in self.rates:
            if amount < 1 or (len(times) >= amount and times[-amount] >= now - expiry):
                return False
        times.append(now)
        return True

    def _sweep(self, now: float) -> None:
        if len(self.times) < self.sweep_at:
            return
        self.times = {
            connection: times
            for connection, times in self.times.items()
            if times and times[-1] >= now - self.longest
        }
        self.sweep_at = max(self.SWEEP_FROM, 2 * len(self.times))


@dataclass
class Admission:
    """A WebSocket connection of ``address`` counted by :meth:`Guard.connect`, and whether
    :meth:`Guard.seat` moved its count to the address's seated ones since: end it with
    :meth:`Guard.end`.

    >>> guard = Guard(SiteLimits())
    >>> admission = Admission("10.0.0.1") if guard.connect("10.0.0.1") else None
    >>> guard.seat_admitted(admission), guard.seated, guard.connections
    (True, Counter({'10.0.0.1': 1}), Counter())
    >>> guard.end(admission); guard.seated
    Counter()
    """

    address: str
    seated: bool = False


class Refused(Exception):
    """A request refused by a limit: the HTTP ``status`` (429 or 503), a ``code`` and a
    sentence for people.

    >>> str(Refused(429, "too-many-tables", "slow down"))
    'too-many-tables: slow down'
    """

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message


class Guard:
    """The counts behind :class:`SiteLimits`: rates per address and per connection, and the
    WebSocket connections open per address (those that hold a seat apart).

    >>> guard = Guard(SiteLimits(connections_per_address=1))
    >>> guard.connect("10.0.0.1"), guard.connect("10.0.0.1")
    (True, False)
    >>> guard.disconnect("10.0.0.1"); guard.connect("10.0.0.1")
    True
    """

    def __init__(self, settings: SiteLimits, shared: str | None = None) -> None:
        # The serve extra's library, imported when used: the CLI starts without it.
        from limits.storage import MemoryStorage
        from limits.strategies import FixedWindowRateLimiter, MovingWindowRateLimiter

        self.settings = settings
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        # Requests are counted in fixed windows: one number an address, where a moving window
        # keeps a time for each request (1,500 a minute for each address seen).
        self.request_limiter = FixedWindowRateLimiter(MemoryStorage())
        self.request_rates = rates(settings.request_rate, "request_rate")
        self.table_rates = rates(settings.table_rate, "table_rate")
        self.message_windows = MessageWindows(rates(settings.message_rate, "message_rate"))
        self.connections: Counter[str] = Counter()
        """The open connections counted in this process's memory, by address, that hold no
        seat (:meth:`connect`)."""
        self.seated: Counter[str] = Counter()
        """The same of those that hold a seat (:meth:`seat`)."""
        self.shared: SharedCounts | None = None
        """The counts shared in the Redis at ``shared`` (a bus URL), if given."""
        self.shared_limiter: MovingWindowRateLimiter | None = None
        self.clock = time.monotonic
        """The clock of the back-off after a failed call to Redis (a test may set its own)."""
        self._redis_away_until = float("-inf")
        if shared is not None:
            from drawpoker.site.shared_limits import SharedCounts

            self.shared = SharedCounts(shared)
            self.shared_limiter = MovingWindowRateLimiter(self.shared.storage)

    def table_allowed(self, address: str) -> bool:
        """Counts a new table of ``address``; ``False`` when it has made its rate already.

        >>> guard = Guard(SiteLimits(table_rate="1/minute"))
        >>> guard.table_allowed("a"), guard.table_allowed("a"), guard.table_allowed("b")
        (True, False, True)
        """
        return self._shared_hit(self.table_rates, "tables", address)

    def count_table(self, address: str) -> None:
        """Counts a new table of ``address`` (:meth:`table_allowed`); :class:`Refused` (429
        ``too-many-tables``) when it made its ``table_rate`` already: the one refusal of that
        rate, wherever it is counted.

        >>> guard = Guard(SiteLimits(table_rate="1/minute"))
        >>> guard.count_table("a"); guard.count_table("a")
        Traceback (most recent call last):
        ...
        drawpoker.site.guard.Refused: too-many-tables: this address made tables too fast \
(at most 1/minute): wait a little
        """
        if not self.table_allowed(address):
            limit = self.settings.table_rate
            why = f"this address made tables too fast (at most {limit}): wait a little"
            raise Refused(429, "too-many-tables", why)

    def device_allowed(self, address: str) -> bool:
        """Counts a new device key of ``address``; ``False`` beyond ``table_rate`` (a person
        makes one device key per browser, fewer than tables).

        >>> guard = Guard(SiteLimits(table_rate="1/minute"))
        >>> guard.device_allowed("a"), guard.device_allowed("a"), guard.table_allowed("a")
        (True, False, True)
        """
        return self._shared_hit(self.table_rates, "devices", address)

    def request_allowed(self, address: str) -> bool:
        """Counts an HTTP request of ``address``; ``False`` beyond ``request_rate`` (counted
        by this process: each gateway bounds what it serves).

        >>> guard = Guard(SiteLimits(request_rate="2/minute"))
        >>> [guard.request_allowed("a") for _ in range(3)], guard.request_allowed("b")
        ([True, True, False], True)
        """
        return all(
            [self.request_limiter.hit(item, "requests", address) for item in self.request_rates]
        )

    def message_allowed(self, connection: str) -> bool:
        """Counts a message of ``connection``; ``False`` beyond ``message_rate``."""
        return self.message_windows.hit(connection)

    def _shared_in_use(self) -> SharedCounts | None:
        """The shared counts, unless none are configured or Redis failed less than
        ``BACK_OFF_SECONDS`` ago."""
        if self.shared is None or self.clock() < self._redis_away_until:
            return None
        return self.shared

    def _redis_failed(self, problem: Exception, what: str) -> None:
        from drawpoker.site.shared_limits import BACK_OFF_SECONDS

        self._redis_away_until = self.clock() + BACK_OFF_SECONDS
        log.warning(
            "%s: Redis did not answer (%s); asking again in %s s", what, problem, BACK_OFF_SECONDS
        )

    def _hit(
        self, items: list[RateLimitItem], *keys: str, limiter: MovingWindowRateLimiter | None = None
    ) -> bool:
        limiter = limiter or self.limiter
        # every rate is tested before any is counted: a refused request uses up nothing
        if not all(limiter.test(item, *keys) for item in items):
            return False
        return all([limiter.hit(item, *keys) for item in items])

    def _shared_hit(self, items: list[RateLimitItem], *keys: str) -> bool:
        """:meth:`_hit` in the shared storage if there is one and it answers, else in memory."""
        from limits.errors import StorageError

        if self.shared_limiter is not None and self._shared_in_use() is not None:
            try:
                return self._hit(items, *keys, limiter=self.shared_limiter)
            except StorageError as problem:
                self._redis_failed(problem, "limits counted in memory")
        return self._hit(items, *keys)

    def connect(self, address: str) -> bool:
        """Counts a WebSocket connection of ``address``; ``False`` (not counted) when it has
        ``connections_per_address`` open already (on the whole site with shared counts)."""
        return self._count(address, self.settings.connections_per_address, seated=False)

    def seat(self, address: str) -> bool:
        """Moves a connection of ``address`` counted by :meth:`connect` to its seated ones
        (its seat's hello was let in), when fewer than ``seated_connections_per_address`` are
        open: it then leaves room for another under ``connections_per_address``, and is
        ended with ``disconnect(address, seated=True)``. ``False`` when they are full (it
        stays counted where it was).

        >>> guard = Guard(SiteLimits(connections_per_address=1, seated_connections_per_address=1))
        >>> guard.connect("10.0.0.1"), guard.seat("10.0.0.1"), guard.connect("10.0.0.1")
        (True, True, True)
        >>> guard.seat("10.0.0.1"), guard.connect("10.0.0.1")
        (False, False)
        >>> guard.disconnect("10.0.0.1", seated=True); guard.seat("10.0.0.1")
        True
        """
        if not self._count(address, self.settings.seated_connections_per_address, seated=True):
            return False
        self.disconnect(address)
        return True

    def seat_admitted(self, admission: Admission) -> bool:
        """:meth:`seat` for the connection of ``admission`` (once), noting whether it moved."""
        if not admission.seated:
            admission.seated = self.seat(admission.address)
        return admission.seated

    def end(self, admission: Admission) -> None:
        """The connection of ``admission`` closed (:meth:`disconnect`, where it is counted)."""
        self.disconnect(admission.address, admission.seated)

    def _count(self, address: str, limit: int, seated: bool) -> bool:
        """Counts a connection of ``address`` (``seated``: among those that hold a seat)
        unless ``limit`` of those are open: in Redis when shared counts answer, else in
        :attr:`connections` or :attr:`seated`."""
        from limits.errors import StorageError

        shared = self._shared_in_use()
        if shared is not None:
            try:
                return shared.connect(address, limit, seated)
            except StorageError as problem:
                self._redis_failed(problem, "connections counted in memory")
        counts = self.seated if seated else self.connections
        if counts[address] >= limit:
            return False
        counts[address] += 1
        return True

    def disconnect(self, address: str, seated: bool = False) -> None:
        """A connection counted by :meth:`connect` closed (``seated``: moved by :meth:`seat`)."""
        from limits.errors import StorageError

        if self.shared is not None and self.shared.holds(address, seated):
            if self._shared_in_use() is None:  # it counts until its term runs out
                self.shared.release(address, seated)
                return
            try:
                self.shared.disconnect(address, seated)
            except StorageError as problem:
                self._redis_failed(problem, "a closed connection still counts a while")
            return
        counts = self.seated if seated else self.connections
        counts[address] -= 1
        if counts[address] <= 0:
            del counts[address]

    async def keep_counts(self) -> None:
        """With shared counts, renews this process's open connections in Redis every
        :data:`~drawpoker.site.shared_limits.RENEW_SECONDS` (they lapse if it dies); without,
        returns at once.

        >>> asyncio.run(Guard(SiteLimits()).keep_counts())  # no shared counts: nothing to renew
        """
        from limits.errors import StorageError

        from drawpoker.site.shared_limits import RENEW_SECONDS

        if self.shared is None:
            return
        while True:
            held = {key: list(members) for key, members in self.shared.members.items()}
            try:
                await asyncio.to_thread(self.shared.renew, held)
            except StorageError as problem:  # in a thread: the handshakes do not wait for it
                log.warning("open connections not renewed: Redis did not answer (%s)", problem)
            await asyncio.sleep(RENEW_SECONDS)


def origin_of(url: str) -> str:
    """The origin of ``url`` (scheme, host and port, as a browser's ``Origin`` header writes
    it); :class:`InvalidArgumentError` when it is not an http(s) URL.

    >>> origin_of("http://127.0.0.1:8000/"), origin_of("https://poker.example/play")
    ('http://127.0.0.1:8000', 'https://poker.example')
    >>> origin_of("poker.example")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: 'poker.example' is not an http:// or https:// URL
    """
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise InvalidArgumentError(f"{url!r} is not an http:// or https:// URL")
    return f"{parts.scheme}://{parts.netloc}".lower()
