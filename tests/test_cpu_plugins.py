"""CPU types from outside the package (issue 31: a trained policy played at the site as a CPU
type): ``drawpoker serve --cpu-type NAME=module:Class`` offers NAME in the lobby for the
class's games, seats it, saves it with its table and restores it on a restart; a plug-in that
raises or answers an illegal action is replaced by the check/call player for that decision,
so it never stops a table. The plug-ins are tests/plugins/outside_players.py."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from drawpoker.bots import PLUGINS, bot_kinds, make_bot, register, restore_bot, saved_bot
from drawpoker.engine import Hand, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.client import SeatClient, create_table, take_seat
from drawpoker.site.process import ServeProcess

PLUGIN_FOLDER = Path(__file__).parent / "plugins"


@pytest.fixture
def plugins() -> Iterator[None]:
    """The plug-in folder importable and the registry as it was after the test."""
    sys.path.insert(0, str(PLUGIN_FOLDER))
    before = dict(PLUGINS)
    try:
        yield
    finally:
        sys.path.remove(str(PLUGIN_FOLDER))
        PLUGINS.clear()
        PLUGINS.update(before)


def test_a_registered_type_is_listed_made_saved_and_restored(plugins: None) -> None:
    register("folder=outside_players:Folder")
    assert bot_kinds("holdem")[-1] == "folder" and "folder" in bot_kinds("short-deck")
    assert "folder" not in bot_kinds("razz")
    with pytest.raises(InvalidArgumentError, match="no folder CPU player for razz"):
        make_bot("folder", seed=1, game="razz")
    player = make_bot("folder", seed=5, game="holdem")
    data = saved_bot(player, 1)
    assert data == {"kind": "folder", "game": "holdem", "seed": 5}
    again = restore_bot(json.loads(json.dumps(data)))
    hand = Hand(game("holdem"), [1000, 1000], seed=2)
    assert again.choose(hand.view(hand.actor)).kind == "fold"
    with pytest.raises(InvalidArgumentError, match="not a saved folder player"):
        restore_bot({"kind": "folder", "game": "razz", "seed": 5})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rules=outside_players:Folder", "the package has a type of that name"),
        ("Folder=outside_players:Folder", "NAME=module:Class with a NAME of lower-case"),
        ("folder", "NAME=module:Class"),
        ("folder=outside_players:Nobody", "cannot import player outside_players:Nobody"),
        ("folder=drawpoker.bots:CheckCallBot", "has no games attribute"),
    ],
)
def test_a_bad_cpu_type_is_refused_by_name(plugins: None, text: str, message: str) -> None:
    before = dict(PLUGINS)
    with pytest.raises(InvalidArgumentError, match=message):
        register(text)
    assert dict(PLUGINS) == before  # nothing registered


def test_a_plugin_that_fails_is_replaced_for_that_decision(
    plugins: None, caplog: pytest.LogCaptureFixture
) -> None:
    """A plug-in that raises, or bets more than it has, checks or calls instead (logged); a
    class the table cannot make is a clear error at the table's making."""
    register("crasher=outside_players:Crasher")
    register("overbettor=outside_players:Overbettor")
    register("unseeded=outside_players:Unseeded")
    for kind, why in (
        ("crasher", "the policy file is missing"),
        ("overbettor", "1001 is not a legal total"),
    ):
        hand = Hand(game("holdem"), [1000, 1000], seed=2)
        player = make_bot(kind, seed=1, game="holdem")
        caplog.clear()
        action = player.choose(hand.view(hand.actor))
        assert hand.why_illegal(action) is None and action.kind == "call"
        assert why in caplog.text
    with pytest.raises(InvalidArgumentError, match="CPU type unseeded was not made"):
        make_bot("unseeded", seed=1, game="holdem")


def _games(url: str) -> Any:
    with urllib.request.urlopen(url + "/api/games") as response:
        return json.load(response)


def test_the_site_offers_seats_and_restores_a_plugin_type(tmp_path: Path) -> None:
    """A server started with the option lists the type for Hold'em only, plays a table with it
    (the person raises, the plug-in folds every hand), and a server started again with the
    same option on the same file resumes the table and its plug-in player."""
    environment = {
        "PYTHONPATH": os.pathsep.join([str(PLUGIN_FOLDER), os.environ.get("PYTHONPATH", "")])
    }
    options = ("--cpu-type", "folder=outside_players:Folder")
    db = tmp_path / "site.db"

    def started() -> ServeProcess:
        return ServeProcess(db, options=options, environment=environment).start()

    server = started()
    try:
        games = {g["name"]: g for g in _games(server.url)["games"]}
        assert "folder" in games["holdem"]["cpu"] and "folder" not in games["razz"]["cpu"]
        made = create_table(server.url, {"game": "holdem", "seats": ["person", "cpu:folder"]})
        _, token = take_seat(server.url, made["id"], "Ann")

        async def play(hands: int) -> dict[str, Any]:
            client = SeatClient(server.url, made["id"], token)
            await client.connect()
            while client.state is None or client.state["hand"] <= hands:
                if client.my_turn():
                    legal = client.state["legal"]
                    kind = "raise" if "raise" in legal["kinds"] else "bet"
                    if kind in legal["kinds"]:
                        await client.act({"type": "act", "kind": kind, "amount": legal["min_to"]})
                    else:
                        await client.act({"type": "act", "kind": legal["kinds"][0]})
                await client.receive()
            state = client.state
            await client.close()
            return state

        state = asyncio.run(play(3))
        assert state["table_stacks"][0] > state["table_stacks"][1]  # the folder lost its blinds
    finally:
        server.stop()
    server = started()
    try:
        with urllib.request.urlopen(f"{server.url}/api/tables/{made['id']}") as response:
            table = json.load(response)
        assert [p["cpu"] for p in table["players"]] == [None, "folder"]
        assert table["status"] == "playing"  # resumed, its plug-in player restored
    finally:
        server.stop()
