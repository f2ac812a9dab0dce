"""``HandView(**fields)`` checks each event's blind and award as the engine makes them: a
malformed one raises InvalidArgumentError naming the event and what is wrong (it built a view
that the narration and the site then failed on, or raised a TypeError)."""

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
