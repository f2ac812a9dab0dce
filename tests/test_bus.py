"""The fan-out bus (drawpoker.site.bus): every contract test runs on both implementations, in
this process and over a real ``redis-server`` (the ``redis_server`` fixture; skipped without
it, failed in CI); then Redis restarted, or down for a while, under a publisher and a
subscriber that must recover by themselves.

Waits are bounded by :data:`HANG` against a hang; nothing is asserted about how long they took."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import pytest
from drawpoker.site.bus import (
    POOL_CONNECTIONS,
    RETAIN,
    Bus,
    BusUnavailable,
    LocalBus,
    Message,
    Position,
    RedisBus,
    RedisFeed,
    Subscription,
    public_channel,
    seat_channel,
)
from redis_server import RedisServer, redis_server  # noqa: F401 (the fixture)

HANG = 30.0
"""Seconds a wait may take before the test is stopped as hung."""

Opener = Callable[..., AbstractAsyncContextManager[Bus]]
"""Opens one process's view of the shared bus (keyword options go to the bus)."""

SEAT0, SEAT1, PUBLIC = seat_channel("t1", 0), seat_channel("t1", 1), public_channel("t1")


@pytest.fixture(params=["local", "redis"])
def open_bus(request: pytest.FixtureRequest) -> Opener:
    if request.param == "local":
        shared: list[LocalBus] = []

        @asynccontextmanager
        async def local(retain: int = RETAIN) -> AsyncIterator[Bus]:
            if not shared:
                shared.append(LocalBus(retain))
            yield shared[0]

        return local
    server: RedisServer = request.getfixturevalue("redis_server")

    @asynccontextmanager
    async def remote(retain: int = RETAIN) -> AsyncIterator[Bus]:
        bus = RedisBus.from_url(server.url, retain=retain)
        try:
            yield bus
        finally:
            await bus.aclose()

    return remote


async def take(subscription: Subscription, count: int) -> list[Message]:
    return [await asyncio.wait_for(anext(subscription), HANG) for _ in range(count)]


async def take_until(subscription: Subscription, marker: str) -> list[Message]:
    """The messages up to the one whose payload is ``marker`` (left out)."""
    taken: list[Message] = []
    while (message := await asyncio.wait_for(anext(subscription), HANG)).payload != marker:
        taken.append(message)
    return taken


def seqs(messages: list[Message]) -> list[int]:
    return [message.position.seq for message in messages]


def test_a_gateway_receives_only_its_seats_and_the_public_channel(open_bus: Opener) -> None:
    async def scenario() -> list[Message]:
        async with open_bus() as dealer, open_bus() as gateway:
            mine = await gateway.subscribe({SEAT0: None, PUBLIC: None})
            for seq in range(1, 6):
                await dealer.publish(SEAT1, Position(seq), f"seat 1 hole cards {seq}")
                await dealer.publish(SEAT0, Position(seq), f"seat 0 hole cards {seq}")
                await dealer.publish(PUBLIC, Position(seq), f"public {seq}")
            await dealer.publish(SEAT0, Position(6), "end")
            taken = await take_until(mine, "end")
            await mine.aclose()
            return taken

    taken = asyncio.run(scenario())
    assert all("seat 1" not in message.payload for message in taken)
    assert [m.payload for m in taken if m.channel == SEAT0] == [
        f"seat 0 hole cards {seq}" for seq in range(1, 6)
    ]
    # The public channel is read alongside; its messages that came before the end all count.
    public = seqs([m for m in taken if m.channel == PUBLIC])
    assert public == list(range(1, 1 + len(public)))


def test_a_subscriber_resumes_after_since(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus() as dealer, open_bus() as gateway:
            for seq in range(1, 6):
                await dealer.publish(PUBLIC, Position(seq), f"event {seq}")
            resumed = await gateway.subscribe({PUBLIC: Position(2)})
            assert seqs(await take(resumed, 3)) == [3, 4, 5]
            assert resumed.last == {PUBLIC: Position(5)}
            fresh = await gateway.subscribe({PUBLIC: None})
            assert fresh.last == {PUBLIC: Position(5)}
            # Numbers may skip (one message, many events).
            await dealer.publish(PUBLIC, Position(9), "event 9")
            assert await take(fresh, 1) == [Message(PUBLIC, Position(9), "event 9")]
            assert await take(resumed, 1) == [Message(PUBLIC, Position(9), "event 9")]
            # Another gateway takes over where the first stopped.
            moved = await gateway.subscribe(dict(resumed.last))
            await dealer.publish(PUBLIC, Position(10), "event 10")
            assert seqs(await take(moved, 1)) == [10]
            for subscription in (resumed, fresh, moved):
                await subscription.aclose()

    asyncio.run(scenario())


def test_changes_without_an_event_are_parts_of_one_seq(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus() as dealer, open_bus() as gateway:
            await dealer.publish(SEAT0, Position(3), "dealt")
            await dealer.publish(SEAT0, Position(3, 1), "seat 1 connected")
            await dealer.publish(SEAT0, Position(3, 2), "seat 1 left")
            assert not await dealer.publish(SEAT0, Position(3, 1), "seat 1 connected")
            await dealer.publish(SEAT0, Position(4), "seat 1 bets")
            assert await dealer.top(SEAT0) == Position(4)
            # A welcome given at 3-1 goes on from there: the change after it, then the bet.
            seat = await gateway.subscribe({SEAT0: Position(3, 1)})
            assert [m.payload for m in await take(seat, 2)] == ["seat 1 left", "seat 1 bets"]
            await seat.aclose()

    asyncio.run(scenario())


def test_a_message_published_again_is_kept_once(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus() as dealer, open_bus() as takeover, open_bus() as gateway:
            assert await dealer.publish(SEAT0, Position(1), "first")
            assert await dealer.publish(SEAT0, Position(2), "second")
            assert not await takeover.publish(SEAT0, Position(2), "second")
            assert not await takeover.publish(SEAT0, Position(1), "first")
            assert await takeover.top(SEAT0) == Position(2)
            assert await takeover.publish(SEAT0, Position(3), "end")
            seat = await gateway.subscribe({SEAT0: Position(0)})
            assert [m.payload for m in await take_until(seat, "end")] == ["first", "second"]
            await seat.aclose()

    asyncio.run(scenario())


def test_a_channel_keeps_its_last_messages_only(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus(retain=5) as bus:
            for seq in range(1, 13):
                await bus.publish(PUBLIC, Position(seq), str(seq))
            late = await bus.subscribe({PUBLIC: Position(0)})
            assert seqs(await take(late, 5)) == [8, 9, 10, 11, 12]
            await late.aclose()

    asyncio.run(scenario())


def test_many_messages_arrive_all_and_in_order(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus() as dealer, open_bus() as gateway:
            seat = await gateway.subscribe({SEAT0: Position(0), PUBLIC: Position(0)})

            async def deal() -> None:
                for seq in range(1, 251):
                    await dealer.publish(SEAT0, Position(seq), f"s{seq}")
                    await dealer.publish(PUBLIC, Position(seq), f"p{seq}")

            dealing = asyncio.create_task(deal())
            taken = await take(seat, 500)
            await dealing
            await seat.aclose()
            for channel, letter in ((SEAT0, "s"), (PUBLIC, "p")):
                got = [m.payload for m in taken if m.channel == channel]
                assert got == [f"{letter}{seq}" for seq in range(1, 251)]

    asyncio.run(scenario())


def test_a_bad_position_is_refused_and_nothing_published(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus() as bus:
            bad_positions = [Position(0), Position(-3), Position(2, -1), Position(True), 4, (4, 0)]
            bad_positions += [Position("4"), Position(2.0)]  # type: ignore[arg-type]
            for bad in bad_positions:
                with pytest.raises(ValueError, match="a message's position is a Position"):
                    await bus.publish(PUBLIC, bad, "x")  # type: ignore[arg-type]
            await bus.publish(PUBLIC, Position(1), "end")
            watcher = await bus.subscribe({PUBLIC: Position(0)})
            assert await take_until(watcher, "end") == []
            await watcher.aclose()

    asyncio.run(scenario())


def test_a_dropped_channel_starts_again_and_a_closed_subscription_ends(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus() as bus:
            await bus.publish(PUBLIC, Position(7), "old table")
            await bus.drop(PUBLIC)
            watcher = await bus.subscribe({PUBLIC: None})
            assert watcher.last == {PUBLIC: Position(0)}
            assert await bus.publish(PUBLIC, Position(1), "new table")
            assert [m.payload for m in await take(watcher, 1)] == ["new table"]
            waiting = asyncio.create_task(anext(watcher))
            await asyncio.sleep(0)
            await watcher.aclose()
            with pytest.raises(StopAsyncIteration):
                await asyncio.wait_for(waiting, HANG)

    asyncio.run(scenario())


def test_after_a_redis_restart_messages_flow_again(redis_server: RedisServer) -> None:  # noqa: F811
    async def scenario() -> None:
        dealer = RedisBus.from_url(redis_server.url)
        gateway = RedisBus.from_url(redis_server.url)
        seat = await gateway.subscribe({SEAT0: Position(0)})
        await dealer.publish(SEAT0, Position(1), "before")
        assert [m.payload for m in await take(seat, 1)] == ["before"]
        waiting = asyncio.create_task(anext(seat))  # blocked in XREAD when Redis goes
        await asyncio.to_thread(redis_server.restart)
        assert await dealer.publish(SEAT0, Position(2), "after")
        assert await asyncio.wait_for(waiting, HANG) == Message(SEAT0, Position(2), "after")
        assert seat.reconnects == 1  # what tells a gateway to fetch the state again
        await seat.aclose()
        await dealer.aclose()
        await gateway.aclose()

    asyncio.run(scenario())


def test_while_redis_is_down_publishing_fails_clearly_then_recovers(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    async def scenario() -> None:
        dealer = RedisBus.from_url(redis_server.url)
        gateway = RedisBus.from_url(redis_server.url)
        seat = await gateway.subscribe({SEAT0: Position(0)})
        await dealer.publish(SEAT0, Position(1), "before")
        assert seqs(await take(seat, 1)) == [1]
        waiting = asyncio.create_task(anext(seat))
        await asyncio.to_thread(redis_server.stop)
        with pytest.raises(BusUnavailable, match="message 2-0 of t1:seat:0 not published"):
            await dealer.publish(SEAT0, Position(2), "lost")
        with pytest.raises(BusUnavailable, match="t1:public cannot be read or dropped"):
            await gateway.subscribe({PUBLIC: None})
        with pytest.raises(BusUnavailable, match="t1:public cannot be read or dropped"):
            await dealer.drop(PUBLIC)
        await asyncio.sleep(0.5)  # the subscriber keeps trying, with backoff, while it is down
        assert not waiting.done()
        await asyncio.to_thread(redis_server.start)
        assert await dealer.publish(SEAT0, Position(3), "after")
        assert await asyncio.wait_for(waiting, HANG) == Message(SEAT0, Position(3), "after")
        assert seat.last == {SEAT0: Position(3)} and seat.reconnects == 1
        await seat.aclose()
        await dealer.aclose()
        await gateway.aclose()

    asyncio.run(scenario())


def test_one_subscription_follows_and_unfollows_seats_as_they_come(open_bus: Opener) -> None:
    async def scenario() -> None:
        async with open_bus() as dealer, open_bus() as gateway:
            relay = await gateway.subscribe({})
            waiting = asyncio.create_task(anext(relay))
            await asyncio.sleep(0.05)  # the relay waits (in XREAD) before the seat comes
            await relay.follow(SEAT0, Position(0))
            await dealer.publish(SEAT0, Position(1), "seat 0 dealt")
            assert (await asyncio.wait_for(waiting, HANG)).payload == "seat 0 dealt"
            await dealer.publish(SEAT1, Position(1), "seat 1 dealt")
            await relay.follow(SEAT1)  # from now: its deal came before
            await dealer.publish(SEAT1, Position(2), "seat 1 bets")
            await dealer.publish(SEAT0, Position(2), "seat 0 calls")
            got = await take(relay, 2)
            assert sorted(m.payload for m in got) == ["seat 0 calls", "seat 1 bets"]
            await dealer.publish(SEAT0, Position(3), "seat 0 folds")
            await relay.unfollow(SEAT0)
            await dealer.publish(SEAT1, Position(3), "end")
            assert await take_until(relay, "end") == []
            assert relay.last == {SEAT1: Position(3)}
            await relay.aclose()

    asyncio.run(scenario())


def test_a_gateways_feed_gives_each_reader_its_channel_from_its_own_position(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """One feed, one pub/sub connection: a reader that follows a channel another reader
    follows already, from an earlier position, is given the messages in between from the
    stream (no gap) and the later ones once (no repeat); a reader never gets a channel it does
    not follow, and one closed ends its wait at once."""

    async def scenario() -> None:
        dealer = RedisBus.from_url(redis_server.url)
        gateway = RedisBus.from_url(redis_server.url)
        feed = RedisFeed(gateway)
        running = asyncio.create_task(feed.run())
        first, second, other = feed.reader(), feed.reader(), feed.reader()
        await first.follow(SEAT0, Position(0))
        await other.follow(SEAT1, Position(0))
        for seq in (1, 2, 3):
            await dealer.publish(SEAT0, Position(seq), f"seat 0 event {seq}")
        assert seqs(await take(first, 3)) == [1, 2, 3]
        await second.follow(SEAT0, Position(1))  # behind what the feed read already
        await dealer.publish(SEAT0, Position(4), "seat 0 event 4")
        await dealer.publish(SEAT0, Position(4, 1), "seat 0 event 4, part 1")
        await dealer.publish(SEAT0, Position(4, 1), "seat 0 event 4, part 1")  # kept once
        assert seqs(await take(second, 4)) == [2, 3, 4, 4]
        assert [m.position for m in await take(first, 2)] == [Position(4), Position(4, 1)]
        await dealer.publish(SEAT1, Position(1), "seat 1 end")
        assert [m.payload for m in await take(other, 1)] == ["seat 1 end"]
        assert first.queue.empty() and second.queue.empty()  # nothing twice, nothing else
        waiting = asyncio.create_task(anext(first))
        await first.aclose()
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(waiting, HANG)
        assert SEAT0 in feed.readers and first not in feed.readers[SEAT0]
        running.cancel()
        await dealer.aclose()
        await gateway.aclose()

    asyncio.run(scenario())


def test_a_gateways_feed_misses_nothing_while_redis_restarts(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """Messages published while the feed's connection is away (Redis restarted under it)
    come from the stream once it is subscribed again, then the pushed ones, in order."""

    async def scenario() -> None:
        dealer = RedisBus.from_url(redis_server.url)
        gateway = RedisBus.from_url(redis_server.url)
        feed = RedisFeed(gateway)
        running = asyncio.create_task(feed.run())
        reader = feed.reader()
        await reader.follow(SEAT0, Position(0))
        await dealer.publish(SEAT0, Position(1), "before")
        assert seqs(await take(reader, 1)) == [1]
        await asyncio.to_thread(redis_server.restart)  # kept nothing: the stream starts again
        for seq in (2, 3):
            assert await dealer.publish(SEAT0, Position(seq), f"after {seq}")
        assert seqs(await take(reader, 2)) == [2, 3]
        await dealer.publish(SEAT0, Position(4), "pushed")
        assert seqs(await take(reader, 1)) == [4]
        assert feed.reconnects == 1
        running.cancel()
        await dealer.aclose()
        await gateway.aclose()

    asyncio.run(scenario())


def test_commands_beyond_the_pools_connections_wait_for_one(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """More commands at once than the bus client's pool has connections (a gateway whose
    connections all act at once) wait for a free one: none fails. With redis-py's default
    pool the 101st failed at once (MaxConnectionsError, retried for a tenth of a second
    only): bench.site_load's run without delays lost WebSockets to it."""

    async def scenario() -> list[object]:
        bus = RedisBus.from_url(redis_server.url)
        try:
            holding = [bus.client.blpop(["nothing"], timeout=1) for _ in range(POOL_CONNECTIONS)]
            more = [bus.client.xadd("burst", {"n": str(n)}) for n in range(20)]
            return await asyncio.gather(*holding, *more, return_exceptions=True)
        finally:
            await bus.aclose()

    answers = asyncio.run(scenario())
    assert not [a for a in answers if isinstance(a, BaseException)]


def test_the_redis_client_parses_and_packs_with_hiredis() -> None:
    """The cluster and test extras install hiredis, so redis-py reads Redis's replies and packs
    each command in C: without it a dealer spends about a fifth more CPU on Redis an action."""
    from redis.utils import HIREDIS_AVAILABLE

    assert HIREDIS_AVAILABLE, "hiredis is not installed: pip install 'redis[hiredis]'"
