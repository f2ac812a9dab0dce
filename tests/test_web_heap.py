"""The one-process site's heap freezer (drawpoker.site.heap): with the real collector, what
outlived a tick is out of its collections until a thaw, which collects it once it fell out of
use; what fell out of use before a tick is collected by the tick, never frozen; the site's task
counts the tables that left memory, and collects the young generations on its own schedule."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from drawpoker.site.app import freeze_heap
from drawpoker.site.heap import HeapFreezer, Recorded


class Node:
    """One half of a reference cycle."""

    def __init__(self) -> None:
        self.other: Any = None


def _cycle() -> tuple[Node, weakref.ref[Node]]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


@pytest.fixture
def thawed() -> Iterator[None]:
    gc.collect()
    yield
    gc.unfreeze()
    gc.collect()


def test_what_outlived_a_tick_waits_for_a_thaw(thawed: None) -> None:
    freezer = HeapFreezer(clock=lambda: 0.0)
    kept, ref = _cycle()
    assert freezer.tick(tables=100, dropped=0) == "frozen"
    assert gc.get_freeze_count() > 0
    del kept
    gc.collect()
    assert ref() is not None  # frozen: not collected
    assert freezer.tick(tables=100, dropped=10) == "thawed"
    assert ref() is None


def test_what_fell_out_of_use_before_a_tick_is_never_frozen(thawed: None) -> None:
    freezer = HeapFreezer(clock=lambda: 0.0)
    kept, ref = _cycle()
    del kept
    freezer.tick(tables=100, dropped=0)
    assert ref() is None


def test_ten_minutes_bring_a_thaw() -> None:
    now = [0.0]
    freezer = HeapFreezer(ops=Recorded(), clock=lambda: now[0])
    now[0] = 599.0
    assert freezer.tick(tables=10, dropped=0) == "frozen"
    now[0] = 600.0
    assert freezer.tick(tables=10, dropped=0) == "thawed"
    now[0] = 1199.0
    assert freezer.tick(tables=0, dropped=0) == "frozen"


class Rooms:
    def __init__(self) -> None:
        self.rooms = {f"t{i}": object() for i in range(20)}


class Counted(HeapFreezer):
    def __init__(self) -> None:
        super().__init__(ops=Recorded())
        self.seen: list[tuple[int, int]] = []

    def tick(self, tables: int, dropped: int) -> str:
        self.seen.append((tables, dropped))
        return super().tick(tables, dropped)


def test_the_sites_task_counts_the_tables_that_left() -> None:
    house, freezer = Rooms(), Counted()

    async def scenario() -> None:
        task = asyncio.create_task(freeze_heap(house, freezer, every=0.01))  # type: ignore[arg-type]
        while not freezer.seen:
            await asyncio.sleep(0.005)
        for i in range(3):
            del house.rooms[f"t{i}"]
        house.rooms["new"] = object()
        while len(freezer.seen) < 3:
            await asyncio.sleep(0.005)
        task.cancel()

    asyncio.run(scenario())
    assert (18, 3) in freezer.seen
    assert sum(dropped for _, dropped in freezer.seen) == 3


def test_the_sites_task_collects_the_young_on_its_own_schedule(thawed: None) -> None:
    """While the site's task runs, the collector's own schedule is off (its young collections
    grew to tens of thousands of objects between two, at thousands of tables) and the task
    collects the young generations itself: a cycle that fell out of use is gone after a few of
    its periods; stopping the freezer gives the collector its schedule back."""
    freezer = HeapFreezer()

    async def scenario() -> tuple[bool, weakref.ref[Node]]:
        task = asyncio.create_task(freeze_heap(Rooms(), freezer, every=60.0, young=0.01))  # type: ignore[arg-type]
        await asyncio.sleep(0.02)
        scheduled = gc.isenabled()
        kept, ref = _cycle()
        del kept
        await asyncio.sleep(0.1)
        task.cancel()
        return scheduled, ref

    try:
        scheduled, ref = asyncio.run(scenario())
    finally:
        freezer.stop()
    assert not scheduled
    assert ref() is None
    assert gc.isenabled()


def test_a_finished_hand_keeps_no_event_objects() -> None:
    """Once the streams have told a hand whole, the hand lets go of its Event objects (each one
    an object the collector goes through at every full collection, a table keeping all its
    hands): only the live hand holds them, and a finished hand's events are made again, equal,
    when asked (a reconnection's replay among them), then let go again."""
    from drawpoker.site.lobby import parse_new_table
    from drawpoker.site.room import KeptOutbox, Pace, Room
    from drawpoker.site.store import Store

    request = parse_new_table({"game": "holdem", "seats": ["person", "cpu:rules", "cpu:rules"]})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(threads=False), seed=3)
    room.claim(0, "Ann", "hash")
    room.connect(0, KeptOutbox(), None)
    room.command(0, "away")  # a CPU stands in: the table plays itself
    table = room.table
    while len(table.hands) < 4:
        seat = table.to_act
        if seat is None:
            room._end_pause()
            continue
        table.act(seat, table.default_action())
        room._changed(players=[("away" if seat == 0 else "cpu", seat)])
    finished = table.hands[:-1]
    assert finished and all(not hand._events for hand in finished)
    assert table.hand._events  # the live hand's, told as they come
    kinds = [[e.kind for e in hand.events] for hand in finished]
    assert all("deal" in hand for hand in kinds)
    replay = room.streams.since(table, 0, 0)
    assert replay and all(not hand._events for hand in finished)
    assert [[e.kind for e in hand.events] for hand in finished] == kinds
