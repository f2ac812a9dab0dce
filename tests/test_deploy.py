"""``deploy/``: the compose file, its nginx configuration and its Dockerfile, checked without
Docker. Every ``drawpoker serve`` command of the compose file is parsed by the command's own
parser, and the file's topology (two gateways, two dealers, nginx in front) is started from its
own commands and environment as subprocesses on the fixtures' ``redis-server`` and PostgreSQL,
behind Debian's nginx running the repository's ``deploy/nginx.conf``; a table is played
through the proxy, one seat's WebSocket on each gateway."""

from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import socket
import subprocess
import tempfile
import time
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml
from drawpoker.cli import build_parser
from drawpoker.site.client import SeatClient, create_table, take_seat
from drawpoker.site.process import ServeProcess
from postgres_cluster import PostgresCluster
from redis_server import RedisServer, free_port, redis_server  # noqa: F401  (the fixture)
from test_roles import _play_out, _saved

DEPLOY = Path(__file__).parent.parent / "deploy"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
"""Debian's nginx (in /usr/sbin, which a user's PATH may lack)."""
SETTINGS = {"POSTGRES_PASSWORD": "not-used-by-the-tests"}
"""The variables a deployment sets (deploy/README.md); the others keep the file's defaults."""


def interpolated(text: str, variables: dict[str, str]) -> str:
    """``text`` with compose's ``${NAME}``, ``${NAME:-default}``, ``${NAME:?error}`` and
    ``$$`` replaced as ``docker compose`` does; :class:`KeyError` for an unset required one.

    >>> interpolated("a=${A:-1} b=${B:?set B} $$x", {"B": "2"})
    'a=1 b=2 $x'
    """

    def value(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        name, how, word = match.group(1), match.group(2), match.group(3)
        if variables.get(name):
            return variables[name]
        if how == ":-":
            return word or ""
        raise KeyError(f"{name}: {word}" if how == ":?" else name)

    return re.sub(r"\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:-|:\?)([^}]*))?\}", value, text)


def compose(variables: dict[str, str] = SETTINGS) -> dict[str, Any]:
    """deploy/compose.yaml as compose reads it with ``variables`` set."""
    text = interpolated((DEPLOY / "compose.yaml").read_text(), variables)
    loaded: dict[str, Any] = yaml.safe_load(text)
    return loaded


def serve_commands(services: dict[str, Any]) -> dict[str, list[str]]:
    """The services that run ``drawpoker serve``: their command after ``drawpoker``."""
    return {
        name: service["command"][1:]
        for name, service in services.items()
        if service.get("command", [None])[0] == "drawpoker"
    }


def options(command: list[str]) -> dict[str, str]:
    """The ``--name=value`` options of a command, by name."""
    return dict(arg.removeprefix("--").split("=", 1) for arg in command if "=" in arg)


def test_the_compose_file_runs_two_gateways_two_dealers_a_proxy_and_the_services() -> None:
    with pytest.raises(KeyError, match="POSTGRES_PASSWORD"):
        compose({})  # no default password: the deployment must set one
    services = compose()["services"]
    assert set(services) == {"postgres", "redis", "dealer", "gateway", "proxy"}
    commands = serve_commands(services)
    assert set(commands) == {"dealer", "gateway"}
    for role, command in commands.items():
        assert services[role]["deploy"]["replicas"] == 2
        args = build_parser().parse_args(command)  # exits on an option serve does not take
        assert (args.command, args.role) == ("serve", role)
        assert urlsplit(args.store).hostname == "postgres"
        assert urlsplit(args.bus).hostname == "redis"
        assert {"postgres", "redis"} <= set(services[role]["depends_on"])
        assert services[role]["environment"]["PGPASSWORD"] == SETTINGS["POSTGRES_PASSWORD"]
        assert str(args.port) in " ".join(services[role]["healthcheck"]["test"])
    assert services["gateway"]["depends_on"]["dealer"]["condition"] == "service_healthy"
    gateway = build_parser().parse_args(commands["gateway"])
    assert gateway.host == "0.0.0.0"  # reached by the proxy
    assert services["gateway"]["environment"]["FORWARDED_ALLOW_IPS"] == "*"
    assert "ports" not in services["gateway"]  # ... and by nothing else
    assert services["proxy"]["ports"] == ["8080:8080"]
    assert gateway.public_url == "http://localhost:8080"
    assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in services["proxy"]["volumes"]
    config = (DEPLOY / "nginx.conf").read_text()
    assert re.search(rf"server gateway:{gateway.port}\b", config)
    upstream = config.split("upstream gateways {")[1].split("}")[0]
    for sticky in ("ip_hash", "hash ", "sticky", "least_conn"):
        assert sticky not in upstream  # any gateway serves any client


def test_the_dockerfile_builds_the_package_and_runs_serve() -> None:
    text = (DEPLOY / "Dockerfile").read_text()
    root = DEPLOY.parent
    for line in re.findall(r"^COPY (?!--from)(.+)$", text, re.MULTILINE):
        for source in line.split()[:-1]:
            assert (root / source).exists(), source
    assert "maturin build --release" in text
    extras = re.search(r"\[([a-z,]+)\]\" && rm", text)
    assert extras is not None
    declared = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    needed = set(extras.group(1).split(","))
    assert needed <= set(declared["optional-dependencies"]), needed
    cluster = " ".join(declared["optional-dependencies"]["cluster"])
    assert "redis" in cluster and "psycopg" in cluster
    command = re.search(r"^CMD (\[.+\])$", text, re.MULTILINE)
    assert command is not None
    run = yaml.safe_load(command.group(1))  # a JSON list
    assert run[0] == "drawpoker" and build_parser().parse_args(run[1:]).command == "serve"
    ignored = (root / ".dockerignore").read_text()
    assert "target/" in ignored and ".venv/" in ignored


def test_no_extra_repeats_a_dependency_of_the_package() -> None:
    project = tomllib.loads((DEPLOY.parent / "pyproject.toml").read_text())["project"]
    core = {re.split(r"[<>=\[ ]", d)[0] for d in project["dependencies"]}
    for extra, needs in project["optional-dependencies"].items():
        names = [re.split(r"[<>=\[ ]", d)[0] for d in needs]
        assert not core & set(names), (extra, core & set(names))
        assert len(names) == len(set(names)), extra


class Nginx:
    """Debian's nginx on deploy/nginx.conf, the compose network's names replaced by loopback:
    the gateways' service name by their addresses (Docker's DNS answers one per replica) and
    the published port by ``port``. Its access log (its stdout) is written to ``log``."""

    def __init__(self, executable: str, port: int, gateways: list[str]) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="nginx-"))
        config = (DEPLOY / "nginx.conf").read_text()
        one = re.search(r"server gateway:8000 ([^;]*);", config)
        assert one is not None
        servers = "\n".join(f"server {urlsplit(url).netloc} {one.group(1)};" for url in gateways)
        config = config.replace(one.group(0), servers)
        config = config.replace("listen 8080;", f"listen 127.0.0.1:{port};")
        (self.folder / "nginx.conf").write_text(config)
        self.log = self.folder / "access.log"
        settings = f"daemon off; pid {self.folder}/nginx.pid;"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [executable, "-p", str(self.folder), "-c", "nginx.conf", "-g", settings],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.url = f"http://127.0.0.1:{port}"
        while True:  # until it listens (a broken configuration ends it: the assert says why)
            assert self.process.poll() is None, self.log.read_text()
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.05)

    def stop(self) -> None:
        """Stops nginx (SIGTERM: its workers finish the log) and removes its folder."""
        self.process.terminate()
        self.process.wait(30)
        shutil.rmtree(self.folder, ignore_errors=True)


def _nginx() -> str:
    """Debian's nginx; skips without it, fails with ``CI`` set (.ci/run installs it)."""
    if NGINX is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set and nginx is not installed (apt-get install nginx)")
        pytest.skip("nginx is not installed (apt-get install nginx)")
    return NGINX


def started(service: dict[str, Any], store: str, bus: str) -> ServeProcess:
    """A compose service's own command and environment as a subprocess on this machine: the
    compose network's addresses replaced by the fixtures' and a free port of loopback."""
    here = {"store": store, "bus": bus, "host": "127.0.0.1", "port": "0"}
    command = [
        f"--{name}={here[name]}" if name in here else arg
        for arg in service["command"][1:]
        for name in [arg.removeprefix("--").split("=", 1)[0]]
    ]
    process = ServeProcess(store, environment=service["environment"])
    process.args = [process.args[0], "-m", "drawpoker.cli", *command]
    return process.start()


@pytest.mark.slow
def test_the_compose_topology_plays_a_table_through_the_proxy(
    postgres: PostgresCluster,
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """The compose file's two dealers and two gateways, started from its commands, behind the
    repository's nginx.conf: a table made and played through the proxy, its two seats'
    WebSockets sent to different gateways (round robin, no stickiness); the game ends with
    every chip kept."""
    executable = _nginx()
    port = free_port()
    public_url = f"http://127.0.0.1:{port}"
    services = compose({**SETTINGS, "DRAWPOKER_PUBLIC_URL": public_url})["services"]
    store = postgres.new_database()
    processes: list[ServeProcess] = []
    proxy = None
    try:
        for role in ("dealer", "gateway"):
            for _ in range(services[role]["deploy"]["replicas"]):
                processes.append(started(services[role], store, redis_server.url))
        gateways = [urlsplit(p.url).netloc for p in processes if "--role=gateway" in p.args]
        proxy = Nginx(executable, port, [f"http://{netloc}" for netloc in gateways])
        made, clients = asyncio.run(_play_through(proxy.url))
        served = re.findall(
            rf'"GET /ws/{made["id"]} HTTP/1.1" 101 upstream=(\S+)', proxy.log.read_text()
        )
    finally:
        if proxy is not None:
            proxy.stop()
        for process in processes:
            process.stop()
    assert sorted(served) == sorted(gateways)  # one seat's WebSocket on each gateway
    table = _saved(store, made["id"])[0]
    assert table.is_over
    stacks = [c.state["stacks"] for c in clients if c.state is not None]
    assert stacks == [list(table.stacks)] * 2
    assert sum(table.stacks) == made["table"]["stack"] * 2


async def _play_through(url: str) -> tuple[dict[str, Any], list[SeatClient]]:
    """A table of two people made, seated and played to its end at ``url``."""
    made = create_table(url, {"game": "holdem", "seats": ["person", "person"], "rounds": 2})
    tokens = [take_seat(url, made["id"], name)[1] for name in ("Ann", "Bob")]
    clients = [SeatClient(url, made["id"], token) for token in tokens]
    for client in clients:
        await client.connect()
    rng = random.Random(30)
    await asyncio.gather(*(_play_out(c, random.Random(rng.random())) for c in clients))
    for client in clients:
        await client.close()
    return made, clients
