"""Ctrl-C stops every long call: a child process starts one, gets SIGINT a second into it, and
must raise KeyboardInterrupt soon after, with no worker thread left computing.

This is the one test here with a time bound, by design: what it checks is how soon a call
answers a signal. The calls look for one every 50 ms and stop within a few tenths of a second
when the machine is idle; the bound is ten times that, since a shared machine can stall a
process for a second or more.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

pytestmark = pytest.mark.slow

STOP_WITHIN = 5.0
"""Seconds from SIGINT to KeyboardInterrupt that a call may take (see above)."""

# Each call takes minutes to days unless stopped.
LONG_CALLS = {
    "equity, Monte Carlo with 10**12 samples": (
        "drawpoker.equity(['AsKs', 'QhQd'], max_outcomes=0, samples=10**12)"
    ),
    "equity, 1.8e10 stud deals walked": (
        "drawpoker.equity(['As Ks Qs', 'Ah Kh Qh'], game='stud', max_outcomes=10**12)"
    ),
    "draw_equity heads-up, five cards each": "drawpoker.draw_equity([('', 5), ('', 5)])",
    "draw_equity multiway, 1.5e11 joint draws walked": (
        "drawpoker.draw_equity([('As Ks Qs', 2), ('Ah Kh', 3), ('Ad Kd', 3)], budget=10**12)"
    ),
    "draw_equity multiway, Monte Carlo": (
        "drawpoker.draw_equity([('', 5)] * 3, budget=0, samples=10**12)"
    ),
    "equity_batch, 2,000,000 rows": (
        "drawpoker.equity_batch(np.tile(np.uint8([51, 47]), (2_000_000, 1)),"
        " np.tile(np.uint8([42, 41]), (2_000_000, 1)))"
    ),
    "draw_category_counts_batch, 1,000,000 five-card draws": (
        "drawpoker.draw_category_counts_batch(np.tile(np.uint8([0, 5, 10, 15, 20]),"
        " (1_000_000, 1)), np.full(1_000_000, 31, dtype=np.uint8))"
    ),
}

HANG_GUARD = 300.0
"""Seconds after which a child that has not finished is killed (a hang, not a timing)."""

CHILD = """
import sys, time
import numpy as np
import drawpoker
call = compile(sys.argv[1], "<call>", "eval")
print("started", flush=True)
try:
    eval(call)
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    # A worker still computing would burn CPU time while this thread sleeps.
    before = time.process_time()
    time.sleep(0.5)
    print(f"idle cpu {time.process_time() - before:.3f}", flush=True)
"""


def interrupt_after_a_second(command: list[str]) -> tuple[float, float, list[str], int]:
    """Starts ``command``, sends SIGINT a second after it prints ``started``; returns the
    seconds from the signal to its next line and to its exit, its output after the signal and
    its exit status."""
    child = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # with Ctrl-C as a terminal gives it, even when pytest was not (conftest.py)
    assert child.stdout is not None
    # A child that never answers is killed (its reads then end) instead of hanging the suite.
    watchdog = threading.Timer(HANG_GUARD, child.kill)
    watchdog.start()
    try:
        first = child.stdout.readline()
        assert first.strip() == "started", first
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        answer = child.stdout.readline()
        answered_after = time.perf_counter() - sent
        rest = child.stdout.read()
        status = child.wait(timeout=60)
        exited_after = time.perf_counter() - sent
    finally:
        watchdog.cancel()
        child.kill()
        child.wait()
    return answered_after, exited_after, [answer.strip(), *rest.split("\n")], status


@pytest.mark.parametrize("call", list(LONG_CALLS.values()), ids=list(LONG_CALLS))
def test_a_long_call_stops_on_ctrl_c(call: str) -> None:
    stopped_after, _, lines, status = interrupt_after_a_second([sys.executable, "-c", CHILD, call])
    assert lines[0] == "interrupted", lines
    assert stopped_after < STOP_WITHIN, f"stopped {stopped_after:.2f} s after SIGINT"
    idle = float(lines[1].removeprefix("idle cpu "))
    assert idle < 0.25, f"{idle} s of CPU while idle: a worker kept running"
    assert status == 0


def test_a_simulation_stops_on_ctrl_c_with_its_summary() -> None:
    # The CLI loop is Python, between hands: it says what it had played (the summary of the games
    # finished, if any) and exits with 130.
    wrapper = (
        "import sys; from drawpoker.cli import main; print('started', flush=True);"
        " sys.exit(main(sys.argv[1:]))"
    )
    command = [sys.executable, "-c", wrapper, "simulate", "--games", "1000000", "--seed", "1"]
    _, exited_after, lines, status = interrupt_after_a_second(command)
    assert status == 130, lines
    assert any(line.startswith("Interrupted (Ctrl-C)") for line in lines), lines
    assert exited_after < STOP_WITHIN, f"exited {exited_after:.2f} s after SIGINT"


def test_a_child_of_the_suite_gets_ctrl_c_as_from_a_terminal() -> None:
    # Even when pytest was started with SIGINT ignored (conftest.py): run the suite as
    # `bash -c "trap '' INT; pytest ..."` to see it.
    check = "import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"
    answer = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True
    ).stdout
    assert answer.strip() == "True"
