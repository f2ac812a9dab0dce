"""What a game's rules page says, worked out from the game itself: the hand's steps from its
spec (forced bets, deals, draws, betting rounds, showdown), the ranking tables from the
engine's own hand evaluation, the draw tips' exact numbers from the draw engine, the
settings and their defaults from the lobby's catalogue. The words come from the catalogues of
:mod:`drawpoker.site.i18n` by message id, so a rule changed in the spec shows on the page and a
language is added without code. :mod:`drawpoker.site.rules_pages` writes it as HTML.

>>> page = rules_page("holdem")
>>> page.title, [step.title for step in page.steps]
("Texas Hold'em, no limit", ['The deal', 'The flop', 'The turn', 'The river', 'Showdown'])
>>> [row.name for row in page.rankings[0].rows][:3]
['Straight flush', 'Four of a kind', 'Full house']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from drawpoker.analysis.draw import discard_choices
from drawpoker.analysis.evaluation import category, evaluate
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import GAMES, GameSpec, game
from drawpoker.engine.betting import FixedLimit, NoLimit, PotLimit, UnitBetting
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.analysis import tips_data
from drawpoker.site.i18n import has_message, listed, message
from drawpoker.site.i18n import number as write_number
from drawpoker.site.lobby import catalogue

EXAMPLES: dict[str, tuple[str, ...]] = {
    "high": (
        "As Ks Qs Js Ts",
        "9h 9c 9d 9s 4c",
        "Kh Kd Ks 7c 7h",
        "Ad Jd 8d 6d 3d",
        "9c 8d 7h 6s 5c",
        "Qc Qd Qh 8s 2c",
        "Jh Jc 4d 4s Ac",
        "Th Tc Ks 7d 3h",
        "Ah Qd 9c 6s 2h",
    ),
    "ace-five": (
        "5c 4d 3h 2s Ac",
        "Ac Ad 2h 3s 4c",
        "Ac Ad 2h 2s 3c",
        "Ac Ad Ah 2s 3c",
        "Ac Ad Ah 2s 2c",
        "Ac Ad Ah As 2c",
    ),
    "deuce-seven": (
        "7c 5d 4h 3s 2c",
        "2c 2d 3h 4s 5c",
        "2c 2d 3h 3s 4c",
        "2c 2d 2h 3s 4c",
        "6c 5d 4h 3s 2c",
        "7h 5h 4h 3h 2h",
        "2c 2d 2h 3s 3c",
        "2c 2d 2h 2s 3c",
        "6h 5h 4h 3h 2h",
    ),
    "badugi": ("Ac 2d 3h 4s", "Ac 2d 3h 3s", "Ac 2c 3d 3h", "Ac 2c 3c 4c"),
}
"""One example hand of each kind, per ranking (the joker ranking adds five of a kind to the
high examples); the page orders them by the engine's own evaluation, best first."""

EXAMPLES["joker"] = ("Jk Ac Ad Ah As", *EXAMPLES["high"])
EXAMPLES["short-deck"] = (
    "As Ks Qs Js Ts",
    "9h 9c 9d 9s 6c",
    "Ad Jd 8d 7d 6d",
    "Kh Kd Ks 7c 7h",
    "9c 8d 7h 6s Ac",
    "Qc Qd Qh 8s 6c",
    "Jh Jc 7d 7s Ac",
    "Th Tc Ks 8d 6h",
    "Ah Qd 9c 7s 6h",
)

TIPS: dict[str, tuple[str, ...]] = {
    "five-card-draw": ("tip.draw_count", "tip.position"),
    "holdem": ("tip.position", "tip.blind_defence"),
    "short-deck": ("tip.position", "tip.blind_defence"),
    "omaha": ("tip.omaha_two", "tip.omaha_nuts", "tip.position"),
    "omaha-hi-lo": ("tip.omaha_two", "tip.hilo_scoop", "tip.hilo_qualify"),
    "stud": ("tip.stud_start", "tip.stud_live"),
    "razz": ("tip.razz_start", "tip.stud_live"),
    "stud-hi-lo": ("tip.hilo_scoop", "tip.hilo_qualify", "tip.stud_live"),
    "2-7-single-draw": ("tip.lowball_pat", "tip.lowball_draw_one", "tip.lowball_ace"),
    "2-7-triple-draw": (
        "tip.lowball_pat",
        "tip.lowball_draw_one",
        "tip.lowball_ace",
        "tip.draw_count",
    ),
    "badugi": ("tip.badugi_three", "tip.badugi_pat", "tip.draw_count"),
}
"""The advice in words of each game, by message id (a game not listed has none)."""


@dataclass(frozen=True)
class Step:
    """One stage of a hand: a title and what happens, in order.

    >>> Step("The deal", ("Dealt: two cards.",)).lines[0]
    'Dealt: two cards.'
    """

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class RankingRow:
    """One kind of hand: its name, an example (cards with suit symbols) and what it is.

    >>> RankingRow("Flush", "A♦ J♦ 8♦ 6♦ 3♦", "five cards of one suit").name
    'Flush'
    """

    name: str
    example: str
    meaning: str


@dataclass(frozen=True)
class RankingTable:
    """The kinds of hand of one ranking, best first, with its caption and notes.

    >>> ranking_table("en", "badugi").rows[0].name
    'Four-card badugi'
    """

    ranking: str
    caption: str
    notes: tuple[str, ...]
    rows: tuple[RankingRow, ...]


@dataclass(frozen=True)
class TipsTable:
    """The draw tips on one deck: a caption and the rows of
    :func:`drawpoker.analysis.tips.tips_rows` (the numbers ``drawpoker tips --json`` writes).

    >>> [len(t.rows) for t in draw_tips_tables("en")]
    [5, 5]
    """

    caption: str
    rows: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class DefaultRow:
    """A setting of a new table: its name, default, choices and what it changes.

    >>> default_rows("en", "holdem")[0].setting
    'Small blind'
    """

    setting: str
    default: str
    choices: str
    changes: str


@dataclass(frozen=True)
class RulesPage:
    """Everything a game's rules page says, in one language.

    >>> rules_page("badugi").rankings[0].ranking
    'badugi'
    """

    lang: str
    game: str
    title: str
    intro: str
    overview: tuple[str, ...]
    steps: tuple[Step, ...]
    rankings: tuple[RankingTable, ...]
    draw_tips: tuple[TipsTable, ...]
    low_draws: tuple[LowDrawRow, ...]
    tips: tuple[str, ...]
    glossary: tuple[tuple[str, str], ...]
    questions: tuple[tuple[str, str], ...]
    defaults: tuple[DefaultRow, ...]


def number(value: int, lang: str = "en") -> str:
    """A chip amount as the language (a tag of :mod:`drawpoker.site.i18n`) writes numbers.

    >>> number(10000), number(10000, "ar-u-nu-arab")
    ('10,000', '١٠٬٠٠٠')
    """
    return write_number(value, lang)


def _words(lang: str) -> Callable[..., str]:
    """The messages of ``lang``; whole numbers among the values are written its way."""

    def say(key: str, count: int | None = None, **values: Any) -> str:
        written = {k: number(v, lang) if isinstance(v, int) else str(v) for k, v in values.items()}
        return message(lang, key, count, **written)

    return say


def _chips(lang: str, amount: int) -> str:
    return message(lang, "count.chips", count=amount)


def overview(lang: str, spec: GameSpec) -> tuple[str, ...]:
    """The players, the deck and the betting structure, in words.

    >>> overview("en", game("omaha"))[2][:10]
    'Pot limit:'
    """
    say = _words(lang)
    low, high = spec.seats
    lines = [say("overview.players", count=high, low=low), say(f"overview.deck.{spec.deck.name}")]
    betting = spec.betting
    if isinstance(betting, UnitBetting):
        lines.append(say("overview.betting.unit", chips=_chips(lang, betting.unit)))
    elif isinstance(betting, NoLimit | PotLimit):
        kind = "no-limit" if isinstance(betting, NoLimit) else "pot-limit"
        lines.append(say(f"overview.betting.{kind}", chips=_chips(lang, betting.min_bet)))
    elif isinstance(betting, FixedLimit):
        small, big = number(betting.small, lang), number(betting.big, lang)
        lines.append(say("overview.betting.fixed-limit", small=small, big=big))
        if betting.cap:
            cap = "cap.heads_up" if betting.heads_up_uncapped else "cap"
            lines.append(say(cap, count=betting.cap - 1))
        else:
            lines.append(say("cap.none"))
    else:
        lines.append(say("overview.betting.none"))
    return tuple(lines)


def _street_title(lang: str, spec: GameSpec, index: int) -> str:
    say = _words(lang)
    street = spec.streets[index]
    earlier = spec.streets[:index]
    if street.draw is not None:
        if sum(s.draw is not None for s in spec.streets) == 1:
            return say("street.draw.only")
        return say("street.draw", number=sum(s.draw is not None for s in earlier) + 1)
    if street.board:
        boards = sum(1 for s in earlier if s.board)
        return say(("street.flop", "street.turn", "street.river")[min(boards, 2)])
    if any(s.up for s in spec.streets):
        cards = sum(s.down + s.up for s in spec.streets[: index + 1])
        key = f"street.stud.{cards}"
        return say(key) if has_message(lang, key) else say("street.stud", cards=cards)
    return say("street.deal")


def _first_to_act(lang: str, spec: GameSpec, first: str) -> str:
    say = _words(lang)
    if first in ("bring-in", "best-board"):
        small = spec.betting.small if isinstance(spec.betting, FixedLimit) else 0
        return say(
            f"first.{first}.{spec.card_order}",
            bring_in=number(spec.forced.bring_in, lang),
            small=number(small, lang),
        )
    return say(f"first.{first}")


def _bet_size(lang: str, spec: GameSpec, size: str) -> str:
    betting = spec.betting
    if not isinstance(betting, FixedLimit):
        return ""
    small, big = number(betting.small, lang), number(betting.big, lang)
    if size == "small-or-big-with-open-pair":
        return message(lang, "size.small-or-big-with-open-pair", small=small, big=big)
    return message(lang, "size.fixed", amount=small if size == "small" else big)


def _forced(lang: str, spec: GameSpec) -> list[str]:
    say = _words(lang)
    forced = spec.forced
    lines = [say("button.moves" if spec.button_moves else "button.fixed")]
    if forced.ante:
        lines.append(say("forced.ante", ante=number(forced.ante, lang)))
    if forced.big_blind:
        small, big = number(forced.small_blind, lang), number(forced.big_blind, lang)
        lines.append(say("forced.blinds", small=small, big=big))
    if forced.big_blind_ante:
        lines.append(say("forced.big_blind_ante", amount=number(forced.big_blind_ante, lang)))
    return lines


def _showdown(lang: str, spec: GameSpec) -> Step:
    say = _words(lang)
    if len(spec.showdown) > 1:
        lines = [say("showdown.split")]
    else:
        ranking = say(f"ranking.{spec.ranking}")
        lines = [say("showdown.one", ranking=ranking)]
    part = spec.showdown[0]
    if part.cards == "two-hole-three-board":
        lines.append(say("cards.two-hole-three-board"))
    elif any(s.board for s in spec.streets):
        lines.append(say("cards.best-of-all.board"))
    elif sum(s.down + s.up for s in spec.streets) > 5:
        lines.append(say("cards.best-of-all.seven"))
    else:
        lines.append(say("cards.best-of-all.own"))
    lines.append(say(f"show.{spec.show_order}"))
    if len(spec.showdown) == 1:
        lines.append(say("ties", odd_chip=say(f"odd.{part.odd_chip}")))
    else:
        for half, each in zip(("high", "low"), spec.showdown, strict=False):
            lines.append(say(f"ties.{half}", odd_chip=say(f"odd.{each.odd_chip}")))
    lines.append(say("fold.win"))
    return Step(say("showdown.title"), tuple(lines))


def hand_steps(lang: str, spec: GameSpec) -> tuple[Step, ...]:
    """How a hand of ``spec`` goes, street by street, then the showdown: read from the spec,
    so that a changed spec reads differently.

    >>> steps = hand_steps("en", game("2-7-triple-draw"))
    >>> [s.title for s in steps]
    ['The deal', 'Draw 1', 'Draw 2', 'Draw 3', 'Showdown']
    >>> steps[1].lines[0][:45]
    'Each player still in, in turn from the left o'
    """
    say = _words(lang)
    steps = []
    for index, street in enumerate(spec.streets):
        lines = _forced(lang, spec) if index == 0 else []
        dealt = []
        if street.down:
            dealt.append(message(lang, "deal.down", count=street.down))
        if street.up:
            dealt.append(message(lang, "deal.up", count=street.up))
        if street.board:
            dealt.append(message(lang, "deal.board", count=street.board))
        if dealt:
            lines.append(say("deal.cards", what=listed(dealt, lang, "standard")))
        if street.draw is not None:
            lines.append(say("draw.turn", limit=say(f"draw.limit.{street.draw}")))
        if street.betting and spec.betting is not None:
            first = _first_to_act(lang, spec, street.first)
            lines.append(say("bet.round", first=first) + _bet_size(lang, spec, street.bet_size))
            if index == 0 and spec.opening is not None:
                lines.append(say("opening.jacks"))
            if index == 0 and spec.redeal_if_unopened:
                lines.append(say("redeal"))
        steps.append(Step(_street_title(lang, spec, index), tuple(lines)))
    steps.append(_showdown(lang, spec))
    return tuple(steps)


def ranking_table(lang: str, ranking: str, qualifier: bool = False) -> RankingTable:
    """Every kind of hand of ``ranking``, best first as the engine ranks its example hands
    (with the eight-or-better note when ``qualifier``).

    >>> [row.name for row in ranking_table("en", "ace-five").rows][:3]
    ['High card', 'One pair', 'Two pair']
    """
    say = _words(lang)
    if ranking not in EXAMPLES:
        raise InvalidArgumentError(f"no ranking table for {ranking!r} (known: {list(EXAMPLES)})")
    rated = sorted(((evaluate(h, ranking), h) for h in EXAMPLES[ranking]), reverse=True)
    rows = []
    for strength, hand in rated:
        kind = category(strength, ranking).name
        example = format_cards(parse_cards(hand), symbols=True)
        meaning = f"meaning.{ranking}.{kind}"
        if not has_message(lang, meaning):
            meaning = f"meaning.{kind}"
        rows.append(RankingRow(say(f"category.{kind}"), example, say(meaning)))
    notes = [say(f"ranking.note.{ranking}")]
    if qualifier:
        notes.append(say(f"ranking.note.{ranking}.qualifier"))
    return RankingTable(ranking, say(f"ranking.caption.{ranking}"), tuple(notes), tuple(rows))


def rankings(lang: str, spec: GameSpec) -> tuple[RankingTable, ...]:
    """The ranking tables a game needs: one per ranking of its showdown, and the joker's when
    the game offers the joker.

    >>> [t.ranking for t in rankings("en", game("five-card-draw"))]
    ['high', 'joker']
    >>> [t.ranking for t in rankings("en", game("stud-hi-lo"))]
    ['high', 'ace-five']
    """
    parts = list(spec.showdown)
    if "joker" in {f.name for f in fields(GAMES[spec.name].settings)}:
        parts += game(spec.name, {"joker": True}).showdown
    tables: dict[str, RankingTable] = {}
    for part in parts:
        if part.ranking not in tables:
            qualifier = any(p.ranking == part.ranking and p.qualifier for p in parts)
            tables[part.ranking] = ranking_table(lang, part.ranking, qualifier)
    return tuple(tables.values())


def draw_tips_tables(lang: str) -> tuple[TipsTable, ...]:
    """The draw tips with their exact numbers on both decks: the rows the tips page and
    ``drawpoker tips --json`` show (:func:`drawpoker.site.analysis.tips_data`).

    >>> draw_tips_tables("en")[1].caption
    'Draw tips with the 53-card deck (joker wild), exact chances'
    """
    return tuple(
        TipsTable(
            message(lang, "tips.caption", deck=message(lang, f"tips.deck.{deck['deck']}")),
            tuple(deck["tips"]),
        )
        for deck in tips_data()["decks"]
    )


@dataclass(frozen=True)
class LowDrawExample:
    """An example hand of a low draw game and the draws it compares, advised first, with the
    final category whose chance is shown (a category number of the ranking; the message id
    ``goal_key`` names it).

    >>> LOW_DRAW_EXAMPLES["badugi"].draws
    ('4h', '3h 4h')
    """

    hand: str
    draws: tuple[str, ...]
    goal: int
    goal_key: str


LOW_DRAW_EXAMPLES: dict[str, LowDrawExample] = {
    "deuce-seven": LowDrawExample("8c 5d 3h 2s Kc", ("Kc", "Kc 8c"), 0, "goal.made_low"),
    "badugi": LowDrawExample("Ac 2d 3h 4h", ("4h", "3h 4h"), 4, "goal.badugi"),
}
"""The exact draw examples of the low draw games, by ranking."""


@dataclass(frozen=True)
class LowDrawRow:
    """One draw of a :class:`LowDrawExample`, worked out by the draw engine: the cards thrown
    away (suit symbols) and how many of the ``total`` equally likely new cards make the goal.

    >>> row = low_draw_rows("en", "badugi")[0]
    >>> row.discards, row.hits, row.total
    ('4♥', 10, 48)
    """

    hand: str
    discards: str
    goal: str
    hits: int
    total: int

    @property
    def probability(self) -> float:
        """The chance to make the goal.

        >>> round(low_draw_rows("en", "badugi")[0].probability, 4)
        0.2083
        """
        return self.hits / self.total


def low_draw_rows(lang: str, ranking: str) -> tuple[LowDrawRow, ...]:
    """The exact chances of the low draw example of ``ranking`` on one draw, from the draw
    engine (:func:`drawpoker.analysis.draw.discard_choices`, every new card counted).

    >>> [(r.discards, r.hits, r.total) for r in low_draw_rows("en", "deuce-seven")]
    [('K♣', 35, 47), ('K♣ 8♣', 633, 1081)]
    """
    example = LOW_DRAW_EXAMPLES[ranking]
    every = discard_choices(example.hand, ranking=ranking, limit="5", objective="beat_random")
    choices = {frozenset(c.discards.split()): c for c in every}
    hand = format_cards(parse_cards(example.hand), symbols=True)
    rows = []
    for discards in example.draws:
        choice = choices[frozenset(discards.split())]
        rows.append(
            LowDrawRow(
                hand,
                format_cards(parse_cards(discards), symbols=True),
                message(lang, example.goal_key),
                choice.counts[example.goal],
                choice.total,
            )
        )
    return tuple(rows)


def _has_draw_tips(spec: GameSpec) -> bool:
    draws = {s.draw for s in spec.streets if s.draw is not None}
    return bool(draws) and spec.ranking in ("high", "joker") and spec.streets[0].down == 5


def _has_low_draws(spec: GameSpec) -> bool:
    return any(s.draw for s in spec.streets) and spec.ranking in LOW_DRAW_EXAMPLES


GLOSSARY: tuple[tuple[str, Callable[[GameSpec], bool]], ...] = (
    ("ante", lambda s: bool(s.forced.ante) or _has_setting(s, "ante")),
    ("blinds", lambda s: bool(s.forced.big_blind)),
    ("big_blind_ante", lambda s: _has_setting(s, "big_blind_ante")),
    ("bring_in", lambda s: bool(s.forced.bring_in)),
    ("button", lambda s: s.button_moves),
    ("hole_cards", lambda s: True),
    ("up_cards", lambda s: any(st.up for st in s.streets)),
    ("board", lambda s: any(st.board for st in s.streets)),
    ("flop_turn_river", lambda s: any(st.board for st in s.streets)),
    ("street", lambda s: any(st.up for st in s.streets)),
    ("draw", lambda s: any(st.draw for st in s.streets)),
    ("stand_pat", lambda s: any(st.draw for st in s.streets)),
    ("check", lambda s: True),
    ("bet", lambda s: True),
    ("call", lambda s: True),
    ("raise", lambda s: True),
    ("fold", lambda s: True),
    ("all_in", lambda s: True),
    ("side_pot", lambda s: True),
    ("unit", lambda s: isinstance(s.betting, UnitBetting)),
    ("opener", lambda s: s.redeal_if_unopened),
    ("redeal", lambda s: s.redeal_if_unopened),
    ("jacks_or_better", lambda s: _has_setting(s, "opening")),
    ("joker", lambda s: _has_setting(s, "joker")),
    ("no_limit", lambda s: isinstance(s.betting, NoLimit)),
    ("pot_limit", lambda s: isinstance(s.betting, PotLimit) or _has_setting(s, "betting")),
    ("fixed_limit", lambda s: isinstance(s.betting, FixedLimit) or _has_setting(s, "betting")),
    ("cap", lambda s: isinstance(s.betting, FixedLimit) or _has_setting(s, "betting")),
    ("showdown", lambda s: True),
    ("kicker", lambda s: s.ranking in ("high", "short-deck")),
    ("split_pot", lambda s: len(s.showdown) > 1),
    ("scoop", lambda s: len(s.showdown) > 1),
    ("qualifier", lambda s: any(p.qualifier for p in s.showdown)),
    ("wheel", lambda s: any(p.ranking == "ace-five" for p in s.showdown)),
    ("number_seven", lambda s: s.ranking == "deuce-seven"),
    ("badugi", lambda s: s.ranking == "badugi"),
    ("odd_chip", lambda s: True),
)
"""The glossary's terms, each with when a game's page lists it."""

QUESTIONS: tuple[tuple[str, Callable[[GameSpec], bool]], ...] = (
    ("leave", lambda s: True),
    ("timer", lambda s: True),
    ("end", lambda s: True),
    ("chips", lambda s: True),
    ("tie", lambda s: True),
    ("all_in", lambda s: True),
    ("all_check", lambda s: _has_setting(s, "second_round")),
    ("no_bet", lambda s: _has_setting(s, "mode")),
    ("rating", lambda s: True),
    ("bring_in", lambda s: bool(s.forced.bring_in)),
    ("board", lambda s: any(st.board for st in s.streets) and s.showdown[0].cards == "best-of-all"),
    ("omaha_cards", lambda s: s.showdown[0].cards == "two-hole-three-board"),
    ("no_low", lambda s: any(p.qualifier for p in s.showdown)),
    ("deck_short", lambda s: any(st.draw for st in s.streets)),
    (
        "common_card",
        lambda s: (
            sum(st.down + st.up for st in s.streets) == 7 and not any(st.board for st in s.streets)
        ),
    ),
)
"""The questions and answers, each with when a game's page asks it."""


def _has_setting(spec: GameSpec, name: str) -> bool:
    return name in {f.name for f in fields(GAMES[spec.name].settings)}


def glossary(lang: str, spec: GameSpec) -> tuple[tuple[str, str], ...]:
    """The words a player of ``spec`` meets, with what they mean.

    >>> [term for term, _ in glossary("en", game("razz"))][:3]
    ['Ante', 'Bring-in', 'Hole cards']
    """
    return tuple(
        (message(lang, f"term.{key}"), message(lang, f"def.{key}"))
        for key, applies in GLOSSARY
        if applies(spec)
    )


def questions(lang: str, spec: GameSpec) -> tuple[tuple[str, str], ...]:
    """The common questions of ``spec``'s players, answered.

    >>> questions("en", game("omaha-hi-lo"))[-1]
    ('What if nobody has a low of eight or better?', 'The best high hand takes the whole pot.')
    """
    odd = message(lang, f"odd.{spec.showdown[0].odd_chip}")
    return tuple(
        (message(lang, f"q.{key}"), message(lang, f"a.{key}", odd_chip=odd))
        for key, applies in QUESTIONS
        if applies(spec)
    )


def _value_text(lang: str, value: Any) -> str:
    if isinstance(value, bool):
        return message(lang, "defaults.on" if value else "defaults.off")
    if isinstance(value, int):
        return number(value, lang)
    if value is None:
        return message(lang, "defaults.none")
    key = f"choice.{value}"
    return message(lang, key) if has_message(lang, key) else str(value)


def _label(lang: str, name: str, fallback: str) -> str:
    key = f"setting.{name}"
    return message(lang, key) if has_message(lang, key) else fallback.capitalize()


def default_rows(lang: str, name: str) -> tuple[DefaultRow, ...]:
    """The settings of a new ``name`` table (the lobby's catalogue: each setting's default,
    choices and help), then the table's own (players, starting stack, hands, turn timer).

    >>> [(r.setting, r.default) for r in default_rows("en", "five-card-draw")][:2]
    [('Mode', 'betting'), ('Ante', '10')]
    """
    entry = next((g for g in catalogue() if g["name"] == name), None)
    if entry is None:
        raise InvalidArgumentError(f"unknown game {name!r} (known: {', '.join(GAMES)})")
    rows = []
    for setting in entry["settings"]:
        if setting["choices"] is not None:
            choices = listed([_value_text(lang, c) for c in setting["choices"]], lang)
        elif setting["type"] == "bool":
            choices = listed([_value_text(lang, v) for v in (True, False)], lang)
        else:
            choices = message(lang, "defaults.any_number")
        help_text = message(lang, f"help.{name}.{setting['name']}")
        rows.append(
            DefaultRow(
                _label(lang, setting["name"], setting["label"]),
                _value_text(lang, setting["default"]),
                choices,
                help_text[:1].upper() + help_text[1:] + ".",
            )
        )
    low, high = entry["seats"]
    table = entry["table"]
    timers = [
        _value_text(lang, None) if t is None else message(lang, "defaults.seconds", count=t)
        for t in table["timers"]
    ]
    say = _words(lang)
    rows += [
        DefaultRow(
            say("setting.players"),
            f"{number(low, lang)}-{number(high, lang)}",
            say("index.seats", count=high, low=low),
            say("setting.players.changes"),
        ),
        DefaultRow(
            say("setting.stack"),
            number(entry["default_stack"], lang),
            say("defaults.any_number_from", low=1),
            say("setting.stack.changes"),
        ),
        DefaultRow(
            say("setting.rounds"),
            number(table["rounds"], lang),
            f"{number(1, lang)}-{number(table['max_rounds'], lang)}",
            say("setting.rounds.changes"),
        ),
        DefaultRow(
            say("setting.turn_timer"),
            timers[0],
            listed(timers, lang),
            say("setting.turn_timer.changes"),
        ),
    ]
    return tuple(rows)


def rules_page(name: str, lang: str = "en") -> RulesPage:
    """The rules page of the registered game ``name``, at its default settings.

    >>> rules_page("chess")
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: unknown game 'chess' (known: five-card-draw, holdem, ...)
    """
    spec = game(name)
    say = _words(lang)
    intro_key = f"intro.{name}"
    return RulesPage(
        lang=lang,
        game=name,
        title=message(lang, f"game.{name}"),
        intro=say(intro_key) if has_message(lang, intro_key) else "",
        overview=overview(lang, spec),
        steps=hand_steps(lang, spec),
        rankings=rankings(lang, spec),
        draw_tips=draw_tips_tables(lang) if _has_draw_tips(spec) else (),
        low_draws=low_draw_rows(lang, spec.ranking) if _has_low_draws(spec) else (),
        tips=tuple(say(key) for key in TIPS.get(name, ())),
        glossary=glossary(lang, spec),
        questions=questions(lang, spec),
        defaults=default_rows(lang, name),
    )
