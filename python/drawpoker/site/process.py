"""``drawpoker serve`` in a subprocess on a free port of loopback, for the tests and the load
benchmark: started on a given SQLite file (or PostgreSQL database: a ``postgresql://`` URL),
its URL read from the line it prints, stopped
(SIGTERM) or killed outright (SIGKILL, as a crash).

>>> server = ServeProcess("/tmp/example.db", think=0.5)
>>> server.args[-8:]
['--think', '0.5', '--pause', '0.0', '--grace', '30.0', '--showdown-pause', '0.0']
"""

from __future__ import annotations

import collections
import os
import select
import signal
import subprocess
import sys
import threading
from pathlib import Path

from drawpoker.site.store_postgres import is_postgres_url

START_TIMEOUT = 120.0
"""Seconds a server has to print where it listens before :meth:`ServeProcess.start` gives it
up (killed, with a ``RuntimeError``): a server that never starts fails its caller."""


class ServeProcess:
    """``drawpoker serve --port 0`` on ``db`` (``--store`` for a ``postgresql://`` URL, else
    ``--db``); ``url`` once :meth:`start` returns.

    ``think``, ``pause``, ``grace`` and ``showdown`` (``--showdown-pause``) are the command's
    options (seconds); ``options`` more of its options (its limits, say); ``environment``
    variables added to this process's for the server."""

    def __init__(
        self,
        db: str | Path,
        *,
        think: float = 0.0,
        pause: float = 0.0,
        grace: float = 30.0,
        showdown: float = 0.0,
        options: tuple[str, ...] = (),
        environment: dict[str, str] | None = None,
    ) -> None:
        self.db = db
        option = "--store" if is_postgres_url(str(db)) else "--db"
        self.args = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0"]
        self.args += [option, str(db), "--think", str(think), "--pause", str(pause)]
        self.args += ["--grace", str(grace), "--showdown-pause", str(showdown), *options]
        self.environment = environment or {}
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: collections.deque[str] = collections.deque(maxlen=200)
        """The server's last lines of output after the first."""

    def start(self) -> ServeProcess:
        """Starts the server and waits for the line that says where it listens."""
        env = dict(os.environ, **self.environment, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            self.args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        assert self.process.stdout is not None
        started, _, _ = select.select([self.process.stdout], [], [], START_TIMEOUT)
        line = self.process.stdout.readline() if started else f"nothing in {START_TIMEOUT:.0f} s\n"
        if not line.startswith("drawpoker serve: "):
            rest = self.process.stdout.read() if self.process.poll() is not None else ""
            self.process.kill()
            self.process.wait()
            self.process = None
            raise RuntimeError(f"the server did not start: {line}{rest}")
        self.url = line.split()[2].rstrip("/")
        # keep reading what it prints (warnings), so that a full pipe never blocks the server
        threading.Thread(
            target=self.output.extend, args=(self.process.stdout,), daemon=True
        ).start()
        return self

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.process is not None
        return self.process.pid

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def stop(self) -> bool:
        """SIGTERM, then SIGKILL if it has not ended within 30 s; ``True`` if it ended by
        itself (or was not running), ``False`` if it had to be killed."""
        ended = True
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                ended = False
            self.process = None
        return ended
