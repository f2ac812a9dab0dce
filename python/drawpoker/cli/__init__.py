"""The ``drawpoker`` command, the top layer: one subcommand per module of this package (each
has NAME, HELP, add_arguments and run; options, table_view, stud_view, terminal_input and
wording are the terminal game's parts).

>>> main(["eval", "As Ks Qs Js Ts"])
As Ks Qs Js Ts: 7462 (Royal flush)
0
>>> [command.NAME for command in COMMANDS][:1]
['eval']
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from drawpoker import __version__
from drawpoker.cli import equity, evaluate, history, match, play, serve, simulate, tips
from drawpoker.cli.play import EXIT_INTERRUPTED
from drawpoker.errors import DrawPokerError

COMMANDS: list[ModuleType] = [evaluate, equity, play, simulate, match, history, serve, tips]
"""Every subcommand module, in the order ``--help`` lists them."""

DESCRIPTION = (
    "play, simulate, evaluate and analyse poker: Five-Card Draw, Hold'em, Omaha, the stud games, "
    "lowball and badugi, in the terminal or the browser"
)
"""What ``drawpoker --help`` says first (plain text: a terminal shows it as it is)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand.

    >>> build_parser().prog
    'drawpoker'
    """
    parser = argparse.ArgumentParser(prog="drawpoker", description=DESCRIPTION)
    parser.add_argument(
        "--version", action="version", version=f"drawpoker {__version__}", help="print the version"
    )
    subparsers = parser.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        sub = subparsers.add_parser(command.NAME, help=command.HELP, description=command.HELP)
        command.add_arguments(sub)
        sub.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the command line; returns the exit status: 0, 2 for bad input (a file that cannot
    be written too), 130 after Ctrl-C (``play`` and ``simulate`` first print the standings or
    the summary so far; any other command just stops, without a traceback).

    >>> main(["eval", "As Ks"])
    error: a hand of 2 cards is not allowed here (expected 5, 6 or 7 cards)
    2
    >>> main(["tips", "--deck", "52", "--json", "/no/such/directory/tips.json"])
    Pair: keep the pair, draw three  [52 cards]  Jh Jd 7c 4s 2h
    ...
    error: [Errno 2] No such file or directory: '/no/such/directory/tips.json'
    2
    """
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except DrawPokerError as error:
        print(f"error: {error}", file=sys.stdout)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader stopped early (``drawpoker tips | head``): not an error of ours. Python
        # would report the pipe again when it flushes stdout at exit, so point it at devnull.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:  # an output file that cannot be written
        print(f"error: {error}", file=sys.stdout)
        return 2
    return status
