"""CPU types written outside the package (a trained policy, say), played at the site and in
the package's tools under a name of their own: ``drawpoker serve --cpu-type
NAME=module:Class`` imports the class and registers it (:func:`register`), and from then on
the lobby offers NAME for the games the class lists in its ``games`` attribute, a room seats
it, and a table snapshot saves it as NAME (a server started again with the same option
restores it).

The class is called as ``Class(seed=...)`` and needs only ``choose(view)``, the one method of
every CPU player (:class:`~drawpoker.table.player.Player`). The package does not trust it: a
choice that raises, or that the seat's legal actions do not allow, is replaced by the
check/call player's and logged (:class:`PluginPlayer`), so a plug-in cannot stop a table. The
seat's view checks the choice (``view.why_illegal``): the hand's own check, read from what the
seat may see.

>>> class Folder:
...     games = ("holdem",)
...     def __init__(self, seed=0): pass
...     def choose(self, view): return Action("fold")
>>> kind = CpuType("folder", Folder, ("holdem",))
>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [1000, 1000], seed=1)
>>> PluginPlayer(kind, seed=3, game="holdem").choose(hand.view(hand.actor))
Action(kind='fold', amount=0, cards=())
"""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from drawpoker.bots.basic import CheckCallBot
from drawpoker.engine.actions import Action
from drawpoker.engine.events import HandView
from drawpoker.engine.registry import GAMES
from drawpoker.errors import InvalidArgumentError
from drawpoker.table.player import Player

log = logging.getLogger("drawpoker.bots")

NAME = re.compile(r"[a-z][a-z0-9-]{0,23}")
"""A CPU type's name: lower-case letters, digits and hyphens, a letter first, 24 at most."""


@dataclass(frozen=True)
class CpuType:
    """A CPU type from outside the package: its ``name``, what makes its players (called as
    ``make(seed=...)``) and the ``games`` (registered names) it plays.

    >>> CpuType("mine", CheckCallBot, ("holdem",)).name
    'mine'
    """

    name: str
    make: Callable[..., Player]
    games: tuple[str, ...]


def imported(text: str) -> Callable[..., Any]:
    """The class or callable ``module:attribute`` names, imported.

    >>> imported("drawpoker.bots.basic:CheckCallBot").__name__
    'CheckCallBot'
    >>> imported("no.such.module:Bot")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: cannot import player no.such.module:Bot: No module \
named 'no'
    """
    module, _, attribute = text.partition(":")
    if not module or not attribute:
        raise InvalidArgumentError(f"a player is named module:Class, not {text!r}")
    try:
        found = getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        raise InvalidArgumentError(f"cannot import player {text}: {error}") from None
    if not callable(found):
        raise InvalidArgumentError(f"player {text} is not a class or callable")
    return found  # type: ignore[no-any-return]


def parse_cpu_type(text: str, taken: tuple[str, ...] = ()) -> CpuType:
    """The CPU type ``NAME=module:Class`` names; its games are the class's ``games``. A name
    in ``taken`` (the package's own types) or a game nobody registered is refused.

    >>> parse_cpu_type("calls=drawpoker.bots.basic:CheckCallBot")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: CPU type calls: drawpoker.bots.basic:CheckCallBot \
has no games attribute (a tuple of the games it plays, e.g. ('holdem',))
    >>> parse_cpu_type("rules=x:Y", taken=("rules",))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: CPU type rules: the package has a type of that name
    """
    name, equals, where = text.partition("=")
    if not equals or NAME.fullmatch(name) is None:
        raise InvalidArgumentError(
            f"a CPU type is NAME=module:Class with a NAME of lower-case letters, digits and "
            f"hyphens (a letter first, 24 at most), not {text!r}"
        )
    if name in taken:
        raise InvalidArgumentError(f"CPU type {name}: the package has a type of that name")
    make = imported(where)
    games = getattr(make, "games", None)
    if not isinstance(games, tuple) or not games or not all(isinstance(g, str) for g in games):
        raise InvalidArgumentError(
            f"CPU type {name}: {where} has no games attribute (a tuple of the games it plays, "
            "e.g. ('holdem',))"
        )
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        raise InvalidArgumentError(f"CPU type {name}: no game {', '.join(unknown)}")
    return CpuType(name, make, games)


class PluginPlayer:
    """A :class:`CpuType`'s player as a table holds it: it plays the plug-in's choice when
    the seat may play it, else the check/call player's (logged), and it is saved as its
    type's name, game and seed (:meth:`to_dict`).

    >>> class Raiser:  # raises to a total the seat may not bet
    ...     def __init__(self, seed=0): pass
    ...     def choose(self, view): return Action("raise", 1)
    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000, 1000], seed=1)
    >>> player = PluginPlayer(CpuType("raiser", Raiser, ("holdem",)), 7, "holdem")
    >>> player.choose(hand.view(hand.actor)), player.to_dict()
    (Action(kind='call', amount=0, cards=()), {'kind': 'raiser', 'game': 'holdem', 'seed': 7})
    """

    def __init__(self, kind: CpuType, seed: int, game: str) -> None:
        self.kind = kind.name
        self.game = game
        self.seed = seed
        try:
            self.player = kind.make(seed=seed)
        except Exception as error:  # the plug-in's own fault, told as a bad request
            raise InvalidArgumentError(f"CPU type {kind.name} was not made: {error}") from None
        self.fallback = CheckCallBot()

    def choose(self, view: HandView) -> Action:
        """The plug-in's action for the seat of ``view``, when the seat may play it."""
        try:
            action = self.player.choose(view)
            problem = view.why_illegal(action)
        except Exception as error:  # a plug-in's fault must not stop the table
            problem = f"{type(error).__name__}: {error}"
        if problem is None:
            return action
        log.warning("CPU type %s (%s): %s; it checks or calls", self.kind, self.game, problem)
        return self.fallback.choose(view)

    def to_dict(self) -> dict[str, Any]:
        """The player as a table snapshot saves it."""
        return {"kind": self.kind, "game": self.game, "seed": self.seed}


def restored(types: Mapping[str, CpuType], data: Mapping[str, Any]) -> PluginPlayer | None:
    """The player :meth:`PluginPlayer.to_dict` saved, if its type is among ``types`` (``None``
    when it is not a plug-in's).

    >>> class Calls(CheckCallBot):
    ...     def __init__(self, seed=0): pass
    >>> calls = CpuType("calls", Calls, ("holdem",))
    >>> restored({"calls": calls}, {"kind": "calls", "game": "holdem", "seed": 7}).seed
    7
    >>> restored({"calls": calls}, {"kind": "rules", "game": "holdem"}) is None
    True
    """
    kind = types.get(str(data.get("kind")))
    if kind is None:
        return None
    game, seed = data.get("game"), data.get("seed")
    if game not in kind.games or type(seed) is not int:
        raise InvalidArgumentError(f"not a saved {kind.name} player: {dict(data)!r}")
    return PluginPlayer(kind, seed, str(game))
