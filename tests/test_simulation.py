"""Simulations on any executor: the same seed gives the same summary with 1, 2 and 4 workers,
in this process, on a thread pool, a process pool and a 2-worker local Dask cluster; the
summary's figures checked from the game records; Dask batch evaluation."""

from __future__ import annotations

import math
import multiprocessing
import statistics
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import dask.array as da
import drawpoker.analysis.dask
import numpy as np
import pytest
from drawpoker import evaluate_batch
from drawpoker.cli import main
from drawpoker.engine import Action, GameSpec, Hand, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.matches.simulation import (
    GAME_SEED_STEP,
    Z95,
    SimulationSummary,
    process_pool,
    rate_estimate,
    simulate,
)
from drawpoker.table import TableSettings

GAMES = 12
RUN = {
    "games": GAMES,
    "bots": ["rules", "checkcall", "strong"],
    "players": 3,
    "table": TableSettings(rounds=3),
    "seed": 11,
    "chunk_size": 2,
}


@pytest.fixture(scope="module")
def here() -> SimulationSummary:
    return simulate("holdem", **RUN)  # type: ignore[arg-type]


@pytest.mark.parametrize("workers", [1, 2, 4])
def test_same_seed_same_summary_on_thread_pools(here: SimulationSummary, workers: int) -> None:
    with ThreadPoolExecutor(workers) as pool:
        assert simulate("holdem", executor=pool, **RUN) == here  # type: ignore[arg-type]


@pytest.mark.parametrize("workers", [1, 2, 4])
def test_same_seed_same_summary_on_process_pools(here: SimulationSummary, workers: int) -> None:
    with process_pool(workers) as pool:
        assert simulate("holdem", executor=pool, **RUN) == here  # type: ignore[arg-type]


def test_same_seed_same_summary_on_a_plain_spawned_process_pool(here: SimulationSummary) -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert simulate("holdem", executor=pool, **RUN) == here  # type: ignore[arg-type]


@pytest.mark.slow  # starts a local Dask cluster of worker processes
def test_same_seed_same_summary_on_a_local_dask_cluster(here: SimulationSummary) -> None:
    with drawpoker.analysis.dask.client(local_workers=2) as client:
        result = simulate("holdem", executor=client.get_executor(), **RUN)  # type: ignore[arg-type]
    assert result == here


def test_chunk_size_does_not_change_the_games(here: SimulationSummary) -> None:
    assert simulate("holdem", **{**RUN, "chunk_size": 5}) == here  # type: ignore[arg-type]


def test_summary_figures_follow_from_the_records(here: SimulationSummary) -> None:
    assert here.games == GAMES and here.unit == 100 and here.unit_name == "big blinds"
    assert here.hands == sum(r.hands for r in here.records)
    for record in here.records:
        assert sum(record.won) == 0  # chips move between seats, none are made
    for kind, figures in here.kinds.items():
        credits = [
            sum(1 for s in r.winners if r.kinds[s] == kind) / len(r.winners) for r in here.records
        ]
        assert figures.win_rate.value == pytest.approx(statistics.fmean(credits))
        # Wilson's score interval: the rates p whose normal test against the mean accepts it,
        # (mean - p)**2 = Z95**2 p (1 - p) / n, solved as a quadratic in p.
        mean, n, z2 = statistics.fmean(credits), GAMES, Z95**2
        a, b, c = 1 + z2 / n, -(2 * mean + z2 / n), mean**2
        roots = sorted((-b + sign * math.sqrt(b * b - 4 * a * c)) / (2 * a) for sign in (-1, 1))
        assert (figures.win_rate.low, figures.win_rate.high) == pytest.approx(roots)
        won = sum(
            sum(w for w, k in zip(r.won, r.kinds, strict=True) if k == kind) for r in here.records
        )
        hands = sum(r.hands * r.kinds.count(kind) for r in here.records)
        assert figures.per_100 is not None
        assert figures.per_100.value == pytest.approx(100 * won / 100 / hands)
        assert figures.per_100.low < figures.per_100.value < figures.per_100.high
    rates = sum(k.win_rate.value for k in here.kinds.values())
    assert rates == pytest.approx(1.0)


def test_simulate_command_workers_and_dask_local(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "holdem", "--games", "4", "--players", "2", "--rounds", "2"]
    argv += ["--bots", "checkcall,rules", "--seed", "5"]
    outputs = []
    for where in (["--workers", "1"], ["--workers", "2"], ["--dask-local", "2"]):
        assert main(argv + where) == 0
        out = capsys.readouterr().out
        outputs.append([line for line in out.splitlines()[2:]])  # past the header and speed
    assert outputs[0] == outputs[1] == outputs[2]
    assert any("big blinds per 100 hands" in line for line in outputs[0])


def test_simulate_command_on_a_scheduler_address(capsys: pytest.CaptureFixture[str]) -> None:
    from dask.distributed import LocalCluster

    argv = ["simulate", "--game", "holdem", "--games", "4", "--players", "2", "--rounds", "2"]
    argv += ["--bots", "checkcall,rules", "--seed", "5"]
    assert main([*argv, "--workers", "1"]) == 0
    here = capsys.readouterr().out.splitlines()
    with LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=None) as cluster:
        assert main([*argv, "--scheduler", cluster.scheduler_address]) == 0
    there = capsys.readouterr().out.splitlines()
    assert there[0].endswith(f"on the Dask cluster at {cluster.scheduler_address}")
    assert there[2:] == here[2:]


def test_the_largest_seed_plays_every_game() -> None:
    """Game n's seed wraps past 2**64 - 1 (it was refused, naming a seed nobody gave)."""
    table = TableSettings(rounds=1)
    summary = simulate(
        "holdem", games=3, bots=["checkcall"], players=2, table=table, seed=2**64 - 1
    )
    assert summary.games == 3
    again = simulate("holdem", games=3, bots=["checkcall"], players=2, table=table, seed=2**64 - 1)
    assert again == summary


def test_simulate_bad_input() -> None:
    with pytest.raises(InvalidArgumentError, match="games must be a positive integer"):
        simulate("holdem", games=0)
    with pytest.raises(InvalidArgumentError, match="games must be a whole number"):
        simulate("holdem", games=True)
    with pytest.raises(InvalidArgumentError, match="chunk_size must be a whole number"):
        simulate("holdem", chunk_size=2.0)  # type: ignore[arg-type]
    for seed in (-1, 2**64, True, 1.5):
        with pytest.raises(
            InvalidArgumentError, match=r"seed must be an integer in 0\.\.2\*\*64-1"
        ):
            simulate("holdem", seed=seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="unknown CPU types"):
        simulate("holdem", bots=["genius"])
    assert main(["simulate", "--workers", "0"]) == 2
    assert main(["simulate", "--scheduler", "tcp://x:1", "--dask-local", "2"]) == 2


def test_dask_evaluate_matches_evaluate_batch() -> None:
    rng = np.random.default_rng(3)
    rows = np.array([rng.permutation(52)[:7] for _ in range(1000)], dtype=np.uint8)
    lazy = drawpoker.analysis.dask.evaluate(da.from_array(rows, chunks=(128, 3)))
    assert lazy.chunks[0][0] == 128
    np.testing.assert_array_equal(lazy.compute(), evaluate_batch(rows))
    lowball = drawpoker.analysis.dask.evaluate(
        da.from_array(rows[:, :5], chunks=100), ranking="deuce-seven"
    )
    np.testing.assert_array_equal(lowball.compute(), evaluate_batch(rows[:, :5], "deuce-seven"))
    with pytest.raises(InvalidArgumentError, match="rows must have 5, 6 or 7 cards"):
        drawpoker.analysis.dask.evaluate(da.zeros((3, 4), dtype=np.uint8))


def test_win_rate_intervals_stay_inside_0_and_1_after_few_games() -> None:
    """No wins in 4 games: Wilson's interval is 0..0.490 (z**2/n / (1 + z**2/n)), where the
    normal one would be 0..0; half the games: 0.150..0.850, where the normal one reaches
    below 0 and above 1 (-0.066..1.066)."""
    none = rate_estimate([0.0] * 4)
    assert none.low == 0.0 and none.high == pytest.approx(0.4899, abs=1e-4)
    half = rate_estimate([1.0, 0.0, 1.0, 0.0])
    assert (half.low, half.high) == pytest.approx((0.1500, 0.8500), abs=1e-4)
    shared = rate_estimate([0.5, 1 / 3, 1.0, 0.0, 0.25])
    assert 0.0 <= shared.low < shared.value < shared.high <= 1.0


def checkcall_hand(hand: Hand) -> None:
    """Plays ``hand`` to its end as the check/call player does, from ``legal_actions()``:
    stand pat in a draw, post a bring-in, else check when it may, else call."""
    while hand.actor is not None:
        kinds = hand.legal_actions().kinds
        if hand.phase == "draw":
            hand.act(Action.draw())
        elif "bring-in" in kinds:
            hand.act(Action.bring_in())
        else:
            hand.act(Action.check() if "check" in kinds else Action.call())


def plain_checkcall_game(
    spec: GameSpec, players: int, settings: TableSettings, seed: int
) -> tuple[tuple[int, ...], int, tuple[int, ...], int]:
    """One game of check/call players played on bare ``Hand``s by the table's rules, written
    out here apart from the table: round ``n`` is hand number ``n`` of the game's seed; the
    button moves a seat a round past seats without chips (stud deals from seat 0); the game
    ends after its rounds or when one seat has chips. Returns each seat's chips won, the
    hands, the seats with the best score (chips, or hands won without betting) and the chips
    paid from pots."""
    betting = spec.betting is not None
    stacks = [(settings.stack or spec.default_stack) if betting else 0] * players
    start, points = list(stacks), [0] * players
    button, hands, pots = 0, 0, 0
    for number in range(1, settings.rounds + 1):
        if not spec.button_moves:
            button = players - 1
        while betting and spec.button_moves and stacks[button] == 0:
            button = (button + 1) % players
        hand = Hand(spec, stacks, button, seed, number=number)
        checkcall_hand(hand)
        hands, pots = hands + 1, pots + sum(hand.payouts)
        if betting:
            stacks = hand.stacks
        for seat in hand.winners:
            points[seat] += 1
        if betting and sum(1 for s in stacks if s > 0) < 2:
            break
        button = (button + 1) % players
    scores = stacks if betting else points
    best = tuple(s for s in range(players) if scores[s] == max(scores))
    won = tuple(end - begin for end, begin in zip(stacks, start, strict=True))
    return won, hands, best, pots


@pytest.mark.parametrize(
    ("name", "settings", "stack_in_stakes"),
    [
        ("holdem", None, None),
        ("holdem", None, 3),  # busts, a big blind all in at the deal, side pots
        ("stud", None, None),
        ("stud", None, 2),
        ("2-7-triple-draw", None, None),
        ("2-7-triple-draw", None, 3),
        ("five-card-draw", {"mode": "no-bet"}, None),
    ],
)
def test_checkcall_games_are_plain_hand_loops_by_the_table_rules(
    name: str, settings: dict[str, str] | None, stack_in_stakes: int | None
) -> None:
    """simulate's records for a seed, game by game, are those of check/call players on bare
    ``Hand``s (pins what simulate plays while its table and views are made faster)."""
    spec = game(name, settings)
    stack = None if stack_in_stakes is None else stack_in_stakes * spec.stake.chips
    table = TableSettings(stack=stack, rounds=8)
    summary = simulate(spec, games=6, bots=["checkcall"], players=5, table=table, seed=40)
    assert summary.games == 6
    for number, record in enumerate(summary.records):
        expected = plain_checkcall_game(spec, 5, table, 40 + GAME_SEED_STEP * number)
        assert (record.won, record.hands, record.winners, record.pots) == expected
