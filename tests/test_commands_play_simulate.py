"""The terminal game driven through its input and output, as a new user would, and simulate.

``play`` reads through ``read(prompt, timeout) -> str | None`` (``None``: the time ran out) and
writes lines through ``write``; the real terminal path is run in subprocesses at the end.
"""

from __future__ import annotations

import argparse
import io
import itertools
import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Callable

import pytest
from drawpoker.analysis.evaluation import describe, evaluate
from drawpoker.bots import make_bot
from drawpoker.cards import format_cards, parse_cards
from drawpoker.cli import build_parser, main
from drawpoker.cli.play import AWAY_WAIT, EXIT_INTERRUPTED, play
from drawpoker.cli.simulate import simulate
from drawpoker.cli.table_view import COMMANDS_HELP
from drawpoker.cli.terminal_input import TerminalReader, untimed
from drawpoker.engine import GAMES, game
from drawpoker.narration import Scene
from drawpoker.table import Table, TableSettings

Answer = str | None


def parse(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


class Person:
    """Answers prompts like a careful beginner: the scripted answers first (``None`` = lets
    the time run out), then legal ones: stand pat or discard two in a draw, call, else check.
    ``tick`` seconds pass on the fake clock per answer."""

    def __init__(self, script: list[Answer] | None = None, tick: float = 0.0) -> None:
        self.script = list(script or [])
        self.prompts: list[str] = []
        self.timeouts: list[float | None] = []
        self.now = 0.0
        self.tick = tick

    def clock(self) -> float:
        return self.now

    def __call__(self, prompt: str, timeout: float | None) -> Answer:
        self.prompts.append(prompt)
        self.timeouts.append(timeout)
        self.now += self.tick
        if self.script:
            return self.script.pop(0)
        return self.default(prompt)

    def default(self, prompt: str) -> Answer:
        if prompt.startswith("Discard"):
            return "1 2"
        if prompt.startswith("Back?"):
            return ""
        if "[c]all" in prompt:
            return "c"
        return "k"


def run_play(argv: str, person: Callable[[str, float | None], Answer]) -> tuple[int, list[str]]:
    lines: list[str] = []
    clock = getattr(person, "clock", None)
    args = parse("play", *argv.split())
    if clock is None:
        status = play(args, person, lines.append)
    else:
        status = play(args, person, lines.append, clock=clock)
    return status, lines


def final_scores(lines: list[str]) -> list[int]:
    start = lines.index("Final standings:")
    rows = [line for line in lines[start + 1 :] if line.startswith("  ")]
    return [int(row.rsplit(" ", 1)[1]) for row in rows]


# ---------------------------------------------------------------- Five-Card Draw


def test_play_a_whole_game_of_five_card_draw_through_input_and_output() -> None:
    person = Person(["hello", "b 33", "r", "9 9"])
    status, lines = run_play("--players 3 --rounds 3 --seed 11", person)
    text = "\n".join(lines)
    assert status == 0
    assert lines[0] == "Five-Card Draw: 3 players, 3 rounds, ante 10, stacks 2000."
    assert re.search(r"^Your cards: (\S\S ){4}\S\S$", text, re.M)  # cards shown clearly
    assert re.search(r"^Your hand: 1:\S\S  2:\S\S  3:\S\S  4:\S\S  5:\S\S$", text, re.M)
    assert any("[c]heck" in p or "[c]all" in p for p in person.prompts)  # legal actions offered
    assert any(p.startswith("Discard which cards?") for p in person.prompts)
    assert "Not understood: 'hello' is not an action (type help or ? for the list)" in text
    refusal = "33 is not a legal total: 20 to 1980 in steps of 20, or 1990 (all-in)"
    assert f"Not allowed: {refusal}" in text
    assert re.search(r"CPU \d (draws \d cards?|stands pat)", text)  # others' draw counts
    assert re.search(r"CPU \d (bets|checks|calls|folds|raises)", text)
    assert re.search(r"shows (\S\S ){4}\S\S: \w", text)
    assert "--- Round 3: dealer CPU 2 ---" in text and text.count("Standings:") == 3
    assert lines[-6] == "Game over."
    assert sum(final_scores(lines)) == 6000


def test_play_no_bet_mode_reports_points() -> None:
    person = Person()
    status, lines = run_play("--players 2 --rounds 2 --seed 8 --mode no-bet", person)
    text = "\n".join(lines)
    assert status == 0
    assert all(p.startswith("Discard") for p in person.prompts)
    assert "best hand: one point" in text
    assert 2 <= sum(final_scores(lines)) <= 4


def test_refusals_say_why_in_card_text() -> None:
    """An opening without jacks is refused with the engine's reason; so is a card not held."""
    lines: list[str] = []
    tried: dict[str, str] = {}

    def person(prompt: str, timeout: float | None) -> Answer:
        if prompt.startswith("[c]heck >") and "open" not in tried:
            tried["open"] = "b 20"  # only check is offered: try to open anyway
            return tried["open"]
        if prompt.startswith("Discard") and "discard" not in tried:
            hand_line = next(line for line in reversed(lines) if line.startswith("Your hand: "))
            held = [parse_cards(part.split(":")[1])[0] for part in hand_line[11:].split("  ")]
            tried["discard"] = format_cards([next(c for c in range(52) if c not in held)])
            return tried["discard"]
        return Person().default(prompt)

    args = parse("play", "--players", "3", "--rounds", "4", "--seed", "2", "--opening", "jacks")
    assert play(args, person, lines.append) == 0
    text = "\n".join(lines)
    assert set(tried) == {"open", "discard"}
    assert "Not allowed: jacks or better are needed to open" in text
    assert f"Not allowed: card {tried['discard']} is not in the hand" in text
    assert not re.search(r"\b\d+ is not in the hand", text)  # never a card number


# ---------------------------------------------------------------- Texas Hold'em


def test_numbers_int_cannot_read_are_not_understood_not_a_crash() -> None:
    """A superscript two is a digit to ``str.isdigit`` that ``int`` refuses; so is a number
    of 5000 digits: each answer is asked again, the game goes on."""
    odd = ["\u00b2", "r \u00b2", "1 \u00b2", "r " + "1" * 5000]
    status, lines = run_play("--game holdem --players 2 --rounds 1 --seed 3", Person(odd))
    assert status == 0
    assert len([line for line in lines if line.startswith("Not understood:")]) == len(odd)


class HoldemPerson(Person):
    """Takes the first sizing preset whenever it may bet or raise without facing a bet (and
    notes the line that should follow), else calls or checks."""

    def __init__(self, script: list[Answer] | None = None) -> None:
        super().__init__(script)
        self.expected: list[str] = []

    def default(self, prompt: str) -> Answer:
        preset = re.search(r"\[1\] \S+(?: pot)? (\d+)", prompt)
        if preset and "[c]heck" in prompt:
            verb = "bet" if "[b]et" in prompt else "raise to"
            self.expected.append(f"You {verb} {int(preset[1]):,}")
            return "1"
        return super().default(prompt)


def test_play_a_whole_game_of_holdem_through_input_and_output() -> None:
    person = HoldemPerson(["r 7", "2"])
    argv = "--game holdem --players 3 --rounds 4 --seed 21 --cpu checkcall"
    status, lines = run_play(argv, person)
    text = "\n".join(lines)
    assert status == 0
    assert lines[0] == "Texas Hold'em, no limit: 3 players, 4 rounds, blinds 50/100, stacks 10000."
    # positions and stacks, a line per hand; the button moves
    seats = [line for line in lines if line.startswith("Seats: ")]
    assert seats[0] == "Seats: You 10000 (BTN) | CPU 1 10000 (SB) | CPU 2 10000 (BB)"
    assert re.fullmatch(r"Seats: You \d+ \(BB\) \| CPU 1 \d+ \(BTN\) \| CPU 2 \d+ \(SB\)", seats[1])
    assert len(seats) == 4
    assert "CPU 1 posts the small blind 50" in lines and "CPU 2 posts the big blind 100" in lines
    # hole cards and every street with the board as text
    assert re.search(r"^Your cards: \S\S \S\S$", text, re.M)
    assert "*** Pre-flop ***" in lines
    assert re.search(r"^\*\*\* Flop \*\*\* Board: \S\S \S\S \S\S \(pot \d+\)$", text, re.M)
    assert re.search(r"^\*\*\* Turn \*\*\* Board: (\S\S ){3}\| \S\S \(pot \d+\)$", text, re.M)
    river = r"^\*\*\* River \*\*\* Board: (\S\S ){3}\| \S\S \| \S\S \(pot \d+\)$"
    assert re.search(river, text, re.M)
    assert re.search(r"^Your cards: \S\S \S\S \| Board: (\S\S ){3}\| \S\S$", text, re.M)
    assert "*** Flop *** Board: 7c Js 4s (pot 900)" in lines
    # an illegal amount is refused with the engine's reason
    assert "Not allowed: 7 is not a legal total: any from 200 to 10000" in lines
    # the presets are offered and work as shortcuts: "1" makes the bet or raise shown for [1]
    assert "[1] 2x 200, [2] 3x 300" in person.prompts[0]
    assert any("[1] 33% pot 297, [2] 50% pot 450, [3] pot 900" in p for p in person.prompts)
    made = [line for line in lines if line.startswith(("You bet", "You raise"))]
    assert made == ["You raise to 300", *person.expected] and len(made) >= 8
    # shown hands with the description of the best five of the seven cards
    shows = re.findall(r"^(You|CPU \d) shows? (\S\S \S\S): (.+)$", text, re.M)
    boards = re.findall(r"^\*\*\* River \*\*\* Board: (.+) \(pot", text, re.M)
    assert len(shows) == 3 * len(boards) >= 9
    for number, board in enumerate(boards):
        for _, cards, description in shows[3 * number : 3 * number + 3]:
            assert description == describe(evaluate(f"{cards} {board.replace('|', '')}"))
    assert "You show 5h 6d: Straight, eight high" in lines
    assert "You win 7,092 with Straight, eight high" in lines
    assert sum(final_scores(lines)) == 30000


def test_holdem_all_in_exposes_the_hands_and_shows_them_with_descriptions() -> None:
    person = Person(["a"])
    status, lines = run_play(
        "--game holdem --players 2 --rounds 1 --seed 5 --cpu checkcall", person
    )
    text = "\n".join(lines)
    assert status == 0
    assert "Seats: You 10000 (BTN, SB) | CPU 1 10000 (BB)" in lines  # heads-up: BTN posts SB
    assert "You raise to 10,000 (all-in)" in lines
    assert "CPU 1 calls (10,000 in this round) (all-in)" in lines
    exposed = re.findall(
        r"^(You turn|CPU 1 turns) over (\S\S \S\S) \(all-in: no more betting\)$", text, re.M
    )
    assert len(exposed) == 2
    mine = re.search(r"^Your cards: (\S\S \S\S)$", text, re.M)
    assert mine is not None and ("You turn", mine[1]) in exposed
    board = re.findall(r"Board: (.+) \(pot 20000\)$", text, re.M)[-1].replace("|", "")
    for who, cards, description in re.findall(
        r"^(You|CPU 1) shows? (\S\S \S\S): (.+)$", text, re.M
    ):
        assert description == describe(evaluate(f"{cards} {board}"))
        assert (who + (" turn" if who == "You" else " turns"), cards) in exposed
    assert re.search(r"^(You win|CPU 1 wins) 20,000 with ", text, re.M) or "wins 10,000" in text


def test_each_hands_standings_are_that_hands_even_when_cpus_play_on() -> None:
    """The CPU players may play whole hands before the person is shown the news (here the
    person folds at once, so many hands pass without a prompt): each hand's Standings line
    must still be that hand's result, the stacks the next hand's Seats line starts from."""

    def folder(prompt: str, timeout: float | None) -> str:
        return "f" if "[f]old" in prompt else "k"

    status, lines = run_play("--game holdem --players 2 --rounds 10 --seed 3", folder)
    assert status == 0
    standings = [line for line in lines if line.startswith("Standings: ")]
    seats = [line for line in lines if line.startswith("Seats: ")]
    assert len(standings) == len(seats) == 10
    numbers = re.compile(r"(?:You|CPU 1) (\d+)")
    for after, before_next in zip(standings, seats[1:], strict=False):
        assert numbers.findall(after) == numbers.findall(before_next)
    assert sorted(map(int, numbers.findall(standings[-1]))) == sorted(final_scores(lines))


def test_the_seed_is_written_only_when_the_game_is_over() -> None:
    seed = "987654"
    person = Person()
    status, lines = run_play(f"--game holdem --players 3 --rounds 2 --seed {seed}", person)
    assert status == 0
    assert lines[-1] == f"Seed: {seed} (replay the same deal with --seed {seed})"
    assert not any(seed in line for line in lines[:-1])
    assert not any(seed in prompt for prompt in person.prompts)


# ---------------------------------------------------------------- the stud games


class StudPerson(Person):
    """Completes the first time it may, else posts the bring-in; bets the big bet when it may,
    else calls or checks."""

    def __init__(self, script: list[Answer] | None = None) -> None:
        super().__init__(script)
        self.completed = False

    def default(self, prompt: str) -> Answer:
        if "co[m]plete" in prompt and not self.completed:
            self.completed = True
            return "m"
        if "[b]ring in" in prompt:
            return "b"
        if "[c]heck, [b]et 400" in prompt:
            return "b"
        return super().default(prompt)


CARD = r"[2-9TJQKA][cdhs]"
ROW = re.compile(
    rf"^(You: \(({CARD} {CARD})\)|(CPU \d): \[\?\? \?\?\]) ((?:{CARD} ?)+?)"
    rf"( \({CARD}\)| \[\?\?\])?$"
)
"""A stud row: yours with your down cards, another's with ``??`` for them; the up cards."""


def stud_streets(lines: list[str]) -> list[tuple[str, dict[str, list[int]], str | None]]:
    """Each street shown: its heading, every row's up cards by name, the line after the rows."""
    streets = []
    for i, line in enumerate(lines):
        if line.startswith("*** ") and " street *** (pot " in line:
            rows: dict[str, list[int]] = {}
            j = i + 1
            while j < len(lines) and (match := ROW.match(lines[j])):
                rows[match[3] or "You"] = parse_cards(match[4])
                j += 1
            streets.append((line, rows, lines[j] if j < len(lines) else None))
    return streets


def check_shown_hands(lines: list[str], ranking: str) -> None:
    """Asserts that every seven-card hand shown is described as ``ranking`` ranks it."""
    text = "\n".join(lines)
    for cards, description in re.findall(
        r"^(?:You|CPU \d) shows? ((?:\S\S ){6}\S\S): (.+)$", text, re.M
    ):
        assert description == describe(evaluate(cards, ranking), ranking)


def check_first_lines(lines: list[str], low: bool) -> int:
    """Every street's who-acts line names the seat the rules say, for the reason shown."""
    from drawpoker.bots.stud_reading import board_key
    from drawpoker.cli.stud_view import board_words, low_board_words

    checked = 0
    for heading, rows, after in stud_streets(lines):
        assert after is not None
        who = re.match(r"^(You|CPU \d) (?:brings? in with|acts? first: )", after)
        assert who, after
        up = rows[who[1]]
        if heading.startswith("*** 3rd"):

            def worst(card: int) -> tuple[int, int]:
                rank = ((card >> 2) + 1) % 13 if low else card >> 2
                return (-rank, -(card & 3)) if low else (rank, card & 3)

            assert min(rows.values(), key=lambda u: worst(u[0])) == up
            which = "highest" if low else "lowest"
            assert after.endswith(f"in with {format_cards(up)}, the {which} up card")
        else:
            assert board_key(up, low) == max(board_key(u, low) for u in rows.values())
            words = low_board_words(up) if low else board_words(up)
            best = "the best low board showing" if low else "the best board showing"
            assert after.endswith(f"first: {best}, {words}")
        checked += 1
    return checked


def test_play_a_whole_game_of_stud_through_input_and_output() -> None:
    person = StudPerson()
    status, lines = run_play("--game stud --players 3 --rounds 3 --seed 11 --cpu rules", person)
    assert status == 0
    assert lines[0] == (
        "Seven-Card Stud, fixed limit: 3 players, 3 rounds, ante 40, bring-in 50, "
        "limits 200/400, stacks 20000."
    )
    assert lines[2:14] == [
        "--- Round 1 of 3 ---",
        "Seats: You 20000 | CPU 1 20000 | CPU 2 20000",
        "You post an ante of 40",
        "CPU 1 posts an ante of 40",
        "CPU 2 posts an ante of 40",
        "*** 3rd street *** (pot 120)",
        "You: (Qd 4c) 3h",
        "CPU 1: [?? ??] 4d",
        "CPU 2: [?? ??] 6h",
        "You bring in with 3h, the lowest up card",
        "Pot 120, bring-in 50, your stack 19960, in this round 0",
        "You complete to 200",
    ]
    assert person.prompts[0] == "[b]ring in 50, co[m]plete to 200 > "
    assert "*** 4th street *** (pot 520)" in lines
    assert "CPU 1 acts first: the best board showing, six-four high" in lines
    assert "[c]heck, [b]et N (200..400 by 200) > " not in person.prompts  # no open pair here
    assert "[c]heck, [b]et 400 > " in person.prompts  # fifth street: the big bet, alone
    assert lines[lines.index("*** 7th street *** (pot 2120)") + 1 :][:3] == [
        "You: (Qd 4c) 3h 4h Tc Qh (As)",
        "CPU 1: [?? ??] 4d 6d Ac 2h [??]",
        "CPU 1 acts first: the best board showing, ace-six-four-deuce high",
    ]
    assert "CPU 1 shows Kd 5d 4d 6d Ac 2h 2d: Flush, K-6-5-4-2" in lines
    assert "You show Qd 4c 3h 4h Tc Qh As: Two pair, queens and fours (A kicker)" in lines
    assert "CPU 1 wins 2,920 with Flush, K-6-5-4-2" in lines
    # round 2: a CPU brings in; round 3: everyone folds to your bring-in
    assert "CPU 1 brings in with 4d, the lowest up card" in lines
    assert "CPU 1 posts the bring-in 50" in lines
    assert "You act first: the best board showing, a pair of queens" in lines
    assert "You post the bring-in 50" in lines and "You win 120" in lines
    assert check_first_lines(lines, low=False) == 5 + 3 + 1  # the streets of the 3 hands
    check_shown_hands(lines, "high")
    assert sum(final_scores(lines)) == 60000


def test_play_a_game_of_razz_through_input_and_output() -> None:
    person = StudPerson()
    status, lines = run_play("--game razz --players 3 --rounds 2 --seed 4 --cpu checkcall", person)
    assert status == 0
    assert lines[0] == (
        "Razz, fixed limit: 3 players, 2 rounds, ante 40, bring-in 50, limits 200/400, "
        "stacks 20000."
    )
    assert lines[4:12] == [
        "You post an ante of 40",
        "CPU 1 posts an ante of 40",
        "CPU 2 posts an ante of 40",
        "*** 3rd street *** (pot 120)",
        "You: (2s 9d) 5c",
        "CPU 1: [?? ??] 3c",
        "CPU 2: [?? ??] 4c",
        "You bring in with 5c, the highest up card",
    ]
    assert "CPU 1 acts first: the best low board showing, 5-3" in lines
    assert "You act first: the best low board showing, 8-5-2" in lines  # beside 5-3-3, Q-Q-4
    assert "You bring in with Js, the highest up card" in lines  # Jh beside it: spades highest
    assert "You show 2s 9d 5c 8c 2c 6d 9h: Nine-eight low: 9-8-6-5-2" in lines
    assert "CPU 2 shows Ac Qd 4c Qh Qc 7s 8h: Queen-eight low: Q-8-7-4-A" in lines
    assert "You win 4,320 with Nine-eight low: 9-8-6-5-2" in lines
    assert check_first_lines(lines, low=True) >= 8
    check_shown_hands(lines, "ace-five")
    assert sum(final_scores(lines)) == 60000


def test_play_a_game_of_stud_hi_lo_through_input_and_output() -> None:
    person = StudPerson()
    argv = "--game stud-hi-lo --players 3 --rounds 2 --seed 21 --cpu rules"
    status, lines = run_play(argv, person)
    assert status == 0
    title = "Seven-Card Stud Hi/Lo eight-or-better, fixed limit"
    assert lines[0].startswith(f"{title}: 3 players, 2 rounds")
    assert "CPU 2 brings in with 4s, the lowest up card" in lines
    assert "CPU 2 completes to 200" in lines  # the bring-in seat completes
    assert "CPU 2 raises to 800" in lines
    # a scoop is two awards: the engine reports each half of the pot
    assert lines[lines.index("CPU 2 shows 5h 6d 4s 8c 7s 8s 7d: Straight, eight high") + 1 :][
        :4
    ] == [
        "CPU 2 also has a low: Eight-seven low: 8-7-6-5-4",
        "You show 9s 9h 7c 3d Jd 4d Ts: Pair of nines (J-T-7)",
        "CPU 2 wins 2,060, the high half of the pot, with Straight, eight high",
        "CPU 2 wins 2,060, the low half of the pot, with Eight-seven low: 8-7-6-5-4",
    ]
    shown = lines.index("You show 7h 3d Ks 6s 8h Ac Qd: High card, ace (K-Q-8-7)")
    assert lines[shown + 1 : shown + 6] == [
        "You also have a low: Eight-seven low: 8-7-6-3-A",
        "CPU 1 shows 7c Ad 4s Ah Js 5c Qh: Pair of aces (Q-J-7)",
        "CPU 1 wins 1,685, the high half of the pot, with Pair of aces (Q-J-7)",
        "You win 1,685, the low half of the pot, with Eight-seven low: 8-7-6-3-A",
        "Standings: You 18005, CPU 1 20005, CPU 2 21990",
    ]
    assert check_first_lines(lines, low=False) >= 8
    assert sum(final_scores(lines)) == 60000


def test_stud_timer_at_the_bring_in_posts_it() -> None:
    person = StudPerson([None])
    status, lines = run_play("--game stud --players 3 --rounds 1 --seed 11 --turn-timer 30", person)
    assert status == 0
    done = lines.index("Your time ran out: You post the bring-in 50")
    assert lines[done - 1] == "Pot 120, bring-in 50, your stack 19960, in this round 0"


def test_stud_answers_bring_in_complete_and_the_one_bet_size() -> None:
    person = StudPerson(["k", "bring in"])
    status, lines = run_play("--game stud --players 3 --rounds 1 --seed 11 --cpu checkcall", person)
    assert status == 0
    assert "Not allowed: the bring-in must be posted or completed" in lines
    assert "You post the bring-in 50" in lines
    assert any(line == "You bet 400" for line in lines)  # 'b' alone: the one size


def test_stud_seventh_street_shows_after_you_fold() -> None:
    """Once you fold you see no seventh-street card dealt to you: the street still begins for
    the others (that their down cards come is public), their rows end with the unseen card."""

    def folder(prompt: str, timeout: float | None) -> Answer:
        if "[f]old" in prompt:
            return "f"
        return "b" if "[b]ring in" in prompt else "k"

    status, lines = run_play("--game stud --players 4 --rounds 6 --seed 8 --cpu rules", folder)
    assert status == 0
    assert "You fold" in lines
    watched = [
        i
        for i, line in enumerate(lines)
        if line.startswith("*** 7th street ***") and not lines[i + 1].startswith("You: ")
    ]
    assert watched
    for i in watched:
        rows = list(
            itertools.takewhile(
                lambda line: line.startswith("CPU ") and ": [" in line, lines[i + 1 :]
            )
        )
        assert len(rows) >= 2 and all(row.endswith(" [??]") for row in rows)
    assert sum(final_scores(lines)) == 80000


# ---------------------------------------------------------------- leaving, Ctrl-C, away, help


@pytest.mark.parametrize("game_name", ["five-card-draw", "holdem"])
def test_quit_leaves_the_table_and_ends_the_game_with_standings(game_name: str) -> None:
    status, lines = run_play(f"--game {game_name} --players 3 --seed 4", Person(["quit"]))
    assert status == 0
    assert "You leave the table: the game ends here (the unfinished hand is not counted)." in lines
    assert lines[-5] == "Final standings:"
    assert len(final_scores(lines)) == 3


def test_end_of_input_leaves_the_table() -> None:
    def closed(prompt: str, timeout: float | None) -> str:
        raise EOFError

    status, lines = run_play("--players 2 --rounds 1 --seed 2", closed)
    assert status == 0
    assert "End of input: you leave the table: the game ends here" in "\n".join(lines)
    assert final_scores(lines) == [2000, 2000]


@pytest.mark.parametrize("game_name", ["five-card-draw", "holdem"])
def test_ctrl_c_in_play_prints_the_standings_so_far(game_name: str) -> None:
    answers = iter(["c", "c"])

    def impatient(prompt: str, timeout: float | None) -> str:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    status, lines = run_play(f"--game {game_name} --players 3 --rounds 5 --seed 9", impatient)
    assert status == EXIT_INTERRUPTED == 130
    text = "\n".join(lines)
    assert "Interrupted (Ctrl-C): the game ends here" in text
    assert "Final standings:" in lines and len(final_scores(lines)) == 3
    assert "Traceback" not in text


def test_ctrl_c_through_main_returns_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted() -> Callable[[str, float | None], str]:
        def read(prompt: str, timeout: float | None) -> str:
            raise KeyboardInterrupt

        return read

    monkeypatch.setattr("drawpoker.cli.play.terminal_reader", interrupted)
    assert main(["play", "--game", "holdem", "--players", "2", "--seed", "1"]) == 130
    out = capsys.readouterr().out
    assert "Interrupted (Ctrl-C): the game ends here" in out and "Final standings:" in out


def test_ctrl_c_in_any_command_returns_130_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: object, **kwargs: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr("drawpoker.cli.simulate.simulate", interrupted)
    assert main(["simulate", "--games", "1"]) == 130
    assert capsys.readouterr().err == "\ninterrupted\n"


def test_away_hands_the_seat_to_a_cpu_and_back_returns() -> None:
    person = Person(["away", None, "", "back"])
    status, lines = run_play("--game holdem --players 3 --rounds 3 --seed 4", person)
    assert status == 0
    away = lines.index(
        "You step away: a CPU player plays your seat and the game goes on. "
        "Type back at the back? question to return."
    )
    back = lines.index("Welcome back: your turn.")
    played_for_you = [
        line for line in lines[away:back] if re.match(r"You (check|call|fold|raise|bet)", line)
    ]
    assert len(played_for_you) == 2  # two turns the stand-in played
    back_prompts = [i for i, p in enumerate(person.prompts) if p.startswith("Back?")]
    assert back_prompts == [1, 2, 3]
    assert all(person.timeouts[i] == AWAY_WAIT for i in back_prompts)
    assert not person.prompts[4].startswith("Back?")  # your own turn again
    assert "Game over." in lines


def test_back_at_your_own_turn_and_help_list_the_commands() -> None:
    person = Person(["help", "?", "back"])
    status, lines = run_play("--game holdem --players 2 --rounds 1 --seed 3", person)
    assert status == 0
    assert lines.count(COMMANDS_HELP) == 2
    assert "r N, raise N" in COMMANDS_HELP and "away" in COMMANDS_HELP
    assert "You are at the table: it is your turn." in lines
    assert person.prompts[0] == person.prompts[1] == person.prompts[2]  # asked again


# ---------------------------------------------------------------- the turn timer


def test_the_timer_fires_while_the_person_waits() -> None:
    """``None`` from the reader: the time ran out while waiting; the table checks, folds or
    stands pat, and says so."""
    person = Person(tick=0.0)
    script: dict[str, bool] = {}

    def slow(prompt: str, timeout: float | None) -> Answer:
        kind = "draw" if prompt.startswith("Discard") else "fold" if "[f]old" in prompt else "check"
        if kind not in script:
            script[kind] = True
            person.prompts.append(prompt)
            person.timeouts.append(timeout)
            person.now += 31  # the person thinks past the 30 seconds
            return None
        return person(prompt, timeout)

    lines: list[str] = []
    args = parse("play", "--players", "3", "--rounds", "3", "--seed", "11", "--turn-timer", "30")
    assert play(args, slow, lines.append, clock=person.clock) == 0
    assert person.timeouts[0] == 30 and person.prompts[0].endswith("(30 s left) > ")
    for done in ("You check", "You fold", "You stand pat"):
        assert f"Your time ran out: {done}" in lines


def test_the_readers_timeout_is_trusted_even_when_the_clock_lags() -> None:
    """A reader that says the time ran out (``None``) is believed even if the table's clock
    has not quite reached the limit (``select`` may wake a hair early)."""
    person = Person([None])  # the fake clock never moves
    status, lines = run_play("--players 2 --rounds 1 --seed 6 --turn-timer 30", person)
    assert status == 0
    assert "Your time ran out: You check" in lines


def test_an_answer_after_the_time_ran_out_is_reported_not_used() -> None:
    person = Person(["c"], tick=45.0)  # every answer comes 45 s after its prompt
    status, lines = run_play("--players 2 --rounds 1 --seed 6 --turn-timer 30", person)
    assert status == 0
    late = lines.index("Your answer 'c' came too late and was not used.")
    assert lines[late + 1] == "Your time ran out: You check"
    assert "Game over." in lines


def test_the_countdown_shows_the_time_left() -> None:
    person = Person(["hello"], tick=12.0)
    run_play("--players 2 --rounds 1 --seed 6 --turn-timer 60", person)
    assert person.prompts[0].endswith("(60 s left) > ") and person.timeouts[0] == 60
    assert person.prompts[1].endswith("(48 s left) > ") and person.timeouts[1] == 48


def test_untimed_adapts_input_and_the_timer_refuses_its_late_answers() -> None:
    now = [0.0]

    def slow_input(prompt: str) -> str:
        now[0] += 61
        return "c"

    lines: list[str] = []
    args = parse("play", "--players", "2", "--rounds", "1", "--seed", "6", "--turn-timer", "60")
    play(args, untimed(slow_input), lines.append, clock=lambda: now[0])
    assert any(line.endswith("Your answer 'c' came too late and was not used.") for line in lines)


def test_terminal_reader_times_out_on_a_real_descriptor() -> None:
    r, w = os.pipe()
    try:
        out = io.StringIO()
        read = TerminalReader(r, out, late_grace=0.0)  # the grace has a test of its own
        os.write(w, b"call\r\nfo")
        assert read("> ", 30.0) == "call"
        assert read("> ", 0.01) is None  # 'fo' is not a whole line yet
        os.write(w, b"ld\nlate too\n")
        assert read("next > ", 0.01) is None  # the late lines are reported, not used
        assert "Not used: 'fold' was typed after your time ran out." in out.getvalue()
        assert "Not used: 'late too' was typed after your time ran out." in out.getvalue()
        threading.Timer(0.05, os.write, (w, b"k\nlast")).start()  # typed after the prompt
        assert read("> ", None) == "k"
        os.close(w)
        w = -1
        assert read("> ", None) == "last"  # the end of the input ends the last line
        with pytest.raises(EOFError):
            read("> ", None)
    finally:
        os.close(r)
        if w != -1:
            os.close(w)


def test_terminal_reader_takes_a_line_finished_just_after_the_timeout_as_late() -> None:
    """Someone typing 'r 500' when the time ran out presses Enter a second later, after the
    next prompt came: that line answered the old question, so it is reported, not used."""
    now = [0.0]
    r, w = os.pipe()
    typed = iter([(1.0, b"r 500\n"), (5.0, b"k\n")])  # seconds after the timeout, the line

    def ready(fd: int, timeout: float | None) -> bool:
        if timeout is not None and timeout > 0 and now[0] < 30:  # nobody types in time
            now[0] += timeout
            return False
        if timeout == 0:
            return False
        after, line = next(typed)
        now[0] = 30 + after
        os.write(w, line)
        return True

    out = io.StringIO()
    read = TerminalReader(r, out, clock=lambda: now[0], ready=ready, late_grace=2.0)
    try:
        assert read("Bet? > ", 30.0) is None
        assert read("Draw? > ", None) == "k"  # 'r 500' was late; 'k' came 5 s after
    finally:
        os.close(r)
        os.close(w)
    assert out.getvalue().splitlines()[-3:] == [
        "10 s left! Bet? > ",
        "Draw? > Not used: 'r 500' was typed after your time ran out.",
        "Draw? > ",
    ]


def test_terminal_reader_warns_before_the_time_runs_out() -> None:
    now = [0.0]
    waits: list[float | None] = []

    def ready(fd: int, timeout: float | None) -> bool:
        waits.append(timeout)
        now[0] += timeout or 0.0
        return False

    out = io.StringIO()
    read = TerminalReader(0, out, warn_at=10.0, clock=lambda: now[0], ready=ready)
    assert read("Bet? (30 s left) > ", 30.0) is None
    assert waits == [20.0, 10.0]
    assert out.getvalue() == "Bet? (30 s left) > \n10 s left! Bet? (30 s left) > \n"


# ---------------------------------------------------------------- the options


def test_game_options_are_checked_and_help_shows_defaults(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # one line per option
    assert main(["play", "--game", "holdem", "--joker"]) == 2
    assert "error: --joker is not a setting of holdem" in capsys.readouterr().out
    assert main(["play", "--game", "holdem", "--players", "11"]) == 2
    assert "11 players: holdem seats 2..10" in capsys.readouterr().out
    assert main(["simulate", "--games", "1", "--bots", "genius"]) == 2
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for shown in (
        "{" + ",".join(GAMES) + "}",
        "(default: five-card-draw)",
        "holdem 2..10",
        "default: 4)",
        "(default: 10 in five-card-draw)",
        "(default: 0 in holdem, 0 in omaha",
        "100 in holdem",
        "(five-card-draw; default: 3-or-4-with-ace)",
        "2000 in five-card-draw, 10000 in holdem",
        "(default: no timer)",
        "(default: rules)",
    ):
        assert shown in help_text


def test_stack_and_blinds_options_reach_the_table() -> None:
    person = Person(["quit"])
    _, lines = run_play(
        "--game holdem --players 2 --stack 500 --small-blind 5 --big-blind 10 --ante 1", person
    )
    assert (
        lines[0]
        == "Texas Hold'em, no limit: 2 players, 10 rounds, blinds 5/10, ante 1, stacks 500."
    )
    assert "Seats: You 500 (BTN, SB) | CPU 1 500 (BB)" in lines


# ---------------------------------------------------------------- simulate


class TerminalText(io.StringIO):
    """Text written to what says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_simulate_summary() -> None:
    out, bar = io.StringIO(), TerminalText()
    args = parse(
        "simulate", "--games", "4", "--players", "3", "--rounds", "2", "--seed", "3",
        "--bots", "rules,checkcall",
    )  # fmt: skip
    assert simulate(args, out, bar) == 0
    text = out.getvalue()
    assert "hands/s" in text and "average pot" in text
    assert "rules: win rate" in text and "checkcall: win rate" in text
    rates = [float(m) for m in re.findall(r"win rate\s+([\d.]+)%", text)]
    assert abs(sum(rates) - 100) < 0.2
    assert "[" + "#" * 30 + "] 4/4" in bar.getvalue()


def test_simulate_holdem_through_main_reports_hands_per_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--game", "holdem", "--bots", "checkcall", "--games", "3", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("Texas Hold'em, no limit: 3 games of 6 players, up to 10 rounds each")
    assert re.search(r"^3 games, 30 hands in [\d.]+ s \([\d,]+ hands/s\)$", out, re.M)
    assert re.search(
        r"^ checkcall: win rate 100\.0% \(95% CI 100\.0%\.\.100\.0%\), seat share 100\.0%; "
        r"\+0\.0 \(95% CI \+0\.0\.\.\+0\.0\) big blinds per 100 hands$",
        out,
        re.M,
    )


def test_simulate_stud_check_call_through_main_reports_hands_per_second(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--game", "stud", "--bots", "checkcall", "--games", "2", "--seed", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    title = "Seven-Card Stud, fixed limit"
    assert out.startswith(f"{title}: 2 games of 6 players, up to 10 rounds each")
    assert re.search(r"^2 games, 20 hands in [\d.]+ s \([\d,]+ hands/s\)$", out, re.M)


@pytest.mark.parametrize("game_name", ["five-card-draw", "holdem", "stud", "razz", "stud-hi-lo"])
def test_simulate_every_cpu_type_of_every_game(game_name: str) -> None:
    out = io.StringIO()
    args = parse(
        "simulate", "--game", game_name, "--games", "3", "--players", "3", "--rounds", "2",
        "--bots", "checkcall,rules,strong", "--seed", "2",
    )  # fmt: skip
    assert simulate(args, out, io.StringIO()) == 0
    for kind in ("checkcall", "rules", "strong"):
        assert f"{kind}: win rate" in out.getvalue()


class StopAfter(TerminalText):
    """A terminal whose ``n``-th write is a Ctrl-C (the bar is written after each game)."""

    def __init__(self, n: int) -> None:
        super().__init__()
        self.n = n

    def write(self, text: str) -> int:
        self.n -= 1
        if self.n == 0:
            raise KeyboardInterrupt
        return super().write(text)


def test_ctrl_c_in_simulate_prints_a_partial_summary() -> None:
    out = io.StringIO()
    args = parse(
        "simulate", "--game", "holdem", "--games", "10", "--bots", "checkcall,rules",
        "--workers", "1",
    )  # fmt: skip
    assert simulate(args, out, StopAfter(3)) == EXIT_INTERRUPTED
    text = out.getvalue()
    assert "Interrupted (Ctrl-C) after 3 of 10 games: the summary covers those." in text
    assert re.search(r"^3 games, \d+ hands in [\d.]+ s \([\d,]+ hands/s\)$", text, re.M)
    rates = [float(m) for m in re.findall(r"win rate\s+([\d.]+)%", text)]
    assert len(rates) == 2 and abs(sum(rates) - 100) < 0.2


def test_ctrl_c_in_simulate_before_any_game_finished(monkeypatch: pytest.MonkeyPatch) -> None:
    class Interrupting:
        """A CPU player whose first decision is a Ctrl-C."""

        def choose(self, view: object) -> object:
            raise KeyboardInterrupt

    monkeypatch.setattr(
        "drawpoker.matches.simulation.make_bot", lambda kind, seed, game: Interrupting()
    )
    out = io.StringIO()
    args = parse("simulate", "--games", "5", "--bots", "checkcall", "--workers", "1")
    assert simulate(args, out, io.StringIO()) == EXIT_INTERRUPTED
    assert "Interrupted (Ctrl-C) before any game finished." in out.getvalue()


# ---------------------------------------------------------------- the chips shown


@pytest.mark.parametrize("game_name", ["five-card-draw", "holdem"])
def test_the_chips_followed_from_the_events_match_the_hands(game_name: str) -> None:
    """The pot and stacks the narration's scene follows (the terminal shows its pot; all-ins
    are read from its stacks) come from the visible events alone; they
    must agree with the engine after every hand (side pots, returns, redeals, all-ins)."""
    for seed in range(6):
        spec = game(game_name)
        players = 4
        cpu = {
            s: make_bot(("rules", "strong", "checkcall")[s % 3], s, game=game_name)
            for s in range(players)
        }
        table = Table(spec, players, seed=seed, cpu=cpu, settings=TableSettings(rounds=8))
        table.play_cpu()
        for hand in table.hands:
            chips = Scene(hand.game, [], hand.start_stacks)
            for event in hand.visible_events(0):
                chips.add(event)
            assert chips.stacks == hand.stacks and chips.pot == 0


@pytest.mark.parametrize("game_name", ["stud", "razz", "stud-hi-lo"])
def test_the_chips_followed_in_stud_match_the_hands(game_name: str) -> None:
    """As above for stud, with the others' down cards followed as the fact of a deal only (a
    folded seat sees no seventh-street card of its own)."""
    for seed in range(4):
        cpu = {
            s: make_bot(("rules", "strong", "checkcall")[s % 3], s, game=game_name)
            for s in range(5)
        }
        table = Table(game(game_name), 5, seed=seed, cpu=cpu, settings=TableSettings(rounds=6))
        table.play_cpu()
        for hand in table.hands:
            chips = Scene(hand.game, [], hand.start_stacks)
            for event in hand.events:
                if event.to is None or event.to == 0:
                    chips.add(event)
                elif event.kind == "deal":
                    chips.add(event._replace(cards=()))
            assert chips.stacks == hand.stacks and chips.pot == 0


# ---------------------------------------------------------------- the real terminal


def drawpoker_command() -> list[str]:
    return [sys.executable, "-m", "drawpoker.cli"]


def test_real_play_with_stdin_at_end_of_input() -> None:
    argv = [*drawpoker_command(), "play", "--players", "2", "--rounds", "1", "--seed", "3"]
    result = subprocess.run(
        argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "End of input: you leave the table: the game ends here" in result.stdout
    assert "Final standings:" in result.stdout and "Traceback" not in result.stderr


def test_real_play_with_stdin_closed() -> None:
    argv = [*drawpoker_command(), "play", "--game", "holdem", "--players", "2", "--seed", "3"]
    result = subprocess.run(
        argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False,
        preexec_fn=lambda: os.close(0),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "End of input: you leave the table" in result.stdout
    assert "Traceback" not in result.stderr


def test_real_play_reads_answers_from_a_pipe() -> None:
    argv = [*drawpoker_command(), "play", "--game", "holdem", "--players", "2", "--seed", "3"]
    argv += ["--turn-timer", "60"]
    result = subprocess.run(
        argv, input="help\nr 7\nquit\n", capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "away               step away" in result.stdout
    assert "Not allowed: 7 is not a legal total" in result.stdout
    assert "(60 s left) > " in result.stdout
    assert "You leave the table: the game ends here" in result.stdout


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal needs POSIX")
def test_real_play_on_a_terminal_and_ctrl_c() -> None:
    """On a pseudo-terminal: the prompt comes, Ctrl-C (SIGINT) ends the game with the
    standings and status 130, without a traceback."""
    import pty
    import select

    leader, follower = pty.openpty()
    argv = [*drawpoker_command(), "play", "--game", "holdem", "--players", "3", "--seed", "3"]
    proc = subprocess.Popen(
        argv,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        close_fds=True,
    )  # with Ctrl-C as on a terminal, even when pytest was not (conftest.py)
    os.close(follower)
    seen = b""

    def read_until(marker: bytes) -> None:
        nonlocal seen
        while marker not in seen:
            ready, _, _ = select.select([leader], [], [], 120)  # a guard against hanging only
            assert ready, seen.decode(errors="replace")
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed (Linux: EIO)
                return
            if not chunk:
                return
            seen += chunk

    try:
        read_until(b"> ")
        os.write(leader, b"?\n")
        read_until(b"this list")
        proc.send_signal(signal.SIGINT)
        read_until(b"replay the same deal")
        assert proc.wait() == 130
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)
    text = seen.decode(errors="replace")
    assert "Interrupted (Ctrl-C): the game ends here" in text
    assert "Final standings:" in text and "Traceback" not in text
    assert "Seats: You 10000 (BTN) | CPU 1 10000 (SB) | CPU 2 10000 (BB)" in text
