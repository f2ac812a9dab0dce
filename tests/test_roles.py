"""The roles over real services: ``drawpoker serve --role dealer`` and ``--role gateway`` as
subprocesses on one PostgreSQL database and one ``redis-server`` (the fixtures of
``postgres_cluster.py`` and ``redis_server.py``), played by clients of the site's protocol."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from drawpoker.web.client import SeatClient, create_table, random_action, take_seat
from drawpoker.web.lanes import LANES
from drawpoker.web.process import ServeProcess
from postgres_cluster import PostgresCluster
from redis_server import RedisServer, redis_server  # noqa: F401  (the fixture)
from site_server import SCRIPTED

pytestmark = pytest.mark.slow


def _health(process: ServeProcess) -> dict[str, Any]:
    with urllib.request.urlopen(process.url + "/health") as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


class Cluster:
    """Dealers and gateways on one store and one bus."""

    def __init__(self, store: str, bus: str) -> None:
        self.store, self.bus = store, bus
        self.processes: list[ServeProcess] = []

    def start(self, role: str, **pace: float) -> ServeProcess:
        options = ("--role", role, "--bus", self.bus, *SCRIPTED)
        process = ServeProcess(self.store, options=options, **pace).start()
        self.processes.append(process)
        return process

    def wait_lanes(self, dealers: list[ServeProcess], patience: float = 30.0) -> None:
        """Until the dealers hold every lane between them, each some."""
        deadline = time.monotonic() + patience
        while True:
            held = [set(_health(d)["lanes"]) for d in dealers]
            if sum(map(len, held)) == len(set().union(*held)) == LANES and all(held):
                return
            assert time.monotonic() < deadline, held
            time.sleep(0.2)

    def stop(self) -> None:
        for process in self.processes:
            process.stop()


@pytest.fixture
def cluster(postgres: PostgresCluster, redis_server: RedisServer) -> Iterator[Cluster]:  # noqa: F811
    made = Cluster(postgres.new_database(), redis_server.url)
    try:
        yield made
    finally:
        made.stop()


async def _play_out(client: SeatClient, rng: random.Random) -> None:
    """Plays the seat with random legal actions until the game is over."""
    while client.state is None or client.state["status"] != "over":
        if client.my_turn():
            await client.act(random_action(client.state, rng))  # type: ignore[arg-type]
        message = await asyncio.wait_for(client.receive(), 60)
        assert message["type"] != "error", message


def test_a_dealer_and_a_gateway_play_a_table_to_its_end(cluster: Cluster) -> None:
    dealer = cluster.start("dealer")
    gateway = cluster.start("gateway")
    cluster.wait_lanes([dealer])
    made = create_table(gateway.url, {"game": "holdem", "seats": ["person", "person"], "rounds": 3})
    assert made["table"]["status"] == "waiting"
    tokens = [take_seat(gateway.url, made["id"], name)[1] for name in ("Ann", "Bob")]

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
