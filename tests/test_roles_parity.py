"""The site through a gateway does what the one process does: the lobby's list and its push,
"Play now", "Play again", a device taking its seat back, the hand-history downloads (only
what the seat saw) and each browser in its own language. Each test runs against both
deployments, as subprocesses: ``drawpoker serve`` on an SQLite file, and one dealer and one
gateway on PostgreSQL and ``redis-server`` (the fixtures of ``postgres_cluster.py`` and
``redis_server.py``), with HTTP and WebSocket clients of the site's protocol."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from drawpoker.site.client import create_table, take_seat
from drawpoker.site.process import ServeProcess
from postgres_cluster import PostgresCluster
from redis_server import MISSING, REDIS_SERVER, REQUIRED, RedisServer
from site_server import SCRIPTED
from test_roles import RecordingClient, _play_out, _saved, _until_lanes_held
from test_web_leak import _check_phh, check_messages
from web_helpers import KnownCards, cards_in

pytestmark = pytest.mark.slow

ARABIC = range(0x0600, 0x0700)
"""The Arabic block of Unicode: a sentence in Arabic holds letters from it."""


@dataclass
class Site:
    """A deployment under test: where browsers connect, and its store (to read tables back)."""

    url: str
    store: str
    bus: str | None = None
    """The Redis of the gateway's deployment (``None``: the one process has none)."""


@pytest.fixture(scope="module", params=["one-process", "gateway"])
def deployment(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Site]:
    """The one process on SQLite, or a dealer and a gateway on PostgreSQL and Redis (one of
    each for the whole module: the tests make tables of their own)."""
    if request.param == "one-process":
        db = tmp_path_factory.mktemp("site") / "site.db"
        server = ServeProcess(db, options=SCRIPTED).start()
        try:
            yield Site(server.url, str(db))
        finally:
            server.stop()
        return
    if REDIS_SERVER is None:
        if REQUIRED:
            pytest.fail(f"CI is set and {MISSING}")
        pytest.skip(MISSING)
    postgres: PostgresCluster = request.getfixturevalue("postgres")
    store = postgres.new_database()
    folder = Path(tempfile.mkdtemp(prefix="redis-", dir="/tmp"))
    redis = RedisServer(REDIS_SERVER, folder).start()
    processes: list[ServeProcess] = []
    try:
        for role in ("dealer", "gateway"):
            options = ("--role", role, "--bus", redis.url, *SCRIPTED)
            processes.append(ServeProcess(store, options=options).start())
        _until_lanes_held(processes[0])
        yield Site(processes[1].url, store, redis.url)
    finally:
        for process in processes:
            process.stop()
        redis.stop()
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Answer:
    status: int
    text: str
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.text)


def _call(site: Site, method: str, path: str, body: Any = None, **headers: str) -> Answer:
    data = None if body is None else json.dumps(body).encode()
    sent = {
        "content-type": "application/json",
        **{k.replace("_", "-"): v for k, v in headers.items()},
    }
    request = urllib.request.Request(site.url + path, data=data, method=method, headers=sent)
    try:
        with urllib.request.urlopen(request) as response:
            return Answer(response.status, response.read().decode(), dict(response.headers))
    except urllib.error.HTTPError as refused:
        return Answer(refused.code, refused.read().decode(), dict(refused.headers))


class Reader(RecordingClient):
    """A seat's client in a language (``?lang=``) that keeps the text of every message."""

    def __init__(self, site: Site, table_id: str, token: str, lang: str = "en") -> None:
        super().__init__(site.url, table_id, token)
        self.lang = lang

    @property
    def url(self) -> str:
        return super().url + f"?lang={self.lang}"

    async def receive(self) -> dict[str, Any]:
        return await asyncio.wait_for(super().receive(), 60)

    async def until(self, done: Any) -> dict[str, Any]:
        """Reads until the state satisfies ``done``; that state."""
        while self.state is None or not done(self.state):
            message = await self.receive()
            assert message["type"] != "error", message
        return self.state


class Watcher(Reader):
    """A watcher's client (no seat) in a language."""

    async def connect(self) -> dict[str, Any]:
        from websockets.asyncio.client import connect

        self.socket = await connect(self.url, max_size=2**22)
        await self.socket.send(json.dumps({"type": "watch", "since": 0}))
        return await self.receive()


async def _play_all(clients: list[Reader], seed: int) -> None:
    rng = random.Random(seed)
    await asyncio.gather(*(_play_out(c, random.Random(rng.random())) for c in clients))


def test_messages_before_the_hello_are_refused_and_the_hello_still_taken(
    deployment: Site,
) -> None:
    """A message before the hello is refused and the connection waits for the hello, as in
    one process: a gateway closed the connection at the first one (1008)."""
    from websockets.asyncio.client import connect

    made = create_table(deployment.url, {"game": "razz", "seats": ["person", "person"]})
    token = take_seat(deployment.url, made["id"], "Ann")[1]

    async def say_hello_late() -> list[str]:
        url = deployment.url.replace("http://", "ws://") + f"/ws/{made['id']}"
        async with connect(url) as socket:
            said = []
            for early in ('{"type": "ping"}', "not json"):
                await socket.send(early)
                said.append(json.loads(await asyncio.wait_for(socket.recv(), 30))["code"])
            await socket.send(json.dumps({"type": "hello", "token": token}))
            said.append(json.loads(await asyncio.wait_for(socket.recv(), 30))["type"])
            return said

    assert asyncio.run(say_hello_late()) == ["hello-first", "bad-json", "welcome"]


def test_the_lobby_lists_a_new_table_and_pushes_the_list(deployment: Site) -> None:
    from websockets.asyncio.client import connect

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], str]:
        async with connect(deployment.url.replace("http://", "ws://") + "/lobby/ws") as lobby:
            first = json.loads(await asyncio.wait_for(lobby.recv(), 30))
            made = await asyncio.to_thread(
                create_table, deployment.url, {"game": "razz", "seats": ["person", "cpu:rules"]}
            )
            while True:
                pushed = json.loads(await asyncio.wait_for(lobby.recv(), 30))
                if any(row["id"] == made["id"] for row in pushed["tables"]):
                    return first, pushed, made["id"]

    first, pushed, table_id = asyncio.run(scenario())
    assert first["type"] == "tables" and table_id not in [r["id"] for r in first["tables"]]
    (row,) = [r for r in pushed["tables"] if r["id"] == table_id]
    assert (row["game"], row["free"], row["cpu"], row["status"]) == ("razz", 1, 1, "waiting")
    assert row["link"] == f"/table/{table_id}" and row["stakes"].startswith("ante")
    listed = _call(deployment, "GET", "/api/tables?limit=100").json()
    assert row in listed["tables"] and listed["total"] >= 1
    assert _call(deployment, "GET", "/api/tables?limit=500").status == 400


def test_play_now_joins_a_table_with_cpu_players_first_else_makes_one(deployment: Site) -> None:
    waiting = create_table(deployment.url, {"game": "badugi", "seats": ["person", "person"]})
    first = _call(deployment, "POST", "/api/play", {"game": "badugi", "name": "Ann"})
    assert first.status == 201, first.text
    ann = first.json()
    assert ann["id"] != waiting["id"] and ann["seat"] == 0
    assert ann["url"].endswith(f"/table/{ann['id']}")
    facts = _call(deployment, "GET", f"/api/tables/{ann['id']}").json()
    assert [p["cpu"] for p in facts["players"]] == [None, None, "rules", "rules"]
    bob = _call(deployment, "POST", "/api/play", {"game": "badugi"}).json()
    assert (bob["id"], bob["seat"]) == (ann["id"], 1)
    cy = _call(deployment, "POST", "/api/play", {"game": "badugi", "name": "Cy"}).json()
    assert cy["id"] not in (ann["id"], waiting["id"])
    unknown = _call(deployment, "POST", "/api/play", {"game": "snap"})
    assert unknown.status == 400 and "unknown game 'snap'" in unknown.json()["message"]

    async def connect() -> tuple[dict[str, Any], dict[str, Any]]:
        reader = Reader(deployment, ann["id"], ann["token"])
        welcome = await reader.connect()
        started = await reader.until(lambda s: s["status"] == "playing")  # Bob not here yet
        await reader.close()
        return welcome, started

    welcome, started = asyncio.run(connect())
    assert welcome["seat"] == 0 and welcome["state"]["players"][0]["name"] == "Ann"
    assert not started["players"][0]["away"] and started["players"][1]["away"]


def _finished_table(site: Site) -> tuple[dict[str, Any], dict[int, str], dict[int, Reader]]:
    """A one-round table of Ann, a CPU player and Bob, played to its end through ``site``."""
    made = create_table(
        site.url,
        {"game": "five-card-draw", "seats": ["person", "cpu:rules", "person"], "rounds": 1},
    )
    tokens = {
        seat: take_seat(site.url, made["id"], name)[1] for seat, name in ((0, "Ann"), (2, "Bob"))
    }
    early = _call(site, "POST", f"/api/tables/{made['id']}/again", x_seat_token=tokens[0])
    assert early.status == 409 and "not over" in early.json()["message"]

    async def play() -> dict[int, Reader]:
        readers = {seat: Reader(site, made["id"], token) for seat, token in tokens.items()}
        for reader in readers.values():
            await reader.connect()
        await _play_all(list(readers.values()), 3)
        for reader in readers.values():
            await reader.close()
        return readers

    return made, tokens, asyncio.run(play())


def test_play_again_seats_the_same_group_at_a_new_table(deployment: Site) -> None:
    made, tokens, _ = _finished_table(deployment)
    again = f"/api/tables/{made['id']}/again"
    assert _call(deployment, "POST", again, x_seat_token="nope").status == 403
    ann = _call(deployment, "POST", again, x_seat_token=tokens[0])
    assert ann.status == 201, ann.text
    new_id = ann.json()["id"]
    assert ann.json()["seat"] == 0 and new_id != made["id"]
    assert ann.json()["url"].endswith(f"/table/{new_id}")
    bob = _call(deployment, "POST", again, x_seat_token=tokens[2])
    assert bob.status == 201 and bob.json()["id"] == new_id and bob.json()["seat"] == 2
    assert _call(deployment, "POST", again, x_seat_token=tokens[2]).status == 409
    old = _call(deployment, "GET", f"/api/tables/{made['id']}").json()
    new = _call(deployment, "GET", f"/api/tables/{new_id}").json()
    assert [p["name"] for p in new["players"]] == [p["name"] for p in old["players"]]
    assert [p["cpu"] for p in new["players"]] == [p["cpu"] for p in old["players"]]
    for key in ("game", "rounds", "turn_timer", "stack"):
        assert new[key] == old[key], key
    assert new["status"] == "waiting" and new["open_seats"] == []

    async def welcomes() -> list[int]:
        seats = []
        for data in (ann.json(), bob.json()):
            reader = Reader(deployment, new_id, data["token"])
            seats.append((await reader.connect())["seat"])
            await reader.close()
        return seats

    assert asyncio.run(welcomes()) == [0, 2]


def _readable(store: str) -> str:
    """A store the test may open beside the running site: a copy of an SQLite file (the site
    holds the file's lock), the database itself for PostgreSQL."""
    if store.startswith("postgresql://"):
        return store
    copy = Path(tempfile.mkdtemp()) / "copy.db"
    for suffix in ("", "-wal"):
        if Path(store + suffix).exists():
            shutil.copy(store + suffix, str(copy) + suffix)
    return str(copy)


def test_play_again_keeps_the_seat_tied_to_its_device(deployment: Site) -> None:
    """A seat taken with a device key is the device's game (its "your games" list, its
    rating); the seat "Play again" gave at the new table was tied to no device, so the game
    after it was neither listed nor rated."""
    device = _call(deployment, "POST", "/api/devices", {"nickname": "Ann"}).json()["device"]
    request = {"game": "five-card-draw", "seats": ["person", "cpu:rules"], "rounds": 1}
    made = create_table(deployment.url, request)
    taken = _call(
        deployment, "POST", f"/api/tables/{made['id']}/seats", {"name": "Ann", "device": device}
    )
    token = taken.json()["token"]

    async def play(table_id: str, token: str) -> None:
        reader = Reader(deployment, table_id, token)
        await reader.connect()
        await _play_all([reader], 5)
        await reader.close()

    asyncio.run(play(made["id"], token))
    again = _call(deployment, "POST", f"/api/tables/{made['id']}/again", x_seat_token=token)
    assert again.status == 201, again.text
    asyncio.run(play(again.json()["id"], again.json()["token"]))
    games = _call(deployment, "GET", "/api/devices/me/games", x_device_key=device).json()
    assert {table["id"] for table in games["tables"]} == {made["id"], again.json()["id"]}


def test_the_hand_history_holds_only_what_the_seat_saw(deployment: Site) -> None:
    made, tokens, readers = _finished_table(deployment)
    table, _ = _saved(_readable(deployment.store), made["id"])
    path = f"/api/tables/{made['id']}/history"
    for seat, token in tokens.items():
        final = readers[seat].events[-1]["seq"]
        known = KnownCards(table, seat)
        assert check_messages(table, seat, readers[seat].texts, list(tokens.values())) > 0
        own = _call(deployment, "GET", path, x_seat_token=token)
        assert own.status == 200 and own.headers["cache-control"] == "no-store"
        assert f"seat{seat + 1}.json" in own.headers["content-disposition"]
        assert len(own.json()["hands"]) == len(table.hands)
        seen = list(cards_in(own.json()))
        assert seen and all(
            hand is not None and card in known.allowed(hand, final) for hand, card in seen
        )
        phh = _call(deployment, "GET", path + "?format=phh", x_seat_token=token)
        assert phh.status == 200 and phh.headers["content-type"].startswith("text/plain")
        assert _check_phh(table, known, final, phh.text) > 0
    assert _call(deployment, "GET", path, x_seat_token="forged").status == 403
    assert _call(deployment, "GET", path + "?format=xml", x_seat_token=tokens[0]).status == 400
    assert _call(deployment, "GET", "/api/tables/nope/history").status == 404


def test_a_device_takes_its_seat_back_with_a_new_token(deployment: Site) -> None:
    device = _call(deployment, "POST", "/api/devices", {"nickname": "Dee"}).json()["device"]
    made = create_table(deployment.url, {"game": "holdem", "seats": ["person", "cpu:rules"]})
    path = f"/api/tables/{made['id']}"
    seat = _call(deployment, "POST", path + "/seats", {"device": device}).json()
    assert seat["seat"] == 0
    back = _call(deployment, "POST", path + "/return", {"device": device})
    assert back.status == 200 and back.json()["seat"] == 0 and back.json()["token"] != seat["token"]
    assert _call(deployment, "POST", path + "/return", {"device": device, "seat": 1}).status == 403
    stranger = _call(deployment, "POST", "/api/devices", {"nickname": "Eve"}).json()["device"]
    assert _call(deployment, "POST", path + "/return", {"device": stranger}).status == 404

    async def hellos() -> tuple[str, dict[str, Any]]:
        old = Reader(deployment, made["id"], seat["token"])
        try:
            await old.connect()
            refused = "welcome"
        except ConnectionError as error:
            refused = str(error)
        new = Reader(deployment, made["id"], back.json()["token"])
        welcome = await new.connect()
        await new.close()
        return refused, welcome

    refused, welcome = asyncio.run(hellos())
    assert "bad-token" in refused
    assert welcome["seat"] == 0 and welcome["state"]["players"][0]["name"] == "Dee"
    history = _call(deployment, "GET", path + "/history", x_device_key=device)
    assert history.status == 200 and "seat1.json" in history.headers["content-disposition"]
    other = _call(deployment, "GET", path + "/history?seat=1", x_device_key=device)
    assert other.status == 403 and other.json()["error"] == "not-your-seat"
    for seat in ("%C2%B2", "x"):  # a superscript two: str.isdigit says yes, int() no
        bad = _call(deployment, "GET", path + f"/history?seat={seat}", x_device_key=device)
        assert (bad.status, bad.json()["error"]) == (400, "bad-request")
        assert "seat must be a whole number 0..1" in bad.json()["message"]


def test_no_token_or_device_key_goes_into_a_lanes_inbox(deployment: Site) -> None:
    """The gateway finds the seat of a token and the device of a key itself (it reads the
    store): the requests it puts in the dealers' inboxes, in Redis, name the seat and the
    device, never the secret."""
    if deployment.bus is None:
        pytest.skip("the one process has no inbox")
    import redis

    device = _call(deployment, "POST", "/api/devices", {"nickname": "Dee"}).json()["device"]
    table = {"game": "holdem", "seats": ["person", "person"], "sit": True, "device": device}
    made = _call(deployment, "POST", "/api/tables", table).json()
    path = f"/api/tables/{made['id']}"
    taken = _call(deployment, "POST", path + "/seats", {"device": device}).json()
    back = _call(deployment, "POST", path + "/return", {"device": device}).json()
    tokens = [made["token"], taken["token"], back["token"]]
    assert _call(deployment, "GET", path + "/history", x_seat_token=tokens[2]).status == 200
    assert _call(deployment, "GET", path + "/history?seat=1", x_device_key=device).status == 200
    assert _call(deployment, "POST", path + "/again", x_seat_token=tokens[1]).status == 409
    played = _call(deployment, "POST", "/api/play", {"game": "razz", "device": device}).json()
    tokens.append(played["token"])
    client = redis.Redis.from_url(deployment.bus, decode_responses=True)
    try:
        inboxes = [key for key in client.scan_iter("drawpoker:inbox:*") if key.count(":") == 2]
        sent = [fields["r"] for key in inboxes for _, fields in client.xrange(key)]
    finally:
        client.close()
    ops = [json.loads(text)["op"] for text in sent]
    assert {"create", "claim", "return", "history", "again", "play"} <= set(ops)
    for secret in (device, *tokens):
        assert not [text for text in sent if secret in text]


async def _call_down(reader: Reader) -> None:
    """Plays the seat to the game's end, checking or calling (every hand the two people play
    goes to a showdown, whose hands are described)."""
    while reader.state is None or reader.state["status"] != "over":
        if reader.my_turn():
            kinds = reader.state["legal"]["kinds"]  # type: ignore[index]
            await reader.act({"kind": next(k for k in ("check", "call", *kinds) if k in kinds)})
        message = await reader.receive()
        assert message["type"] != "error", message


def _shown_texts(texts: list[str]) -> list[str]:
    """The descriptions of the hands shown, in every state and last hand of ``texts``."""
    found = []
    for text in texts:
        message = json.loads(text)
        state = message.get("state") or {}
        for hand in (state, state.get("last") or {}):
            found += [entry["text"] for entry in hand.get("shown", [])]
    return found


def _arabic(text: str) -> bool:
    return any(ord(character) in ARABIC for character in text)


def test_a_server_told_to_stop_ends_with_seats_gone_and_a_watcher_still_there(
    deployment: Site, tmp_path: Path
) -> None:
    """SIGTERM ends a server by itself after two seats connected and left while a watcher
    stays. A gateway waited on each closed seat's pump (cancelled in the middle of a read of
    Redis, it never ended) until it was killed 30 s later."""
    from websockets.asyncio.client import connect

    if deployment.bus is None:
        server = ServeProcess(tmp_path / "site.db", options=SCRIPTED).start()
    else:
        options = ("--role", "gateway", "--bus", deployment.bus, *SCRIPTED)
        server = ServeProcess(deployment.store, options=options).start()
    try:
        made = create_table(
            server.url, {"game": "holdem", "seats": ["person", "person", "cpu:rules"]}
        )
        tokens = [take_seat(server.url, made["id"], name)[1] for name in ("Ann", "Bob")]
        socket_url = server.url.replace("http://", "ws://") + f"/ws/{made['id']}"

        async def visit() -> Any:
            watcher = await connect(socket_url)
            await watcher.send(json.dumps({"type": "watch", "since": 0}))
            assert json.loads(await watcher.recv())["type"] == "welcome"
            for token in tokens:
                async with connect(socket_url) as seat:
                    await seat.send(json.dumps({"type": "hello", "token": token}))
                    assert json.loads(await seat.recv())["type"] == "welcome"
            return watcher

        loop = asyncio.new_event_loop()
        watcher = loop.run_until_complete(visit())
        assert server.stop(), "the server did not end on SIGTERM: it was killed"
        loop.run_until_complete(watcher.close())
        loop.close()
    finally:
        server.stop()


def test_each_browser_reads_the_table_in_its_own_language(deployment: Site) -> None:
    made = create_table(
        deployment.url, {"game": "holdem", "seats": ["person", "person", "cpu:rules"], "rounds": 2}
    )
    tokens = [take_seat(deployment.url, made["id"], name)[1] for name in ("Ann", "Bob")]

    watcher = Watcher(deployment, made["id"], "", "ar")

    async def play() -> list[Reader]:
        readers = [
            Reader(deployment, made["id"], tokens[0], "ar"),
            Reader(deployment, made["id"], tokens[1], "en"),
        ]
        await watcher.connect()
        for reader in readers:
            await reader.connect()
        await asyncio.gather(*(_call_down(reader) for reader in readers))
        await watcher.until(lambda state: state["status"] == "over")
        return readers

    arabic, english = asyncio.run(play())
    watched = [e["sentence"] for e in watcher.events]
    assert len(watched) > 5 and all(_arabic(s) for s in watched), watched[:5]
    said = {reader.lang: [e["sentence"] for e in reader.events] for reader in (arabic, english)}
    assert len(said["ar"]) > 5 and all(_arabic(s) for s in said["ar"]), said["ar"][:5]
    assert len(said["en"]) > 5 and not any(_arabic(s) for s in said["en"]), said["en"][:5]
    for reader, speaks in ((arabic, True), (english, False)):
        assert reader.state is not None
        cpu = reader.state["players"][2]["name"]
        assert _arabic(cpu) is speaks, cpu
        shown = _shown_texts(reader.texts)
        assert shown and all(_arabic(text) is speaks for text in shown), shown
    refused = _call(deployment, "GET", "/api/tables/nope?lang=ar")
    assert refused.status == 404 and _arabic(refused.json()["message"])
