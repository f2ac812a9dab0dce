"""Table-engine speed: complete 6-player Five-Card Draw hands per second.

Goals (issue 5): >= 10,000 hands/s with check/call/stand-pat players, >= 2,000 with rules-of-thumb
CPU players. Run ``pytest bench/bench_engine.py`` (pytest-benchmark), or
``python bench/bench_engine.py`` for hands/s figures including PokerKit playing the same game.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from engine_workloads import check_call_bot_hands, check_call_hands, rules_of_thumb_hands

HANDS = 200


def test_check_call_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(check_call_hands, HANDS) == HANDS * 18


def test_check_call_bot_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(check_call_bot_hands, HANDS) == HANDS * 18


def test_rules_of_thumb_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(rules_of_thumb_hands, HANDS) > HANDS * 6


if __name__ == "__main__":
    from peers.engine import measure

    for figure in measure():
        print(f"{figure.task:60} {figure.library:10} {figure.value or 0:12,.0f} {figure.unit}")
