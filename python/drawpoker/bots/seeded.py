"""The rules-of-thumb and strong CPU players of every game, found by game and kind; the
registry (:mod:`drawpoker.bots`) and the simple strategies that draw like the rules-of-thumb
player (:mod:`drawpoker.bots.simple`) both look them up here.

>>> type(seeded_bot("rules", 3, "holdem")).__name__
'HoldemRulesBot'
"""

from __future__ import annotations

from drawpoker.bots.basic import SeededBot
from drawpoker.bots.draw import RulesOfThumbBot, StrongBot
from drawpoker.bots.holdem import HoldemRulesBot, HoldemStrongBot
from drawpoker.bots.lowball import LowballRulesBot, LowballStrongBot
from drawpoker.bots.omaha import OmahaRulesBot, OmahaStrongBot
from drawpoker.bots.seating import prepare
from drawpoker.bots.stud import StudRulesBot, StudStrongBot

SEEDED_BOTS: tuple[type[SeededBot], ...] = (
    RulesOfThumbBot,
    StrongBot,
    HoldemRulesBot,
    HoldemStrongBot,
    OmahaRulesBot,
    OmahaStrongBot,
    LowballRulesBot,
    LowballStrongBot,
    StudRulesBot,
    StudStrongBot,
)
"""Every rules-of-thumb and strong CPU player class; each says its kind and its games."""

SEEDED_BY_GAME: dict[tuple[str, str], type[SeededBot]] = {
    (name, cls.kind): cls for cls in SEEDED_BOTS for name in cls.games
}
"""Each class of :data:`SEEDED_BOTS` by ``(game name, kind)``.

>>> SEEDED_BY_GAME["razz", "strong"].__name__
'StudStrongBot'
"""


def seeded_bot(kind: str, seed: int, game: str) -> SeededBot | None:
    """The ``kind`` player (``"rules"`` or ``"strong"``) of the game named ``game`` seeded with
    ``seed``, its game's tables readied (:func:`~drawpoker.bots.seating.prepare`); ``None``
    when the game has no such player.

    >>> seeded_bot("strong", 1, "a game nobody wrote a player for") is None
    True
    """
    cls = SEEDED_BY_GAME.get((game, kind))
    if cls is None:
        return None
    prepare(game)
    return cls(seed=seed)
