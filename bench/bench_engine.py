"""Table-engine speed: complete 6-player Five-Card Draw hands per second.

Goals (issue 5): >= 10,000 hands/s with check/call/stand-pat players, >= 2,000 with rules-of-thumb
CPU players. Run ``pytest bench/bench_engine.py`` (pytest-benchmark); the figures beside PokerKit
playing the same game come from ``python -m bench.compare engine`` (bench/peers/engine.py).
"""

from __future__ import annotations

from typing import Any

from bench.engine_workloads import check_call_bot_hands, check_call_hands, rules_of_thumb_hands

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
