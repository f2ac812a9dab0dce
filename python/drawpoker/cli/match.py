"""``drawpoker match``: a duplicate match between CPU types or player classes of any registered
game, in parallel, with a progress bar and each player's rate (:func:`drawpoker.match` does the
work).

What a user types::

    drawpoker match strong stabber --game holdem --deals 2000 --seed 1
    drawpoker match rules snow --deals 5000 --workers 2          # Five-Card Draw
    drawpoker match strong rules checkcall --game badugi --seats 3
    drawpoker match strong mybots:Shark --game holdem            # a class of one's own

A player is a CPU type (``drawpoker match --help`` lists them) or ``module:Class``, a class
(or any callable taking a ``seed`` keyword) that returns a player. ``--workers``,
``--scheduler`` and ``--dask-local`` choose where the sessions run, as for ``drawpoker
simulate``; the same ``--seed`` gives the same figures whatever runs them.

Exit status: 0; 130 after Ctrl-C, when the figures of the sessions finished so far are printed
first; 2 for bad options.

>>> import argparse, io
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["rules", "station", "--game", "holdem", "--deals", "4",
...                           "--seed", "1", "--workers", "1"])
>>> out = io.StringIO()
>>> match(args, out=out, progress=io.StringIO())
0
>>> print(out.getvalue().splitlines()[0])
Texas Hold'em, no limit: duplicate match of rules, station over 4 deals at 2 seats (seed 1), \
in one process
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from drawpoker.bots import CPU_KINDS
from drawpoker.cli.options import add_game_arguments, entrant, game_title, spec_from
from drawpoker.cli.play import EXIT_INTERRUPTED
from drawpoker.cli.simulate import add_executor_arguments, run_with_progress
from drawpoker.matches.duplicate import match as run_match

NAME = "match"
HELP = "a duplicate match between CPU players: each one's rate per 100 hands, with its interval"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The players, the deals, where they run, the game and its settings.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["strong", "rules"])
    >>> args.players, args.deals, args.session, args.game, args.seats
    (['strong', 'rules'], 1000, 100, 'five-card-draw', None)
    """
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        help=f"two or more players: CPU types ({', '.join(CPU_KINDS)}) or module:Class",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=1000,
        help="deals, each played in every rotation (default: %(default)s)",
    )
    parser.add_argument(
        "--seats",
        type=int,
        default=None,
        help="seats at the table (default: one per player)",
    )
    parser.add_argument(
        "--session",
        type=int,
        default=100,
        help="deals a table's players play before new ones are made (default: %(default)s)",
    )
    parser.add_argument(
        "--stack", type=int, default=None, help="chips every hand starts with (default: the game's)"
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="seed of the deals and players (default: clock)"
    )
    add_executor_arguments(parser, "sessions per task sent to a worker", 1)
    add_game_arguments(parser, table_options=False)


def run(args: argparse.Namespace) -> int:
    """Runs the match on the terminal (figures on stdout, progress bar on stderr)."""
    return match(args, out=sys.stdout, progress=sys.stderr)


def match(args: argparse.Namespace, out: TextIO, progress: TextIO) -> int:
    """Plays the match the arguments ask for and writes its figures to ``out`` (the bar to
    ``progress``); returns the exit status (:data:`~drawpoker.cli.play.EXIT_INTERRUPTED`
    after Ctrl-C, the figures then covering the sessions finished).

    >>> import io
    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["rules", "rules", "--game", "holdem", "--deals", "3",
    ...                           "--seed", "2", "--workers", "1"])
    >>> out = io.StringIO()
    >>> match(args, out=out, progress=io.StringIO())
    0
    >>> print(out.getvalue().splitlines()[-1])
    rules #2: +0.0 (95% CI +0.0..+0.0) big blinds per 100 hands; all-in adjusted +0.0 \
(95% CI +0.0..+0.0); the interval includes zero
    """
    spec = spec_from(args)
    players = [entrant(text) for text in args.players]
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    seats = args.seats if args.seats is not None else len(players)
    summary = run_with_progress(
        args,
        out,
        progress,
        f"{game_title(spec)}: duplicate match of {', '.join(args.players)} over "
        f"{args.deals} deals at {seats} seats (seed {seed})",
        lambda executor, on_progress: run_match(
            spec,
            players,
            deals=args.deals,
            seats=seats,
            stack=args.stack,
            seed=seed,
            session=args.session,
            executor=executor,
            chunk_size=args.chunk_size,
            progress=on_progress,
        ),
    )
    if summary is None or not summary.deals:
        out.write("Interrupted (Ctrl-C) before any session finished.\n")
        return EXIT_INTERRUPTED
    if summary.interrupted:
        out.write(f"Interrupted (Ctrl-C): the figures cover {summary.deals} deals.\n")
    for line in summary.lines():
        out.write(line + "\n")
    return EXIT_INTERRUPTED if summary.interrupted else 0
