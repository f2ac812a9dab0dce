"""Issue 30's baseline (bench/baseline.py): the commit it names is the one before the issue's
work, its load script takes every setting the bench passes it, and a checkout that cannot
build it says why. Building it (two minutes of cargo) and measuring it are the bench's job."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _baseline() -> ModuleType:
    """bench/baseline.py, imported from the project's root (bench is not installed)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import bench.baseline

    return bench.baseline


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def test_the_baseline_is_the_commit_before_the_first_of_issue_30s_work() -> None:
    first = _git("log", "--reverse", "--format=%H %s", "--grep", "issue 30").splitlines()[0]
    assert first.split()[0].startswith("5575249")
    assert _git("rev-parse", f"{first.split()[0]}^").strip() == _baseline().COMMIT


def _options(script: str) -> set[str]:
    """The options an argparse script's parser is given (``add_argument("--x", ...)``)."""
    return {
        node.args[0].value
        for node in ast.walk(ast.parse(script))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "add_argument"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    }


def test_the_baselines_load_script_takes_every_option_the_bench_passes() -> None:
    baseline = _baseline()
    script = _git("show", f"{baseline.COMMIT}:bench/site_load.py")
    command, cwd, env = baseline.load_command(
        Path("/b"), 200, 60.0, 1.0, 1.5, 2.0, Path("/out.json")
    )
    passed = {part for part in command if part.startswith("--")}
    assert passed == {
        "--tables",
        "--seconds",
        "--ceiling-seconds",
        "--think",
        "--person",
        "--pause",
        "--json",
    }
    assert passed <= _options(script)
    assert (cwd, env["PYTHONPATH"]) == (Path("/b"), "/b/python")


def test_a_commit_missing_from_the_history_is_refused_with_its_name(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    baseline = _baseline()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(baseline, "COMMIT", "0123456789ab" + "0" * 28)
    with pytest.raises(baseline.BaselineUnavailable, match="commit 0123456789ab is not in"):
        baseline.tree()
    assert not any(tmp_path.rglob("tree"))
