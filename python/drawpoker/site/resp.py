"""A lean connection to Redis for the bus's busiest work: a dealer's publishes (one script call
a message) and inbox reads, a gateway's requests and its pub/sub feed (one pushed frame a
message). redis-py's asyncio client, which the rest of the site keeps, spends several times
more CPU on one command (its pool, retry wrapper, per-command timeouts and stream reader:
measured in the commit that brought this module); this connection packs each command with
hiredis, writes it to the socket, and parses the replies with hiredis' reader in the
protocol's own callback. It speaks RESP2, as redis-py does by default.

A :class:`RedisLink` answers the commands written to it in order (:meth:`RedisLink.execute`,
:meth:`RedisLink.execute_many`, each one write); one opened with ``on_push`` is a subscriber,
every frame it reads handed to that callback (a pub/sub connection). A link that lost Redis
fails what it waits for, and every later call, with redis-py's ``ConnectionError``, which the
bus already treats as Redis down: its owner opens a new one. The URL is read as redis-py reads
it (``redis://``, ``rediss://``, ``unix://``; user, password and database), and of its TLS
options the ones a certificate needs.

>>> options = link_options("redis://:secret@cache.lan:6380/2")
>>> options.host, options.port, options.db
('cache.lan', 6380, 2)
>>> link_options("unix:///run/redis.sock?db=1").path
'/run/redis.sock'
>>> link_options("redis://cache.lan/0?socket_timeout=1")
Traceback (most recent call last):
...
drawpoker.errors.InvalidArgumentError: the bus URL's option socket_timeout is not supported ...
"""

from __future__ import annotations

import asyncio
import ssl
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, cast

import hiredis
from redis.asyncio.connection import SSLConnection, parse_url
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from drawpoker.errors import InvalidArgumentError

CONNECT_TIMEOUT = 5.0
"""Seconds a link waits for Redis to accept it and answer its first commands."""

TLS_OPTIONS = ("ssl_cert_reqs", "ssl_ca_certs", "ssl_certfile", "ssl_keyfile", "ssl_check_hostname")
"""The query options of a ``rediss://`` URL a link honours (redis-py's names)."""

CERT_REQS = {"none": ssl.CERT_NONE, "optional": ssl.CERT_OPTIONAL, "required": ssl.CERT_REQUIRED}
"""``ssl_cert_reqs``' values."""

Command = Sequence[str | int | bytes]
"""A command and its arguments, as hiredis packs them."""


class LinkOptions(NamedTuple):
    """Where a link connects and how it says who it is."""

    host: str | None
    port: int
    path: str | None
    tls: ssl.SSLContext | None
    username: str | None
    password: str | None
    db: int


def link_options(url: str) -> LinkOptions:
    """The :class:`LinkOptions` of a bus URL (parsed by redis-py); an option a link does not
    honour is refused, named, rather than left out.

    >>> link_options("rediss://cache.lan?ssl_cert_reqs=none").tls.verify_mode
    <VerifyMode.CERT_NONE: 0>
    """
    found: dict[str, Any] = dict(parse_url(url))
    tls = None
    if found.pop("connection_class", None) is SSLConnection:
        asked = str(found.pop("ssl_cert_reqs", "required"))
        reqs = CERT_REQS.get(asked.lower())
        if reqs is None:
            raise InvalidArgumentError(
                f"the bus URL's ssl_cert_reqs must be none, optional or required, not {asked!r}"
            )
        tls = ssl.create_default_context(cafile=found.pop("ssl_ca_certs", None))
        tls.check_hostname = reqs != ssl.CERT_NONE and bool(found.pop("ssl_check_hostname", True))
        tls.verify_mode = reqs
        if "ssl_certfile" in found:
            tls.load_cert_chain(found.pop("ssl_certfile"), found.pop("ssl_keyfile", None))
    options = LinkOptions(
        host=found.pop("host", None),
        port=int(found.pop("port", 6379)),
        path=found.pop("path", None),
        tls=tls,
        username=found.pop("username", None),
        password=found.pop("password", None),
        db=int(found.pop("db", 0)),
    )
    if found:
        honoured = ", ".join(["db", *(TLS_OPTIONS if tls else ())])
        raise InvalidArgumentError(
            f"the bus URL's option {next(iter(found))} is not supported (only {honoured})"
        )
    return options


class _Batch:
    """The replies awaited for the commands of one write."""

    __slots__ = ("future", "replies", "wanted")

    def __init__(self, future: asyncio.Future[list[Any]], wanted: int) -> None:
        self.future = future
        self.replies: list[Any] = []
        self.wanted = wanted


class RedisLink(asyncio.Protocol):
    """One connection to Redis (:meth:`open`). Without ``on_push``, the replies answer the
    commands in the order written; with it, every frame read is handed to ``on_push`` (a
    subscriber's confirmations and messages), and commands are only written
    (:meth:`write`)."""

    def __init__(self) -> None:
        self.on_push: Callable[[Any], None] | None = None
        self.parser = hiredis.Reader(encoding="utf-8", replyError=ResponseError)
        self.waiting: deque[_Batch] = deque()
        self.transport: asyncio.Transport | None = None
        self.lost: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        """Done once the connection is lost or closed."""

    @classmethod
    async def open(
        cls,
        url: str,
        on_push: Callable[[Any], None] | None = None,
        timeout: float = CONNECT_TIMEOUT,
    ) -> RedisLink:
        """A link to the Redis of ``url``, authenticated and on its database; redis-py's
        ``ConnectionError`` (or ``TimeoutError``) when Redis cannot be reached or refuses.

        >>> asyncio.run(RedisLink.open("redis://127.0.0.1:1/0", timeout=0.5))
        Traceback (most recent call last):
        ...
        redis.exceptions.ConnectionError: Redis cannot be reached: ...
        """
        options = link_options(url)
        loop = asyncio.get_running_loop()
        link = cls()
        try:
            async with asyncio.timeout(timeout):
                if options.path is not None:
                    await loop.create_unix_connection(lambda: link, options.path, ssl=options.tls)
                else:
                    await loop.create_connection(
                        lambda: link, options.host or "localhost", options.port, ssl=options.tls
                    )
                if options.password is not None:
                    who = [options.username] if options.username else []
                    await link.execute("AUTH", *who, options.password)
                if options.db:
                    await link.execute("SELECT", options.db)
        except TimeoutError:
            link.close()
            raise RedisTimeoutError("Redis did not answer in time") from None
        except OSError as error:
            link.close()
            raise RedisConnectionError(f"Redis cannot be reached: {error}") from None
        except BaseException:
            link.close()
            raise
        link.on_push = on_push
        return link

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        """See :class:`asyncio.Protocol`."""
        self.transport = cast(asyncio.Transport, transport)  # (uvloop's is not a subclass)

    def data_received(self, data: bytes) -> None:
        """Parses the replies in ``data``: each answers the oldest command waiting, or goes
        to ``on_push``."""
        parser = self.parser
        parser.feed(data)
        while (reply := parser.gets()) is not False:
            if self.on_push is not None:
                self.on_push(reply)
                continue
            batch = self.waiting[0]
            batch.replies.append(reply)
            if len(batch.replies) == batch.wanted:
                self.waiting.popleft()
                if not batch.future.done():  # (a caller cancelled drops its replies)
                    batch.future.set_result(batch.replies)

    def connection_lost(self, exc: Exception | None) -> None:
        """Fails the commands waiting with ``ConnectionError``."""
        self.transport = None
        while self.waiting:
            future = self.waiting.popleft().future
            if not future.done():
                future.set_exception(RedisConnectionError("the connection to Redis was lost"))
        if not self.lost.done():
            self.lost.set_result(None)

    @property
    def connected(self) -> bool:
        """Whether the connection is still open."""
        return self.transport is not None and not self.transport.is_closing()

    def write(self, *commands: Command) -> None:
        """Writes ``commands`` in one write, without waiting for their replies (a
        subscriber's, which come to ``on_push``). Raises ``ConnectionError`` when the link is
        closed."""
        transport = self.transport
        if transport is None or transport.is_closing():
            raise RedisConnectionError("the connection to Redis was lost")
        pack = hiredis.pack_command
        transport.write(b"".join([pack(tuple(command)) for command in commands]))  # type: ignore[arg-type]

    async def execute_many(self, commands: Sequence[Command]) -> list[Any]:
        """The replies of ``commands``, sent in one write (a pipeline without a transaction):
        an error reply in its place as a ``ResponseError``, not raised."""
        if not commands:
            return []
        future: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        self.write(*commands)
        self.waiting.append(_Batch(future, len(commands)))
        return await future

    async def execute(self, *command: str | int | bytes) -> Any:
        """One command's reply; an error reply raised (redis-py's ``ResponseError``)."""
        (reply,) = await self.execute_many([command])
        if isinstance(reply, ResponseError):
            raise reply
        return reply

    def close(self) -> None:
        """Closes the connection (the commands waiting fail)."""
        if self.transport is not None:
            self.transport.close()


class LinkKeeper:
    """One :class:`RedisLink` to the Redis of ``url``, opened when first asked for and again
    after it was lost: :meth:`link` is the open one, or a new one (redis-py's
    ``ConnectionError`` when Redis cannot be reached).

    >>> keeper = LinkKeeper("redis://127.0.0.1:1/0", timeout=0.5)
    >>> asyncio.run(keeper.link())
    Traceback (most recent call last):
    ...
    redis.exceptions.ConnectionError: Redis cannot be reached: ...
    """

    def __init__(self, url: str, timeout: float = CONNECT_TIMEOUT) -> None:
        self.url = url
        self.timeout = timeout
        self.current: RedisLink | None = None
        self._opening: asyncio.Lock | None = None

    async def link(self) -> RedisLink:
        """The open link, or a new one."""
        current = self.current
        if current is not None and current.connected:
            return current
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:  # one new link, however many ask at once
            if self.current is None or not self.current.connected:
                self.current = await RedisLink.open(self.url, timeout=self.timeout)
            return self.current

    def close(self) -> None:
        """Closes the link (a later :meth:`link` opens another)."""
        if self.current is not None:
            self.current.close()
            self.current = None
