"""The game and table options of ``drawpoker play`` and ``drawpoker simulate``: ``--game``, an
option for each setting of each registered game (from its settings dataclass), and the table's
own options; and a player named on the command line (:func:`entrant`, for ``drawpoker match``
and ``drawpoker play --cpu``).

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_game_arguments(parser)
>>> spec_from(parser.parse_args(["--game", "holdem"])).name
'holdem'
"""

from __future__ import annotations

import argparse
from dataclasses import Field, fields
from typing import Any

from drawpoker.bots.plugins import imported
from drawpoker.engine import GAMES, GameSpec, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.matches.duplicate import Entrant
from drawpoker.table import TURN_TIMERS, TableSettings


def setting_options() -> dict[str, list[tuple[str, Field[Any]]]]:
    """Every game setting's option (``--draw-limit`` for ``draw_limit``) with the games that
    have it and their fields, from the registered games' settings dataclasses.

    >>> [name for name, _ in setting_options()["ante"]][:5]
    ['five-card-draw', 'holdem', 'omaha', 'omaha-hi-lo', 'stud']
    """
    options: dict[str, list[tuple[str, Field[Any]]]] = {}
    for name, kind in GAMES.items():
        for setting in fields(kind.settings):
            options.setdefault(setting.name, []).append((name, setting))
    return options


def _flag(setting: str) -> str:
    return "--" + setting.replace("_", "-")


def add_game_arguments(
    parser: argparse.ArgumentParser, players: int = 4, table_options: bool = True
) -> None:
    """The game (``--game``), its settings (an option for each field of each registered game's
    settings, with its help and choices), and unless ``table_options`` is false the table
    options every game has (players, stack, rounds, turn timer, seed). ``players`` is the
    default number of players.

    >>> parser = argparse.ArgumentParser()
    >>> add_game_arguments(parser)
    >>> args = parser.parse_args(["--game", "holdem", "--big-blind", "200", "--small-blind", "100"])
    >>> spec_from(args).forced.big_blind, table_settings_from(args)
    (200, TableSettings(stack=None, rounds=10, turn_timer=None))
    """
    chosen = parser.add_argument_group("game")
    chosen.add_argument(
        "--game",
        choices=list(GAMES),
        default="five-card-draw",
        help="the game to play (default: %(default)s)",
    )
    groups: dict[tuple[str, ...], argparse._ArgumentGroup] = {}
    for setting, owners in setting_options().items():
        first = owners[0][1]
        games = tuple(name for name, _ in owners)
        if games not in groups:
            groups[games] = parser.add_argument_group(_group_title(games))
        text = _help_text(setting, owners)
        group = groups[games]
        if isinstance(first.default, bool):
            group.add_argument(_flag(setting), action="store_true", default=None, help=text)
        else:
            kind = type(first.default)
            choices = first.metadata.get("choices")
            group.add_argument(_flag(setting), type=kind, choices=choices, help=text)
    if table_options:
        _add_table_arguments(parser, players)


def _add_table_arguments(parser: argparse.ArgumentParser, players: int) -> None:
    table = parser.add_argument_group("table")
    seats = ", ".join(f"{name} {game(name).seats[0]}..{game(name).seats[1]}" for name in GAMES)
    stacks = ", ".join(f"{game(name).default_stack} in {name}" for name in GAMES)
    table.add_argument(
        "--players",
        type=int,
        default=players,
        help=f"players at the table ({seats}; default: %(default)s)",
    )
    table.add_argument(
        "--stack", type=int, help=f"starting chips (default: the game's own, {stacks})"
    )
    table.add_argument(
        "--rounds",
        type=int,
        default=TableSettings().rounds,
        help="hands to play, one per round (default: %(default)s)",
    )
    table.add_argument(
        "--turn-timer",
        type=int,
        choices=TURN_TIMERS,
        help="seconds per turn; then the table checks if it can, else folds, and stands pat "
        "in a draw (default: no timer)",
    )
    table.add_argument(
        "--seed",
        type=int,
        help="seed of the shuffles and the CPU players (default: from the clock)",
    )


STRUCTURE_NAMES = {"no-limit": "no limit", "pot-limit": "pot limit", "fixed-limit": "fixed limit"}
"""Each betting structure's name in a game's title (Five-Card Draw's unit rule has none)."""


def game_title(spec: GameSpec) -> str:
    """The game's title with the betting structure it is played with (a setting of some games:
    Omaha Hi/Lo is fixed limit unless ``--betting pot-limit``).

    >>> game_title(game("omaha-hi-lo", {"betting": "pot-limit"})), game_title(game("holdem"))
    ('Omaha Hi/Lo eight-or-better, pot limit', "Texas Hold'em, no limit")
    >>> game_title(game("omaha", {"betting": "fixed-limit"})), game_title(game("five-card-draw"))
    ('Omaha, fixed limit', 'Five-Card Draw')
    """
    title = GAMES[spec.name].title
    for name in STRUCTURE_NAMES.values():
        title = title.removesuffix(f", {name}")
    structure = STRUCTURE_NAMES.get(str(spec.betting.to_dict()["kind"])) if spec.betting else None
    return f"{title}, {structure}" if structure else title


def _group_title(games: tuple[str, ...]) -> str:
    """The heading of the settings that exactly ``games`` have.

    >>> _group_title(("five-card-draw",)), _group_title(("stud", "razz"))
    ('Five-Card Draw settings', 'settings of stud, razz')
    >>> _group_title(tuple(GAMES))
    'settings of every game'
    """
    if len(games) == len(GAMES):
        return "settings of every game"
    if len(games) == 1:
        return f"{GAMES[games[0]].title.split(', ')[0]} settings"
    return f"settings of {', '.join(games)}"


def _help_text(setting: str, owners: list[tuple[str, Field[Any]]]) -> str:
    """A setting's help with its default in each game that has it; games whose help differs
    (a setting that means something else there) are told apart.

    >>> _help_text("joker", setting_options()["joker"])
    'add one joker: 53 cards, joker-wild hands (five-card-draw; default: no)'
    >>> print(_help_text("small_bet", setting_options()["small_bet"]).replace("; ", ";\\n"))
    the small bet: third and fourth street (default: 200 in stud, 200 in razz, 200 in stud-hi-lo);
    the small bet: the first two betting rounds (default: 100 in 2-7-triple-draw, 100 in badugi)
    """
    if len(owners) == 1:
        name, field = owners[0]
        return f"{field.metadata.get('help', setting)} ({name}; default: {first_default(field)})"
    by_help: dict[str, list[str]] = {}
    for name, field in owners:
        by_help.setdefault(field.metadata.get("help", setting), []).append(
            f"{first_default(field)} in {name}"
        )
    return "; ".join(f"{text} (default: {', '.join(games)})" for text, games in by_help.items())


def first_default(setting: Field[Any]) -> object:
    """A setting's default as people read it (``no`` for an off switch).

    >>> from drawpoker.engine import DrawSettings
    >>> [first_default(f) for f in fields(DrawSettings)][-1]
    'no'
    """
    if isinstance(setting.default, bool):
        return "yes" if setting.default else "no"
    return setting.default


def spec_from(args: argparse.Namespace) -> GameSpec:
    """The game the arguments name, with the settings given (the others at the game's
    defaults); a setting of another game is refused.

    >>> parser = argparse.ArgumentParser()
    >>> add_game_arguments(parser)
    >>> spec_from(parser.parse_args(["--opening", "jacks"])).opening.name
    'jacks or better'
    >>> spec_from(parser.parse_args(["--game", "holdem", "--joker"]))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: --joker is not a setting of holdem \
(its settings: --small-blind, --big-blind, --ante, --big-blind-ante)
    """
    known = [f.name for f in fields(GAMES[args.game].settings)]
    given = {
        setting: getattr(args, setting)
        for setting in setting_options()
        if getattr(args, setting, None) is not None
    }
    wrong = [_flag(setting) for setting in given if setting not in known]
    if wrong:
        own = ", ".join(_flag(s) for s in known)
        verb = "is not a setting" if len(wrong) == 1 else "are not settings"
        raise InvalidArgumentError(
            f"{', '.join(wrong)} {verb} of {args.game} (its settings: {own})"
        )
    return game(args.game, given)


def table_settings_from(args: argparse.Namespace) -> TableSettings:
    """The table settings the arguments name (starting stack, rounds, turn timer).

    >>> table_settings_from(argparse.Namespace(stack=None, rounds=3, turn_timer=30))
    TableSettings(stack=None, rounds=3, turn_timer=30)
    """
    return TableSettings(stack=args.stack, rounds=args.rounds, turn_timer=args.turn_timer)


def entrant(text: str) -> Entrant:
    """A player named on the command line: a CPU type, or ``module:attribute`` imported.

    >>> entrant("stabber"), entrant("drawpoker.bots:HoldemRulesBot").__name__
    ('stabber', 'HoldemRulesBot')
    >>> entrant("no.such.module:Bot")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: cannot import player no.such.module:Bot: No module \
named 'no'
    """
    if ":" not in text:
        return text
    player: Entrant = imported(text)
    return player
