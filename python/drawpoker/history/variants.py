"""The PHH variants: one entry per variant code, saying which game of the engine plays it and how
the history's fields map to that game's settings (and back).

The standard's codes (``NT``, ``PO``, ``FO/8``, ``F7S``, ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``,
``FB``, and ``FT``, ``NS``) keep the fields the standard requires of them. Five-Card Draw has no
code in the standard (which adds codes need by need), so drawpoker writes it ``_5CD``: a leading
underscore, as the standard asks of user-defined fields, so that it never clashes with a code a
later version adds. Its ``antes`` are the ante (every seat the same); its other settings are
user-defined fields named after them: ``_mode``, ``_draw_limit``, ``_opening``,
``_second_round`` and ``_joker`` (:class:`~drawpoker.games.DrawSettings`).

A new game of the engine is one entry here (its ``settings`` and ``fields`` functions) and its
tests; until then its histories read and show, and replaying one raises
:class:`~drawpoker.errors.UnsupportedVariantError` naming the variant.

>>> VARIANTS["NT"].game, VARIANTS["NT"].required
('holdem', ('antes', 'blinds_or_straddles', 'min_bet'))
>>> [code for code, variant in VARIANTS.items() if variant.plays]
['NT', '_5CD']
>>> variant_of(game("five-card-draw")).code
'_5CD'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from drawpoker.errors import HistoryError, UnsupportedVariantError
from drawpoker.games import GAMES, DrawSettings, GameSpec, game

BUTTON_FORCED = ("antes", "blinds_or_straddles")
"""Arrays of forced bets given by position, reversed heads-up by rule (the standard's
``antes`` and ``blinds_or_straddles``)."""


@dataclass(frozen=True)
class Variant:
    """One PHH variant: its ``code`` and ``title``; ``game``, the name of the engine's game that
    plays it (:data:`drawpoker.games.GAMES`); ``required``, the fields the variant needs besides
    ``variant``, ``starting_stacks`` and ``actions``; ``settings``, a history's fields and player
    count to the game's settings (``None`` until the engine plays the variant); ``fields``, a
    spec of the game and the player count to the history's fields.

    >>> VARIANTS["_5CD"].title
    'Five-Card Draw (drawpoker)'
    """

    code: str
    title: str
    game: str
    required: tuple[str, ...]
    settings: Callable[[Mapping[str, Any], int], dict[str, Any]] | None = None
    fields: Callable[[GameSpec, int], dict[str, Any]] | None = None

    @property
    def plays(self) -> bool:
        """Whether the engine plays the variant (its game is registered and mapped).

        >>> VARIANTS["NT"].plays, VARIANTS["PO"].plays
        (True, False)
        """
        return self.settings is not None and self.game in GAMES

    def spec(self, values: Mapping[str, Any], players: int) -> GameSpec:
        """The game spec of a history with these field ``values`` and ``players``; raises
        :class:`~drawpoker.errors.UnsupportedVariantError` when the engine does not play the
        variant, :class:`~drawpoker.errors.HistoryError` naming the field its game cannot play.

        >>> VARIANTS["NT"].spec({"antes": [0, 0], "blinds_or_straddles": [1, 2], "min_bet": 2},
        ...                     2).forced
        ForcedBets(ante=0, small_blind=1, big_blind=2, big_blind_ante=0, bring_in=0)
        >>> VARIANTS["PO"].spec({}, 2)
        Traceback (most recent call last):
        ...
        drawpoker.errors.UnsupportedVariantError: variant 'PO' (pot-limit Omaha hold 'em): the \
engine does not play it yet
        """
        if self.settings is None or self.game not in GAMES:
            raise UnsupportedVariantError(
                f"variant {self.code!r} ({self.title}): the engine does not play it yet"
            )
        settings = self.settings(values, players)
        return _spec(self.game, tuple(sorted(settings.items())))


@lru_cache(maxsize=256)
def _spec(name: str, settings: tuple[tuple[str, Any], ...]) -> GameSpec:
    """The spec of a game with these settings, made once (a spec compiles the engine's rules)."""
    try:
        return game(name, dict(settings))
    except HistoryError:
        raise
    except ValueError as error:
        raise HistoryError(
            f"the {name} settings {dict(settings)} are not playable: {error}"
        ) from None


def positional(values: Sequence[int], players: int) -> list[int]:
    """A forced-bet array by player (p1 first), as the standard gives it by position: reversed
    heads-up, where p1 is the big blind (and pays a big-blind ante written ``[0, X]``).

    >>> positional([1, 2], 2), positional([1, 2, 0], 3)
    ([2, 1], [1, 2, 0])
    """
    return list(values)[::-1] if players == 2 else list(values)


def _chips(values: Mapping[str, Any], name: str) -> int:
    value = values.get(name)
    if type(value) is not int or value < 0:
        raise HistoryError(f"field {name!r} must be a whole number of chips, not {value!r}")
    return value


def _chip_list(values: Mapping[str, Any], name: str, players: int) -> list[int]:
    value = values.get(name)
    if (
        not isinstance(value, list)
        or len(value) != players
        or not all(type(v) is int and v >= 0 for v in value)
    ):
        raise HistoryError(
            f"field {name!r} must list {players} whole numbers of chips, one a player, "
            f"not {value!r}"
        )
    return value


def _antes(values: Mapping[str, Any], players: int) -> tuple[int, int]:
    """A button game's ante for every seat and big-blind ante, from ``antes``.

    The engine counts an ante from every seat with the seat's other chips (the standard's
    ``ante_trimming_status = true``); untrimmed antes play the same unless a stack is shorter
    than the ante, which is refused. A big-blind ante is dead money in the main pot (untrimmed).
    """
    antes = _chip_list(values, "antes", players)
    trimming = values.get("ante_trimming_status", False)
    if not any(antes):
        return 0, 0
    if len(set(antes)) == 1:
        stacks = values.get("starting_stacks") or ()
        if not trimming and any(type(s) is int and s < antes[0] for s in stacks):
            raise HistoryError(
                "field 'ante_trimming_status' false with a stack shorter than the ante: the "
                "engine counts antes with each seat's other chips (ante_trimming_status = true)"
            )
        return antes[0], 0
    if antes[1] and not antes[0] and not any(antes[2:]):
        if trimming:
            raise HistoryError(
                "field 'ante_trimming_status': the engine plays a big-blind ante as dead money "
                "in the main pot (ante_trimming_status = false)"
            )
        return 0, antes[1]
    raise HistoryError(
        f"field 'antes' {antes}: the engine plays an ante from every seat or a big-blind ante "
        "([0, X, 0, ...])"
    )


def _holdem_settings(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    blinds = _chip_list(values, "blinds_or_straddles", players)
    small, big = blinds[0], blinds[1]
    if any(blinds[2:]) or not 0 < small <= big:
        raise HistoryError(
            f"field 'blinds_or_straddles' {blinds}: the engine plays a small and a big blind "
            "([small, big, 0, ...]), no straddles"
        )
    if _chips(values, "min_bet") != big:
        raise HistoryError(
            f"field 'min_bet' {values['min_bet']}: the engine's minimum bet is the big blind "
            f"({big})"
        )
    ante, big_blind_ante = _antes(values, players)
    return {"small_blind": small, "big_blind": big, "ante": ante, "big_blind_ante": big_blind_ante}


def _holdem_fields(spec: GameSpec, players: int) -> dict[str, Any]:
    forced = spec.forced
    antes = [forced.ante] * players
    if forced.big_blind_ante:
        antes = [0, forced.big_blind_ante] + [0] * (players - 2)
    return {
        # A uniform ante counts with each seat's other chips (docs/engine.md): the standard's
        # trimmed antes. A big-blind ante is dead money in the main pot: untrimmed.
        "ante_trimming_status": bool(forced.ante),
        "antes": antes,
        "blinds_or_straddles": [forced.small_blind, forced.big_blind] + [0] * (players - 2),
        "min_bet": forced.big_blind,
    }


DRAW_CUSTOM = tuple(f.name for f in fields(DrawSettings) if f.name != "ante")
"""Five-Card Draw's settings written as user-defined fields (``_`` + the setting's name); the ante
is the standard's ``antes``."""


def _draw_settings(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    antes = _chip_list(values, "antes", players)
    settings: dict[str, Any] = {}
    for name in DRAW_CUSTOM:
        if f"_{name}" not in values:
            raise HistoryError(f"missing field '_{name}' (variant '_5CD')")
        settings[name] = values[f"_{name}"]
    betting = settings["mode"] == "betting"
    if len(set(antes)) != 1 or (antes[0] == 0) == betting:
        need = "the same positive ante for every player" if betting else "zeros (no-bet mode)"
        raise HistoryError(f"field 'antes' {antes}: Five-Card Draw's antes are {need}")
    if betting:
        settings["ante"] = antes[0]
    return settings


def _draw_fields(spec: GameSpec, players: int) -> dict[str, Any]:
    settings = spec.settings.to_dict()
    ante = settings["ante"] if spec.betting is not None else 0
    return {"antes": [ante] * players} | {f"_{name}": settings[name] for name in DRAW_CUSTOM}


def _entry(
    code: str,
    title: str,
    name: str,
    required: tuple[str, ...],
    settings: Callable[[Mapping[str, Any], int], dict[str, Any]] | None = None,
    fields_of: Callable[[GameSpec, int], dict[str, Any]] | None = None,
) -> tuple[str, Variant]:
    return code, Variant(code, title, name, required, settings, fields_of)


_BLINDS_NO_LIMIT = ("antes", "blinds_or_straddles", "min_bet")
_BLINDS_FIXED = ("antes", "blinds_or_straddles", "small_bet", "big_bet")
_STUD = ("antes", "bring_in", "small_bet", "big_bet")

VARIANTS: dict[str, Variant] = dict(
    [
        _entry("FT", "fixed-limit Texas hold 'em", "holdem", _BLINDS_FIXED),
        _entry(
            "NT",
            "no-limit Texas hold 'em",
            "holdem",
            _BLINDS_NO_LIMIT,
            _holdem_settings,
            _holdem_fields,
        ),
        _entry("NS", "no-limit short-deck hold 'em", "short-deck", _BLINDS_NO_LIMIT),
        _entry("PO", "pot-limit Omaha hold 'em", "omaha", _BLINDS_NO_LIMIT),
        _entry(
            "FO/8",
            "fixed-limit Omaha hold 'em high/low-split eight or better",
            "omaha-hi-lo",
            _BLINDS_FIXED,
        ),
        _entry("F7S", "fixed-limit seven card stud", "stud", _STUD),
        _entry(
            "F7S/8",
            "fixed-limit seven card stud high/low-split eight or better",
            "stud-hi-lo",
            _STUD,
        ),
        _entry("FR", "fixed-limit razz", "razz", _STUD),
        _entry(
            "N2L1D",
            "no-limit deuce-to-seven lowball single draw",
            "2-7-single-draw",
            _BLINDS_NO_LIMIT,
        ),
        _entry(
            "F2L3D",
            "fixed-limit deuce-to-seven lowball triple draw",
            "2-7-triple-draw",
            _BLINDS_FIXED,
        ),
        _entry("FB", "fixed-limit badugi", "badugi", _BLINDS_FIXED),
        _entry(
            "_5CD",
            "Five-Card Draw (drawpoker)",
            "five-card-draw",
            ("antes", *(f"_{name}" for name in DRAW_CUSTOM)),
            _draw_settings,
            _draw_fields,
        ),
    ]
)
"""Every variant by code: the standard's, then drawpoker's own (``_5CD``)."""


def variant_of(spec: GameSpec) -> Variant:
    """The variant a hand of ``spec`` is written as (raises
    :class:`~drawpoker.errors.HistoryError` for a game no variant writes yet).

    >>> variant_of(game("holdem")).code
    'NT'
    """
    variant = _WRITTEN_AS.get(spec.name)
    if variant is None:
        raise HistoryError(f"no hand history variant writes the game {spec.name!r} yet")
    return variant


_WRITTEN_AS: dict[str, Variant] = {}
"""The variant each game is written as: the first entry of :data:`VARIANTS` that writes it."""
for _variant in VARIANTS.values():
    if _variant.fields is not None:
        _WRITTEN_AS.setdefault(_variant.game, _variant)
