"""The turn timer is none, 30 s or 60 s (R-TABLE-4, issue 25 item 5): the engine, the command
line and the site offer exactly these, from one constant, and refuse anything else by name."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from drawpoker import table
from drawpoker.cli import build_parser
from drawpoker.engine import FiveCardDraw
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.lobby import catalogue
from drawpoker.table import Table, TableSettings
from web_helpers import site

RULES_CHOICES = (30, 60)
"""The seconds docs/rules.md's settings table and R-TABLE-4 offer (besides no timer)."""

REFUSED: list[Any] = [0, 1, 29, 31, 45, 59, 61, 90, 3600, -30, True, 30.0, "30", [30]]


def test_defect_turn_timer_the_engine_constant_is_the_rules_choices() -> None:
    assert getattr(table, "TURN_TIMERS", None) == RULES_CHOICES


@pytest.mark.parametrize("seconds", REFUSED, ids=repr)
def test_defect_turn_timer_engine_refuses_what_the_rules_do_not_offer(seconds: Any) -> None:
    """``TableSettings(turn_timer=45)`` was accepted."""
    with pytest.raises(InvalidArgumentError, match=r"turn_timer must be None.*30 or 60 seconds"):
        TableSettings(turn_timer=seconds)


@pytest.mark.parametrize("seconds", [None, 30, 60, np.int64(30)], ids=repr)
def test_defect_turn_timer_engine_takes_the_rules_choices(seconds: Any) -> None:
    settings = TableSettings(turn_timer=seconds)
    assert settings.turn_timer == (None if seconds is None else int(seconds))
    assert type(settings.turn_timer) in (type(None), int)


def test_defect_turn_timer_a_table_snapshot_with_another_timer_is_refused() -> None:
    data = Table(FiveCardDraw(), 2, seed=1, settings=TableSettings(turn_timer=30)).to_dict()
    data["settings"]["turn_timer"] = 45
    with pytest.raises(InvalidArgumentError, match="turn_timer"):
        Table.from_dict(data)


@pytest.mark.parametrize("seconds", ["45", "1", "3600", "0"])
def test_defect_turn_timer_command_line_refuses_other_seconds(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["play", "--turn-timer", seconds])
    assert stopped.value.code == 2
    assert "--turn-timer: invalid choice" in capsys.readouterr().err


@pytest.mark.parametrize("seconds", RULES_CHOICES)
def test_defect_turn_timer_command_line_takes_the_rules_choices(seconds: int) -> None:
    assert build_parser().parse_args(["play", "--turn-timer", str(seconds)]).turn_timer == seconds


def test_defect_turn_timer_site_offers_and_takes_only_the_rules_choices() -> None:
    """The site took any of 1..3600 s."""
    assert all(game["table"]["timers"] == [None, *RULES_CHOICES] for game in catalogue())
    with site() as client:
        for seconds in [45, 1, 3600, 0, True, 30.5, "30"]:
            body = {"game": "holdem", "seats": ["person", "cpu:rules"], "turn_timer": seconds}
            response = client.post("/api/tables", json=body)
            assert response.status_code == 400, (seconds, response.text)
            assert "turn_timer" in response.json()["message"]
            assert "30, 60" in response.json()["message"]
        assert client.app.state.house.rooms == {}  # type: ignore[attr-defined]
        for seconds in [None, *RULES_CHOICES]:
            body = {"game": "holdem", "seats": ["person", "cpu:rules"], "turn_timer": seconds}
            response = client.post("/api/tables", json=body)
            assert response.status_code == 201, response.text
            assert response.json()["table"]["turn_timer"] == seconds
