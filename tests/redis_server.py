"""A real Debian ``redis-server`` for the tests: started in a temporary folder on a unix socket
(no TCP port, no persistence), stopped at the end, and restartable in the middle of a test (the
same socket path, so clients find it again, empty as a restarted cache is).

Without ``redis-server`` the tests that use the :func:`redis_server` fixture skip; with ``CI``
set (as ``.ci/run`` does) they fail instead, so that they cannot silently stop running.

Test modules bring the fixture in by importing it: ``from redis_server import redis_server``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

REDIS_SERVER = shutil.which("redis-server")
MISSING = "redis-server is not installed (apt-get install redis-server; .ci/run does)"
REQUIRED = bool(os.environ.get("CI"))
"""In CI a missing ``redis-server`` fails the tests that need it instead of skipping them."""

HANG = 30.0
"""Seconds the server may take to answer or to stop before the test is stopped as hung."""


class RedisServer:
    """One ``redis-server`` process listening on ``folder/redis.sock`` only."""

    def __init__(self, executable: str, folder: Path) -> None:
        self.executable = executable
        self.folder = folder
        self.socket = folder / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The ``unix://`` address that redis-py's ``from_url`` takes."""
        return f"unix://{self.socket}"

    def start(self) -> RedisServer:
        """Starts the server and waits until it answers ``PING``."""
        options = ["--port", "0", "--unixsocket", str(self.socket), "--unixsocketperm", "700"]
        self.process = started(
            self.executable, options, self.folder, lambda: redis.Redis.from_url(self.url)
        )
        return self

    def stop(self) -> None:
        """Stops the server (SIGTERM, SIGKILL if it hangs); what it held is gone."""
        if self.process is not None:
            stopped(self.process)
        self.process = None

    def restart(self) -> None:
        """Stops the server and starts a new, empty one on the same socket."""
        self.stop()
        self.start()


class RedisExited(RuntimeError):
    """``redis-server`` ended before it answered; its log says why."""

    def __init__(self, returncode: int | None, log: str) -> None:
        super().__init__(f"redis-server exited with {returncode}: {log}")
        self.log = log


def started(
    executable: str, options: list[str], folder: Path, client: Callable[[], redis.Redis]
) -> subprocess.Popen[bytes]:
    """``redis-server`` with ``options`` (where it listens), no persistence, its files and log
    in ``folder``, once a ``client()`` has had its answer to ``PING``; :class:`RedisExited`
    if it ends first."""
    command = [
        executable, *options,
        "--save", "",
        "--appendonly", "no",
        "--dir", str(folder),
        "--logfile", str(folder / "redis.log"),
    ]  # fmt: skip
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + HANG
    while True:
        if process.poll() is not None:
            log = (folder / "redis.log").read_text(errors="replace")
            raise RedisExited(process.returncode, log)
        try:
            with client() as probe:
                probe.ping()
            return process
        except (redis.ConnectionError, redis.TimeoutError):
            if time.monotonic() > deadline:
                stopped(process)
                raise
            time.sleep(0.01)


def stopped(process: subprocess.Popen[bytes]) -> None:
    """Stops a ``redis-server`` (SIGTERM, SIGKILL if it hangs)."""
    process.terminate()
    try:
        process.wait(HANG)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def redis_server_or_skip() -> str:
    """The path of ``redis-server``; without it the test skips, or fails in CI."""
    if REDIS_SERVER is None:
        if REQUIRED:
            pytest.fail(f"CI is set and {MISSING}")
        pytest.skip(MISSING)
    return REDIS_SERVER


def free_port() -> int:
    """A loopback TCP port free now (another program may take it before it is used)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A running ``redis-server`` of its own for one test (skips, or fails in CI, without it)."""
    executable = redis_server_or_skip()
    # A short folder of its own: a unix socket's path is limited to about 100 bytes, which
    # pytest's per-test folders can pass.
    folder = Path(tempfile.mkdtemp(prefix="redis-", dir="/tmp"))
    server = RedisServer(executable, folder).start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
