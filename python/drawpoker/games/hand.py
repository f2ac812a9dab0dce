"""One hand of any game as a state machine: whose turn, legal actions, ``act()``, draws, showdown.

Seats are ``0..seats-1`` clockwise; the button sits at ``button``. Chips are integers and are
conserved at every step (R-POT-5): ``sum(stacks) + sum(committed)`` never changes. Every event says
who may see it (``to`` is ``None`` for everyone, else one seat). The hand's randomness is its
``seed``: the same variant, stacks, button, seed and actions give the same hand, event for event.

>>> from drawpoker.games.five_card_draw import FiveCardDraw
>>> hand = Hand(FiveCardDraw(), stacks=[2000, 2000, 2000], button=0, seed=42)
>>> hand.actor, hand.phase, hand.pot
(1, 'bet', 30)
>>> [kind for kind in hand.legal_actions().kinds]
['check', 'bet']
>>> hand.act(Action.bet(20))
>>> hand.can_check()
False
>>> hand.check()
Traceback (most recent call last):
...
drawpoker.errors.IllegalActionError: seat 2 cannot check: 20 to call
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import compress
from typing import Any, NamedTuple, cast

from drawpoker import _core
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.games.deck import shuffled
from drawpoker.games.pots import award, side_pots, uncalled_bet
from drawpoker.games.variant import Variant

DEAL_KEY = 0
RESHUFFLE_KEY = 1
# Build an Event / LegalActions / HandView from a full tuple, skipping the generated
# keyword-argument wrapper of NamedTuple (hot paths: every action, every CPU decision).
_event = cast(
    "Callable[[type[Event], tuple[str, int | None, int | None, int, tuple[int, ...]]], Event]",
    tuple.__new__,
)
_legal = cast(
    "Callable[[type[LegalActions], tuple[int, tuple[str, ...], int, int, int, int, int]],"
    " LegalActions]",
    tuple.__new__,
)
_view = cast("Callable[[type[HandView], tuple[Any, ...]], HandView]", tuple.__new__)
_DRAW_KINDS = ("draw",)
_FACING_BET_KINDS = ("fold", "call")
_CHECK_KINDS = ("check",)
# The kinds of a seat that may bet or raise, by (facing a bet, there is a bet).
_OPEN_KINDS: dict[tuple[bool, bool], tuple[str, ...]] = {
    (False, False): ("check", "bet"),
    (False, True): ("check", "raise"),
    (True, False): ("fold", "call", "bet"),
    (True, True): ("fold", "call", "raise"),
}


@cache
def clockwise(seats: int) -> tuple[tuple[int, ...], ...]:
    """``clockwise(seats)[start]``: every seat of the table once, clockwise from ``start``
    (built once per table size, so seat loops need no modulo arithmetic).

    >>> clockwise(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    return tuple(tuple((start + i) % seats for i in range(seats)) for start in range(seats))


@cache
def seats_after(seats: int) -> tuple[tuple[int, ...], ...]:
    """``seats_after(seats)[seat]``: every seat once, clockwise from the seat after ``seat``
    (so ending with ``seat``): the order in which the turn passes on from ``seat``.

    >>> seats_after(3)
    ((1, 2, 0), (2, 0, 1), (0, 1, 2))
    """
    orders = clockwise(seats)
    return orders[1:] + orders[:1]


class Action(NamedTuple):
    """A player's action. ``amount`` is the total the player has in the current betting round
    after a bet or raise ("bet to", "raise to"); ``cards`` are the discards of a draw.

    >>> Action.raise_to(60)
    Action(kind='raise', amount=60, cards=())
    >>> Action.draw([5, 9]).cards
    (5, 9)
    """

    kind: str
    amount: int = 0
    cards: tuple[int, ...] = ()

    @staticmethod
    def fold() -> Action:
        """Give up the hand.

        >>> Action.fold().kind
        'fold'
        """
        return _FOLD

    @staticmethod
    def check() -> Action:
        """Pass without betting.

        >>> Action.check().kind
        'check'
        """
        return _CHECK

    @staticmethod
    def call() -> Action:
        """Match the current bet (or go all-in for less).

        >>> Action.call().kind
        'call'
        """
        return _CALL

    @staticmethod
    def bet(to: int) -> Action:
        """Make the first bet of a betting round.

        >>> Action.bet(40).amount
        40
        """
        return Action("bet", to)

    @staticmethod
    def raise_to(to: int) -> Action:
        """Raise so that the player's total in this betting round is ``to``.

        >>> Action.raise_to(80).amount
        80
        """
        return Action("raise", to)

    @staticmethod
    def draw(discards: Iterable[int] = ()) -> Action:
        """Discard ``discards`` and receive as many new cards; no discards = stand pat.

        >>> Action.draw().cards
        ()
        """
        cards = tuple(discards)
        return Action("draw", 0, cards) if cards else _STAND_PAT

    def to_dict(self) -> dict[str, Any]:
        """Plain data.

        >>> Action.bet(20).to_dict()
        {'kind': 'bet', 'amount': 20, 'cards': []}
        """
        return {"kind": self.kind, "amount": self.amount, "cards": list(self.cards)}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Action:
        """The action written by ``to_dict``.

        >>> Action.from_dict({'kind': 'draw', 'amount': 0, 'cards': [3]})
        Action(kind='draw', amount=0, cards=(3,))
        """
        return Action(str(data["kind"]), int(data["amount"]), tuple(data["cards"]))


# The actions without arguments, built once: an Action is immutable, and building a NamedTuple
# with default fields costs more than the rest of a check.
_FOLD = Action("fold")
_CHECK = Action("check")
_CALL = Action("call")
_STAND_PAT = Action("draw")


class Event(NamedTuple):
    """Something that happened. ``to`` is ``None`` when every seat may see it, else the one seat.

    >>> Event("bet", seat=1, to=None, amount=20)
    Event(kind='bet', seat=1, to=None, amount=20, cards=())
    """

    kind: str
    seat: int | None
    to: int | None
    amount: int = 0
    cards: tuple[int, ...] = ()


class LegalActions(NamedTuple):
    """The actions open to the seat whose turn it is.

    ``kinds`` lists them (``fold check call bet raise draw``); ``call`` is the chips a call costs;
    bets and raises are totals ``min_to..max_to`` in steps of ``step``, and ``max_to`` (all-in) is
    always allowed; ``max_discards`` bounds a draw (the game may need more, e.g. an ace kept).

    >>> from drawpoker.games.five_card_draw import FiveCardDraw
    >>> Hand(FiveCardDraw(), [500, 500], seed=1).legal_actions()
    LegalActions(seat=1, kinds=('check', 'bet'), call=0, min_to=20, max_to=490, step=20,
                 max_discards=0)
    """

    seat: int
    kinds: tuple[str, ...]
    call: int = 0
    min_to: int = 0
    max_to: int = 0
    step: int = 0
    max_discards: int = 0


class HandView(NamedTuple):
    """What one seat may know about a hand (its own cards, public facts, its legal actions).

    >>> from drawpoker.games.five_card_draw import FiveCardDraw
    >>> view = Hand(FiveCardDraw(), [500, 500], seed=1).view(0)
    >>> len(view.cards), view.card_counts, view.pot
    (5, (5, 5), 20)
    """

    seat: int
    seats: int
    button: int
    street: int
    phase: str
    actor: int | None
    cards: tuple[int, ...]
    card_counts: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    committed: tuple[int, ...]
    live: tuple[bool, ...]
    current_bet: int
    drawn: tuple[int, ...]
    """Cards each seat exchanged in the latest draw (-1 = has not drawn)."""
    revealed: dict[int, tuple[int, ...]]
    legal: LegalActions | None

    @property
    def pot(self) -> int:
        """Every chip committed to the hand so far.

        >>> from drawpoker.games.five_card_draw import FiveCardDraw
        >>> Hand(FiveCardDraw(), [500, 500, 500], seed=1).view(2).pot
        30
        """
        return sum(self.committed)


class Hand:
    """A single hand. Create it with the stacks of the seats and the button; it posts the forced
    bets, deals, and waits for the first action. In a game with chips a seat without chips sits
    out (R-DRAW-11); a game without betting (no-bet mode) deals everyone in.

    >>> from drawpoker.games.five_card_draw import FiveCardDraw
    >>> hand = Hand(FiveCardDraw(), [300, 300], seed=3)
    >>> hand.check(); hand.bet(20); hand.call()
    >>> hand.phase, hand.actor
    ('draw', 1)
    """

    # Slots: fixed attribute storage (a hand has more attributes than CPython 3.11 shares keys
    # for, and an unshared instance dict makes every method call on a hand a dictionary lookup).
    __slots__ = (
        *("variant", "seats", "button", "seed", "start_stacks", "stacks", "committed", "bets"),
        *("live", "cards", "deck", "discards", "reshuffles", "deal_number", "street", "phase"),
        *("actor", "current_bet", "largest_raise", "acted_at", "opener", "drawn", "revealed"),
        *("strengths", "winners", "payouts", "events", "actions", "_legal", "_able", "_after"),
    )

    def __init__(
        self, variant: Variant, stacks: Sequence[int], button: int = 0, seed: int = 0
    ) -> None:
        if not 2 <= len(stacks) <= variant.max_seats:
            raise InvalidArgumentError(
                f"{len(stacks)} seats is not allowed here (2..{variant.max_seats})"
            )
        start = list(map(int, stacks))
        if min(start) < 0:
            raise InvalidArgumentError(f"a stack cannot be negative: {start}")
        in_hand = list(map(bool, start)) if variant.betting is not None else [True] * len(start)
        if in_hand.count(True) < 2:
            raise InvalidArgumentError(f"a hand needs two seats with chips, got {list(stacks)}")
        if not 0 <= button < len(stacks):
            raise InvalidArgumentError(f"button {button} is not a seat of {len(stacks)}")
        if not in_hand[button]:
            raise InvalidArgumentError(f"the button seat {button} has no chips")
        self.variant = variant
        self.seats = len(stacks)
        self.button = button
        self.seed = seed
        self.start_stacks = start
        self.stacks = list(start)
        self.committed = [0] * self.seats
        self.bets = [0] * self.seats
        self.live = in_hand
        self.cards: list[list[int]] = []  # dealt by _new_deal
        self.deck: list[int] = []
        self.discards: list[int] = []
        self.reshuffles = 0
        self.deal_number = 0
        self.street = 0
        self.phase = "bet"
        self.actor: int | None = None
        self.current_bet = 0
        self.largest_raise = 0
        self.acted_at = [-1] * self.seats
        self.opener: int | None = None
        self.drawn = [-1] * self.seats
        self.revealed: dict[int, list[int]] = {}
        self.strengths: dict[int, int] = {}
        self.winners: list[int] = []
        self.payouts = [0] * self.seats
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self._legal: LegalActions | None = None  # cache of legal_actions(), cleared by act()
        self._able = 0  # seats live with chips, kept up to date during betting rounds
        self._after = seats_after(self.seats)
        self._new_deal()

    # ------------------------------------------------------------------ public reading

    @property
    def pot(self) -> int:
        """Every chip committed to the hand and not yet awarded.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.pot
        30
        """
        return sum(self.committed)

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (pots awarded).

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.is_over
        False
        """
        return self.phase == "done"

    def order_from_button(self) -> list[int]:
        """Seats clockwise starting with the first seat left of the button.

        >>> from drawpoker.games.five_card_draw import FiveCardDraw
        >>> Hand(FiveCardDraw(), [9, 9, 9], button=1).order_from_button()
        [2, 0, 1]
        """
        return list(self._after[self.button])

    def legal_actions(self) -> LegalActions:
        """The actions of the seat whose turn it is (raises when the hand is over).

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.legal_actions().kinds, hand.legal_actions().min_to
        (('check', 'bet'), 20)
        """
        if self._legal is None:
            self._legal = self._find_legal_actions()
        return self._legal

    def _find_legal_actions(self) -> LegalActions:
        seat = self.actor
        if seat is None:
            raise IllegalActionError("the hand is over: no one may act")
        if self.phase == "draw":
            limit = min(self.variant.max_discards, len(self.cards[seat]))
            return _legal(LegalActions, (seat, _DRAW_KINDS, 0, 0, 0, 0, limit))
        stack, current = self.stacks[seat], self.current_bet
        all_in_to = self.bets[seat] + stack
        to_call = current - self.bets[seat]
        if to_call > stack:
            to_call = stack
        # May this seat bet or raise?  Not when it cannot put in more than the bet; an opening
        # bet may need openers; a raise needs an opponent who can answer it, and a seat that
        # already acted may raise again only after a full raise since (R-POT-6).
        structure = self.variant.betting
        assert structure is not None
        if all_in_to <= current:
            opens = False
        elif current == 0:
            opens = self.street != 0 or self.opener is not None or self.variant.may_open(self, seat)
        else:
            acted_at = self.acted_at[seat]  # the bet this seat last answered (-1: not yet)
            opens = self._able > 1 and (
                acted_at < 0 or structure.is_full_raise(current - acted_at, self.largest_raise)
            )
        if not opens:
            kinds: tuple[str, ...] = _FACING_BET_KINDS if to_call > 0 else _CHECK_KINDS
            return _legal(LegalActions, (seat, kinds, to_call, 0, 0, 0, 0))
        min_to, step, max_to = structure.bet_range(current, self.largest_raise, sum(self.committed))
        if max_to is None or max_to > all_in_to:
            max_to = all_in_to
        if min_to > all_in_to:
            min_to = all_in_to
        kinds = _OPEN_KINDS[to_call > 0, current > 0]
        return _legal(LegalActions, (seat, kinds, to_call, min_to, max_to, step, 0))

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know: its own cards, public facts, its legal actions on its turn.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.view(2).cards == tuple(hand.cards[2]), hand.view(2).legal is None
        (True, True)
        """
        if not 0 <= seat < self.seats:
            raise InvalidArgumentError(f"seat {seat} is not a seat of {self.seats}")
        legal = None
        if seat == self.actor:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._find_legal_actions()
        cards, revealed = self.cards, self.revealed
        return _view(
            HandView,
            (
                seat,
                self.seats,
                self.button,
                self.street,
                self.phase,
                self.actor,
                tuple(cards[seat]),
                tuple(map(len, cards)),
                tuple(self.stacks),
                tuple(self.bets),
                tuple(self.committed),
                tuple(self.live),
                self.current_bet,
                tuple(self.drawn),
                {s: tuple(c) for s, c in revealed.items()} if revealed else {},
                legal,
            ),
        )

    def seat_cards(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` holds, as its view shows them (``view(seat).cards``), without
        building the rest of the view: for players that read the public facts from the hand.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.seat_cards(1) == hand.view(1).cards
        True
        """
        if not 0 <= seat < self.seats:
            raise InvalidArgumentError(f"seat {seat} is not a seat of {self.seats}")
        return tuple(self.cards[seat])

    def visible_events(self, seat: int) -> list[Event]:
        """The events ``seat`` may see, in order.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> [e.kind for e in hand.visible_events(0)]
        ['ante', 'ante', 'ante', 'deal']
        """
        return [e for e in self.events if e.to is None or e.to == seat]

    # ------------------------------------------------------------------ checks and doers

    def can_act(self, action: Action) -> bool:
        """Whether ``action`` is legal now.

        >>> from drawpoker.games.five_card_draw import FiveCardDraw
        >>> Hand(FiveCardDraw(), [100, 100], seed=0).can_act(Action.bet(30))
        False
        """
        return self.why_illegal(action) is None

    def act(self, action: Action) -> None:
        """Apply ``action`` for the seat whose turn it is; an illegal action raises
        :class:`~drawpoker.errors.IllegalActionError` and changes nothing.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.act(Action.bet(40)); hand.actor, hand.current_bet
        (2, 40)
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(f"seat {self.actor} cannot {action.kind}: {reason}")
        seat = self.actor
        assert seat is not None
        self._legal = None
        self.actions.append(action)
        kind = action.kind
        if kind == "draw":
            self._draw(seat, action.cards)
        else:
            self._bet_action(seat, kind, action.amount)

    def can_fold(self) -> bool:
        """Whether the seat to act may fold (only when facing a bet).

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.can_fold()
        False
        """
        return self.can_act(Action.fold())

    def fold(self) -> None:
        """Fold.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.fold(); hand.live
        [True, True, False]
        """
        self.act(Action.fold())

    def can_check(self) -> bool:
        """Whether the seat to act may check.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.can_check()
        True
        """
        return self.can_act(Action.check())

    def check(self) -> None:
        """Check.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.check(); hand.actor
        2
        """
        self.act(Action.check())

    def can_call(self) -> bool:
        """Whether the seat to act faces a bet it may call.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.can_call()
        False
        """
        return self.can_act(Action.call())

    def call(self) -> None:
        """Call (all-in for less when short).

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.call(); hand.bets
        [0, 20, 20]
        """
        self.act(Action.call())

    def can_bet(self, to: int) -> bool:
        """Whether the seat to act may open the betting with ``to``.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.can_bet(20), hand.can_bet(25)
        (True, False)
        """
        return self.can_act(Action.bet(to))

    def bet(self, to: int) -> None:
        """Bet ``to`` chips.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(60); hand.current_bet
        60
        """
        self.act(Action.bet(to))

    def can_raise_to(self, to: int) -> bool:
        """Whether the seat to act may raise to a total of ``to``.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.can_raise_to(40), hand.can_raise_to(30)
        (True, False)
        """
        return self.can_act(Action.raise_to(to))

    def raise_to(self, to: int) -> None:
        """Raise to a total of ``to`` in this betting round.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.raise_to(60); hand.bets
        [0, 20, 60]
        """
        self.act(Action.raise_to(to))

    def can_draw(self, discards: Iterable[int] = ()) -> bool:
        """Whether the seat to act may discard ``discards``.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.check(); hand.bet(20); hand.call(); hand.call()
        >>> hand.can_draw(hand.cards[1][:3]), hand.can_draw(hand.cards[2][:1])
        (True, False)
        """
        return self.can_act(Action.draw(discards))

    def draw(self, discards: Iterable[int] = ()) -> None:
        """Discard ``discards`` and receive as many new cards (none = stand pat).

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.check(); hand.bet(20); hand.call(); hand.call()
        >>> hand.draw(hand.cards[1][:2]); hand.drawn
        [-1, 2, -1]
        """
        self.act(Action.draw(discards))

    # ------------------------------------------------------------------ serialisation

    _FIELDS = (
        *("seats", "button", "seed", "start_stacks", "stacks", "committed", "bets", "live"),
        *("cards", "deck", "discards", "reshuffles", "deal_number", "street", "phase", "actor"),
        *("current_bet", "largest_raise", "acted_at", "opener", "drawn", "winners", "payouts"),
    )

    def to_dict(self) -> dict[str, Any]:
        """The whole state as plain data (JSON-able); :meth:`from_dict` restores it exactly.

        It holds every hidden card (hands, deck): show players :meth:`view` instead.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> sorted(hand.to_dict())[:4]
        ['acted_at', 'actions', 'actor', 'bets']
        """
        data: dict[str, Any] = {name: _plain(getattr(self, name)) for name in self._FIELDS}
        data["variant"] = self.variant.to_dict()
        data["revealed"] = [[s, list(c)] for s, c in self.revealed.items()]
        data["strengths"] = [[s, v] for s, v in self.strengths.items()]
        data["events"] = [[e.kind, e.seat, e.to, e.amount, list(e.cards)] for e in self.events]
        data["actions"] = [a.to_dict() for a in self.actions]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        """The hand written by :meth:`to_dict`.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20)
        >>> Hand.from_dict(hand.to_dict()).to_dict() == hand.to_dict()
        True
        """
        from drawpoker.games import variant_from_dict

        hand = cls.__new__(cls)
        hand._legal = None
        hand.variant = variant_from_dict(data["variant"])
        for name in cls._FIELDS:
            setattr(hand, name, _plain(data[name]))
        hand.revealed = {int(s): list(c) for s, c in data["revealed"]}
        hand.strengths = {int(s): int(v) for s, v in data["strengths"]}
        hand.events = [Event(k, s, t, a, tuple(c)) for k, s, t, a, c in data["events"]]
        hand.actions = [Action.from_dict(a) for a in data["actions"]]
        hand._able = hand._able_count()
        hand._after = seats_after(hand.seats)
        return hand

    @classmethod
    def replay(
        cls,
        variant: Variant,
        stacks: Sequence[int],
        button: int,
        seed: int,
        actions: Iterable[Action],
    ) -> Hand:
        """The hand that ``actions`` make from a fresh deal with ``seed``.

        >>> from drawpoker.games import FiveCardDraw
        >>> hand = Hand(FiveCardDraw(), [300, 300, 300], seed=2)
        >>> hand.bet(20); hand.fold()
        >>> again = Hand.replay(FiveCardDraw(), [300, 300, 300], 0, 2, hand.actions)
        >>> again.events == hand.events
        True
        """
        hand = cls(variant, stacks, button, seed)
        for action in actions:
            hand.act(action)
        return hand

    # ------------------------------------------------------------------ dealing and streets

    def _new_deal(self) -> None:
        if self.variant.ante:
            self._post_antes(self.variant.ante)
        self.deck = shuffled(self.variant.deck(), self.seed, (DEAL_KEY, self.deal_number))
        self.discards = []
        self.cards = [[] for _ in range(self.seats)]
        self.street = 0
        self._start_street()

    def _post_antes(self, ante: int) -> None:
        stacks, committed, events = self.stacks, self.committed, self.events
        for seat, stack in enumerate(stacks):
            paid = ante if ante < stack else stack
            if paid:
                stacks[seat] = stack - paid
                committed[seat] += paid
                events.append(_event(Event, ("ante", seat, None, paid, ())))

    def _start_street(self) -> None:
        street = self.variant.streets[self.street]
        if street.deal:
            # One card at a time round the table: seat i of the order gets deck[i::players].
            live = self.live
            order = [s for s in self._after[self.button] if live[s]]
            deck, cards, events = self.deck, self.cards, self.events
            players, count = len(order), street.deal
            for i, seat in enumerate(order):
                new = deck[i : players * count : players]
                cards[seat] += new
                events.append(_event(Event, ("deal", seat, seat, 0, tuple(new))))
            del deck[: players * count]
        if street.draw:
            self.phase = "draw"
            self.drawn = [-1] * self.seats
            self.actor = self._next_live((self.button + 1) % self.seats)
            return
        self._start_betting()

    def _start_betting(self) -> None:
        self.bets = [0] * self.seats
        self.current_bet = 0
        self.largest_raise = 0
        self.acted_at = [-1] * self.seats
        self._able = self._able_count()
        if (
            self.variant.betting is None
            or not self.variant.streets[self.street].betting
            or self._able < 2
        ):
            self._end_street()
            return
        self.phase = "bet"
        self.actor = self._next_able(self.variant.first_to_act(self, self.street) % self.seats)

    def _end_street(self) -> None:
        if self.live.count(True) < 2:
            self._finish()
            return
        self.street += 1
        if self.street == len(self.variant.streets):
            self._finish()
        else:
            self._start_street()

    def _redeal(self) -> None:
        self.events.append(_event(Event, ("redeal", None, None, self.pot, ())))
        self.deal_number += 1
        self._new_deal()

    def _next_live(self, start: int) -> int | None:
        live = self.live
        for seat in clockwise(self.seats)[start]:
            if live[seat]:
                return seat
        return None

    def _next_able(self, start: int) -> int | None:
        live, stacks = self.live, self.stacks
        for seat in clockwise(self.seats)[start]:
            if live[seat] and stacks[seat] > 0:
                return seat
        return None

    # ------------------------------------------------------------------ betting

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now, or ``None`` when it is.

        >>> from drawpoker.games.five_card_draw import FiveCardDraw
        >>> Hand(FiveCardDraw(), [100, 100], seed=0).why_illegal(Action.call())
        'there is no bet to call; check instead'
        """
        seat = self.actor
        if seat is None:
            return "the hand is over"
        kind = action.kind
        if self.phase == "draw":
            if kind != "draw":
                return "it is the draw"
            return self._why_bad_draw(seat, action.cards)
        to_call = self.current_bet - self.bets[seat]
        if kind == "check":
            return None if to_call == 0 else f"{to_call} to call"
        if kind in ("fold", "call"):
            return None if to_call > 0 else "there is no bet to call; check instead"
        if kind in ("bet", "raise"):
            if (kind == "bet") != (self.current_bet == 0):
                return "there is a bet: raise instead" if kind == "bet" else "no bet to raise"
            legal = self.legal_actions()
            if kind not in legal.kinds:
                return "the betting is not open to this seat"
            min_to, max_to, step = legal.min_to, legal.max_to, legal.step
            to = action.amount
            if to == max_to or (min_to <= to < max_to and (to - min_to) % step == 0):
                return None
            return f"{to} is not a legal total ({min_to}..{max_to} in steps of {step}, or all-in)"
        return f"unknown action {kind!r}"

    def _bet_action(self, seat: int, kind: str, amount: int) -> None:
        events = self.events
        if kind == "check":
            events.append(_event(Event, ("check", seat, None, 0, ())))
        elif kind == "fold":
            live = self.live
            live[seat] = False
            self._able -= 1
            events.append(_event(Event, ("fold", seat, None, 0, ())))
            if live.count(True) == 1:
                self._finish()
                return
        else:
            to = self.current_bet if kind == "call" else self._raise_to(seat, amount)
            # The chips go in up to a total of ``to`` this round (or all-in).
            stacks, bets = self.stacks, self.bets
            stack = stacks[seat]
            paid = to - bets[seat]
            if paid >= stack:
                paid = stack
                self._able -= 1
            stacks[seat] = stack - paid
            bets[seat] += paid
            self.committed[seat] += paid
            events.append(_event(Event, (kind, seat, None, bets[seat], ())))
        current, others_can_bet = self.current_bet, self._able > 1
        acted = self.acted_at
        acted[seat] = current
        live, stacks, bets = self.live, self.stacks, self.bets
        # The next seat to act: clockwise from the next seat, ending with ``seat`` itself, the
        # first with chips that owes chips or has not acted (while anyone could answer a bet).
        for s in self._after[seat]:
            if live[s] and stacks[s] and (bets[s] < current or (others_can_bet and acted[s] < 0)):
                self.actor = s
                return
        self._end_betting()

    def _raise_to(self, seat: int, to: int) -> int:
        """Records a bet or raise to ``to`` (bet, largest raise, opener); returns ``to``."""
        increment = to - self.current_bet
        structure = self.variant.betting
        assert structure is not None
        if structure.is_full_raise(increment, self.largest_raise):
            self.largest_raise = increment
        self.current_bet = to
        if self.street == 0 and self.opener is None:
            self.opener = seat
        return to

    def _able_count(self) -> int:
        """Seats still in the hand with chips to bet (kept in ``_able`` while betting)."""
        return sum(map(bool, compress(self.stacks, self.live)))

    def _end_betting(self) -> None:
        if self.street == 0 and self.variant.redeal_if_unopened and self.current_bet == 0:
            self._redeal()
            return
        self._end_street()

    # ------------------------------------------------------------------ drawing

    def _why_bad_draw(self, seat: int, discards: Sequence[int]) -> str | None:
        if not discards:
            return self.variant.check_draw(self, seat, discards)
        hand = self.cards[seat]
        distinct = set(discards)
        if len(distinct) != len(discards):
            return f"a card is repeated in {list(discards)}"
        if not distinct.issubset(hand):
            missing = next(card for card in discards if card not in hand)
            return f"card {missing} is not in the hand"
        return self.variant.check_draw(self, seat, discards)

    def _draw(self, seat: int, discards: Sequence[int]) -> None:
        count = len(discards)
        if count:
            self._exchange(seat, discards)
        self.drawn[seat] = count
        self.events.append(_event(Event, ("draw", seat, None, count, ())))
        live, drawn = self.live, self.drawn
        for s in self._after[seat]:
            if live[s] and drawn[s] < 0:
                self.actor = s
                return
        self._start_betting()

    def _exchange(self, seat: int, discards: Sequence[int]) -> None:
        """Replaces ``discards`` by cards from the deck, reshuffling earlier discards if short."""
        count = len(discards)
        new = self.deck[:count]
        del self.deck[:count]
        if len(new) < count:
            self.reshuffles += 1
            self.deck = shuffled(
                self.discards, self.seed, (RESHUFFLE_KEY, self.deal_number, self.reshuffles)
            )
            self.discards = []
            self.events.append(_event(Event, ("reshuffle", None, None, len(self.deck), ())))
            missing = count - len(new)
            new += self.deck[:missing]
            del self.deck[:missing]
        kept = [c for c in self.cards[seat] if c not in discards]
        self.cards[seat] = kept + new
        self.discards.extend(discards)
        self.events.append(_event(Event, ("discard", seat, seat, count, tuple(discards))))
        self.events.append(_event(Event, ("receive", seat, seat, count, tuple(new))))

    # ------------------------------------------------------------------ the end

    def _finish(self) -> None:
        self.phase = "done"
        self.actor = None
        returned = uncalled_bet(self.committed)
        if returned is not None:
            seat, chips = returned
            self.committed[seat] -= chips
            self.stacks[seat] += chips
            self.events.append(_event(Event, ("return", seat, None, chips, ())))
        live = list(compress(range(self.seats), self.live))
        if len(live) == 1:
            self.winners = live
            self.payouts[live[0]] = self.pot
        else:
            self._showdown(live)
        stacks, events = self.stacks, self.events
        for seat, chips in enumerate(self.payouts):
            if chips:
                stacks[seat] += chips
                events.append(_event(Event, ("win", seat, None, chips, ())))
        self.committed = [0] * self.seats
        self.bets = [0] * self.seats

    def _showdown(self, live: list[int]) -> None:
        """Shows the ``live`` hands clockwise from the button's left; the best take the pots."""
        ranking, order, in_hand = self.variant.ranking, self.order_from_button(), self.live
        cards, revealed, events = self.cards, self.revealed, self.events
        strengths = {}
        for seat in order:
            if in_hand[seat]:
                held = cards[seat]
                revealed[seat] = list(held)
                strengths[seat] = strength = _core.evaluate(held, ranking)
                events.append(_event(Event, ("show", seat, None, strength, tuple(held))))
        self.strengths = strengths
        best = max(strengths.values())
        self.winners = [s for s in live if strengths[s] == best]
        self.payouts = award(side_pots(self.committed, in_hand), strengths, order)


def _plain(value: Any) -> Any:
    """A copy of lists (of lists) so that saved and restored states share nothing."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
