"""The terminal game driven through its input and output, as a new user would, and simulate."""

from __future__ import annotations

import argparse
import io
import re

from drawpoker.cli import build_parser, main
from drawpoker.commands.play import play
from drawpoker.commands.simulate import simulate


def parse(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


class Person:
    """Answers prompts like a careful beginner: a few wrong answers first, then legal ones."""

    def __init__(self, wrong: list[str]) -> None:
        self.wrong = list(wrong)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.wrong:
            return self.wrong.pop(0)
        if prompt.startswith("Discard"):
            return "1 2"
        if "[c]all" in prompt:
            return "c"
        return "k"


def test_play_a_whole_game_through_input_and_output() -> None:
    person = Person(["hello", "b 33", "r", "9 9"])
    lines: list[str] = []
    status = play(
        parse("play", "--players", "3", "--rounds", "3", "--seed", "11"), person, lines.append
    )
    text = "\n".join(lines)
    assert status == 0
    assert re.search(r"Your cards: (\S\S ){4}\S\S", text)  # cards shown clearly
    assert re.search(r"Your hand: 1:\S\S  2:\S\S  3:\S\S  4:\S\S  5:\S\S", text)
    assert any("[c]heck" in p or "[c]all" in p for p in person.prompts)  # legal actions offered
    assert any("Discard which cards?" in p for p in person.prompts)
    assert "Not understood" in text or "Not allowed" in text  # bad answers are refused
    assert re.search(r"CPU \d (draws \d cards?|stands pat)", text)  # others' draw counts
    assert re.search(r"CPU \d (bets|checks|calls|folds|raises)", text)
    assert "--- Round 3" in text and text.count("Standings:") == 3
    assert "Final standings:" in lines[-4]
    totals = [int(line.rsplit(" ", 1)[1]) for line in lines[-3:]]
    assert sum(totals) == 6000


def test_play_quit_hands_the_seat_to_a_cpu_player() -> None:
    lines: list[str] = []
    answers = iter(["quit"])
    play(
        parse("play", "--players", "2", "--rounds", "2", "--seed", "4"),
        lambda p: next(answers),
        lines.append,
    )
    text = "\n".join(lines)
    assert "leaves the table; a CPU player takes the seat" in text
    assert "Final standings:" in text


def test_play_end_of_input_leaves_the_table() -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    lines: list[str] = []
    play(parse("play", "--players", "2", "--rounds", "1", "--seed", "2"), closed, lines.append)
    assert "Final standings:" in "\n".join(lines)


def test_play_no_bet_mode_reports_points() -> None:
    lines: list[str] = []
    person = Person([])
    args = parse("play", "--players", "2", "--rounds", "2", "--seed", "8", "--mode", "no-bet")
    play(args, person, lines.append)
    text = "\n".join(lines)
    assert all(p.startswith("Discard") for p in person.prompts)
    assert "best hand: one point" in text
    final = [int(line.rsplit(" ", 1)[1]) for line in lines[-2:]]
    assert 2 <= sum(final) <= 4


def test_simulate_summary() -> None:
    out, bar = io.StringIO(), io.StringIO()
    args = parse(
        "simulate",
        "--games",
        "4",
        "--players",
        "3",
        "--rounds",
        "2",
        "--seed",
        "3",
        "--bots",
        "rules,checkcall",
    )
    assert simulate(args, out, bar) == 0
    text = out.getvalue()
    assert "hands/s" in text and "average pot" in text
    assert "rules: win rate" in text and "checkcall: win rate" in text
    rates = [float(m) for m in re.findall(r"win rate\s+([\d.]+)%", text)]
    assert abs(sum(rates) - 100) < 0.2
    assert "[" + "#" * 30 + "] 4/4" in bar.getvalue()


def test_simulate_rejects_unknown_cpu() -> None:
    assert main(["simulate", "--games", "1", "--bots", "genius"]) == 2


def test_play_turn_timer_acts_for_a_slow_player() -> None:
    ticks = iter(range(0, 10**9, 45))  # every reading of the clock is 45 s later

    lines: list[str] = []
    person = Person([])
    args = parse("play", "--players", "2", "--rounds", "1", "--seed", "6", "--turn-timer", "30")
    play(args, person, lines.append, clock=lambda: float(next(ticks)))
    text = "\n".join(lines)
    assert "Time is up: the table acted for you." in text
    assert "Final standings:" in text
