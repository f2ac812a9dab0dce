"""Learning environments: every game of the engine as a PettingZoo AEC environment
(:func:`env`, :class:`raw_env`) and a Gymnasium environment of one seat against the CPU
players (:class:`SingleAgentEnv`); many hands stepped together from NumPy arrays
(:class:`BatchGame`). docs/rl.md describes the observation and action layouts.

>>> from drawpoker.rl import env
>>> environment = env("2-7-triple-draw", seats=3)
>>> environment.reset(seed=0)
>>> environment.agent_selection
'player_0'

The environments need the ``rl`` extra (PettingZoo and Gymnasium) and are imported at their
first use; :class:`BatchGame`, :class:`ActionSpace` and :class:`ObservationLayout` need NumPy
alone.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from drawpoker.rl.actions import ActionSpace
from drawpoker.rl.batch import MAX_BATCH, BatchGame
from drawpoker.rl.observation import ObservationLayout

if TYPE_CHECKING:
    from drawpoker.rl.aec import env, raw_env
    from drawpoker.rl.single import SingleAgentEnv

_NEED_PETTINGZOO = {"env": "aec", "raw_env": "aec", "SingleAgentEnv": "single"}
"""The names whose modules import PettingZoo or Gymnasium, by module."""


def __getattr__(name: str) -> Any:
    """``env``, ``raw_env`` and ``SingleAgentEnv``, imported at their first use."""
    module = _NEED_PETTINGZOO.get(name)
    if module is None:
        raise AttributeError(f"module 'drawpoker.rl' has no attribute {name!r}")
    return getattr(import_module(f"drawpoker.rl.{module}"), name)


__all__ = [
    "MAX_BATCH",
    "ActionSpace",
    "BatchGame",
    "ObservationLayout",
    "SingleAgentEnv",
    "env",
    "raw_env",
]
