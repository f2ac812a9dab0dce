"""The PHH variants: one entry per variant code, saying which game of the engine plays it and how
the history's fields map to that game's settings (and back).

The standard's codes keep the fields the standard requires of them (``required.rst``): ``NT``
(no-limit Hold'em), ``NS`` (no-limit short-deck Hold'em), ``PO`` (pot-limit Omaha), ``FO/8``
(fixed-limit Omaha Hi/Lo), ``F7S``, ``F7S/8``, ``FR`` (fixed-limit stud, stud hi/lo, razz),
``N2L1D`` (no-limit 2-7 single draw), ``F2L3D`` (fixed-limit 2-7 triple draw), ``FB``
(fixed-limit badugi); ``FT`` is known but no game of the engine plays it. Five-Card Draw has
no code in the standard (which adds codes need by need), so drawpoker writes it ``_5CD``: a
leading underscore, as the standard asks of user-defined fields, so that it never clashes
with a code a later version adds. Its ``antes`` are the ante (every seat the same); its other
settings are user-defined fields named after them: ``_mode``, ``_draw_limit``, ``_opening``,
``_second_round`` and ``_joker`` (:class:`~drawpoker.engine.DrawSettings`). A fixed-limit game's
heads-up option (no cap in a round that starts heads-up) has no standard field either: it is
``_heads_up_uncapped = true`` when set.

A new game of the engine is one entry here (its ``settings`` and ``fields`` functions) and its
tests; until then its histories read and show, and replaying one raises
:class:`~drawpoker.errors.UnsupportedVariantError` naming the variant.

>>> VARIANTS["NT"].game, VARIANTS["NT"].required
('holdem', ('antes', 'blinds_or_straddles', 'min_bet'))
>>> [code for code, variant in VARIANTS.items() if not variant.plays]
['FT']
>>> variant_of(game("five-card-draw")).code, variant_of(game("razz")).code
('_5CD', 'FR')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any

from drawpoker.engine import GAMES, DrawSettings, GameSpec, game
from drawpoker.engine.betting import FixedLimit, NoLimit, PotLimit
from drawpoker.errors import HistoryError, UnsupportedVariantError


@dataclass(frozen=True)
class Variant:
    """One PHH variant: its ``code`` and ``title``; ``game``, the name of the engine's game that
    plays it (:data:`drawpoker.engine.GAMES`); ``required``, the fields the variant needs besides
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

        >>> VARIANTS["PO"].plays, VARIANTS["FT"].plays
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
        >>> VARIANTS["FT"].spec({}, 2)
        Traceback (most recent call last):
        ...
        drawpoker.errors.UnsupportedVariantError: variant 'FT' (fixed-limit Texas hold 'em): the \
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


def _antes(
    values: Mapping[str, Any], players: int, big_blind_ante: bool = False
) -> tuple[int, int]:
    """A game's ante for every seat and (with ``big_blind_ante``, Hold'em) big-blind ante,
    from ``antes``.

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
    if big_blind_ante and antes[1] and not antes[0] and not any(antes[2:]):
        if trimming:
            raise HistoryError(
                "field 'ante_trimming_status': the engine plays a big-blind ante as dead money "
                "in the main pot (ante_trimming_status = false)"
            )
        return 0, antes[1]
    also = " or a big-blind ante ([0, X, 0, ...])" if big_blind_ante else ""
    raise HistoryError(f"field 'antes' {antes}: the engine plays an ante from every seat{also}")


def _blinds(values: Mapping[str, Any], players: int) -> tuple[int, int]:
    """The small and the big blind, from ``blinds_or_straddles`` (no straddles)."""
    blinds = _chip_list(values, "blinds_or_straddles", players)
    small, big = blinds[0], blinds[1]
    if any(blinds[2:]) or not 0 < small <= big:
        raise HistoryError(
            f"field 'blinds_or_straddles' {blinds}: the engine plays a small and a big blind "
            "([small, big, 0, ...]), no straddles"
        )
    return small, big


def _min_bet(values: Mapping[str, Any], big: int) -> None:
    """No limit and pot limit: the minimum bet is the big blind."""
    if _chips(values, "min_bet") != big:
        raise HistoryError(
            f"field 'min_bet' {values['min_bet']}: the engine's minimum bet is the big blind "
            f"({big})"
        )


def _bets(values: Mapping[str, Any]) -> tuple[int, int]:
    """Fixed limit: the small and the big bet."""
    small, big = _chips(values, "small_bet"), _chips(values, "big_bet")
    if not 0 < small <= big:
        raise HistoryError(
            f"fields 'small_bet' {small} and 'big_bet' {big}: the small bet is positive and "
            "not more than the big bet"
        )
    return small, big


def _uncapped(values: Mapping[str, Any]) -> bool:
    value = values.get("_heads_up_uncapped", False)
    if type(value) is not bool:
        raise HistoryError(f"field '_heads_up_uncapped' must be a boolean, not {value!r}")
    return value


def _blind_game_fields(spec: GameSpec, players: int) -> dict[str, Any]:
    """A button game's fields: every seat's ante (trimmed: the engine counts an ante with each
    seat's other chips, docs/engine.md) or a big-blind ante (dead money in the main pot:
    untrimmed), the blinds, and the betting structure's fields."""
    forced = spec.forced
    antes = [forced.ante] * players
    if forced.big_blind_ante:
        antes = [0, forced.big_blind_ante] + [0] * (players - 2)
    return {
        "ante_trimming_status": bool(forced.ante),
        "antes": antes,
        "blinds_or_straddles": [forced.small_blind, forced.big_blind] + [0] * (players - 2),
    } | _bet_fields(spec)


def _bet_fields(spec: GameSpec) -> dict[str, Any]:
    """A betting structure's fields: ``min_bet``, or fixed limit's bets (and the heads-up
    option, user-defined, when set)."""
    betting = spec.betting
    if isinstance(betting, FixedLimit):
        uncapped = {"_heads_up_uncapped": True} if betting.heads_up_uncapped else {}
        return {"small_bet": betting.small, "big_bet": betting.big} | uncapped
    assert isinstance(betting, NoLimit | PotLimit)
    return {"min_bet": betting.min_bet}


def _omaha_settings(betting: str) -> Callable[[Mapping[str, Any], int], dict[str, Any]]:
    """Omaha's or Omaha Hi/Lo's settings for ``betting`` (pot limit: ``min_bet``, the big
    blind; fixed limit: the big blind is the small bet, the big bet twice it)."""

    def settings(values: Mapping[str, Any], players: int) -> dict[str, Any]:
        small, big = _blinds(values, players)
        ante, _ = _antes(values, players)
        chosen: dict[str, Any] = {"small_blind": small, "big_blind": big, "ante": ante}
        if betting == "pot-limit":
            _min_bet(values, big)
        else:
            small_bet, big_bet = _bets(values)
            if (small_bet, big_bet) != (big, 2 * big):
                raise HistoryError(
                    f"fields 'small_bet' {small_bet} and 'big_bet' {big_bet}: the engine's "
                    f"fixed-limit Omaha bets the big blind ({big}) and twice it"
                )
            chosen["heads_up_uncapped"] = _uncapped(values)
        return chosen | {"betting": betting}

    return settings


def _no_limit_settings(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    """No-limit Hold'em's (short-deck too) and 2-7 single draw's settings: the blinds, the
    minimum bet (the big blind), an ante from every seat or a big-blind ante."""
    small, big = _blinds(values, players)
    _min_bet(values, big)
    ante, big_blind_ante = _antes(values, players, big_blind_ante=True)
    return {"small_blind": small, "big_blind": big, "ante": ante, "big_blind_ante": big_blind_ante}


def _triple_draw_settings(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    small, big = _blinds(values, players)
    small_bet, big_bet = _bets(values)
    return {
        "small_blind": small,
        "big_blind": big,
        "small_bet": small_bet,
        "big_bet": big_bet,
        "ante": _antes(values, players)[0],
        "heads_up_uncapped": _uncapped(values),
    }


def _stud_settings(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    if "blinds_or_straddles" in values:
        raise HistoryError(
            "field 'blinds_or_straddles': a stud game has a bring-in, never blinds (the "
            "standard: both must never be defined together)"
        )
    small_bet, big_bet = _bets(values)
    bring_in = _chips(values, "bring_in")
    if not 0 < bring_in < small_bet:
        raise HistoryError(
            f"field 'bring_in' {bring_in}: the engine's bring-in is less than the small bet "
            f"({small_bet})"
        )
    return {
        "ante": _antes(values, players)[0],
        "bring_in": bring_in,
        "small_bet": small_bet,
        "big_bet": big_bet,
        "heads_up_uncapped": _uncapped(values),
    }


def _stud_fields(spec: GameSpec, players: int) -> dict[str, Any]:
    forced = spec.forced
    return {
        "ante_trimming_status": bool(forced.ante),
        "antes": [forced.ante] * players,
        "bring_in": forced.bring_in,
    } | _bet_fields(spec)


DRAW_CUSTOM = tuple(f.name for f in fields(DrawSettings) if f.name != "ante")
"""Five-Card Draw's settings written as user-defined fields (``_`` + the setting's name); the ante
is the standard's ``antes``."""


def _draw_settings(values: Mapping[str, Any], players: int) -> dict[str, Any]:
    antes = _chip_list(values, "antes", players)
    settings: dict[str, Any] = {}
    for name in DRAW_CUSTOM:
        if f"_{name}" not in values:
            raise HistoryError(f"missing field '_{name}' (variant '_5CD')")
        value = values[f"_{name}"]
        if not isinstance(value, str | bool | int):
            raise HistoryError(
                f"field '_{name}' must be a string, boolean or whole number, not {value!r}"
            )
        settings[name] = value
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
            _no_limit_settings,
            _blind_game_fields,
        ),
        _entry(
            "NS",
            "no-limit short-deck hold 'em",
            "short-deck",
            _BLINDS_NO_LIMIT,
            _no_limit_settings,
            _blind_game_fields,
        ),
        _entry(
            "PO",
            "pot-limit Omaha hold 'em",
            "omaha",
            _BLINDS_NO_LIMIT,
            _omaha_settings("pot-limit"),
            _blind_game_fields,
        ),
        _entry(
            "FO/8",
            "fixed-limit Omaha hold 'em high/low-split eight or better",
            "omaha-hi-lo",
            _BLINDS_FIXED,
            _omaha_settings("fixed-limit"),
            _blind_game_fields,
        ),
        _entry("F7S", "fixed-limit seven card stud", "stud", _STUD, _stud_settings, _stud_fields),
        _entry(
            "F7S/8",
            "fixed-limit seven card stud high/low-split eight or better",
            "stud-hi-lo",
            _STUD,
            _stud_settings,
            _stud_fields,
        ),
        _entry("FR", "fixed-limit razz", "razz", _STUD, _stud_settings, _stud_fields),
        _entry(
            "N2L1D",
            "no-limit deuce-to-seven lowball single draw",
            "2-7-single-draw",
            _BLINDS_NO_LIMIT,
            _no_limit_settings,
            _blind_game_fields,
        ),
        _entry(
            "F2L3D",
            "fixed-limit deuce-to-seven lowball triple draw",
            "2-7-triple-draw",
            _BLINDS_FIXED,
            _triple_draw_settings,
            _blind_game_fields,
        ),
        _entry(
            "FB",
            "fixed-limit badugi",
            "badugi",
            _BLINDS_FIXED,
            _triple_draw_settings,
            _blind_game_fields,
        ),
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
    """The variant a hand of ``spec`` is written as: the first entry of :data:`VARIANTS` for
    its game whose fields read back as the same game (so pot-limit Omaha Hi/Lo, say, which no
    code names, raises :class:`~drawpoker.errors.HistoryError`).

    >>> variant_of(game("holdem")).code, variant_of(game("omaha-hi-lo")).code
    ('NT', 'FO/8')
    >>> variant_of(game("omaha", {"betting": "fixed-limit"}))
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: no hand history variant writes the omaha game with the \
settings {'small_blind': 50, 'big_blind': 100, 'ante': 0, 'betting': 'fixed-limit', \
'heads_up_uncapped': False}
    """
    key = (spec.name, spec.settings)
    variant = _WRITTEN_AS.get(key)
    if variant is None:
        players = spec.seats[0]
        for candidate in VARIANTS.values():
            if candidate.game != spec.name or candidate.fields is None:
                continue
            values = candidate.fields(spec, players)
            try:
                same = candidate.spec(values, players).core_data() == spec.core_data()
            except HistoryError:
                same = False
            if same:
                variant = _WRITTEN_AS[key] = candidate
                break
        else:
            raise HistoryError(
                f"no hand history variant writes the {spec.name} game with the settings "
                f"{spec.settings.to_dict()}"
            )
    return variant


_WRITTEN_AS: dict[tuple[str, object], Variant] = {}
"""The variant each game (by name and settings) is written as, found once."""
