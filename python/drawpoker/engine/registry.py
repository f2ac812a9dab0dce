"""The registered games: a name (``five-card-draw``, ``holdem``, ...) to its settings and the
function that builds its spec. A game joins by being listed in :mod:`drawpoker.engine.variants`;
every table, snapshot and test reads games from here.

>>> list(GAMES)[:4], len(GAMES)
(['five-card-draw', 'holdem', 'omaha', 'omaha-hi-lo'], 11)
>>> game("holdem", {"big_blind": 200, "small_blind": 100}).forced.big_blind
200
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from drawpoker.engine.spec import GameSpec, GameType
from drawpoker.engine.variants import ALL
from drawpoker.errors import InvalidArgumentError


def settings_from_dict(cls: type, data: Mapping[str, Any], game_name: str) -> Any:
    """``cls(**data)``, refusing names the settings do not have (with the known ones listed).

    >>> from drawpoker.engine.variants.holdem import HoldemSettings
    >>> settings_from_dict(HoldemSettings, {"big_blind": 20, "small_blind": 10}, "holdem").big_blind
    20
    """
    if not isinstance(data, Mapping):
        raise InvalidArgumentError(f"{game_name} settings must be a mapping, not {data!r}")
    known = [f.name for f in fields(cls)]
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise InvalidArgumentError(
            f"unknown {game_name} settings {unknown} (known: {', '.join(known)})"
        )
    return cls(**data)


def _registered() -> dict[str, GameType]:
    return {g.name: g for g in ALL}


GAMES: dict[str, GameType] = _registered()
"""Every registered game by name."""


def game(name: str, settings: Any = None) -> GameSpec:
    """The spec of the game ``name`` with ``settings`` (its settings object, a mapping of
    setting names to values, or ``None`` for the defaults).

    >>> game("five-card-draw", {"opening": "jacks"}).opening.name
    'jacks or better'
    >>> game("chess")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: unknown game 'chess' (known: five-card-draw, holdem, ...)
    """
    if name not in GAMES:
        raise InvalidArgumentError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    kind = GAMES[name]
    if settings is None:
        settings = kind.settings()
    elif not isinstance(settings, kind.settings):
        settings = settings_from_dict(kind.settings, settings, name)
    return kind.build(settings)


def spec_from_dict(data: Any) -> GameSpec:
    """The game written by :meth:`GameSpec.to_dict` (its name and settings), rebuilt.

    >>> spec_from_dict(game("holdem").to_dict()) == game("holdem")
    True
    """
    if not isinstance(data, Mapping) or set(data) != {"name", "settings"}:
        raise InvalidArgumentError(f"a game is written as its name and settings, not {data!r}")
    return game(data["name"], data["settings"])
