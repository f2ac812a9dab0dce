"""One server per SQLite file (issue 30, the embedded store): a second ``drawpoker serve`` on a
file another one serves is refused at start with a clear error, never run beside it (two
servers played the same tables apart and left a file that no longer loaded); the lock is the
system's, so a killed server leaves none behind."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from drawpoker.site.store import FileLock, Store, StoreBusyError
from site_server import SiteServer


def _serve_again(db: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "drawpoker.cli", "serve", "--port", "0", "--db", str(db)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)


def test_a_second_server_on_the_same_file_is_refused_at_start(tmp_path: Path) -> None:
    db = tmp_path / "site.db"
    first = SiteServer(db).start()
    try:
        table = first.request("POST", "/api/tables", {"game": "holdem", "seats": ["person"] * 2})
        second = _serve_again(db)
        assert second.returncode == 2
        assert "in use by another drawpoker serve" in second.stdout
        assert "--db" in second.stdout
        assert "Traceback" not in second.stderr + second.stdout
        # the first server is untouched and still serves the table
        assert first.request("GET", f"/api/tables/{table['id']}")["id"] == table["id"]
    finally:
        first.stop()


def test_a_killed_server_leaves_no_lock_behind(tmp_path: Path) -> None:
    db = tmp_path / "site.db"
    first = SiteServer(db).start()
    table = first.request("POST", "/api/tables", {"game": "razz", "seats": ["person"] * 2})
    first.kill()
    again = SiteServer(db).start()
    try:
        assert again.request("GET", f"/api/tables/{table['id']}")["id"] == table["id"]
    finally:
        again.stop()


def test_a_store_refuses_a_file_another_store_holds(tmp_path: Path) -> None:
    db = tmp_path / "site.db"
    first = Store(db)
    with pytest.raises(StoreBusyError, match="in use by another drawpoker serve"):
        Store(db)
    first.close()
    Store(db).close()  # closing lets the next one in
    Store(":memory:").close()
    Store(":memory:").close()  # memory stores share nothing and take no lock


def test_a_lock_taken_twice_in_one_process_is_refused(tmp_path: Path) -> None:
    lock = FileLock(tmp_path / "a.db")
    with pytest.raises(StoreBusyError):
        FileLock(tmp_path / "a.db")
    lock.release()
    lock.release()  # releasing twice is harmless
