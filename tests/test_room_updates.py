"""What a room remembers between changes to send less work per action (the previous hand's
summary per seat and language, the events made only for the streams someone reads) gives
every connection exactly what building it afresh from the table gives."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from drawpoker.bots import bot_kinds, make_bot
from drawpoker.engine import GAMES, game
from drawpoker.site.lobby import parse_new_table
from drawpoker.site.protocol import Act
from drawpoker.site.room import KeptOutbox, Pace, Room
from drawpoker.site.seatview import cards_text, seat_state
from drawpoker.site.store import Store


def _fresh_state(room: Room, seat: int | None, tag: str) -> dict[str, Any]:
    """The whole state of ``seat`` (``None``: a watcher's) built from the table alone: the
    previous hand's summary made here (``last=None``), the actions counted here."""
    table = room.table
    state = seat_state(
        table,
        seat,
        players=room.players(tag),
        status=room.status,
        seq=room.streams.last[-1 if seat is None else seat],
        time_left=room.time_left(),
        actions=None,
        last=None,
        watching=len(room.watchers),
        settled=room.pause_until is not None,
        tag=tag,
        tips=seat in room.tips,
    )
    state.update(room.pause_state())
    return state


def _play(room: Room, seat: int, chooser: Any) -> None:
    """The next action: a CPU's (or a stand-in's) as the room plays it, else ``seat``'s."""
    if room.table.is_cpu_turn():
        asyncio.run(room._cpu_turn())
        return
    assert room.table.to_act == seat
    action = chooser.choose(room.table.view(seat))
    cards = tuple(cards_text(action.cards))
    room.act(seat, Act(room.streams.last[seat], action.kind, action.amount, cards))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_update_is_what_the_table_gives_afresh(name: str) -> None:
    """Seat 0 in two tabs (English and Arabic), a watcher in Arabic, CPU players and a person's
    seat nobody connected to (a stand-in plays it): after every change each connection's
    update carries the state built afresh for it and exactly the events its stream gets
    after its previous update, each told in its language, as a reconnect would be sent
    them; the stream nobody read was numbered all the same (the seat connecting late is
    welcomed at the count of its events)."""
    spec = game(name)
    seats = min(spec.seats[1], 4)
    kinds = ["person", "person", *["cpu:rules"] * (seats - 2)]
    request = parse_new_table({"game": name, "seats": kinds, "rounds": 3})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(threads=False), seed=5)
    room.claim(0, "Ann", "h0")
    room.claim(1, "Bob", "h1")
    english, arabic, watcher = KeptOutbox(), KeptOutbox(), KeptOutbox()
    readers = [(english, 0, "en"), (arabic, 0, "ar"), (watcher, None, "ar")]
    room.connect(0, english, None, "en")
    room.connect(0, arabic, None, "ar")
    room.watch(watcher, None, "ar")
    room.command(0, "start")  # seat 1 is played by a stand-in
    chooser = make_bot("rules" if "rules" in bot_kinds(name) else "checkcall", 0, name)
    told = {id(out): len(out.texts) for out, _, _ in readers}
    seen = {id(out): json.loads(out.texts[-1])["seq"] for out, _, _ in readers}
    while not room.table.is_over and len(room.table.hands) < 4:
        _play(room, 0, chooser)
        for out, seat, tag in readers:
            stream = len(room.seats) if seat is None else seat
            for text in out.texts[told[id(out)] :]:
                update = json.loads(text)
                assert update["type"] == "update"
                events = room.streams.since(room.table, stream, seen[id(out)], tag)
                assert update["events"] == [e for e in events if e["seq"] <= update["seq"]]
                seen[id(out)] = update["seq"]
            told[id(out)] = len(out.texts)
            assert seen[id(out)] == room.streams.last[stream]
            assert json.loads(out.texts[-1])["state"] == _fresh_state(room, seat, tag)
    late = KeptOutbox()
    room.connect(1, late, 0, "en")
    welcome = json.loads(late.texts[0])
    assert welcome["seq"] == room.streams.last[1] == welcome["events"][-1]["seq"]
    assert [e["seq"] for e in welcome["events"]] == list(range(1, welcome["seq"] + 1))
    assert len(room.table.hands) > 1
