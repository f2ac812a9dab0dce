"""Lane leases (drawpoker.site.lanes), each test run on both implementations: in this process
and in a real ``redis-server`` (the ``redis_server`` fixture; skipped without it, failed in CI).

The race test has many dealers fight over two lanes with short leases, pause at random (now
and then past the lease, as a stalled process does) and act only while their lease is valid;
it then checks from what they recorded that no two leases of one lane were ever valid at the
same moment and that each lane's fencing numbers only grew. The pauses are there to force
lapses and takeovers; nothing is asserted about how long anything took."""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import pytest
from drawpoker.site.lanes import LEASE_MS, Lease, Leases, LocalLeases, RedisLeases, lane_of
from redis.asyncio import Redis
from redis_server import RedisServer, redis_server  # noqa: F401 (the fixture)

HANG = 30.0
"""Seconds a wait may take before the test is stopped as hung (a bound, not a measurement)."""

TERM_MS = 100
"""The lease of the race tests: short, so that lapses and takeovers happen often."""

HANG_ATTEMPTS = 2000
"""A bound on each dealer's tries in the race (a hang guard; about 60 are needed)."""

Opener = Callable[[int], AbstractAsyncContextManager[Leases]]
"""Opens one dealer's view of the shared leases, given the term in ms."""


@pytest.fixture(params=["local", "redis"])
def open_leases(request: pytest.FixtureRequest) -> Opener:
    if request.param == "local":
        shared: dict[int, LocalLeases] = {}

        @asynccontextmanager
        async def local(term_ms: int) -> AsyncIterator[Leases]:
            yield shared.setdefault(term_ms, LocalLeases(term_ms))

        return local
    server: RedisServer = request.getfixturevalue("redis_server")

    @asynccontextmanager
    async def remote(term_ms: int) -> AsyncIterator[Leases]:
        client = Redis.from_url(server.url)
        try:
            yield RedisLeases(client, term_ms)
        finally:
            await client.aclose()

    return remote


def test_lane_of_is_stable_and_spreads_tables() -> None:
    # Fixed values: a change of the hash would move every table to another lane.
    assert [lane_of(f"t{n}") for n in range(5)] == [lane_of(f"t{n}") for n in range(5)]
    assert lane_of("table-1") == 6
    counts = [0] * 64
    for n in range(6400):
        counts[lane_of(f"table-{n}")] += 1
    assert min(counts) > 50 and max(counts) < 150


def test_only_one_holder_at_a_time_and_fencing_grows(open_leases: Opener) -> None:
    held: list[tuple[int, str, int, float, float]] = []  # lane, holder, fencing, from, until
    acts: list[tuple[float, int, int]] = []  # moment, lane, fencing
    released: dict[tuple[int, int], float] = {}  # (lane, fencing): the moment it let go
    stale_renewals: list[Lease | None] = []
    releases: list[bool] = []  # False only for a lease that lapsed while its holder was slow

    def act(lease: Lease) -> None:
        """What a dealer does for its lane (a write to the store), only while the lease lasts."""
        now = time.monotonic()
        if lease.valid(now):
            acts.append((now, lease.lane, lease.fencing))

    async def dealer(number: int) -> None:
        name, rng = f"dealer-{number}", random.Random(number)
        async with open_leases(TERM_MS) as leases:
            holds = 0
            for _ in range(HANG_ATTEMPTS):
                if holds == 3:
                    break
                lane = (number + holds) % 2  # as many holds of one lane as of the other
                lease = await leases.acquire(lane, name)
                if lease is None:
                    await asyncio.sleep(rng.uniform(0, TERM_MS / 4000))
                    continue
                holds += 1
                while lease is not None:
                    now = time.monotonic()
                    if lease.valid(now):  # a reply that came too late gives no usable lease
                        held.append((lane, name, lease.fencing, now, lease.until))
                    act(lease)
                    choice = rng.random()
                    if choice < 0.15:
                        await asyncio.sleep(TERM_MS * 1.5 / 1000)  # stalls past its lease
                        act(lease)
                        stale_renewals.append(await leases.renew(lease))
                        break
                    if choice < 0.3:
                        released[lane, lease.fencing] = time.monotonic()  # stops acting first
                        releases.append(await leases.release(lease))
                        break
                    await asyncio.sleep(rng.uniform(0, TERM_MS / 3000))
                    act(lease)
                    lease = await leases.renew(lease)

    async def race() -> None:
        await asyncio.gather(*(dealer(number) for number in range(8)))

    asyncio.run(race())

    assert stale_renewals and all(renewed is None for renewed in stale_renewals)
    assert any(releases)
    for lane in range(2):
        # One span per lease (its renewals merged): from its first grant to its last end, or
        # to its release.
        spans: dict[int, tuple[str, float, float]] = {}
        for at, holder, fencing, start, until in held:
            if at != lane:
                continue
            name, first, last = spans.get(fencing, (holder, start, until))
            assert name == holder, f"lane {lane}: fencing {fencing} granted twice"
            end = min(max(last, until), released.get((lane, fencing), until))
            spans[fencing] = (holder, min(first, start), end)
        ordered = sorted(spans.items(), key=lambda item: item[1][1])
        assert len(ordered) >= 8, "too few takeovers to call it a race"
        for (fencing, (_, _, end)), (later, (_, begin, _)) in itertools.pairwise(ordered):
            assert end <= begin, f"lane {lane}: leases {fencing} and {later} overlap"
            assert fencing < later, f"lane {lane}: fencing went from {fencing} to {later}"
        lane_acts = [(moment, fencing) for moment, at, fencing in sorted(acts) if at == lane]
        assert [fencing for _, fencing in lane_acts] == sorted(f for _, f in lane_acts)
        for moment, fencing in lane_acts:
            _, begin, end = spans[fencing]
            assert begin <= moment < end, f"lane {lane}: lease {fencing} acted outside its term"


def test_a_stale_holder_cannot_renew_or_release(open_leases: Opener) -> None:
    async def scenario() -> None:
        async with open_leases(TERM_MS) as a_side, open_leases(TERM_MS) as b_side:
            old = await a_side.acquire(7, "dealer-a")
            assert old is not None and await b_side.acquire(7, "dealer-b") is None
            await asyncio.sleep(TERM_MS * 1.5 / 1000)  # dealer-a stalls past its lease
            assert not old.valid()
            new = await b_side.acquire(7, "dealer-b")
            assert new is not None and new.fencing > old.fencing
            assert await a_side.renew(old) is None
            assert await a_side.renew_all([old]) == [None]
            assert not await a_side.release(old)
            other = await b_side.acquire(8, "dealer-b")
            assert other is not None
            both = await b_side.renew_all([new, other])  # each as renew, in one round trip
            assert [lease.fencing if lease else None for lease in both] == [
                new.fencing,
                other.fencing,
            ]
            assert all(lease is not None and lease.until > other.until for lease in both)
            renewed = await b_side.renew(new)
            assert renewed is not None and renewed.fencing == new.fencing
            assert await b_side.release(renewed)
            again = await a_side.acquire(7, "dealer-a")
            assert again is not None and again.fencing > new.fencing
            # The same holder's earlier lease is not the new one.
            assert await a_side.renew(old) is None

    asyncio.run(scenario())


def test_fencing_starts_above_what_the_store_saw(open_leases: Opener) -> None:
    async def scenario() -> None:
        async with open_leases(LEASE_MS) as leases:
            lease = await leases.acquire(1, "dealer-a", at_least=41)
            assert lease is not None and lease.fencing == 42
            assert await leases.release(lease)
            lease = await leases.acquire(1, "dealer-a", at_least=10)
            assert lease is not None and lease.fencing == 43

    asyncio.run(scenario())


def test_a_dead_dealers_lease_lapses_within_three_seconds(redis_server: RedisServer) -> None:  # noqa: F811
    async def scenario() -> None:
        client = Redis.from_url(redis_server.url)
        leases = RedisLeases(client)
        lease = await leases.acquire(4, "dealer-a")
        assert lease is not None
        assert 0 < await client.pttl(leases.key(4, "lease")) <= 3000
        assert await leases.renew(lease) is not None
        assert 0 < await client.pttl(leases.key(4, "lease")) <= 3000
        await client.aclose()

    asyncio.run(scenario())


def test_fencing_survives_a_redis_restart_through_the_store(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    async def take(at_least: int) -> Lease | None:
        client = Redis.from_url(redis_server.url)
        try:
            return await RedisLeases(client).acquire(9, "dealer-a", at_least)
        finally:
            await client.aclose()

    first = asyncio.run(take(0))
    assert first is not None and first.fencing == 1
    redis_server.restart()  # the counter is gone with the lease
    again = asyncio.run(take(at_least=first.fencing))
    assert again is not None and again.fencing == 2


def test_a_holder_name_with_a_space_is_refused(redis_server: RedisServer) -> None:  # noqa: F811
    async def scenario() -> None:
        client = Redis.from_url(redis_server.url)
        with pytest.raises(ValueError, match="no space"):
            await RedisLeases(client).acquire(0, "dealer a")
        await client.aclose()

    asyncio.run(scenario())


HOLDER = """
import asyncio, sys
from drawpoker.site.lanes import RENEW_EVERY, RedisLeases
from redis.asyncio import Redis

async def hold():
    leases = RedisLeases(Redis.from_url(sys.argv[1]))
    lease = await leases.acquire(5, "dealer-dying")
    print(lease.fencing, flush=True)
    while True:
        await asyncio.sleep(RENEW_EVERY)
        lease = await leases.renew(lease)

asyncio.run(hold())
"""


def test_a_killed_dealers_lane_is_taken_once_its_lease_lapses(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, redis_server.url], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None
    dead_fencing = int(holder.stdout.readline())

    async def take_over() -> Lease:
        client = Redis.from_url(redis_server.url)
        leases = RedisLeases(client)
        try:
            assert await leases.acquire(5, "dealer-alive") is None  # held and renewed
            os.kill(holder.pid, signal.SIGKILL)
            deadline = time.monotonic() + HANG
            while (lease := await leases.acquire(5, "dealer-alive")) is None:
                assert time.monotonic() < deadline, "the dead dealer's lease never lapsed"
                await asyncio.sleep(0.05)
            return lease
        finally:
            await client.aclose()

    try:
        lease = asyncio.run(take_over())
    finally:
        holder.kill()
        holder.wait()
    assert lease.fencing > dead_fencing
