"""CPU players for the lowball draw games with blinds: 2-7 single draw (no limit), 2-7 triple
draw and badugi (fixed limit). Each decides from its seat's view alone (its cards, the chips, the
public draw counts) and is seeded.

- :class:`LowballRulesBot` draws by the rules of thumb (:mod:`drawpoker.bots.lowball_reading`:
  keep the low cards, break pairs, straights and flushes; badugi: the best badugi subset) and
  bets by its made hand and the cards it draws beside the opponents' draw counts, with the pot
  odds.
- :class:`LowballStrongBot` draws the best choice of the exact draw analysis and bets by its
  chance to beat the hands the opponents' draw counts suggest
  (:mod:`drawpoker.bots.lowball_model`).

>>> from drawpoker.table import Table, TableSettings
>>> from drawpoker.engine import game
>>> cpu = {0: LowballRulesBot(seed=1), 1: LowballRulesBot(seed=2), 2: LowballStrongBot(seed=3)}
>>> table = Table(game("badugi"), 3, seed=5, cpu=cpu, settings=TableSettings(rounds=2))
>>> table.play_cpu()
>>> table.is_over, sum(table.stacks)
(True, 30000)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from drawpoker import _core
from drawpoker.bots.basic import ReadingBot
from drawpoker.bots.bet_reading import against_folders, looseness
from drawpoker.bots.draw_reading import DrawReader
from drawpoker.bots.lowball_model import (
    DrawAnalysis,
    OpponentModel,
    analyse_draw,
    opponent_model,
)
from drawpoker.bots.lowball_reading import (
    EIGHT,
    NINE,
    SEVEN,
    badugi_discards,
    badugi_top,
    deuce_seven_discards,
    deuce_seven_top,
    draw_counts,
    draws_left,
    known_dead,
)
from drawpoker.bots.sizing import can_aggress, passive, pot_odds, sized
from drawpoker.bots.tables import expand, shipped
from drawpoker.engine.actions import CHECK, Action, LegalActions
from drawpoker.engine.betting import NoLimit
from drawpoker.engine.events import HandView

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def ranking_of(view: HandView) -> str:
    """The game's ranking: ``"deuce-seven"`` or ``"badugi"``.

    >>> from drawpoker.engine import Hand, game
    >>> ranking_of(Hand(game("badugi"), [1000, 1000]).view(0))
    'badugi'
    """
    return view.game.showdown[0].ranking


def rules_discards(cards: Sequence[int], ranking: str, left: int) -> list[int]:
    """The rules-of-thumb draw of a lowball hand with ``left`` draws to come (this one counted).

    >>> from drawpoker.cards import format_cards, parse_cards
    >>> format_cards(rules_discards(parse_cards("Ac 2d 3h 3s"), "badugi", 2))
    '3s'
    """
    if ranking == "badugi":
        return badugi_discards(cards, left)
    return deuce_seven_discards(cards, left)


def made_value(cards: Sequence[int], ranking: str) -> float:
    """How good a made lowball hand is, 0-1, by its top card: 2-7 seven-low 0.95, eight 0.85,
    nine 0.7, ten 0.55, jack 0.4, worse 0.25, no made hand 0.1; badugi four cards five-high or
    better 0.95, seven 0.85, nine 0.7, jack 0.55, worse 0.45, three cards up to a four 0.35,
    other three cards 0.25, fewer 0.1.

    >>> from drawpoker.cards import parse_cards
    >>> made_value(parse_cards("8h 6d 4c 3s 2s"), "deuce-seven")
    0.85
    >>> made_value(parse_cards("Ac 2d 3h 3s"), "badugi")
    0.35
    """
    if ranking == "badugi":
        size, top = badugi_top(cards)
        if size == 4:
            for ceiling, value in ((5, 0.95), (7, 0.85), (9, 0.7), (11, 0.55)):
                if top <= ceiling:
                    return value
            return 0.45
        if size == 3:
            return 0.35 if top <= 4 else 0.25
        return 0.1
    highest = deuce_seven_top(cards)
    if highest is None:
        return 0.1
    return {SEVEN: 0.95, EIGHT: 0.85, NINE: 0.7, NINE + 1: 0.55, NINE + 2: 0.4}.get(
        max(highest, SEVEN), 0.25
    )


def beats_dealt(cards: Sequence[int], ranking: str) -> float:
    """The chance that a lowball hand beats a hand dealt from the whole deck, ties counted half:
    what a seat that never drew holds when its pats are not believed.

    >>> from drawpoker.cards import parse_cards
    >>> round(beats_dealt(parse_cards("Kh Qd 4c 3s 2s"), "deuce-seven"), 2)  # any made hand
    0.74
    >>> round(beats_dealt(parse_cards("7h 7d 4c 3s 2s"), "deuce-seven"), 2)  # a pair
    0.34
    """
    return dealt_beats(ranking)[_core.evaluate(list(cards), ranking)]


@cache
def dealt_beats(ranking: str) -> tuple[float, ...]:
    """The chance that each strength (the index) beats a hand dealt from the whole deck, ties
    counted half, from the shipped counts (:func:`count_dealt_hands`), once per process.

    >>> beats = dealt_beats("badugi")  # no hand, and a wheel badugi (24 of 270,725 hands)
    >>> beats[0], round(beats[-1], 5)
    (0.0, 0.99996)
    """
    counts = [int(count) for count in expand(shipped()["dealt-hands"][ranking])]
    total, below, beats = sum(counts), 0, []
    for count in counts:  # strength 0 is no hand: none dealt, so it beats none
        beats.append((below + count / 2) / total)
        below += count
    return tuple(beats)


def count_dealt_hands(ranking: str) -> list[int]:
    """How many hands of the whole deck reach each strength of a lowball ranking (the index),
    shipped with the players' tables (:mod:`drawpoker.bots.tables`) as runs.

    >>> from drawpoker.bots.tables import runs
    >>> all(runs(count_dealt_hands(r)) == shipped()["dealt-hands"][r] for r in LOWBALL_RANKINGS)
    True
    """
    from drawpoker.analysis.draw import deck_histogram  # offline: NumPy only here (issue 2)

    return [int(count) for count in deck_histogram(ranking)]


LOWBALL_RANKINGS = ("deuce-seven", "badugi")
"""The rankings of the lowball draw games."""


LOWBALL_PAT = 0.05
"""How often a sound lowball player stands pat in the first draw: on a dealt smooth low (a pat
2-7 nine or better, a badugi), a few hands in a hundred."""

DRAW_VALUE = {1: 0.55, 2: 0.45, 3: 0.35, 4: 0.25}
"""The worth of a drawing hand by the cards it will draw (four or five: 0.25), 0.05 more per
draw after this one."""


class LowballRulesBot(ReadingBot):
    """Rules of thumb. Draws by :func:`rules_discards`. Bets by a value of 0-1: after the last
    draw its made hand (:func:`made_value`), 0.15 less when an opponent who stood pat in it has
    bet or raised in the hand (a pat hand that only calls is often weak), up to 0.15 more
    instead as that opponent bets more often than a sound player
    (:meth:`~drawpoker.bots.bet_reading.BetReader.trust`), 0.15 more when every
    opponent drew two or more; that value is believed only as far as the pats of an opponent
    who never drew in the hand are (:meth:`~drawpoker.bots.draw_reading.PatReader.trust`
    against :data:`LOWBALL_PAT`), the rest its chance against a dealt hand
    (:func:`beats_dealt`: a seat that stands pat far more often than smooth lows are dealt
    mostly holds whatever it was dealt); before it, a pat hand's made value or the worth of
    the draw it will make (:data:`DRAW_VALUE`), 0.1 more when it draws fewer cards than every
    opponent drew last time, 0.1 less when more; 0.05 less for each opponent past the first.
    It bets or raises from 0.75 (at most to three bets unless 0.9), bets from 0.6 with no bet
    to face, calls when the value beats the pot odds by 0.1, and bluffs now and then after the
    last draw when every opponent drew two or more. No limit: a pot-sized bet or raise ("pot",
    "3x") from 0.85, half the pot below. It reads the table
    (:class:`~drawpoker.bots.draw_reading.DrawReader`); against opponents who fold to most bets
    it bets whatever it holds (:func:`~drawpoker.bots.bet_reading.against_folders`).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("2-7-triple-draw"), [10000] * 2, deck="Kc 7h Qd 5d 9s 4c 8c 3s 6h 2h")
    >>> LowballRulesBot(seed=1).choose(hand.view(hand.actor))  # a pat seven on the button
    Action(kind='raise', amount=200, cards=())
    """

    kind = "rules"
    quick = True
    games = ("2-7-single-draw", "2-7-triple-draw", "badugi")
    reader_type = DrawReader
    reader: DrawReader

    def __init__(self, seed: int = 0, bluff: float = 0.05) -> None:
        super().__init__(seed, bluff=bluff)
        self.bluff = bluff

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("badugi"), [10000] * 2, deck="Kc Ac Qc 2d Jc 3h 5c 4s")
        >>> hand.call(); hand.check()
        >>> LowballRulesBot().choose(hand.view(hand.actor))  # seat 1's four clubs: keep the five
        Action(kind='draw', amount=0, cards='Kc Qc Jc')
        """
        legal = view.legal  # made anew at each read: once per decision
        assert legal is not None, "a CPU player chooses on its own turn"
        self.reader.observe(view)
        if view.phase == "draw":
            discards = rules_discards(view.cards, ranking_of(view), draws_left(view))
            return Action.draw(discards[: legal.max_discards])
        bets = self.reader.bets
        action = against_folders(bets, view, legal, self.rng) or self.decide(view, legal)
        self.reader.acted(view, action)
        return action

    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """The bet for the seat whose view this is (:meth:`_bet` by :meth:`value`).

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("2-7-triple-draw"), [10000] * 2, deck="Kc 7h Qd 5d 9s 4c 8c 3s 6h 2h")
        >>> view = hand.view(hand.actor)  # a pat seven on the button
        >>> LowballRulesBot(seed=1).decide(view, hand.legal_actions())
        Action(kind='raise', amount=200, cards=())
        """
        ranking = ranking_of(view)
        left = draws_left(view)
        return self._bet(view, legal, self.value(view, ranking, left, self.reader), left)

    @staticmethod
    def value(view: HandView, ranking: str, left: int, reader: DrawReader | None = None) -> float:
        """Its hand's betting value, 0-1 (the class summary), the opponents' bets and pats read
        by ``reader`` (believed in full without one).

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("2-7-triple-draw"), [10000] * 2, deck="Kc 7h Qd 5d 9s 4c 8c 3s 6h 2h")
        >>> LowballRulesBot.value(hand.view(0), "deuce-seven", 3)
        0.95

        A pat opponent's bet after the last draw is believed less from a seat that bets every
        time it may (a snow):

        >>> hand = Hand(game("badugi"), [10000] * 2, seed=3)
        >>> hand.call(); hand.check()
        >>> for draw in range(3):
        ...     hand.act(Action.draw([])); hand.act(Action.draw([]))
        ...     if draw < 2:
        ...         hand.check(); hand.check()
        >>> hand.bet(200)  # seat 1 stood pat three times and bets
        >>> stabber = DrawReader(); stabber.bets.counts[1] = [40, 40]
        >>> [round(LowballRulesBot.value(hand.view(0), "badugi", 0, r), 2) for r in (None, stabber)]
        [0.1, 0.22]

        And the hand's chance against a dealt hand counts as far as that seat's pats are not
        believed (a snow: it stood pat in each of the 40 hands seen):

        >>> snow = DrawReader(); snow.bets.counts[1] = [40, 40]; snow.pats.counts[1] = [40, 40]
        >>> round(LowballRulesBot.value(hand.view(0), "badugi", 0, snow), 2)
        0.81
        """
        counts = draw_counts(view)
        rivals = [s for s in range(view.seats) if s != view.seat and view.live[s] and counts[s]]
        latest = [counts[s][-1] for s in rivals]
        crowd = 0.05 * max(0, sum(view.live) - 2)  # each opponent past the first
        if not left:
            value = made_value(view.cards, ranking) - crowd
            pushed = pressure(view)
            pat_bettors = [s for s in rivals if counts[s][-1] == 0 and pushed[s]]
            if pat_bettors:
                trust = min(reader.bets.trust(s) for s in pat_bettors) if reader else 1.0
                value += 0.3 * (1.0 - trust) - 0.15
            elif latest and min(latest) >= 2:
                value += 0.15
            never_drew = [s for s in rivals if not any(counts[s])]
            if reader and never_drew:
                believed = min(reader.pats.trust(s, LOWBALL_PAT) for s in never_drew)
                value = believed * value + (1 - believed) * beats_dealt(view.cards, ranking)
            return value
        planned = len(rules_discards(view.cards, ranking, left))
        if not planned:
            return made_value(view.cards, ranking) - crowd
        value = -crowd + DRAW_VALUE[min(planned, 4)] + 0.05 * (left - 1)
        if latest and planned < min(latest):
            value += 0.1
        elif latest and planned > min(latest):
            value -= 0.1
        return value

    def _bet(self, view: HandView, legal: LegalActions, value: float, left: int) -> Action:
        no_limit = isinstance(view.game.betting, NoLimit)
        big = view.game.stake.chips
        heavy = view.current_bet > (3 * big if no_limit else 2 * legal.step)
        if can_aggress(legal) and value >= 0.75 and (value >= 0.9 or not heavy):
            return sized(legal, 1.0 if value >= 0.85 or not no_limit else 0.5) or CHECK
        if not legal.call:
            if value >= 0.6:
                return sized(legal, 0.5) or CHECK
            counts = draw_counts(view)
            drew_much = all(
                counts[s] and counts[s][-1] >= 2
                for s in range(view.seats)
                if s != view.seat and view.live[s]
            )
            if not left and drew_much and self.rng.random() < self.bluff:
                return sized(legal, 0.5) or CHECK
            return CHECK
        return passive(legal, call=value >= pot_odds(view.pot, legal) + 0.1)


def round_raises(view: HandView) -> dict[int, int]:
    """Each seat's highest bet of the betting round under way (since the last draw), counting
    only bets and raises of more than twice the bet before (a minimum raise says little): 1
    when it bet or raised first, 2 when it raised a bet, 3 a raise, ...; 0 when it did neither.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("2-7-single-draw"), [10_000] * 2)
    >>> hand.raise_to(300); hand.raise_to(900); hand.raise_to(2700)
    >>> round_raises(hand.view(1))
    {0: 3, 1: 2}
    >>> hand.raise_to(5400)  # a minimum raise: not counted
    >>> round_raises(hand.view(0))
    {0: 3, 1: 2}
    """
    level = dict.fromkeys(range(view.seats), 0)
    bets = top = 0
    for event in view.events:
        if event.kind == "draw":
            level, bets, top = dict.fromkeys(range(view.seats), 0), 0, 0
        elif event.kind == "blind":
            top = max(top, event.amount)
        elif event.kind in ("bet", "raise") and event.seat is not None:
            if event.amount > 2 * top:
                bets += 1
                level[event.seat] = bets
            top = max(top, event.amount)
    return level


def pressure(view: HandView) -> dict[int, int]:
    """How much each seat pushed in the hand so far: 2 when it bet or raised in the current
    betting round, 1 when it did earlier or called a raise in this round, else 0.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("2-7-triple-draw"), [1000] * 3)
    >>> hand.raise_to(200); hand.call()
    >>> pressure(hand.view(2))
    {0: 2, 1: 1, 2: 0}
    """
    level = dict.fromkeys(range(view.seats), 0)
    raised = drawing = False
    for event in view.events:
        if event.kind == "draw":
            if not drawing:
                level = {s: min(v, 1) for s, v in level.items()}
                raised, drawing = False, True
        elif event.seat is None:
            continue
        elif event.kind in ("bet", "raise"):
            level[event.seat], raised, drawing = 2, True, False
        elif event.kind == "call" and raised:
            level[event.seat] = max(level[event.seat], 1)
            drawing = False
        elif event.kind in ("call", "check", "fold"):
            drawing = False
    return level


class LowballStrongBot(ReadingBot):
    """Draws the best choice of the exact draw analysis, each choice worth its chance to beat
    every opponent still in (:class:`~drawpoker.bots.lowball_model.DrawAnalysis`), and bets by
    that chance (after the last draw: its hand's chance) against the hands the opponents' draw
    counts and their betting suggest (:class:`~drawpoker.bots.lowball_model.OpponentModel`).
    By its edge (the chance times the players in the pot): it raises from 1.5 when the chance
    also beats the pot odds, calls when the chance beats the pot odds, bets from 1.2 (the pot
    from 1.6, half the pot below, in no limit), and bluffs now and then after the last draw.
    It reads the table (:class:`~drawpoker.bots.draw_reading.DrawReader`): a seat that stands
    pat far more often than :data:`LOWBALL_PAT` has its pats, and one that bets far more often
    than a sound player its bets, believed only that much; in no limit each raise of more than
    twice the bet that an opponent makes after its first bet or raise of a betting round
    (:func:`round_raises`) narrows its likely hands to the strongest
    :data:`~drawpoker.bots.lowball_model.RAISE_KEEPS` of them, as far as it bets like a sound
    player (:func:`~drawpoker.bots.bet_reading.looseness`). Against seats that fold to most
    bets it bets whatever it holds (:func:`~drawpoker.bots.bet_reading.against_folders`).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("2-7-single-draw"), [10000] * 2, deck="Kc 7h Qd 5d 9s 4c 8c 3s 6h 2h")
    >>> LowballStrongBot(seed=1).choose(hand.view(hand.actor)).kind  # a pat seven
    'raise'
    """

    kind = "strong"
    games = ("2-7-single-draw", "2-7-triple-draw", "badugi")
    reader_type = DrawReader
    reader: DrawReader

    def __init__(self, seed: int = 0, bluff: float = 0.03) -> None:
        super().__init__(seed, bluff=bluff)
        self.bluff = bluff
        self._analysis: tuple[tuple[int, ...], tuple[int, ...], DrawAnalysis] | None = None

    def beat_table(self, view: HandView) -> npt.NDArray[np.float64]:
        """The chance that each final strength (the index) beats every opponent still in.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("badugi"), [1000] * 3)
        >>> table = LowballStrongBot().beat_table(hand.view(0))
        >>> float(table[-1]) > 0.99, float(table[1]) < 0.01
        (True, True)
        """
        model = opponent_model(view.game.name)
        counts = draw_counts(view)
        pushed = pressure(view)
        if isinstance(view.game.betting, NoLimit):
            # Each raise more of a sound player, a stronger hand; a seat that bets or raises
            # far more often than one says less by it (nothing when it does every time).
            for seat, level in round_raises(view).items():
                if level > 1:
                    sound = 1 - looseness(self.reader.bets.trust(seat))
                    pushed[seat] += round((level - 1) * sound)
        table = None
        for seat in range(view.seats):
            if seat != view.seat and view.live[seat]:
                beat = self._seat_table(model, seat, counts[seat], pushed[seat])
                table = beat if table is None else table * beat
        if table is None:
            import numpy as np  # lazy: NumPy loads on first array use (issue 2)

            return np.ones(model.max_strength + 1)
        return table

    def _seat_table(
        self, model: OpponentModel, seat: int, counts: list[int], pushed: int
    ) -> npt.NDArray[np.float64]:
        """:meth:`~drawpoker.bots.lowball_model.OpponentModel.beat_table` of one opponent,
        its bets believed as far as :meth:`~drawpoker.bots.bet_reading.BetReader.trust` says,
        and a pat of its latest draw as far as
        :meth:`~drawpoker.bots.draw_reading.PatReader.trust` does (else it holds what any
        player ends with)."""
        table = model.beat_table(counts, pushed)
        if pushed:
            trust = self.reader.bets.trust(seat)
            table = trust * table + (1 - trust) * model.beat_table(counts, 0)
        if counts and counts[-1] == 0:
            trust = self.reader.pats.trust(seat, LOWBALL_PAT)
            table = trust * table + (1 - trust) * model.beat_table([])
        return table

    def _draw(self, view: HandView, left: int) -> tuple[tuple[int, ...], float]:
        """The best discards and their worth (the analysis made once per hand held)."""
        cards, dead = view.cards, tuple(known_dead(view))
        if self._analysis is None or self._analysis[:2] != (cards, dead):
            self._analysis = (cards, dead, analyse_draw(cards, ranking_of(view), dead))
        return self._analysis[2].best(self.beat_table(view), left)

    def chance(self, view: HandView) -> float:
        """Its chance to beat every opponent still in: after the last draw its hand's, before
        it the worth of its best draw.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("badugi"), [1000] * 2, deck="Kc Ac Qc 2d Jc 3h Tc 4s")
        >>> LowballStrongBot().chance(hand.view(0)) > 0.9  # a wheel badugi, A-2-3-4
        True
        """
        left = draws_left(view)
        if left:
            return self._draw(view, left)[1]
        strength = _core.evaluate(list(view.cards), ranking_of(view))
        return float(self.beat_table(view)[strength])

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("badugi"), [10000] * 2, deck="Kc Ac Qc 2d Jc 3h 5c 4s")
        >>> hand.call(); hand.check()
        >>> LowballStrongBot().choose(hand.view(hand.actor))  # seat 1's four clubs
        Action(kind='draw', amount=0, cards='Kc Qc Jc')
        """
        legal = view.legal
        assert legal is not None, "a CPU player chooses on its own turn"
        self.reader.observe(view)
        if view.phase == "draw":
            discards = self._draw(view, draws_left(view))[0]
            return Action.draw(discards[: legal.max_discards])
        action = against_folders(self.reader.bets, view, legal, self.rng) or self._bet(view, legal)
        self.reader.acted(view, action)
        return action

    def _bet(self, view: HandView, legal: LegalActions) -> Action:
        mine = self.chance(view)
        edge = mine * sum(view.live)  # 1.0: a fair share
        odds = pot_odds(view.pot, legal)
        if legal.call:
            if edge >= 1.5 and mine >= odds:
                return sized(legal, 1.0) or passive(legal, call=True)
            return passive(legal, call=mine >= odds)
        if edge >= 1.2:
            return sized(legal, 1.0 if edge >= 1.6 else 0.5) or CHECK
        if not draws_left(view) and self.rng.random() < self.bluff:
            return sized(legal, 0.5) or CHECK
        return CHECK
