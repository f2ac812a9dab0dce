"""The parts of the gateway and dealer roles, each alone: ``drawpoker serve`` refusing a role
without its services, a room whose lane another dealer took, a lane's inbox over a real
``redis-server``, a dealer's heap kept out of the collector's way."""

from __future__ import annotations

import asyncio
import gc
import os
import subprocess
import sys

import pytest
from drawpoker.site.inbox import START, RedisInbox
from drawpoker.site.lobby import parse_new_table
from drawpoker.site.protocol import Act, ProtocolError
from drawpoker.site.roles import dealer_app
from drawpoker.site.room import Pace, Room
from drawpoker.site.store import Store
from postgres_cluster import PostgresCluster
from redis.asyncio import Redis
from redis_server import RedisServer, redis_server  # noqa: F401  (the fixture)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--role", "dealer"], "--role dealer needs --store postgresql://... and --bus redis://"),
        (
            ["--role", "gateway", "--store", "postgresql://x@/y?host=/nowhere"],
            "--role gateway needs --store",
        ),
        (["--bus", "redis://localhost"], "--bus is for --role gateway or dealer"),
        (
            ["--role", "dealer", "--store", "postgresql://x@/y", "--bus", "http://:secret@x"],
            "--bus takes a redis://, rediss:// or unix:// URL, not 'http://x'",
        ),
        (
            ["--role", "dealer", "--store", "mysql://app:secret@db/y", "--bus", "redis://x"],
            "--store takes a postgresql:// URL, not 'mysql://app@db/y'",
        ),
        (
            ["--role", "dealer", "--store", "postgresql://a:secret@[::1/y", "--bus", "redis://x"],
            "--store: postgresql://(not shown) cannot be read as a URL",
        ),
        (
            ["--role", "gateway", "--store", "postgresql://x@/y", "--bus", "redis://:secret@x:y/0"],
            "--bus: redis://(not shown) cannot be read as a URL",
        ),
    ],
)
def test_serve_refuses_a_role_without_its_services(options: list[str], said: str) -> None:
    command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", *options]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert said in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "secret" not in done.stdout + done.stderr  # a mistyped URL's password is not shown


def test_the_bus_may_come_from_the_environment_out_of_the_process_listing(
    postgres: PostgresCluster,
) -> None:
    """A Redis password on the command line shows in every process listing: DRAWPOKER_BUS
    gives a gateway's or a dealer's --bus instead (here one nobody answers at, refused naming it
    without its password), and --bus on the command line still wins."""
    store = postgres.new_database()
    command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--role", "dealer"]
    command += ["--store", store]
    hidden = {**os.environ, "DRAWPOKER_BUS": "redis://:hidden@127.0.0.1:1/0"}
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=60, env=hidden, check=False
    )
    said = done.stdout + done.stderr
    assert done.returncode == 2 and "hidden" not in said
    assert "DRAWPOKER_BUS: Redis at redis://127.0.0.1:1/0 cannot be reached" in said
    command += ["--bus", "redis://127.0.0.1:2/0"]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=60, env=hidden, check=False
    )
    assert "Redis at redis://127.0.0.1:2/0 cannot be reached" in done.stdout + done.stderr
    # A one-process server takes no bus and does not read the variable: it goes on to its
    # store (here one that cannot be reached) instead of refusing a --bus it was never given.
    alone = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0"]
    alone += ["--store", "postgresql://x@/y?host=/nowhere"]
    done = subprocess.run(
        alone, capture_output=True, text=True, timeout=60, env=hidden, check=False
    )
    assert done.returncode == 2 and "--bus" not in done.stdout + done.stderr
    assert "cannot connect to the PostgreSQL database" in done.stdout + done.stderr


def test_a_password_in_a_urls_query_or_repeated_by_libpq_is_never_shown(
    postgres: PostgresCluster,
) -> None:
    """shown_url hid only a login's password: redis-py's unix socket form (?password=) and
    libpq's were printed whole, and libpq repeats a password it cannot read in its error."""
    store = postgres.new_database()
    command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--role", "dealer"]
    for options in (
        ["--store", store, "--bus", "unix:///nowhere/redis.sock?password=secret1&db=0"],
        ["--store", store.replace("postgres@", "postgres:secret1%zz@", 1), "--bus", "redis://x"],
    ):
        done = subprocess.run(
            command + options, capture_output=True, text=True, timeout=60, check=False
        )
        said = done.stdout + done.stderr
        assert done.returncode == 2 and "Traceback" not in said, said
        assert "secret1" not in said, said
        assert "(not shown)" in said or "?db=0" in said, said  # the URL shown, its secret not


@pytest.mark.parametrize("role", ["gateway", "dealer"])
def test_serve_refuses_a_bus_it_cannot_reach_before_listening(
    postgres: PostgresCluster, role: str
) -> None:
    """A --bus nobody answers at (a typo, Redis down) is refused as a --store is: a gateway
    started on it answered 500 to every table's request while its /health said 200."""
    store = postgres.new_database()
    bus = "redis://:hidden@127.0.0.1:1/0"
    command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--role", role]
    command += ["--store", store, "--bus", bus]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    said = done.stdout + done.stderr
    assert done.returncode == 2
    assert "--bus: Redis at redis://127.0.0.1:1/0 cannot be reached" in said
    assert "hidden" not in said
    assert "Traceback" not in said


def test_a_room_whose_lane_was_taken_writes_nothing_and_stops() -> None:
    async def run() -> None:
        store = Store(":memory:")
        request = parse_new_table({"game": "holdem", "seats": ["person"] * 2})
        room = Room.new("t", 0.0, request, store, Pace(), seed=1)
        room.fence = (5, store.take_lane(5))
        room.start()
        room.command(0, "back")
        saved = store.load_table("t")
        store.take_lane(5)  # another dealer took the lane
        with pytest.raises(ProtocolError) as refused:
            room.act(0, Act(room.streams.last[0], "call"))
        assert refused.value.code == "moved"
        assert room.moved
        assert store.load_table("t") == saved  # nothing written

    asyncio.run(run())


def test_a_lanes_inbox_goes_on_from_the_last_request_handled(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    async def run() -> None:
        client = Redis.from_url(redis_server.url, decode_responses=True)
        inbox = RedisInbox(client, redis_server.url)
        for number in range(3):
            await inbox.send(7, {"op": "act", "n": number})
        await inbox.send(8, {"op": "hello", "n": 0})
        assert await inbox.resume_from(7) == START
        first = await inbox.read({7: START}, block_ms=10)
        assert [(lane, r["n"]) for lane, _, r in first] == [(7, 0), (7, 1), (7, 2)]
        await inbox.handled(7, first[1][1])  # the dealer died after handling the second
        again = await inbox.read({7: await inbox.resume_from(7)}, block_ms=10)
        assert [r["n"] for _, _, r in again] == [2]
        assert await inbox.read({}, block_ms=10) == []
        inbox.close()
        await client.aclose()

    asyncio.run(run())


def test_the_gateway_lobby_skips_a_malformed_entry_and_forgets_a_dead_dealer(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """A notification reads the dealer it names alone; a malformed entry is skipped (and
    does not end the lobby's run); a dealer whose presence lapsed leaves the list."""
    import json
    import time

    from drawpoker.site.bus import RedisBus
    from drawpoker.site.gateway import GatewayLobby

    def entry(table: str) -> str:
        return json.dumps([[[False, 1.0, table], {"id": table}]])

    async def scenario() -> tuple[list[list[str]], bool]:
        bus = RedisBus.from_url(redis_server.url)
        client, lobby = bus.client, GatewayLobby(bus)
        now_ms = int(time.time() * 1000)
        await client.zadd(lobby.dealers_key, {"a": now_ms + 60_000, "b": now_ms + 60_000})
        await client.hset(lobby.key, mapping={"a": entry("ta"), "b": entry("tb")})
        seen: list[list[str]] = []
        await lobby.refresh()
        seen.append([row["id"] for row in lobby.rows])
        await client.hset(lobby.key, mapping={"a": "{not json", "b": entry("tb2")})
        await lobby.refresh("a")  # b's new rows are not read: a alone was named
        seen.append([row["id"] for row in lobby.rows])
        await client.zadd(lobby.dealers_key, {"b": now_ms - 1})  # b died
        await lobby.refresh()
        seen.append([row["id"] for row in lobby.rows])
        # the run reads every live dealer at its start, the malformed one included
        await client.zadd(lobby.dealers_key, {"b": now_ms + 60_000})
        fresh = GatewayLobby(bus)
        running = asyncio.create_task(fresh.run())
        for _ in range(500):  # until it shows b's rows (a hang guard, not a measure)
            await asyncio.sleep(0.01)
            if fresh.rows:
                break
        seen.append([row["id"] for row in fresh.rows])
        still_running = not running.done()
        running.cancel()
        await client.aclose()
        await bus.reader.aclose()
        return seen, still_running

    seen, still_running = asyncio.run(scenario())
    assert seen == [["ta", "tb"], ["tb"], [], ["tb2"]]
    assert still_running


def test_a_dealer_collects_its_young_generations_itself(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """A dealer keeps its tables out of the collector's way as one process does
    (drawpoker.site.heap): while it runs, the collector's own schedule is off (its task collects
    the young generations), and the schedule is back once the dealer stops."""
    app = dealer_app(postgres.new_database(), redis_server.url, Pace(threads=False))

    async def run() -> bool:
        async with app.router.lifespan_context(app):
            await asyncio.sleep(0.3)
            return gc.isenabled()

    assert gc.isenabled()
    assert asyncio.run(run()) is False
    assert gc.isenabled()


def test_a_gateway_limits_the_requests_of_an_address_and_a_dealers_health_is_never_limited() -> (
    None
):
    from drawpoker.site.guard import SiteLimits
    from drawpoker.site.roles import gateway_app
    from starlette.testclient import TestClient

    limits = SiteLimits(request_rate="2/minute")
    gateway = TestClient(gateway_app("postgresql://x@/y", "redis://127.0.0.1:1", limits))
    # Not started (no lifespan here): no bus yet, so not healthy; the third is past the rate.
    assert [gateway.get("/health").status_code for _ in range(3)] == [503, 503, 429]
    dealer = TestClient(dealer_app("postgresql://x@/y", "redis://127.0.0.1:1", Pace(), limits))
    assert [dealer.get("/health").status_code for _ in range(3)] == [503, 503, 503]
    assert dealer.get("/health").json()["bus"] == "starting"
