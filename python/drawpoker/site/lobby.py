"""The lobby's side of the server: every registered game with its settings and CPU players, read
from the games themselves (:func:`catalogue`), and the request for a new table, checked
(:func:`parse_new_table`). A game added to :data:`drawpoker.engine.GAMES` appears here with its
settings (each field of its settings dataclass, with the help and choices of
:func:`drawpoker.engine.spec.setting`) without a change to the site.

>>> [game["name"] for game in catalogue()]  # doctest: +NORMALIZE_WHITESPACE
['five-card-draw', 'holdem', 'omaha', 'omaha-hi-lo', 'stud', 'razz', 'stud-hi-lo',
 '2-7-single-draw', '2-7-triple-draw', 'badugi', 'short-deck']
>>> request = parse_new_table({"game": "holdem", "seats": ["person", "cpu:rules"]})
>>> request.game.forced.big_blind, request.seats, request.settings.rounds
(100, (None, 'rules'), 10)
"""

from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, fields
from typing import Any

from drawpoker.bots import bot_kinds
from drawpoker.engine import GAMES, GameSpec, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.table import TURN_TIMERS, TableSettings

MAX_ROUNDS = 1000
"""The most rounds a table may be set to play."""

TIMER_CHOICES = (None, *TURN_TIMERS)
"""The turn timers the lobby offers and the server takes, in seconds (``None``: no timer,
R-TABLE-4)."""

REQUEST_FIELDS = ("game", "settings", "seats", "stack", "rounds", "turn_timer", "private")
"""The fields of a new-table request."""


SETTING_WORDS: dict[str, tuple[str, dict[str, str]]] = {
    "mode": ("Mode", {"betting": "betting", "no-bet": "no betting (hands compared only)"}),
    "ante": ("Ante", {}),
    "draw_limit": (
        "Draw limit",
        {
            "3": "up to 3 cards",
            "3-or-4-with-ace": "up to 3, or 4 keeping an ace or the joker",
            "5": "up to 5 cards",
        },
    ),
    "opening": ("Opening", {"none": "anyone may open", "jacks": "jacks or better to open"}),
    "second_round": (
        "Second betting round starts with",
        {"opener": "the opener", "left-of-dealer": "the first player left of the dealer"},
    ),
    "joker": ("Joker", {}),
    "small_blind": ("Small blind", {}),
    "big_blind": ("Big blind", {}),
    "big_blind_ante": ("Big-blind ante", {}),
    "betting": ("Betting", {"pot-limit": "pot limit", "fixed-limit": "fixed limit"}),
    "heads_up_uncapped": ("No raise cap with two players", {}),
    "small_bet": ("Small bet", {}),
    "big_bet": ("Big bet", {}),
    "bring_in": ("Bring-in", {}),
}
"""Each game setting's label in words and its choices in words, as the lobby shows them (the
words of the rules pages; a setting missing here is shown by its name, its choices as they
are)."""


def cpu_kinds(name: str) -> list[str]:
    """The CPU player types that play the game ``name`` (the check/call player plays any game).

    >>> cpu_kinds("holdem")
    ['checkcall', 'rules', 'strong', 'maniac', 'station', 'stabber', 'min-raiser']
    """
    return list(bot_kinds(name))


def _setting_type(setting: Field[Any]) -> str:
    default = setting.default
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int):
        return "int"
    return "str"


def setting_json(setting: Field[Any]) -> dict[str, Any]:
    """One setting of a game as the lobby shows it: its name, its label and its choices in
    words (:data:`SETTING_WORDS`), type (``int``, ``bool`` or ``str``), default, help and
    choices.

    >>> from drawpoker.engine import DrawSettings
    >>> draw_limit = setting_json(fields(DrawSettings)[2])
    >>> draw_limit["label"], draw_limit["choices"], draw_limit["default"]
    ('Draw limit', ['3', '3-or-4-with-ace', '5'], '3-or-4-with-ace')
    >>> draw_limit["choice_labels"][1]
    'up to 3, or 4 keeping an ace or the joker'
    """
    choices = setting.metadata.get("choices")
    label, words = SETTING_WORDS.get(setting.name, (setting.name.replace("_", " "), {}))
    return {
        "name": setting.name,
        "label": label,
        "choice_labels": None if choices is None else [words.get(c, c) for c in choices],
        "type": _setting_type(setting),
        "default": None if setting.default is MISSING else setting.default,
        "help": setting.metadata.get("help", ""),
        "choices": None if choices is None else list(choices),
    }


def catalogue() -> list[dict[str, Any]]:
    """Every registered game: name, title, seats, default stack, its settings, its CPU player
    types, and whether its default settings bet chips; plus the table's own settings.

    >>> holdem = catalogue()[1]
    >>> holdem["seats"], holdem["default_stack"], [s["name"] for s in holdem["settings"]]
    ([2, 10], 10000, ['small_blind', 'big_blind', 'ante', 'big_blind_ante'])
    """
    games = []
    for name, kind in GAMES.items():
        spec = game(name)
        games.append(
            {
                "name": name,
                "title": kind.title,
                "seats": list(spec.seats),
                "default_stack": spec.default_stack,
                "settings": [setting_json(f) for f in fields(kind.settings)],
                "cpu": cpu_kinds(name),
                "table": {
                    "rounds": TableSettings().rounds,
                    "max_rounds": MAX_ROUNDS,
                    "timers": list(TIMER_CHOICES),
                },
            }
        )
    return games


@dataclass(frozen=True)
class NewTable:
    """A checked request for a table: the game's spec, the table settings, and for each seat
    ``None`` (a person's seat, open until someone takes it) or the CPU player's type.

    >>> NewTable(game("holdem"), TableSettings(), (None, "rules")).seats
    (None, 'rules')
    """

    game: GameSpec
    settings: TableSettings
    seats: tuple[str | None, ...]
    private: bool = False
    """A private table is not listed in the lobby: only its link leads to it."""

    def to_dict(self) -> dict[str, Any]:
        """The request as plain data (what :func:`parse_new_table` reads back).

        >>> parse_new_table(NewTable(game("holdem"), TableSettings(), (None, "rules")).to_dict())
        NewTable(game=..., settings=TableSettings(stack=None, rounds=10, turn_timer=None), \
seats=(None, 'rules'), private=False)
        """
        return {
            "game": self.game.name,
            "settings": self.game.settings.to_dict(),
            "seats": ["person" if kind is None else f"cpu:{kind}" for kind in self.seats],
            "stack": self.settings.stack,
            "rounds": self.settings.rounds,
            "turn_timer": self.settings.turn_timer,
            "private": self.private,
        }


def _game_settings(name: str, given: object) -> GameSpec:
    if given is None:
        return game(name)
    if not isinstance(given, dict):
        raise InvalidArgumentError("settings must be an object of setting names and values")
    known = {f.name: f for f in fields(GAMES[name].settings)}
    for key, value in given.items():
        if key not in known:
            raise InvalidArgumentError(
                f"unknown {name} setting {key!r} (known: {', '.join(known)})"
            )
        kind = _setting_type(known[key])
        ok = {
            "bool": type(value) is bool,
            "int": type(value) is int,
            "str": isinstance(value, str),
        }[kind]
        if not ok:
            words = {"bool": "true or false", "int": "a whole number", "str": "a string"}[kind]
            raise InvalidArgumentError(f"setting {key} must be {words}, not {value!r}")
        choices = known[key].metadata.get("choices")
        if choices is not None and value not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise InvalidArgumentError(f"setting {key} must be one of {allowed}, not {value!r}")
    return game(name, given)


def _seat(entry: object, name: str) -> str | None:
    if entry == "person":
        return None
    if isinstance(entry, str) and entry.startswith("cpu:"):
        kind = entry[4:]
        if kind in cpu_kinds(name):
            return kind
        known = ", ".join(cpu_kinds(name)) or "none yet"
        raise InvalidArgumentError(f"{name} has no CPU player {kind!r} (known: {known})")
    raise InvalidArgumentError(f'a seat is "person" or "cpu:TYPE", not {entry!r}')


def _optional_int(name: str, value: object, low: int, high: int) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise InvalidArgumentError(f"{name} must be a whole number {low}..{high}, not {value!r}")
    return value


def _turn_timer(value: object) -> int | None:
    """The request's turn timer: ``null`` or one of :data:`TIMER_CHOICES` (an int in JSON)."""
    if value is not None and (type(value) is not int or value not in TIMER_CHOICES):
        offered = ", ".join("null" if t is None else str(t) for t in TIMER_CHOICES)
        raise InvalidArgumentError(f"turn_timer must be one of {offered} (seconds), not {value!r}")
    return value


def parse_new_table(data: object) -> NewTable:
    """The lobby's request, checked: the game, its settings (names, types and choices as its
    settings dataclass says, then the game's own checks), the seats (within the game's seat
    range, at least one for a person), the starting stack, the rounds and the turn timer.
    Anything wrong raises :class:`~drawpoker.errors.InvalidArgumentError` naming it.

    >>> parse_new_table({"game": "five-card-draw", "seats": ["cpu:rules", "cpu:strong"]})
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: a table needs at least one seat for a person
    >>> parse_new_table({"game": "five-card-draw", "settings": {"ante": "10"}, "seats": []})
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: setting ante must be a whole number, not '10'
    """
    if not isinstance(data, dict):
        raise InvalidArgumentError("a new table is a JSON object")
    unknown = sorted(set(data) - set(REQUEST_FIELDS))
    if unknown:
        raise InvalidArgumentError(f"unknown fields {unknown} (known: {', '.join(REQUEST_FIELDS)})")
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidArgumentError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    spec = _game_settings(name, data.get("settings"))
    entries = data.get("seats")
    if not isinstance(entries, list):
        raise InvalidArgumentError('seats must be a list of "person" or "cpu:TYPE"')
    seats = tuple(_seat(entry, name) for entry in entries)
    low, high = spec.seats
    if not low <= len(seats) <= high:
        raise InvalidArgumentError(f"{name} is played by {low} to {high} seats, not {len(seats)}")
    if None not in seats:
        raise InvalidArgumentError("a table needs at least one seat for a person")
    private = data.get("private", False)
    if type(private) is not bool:
        raise InvalidArgumentError(f"private must be true or false, not {private!r}")
    settings = TableSettings(
        stack=_optional_int("stack", data.get("stack"), 1, 2**53 - 1),
        rounds=_optional_int("rounds", data.get("rounds"), 1, MAX_ROUNDS) or TableSettings().rounds,
        turn_timer=_turn_timer(data.get("turn_timer")),
    )
    return NewTable(spec, settings, seats, private)
