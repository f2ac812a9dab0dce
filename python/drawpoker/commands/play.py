"""``drawpoker play``: play any registered game (Five-Card Draw, Texas Hold'em) in the terminal
against CPU players.

What a user types::

    drawpoker play                                   # Five-Card Draw, you and three CPU players
    drawpoker play --game holdem --players 6 --cpu strong --turn-timer 30
    drawpoker play --opening jacks --joker --stack 1000 --rounds 5

At your turn type an action (``f`` fold, ``k`` check, ``c`` call, ``b 300`` bet, ``r 600`` raise
to, ``1``/``2``/``3`` a sizing preset of the menu, ``a`` all-in; in a draw the positions or the
cards to discard), or a command: ``away`` (a CPU player plays your seat until you type
``back``), ``quit`` (leave: the game ends), ``help`` or ``?``.

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
import math
import os
import select
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import Field, dataclass, fields
from typing import Any, TextIO

from drawpoker.bots import BOT_KINDS, make_bot
from drawpoker.cards import format_cards, parse_cards
from drawpoker.errors import DrawPokerError, InvalidArgumentError
from drawpoker.evaluation import describe
from drawpoker.games import GAMES, Action, Event, GameSpec, Hand, Table, TableSettings, game
from drawpoker.games.actions import LegalActions

NAME = "play"
HELP = "play Five-Card Draw or Texas Hold'em in the terminal against CPU players"
YOU = 0
"""The person's seat."""

EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""

AWAY_WAIT = 5.0
"""Seconds the ``back?`` question waits at each of your turns while you are away (a CPU player
plays the turn when nobody answers)."""

WARN_AT = 10.0
"""Seconds left on the turn timer when the terminal reader warns while it waits."""

LATE_GRACE = 2.0
"""Seconds after a timeout in which a line finished on the terminal is taken as a late answer
to the question that timed out (reported, not used), not as an answer to the next one."""

Reader = Callable[[str, float | None], str | None]
"""``read(prompt, timeout)``: the answer typed, or ``None`` when ``timeout`` seconds (``None``: no
limit) passed without one; raises :class:`EOFError` at the end of the input."""

QUIT_WORDS = ("q", "quit", "exit")
"""Answers that leave the table."""
HELP_WORDS = ("help", "?")
"""Answers that list the commands."""
BACK_WORDS = ("back", "b", "y", "yes")
"""Answers to ``back?`` that return you to your seat."""

COMMANDS_HELP = """\
At your turn type an action:
  f, fold            give up the hand
  k, check           pass without betting (c also checks when there is nothing to call)
  c, call            match the bet
  b N, bet N         bet N chips
  r N, raise N       raise to N: your total in this betting round after the raise
  1, 2, 3 ...        a sizing preset of the menu, e.g. [1] 33% pot 100 (or its name: pot, 2x)
  a, all-in          bet or raise all your chips
  In a draw: the positions (1 4 5) or the cards (Kd 7c) to discard; Enter stands pat.
Commands:
  away               step away: a CPU player plays your seat until you type back
  back               come back to your seat
  quit, q            leave the table: the game ends (end of input does the same)
  help, ?            this list
Ctrl-C ends the game at once, with the standings so far."""
"""What ``help`` and ``?`` write."""


# ---------------------------------------------------------------------------- options


def setting_options() -> dict[str, list[tuple[str, Field[Any]]]]:
    """Every game setting's option (``--draw-limit`` for ``draw_limit``) with the games that
    have it and their fields, from the registered games' settings dataclasses.

    >>> [name for name, _ in setting_options()["ante"]]
    ['five-card-draw', 'holdem']
    """
    options: dict[str, list[tuple[str, Field[Any]]]] = {}
    for name, kind in GAMES.items():
        for setting in fields(kind.settings):
            options.setdefault(setting.name, []).append((name, setting))
    return options


def _flag(setting: str) -> str:
    return "--" + setting.replace("_", "-")


def add_game_arguments(parser: argparse.ArgumentParser, players: int = 4) -> None:
    """The game (``--game``), its settings (an option for each field of each registered game's
    settings, with its help and choices), and the table options every game has (players, stack,
    rounds, turn timer, seed). ``players`` is the default number of players.

    >>> parser = argparse.ArgumentParser()
    >>> add_game_arguments(parser)
    >>> args = parser.parse_args(["--game", "holdem", "--big-blind", "200", "--small-blind", "100"])
    >>> spec_from(args).forced.big_blind, table_settings_from(args)
    (200, TableSettings(stack=None, rounds=10, turn_timer=None))
    """
    chosen = parser.add_argument_group("game")
    chosen.add_argument(
        "--game",
        choices=list(GAMES),
        default="five-card-draw",
        help="the game to play (default: %(default)s)",
    )
    groups = {
        name: parser.add_argument_group(f"{kind.title} settings") for name, kind in GAMES.items()
    }
    for setting, owners in setting_options().items():
        first = owners[0][1]
        if len(owners) == 1:
            where = f"{owners[0][0]}; default: {first_default(first)}"
        else:
            where = "default: " + ", ".join(f"{first_default(f)} in {g}" for g, f in owners)
        text = f"{first.metadata.get('help', setting)} ({where})"
        group = groups[owners[0][0]]
        if isinstance(first.default, bool):
            group.add_argument(_flag(setting), action="store_true", default=None, help=text)
        else:
            kind = type(first.default)
            choices = first.metadata.get("choices")
            group.add_argument(_flag(setting), type=kind, choices=choices, help=text)
    table = parser.add_argument_group("table")
    seats = ", ".join(f"{name} {game(name).seats[0]}..{game(name).seats[1]}" for name in GAMES)
    stacks = ", ".join(f"{game(name).default_stack} in {name}" for name in GAMES)
    table.add_argument(
        "--players",
        type=int,
        default=players,
        help=f"players at the table ({seats}; default: %(default)s)",
    )
    table.add_argument(
        "--stack", type=int, help=f"starting chips (default: the game's own, {stacks})"
    )
    table.add_argument(
        "--rounds",
        type=int,
        default=TableSettings().rounds,
        help="hands to play, one per round (default: %(default)s)",
    )
    table.add_argument(
        "--turn-timer",
        type=int,
        choices=[30, 60],
        help="seconds per turn; then the table checks if it can, else folds, and stands pat "
        "in a draw (default: no timer)",
    )
    table.add_argument(
        "--seed",
        type=int,
        help="seed of the shuffles and the CPU players (default: from the clock)",
    )


def first_default(setting: Field[Any]) -> object:
    """A setting's default as people read it (``no`` for an off switch).

    >>> from drawpoker.games import DrawSettings
    >>> [first_default(f) for f in fields(DrawSettings)][-1]
    'no'
    """
    if isinstance(setting.default, bool):
        return "yes" if setting.default else "no"
    return setting.default


def spec_from(args: argparse.Namespace) -> GameSpec:
    """The game the arguments name, with the settings given (the others at the game's
    defaults); a setting of another game is refused.

    >>> parser = argparse.ArgumentParser()
    >>> add_game_arguments(parser)
    >>> spec_from(parser.parse_args(["--opening", "jacks"])).opening.name
    'jacks or better'
    >>> spec_from(parser.parse_args(["--game", "holdem", "--joker"]))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: --joker is not a setting of holdem \
(its settings: --small-blind, --big-blind, --ante, --big-blind-ante)
    """
    known = [f.name for f in fields(GAMES[args.game].settings)]
    given = {
        setting: getattr(args, setting)
        for setting in setting_options()
        if getattr(args, setting, None) is not None
    }
    wrong = [_flag(setting) for setting in given if setting not in known]
    if wrong:
        own = ", ".join(_flag(s) for s in known)
        verb = "is not a setting" if len(wrong) == 1 else "are not settings"
        raise InvalidArgumentError(
            f"{', '.join(wrong)} {verb} of {args.game} (its settings: {own})"
        )
    return game(args.game, given)


def table_settings_from(args: argparse.Namespace) -> TableSettings:
    """The table settings the arguments name (starting stack, rounds, turn timer).

    >>> table_settings_from(argparse.Namespace(stack=None, rounds=3, turn_timer=30))
    TableSettings(stack=None, rounds=3, turn_timer=30)
    """
    return TableSettings(stack=args.stack, rounds=args.rounds, turn_timer=args.turn_timer)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game, its settings, the table, your name and the CPU type.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> args = parser.parse_args([])
    >>> args.game, args.players, args.cpu, args.name
    ('five-card-draw', 4, 'rules', 'You')
    """
    add_game_arguments(parser, players=4)
    players = parser.add_argument_group("players")
    players.add_argument("--name", default="You", help="your name (default: %(default)s)")
    players.add_argument(
        "--cpu",
        choices=BOT_KINDS,
        default="rules",
        help="the CPU players' type (default: %(default)s)",
    )


# ---------------------------------------------------------------------------- reading answers


def untimed(read: Callable[[str], str]) -> Reader:
    """A reader from a plain ``input``-like function, which cannot time out: with a turn
    timer, an answer that comes after the time ran out is refused as late.

    >>> untimed(lambda prompt: "c")("Your move > ", 30.0)
    'c'
    """

    def reader(prompt: str, timeout: float | None) -> str | None:
        return read(prompt)

    return reader


def closed_input(prompt: str, timeout: float | None) -> str | None:
    """The reader of a program without a standard input: the input is over at once.

    >>> closed_input("> ", None)
    Traceback (most recent call last):
    ...
    EOFError
    """
    raise EOFError


def _ready(fd: int, timeout: float | None) -> bool:
    """Whether ``fd`` has input within ``timeout`` seconds (``None``: wait as long as it takes)."""
    return bool(select.select([fd], [], [], timeout)[0])


class TerminalReader:
    """Reads answers from a file descriptor (standard input: a terminal, a pipe, a file) with a
    real timeout: ``select`` waits for a line at most ``timeout`` seconds, so the turn timer
    fires while the person thinks. ``warn_at`` seconds before the end it writes how long is
    left and the prompt again. POSIX only (``select`` on a terminal).

    An answer typed after the time ran out is never used (it answered a question that is gone;
    applied to the next one it could be a blunder) and never dropped silently: the lines
    waiting when the next prompt comes, and the lines finished within ``late_grace`` seconds
    of the timeout (someone who was typing when the time ran out presses Enter just after),
    are reported as not used and the prompt is asked again.

    ``out`` takes the prompts; ``clock`` and ``ready(fd, timeout)`` are injectable for tests.

    >>> import io, os
    >>> r, w = os.pipe()
    >>> _ = os.write(w, b"c\\n")
    >>> out = io.StringIO()
    >>> read = TerminalReader(r, out)
    >>> read("Your move > ", 30.0), out.getvalue()
    ('c', 'Your move > ')
    >>> read("Your move > ", 0.01)
    >>> os.close(w); read("Again > ", None)
    Traceback (most recent call last):
    ...
    EOFError
    >>> os.close(r)
    """

    def __init__(
        self,
        fd: int = 0,
        out: TextIO | None = None,
        *,
        warn_at: float = WARN_AT,
        late_grace: float = LATE_GRACE,
        clock: Callable[[], float] = time.monotonic,
        ready: Callable[[int, float | None], bool] = _ready,
    ) -> None:
        self.fd = fd
        self.out = out if out is not None else sys.stdout
        self.warn_at = warn_at
        self.late_grace = late_grace
        self.clock = clock
        self.ready = ready
        self.buffer = b""
        self.ended = False
        self.timed_out = False
        self.late_until = -math.inf

    def __call__(self, prompt: str, timeout: float | None = None) -> str | None:
        """The next line typed, ``None`` when ``timeout`` seconds pass without one; raises
        :class:`EOFError` when the input is over.

        >>> import io, os
        >>> r, w = os.pipe()
        >>> read = TerminalReader(r, io.StringIO())
        >>> read("> ", 0.0)
        >>> _ = os.write(w, b"late\\n")
        >>> read("> ", 0.0)  # the late line is reported and dropped
        >>> read.out.getvalue().splitlines()[1]
        "Not used: 'late' was typed after your time ran out."
        >>> os.close(w); os.close(r)
        """
        if self.timed_out:
            self.timed_out = False
            self._not_used(self._typed_already())
        self._write(prompt)
        deadline = None if timeout is None else self.clock() + timeout
        warned = timeout is None or timeout <= self.warn_at
        while True:
            if b"\n" in self.buffer:
                raw, _, self.buffer = self.buffer.partition(b"\n")
                line = raw.decode(errors="replace").rstrip("\r")
                if self.clock() >= self.late_until:
                    return line
                self._not_used([line])
                self._write(prompt)
                continue
            if self.ended:
                if not self.buffer:
                    raise EOFError
                self.buffer += b"\n"  # the last line had no newline
                continue
            wait: float | None = None
            if deadline is not None:
                left = deadline - self.clock()
                if left <= 0:
                    self.timed_out = True
                    self.late_until = self.clock() + self.late_grace
                    self._write("\n")
                    return None
                if not warned and left <= self.warn_at:
                    warned = True
                    self._write(f"\n{math.ceil(left)} s left! {prompt}")
                wait = left if warned else left - self.warn_at
            if self.ready(self.fd, wait):
                self._read_some()

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def _not_used(self, lines: list[str]) -> None:
        for line in lines:
            self._write(f"Not used: {line!r} was typed after your time ran out.\n")

    def _read_some(self) -> None:
        chunk = os.read(self.fd, 4096)
        if chunk:
            self.buffer += chunk
        else:
            self.ended = True

    def _typed_already(self) -> list[str]:
        """The complete lines waiting now (typed before the current prompt), taken out."""
        while not self.ended and self.ready(self.fd, 0):
            self._read_some()
        lines = self.buffer.split(b"\n")
        self.buffer = lines.pop()
        return [line.decode(errors="replace").rstrip("\r") for line in lines]


def terminal_reader() -> Reader:
    """The reader of this process's standard input: with a real timeout on POSIX, a plain
    ``input`` elsewhere (there the timer is enforced when the answer comes).

    >>> callable(terminal_reader())
    True
    """
    if sys.stdin is None:
        return closed_input
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return untimed(input)
    if os.name != "posix":
        return untimed(input)
    return TerminalReader(fd, sys.stdout)


# ---------------------------------------------------------------------------- the game


def run(args: argparse.Namespace) -> int:
    """Plays a game on the terminal (standard input and output)."""
    return play(args, read=terminal_reader(), write=print)


@dataclass(frozen=True)
class TimeUp:
    """The turn timer ran out; ``late`` is an answer that came after it (not used).

    >>> TimeUp(late="c").late
    'c'
    """

    late: str | None = None


Turn = Action | TimeUp | str
"""What the person did at their turn: an action, nothing in time, or a command (``quit``,
``away``)."""


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
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    names = [args.name] + [f"CPU {i}" for i in range(1, args.players)]
    cpu = {s: make_bot(args.cpu, seed=seed + s, game=spec.name) for s in range(1, args.players)}
    table = Table(spec, names, seed=seed, settings=settings, cpu=cpu, clock=clock)
    screen = TableView(table, write)
    screen.introduce()
    status = 0
    try:
        ending = _play_turns(table, screen, read)
    except EOFError:
        ending = "End of input: you leave the table"
    except KeyboardInterrupt:
        ending = "Interrupted (Ctrl-C)"
        status = EXIT_INTERRUPTED
    screen.finish(ending)
    return status


def _play_others(table: Table) -> None:
    """Plays the turns of the CPU seats (not yours, even while a CPU stands in for you)."""
    while table.to_act != YOU and table.is_cpu_turn():
        table.play_cpu(limit=1)


def _play_turns(table: Table, screen: TableView, read: Reader) -> str | None:
    """Plays until the game is over (returns ``None``) or you leave (returns how)."""
    write = screen.write
    while True:
        _play_others(table)
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
            continue
        turn = screen.ask(read)
        if isinstance(turn, Action):
            table.act(YOU, turn)
        elif isinstance(turn, TimeUp):
            default = table.default_action()
            if not table.enforce_timer():  # the reader's timeout came first: act all the same
                table.act(YOU, default)
            line = f"Time ran out: the table {_DONE[default.kind]} for you."
            if turn.late is not None:
                late = repr(turn.late) if turn.late else "(an empty line)"
                line += f" Your answer {late} came too late and was not used."
            write(line)
        elif turn == "away":
            table.leave(YOU)
            write(
                "You step away: a CPU player plays your seat and the game goes on. "
                "Type back at the back? question to return."
            )
        else:
            return "You leave the table"


_DONE = {"check": "checked", "fold": "folded", "draw": "stood pat"}


# ---------------------------------------------------------------------------- the screen


class ChipCount:
    """The pot, each seat's chips behind, its bet in the current betting round, the blinds
    posted and the board, followed event by event (from the events a seat sees).

    >>> from drawpoker.games import game
    >>> hand = Hand(game("holdem"), [1000, 1000, 1000])
    >>> hand.call(); hand.call(); hand.check()
    >>> chips = ChipCount(hand.start_stacks)
    >>> for event in hand.events:
    ...     chips.add(event)
    >>> chips.pot, chips.stacks == hand.stacks, chips.blinds, len(chips.board)
    (300, True, [1, 2], 3)
    """

    def __init__(self, stacks: Sequence[int]) -> None:
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.pot = 0
        self.blinds: list[int] = []
        self.board: list[int] = []

    def add(self, event: Event) -> None:
        """Follows one event.

        >>> chips = ChipCount([100, 100])
        >>> chips.add(Event("bet", seat=0, to=None, amount=20)); chips.pot, chips.stacks
        (20, [80, 100])
        """
        kind, seat, amount = event.kind, event.seat, event.amount
        if kind in ("ante", "blind") and seat is not None:
            self._move(seat, amount)
            if kind == "blind":
                self.bets[seat] += amount
                self.blinds.append(seat)
        elif kind in ("call", "bet", "raise") and seat is not None:
            self._move(seat, amount - self.bets[seat])
            self.bets[seat] = amount
        elif kind in ("board", "draw", "redeal"):
            self.bets = [0] * len(self.bets)
            if kind == "board":
                self.board.extend(event.cards)
        elif kind in ("return", "win") and seat is not None:
            self._move(seat, -amount)

    def _move(self, seat: int, chips: int) -> None:
        self.stacks[seat] -= chips
        self.pot += chips


STREET_NAMES = {0: "Pre-flop", 3: "Flop", 4: "Turn", 5: "River"}
"""A board game's streets by the number of board cards."""


class TableView:
    """What the person at seat 1 is shown, and the reading of their answers.

    >>> from drawpoker.games import FiveCardDraw
    >>> lines = []
    >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), lines.append)
    >>> view.show_news(); lines[0]
    '--- Round 1: dealer Ann ---'
    """

    def __init__(self, table: Table, write: Callable[[str], None]) -> None:
        self.table = table
        self.out = write
        self.last_line = ""
        self.board_game = any(street.board for street in table.game.streets)
        self.shown_hands = 0
        self.shown_events = 0
        self.chips = ChipCount(table.hand.start_stacks)
        self.said_busted = False

    def write(self, text: str) -> None:
        """Writes ``text`` (one or more lines) to the person.

        >>> from drawpoker.games import FiveCardDraw
        >>> TableView(Table(FiveCardDraw(), 2), print).write("Hello")
        Hello
        """
        self.out(text)
        self.last_line = text.rsplit("\n", 1)[-1]

    def name(self, seat: int | None) -> str:
        """The name of a seat.

        >>> from drawpoker.games import FiveCardDraw
        >>> TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print).name(1)
        'Bob'
        """
        return self.table.names[seat] if seat is not None else ""

    def introduce(self) -> None:
        """Writes the game, the table and how to get help (never the seed: it gives away the
        cards).

        >>> from drawpoker.games import FiveCardDraw
        >>> TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print).introduce()
        Five-Card Draw: 2 players, 10 rounds, ante 10, stacks 2000.
        Type help or ? for the commands and the action syntax.
        """
        table, spec = self.table, self.table.game
        rounds = table.settings.rounds
        parts = [f"{len(table.names)} players", f"{rounds} round{'s' if rounds != 1 else ''}"]
        if not table.betting:
            parts.append("no betting: each round's best hand scores a point")
        else:
            forced = spec.forced
            if forced.big_blind:
                parts.append(f"blinds {forced.small_blind}/{forced.big_blind}")
            if forced.ante:
                parts.append(f"ante {forced.ante}")
            parts.append(f"stacks {table.stacks[YOU]}")
        self.write(f"{GAMES[spec.name].title}: {', '.join(parts)}.")
        timer = table.settings.turn_timer
        if timer is not None:
            self.write(
                f"Turn timer: {timer} s; then the table checks for you if it can, else folds, "
                "and stands pat in a draw."
            )
        self.write("Type help or ? for the commands and the action syntax.")

    def show_news(self) -> None:
        """Writes every event the person has not seen yet, hand by hand.

        >>> from drawpoker.games import game
        >>> lines = []
        >>> view = TableView(Table(game("holdem"), ["Ann", "Bob", "Cy"], seed=2), lines.append)
        >>> view.show_news(); lines[1]
        'Seats: Ann 10000 (BTN) | Bob 10000 (SB) | Cy 10000 (BB)'
        """
        table = self.table
        while self.shown_hands < len(table.hands):
            hand = table.hands[self.shown_hands]
            if self.shown_events == 0:
                self._start_hand(hand)
            events = hand.visible_events(YOU)
            for event in events[self.shown_events :]:
                self.chips.add(event)
                line = self.describe(hand, event)
                for part in line.splitlines():
                    self.write(part)
            self.shown_events = len(events)
            if not hand.is_over:
                return
            self.write("Standings: " + ", ".join(self.scores(self.shown_hands + 1)))
            self.shown_hands += 1
            self.shown_events = 0

    def _start_hand(self, hand: Hand) -> None:
        number = self.shown_hands + 1
        self.chips = ChipCount(hand.start_stacks)
        if not self.board_game:
            self.write(f"--- Round {number}: dealer {self.name(hand.button)} ---")
        else:
            self.write(f"--- Round {number} of {self.table.settings.rounds} ---")
            self.write("Seats: " + self.seats_line(hand))
        if self.table.betting and hand.start_stacks[YOU] == 0 and not self.said_busted:
            self.said_busted = True
            self.write("You have no chips left: the CPU players play the game out.")

    def seats_line(self, hand: Hand) -> str:
        """Each seat's name, chips at the start of the hand and position (BTN, SB, BB).

        >>> from drawpoker.games import game
        >>> table = Table(game("holdem"), ["Ann", "Bob"], seed=2)
        >>> TableView(table, print).seats_line(table.hand)
        'Ann 10000 (BTN, SB) | Bob 10000 (BB)'
        """
        blinds = [e.seat for e in hand.events if e.kind == "blind"]
        marks: dict[int, list[str]] = {hand.button: ["BTN"]}
        for seat, mark in zip(blinds, ("SB", "BB"), strict=False):
            if seat is not None:
                marks.setdefault(seat, []).append(mark)
        seats = []
        for seat, stack in enumerate(hand.start_stacks):
            text = (
                f"{self.name(seat)} {stack}"
                if stack or not self.table.betting
                else f"{self.name(seat)} out"
            )
            if seat in marks:
                text += f" ({', '.join(marks[seat])})"
            seats.append(text)
        return " | ".join(seats)

    def scores(self, hands: int | None = None) -> list[str]:
        """Each seat's chips (or points) after the first ``hands`` hands (``None``: now). The
        table may be further on than the person has been shown (CPU players play on), so each
        hand's standings come from that hand.

        >>> from drawpoker.games import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob"], seed=2)
        >>> TableView(table, print).scores()
        ['Ann 2000', 'Bob 2000']
        >>> table.act(1, Action.bet(20)); table.act(0, Action.fold())
        >>> TableView(table, print).scores(1), TableView(table, print).scores(0)
        (['Ann 1990', 'Bob 2010'], ['Ann 2000', 'Bob 2000'])
        """
        table = self.table
        seats = range(len(table.names))
        if hands is None:
            scores = table.stacks if table.betting else table.points
        elif table.betting:
            scores = table.hands[hands - 1].stacks if hands else table.hands[0].start_stacks
        else:
            scores = [sum(seat in hand.winners for hand in table.hands[:hands]) for seat in seats]
        return [f"{name} {score}" for name, score in zip(table.names, scores, strict=True)]

    def board_text(self, board: Sequence[int]) -> str:
        """The board as text, flop, turn and river apart.

        >>> from drawpoker.cards import parse_cards
        >>> from drawpoker.games import game
        >>> view = TableView(Table(game("holdem"), 2), print)
        >>> view.board_text(parse_cards("Qh 7c 2d 9s 4h"))
        'Qh 7c 2d | 9s | 4h'
        """
        parts = [format_cards(board[:3])] + [format_cards([card]) for card in board[3:]]
        return " | ".join(parts) if board else "(none yet)"

    def describe(self, hand: Hand, event: Event) -> str:
        """One event as a sentence ("" for events not worth a line; a new street takes two).

        >>> from drawpoker.games import FiveCardDraw
        >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print)
        >>> hand = view.table.hand
        >>> hand.bet(20); view.describe(hand, hand.events[-1])
        'Bob bets 20'
        """
        you = event.seat == YOU
        who = "You" if you else self.name(event.seat)

        def says(third: str, base: str) -> str:
            return f"{who} {base if you else third}"

        kind, amount = event.kind, event.amount
        cards = format_cards(event.cards) if event.cards else ""
        all_in = ""
        if self.table.betting and event.seat is not None and kind in ("call", "bet", "raise"):
            all_in = " (all-in)" if self.chips.stacks[event.seat] == 0 else ""
        if kind == "show":
            line = f"{says('shows', 'show')} {cards}: {describe(amount, hand.game.ranking)}"
            if not self.table.betting and event.seat in hand.winners:
                line += "  <- best hand: one point"
            return line
        if kind == "draw":
            if not amount:
                return says("stands pat", "stand pat")
            return f"{says('draws', 'draw')} {amount} card{'s' if amount != 1 else ''}"
        if kind == "deal":
            street = "*** Pre-flop ***\n" if self.board_game else ""
            return f"{street}Your cards: {cards}"
        if kind == "board":
            street = STREET_NAMES.get(len(self.chips.board), "Board")
            board = self.board_text(self.chips.board)
            return f"*** {street} *** Board: {board} (pot {self.chips.pot})"
        if kind == "blind":
            which = "small" if len(self.chips.blinds) == 1 else "big"
            return f"{says('posts', 'post')} the {which} blind {amount}"
        if kind == "win":
            line = f"{says('wins', 'win')} {amount}"
            seat = event.seat
            strength = hand.strengths.get(seat) if self.board_game and seat is not None else None
            if strength is not None and hand.is_over:
                line += f" with {describe(strength, hand.game.ranking)}"
            return line
        sentences = {
            "check": says("checks", "check"),
            "fold": says("folds", "fold"),
            "call": f"{says('calls', 'call')} ({amount} in this round){all_in}",
            "bet": f"{says('bets', 'bet')} {amount}{all_in}",
            "raise": f"{says('raises', 'raise')} to {amount}{all_in}",
            "discard": f"You discard {cards}" if cards else "",
            "receive": f"You draw {cards}" if cards else "",
            "expose": f"{says('turns', 'turn')} over {cards} (all-in: no more betting)",
            "reshuffle": "The deck ran short: the discards are shuffled into a new deck",
            "redeal": f"No one opened: the cards are redealt, the pot of {amount} stays",
            "return": f"{amount} uncalled returned to {'you' if you else who}",
        }
        return sentences.get(kind, "")

    def ask(self, read: Reader) -> Turn:
        """Asks the person for an action until a legal one comes (a refusal says why); returns
        it, a :class:`TimeUp` when the turn timer ran out first, or the command ``quit`` or
        ``away``. ``help``/``?`` lists the commands, ``back`` says you are here.

        >>> from drawpoker.games import FiveCardDraw
        >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print)
        >>> view.table.act(1, Action.bet(20))
        >>> view.ask(lambda prompt, timeout: "c")
        Your hand: 1:6d  2:Qs  3:5h  4:2c  5:4s
        Pot 40, to call 20, your stack 1990, in this round 0
        Action(kind='call', amount=0, cards=())
        """
        table = self.table
        view = table.view(YOU)
        legal = table.legal_actions()
        cards = list(view.cards)
        if self.board_game:
            line = f"Your cards: {format_cards(cards)}"
            if view.board:
                line += f" | Board: {self.board_text(view.board)}"
            if line != self.last_line:  # not again right after the deal
                self.write(line)
        else:
            self.write(
                "Your hand: "
                + "  ".join(f"{i + 1}:{format_cards([c])}" for i, c in enumerate(cards))
            )
        if legal.kinds == ("draw",):
            ace = " (4 only keeping an ace or the joker)" if legal.max_discards == 4 else ""
            prompt = (
                f"Discard which cards? Positions or cards, up to {legal.max_discards}{ace}; "
                "empty = stand pat"
            )
        else:
            to_call = f", to call {legal.call}" if legal.call else ""
            self.write(
                f"Pot {view.pot}{to_call}, your stack {view.stacks[YOU]}, "
                f"in this round {view.bets[YOU]}"
            )
            prompt = menu(legal)
        while True:
            left = table.time_left()
            if left is not None and left <= 0:
                return TimeUp()
            timer = "" if left is None else f" ({math.ceil(left)} s left)"
            answer = read(f"{prompt}{timer} > ", left)
            if answer is None:
                return TimeUp()
            answer = answer.strip()
            word = answer.lower()
            if word in QUIT_WORDS:
                return "quit"
            if word == "away":
                return "away"
            if word in HELP_WORDS:
                self.write(COMMANDS_HELP)
                continue
            if word == "back":
                self.write("You are at the table: it is your turn.")
                continue
            left = table.time_left()
            if left is not None and left <= 0:
                return TimeUp(late=answer)
            try:
                action = parse_answer(answer, legal, cards)
            except DrawPokerError as error:
                self.write(f"Not understood: {error}")
                continue
            reason = table.hand.why_illegal(action)
            if reason is None:
                return action
            self.write(f"Not allowed: {reason}")

    def finish(self, ending: str | None) -> None:
        """Writes what is left of the news, how the game ended (``ending``: ``None`` when it is
        over, else why it stopped), the final standings and the seed for a replay.

        >>> from drawpoker.games import FiveCardDraw
        >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print)
        >>> view.finish("You leave the table")
        --- Round 1: dealer Ann ---
        Your cards: 6d Qs 5h 2c 4s
        You leave the table: the game ends here (the unfinished hand is not counted).
        Final standings:
          1. Ann: 2000
          1. Bob: 2000
        Seed: 2 (replay the same deal with --seed 2)
        """
        table = self.table
        self.show_news()
        if ending is None:
            self.write("Game over.")
        else:
            unfinished = "" if table.is_over else " (the unfinished hand is not counted)"
            self.write(f"{ending}: the game ends here{unfinished}.")
        self.write("Final standings:")
        for standing in table.standings():
            self.write(f"  {standing.place}. {standing.name}: {standing.score}")
        self.write(f"Seed: {table.seed} (replay the same deal with --seed {table.seed})")


def menu(legal: LegalActions) -> str:
    """The legal actions as a menu line, with the sizing presets as numbered shortcuts.

    >>> from drawpoker.games import FiveCardDraw, game
    >>> menu(Hand(FiveCardDraw(), [2000, 2000], seed=2).legal_actions())
    '[c]heck, [b]et N (20..1990 by 20), [a]ll-in 1990'
    >>> hand = Hand(game("holdem"), [10000] * 3)
    >>> hand.call(); hand.call(); hand.check()
    >>> menu(hand.legal_actions())
    '[c]heck, [b]et N (100..9900), [1] 33% pot 100, [2] 50% pot 150, [3] pot 300, [a]ll-in 9900'
    """
    words = []
    for kind in legal.kinds:
        if kind == "call":
            words.append(f"[c]all {legal.call}")
        elif kind == "check":
            words.append("[c]heck")
        elif kind in ("bet", "raise"):
            verb = "bet" if kind == "bet" else "raise to"
            if legal.min_to < legal.max_to:
                steps = f" by {legal.step}" if legal.step > 1 else ""
                words.append(f"[{kind[0]}]{verb[1:]} N ({legal.min_to}..{legal.max_to}{steps})")
                words.extend(
                    f"[{i}] {label} {amount}" for i, (label, amount) in enumerate(legal.presets, 1)
                )
            words.append(f"[a]ll-in {legal.max_to}")
        else:
            words.append(f"[{kind[0]}]{kind[1:]}")
    return ", ".join(words)


def parse_answer(answer: str, legal: LegalActions, cards: Sequence[int]) -> Action:
    """The action a typed answer names (whether it is legal is the hand's to say).

    >>> from drawpoker.games import game
    >>> hand = Hand(game("holdem"), [10000] * 3)
    >>> legal = hand.legal_actions()
    >>> parse_answer("r 450", legal, []), parse_answer("2", legal, [])
    (Action(kind='raise', amount=450, cards=()), Action(kind='raise', amount=300, cards=()))
    >>> parse_answer("raise to 1,500", legal, []), parse_answer("3x", legal, [])
    (Action(kind='raise', amount=1500, cards=()), Action(kind='raise', amount=300, cards=()))
    >>> parse_answer("a", legal, []), parse_answer("c", legal, [])
    (Action(kind='raise', amount=10000, cards=()), Action(kind='call', amount=0, cards=()))
    >>> draw = LegalActions(seat=0, kinds=("draw",), max_discards=3)
    >>> parse_answer("2, 5", draw, [0, 1, 2, 3, 4]).cards, parse_answer("", draw, [0, 1]).cards
    ((1, 4), ())
    >>> parse_answer("2c 2d", draw, [0, 1, 2, 3, 4]).cards
    (0, 1)
    >>> parse_answer("7", legal, [])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: the presets are 1..2; to bet or raise an amount \
type r 7
    """
    kinds = legal.kinds
    if kinds == ("draw",):
        words = answer.replace(",", " ").split()
        if all(w.isdigit() for w in words):
            positions = [int(w) for w in words]
            if any(not 1 <= p <= len(cards) for p in positions):
                raise InvalidArgumentError(f"positions run 1..{len(cards)}")
            return Action.draw(cards[p - 1] for p in positions)
        return Action.draw(parse_cards(answer))
    words = answer.lower().replace(",", "").split()  # 1,000 is 1000
    if not words:
        raise InvalidArgumentError(f"type an action, e.g. {kinds[0][0]} (or help)")
    sizing = "raise" if "raise" in kinds else "bet" if "bet" in kinds else None
    word = words[0]
    if word in ("a", "all-in", "allin", "all"):
        if sizing is None:
            if "call" not in kinds:
                raise InvalidArgumentError("there is no bet or raise to make here")
            return Action.call()
        return Action(sizing, legal.max_to)
    if sizing is not None and len(words) == 1:
        if word.isdigit():
            if not legal.presets:
                raise InvalidArgumentError(f"to {sizing} an amount type {sizing[0]} {word}")
            number = int(word)
            if not 1 <= number <= len(legal.presets):
                raise InvalidArgumentError(
                    f"the presets are 1..{len(legal.presets)}; to bet or raise an amount "
                    f"type {sizing[0]} {word}"
                )
            return Action(sizing, legal.presets[number - 1][1])
        for label, amount in legal.presets:
            if word in (label.replace(" ", ""), label.split()[0]):
                return Action(sizing, amount)
    by_letter = {"f": "fold", "k": "check", "c": "call", "b": "bet", "r": "raise"}
    kind = word if word in by_letter.values() else by_letter.get(word, "")
    if kind == "call" and "call" not in kinds and "check" in kinds:
        kind = "check"
    if kind in ("bet", "raise"):
        rest = [w for w in words[1:] if w != "to"]
        if len(rest) != 1 or not rest[0].isdigit():
            raise InvalidArgumentError(f"say how much, e.g. '{kind[0]} {legal.min_to or 40}'")
        return Action(sizing or kind, int(rest[0]))
    if not kind or len(words) > 1:
        raise InvalidArgumentError(f"{answer!r} is not an action (type help or ? for the list)")
    return Action(kind)
