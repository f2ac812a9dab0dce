"""A trained single-draw policy as a CPU player: :class:`PolicyPlayer` reads only its seat's
view (``choose(view)``, the interface every CPU player has), turns it into the observation the
policy was trained on (``ObservationLayout.encode``) and plays the table's abstract action.

With ``examples/rl`` on ``PYTHONPATH`` it plays in a duplicate match and at the terminal:

    PYTHONPATH=examples/rl drawpoker match 2-7-single-draw policy_player:PolicyPlayer rules
    PYTHONPATH=examples/rl drawpoker play --game 2-7-single-draw --players 2 \
        --cpu policy_player:PolicyPlayer

``PolicyPlayer`` loads ``single_draw_policy.npz`` beside this file (``DRAWPOKER_POLICY`` names
another); :func:`loader` makes players of any saved file.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game(GAME), [10_000, 10_000], seed=2)
>>> action = PolicyPlayer(seed=0).choose(hand.view(hand.actor))
>>> hand.why_illegal(action) is None
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
from abstraction import GAME, Abstraction
from drawpoker.engine import game
from drawpoker.engine.actions import CALL, CHECK, FOLD, Action
from drawpoker.engine.events import HandView
from drawpoker.errors import InvalidArgumentError
from drawpoker.rl import ActionSpace, ObservationLayout
from drawpoker.rl.actions import all_in_total, size_total
from train_cfr import Policy

POLICY = Path(
    os.environ.get("DRAWPOKER_POLICY", Path(__file__).with_name("single_draw_policy.npz"))
)
"""The policy file :class:`PolicyPlayer` plays by default."""


@cache
def _saved(path: Path) -> Policy:
    return Policy.load(path)


def view_mask(view: HandView, actions: ActionSpace) -> np.ndarray:
    """The engine action indices the seat may take, read from its view alone (its legal
    actions; in the draw, any set of at most ``max_discards`` of its cards).

    >>> from drawpoker.engine import Hand
    >>> spec = game(GAME)
    >>> hand = Hand(spec, [10_000, 10_000], seed=2)
    >>> view_mask(hand.view(hand.actor), ActionSpace(spec))[:9].astype(int).tolist()
    [1, 1, 1, 0, 0, 0, 1, 1, 1]
    """
    mask = np.zeros(actions.size, dtype=np.bool_)
    legal = view.legal
    if legal is None:
        return mask
    if view.phase == "draw":
        for bits in range(2 ** len(view.cards)):
            mask[actions.first_discard + bits] = bits.bit_count() <= legal.max_discards
        return mask
    mask[0] = "fold" in legal.kinds
    mask[1] = bool({"check", "call", "bring-in"} & set(legal.kinds))
    if "bet" in legal.kinds or "raise" in legal.kinds:
        whole = all_in_total(view.stacks, view.bets, view.seat)
        for offset, name in enumerate(actions.sizes):
            mask[actions.first_size + offset] = size_total(name, legal, whole) is not None
    return mask


class PolicyPlayer:
    """Plays heads-up 2-7 single draw by a trained table (``policy``: a :class:`Policy`, else
    the file :data:`POLICY`), drawing each action from the average strategy with a generator
    seeded by ``seed``. At an information set training never reached it checks or calls, and
    draws by the example's rule.

    >>> PolicyPlayer(seed=1).kind
    'policy'
    """

    kind = "policy"
    games = (GAME,)
    """The games it plays as a site CPU type (``drawpoker serve --cpu-type``)."""

    def __init__(self, seed: int = 0, policy: Policy | None = None) -> None:
        self.policy = policy if policy is not None else _saved(POLICY)
        spec = game(GAME)
        self.actions = ActionSpace(spec)
        self.layout = ObservationLayout(spec, 2)
        self.abstraction = Abstraction(self.layout, self.actions)
        self.rng = np.random.default_rng(seed)

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is (only its view is read)."""
        if view.game.name != GAME or view.seats != 2:
            raise InvalidArgumentError(
                f"this policy plays heads-up {GAME}, not {view.game.name} at {view.seats} seats"
            )
        observation = self.layout.encode(view)[None, :]
        mask = view_mask(view, self.actions)[None, :]
        keys, legal, engine = self.abstraction.situations(observation, mask)
        weights = self.policy.strategy[keys[0]] * legal[0]
        if weights.sum() > 0:
            choice = int(self.rng.choice(len(weights), p=weights / weights.sum()))
        else:
            choice = 1 if legal[0, 1] else 0
        return self._action(view, int(engine[0, choice]))

    def _action(self, view: HandView, index: int) -> Action:
        legal = view.legal
        assert legal is not None  # it is the seat's turn
        if index >= self.actions.first_discard:
            bits = index - self.actions.first_discard
            return Action.draw(card for i, card in enumerate(view.cards) if bits >> i & 1)
        if index == 0:
            return FOLD
        if index == 1:
            return CHECK if "check" in legal.kinds else CALL
        whole = all_in_total(view.stacks, view.bets, view.seat)
        total = size_total(self.actions.names[index], legal, whole)
        assert total is not None  # the mask allowed it
        return Action("bet" if "bet" in legal.kinds else "raise", total)


def loader(path: str | Path) -> Callable[..., PolicyPlayer]:
    """A maker of players of the policy saved at ``path`` (for ``drawpoker.match``: a callable
    taking ``seed``, named ``policy``)."""
    policy = Policy.load(path)

    def policy_player(seed: int = 0) -> PolicyPlayer:
        return PolicyPlayer(seed=seed, policy=policy)

    policy_player.__name__ = "policy"
    return policy_player
