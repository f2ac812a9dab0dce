"""``drawpoker simulate``: many games of CPU players of any registered game, in parallel, with a
progress bar (on a terminal; nothing when the progress stream is a file or a pipe) and a
summary per CPU type (:func:`drawpoker.matches.simulation.simulate` does the work).

What a user types::

    drawpoker simulate --games 50 --bots rules,strong,checkcall
    drawpoker simulate --game holdem --bots checkcall --players 9 --rounds 100 --workers 2
    drawpoker simulate --games 1000 --scheduler tcp://10.0.0.5:8786    # a Dask cluster
    drawpoker simulate --games 1000 --dask-local 4                      # a local Dask cluster

``--workers N`` runs the games on a pool of N processes (default: every core; 1 plays them in
this process); ``--scheduler`` and ``--dask-local`` need the ``dask`` extra
(``pip install drawpoker[dask]``). The same ``--seed`` gives the same summary whatever runs it.

Exit status: 0; 130 after Ctrl-C, when the summary of the games finished so far is printed
first; 2 for bad options.

>>> import argparse, io
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["--games", "2", "--players", "3", "--rounds", "2", "--seed", "1",
...                           "--workers", "1"])
>>> out = io.StringIO()
>>> simulate(args, out=out, progress=io.StringIO())
0
>>> "win rate" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import TextIO, TypeVar

from drawpoker.bots import CPU_KINDS
from drawpoker.cli.histories import HistoryLog, add_history_argument
from drawpoker.cli.options import (
    add_game_arguments,
    game_title,
    spec_from,
    table_settings_from,
)
from drawpoker.cli.play import EXIT_INTERRUPTED
from drawpoker.errors import InvalidArgumentError
from drawpoker.matches.simulation import checked_run, process_pool
from drawpoker.matches.simulation import simulate as run_simulation

NAME = "simulate"
HELP = "play many games of CPU players, in parallel or on a Dask cluster, and summarise who wins"
BAR_WIDTH = 30

Result = TypeVar("Result")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Games, CPU types per seat, where to run, the game, its settings and the table.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args([])
    >>> args.games, args.bots, args.players, args.game, args.workers == os.cpu_count()
    (20, 'rules,strong', 6, 'five-card-draw', True)
    """
    parser.add_argument(
        "--games", type=int, default=20, help="games to play (default: %(default)s)"
    )
    parser.add_argument(
        "--bots",
        default="rules,strong",
        help=f"CPU types dealt round the seats, comma-separated (known: {', '.join(CPU_KINDS)}; "
        "default: %(default)s)",
    )
    add_executor_arguments(parser, "games per task sent to a worker", 8)
    add_game_arguments(parser, players=6)
    add_history_argument(parser, "house")


def add_executor_arguments(parser: argparse.ArgumentParser, chunk_help: str, chunk: int) -> None:
    """Where the work runs: ``--workers``, ``--scheduler``, ``--dask-local`` and
    ``--chunk-size`` (``chunk_help`` says what a chunk counts, ``chunk`` is its default).

    >>> parser = argparse.ArgumentParser()
    >>> add_executor_arguments(parser, "deals per task", 2)
    >>> parser.parse_args(["--workers", "1"]).chunk_size
    2
    """
    where = parser.add_argument_group("where the work runs")
    where.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="processes to play on; 1 plays here (default: every core, %(default)s)",
    )
    where.add_argument(
        "--scheduler",
        default=None,
        metavar="tcp://HOST:PORT",
        help="play on the Dask cluster of this scheduler (needs drawpoker[dask]; default: none)",
    )
    where.add_argument(
        "--dask-local",
        type=int,
        default=None,
        metavar="N",
        help="start a local Dask cluster of N worker processes and play on it "
        "(needs drawpoker[dask]; default: none)",
    )
    where.add_argument(
        "--chunk-size", type=int, default=chunk, help=f"{chunk_help} (default: %(default)s)"
    )


def run(args: argparse.Namespace) -> int:
    """Runs the simulation on the terminal (summary on stdout, progress bar on stderr)."""
    return simulate(args, out=sys.stdout, progress=sys.stderr)


@contextlib.contextmanager
def executor_for(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor the options ask for: a Dask cluster's, a process pool, or none (1 worker).

    >>> with executor_for(argparse.Namespace(scheduler=None, dask_local=None, workers=1)) as e:
    ...     print(e)
    None
    """
    if args.scheduler is not None and args.dask_local is not None:
        raise InvalidArgumentError("give --scheduler or --dask-local, not both")
    if args.scheduler is not None or args.dask_local is not None:
        from drawpoker.analysis.dask import (
            client,  # dask extra: loaded only for --scheduler/--dask-local
        )

        if args.dask_local is not None and args.dask_local < 1:
            raise InvalidArgumentError(f"--dask-local must be at least 1, not {args.dask_local}")
        with client(args.scheduler, local_workers=args.dask_local) as dask_client:
            yield dask_client.get_executor(pure=False)  # every game played, none reused
        return
    if args.workers < 1:
        raise InvalidArgumentError(f"--workers must be at least 1, not {args.workers}")
    if args.workers == 1:
        yield None
        return
    with process_pool(args.workers) as pool:
        yield pool


def where(args: argparse.Namespace) -> str:
    """Where :func:`executor_for` runs the work, in words.

    >>> where(argparse.Namespace(scheduler=None, dask_local=None, workers=2))
    'on 2 processes'
    """
    if args.scheduler is not None:
        return f"on the Dask cluster at {args.scheduler}"
    if args.dask_local is not None:
        return f"on a local Dask cluster of {args.dask_local} workers"
    if args.workers == 1:
        return "in one process"
    return f"on {args.workers} processes"


def simulate(args: argparse.Namespace, out: TextIO, progress: TextIO) -> int:
    """Plays ``args.games`` games and writes the summary to ``out`` (the bar to ``progress``);
    returns the exit status. Ctrl-C (:class:`KeyboardInterrupt`) stops it: the summary then
    covers the games finished, and the status is :data:`~drawpoker.cli.play.EXIT_INTERRUPTED`.

    >>> import io
    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["--game", "holdem", "--games", "1", "--players", "2",
    ...                           "--rounds", "1", "--bots", "checkcall", "--seed", "4",
    ...                           "--workers", "1"])
    >>> out = io.StringIO()
    >>> simulate(args, out=out, progress=io.StringIO())
    0
    >>> print(out.getvalue().splitlines()[-1])
     checkcall: win rate 100.0% (95% CI 100.0%..100.0%), seat share 100.0%; +0.0 (95% CI n/a: \
one game) big blinds per 100 hands
    """
    spec = spec_from(args)
    settings = table_settings_from(args)
    log = HistoryLog.from_args(args)
    checked_run(
        spec,
        games=args.games,
        bots=args.bots.split(","),
        players=args.players,
        chunk_size=args.chunk_size,
        table=settings,
    )
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    counts = ", ".join(
        [
            f"{_count(args.games, 'game')} of {_count(args.players, 'player')}",
            f"up to {_count(settings.rounds, 'round')} each (seed {seed})",
        ]
    )
    summary = run_with_progress(
        args,
        out,
        progress,
        f"{game_title(spec)}: {counts}",
        lambda executor, on_progress: run_simulation(
            spec,
            games=args.games,
            bots=args.bots.split(","),
            players=args.players,
            table=settings,
            seed=seed,
            executor=executor,
            chunk_size=args.chunk_size,
            progress=on_progress,
            histories=log.view if log.path is not None else None,
        ),
    )
    if summary is None or not summary.games:
        out.write("Interrupted (Ctrl-C) before any game finished.\n")
        return EXIT_INTERRUPTED
    status = EXIT_INTERRUPTED if summary.interrupted else 0
    if summary.interrupted:
        out.write(
            f"Interrupted (Ctrl-C) after {summary.games} of {args.games} games: "
            "the summary covers those.\n"
        )
    for line in summary.lines():
        out.write(line + "\n")
    log.extend(summary.histories)
    saved = log.save()
    if saved is not None:
        out.write(saved + "\n")
    return status


def run_with_progress(
    args: argparse.Namespace,
    out: TextIO,
    progress: TextIO,
    header: str,
    run: Callable[[Executor | None, Callable[[int, int], None] | None], Result],
) -> Result | None:
    """Writes ``header`` and where the work runs to ``out``, then returns ``run(executor,
    on_progress)`` on the executor the options ask for (:func:`executor_for`), ``on_progress``
    drawing the bar on ``progress`` when it is a terminal (else ``None``). ``None`` when Ctrl-C
    came while the workers started or stopped.

    >>> import io
    >>> args = argparse.Namespace(scheduler=None, dask_local=None, workers=1)
    >>> out = io.StringIO()
    >>> run_with_progress(args, out, io.StringIO(), "Sums", lambda e, bar: (e, bar)), out.getvalue()
    ((None, None), 'Sums, in one process\\n')
    """
    bar = progress.isatty()
    result = None
    try:
        with executor_for(args) as executor:
            out.write(f"{header}, {where(args)}\n")
            result = run(
                executor, (lambda done, total: draw_bar(progress, done, total)) if bar else None
            )
    except KeyboardInterrupt:  # while the workers start or stop, outside the work's loop
        pass
    if bar:
        progress.write("\n")
    return result


def _count(number: int, noun: str) -> str:
    """``number`` ``noun``, the noun plural unless the number is 1.

    >>> _count(1, "player"), _count(6, "player")
    ('1 player', '6 players')
    """
    return f"{number} {noun}{'' if number == 1 else 's'}"


def draw_bar(stream: TextIO, done: int, total: int) -> None:
    """Draws the progress bar over itself on ``stream``.

    >>> import io
    >>> out = io.StringIO(); draw_bar(out, 1, 3); out.getvalue()
    '\\r[##########....................] 1/3'
    """
    filled = BAR_WIDTH * done // total
    stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}")
    stream.flush()
