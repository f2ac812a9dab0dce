"""CPU players written outside the package, as a site operator's module would be: the tests
register them as CPU types (``drawpoker serve --cpu-type NAME=outside_players:Class``, this
folder on ``PYTHONPATH``)."""

from __future__ import annotations

from drawpoker.engine.actions import Action
from drawpoker.engine.events import HandView


class Folder:
    """Folds when it may, else checks: a trivially beatable Hold'em player."""

    games = ("holdem", "short-deck")

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: HandView) -> Action:
        legal = view.legal
        assert legal is not None
        return Action("fold") if "fold" in legal.kinds else Action("check")


class Crasher:
    """Raises at every decision: a plug-in with a bug."""

    games = ("holdem",)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: HandView) -> Action:
        raise RuntimeError("the policy file is missing")


class Overbettor:
    """Bets or raises one chip more than its stack: an action no seat may take."""

    games = ("holdem",)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: HandView) -> Action:
        legal = view.legal
        assert legal is not None
        kind = "bet" if "bet" in legal.kinds else "raise"
        return Action(kind, legal.max_to + 1)


class Unseeded:
    """No ``seed`` argument: a class the site cannot make."""

    games = ("holdem",)

    def choose(self, view: HandView) -> Action:
        return Action("fold")
