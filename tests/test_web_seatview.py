"""What a seat is shown: of a finished hi/lo hand (``split`` in the seat's JSON), each pot's
high and low winners, checked against the engine's own payouts over many random CPU hands of
both hi/lo games (R-A5-4: a pot splits between the best high and the best eight-or-better
low; without a qualifying low the high takes it all); in every update, the seat's whole
state."""

from __future__ import annotations

import json

import pytest
from drawpoker.bots import bot_kinds, make_bot
from drawpoker.games import GAMES, Table, game
from drawpoker.web.lobby import parse_new_table
from drawpoker.web.protocol import Act
from drawpoker.web.room import Pace, Room
from drawpoker.web.seatview import cards_text, hand_json
from drawpoker.web.store import Store

HI_LO = ("omaha-hi-lo", "stud-hi-lo")


@pytest.mark.parametrize("name", HI_LO)
def test_r_a5_4_split_names_the_seats_the_engine_paid(name: str) -> None:
    splits = lows = 0
    for seed in range(40):
        table = Table(
            game(name), 4, seed=seed, cpu={s: make_bot("checkcall", s, name) for s in range(4)}
        )
        table.play_cpu(limit=4000)
        for hand in table.hands:
            data = hand_json(hand.view(0), 0, hand.winners, hand.start_stacks)
            paid = {s for s, chips in enumerate(hand.payouts) if chips}
            if not data["shown"]:
                assert data["split"] == []
                continue
            splits += 1
            assert sum(pot["amount"] for pot in data["split"]) == sum(hand.payouts)
            named = {s for pot in data["split"] for s in pot["high"] + pot["low"]}
            assert named == paid, (seed, data["split"], hand.payouts)
            for pot in data["split"]:
                lows += bool(pot["low"])
                for seat in pot["low"]:
                    assert next(x for x in data["shown"] if x["seat"] == seat)["low"]
    assert splits > 20 and lows > 5  # both halves were seen


class _Recorder:
    """A connection's outbox that keeps every message it is sent."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def send(self, text: str) -> bool:
        self.texts.append(text)
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        pass


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_update_carries_the_seats_whole_state(name: str) -> None:
    """An update's state (its shared part encoded once for every seat) is the seat's whole
    state as the room makes it for a welcome, after every action of a few hands, the previous
    hand's summary included; and its events are the seat's new events."""
    spec = game(name)
    seats = min(spec.seats[1], 4)
    request = parse_new_table({"game": name, "seats": ["person"] * seats, "rounds": 4})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(), seed=11)
    outs = [_Recorder() for _ in range(seats)]
    for seat, out in enumerate(outs):
        room.claim(seat, f"P{seat}", f"hash{seat}")
        room.connect(seat, out, None)
    room.start()  # every seat connected: the table plays
    chooser = make_bot("rules" if "rules" in bot_kinds(name) else "checkcall", 0, name)
    seen = list(room.streams.last)
    updates = 0
    while not room.table.is_over:
        seat = room.table.to_act
        assert seat is not None
        action = chooser.choose(room.table.view(seat))
        cards = tuple(cards_text(action.cards))
        room.act(seat, Act(room.streams.last[seat], action.kind, action.amount, cards))
        for other, out in enumerate(outs):
            update = json.loads(out.texts[-1])
            assert update["type"] == "update" and update["seq"] == room.streams.last[other]
            assert [e["seq"] for e in update["events"]] == list(
                range(seen[other] + 1, update["seq"] + 1)
            )
            assert update["state"] == room.state(other)
            seen[other] = update["seq"]
            updates += 1
    assert updates > 8 * seats and len(room.table.hands) > 1 and room.state(0)["last"] is not None
