"""``drawpoker history show|check`` and ``--history`` in ``drawpoker play`` and ``simulate``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from drawpoker.cli import build_parser, main
from drawpoker.commands.play import play
from drawpoker.commands.simulate import simulate
from drawpoker.history import EXAMPLE, load, loads
from drawpoker.history.notation import parse_action

DATA = Path(__file__).parent / "data" / "phh"


def test_check_passes_on_the_no_limit_holdem_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "check", str(DATA / "NT.phhs")]) == 0
    assert capsys.readouterr().out == "197 hands: every replay ends with its finishing_stacks\n"


def test_check_prints_each_disagreeing_hand_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (DATA / "NT.phhs").read_text()
    changed = text.replace(
        "finishing_stacks = [22967, 43504, 155085]", "finishing_stacks = [22967, 43505, 155084]"
    )
    changed = changed.replace("finishing_stacks = [0, 782]", "finishing_stacks = [782, 0]")
    path = tmp_path / "changed.phhs"
    path.write_text(changed)
    assert main(["history", "check", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "hand 1: the replay ends with stacks [22967, 43504, 155085], finishing_stacks says "
        "[22967, 43505, 155084]",
        "hand 3: the replay ends with stacks [0, 782], finishing_stacks says [782, 0]",
        "197 hands: 2 disagree with their finishing_stacks",
    ]


def test_check_names_a_variant_the_engine_does_not_play_yet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["history", "check", str(DATA / "PO.phhs")]) == 2
    assert capsys.readouterr().out == (
        "error: PO.phhs: hand 1: variant 'PO' (pot-limit Omaha hold 'em): the engine does not "
        "play it yet\n"
    )


def test_check_refuses_a_bad_file_naming_the_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.phhs"
    path.write_text("[1]\n" + EXAMPLE + "\n[2]\n" + EXAMPLE.replace("p2 cbr 30", "p1 cbr 30"))
    assert main(["history", "check", str(path)]) == 2
    assert capsys.readouterr().out == (
        "error: bad.phhs: hand 2: action 2 'p1 cbr 30': it is p2's turn\n"
    )


def test_show_tells_the_cards_actions_pots_and_winners(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["history", "show", str(DATA / "NT.phhs")]) == 0
    out = capsys.readouterr().out
    first = out.split("\n\n")[0].splitlines()
    assert first[0] == "hand 1: no-limit Texas hold 'em (NT), blinds 500/1,000"
    assert first[1:4] == [
        "  seat 1 p1: 23,967 (small blind)",
        "  seat 2 p2: 21,252 (big blind)",
        "  seat 3 p3: 176,337 (button)",
    ]
    assert "  p1 is dealt 3h 8c; p2 is dealt 2c 4d; p3 is dealt Ts 6d" in first
    assert "  board 3s Kc 2d" in first
    assert "  p1 checks; p2 checks; p3 bets 21,122; p1 folds; p2 calls 20,252" in first
    assert "  870 uncalled returned to p3" in first
    assert any(line.startswith("  p3 shows Ts 6d: ") for line in first)
    assert "  pot 43,504: p2 wins 43,504" in first
    assert first[-1] == "  finishing stacks: p1 22,967, p2 43,504, p3 155,085"
    assert out.count("\nhand ") == 196


def test_show_tells_a_variant_the_engine_does_not_play_as_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["history", "show", str(DATA / "FB.phhs")]) == 0
    first = capsys.readouterr().out.split("\n\n")[0].splitlines()
    assert first[0] == "hand 1: fixed-limit badugi (FB), blinds 1/3"
    assert "  (the engine does not play FB yet: the actions as written)" in first
    assert "  d dh p1 6s9hJd9s" in first


def test_simulate_writes_every_hand_of_every_game(tmp_path: Path) -> None:
    path = tmp_path / "session.phhs"
    args = build_parser().parse_args(
        [
            "simulate",
            "--games",
            "3",
            "--players",
            "5",
            "--rounds",
            "6",
            "--seed",
            "2",
            "--history",
            str(path),
        ]
    )
    out = io.StringIO()
    assert simulate(args, out=out, progress=io.StringIO()) == 0
    histories = load(path)
    assert out.getvalue().endswith(f"{len(histories)} hand histories written to session.phhs\n")
    assert len(histories) >= 12
    assert {h.get("table") for h in histories} == {1, 2, 3}
    assert histories[0].get("players")[0].split()[0] in ("rules", "strong")
    assert all(h.disagreement() is None for h in histories)
    assert "??" not in path.read_text()  # the house's copy
    assert main(["history", "check", str(path)]) == 0


def test_play_writes_the_persons_own_copy(tmp_path: Path) -> None:
    path = tmp_path / "mine.phhs"
    args = build_parser().parse_args(
        [
            "play",
            "--game",
            "holdem",
            "--players",
            "4",
            "--rounds",
            "5",
            "--seed",
            "8",
            "--history",
            str(path),
        ]
    )
    answers = iter(["away"])
    lines: list[str] = []
    status = play(args, read=lambda prompt, timeout: next(answers, ""), write=lines.append)
    assert status == 0
    histories = load(path)
    assert lines[-1] == f"{len(histories)} hand histories written to mine.phhs"
    assert len(histories) == 5
    for history in histories:
        assert history.get("players")[history.get("seats").index(1)] == "You"
        assert history.get("time") is not None and history.get("year") >= 2024
        you = history.get("seats").index(1)
        shown = set()
        for action in history.actions:
            move = parse_action(action)
            if move.verb == "dh" and move.player != you:
                assert None in (move.cards or ())  # another seat's cards: hidden
            if move.verb == "sm":
                shown.add(move.player)
        assert history.disagreement() is None  # hidden cards filled, same stacks


def test_play_can_write_the_house_copy(tmp_path: Path) -> None:
    path = tmp_path / "house.phhs"
    args = build_parser().parse_args(
        [
            "play",
            "--players",
            "3",
            "--rounds",
            "2",
            "--seed",
            "8",
            "--history",
            str(path),
            "--history-view",
            "house",
        ]
    )
    answers = iter(["away"])
    play(args, read=lambda prompt, timeout: next(answers, ""), write=lambda line: None)
    assert "??" not in path.read_text()
    assert all(h.variant.code == "_5CD" for h in loads(path.read_text()))


def test_history_into_a_missing_folder_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "1", "--history", "/no/such/folder/x.phhs"]) == 2
    assert "no folder /no/such/folder" in capsys.readouterr().out
