"""The tests' and the load benchmark's server launcher (drawpoker.site.process): a server that
never says where it listens fails the caller instead of holding it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from drawpoker.site import process
from drawpoker.site.process import ServeProcess


def test_a_server_that_never_starts_is_given_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process, "START_TIMEOUT", 0.3)
    server = ServeProcess(tmp_path / "site.db")
    server.args = [sys.executable, "-c", "import time; time.sleep(60)"]  # silent, never listens
    with pytest.raises(RuntimeError, match=r"the server did not start: nothing in 0 s"):
        server.start()
    assert server.process is None  # killed and reaped, not left running


def test_a_server_that_fails_says_what_it_printed(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path / "site.db")
    server.args = [sys.executable, "-c", "print('drawpoker: error: no such store'); exit(2)"]
    with pytest.raises(RuntimeError, match="the server did not start: drawpoker: error: no such"):
        server.start()
