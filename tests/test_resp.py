"""The lean Redis connection of the bus's busiest work (drawpoker.site.resp), against a real
``redis-server`` (the ``redis_server`` fixture; skipped without it, failed in CI): replies in
the order of the commands, error replies kept in their place, a subscriber's frames, a lost
connection failing what waits and a new link after it, a cancelled wait leaving the link in
step, and a URL's password and database honoured.

Waits are bounded by :data:`HANG` against a hang; nothing is asserted about how long they took."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.resp import LinkKeeper, RedisLink, link_options
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis_server import RedisServer, redis_server  # noqa: F401 (the fixture)

HANG = 30.0
"""Seconds a wait may take before the test is stopped as hung."""


def test_the_replies_come_in_the_order_of_the_commands_errors_in_their_place(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    async def scenario() -> tuple[list[Any], list[list[Any]], Any]:
        link = await RedisLink.open(redis_server.url)
        try:
            first = await link.execute_many(
                [("SET", "k", 7), ("XADD", "s", "5-0", "m", "a"), ("XADD", "s", "5-0", "m", "b")]
            )
            # Many callers at once on the one connection: each gets its own replies.
            many = await asyncio.wait_for(
                asyncio.gather(
                    *(link.execute_many([("INCR", f"n{i}"), ("GET", "k")]) for i in range(50))
                ),
                HANG,
            )
            with pytest.raises(ResponseError, match="WRONGTYPE"):
                await link.execute("LPUSH", "k", "x")
            return first, many, await link.execute("XLEN", "s")
        finally:
            link.close()

    first, many, length = asyncio.run(scenario())
    assert first[:2] == ["OK", "5-0"]
    assert isinstance(first[2], ResponseError) and "equal or smaller" in str(first[2])
    assert many == [[1, "7"]] * 50
    assert length == 1


def test_a_subscriber_gets_each_frame_in_order(redis_server: RedisServer) -> None:  # noqa: F811
    async def scenario() -> list[Any]:
        frames: list[Any] = []
        subscriber = await RedisLink.open(redis_server.url, on_push=frames.append)
        publisher = await RedisLink.open(redis_server.url)
        try:
            subscriber.write(("SUBSCRIBE", "c1", "c2"))
            async with asyncio.timeout(HANG):
                while len(frames) < 2:
                    await asyncio.sleep(0.01)
                for n in range(3):
                    await publisher.execute("PUBLISH", f"c{n % 2 + 1}", f"m{n}")
                subscriber.write(("UNSUBSCRIBE", "c2"))
                while len(frames) < 6:
                    await asyncio.sleep(0.01)
                await publisher.execute("PUBLISH", "c2", "not told")
                await publisher.execute("PUBLISH", "c1", "last")
                while len(frames) < 7:
                    await asyncio.sleep(0.01)
            return frames
        finally:
            subscriber.close()
            publisher.close()

    assert asyncio.run(scenario()) == [
        ["subscribe", "c1", 1],
        ["subscribe", "c2", 2],
        ["message", "c1", "m0"],
        ["message", "c2", "m1"],
        ["message", "c1", "m2"],
        ["unsubscribe", "c2", 1],
        ["message", "c1", "last"],
    ]


def test_a_lost_connection_fails_what_waits_and_the_keeper_opens_another(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    async def scenario() -> tuple[bool, str, Any]:
        keeper = LinkKeeper(redis_server.url)
        try:
            link = await keeper.link()
            waiting = asyncio.ensure_future(link.execute("BLPOP", "never", 0))
            await asyncio.sleep(0.1)
            redis_server.restart()
            async with asyncio.timeout(HANG):
                with pytest.raises(RedisConnectionError):
                    await waiting
                with pytest.raises(RedisConnectionError):  # a closed link refuses at once
                    await link.execute("PING")
                await link.lost
                again = await keeper.link()
            return again is not link, await again.execute("PING"), await keeper.link() is again
        finally:
            keeper.close()

    assert asyncio.run(scenario()) == (True, "PONG", True)


def test_a_cancelled_wait_leaves_the_link_in_step(redis_server: RedisServer) -> None:  # noqa: F811
    """A caller cancelled while its reply is on the way (a dealer stopping in a blocking read):
    that reply is dropped when it comes, and the next caller gets its own."""

    async def scenario() -> list[Any]:
        link = await RedisLink.open(redis_server.url)
        try:
            blocked = asyncio.ensure_future(link.execute("XREAD", "BLOCK", 300, "STREAMS", "s", 0))
            await asyncio.sleep(0.05)
            blocked.cancel()
            async with asyncio.timeout(HANG):
                return await link.execute_many([("SET", "after", "yes"), ("GET", "after")])
        finally:
            link.close()

    assert asyncio.run(scenario()) == ["OK", "yes"]


def test_the_urls_password_and_database_are_honoured(redis_server: RedisServer) -> None:  # noqa: F811
    async def scenario() -> tuple[Any, Any, Any]:
        admin = await RedisLink.open(redis_server.url)
        try:
            await admin.execute("SELECT", 3)
            await admin.execute("SET", "where", "db 3")
            await admin.execute("CONFIG", "SET", "requirepass", "s3cret")
            socket = redis_server.url.removeprefix("unix://")
            link = await RedisLink.open(f"unix://:s3cret@{socket}?db=3")
            found = await link.execute("GET", "where")
            link.close()
            with pytest.raises(ResponseError):  # the wrong password is refused at once
                await RedisLink.open(f"unix://:wrong@{socket}?db=3")
            anonymous = await RedisLink.open(redis_server.url)
            with pytest.raises(ResponseError):  # and no password: Redis refuses the command
                await anonymous.execute("GET", "where")
            anonymous.close()
            await admin.execute("CONFIG", "SET", "requirepass", "")
            return found, await admin.execute("GET", "where"), admin.connected
        finally:
            admin.close()

    assert asyncio.run(scenario()) == ("db 3", "db 3", True)


def test_a_url_option_a_link_cannot_honour_is_refused_by_name() -> None:
    with pytest.raises(InvalidArgumentError, match="socket_timeout"):
        link_options("redis://cache.lan:6379/0?socket_timeout=3")
    tls = link_options("rediss://cache.lan:6380/1?ssl_cert_reqs=required").tls
    assert tls is not None and tls.check_hostname
    assert link_options("unix:///run/redis.sock?db=4").db == 4


def test_redis_away_is_a_connection_error_at_open() -> None:
    with pytest.raises(RedisConnectionError, match="cannot be reached"):
        asyncio.run(RedisLink.open("unix:///nonexistent/redis.sock", timeout=2.0))
