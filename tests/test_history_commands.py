"""``drawpoker history show|check`` and ``--history`` in ``drawpoker play`` and ``simulate``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from drawpoker.cli import build_parser, main
from drawpoker.cli.play import play
from drawpoker.cli.simulate import simulate
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


_FIXED_HOLDEM = """\
variant = 'FT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ['d dh p1 AsKs', 'd dh p2 ????']
"""


def test_check_names_a_variant_the_engine_does_not_play_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "FT.phh"
    path.write_text(_FIXED_HOLDEM)
    assert main(["history", "check", str(path)]) == 2
    assert capsys.readouterr().out == (
        "error: FT.phh: hand 1: variant 'FT' (fixed-limit Texas hold 'em): the engine does not "
        "play it yet\n"
    )


@pytest.mark.parametrize(
    "name", ["PO", "FO8", "F7S", "F7S8", "FR", "N2L1D", "F2L3D", "FB", "spec-examples"]
)
def test_check_passes_on_every_shared_file(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "check", str(DATA / f"{name}.phhs")]) == 0
    assert ": every replay ends with its finishing_stacks" in capsys.readouterr().out


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
    at = first.index("  p1's cards: 3h 8c")
    assert first[at + 1 : at + 3] == ["  p2's cards: 2c 4d", "  p3's cards: Ts 6d"]
    at = first.index("  Flop: 3s Kc 2d")
    acts = ["p1 checks", "p2 checks", "p3 bets 21,122", "p1 folds"]
    acts.append("p2 calls (20,252 in this round) (all-in)")
    assert first[at + 1 : at + 6] == [f"  {act}" for act in acts]
    assert "  870 uncalled returned to p3" in first
    assert any(line.startswith("  p3 shows Ts 6d: ") for line in first)
    assert "  p2 wins 43,504 with Pair of deuces (K-J-8)" in first
    assert first[-1] == "  finishing stacks: p1 22,967, p2 43,504, p3 155,085"
    assert out.count("\nhand ") == 196


def test_show_tells_a_variant_the_engine_does_not_play_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "FT.phh"
    path.write_text(_FIXED_HOLDEM)
    assert main(["history", "show", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hand 1: fixed-limit Texas hold 'em (FT), blinds 1/2, bets 2/4"
    assert "  (the engine does not play FT yet: the actions as written)" in lines
    assert "  d dh p2 ????" in lines


def test_show_tells_stud_up_cards_bring_ins_and_lows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "show", str(DATA / "F7S8.phhs")]) == 0
    hand = capsys.readouterr().out.split("\n\n")[4].splitlines()
    assert hand[0] == (
        "hand 5: fixed-limit seven card stud high/low-split eight or better (F7S/8), ante 1, "
        "bring-in 2, bets 5/10"
    )
    assert hand[1] == "  seat 1 p1: 32"  # no button: stud deals from seat 1
    at = hand.index("  p1's cards: Ts 7s")
    dealt = ["p2's cards: 4h Jc", "p3's cards: 4s Th", "p4's cards: 2c 3d", "p5's cards: Ah 9c"]
    assert hand[at + 1 : at + 5] == [f"  {line}" for line in dealt]
    up = ["p1 is dealt As face up", "p2 is dealt 7c face up", "p3 is dealt 8h face up"]
    assert hand[at + 5 : at + 8] == [f"  {line}" for line in up]
    assert "  p5 is dealt 3h face up" in hand
    at = hand.index("  p4 posts the bring-in 2")
    assert hand[at + 1 : at + 3] == ["  p5 calls (2 in this round)", "  p1 calls (2 in this round)"]
    assert "  p4 also has a low: Six-five low: 6-5-4-3-2" in hand
    # p4 scoops 138: the engine awards each half of the main pot (p1 all-in) and the side pot
    assert hand[-5:-1] == [
        "  p4 wins 25, the high half of the main pot, with Straight, seven high",
        "  p4 wins 25, the low half of the main pot, with Six-five low: 6-5-4-3-2",
        "  p4 wins 44, the high half of the side pot, with Straight, seven high",
        "  p4 wins 44, the low half of the side pot, with Six-five low: 6-5-4-3-2",
    ]


def test_show_tells_each_draw_on_its_own_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "show", str(DATA / "F2L3D.phhs")]) == 0
    hand = capsys.readouterr().out.split("\n\n")[1].splitlines()
    assert hand[0] == (
        "hand 2: fixed-limit deuce-to-seven lowball triple draw (F2L3D), blinds 10/20, bets 20/40"
    )
    at = hand.index("  p1 stands pat")
    draws = ["p2 discards Td 7d", "p2 receives 8d As", "p2 draws 2 cards"]
    draws += ["p3 discards Ad", "p3 receives Jh", "p3 draws 1 card"]
    assert hand[at + 1 : at + 7] == [f"  {line}" for line in draws]
    assert "  p1 discards Jd Th 8s" in hand and "  p1 receives Ah 9h 7c" in hand
    assert any(line.startswith("  p1 shows Qh 8h 9h 7c 2d: Queen-nine low") for line in hand)


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


def test_simulate_writes_the_same_histories_on_one_process_and_on_two(tmp_path: Path) -> None:
    files = []
    for workers in ("1", "2"):
        path = tmp_path / f"on-{workers}.phhs"
        command = ["simulate", "--game", "stud", "--games", "4", "--players", "4"]
        command += ["--rounds", "3", "--seed", "8", "--workers", workers, "--chunk-size", "1"]
        args = build_parser().parse_args([*command, "--history", str(path)])
        assert simulate(args, out=io.StringIO(), progress=io.StringIO()) == 0
        files.append(path.read_text())
    assert files[0] == files[1]
    tables = [h.get("table") for h in load(tmp_path / "on-2.phhs")]
    assert tables == [game for game in (1, 2, 3, 4) for _round in range(3)]


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
