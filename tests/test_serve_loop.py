"""``drawpoker serve --loop``: the server runs on uvloop when it is installed (the serve
extra installs it), on asyncio's own loop when asked or when uvloop is missing, and says so
when ``--loop uvloop`` is asked without it. (Every test that starts ``drawpoker serve``, the
browser tests among them, plays on the default: uvloop.)"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from drawpoker.cli import main
from drawpoker.cli.serve import loop_factory
from drawpoker.errors import InvalidArgumentError


@pytest.mark.parametrize(
    ("options", "loop"),
    [((), "uvloop"), (("--loop", "uvloop"), "uvloop"), (("--loop", "asyncio"), "asyncio")],
)
def test_the_server_runs_on_the_loop_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...], loop: str
) -> None:
    ran_on: list[str] = []

    async def serve(server: uvicorn.Server, sockets: Any = None) -> None:
        ran_on.append(type(asyncio.get_running_loop()).__module__.split(".")[0])

    monkeypatch.setattr(uvicorn.Server, "serve", serve)
    db = str(tmp_path / "site.db")
    assert main(["serve", "--port", "0", "--db", db, *options]) == 1  # it never started
    assert ran_on == [loop]


def test_uvloop_asked_without_it_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # an import of it now fails
    assert loop_factory("auto") is None
    assert loop_factory("asyncio") is None
    with pytest.raises(InvalidArgumentError, match="--loop uvloop needs the uvloop package"):
        loop_factory("uvloop")
