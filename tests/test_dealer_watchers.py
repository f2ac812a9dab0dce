"""A dealer publishes a table's public update (its watchers' channel) only while it knows of a
watcher (issue 30: it was a tenth of a dealer's CPU in the paced bench, built at every change
for tables nobody watched). A watcher's gateway writes the connection's note in the same Redis
transaction as its ``watch`` request, so the table's next dealer knows every watcher its
predecessor may have welcomed; and the first watcher of a table is welcomed after one update
that brings the public channel to now, so that what a dealer taking the table over finds
missing there was committed and not published. A watcher arriving mid-hand, its dealer killed
afterwards, sees every later public event exactly once. Real ``redis-server`` and
PostgreSQL, the dealers driven in one event loop as in tests/test_dealer_connections.py."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from dealer_helpers import handle_waiting, stop_dealer, stored_table
from drawpoker.site.bus import Position, RedisBus, public_channel, seat_channel
from drawpoker.site.client import random_action
from drawpoker.site.dealer import Dealer
from drawpoker.site.gateway import Connection, Gateway
from drawpoker.site.guard import Guard, SiteLimits
from drawpoker.site.house import House
from drawpoker.site.inbox import CONNECTIONS_KEPT, RedisInbox, connections_key, tips_key
from drawpoker.site.lanes import lane_of
from drawpoker.site.relay import in_language, split_reply
from drawpoker.site.room import Pace, Room
from drawpoker.site.store import Store
from drawpoker.site.stream import SeatStreams
from drawpoker.table import Table
from postgres_cluster import PostgresCluster
from redis_server import RedisServer, redis_server  # noqa: F401  (the fixture)

TABLE = "watched-here"
STILL = Pace(think=600.0, pause=600.0, grace=600.0, showdown=600.0)
PREFIX = "drawpoker"
HEADS_UP = {"game": "holdem", "seats": ["person", "person"], "rounds": 50}
GATEWAY = "reply:gw"


def _dealer(store: str, bus: str) -> Dealer:
    return Dealer(House(Store(store), STILL), RedisBus.from_url(bus))


def _gateway_connection(inbox: RedisInbox, conn: str, seat: int | None) -> Connection:
    """A gateway's connection as far as its requests go (:meth:`Connection._send`): its
    requests, and its note written with its hello, are the gateway's own code."""

    class Gateway:
        prefix = PREFIX

    gateway = Gateway()
    gateway.inbox = inbox  # type: ignore[attr-defined]
    connection = Connection.__new__(Connection)
    connection.gateway = gateway  # type: ignore[assignment]
    connection.table_id = TABLE
    connection.id = conn
    connection.reply = f"{GATEWAY}:{conn}"
    connection.number = 0
    connection.seat = seat
    connection.tag = "en"
    return connection


async def _handle_all(dealer: Dealer) -> None:
    """Handles every request waiting in the table's lane's inbox."""
    await handle_waiting(dealer, lane_of(TABLE))


async def _publish(dealer: Dealer) -> None:
    """Publishes what the dealer queued (its publisher's task, run once)."""
    await dealer.bus.publish_many(list(dealer.publisher.queue))
    dealer.publisher.queue.clear()


async def _take_every_lane(dealer: Dealer) -> None:
    await dealer.client.set(f"{PREFIX}:gateway:gw", "1")  # the gateway lives
    await dealer._renew()
    await dealer._balance()


async def _setup(dealer: Dealer, inbox: RedisInbox) -> None:
    """A heads-up table of two people, both connected (its hand dealt)."""
    lane = lane_of(TABLE)
    reply = {"reply": f"{GATEWAY}:0", "n": 1}
    await inbox.send(
        lane, {"op": "create", "maker": "t", "request": HEADS_UP, "table": TABLE, **reply}
    )
    for name in ("Ann", "Bob"):
        await inbox.send(
            lane, {"op": "claim", "name": name, "device": None, "table": TABLE, **reply}
        )
    await _handle_all(dealer)
    for seat in (0, 1):
        await _gateway_connection(inbox, f"p{seat}", seat)._send({"op": "hello", "since": None})
    await _handle_all(dealer)


async def _act(dealer: Dealer, inbox: RedisInbox, actions: int, rng: random.Random) -> None:
    """``actions`` random legal actions, each sent as its seat's gateway sends it."""
    for _ in range(actions):
        room = dealer.house.rooms[TABLE]
        if room.pause_until is not None:  # a hand ended: both ask for the next one
            for seat in (0, 1):
                connection = _gateway_connection(inbox, f"p{seat}", seat)
                await connection._send({"op": "message", "text": '{"type": "next"}'})
            await _handle_all(dealer)
        seat = room.table.to_act
        assert seat is not None, room.status
        state = room.state(seat)
        action = random_action(state, rng)
        if "amount" in action:  # the smallest bets and raises: the game lasts
            action["amount"] = state["legal"]["min_to"]
        text = json.dumps({"type": "act", "seq": state["seq"], **action})
        connection = _gateway_connection(inbox, f"p{seat}", seat)
        await connection._send({"op": "message", "text": text})
        await _handle_all(dealer)


def _replay(store: str) -> tuple[Table, SeatStreams]:
    found = stored_table(store, TABLE)
    table = Table.from_dict(found.snapshot)
    names = [r.name or "" for r in found.seats]
    return table, SeatStreams(table, lambda tag: names)


def test_a_table_nobody_watches_publishes_nothing_for_watchers(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """Failed before the change: every action added a message to the public channel."""
    store = postgres.new_database()

    async def scenario() -> tuple[int, int, int]:
        dealer = _dealer(store, redis_server.url)
        await _take_every_lane(dealer)
        inbox = RedisInbox(dealer.client, dealer.bus.url)
        await _setup(dealer, inbox)
        await _act(dealer, inbox, 12, random.Random(1))
        await _publish(dealer)
        public = await dealer.client.xlen(dealer.bus.key(public_channel(TABLE)))
        seats = [await dealer.client.xlen(dealer.bus.key(seat_channel(TABLE, s))) for s in (0, 1)]
        await stop_dealer(dealer)
        return public, *seats

    public, first, second = asyncio.run(scenario())
    assert public == 0
    assert first > 12 and second > 12  # each seat was told each change


async def _watcher_view(bus: RedisBus, conn: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What a watcher's gateway passed on: the welcome on its reply channel, then the public
    channel's updates after the position the welcome was made at."""
    replies = await bus.after(f"{GATEWAY}:{conn}", Position(0))
    assert replies, "no welcome"
    after, text = split_reply(replies[0].payload)
    assert after is not None
    welcome = json.loads(text)
    assert welcome["type"] == "welcome"
    updates = [
        json.loads(in_language(message.payload, "en")[0])
        for message in await bus.after(public_channel(TABLE), after)
    ]
    return welcome, updates


def test_a_watcher_arriving_mid_hand_sees_every_later_event_once_across_dealers(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """A table plays unwatched; a watcher comes mid-hand (the welcome with every public event
    since the start: ``since`` 0); its dealer dies just after publishing the welcome, before
    the update that followed it and the changes committed after it, and without writing its
    own note of the watcher; the next dealer plays on. The welcome's events and then the
    public updates past its position are the store's public stream, each event once, and the
    last state is the table's. (With the public channel left behind when the first watcher
    came, the next dealer's catch-up repeated the welcome's events.)"""
    store = postgres.new_database()

    async def scenario() -> tuple[dict[str, Any], list[dict[str, Any]], int]:
        rng = random.Random(4)
        first = _dealer(store, redis_server.url)
        await _take_every_lane(first)
        inbox = RedisInbox(first.client, first.bus.url)
        await _setup(first, inbox)
        await _act(first, inbox, 7, rng)
        await _publish(first)
        assert await first.client.xlen(first.bus.key(public_channel(TABLE))) == 0
        watcher = _gateway_connection(inbox, "eve", None)
        await watcher._send({"op": "watch", "since": 0})
        note = await first.client.hget(connections_key(PREFIX, TABLE), "eve")
        assert note is not None  # written with the request, before any dealer read it
        first._note_connection = _never_noted  # type: ignore[method-assign]
        await _act(first, inbox, 5, rng)  # the watch among them, handled first
        queued = list(first.publisher.queue)  # the dealer dies once its welcome is out:
        (welcome,) = [n for n, (channel, _, _) in enumerate(queued) if channel.endswith("eve")]
        await first.bus.publish_many(queued[: welcome + 1])  # its next messages never are
        first.publisher.queue.clear()
        await stop_dealer(first, release=True)

        second = _dealer(store, redis_server.url)
        await _take_every_lane(second)  # loads the table: knows the watcher by its note
        room: Room = second.house.rooms[TABLE]
        assert len(room.watchers) == 1
        await _act(second, inbox, 9, rng)
        await _publish(second)
        seq = room.streams.last[-1]
        welcome, updates = await _watcher_view(second.bus, "eve")
        await stop_dealer(second)
        return welcome, updates, seq

    welcome, updates, last = asyncio.run(scenario())
    table, streams = _replay(store)
    seen = welcome["events"] + [event for update in updates for event in update["events"]]
    expected = streams.since(table, len(table.names), 0)
    assert [e["seq"] for e in seen] == list(range(1, last + 1))  # no gap, no repeat
    assert [(e["kind"], e["seq"]) for e in seen] == [(e["kind"], e["seq"]) for e in expected]
    assert updates[-1]["seq"] == last == streams.last[-1]


async def _never_noted(*args: Any, **kwargs: Any) -> None:
    """A dealer that dies before it writes its own note of a connection."""


def test_a_gateways_hello_and_disconnect_carry_the_connections_note(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    async def scenario() -> tuple[Any, Any, int]:
        bus = RedisBus.from_url(redis_server.url)
        inbox = RedisInbox(bus.client, bus.url)
        connection = _gateway_connection(inbox, "eve", None)
        await connection._send({"op": "watch", "since": None})
        noted = await bus.client.hget(connections_key(PREFIX, TABLE), "eve")
        await connection._send({"op": "disconnect"})
        gone = await bus.client.hget(connections_key(PREFIX, TABLE), "eve")
        sent = await bus.client.xlen(inbox.key(lane_of(TABLE)))
        await bus.aclose()
        return noted, gone, sent

    noted, gone, sent = asyncio.run(scenario())
    assert json.loads(noted) == {"seat": None, "reply": f"{GATEWAY}:eve", "lang": "en"}
    assert gone is None and sent == 2


def test_a_living_gateway_renews_its_tables_connection_notes(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """A note is written with a hello or a watch, and a tips setting with its switch, each kept
    a day: a gateway renews both of every table it has a connection at (its presence loop
    does it hourly), so a watcher who stays for days is still known to the table's next
    dealer, and a player's tips stay as set; a table with no connection at this gateway keeps
    its notes' time."""

    async def scenario() -> tuple[int, list[int]]:
        bus = RedisBus.from_url(redis_server.url)
        gateway = Gateway(Store(":memory:"), bus, Guard(SiteLimits()), prefix=PREFIX)
        connection = _gateway_connection(gateway.inbox, "eve", None)
        await connection._send({"op": "watch", "since": None})
        gateway.connections.add(connection)
        keys = [
            connections_key(PREFIX, TABLE),
            tips_key(PREFIX, TABLE),
            connections_key(PREFIX, "elsewhere"),
            tips_key(PREFIX, "elsewhere"),
        ]
        for key in keys:
            await bus.client.hset(key, "zed", "1")
            await bus.client.expire(key, 5)  # as if written a day ago
        renewed = await gateway.renew_notes()
        left = [await bus.client.ttl(key) for key in keys]
        await bus.aclose()
        return renewed, left

    renewed, left = asyncio.run(scenario())
    assert renewed == 1
    assert all(CONNECTIONS_KEPT - 5 <= ttl <= CONNECTIONS_KEPT for ttl in left[:2]), left
    assert all(0 < ttl <= 5 for ttl in left[2:]), left
