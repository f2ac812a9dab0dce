"""Every public function that takes text refuses a lone surrogate (issue 25, item 12) with
drawpoker's own error naming the text, never a UnicodeEncodeError from the core. A lone
surrogate is what undecodable bytes on a command line become (``os.fsdecode``), and what a
JSON ``\\ud800`` escape reads as."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import drawpoker
import pytest
from drawpoker import history
from drawpoker.engine import FiveCardDraw, Hand, game
from drawpoker.engine.registry import spec_from_dict
from drawpoker.errors import HistoryError, InvalidArgumentError, InvalidCardError
from drawpoker.history import text as history_text
from drawpoker.table import Table


def holdem_hand() -> Hand:
    return Hand(game("holdem"), [1000, 1000], deck="As Kd Ks 7c")


# name -> (a call of a public function with the bad text ``s``, the error it must raise)
CALLS: dict[str, tuple[Callable[[str], Any], type[Exception]]] = {
    "parse_cards": (lambda s: drawpoker.parse_cards(s), InvalidCardError),
    "parse_cards after a card": (lambda s: drawpoker.parse_cards("As " + s), InvalidCardError),
    "format_cards": (lambda s: drawpoker.format_cards(s), InvalidCardError),
    "format_cards of strings": (lambda s: drawpoker.format_cards(["As", s]), InvalidCardError),
    "evaluate": (lambda s: drawpoker.evaluate(s), InvalidCardError),
    "evaluate ranking": (
        lambda s: drawpoker.evaluate("As Ks Qs Js Ts", ranking=s),
        InvalidArgumentError,
    ),
    "evaluate_low8": (lambda s: drawpoker.evaluate_low8(s), InvalidCardError),
    "evaluate_omaha": (lambda s: drawpoker.evaluate_omaha(s, "As Ks Qs"), InvalidCardError),
    "describe ranking": (lambda s: drawpoker.describe(1, s), InvalidArgumentError),
    "ranking_system": (lambda s: drawpoker.ranking_system(s), InvalidArgumentError),
    "equity hands": (lambda s: drawpoker.equity([s, "QhQd"]), InvalidCardError),
    "equity board": (lambda s: drawpoker.equity(["AsKs", "QhQd"], board=s), InvalidCardError),
    "equity game": (lambda s: drawpoker.equity(["AsKs", "QhQd"], game=s), InvalidArgumentError),
    "draw_outcome": (lambda s: drawpoker.draw_outcome(s, ""), InvalidCardError),
    "discard_choices": (lambda s: drawpoker.discard_choices(s), InvalidCardError),
    "Range": (lambda s: drawpoker.Range(s), InvalidArgumentError),
    "Range token": (lambda s: drawpoker.Range("AA, K" + s), InvalidArgumentError),
    "Range dead": (lambda s: drawpoker.Range("AA", dead=s), InvalidCardError),
    "range_equity": (lambda s: drawpoker.range_equity([s, "QQ"]), InvalidCardError),
    "equity_grid": (lambda s: drawpoker.equity_grid(s, "QQ"), InvalidCardError),
    "game name": (lambda s: game(s), InvalidArgumentError),
    "game setting name": (lambda s: game("holdem", {s: 1}), InvalidArgumentError),
    "game setting value": (lambda s: game("five-card-draw", {"mode": s}), InvalidArgumentError),
    "spec_from_dict": (lambda s: spec_from_dict({"name": s, "settings": {}}), InvalidArgumentError),
    "GameSpec name": (
        lambda s: dataclasses.replace(game("holdem"), name=s),
        InvalidArgumentError,
    ),
    "Hand deck": (lambda s: Hand(game("holdem"), [100, 100], deck=s), InvalidArgumentError),
    "Table names": (lambda s: Table(FiveCardDraw(), ["Ann", s]), InvalidArgumentError),
    "history loads": (lambda s: history.loads(s), HistoryError),
    "history loads a field": (lambda s: history.loads(f"variant = '{s}'"), HistoryError),
    "history text parse": (lambda s: history_text.parse(f"a = '{s}'"), HistoryError),
    "history format_value": (lambda s: history_text.format_value(["x", s]), HistoryError),
    "history dumps players": (
        lambda s: history.dumps(holdem_hand(), players=["Ann", s]),
        HistoryError,
    ),
    "history dumps table": (lambda s: history.dumps(holdem_hand(), table=s), HistoryError),
    "history from_hand players": (
        lambda s: history.from_hand(holdem_hand(), players=["Ann", s]).dumps(),
        HistoryError,
    ),
}


@pytest.mark.parametrize("surrogate", ["\ud800", "\udcff", "\udfff"], ids=ascii)
@pytest.mark.parametrize("name", sorted(CALLS))
def test_defect_lone_surrogates_are_refused_by_name(name: str, surrogate: str) -> None:
    """``drawpoker.parse_cards("\\ud800")`` raised UnicodeEncodeError."""
    call, error = CALLS[name]
    with pytest.raises(error) as raised:
        call(surrogate)
    assert ascii(surrogate)[1:-1] in str(raised.value), "the message names the bad text"


def test_defect_encodable_text_passes_every_character_but_surrogates() -> None:
    from drawpoker.validate import encodable_text  # the one check every text passes

    assert encodable_text("name", "A♠ K♦ 10♥ é 🂡") == "A♠ K♦ 10♥ é 🂡"
    with pytest.raises(InvalidArgumentError, match="at position 2"):
        encodable_text("name", "A♠\udcff")
