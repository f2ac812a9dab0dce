"""A multi-round Five-Card Draw game over single hands: button rotation, busts, the set number of
rounds, standings, no-bet scoring, the turn timer and CPU stand-ins for players who left.

Seats are ``0..players-1``. Seats listed in ``cpu`` are played by those CPU players; the others are
people who act through :meth:`Game.act`. :meth:`Game.play_cpu` plays every turn that is not a
present person's (CPU seats, seats whose player left, R-TABLE-2).

>>> from drawpoker.bots import CheckCallBot
>>> settings = DrawSettings(rounds=2, second_round="left-of-dealer")
>>> game = Game(settings, players=3, seed=7, cpu={s: CheckCallBot() for s in range(3)})
>>> game.play_cpu()
>>> game.is_over, game.round, sum(game.stacks)
(True, 2, 6000)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.games.five_card_draw import DrawSettings, FiveCardDraw
from drawpoker.games.hand import Action, Hand, HandView, LegalActions
from drawpoker.games.player import Player


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


class Game:
    """A game of Five-Card Draw with every setting of RULES.md section 4.

    ``clock`` returns seconds (inject a fake one to test timers); ``stand_in`` makes the CPU
    player that takes over a seat whose player left. ``stacks`` are the chips at the start of
    the current round (the hand holds the live counts).

    >>> game = Game(DrawSettings(ante=5), ["Ann", "Bob"], seed=1)
    >>> game.round, game.stacks, game.hand.stacks, game.hand.pot
    (1, [2000, 2000], [1995, 1995], 10)
    """

    def __init__(
        self,
        settings: DrawSettings | None = None,
        players: int | Sequence[str] = 2,
        seed: int = 0,
        cpu: Mapping[int, Player] | None = None,
        clock: Callable[[], float] = time.monotonic,
        stand_in: Callable[[int], Player] | None = None,
    ) -> None:
        self.settings = settings or DrawSettings()
        names = (
            [f"Player {i + 1}" for i in range(players)]
            if isinstance(players, int)
            else list(players)
        )
        if not 2 <= len(names) <= FiveCardDraw.max_seats:
            raise InvalidArgumentError(f"{len(names)} players: Five-Card Draw seats 2..6")
        self.names = names
        self.variant = FiveCardDraw(self.settings)
        self.seed = seed
        self.cpu = dict(cpu or {})
        for seat in self.cpu:
            if not 0 <= seat < len(names):
                raise InvalidArgumentError(f"CPU seat {seat} is not a seat of {len(names)}")
        self.clock = clock
        self.stand_in = stand_in or _default_stand_in
        self.away: dict[int, Player] = {}
        self.stacks = [self.settings.stack if self.settings.betting else 0] * len(names)
        self.points = [0] * len(names)
        self.button = 0
        self.round = 1
        self.is_over = False
        self.hands: list[Hand] = []
        self.turn_started = clock()
        self._start_round()

    @property
    def hand(self) -> Hand:
        """The hand of the current round (the last one once the game is over).

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> game.hand.button, game.hand.pot
        (0, 30)
        """
        return self.hands[-1]

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the game is over.

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> game.to_act
        1
        """
        return None if self.is_over else self.hand.actor

    def legal_actions(self) -> LegalActions:
        """The legal actions of the seat whose turn it is.

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> game.legal_actions().kinds
        ('check', 'bet')
        """
        if self.is_over:
            raise IllegalActionError("the game is over")
        return self.hand.legal_actions()

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know of the current hand.

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> len(game.view(2).cards)
        5
        """
        return self.hand.view(seat)

    def is_cpu_turn(self) -> bool:
        """Whether the seat to act is played by a CPU (its own, or a stand-in while away).

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> game.is_cpu_turn(), game.leave(1), game.is_cpu_turn()
        (False, None, True)
        """
        seat = self.to_act
        return seat is not None and (seat in self.cpu or seat in self.away)

    def act(self, seat: int, action: Action) -> None:
        """``seat`` takes ``action``; raises :class:`IllegalActionError` (nothing changes) when it
        is not that seat's turn or the action is illegal.

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> game.act(1, Action.bet(20)); game.to_act
        2
        """
        if self.to_act != seat:
            raise IllegalActionError(f"it is not seat {seat}'s turn (to act: {self.to_act})")
        self.hand.act(action)
        self._after_action()

    def play_cpu(self, limit: int | None = None) -> None:
        """Plays CPU turns until a present person must act or the game is over (or ``limit``
        actions were played).

        >>> from drawpoker.bots import RulesOfThumbBot
        >>> game = Game(DrawSettings(rounds=2), 2, seed=3, cpu={1: RulesOfThumbBot(seed=1)})
        >>> game.play_cpu(); game.to_act
        0
        """
        played = 0
        while self.is_cpu_turn() and (limit is None or played < limit):
            seat = self.to_act
            assert seat is not None
            player = self.cpu.get(seat) or self.away[seat]
            self.hand.act(player.choose(self.hand))
            self._after_action()
            played += 1

    # ---------------------------------------------------------------- table behaviour

    def leave(self, seat: int) -> None:
        """The player of ``seat`` leaves; a CPU player plays the seat until they return.

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> game.leave(1); game.play_cpu(); game.to_act
        2
        """
        self._check_seat(seat)
        self.away.setdefault(seat, self.stand_in(seat))

    def come_back(self, seat: int) -> None:
        """The player of ``seat`` returns and plays again.

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> game.leave(1); game.come_back(1); game.is_cpu_turn()
        False
        """
        self._check_seat(seat)
        self.away.pop(seat, None)

    def time_left(self) -> float | None:
        """Seconds left for the current turn, or ``None`` without a turn timer.

        >>> now = [100.0]
        >>> game = Game(DrawSettings(turn_timer=60), 2, clock=lambda: now[0])
        >>> now[0] = 125.0; game.time_left()
        35.0
        """
        if self.settings.turn_timer is None or self.is_over:
            return None
        return self.settings.turn_timer - (self.clock() - self.turn_started)

    def enforce_timer(self) -> bool:
        """If the current turn's time ran out, act for the seat (R-TABLE-1): stand pat in the draw,
        else check when checking is legal, else fold. Returns whether it acted.

        >>> now = [0.0]
        >>> game = Game(DrawSettings(turn_timer=30), 2, clock=lambda: now[0])
        >>> now[0] = 31.0; game.enforce_timer(), game.hand.events[-1].kind
        (True, 'check')
        """
        left = self.time_left()
        if left is None or left > 0:
            return False
        hand = self.hand
        if hand.phase == "draw":
            action = Action.draw()
        elif hand.can_check():
            action = Action.check()
        else:
            action = Action.fold()
        hand.act(action)
        self._after_action()
        return True

    def standings(self) -> list[Standing]:
        """Seats by score (chips, or points in no-bet mode), best first; ties share a place.

        >>> game = Game(DrawSettings(rounds=2), ["Ann", "Bob", "Cy"], seed=3)
        >>> [(s.place, s.name) for s in game.standings()]
        [(1, 'Ann'), (1, 'Bob'), (1, 'Cy')]
        """
        scores = self.stacks if self.settings.betting else self.points
        order = sorted(range(len(self.names)), key=lambda s: -scores[s])
        table: list[Standing] = []
        for position, seat in enumerate(order):
            tied = table and table[-1].score == scores[seat]
            place = table[-1].place if tied else position + 1
            table.append(Standing(place, seat, self.names[seat], scores[seat]))
        return table

    # ---------------------------------------------------------------- rounds

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.names):
            raise InvalidArgumentError(f"seat {seat} is not a seat of {len(self.names)}")

    def _start_round(self) -> None:
        while self.settings.betting and self.stacks[self.button] == 0:
            self.button = (self.button + 1) % len(self.names)
        seed = self.seed * 1_000_003 + self.round
        self.hands.append(Hand(self.variant, self.stacks, self.button, seed))
        self.turn_started = self.clock()

    def _after_action(self) -> None:
        self.turn_started = self.clock()
        hand = self.hand
        if not hand.is_over:
            return
        if self.settings.betting:
            self.stacks = list(hand.stacks)
        else:
            for seat in hand.winners:
                self.points[seat] += 1
        with_chips = sum(1 for s in self.stacks if s > 0)
        if self.round == self.settings.rounds or (self.settings.betting and with_chips < 2):
            self.is_over = True
            return
        self.round += 1
        self.button = (self.button + 1) % len(self.names)
        self._start_round()


def _default_stand_in(seat: int) -> Player:
    from drawpoker.bots import RulesOfThumbBot

    return RulesOfThumbBot(seed=seat)
