"""A table: many hands of any registered game, with the table's own settings (starting stack,
rounds, turn timer) apart from the game's rules; the moving button, busts, standings, no-bet
scoring, the turn timer and CPU stand-ins for players who left.

Seats are ``0..players-1``. Seats listed in ``cpu`` are played by those CPU players; the others are
people who act through :meth:`Table.act`. :meth:`Table.play_cpu` plays every turn that is not a
present person's (CPU seats, seats whose player left, R-TABLE-2). The stand-ins for players who
leave, and the CPU players of a snapshot, come from the ``cpu_players`` the table is given
(``drawpoker.bots.CPU_PLAYERS``): this layer knows no CPU player.

>>> from drawpoker.bots import CheckCallBot
>>> from drawpoker.engine import game
>>> table = Table(game("holdem"), 3, seed=7, cpu={s: CheckCallBot() for s in range(3)},
...               settings=TableSettings(rounds=2))
>>> table.play_cpu()
>>> table.is_over, table.round, sum(table.stacks)
(True, 2, 30000)
"""

from __future__ import annotations

import operator
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, SupportsIndex, cast

from drawpoker.engine.actions import Action, LegalActions
from drawpoker.engine.events import HandView
from drawpoker.engine.hand import Hand, check_snapshot_format, snapshot_in_format
from drawpoker.engine.registry import settings_from_dict, spec_from_dict
from drawpoker.engine.spec import GameSpec
from drawpoker.engine.validate import chips, positive, same_data
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.table.player import CpuPlayers, Player
from drawpoker.validate import encodable_text, is_integer

SNAPSHOT_FORMAT = "drawpoker.table/1"
"""The ``format`` field of :meth:`Table.to_dict`."""


TURN_TIMERS = (30, 60)
"""The turn timers a table may have, in seconds (R-TABLE-4); ``None`` is no timer. The engine,
the command line's ``--turn-timer`` and the site's lobby all offer these."""


@dataclass(frozen=True)
class TableSettings:
    """What a table sets apart from the game's rules: the starting stack (``None``: the game's
    own default), the number of rounds, and the turn timer in seconds: ``None`` (no timer) or
    one of :data:`TURN_TIMERS` (R-TABLE-4).

    >>> TableSettings(rounds=0)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: rounds must be a positive integer, not 0
    >>> TableSettings(turn_timer=45)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: turn_timer must be None (no timer), 30 or 60 seconds \
(R-TABLE-4), not 45
    """

    stack: int | None = None
    rounds: int = 10
    turn_timer: int | None = None

    def __post_init__(self) -> None:
        if self.stack is not None:
            object.__setattr__(self, "stack", chips("stack", self.stack))
        object.__setattr__(self, "rounds", positive("rounds", self.rounds))
        if self.turn_timer is not None:
            object.__setattr__(self, "turn_timer", checked_timer(self.turn_timer))


def checked_timer(value: object) -> int:
    """A turn timer's seconds, one of :data:`TURN_TIMERS` (a NumPy integer converted).

    >>> checked_timer(60)
    60
    """
    if is_integer(value):
        seconds = operator.index(cast("SupportsIndex", value))
        if seconds in TURN_TIMERS:
            return seconds
    choices = ", ".join(map(str, TURN_TIMERS[:-1])) + f" or {TURN_TIMERS[-1]}"
    raise InvalidArgumentError(
        f"turn_timer must be None (no timer), {choices} seconds (R-TABLE-4), not {value!r}"
    )


@dataclass(frozen=True)
class Standing:
    """A seat's place (equal scores share a place), its name and its score (chips or points).

    >>> Standing(place=1, seat=2, name="Ann", score=3500)
    Standing(place=1, seat=2, name='Ann', score=3500)
    """

    place: int
    seat: int
    name: str
    score: int


class Table:
    """A game of ``game`` at one table for ``players`` (a count, or the players' names).

    ``clock`` returns seconds (inject a fake one to test timers); ``cpu_players`` makes the CPU
    player that takes over a seat whose player left and saves and restores CPU players in a
    snapshot (without it nobody may leave and CPU seats are not saved). ``stacks`` are the chips
    at the start of the current round (the hand holds the live counts). Each round's hand is
    dealt from the table's seed and the round number (:mod:`drawpoker.engine.dealing`).

    >>> from drawpoker.engine import FiveCardDraw, DrawSettings
    >>> table = Table(FiveCardDraw(DrawSettings(ante=5)), ["Ann", "Bob"], seed=1)
    >>> table.round, table.stacks, table.hand.stacks, table.hand.pot
    (1, [2000, 2000], [1995, 1995], 10)
    """

    def __init__(
        self,
        game: GameSpec,
        players: int | Sequence[str] = 2,
        seed: int = 0,
        *,
        settings: TableSettings | None = None,
        cpu: Mapping[int, Player] | None = None,
        clock: Callable[[], float] = time.monotonic,
        cpu_players: CpuPlayers | None = None,
    ) -> None:
        if not isinstance(game, GameSpec):
            raise InvalidArgumentError(f"a table needs a GameSpec (games.game(...)), not {game!r}")
        names = (
            [f"Player {i + 1}" for i in range(players)]
            if isinstance(players, int)
            else [_name(name) for name in players]
        )
        low, high = game.seats
        if not low <= len(names) <= high:
            count = f"{len(names)} player{'' if len(names) == 1 else 's'}"
            raise InvalidArgumentError(f"{count}: {game.name} seats {low}..{high}")
        self.game = game
        self.settings = settings or TableSettings()
        self.names = names
        self.seed = checked_seed("seed", seed)
        self.cpu = dict(cpu or {})
        for seat in self.cpu:
            if not 0 <= seat < len(names):
                raise InvalidArgumentError(f"CPU seat {seat} is not a seat of {len(names)}")
        self.clock = clock
        self.cpu_players = cpu_players
        self.away: dict[int, Player] = {}
        start = self.settings.stack or game.default_stack
        self.stacks = [start if self.betting else 0] * len(names)
        self.points = [0] * len(names)
        self.button = 0
        self.round = 1
        self.is_over = False
        self.hands: list[Hand] = []
        self.turn_started = clock()
        self._start_round()

    @property
    def betting(self) -> bool:
        """Whether chips are bet (else each round's best hands score a point, R-NOBET-1).

        >>> from drawpoker.engine import FiveCardDraw, DrawSettings
        >>> Table(FiveCardDraw(DrawSettings(mode="no-bet")), 2).betting
        False
        """
        return self.game.betting is not None

    @property
    def hand(self) -> Hand:
        """The hand of the current round (the last one once the game is over).

        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3)
        >>> table.hand.button, table.hand.pot
        (0, 30)
        """
        return self.hands[-1]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the game is over.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3).to_act
        1
        """
        return None if self.is_over else self.hand.actor

    def legal_actions(self) -> LegalActions:
        """The legal actions of the seat whose turn it is.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3).legal_actions().kinds
        ('check', 'bet')
        """
        if self.is_over:
            raise IllegalActionError("the game is over")
        return self.hand.legal_actions()

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know of the current hand.

        >>> from drawpoker.engine import FiveCardDraw
        >>> len(Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3).view(2).cards)
        5
        """
        return self.hand.view(seat)

    def is_cpu_turn(self) -> bool:
        """Whether the seat to act is played by a CPU (its own, or a stand-in while away).

        >>> from drawpoker.bots import CPU_PLAYERS
        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3, cpu_players=CPU_PLAYERS)
        >>> table.is_cpu_turn(), table.leave(1), table.is_cpu_turn()
        (False, None, True)
        """
        seat = self.to_act
        return seat is not None and (seat in self.cpu or seat in self.away)

    def act(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``; raises :class:`IllegalActionError` (nothing changes) when it
        is not that seat's turn or the action is illegal.

        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3)
        >>> table.act(1, Action.bet(20)); table.to_act
        2
        """
        if self.to_act != seat:
            raise IllegalActionError(f"it is not seat {seat}'s turn (to act: {self.to_act})")
        self.hand.act(action)
        self._after_action()

    def play_cpu(self, limit: int | None = None) -> None:
        """Plays CPU turns until a present person must act or the game is over (or ``limit``
        actions were played). Each CPU player sees only its seat's view.

        >>> from drawpoker.bots import RulesOfThumbBot
        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), 2, seed=3, cpu={1: RulesOfThumbBot(seed=1)})
        >>> table.play_cpu(); table.to_act
        0
        """
        played = 0
        # who plays each seat now (nobody leaves or comes back while the CPU players play)
        players = [self.cpu.get(s) or self.away.get(s) for s in range(len(self.names))]
        hand = self.hands[-1]
        seat = self.to_act
        # _after_action, inlined on this hot path: the seat to act is read once an action; the
        # turn's clock starts once, when the CPU turns stop (nobody reads it in between)
        try:
            while seat is not None and (limit is None or played < limit):
                player = players[seat]
                if player is None:
                    break  # a present person's turn
                hand.act(player.choose(hand.view(seat)))
                played += 1
                seat = hand.actor
                if seat is None and self._next_round():  # the hand is over, a round follows
                    self._start_round()
                    hand = self.hands[-1]
                    seat = hand.actor
        finally:
            if played:
                self.turn_started = self.clock()

    # ---------------------------------------------------------------- table behaviour

    def leave(self, seat: int) -> None:
        """The player of ``seat`` leaves; a CPU player (the table's ``cpu_players``) plays the
        seat until they return.

        >>> from drawpoker.bots import CPU_PLAYERS
        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3, cpu_players=CPU_PLAYERS)
        >>> table.leave(1); table.play_cpu(); table.to_act
        2
        >>> Table(FiveCardDraw(), 2).leave(0)
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: this table has no CPU players to stand in for \
seat 0 (Table(..., cpu_players=...))
        """
        self._check_seat(seat)
        if seat not in self.away:
            self.away[seat] = self._cpu_players(f"to stand in for seat {seat}").stand_in(
                self.game, seat
            )

    def come_back(self, seat: int) -> None:
        """The player of ``seat`` returns and plays again.

        >>> from drawpoker.bots import CPU_PLAYERS
        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3, cpu_players=CPU_PLAYERS)
        >>> table.leave(1); table.come_back(1); table.is_cpu_turn()
        False
        """
        self._check_seat(seat)
        self.away.pop(seat, None)

    def time_left(self) -> float | None:
        """Seconds left for the current turn, or ``None`` without a turn timer.

        >>> from drawpoker.engine import FiveCardDraw
        >>> now = [100.0]
        >>> table = Table(FiveCardDraw(), 2, settings=TableSettings(turn_timer=60),
        ...               clock=lambda: now[0])
        >>> now[0] = 125.0; table.time_left()
        35.0
        """
        if self.settings.turn_timer is None or self.is_over:
            return None
        return self.settings.turn_timer - (self.clock() - self.turn_started)

    def default_action(self) -> Action:
        """What the table does for a seat whose time ran out (R-TABLE-1): stand pat in a draw,
        else check when checking is legal, else fold; a stud bring-in, which may neither check
        nor fold, is posted.

        >>> from drawpoker.engine import FiveCardDraw, game
        >>> Table(FiveCardDraw(), 2).default_action()
        Action(kind='check', amount=0, cards=())
        >>> Table(game("stud"), 2).default_action()
        Action(kind='bring-in', amount=0, cards=())
        """
        hand = self.hand
        if hand.phase == "draw":
            return Action.draw()
        if "bring-in" in hand.legal_actions().kinds:
            return Action.bring_in()
        return Action.check() if hand.can_check() else Action.fold()

    def enforce_timer(self) -> bool:
        """If the current turn's time ran out, act for the seat (:meth:`default_action`).
        Returns whether it acted.

        >>> from drawpoker.engine import FiveCardDraw
        >>> now = [0.0]
        >>> table = Table(FiveCardDraw(), 2, settings=TableSettings(turn_timer=30),
        ...               clock=lambda: now[0])
        >>> now[0] = 31.0; table.enforce_timer(), table.hand.events[-1].kind
        (True, 'check')
        """
        left = self.time_left()
        if left is None or left > 0:
            return False
        self.hand.act(self.default_action())
        self._after_action()
        return True

    def standings(self) -> list[Standing]:
        """Seats by score (chips, or points in no-bet mode), best first; ties share a place.

        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=3)
        >>> [(s.place, s.name) for s in table.standings()]
        [(1, 'Ann'), (1, 'Bob'), (1, 'Cy')]
        """
        scores = self.stacks if self.betting else self.points
        order = sorted(range(len(self.names)), key=lambda s: -scores[s])
        result: list[Standing] = []
        for position, seat in enumerate(order):
            tied = result and result[-1].score == scores[seat]
            place = result[-1].place if tied else position + 1
            result.append(Standing(place, seat, self.names[seat], scores[seat]))
        return result

    # ---------------------------------------------------------------- saving

    def to_dict(self) -> dict[str, Any]:
        """The table as plain data (JSON-able), every hand included; :meth:`from_dict` resumes
        it. CPU players are saved by type and state (by the table's ``cpu_players``); it holds
        every hidden card and the seed, so it is the house's copy.

        >>> from drawpoker.bots import CPU_PLAYERS, RulesOfThumbBot
        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), 2, seed=3, cpu={1: RulesOfThumbBot(seed=1)},
        ...               cpu_players=CPU_PLAYERS)
        >>> table.play_cpu()
        >>> again = Table.from_dict(table.to_dict(), cpu_players=CPU_PLAYERS)
        >>> again.to_dict() == table.to_dict()
        True
        """
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self.game.to_dict(),
            "settings": asdict(self.settings),
            "names": list(self.names),
            "seed": self.seed,
            **self._saved_cpu_seats(),
            "hands": [hand.to_dict() for hand in self.hands],
            "stacks": list(self.stacks),
            "points": list(self.points),
            "button": self.button,
            "round": self.round,
            "is_over": self.is_over,
        }

    @classmethod
    def from_dict(
        cls,
        data: Any,
        clock: Callable[[], float] = time.monotonic,
        cpu_players: CpuPlayers | None = None,
    ) -> Table:
        """The table written by :meth:`to_dict`, replayed hand by hand from its seed and
        actions, its CPU players restored by ``cpu_players`` (which read their own saved
        states); every other saved field must match the replay, each hand in its snapshot's
        format (:data:`~drawpoker.engine.hand.SNAPSHOT_FORMATS`: a table saved before a format
        changed resumes), so a changed snapshot (chips added, a forged hand, a round skipped)
        raises :class:`~drawpoker.errors.InvalidArgumentError`.

        >>> from drawpoker.engine import FiveCardDraw
        >>> data = Table(FiveCardDraw(), 2, seed=3).to_dict()
        >>> Table.from_dict(data | {"stacks": [5000, 2000]})
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: table snapshot field 'stacks' does not match \
its hands
        """
        if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
            raise InvalidArgumentError(f"not a table snapshot (format {SNAPSHOT_FORMAT!r})")
        expected = {"format", "game", "settings", "names", "seed", "cpu", "away", "hands"}
        expected |= {"stacks", "points", "button", "round", "is_over"}
        if set(data) != expected:
            raise InvalidArgumentError(f"table snapshot fields must be {sorted(expected)}")
        names = data["names"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InvalidArgumentError("table snapshot field 'names' must be a list of names")
        settings = settings_from_dict(TableSettings, data["settings"], "table")
        table = cls(
            spec_from_dict(data["game"]),
            names,
            data["seed"],
            settings=settings,
            clock=clock,
            cpu_players=cpu_players,
        )
        hands = data["hands"]
        if not isinstance(hands, list) or not hands:
            raise InvalidArgumentError("table snapshot field 'hands' must list the hands played")
        for number, saved in enumerate(hands):
            if number >= len(table.hands):
                raise InvalidArgumentError(f"table snapshot hand {number} was never dealt")
            if not isinstance(saved, dict) or not isinstance(saved.get("actions"), list):
                raise InvalidArgumentError(f"table snapshot hand {number} is not a hand snapshot")
            try:
                check_snapshot_format(saved.get("format"))
            except InvalidArgumentError as error:
                raise InvalidArgumentError(f"table snapshot hand {number}: {error}") from None
            for i, action in enumerate(saved["actions"]):
                try:
                    move = Action.from_dict(action)
                    table.act(table.hand.actor, move)  # type: ignore[arg-type]
                except IllegalActionError as error:
                    raise InvalidArgumentError(
                        f"table snapshot hand {number} action {i}: {error}"
                    ) from None
        for key in ("cpu", "away"):
            entries = data[key]
            if not isinstance(entries, list):
                raise InvalidArgumentError(f"table snapshot field {key!r} must be a list")
            for entry in entries:
                if not (isinstance(entry, list) and len(entry) == 2):
                    raise InvalidArgumentError(f"table snapshot field {key!r}: bad entry {entry!r}")
                seat, saved_player = entry
                table._check_seat(seat)
                if seat <= max(getattr(table, key), default=-1):
                    raise InvalidArgumentError(
                        f"table snapshot field {key!r}: seat {seat} out of order or twice"
                    )
                keeper = table._cpu_players("to restore its CPU seats")
                getattr(table, key)[seat] = keeper.restore(saved_player)
        rebuilt = table.to_dict()
        # each hand as its snapshot's format writes it (a table saved before a hand format
        # changed: the site's store adds the hand being played in today's)
        rebuilt["hands"] = [
            snapshot_in_format(hand, saved["format"])
            for hand, saved in zip(rebuilt["hands"], hands, strict=False)
        ] + rebuilt["hands"][len(hands) :]
        # A saved CPU player is its keeper's to read (restore reads the older forms of its
        # state that tables saved before hold), so it is not compared with the one saved again.
        for key in sorted(expected - {"cpu", "away"}):
            if not same_data(rebuilt[key], data[key]):
                raise InvalidArgumentError(f"table snapshot field {key!r} does not match its hands")
        return table

    # ---------------------------------------------------------------- rounds

    def _cpu_players(self, purpose: str) -> CpuPlayers:
        """The table's ``cpu_players``; without them, an error saying what needed them."""
        if self.cpu_players is None:
            raise InvalidArgumentError(
                f"this table has no CPU players {purpose} (Table(..., cpu_players=...))"
            )
        return self.cpu_players

    def _saved_cpu_seats(self) -> dict[str, list[list[Any]]]:
        """The CPU seats (``cpu``) and the stand-ins of away seats (``away``) as plain data."""
        seated = {"cpu": self.cpu, "away": self.away}
        if not self.cpu and not self.away:
            return {key: [] for key in seated}
        keeper = self._cpu_players("to save its CPU seats")
        return {
            key: [[seat, keeper.save(player, seat)] for seat, player in sorted(players.items())]
            for key, players in seated.items()
        }

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < len(self.names):
            raise InvalidArgumentError(f"seat {seat!r} is not a seat of {len(self.names)}")

    def _start_round(self) -> None:
        """Deals the round's hand. A hand the forced bets end at the deal (every seat but one
        all-in on its blind, R-HE-7 and R-HE-8: the board is dealt at once, nobody acts) is
        settled at once and the next round dealt, as after a hand's last action."""
        while True:
            if not self.game.button_moves:  # stud: every deal starts at seat 0
                self.button = len(self.names) - 1
            while self.betting and self.game.button_moves and self.stacks[self.button] == 0:
                self.button = (self.button + 1) % len(self.names)
            self.hands.append(
                Hand(self.game, self.stacks, self.button, self.seed, number=self.round)
            )
            self.turn_started = self.clock()
            if not self.hand.is_over or not self._next_round():
                return

    def _after_action(self) -> None:
        self.turn_started = self.clock()
        if self.hand.is_over and self._next_round():
            self._start_round()

    def _next_round(self) -> bool:
        """Settles the hand that ended (chips, or the winners' points); whether another round
        follows (else the table is over)."""
        hand = self.hand
        if self.betting:
            self.stacks = hand.stacks  # a new list at each read
        else:
            for seat in hand.winners:
                self.points[seat] += 1
        with_chips = sum(1 for s in self.stacks if s > 0)
        if self.round == self.settings.rounds or (self.betting and with_chips < 2):
            self.is_over = True
            return False
        self.round += 1
        self.button = (self.button + 1) % len(self.names)
        return True


def _name(name: object) -> str:
    """A player's name: text that a history file can hold."""
    if not isinstance(name, str):
        raise InvalidArgumentError(f"a player's name is text, not {name!r}")
    return encodable_text("a player's name", name)
