"""A seat's view holds only what the seat may see (issue 25, item 3): no reference path leads
from a view, or from the site's seat state, to the hand, its engine state, its seed, its stub
or another seat's hidden cards. ``Hand.view(1).events._source.__self__`` was the hand."""

from __future__ import annotations

import gc
import json
import types
from collections.abc import Iterator
from typing import Any

import pytest
from drawpoker import _core
from drawpoker.cards import format_cards
from drawpoker.engine import Action, Event, Hand, HandView, game
from drawpoker.site.seatview import seat_state
from drawpoker.table import Table

SEED = 98_765_432_123_456_789  # no view holds an int this large unless it leaked the seed


def referents(obj: object) -> list[object]:
    """What ``obj`` refers to as data: its items, attributes, slots, closure cells, a bound
    method's object. Classes, modules and code are the program, shared by every hand, and are
    not followed (a function's globals neither: a module's state is not the view's)."""
    if isinstance(obj, type | types.ModuleType | types.CodeType):
        return []
    if isinstance(obj, types.FunctionType):
        cells = [cell.cell_contents for cell in obj.__closure__ or () if _filled(cell)]
        return [*cells, obj.__defaults__, obj.__kwdefaults__]
    if isinstance(obj, _core.SeatView):  # its fields are all Python reaches (the hand it
        # shares stays in the engine, read only for the view's seat)
        return list(obj._asdict().values())
    if isinstance(obj, types.MethodType | types.BuiltinMethodType):
        owner = getattr(obj, "__self__", None)
        return [] if isinstance(owner, types.ModuleType) else [owner]
    found = list(gc.get_referents(obj))
    for name in _slot_names(type(obj)):  # attributes the collector may not report
        if hasattr(obj, name):
            found.append(getattr(obj, name))
    if hasattr(obj, "__dict__"):
        found.append(vars(obj))
    return found


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (reading it is the test)
    except ValueError:
        return False
    return True


def _slot_names(cls: type) -> Iterator[str]:
    for klass in cls.__mro__:
        slots = vars(klass).get("__slots__", ())
        yield from [slots] if isinstance(slots, str) else slots


def reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through :func:`referents`."""
    seen: dict[int, object] = {}
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        stack.extend(referents(obj))
    return list(seen.values())


def hidden_cards(hand: Hand, seat: int) -> set[int]:
    """The cards ``seat`` may not see: other seats' face-down cards and the stub."""
    hidden = set(hand.deck)
    for other in range(hand.seats):
        if other != seat:
            up = hand.face_up[other]
            hidden |= {c for c, face_up in zip(hand.cards[other], up, strict=True) if not face_up}
    return hidden


def hands_mid_way() -> Iterator[tuple[str, Hand]]:
    """Hands of a draw game after the draw, Hold'em after the flop and stud on fifth street,
    every seat's cards still hidden from the others."""
    draw = Hand(game("five-card-draw"), [2000] * 4, button=0, seed=SEED)
    draw.bet(20)  # opened: no redeal (a redeal's old cards were the seat's to see)
    while draw.phase != "draw":
        draw.check_or_call()
    draw.draw(draw.cards[draw.actor or 0][:2])
    yield "five-card-draw", draw
    holdem = Hand(game("holdem"), [10_000] * 3, button=0, seed=SEED)
    while len(holdem.board) < 3:
        holdem.check_or_call()
    yield "holdem", holdem
    stud = Hand(game("stud"), [20_000] * 3, seed=SEED)
    while stud.street < 2:
        stud.check_or_call()
    yield "stud", stud


HANDS = dict(hands_mid_way())


def assert_nothing_hidden(root: object, hand: Hand, seat: int) -> None:
    found = reachable(root)
    hidden = hidden_cards(hand, seat)
    assert hidden, "the check needs hidden cards to look for"
    for obj in found:
        assert obj is not hand, "the hand is reachable"
        assert not isinstance(obj, Hand | _core.HandState), f"{type(obj).__name__} is reachable"
        assert not (type(obj) is int and obj == SEED), "the seed is reachable"
        if isinstance(obj, list | tuple) and len(obj) == len(hand.deck):
            assert list(obj) != hand.deck, "the stub is reachable"
        if isinstance(obj, Event):
            assert obj.to in (None, seat), f"another seat's event is reachable: {obj!r}"
            assert not hidden & set(obj.cards), f"a hidden card is reachable: {obj!r}"
    if isinstance(root, HandView):
        shown = {*root.cards, *root.board, *(c for cards in root.up_cards for c in cards)}
        shown |= {c for cards in root.revealed.values() for c in cards}
        assert not hidden & shown


@pytest.mark.parametrize("name", sorted(HANDS))
def test_defect_a_view_reaches_nothing_its_seat_may_not_see(name: str) -> None:
    hand = HANDS[name]
    for seat in range(hand.seats):
        view = hand.view(seat)
        assert_nothing_hidden(view, hand, seat)
        assert list(view.events) == hand.visible_events(seat)


def test_defect_view_events_hold_no_source_back_to_the_hand() -> None:
    """The reproduction of the issue: ``view.events._source.__self__`` was the hand and
    ``view.events._source()`` returned every event."""
    hand = Hand(game("holdem"), [1000, 1000, 1000], seed=SEED)
    events = hand.view(1).events
    assert type(events) is tuple
    assert not hasattr(events, "_source")
    assert all(e.to in (None, 1) for e in events)


def test_defect_a_view_is_frozen_at_its_moment() -> None:
    """A view is the hand at its moment: later actions change none of its fields (the view
    shares the hand until then, and the hand copies itself before it changes)."""
    hand = Hand(game("holdem"), [1000, 1000, 1000], seed=SEED)
    view, actor_view = hand.view(2), hand.view(hand.actor or 0)
    before, actor_before = view._asdict(), actor_view._asdict()
    hand.check_or_call()
    hand.act(Action.raise_to(300))
    assert view._asdict() == before and actor_view._asdict() == actor_before
    assert len(hand.view(2).events) > len(view.events)
    # a later view leaves the held one as it was
    assert view._asdict() == before
    copy = Hand.from_state(hand.game, hand._state.copy())
    now = hand.view(2).events
    copy.check_or_call()
    later = copy.view(2).events
    assert len(later) > len(now) and later[: len(now)] == now == hand.view(2).events


def test_a_view_takes_the_events_the_hand_made_and_keeps_its_moment() -> None:
    """Where the hand has made an ``Event`` of each of its events (a site's hand has at every
    CPU turn), a view takes its seat's from them instead of making them again: the same
    events, only the seat's, and still those of its moment after the hand goes on or lets
    its own go."""
    hand = Hand(game("stud"), [1000] * 4, seed=SEED)
    made = hand.view(1).events  # the hand has made none: made anew
    everything = hand.events  # now the hand has made every one
    view = hand.view(1)
    assert view.events == made and all(e.to in (None, 1) for e in view.events)
    assert [id(e) for e in view.events] == [id(e) for e in everything if e.to in (None, 1)]
    before = view._asdict()
    for _ in range(3):
        hand.act(Action.bring_in() if "bring-in" in hand.legal_actions().kinds else Action.call())
        assert len(hand.events) > len(everything)  # the hand's own list grows
    hand.forget_events()
    assert view._asdict() == before
    now = hand.view(1).events  # made anew again: the hand let its own go
    assert len(hand.events) > len(now) > len(made)
    assert hand.view(1).events == now


def play_on(table: Table, actions: int) -> None:
    """Plays ``actions`` calls (a bet first, so that no redeal comes), bring-ins or checks."""
    for _ in range(actions):
        kinds = table.legal_actions().kinds
        seat = table.to_act or 0
        if "bet" in kinds and not table.hand.actions:
            table.act(seat, Action.bet(table.legal_actions().min_to))
        else:
            kind = next(k for k in ("call", "bring-in", "check", "draw") if k in kinds)
            table.act(seat, Action(kind))
    assert len(table.hands) == 1, "the test looks at the first hand"


def test_defect_a_table_view_reaches_nothing_its_seat_may_not_see() -> None:
    table = Table(game("five-card-draw"), ["Ann", "Bob", "Cy"], seed=SEED)
    play_on(table, 2)
    for seat in range(3):
        assert_nothing_hidden(table.view(seat), table.hand, seat)


def json_strings(data: Any) -> Iterator[str]:
    """Every string in plain JSON data, keys too; anything but JSON types fails."""
    if isinstance(data, dict):
        for key, value in data.items():
            assert isinstance(key, str)
            yield key
            yield from json_strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from json_strings(item)
    elif isinstance(data, str):
        yield data
    else:
        assert data is None or type(data) in (bool, int, float), f"not JSON data: {data!r}"


@pytest.mark.parametrize("name", ["five-card-draw", "stud"])
def test_defect_the_web_seat_state_is_plain_data_without_hidden_cards(name: str) -> None:
    table = Table(game(name), 3, seed=SEED)
    play_on(table, 4)
    hand = table.hand
    for seat in range(3):
        state = seat_state(table, seat, players=[], status="playing", seq=1, time_left=None)
        json.dumps(state)
        texts = set(json_strings(state))
        hidden_texts = {format_cards([card]) for card in hidden_cards(hand, seat)}
        assert not texts & hidden_texts, f"seat {seat} is shown {texts & hidden_texts}"
        assert str(SEED) not in json.dumps(state)
        assert_nothing_hidden(state, hand, seat)


def test_the_walk_finds_a_hand_behind_a_closure_a_bound_method_or_a_slot() -> None:
    """The walk above can fail: it follows each path a leak could take."""
    hand = Hand(game("holdem"), [1000, 1000], seed=SEED)

    class Slotted:
        __slots__ = ("hidden",)

        def __init__(self) -> None:
            self.hidden = hand

    def closure() -> Hand:
        return hand

    for holder in (closure, hand.view, Slotted(), {"a": [(hand,)]}):
        assert any(obj is hand for obj in reachable(holder)), holder
