"""The tips table: numbers agree with single draws, every tip holds under its goal, outputs."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from drawpoker.analysis.draw import draw_outcome
from drawpoker.analysis.tips import TIPS, build_tips, tips_json, tips_markdown
from drawpoker.cli import main


@pytest.mark.parametrize("joker", [False, True])
def test_every_tip_is_the_best_choice_for_its_goal(joker: bool) -> None:
    tips = build_tips(joker=joker)
    assert [t.name for t in tips] == [s.name for s in TIPS]
    for tip in tips:
        assert tip.place == 1, tip.name
        assert tip.goal_probability(tip.advised) > tip.goal_probability(tip.alternative)
        single = draw_outcome(
            tip.hand, discard=tip.discards or (), ranking="joker" if joker else "high", joker=joker
        )
        assert single.counts == tip.advised.counts


def test_tip_numbers_match_the_published_figures() -> None:
    pair, two_pair, trips, flush, pat = build_tips()
    assert (pair.advised.improved, pair.advised.total) == (4656, 16215)
    assert (two_pair.advised.counts[6], two_pair.advised.total) == (4, 47)
    assert (trips.advised.improved, trips.advised.total) == (112, 1081)
    assert (flush.advised.counts[5], flush.advised.total) == (9, 47)
    assert pat.advised.total == 1 and pat.advised.discard_mask == 0


def test_other_objectives_and_limits() -> None:
    tips = build_tips(objective="beat_random", limit="5")
    assert all(t.choices == 32 for t in tips)
    assert all(t.advised.value >= 0 for t in tips)


def test_markdown_and_json() -> None:
    tips = build_tips()
    table = tips_markdown(tips)
    assert table.count("\n") == 2 + len(tips)
    assert "4656 / 16215 = 28.71%" in table
    records = json.loads(tips_json(tips))
    assert records[2]["advised_goal"] == "112 / 1081"


def test_cli_writes_every_format(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    md, js, svg = tmp_path / "t.md", tmp_path / "t.json", tmp_path / "t.svg"
    args = ["tips", "--markdown", str(md), "--json", str(js), "--chart", str(svg)]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Pair: keep the pair, draw three  [52 cards]" in out
    assert "[53 cards (joker wild)]" in out
    assert len(json.loads(js.read_text())) == 10
    assert md.read_text().startswith("| Tip |")
    root = ET.fromstring(svg.read_text())
    assert root.tag.endswith("svg")
    assert len(root.findall("{http://www.w3.org/2000/svg}rect")) == 2 + 20


def test_cli_refuses_a_png_chart(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tips", "--deck", "52", "--chart", "chart.png"]) == 2
    assert "SVG" in capsys.readouterr().out


def test_cli_ends_quietly_when_the_reader_stops_early() -> None:
    """``drawpoker tips | head -0``: the reader closes the pipe before the command writes (it
    closes at once; the child is still starting up)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "drawpoker.cli", "tips"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    errors = child.stderr.read().decode()
    assert child.wait() == 0, errors
    assert "Traceback" not in errors
