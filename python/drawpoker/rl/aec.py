"""Every game as a PettingZoo AEC environment (:class:`raw_env`, made by :func:`env`): the
table engine (:class:`~drawpoker.table.Table`) deals ``hands`` hands; the seat to act is
the selected agent; each agent observes its seat's view (:mod:`drawpoker.rl.observation`) and
acts by index (:mod:`drawpoker.rl.actions`); every seat is rewarded its chips won or lost when a
hand ends.

>>> environment = env("holdem", seats=3, seed=None)
>>> environment.reset(seed=7)
>>> environment.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = environment.last()
>>> observation["action_mask"].tolist()
[1, 1, 1, 0, 0, 0, 1, 1, 1]
>>> environment.step(0)  # player_0 folds, player_1 calls, player_2 checks
>>> environment.step(1); environment.step(1)
>>> environment.agent_selection, environment.table.hand.board != []
('player_1', True)
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from drawpoker.cards import format_cards
from drawpoker.engine.actions import Action
from drawpoker.engine.events import HandView
from drawpoker.engine.hand import Hand
from drawpoker.engine.spec import GameSpec
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.rl.actions import ActionSpace
from drawpoker.rl.games import spec_of, table_options
from drawpoker.rl.observation import ObservationLayout
from drawpoker.table.table import Table, TableSettings
from drawpoker.validate import is_integer

REWARD_UNITS = ("chips", "big-blinds")
"""What rewards count: chips, or chips divided by the game's big blind
(:attr:`~drawpoker.engine.GameSpec.stake`: in a game without one, what stands for it)."""

SEED_LIMIT = 2**63
"""Seeds drawn for unseeded resets are below this (any seed 0..2**64-1 may be given)."""


def agent_name(seat: int) -> str:
    """The agent of ``seat``.

    >>> agent_name(2)
    'player_2'
    """
    return f"player_{seat}"


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """One table of ``game`` (a registered game's name, or any :class:`GameSpec`) for
    ``seats`` agents ``player_0 .. player_{seats-1}`` (``player_i`` plays seat ``i``).

    ``settings`` are the game's settings (blinds, stakes, antes: a mapping or the settings
    object, only with a game's name); ``stack`` the chips each seat starts with (the game's
    default stack when ``None``); ``hands`` how many hands an episode deals (the table's rounds;
    it stops sooner when one seat holds every chip); ``reward`` counts chips or big blinds
    (a game without betting, R-NOBET-1, rewards each hand's winners their share of a point, less
    ``1/seats`` each, so that rewards sum to 0 as chips do);
    ``history`` is how many of the latest public actions the observation holds. ``seed``
    (``None``: from the operating system) seeds the first reset that is not given one.

    >>> table = raw_env("badugi", seats=4, hands=3)
    >>> int(table.action_space("player_0").n)
    19
    >>> table.observation_space("player_0")["observation"].shape
    (1191,)
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "drawpoker_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | GameSpec = "holdem",
        *,
        seats: int = 2,
        settings: Any = None,
        stack: int | None = None,
        hands: int = 1,
        reward: str = "chips",
        history: int = 32,
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = spec_of(game, settings)
        seats, stack, history = table_options(self.game, seats, stack, history)
        if reward not in REWARD_UNITS:
            raise InvalidArgumentError(
                f"reward must be one of {list(REWARD_UNITS)}, not {reward!r}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(
                f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}"
            )
        self.table_settings = TableSettings(stack=stack, rounds=hands)
        self.seats = seats
        self.render_mode = render_mode
        self.reward_unit = self.game.stake.chips if reward == "big-blinds" else 1
        self.actions = ActionSpace(self.game)
        self.layout = ObservationLayout(self.game, seats, history, chips=stack * seats)
        self.possible_agents = [agent_name(seat) for seat in range(seats)]
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, self.layout.high(), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.actions.size,), dtype=np.int8),
            }
        )
        action_space = spaces.Discrete(self.actions.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self._seeds = np.random.default_rng(None if seed is None else checked_seed("seed", seed))
        self.table: Table | None = None
        self._paid = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> raw_env:
        """An independent copy at the same point of the episode (``copy.deepcopy``), for a
        search that tries actions ahead: its table is the original's snapshot played again
        (:meth:`~drawpoker.table.table.Table.from_dict`), the game's spec shared (it never
        changes).

        >>> import copy
        >>> environment = raw_env("holdem", seats=2)
        >>> environment.reset(seed=3)
        >>> ahead = copy.deepcopy(environment)
        >>> ahead.step(0)  # the copy folds; the original has not moved
        >>> ahead.table.hand.is_over, environment.table.hand.is_over
        (True, False)
        """
        memo[id(self.game)] = self.game
        twin = object.__new__(type(self))
        memo[id(self)] = twin
        for name, value in self.__dict__.items():
            if name == "table":
                copied = None if value is None else Table.from_dict(value.to_dict())
            else:
                copied = copy.deepcopy(value, memo)
            setattr(twin, name, copied)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """What ``pickle`` keeps (to send an environment to another process, or to keep it in
        a file): its attributes, the table as its snapshot
        (:meth:`~drawpoker.table.table.Table.to_dict`), which :meth:`__setstate__` plays
        again. The snapshot holds the seed and every hidden card, as the table does.

        >>> import pickle
        >>> environment = raw_env("razz", seats=3)
        >>> environment.reset(seed=5)
        >>> environment.step(1)
        >>> again = pickle.loads(pickle.dumps(environment))
        >>> again.table.to_dict() == environment.table.to_dict()
        True
        >>> again.agent_selection == environment.agent_selection, again.table is environment.table
        (True, False)
        """
        state = dict(self.__dict__)
        if self.table is not None:
            state["table"] = self.table.to_dict()
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Undoes :meth:`__getstate__`: the table played again from its snapshot."""
        table = state["table"]
        self.__dict__.update(state, table=None if table is None else Table.from_dict(table))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``: the observation and the action mask.

        >>> raw_env("holdem").observation_space("player_1")["action_mask"].shape
        (9,)
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (:class:`~drawpoker.rl.actions.ActionSpace`'s indices).

        >>> raw_env("stud").action_space("player_0")
        Discrete(3)
        """
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode's first hand. With ``seed`` the table is dealt from that seed
        (and later unseeded resets follow from it), so the same seed and actions give the same
        hands.

        >>> environment = raw_env("holdem", seats=2)
        >>> environment.reset(seed=3)
        >>> environment.table.seed, environment.agent_selection
        (3, 'player_0')
        """
        if seed is not None:  # checked first: a refused seed changes nothing
            seed = checked_seed("seed", seed)
            self._seeds = np.random.default_rng(seed)
        table_seed = int(self._seeds.integers(SEED_LIMIT)) if seed is None else seed
        self.table = Table(self.game, self.seats, table_seed, settings=self.table_settings)
        self._paid = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_action()
        if self.render_mode == "human":  # the dealt hand, as each action after it
            self.render()

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (an index its action mask allows; ``None`` once
        it is terminated). An index outside the mask, or anything but an integer, raises
        :class:`~drawpoker.errors.IllegalActionError` and changes nothing.

        >>> environment = raw_env("holdem", seats=2)
        >>> environment.reset(seed=3)
        >>> environment.step(5)
        Traceback (most recent call last):
        ...
        drawpoker.errors.IllegalActionError: player_0 cannot take action 5 (pot): legal now are \
[0, 1, 2, 6, 7, 8]
        """
        self._table()  # refuses a step before the first reset
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.act(self._decoded(agent, action))

    def act(self, action: Action) -> None:
        """The selected agent takes the engine action ``action`` (any legal action, not only
        those with an index: a CPU player's raise to any total); an illegal one raises
        :class:`~drawpoker.errors.IllegalActionError` and changes nothing.

        >>> environment = raw_env("holdem", seats=2)
        >>> environment.reset(seed=3)
        >>> environment.act(Action.raise_to(250)); environment.table.hand.current_bet
        250
        """
        table = self._table()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            raise IllegalActionError(f"{agent} is terminated: step it with None")
        table.act(self._seat(agent), action)
        self._cumulative_rewards[agent] = 0.0
        self._after_action()
        if self.render_mode == "human":
            self.render()

    def _decoded(self, agent: str, action: Any) -> Action:
        """The engine action of index ``action``, refused unless the mask allows it."""
        index = action_index(action)
        if index is None:
            raise IllegalActionError(
                f"{agent}'s action must be an integer index 0..{self.actions.size - 1}, "
                f"not {action!r}"
            )
        if not 0 <= index < self.actions.size:
            raise IllegalActionError(
                f"{agent}'s action {index} is outside the action space 0..{self.actions.size - 1}"
            )
        hand = self._table().hand
        mask = self.actions.mask(hand)
        if not mask[index]:
            raise IllegalActionError(
                f"{agent} cannot take action {self.actions.describe(index)}: legal now are "
                f"{np.flatnonzero(mask).tolist()}"
            )
        return self.actions.action(index, hand)

    def _after_action(self) -> None:
        """Pays every hand that ended, selects the seat to act, ends the episode when the table
        is over, and ends it for a seat that went bust while the table plays on (it is selected
        first, to be stepped with ``None`` and leave ``agents``, as PettingZoo has it)."""
        table = self._table()
        self._clear_rewards()
        for hand in table.hands[self._paid :]:
            if not hand.is_over:
                break
            for seat, agent in enumerate(self.possible_agents):
                if agent in self.rewards:  # a seat gone bust before is out of every later hand
                    self.rewards[agent] += self._won(hand, seat)
            self._paid += 1
        self._accumulate_rewards()
        if table.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
            return
        self.agent_selection = agent_name(table.to_act)  # type: ignore[arg-type]
        busted = [
            agent
            for agent in self.agents
            if self.game.betting is not None
            and table.stacks[self._seat(agent)] == 0  # no chips when this hand was dealt
            and not self.terminations[agent]
        ]
        for agent in busted:
            self.terminations[agent] = True
        if busted:
            self._deads_step_first()

    def _won(self, hand: Hand, seat: int) -> float:
        """What ``seat`` won in ``hand``: chips (or big blinds); in a game without betting, its
        share of the hand's point less the point's average share (zero-sum, as chips are)."""
        if self.game.betting is None:
            share = 1 / len(hand.winners) if seat in hand.winners else 0.0
            return share - 1 / self.seats
        return (hand.stacks[seat] - hand.start_stacks[seat]) / self.reward_unit

    # ------------------------------------------------------------------ reading

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` observes: its seat's observation and its action mask (all 0 unless
        it is its turn).

        >>> environment = raw_env("holdem", seats=2)
        >>> environment.reset(seed=3)
        >>> environment.observe("player_1")["action_mask"].tolist()
        [0, 0, 0, 0, 0, 0, 0, 0, 0]
        """
        table = self._table()
        seat = self._seat(agent)
        if not table.is_over and table.to_act == seat:
            mask = self.actions.mask(table.hand)
        else:
            mask = np.zeros(self.actions.size, dtype=np.int8)
        return {"observation": self.layout.encode(table.view(seat)), "action_mask": mask}

    def view(self, agent: str) -> HandView:
        """The engine's view of ``agent``'s seat in the current hand (what a CPU player reads).

        >>> environment = raw_env("holdem", seats=2)
        >>> environment.reset(seed=3)
        >>> len(environment.view("player_1").cards)
        2
        """
        return self._table().view(self._seat(agent))

    def render(self) -> str | None:
        """The current hand in text, public facts only (no seat's hidden cards): printed in
        ``human`` mode, returned in ``ansi`` mode.

        >>> environment = raw_env("holdem", seats=2, render_mode="ansi")
        >>> environment.reset(seed=3)
        >>> print(environment.render())
        holdem hand 1, street 0 (bet), pot 150, board -
          player_0: 9950 behind, 50 in, to act
          player_1: 9900 behind, 100 in
        """
        if self.render_mode is None:
            return None
        hand = self._table().hand
        board = " ".join(_card_text(card) for card in hand.board) or "-"
        lines = [
            f"{self.game.name} hand {self._table().round}, street {hand.street} ({hand.phase}), "
            f"pot {hand.pot}, board {board}"
        ]
        for seat, agent in enumerate(self.possible_agents):
            state = "" if hand.live[seat] else ", out"
            if hand.actor == seat:
                state += ", to act"
            cards = zip(hand.cards[seat], hand.face_up[seat], strict=True)
            up = [card for card, face_up in cards if face_up]
            if up:
                state += ", up " + " ".join(_card_text(card) for card in up)
            shown = hand.revealed.get(seat)
            if shown:
                state += ", shows " + " ".join(_card_text(card) for card in shown)
            lines.append(f"  {agent}: {hand.stacks[seat]} behind, {hand.committed[seat]} in{state}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (the table lives in memory).

        >>> raw_env("holdem").close()
        """

    def _seat(self, agent: str) -> int:
        """The seat of ``agent``, refusing a name that is not an agent of the table."""
        if agent not in self.possible_agents:
            raise InvalidArgumentError(
                f"unknown agent {agent!r} (agents: {', '.join(self.possible_agents)})"
            )
        return self.possible_agents.index(agent)

    def _table(self) -> Table:
        if self.table is None:
            raise IllegalActionError("call reset() before using the environment")
        return self.table


def _card_text(card: int) -> str:
    return format_cards([card])


def action_index(action: object) -> int | None:
    """The index ``action`` stands for: a Python or NumPy integer, or a 0-d integer array (what
    Gymnasium's ``Discrete`` space holds, and what a policy's ``predict`` returns); ``None``
    for anything else (a bool, a float, a longer array).

    >>> action_index(3), action_index(np.int64(3)), action_index(np.array(3))
    (3, 3, 3)
    >>> action_index(True), action_index(3.0), action_index(np.array([3]))
    (None, None, None)
    """
    if isinstance(action, np.ndarray) and action.ndim == 0 and action.dtype.kind in "iu":
        return int(action)
    return int(action) if is_integer(action) else None  # type: ignore[call-overload]


def env(game: str | GameSpec = "holdem", **options: Any) -> AECEnv:
    """The environment of ``game`` (:class:`raw_env`'s options) wrapped in PettingZoo's order
    enforcing checks, as PettingZoo's environments are made.

    >>> environment = env("razz", seats=3)
    >>> environment.reset(seed=1)
    >>> environment.unwrapped.game.name, environment.num_agents
    ('razz', 3)
    """
    environment = raw_env(game, **options)
    return wrappers.OrderEnforcingWrapper(environment)
