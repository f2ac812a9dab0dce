"""Issue 25's terminal and library defects (items 6 to 11), each through the command a person
types: ``drawpoker play``, ``simulate``, ``eval``, ``history show`` and ``--help``."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from drawpoker.cli import main

DRAWPOKER = str(Path(sys.executable).with_name("drawpoker"))
"""The venv's ``drawpoker`` command."""


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [DRAWPOKER, *argv], capture_output=True, text=True, check=False, timeout=300
    )


# ---------------------------------------------------------------- item 10


@pytest.mark.parametrize(
    ("option", "error"),
    [
        ("--games=-5", "games must be a positive integer, not -5"),
        ("--bots=foo", "unknown CPU types ['foo']"),
        ("--players=7", "7 players: five-card-draw seats 2..6"),
        ("--chunk-size=0", "chunk_size must be a positive integer, not 0"),
    ],
)
def test_defect_10_simulate_checks_every_argument_before_printing(
    option: str, error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", option, "--workers", "1"]) == 2
    out = capsys.readouterr().out
    assert out == f"error: {error}" + out[len(error) + 7 :]
    assert "games of" not in out and out.count("\n") == 1


def test_defect_10_one_player_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "1", "--workers", "1"]) == 2
    assert capsys.readouterr().out == "error: 1 player: five-card-draw seats 2..6\n"
    argv = ["simulate", "--game", "holdem", "--players", "2", "--games", "1", "--rounds", "1"]
    assert main([*argv, "--workers", "1", "--seed", "1"]) == 0
    assert "1 game of 2 players, up to 1 round each" in capsys.readouterr().out


def test_defect_10_eval_of_a_joker_names_the_joker_ranking(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["eval", "Jk As Ad Ah Ac"]) == 2
    out = capsys.readouterr().out
    assert "--ranking joker" in out and "out of range" not in out
    assert main(["eval", "Jk As Ad Ah Ac", "--ranking", "joker"]) == 0
    assert "Five of a kind" in capsys.readouterr().out


def test_defect_10_no_progress_frames_when_the_stream_is_not_a_terminal() -> None:
    result = run(
        "simulate", "--game", "holdem", "--players", "2", "--games", "3", "--rounds", "1",
        "--workers", "1", "--seed", "2",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "\r" not in result.stderr and "#" not in result.stderr
    assert "3 games of 2 players" in result.stdout


# ---------------------------------------------------------------- item 11


@pytest.fixture
def garbage_server() -> Iterator[str]:
    """A TCP server on the loopback that answers every connection with bytes that are not the
    Dask protocol (an HTTP reply), then closes it; yields its ``tcp://`` address."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            with connection:
                connection.sendall(b"HTTP/1.1 200 OK\r\n\r\nnot a scheduler" * 20)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    host, port = listener.getsockname()
    yield f"tcp://{host}:{port}"
    stop.set()
    thread.join()
    listener.close()


def test_defect_11_a_scheduler_address_where_no_dask_scheduler_answers(
    garbage_server: str,
) -> None:
    result = run("simulate", "--games", "2", "--scheduler", garbage_server)
    assert result.returncode == 2
    assert result.stdout == (
        f"error: no Dask scheduler at {garbage_server}: what answered does not speak the Dask "
        "protocol (MemoryError)\n"
    )
    assert "Traceback" not in result.stderr
