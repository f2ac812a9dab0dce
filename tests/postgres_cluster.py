"""A real PostgreSQL server for the tests: Debian's ``initdb`` and ``pg_ctl`` (from
``/usr/lib/postgresql/*/bin``) make a cluster in a temporary folder and start it listening only
on a unix socket in that folder, as the ``postgres`` user when the tests run as root (the server
refuses to run as root). Each test gets a database of its own
(:meth:`PostgresCluster.new_database`).

Without PostgreSQL installed :func:`postgres_or_skip` skips the test, unless the environment
variable ``CI`` is set: there a missing server is a failure, never a silent skip."""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

SUPERUSER = "postgres"
"""The cluster's superuser (initdb's ``-U``), and the system user that runs it under root."""


def postgres_bin() -> Path | None:
    """The newest installed ``/usr/lib/postgresql/N/bin`` holding ``initdb``, or ``None``."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda path: int(Path(path).parent.parent.name),
    )
    return Path(found[-1]).parent if found else None


def postgres_or_skip() -> Path:
    """The folder of PostgreSQL's programs; skips the test when it is not installed, but fails
    it when ``CI`` is set (CI installs it: a skip there would hide a broken install)."""
    found = postgres_bin()
    if found is None:
        why = "PostgreSQL is not installed (apt-get install postgresql)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}, and CI is set: the PostgreSQL tests must run")
        pytest.skip(why)
    return found


class PostgresCluster:
    """One PostgreSQL server in a temporary folder, on a unix socket there; :meth:`stop` ends
    it and removes the folder."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="drawpoker-pg-"))
        self.data = self.folder / "data"
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.folder, SUPERUSER)
        self.numbers = itertools.count(1)
        self._run(
            "initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "--no-sync", "-E",
            "UTF8",
        )  # fmt: skip

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.as_root:
            command = ["runuser", "-u", SUPERUSER, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder, timeout=120)

    def start(self) -> PostgresCluster:
        """Starts the server and waits until it takes connections (pg_ctl's ``-w``)."""
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=50"
        log = str(self.folder / "server.log")
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "start")
        return self

    def stop(self, mode: str = "fast") -> None:
        """Stops the server (``fast``: its sessions are ended, their transactions rolled back;
        ``immediate``: no shutdown, as a crash)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def running(self) -> bool:
        """Whether the server runs (``pg_ctl status``)."""
        command = [str(self.bin / "pg_ctl"), "-D", str(self.data), "status"]
        if self.as_root:
            command = ["runuser", "-u", SUPERUSER, "--", *command]
        return subprocess.run(command, capture_output=True, timeout=60).returncode == 0

    def restart(self) -> None:
        """Stops the server and starts it again on the same files."""
        self.stop()
        self.start()

    def url(self, database: str = SUPERUSER) -> str:
        """The ``postgresql://`` URL of ``database`` on this server's socket."""
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}"

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        name = f"test_{next(self.numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def remove(self) -> None:
        """Stops the server (if it runs) and removes its folder."""
        with contextlib.suppress(subprocess.CalledProcessError):  # it was not running
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)
