"""Five-Card Draw plays exactly as it did before the engine became a spec on a Rust core.

tests/recording/five_card_draw.py recorded 1,740 hands on the former Python engine (main at
031964e, with the one later rule change applied there too: see its docstring): every view, legal
action set, answer to an attempted action, event, snapshot, replay and CPU decision, as one
digest per hand, with the refusal messages kept as text. Here the 1,500 hands played with random
legal actions are played again on today's engine with the same card orders (a stacked deck) and
must give the same digest and refuse the same attempts.

What the recording holds that is no rule is not compared: the refusals' wording (the rule tests
pin it, e.g. tests/test_five_card_draw_rules.py's ``_refused``) and the 240 hands played by the
former CPU players, whose digests hold those players' decisions (tests/test_bots*.py test the
players).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest
from drawpoker.engine import Action, DrawSettings, FiveCardDraw, Hand
from recording.five_card_draw import play_case

RECORDING = Path(__file__).parent / "data" / "five_card_draw_recording.json.gz"


class TodaysEngine:
    """The recording's engine interface on today's API."""

    def spec(self, case: dict[str, Any]) -> Any:
        return FiveCardDraw(DrawSettings(**case["settings"]))

    def new_hand(self, case: dict[str, Any]) -> Hand:
        return Hand(
            self.spec(case), case["stacks"], case["button"], case["seed"], shuffles=case["shuffles"]
        )

    def replay(self, case: dict[str, Any], actions: list[Any]) -> Hand:
        return Hand.replay(
            self.spec(case),
            case["stacks"],
            case["button"],
            case["seed"],
            actions,
            shuffles=case["shuffles"],
        )

    def from_dict(self, data: dict[str, Any]) -> Hand:
        return Hand.from_dict(data)

    def act_restored(self, hand: Hand, action: Action) -> None:
        hand.act(action)

    def action(self, kind: str, amount: int = 0, cards: tuple[int, ...] = ()) -> Action:
        return Action(kind, amount, cards)


def cases() -> list[dict[str, Any]]:
    """The recorded hands played with random legal actions (not by CPU players)."""
    with gzip.open(RECORDING, "rt") as stream:
        recorded: list[dict[str, Any]] = json.load(stream)["cases"]
    return [case for case in recorded if "bots" not in case]


def test_the_recording_holds_the_hands_it_says() -> None:
    assert len(cases()) == 1500


@pytest.mark.parametrize("chunk", range(6))
def test_five_card_draw_is_as_recorded(chunk: int) -> None:
    engine = TodaysEngine()
    for case in cases()[chunk::6]:
        result = play_case(engine, case)
        refused = [message is not None for message in result["messages"]]
        assert refused == [message is not None for message in case["messages"]], case["seed"]
        assert result["digest"] == case["digest"], case["seed"]
