"""One hand of any game: whose turn, the legal actions, ``act()``, views, snapshots, replays.

The state machine is the engine's (``rust/engine/state.rs``), driven by the hand's
:class:`~drawpoker.engine.spec.GameSpec`. Seats are ``0..seats-1`` clockwise; the button sits at
``button``. Chips are integers and are conserved at every step (R-POT-5): ``sum(stacks) +
sum(committed)`` never changes until the pots are paid. Every event says who may see it. The
hand's randomness is its ``seed`` and ``number`` (:mod:`drawpoker.engine.dealing`): the same
game, stacks, button, seed, number and actions give the same hand, event for event.

>>> from drawpoker.engine import FiveCardDraw
>>> hand = Hand(FiveCardDraw(), stacks=[2000, 2000, 2000], button=0, seed=42)
>>> hand.actor, hand.phase, hand.pot
(1, 'bet', 30)
>>> hand.legal_actions().kinds
('check', 'bet')
>>> hand.act(Action.bet(20))
>>> hand.check()
Traceback (most recent call last):
...
drawpoker.errors.IllegalActionError: seat 2 cannot check: 20 to call
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from drawpoker import _core
from drawpoker.cards import CardsLike, is_integer, to_card_list
from drawpoker.engine.actions import (
    CALL,
    CHECK,
    FOLD,
    Action,
    LegalActions,
    action_parts,
    checked,
    checked_action,
)
from drawpoker.engine.events import Award, Event, HandView
from drawpoker.engine.registry import spec_from_dict
from drawpoker.engine.spec import GameSpec
from drawpoker.engine.validate import same_data, whole_number
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.errors import IllegalActionError, InvalidArgumentError, InvalidCardError

# Build NamedTuples from full tuples, skipping their keyword-argument wrappers (hot paths).
_event = cast("Callable[[type[Event], tuple[Any, ...]], Event]", tuple.__new__)
_legal = cast("Callable[[type[LegalActions], tuple[Any, ...]], LegalActions]", tuple.__new__)

SNAPSHOT_FORMAT = "drawpoker.hand/2"
"""The ``format`` field of :meth:`Hand.to_dict` (2: the events name their blinds and awards)."""

SNAPSHOT_FORMATS = (SNAPSHOT_FORMAT, "drawpoker.hand/1")
"""The snapshot formats :meth:`Hand.from_dict` reads: the current one, and ``drawpoker.hand/1``
(before the events named their blinds and awards: five fields an event, and one ``win`` per
winning seat, its total, where the ``award`` events are now), which tables saved before hold."""


class Hand:
    """A single hand. Create it with the game, the seats' stacks and the button; it posts the
    forced bets, deals, and waits for the first action. In a game with chips a seat without
    chips sits out (R-DRAW-11); a game without betting (no-bet mode) deals everyone in.

    ``seed`` and ``number`` (the hand's number in its game) fix every shuffle. ``deck`` puts
    cards on top of the first deal's deck, in order (the rest follow in seeded order);
    ``shuffles`` does so for the hand's shuffles in turn (the deal, each reshuffle, each redeal),
    so tests and replays can set up any situation.

    >>> from drawpoker.cards import format_cards
    >>> from drawpoker.engine import game
    >>> hand = Hand(game("holdem"), [10000] * 3, button=0, deck="As Ks Qh Qd 2c 7d")
    >>> [format_cards(hand.cards[seat]) for seat in (1, 2, 0)]  # one card at a time from seat 1
    ['As Qd', 'Ks 2c', 'Qh 7d']
    >>> hand.actor, hand.bets
    (0, [0, 50, 100])
    """

    __slots__ = ("_events", "_state", "game")

    def __init__(
        self,
        game: GameSpec,
        stacks: Sequence[int],
        button: int = 0,
        seed: int = 0,
        *,
        number: int = 0,
        deck: CardsLike | None = None,
        shuffles: Sequence[CardsLike] | None = None,
    ) -> None:
        if not isinstance(game, GameSpec):
            raise InvalidArgumentError(f"a hand needs a GameSpec (games.game(...)), not {game!r}")
        if isinstance(stacks, str | bytes | dict) or not isinstance(stacks, Iterable):
            raise InvalidArgumentError(f"stacks must be a sequence of chip counts, not {stacks!r}")
        chips = [whole_number("a stack", s) for s in stacks]
        if deck is not None and shuffles is not None:
            raise InvalidArgumentError("give deck or shuffles, not both")
        orders = [deck] if deck is not None else list(shuffles or ())
        try:
            stacked = [to_card_list(order) for order in orders]
        except InvalidCardError as error:
            raise InvalidArgumentError(f"a stacked deck: {error}") from None
        self.game = game
        self._state = _core.HandState(
            game.rules,
            chips,
            whole_number("button", button),
            checked_seed("seed", seed),
            checked_seed("number", number),
            stacked,
        )
        self._attach()

    def _attach(self) -> None:
        """Starts the event caches of the engine state ``_state``."""
        self._events: list[Event] = []

    @classmethod
    def from_state(cls, game: GameSpec, state: _core.HandState) -> Hand:
        """The hand of ``game`` around the engine state ``state`` (the batch engine's hands,
        :class:`drawpoker.rl.BatchGame`).

        >>> from drawpoker.engine import game
        >>> hand = Hand(game("holdem"), [1000, 1000], seed=5)
        >>> Hand.from_state(hand.game, hand._state.copy()).cards == hand.cards
        True
        """
        hand = cls.__new__(cls)
        hand.game, hand._state = game, state
        hand._attach()
        return hand

    # ------------------------------------------------------------------ public reading

    @property
    def seats(self) -> int:
        """How many seats the table has (those without chips sit out).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 0, 300]).seats
        3
        """
        return self._state.seats

    @property
    def button(self) -> int:
        """The button's seat.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300], button=1).button
        1
        """
        return self._state.button

    @property
    def seed(self) -> int:
        """The seed of the hand's shuffles (house knowledge: never show it to a seat).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300], seed=9).seed
        9
        """
        return self._state.seed

    @property
    def number(self) -> int:
        """The hand's number in its game (part of every shuffle's bytes).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300], number=4).number
        4
        """
        return self._state.number

    @property
    def start_stacks(self) -> list[int]:
        """The stacks before the forced bets.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 200]).start_stacks
        [300, 200]
        """
        return self._state.start_stacks

    @property
    def stacks(self) -> list[int]:
        """The chips each seat has behind (not committed to the hand).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 200]).stacks
        [290, 190]
        """
        return self._state.stacks

    @property
    def committed(self) -> list[int]:
        """Chips each seat put in during the hand (antes, blinds, bets).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 200]).committed
        [10, 10]
        """
        return self._state.committed

    @property
    def bets(self) -> list[int]:
        """Chips each seat put in during the current (or latest) betting round.

        >>> from drawpoker.engine import game
        >>> Hand(game("holdem"), [1000, 1000, 1000]).bets
        [0, 50, 100]
        """
        return self._state.bets

    @property
    def dead(self) -> int:
        """Chips in the main pot that count toward no seat's bet (a big-blind ante).

        >>> from drawpoker.engine import HoldemSettings, Holdem
        >>> Hand(Holdem(HoldemSettings(big_blind_ante=100)), [1000] * 3).dead
        100
        """
        return self._state.dead

    @property
    def live(self) -> list[bool]:
        """Seats still in the hand (dealt in and not folded).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 0, 300]).live
        [True, False, True]
        """
        return self._state.live

    @property
    def cards(self) -> list[list[int]]:
        """Every seat's own cards (house knowledge: a seat sees only its own, in its view).

        >>> from drawpoker.engine import FiveCardDraw
        >>> [len(c) for c in Hand(FiveCardDraw(), [300, 0, 300]).cards]
        [5, 0, 5]
        """
        return self._state.cards

    @property
    def face_up(self) -> list[list[bool]]:
        """Which of each seat's cards are face up (stud), parallel to :attr:`cards`.

        >>> from drawpoker.engine import game
        >>> Hand(game("holdem"), [1000, 1000]).face_up
        [[False, False], [False, False]]
        """
        return self._state.face_up

    @property
    def board(self) -> list[int]:
        """The board cards dealt so far.

        >>> from drawpoker.engine import game
        >>> Hand(game("holdem"), [1000, 1000]).board
        []
        """
        return self._state.board

    @property
    def deck(self) -> list[int]:
        """The stub: cards not dealt yet, next first (house knowledge).

        >>> from drawpoker.engine import FiveCardDraw
        >>> len(Hand(FiveCardDraw(), [300, 300]).deck)
        42
        """
        return self._state.deck

    @property
    def discards(self) -> list[int]:
        """Cards discarded since the last reshuffle (house knowledge).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).discards
        []
        """
        return self._state.discards

    @property
    def reshuffles(self) -> int:
        """How many times the discards were shuffled into a new stub (R-DRAW-8).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).reshuffles
        0
        """
        return self._state.reshuffles

    @property
    def deal_number(self) -> int:
        """0, then 1, 2, ... after each redeal (R-DRAW-5).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300], seed=3)
        >>> hand.check(); hand.check(); hand.deal_number
        1
        """
        return self._state.deal_number

    @property
    def street(self) -> int:
        """The index of the current street in the game's streets.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).street
        0
        """
        return self._state.street

    @property
    def phase(self) -> str:
        """``"bet"``, ``"draw"`` or ``"done"``.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).phase
        'bet'
        """
        return self._state.phase

    @property
    def actor(self) -> int | None:
        """The seat whose turn it is, ``None`` once the hand is over.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300, 300], button=0).actor
        1
        """
        return self._state.actor

    @property
    def current_bet(self) -> int:
        """The bet to match in the current betting round.

        >>> from drawpoker.engine import game
        >>> Hand(game("holdem"), [1000, 1000, 1000]).current_bet
        100
        """
        return self._state.current_bet

    @property
    def largest_raise(self) -> int:
        """The largest full raise increment of the round (the minimum next raise).

        >>> from drawpoker.engine import game
        >>> Hand(game("holdem"), [1000, 1000, 1000]).largest_raise
        100
        """
        return self._state.largest_raise

    @property
    def acted_at(self) -> list[int]:
        """The bet each seat last answered in this round (-1: has not acted yet).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).acted_at
        [-1, -1]
        """
        return self._state.acted_at

    @property
    def opener(self) -> int | None:
        """The first bettor of the first betting round (R-DRAW-9).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300])
        >>> hand.check(); hand.bet(20); hand.opener
        2
        """
        return self._state.opener

    @property
    def drawn(self) -> list[int]:
        """Cards each seat exchanged in the latest draw (-1: has not drawn).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).drawn
        [-1, -1]
        """
        return self._state.drawn

    @property
    def revealed(self) -> dict[int, list[int]]:
        """Hands shown at the showdown, by seat, in the order shown.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).revealed
        {}
        """
        return dict(self._state.revealed)

    @property
    def strengths(self) -> dict[int, int]:
        """The strength of each hand shown (the first showdown part), by seat.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300]).strengths
        {}
        """
        return dict(self._state.strengths)

    @property
    def winners(self) -> list[int]:
        """The seats with the best hand at the end (the last seat left, when all others fold).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300])
        >>> hand.bet(20); hand.fold(); hand.winners
        [1]
        """
        return self._state.winners

    @property
    def payouts(self) -> list[int]:
        """Chips each seat won from the pots.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300])
        >>> hand.bet(20); hand.fold(); hand.payouts
        [0, 20]
        """
        return self._state.payouts

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order (house knowledge: see :meth:`visible_events`).

        >>> from drawpoker.engine import FiveCardDraw
        >>> [e.kind for e in Hand(FiveCardDraw(), [300, 300]).events]
        ['ante', 'ante', 'deal', 'deal']
        """
        return list(self._synced_events())

    def forget_events(self) -> None:
        """Lets go of the :class:`Event` objects made so far (:attr:`events` makes them again
        when next asked, equal): a finished hand that a table keeps then holds a few objects
        instead of one per event, which the garbage collector would go through at each full
        collection for as long as the table lives.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300])
        >>> before = hand.events
        >>> hand.forget_events(); hand.events == before
        True
        """
        self._events = []

    def _synced_events(self) -> list[Event]:
        """Every event so far, each made once (until :meth:`forget_events`)."""
        known, state = self._events, self._state
        if len(known) < state.event_count():
            known += [_event(Event, e) for e in state.events_from(len(known))]
        return known

    @property
    def actions(self) -> list[Action]:
        """The actions applied so far.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300])
        >>> hand.bet(20); hand.actions
        [Action(kind='bet', amount=20, cards=())]
        """
        return [Action(kind, amount, cards) for kind, amount, cards in self._state.actions()]

    def action_data(self, start: int = 0) -> list[dict[str, Any]]:
        """The actions applied from the ``start``-th on, as :meth:`Action.to_dict` writes them
        (made from the engine's record directly: no :class:`Action` made for any of them).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300], seed=1)
        >>> hand.bet(20); hand.call(); hand.draw(hand.cards[hand.actor][:2])
        >>> hand.action_data(1)
        [{'kind': 'call', 'amount': 0, 'cards': []}, {'kind': 'draw', 'amount': 0, 'cards': [...]}]
        >>> hand.action_data() == [action.to_dict() for action in hand.actions]
        True
        """
        return [
            {"kind": kind, "amount": amount, "cards": list(cards)}
            for kind, amount, cards in self._state.actions()[start:]
        ]

    @property
    def pot(self) -> int:
        """Every chip committed to the hand and not yet awarded.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300, 300]).pot
        30
        """
        return self._state.pot

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (pots awarded).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300, 300]).is_over
        False
        """
        return self._state.is_over

    def order_from_button(self) -> list[int]:
        """Seats clockwise starting with the first seat left of the button.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [9, 9, 9], button=1).order_from_button()
        [2, 0, 1]
        """
        seats, button = self.seats, self.button
        return [(button + i) % seats for i in range(1, seats + 1)]

    def legal_actions(self) -> LegalActions:
        """The actions of the seat whose turn it is (raises when the hand is over).

        >>> from drawpoker.engine import game
        >>> hand = Hand(game("holdem"), [10000] * 3)
        >>> legal = hand.legal_actions()
        >>> legal.kinds, legal.call, legal.min_to, legal.presets
        (('fold', 'call', 'raise'), 100, 200, (('2x', 200), ('3x', 300)))
        """
        return _legal(LegalActions, self._state.legal())

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know: its own cards, public facts, its legal actions on its turn, the
        events it may see.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.view(2).cards == tuple(hand.cards[2]), hand.view(2).legal is None
        (True, True)
        """
        if type(seat) is not int or not 0 <= seat < 1 << 16:  # the engine refuses the rest
            seat = self._seat(seat)  # a NumPy integer, or an error naming the seat
        # the events made so far: a view whose events read finds every one of them there (a
        # site's hand has made them all by each CPU turn) takes them instead of making them
        return self._state.view(seat, self.game, self._events)

    def seat_cards(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds, as its view shows them (``view(seat).cards``).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.seat_cards(1) == hand.view(1).cards
        True
        """
        return self._state.seat_cards(self._seat(seat))

    def _seat(self, seat: object) -> int:
        """``seat`` checked to be a seat of this table."""
        if type(seat) is int and 0 <= seat < self._state.seats:
            return seat
        number = operator.index(seat) if is_integer(seat) else -1  # type: ignore[arg-type]
        if not 0 <= number < self.seats:
            raise InvalidArgumentError(f"seat {seat!r} is not a seat of {self.seats}")
        return number

    def visible_events(self, seat: int) -> list[Event]:
        """The events ``seat`` may see, in order.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> [e.kind for e in hand.visible_events(0)]
        ['ante', 'ante', 'ante', 'deal']
        """
        number = self._seat(seat)
        # e[2] is Event.to: who may see the event (None: everyone)
        return [e for e in self._synced_events() if e[2] is None or e[2] == number]

    # ------------------------------------------------------------------ checks and doers

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now, or ``None`` when it is.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [100, 100], seed=0).why_illegal(Action.call())
        'there is no bet to call; check instead'
        """
        try:
            kind, amount, cards = checked_action(action)
        except IllegalActionError as error:
            return str(error)
        return self._state.why_illegal(kind, amount, cards)

    def can_act(self, action: Action) -> bool:
        """Whether ``action`` is legal now.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [100, 100], seed=0).can_act(Action.bet(30))
        False
        """
        return self.why_illegal(action) is None

    def act(self, action: Action) -> None:
        """Apply ``action`` for the seat whose turn it is; an illegal or ill-typed action raises
        :class:`~drawpoker.errors.IllegalActionError` and changes nothing.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.act(Action.bet(40)); hand.actor, hand.current_bet
        (2, 40)
        >>> hand.act(Action.raise_to(80.0))
        Traceback (most recent call last):
        ...
        drawpoker.errors.IllegalActionError: seat 2 cannot raise: an amount is a whole number \
of chips (an int), not 80.0
        """
        kind, amount, cards = action if type(action) is Action else action_parts(action)
        try:
            parts = checked(kind, amount, cards)  # the check why_illegal makes too
        except IllegalActionError as error:
            raise IllegalActionError(f"seat {self.actor} cannot {kind}: {error}") from None
        self._state.act(*parts)

    def check_or_call(self) -> None:
        """Check when there is nothing to call, else call (all-in for less when short); stand
        pat in a draw.

        >>> from drawpoker.engine import game
        >>> hand = Hand(game("holdem"), [1000, 1000])
        >>> hand.check_or_call(); hand.check_or_call(); hand.board != []
        True
        """
        self._state.check_or_call()

    def can_fold(self) -> bool:
        """Whether the seat to act may fold (only when facing a bet).

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300, 300], seed=2).can_fold()
        False
        """
        return self.can_act(FOLD)

    def fold(self) -> None:
        """Fold.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.fold(); hand.live
        [True, True, False]
        """
        self.act(FOLD)

    def can_check(self) -> bool:
        """Whether the seat to act may check.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300, 300], seed=2).can_check()
        True
        """
        return self.can_act(CHECK)

    def check(self) -> None:
        """Check.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.check(); hand.actor
        2
        """
        self.act(CHECK)

    def can_call(self) -> bool:
        """Whether the seat to act faces a bet it may call.

        >>> from drawpoker.engine import FiveCardDraw
        >>> Hand(FiveCardDraw(), [300, 300, 300], seed=2).can_call()
        False
        """
        return self.can_act(CALL)

    def call(self) -> None:
        """Call (all-in for less when short).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.call(); hand.bets
        [0, 20, 20]
        """
        self.act(CALL)

    def can_bet(self, to: int) -> bool:
        """Whether the seat to act may open the betting with ``to``.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.can_bet(20), hand.can_bet(25)
        (True, False)
        """
        return self.can_act(Action.bet(to))

    def bet(self, to: int) -> None:
        """Bet ``to`` chips.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(60); hand.current_bet
        60
        """
        self.act(Action.bet(to))

    def can_raise_to(self, to: int) -> bool:
        """Whether the seat to act may raise to a total of ``to``.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.can_raise_to(40), hand.can_raise_to(30)
        (True, False)
        """
        return self.can_act(Action.raise_to(to))

    def raise_to(self, to: int) -> None:
        """Raise to a total of ``to`` in this betting round.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.raise_to(60); hand.bets
        [0, 20, 60]
        """
        self.act(Action.raise_to(to))

    def can_draw(self, discards: Iterable[int] = ()) -> bool:
        """Whether the seat to act may discard ``discards``.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.check(); hand.bet(20); hand.call(); hand.call()
        >>> hand.can_draw(hand.cards[1][:3]), hand.can_draw(hand.cards[2][:1])
        (True, False)
        """
        return self.can_act(Action.draw(discards))

    def draw(self, discards: Iterable[int] = ()) -> None:
        """Discard ``discards`` and receive as many new cards (none = stand pat).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.check(); hand.bet(20); hand.call(); hand.call()
        >>> hand.draw(hand.cards[1][:2]); hand.drawn
        [-1, 2, -1]
        """
        self.act(Action.draw(discards))

    # ------------------------------------------------------------------ serialisation

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain data (JSON-able); :meth:`from_dict` restores it exactly.

        It holds every hidden card and the seed: show players :meth:`view` instead.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> data = hand.to_dict()
        >>> data["format"], data["seed"], data["actions"]
        ('drawpoker.hand/2', 2, [])
        """
        state = self._state
        return self.deal_dict() | {
            "actions": self.action_data(),
            # Everything below follows from the fields above; from_dict checks that it does.
            "stacks": state.stacks,
            "committed": state.committed,
            "bets": state.bets,
            "dead": state.dead,
            "live": state.live,
            "cards": state.cards,
            "face_up": state.face_up,
            "board": state.board,
            "deck": state.deck,
            "discards": state.discards,
            "reshuffles": state.reshuffles,
            "deal_number": state.deal_number,
            "street": state.street,
            "phase": state.phase,
            "actor": state.actor,
            "current_bet": state.current_bet,
            "largest_raise": state.largest_raise,
            "acted_at": state.acted_at,
            "opener": state.opener,
            "drawn": state.drawn,
            "revealed": [[s, c] for s, c in state.revealed],
            "strengths": [[s, v] for s, v in state.strengths],
            "winners": state.winners,
            "payouts": state.payouts,
            "events": [
                [e.kind, e.seat, e.to, e.amount, list(e.cards), e.blind, _award_data(e.award)]
                for e in self._synced_events()
            ],
        }

    def deal_dict(self) -> dict[str, Any]:
        """The first fields of :meth:`to_dict`, those the hand is dealt from (its format, game,
        start stacks, button, seed, number and shuffles): with its actions, what
        :meth:`replay` rebuilds it from; a fraction of the whole to make and to keep (the
        site's store writes a hand being played as this and its actions).

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20)
        >>> deal = hand.deal_dict()
        >>> list(deal) == list(hand.to_dict())[:7], deal.items() <= hand.to_dict().items()
        (True, True)
        >>> again = Hand.replay(FiveCardDraw(), deal["start_stacks"], deal["button"],
        ...                     deal["seed"], hand.actions, number=deal["number"],
        ...                     shuffles=deal["shuffles"])
        >>> again.to_dict() == hand.to_dict()
        True
        """
        state = self._state
        return {
            "format": SNAPSHOT_FORMAT,
            "game": self.game.to_dict(),
            "start_stacks": state.start_stacks,
            "button": state.button,
            "seed": state.seed,
            "number": state.number,
            "shuffles": state.stacked,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Hand:
        """The hand written by :meth:`to_dict`. It is rebuilt from its game, stacks, button,
        seed, number, shuffles and actions, and every other field must match the rebuilt hand:
        a snapshot that was changed (chips added, a card moved, a phase or actor forged) raises
        :class:`~drawpoker.errors.InvalidArgumentError` naming the first field that does not.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20)
        >>> Hand.from_dict(hand.to_dict()).to_dict() == hand.to_dict()
        True
        >>> forged = hand.to_dict() | {"stacks": [300, 1000, 290]}
        >>> Hand.from_dict(forged)
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: snapshot field 'stacks' does not match the hand \
its seed and actions make
        """
        if not isinstance(data, dict):
            raise InvalidArgumentError(f"a hand snapshot is a dict, not {type(data).__name__}")
        check_snapshot_format(data.get("format"))
        expected = set(_SNAPSHOT_FIELDS)
        if set(data) != expected:
            missing, extra = sorted(expected - set(data)), sorted(set(data) - expected)
            raise InvalidArgumentError(f"snapshot fields missing {missing}, unknown {extra}")
        actions = data["actions"]
        if not isinstance(actions, list):
            raise InvalidArgumentError("snapshot field 'actions' must be a list")
        try:
            moves = [Action.from_dict(a) for a in actions]
        except IllegalActionError as error:
            raise InvalidArgumentError(f"snapshot field 'actions': {error}") from None
        shuffles = data["shuffles"]
        if not isinstance(shuffles, list):
            raise InvalidArgumentError("snapshot field 'shuffles' must be a list")
        hand = cls(
            spec_from_dict(data["game"]),
            data["start_stacks"],
            data["button"],
            data["seed"],
            number=data["number"],
            shuffles=shuffles,
        )
        for i, action in enumerate(moves):
            try:
                hand.act(action)
            except IllegalActionError as error:
                raise InvalidArgumentError(f"snapshot action {i}: {error}") from None
        rebuilt = snapshot_in_format(hand.to_dict(), data["format"])
        for name in _SNAPSHOT_FIELDS:
            if not same_data(rebuilt[name], data[name]):
                raise InvalidArgumentError(
                    f"snapshot field {name!r} does not match the hand its seed and actions make"
                )
        return hand

    @classmethod
    def replay(
        cls,
        game: GameSpec,
        stacks: Sequence[int],
        button: int,
        seed: int,
        actions: Iterable[Action],
        *,
        number: int = 0,
        deck: CardsLike | None = None,
        shuffles: Sequence[CardsLike] | None = None,
    ) -> Hand:
        """The hand that ``actions`` make from a fresh deal.

        >>> from drawpoker.engine import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.fold()
        >>> again = Hand.replay(FiveCardDraw(), [300, 300, 300], 0, 2, hand.actions)
        >>> again.events == hand.events
        True
        """
        hand = cls(game, stacks, button, seed, number=number, deck=deck, shuffles=shuffles)
        for action in actions:
            hand.act(action)
        return hand


def check_snapshot_format(format_name: object) -> None:
    """Refuses a hand snapshot format that is not one of :data:`SNAPSHOT_FORMATS`.

    >>> check_snapshot_format("drawpoker.hand/1")
    >>> check_snapshot_format("drawpoker.hand/0")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: not a hand snapshot (format 'drawpoker.hand/0', \
expected 'drawpoker.hand/2' or 'drawpoker.hand/1')
    """
    if format_name not in SNAPSHOT_FORMATS:
        expected = " or ".join(map(repr, SNAPSHOT_FORMATS))
        raise InvalidArgumentError(
            f"not a hand snapshot (format {format_name!r}, expected {expected})"
        )


def snapshot_in_format(snapshot: dict[str, Any], format_name: str) -> dict[str, Any]:
    """A snapshot of the current format (:meth:`Hand.to_dict`) as ``format_name`` (one of
    :data:`SNAPSHOT_FORMATS`) writes the same hand, so that a saved snapshot of an older format
    is checked field by field against the hand its seed and actions make today.

    >>> from drawpoker.engine import game
    >>> hand = Hand(game("holdem"), [1000, 1000], seed=2)
    >>> hand.fold()
    >>> [event for event in hand.to_dict()["events"] if event[0] in ("blind", "award")]
    [['blind', 0, None, 50, [], 'small', None], ['blind', 1, None, 100, [], 'big', None], \
['award', 1, None, 100, [], None, [0, 1, 'whole', None]]]
    >>> older = snapshot_in_format(hand.to_dict(), "drawpoker.hand/1")
    >>> older["format"], [event for event in older["events"] if event[0] in ("blind", "win")]
    ('drawpoker.hand/1', [['blind', 0, None, 50, []], ['blind', 1, None, 100, []], \
['win', 1, None, 100, []]])
    """
    check_snapshot_format(format_name)
    if format_name == SNAPSHOT_FORMAT:
        return snapshot
    events = _events_of_format_1(snapshot["events"], snapshot["payouts"])
    return snapshot | {"format": format_name, "events": events}


def _events_of_format_1(events: list[list[Any]], payouts: list[int]) -> list[list[Any]]:
    """``events`` as ``drawpoker.hand/1`` wrote them: ``[kind, seat, to, amount, cards]``,
    and in place of the ``award`` events one ``win`` per seat that won chips, in seat order,
    of its total (the hand's ``payouts``).

    >>> blind = ["blind", 0, None, 5, [], "small", None]
    >>> main, side = (["award", 1, None, 9, [], None, [pot, 2, "whole", 8]] for pot in (0, 1))
    >>> _events_of_format_1([blind, main, side], [0, 18])
    [['blind', 0, None, 5, []], ['win', 1, None, 18, []]]
    """
    first_award = next((i for i, e in enumerate(events) if e[0] == "award"), len(events))
    wins: list[list[Any]] = [
        ["win", seat, None, chips, []] for seat, chips in enumerate(payouts) if chips > 0
    ]
    return [
        *(event[:5] for event in events[:first_award]),
        *(wins if first_award < len(events) else []),
        *(event[:5] for event in events[first_award:] if event[0] != "award"),
    ]


def _award_data(award: Award | None) -> list[Any] | None:
    """An award as snapshot data: ``[pot, pots, share, strength]``.

    >>> _award_data(Award(1, 2, "low", 5000)), _award_data(None)
    ([1, 2, 'low', 5000], None)
    """
    return None if award is None else list(award)


_SNAPSHOT_FIELDS = (
    *("format", "game", "start_stacks", "button", "seed", "number", "shuffles", "actions"),
    *("stacks", "committed", "bets", "dead", "live", "cards", "face_up", "board", "deck"),
    *("discards", "reshuffles"),
    *("deal_number", "street", "phase", "actor", "current_bet", "largest_raise", "acted_at"),
    *("opener", "drawn", "revealed", "strengths", "winners", "payouts", "events"),
)
