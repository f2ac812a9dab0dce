"""A table's connections outlive its dealer (issue 30): a dealer notes in Redis each
connection a gateway tells it of (seat, reply channel, language) and forgets it when it goes;
the table's next dealer reads the notes before its first update, so every reader gets that
update in their own language (and each seat's tips setting, noted the same way). A note it
cannot trust (malformed, a seat the table lacks, a language the site does not write) or one
whose gateway died is not used. Real ``redis-server`` and PostgreSQL, the dealers driven in
one event loop as in tests/test_inbox_position.py."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from dealer_helpers import handle_waiting, stop_dealer
from drawpoker.site.bus import RedisBus
from drawpoker.site.dealer import Dealer
from drawpoker.site.house import House
from drawpoker.site.inbox import RedisInbox, connection_note, connections_key
from drawpoker.site.lanes import lane_of
from drawpoker.site.room import Pace
from drawpoker.site.store import Store
from postgres_cluster import PostgresCluster
from redis_server import RedisServer, redis_server  # noqa: F401  (the fixture)

TABLE = "spoken-here"
STILL = Pace(think=600.0, pause=600.0, grace=600.0, showdown=600.0)
PREFIX = "drawpoker"
HEADS_UP = {"game": "holdem", "seats": ["person", "person"]}


def _dealer(store: str, bus: str) -> Dealer:
    return Dealer(House(Store(store), STILL), RedisBus.from_url(bus))


async def _serve(dealer: Dealer, requests: list[dict[str, Any]]) -> None:
    """Takes every lane and handles ``requests`` sent to the table's inbox, in order."""
    await dealer._renew()
    await dealer._balance()
    inbox = RedisInbox(dealer.client, dealer.bus.url)
    lane = lane_of(TABLE)
    for request in requests:
        request = {"table": TABLE, "n": 1, "reply": "reply:gw:0", **request}
        await inbox.send(lane, request, _gateways_note(request))
    assert await handle_waiting(dealer, lane) == len(requests)


def _gateways_note(request: dict[str, Any]) -> tuple[str, str, str | None] | None:
    """What a gateway writes of a connection with its request (``Connection._send``): a
    hello's or a watch's note, a disconnect's deletion."""
    op, conn = request["op"], str(request.get("conn"))
    if op == "disconnect":
        return connections_key(PREFIX, TABLE), conn, None
    if op in ("hello", "watch"):
        note = connection_note(request["seat"], request["reply"], request["lang"])
        return connections_key(PREFIX, TABLE), conn, note
    return None


def test_the_next_dealer_knows_each_connection_and_its_language(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    store = postgres.new_database()
    key = connections_key(PREFIX, TABLE)

    async def scenario() -> None:
        first = _dealer(store, redis_server.url)
        await first.client.set(f"{PREFIX}:gateway:gw", "1")  # the gateway lives
        hello = {"seat": 0, "conn": "ann", "reply": "reply:gw:1", "since": None}
        await _serve(
            first,
            [
                {"op": "create", "maker": "t", "request": HEADS_UP},
                {"op": "claim", "name": "Ann", "device": None},
                {"op": "claim", "name": "Bob", "device": None},
                {"op": "hello", **hello, "lang": "ar-u-nu-arab"},
                {"op": "hello", **hello, "seat": 1, "conn": "bob", "lang": "en"},
                {"op": "watch", **hello, "seat": None, "conn": "eve", "lang": "ar"},
                {"op": "disconnect", **hello, "seat": 1, "conn": "bob", "lang": "en"},
                {"op": "message", **hello, "text": '{"type": "tips", "on": true}'},
            ],
        )
        notes = await first.client.hgetall(key)
        assert set(notes) == {"ann", "eve"}  # Bob's went with him
        ann = {"seat": 0, "reply": "reply:gw:1", "lang": "ar-u-nu-arab"}
        assert json.loads(notes["ann"]) == ann
        await stop_dealer(first)

        untrusted = {
            "dead": {"seat": 1, "reply": "reply:gone:1", "lang": "en"},  # its gateway died
            "seat9": {"seat": 9, "reply": "reply:gw:2", "lang": "en"},
            "klingon": {"seat": 1, "reply": "reply:gw:3", "lang": "tlh"},
            "noreply": {"seat": 1, "lang": "en"},
        }
        for conn, note in untrusted.items():
            await first.client.hset(key, conn, json.dumps(note))
        await first.client.hset(key, "broken", "{not json")

        second = _dealer(store, redis_server.url)
        await second._renew()
        await second._balance()  # loads the table, reading the notes
        room = second.house.rooms[TABLE]
        known = {conn: (seat, outbox.reply) for conn, (_, seat, outbox) in second.remote.items()}
        assert known == {"ann": (0, "reply:gw:1"), "eve": (None, "reply:gw:1")}
        spoken = {second.remote[c][2]: tag for c, tag in [("ann", "ar-u-nu-arab"), ("eve", "ar")]}
        assert {out: room.languages[out] for out in spoken} == spoken
        assert room.players()[0]["connected"] and not room.players()[1]["connected"]
        assert "dead" not in await second.client.hgetall(key)  # a dead gateway's note: dropped
        assert room.tips == {0}  # Ann's tips stay on: her page says so only after a hello
        await stop_dealer(second)

    asyncio.run(scenario())
