"""The worked examples of docs/rl.md (examples/rl): the CFR trainer runs end to end in a fresh
interpreter and its policy beats the check/call player; the policy player only takes legal
actions; the documented commands run."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import drawpoker
import numpy as np
import pytest
from abstraction import ACTIONS, GAME, KEYS
from drawpoker.bots import make_bot
from drawpoker.engine import Hand, game
from policy_player import POLICY, PolicyPlayer
from train_cfr import Policy

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "rl"
INTERVAL = re.compile(r"policy vs (\S+): ([-+\d.]+) \(95% CI ([-+\d.]+)\.\.([-+\d.]+)\)")


def _environment() -> dict[str, str]:
    """The examples' folder first, then the drawpoker this test imported (an installed one, as
    in CI, or the source tree's with its compiled core): not python/ of a fresh clone, which
    holds no compiled core."""
    package = Path(drawpoker.__file__).resolve().parent.parent
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(EXAMPLES), str(package)])}


@pytest.mark.slow
def test_training_runs_from_a_fresh_interpreter_and_beats_checkcall(tmp_path: Path) -> None:
    out = tmp_path / "policy.npz"
    command = [
        sys.executable,
        str(EXAMPLES / "train_cfr.py"),
        "--hands",
        "20000",
        "--out",
        str(out),
        "--deals",
        "300",
        "--opponents",
        "checkcall",
        "--match-seed",
        "3",
    ]
    done = subprocess.run(
        command, capture_output=True, text=True, env=_environment(), cwd=tmp_path, check=True
    )
    policy = Policy.load(out)
    assert policy.hands >= 20000 and policy.visits.sum() > 0
    found = INTERVAL.search(done.stdout)
    assert found is not None, done.stdout
    opponent, value, low, high = found.group(1), *map(float, found.groups()[1:])
    assert opponent == "checkcall" and low <= value <= high
    assert low > 0, done.stdout  # the seeded duplicate match: the policy wins, zero excluded


def _random_policy(seed: int) -> Policy:
    """A table of random weights, so that every abstract action is played somewhere."""
    rng = np.random.default_rng(seed)
    return Policy(rng.random((KEYS, ACTIONS)), np.ones(KEYS, dtype=np.int64), 0, seed)


def test_the_policy_player_only_takes_legal_actions() -> None:
    spec = game(GAME)
    policy, kinds = _random_policy(1), set()
    for number in range(1, 61):
        opponent = make_bot(("checkcall", "maniac", "rules")[number % 3], number, GAME)
        players = [PolicyPlayer(seed=number, policy=policy), opponent]
        if number % 2:
            players.reverse()
        hand = Hand(spec, [10_000, 2_000 + 500 * number], number % 2, seed=7, number=number)
        while (seat := hand.actor) is not None:
            action = players[seat].choose(hand.view(seat))
            assert hand.why_illegal(action) is None, (number, action)
            if isinstance(players[seat], PolicyPlayer):
                kinds.add(action.kind)
            hand.act(action)
    assert kinds >= {"fold", "check", "call", "bet", "raise", "draw"}


def test_the_shipped_policy_loads_and_refuses_another_game() -> None:
    assert Policy.load(POLICY).strategy.shape == (KEYS, ACTIONS)
    hand = Hand(game("holdem"), [10_000, 10_000])
    with pytest.raises(Exception, match="heads-up 2-7-single-draw, not holdem"):
        PolicyPlayer().choose(hand.view(hand.actor))


def test_the_policy_is_a_site_cpu_type_once_registered() -> None:
    """As ``drawpoker serve --cpu-type policy=policy_player:PolicyPlayer`` registers it: listed
    for 2-7 single draw only, and its players take legal actions through the plug-in guard."""
    from drawpoker.bots import PLUGINS, bot_kinds, register

    before = dict(PLUGINS)
    try:
        register("policy=policy_player:PolicyPlayer")
        assert "policy" in bot_kinds(GAME) and "policy" not in bot_kinds("holdem")
        player = make_bot("policy", seed=3, game=GAME)
        hand = Hand(game(GAME), [10_000, 10_000], seed=5)
        while (seat := hand.actor) is not None:
            action = player.choose(hand.view(seat))
            assert hand.why_illegal(action) is None, action
            hand.act(action)
    finally:
        PLUGINS.clear()
        PLUGINS.update(before)


def _documented_commands() -> list[str]:
    text = (ROOT / "docs" / "rl.md").read_text()
    section = text.split("## A worked example", 1)[1].split("\n## ", 1)[0]
    return [line[2:] for line in section.splitlines() if line.startswith("$ ")]


def test_the_documented_commands_run(tmp_path: Path) -> None:
    commands = _documented_commands()
    assert [shlex.split(c)[1] for c in commands] == [
        "examples/rl/train_cfr.py",
        "drawpoker",
        "drawpoker",
    ]
    outputs = []
    for command in commands:
        # the documented sizes made small, the policy written here: the test checks that the
        # commands run as written, not the figures
        words = [w for w in shlex.split(command) if not w.startswith("PYTHONPATH=")]
        for option, value in (
            ("--hands", "500"),
            ("--deals", "10"),
            ("--out", str(tmp_path / "policy.npz")),
        ):
            if option in words:
                words[words.index(option) + 1] = value
        if words[1] == "play":  # a deal whose first turn is yours: you call, the CPU acts
            words += ["--seed", "1", "--rounds", "1"]
        if words[0] == "python":
            words[0:2] = [sys.executable, str(ROOT / words[1])]
        done = subprocess.run(
            words, capture_output=True, text=True, env=_environment(), cwd=ROOT, input="c\nquit\n"
        )
        assert done.returncode == 0, (command, done.stdout, done.stderr)
        outputs.append(done.stdout)
    assert "policy vs rules" in outputs[0] and "PolicyPlayer" in outputs[1]
    assert "2-7 single draw" in outputs[2] and "CPU 1 checks" in outputs[2], outputs[2]
