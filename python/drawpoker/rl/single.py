"""One seat against the project's CPU players, as a Gymnasium environment
(:class:`SingleAgentEnv`): the other seats are played by :func:`drawpoker.bots.make_bot`
players, each deciding from its own seat's view.

>>> environment = SingleAgentEnv("holdem", seats=3, opponents="checkcall")
>>> observation, info = environment.reset(seed=4)
>>> sorted(observation), info["action_mask"].tolist()
(['action_mask', 'observation'], [1, 1, 1, 0, 0, 0, 1, 1, 1])
>>> observation, reward, terminated, truncated, info = environment.step(0)  # fold
>>> terminated, reward
(True, 0.0)
"""

from __future__ import annotations

import operator
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding

from drawpoker.bots import BOT_KINDS, make_bot
from drawpoker.engine.spec import GameSpec
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.errors import InvalidArgumentError
from drawpoker.rl.aec import action_index, agent_name, raw_env
from drawpoker.table.player import Player
from drawpoker.validate import is_integer

Observation = dict[str, npt.NDArray[Any]]

REDEALS = 100
"""How many episodes in a row :meth:`SingleAgentEnv.reset` deals before it gives up finding one
where the seat has a turn (its opponents ending every one before it acts)."""

ILLEGAL = ("raise", "default")
"""What an index the mask refuses does: raise, or play the table's default action."""


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """Seat ``seat`` of a :class:`~drawpoker.rl.aec.raw_env` table (every option of which
    it takes), the other seats played by CPU players of type ``opponents`` (a name of
    :data:`drawpoker.bots.BOT_KINDS`, seeded from the episode's seed and their seat) or by the
    given players, by seat. An episode ends when the table's last hand ends; the reward of a
    step is what the seat won or lost in the hands that ended during it. ``info`` holds the
    action mask too. :attr:`aec` is the table's AEC environment.

    An episode always gives the seat a turn: one the table finishes before the seat's first
    turn (every other seat folded to it, or one seat won every chip) is dealt again by
    :meth:`reset` from the next seed (at most :data:`REDEALS` times), and ``info["skipped"]``
    counts those and ``info["skipped_reward"]`` adds up what the seat won in them.

    An index the mask refuses raises :class:`~drawpoker.errors.IllegalActionError` (nothing
    changes) when ``illegal`` is ``"raise"``; with ``"default"`` the seat takes the action the
    table takes for a seat whose time ran out (stand pat, check, else fold; a stud bring-in:
    :meth:`drawpoker.table.Table.default_action`) and ``info["illegal"]`` says so, for
    learners and checkers that sample the whole action space. An index that is not an integer of
    the space is refused either way.

    ``seed`` (an option of :class:`~drawpoker.rl.aec.raw_env`) seeds the first reset not given
    one, as there. Opponents named by kind are made again at each reset, from its seed, so
    ``reset(seed=s)`` replays an episode exactly; given players keep their own state (their
    random streams too) from one episode to the next, as the same player objects do anywhere.
    A CPU player that fails (a player made for another game, say) raises
    :class:`~drawpoker.errors.InvalidArgumentError` naming it, and the episode then takes no
    action until :meth:`reset`: the learner never acts for another seat.

    >>> SingleAgentEnv("badugi", seats=2, opponents="genius")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: opponents must be one of ['checkcall', 'rules', \
'strong'] or a player for each other seat, not 'genius'
    """

    # Gymnasium declares metadata an instance variable, so it cannot be a ClassVar here.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game: str | GameSpec = "holdem",
        *,
        seat: int = 0,
        opponents: str | dict[int, Player] = "rules",
        illegal: str = "raise",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.aec = raw_env(game, render_mode=render_mode, **options)
        seats = self.aec.seats
        if not is_integer(seat) or not 0 <= seat < seats:
            raise InvalidArgumentError(f"seat must be a seat 0..{seats - 1}, not {seat!r}")
        seat = operator.index(seat)
        others = [s for s in range(seats) if s != seat]
        given = isinstance(opponents, dict) and sorted(opponents) == others
        if not (given or opponents in BOT_KINDS):
            raise InvalidArgumentError(
                f"opponents must be one of {list(BOT_KINDS)} or a player for each other seat, "
                f"not {opponents!r}"
            )
        if illegal not in ILLEGAL:
            raise InvalidArgumentError(f"illegal must be one of {list(ILLEGAL)}, not {illegal!r}")
        if opponents in BOT_KINDS:
            make_bot(str(opponents), game=self.aec.game.name)  # refuse a game it cannot play
        self.seat, self.agent, self.opponents, self.illegal = (
            seat,
            agent_name(seat),
            opponents,
            illegal,
        )
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._players: dict[str, Player] = {}
        if options.get("seed") is not None:  # as raw_env: it seeds the first unseeded reset
            self._np_random, self._np_random_seed = seeding.np_random(options["seed"])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new episode and play the CPU seats up to this seat's first turn (``info``:
        the mask, the episodes skipped and what the seat won in them, and what it won before
        its first turn in this one).

        >>> environment = SingleAgentEnv("stud", seats=2, seat=1, opponents="rules")
        >>> observation, info = environment.reset(seed=2)
        >>> environment.aec.agent_selection, info["skipped"]
        ('player_1', 0)
        """
        if seed is not None:  # checked first: a refused seed changes nothing
            seed = checked_seed("seed", seed)
        super().reset(seed=seed)
        table_seed = int(self.np_random.integers(2**63)) if seed is None else seed
        skipped, skipped_reward = 0, 0.0
        while True:
            self.aec.reset(seed=table_seed)
            self._players = self._seated_players(table_seed)
            reward = self._play_others()
            if not self.aec.terminations[self.agent]:
                break
            skipped, skipped_reward = skipped + 1, skipped_reward + reward
            if skipped == REDEALS:
                raise InvalidArgumentError(
                    f"none of {REDEALS} episodes gave {self.agent} a turn: its opponents ended "
                    "each one before it could act"
                )
            table_seed = int(self.np_random.integers(2**63))
        observation, info = self._observation()
        info.update(skipped=skipped, skipped_reward=skipped_reward, reward_before_first_turn=reward)
        return observation, info

    def step(
        self, action: np.int64 | int | npt.NDArray[np.integer[Any]]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """This seat takes ``action`` (an index its mask allows, as an int, a NumPy integer or
        a 0-d integer array; see ``illegal`` for one it does not), then the CPU seats play up to
        its next turn or the end of the episode.

        >>> environment = SingleAgentEnv("holdem", seats=2, opponents="checkcall")
        >>> _ = environment.reset(seed=1)
        >>> _, _, terminated, _, _ = environment.step(1)
        >>> terminated, environment.aec.table.hand.street
        (False, 1)
        """
        aec = self.aec
        if aec.table is None or aec.terminations.get(self.agent, True):
            raise InvalidArgumentError("the episode is over: call reset()")
        if aec.agent_selection != self.agent:  # a CPU player's error stopped the last step
            raise InvalidArgumentError(
                f"it is {aec.agent_selection}'s turn, not {self.agent}'s: a CPU player's turn "
                "was cut short by an error; call reset()"
            )
        mask = aec.actions.mask(aec.table.hand)
        index = action_index(action)
        illegal = (
            self.illegal == "default" and index is not None and 0 <= index < mask.size
        ) and not mask[index]
        if illegal:
            aec.act(aec.table.default_action())
        else:
            aec.step(action)
        reward = aec.rewards[self.agent] + self._play_others()
        observation, info = self._observation()
        info["illegal"] = illegal
        over = aec.table.is_over or aec.terminations[self.agent]  # the table's end, or bust
        return observation, float(reward), over, False, info

    def _seated_players(self, table_seed: int) -> dict[str, Player]:
        """The CPU players of the other seats, by agent (new ones seeded from the table's
        seed and their seat, or the ones given)."""
        if isinstance(self.opponents, dict):
            players = self.opponents
        else:
            kind, name = self.opponents, self.aec.game.name
            players = {
                s: make_bot(kind, seed=(table_seed + s) % 2**63, game=name)
                for s in range(self.aec.seats)
                if s != self.seat
            }
        return {agent_name(s): player for s, player in players.items()}

    def _play_others(self) -> float:
        """Plays the CPU seats until this seat's turn or the table's end; this seat's reward
        meanwhile."""
        aec, reward = self.aec, 0.0
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            agent = aec.agent_selection
            if aec.terminations[agent]:  # a CPU seat gone bust leaves the table
                aec.step(None)
                continue
            player = self._players[agent]
            try:
                aec.act(player.choose(aec.view(agent)))
            except Exception as error:
                raise InvalidArgumentError(
                    f"the CPU player of {agent} ({type(player).__name__}) could not play "
                    f"{aec.game.name}: {error}; call reset()"
                ) from error
            reward += aec.rewards[self.agent]
        return reward

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The indices this seat may take now, as booleans (all ``False`` once the episode is
        over): the method sb3-contrib's ``MaskablePPO`` reads, the same mask as
        ``info["action_mask"]``.

        >>> environment = SingleAgentEnv("holdem", seats=3, opponents="checkcall")
        >>> observation, info = environment.reset(seed=4)
        >>> environment.action_masks().tolist() == info["action_mask"].astype(bool).tolist()
        True
        """
        table = self.aec.table
        if table is None or self.aec.terminations.get(self.agent, True):
            return np.zeros(self.aec.actions.size, dtype=np.bool_)
        return self.aec.actions.mask(table.hand).astype(np.bool_)

    def _observation(self) -> tuple[Observation, dict[str, Any]]:
        observation = self.aec.observe(self.agent)
        return observation, {"action_mask": observation["action_mask"]}

    def render(self) -> str | None:
        """The table in text (:meth:`raw_env.render`).

        >>> environment = SingleAgentEnv("holdem", render_mode="ansi", opponents="checkcall")
        >>> _ = environment.reset(seed=1)
        >>> environment.render().splitlines()[0]
        'holdem hand 1, street 0 (bet), pot 150, board -'
        """
        return self.aec.render()
