"""Simulations of many games of CPU players, on any :class:`concurrent.futures.Executor`.

The games are cut into chunks of ``chunk_size`` games; game ``n`` is always dealt from
``seed + 7919 * n`` (modulo 2**64) and its CPU players from that seed too, so the same seed
gives the same summary whatever the executor (none, a thread or process pool, a Dask cluster's
``Client.get_executor()``) and however many workers it has. Chunks are sent as plain data (the
game as :meth:`~drawpoker.engine.GameSpec.to_dict`), so any executor that pickles works.

The summary gives, per CPU type, its win rate (a game's winners share the win) and the chips
it won per 100 hands (in big blinds, or the game's betting unit), each with a 95% confidence
interval over games (the win rate's by Wilson's score method, the chips' by the delta method
for a ratio).

>>> summary = simulate("holdem", games=4, bots=["checkcall", "rules"], players=2,
...                    table=TableSettings(rounds=3), seed=1)
>>> summary.games, summary.hands, sorted(summary.kinds)
(4, 12, ['checkcall', 'rules'])
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     threaded = simulate("holdem", games=4, bots=["checkcall", "rules"], players=2,
...                         table=TableSettings(rounds=3), seed=1, executor=pool, chunk_size=1)
>>> threaded == summary
True
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from drawpoker.bots import CPU_KINDS, make_bot
from drawpoker.engine import GameSpec, game, spec_from_dict
from drawpoker.engine.validate import positive
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.errors import InvalidArgumentError
from drawpoker.history import History, from_hand
from drawpoker.table import Table, TableSettings
from drawpoker.validate import SEED_MAX

Played = TypeVar("Played")
"""What a chunk's task returns a list of (a game's record, a deal's results)."""

GAME_SEED_STEP = 7919
"""Game ``n`` of a simulation is dealt from ``seed + GAME_SEED_STEP * n`` (modulo
:data:`~drawpoker.validate.SEED_MAX` + 1, so that every seed plays every game)."""

IN_FLIGHT = 64
"""Most chunks a simulation has sent to its executor and not yet received back."""

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game: each seat's CPU type, chips won (final minus starting stack; 0 in
    no-bet games), the hands dealt, the seats that won (equal best scores) and the chips won
    from pots.

    >>> GameRecord(("rules", "strong"), (100, -100), 10, (0,), 500).winners
    (0,)
    """

    kinds: tuple[str, ...]
    won: tuple[int, ...]
    hands: int
    winners: tuple[int, ...]
    pots: int
    histories: tuple[History, ...] = field(default=(), compare=False, repr=False)
    """The game's hands as PHH histories (:mod:`drawpoker.history`), when they were asked for."""


def chip_unit(spec: GameSpec) -> tuple[int, str]:
    """The chips that results per 100 hands are counted in, and their name: the game's
    :attr:`~drawpoker.engine.GameSpec.stake` (the big blind, else what stands for it).

    >>> chip_unit(game("holdem")), chip_unit(game("five-card-draw"))
    ((100, 'big blinds'), (20, 'units (20 chips)'))
    """
    chips, name = spec.stake
    if name == "big blind":
        return chips, "big blinds"
    return chips, f"{name}s ({chips} chips)"


def play_chunk(
    spec_data: GameSpec | Mapping[str, Any],
    table: TableSettings,
    kinds: Sequence[str],
    players: int,
    seed: int,
    numbers: Sequence[int],
    histories: str | None = None,
) -> list[GameRecord]:
    """Plays the games ``numbers`` of a simulation (a module-level function, so that process
    pools and Dask can send it to workers) of the game ``spec_data``: the spec itself, or its
    plain data (:meth:`~drawpoker.engine.GameSpec.to_dict`) for a worker; ``histories``
    ``"house"`` or ``"seat"`` keeps each game's hands as PHH histories, every card or the first
    seat's own copy (the table number is the game's number plus one).

    >>> [r.hands for r in play_chunk(game("holdem").to_dict(), TableSettings(rounds=2),
    ...                              ["checkcall"], 2, 0, [0, 1])]
    [2, 2]
    """
    spec = spec_data if isinstance(spec_data, GameSpec) else spec_from_dict(dict(spec_data))
    records = []
    for number in numbers:
        seat_kinds = tuple(kinds[(number + s) % len(kinds)] for s in range(players))
        game_seed = (seed + GAME_SEED_STEP * number) % (SEED_MAX + 1)
        cpu = {
            s: make_bot(kind, seed=game_seed + s, game=spec.name)
            for s, kind in enumerate(seat_kinds)
        }
        names = [f"{kind} {s + 1}" for s, kind in enumerate(seat_kinds)]
        played = Table(spec, names, seed=game_seed, settings=table, cpu=cpu)
        start = list(played.stacks)
        played.play_cpu()
        records.append(
            GameRecord(
                kinds=seat_kinds,
                won=tuple(end - begin for end, begin in zip(played.stacks, start, strict=True)),
                hands=len(played.hands),
                winners=tuple(s.seat for s in played.standings() if s.place == 1),
                pots=sum(sum(hand.payouts) for hand in played.hands),
                histories=_histories(played, number + 1, histories),
            )
        )
    return records


def _histories(played: Table, number: int, view: str | None) -> tuple[History, ...]:
    if view is None:
        return ()
    seat = 0 if view == "seat" else None
    return tuple(
        from_hand(hand, seat=seat, players=played.names, table=number)
        for hand in played.hands
        if hand.is_over
    )


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% confidence interval.

    >>> Estimate(0.5, 0.4, 0.6).text("{:.0%}")
    '50% (95% CI 40%..60%)'
    """

    value: float
    low: float
    high: float

    def text(self, form: str = "{:.3f}") -> str:
        """The estimate and its interval, each written with ``form``."""
        if math.isnan(self.low):
            return f"{form.format(self.value)} (95% CI n/a: one game)"
        low, high = form.format(self.low), form.format(self.high)
        return f"{form.format(self.value)} (95% CI {low}..{high})"


def rate_estimate(values: Sequence[float]) -> Estimate:
    """The mean of per-game shares of a win (each in [0, 1]) with a Wilson score 95% interval
    over games, which stays inside [0, 1] and does not shrink to nothing after a few games all
    won or all lost. A share of at most 1 with mean p has at most the variance p(1 - p) of a
    whole win or loss, so the interval is Wilson's for wins counted whole, and a little wide
    where wins are shared (Wilson, "Probable inference, the law of succession, and statistical
    inference", JASA 22, 1927).

    >>> rate_estimate([1.0, 0.0, 1.0, 0.0])
    Estimate(value=0.5, low=0.1500..., high=0.8499...)
    >>> rate_estimate([1.0, 1.0, 1.0, 1.0])
    Estimate(value=1.0, low=0.5101..., high=1.0)
    """
    n = len(values)
    rate = math.fsum(values) / n
    if n < 2:
        return Estimate(rate, math.nan, math.nan)
    z2 = Z95 * Z95
    centre = (rate + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(rate * (1 - rate) / n + z2 / (4 * n * n))
    return Estimate(rate, max(0.0, centre - half), min(1.0, centre + half))


def ratio_estimate(numerators: Sequence[float], denominators: Sequence[float]) -> Estimate:
    """The ratio of sums with a 95% interval by the delta method (per-game pairs).

    >>> ratio_estimate([2.0, 4.0], [1.0, 2.0])
    Estimate(value=2.0, low=2.0, high=2.0)
    """
    n = len(numerators)
    total = math.fsum(denominators)
    ratio = math.fsum(numerators) / total
    if n < 2:
        return Estimate(ratio, math.nan, math.nan)
    residuals = [y - ratio * x for y, x in zip(numerators, denominators, strict=True)]
    variance = math.fsum(r * r for r in residuals) / (n - 1)
    half = Z95 * math.sqrt(variance / n) / (total / n)
    return Estimate(ratio, ratio - half, ratio + half)


@dataclass(frozen=True)
class KindSummary:
    """One CPU type's results: seats played, win rate, and chips won per 100 hands in the
    simulation's unit (``None`` in no-bet games).

    >>> KindSummary(2, Estimate(0.5, 0.4, 0.6), None).seats
    2
    """

    seats: int
    win_rate: Estimate
    per_100: Estimate | None


@dataclass(frozen=True)
class SimulationSummary:
    """What a simulation came to (``elapsed`` and ``workers`` do not count in comparisons: the
    same seed gives an equal summary on any executor).

    >>> s = simulate("holdem", games=2, bots=["checkcall"], players=2,
    ...              table=TableSettings(rounds=1), seed=3)
    >>> s.kinds["checkcall"].win_rate.value
    1.0
    """

    game: str
    games: int
    players: int
    hands: int
    pots: int
    unit: int
    unit_name: str
    betting: bool
    kinds: dict[str, KindSummary]
    records: tuple[GameRecord, ...] = field(repr=False)
    elapsed: float = field(default=0.0, compare=False)
    interrupted: bool = field(default=False, compare=False)

    @property
    def histories(self) -> list[History]:
        """Every game's hands as PHH histories, in game order (empty unless the simulation was
        asked for them).

        >>> s = simulate("holdem", games=2, bots=["checkcall"], players=2,
        ...              table=TableSettings(rounds=2), seed=3, histories="house")
        >>> [h.values["table"] for h in s.histories]
        [1, 1, 2, 2]
        """
        return [history for record in self.records for history in record.histories]

    def lines(self) -> list[str]:
        """The summary as printed by ``drawpoker simulate``.

        >>> s = simulate("holdem", games=2, bots=["checkcall", "rules"], players=2,
        ...              table=TableSettings(rounds=2), seed=3)
        >>> s.lines()[0]
        '2 games, 4 hands in ... s (... hands/s)'
        """
        rate = self.hands / self.elapsed if self.elapsed > 0 else 0.0
        lines = [
            f"{self.games} games, {self.hands} hands in {self.elapsed:.2f} s ({rate:,.0f} hands/s)"
        ]
        if self.betting:
            lines.append(f"average pot: {self.pots / max(self.hands, 1):,.1f} chips")
        for kind in sorted(self.kinds):
            k = self.kinds[kind]
            share = k.seats / (self.games * self.players)
            line = f"{kind:>10}: win rate {k.win_rate.text('{:.1%}')}, seat share {share:.1%}"
            if k.per_100 is not None:
                line += f"; {k.per_100.text('{:+.1f}')} {self.unit_name} per 100 hands"
            lines.append(line)
        return lines


def summarize(
    spec: GameSpec,
    players: int,
    records: Sequence[GameRecord],
    elapsed: float = 0.0,
    interrupted: bool = False,
) -> SimulationSummary:
    """The summary of some games' records (in game order).

    >>> records = play_chunk(game("holdem").to_dict(), TableSettings(rounds=2), ["checkcall"],
    ...                      2, 0, [0, 1])
    >>> summarize(game("holdem"), 2, records).hands
    4
    """
    unit, unit_name = chip_unit(spec)
    betting = spec.betting is not None
    kinds = sorted({k for r in records for k in r.kinds})
    summaries = {}
    for kind in kinds:
        credits, won, hands = [], [], []
        for r in records:
            seats = [s for s, k in enumerate(r.kinds) if k == kind]
            credits.append(sum(1 for s in r.winners if s in seats) / len(r.winners))
            won.append(sum(r.won[s] for s in seats) / unit)
            hands.append(len(seats) * r.hands / 100)
        per_100 = ratio_estimate(won, hands) if betting and sum(hands) > 0 else None
        seats_played = sum(r.kinds.count(kind) for r in records)
        if seats_played == players * len(records):  # every seat: it wins every game, surely
            win_rate = Estimate(1.0, 1.0, 1.0)
        else:
            win_rate = rate_estimate(credits)
        summaries[kind] = KindSummary(seats_played, win_rate, per_100)
    return SimulationSummary(
        game=spec.name,
        games=len(records),
        players=players,
        hands=sum(r.hands for r in records),
        pots=sum(r.pots for r in records),
        unit=unit,
        unit_name=unit_name,
        betting=betting,
        kinds=summaries,
        records=tuple(records),
        elapsed=elapsed,
        interrupted=interrupted,
    )


def _one_core_each() -> None:
    """Runs in each new worker process: one thread for the core's parallel work, so that N
    workers on N cores do not each start a pool of N threads."""
    os.environ["RAYON_NUM_THREADS"] = "1"


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` fresh (spawned) processes, one core's thread pool each. Spawned,
    not forked: a child forked after the core's thread pool has started would inherit a pool
    without its threads.

    >>> with process_pool(1) as pool:
    ...     pool.submit(sum, [1, 2]).result()
    3
    """
    return ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_one_core_each
    )


def _chunks(games: int, size: int) -> list[list[int]]:
    return [list(range(start, min(start + size, games))) for start in range(0, games, size)]


def checked_run(
    spec: GameSpec,
    *,
    games: int,
    bots: Iterable[str],
    players: int,
    chunk_size: int,
    table: TableSettings,
) -> list[str]:
    """Checks a simulation's games, CPU types, players and chunk size before any game is
    played (or anything said about it); returns the CPU types.

    >>> checked_run(game("holdem"), games=3, bots=["rules", " strong"], players=2,
    ...             chunk_size=8, table=TableSettings())
    ['rules', 'strong']
    >>> checked_run(game("holdem"), games=-5, bots=["rules"], players=2, chunk_size=8,
    ...             table=TableSettings())
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: games must be a positive integer, not -5
    """
    kinds = [k.strip() for k in bots if k.strip()]
    unknown = [k for k in kinds if k not in CPU_KINDS]
    if unknown or not kinds:
        raise InvalidArgumentError(f"unknown CPU types {unknown} (known: {', '.join(CPU_KINDS)})")
    positive("games", games)
    positive("chunk_size", chunk_size)
    Table(spec, players, settings=table)  # checks the seat count before any work is sent
    return kinds


def run_chunks(
    task: Callable[[list[int]], list[Played]],
    chunks: Sequence[list[int]],
    executor: Executor | None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Played], bool]:
    """``task(numbers)`` for every chunk of numbers, on ``executor`` (``None``: here, one number
    at a time so that ``progress(done, total)`` follows each), with at most :data:`IN_FLIGHT`
    chunks sent and not received back. Returns the results in the chunks' order and whether
    Ctrl-C (:class:`KeyboardInterrupt`) stopped it (then only the chunks finished count, and the
    others are cancelled). ``task`` must pickle for a process pool: a module-level function or
    a :func:`functools.partial` of one.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     run_chunks(partial(sorted, reverse=True), [[1, 2], [3]], pool)
    ([2, 1, 3], False)
    """
    total = sum(len(numbers) for numbers in chunks)
    results: list[list[Played] | None] = [None] * len(chunks)
    done = 0
    interrupted = False
    futures: dict[Future[list[Played]], int] = {}
    try:
        if executor is None:
            for i, numbers in enumerate(chunks):
                played: list[Played] = []
                results[i] = played
                for number in numbers:
                    played += task([number])
                    done += 1
                    if progress:
                        progress(done, total)
        else:
            next_chunk = 0
            while next_chunk < len(chunks) or futures:
                # A window of chunks in flight: a million games are not a million futures,
                # and Ctrl-C has little to cancel.
                while next_chunk < len(chunks) and len(futures) < IN_FLIGHT:
                    futures[executor.submit(task, chunks[next_chunk])] = next_chunk
                    next_chunk += 1
                finished, _ = wait(futures, return_when=FIRST_COMPLETED)
                for future in finished:
                    i = futures.pop(future)
                    results[i] = future.result()
                    done += len(chunks[i])
                    if progress:
                        progress(done, total)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        for future in futures:
            future.cancel()
    return [r for chunk in results if chunk is not None for r in chunk], interrupted


def simulate(
    game_name: str | GameSpec = "five-card-draw",
    *,
    games: int = 20,
    bots: Iterable[str] = ("rules", "strong"),
    players: int = 6,
    settings: Mapping[str, Any] | None = None,
    table: TableSettings | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    chunk_size: int = 8,
    progress: Callable[[int, int], None] | None = None,
    histories: str | None = None,
) -> SimulationSummary:
    """Plays ``games`` games of ``players`` CPU players of ``game_name`` and summarises them.

    ``game_name`` is a registered game or a :class:`~drawpoker.engine.GameSpec`. Seats get the
    CPU types ``bots`` in turn, rotated one seat each game so no type keeps the first button.
    ``settings`` are the game's settings by field name (the others default); ``executor`` runs
    the chunks (``None``: here, one after another); ``progress(done, total)`` is called as games
    finish; ``histories`` (``"house"`` or ``"seat"``) keeps every game's hands as PHH histories
    in its record (:attr:`SimulationSummary.histories`). On Ctrl-C (:class:`KeyboardInterrupt`)
    the chunks not finished are cancelled and the summary of the games finished so far comes
    back with ``interrupted`` set.

    >>> simulate("holdem", games=1, bots=["nobody"])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: unknown CPU types ['nobody'] (known: checkcall, \
rules, strong, ...)
    """
    if isinstance(game_name, GameSpec):
        spec = game_name
    else:
        spec = game(game_name, dict(settings) if settings else None)
    table = table or TableSettings()
    kinds = checked_run(
        spec, games=games, bots=bots, players=players, chunk_size=chunk_size, table=table
    )
    seed = checked_seed("seed", seed)
    if histories not in (None, "house", "seat"):
        raise InvalidArgumentError(f"histories must be None, 'house' or 'seat', not {histories!r}")
    # here, the spec itself: rebuilding it from its data took 0.2-0.4 ms a game, a fifth to a
    # third of a ten-hand check/call game
    sent = spec if executor is None else spec.to_dict()
    task = partial(play_chunk, sent, table, kinds, players, seed, histories=histories)
    start = time.perf_counter()
    records, interrupted = run_chunks(task, _chunks(games, chunk_size), executor, progress)
    return summarize(spec, players, records, time.perf_counter() - start, interrupted)
