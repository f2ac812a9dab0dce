"""What happens in a hand (:class:`Event`, each saying who may see it) and what one seat may
know of it (:class:`HandView`).

Every event has the same fields; what ``seat``, ``amount`` and ``cards`` mean depends on the
kind (:data:`EVENT_KINDS`); a ``blind`` also says which blind, an ``award`` which pot and part
of it (:class:`Award`):

>>> for kind, meaning in list(EVENT_KINDS.items())[:3]:
...     print(f"{kind}: {meaning}")
ante: seat posts an ante of `amount` chips (a big-blind ante: for the table); public
blind: seat posts its `blind` ('small', 'big'): `amount` chips (all it has if less); public
deal: `cards` are dealt face down to seat; only seat sees them

An award's share is one of :data:`AWARD_SHARES`: the whole pot, or the high or low half of it
in a hi/lo game:

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("omaha-hi-lo"), [1000, 1000], deck="As Kc 2s Kd 3s Qc 4s Qh 5d 7h 8c Kh 9c")
>>> while hand.actor is not None:
...     hand.check_or_call()
>>> [(e.seat, e.amount, e.award.share) for e in hand.events if e.award]
[(0, 100, 'high'), (1, 100, 'low')]
>>> AWARD_SHARES
('whole', 'high', 'low')
"""

from __future__ import annotations

from typing import NamedTuple

from drawpoker import _core
from drawpoker.engine.actions import cards_repr

EVENT_KINDS = {
    "ante": "seat posts an ante of `amount` chips (a big-blind ante: for the table); public",
    "blind": "seat posts its `blind` ('small', 'big'): `amount` chips (all it has if less); public",
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
    "award": (
        "seat wins `amount` chips from the pot and part `award` says (ties: one award per"
        " winner); public"
    ),
}
"""Every event kind and what its fields mean."""


AWARD_SHARES = ("whole", "high", "low")
"""What part of a pot an award is: the whole pot, or in a hi/lo game the high or the low half
(R-SPLIT-1; the high takes the odd chip)."""


class Award(NamedTuple):
    """What an ``award`` event's chips came from: ``pot`` 0 is the main pot, 1 on the side pots
    in order (R-POT-1), of the hand's ``pots``; ``share`` one of :data:`AWARD_SHARES`;
    ``strength`` the winning hand's strength in that part's ranking, ``None`` when nobody
    contested the pot (everyone else folded).

    >>> Award(pot=1, pots=2, share="low", strength=5000)
    Award(pot=1, pots=2, share='low', strength=5000)
    """

    pot: int
    pots: int
    share: str
    strength: int | None


class Event(NamedTuple):
    """Something that happened. ``to`` is ``None`` when every seat may see it, else the one seat;
    ``seat``, ``amount`` and ``cards`` mean what :data:`EVENT_KINDS` says for the kind;
    ``blind`` names a blind's blind and ``award`` says what an award's chips came from.

    >>> Event("bet", seat=1, to=None, amount=20)
    Event(kind='bet', seat=1, to=None, amount=20, cards=())
    >>> Event("award", 0, None, 150, award=Award(0, 1, "whole", None))
    Event(kind='award', seat=0, to=None, amount=150, cards=(), award=Award(pot=0, pots=1, \
share='whole', strength=None))
    """

    kind: str
    seat: int | None
    to: int | None
    amount: int = 0
    cards: tuple[int, ...] = ()
    blind: str | None = None
    award: Award | None = None

    def __repr__(self) -> str:
        """The event with its cards as text (and its blind or award, when it has one).

        >>> Event("deal", 2, 2, 0, (51, 50))
        Event(kind='deal', seat=2, to=2, amount=0, cards='As Ah')
        >>> Event("blind", 1, None, 50, blind="small")
        Event(kind='blind', seat=1, to=None, amount=50, cards=(), blind='small')
        """
        detail = f", blind={self.blind!r}" if self.blind is not None else ""
        if self.award is not None:
            detail += f", award={self.award!r}"
        return (
            f"Event(kind={self.kind!r}, seat={self.seat!r}, to={self.to!r}, "
            f"amount={self.amount!r}, cards={cards_repr(self.cards)}{detail})"
        )


HandView = _core.SeatView
"""What one seat may know about a hand: its own cards, the public facts, its legal actions on
its turn, the events it may see (``seat seats button street phase actor cards card_counts stacks
bets committed dead live current_bet drawn revealed legal board up_cards game events``, and
``pot``). CPU players decide from this alone.

The engine copies what the seat may see when :meth:`~drawpoker.engine.Hand.view` makes the view
(no path back to the hand) and makes each field's Python value when it is read: a view is made
at every decision and a player reads a few of its fields. ``dead`` is the chips in the main pot
that count toward no seat's bet (a big-blind ante); ``drawn`` the cards each seat exchanged in the
latest draw (-1: has not drawn); ``revealed`` the hands shown so far, by seat; ``up_cards`` every
seat's face-up cards (stud); ``events`` the events this seat may see, in order. A view is
read-only: ``_replace(**changes)`` makes a changed copy, ``HandView(**fields)`` one from plain data;
a view no seat could see (a seat of no seat, a row of one value a seat of another length, legal
actions off the seat's turn, an event for another seat) is refused, the error naming the field.
A view pickles as its fields (its game as its spec), so it can go to a process pool with the
player that reads it.

>>> from drawpoker.engine import FiveCardDraw, Hand
>>> view = Hand(FiveCardDraw(), [500, 500], seed=1).view(0)
>>> len(view.cards), view.card_counts, view.pot, view.board
(5, (5, 5), 20, ())
>>> HandView(**view._asdict()) == view, view._replace(cards=()).cards, view._replace(seat=1) == view
(True, (), False)
>>> import pickle; pickle.loads(pickle.dumps(view)) == view
True
>>> view.seat = 1
Traceback (most recent call last):
...
AttributeError: attribute 'seat' of 'drawpoker._core.SeatView' objects is not writable
>>> view._replace(seat=2)
Traceback (most recent call last):
...
drawpoker.errors.InvalidArgumentError: HandView field seat: 2 is not one of the seats 0..2
"""


def view_repr(view: HandView) -> str:
    """``repr(view)``: the view in short, cards as text (every field stays readable by name).

    >>> from drawpoker.engine import Hand, game
    >>> Hand(game("holdem"), [1000, 1000], deck="As 7c Kd 2h").view(1)
    HandView(seat=1, game='holdem', street=0, phase='bet', actor=0, cards='As Kd', board=(), \
stacks=(950, 900), bets=(50, 100), pot=150, legal=None)
    """
    return (
        f"HandView(seat={view.seat}, game={view.game.name!r}, street={view.street}, "
        f"phase={view.phase!r}, actor={view.actor}, cards={cards_repr(view.cards)}, "
        f"board={cards_repr(view.board)}, stacks={view.stacks}, bets={view.bets}, "
        f"pot={view.pot}, legal={view.legal})"
    )
