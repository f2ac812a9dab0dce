"""Issue 30's baseline: the site as it was the day the issue was filed, rebuilt from this
repository's history, so that its CPU per paced action is measured in the same run as today's.

The issue asks the server's CPU per paced action brought down 5x from what ``bench/site_load.py``
measured that day. A figure from another day is no baseline on a shared host whose speed swings
2x between runs (the issue's own 2.17 ms was measured with other work on the cores; the same tree
measures about 1 ms on a quiet host). So the baseline is a tree: :data:`COMMIT`, extracted with
``git archive`` and its engine built with ``cargo``, once, into a cache folder; its own
``bench/site_load.py`` drives its own server (its clients speak its protocol), at the same
moment as today's runs (``bench.site_load.run_together``)::

    python -m bench.baseline        # builds the baseline once and prints its folder

It needs the repository's history (not a shallow clone), ``git`` and ``cargo``; without them
:func:`tree` raises :class:`BaselineUnavailable` saying which is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

COMMIT = "d1ba7d5e1a7bbfcd3e3c9d084aeadfe04d1e678f"
"""The last commit before issue 30's work (5575249^): the tree whose bench/RESULTS.md gave the
issue's "today" (one process, 200 paced tables)."""

ROOT = Path(__file__).resolve().parents[1]
"""The repository this module belongs to."""


class BaselineUnavailable(RuntimeError):
    """The baseline cannot be built here; the message says why."""


def cache_folder() -> Path:
    """Where the built baseline is kept between runs: ``$XDG_CACHE_HOME/drawpoker-bench`` (or
    ``~/.cache/drawpoker-bench``), one folder per commit.

    >>> cache_folder().name == COMMIT[:12]
    True
    """
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "drawpoker-bench" / COMMIT[:12]


def _run(command: list[str], cwd: Path, **options: object) -> None:
    try:
        subprocess.run(command, cwd=cwd, check=True, **options)  # type: ignore[call-overload]
    except FileNotFoundError as error:
        raise BaselineUnavailable(f"{command[0]} is not installed: {error}") from error
    except subprocess.CalledProcessError as error:
        raise BaselineUnavailable(f"{' '.join(command)} failed ({error.returncode})") from error


def tree() -> Path:
    """The baseline's source tree with its engine built in (``python/drawpoker/_core.abi3.so``),
    made on the first call and reused after: about two minutes of ``cargo build --release``."""
    folder = cache_folder()
    built = folder / "tree"
    if (built / "python" / "drawpoker" / "_core.abi3.so").exists():
        return built
    if shutil.which("git") is None:
        raise BaselineUnavailable("git is not installed")
    known = subprocess.run(
        ["git", "cat-file", "-e", f"{COMMIT}^{{commit}}"], cwd=ROOT, capture_output=True
    )
    if known.returncode != 0:
        raise BaselineUnavailable(
            f"commit {COMMIT[:12]} is not in this checkout's history (a shallow clone?)"
        )
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        source = Path(tmp) / "tree"
        archive = Path(tmp) / "tree.tar"
        _run(["git", "archive", "--format=tar", "-o", str(archive), COMMIT], ROOT)
        with tarfile.open(archive) as tar:
            tar.extractall(source, filter="data")
        target = folder / "target"
        _run(
            ["cargo", "build", "--quiet", "--release", "--features", "python", "--lib"],
            source,
            env={**os.environ, "CARGO_TARGET_DIR": str(target)},
        )
        shutil.copy(
            target / "release" / "libdrawpoker.so",
            source / "python" / "drawpoker" / "_core.abi3.so",
        )
        shutil.rmtree(built, ignore_errors=True)
        source.rename(built)
    return built


def load_command(
    baseline: Path,
    tables: int,
    seconds: float,
    think: float,
    person: float,
    pause: float,
    output: Path,
) -> tuple[list[str], Path, dict[str, str]]:
    """The baseline's own paced load run (its ``bench/site_load.py``, whose clients speak its
    protocol) as a command, its working folder and its environment: the summary is written to
    ``output`` under ``"paced"``. Its site had no showdown pause: ``pause`` follows every hand.

    >>> command, cwd, env = load_command(Path("/b"), 200, 60, 1.0, 1.5, 2.0, Path("/o.json"))
    >>> command[1:3], str(cwd), env["PYTHONPATH"]
    (['-m', 'bench.site_load'], '/b', '/b/python')
    """
    settings = {
        "--tables": tables,
        "--seconds": seconds,
        "--ceiling-seconds": 0,
        "--think": think,
        "--person": person,
        "--pause": pause,
        "--json": output,
    }
    command = [sys.executable, "-m", "bench.site_load"]
    command += [str(part) for pair in settings.items() for part in pair]
    return command, baseline, {**os.environ, "PYTHONPATH": str(baseline / "python")}


if __name__ == "__main__":
    print(tree())
