"""The game a learning environment plays, from a registered game's name and its settings or
from a spec: shared by the PettingZoo environment and the batch engine, and importable without
PettingZoo or Gymnasium (the batch engine and a trained player need NumPy alone)."""

from __future__ import annotations

from typing import Any

from drawpoker.engine.registry import game as registered_game
from drawpoker.engine.spec import GameSpec
from drawpoker.errors import InvalidArgumentError


def spec_of(game: str | GameSpec, settings: Any) -> GameSpec:
    """The game to play: a registered game's name with its settings, or a spec.

    >>> spec_of("2-7-triple-draw", {"small_bet": 2, "big_bet": 4}).betting
    FixedLimit(small=2, big=4, cap=4, heads_up_uncapped=False)
    """
    if isinstance(game, GameSpec):
        if settings is not None:
            raise InvalidArgumentError("give settings with a game's name, not with a GameSpec")
        return game
    if not isinstance(game, str):
        raise InvalidArgumentError(f"a game is a registered name or a GameSpec, not {game!r}")
    return registered_game(game, settings)


__all__ = ["spec_of"]
