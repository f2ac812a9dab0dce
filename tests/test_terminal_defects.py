"""Issue 25's terminal and library defects (items 6 to 11), each through the command a person
types: ``drawpoker play``, ``simulate``, ``eval``, ``history show`` and ``--help``."""

from __future__ import annotations

import re
import shlex
import socket
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from drawpoker.cli import build_parser, main
from drawpoker.cli.play import play
from drawpoker.engine import GAMES
from drawpoker.history import load

DRAWPOKER = str(Path(sys.executable).with_name("drawpoker"))
"""The venv's ``drawpoker`` command."""


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [DRAWPOKER, *argv], capture_output=True, text=True, check=False, timeout=300
    )


# ---------------------------------------------------------------- item 10


@pytest.mark.parametrize(
    ("option", "error"),
    [
        ("--games=-5", "games must be a positive integer, not -5"),
        ("--bots=foo", "unknown CPU types ['foo']"),
        ("--players=7", "7 players: five-card-draw seats 2..6"),
        ("--chunk-size=0", "chunk_size must be a positive integer, not 0"),
    ],
)
def test_defect_10_simulate_checks_every_argument_before_printing(
    option: str, error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", option, "--workers", "1"]) == 2
    out = capsys.readouterr().out
    assert out == f"error: {error}" + out[len(error) + 7 :]
    assert "games of" not in out and out.count("\n") == 1


def test_defect_10_one_player_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "1", "--workers", "1"]) == 2
    assert capsys.readouterr().out == "error: 1 player: five-card-draw seats 2..6\n"
    argv = ["simulate", "--game", "holdem", "--players", "2", "--games", "1", "--rounds", "1"]
    assert main([*argv, "--workers", "1", "--seed", "1"]) == 0
    assert "1 game of 2 players, up to 1 round each" in capsys.readouterr().out


def test_defect_10_eval_of_a_joker_names_the_joker_ranking(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["eval", "Jk As Ad Ah Ac"]) == 2
    out = capsys.readouterr().out
    assert "--ranking joker" in out and "out of range" not in out
    assert main(["eval", "Jk As Ad Ah Ac", "--ranking", "joker"]) == 0
    assert "Five of a kind" in capsys.readouterr().out


def test_defect_10_no_progress_frames_when_the_stream_is_not_a_terminal() -> None:
    result = run(
        "simulate", "--game", "holdem", "--players", "2", "--games", "3", "--rounds", "1",
        "--workers", "1", "--seed", "2",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "\r" not in result.stderr and "#" not in result.stderr
    assert "3 games of 2 players" in result.stdout


# ---------------------------------------------------------------- item 11


@pytest.fixture
def garbage_server() -> Iterator[str]:
    """A TCP server on the loopback that answers every connection with bytes that are not the
    Dask protocol (an HTTP reply), then closes it; yields its ``tcp://`` address."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            with connection:
                connection.sendall(b"HTTP/1.1 200 OK\r\n\r\nnot a scheduler" * 20)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    host, port = listener.getsockname()
    yield f"tcp://{host}:{port}"
    stop.set()
    thread.join()
    listener.close()


def test_defect_11_a_scheduler_address_where_no_dask_scheduler_answers(
    garbage_server: str,
) -> None:
    result = run("simulate", "--games", "2", "--scheduler", garbage_server)
    assert result.returncode == 2
    assert result.stdout == (
        f"error: no Dask scheduler at {garbage_server}: what answered does not speak the Dask "
        "protocol (MemoryError)\n"
    )
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------- helpers of items 6 to 9


def play_lines(argv: list[str], answer: Callable[[str], str]) -> tuple[list[str], list[str]]:
    """Plays ``drawpoker play argv`` with ``answer`` for each prompt: the lines written and
    the prompts."""
    lines: list[str] = []
    prompts: list[str] = []

    def read(prompt: str, timeout: float | None) -> str:
        prompts.append(prompt)
        return answer(prompt)

    assert play(build_parser().parse_args(["play", *argv]), read, lines.append) == 0
    return lines, prompts


def calling(prompt: str) -> str:
    """Stands pat at a draw, calls a bet, else checks."""
    if "iscard which cards" in prompt:
        return ""
    return "c" if "[c]" in prompt else "k"


CARD = re.compile(r"(?<!\S)(?:[2-9TJQKA][cdhs]|\?\?)(?=[\s,;:]|$)")
"""One card of a hand history or of ``history show`` (``??`` a hidden one)."""


def file_cards(actions: list[str]) -> Counter[str]:
    """Every card the actions of a history name (``??`` counted too), two characters a card."""
    cards: Counter[str] = Counter()
    for action in actions:
        words = action.split("#")[0].split()
        if len(words) >= 3 and (words[1] in ("db", "dh", "sd", "sm") or words[0] == "d"):
            text = words[-1]
            if text != "-" and not text.startswith("p"):
                cards.update(text[i : i + 2] for i in range(0, len(text), 2))
    return cards


# ---------------------------------------------------------------- item 6


@pytest.mark.parametrize("game_name", ["five-card-draw", "stud", "omaha-hi-lo", "badugi"])
def test_defect_6_history_show_tells_a_seats_copy_as_the_file_holds_it(
    game_name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "seat.phhs"
    argv = ["simulate", "--game", game_name, "--games", "2", "--rounds", "3", "--players", "3"]
    argv += ["--workers", "1", "--seed", "3", "--history", str(path), "--history-view", "seat"]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["history", "show", str(path)]) == 0
    told = capsys.readouterr().out.split("\n\n")
    histories = load(path)
    assert len(told) == len(histories)
    hidden = 0
    for history, text in zip(histories, told, strict=True):
        body = "\n".join(text.splitlines()[1:])  # the header names no card
        assert Counter(CARD.findall(body)) == file_cards(history.actions), text
        hidden += body.count("??")
    assert hidden > 0  # the others' cards are hidden in a seat's copy, and told so


# ---------------------------------------------------------------- item 7


def test_defect_7_omaha_hi_lo_tells_both_halves() -> None:
    lines, _ = play_lines(
        ["--game", "omaha-hi-lo", "--players", "3", "--rounds", "3", "--seed", "7"], calling
    )
    assert "You also have a low: Eight-six low: 8-6-5-4-3" in lines
    assert "You win 150, the low half of the pot, with Eight-six low: 8-6-5-4-3" in lines
    assert (
        "CPU 1 wins 150, the high half of the pot, with Two pair, tens and sevens (5 kicker)"
        in (lines)
    )
    assert "CPU 2 wins 1,450 with Full house, kings full of aces (no low qualifies)" in lines


# ---------------------------------------------------------------- item 8


def test_defect_8_each_draw_game_states_its_own_draw_rule() -> None:
    answers = iter(["x", "Jk"])

    def badugi(prompt: str) -> str:
        if "iscard which cards" in prompt:
            return next(answers, "")
        return calling(prompt)

    lines, prompts = play_lines(
        ["--game", "badugi", "--players", "3", "--rounds", "1", "--seed", "7"], badugi
    )
    draws = [p for p in prompts if "iscard which cards" in p]
    assert draws[0] == (
        "Draw 1 of 3: discard which cards? Positions or cards, any of your 4; empty = stand pat > "
    )
    assert any(p.startswith("Draw 3 of 3: ") for p in draws)
    assert not any("ace" in p or "joker" in p.lower() for p in draws)
    assert "Not understood: 'x': this game is played without the joker" in lines
    assert "Not understood: 'Jk': this game is played without the joker" in lines
    assert "Seats: You 10000 (BTN) | CPU 1 10000 (SB) | CPU 2 10000 (BB)" in lines
    # the pot is the seeded CPU players' (CPU 1 calls down a three-card hand against a seat
    # that stood pat in every draw since the lowball rules player reads pats)
    assert "CPU 2 wins 1,800 with Badugi, 9-8-2-A" in lines

    lines, prompts = play_lines(
        ["--game", "2-7-single-draw", "--players", "3", "--rounds", "1", "--seed", "7"], calling
    )
    assert "Discard which cards? Positions or cards, any of your 5; empty = stand pat > " in (
        prompts
    )
    assert "CPU 2 wins 250 with Pair of deuces (K-9-4)" in lines  # the worst 2-7 low shown

    _, prompts = play_lines(["--players", "2", "--rounds", "1", "--seed", "3"], calling)
    assert (
        "Discard which cards? Positions or cards, up to 3, or 4 keeping an ace; "
        "empty = stand pat > "
    ) in prompts
    _, prompts = play_lines(["--players", "2", "--rounds", "1", "--seed", "3", "--joker"], calling)
    assert any("up to 3, or 4 keeping an ace or the joker;" in p for p in prompts)


# ---------------------------------------------------------------- item 9


def test_defect_9_history_show_speaks_to_you(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.phhs"
    play_lines(["--players", "3", "--rounds", "2", "--seed", "5", "--history", str(path)], calling)
    assert main(["history", "show", str(path)]) == 0
    text = capsys.readouterr().out
    assert "You post an ante of 10" in text and "Your cards:" in text
    assert "You check" in text or "You call" in text
    assert not re.search(r"\bYou (posts|is|checks|calls|raises|bets|folds|wins|shows)\b", text)


def test_defect_9_help_is_plain_text_and_names_what_each_option_means(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # one line per option
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    assert "``" not in text and ":mod:" not in text
    assert "Five-Card Draw or Texas Hold'em" not in text
    assert f"play any of the {len(GAMES)} games (--game)" in text
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = capsys.readouterr().out
    assert "Texas Hold'em, no limit settings" not in text
    blinds = "holdem, omaha, omaha-hi-lo, 2-7-single-draw, 2-7-triple-draw, badugi, short-deck"
    assert f"settings of {blinds}:" in text
    assert (
        "the small blind (0: half the small bet) (default: 0 in 2-7-triple-draw, 0 in badugi)"
        in text
    )
    assert "the small bet: the first two betting rounds (default: 100 in 2-7-triple-draw" in text


def test_defect_9_the_readme_shows_eval_as_it_answers(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    examples = re.findall(r"^\$ drawpoker (eval .*)\n(.*)$", readme, re.M)
    assert len(examples) >= 2
    for command, answer in examples:
        assert main(shlex.split(command)) == 0
        assert capsys.readouterr().out == answer + "\n"


def test_defect_9_the_header_names_the_betting_structure() -> None:
    lines, _ = play_lines(
        ["--game", "omaha-hi-lo", "--betting", "pot-limit", "--players", "2", "--rounds", "1"],
        lambda prompt: "quit",
    )
    assert lines[0] == (
        "Omaha Hi/Lo eight-or-better, pot limit: 2 players, 1 round, blinds 50/100, stacks 10000."
    )
    lines, _ = play_lines(
        ["--game", "omaha-hi-lo", "--players", "2", "--rounds", "1"], lambda prompt: "quit"
    )
    assert lines[0].startswith("Omaha Hi/Lo eight-or-better, fixed limit: 2 players")
    assert "limits 100/200" in lines[0]


def raising_once(amount: int) -> Callable[[str], str]:
    """Answers the first chance to bet or raise with ``r amount``, then leaves the table."""
    asked: list[str] = []

    def answer(prompt: str) -> str:
        if asked:
            return "quit"
        if any(word in prompt for word in ("[r]aise", "[b]et", "co[m]plete")):
            asked.append(prompt)
            return f"r {amount}"
        return calling(prompt)

    return answer


@pytest.mark.parametrize(
    ("game_name", "amount", "refusal"),
    [
        ("stud", 99999999, "99999999 is not a legal total: the only one is 200"),
        ("holdem", 150, "150 is not a legal total: any from 200 to 10000"),
        ("five-card-draw", 33, "33 is not a legal total: 20 to 1980 in steps of 20, or 1990"),
    ],
)
def test_defect_9_a_refused_bet_says_the_totals_allowed(
    game_name: str, amount: int, refusal: str
) -> None:
    lines, _ = play_lines(
        ["--game", game_name, "--players", "2", "--rounds", "1", "--seed", "1"],
        raising_once(amount),
    )
    assert any(line.startswith(f"Not allowed: {refusal}") for line in lines)
