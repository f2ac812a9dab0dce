"""``drawpoker play``: play any registered game (Five-Card Draw, Texas Hold'em, the stud games
and the others) in the terminal against CPU players.

What a user types::

    drawpoker play                                   # Five-Card Draw, you and three CPU players
    drawpoker play --game holdem --players 6 --cpu strong --turn-timer 30
    drawpoker play --opening jacks --joker --stack 1000 --rounds 5
    drawpoker play --game razz --players 6 --cpu strong

At your turn type an action (``f`` fold, ``k`` check, ``c`` call, ``b 300`` bet, ``r 600`` raise
to, ``1``/``2``/``3`` a sizing preset of the menu, ``a`` all-in; in a draw the positions or the
cards to discard; in stud ``b`` posts the bring-in and ``m`` completes), or a command: ``away``
(a CPU player plays your seat until you type ``back``), ``quit`` (leave: the game ends),
``help`` or ``?``.

Exit status: 0 when the game is over or you leave (``quit``, end of input); 130 after Ctrl-C
(the conventional ``128 + SIGINT``), the standings so far printed first; 2 for bad options.

Input and output are injectable, so a test (or another front end) can drive a whole game. A
reader is ``read(prompt, timeout) -> str | None``: the answer, or ``None`` when ``timeout``
seconds passed without one (``untimed`` adapts a plain ``input``-like function):

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["--game", "holdem", "--players", "2", "--rounds", "1", "--seed", "3"])
>>> lines = []
>>> play(args, read=lambda prompt, timeout: "quit", write=lines.append)
0
>>> lines[0], lines[-1]
("Texas Hold'em, no limit: 2 players, 1 round, blinds 50/100, stacks 10000.", \
'Seed: 3 (replay the same deal with --seed 3)')
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from drawpoker import narration
from drawpoker.bots import CPU_KINDS, CPU_PLAYERS, make_bot
from drawpoker.cli.histories import HistoryLog, add_history_argument
from drawpoker.cli.options import (
    add_game_arguments,
    entrant,
    spec_from,
    table_settings_from,
)
from drawpoker.cli.table_view import (
    BACK_WORDS,
    COMMANDS_HELP,
    HELP_WORDS,
    QUIT_WORDS,
    YOU,
    TableView,
    TimeUp,
)
from drawpoker.cli.terminal_input import Reader, terminal_reader
from drawpoker.engine import GAMES, Action
from drawpoker.errors import InvalidArgumentError
from drawpoker.matches.duplicate import Entrant
from drawpoker.table import Table
from drawpoker.table.player import Player

NAME = "play"

HELP = f"play any of the {len(GAMES)} games (--game) in the terminal against CPU players"

EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""

AWAY_WAIT = 5.0
"""Seconds the ``back?`` question waits at each of your turns while you are away (a CPU player
plays the turn when nobody answers)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game, its settings, the table, your name and the CPU type.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args([])
    >>> args.game, args.players, args.cpu, args.name, args.lang
    ('five-card-draw', 4, 'rules', 'You', 'en')
    """
    add_game_arguments(parser, players=4)
    players = parser.add_argument_group("players")
    players.add_argument("--name", default="You", help="your name (default: %(default)s)")
    players.add_argument(
        "--cpu",
        type=cpu_type,
        default="rules",
        metavar="TYPE",
        help=f"the CPU players' type: {', '.join(CPU_KINDS)}, or module:Class, a player class "
        "taking a seed (default: %(default)s)",
    )
    parser.add_argument(
        "--lang",
        choices=narration.languages(),
        default="en",
        help="the language the hand is told in (the menus stay English; default: %(default)s)",
    )
    add_history_argument(parser, "seat")


def cpu_type(text: str) -> Entrant:
    """The ``--cpu`` option: a CPU type's name, or ``module:Class`` imported (as ``drawpoker
    match`` reads its players).

    >>> cpu_type("station"), cpu_type("drawpoker.bots:CheckCallBot").__name__
    ('station', 'CheckCallBot')
    >>> cpu_type("genius")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown CPU type 'genius' (known: checkcall, ...; or module:Class)
    """
    if ":" not in text and text not in CPU_KINDS:
        raise argparse.ArgumentTypeError(
            f"unknown CPU type {text!r} (known: {', '.join(CPU_KINDS)}; or module:Class)"
        )
    try:
        return entrant(text)
    except InvalidArgumentError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def run(args: argparse.Namespace) -> int:
    """Plays a game on the terminal (standard input and output)."""
    return play(args, read=terminal_reader(), write=print)


def play(
    args: argparse.Namespace,
    read: Reader,
    write: Callable[[str], None],
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Plays one game: you sit in seat 1, CPU players (``--cpu``) in the others. Returns the exit
    status: 0 when the game is over or you leave, :data:`EXIT_INTERRUPTED` after Ctrl-C.

    ``read(prompt, timeout)`` gets each answer (:data:`Reader`); ``clock`` is the table's clock
    (the turn timer's). When ``read`` returns ``None`` the time ran out while you thought: the
    table checks for you if it can, else folds, and stands pat in a draw (R-TABLE-1), and says
    so. An answer that comes after the time ran out (a reader that cannot time out, a slow
    answer) is not used: the table acts as above and says your answer was too late.

    ``quit`` or the end of the input leaves the table and ends the game; ``away`` hands your
    seat to a CPU player (R-TABLE-2) and the game goes on: at each of your turns you are asked
    ``back?`` (for :data:`AWAY_WAIT` seconds; no answer lets the CPU play it). The seed is
    written only once the game is over (it gives away every card).

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> lines = []
    >>> args = parser.parse_args(["--players", "2", "--rounds", "1", "--seed", "1"])
    >>> play(args, read=lambda prompt, timeout: "quit", write=lines.append)
    0
    >>> lines[-5:-3]
    ['You leave the table: the game ends here (the unfinished hand is not counted).', \
'Final standings:']
    """
    spec = spec_from(args)
    settings = table_settings_from(args)
    log = HistoryLog.from_args(args)
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    names = [args.name] + [f"CPU {i}" for i in range(1, args.players)]
    cpu = {s: _cpu_player(args.cpu, seed + s, spec.name) for s in range(1, args.players)}
    table = Table(
        spec, names, seed=seed, settings=settings, cpu=cpu, clock=clock, cpu_players=CPU_PLAYERS
    )
    screen = TableView(table, write, lang=args.lang)
    screen.introduce()
    status = 0
    try:
        ending = _play_turns(table, screen, read, log)
    except EOFError:
        ending = "End of input: you leave the table"
    except KeyboardInterrupt:
        ending = "Interrupted (Ctrl-C)"
        status = EXIT_INTERRUPTED
    screen.finish(ending)
    log.add(table)
    saved = log.save()
    if saved is not None:
        write(saved)
    return status


def _play_others(table: Table, log: HistoryLog) -> None:
    """Plays the turns of the CPU seats (not yours, even while a CPU stands in for you)."""
    while table.to_act != YOU and table.is_cpu_turn():
        table.play_cpu(limit=1)
        log.note(table)


def _cpu_player(kind: Entrant, seed: int, game: str) -> Player:
    if isinstance(kind, str):
        return make_bot(kind, seed=seed, game=game)
    player = kind(seed=seed)
    if not isinstance(player, Player):
        raise InvalidArgumentError(f"{kind!r} made {player!r}, which has no choose(view)")
    return player


def _play_turns(table: Table, screen: TableView, read: Reader, log: HistoryLog) -> str | None:
    """Plays until the game is over (returns ``None``) or you leave (returns how)."""
    write = screen.write
    while True:
        log.note(table)
        _play_others(table, log)
        screen.show_news()
        if table.is_over:
            return None
        if YOU in table.away:
            answer = read(
                "Back? Type back to play this turn, Enter to let the CPU play it > ", AWAY_WAIT
            )
            word = (answer or "").strip().lower()
            if word in QUIT_WORDS:
                return "You leave the table"
            if word in HELP_WORDS:
                write(COMMANDS_HELP)
            elif word in BACK_WORDS:
                table.come_back(YOU)
                write("Welcome back: your turn.")
            else:
                table.play_cpu(limit=1)  # the stand-in plays your turn
                log.note(table)
            continue
        turn = screen.ask(read)
        if isinstance(turn, Action):
            table.act(YOU, turn)
        elif isinstance(turn, TimeUp):
            screen.timed.add((len(table.hands) - 1, len(table.hand.events)))
            if not table.enforce_timer():  # the reader's timeout came first: act all the same
                table.act(YOU, table.default_action())
            if turn.late is not None:
                late = repr(turn.late) if turn.late else "(an empty line)"
                write(f"Your answer {late} came too late and was not used.")
        elif turn == "away":
            table.leave(YOU)
            write(
                "You step away: a CPU player plays your seat and the game goes on. "
                "Type back at the back? question to return."
            )
        else:
            return "You leave the table"
