"""A history replayed on the engine, one PHH action at a time.

The players sit where the history's ``seats`` say (else p1 at seat 0, p2 at seat 1, ...), the
button at the last player's seat; the hand's number is the ``hand`` field (when a number); the
deck is stacked from the history's dealing actions (:mod:`drawpoker.history.plan`). Each player
action is applied to the engine, which refuses an illegal one; each dealing action is compared
with the cards the engine dealt, and each hand shown with the one the engine showed. ``cc`` is
a check or a call, ``cbr`` a bet or a raise (to that total; a stud completion), ``pb`` the
bring-in, ``sd`` a draw. A stud street's down and up cards to a seat are one ``d dh``.

Two things PokerKit writes that the engine has no action for are read as PokerKit means them:
a check (``cc``) by a player whom the engine no longer asks, after an all-in made the rest of
the hand a run-out, or left a draw game's players only their draws (PokerKit still gives the
big blind its option when only a check is possible; counted in :attr:`Replay.idle_checks`),
and a muck (``sm`` without cards) at the showdown, where the engine shows every live hand
(docs/engine.md; counted in :attr:`Replay.mucks`).

>>> from drawpoker.history import loads
>>> from drawpoker.history.record import EXAMPLE
>>> replay = loads(EXAMPLE)[0].replay()
>>> [text for text in replay]
['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 cbr 30', 'p1 f']
>>> replay.done, replay.hand.is_over
(True, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from drawpoker.engine import Action, GameSpec, Hand
from drawpoker.errors import HistoryError, IllegalActionError, InvalidArgumentError
from drawpoker.history.notation import Move, cards_text
from drawpoker.history.plan import deal_plan


class Replayable(Protocol):
    """What a replay reads of a history: a :class:`~drawpoker.history.record.History` is one.
    Named here, not imported, because a history replays itself (``History.replay()``): the
    record module sits above this one.

    >>> from drawpoker.history import loads
    >>> from drawpoker.history.record import EXAMPLE
    >>> history: Replayable = loads(EXAMPLE)[0]
    >>> history.name, history.players_count
    ('hand 1', 2)
    """

    @property
    def values(self) -> Mapping[str, Any]: ...
    @property
    def name(self) -> str: ...
    @property
    def moves(self) -> tuple[Move, ...]: ...
    @property
    def spec(self) -> GameSpec: ...
    @property
    def engine_seats(self) -> tuple[int, list[int], int]: ...
    @property
    def starting_stacks(self) -> list[int]: ...
    @property
    def players_count(self) -> int: ...
    def get(self, name: str, default: Any = None) -> Any: ...


class Replay:
    """A history being replayed: ``hand`` is the engine's hand as of the actions applied,
    ``position`` the index of the next action. :meth:`step` applies one action,
    :meth:`finish` all the rest; iterating steps through them.

    Any action that cannot be replayed raises :class:`~drawpoker.errors.HistoryError` naming
    the hand, the action's index and its text.

    >>> from drawpoker.history import loads
    >>> from drawpoker.history.record import EXAMPLE
    >>> replay = Replay(loads(EXAMPLE)[0])
    >>> list(replay)[-1], replay.done, replay.hand.stacks  # seats 3 and 5: p1 990, p2 1010
    ('p1 f', True, [0, 0, 990, 0, 1010, 0])
    """

    def __init__(self, history: Replayable) -> None:
        self.history = history
        spec = history.spec
        name = history.name
        count, places, button = history.engine_seats
        low, high = spec.seats
        if not low <= count <= high:
            raise HistoryError(f"{name}: {count} seats; {spec.name} seats {low}..{high}")
        stacks = [0] * count
        for place, stack in zip(places, history.starting_stacks, strict=True):
            if stack == 0 and spec.betting is not None:
                raise HistoryError(f"{name}: field 'starting_stacks': every player has chips")
            stacks[place] = stack
        try:
            self.plan = deal_plan(history.moves, spec, history.players_count)
        except HistoryError as error:
            raise HistoryError(f"{name}: {error}") from None
        try:
            number = history.get("hand")
            number = number if type(number) is int and 0 <= number < 2**64 else 0
            self.hand = Hand(spec, stacks, button, number=number, shuffles=self.plan.shuffles)
        except (InvalidArgumentError, IllegalActionError) as error:
            raise HistoryError(f"{name}: {error}") from None
        self.seats = places
        self.position = 0
        self.idle_checks = 0
        """Checks PokerKit asks for where the engine already dealt the run-out."""
        self.mucks = 0
        """Hands mucked at the showdown in the history (the engine shows them)."""
        self._events = 0
        self._delivered: list[deque[tuple[int, ...]]] = [deque() for _ in range(count)]
        self._board: deque[int] = deque()
        self._shows: list[tuple[int, str, int, tuple[int, ...]]] = []
        self._ran_out = False

    @property
    def done(self) -> bool:
        """Whether every action of the history has been applied.

        >>> from drawpoker.history import loads
        >>> from drawpoker.history.record import EXAMPLE
        >>> loads(EXAMPLE)[0].replay().done
        False
        """
        return self.position >= len(self.history.moves)

    def __iter__(self) -> Iterator[str]:
        while not self.done:
            yield self.step()

    def finish(self) -> Hand:
        """Applies every action left and returns the hand.

        >>> from drawpoker.history import loads
        >>> from drawpoker.history.record import EXAMPLE
        >>> loads(EXAMPLE)[0].replay().finish().payouts
        [0, 0, 0, 0, 20, 0]
        """
        self._run(len(self.history.moves))
        return self.hand

    def step(self) -> str:
        """Applies the next action and returns its text.

        >>> from drawpoker.history import loads
        >>> from drawpoker.history.record import EXAMPLE
        >>> replay = loads(EXAMPLE)[0].replay()
        >>> replay.step(); replay.position
        'd dh p1 AsKs'
        1
        """
        if self.done:
            raise HistoryError(f"{self.history.name}: every action has been replayed")
        self._run(self.position + 1)
        return str(self.history.values["actions"][self.position - 1])

    def _run(self, stop: int) -> None:
        """Applies the actions before index ``stop``."""
        apply = self._apply
        index = self.position
        try:
            while index < stop:
                apply(index)
                index += 1
        except (HistoryError, IllegalActionError, InvalidArgumentError) as error:
            self.position = index
            text = self.history.values["actions"][index]
            raise HistoryError(f"{self.history.name}: action {index} {text!r}: {error}") from None
        self.position = index
        if self._shows and (self.done or self.hand.is_over):
            self._check_shows()

    # ---------------------------------------------------------------- one action

    def _apply(self, index: int) -> None:
        move = self.history.moves[index]
        verb = move.verb
        if verb == "noop":
            return
        hand = self.hand
        if verb == "db" or verb == "dh":
            self._sync()
            cards = self.plan.cards[index]
            assert cards is not None
            if verb == "db":
                dealt = tuple(self._board.popleft() for _ in range(len(cards)) if self._board)
            else:
                assert move.player is not None
                queue = self._delivered[self.seats[move.player]]
                dealt = queue.popleft() if queue else ()
            if dealt != cards:
                raise HistoryError(f"the engine dealt {cards_text(dealt) or 'nothing'}")
            return
        assert move.player is not None
        seat = self.seats[move.player]
        if verb == "sm":
            if move.cards is None and move.amount is None:
                self.mucks += 1
            cards = self.plan.cards[index]
            if cards is not None:
                self._shows.append((index, self.history.values["actions"][index], seat, cards))
            return
        if hand.actor != seat or (verb == "cc" and hand.phase != "bet"):
            self._sync()
            if verb == "cc" and hand.live[seat] and (self._ran_out or self._nobody_bets()):
                self.idle_checks += 1
                return
            if hand.actor is None:
                raise HistoryError("the hand is over")
            if hand.actor == seat:
                raise HistoryError("a draw is 'sd', not 'cc'")
            raise HistoryError(f"it is p{self.seats.index(hand.actor) + 1}'s turn")
        if verb == "cc":
            hand.check_or_call()
        elif verb == "f":
            hand.act(Action.fold())
        elif verb == "pb":
            hand.act(Action.bring_in())
        elif verb == "cbr":
            assert move.amount is not None
            to = move.amount
            hand.act(Action.bet(to) if hand.current_bet == 0 else Action.raise_to(to))
        elif verb == "sd":
            cards = self.plan.cards[index]
            assert cards is not None
            if hand.phase != "draw":
                raise HistoryError("nobody draws now")
            hand.act(Action.draw(cards))
        else:
            raise HistoryError(f"the {hand.game.name} engine has no action {verb!r}")

    def _nobody_bets(self) -> bool:
        """Whether at most one live seat has chips (no more betting: a draw game goes on to
        its draws, where PokerKit still asks the other seat to check)."""
        hand = self.hand
        return sum(1 for s, live in enumerate(hand.live) if live and hand.stacks[s]) <= 1

    def _sync(self) -> None:
        """Reads the engine's new events: the cards it dealt, whether it ran the hand out."""
        events = self.hand.events
        street: set[int] = set()  # seats dealt down cards of this street (stud: up cards join)
        for event in events[self._events :]:
            kind = event.kind
            if kind == "up" and event.seat in street:
                queue = self._delivered[event.seat]
                queue[-1] = queue[-1] + event.cards
                street.discard(event.seat)
                continue
            if kind != "deal":
                street.clear()
            if kind == "deal" or kind == "receive" or kind == "up":
                assert event.seat is not None
                self._delivered[event.seat].append(event.cards)
                if kind == "deal":
                    street.add(event.seat)
            elif kind == "board":
                self._board.extend(event.cards)
            elif kind == "expose":
                self._ran_out = True
            elif kind == "redeal":
                for queue in self._delivered:
                    queue.clear()
                self._board.clear()
        self._events = len(events)

    def _check_shows(self) -> None:
        """Every hand the history shows is the one the engine showed (as a set of cards), or
        part of it: a stud hand tabled before its last cards were dealt."""
        shown: dict[int, set[int]] = {}
        for event in self.hand.events:
            if event.kind in ("show", "expose") and event.seat is not None:
                shown[event.seat] = set(event.cards)
        for index, text, seat, cards in self._shows:
            if seat in shown and not set(cards) <= shown[seat]:
                raise HistoryError(
                    f"{self.history.name}: action {index} {text!r}: the engine's hand is "
                    f"{cards_text(sorted(shown[seat]))}"
                )
        self._shows = [s for s in self._shows if s[2] not in shown]
