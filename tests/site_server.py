"""A real ``drawpoker serve`` for the tests: a uvicorn subprocess on a free port of loopback,
its SQLite file given, its URL read from the line it prints."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any


class SiteServer:
    """``drawpoker serve --port 0`` in a subprocess; ``url`` once it listens."""

    def __init__(self, db: Path, *, think: float = 0.0, pause: float = 0.0, grace: float = 30.0):
        self.db = db
        self.args = [
            sys.executable,
            "-m",
            "drawpoker.cli",
            "serve",
            "--port",
            "0",
            "--db",
            str(db),
            "--think",
            str(think),
            "--pause",
            str(pause),
            "--grace",
            str(grace),
        ]
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> SiteServer:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            self.args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line.startswith("drawpoker serve: "):
            rest = self.process.stdout.read() if self.process.poll() is not None else ""
            raise RuntimeError(f"the server did not start: {line}{rest}")
        self.url = line.split()[2].rstrip("/")
        return self

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request) as response:
            return json.loads(response.read())

    def ws_url(self, table_id: str) -> str:
        return self.url.replace("http://", "ws://") + f"/ws/{table_id}"
