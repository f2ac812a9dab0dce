"""The analysis commands through their input and output: ``drawpoker --version``, ``tips HAND``
with the figures of ``--objective``, ``equity`` of ranges (checked against averages of exact
hand equities computed here), the heat map, and every option's help naming its default."""

from __future__ import annotations

import argparse
import importlib.metadata
import itertools
import re
from pathlib import Path

import pytest
from drawpoker import equity, parse_cards
from drawpoker.analysis.draw import discard_choices
from drawpoker.cli import build_parser, main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"drawpoker {importlib.metadata.version('drawpoker')}\n"


def _subcommands() -> list[tuple[str, argparse.ArgumentParser]]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices.items())


@pytest.mark.parametrize(("name", "parser"), _subcommands())
def test_every_option_has_help_and_names_its_default(
    name: str, parser: argparse.ArgumentParser
) -> None:
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{name} {action.option_strings or action.dest} has no help"
        if action.option_strings:
            assert "default" in action.help, f"{name} {action.option_strings} names no default"


def test_tips_hand_lists_choices_with_exact_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tips", "Ks 9s 6s 3s 8d", "--objective", "at_least:FLUSH", "--top", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Ks 9s 6s 3s 8d  [52 cards")
    assert len(lines) == 4
    # Nine spades of 47 unseen cards complete the flush.
    assert lines[1].startswith(f"  1. draw 1 (8d): flush or better {100 * 9 / 47:.2f}%")


def test_tips_hand_takes_unicode_and_the_joker(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tips", "J♥ J♦ 7♣ 4♠ 2♥", "--joker", "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Jh Jd 7c 4s 2h  [53 cards (joker wild)")
    assert "objective beat_random" in out
    assert main(["tips", "Jh Jd 7c 4s"]) == 2
    assert "tips analyses five cards, got 4" in capsys.readouterr().out


@pytest.mark.parametrize("objective", ["mean_strength", "beat_random", "at_least:FULL_HOUSE"])
def test_tips_table_prints_the_objectives_figures(
    objective: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tips", "--deck", "52", "--objective", objective]) == 0
    out = capsys.readouterr().out
    # The two-pair tip: its advised choice's value under the objective is what is printed.
    advised = next(
        c for c in discard_choices("9c 9d 7h 7s Kd", objective=objective) if c.discards == "Kd"
    )
    if objective == "mean_strength":
        expected = f"mean strength {advised.value:,.1f}"
    elif objective == "beat_random":
        expected = f"beats a random hand {100 * advised.value:.2f}%"
    else:
        expected = f"full house or better {100 * advised.value:.2f}%"
    assert f"advised draw 1 (Kd): {expected}," in out


def _average(players: list[list[str]], board: str) -> list[float]:
    """Weighted average of exact hand equities over the non-conflicting combo pairs."""
    blocked = set(parse_cards(board))
    sums, count = [0.0] * len(players), 0
    for hands in itertools.product(*players):
        cards = [c for h in hands for c in parse_cards(h)]
        if len(set(cards)) < len(cards) or blocked.intersection(cards):
            continue
        for p, figures in enumerate(equity(list(hands), board).players):
            sums[p] += figures.equity
        count += 1
    return [s / count for s in sums]


def test_equity_of_ranges(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    chart = tmp_path / "grid.svg"
    argv = ["equity", "AA,KK", "QQ", "AhKh", "--board", "2c 7d Qh", "--chart", str(chart)]
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    pairs = [a + b for a, b in itertools.combinations(["As", "Ad", "Ac", "Ah"], 2)]
    kings = [a + b for a, b in itertools.combinations(["Ks", "Kd", "Kc", "Kh"], 2)]
    queens = [a + b for a, b in itertools.combinations(["Qs", "Qd", "Qc"], 2)]
    expected = _average([pairs + kings, queens, ["AhKh"]], "2c 7d Qh")
    assert out[0].startswith(f"AA,KK (12 combos): equity {expected[0]:.2%}")
    assert out[1].startswith(f"QQ (3 combos): equity {expected[1]:.2%}")
    assert out[2].startswith(f"Ah Kh: equity {expected[2]:.2%}")
    assert re.match(r"exact over [\d,]+ outcomes \([\d,]+ matchups after suit symmetry\)", out[3])
    assert chart.read_text().count("<rect") == 169


def test_equity_of_the_preflop_range_example_is_exact_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["equity", "QQ+, AKs", "JJ-99, AQs+"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("QQ+, AKs (22 combos): equity 73.1")  # 0.7312, exact
    assert out[2] == "exact over 883,548,864 outcomes (43 matchups after suit symmetry)"


def test_equity_samples_beyond_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "QQ+,AKs", "JJ-99,AQs+", "--samples", "20000", "--seed", "3"]
    argv += ["--max-outcomes", "1000000"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert re.search(r"^QQ\+,AKs \(22 combos\): equity [\d.]+% ± [\d.]+%", out, re.M)
    assert "Monte Carlo, 20,000 samples" in out


def test_equity_bad_range_names_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "QQ+,AKx", "JJ"]) == 2
    assert "bad range token 'AKx'" in capsys.readouterr().out
    assert main(["equity", "QQ", "AKs", "--game", "omaha"]) == 2


def test_equity_symbols_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsKs", "QhQd", "--board", "2c 7d 9h", "--symbols"]) == 0
    assert capsys.readouterr().out.startswith("A♠ K♠: equity")
