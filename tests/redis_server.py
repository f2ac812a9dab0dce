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
import subprocess
import tempfile
import time
from collections.abc import Iterator
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
        command = [
            self.executable,
            "--port", "0",
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "700",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.folder),
            "--logfile", str(self.folder / "redis.log"),
        ]  # fmt: skip
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + HANG
        while True:
            if self.process.poll() is not None:
                log = (self.folder / "redis.log").read_text(errors="replace")
                raise RuntimeError(f"redis-server exited with {self.process.returncode}: {log}")
            try:
                with redis.Redis(unix_socket_path=str(self.socket)) as client:
                    client.ping()
                return self
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def stop(self) -> None:
        """Stops the server (SIGTERM, SIGKILL if it hangs); what it held is gone."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(HANG)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self) -> None:
        """Stops the server and starts a new, empty one on the same socket."""
        self.stop()
        self.start()


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    """A running ``redis-server`` of its own for one test (skips, or fails in CI, without it)."""
    if REDIS_SERVER is None:
        if REQUIRED:
            pytest.fail(f"CI is set and {MISSING}")
        pytest.skip(MISSING)
    # A short folder of its own: a unix socket's path is limited to about 100 bytes, which
    # pytest's per-test folders can pass.
    folder = Path(tempfile.mkdtemp(prefix="redis-", dir="/tmp"))
    server = RedisServer(REDIS_SERVER, folder).start()
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)
