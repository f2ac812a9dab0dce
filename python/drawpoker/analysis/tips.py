"""The rules page's draw tips (RULES.md section 4), each with its exact numbers.

Every tip is shown on an example hand: the advised discard, its exact chance to reach the
tip's goal and to improve at all, and the best *other* discard choice under an objective the
caller picks (by default the tip's own goal), so that each tip can be seen to hold or not.
The 52-card deck and the 53-card joker deck (joker wild) are both covered.

>>> tips = build_tips()
>>> [(t.name, t.discards, round(t.advised.value, 4)) for t in tips][:2]
[('pair', '7c 4s 2h', 0.2871), ('two pair', 'Kd', 0.0851)]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from drawpoker.analysis.draw import DiscardChoice, DrawOutcome, ObjectiveLike, discard_choices
from drawpoker.analysis.evaluation import HandCategory
from drawpoker.errors import InvalidArgumentError
from drawpoker.validate import flag


@dataclass(frozen=True)
class TipSpec:
    """A tip of the rules page: its name, its advice, an example hand, the advised discards
    and the goal category the advice aims at.

    >>> TIPS[0].advice
    'Pair: keep the pair, draw three'
    """

    name: str
    advice: str
    hand: str
    discards: str
    goal: HandCategory


TIPS: tuple[TipSpec, ...] = (
    TipSpec(
        "pair",
        "Pair: keep the pair, draw three",
        "Jh Jd 7c 4s 2h",
        "7c 4s 2h",
        HandCategory.TWO_PAIR,
    ),
    TipSpec("two pair", "Two pair: draw one", "9c 9d 7h 7s Kd", "Kd", HandCategory.FULL_HOUSE),
    TipSpec("trips", "Trips: draw two", "9c 9d 9h 7s Kd", "7s Kd", HandCategory.FULL_HOUSE),
    TipSpec(
        "four-flush", "Four to a flush: draw the fifth", "Ks 9s 6s 3s 8d", "8d", HandCategory.FLUSH
    ),
    TipSpec(
        "straight or better",
        "Straight or better: stand pat",
        "9c 8d 7h 6s 5d",
        "",
        HandCategory.STRAIGHT,
    ),
)
"""The tips of RULES.md section 4 with their example hands."""

DECKS = {False: "52 cards", True: "53 cards (joker wild)"}


@dataclass(frozen=True)
class Tip:
    """A tip worked out exactly on one deck.

    ``advised`` and ``alternative`` carry the full distributions; their ``value`` is the
    objective (by default the chance to reach ``goal``); ``place`` is the advised choice's
    place (1 = best) among every discard choice the draw limit allows.

    >>> tip = build_tips()[3]
    >>> tip.advised.counts[HandCategory.FLUSH], tip.advised.total, tip.place
    (9, 47, 1)
    """

    name: str
    advice: str
    deck: str
    hand: str
    discards: str
    goal: HandCategory
    advised: DiscardChoice
    alternative: DiscardChoice
    place: int
    choices: int

    def goal_probability(self, choice: DiscardChoice) -> float:
        """Chance that ``choice`` ends with the goal category or better.

        >>> tip = build_tips()[0]
        >>> round(tip.goal_probability(tip.advised), 4)
        0.2871
        """
        if not isinstance(choice, DrawOutcome):
            raise InvalidArgumentError(
                f"choice must be a DiscardChoice (from discard_choices), not {choice!r}"
            )
        return sum(choice.counts[self.goal :]) / choice.total


def build_tips(
    *, joker: bool = False, objective: ObjectiveLike | None = None, limit: str = "3-or-4-with-ace"
) -> list[Tip]:
    """Every tip worked out exactly, on the 52-card deck or with ``joker`` the 53-card deck.

    ``objective`` ranks the discard choices (see :func:`drawpoker.analysis.draw.objective_values`);
    by default each tip's goal: the chance to finish with the goal category or better.

    >>> [t.place for t in build_tips(joker=True)]
    [1, 1, 1, 1, 1]
    """
    joker = flag("joker", joker)
    ranking = "joker" if joker else "high"
    tips = []
    for spec in TIPS:
        goal = objective if objective is not None else f"at_least:{spec.goal.name}"
        choices = discard_choices(
            spec.hand, ranking=ranking, joker=joker, limit=limit, objective=goal
        )
        index = next((i for i, c in enumerate(choices) if c.discards == spec.discards), None)
        if index is None:
            raise InvalidArgumentError(
                f"the draw limit {limit!r} does not allow the tip {spec.name!r}"
            )
        alternative = choices[1] if index == 0 else choices[0]
        tips.append(
            Tip(
                spec.name,
                spec.advice,
                DECKS[joker],
                spec.hand,
                spec.discards,
                spec.goal,
                choices[index],
                alternative,
                index + 1,
                len(choices),
            )
        )
    return tips


def _checked(tips: Sequence[Tip]) -> Sequence[Tip]:
    """``tips`` if it is a sequence of :class:`Tip`."""
    if not (isinstance(tips, Sequence) and all(isinstance(t, Tip) for t in tips)):
        raise InvalidArgumentError(f"tips must be a list of Tip (from build_tips), not {tips!r}")
    return tips


def _percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def goal_text(goal: HandCategory) -> str:
    """A tip's goal in words.

    >>> goal_text(HandCategory.TWO_PAIR)
    'two pair or better'
    """
    return goal.name.lower().replace("_", " ") + " or better"


def _discard_text(discards: str) -> str:
    return f"draw {len(discards.split())} ({discards})" if discards else "stand pat"


def tips_rows(tips: Sequence[Tip]) -> list[dict[str, object]]:
    """The tips as plain records (what JSON and Markdown are made of).

    >>> tips_rows(build_tips())[1]["advised_goal"]
    '4 / 47'
    """
    rows: list[dict[str, object]] = []
    for t in _checked(tips):
        a, b = t.advised, t.alternative
        rows.append(
            {
                "tip": t.name,
                "advice": t.advice,
                "deck": t.deck,
                "hand": t.hand,
                "advised": _discard_text(t.discards),
                "goal": goal_text(t.goal),
                "advised_goal": f"{sum(a.counts[t.goal :])} / {a.total}",
                "advised_goal_probability": t.goal_probability(a),
                "advised_improve_probability": a.improve_probability,
                "advised_value": a.value,
                "alternative": _discard_text(b.discards),
                "alternative_goal_probability": t.goal_probability(b),
                "alternative_improve_probability": b.improve_probability,
                "alternative_value": b.value,
                "place": t.place,
                "choices": t.choices,
                "counts": {HandCategory(i).name.lower(): n for i, n in enumerate(a.counts) if n},
            }
        )
    return rows


def tips_markdown(tips: Sequence[Tip]) -> str:
    """The tips as a Markdown table.

    >>> print(tips_markdown(build_tips()).splitlines()[2][:61])
    | Pair: keep the pair, draw three | 52 cards | Jh Jd 7c 4s 2h
    """
    header = (
        "| Tip | Deck | Example | Advised | Goal | Advised: goal | improve | "
        "Best alternative | Alternative: goal | improve | Place |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for t in _checked(tips):
        a, b = t.advised, t.alternative
        lines.append(
            f"| {t.advice} | {t.deck} | {t.hand} | {_discard_text(t.discards)} | "
            f"{goal_text(t.goal)} | {sum(a.counts[t.goal :])} / {a.total} = "
            f"{_percent(t.goal_probability(a))} | {_percent(a.improve_probability)} | "
            f"{_discard_text(b.discards)} | {_percent(t.goal_probability(b))} | "
            f"{_percent(b.improve_probability)} | {t.place} of {t.choices} |"
        )
    return header + "\n".join(lines) + "\n"


def tips_json(tips: Sequence[Tip]) -> str:
    """The tips as JSON (a list of records).

    >>> json.loads(tips_json(build_tips()))[3]["advised_goal"]
    '9 / 47'
    """
    return json.dumps(tips_rows(tips), indent=2)


def _chart_label(tip: Tip) -> str:
    return f"{tip.name} ({tip.deck.split()[0]} cards, goal {goal_text(tip.goal)})"


@dataclass(frozen=True)
class ChartWords:
    """The words of the tips' chart: English by default; the site gives its catalogue's.

    >>> ChartWords().label(build_tips()[0])
    'pair (52 cards, goal two pair or better)'
    """

    title: str = "Draw tips: chance to reach the goal (advised vs best alternative)"
    advised: str = "advised"
    alternative: str = "best alternative"
    label: Callable[[Tip], str] = _chart_label
    discards: Callable[[str], str] = _discard_text
    percent: Callable[[float], str] = _percent
    rtl: bool = False
    """The language is written right to left: the chart is mirrored (labels on the right,
    bars growing leftwards)."""


def tips_svg(tips: Sequence[Tip], words: ChartWords = ChartWords()) -> str:
    """A bar chart (SVG, written by hand): each tip's chance to reach its goal, advised
    choice against the best alternative, one bar pair per tip and deck, in ``words``.

    In a right-to-left language (``words.rtl``) every x is mirrored: the labels start at the
    right edge and the bars grow leftwards.

    >>> tips_svg(build_tips()).startswith("<svg")
    True
    >>> import re
    >>> mirrored = tips_svg(build_tips(), ChartWords(rtl=True))
    >>> full = float(re.search(r'<svg [^>]*width="([0-9.]+)"', mirrored)[1])
    >>> full - float(re.search(r'<text x="([0-9.]+)" y="20"', mirrored)[1])
    10.0
    """
    tips = _checked(tips)
    labels = [escape(words.label(t)) for t in tips]
    bar, gap, width = 14, 12, 360
    left = max(330, 20 + 7 * max(map(len, labels), default=0))  # the longest label fits
    height = 50 + len(tips) * (2 * bar + gap) + 30
    full = left + width + 90
    RTL = ' direction="rtl"'  # every text then starts at its x with its right edge

    def x(at: float, size: float = 0.0) -> str:
        """The x of something ``size`` wide placed ``at`` from the start edge of the line."""
        return f"{full - at - size if words.rtl else at:.1f}".removesuffix(".0")

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{full}" height="{height}"'
        f'{RTL if words.rtl else ""} font-family="sans-serif" font-size="12">',
        f'<text x="{x(10)}" y="20" font-size="14" font-weight="bold">{escape(words.title)}</text>',
        f'<rect x="{x(left, 12)}" y="30" width="12" height="10" fill="#2b6cb0"/>'
        f'<text x="{x(left + 16)}" y="39">{escape(words.advised)}</text>'
        f'<rect x="{x(left + 90, 12)}" y="30" width="12" height="10" fill="#c05621"/>'
        f'<text x="{x(left + 106)}" y="39">{escape(words.alternative)}</text>',
    ]
    y = 50
    for t, label in zip(tips, labels, strict=True):
        parts.append(f'<text x="{x(10)}" y="{y + bar + 4}">{label}</text>')
        for offset, choice, colour in (
            (0, t.advised, "#2b6cb0"),
            (bar, t.alternative, "#c05621"),
        ):
            p = t.goal_probability(choice)
            size = max(p * width, 0.5)
            parts.append(
                f'<rect x="{x(left, size)}" y="{y + offset}" width="{size:.1f}" '
                f'height="{bar - 2}" fill="{colour}"><title>'
                f"{escape(words.discards(choice.discards))}</title></rect>"
                f'<text x="{x(left + p * width + 4)}" '
                f'y="{y + offset + bar - 4}">{escape(words.percent(p))}</text>'
            )
        y += 2 * bar + gap
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
