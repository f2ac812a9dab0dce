"""The game a learning environment plays, from a registered game's name and its settings or
from a spec, and the table options every environment checks alike: shared by the PettingZoo
environment and the batch engine, and importable without PettingZoo or Gymnasium (the batch
engine and a trained player need NumPy alone)."""

from __future__ import annotations

import operator
from typing import Any, SupportsIndex, cast

from drawpoker.engine.registry import game as registered_game
from drawpoker.engine.spec import GameSpec
from drawpoker.engine.validate import chips
from drawpoker.errors import InvalidArgumentError
from drawpoker.table.table import Table, TableSettings
from drawpoker.validate import is_integer

MOST_HISTORY = 1000
"""The most public actions an observation may hold."""


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


def table_options(
    game: GameSpec, seats: object, stack: object, history: object
) -> tuple[int, int, int]:
    """``seats``, ``stack`` (the game's default stack when ``None``) and ``history`` as every
    environment takes them (Python or NumPy integers), else refused by name: and stacks so
    short that every seat is all in from its forced bets before anyone acts, at a table where
    every hand would be over as it is dealt (equal stacks deal every hand alike).

    >>> import numpy as np
    >>> holdem = spec_of("holdem", None)
    >>> table_options(holdem, np.int64(3), None, 8) == (3, holdem.default_stack, 8)
    True
    >>> table_options(holdem, 2, 50, 8)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: stacks of 50 chips are all in before anyone acts: \
nothing to play
    """
    low, high = game.seats
    if not is_integer(seats) or not low <= seats <= high:  # type: ignore[operator]
        raise InvalidArgumentError(f"{game.name} seats {low}..{high}, not {seats!r}")
    if not is_integer(history) or not 1 <= history <= MOST_HISTORY:  # type: ignore[operator]
        raise InvalidArgumentError(f"history must be an integer 1..{MOST_HISTORY}, not {history!r}")
    seats, history = (operator.index(cast("SupportsIndex", n)) for n in (seats, history))
    start = game.default_stack if stack is None else chips("stack", stack)
    first = Table(game, seats, 0, settings=TableSettings(stack=start, rounds=1)).hands[0]
    if first.actor is None:
        raise InvalidArgumentError(
            f"stacks of {start} chips are all in before anyone acts: nothing to play"
        )
    return seats, start, history


__all__ = ["MOST_HISTORY", "spec_of", "table_options"]
