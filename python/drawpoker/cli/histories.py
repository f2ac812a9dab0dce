"""``--history FILE.phhs`` for ``drawpoker play`` and ``drawpoker simulate``: the session's
finished hands written as PHH hand histories (:mod:`drawpoker.history`), when it ends.

>>> import argparse, pathlib, tempfile
>>> from drawpoker.bots import CheckCallBot
>>> from drawpoker.table import Table, TableSettings
>>> from drawpoker.engine import game
>>> parser = argparse.ArgumentParser()
>>> add_history_argument(parser, "house")
>>> path = pathlib.Path(tempfile.mkdtemp()) / "hands.phhs"
>>> args = parser.parse_args(["--history", str(path)])
>>> table = Table(game("holdem"), 2, seed=1, cpu={0: CheckCallBot(), 1: CheckCallBot()},
...               settings=TableSettings(rounds=3))
>>> table.play_cpu()
>>> log = HistoryLog.from_args(args)
>>> log.add(table)
>>> log.save()
'3 hand histories written to hands.phhs'
"""

from __future__ import annotations

import argparse
import datetime
from collections.abc import Iterable
from pathlib import Path

from drawpoker.errors import InvalidArgumentError
from drawpoker.history import History, dump, from_hand
from drawpoker.table import Table

VIEWS = ("seat", "house")
"""Whose copy is written: the person's seat's own (their cards, the board, the hands shown), or
the house's (every card)."""


def add_history_argument(parser: argparse.ArgumentParser, view: str) -> None:
    """``--history FILE`` and ``--history-view`` (default ``view``).

    >>> parser = argparse.ArgumentParser()
    >>> add_history_argument(parser, "seat")
    >>> parser.parse_args([]).history is None
    True
    """
    group = parser.add_argument_group("hand histories")
    group.add_argument(
        "--history",
        metavar="FILE.phhs",
        help="write the session's finished hands to FILE as PHH hand histories (default: none)",
    )
    group.add_argument(
        "--history-view",
        choices=VIEWS,
        default=view,
        help="whose copy of each hand: the first seat's own, or the house's with every card "
        "(default: %(default)s)",
    )


class HistoryLog:
    """The finished hands of a session, kept for one file: each table's hands with its players'
    names, its number (the ``table`` field) and, where known, when each hand started.

    >>> HistoryLog(None).save() is None
    True
    """

    def __init__(self, path: str | None, view: str = "house") -> None:
        self.path = None if path is None else Path(path)
        if self.path is not None and not self.path.parent.is_dir():
            raise InvalidArgumentError(f"--history {path}: no folder {self.path.parent}")
        self.view = view
        self.seat = 0 if view == "seat" else None
        self.histories: list[History] = []
        self.started: dict[int, datetime.datetime] = {}
        self.tables = 0

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> HistoryLog:
        """The log of ``--history`` and ``--history-view``."""
        return cls(args.history, args.history_view)

    def note(self, table: Table) -> None:
        """Remembers when the table's newest hand started (the first time it is seen)."""
        if self.path is not None:
            self.started.setdefault(len(table.hands) - 1, datetime.datetime.now(datetime.UTC))

    def add(self, table: Table) -> None:
        """Keeps the table's finished hands (the next table is numbered one more)."""
        self.tables += 1
        if self.path is None:
            return
        for index, hand in enumerate(table.hands):
            if hand.is_over:
                self.histories.append(
                    from_hand(
                        hand,
                        seat=self.seat,
                        players=table.names,
                        table=self.tables,
                        started=self.started.get(index),
                    )
                )
        self.started = {}

    def extend(self, histories: Iterable[History]) -> None:
        """Keeps histories already written (a simulation's, numbered by their games)."""
        if self.path is not None:
            self.histories.extend(histories)

    def save(self) -> str | None:
        """Writes the file; returns a line saying so (``None`` without ``--history``)."""
        if self.path is None:
            return None
        dump(self.histories, self.path)
        count = len(self.histories)
        return f"{count} hand histor{'y' if count == 1 else 'ies'} written to {self.path.name}"
