"""Learning environments: every game of the engine as a PettingZoo AEC environment
(:func:`env`, :class:`raw_env`) and a Gymnasium environment of one seat against the CPU
players (:class:`SingleAgentEnv`); many hands stepped together from NumPy arrays
(:class:`BatchGame`). docs/rl.md describes the observation and action layouts.

>>> environment = env("2-7-triple-draw", seats=3)
>>> environment.reset(seed=0)
>>> environment.agent_selection
'player_0'
"""

from drawpoker.rl.actions import ActionSpace
from drawpoker.rl.aec import env, raw_env
from drawpoker.rl.batch import MAX_BATCH, BatchGame
from drawpoker.rl.observation import ObservationLayout
from drawpoker.rl.single import SingleAgentEnv

__all__ = [
    "MAX_BATCH",
    "ActionSpace",
    "BatchGame",
    "ObservationLayout",
    "SingleAgentEnv",
    "env",
    "raw_env",
]
