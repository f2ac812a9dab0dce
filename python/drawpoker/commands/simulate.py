"""``drawpoker simulate``: many games of CPU players, with a progress bar and a summary.

>>> import argparse, io
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["--games", "2", "--players", "3", "--rounds", "2", "--seed", "1"])
>>> out = io.StringIO()
>>> simulate(args, out=out, progress=io.StringIO())
0
>>> "win rate" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from typing import TextIO

from drawpoker.bots import BOTS, make_bot
from drawpoker.commands.play import add_settings_arguments, settings_from
from drawpoker.errors import InvalidArgumentError
from drawpoker.games import Game

NAME = "simulate"
HELP = "play many games of CPU players and summarise who wins"
BAR_WIDTH = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Games, players, CPU types per seat, and the game settings.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args([]).games, parser.parse_args([]).bots
    (20, 'rules,strong')
    """
    parser.add_argument("--games", type=int, default=20, help="games to play")
    parser.add_argument("--players", type=int, default=6, help="players per game (2..6)")
    parser.add_argument(
        "--bots",
        default="rules,strong",
        help=f"CPU types dealt round the seats, comma-separated (known: {', '.join(BOTS)})",
    )
    add_settings_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Runs the simulation on the terminal."""
    return simulate(args, out=sys.stdout, progress=sys.stderr)


def simulate(args: argparse.Namespace, out: TextIO, progress: TextIO) -> int:
    """Plays ``args.games`` games and writes the summary to ``out`` (the bar to ``progress``).

    Seats get the CPU types of ``--bots`` in turn, rotated one seat each game so no type keeps
    the first button. A game's winners (equal best scores) share the win.

    >>> import io
    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["--games", "1", "--players", "2", "--rounds", "1",
    ...                           "--bots", "checkcall", "--seed", "4"])
    >>> out = io.StringIO()
    >>> simulate(args, out=out, progress=io.StringIO())
    0
    >>> out.getvalue().splitlines()[-1]
    ' checkcall: win rate 100.0% (seat share 100.0%, 1.00x fair)'

    """
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOTS]
    if unknown or not kinds:
        raise InvalidArgumentError(f"unknown CPU types {unknown} (known: {', '.join(BOTS)})")
    if args.games <= 0:
        raise InvalidArgumentError(f"games must be positive, not {args.games}")
    settings = settings_from(args)
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    wins: dict[str, float] = dict.fromkeys(kinds, 0.0)
    seats: Counter[str] = Counter()
    hands = pots = 0
    start = time.perf_counter()
    for number in range(args.games):
        seat_kinds = [kinds[(number + s) % len(kinds)] for s in range(args.players)]
        game_seed = seed + number * 7919
        cpu = {s: make_bot(kind, seed=game_seed + s) for s, kind in enumerate(seat_kinds)}
        game = Game(settings, args.players, seed=game_seed, cpu=cpu)
        game.play_cpu()
        winners = [s.seat for s in game.standings() if s.place == 1]
        for seat in winners:
            wins[seat_kinds[seat]] += 1 / len(winners)
        seats.update(seat_kinds)
        hands += len(game.hands)
        pots += sum(sum(hand.payouts) for hand in game.hands)
        _bar(progress, number + 1, args.games)
    elapsed = time.perf_counter() - start
    progress.write("\n")
    out.write(
        f"{args.games} games, {hands} hands in {elapsed:.2f} s ({hands / elapsed:,.0f} hands/s)\n"
    )
    out.write(f"average pot: {pots / hands:,.1f}\n")
    for kind in sorted(seats):
        share = seats[kind] / (args.games * args.players)
        out.write(
            f"{kind:>10}: win rate {wins[kind] / args.games:6.1%} "
            f"(seat share {share:.1%}, {wins[kind] * args.players / seats[kind]:.2f}x fair)\n"
        )
    return 0


def _bar(stream: TextIO, done: int, total: int) -> None:
    filled = BAR_WIDTH * done // total
    stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}")
    stream.flush()
