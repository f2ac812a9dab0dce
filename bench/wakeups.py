"""What one wake-up of a sleeping process costs this machine in CPU: the floor under a paced
site's CPU per action, whose every action wakes several processes (bench/site_load.py counts
them: ``server_wakeups_by_part``).

Two processes on two cores trade one byte over a unix socket pair, round after round. The echo
sleeps in ``recv`` until the byte comes, so each round wakes it once, and its CPU per round is
one wake-up plus a ``recv`` and a ``send``. Back to back, the cores never idle; with a pause
between rounds (7 ms: a paced site's 200 tables bring about one action every 7 ms) each round
starts on an idle core, which is how a paced site's processes meet their messages. The CPU
times are each process's own, user and system.

Run ``python -m bench.wakeups``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PAUSE = 0.007
"""Seconds between two rounds of the paced measure."""

MEASURES = ((0.0, 20_000), (PAUSE, 2_000))
"""The measures taken, as (pause, rounds): back to back, then paced."""

ECHO = """
import os, socket, sys
os.sched_setaffinity(0, {int(sys.argv[2])})
peer = socket.socket(fileno=int(sys.argv[1]))
while data := peer.recv(64):
    peer.send(data)
"""
"""The echo: sends back each byte it receives, until the socket closes."""


@dataclass
class RoundTrips:
    """CPU microseconds a round: of the echo (one wake-up, a ``recv`` and a ``send``) and of
    the side that sends first (with a pause, its own wake-up from the pause as well)."""

    pause: float
    rounds: int
    echo_us: float
    sender_us: float


def _cpu_seconds(pid: int) -> float:
    """The CPU seconds of a one-thread process, to the nanosecond (``/proc/PID/schedstat``:
    ``stat``'s clock ticks of 10 ms would be a sixth of a paced run's figure)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


def round_trips(pause: float, rounds: int) -> RoundTrips:
    """``rounds`` round trips with ``pause`` seconds between them (0: back to back), this
    process on one core and the echo on another (the same core on a one-core machine).

    >>> trips = round_trips(0.0, 200)
    >>> trips.rounds, trips.echo_us > 0
    (200, True)
    """
    cores = sorted(os.sched_getaffinity(0))
    mine, theirs = cores[0], cores[-1]
    here, there = socket.socketpair()
    echo = subprocess.Popen(
        [sys.executable, "-c", ECHO, str(there.fileno()), str(theirs)],
        pass_fds=[there.fileno()],
    )
    there.close()
    affinity = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {mine})
    try:
        here.send(b"x")  # the echo up and answering before the count starts
        here.recv(64)
        echo_before, sender_before = _cpu_seconds(echo.pid), time.process_time()
        for _ in range(rounds):
            if pause:
                time.sleep(pause)
            here.send(b"x")
            here.recv(64)
        echo_cpu = _cpu_seconds(echo.pid) - echo_before
        sender_cpu = time.process_time() - sender_before
    finally:
        os.sched_setaffinity(0, affinity)
        here.close()
        echo.wait(10)
    return RoundTrips(pause, rounds, 1e6 * echo_cpu / rounds, 1e6 * sender_cpu / rounds)


def main() -> None:
    """Prints each of :data:`MEASURES`."""
    for pause, rounds in MEASURES:
        trips = round_trips(pause, rounds)
        print(
            f"pause {1e3 * pause:g} ms, {rounds} rounds: the echo {trips.echo_us:.1f} us CPU a "
            f"round (one wake-up), the sender {trips.sender_us:.1f} us"
        )


if __name__ == "__main__":
    main()
