"""``drawpoker simulate``: many games of CPU players of any registered game, with a progress bar
and a summary per CPU type.

What a user types::

    drawpoker simulate --games 50 --bots rules,strong,checkcall
    drawpoker simulate --game holdem --bots checkcall --players 9 --rounds 100

Exit status: 0; 130 after Ctrl-C, when the summary of the games finished so far is printed
first; 2 for bad options.

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
from dataclasses import dataclass
from typing import TextIO

from drawpoker.bots import BOT_KINDS, make_bot
from drawpoker.commands.histories import HistoryLog, add_history_argument
from drawpoker.commands.options import add_game_arguments, spec_from, table_settings_from
from drawpoker.commands.play import EXIT_INTERRUPTED
from drawpoker.errors import InvalidArgumentError
from drawpoker.games import GAMES, Table

NAME = "simulate"
HELP = "play many games of CPU players and summarise who wins"
BAR_WIDTH = 30


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Games, CPU types per seat, the game, its settings and the table.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args([])
    >>> args.games, args.bots, args.players, args.game
    (20, 'rules,strong', 6, 'five-card-draw')
    """
    parser.add_argument(
        "--games", type=int, default=20, help="games to play (default: %(default)s)"
    )
    parser.add_argument(
        "--bots",
        default="rules,strong",
        help=f"CPU types dealt round the seats, comma-separated (known: {', '.join(BOT_KINDS)}; "
        "default: %(default)s)",
    )
    add_game_arguments(parser, players=6)
    add_history_argument(parser, "house")


def run(args: argparse.Namespace) -> int:
    """Runs the simulation on the terminal (summary on stdout, progress bar on stderr)."""
    return simulate(args, out=sys.stdout, progress=sys.stderr)


def simulate(args: argparse.Namespace, out: TextIO, progress: TextIO) -> int:
    """Plays ``args.games`` games and writes the summary to ``out`` (the bar to ``progress``);
    returns the exit status. Ctrl-C (:class:`KeyboardInterrupt`) stops it: the summary then
    covers the games finished, and the status is :data:`~drawpoker.commands.play.EXIT_INTERRUPTED`.

    Seats get the CPU types of ``--bots`` in turn, rotated one seat each game so no type keeps
    the first button. A game's winners (equal best scores) share the win.

    >>> import io
    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args(["--game", "holdem", "--games", "1", "--players", "2",
    ...                           "--rounds", "1", "--bots", "checkcall", "--seed", "4"])
    >>> out = io.StringIO()
    >>> simulate(args, out=out, progress=io.StringIO())
    0
    >>> out.getvalue().splitlines()[-1]
    ' checkcall: win rate 100.0% (seat share 100.0%, 1.00x fair)'
    """
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in BOT_KINDS]
    if unknown or not kinds:
        raise InvalidArgumentError(f"unknown CPU types {unknown} (known: {', '.join(BOT_KINDS)})")
    if args.games <= 0:
        raise InvalidArgumentError(f"games must be positive, not {args.games}")
    spec = spec_from(args)
    settings = table_settings_from(args)
    log = HistoryLog.from_args(args)
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    rounds = f"{settings.rounds} round{'s' if settings.rounds != 1 else ''}"
    out.write(
        f"{GAMES[spec.name].title}: {args.games} games of {args.players} players, "
        f"up to {rounds} each (seed {seed})\n"
    )
    wins: dict[str, float] = dict.fromkeys(kinds, 0.0)
    seats: Counter[str] = Counter()
    done = hands = pots = 0
    start = time.perf_counter()
    try:
        for number in range(args.games):
            seat_kinds = [kinds[(number + s) % len(kinds)] for s in range(args.players)]
            game_seed = seed + number * 7919
            cpu = {
                s: make_bot(kind, seed=game_seed + s, game=spec.name)
                for s, kind in enumerate(seat_kinds)
            }
            names = [f"{kind} {s + 1}" for s, kind in enumerate(seat_kinds)]
            table = Table(spec, names, seed=game_seed, settings=settings, cpu=cpu)
            table.play_cpu()
            log.add(table)
            winners = [s.seat for s in table.standings() if s.place == 1]
            for seat in winners:
                wins[seat_kinds[seat]] += 1 / len(winners)
            seats.update(seat_kinds)
            hands += len(table.hands)
            pots += sum(sum(hand.payouts) for hand in table.hands)
            done += 1
            _bar(progress, done, args.games)
    except KeyboardInterrupt:
        status = EXIT_INTERRUPTED
    else:
        status = 0
    elapsed = time.perf_counter() - start
    progress.write("\n")
    if status == EXIT_INTERRUPTED:
        if not done:
            out.write("Interrupted (Ctrl-C) before any game finished.\n")
            return status
        out.write(
            f"Interrupted (Ctrl-C) after {done} of {args.games} games: the summary covers those.\n"
        )
    summary = Summary(done, hands, pots, elapsed, wins, seats, args.players)
    summary.write(out, betting=spec.betting is not None)
    saved = log.save()
    if saved is not None:
        out.write(saved + "\n")
    return status


@dataclass(frozen=True)
class Summary:
    """What ``games`` finished games of ``players`` CPU players came to: hands played, chips won
    from pots, the time taken, wins and seats by CPU type.

    >>> import io
    >>> out = io.StringIO()
    >>> Summary(2, 10, 500, 0.5, {"rules": 1.5, "checkcall": 0.5},
    ...         Counter({"rules": 2, "checkcall": 2}), 2).write(out, betting=True)
    >>> print(out.getvalue(), end="")
    2 games, 10 hands in 0.50 s (20 hands/s)
    average pot: 50.0
     checkcall: win rate  25.0% (seat share 50.0%, 0.50x fair)
         rules: win rate  75.0% (seat share 50.0%, 1.50x fair)
    """

    games: int
    hands: int
    pots: int
    elapsed: float
    wins: dict[str, float]
    seats: Counter[str]
    players: int

    def write(self, out: TextIO, *, betting: bool) -> None:
        """Writes the speed, the average pot (``betting`` games) and each CPU type's win rate.

        >>> import io
        >>> out = io.StringIO()
        >>> summary = Summary(1, 3, 0, 1.0, {"rules": 1.0}, Counter({"rules": 2}), 2)
        >>> summary.write(out, betting=False)
        >>> out.getvalue().splitlines()[0]
        '1 games, 3 hands in 1.00 s (3 hands/s)'
        """
        rate = self.hands / max(self.elapsed, 1e-9)
        speed = f"in {self.elapsed:.2f} s ({rate:,.0f} hands/s)"
        out.write(f"{self.games} games, {self.hands} hands {speed}\n")
        if betting:
            out.write(f"average pot: {self.pots / max(self.hands, 1):,.1f}\n")
        for kind in sorted(self.seats):
            share = self.seats[kind] / (self.games * self.players)
            fair = self.wins[kind] * self.players / self.seats[kind]
            out.write(
                f"{kind:>10}: win rate {self.wins[kind] / self.games:6.1%} "
                f"(seat share {share:.1%}, {fair:.2f}x fair)\n"
            )


def _bar(stream: TextIO, done: int, total: int) -> None:
    filled = BAR_WIDTH * done // total
    stream.write(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}")
    stream.flush()
