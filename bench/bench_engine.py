"""Table-engine speed: complete 6-player Five-Card Draw, no-limit Hold'em, pot-limit Omaha and
2-7 triple draw hands per second.

Run ``pytest bench/bench_engine.py`` (pytest-benchmark); the figures beside the peers playing the
same games come from ``python -m bench.compare engine holdem games`` (bench/peers/engine.py,
holdem.py, games.py).
"""

from __future__ import annotations

from typing import Any

from bench.engine_workloads import (
    check_call_bot_hands,
    check_call_hands,
    holdem_check_call_hands,
    holdem_rules_of_thumb_hands,
    omaha_check_call_hands,
    omaha_rules_of_thumb_hands,
    rules_of_thumb_hands,
    strong_hands,
    triple_draw_check_call_hands,
    triple_draw_drawing_hands,
    triple_draw_rules_of_thumb_hands,
)

HANDS = 200
STRONG_HANDS = 20  # about 6 ms a hand: an exact draw analysis per seat
ROT_HANDS = 50  # Omaha's rules read every board over all two-card holdings


def test_check_call_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(check_call_hands, HANDS) == HANDS * 18


def test_check_call_bot_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(check_call_bot_hands, HANDS) == HANDS * 18


def test_rules_of_thumb_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(rules_of_thumb_hands, HANDS) > HANDS * 6


def test_strong_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = STRONG_HANDS
    assert benchmark(strong_hands, STRONG_HANDS) > STRONG_HANDS * 6


def test_holdem_check_call_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(holdem_check_call_hands, HANDS) == HANDS * 24


def test_holdem_rules_of_thumb_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(holdem_rules_of_thumb_hands, HANDS) > HANDS * 5


def test_omaha_check_call_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(omaha_check_call_hands, HANDS) == HANDS * 24


def test_triple_draw_check_call_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(triple_draw_check_call_hands, HANDS) == HANDS * 42


def test_triple_draw_drawing_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = HANDS
    assert benchmark(triple_draw_drawing_hands, HANDS) == HANDS * 42


def test_omaha_rules_of_thumb_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = ROT_HANDS
    assert benchmark(omaha_rules_of_thumb_hands, ROT_HANDS) > ROT_HANDS * 5


def test_triple_draw_rules_of_thumb_hands(benchmark: Any) -> None:
    benchmark.extra_info["hands"] = ROT_HANDS
    assert benchmark(triple_draw_rules_of_thumb_hands, ROT_HANDS) > ROT_HANDS * 5
