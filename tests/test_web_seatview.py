"""What a seat is shown of a finished hi/lo hand (``split`` in the seat's JSON): each pot's
high and low winners, checked against the engine's own payouts over many random CPU hands of
both hi/lo games (R-A5-4: a pot splits between the best high and the best eight-or-better
low; without a qualifying low the high takes it all)."""

from __future__ import annotations

import pytest
from drawpoker.bots import make_bot
from drawpoker.games import Table, game
from drawpoker.web.seatview import hand_json

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
