"""``drawpoker history``: hand histories in PHH (:mod:`drawpoker.history`).

What a user types::

    drawpoker history show hands.phhs     # each hand told: seats, cards, actions, pots, winners
    drawpoker history check hands.phhs    # replay every hand against its finishing_stacks

``check`` prints one line per hand whose replay does not end with the file's
``finishing_stacks``, then a summary; its exit status is 0 when every hand agrees, 1 when one
does not, 2 for a file that cannot be read or replayed (the error names the hand and the field
or action, or the variant the engine does not play yet).

>>> import argparse
>>> from drawpoker.history import EXAMPLE
>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "one.phh"
>>> _ = path.write_text(EXAMPLE)
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> check(parser.parse_args(["check", str(path)]), out=print)
1 hand: every replay ends with its finishing_stacks
0
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from drawpoker.errors import HistoryError
from drawpoker.history import load
from drawpoker.history.show import describe

NAME = "history"
HELP = "show or check PHH hand histories (.phh, .phhs)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``show FILE`` and ``check FILE``.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args(["show", "a.phhs"]).action
    'show'
    """
    actions = parser.add_subparsers(dest="action", required=True, help="show or check")
    show_parser = actions.add_parser("show", help="tell each hand: cards, actions, pots, winners")
    show_parser.add_argument("file", help="a .phh or .phhs file")
    check_parser = actions.add_parser(
        "check", help="replay each hand and compare it with its finishing_stacks"
    )
    check_parser.add_argument("file", help="a .phh or .phhs file")


def run(args: argparse.Namespace) -> int:
    """Runs ``show`` or ``check`` on standard output."""
    if args.action == "show":
        return show(args, out=print)
    return check(args, out=print)


def show(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Writes each hand of the file, told (:func:`drawpoker.history.show.describe`).

    >>> import pathlib, tempfile
    >>> from drawpoker.history import EXAMPLE
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "one.phh"
    >>> _ = path.write_text(EXAMPLE)
    >>> lines = []
    >>> show(argparse.Namespace(file=str(path)), out=lines.append)
    0
    >>> lines[0]
    "hand 1: no-limit Texas hold 'em (NT), blinds 5/10"
    """
    for i, history in enumerate(load(args.file)):
        if i:
            out("")
        for line in describe(history):
            out(line)
    return 0


def check(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Replays every hand of the file; writes a line per hand whose stacks disagree with its
    ``finishing_stacks`` and a summary. Returns 1 when any disagrees, else 0.

    >>> import pathlib, tempfile
    >>> from drawpoker.history import EXAMPLE
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "one.phh"
    >>> _ = path.write_text(EXAMPLE.replace("[990, 1010]", "[1000, 1000]"))
    >>> check(argparse.Namespace(file=str(path)), out=print)
    hand 1: the replay ends with stacks [990, 1010], finishing_stacks says [1000, 1000]
    1 hand: 1 disagrees with its finishing_stacks
    1
    """
    histories = load(args.file)
    disagree = 0
    unchecked = 0
    for history in histories:
        if history.get("finishing_stacks") is None:
            unchecked += 1
        try:
            line = history.disagreement()
        except HistoryError as error:
            raise type(error)(f"{Path(args.file).name}: {error}") from None
        if line is not None:
            disagree += 1
            out(line)
    total = len(histories)
    summary = f"{total:,} hand{'s' if total != 1 else ''}: "
    if disagree:
        summary += (
            f"{disagree:,} disagree{'s' if disagree == 1 else ''} with "
            f"{'its' if disagree == 1 else 'their'} finishing_stacks"
        )
    else:
        summary += "every replay ends with its finishing_stacks"
    if unchecked:
        summary += f" ({unchecked:,} without finishing_stacks)"
    out(summary)
    return 1 if disagree else 0
