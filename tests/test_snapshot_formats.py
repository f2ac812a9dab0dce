"""Snapshots saved before the hand format became ``drawpoker.hand/2`` (the events name their
blinds and awards) still restore, checked as strictly as today's: tables the site saved before
an upgrade resume where they were. The data was written by the engine of that time
(tests/recording/snapshots_format_1.py says how).
"""

from __future__ import annotations

import copy
import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from drawpoker.bots import CPU_PLAYERS
from drawpoker.engine import Hand
from drawpoker.engine.hand import SNAPSHOT_FORMAT
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.store_parts import assemble, played
from drawpoker.table import Table

SAVED = json.loads(
    gzip.decompress((Path(__file__).parent / "data" / "snapshots_format_1.json.gz").read_bytes())
)
TABLES: dict[str, Any] = SAVED["tables"]
HANDS: dict[str, Any] = SAVED["hands"]


def saved_table(name: str) -> dict[str, Any]:
    data: dict[str, Any] = copy.deepcopy(TABLES[name])
    return data


def wins(snapshot: dict[str, Any]) -> list[tuple[int, int]]:
    """The chips each seat won, by seat, from a snapshot's win (1) or award (2) events."""
    won: dict[int, int] = {}
    for event in snapshot["events"]:
        if event[0] in ("win", "award"):
            won[event[1]] = won.get(event[1], 0) + event[3]
    return sorted(won.items())


def test_the_data_is_of_the_former_format() -> None:
    for table in TABLES.values():
        assert table["format"] == "drawpoker.table/1"
        assert {hand["format"] for hand in table["hands"]} == {"drawpoker.hand/1"}
        assert table["cpu"] and not table["is_over"] and table["hands"][-1]["actor"] is not None
    assert {hand["format"] for hand in HANDS.values()} == {"drawpoker.hand/1"}


@pytest.mark.parametrize("name", list(HANDS))
def test_a_former_hand_snapshot_restores_with_its_awards(name: str) -> None:
    saved = HANDS[name]
    hand = Hand.from_dict(copy.deepcopy(saved))
    today = hand.to_dict()
    assert today["format"] == SNAPSHOT_FORMAT
    assert wins(today) == wins(saved)
    assert [e[0] for e in today["events"] if e[0] != "award"] == [
        e[0] for e in saved["events"] if e[0] != "win"
    ]
    assert Hand.from_dict(today).to_dict() == today


def test_the_former_hands_hold_what_changed() -> None:
    """A side pot won with the main pot (two awards, once one win) and a hi/lo split."""
    side_pot = Hand.from_dict(HANDS["holdem"]).events
    assert [(e.seat, e.amount, e.award.pot) for e in side_pot if e.award] == [
        (2, 1500, 0),
        (2, 2000, 1),
    ]
    assert [e[:4] for e in HANDS["holdem"]["events"] if e[0] == "win"] == [["win", 2, None, 3500]]
    split = Hand.from_dict(HANDS["omaha-hi-lo"]).events
    assert sorted(e.award.share for e in split if e.award) == ["high", "low"]


@pytest.mark.parametrize("name", list(TABLES))
def test_a_former_table_snapshot_resumes(name: str) -> None:
    saved = saved_table(name)
    table = Table.from_dict(saved, cpu_players=CPU_PLAYERS)
    assert (table.round, table.stacks, table.names) == (
        saved["round"],
        saved["stacks"],
        saved["names"],
    )
    assert sorted(table.cpu) == [seat for seat, _ in saved["cpu"]]
    today = table.to_dict()
    assert {hand["format"] for hand in today["hands"]} == {SNAPSHOT_FORMAT}
    assert [wins(hand) for hand in today["hands"]] == [wins(hand) for hand in saved["hands"]]
    again = Table.from_dict(json.loads(json.dumps(today)), cpu_players=CPU_PLAYERS)
    assert again.to_dict() == today
    # and it plays on: seat 0 is the person whose turn it is, then the CPU players
    table.act(0, table.default_action())
    table.play_cpu(limit=20)


@pytest.mark.parametrize("name", list(TABLES))
def test_a_table_the_store_reassembles_across_the_upgrade_resumes(name: str) -> None:
    """The site's store keeps each finished hand as saved (format 1) and replays the hand under
    way from its deal and actions with today's engine (format 2): one table, both formats."""
    saved = saved_table(name)
    *finished, current = saved["hands"]
    header = {key: value for key, value in saved.items() if key not in ("cpu", "away", "hands")}
    hands = [*finished, played(current, current["actions"])]  # its deal row: format 1 too
    data = assemble(header, saved["cpu"], saved["away"], hands)
    assert [hand["format"] for hand in data["hands"]][-2:] == ["drawpoker.hand/1", SNAPSHOT_FORMAT]
    resumed = Table.from_dict(data, cpu_players=CPU_PLAYERS).to_dict()
    assert resumed == Table.from_dict(saved, cpu_players=CPU_PLAYERS).to_dict()


def _forge_win(data: dict[str, Any]) -> None:
    win = next(e for e in data["events"] if e[0] == "win")
    win[3] += 10


def _forge_blind(data: dict[str, Any]) -> None:
    blind = next(e for e in data["events"] if e[0] == "blind")
    blind[3] += 10


HAND_FORGERIES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "more chips won": (_forge_win, "'events' does not match"),
    "a bigger blind": (_forge_blind, "'events' does not match"),
    "a detail of format 2 in a format 1 event": (
        lambda d: d["events"][0].extend([None, None]),
        "'events' does not match",
    ),
    "an extra win": (
        lambda d: d["events"].append(["win", 2, None, 0, []]),
        "'events' does not match",
    ),
    "a stack": (lambda d: d["stacks"].__setitem__(2, d["stacks"][2] + 1), "'stacks' does not"),
    "an unknown format": (
        lambda d: d.update(format="drawpoker.hand/0"),
        "format 'drawpoker.hand/0', expected 'drawpoker.hand/2' or 'drawpoker.hand/1'",
    ),
}


@pytest.mark.parametrize("forgery", list(HAND_FORGERIES))
def test_a_forged_former_hand_snapshot_is_refused(forgery: str) -> None:
    data = copy.deepcopy(HANDS["holdem"])
    forge, message = HAND_FORGERIES[forgery]
    forge(data)
    with pytest.raises(InvalidArgumentError, match=message):
        Hand.from_dict(data)


TABLE_FORGERIES: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "a forged win in a finished hand": (
        lambda d: _forge_win(d["hands"][0]),
        "table snapshot field 'hands' does not match its hands",
    ),
    "format 2 events in a hand that says format 1": (
        lambda d: d["hands"][0].update(events=Hand.from_dict(d["hands"][0]).to_dict()["events"]),
        "table snapshot field 'hands' does not match its hands",
    ),
    "an unknown hand format": (
        lambda d: d["hands"][1].update(format="drawpoker.hand/9"),
        "table snapshot hand 1: not a hand snapshot \\(format 'drawpoker.hand/9'",
    ),
    "a CPU seat twice": (
        lambda d: d["cpu"].append(copy.deepcopy(d["cpu"][-1])),
        "table snapshot field 'cpu': seat \\d out of order or twice",
    ),
    "CPU seats out of order": (
        lambda d: d["cpu"].reverse(),
        "table snapshot field 'cpu': seat \\d out of order or twice",
    ),
}


@pytest.mark.parametrize("forgery", list(TABLE_FORGERIES))
def test_a_forged_former_table_snapshot_is_refused(forgery: str) -> None:
    data = saved_table("holdem")
    forge, message = TABLE_FORGERIES[forgery]
    forge(data)
    with pytest.raises(InvalidArgumentError, match=message):
        Table.from_dict(data, cpu_players=CPU_PLAYERS)
