"""The per-address limits of a site with several gateways, counted in Redis
(:mod:`drawpoker.site.shared_limits`): two guards on one real ``redis-server`` share an
address's tables, devices and connections; a dead gateway's connections stop counting; while
Redis is away each guard counts in memory. Then two ``drawpoker serve --role gateway``
subprocesses: requests spread over both reach the one limit, answered 429 with a sentence."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from drawpoker.site import shared_limits
from drawpoker.site.guard import Guard, SiteLimits
from drawpoker.site.i18n import message
from drawpoker.site.process import ServeProcess
from postgres_cluster import PostgresCluster
from redis_server import RedisServer, redis_server  # noqa: F401  (the fixture)
from silent_listener import SilentListener
from test_roles import _call

LIMITS = SiteLimits(
    table_rate="3/minute", connections_per_address=2, seated_connections_per_address=2
)


@pytest.fixture
def guards(redis_server: RedisServer) -> Iterator[list[Guard]]:  # noqa: F811
    """Two gateways' guards on one Redis."""
    made = [Guard(LIMITS, shared=redis_server.url) for _ in range(2)]
    yield made
    for guard in made:
        assert guard.shared is not None
        guard.shared.storage.storage.close()


def test_two_gateways_share_an_addresss_rates(guards: list[Guard]) -> None:
    first, second = guards
    made = [guards[n % 2].table_allowed("10.0.0.1") for n in range(4)]
    assert made == [True, True, True, False]
    assert second.table_allowed("10.0.0.2")  # another address counts apart
    assert [first.device_allowed("10.0.0.1") for _ in range(2)] == [True, True]
    assert [second.device_allowed("10.0.0.1") for _ in range(2)] == [True, False]
    assert first.message_allowed("connection")  # a connection's messages stay local


def test_two_gateways_share_an_addresss_connections(guards: list[Guard]) -> None:
    first, second = guards
    assert [first.connect("10.0.0.1"), second.connect("10.0.0.1")] == [True, True]
    assert [first.connect("10.0.0.1"), second.connect("10.0.0.1")] == [False, False]
    assert first.connect("10.0.0.2")
    first.disconnect("10.0.0.1")
    assert second.connect("10.0.0.1")
    assert not first.connect("10.0.0.1")
    for guard, address in [(second, "10.0.0.1")] * 2 + [(first, "10.0.0.2")]:
        guard.disconnect(address)
    assert first.shared is not None and second.shared is not None
    assert first.shared.members == second.shared.members == {}
    assert [first.connect("10.0.0.1"), first.connect("10.0.0.1")] == [True, True]


def test_two_gateways_share_an_addresss_seated_connections(guards: list[Guard]) -> None:
    """A seat's hello moves its connection to the address's seated count, shared like the
    other (a carrier's NAT puts many players behind one address): the places it leaves are
    taken on either gateway, and the seated ones are full on both at once."""
    first, second = guards
    assert [first.connect("10.0.0.1"), second.connect("10.0.0.1")] == [True, True]
    assert [first.seat("10.0.0.1"), second.seat("10.0.0.1")] == [True, True]
    assert [first.connect("10.0.0.1"), second.connect("10.0.0.1")] == [True, True]
    assert not first.seat("10.0.0.1")  # seated full on the site: it stays where it was
    assert not second.connect("10.0.0.1")
    first.disconnect("10.0.0.1", seated=True)
    assert second.seat("10.0.0.1") and second.connect("10.0.0.1")
    assert first.shared is not None and second.shared is not None
    client = first.shared.storage.storage
    seated = client.zcard(first.shared.key("10.0.0.1", seated=True))
    assert (seated, client.zcard(first.shared.key("10.0.0.1"))) == (2, 2)
    for guard, seated_too in [(first, False), (second, True), (second, True), (second, False)]:
        guard.disconnect("10.0.0.1", seated=seated_too)
    assert first.shared.members == second.shared.members == {}


def test_a_dead_gateways_connections_lapse_a_live_ones_are_renewed(
    guards: list[Guard], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shared_limits, "TERM_MS", 400)
    monkeypatch.setattr(shared_limits, "RENEW_SECONDS", 0.05)
    live, dead = guards
    assert live.connect("10.0.0.1") and dead.connect("10.0.0.1")
    assert live.shared is not None and dead.shared is not None
    (dead_member,) = dead.shared.members[dead.shared.key("10.0.0.1")]

    async def renewing_until_the_dead_one_lapsed() -> None:
        renewing = asyncio.create_task(live.keep_counts())
        for _ in range(400):  # a guard against hanging: the term is 0.4 s
            if _lapsed(live.shared, "10.0.0.1", dead_member):
                break
            await asyncio.sleep(0.05)
        renewing.cancel()
        assert _lapsed(live.shared, "10.0.0.1", dead_member)

    asyncio.run(renewing_until_the_dead_one_lapsed())
    assert live.connect("10.0.0.2")  # another address: Redis answers
    # the dead guard's connection lapsed; the live one's was renewed and still counts
    assert live.connect("10.0.0.1")
    assert not live.connect("10.0.0.1")


def _lapsed(counts: shared_limits.SharedCounts, address: str, member: str) -> bool:
    """Whether ``member``'s term is over by Redis's clock (the next count drops it)."""
    client = counts.storage.storage
    score = client.zscore(counts.key(address), member)
    seconds, micros = client.time()
    return score is None or score <= seconds * 1000 + micros // 1000


def test_while_redis_is_away_each_guard_counts_in_memory(
    guards: list[Guard],
    redis_server: RedisServer,  # noqa: F811
) -> None:
    first, second = guards
    now = [0.0]
    first.clock = second.clock = lambda: now[0]
    assert first.connect("10.0.0.1")
    redis_server.stop()
    assert [first.table_allowed("10.0.0.1") for _ in range(4)] == [True] * 3 + [False]
    assert second.table_allowed("10.0.0.1")  # its own memory: counted apart
    assert [first.connect("10.0.0.1") for _ in range(3)] == [True, True, False]
    first.disconnect("10.0.0.1")  # the one counted in Redis: it lapses there
    first.disconnect("10.0.0.1")
    assert first.connections == {"10.0.0.1": 1}
    redis_server.start()
    now[0] += shared_limits.BACK_OFF_SECONDS  # the back-off is over: Redis is asked again
    assert [first.connect("10.0.0.3"), second.connect("10.0.0.3")] == [True, True]
    assert not first.connect("10.0.0.3")


def test_a_hung_redis_is_asked_once_per_back_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shared_limits, "TIMEOUT", 0.2)
    silent = SilentListener.unix(tmp_path / "silent.sock")  # a Redis that hangs
    guard = Guard(LIMITS, shared=f"unix://{tmp_path / 'silent.sock'}")
    assert guard.shared is not None
    calls: list[str] = []
    for name in ("connect", "disconnect"):
        asked = getattr(guard.shared, name)
        monkeypatch.setattr(
            guard.shared, name, lambda *a, _n=name, _f=asked: calls.append(_n) or _f(*a)
        )
    now = [0.0]
    guard.clock = lambda: now[0]
    try:
        # twenty handshakes and two new tables in one back-off period: Redis is asked once
        got = [guard.connect("10.0.0.1") for _ in range(20)]
        assert got == [True, True] + [False] * 18  # counted in memory meanwhile
        assert [guard.table_allowed("10.0.0.1") for _ in range(2)] == [True, True]
        guard.disconnect("10.0.0.1")
        assert calls == ["connect"] and len(silent.accepted) == 1
        now[0] += shared_limits.BACK_OFF_SECONDS  # the next period: asked once more
        assert [guard.table_allowed("10.0.0.1") for _ in range(3)] == [True, False, False]
        assert guard.connect("10.0.0.1")
        assert calls == ["connect"] and len(silent.accepted) == 2
    finally:
        guard.shared.storage.storage.close()
        silent.close()


async def _seated_then_more(urls: list[str], table_id: str, tokens: list[str]) -> list[int | str]:
    """Two players say their seats' hellos (one at each gateway) and stay; then a table
    WebSocket is opened at each of ``urls`` in turn: what each got, as :func:`_connections`."""
    from websockets.asyncio.client import connect

    players = []
    for url, token in zip(urls[: len(tokens)], tokens, strict=True):
        player = await connect(url.replace("http://", "ws://") + f"/ws/{table_id}")
        await player.send(json.dumps({"type": "hello", "token": token}))
        while json.loads(await player.recv())["type"] != "welcome":
            pass
        players.append(player)
    try:
        return await _connections(urls)
    finally:
        for player in players:
            await player.close()


async def _connections(urls: list[str]) -> list[int | str]:
    """Opens a table WebSocket at each URL in turn, keeping them open; what each got: 101, or
    the refusal's status and error code."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import InvalidStatus

    opened, got = [], []
    for url in urls:
        try:
            opened.append(await connect(url.replace("http://", "ws://") + "/ws/some-table"))
            got.append(101)
        except InvalidStatus as refused:
            said = json.loads(refused.response.body or b"{}")
            got.append(f"{refused.response.status_code} {said['error']}: {said['message']}")
    for socket in opened:
        await socket.close()
    return got


@pytest.mark.slow
def test_requests_spread_over_two_gateways_reach_one_limit(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    store = postgres.new_database()
    limits = ("--table-rate=3/minute", "--connections-per-address=2")
    bus = ("--bus", redis_server.url)
    processes = [ServeProcess(store, options=("--role", "dealer", *bus)).start()]
    try:
        gateways = []
        for _ in range(2):
            gateways.append(ServeProcess(store, options=("--role", "gateway", *bus, *limits)))
            processes.append(gateways[-1].start())
        request = {"game": "holdem", "seats": ["person", "cpu:checkcall"]}
        # counted once, at the gateways: each "play now" too (the second finds a seat at the
        # first's table), not again by the dealer
        seats = [_call(gateway, "POST", "/api/play", {"game": "holdem"}) for gateway in gateways]
        assert seats[0]["id"] == seats[1]["id"] and seats[0]["token"] != seats[1]["token"]
        assert "id" in _call(gateways[0], "POST", "/api/tables", request)
        english = "this address made tables too fast (at most 3/minute): wait a little"
        for gateway, language in ((gateways[1], "en"), (gateways[0], "ar")):
            with pytest.raises(Exception) as refused:
                _call(gateway, "POST", "/api/tables", request, {"accept-language": language})
            assert getattr(refused.value, "code", None) == 429
            said = json.loads(refused.value.read())  # type: ignore[attr-defined]
            expected = {"error": "too-many-tables", "message": english}
            if language == "ar":  # the catalogue's sentence, the English one as its detail
                expected = {**expected, "message": message("ar", "error.too-many-tables")}
                expected["detail"] = english
            assert said == expected
        with pytest.raises(Exception) as refused:
            _call(gateways[1], "POST", "/api/play", {"game": "holdem"})
        assert getattr(refused.value, "code", None) == 429
        urls = [g.url for g in gateways] * 2
        got = asyncio.run(_connections(urls))
        too_many = "429 too-many-connections: an address may have 2 connections open"
        assert got == [101, 101, too_many, too_many]
        # two players seated (hellos let in): their connections leave both places free
        tokens = [seat["token"] for seat in seats]
        got = asyncio.run(_seated_then_more(urls, seats[0]["id"], tokens))
        assert got == [101, 101, too_many, too_many]
    finally:
        for process in processes:
            process.stop()
