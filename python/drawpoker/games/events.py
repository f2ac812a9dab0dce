"""What happens in a hand (:class:`Event`, each saying who may see it) and what one seat may
know of it (:class:`HandView`).

Every event has the same five fields; what ``seat``, ``amount`` and ``cards`` mean depends on the
kind (:data:`EVENT_KINDS`):

>>> for kind, meaning in list(EVENT_KINDS.items())[:3]:
...     print(f"{kind}: {meaning}")
ante: seat posts an ante of `amount` chips (a big-blind ante: for the table); public
blind: seat posts a blind of `amount` chips (all it has, if less); public
deal: `cards` are dealt face down to seat; only seat sees them
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from drawpoker import _core
from drawpoker.games.actions import LegalActions, cards_repr

if TYPE_CHECKING:
    from drawpoker.games.spec import GameSpec

EVENT_KINDS = {
    "ante": "seat posts an ante of `amount` chips (a big-blind ante: for the table); public",
    "blind": "seat posts a blind of `amount` chips (all it has, if less); public",
    "deal": "`cards` are dealt face down to seat; only seat sees them",
    "up": "`cards` are dealt face up to seat; public",
    "board": "`cards` are dealt to the board; public",
    "bring-in": "seat brings in: `amount` is the bring-in posted (R-STUD-2); public",
    "check": "seat checks; public",
    "fold": "seat folds; public",
    "call": "seat calls: `amount` is its total in this betting round after the call; public",
    "bet": "seat bets: `amount` is its total in this betting round; public",
    "raise": "seat raises: `amount` is its total in this betting round; public",
    "draw": "seat exchanges `amount` cards (0: stands pat); public",
    "discard": "seat discards `cards` (`amount` of them); only seat sees them",
    "receive": "seat receives `cards` (`amount` of them) in the draw; only seat sees them",
    "reshuffle": "the discards become a new stub of `amount` cards (R-DRAW-8); public",
    "redeal": "nobody opened: the cards are dealt again, the pot of `amount` stays; public",
    "expose": "seat's `cards` are tabled: no more betting can happen (R-HE-8); public",
    "show": "seat shows `cards` at the showdown; `amount` is their strength; public",
    "low": "seat's hand has a qualifying low of strength `amount` (a hi/lo game); public",
    "return": "`amount` uncalled chips go back to seat (R-POT-2); public",
    "win": "seat wins `amount` chips; public",
}
"""Every event kind and what its fields mean."""


class Event(NamedTuple):
    """Something that happened. ``to`` is ``None`` when every seat may see it, else the one seat;
    ``seat``, ``amount`` and ``cards`` mean what :data:`EVENT_KINDS` says for the kind.

    >>> Event("bet", seat=1, to=None, amount=20)
    Event(kind='bet', seat=1, to=None, amount=20, cards=())
    """

    kind: str
    seat: int | None
    to: int | None
    amount: int = 0
    cards: tuple[int, ...] = ()

    def __repr__(self) -> str:
        """The event with its cards as text.

        >>> Event("deal", 2, 2, 0, (51, 50))
        Event(kind='deal', seat=2, to=2, amount=0, cards='As Ah')
        """
        return (
            f"Event(kind={self.kind!r}, seat={self.seat!r}, to={self.to!r}, "
            f"amount={self.amount!r}, cards={cards_repr(self.cards)})"
        )


_VIEW_FIELDS = (
    "seat",
    "seats",
    "button",
    "street",
    "phase",
    "actor",
    "cards",
    "card_counts",
    "stacks",
    "bets",
    "committed",
    "dead",
    "live",
    "current_bet",
    "drawn",
    "revealed",
    "legal",
    "board",
    "up_cards",
    "game",
    "events",
)
"""The fields of :class:`HandView`, in order."""


class HandView:
    """What one seat may know about a hand: its own cards, the public facts, its legal actions on
    its turn, the events it may see. CPU players decide from this alone.

    A view made by :meth:`~drawpoker.games.Hand.view` holds the engine's copy of what the seat may
    see (a :class:`drawpoker._core.SeatView`, no path back to the hand) and makes each field's
    Python value the first time it is read: a view is made at every decision and a player reads
    a few of its fields. A view is read-only; :meth:`_replace` makes a changed copy.

    >>> from drawpoker.games import FiveCardDraw, Hand
    >>> view = Hand(FiveCardDraw(), [500, 500], seed=1).view(0)
    >>> len(view.cards), view.card_counts, view.pot, view.board
    (5, (5, 5), 20, ())
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
    dead: int
    """Chips in the main pot that count toward no seat's bet (a big-blind ante)."""
    live: tuple[bool, ...]
    current_bet: int
    drawn: tuple[int, ...]
    """Cards each seat exchanged in the latest draw (-1 = has not drawn)."""
    revealed: dict[int, tuple[int, ...]]
    """Hands shown at the showdown so far, by seat."""
    legal: LegalActions | None
    board: tuple[int, ...]
    up_cards: tuple[tuple[int, ...], ...]
    """Every seat's face-up cards (stud), by seat."""
    game: GameSpec
    events: tuple[Event, ...]
    """The events this seat may see, in order, up to the moment of the view (a copy: a view
    holds nothing of the hand that the seat may not see)."""

    __slots__ = (*_VIEW_FIELDS, "_seat_view")

    def __init__(self, **fields: Any) -> None:
        """A view from plain data: every field by name.

        >>> from drawpoker.games import Hand, HandView, game
        >>> view = Hand(game("holdem"), [1000, 1000], seed=2).view(0)
        >>> HandView(**view._asdict()) == view
        True
        """
        missing = [name for name in _VIEW_FIELDS if name not in fields]
        unknown = [name for name in fields if name not in _VIEW_FIELDS]
        if missing or unknown:
            raise TypeError(f"HandView needs every field: missing {missing}, unknown {unknown}")
        for name in _VIEW_FIELDS:
            _SLOTS[name].__set__(self, fields[name])

    @classmethod
    def of_seat(cls, seat_view: _core.SeatView, game: GameSpec) -> HandView:
        """The view of ``game`` read from the engine's ``seat_view`` (see :meth:`Hand.view`).

        >>> from drawpoker.games import Hand, HandView, game
        >>> hand = Hand(game("holdem"), [1000, 1000], seed=2)
        >>> HandView.of_seat(hand._state.view(1), hand.game).stacks
        (950, 900)
        """
        view = _new_view(cls)
        _set_seat_view(view, seat_view)
        _set_game(view, game)
        return view

    if not TYPE_CHECKING:  # mypy reads the annotated fields above

        def __getattr__(self, name: str) -> Any:
            """Reads a field not read yet from the engine's copy (called for unset slots)."""
            read = _READERS.get(name)
            if read is None:
                raise AttributeError(f"'HandView' object has no attribute {name!r}")
            value = read(_get_seat_view(self))
            _SLOTS[name].__set__(self, value)
            return value

    def __setattr__(self, name: str, value: object) -> None:
        """A view is read-only.

        >>> from drawpoker.games import Hand, game
        >>> Hand(game("holdem"), [1000, 1000]).view(0).seat = 1
        Traceback (most recent call last):
        ...
        AttributeError: a HandView is read-only (use _replace)
        """
        raise AttributeError("a HandView is read-only (use _replace)")

    def _asdict(self) -> dict[str, Any]:
        """Every field by name.

        >>> from drawpoker.games import Hand, game
        >>> list(Hand(game("holdem"), [1000, 1000]).view(0)._asdict())[:3]
        ['seat', 'seats', 'button']
        """
        return {name: getattr(self, name) for name in _VIEW_FIELDS}

    def _replace(self, **changes: Any) -> HandView:
        """A copy with ``changes`` made (plain data, no engine copy behind it).

        >>> from drawpoker.games import Hand, game
        >>> Hand(game("holdem"), [1000, 1000]).view(0)._replace(cards=()).cards
        ()
        """
        return HandView(**{**self._asdict(), **changes})

    def __eq__(self, other: object) -> bool:
        """Views are equal when every field is.

        >>> from drawpoker.games import Hand, game
        >>> hand = Hand(game("holdem"), [1000, 1000])
        >>> hand.view(0) == hand.view(0), hand.view(0) == hand.view(1)
        (True, False)
        """
        if not isinstance(other, HandView):
            return NotImplemented
        return self._asdict() == other._asdict()

    __hash__ = None  # type: ignore[assignment]  # revealed is a dict: a view was never hashable

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles as plain data."""
        return (_plain_view, (self._asdict(),))

    def __repr__(self) -> str:
        """The view in short, cards as text (every field stays readable by name).

        >>> from drawpoker.games import Hand, game
        >>> Hand(game("holdem"), [1000, 1000], deck="As 7c Kd 2h").view(1)
        HandView(seat=1, game='holdem', street=0, phase='bet', actor=0, cards='As Kd', board=(), \
stacks=(950, 900), bets=(50, 100), pot=150, legal=None)
        """
        return (
            f"HandView(seat={self.seat}, game={self.game.name!r}, street={self.street}, "
            f"phase={self.phase!r}, actor={self.actor}, cards={cards_repr(self.cards)}, "
            f"board={cards_repr(self.board)}, stacks={self.stacks}, bets={self.bets}, "
            f"pot={self.pot}, legal={self.legal})"
        )

    @property
    def pot(self) -> int:
        """Every chip committed to the hand so far.

        >>> from drawpoker.games import FiveCardDraw, Hand
        >>> Hand(FiveCardDraw(), [500, 500, 500], seed=1).view(2).pot
        30
        """
        return sum(self.committed) + self.dead


def _plain_view(fields: dict[str, Any]) -> HandView:
    """A view from its fields (unpickling)."""
    return HandView(**fields)


def _legal_of(seat_view: _core.SeatView) -> LegalActions | None:
    legal = seat_view.legal
    return None if legal is None else _legal(LegalActions, legal)


def _events_of(seat_view: _core.SeatView) -> tuple[Event, ...]:
    return tuple([_event(Event, e) for e in seat_view.events])


# Build NamedTuples from full tuples, skipping their keyword-argument wrappers (hot paths).
_event = cast("Callable[[type[Event], tuple[Any, ...]], Event]", tuple.__new__)
_legal = cast("Callable[[type[LegalActions], tuple[Any, ...]], LegalActions]", tuple.__new__)

_READERS: dict[str, Callable[[_core.SeatView], Any]] = {
    **{name: operator.attrgetter(name) for name in _VIEW_FIELDS if name != "game"},
    "legal": _legal_of,
    "events": _events_of,
}
"""How each field the engine's copy holds becomes its Python value."""
_SLOTS = {name: getattr(HandView, name) for name in _VIEW_FIELDS}
_new_view = cast("Callable[[type[HandView]], HandView]", object.__new__)
_get_seat_view = HandView._seat_view.__get__  # type: ignore[attr-defined]
_set_seat_view = HandView._seat_view.__set__  # type: ignore[attr-defined]
_set_game = _SLOTS["game"].__set__
