"""Hand histories (PHH) vs PokerKit: checking a file of 1,000 no-limit Hold'em hands (load and
replay every action) and writing 1,000 hands, hands per second, in the same run.

The file is ``tests/data/phh/NT.phhs`` (197 hands PokerKit played out, with its finishing
stacks), its hands repeated to 1,000 and renumbered ``[1]`` .. ``[1000]``. Checking it:

- drawpoker: ``drawpoker history check FILE`` in process (``commands.history.check``): read
  the file, check every field, replay every action on the engine (the deck stacked from the
  dealing actions, every dealt and shown card compared), compare each hand's stacks with its
  ``finishing_stacks``;
- PokerKit: ``HandHistory.load_all`` and every state of each hand (PokerKit's replay), then
  the last state's stacks compared with ``finishing_stacks``.

Both must find all 1,000 hands agree before a figure is kept. Writing: drawpoker's ``dump`` of
the 1,000 finished hands (the engine's ``Hand`` objects of the replays) to a ``.phhs`` file;
PokerKit's ``HandHistory.dump_all`` of its 1,000 ``HandHistory`` objects (already made: its
writing alone).
"""

from __future__ import annotations

import argparse
import re
import tempfile
import warnings
from pathlib import Path

from bench.figures import Figure, best_seconds

TASK_CHECK = "check a PHH file of 1,000 no-limit Hold'em hands (load + replay every action)"
TASK_WRITE = "write 1,000 no-limit Hold'em hands as PHH"
HANDS = 1_000
SOURCE = Path(__file__).resolve().parents[2] / "tests" / "data" / "phh" / "NT.phhs"


def thousand_hands() -> str:
    """The NT file's hands repeated to :data:`HANDS`, renumbered."""
    tables = re.split(r"(?m)^\[\d+\]\n", SOURCE.read_text())[1:]
    hands = [tables[i % len(tables)].strip() for i in range(HANDS)]
    return "\n\n".join(f"[{i}]\n{text}" for i, text in enumerate(hands, 1)) + "\n"


def drawpoker_check(path: Path) -> int:
    """``drawpoker history check`` in process; returns the hands that agree."""
    from drawpoker.cli.history import check

    lines: list[str] = []
    status = check(argparse.Namespace(file=str(path)), out=lines.append)
    return HANDS if status == 0 and lines[-1].startswith(f"{HANDS:,} hands: every") else 0


def pokerkit_check(path: Path) -> int:
    """PokerKit's load and replay of every hand; returns the hands that agree."""
    from pokerkit import HandHistory

    good = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the user-defined fields
        with path.open("rb") as file:
            for history in HandHistory.load_all(file):
                state = None
                for state in history:  # noqa: B007 - the replay: every state in turn
                    pass
                good += state is not None and list(state.stacks) == history.finishing_stacks
    return good


def measure() -> list[Figure]:
    """drawpoker and PokerKit, checking and writing the same 1,000 hands, each written to a
    file (in a folder removed afterwards)."""
    with tempfile.TemporaryDirectory() as tmp:
        return _measure_in(Path(tmp))


def _measure_in(folder: Path) -> list[Figure]:
    from drawpoker.history import dump, load

    path = folder / "nt-1000.phhs"
    path.write_text(thousand_hands())
    if drawpoker_check(path) != HANDS:
        raise AssertionError("drawpoker's check did not find every hand agreeing")
    ours = best_seconds(lambda: drawpoker_check(path), repeat=5, min_time=0.5)
    figures = [
        Figure(
            TASK_CHECK,
            "drawpoker",
            HANDS / ours,
            "hands/s",
            True,
            "`drawpoker history check` in process (commands.history.check); goal >= 10x PokerKit",
        )
    ]
    try:
        import pokerkit
    except ImportError:
        figures.append(Figure(TASK_CHECK, "pokerkit", None, "hands/s", True, "not installed"))
        pokerkit = None
    if pokerkit is not None:
        if pokerkit_check(path) != HANDS:
            raise AssertionError("PokerKit did not replay every hand to its finishing stacks")
        theirs = best_seconds(lambda: pokerkit_check(path), repeat=1, min_time=0.0)
        figures.append(
            Figure(
                TASK_CHECK,
                "pokerkit",
                HANDS / theirs,
                "hands/s",
                True,
                "HandHistory.load_all, every state of each hand, last stacks compared",
            )
        )
    hands = [history.play() for history in load(path)]
    out = folder / "written.phhs"
    seconds = best_seconds(lambda: dump(hands, out), repeat=10)
    figures.append(
        Figure(
            TASK_WRITE,
            "drawpoker",
            HANDS / seconds,
            "hands/s",
            True,
            "history.dump of the replayed Hand objects to a .phhs file; goal >= 50,000 hands/s",
        )
    )
    if pokerkit is not None:
        from pokerkit import HandHistory

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            histories = list(HandHistory.loads_all(path.read_text()))

        def pokerkit_write() -> None:
            with (folder / "pokerkit.phhs").open("wb") as file:
                HandHistory.dump_all(histories, file)

        theirs = best_seconds(pokerkit_write, repeat=5)
        figures.append(
            Figure(
                TASK_WRITE,
                "pokerkit",
                HANDS / theirs,
                "hands/s",
                True,
                "HandHistory.dump_all of its HandHistory objects (already made) to a .phhs file",
            )
        )
    return figures
