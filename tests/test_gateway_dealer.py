"""A gateway and a dealer in one event loop, over a real ``redis-server`` and PostgreSQL (the
fixtures of ``redis_server.py`` and ``postgres_cluster.py``): what a gateway's request
becomes at the dealer, and what the gateway gets back."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
from drawpoker.site import dealer as dealer_module
from drawpoker.site import gateway as gateway_module
from drawpoker.site.bus import Message, Position, RedisBus
from drawpoker.site.dealer import Dealer
from drawpoker.site.gateway import Gateway
from drawpoker.site.guard import Guard, Refused, SiteLimits
from drawpoker.site.house import House
from drawpoker.site.lanes import LEASE_MS, lane_of
from drawpoker.site.protocol import ERROR_CODES
from drawpoker.site.relay import reply_text
from drawpoker.site.room import Pace, Room
from drawpoker.site.store import Store, StoreUnavailableError
from postgres_cluster import PostgresCluster
from redis_server import RedisServer, redis_server  # noqa: F401  (the fixture)

STILL = Pace(think=600.0, pause=600.0, grace=600.0, showdown=600.0)
"""No timer moves a table during a test: only the requests do."""


@contextlib.asynccontextmanager
async def _serving(
    store: str, bus: str, limits: SiteLimits | None = None
) -> AsyncIterator[tuple[Gateway, Dealer]]:
    """A gateway and a dealer (of ``limits``) holding every lane, serving its inboxes."""
    dealer = Dealer(House(Store(store), STILL, limits), RedisBus.from_url(bus))
    await dealer._renew()
    await dealer._balance()
    gateway = Gateway(Store(store), RedisBus.from_url(bus), Guard(SiteLimits()))
    tasks = [asyncio.create_task(dealer.serve_inbox()), asyncio.create_task(dealer.publisher.run())]
    try:
        yield gateway, dealer
    finally:
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await dealer.house.stop()
        gateway.inbox.close()
        dealer.inbox.close()
        for bus, kept in ((gateway.bus, gateway.store), (dealer.bus, dealer.house.store)):
            await bus.aclose()
            kept.close()


def test_a_fault_in_a_dealers_work_answers_the_gateway_500_at_once(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An exception no refusal names (a bug) is answered 500 and logged: the gateway does
    not wait out its ask timeout for it, to answer 503 as if the dealer were away."""

    def broken(house: House, room: Room, request: dict[str, Any]) -> dealer_module.Answer:
        raise ValueError("a bug")

    monkeypatch.setitem(dealer_module.TABLE_ASKS, "facts", broken)

    async def scenario() -> tuple[int, dict[str, Any]]:
        async with _serving(postgres.new_database(), redis_server.url) as (gateway, _):
            table = {"game": "holdem", "seats": ["person", "cpu:rules"]}
            status, _ = await gateway.ask("t1", {"op": "create", "request": table, "maker": "a"})
            assert status == 201
            return await gateway.ask("t1", {"op": "facts"})

    assert asyncio.run(scenario()) == (
        500,
        {"error": "internal", "message": "the server failed on this request"},
    )


def test_a_table_the_dealer_cannot_load_is_answered_503_at_once(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The store away while the dealer loads the asked table (before the request's work):
    503 ``store-unavailable`` at once, as the one process answers, not the gateway's own 503
    after its ask timeout."""

    async def scenario() -> tuple[int, dict[str, Any]]:
        async with _serving(postgres.new_database(), redis_server.url) as (gateway, dealer):
            table = {"game": "holdem", "seats": ["person", "cpu:rules"]}
            status, _ = await gateway.ask("t1", {"op": "create", "request": table, "maker": "a"})
            assert status == 201
            await dealer.house.rooms.pop("t1").stop()  # out of memory: loaded when asked for

            def away(table_id: str) -> None:
                raise StoreUnavailableError("PostgreSQL at /run/pg/.s.PGSQL.5432 is unreachable")

            monkeypatch.setattr(dealer.house, "load_one", away)
            return await gateway.ask("t1", {"op": "facts"})

    # The database's own words (its socket, its host) go to the log, not to an anonymous client.
    assert asyncio.run(scenario()) == (
        503,
        {"error": "store-unavailable", "message": ERROR_CODES["store-unavailable"]},
    )


def test_a_dealer_whose_clock_is_a_minute_ahead_serves_the_requests(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A dealer compares an inbox entry's id (Redis's clock) with the time to drop a request
    its gateway gave up on, and marks itself alive by the time: it read its own host's clock,
    so one a minute ahead of Redis's dropped every request as waited out. It reads Redis's."""
    ahead = time.time
    monkeypatch.setattr(time, "time", lambda: ahead() + 60.0)
    monkeypatch.setattr(gateway_module, "ASK_TIMEOUT", 3.0)  # a dropped request: seen soon

    async def scenario() -> tuple[int, int, int]:
        async with _serving(postgres.new_database(), redis_server.url) as (gateway, dealer):
            table = {"game": "holdem", "seats": ["person", "cpu:rules"]}
            made, _ = await gateway.ask("t1", {"op": "create", "request": table, "maker": "a"})
            facts, _ = await gateway.ask("t1", {"op": "facts"})
            seconds, micros = await dealer.client.time()
            redis_ms = int(seconds) * 1000 + int(micros) // 1000
            mark = await dealer.client.zscore(dealer.dealers_key, dealer.name)
            return made, facts, round((mark - redis_ms) / 1000)

    assert asyncio.run(scenario()) == (201, 200, LEASE_MS // 1000)


def test_a_dealer_counts_no_table_rate_its_gateway_counted(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """The gateway counts each new table and "play now" of an address (shared by the
    gateways); the dealer making them counts none again."""

    async def scenario() -> list[int]:
        limits = SiteLimits(table_rate="1/minute")
        async with _serving(postgres.new_database(), redis_server.url, limits) as (gateway, _):
            table = {"game": "holdem", "seats": ["person", "cpu:rules"]}
            create = {"op": "create", "request": table, "maker": "10.0.0.1"}
            made = [(await gateway.ask(f"t{n}", create))[0] for n in range(2)]
            play = {"op": "play", "game": "razz", "maker": "10.0.0.1"}
            return [*made, (await gateway.ask("play:razz", play))[0]]

    assert asyncio.run(scenario()) == [201, 201, 201]


def test_a_dealer_that_gave_up_a_lane_still_makes_tables_for_the_same_address(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """A lane given up (to a dealer that started, or at a Redis restart) takes its rooms out of
    the dealer's memory; the tables their addresses made must go with them, or counting an
    address's open tables at its next "new table" finds a room that is gone (it answered 500)."""

    async def scenario() -> list[int]:
        async with _serving(postgres.new_database(), redis_server.url) as (gateway, dealer):
            table = {"game": "holdem", "seats": ["person", "cpu:rules"]}
            create = {"op": "create", "request": table, "maker": "203.0.113.7"}
            made = [(await gateway.ask("t1", create))[0]]
            await dealer._drop(lane_of("t1"))
            other = next(f"t{n}" for n in range(2, 99) if lane_of(f"t{n}") != lane_of("t1"))
            made.append((await gateway.ask(other, create))[0])
            return made

    assert asyncio.run(scenario()) == [201, 201]


def test_a_gateway_whose_redis_is_down_answers_503_dealer_unavailable(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """Redis is the way from a gateway to the dealers: while it is down a table's request is
    answered 503 ``dealer-unavailable`` (retryable, nothing done), not 500."""

    async def scenario() -> tuple[int, Refused]:
        async with _serving(postgres.new_database(), redis_server.url) as (gateway, _):
            table = {"game": "holdem", "seats": ["person", "cpu:rules"]}
            status, _ = await gateway.ask("t1", {"op": "create", "request": table, "maker": "a"})
            redis_server.stop()
            try:
                with pytest.raises(Refused) as refused:
                    await gateway.ask("t1", {"op": "facts"})
            finally:
                redis_server.start()
            return status, refused.value

    status, refused = asyncio.run(scenario())
    assert status == 201
    assert (refused.status, refused.code) == (503, "dealer-unavailable")
    assert "Redis" in refused.message


def test_a_request_its_gateway_gave_up_on_is_not_carried_out_later(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table asked for while its lane had no dealer was answered 503 "try again", then made
    anyway by the dealer that came later: a client that sent it again got two tables (and a
    "play now" a seat whose token nobody holds). A request older than the gateway's wait is
    dropped; one sent again is made once."""
    monkeypatch.setattr(gateway_module, "ASK_TIMEOUT", 0.5)
    monkeypatch.setattr(dealer_module, "ASK_TIMEOUT", 0.5)
    create = {"op": "create", "request": {"game": "razz", "seats": ["person", "cpu:rules"]}}
    create["maker"] = "a"
    store = postgres.new_database()

    async def scenario() -> tuple[str, int]:
        gateway = Gateway(Store(store), RedisBus.from_url(redis_server.url), Guard(SiteLimits()))
        with pytest.raises(Refused) as refused:  # no dealer yet
            await gateway.ask("t1", create)
        await asyncio.sleep(0.6)  # past the wait: the dealer finds it late
        async with _serving(store, redis_server.url) as (_, dealer):
            await asyncio.sleep(0.5)  # the dealer reads its inboxes
            first = set(dealer.house.rooms)
            status, _ = await gateway.ask("t1", create)  # sent again, as told
        await gateway.bus.aclose()
        gateway.store.close()
        return f"{refused.value.code} {sorted(first)}", status

    assert asyncio.run(scenario()) == ("dealer-unavailable []", 201)
    assert Store(store).live_ids() == ["t1"]


class _Reader:
    """A connection's reader of the gateway's feed holding one message, then waiting."""

    def __init__(self, message: Message) -> None:
        self.messages = [message]
        self.closed = False

    def __aiter__(self) -> _Reader:
        return self

    async def __anext__(self) -> Message:
        if self.messages:
            return self.messages.pop()
        await asyncio.Event().wait()
        raise AssertionError("unreachable")

    async def aclose(self) -> None:
        self.closed = True


class _StuckOutbox:
    """The outbox of a browser that stopped reading: every send is refused as too slow."""

    def __init__(self) -> None:
        self.closed: int | None = None

    def send(self, text: str) -> bool:
        return False

    def close(self, code: int, reason: str = "") -> None:
        self.closed = code


def test_a_connection_whose_browser_stopped_reading_lets_go_of_its_channel() -> None:
    """A browser that stops reading is closed as too slow, but its socket can stay open (the
    close cannot reach it): its reader stayed subscribed and queued every message of the
    table's channel, 27.5 MB in a review's minute on two busy tables."""
    connection = object.__new__(gateway_module.Connection)
    connection.outbox = _StuckOutbox()
    connection.reply = "reply:g:1"
    reader = _Reader(Message(connection.reply, Position(1), reply_text(None, '{"type":"x"}')))

    async def pump() -> None:
        await asyncio.wait_for(connection._pump(reader, "t1:public"), 5)  # type: ignore[arg-type]

    asyncio.run(pump())
    assert reader.closed and connection.outbox.closed is not None
