"""Five-Card Draw plays exactly as it did before the engine became a spec on a Rust core.

tests/recording/five_card_draw.py recorded 1,740 hands on the former Python engine (main at
031964e, with the one later rule change applied there too: see its docstring): every view, legal
action set, answer to an attempted action, event, snapshot, replay and CPU decision, as one
digest per hand, with the refusal messages kept as text. Here each hand is played again on
today's engine with the same card orders (a stacked deck) and must give the same digest and the
same messages, except for the wording changes listed in ``expected_message`` (cards named as
text, the opening requirement named, cards outside the deck called so).
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from drawpoker.bots import make_bot
from drawpoker.cards import format_cards
from drawpoker.games import Action, DrawSettings, FiveCardDraw, Hand
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

    def make_bot(self, kind: str, seed: int) -> Any:
        return make_bot(kind, seed)

    def bot_choice(self, bot: Any, hand: Hand) -> Action:
        assert hand.actor is not None
        return bot.choose(hand.view(hand.actor))


DRAW_IN_A_BETTING_ROUND = re.compile(r"it is a betting round, not a draw \(legal now: [a-z, -]+\)")
"""Today's answer to a draw in a betting round (the former engine's "unknown action 'draw'"),
which names the kinds legal at that moment."""


def expected_message(old: str | None, attempt: Action) -> str | re.Pattern[str] | None:
    """Today's wording of a refusal the former engine gave (a pattern where it names what is
    legal)."""
    if old is None:
        return None
    if old == "unknown action 'draw'" and attempt.kind == "draw":
        return DRAW_IN_A_BETTING_ROUND
    if old == "the betting is not open to this seat" and attempt.kind == "bet":
        return "jacks or better are needed to open"
    if match := re.fullmatch(r"card (\d+) is not in the hand", old):
        value = int(match[1])
        if value > 52:
            return f"{value} is not a card"
        return f"card {format_cards([value])} is not in the hand"
    if match := re.fullmatch(r"a card is repeated in \[(.*)\]", old):
        cards = [int(c) for c in match[1].split(", ")]
        return f"a card is repeated in {format_cards(cards)}"
    return old


def cases() -> list[dict[str, Any]]:
    with gzip.open(RECORDING, "rt") as stream:
        recorded: list[dict[str, Any]] = json.load(stream)["cases"]
    return recorded


@pytest.mark.parametrize("chunk", range(6))
def test_five_card_draw_is_as_recorded(chunk: int) -> None:
    engine = TodaysEngine()
    for case in cases()[chunk::6]:
        result = play_case(engine, case)
        old = case["messages"]
        wanted = [expected_message(m, a) for m, a in zip(old, result["tried"], strict=True)]
        for message, want in zip(result["messages"], wanted, strict=True):
            if isinstance(want, re.Pattern):
                assert message is not None and want.fullmatch(message), (case["seed"], message)
            else:
                assert message == want, case["seed"]
        assert result["digest"] == case["digest"], case["seed"]
