"""``HandView(**fields)`` checks each event's blind and award as the engine makes them: a
malformed one raises InvalidArgumentError naming the event and what is wrong (it built a view
that the narration and the site then failed on, or raised a TypeError). It reads the legal kinds
once and refuses an unknown one, and refuses a view no seat could see, naming the field."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from drawpoker.bots import CheckCallBot
from drawpoker.engine import Action, Event, Hand, HandView, game
from drawpoker.errors import InvalidArgumentError

Forge = Callable[[Event], Event]


def finished_view() -> HandView:
    """Seat 0's view of a three-seat Hold'em hand the big blind won: blinds, then an award."""
    hand = Hand(game("holdem"), [1000, 1000, 1000], seed=1)
    hand.fold()
    hand.fold()
    return hand.view(0)


def with_event(view: HandView, kind: str, forge: Forge) -> dict[str, Any]:
    """``view``'s fields with the first event of ``kind`` forged."""
    events = list(view.events)
    at = next(i for i, event in enumerate(events) if event.kind == kind)
    events[at] = forge(events[at])
    fields: dict[str, Any] = view._asdict()
    return fields | {"events": tuple(events)}


def _award(**changes: Any) -> Forge:
    return lambda e: e._replace(award=e.award._replace(**changes) if e.award else None)


REFUSED: dict[str, tuple[str, Forge, str]] = {
    "an award of a pot the hand lacks": (
        "award",
        _award(pot=3),
        "event 6 ('award'): award pot 3 is not one of 0..1",
    ),
    "a negative award pot": ("award", _award(pot=-1), "award pot -1 is not one of 0..1"),
    "an award of no pots": (
        "award",
        _award(pots=0),
        "award pots 0 is not a number of pots (1 or more)",
    ),
    "a negative amount": ("award", lambda e: e._replace(amount=-5), "amount -5 is negative"),
    "an award to a seat out of range": (
        "award",
        lambda e: e._replace(seat=7),
        "'award'): seat 7 is not one of 0..3",
    ),
    "an award to no seat": ("award", lambda e: e._replace(seat=None), "an award needs its seat"),
    "an unknown share": (
        "award",
        _award(share="half"),
        "award share 'half' is not 'whole', 'high' or 'low'",
    ),
    "a negative strength": ("award", _award(strength=-1), "award strength -1 is out of range"),
    "an award event without its award": (
        "award",
        lambda e: e._replace(award=None),
        "an award needs its award",
    ),
    "an award on another event": (
        "blind",
        lambda e: e._replace(award=finished_view().events[-1].award),
        "event 0 ('blind'): only an award has an award",
    ),
    "an unknown blind": (
        "blind",
        lambda e: e._replace(blind="huge"),
        "event 0 ('blind'): a blind is 'small' or 'big', not 'huge'",
    ),
    "a blind without its name": (
        "blind",
        lambda e: e._replace(blind=None),
        "a blind needs its blind ('small' or 'big')",
    ),
    "a blind's name on another event": (
        "award",
        lambda e: e._replace(blind="small"),
        "only a blind names a blind ('small')",
    ),
    "a blind posted by a seat out of range": (
        "blind",
        lambda e: e._replace(seat=3),
        "event 0 ('blind'): seat 3 is not one of 0..3",
    ),
    "a negative blind": ("blind", lambda e: e._replace(amount=-50), "amount -50 is negative"),
    "an unknown kind": ("blind", lambda e: e._replace(kind="shove"), "'shove'): not an event"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_malformed_award_or_blind_is_refused_by_name(case: str) -> None:
    view = finished_view()
    kind, forge, message = REFUSED[case]
    fields = with_event(view, kind, forge)
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        HandView(**fields)
    with pytest.raises(InvalidArgumentError, match=re.escape(message)):
        view._replace(events=fields["events"])


def test_the_views_the_engine_makes_are_accepted() -> None:
    view = finished_view()
    assert [(e.kind, e.blind) for e in view.events if e.kind == "blind"] == [
        ("blind", "small"),
        ("blind", "big"),
    ]
    assert HandView(**view._asdict()) == view
    for name in ("holdem", "stud-hi-lo", "omaha-hi-lo", "five-card-draw"):
        hand = Hand(game(name), [500, 1500, 3000], seed=4)
        while hand.actor is not None:
            hand.act(CheckCallBot().choose(hand.view(hand.actor)))
        assert any(event.award for event in hand.events)
        for seat in range(3):
            seen = hand.view(seat)
            assert HandView(**seen._asdict()) == seen


def test_an_unknown_legal_kind_is_refused_by_name() -> None:
    """The view reads its legal kinds once, when it is made: an unknown one is refused there (it
    was kept, shown in ``legal`` and left out of the view's own check of an action)."""
    hand = Hand(game("holdem"), [1000, 1000], seed=1)
    view = hand.view(hand.actor or 0)
    assert view.legal is not None
    fields = view._asdict() | {"legal": view.legal._replace(kinds=("fold", "shove"))}
    message = re.escape("HandView field legal: unknown action 'shove'")
    with pytest.raises(InvalidArgumentError, match=message):
        HandView(**fields)
    with pytest.raises(InvalidArgumentError, match=message):
        view._replace(legal=fields["legal"])
    plain = view._replace(legal=view.legal._replace(kinds=("fold", "call")))
    assert plain.legal is not None and plain.legal.kinds == ("fold", "call")
    refusal = "raise is not open now (legal now: fold, call)"
    assert plain.why_illegal(Action.raise_to(300)) == refusal


def acting_view() -> tuple[Hand, HandView]:
    """A three-seat Hold'em hand before the flop and the view of its seat to act."""
    hand = Hand(game("holdem"), [1000, 1000, 1000], seed=3)
    assert hand.actor is not None
    return hand, hand.view(hand.actor)


def _unseen_changes(hand: Hand, view: HandView) -> dict[str, tuple[dict[str, Any], str]]:
    """Changes that make ``view`` one no seat could see, each with what its refusal says."""
    actor, other = view.seat, (view.seat + 1) % 3
    legal = view.legal
    assert legal is not None
    private = next(i for i, event in enumerate(view.events) if event.to == actor)
    events = list(view.events)
    events[private] = events[private]._replace(to=other)
    public = tuple(event for event in view.events if event.to is None)
    return {
        "a seat out of range": ({"seat": 3}, "field seat: 3 is not one of the seats 0..3"),
        "a button out of range": ({"button": 7}, "field button: 7 is not one of the seats 0..3"),
        "an actor out of range": ({"actor": 3}, "field actor: 3 is not one of the seats 0..3"),
        "a stack short": ({"stacks": view.stacks[:2]}, "field stacks: 2 values for 3 seats"),
        "a bet too many": ({"bets": (*view.bets, 0)}, "field bets: 4 values for 3 seats"),
        "no card counts": ({"card_counts": ()}, "field card_counts: 0 values for 3 seats"),
        "a seat not live": ({"live": (True,)}, "field live: 1 values for 3 seats"),
        "draws short": ({"drawn": (-1, -1)}, "field drawn: 2 values for 3 seats"),
        "committed short": ({"committed": (0,)}, "field committed: 1 values for 3 seats"),
        "up cards short": ({"up_cards": ((),)}, "field up_cards: 1 values for 3 seats"),
        "a hand shown by no seat": (
            {"revealed": {4: (0, 1)}},
            "field revealed: 4 is not one of the seats 0..3",
        ),
        "another seat's legal actions": (
            {"legal": legal._replace(seat=other)},
            f"field legal: the actions of seat {other} in the view of seat {actor}",
        ),
        "legal actions off the seat's turn": (
            {"seat": other, "cards": (), "events": public, "legal": legal._replace(seat=other)},
            f"field legal: seat {actor} is to act, not seat {other}",
        ),
        "legal actions when no one acts": (
            {"actor": None},
            "field legal: no seat is to act",
        ),
        "another seat's private event": (
            {"events": tuple(events)},
            f"event {private} ('deal'): seen by seat {other} alone, not by this view's seat "
            f"{actor}",
        ),
    }


UNSEEN = list(_unseen_changes(*acting_view()))


@pytest.mark.parametrize("case", UNSEEN)
def test_a_view_no_seat_could_see_is_refused_naming_the_field(case: str) -> None:
    """A seat, button or actor that is no seat, a row of one value per seat of another length,
    legal actions off the seat's turn, an event for another seat: no seat sees such a view, and
    it was built (refused now, InvalidArgumentError naming the field)."""
    hand, view = acting_view()
    changes, message = _unseen_changes(hand, view)[case]
    with pytest.raises(InvalidArgumentError, match=re.escape("HandView " + message)):
        view._replace(**changes)
    with pytest.raises(InvalidArgumentError, match=re.escape("HandView " + message)):
        HandView(**(view._asdict() | changes))


def test_what_a_table_shows_a_watcher_is_still_a_view() -> None:
    """The site's view for a watcher: a seat's view without its cards, legal actions or private
    events (``site.seatview``), and another seat's view with the seat changed (no legal)."""
    hand, view = acting_view()
    public = tuple(event for event in view.events if event.to is None)
    watcher = view._replace(cards=(), legal=None, events=public)
    assert (watcher.cards, watcher.legal, watcher.events) == ((), None, public)
    other = hand.view((view.seat + 1) % 3)
    assert other._replace(seat=view.seat, cards=view.cards, events=public).seat == view.seat
