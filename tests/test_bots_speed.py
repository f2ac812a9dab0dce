"""Issue 32, "quick and steady": the tables the CPU players look things up in are shipped data
(:mod:`drawpoker.bots.tables`), read once per process and readied when the players are seated,
never computed during a game; each decision's equity work is bounded; and decisions replay from
their seeds whether the tables were just read or were already there. The time itself is
measured by bench/players.py, not here (no wall-clock limits in unit tests)."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

import pytest
from bot_matches import cpu_table
from drawpoker.bots import holdem, lowball_model, make_bot, omaha
from drawpoker.bots.seating import prepare
from drawpoker.bots.tables import shipped
from drawpoker.engine import Action, HandView, game
from drawpoker.table import Table, TableSettings

TABLE_GAMES = ("holdem", "omaha", "omaha-hi-lo", "2-7-single-draw", "2-7-triple-draw", "badugi")
"""The games whose players look things up in shipped tables."""

EQUITY = importlib.import_module("drawpoker.analysis.equity")

CACHES = (
    shipped,
    prepare,
    holdem._ranked_starting_hands,
    holdem.likely_range,
    omaha._points_spread,
    lowball_model.opponent_model,
)


@pytest.fixture
def cold_tables(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every table forgotten, as in a fresh process, and computing one an error."""

    def refuse(*args: object) -> None:
        raise AssertionError(f"a table was computed during a game: {args}")

    monkeypatch.setattr(holdem, "compute_preflop_strengths", refuse)
    monkeypatch.setattr(omaha, "compute_points_spread", refuse)
    monkeypatch.setattr(lowball_model, "simulate_finals", refuse)
    for cache in CACHES:
        cache.cache_clear()
    yield
    for cache in CACHES:
        cache.cache_clear()


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_tables_are_read_once_when_seated_and_never_computed(cold_tables: None, name: str) -> None:
    players = {s: make_bot("strong", seed=s, game=name) for s in range(4)}
    assert shipped.cache_info().misses == 1  # the file, read once for the four players
    assert (prepare.cache_info().misses, prepare.cache_info().hits) == (1, 3)
    built = [cache.cache_info().misses for cache in CACHES]
    table = Table(game(name), 4, seed=3, cpu=players, settings=TableSettings(rounds=3))
    table.play_cpu()
    assert table.is_over
    assert shipped.cache_info().misses == 1
    assert [cache.cache_info().misses for cache in CACHES[:3]] == built[:3]
    assert omaha._points_spread.cache_info().misses == built[4]
    assert lowball_model.opponent_model.cache_info().misses == built[5]


@pytest.mark.parametrize("name", ["holdem", "omaha-hi-lo", "badugi"])
def test_decisions_replay_from_cold_and_warm_tables(cold_tables: None, name: str) -> None:
    cold = cpu_table(name, ["strong", "strong", "rules"], seed=11, rounds=3)
    warm = cpu_table(name, ["strong", "strong", "rules"], seed=11, rounds=3)
    assert [h.to_dict() for h in cold.hands] == [h.to_dict() for h in warm.hands]


class CountingPlayer:
    """A CPU player that notes how many equity computations each of its decisions made."""

    def __init__(self, player: Any, calls: list[dict[str, Any]]) -> None:
        self.player, self.calls, self.per_decision = player, calls, list[int]()

    def choose(self, view: HandView) -> Action:
        before = len(self.calls)
        action: Action = self.player.choose(view)
        self.per_decision.append(len(self.calls) - before)
        return action


@pytest.mark.parametrize(
    ("name", "outcomes", "samples"), [("holdem", 2_000, 300), ("omaha", 2_000, 200)]
)
def test_each_decision_computes_a_bounded_equity(
    monkeypatch: pytest.MonkeyPatch, name: str, outcomes: int, samples: int
) -> None:
    calls: list[dict[str, Any]] = []
    exact = EQUITY.equity

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return exact(*args, **kwargs)

    for module in ("holdem", "omaha"):  # the bots' modules hold the name they call
        monkeypatch.setattr(importlib.import_module(f"drawpoker.bots.{module}"), "equity", counted)
    players = {s: CountingPlayer(make_bot("strong", seed=s, game=name), calls) for s in range(6)}
    table = Table(game(name), 6, seed=5, cpu=players, settings=TableSettings(rounds=4))
    table.play_cpu()
    assert calls, "the strong players computed no equity"
    assert all(c["max_outcomes"] <= outcomes and c["samples"] <= samples for c in calls)
    for seat in players.values():
        assert max(seat.per_decision) <= seat.player.samples  # one per sampled deal at most
