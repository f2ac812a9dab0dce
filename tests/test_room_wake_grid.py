"""The rooms' timed waits end on one grid of the loop's clock (room.WAKE_GRID): the CPU moves
of tables that come due at about the same moment are made in one turn of the event loop, and
their writes share one grouped commit, rather than a wake-up and a commit each."""

from __future__ import annotations

import asyncio
import math
from pathlib import Path
from typing import Any

from drawpoker.site.lobby import parse_new_table
from drawpoker.site.room import WAKE_GRID, Pace, Room
from drawpoker.site.store import Store


async def _just_past_a_grid_point(after: float) -> float:
    """Sleeps to ``after`` seconds past the next grid point; the loop's time then."""
    loop = asyncio.get_running_loop()
    point = math.ceil(loop.time() / WAKE_GRID) * WAKE_GRID
    await asyncio.sleep(max(0.0, point + after - loop.time()))
    return loop.time()


def test_a_timed_wait_ends_at_the_grid_point_after_its_time(tmp_path: Path) -> None:
    """A wait of a few milliseconds that starts just past a grid point lasts until the next
    one: never sooner (a timer only comes late, never early)."""
    store = Store(tmp_path / "site.db")
    room = Room.new(
        "t",
        0.0,
        parse_new_table({"game": "holdem", "seats": ["person", "person"]}),
        store,
        Pace(threads=False),
        seed=1,
    )

    async def scenario() -> tuple[float, float]:
        loop = asyncio.get_running_loop()
        start = await _just_past_a_grid_point(0.002)
        await room._wait(0.005)
        return start, loop.time()

    start, woken = asyncio.run(scenario())
    due = math.ceil((start + 0.005) / WAKE_GRID) * WAKE_GRID
    assert due - (start + 0.005) > WAKE_GRID / 2  # the grid point is well past the time asked
    assert woken >= due - 1e-6
    store.close()


def test_cpu_moves_due_apart_are_made_in_one_turn_and_one_commit(tmp_path: Path) -> None:
    """Two tables played by CPUs alone (the person away) whose next moves come due 10 ms apart
    in one slot of the grid both move at its end, in one turn of the loop: their writes are in
    one commit group."""
    store = Store(tmp_path / "site.db")
    store.backend.grouping = True  # as `drawpoker serve` runs it (SQLiteBackend.grouping)
    think = 4 * WAKE_GRID
    rooms = [
        Room.new(
            f"t{n}",
            0.0,
            parse_new_table({"game": "holdem", "seats": ["person", "cpu:rules", "cpu:rules"]}),
            store,
            Pace(think=think, threads=False),
            seed=n,
        )
        for n in range(2)
    ]
    groups: dict[str, list[int]] = {room.id: [] for room in rooms}

    def note_groups(room: Room) -> None:
        """Notes, after each change of ``room``, the commit group its writes went to."""
        changed = room._changed

        def noted(*args: Any, **kwargs: Any) -> None:
            changed(*args, **kwargs)
            groups[room.id].append(id(store.backend.group))

        room._changed = noted  # type: ignore[method-assign]

    async def scenario() -> None:
        for room in rooms:
            room.start()
            note_groups(room)
        await _just_past_a_grid_point(0.002)
        for room in rooms:
            room.changed_at = asyncio.get_running_loop().time()
            room.run()
            await asyncio.sleep(0.010)
        while not all(groups.values()):
            await asyncio.sleep(0.01)
        for room in rooms:
            await room.stop()

    asyncio.run(scenario())
    assert groups["t0"][0] == groups["t1"][0] != id(None)
    store.close()
