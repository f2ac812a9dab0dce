"""The roles over real services: ``drawpoker serve --role dealer`` and ``--role gateway`` as
subprocesses on one PostgreSQL database and one ``redis-server`` (the fixtures of
``postgres_cluster.py`` and ``redis_server.py``), played by clients of the site's protocol."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from dealer_helpers import stored_table
from drawpoker.bots import CPU_PLAYERS, bot_kinds
from drawpoker.narration import cpu_name
from drawpoker.site import stream
from drawpoker.site.client import SeatClient, create_table, random_action, take_seat
from drawpoker.site.i18n import message
from drawpoker.site.lanes import LANES, lane_of
from drawpoker.site.process import ServeProcess
from drawpoker.site.stream import SeatStreams
from drawpoker.table import Table
from postgres_cluster import PostgresCluster
from redis_server import RedisServer, redis_server  # noqa: F401  (the fixture)
from site_server import SCRIPTED
from test_web_leak import check_messages
from websockets.exceptions import ConnectionClosed

pytestmark = pytest.mark.slow


def _health(process: ServeProcess) -> dict[str, Any]:
    with urllib.request.urlopen(process.url + "/health") as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def _health_status(process: ServeProcess, service: str = "bus") -> tuple[int, Any]:
    """``/health``'s status and what it says of ``service``, a 503 included."""
    try:
        with urllib.request.urlopen(process.url + "/health") as response:
            return response.status, json.loads(response.read()).get(service)
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read()).get(service)


def _health_within(
    seconds: float, expected: tuple[int, Any], *roles: ServeProcess, service: str = "bus"
) -> list[tuple[int, Any]]:
    """What the processes' ``/health`` say of ``service`` once each says ``expected``, or
    after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        seen = [_health_status(process, service) for process in roles]
        if seen == [expected] * len(roles) or time.monotonic() > deadline:
            return seen
        time.sleep(0.2)


def _until_lanes_held(*dealers: ServeProcess, patience: float = 30.0) -> None:
    """Until the dealers hold every lane between them, each some."""
    deadline = time.monotonic() + patience
    while True:
        held = [set(_health(d)["lanes"]) for d in dealers]
        if sum(map(len, held)) == len(set().union(*held)) == LANES and all(held):
            return
        assert time.monotonic() < deadline, held
        time.sleep(0.2)


class Cluster:
    """Dealers and gateways on one store and one bus."""

    def __init__(self, store: str, bus: str) -> None:
        self.store, self.bus = store, bus
        self.processes: list[ServeProcess] = []

    def start(self, role: str, *extra: str, **pace: float) -> ServeProcess:
        options = ("--role", role, "--bus", self.bus, *SCRIPTED, *extra)
        process = ServeProcess(self.store, options=options, **pace).start()
        self.processes.append(process)
        return process

    def stop(self) -> None:
        """Stops every process (SIGTERM); fails naming those that had to be killed, not having
        ended within 30 s (a dealer told to stop just after a Redis restart once swallowed its
        own cancellation and ran on)."""
        killed = [p.args[p.args.index("--role") + 1] for p in self.processes if not p.stop()]
        assert not killed, f"killed, as they did not end on SIGTERM: {killed}"


@pytest.fixture
def cluster(postgres: PostgresCluster, redis_server: RedisServer) -> Iterator[Cluster]:  # noqa: F811
    made = Cluster(postgres.new_database(), redis_server.url)
    try:
        yield made
    finally:
        made.stop()


class RecordingClient(SeatClient):
    """A seat's client that keeps the text of every message it received (for the leak check)."""

    def __init__(self, base_url: str, table_id: str, token: str) -> None:
        super().__init__(base_url, table_id, token)
        self.texts: list[str] = []
        self.received_at: list[float] = []

    async def receive(self) -> dict[str, Any]:
        text = await self.socket.recv()
        self.texts.append(text)
        self.received_at.append(time.monotonic())
        return self.follow(json.loads(text))


def _calm(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action whose bets and raises are the smallest (the games last)."""
    action = random_action(state, rng)
    if "amount" in action:
        action["amount"] = state["legal"]["min_to"]
    return action


async def _play_out(client: SeatClient, rng: random.Random) -> None:
    """Plays the seat with random legal actions until the game is over."""
    while client.state is None or client.state["status"] != "over":
        if client.my_turn():
            await client.act(_calm(client.state, rng))  # type: ignore[arg-type]
        message = await asyncio.wait_for(client.receive(), 60)
        assert message["type"] != "error", message


def _new_table(gateway: ServeProcess, game: str, rounds: int) -> tuple[dict[str, Any], list[str]]:
    """A table of two people and a CPU player, made at ``gateway``; its facts and tokens."""
    cpu = f"cpu:{bot_kinds(game)[0]}"
    made = create_table(
        gateway.url, {"game": game, "seats": ["person", cpu, "person"], "rounds": rounds}
    )
    tokens = ["", "", ""]
    for seat_wanted in (0, 2):
        seat, tokens[seat_wanted] = take_seat(gateway.url, made["id"], f"P{seat_wanted}")
        assert seat == seat_wanted
    return made, tokens


def _saved(store: str, table_id: str) -> tuple[Table, list[str]]:
    """The table as the store replays it, and its seats' names as an English reader is told
    them (a CPU seat's by the narration, as the room says them)."""
    found = stored_table(store, table_id)
    names = [
        r.name if r.cpu is None else cpu_name(seat, "en") for seat, r in enumerate(found.seats)
    ]
    return Table.from_dict(found.snapshot, cpu_players=CPU_PLAYERS), names


def _check_seen(
    store: str, made: dict[str, Any], tokens: list[str], clients: dict[int, RecordingClient]
) -> None:
    """Every client saw its seat's stream exactly as the store replays it, no card it may not
    see, and every chip is still there."""
    table, names = _saved(store, made["id"])
    streams = SeatStreams(table, lambda tag: names)
    for seat, client in clients.items():
        assert client.events == streams.since(table, seat, 0), seat
        assert check_messages(table, seat, client.texts, tokens) > 0
        state = client.state
        assert state is not None and state["status"] == "over"
        assert sum(state["stacks"]) + state["pot"] == made["table"]["stack"] * 3


async def _refusal(url: str, table_id: str, hello: dict[str, Any]) -> tuple[Any, int]:
    """The error a hello gets, and the close code that follows it."""
    from websockets.asyncio.client import connect

    async with connect(url.replace("http://", "ws://") + f"/ws/{table_id}") as socket:
        await socket.send(json.dumps(hello))
        said = json.loads(await socket.recv())
        await socket.wait_closed()
        code: int = socket.close_code
        return said["code"], code


def test_a_dealer_and_a_gateway_play_a_table_to_its_end(cluster: Cluster) -> None:
    dealer = cluster.start("dealer")
    gateway = cluster.start("gateway")
    _until_lanes_held(dealer)
    device = _call(gateway, "POST", "/api/devices", {"nickname": "Ann"})["device"]
    request = {"game": "holdem", "seats": ["person", "person"], "rounds": 3}
    made = create_table(gateway.url, {**request, "sit": True, "device": device})
    assert made["table"]["status"] == "waiting" and made["seat"] == 0
    tokens = [made["token"], take_seat(gateway.url, made["id"], "Bob")[1]]
    forged = {"type": "hello", "token": "forged"}
    assert asyncio.run(_refusal(gateway.url, made["id"], forged)) == ("bad-token", 4401)
    assert asyncio.run(_refusal(gateway.url, "nope", forged)) == ("no-table", 4404)

    async def play() -> list[SeatClient]:
        clients = [SeatClient(gateway.url, made["id"], token) for token in tokens]
        for client in clients:
            await client.connect()
        rng = random.Random(5)
        await asyncio.gather(*(_play_out(c, random.Random(rng.random())) for c in clients))
        return clients

    clients = asyncio.run(play())
    final = [c.state for c in clients]
    assert all(state is not None and state["status"] == "over" for state in final)
    assert sum(final[0]["stacks"]) == made["table"]["stack"] * 2  # type: ignore[index]
    assert [p["name"] for p in final[0]["players"]] == ["Ann", "Bob"]  # type: ignore[index]
    games = _call(gateway, "GET", "/api/devices/me/games", headers={"x-device-key": device})
    assert [row["id"] for row in games["tables"]] == [made["id"]]


async def _binary_hello(url: str, table_id: str) -> tuple[Any, int]:
    """The error a binary first frame gets, and the close code that follows it."""
    from websockets.asyncio.client import connect

    async with connect(url.replace("http://", "ws://") + f"/ws/{table_id}") as socket:
        await socket.send(b'{"type": "watch"}')
        said = json.loads(await socket.recv())
        await socket.wait_closed()
        code: int = socket.close_code
        return said["code"], code


def test_a_gateway_answers_a_table_id_no_table_could_have_as_no_table(cluster: Cluster) -> None:
    """A NUL in a table's id went to PostgreSQL, which refuses it in a text: a 500 and a
    traceback in the gateway's and the dealer's logs at each request. Such an id names no
    table, as in one process (404 ``no-table``); a binary first frame is ``bad-message``."""
    dealer = cluster.start("dealer")
    gateway = cluster.start("gateway")
    _until_lanes_held(dealer)
    token = {"x-seat-token": "abc"}
    for method, path, headers in [
        ("GET", "/api/tables/a%00b", None),
        ("POST", "/api/tables/a%00b/seats", None),
        ("GET", "/api/tables/a%00b/history", token),
        ("POST", "/api/tables/a%00b/again", token),
    ]:
        body = {"name": "Eve"} if method == "POST" else None
        with pytest.raises(urllib.error.HTTPError) as refused:
            _call(gateway, method, path, body, headers)
        assert refused.value.code == 404, (method, path, refused.value.read())
        assert json.loads(refused.value.read())["error"] == "no-table"
    hello = {"type": "hello", "token": "abc"}
    assert asyncio.run(_refusal(gateway.url, "a%00b", hello)) == ("no-table", 4404)
    made, _ = _new_table(gateway, "holdem", 1)
    assert asyncio.run(_binary_hello(gateway.url, made["id"])) == ("bad-message", 1008)
    # a table's page: 404 for an id no table has, as in one process (the store says so)
    for unknown in ("a%00b", "NoSuchTable123"):
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{gateway.url}/table/{unknown}")
        assert missing.value.code == 404 and b'id="missing"' in missing.value.read()
    with urllib.request.urlopen(f"{gateway.url}/table/{made['id']}") as page:
        assert page.status == 200
    logs = "\n".join([*dealer.output, *gateway.output])
    assert "Traceback" not in logs


def _call(
    process: ServeProcess, method: str, path: str, body: Any = None, headers: Any = None
) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        process.url + path,
        data=data,
        method=method,
        headers={"content-type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def _dealer_of(table_id: str, dealers: list[ServeProcess]) -> ServeProcess:
    lane = lane_of(table_id)
    (holder,) = [d for d in dealers if lane in _health(d)["lanes"]]
    return holder


GAMES = ("holdem", "five-card-draw", "stud", "omaha")


def _tables_on_both(
    cluster: Cluster, gateways: list[ServeProcess], dealers: list[ServeProcess], rounds: int
) -> list[tuple[dict[str, Any], list[str]]]:
    """Tables made at alternate gateways until each dealer deals two of them at least."""
    tables = []
    while True:
        made = _new_table(gateways[len(tables) % 2], GAMES[len(tables) % len(GAMES)], rounds)
        tables.append(made)
        owners = [_dealer_of(m["id"], dealers) for m, _ in tables]
        if all(owners.count(d) >= 2 for d in dealers):
            return tables
        assert len(tables) < 30


async def _connect(
    tables: list[tuple[dict[str, Any], list[str]]], gateways: list[ServeProcess]
) -> list[dict[int, RecordingClient]]:
    """Each table's seat 0 on one gateway, seat 2 on the other."""
    seated = []
    for number, (made, tokens) in enumerate(tables):
        clients = {
            seat: RecordingClient(gateways[(number + i) % 2].url, made["id"], tokens[seat])
            for i, seat in enumerate((0, 2))
        }
        for client in clients.values():
            await client.connect()
        seated.append(clients)
    return seated


def test_two_gateways_and_two_dealers_share_tables(cluster: Cluster) -> None:
    """Two people at each table, each through another gateway; tables on both dealers; every
    seat's stream is the store's, and no seat is sent a card it may not see."""
    dealers = [cluster.start("dealer", think=0.001) for _ in range(2)]
    gateways = [cluster.start("gateway") for _ in range(2)]
    _until_lanes_held(*dealers)
    tables = _tables_on_both(cluster, gateways, dealers, rounds=4)

    async def play() -> tuple[list[dict[int, RecordingClient]], list[str]]:
        seated = await _connect(tables, gateways)
        watched: list[str] = []
        rng = random.Random(8)
        await asyncio.gather(
            _watch(gateways[1].url, tables[0][0]["id"], watched),
            *(_play_out(c, random.Random(rng.random())) for cs in seated for c in cs.values()),
        )
        return seated, watched

    seated, watched = asyncio.run(play())
    for (made, tokens), clients in zip(tables, seated, strict=True):
        _check_seen(cluster.store, made, tokens, clients)
    first, tokens = tables[0]
    assert json.loads(watched[0])["type"] == "welcome"
    check_messages(_saved(cluster.store, first["id"])[0], 3, watched, tokens)


async def _watch(url: str, table_id: str, texts: list[str]) -> None:
    """Watches a table through a gateway until its game is over, keeping every message."""
    from websockets.asyncio.client import connect

    async with connect(url.replace("http://", "ws://") + f"/ws/{table_id}") as socket:
        await socket.send(json.dumps({"type": "watch"}))
        while True:
            texts.append(str(await asyncio.wait_for(socket.recv(), 60)))
            if json.loads(texts[-1])["state"]["status"] == "over":
                return


def _check_watched(store: str, table_id: str, texts: list[str]) -> None:
    """A watcher's messages: its welcome's events and then each update's are the store's
    public stream from the start of the hand it came in, no gap and no repeat."""
    table, names = _saved(store, table_id)
    messages = [json.loads(text) for text in texts]
    assert messages[0]["type"] == "welcome"
    seen = [event for message in messages for event in message["events"]]
    first = seen[0]["seq"]
    assert [e["seq"] for e in seen] == list(range(first, messages[-1]["seq"] + 1))
    expected = SeatStreams(table, lambda tag: names).since(table, len(table.names), first - 1)
    assert seen == expected


def test_a_dealer_killed_mid_hand_hands_its_lanes_over(cluster: Cluster) -> None:
    """kill -9 of a dealer while its tables play: the other dealer takes its lanes once the
    leases lapse, the players' next actions go through, and each seat's stream has no gap and
    no repeat (the store's replay), every chip kept. A watcher who came mid-game, before the
    kill, to a table nobody watched (whose public channel its dealer had left behind) sees
    every public event from its welcome's hand on exactly once."""
    dealers = [cluster.start("dealer", think=0.001) for _ in range(2)]
    gateways = [cluster.start("gateway") for _ in range(2)]
    _until_lanes_held(*dealers)
    tables = _tables_on_both(cluster, gateways, dealers, rounds=12)
    victim = dealers[0]
    theirs = {m["id"] for m, _ in tables if _dealer_of(m["id"], dealers) is victim}
    watched = next(m["id"] for m, _ in tables if m["id"] in theirs)
    watcher: list[str] = []
    killed_at: list[float] = []

    async def play() -> list[dict[int, RecordingClient]]:
        seated = await _connect(tables, gateways)
        rng = random.Random(9)
        players = [
            asyncio.create_task(_play_out(c, random.Random(rng.random())))
            for cs in seated
            for c in cs.values()
        ]

        def mid_game(client: SeatClient) -> bool:
            state = client.state or {"actions": 0, "status": "waiting"}
            return state["actions"] >= 15 or state["status"] == "over"

        while not all(mid_game(c) for cs in seated for c in cs.values()):
            await asyncio.sleep(0.01)
        watching = asyncio.create_task(_watch(gateways[0].url, watched, watcher))
        while not watcher:
            await asyncio.sleep(0.01)
        victim.kill()
        killed_at.append(time.monotonic())
        playing = [
            c.state["status"] == "playing"
            for made, cs in zip(tables, seated, strict=True)
            if made[0]["id"] in theirs
            for c in cs.values()
            if c.state is not None
        ]
        assert any(playing)  # killed while its tables played
        await asyncio.gather(*players, watching)
        return seated

    seated = asyncio.run(play())
    survivor = dealers[1]
    assert set(_health(survivor)["lanes"]) == set(range(LANES))
    gaps = []
    for (made, tokens), clients in zip(tables, seated, strict=True):
        _check_seen(cluster.store, made, tokens, clients)
        if made["id"] in theirs:
            for client in clients.values():
                after = [t for t in client.received_at if t > killed_at[0]]
                assert after, made["id"]  # the table went on
                gaps.append(after[0] - killed_at[0])
    _check_watched(cluster.store, watched, watcher)
    print(f"first message after the kill: {max(gaps):.2f} s at most")
    assert max(gaps) < 3.0 + 5.0  # the lease term, and loading and playing on


async def _play_resuming(
    client: RecordingClient, rng: random.Random, gateways: list[ServeProcess]
) -> int:
    """Plays the seat to the game's end; when its gateway goes away, connects again through
    another with ``since``. How many times it did."""
    resumed = 0
    while True:
        try:
            await _play_out(client, rng)
            return resumed
        except Exception as error:  # websockets' ConnectionClosed
            if type(error).__name__ not in ("ConnectionClosedError", "ConnectionClosedOK"):
                raise
        resumed += 1
        live = [g for g in gateways if g.process is not None]
        client.base_url = live[0].url
        client.pending = None
        await client.connect()


def test_a_gateway_killed_its_clients_resume_through_another(cluster: Cluster) -> None:
    """kill -9 of a gateway mid-game: its clients connect again through the other with
    ``since`` and play on; every seat's stream is still the store's, without gap or repeat."""
    dealers = [cluster.start("dealer", think=0.001)]
    gateways = [cluster.start("gateway") for _ in range(2)]
    _until_lanes_held(*dealers)
    tables = [_new_table(gateways[n % 2], GAMES[n % len(GAMES)], rounds=8) for n in range(3)]

    async def play() -> tuple[list[dict[int, RecordingClient]], list[int]]:
        seated = await _connect(tables, gateways)
        rng = random.Random(10)
        players = [
            asyncio.create_task(_play_resuming(c, random.Random(rng.random()), gateways))
            for cs in seated
            for c in cs.values()
        ]
        while not all(
            (c.state or {"actions": 0})["actions"] >= 10 for cs in seated for c in cs.values()
        ):
            await asyncio.sleep(0.01)
        gateways[0].kill()
        return seated, list(await asyncio.gather(*players))

    seated, resumed = asyncio.run(play())
    assert sum(resumed) == 3  # one client of each table was on the killed gateway
    for (made, tokens), clients in zip(tables, seated, strict=True):
        _check_seen(cluster.store, made, tokens, clients)


def test_the_seats_of_a_killed_gateway_count_as_gone(cluster: Cluster) -> None:
    """A gateway killed with its connection: once its presence mark lapses, its seat shows as
    not connected to the other player (the grace period runs), with no close ever sent."""
    dealers = [cluster.start("dealer")]
    gateways = [cluster.start("gateway") for _ in range(2)]
    _until_lanes_held(*dealers)
    made = create_table(gateways[0].url, {"game": "holdem", "seats": ["person", "person"]})
    tokens = [take_seat(gateways[0].url, made["id"], name)[1] for name in ("Ann", "Bob")]

    async def watch_seat_go() -> float:
        ann = SeatClient(gateways[0].url, made["id"], tokens[0])
        bob = SeatClient(gateways[1].url, made["id"], tokens[1])
        await ann.connect()
        await bob.connect()
        while not (bob.state and bob.state["players"][0]["connected"]):
            await asyncio.wait_for(bob.receive(), 30)
        gateways[0].kill()
        killed = time.monotonic()
        while bob.state["players"][0]["connected"]:
            await asyncio.wait_for(bob.receive(), 30)
        await bob.close()
        return time.monotonic() - killed

    seconds = asyncio.run(watch_seat_go())
    print(f"a killed gateway's seat counted gone after {seconds:.2f} s")


def test_a_gateway_stalled_past_its_lease_has_its_pages_connect_again(cluster: Cluster) -> None:
    """A gateway stopped (SIGSTOP) for longer than its presence lease: the dealer counts its
    seat gone; once it runs again it finds its mark lapsed, closes its connection with 1012
    (the site restarted a service), and the page that connects again is back at the table,
    connected in the other player's view."""
    dealers = [cluster.start("dealer")]
    gateways = [cluster.start("gateway") for _ in range(2)]
    _until_lanes_held(*dealers)
    made = create_table(gateways[0].url, {"game": "holdem", "seats": ["person", "person"]})
    tokens = [take_seat(gateways[0].url, made["id"], name)[1] for name in ("Ann", "Bob")]

    async def until_ann_connected(bob: SeatClient, connected: bool) -> None:
        while bob.state is None or bob.state["players"][0]["connected"] != connected:
            await asyncio.wait_for(bob.receive(), 30)

    async def stall() -> tuple[int, bool]:
        ann = SeatClient(gateways[0].url, made["id"], tokens[0])
        bob = SeatClient(gateways[1].url, made["id"], tokens[1])
        await ann.connect()
        await bob.connect()
        await until_ann_connected(bob, True)
        os.kill(gateways[0].pid, signal.SIGSTOP)
        try:
            await until_ann_connected(bob, False)
        finally:
            os.kill(gateways[0].pid, signal.SIGCONT)
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(ann.receive(), 30)
        assert closed.value.rcvd is not None
        await ann.connect()
        await until_ann_connected(bob, True)
        seated = ann.state is not None and ann.state["seat"] == 0
        await ann.close()
        await bob.close()
        return closed.value.rcvd.code, seated

    code, seated = asyncio.run(stall())
    assert code == 1012 and seated


@pytest.mark.parametrize(
    ("kills", "tables", "hands", "gaps", "seed"),
    # 90 hands a table: the twelve kills and the dealers started after them took longer than
    # 30 hands' play on a loaded machine (the eighth kill came after every game was over), and
    # once the dealers published on their own Redis links, longer than 60 hands' (the eleventh)
    [(3, 4, 25, (0.5, 4.0), 11), (12, 8, 90, (0.1, 2.0), 1212)],
    ids=["3-kills", "12-kills-720-hands"],
)
def test_dealers_killed_at_random_moments_lose_nothing(
    cluster: Cluster,
    monkeypatch: pytest.MonkeyPatch,
    kills: int,
    tables: int,
    hands: int,
    gaps: tuple[float, float],
    seed: int,
) -> None:
    """Dealers killed with SIGKILL ``kills`` times, each at a random moment of play (``gaps``
    seconds after the last one's successor started: a deal, an action in flight, a commit),
    over ``tables`` tables of four games of ``hands`` hands each, a new dealer started after
    each kill (the lanes move to the survivor, then part of them back to the newcomer). Every
    table plays to its end, every seat's stream is the store's replay of the whole game with
    no gap and no repeat, no seat saw a card it may not see, every chip is kept."""
    monkeypatch.setattr(stream, "MAX_REPLAY", 10**6)  # the replay checked is the whole game's
    dealers = [cluster.start("dealer", think=0.001) for _ in range(2)]
    gateways = [cluster.start("gateway") for _ in range(2)]
    _until_lanes_held(*dealers)
    made = [_new_table(gateways[n % 2], GAMES[n % len(GAMES)], hands) for n in range(tables)]
    rng = random.Random(seed)
    mid_game: list[bool] = []

    async def play() -> list[dict[int, RecordingClient]]:
        seated = await _connect(made, gateways)
        players = [
            asyncio.create_task(_play_out(c, random.Random(rng.random())))
            for cs in seated
            for c in cs.values()
        ]
        for _ in range(kills):
            await asyncio.sleep(rng.uniform(*gaps))
            victim = rng.choice([d for d in dealers if d.process is not None])
            victim.kill()
            states = [c.state for cs in seated for c in cs.values()]
            mid_game.append(any(s is not None and s["status"] == "playing" for s in states))
            dealers.append(await asyncio.to_thread(cluster.start, "dealer", think=0.001))
        await asyncio.gather(*players)
        return seated

    seated = asyncio.run(play())
    assert mid_game == [True] * kills  # every kill came while tables played
    for (facts, tokens), clients in zip(made, seated, strict=True):
        _check_seen(cluster.store, facts, tokens, clients)
        assert len(_saved(cluster.store, facts["id"])[0].hands) == hands


def test_a_browser_reads_its_language_after_its_tables_dealer_changes(cluster: Cluster) -> None:
    """An Arabic and an English browser at one table through a gateway: each reads the events
    in its own language, and still does once the table's dealer was killed and the other took
    it over: the first dealer noted each connection's language in Redis, and the second reads
    the notes before it sends its first update (the catch-up included)."""
    from test_roles_parity import Reader, Site, _arabic, _call_down

    dealers = [cluster.start("dealer", think=0.001) for _ in range(2)]
    gateway = cluster.start("gateway")
    _until_lanes_held(*dealers)
    # Fixed limit, so that no all-in ends the game a few events after the kill (a no-limit
    # Hold'em table once did, leaving ten Arabic sentences to read where the test wants more).
    settings = {"betting": "fixed-limit"}
    request = {"game": "omaha", "seats": ["person", "person", "cpu:rules"], "rounds": 6}
    made = create_table(gateway.url, {**request, "settings": settings})
    tokens = [take_seat(gateway.url, made["id"], name)[1] for name in ("Ann", "Bob")]
    victim = _dealer_of(made["id"], dealers)
    site = Site(gateway.url, cluster.store)
    readers = [Reader(site, made["id"], tokens[0], "ar"), Reader(site, made["id"], tokens[1], "en")]

    async def play() -> int:
        for reader in readers:
            await reader.connect()
        players = [asyncio.create_task(_call_down(reader)) for reader in readers]
        while readers[0].state is None or readers[0].state["actions"] < 10:
            await asyncio.sleep(0.01)
        victim.kill()
        seen = len(readers[0].events)
        await asyncio.gather(*players)
        return seen

    seen_at_kill = asyncio.run(play())
    arabic, english = ([e["sentence"] for e in r.events] for r in readers)
    after = arabic[seen_at_kill:]
    assert len(after) > 10 and all(_arabic(s) for s in after), after
    assert not any(_arabic(s) for s in english)


def test_the_lobby_lists_the_tables_again_after_redis_restarts(
    cluster: Cluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """Redis restarted empty: the dealer writes its lobby rows again by itself (its lanes
    lost with their leases and taken again), and the gateway lists its tables again."""
    dealer = cluster.start("dealer")
    gateway = cluster.start("gateway")
    _until_lanes_held(dealer)
    made = create_table(gateway.url, {"game": "razz", "seats": ["person", "cpu:rules"]})

    def listed_within(seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            rows = _call(gateway, "GET", "/api/tables")["tables"]
            if any(row["id"] == made["id"] for row in rows):
                return True
            time.sleep(0.2)
        return False

    assert listed_within(10)
    redis_server.restart()
    assert listed_within(30)


def test_a_tables_watchers_are_capped_through_the_gateways_as_in_one_process(
    cluster: Cluster,
) -> None:
    """--watchers-per-table was checked only by the one process: through gateways every
    watcher was welcomed. The dealer holding the table refuses one more (closed 4429)."""
    dealer = cluster.start("dealer", "--watchers-per-table=2")
    gateways = [cluster.start("gateway", "--watchers-per-table=2") for _ in range(2)]
    _until_lanes_held(dealer)
    made, _ = _new_table(gateways[0], "razz", 2)
    watch = {"type": "watch"}

    async def watchers() -> tuple[Any, int]:
        from websockets.asyncio.client import connect

        opened = []
        for gateway in gateways:  # one watcher through each gateway: both welcomed
            socket = await connect(gateway.url.replace("http://", "ws://") + f"/ws/{made['id']}")
            await socket.send(json.dumps(watch))
            assert json.loads(await socket.recv())["type"] == "welcome"
            opened.append(socket)
        try:
            return await _refusal(gateways[1].url, made["id"], watch)
        finally:
            for socket in opened:
                await socket.close()

    assert asyncio.run(watchers()) == ("too-many-watchers", 4429)


def test_a_hello_while_postgresql_is_down_is_told_to_connect_again(
    cluster: Cluster, postgres: PostgresCluster
) -> None:
    """The gateway checks a seat token in the store: with PostgreSQL down the hello was cut
    off with no close code and a traceback in the gateway's log. It is told
    ``store-unavailable`` and closed with 1013 (try again), without the database's address."""
    dealer = cluster.start("dealer")
    gateway = cluster.start("gateway")
    _until_lanes_held(dealer)
    made, tokens = _new_table(gateway, "razz", 2)
    hello = {"type": "hello", "token": tokens[0]}
    postgres.stop()
    try:
        refused = asyncio.run(_refusal(gateway.url, made["id"], hello))
    finally:
        postgres.start()
    assert refused == ("store-unavailable", 1013)
    assert not any("Traceback" in line for line in gateway.output)


def test_health_says_when_redis_is_lost_and_when_it_is_back(
    cluster: Cluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """A gateway and a dealer that lose Redis while they run answer /health with 503 and
    ``"unreachable"`` (a health check must hear that a gateway can reach no dealer: it said
    200 before), and 200 again once Redis is back, without a restart of theirs."""
    dealer = cluster.start("dealer")
    gateway = cluster.start("gateway")
    _until_lanes_held(dealer)
    roles = (dealer, gateway)
    assert _health_within(5, (200, "reachable"), *roles) == [(200, "reachable")] * 2
    redis_server.stop()
    assert _health_within(10, (503, "unreachable"), *roles) == [(503, "unreachable")] * 2
    # a table's request meanwhile: 503, to send again, in the reader's language
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(gateway.url + "/api/tables/abc?lang=ar")
    assert (refused.value.code, refused.value.headers["retry-after"]) == (503, "1")
    said = json.loads(refused.value.read())
    assert said["message"] == message("ar", "error.dealer-unavailable"), said
    redis_server.start()
    assert _health_within(30, (200, "reachable"), *roles) == [(200, "reachable")] * 2
    _until_lanes_held(dealer)


def test_a_dealer_started_with_other_options_than_a_live_dealer_is_refused(
    cluster: Cluster,
) -> None:
    """A table is played by whichever dealer holds its lane: a dealer started with another
    pace or other limits was taken in without a word, and changed the tables it took over.
    It is refused at start, each difference named; one with the same options joins; once the
    dealers with the old options are gone, other options start."""
    first = cluster.start("dealer", think=0.001)
    _until_lanes_held(first)
    with pytest.raises(RuntimeError) as refused:
        cluster.start("dealer", "--watchers-per-table=3", think=0.5)
    said = str(refused.value)
    assert "was started with other options" in said, said
    assert "--think 0.5 (a dealer alive: 0.001)" in said, said
    assert "--watchers-per-table 3 (a dealer alive: 50)" in said, said
    assert "--grace" not in said  # the same on both
    second = cluster.start("dealer", think=0.001)
    _until_lanes_held(first, second)
    first.stop()
    second.stop()
    _until_lanes_held(cluster.start("dealer", think=0.5))


def test_of_two_dealers_started_at_once_with_other_options_one_is_refused(
    cluster: Cluster,
) -> None:
    """Two dealers started at the same moment (as a compose file starts them) with other
    paces: each checked the other dealers before either was alive, and both started. Each
    check now claims its options in the same step: one of the two is refused."""
    go = threading.Barrier(2)
    outcomes: dict[float, ServeProcess | str] = {}

    def start(think: float) -> None:
        go.wait()
        try:
            outcomes[think] = cluster.start("dealer", think=think)
        except RuntimeError as error:
            outcomes[think] = str(error)

    threads = [threading.Thread(target=start, args=(think,)) for think in (0.001, 0.5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    refused = [said for said in outcomes.values() if isinstance(said, str)]
    assert len(outcomes) == 2 and len(refused) == 1, outcomes
    assert "was started with other options" in refused[0], refused[0]
    (started,) = [p for p in outcomes.values() if not isinstance(p, str)]
    _until_lanes_held(started)


def test_health_says_when_postgresql_is_lost_and_when_no_dealer_is_alive(
    cluster: Cluster, postgres: PostgresCluster
) -> None:
    """A gateway with no dealer alive can serve no table, and a gateway or a dealer that lost
    PostgreSQL can check no token and save no action: ``/health`` said 200 in both cases. It
    says 503 with ``"dealers": 0`` or ``"store": "unreachable"``, and 200 again once a dealer
    is alive and PostgreSQL is back, without a restart; the log says each change."""
    gateway = cluster.start("gateway")
    assert _health_within(10, (503, 0), gateway, service="dealers") == [(503, 0)]
    dealer = cluster.start("dealer")
    _until_lanes_held(dealer)
    assert _health_within(10, (200, 1), gateway, service="dealers") == [(200, 1)]
    roles = (dealer, gateway)
    assert (
        _health_within(5, (200, "reachable"), *roles, service="store") == [(200, "reachable")] * 2
    )
    postgres.stop()
    try:
        down = _health_within(10, (503, "unreachable"), *roles, service="store")
    finally:
        postgres.start()
    assert down == [(503, "unreachable")] * 2
    back = _health_within(30, (200, "reachable"), *roles, service="store")
    assert back == [(200, "reachable")] * 2
    for role in roles:
        assert _said_within(5, role, "the store (PostgreSQL) is unreachable")
        assert _said_within(5, role, "the store (PostgreSQL) is reachable")
    assert _said_within(5, gateway, "no dealer is alive")


def _said_within(seconds: float, process: ServeProcess, words: str) -> bool:
    """Whether the process printed ``words`` within ``seconds`` (its output is read by a
    thread of the test's, which may be behind what the process has printed)."""
    deadline = time.monotonic() + seconds
    while not any(words in line for line in list(process.output)):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


RESEND = ("store-unavailable", "dealer-unavailable")
"""The refusals docs/protocol.md says to send again shortly: nothing was done."""


async def _play_across_an_outage(
    client: RecordingClient, rng: random.Random, gateways: list[ServeProcess], refused: list[str]
) -> None:
    """Plays the seat to the game's end while a service goes away and comes back: a refusal
    of :data:`RESEND` is noted in ``refused`` and the action sent again a moment later (as
    the protocol asks); a connection that closes (or closes as it opens) is opened again
    through a live gateway, from the last event seen, as the table page does. Any other
    refusal fails the test."""
    closed = False
    while True:
        try:
            if closed:
                client.base_url = next(g.url for g in gateways if g.process is not None)
                client.pending = None
                await client.connect()
                closed = False
            while client.state is None or client.state["status"] != "over":
                if client.my_turn():
                    await client.act(_calm(client.state, rng))  # type: ignore[arg-type]
                message = await asyncio.wait_for(client.receive(), 60)
                if message["type"] == "error":
                    assert message["code"] in RESEND, message
                    refused.append(message["code"])
                    await asyncio.sleep(0.2)
            return
        except Exception as error:  # websockets' ConnectionClosed
            if type(error).__name__ not in ("ConnectionClosedError", "ConnectionClosedOK"):
                raise
            closed = True
            await asyncio.sleep(0.1)


def _restart_mid_game(cluster: Cluster, restart: Any) -> list[str]:
    """Three tables on one dealer and two gateways, played by people; ``restart`` (a service's)
    called once every seat saw ten actions; every table then plays to its end and every seat's
    stream is the store's replay, without gap or repeat, every chip kept. The refusals seen.
    The dealer's grace is short: a connected person whose dealer lost track of the connection
    would soon find a CPU player in the seat (refused as ``away``)."""
    dealers = [cluster.start("dealer", think=0.001, grace=4)]
    gateways = [cluster.start("gateway") for _ in range(2)]
    _until_lanes_held(*dealers)
    tables = [_new_table(gateways[n % 2], GAMES[n % len(GAMES)], rounds=8) for n in range(3)]
    refused: list[str] = []

    async def play() -> list[dict[int, RecordingClient]]:
        seated = await _connect(tables, gateways)
        rng = random.Random(12)
        players = [
            asyncio.create_task(
                _play_across_an_outage(c, random.Random(rng.random()), gateways, refused)
            )
            for cs in seated
            for c in cs.values()
        ]
        while not all(
            (c.state or {"actions": 0})["actions"] >= 10 for cs in seated for c in cs.values()
        ):
            await asyncio.sleep(0.01)
        assert any(c.state["status"] == "playing" for cs in seated for c in cs.values())  # type: ignore[index]
        await asyncio.to_thread(restart)
        await asyncio.gather(*players)
        return seated

    seated = asyncio.run(play())
    for (made, tokens), clients in zip(tables, seated, strict=True):
        _check_seen(cluster.store, made, tokens, clients)
    return refused


def test_play_goes_on_when_redis_restarts_mid_game(
    cluster: Cluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """Redis restarted empty while tables play (leases, streams and inboxes gone): the dealer
    takes its lanes again and the tables play on to their end, each seat's stream the store's
    replay, every chip kept."""
    refused = _restart_mid_game(cluster, redis_server.restart)
    print(f"refusals to send again: {refused}")


def test_play_goes_on_when_postgresql_restarts_mid_game(
    cluster: Cluster, postgres: PostgresCluster
) -> None:
    """PostgreSQL restarted while tables play: an action that could not be saved is refused
    with ``store-unavailable`` (nothing done, nobody shown it) and goes through when sent
    again; the tables play on to their end, each seat's stream the store's replay."""
    refused = _restart_mid_game(cluster, postgres.restart)
    print(f"refusals to send again: {refused}")
