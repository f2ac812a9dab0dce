"""CPU players: for each game, a check/call player, a rules-of-thumb player and a strong one.
Each decides from its seat's view alone (:class:`~drawpoker.games.HandView`) and is seeded, so a
table of CPU players replays exactly.

>>> type(make_bot("rules", seed=3)).__name__
'RulesOfThumbBot'
>>> type(make_bot("rules", seed=3, game="holdem")).__name__
'HoldemRulesBot'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drawpoker.bots.basic import CheckCallBot, SeededBot
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
from drawpoker.errors import InvalidArgumentError
from drawpoker.games.player import Player

BOT_KINDS = ("checkcall", "rules", "strong")
"""The CPU player types every game has."""

BOTS: dict[str, dict[str, Callable[[int], Player]]] = {
    "five-card-draw": {
        "checkcall": lambda seed: CheckCallBot(),
        "rules": lambda seed: RulesOfThumbBot(seed=seed),
        "strong": lambda seed: StrongBot(seed=seed),
    },
    "holdem": {
        "checkcall": lambda seed: CheckCallBot(),
        "rules": lambda seed: HoldemRulesBot(seed=seed),
        "strong": lambda seed: HoldemStrongBot(seed=seed),
    },
}
"""CPU player types by game and name."""

_SEEDED: dict[tuple[str, str], type[SeededBot]] = {
    (cls.game, cls.kind): cls
    for cls in (RulesOfThumbBot, StrongBot, HoldemRulesBot, HoldemStrongBot)
}


def make_bot(kind: str, seed: int = 0, game: str = "five-card-draw") -> Player:
    """A CPU player of type ``kind`` (one of :data:`BOT_KINDS`) for the game named ``game``.

    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: unknown CPU player 'genius' (known: checkcall, ...)
    """
    if game not in BOTS:
        raise InvalidArgumentError(
            f"no CPU players for the game {game!r} (known: {', '.join(BOTS)})"
        )
    if kind not in BOTS[game]:
        raise InvalidArgumentError(f"unknown CPU player {kind!r} (known: {', '.join(BOT_KINDS)})")
    return BOTS[game][kind](seed)


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
    cls = _SEEDED.get((data["game"], data["kind"]))
    if cls is None:
        raise InvalidArgumentError(f"unknown saved CPU player {data['kind']!r} of {data['game']!r}")
    bot: Player = cls.from_dict(data)
    return bot


__all__ = [
    "BOTS",
    "BOT_KINDS",
    "CheckCallBot",
    "DrawAdvisor",
    "HoldemRulesBot",
    "HoldemStrongBot",
    "RulesOfThumbBot",
    "StrongBot",
    "exact_draw",
    "hand_category",
    "jacks_threshold",
    "make_bot",
    "restore_bot",
    "saved_bot",
    "tips_discards",
]
