"""CPU players: for each game, a check/call player, a rules-of-thumb player and a strong one, and
simple strategies to practise against (:mod:`drawpoker.bots.simple`). Each decides from its
seat's view alone (:class:`~drawpoker.engine.HandView`) and is seeded, so a table of CPU players
replays exactly.

>>> type(make_bot("rules", seed=3)).__name__
'RulesOfThumbBot'
>>> type(make_bot("rules", seed=3, game="holdem")).__name__
'HoldemRulesBot'
>>> [type(make_bot("strong", game=name)).__name__ for name in ("stud", "razz", "stud-hi-lo")]
['StudStrongBot', 'StudStrongBot', 'StudStrongBot']
"""

from __future__ import annotations

from typing import Any

from drawpoker.bots.basic import CheckCallBot
from drawpoker.bots.draw import (
    DrawAdvisor,
    RulesOfThumbBot,
    StrongBot,
    exact_draw,
    hand_category,
    jacks_threshold,
    tips_discards,
)
from drawpoker.bots.holdem import HoldemRulesBot, HoldemStrongBot
from drawpoker.bots.lowball import LowballRulesBot, LowballStrongBot
from drawpoker.bots.omaha import OmahaRulesBot, OmahaStrongBot
from drawpoker.bots.plugins import CpuType, PluginPlayer, parse_cpu_type, restored
from drawpoker.bots.seating import prepare
from drawpoker.bots.seeded import SEEDED_BOTS, SEEDED_BY_GAME, seeded_bot
from drawpoker.bots.simple import PAT_BOTS, SIMPLE_BOTS, SimpleBot, has_draw, simple_kinds
from drawpoker.bots.stud import StudRulesBot, StudStrongBot
from drawpoker.engine.registry import GAMES
from drawpoker.engine.spec import GameSpec
from drawpoker.errors import InvalidArgumentError
from drawpoker.table.player import CpuPlayers, Player

BOT_KINDS = ("checkcall", "rules", "strong")
"""The CPU player types every game has."""

CPU_KINDS = BOT_KINDS + tuple(cls.kind for cls in SIMPLE_BOTS + PAT_BOTS)
"""Every CPU player type: :data:`BOT_KINDS` and the simple strategies (:func:`bot_kinds` says
which play a game)."""

_SIMPLE: dict[str, type[SimpleBot]] = {cls.kind: cls for cls in SIMPLE_BOTS + PAT_BOTS}

PLUGINS: dict[str, CpuType] = {}
"""The CPU types from outside the package this process was given (:func:`register`)."""


def register(text: str) -> CpuType:
    """Registers the CPU type ``NAME=module:Class`` (:mod:`drawpoker.bots.plugins`): from
    now on :func:`bot_kinds` lists NAME for the class's games and :func:`make_bot` and
    :func:`restore_bot` make its players. Registering a name again replaces it.

    >>> kind = register("calls=drawpoker.bots.plugins:CheckCallBot")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: CPU type calls: drawpoker.bots.plugins:CheckCallBot \
has no games attribute (a tuple of the games it plays, e.g. ('holdem',))
    """
    kind = parse_cpu_type(text, taken=CPU_KINDS)
    PLUGINS[kind.name] = kind
    return kind


def bot_kinds(game: str) -> tuple[str, ...]:
    """The CPU player types that play the game named ``game``: the check/call player plays
    every game, the rules-of-thumb and strong players those their class lists, then the simple
    strategies of a registered game (:func:`~drawpoker.bots.simple.simple_kinds`).

    >>> bot_kinds("badugi")[:4]
    ('checkcall', 'rules', 'strong', 'maniac')
    >>> bot_kinds("a game nobody wrote a player for")
    ('checkcall',)
    """
    kinds = tuple(k for k in BOT_KINDS if k == "checkcall" or (game, k) in SEEDED_BY_GAME)
    plugins = tuple(name for name, kind in PLUGINS.items() if game in kind.games)
    return kinds + (simple_kinds(game) if game in GAMES else ()) + plugins


def make_bot(kind: str, seed: int = 0, game: str = "five-card-draw") -> Player:
    """A CPU player of type ``kind`` (one of :data:`CPU_KINDS`) for the game named ``game``
    (the check/call player plays every game). The first rules-of-thumb or strong player of a
    game in a process readies the game's tables (:func:`~drawpoker.bots.seating.prepare`), so
    that its first decision builds none.

    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: unknown CPU player 'genius' (known: checkcall, ...)
    >>> make_bot("snow", game="holdem")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: no snow CPU player for holdem: it plays the draw games
    """
    if game not in GAMES:
        raise InvalidArgumentError(f"unknown game {game!r} (known: {', '.join(GAMES)})")
    if kind in PLUGINS:
        if game not in PLUGINS[kind].games:
            raise InvalidArgumentError(f"no {kind} CPU player for {game}")
        return PluginPlayer(PLUGINS[kind], seed, game)
    if kind not in CPU_KINDS:
        known = ", ".join(CPU_KINDS + tuple(PLUGINS))
        raise InvalidArgumentError(f"unknown CPU player {kind!r} (known: {known})")
    if kind == "checkcall":
        return CheckCallBot()
    if kind in _SIMPLE:
        if kind not in simple_kinds(game):
            raise InvalidArgumentError(f"no {kind} CPU player for {game}: it plays the draw games")
        return _SIMPLE[kind](seed=seed, game=game)
    bot = seeded_bot(kind, seed, game)
    if bot is None:
        raise InvalidArgumentError(f"no {kind} CPU player for {game} yet (checkcall plays it)")
    return bot


def saved_bot(player: Player, seat: int) -> dict[str, Any]:
    """A CPU player as plain data, for a table snapshot.

    >>> saved_bot(CheckCallBot(), 0)
    {'kind': 'checkcall', 'game': None}
    """
    to_dict = getattr(player, "to_dict", None)
    if to_dict is None:
        raise InvalidArgumentError(
            f"seat {seat}'s CPU player ({type(player).__name__}) cannot be saved: no to_dict"
        )
    data: dict[str, Any] = to_dict()
    return data


def restore_bot(data: Any) -> Player:
    """The CPU player :func:`saved_bot` wrote.

    >>> type(restore_bot(saved_bot(make_bot("strong", 4), 0))).__name__
    'StrongBot'
    """
    if not isinstance(data, dict) or "kind" not in data or "game" not in data:
        raise InvalidArgumentError(f"not a saved CPU player: {data!r}")
    if data["kind"] == "checkcall":
        return CheckCallBot()
    plugin = restored(PLUGINS, data)
    if plugin is not None:
        return plugin
    if data["kind"] in _SIMPLE and data["game"] in GAMES:
        simple: Player = _SIMPLE[data["kind"]].from_dict(data)
        return simple
    cls = SEEDED_BY_GAME.get((data["game"], data["kind"]))
    if cls is None:
        raise InvalidArgumentError(f"unknown saved CPU player {data['kind']!r} of {data['game']!r}")
    prepare(data["game"])
    bot: Player = cls.from_dict(data)
    return bot


class _CpuPlayers:
    """This package's CPU players as a table asks for them (``games.player.CpuPlayers``)."""

    def stand_in(self, game: GameSpec, seat: int) -> Player:
        """The rules-of-thumb player of ``game`` seeded by the seat, or the check/call player in
        a game without one.

        >>> from drawpoker.engine import game
        >>> type(CPU_PLAYERS.stand_in(game("five-card-draw"), 1)).__name__
        'RulesOfThumbBot'
        """
        if "rules" not in bot_kinds(game.name):
            return CheckCallBot()
        return make_bot("rules", seed=seat, game=game.name)

    def save(self, player: Player, seat: int) -> dict[str, Any]:
        """:func:`saved_bot`.

        >>> CPU_PLAYERS.save(CheckCallBot(), 0)
        {'kind': 'checkcall', 'game': None}
        """
        return saved_bot(player, seat)

    def restore(self, data: Any) -> Player:
        """:func:`restore_bot`.

        >>> type(CPU_PLAYERS.restore({'kind': 'checkcall', 'game': None})).__name__
        'CheckCallBot'
        """
        return restore_bot(data)


CPU_PLAYERS: CpuPlayers = _CpuPlayers()
"""What a table needs of the CPU players (stand-ins, snapshots), for ``Table(cpu_players=...)``."""


__all__ = [
    "BOT_KINDS",
    "CPU_KINDS",
    "CPU_PLAYERS",
    "PLUGINS",
    "SEEDED_BOTS",
    "CheckCallBot",
    "DrawAdvisor",
    "HoldemRulesBot",
    "HoldemStrongBot",
    "LowballRulesBot",
    "LowballStrongBot",
    "OmahaRulesBot",
    "OmahaStrongBot",
    "RulesOfThumbBot",
    "SimpleBot",
    "StrongBot",
    "StudRulesBot",
    "StudStrongBot",
    "bot_kinds",
    "exact_draw",
    "hand_category",
    "has_draw",
    "jacks_threshold",
    "make_bot",
    "register",
    "restore_bot",
    "saved_bot",
    "tips_discards",
]
