"""CPU players for Five-Card Draw. Each decides from its seat's view alone and is seeded, so a
game of CPU players replays exactly.

- :class:`RulesOfThumbBot` draws by the tips of RULES.md section 4 and bets by its hand category;
- :class:`StrongBot` draws with the exact draw analysis (the best of every legal discard choice)
  and bets by its chance to beat a random hand, raised or lowered by the opponents' draw counts.

>>> from drawpoker.bots import CheckCallBot
>>> from drawpoker.engine import FiveCardDraw
>>> from drawpoker.table import Table, TableSettings
>>> cpu = {0: RulesOfThumbBot(seed=1), 1: RulesOfThumbBot(seed=2), 2: CheckCallBot()}
>>> table = Table(FiveCardDraw(), 3, seed=5, cpu=cpu, settings=TableSettings(rounds=3))
>>> table.play_cpu()
>>> table.is_over, sum(table.stacks)
(True, 6000)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import compress
from typing import Any

from drawpoker import _core
from drawpoker.analysis.draw import discard_choices, objective_values
from drawpoker.analysis.evaluation import HandCategory
from drawpoker.bots.basic import ReadingBot, SeededBot
from drawpoker.bots.bet_reading import BLUFF_FOLDS, last_bettor, least_fold_rate
from drawpoker.bots.draw_reading import DrawReader
from drawpoker.engine.actions import Action, LegalActions
from drawpoker.engine.events import HandView
from drawpoker.engine.variants.five_card_draw import JACKS
from drawpoker.errors import InvalidArgumentError


@cache
def jacks_threshold(ranking: str) -> int:
    """The weakest strength that opens under jacks or better: a pair of jacks, 4-3-2 kickers.

    >>> jacks_threshold("high") == _core.evaluate(list(JACKS), "high")
    True
    """
    return _core.evaluate(list(JACKS), ranking)


# Categories as plain ints for the per-decision comparisons (an enum member lookup costs more).
ONE_PAIR, FULL_HOUSE = int(HandCategory.ONE_PAIR), int(HandCategory.FULL_HOUSE)


RAISE_FACTOR = 3
"""Past the bets of the small action, a strong hand raises to this many times the current bet
(all-in at most), not by the minimum: Five-Card Draw's unit rule has no cap (R-DRAW-3), and two
hands that both keep raising by one unit went on for a hundred raises at the default stacks
(100,000 with the load benchmark's), a CPU's think apart each at the site."""


def big_raise(legal: LegalActions, current: int) -> int:
    """The total a CPU player raises to once the action is big: :data:`RAISE_FACTOR` times the
    current bet, between the minimum raise and all-in. A hand played with raises so sized goes
    all-in in a few of them.

    >>> from drawpoker.engine import game
    >>> from drawpoker.engine.hand import Hand
    >>> hand = Hand(game("five-card-draw"), [2000] * 2, seed=1)
    >>> hand.act(Action("bet", 80))
    >>> legal = hand.legal_actions()
    >>> legal.min_to, big_raise(legal, 80), big_raise(legal, 800), legal.max_to
    (160, 240, 1990, 1990)
    """
    return min(max(legal.min_to, RAISE_FACTOR * current), legal.max_to)


def hand_category(cards: Sequence[int], ranking: str) -> HandCategory:
    """The category of five cards under ``ranking``.

    >>> hand_category([48, 49, 0, 5, 10], "high")
    <HandCategory.ONE_PAIR: 1>
    """
    return HandCategory(_core.category(_core.evaluate(cards, ranking), ranking))


def tips_discards(
    cards: Sequence[int], ranking: str, allowed: Callable[[list[int]], bool]
) -> list[int]:
    """The discards the tips advise (RULES.md section 4): straight or better stand pat, trips draw
    two, two pair draw one, four to a flush draw one, a pair draw three; with nothing keep an ace
    and draw four when ``allowed``, else keep the two highest cards. The joker is always kept.

    >>> from drawpoker.cards import parse_cards, format_cards
    >>> ok = lambda discards: len(discards) <= 3
    >>> format_cards(tips_discards(parse_cards("9c 9d 7h 4s Kd"), "high", ok))
    '7h 4s Kd'
    >>> format_cards(tips_discards(parse_cards("Ks 9s 6s 3s 8d"), "high", ok))
    '8d'
    """
    discards, ace_draw = _core.tip_discards(cards, ranking)  # the rule, in Rust
    if ace_draw is not None and allowed(ace_draw):
        return ace_draw
    return discards


class RulesOfThumbBot(SeededBot):
    """Draws by the tips and bets by hand category: strong hands bet and raise, medium hands call
    bets up to a share of the pot, weak hands check or fold; a seeded few bluffs.

    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> hand = Hand(FiveCardDraw(), [500, 500, 500], seed=9)
    >>> RulesOfThumbBot(seed=0).choose(hand.view(hand.actor)).kind in ("check", "bet")
    True
    """

    kind = "rules"
    quick = True
    games = ("five-card-draw",)

    def __init__(self, seed: int = 0, bluff: float = 0.05) -> None:
        super().__init__(seed, bluff=bluff)
        self.bluff = bluff
        self._cards: tuple[int, ...] = ()
        self._ranking = ""
        self._strength = 0.0

    def _hold(self, cards: tuple[int, ...], ranking: str) -> None:
        """Keeps the betting strength of the cards held: the category, half a point more for a
        pair of jacks or better (computed once per hand held; each betting turn reuses it)."""
        value = _core.evaluate(cards, ranking)
        category = _core.category(value, ranking)
        strength = float(category)
        # One pair ranks by the pair first, so "jacks or better" is a strength threshold.
        if category == ONE_PAIR and value >= jacks_threshold(ranking):
            strength += 0.5
        self._cards, self._ranking, self._strength = cards, ranking, strength

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import FiveCardDraw, Hand
        >>> hand = Hand(FiveCardDraw(), [300, 300], seed=5)
        >>> hand.check(); hand.check()  # nobody opened: redeal
        >>> choice = RulesOfThumbBot(seed=1).choose(hand.view(hand.actor))
        >>> hand.deal_number, choice.kind in ("check", "bet")
        (1, True)
        """
        legal = view.legal
        assert legal is not None, "a CPU player chooses on its own turn"
        cards = view.cards
        ranking = view.game.ranking
        if view.phase == "draw":
            most = legal.max_discards
            return Action.draw(tips_discards(cards, ranking, lambda d: len(d) <= most))
        if cards != self._cards or ranking != self._ranking:
            self._hold(cards, ranking)
        strength = self._strength
        if view.street > 0:
            strength -= _pat_opponents(view) * 0.5
        return self._bet(view, legal, strength)

    def _bet(self, view: HandView, legal: LegalActions, strength: float) -> Action:
        kinds = legal.kinds
        aggressive = "bet" in kinds or "raise" in kinds
        current = view.current_bet
        # Bet or raise with two pair or better (a few bluffs), but stop re-raising at four units
        # of action unless holding a full house or better.
        small = current < 4 * legal.step or strength >= FULL_HOUSE
        willing = strength >= 2 or self.rng.random() < self.bluff
        if (
            aggressive
            and small
            and willing
            and (strength >= 3 or current == 0 or self.rng.random() < 0.5)
        ):
            to = big_raise(legal, current) if current >= 4 * legal.step else legal.min_to
            return Action("raise" if "raise" in kinds else "bet", to)
        if "check" in kinds:
            return Action.check()
        pot = view.pot
        if strength >= 1.5 or legal.call * 3 <= pot or (strength >= 1 and legal.call * 2 <= pot):
            return Action.call()
        return Action.fold()


def _pat_opponents(view: HandView) -> int:
    """Opponents still in the hand who stood pat in the draw."""
    live, drawn, seat = view.live, view.drawn, view.seat
    own = live[seat] and drawn[seat] == 0
    return list(compress(drawn, live)).count(0) - own


DrawAdvisor = Callable[[Sequence[int], str, str], tuple[list[int], float]]
"""``(cards, draw limit, ranking) -> (discards, value)``: the draw a :class:`StrongBot` makes and
what it is worth (for ``"high"``: the chance that the final hand beats a random hand)."""


def exact_draw(cards: Sequence[int], limit: str, ranking: str = "high") -> tuple[list[int], float]:
    """The best discards over every choice the draw limit allows, by the exact draw analysis
    (:func:`drawpoker.analysis.draw.discard_choices`), and their value: for ``"high"`` the chance
    to beat a random hand after the draw, for the joker game the mean final strength.

    >>> from drawpoker.cards import parse_cards, format_cards
    >>> discards, value = exact_draw(parse_cards("As 9d 6h 4s Kd"), "3-or-4-with-ace")
    >>> format_cards(discards), round(value, 3)
    ('9d 6h 4s', 0.656)
    >>> format_cards(exact_draw(parse_cards("Jk 9d 9h 4s Kd"), "3", "joker")[0])
    '4s Kd'
    """
    objective = "beat_random" if ranking == "high" else "mean_strength"
    joker = ranking == "joker"
    choices = discard_choices(
        list(cards), ranking=ranking, joker=joker, limit=limit, objective=objective
    )
    best = choices[0]
    return [c for i, c in enumerate(cards) if best.discard_mask >> i & 1], best.value


@cache
def _beat_random_table() -> list[float]:
    """Chance that a high hand of each strength beats a random five-card hand (ties half): the
    draw engine's ``beat_random`` objective, which is built once per process.

    >>> table = _beat_random_table()
    >>> table[0], table[-1] > 0.99999
    (0.0, True)
    """
    values: list[float] = objective_values("beat_random", "high").tolist()
    return values


# The strength an opponent who exchanged k cards typically ends with, as a chance to beat a random
# hand: a pat hand is near a straight, one card about two pair, two trips, three a pair.
OPPONENT_BY_DRAW = {0: 0.97, 1: 0.86, 2: 0.93, 3: 0.72, 4: 0.6, 5: 0.5}
RANDOM_HAND = 0.5
"""A random hand's chance to beat a random hand: what a pat on nothing is worth."""

CALL_MARGIN = 0.45
"""How far its chance to beat a random hand must pass the pot odds for it to call a bet."""

UNTRUSTED_DISCOUNT = 0.3
"""How much of :data:`CALL_MARGIN` it drops against a bettor whose bets it does not trust."""


class StrongBot(ReadingBot):
    """Draws with the exact draw analysis (``advisor``) and bets by its hand's chance to beat a
    random hand, measured against the strongest opponent their draw counts suggest; a pat is
    believed as far as the seat's pat rate so far makes it likely, a bet as far as the seat's
    bet rate does (:class:`~drawpoker.bots.draw_reading.DrawReader`); seeded bluffs, and bets
    whatever it holds against seats that fold to most bets.

    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> hand = Hand(FiveCardDraw(), [500, 500], seed=4)
    >>> StrongBot(seed=0).choose(hand.view(hand.actor)).kind in ("check", "bet")
    True
    """

    kind = "strong"
    games = ("five-card-draw",)
    reader_type = DrawReader
    reader: DrawReader

    def __init__(
        self, seed: int = 0, advisor: DrawAdvisor = exact_draw, bluff: float = 0.04
    ) -> None:
        super().__init__(seed, bluff=bluff)
        self.advisor = advisor
        self.bluff = bluff
        self._analysis: tuple[tuple[int, ...], str, list[int], float] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (only with the exact draw advisor: another advisor is code, not data),
        with what it has read of the other seats' pats.

        >>> StrongBot(seed=2).to_dict()["params"]
        {'seed': 2, 'bluff': 0.04}
        """
        if self.advisor is not exact_draw:
            raise InvalidArgumentError("a StrongBot with its own draw advisor cannot be saved")
        return super().to_dict()

    def _advice(self, cards: tuple[int, ...], limit: str, ranking: str) -> tuple[list[int], float]:
        """The advisor's answer, computed once per hand held (betting and drawing share it)."""
        if self._analysis is None or self._analysis[:2] != (cards, limit):
            self._analysis = (cards, limit, *self.advisor(cards, limit, ranking))
        return self._analysis[2], self._analysis[3]

    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import FiveCardDraw, Hand
        >>> hand = Hand(FiveCardDraw(), [300, 300], seed=5)
        >>> hand.bet(20)
        >>> StrongBot(seed=1).choose(hand.view(hand.actor)).kind in ("fold", "call", "raise")
        True
        """
        ranking = view.game.ranking
        limit = next(street.draw for street in view.game.streets if street.draw)
        self.reader.observe(view)
        if view.phase == "draw":
            return Action.draw(self._advice(view.cards, limit, ranking)[0])
        if ranking != "high":  # the chance to beat a random hand is tabled for high hands only
            mine = (int(hand_category(view.cards, ranking)) + 1) / 10
        elif view.street == 0:
            mine = self._advice(view.cards, limit, ranking)[1]  # the hand's worth after the draw
        else:
            mine = _beat_random_table()[_core.evaluate(list(view.cards), "high")]
        action = self._bet(view, self._against_draws(view, mine))
        self.reader.acted(view, action)
        return action

    def _against_draws(self, view: HandView, mine: float) -> float:
        """``mine`` lowered (raised) by how strong the opponents' draw counts say they are (a
        pat as strong as the seat's pat rate makes it likely to be real)."""
        if view.street == 0:
            return mine
        rivals = [
            self._rival(s, view.drawn[s])
            for s in range(view.seats)
            if s != view.seat and view.live[s] and view.drawn[s] >= 0
        ]
        return mine - max(rivals, default=RANDOM_HAND) + RANDOM_HAND

    def _rival(self, seat: int, drawn: int) -> float:
        if drawn:
            return OPPONENT_BY_DRAW[drawn]
        real = self.reader.pats.trust(seat)
        return real * OPPONENT_BY_DRAW[0] + (1 - real) * RANDOM_HAND

    def _bet(self, view: HandView, strength: float) -> Action:
        legal = view.legal
        assert legal is not None
        aggressive = "bet" in legal.kinds or "raise" in legal.kinds
        small = view.current_bet < 6 * legal.step or strength > 0.97
        if aggressive and small and (strength > 0.9 or self._bluff(view)):
            size = legal.min_to + legal.step * int(max(strength - 0.9, 0) * 20)
            if view.current_bet >= 6 * legal.step:  # only a hand over 0.97 raises here
                size = max(size, big_raise(legal, view.current_bet))
            return Action("raise" if "raise" in legal.kinds else "bet", min(size, legal.max_to))
        if "check" in legal.kinds:
            return Action.check()
        odds = legal.call / (view.pot + legal.call)
        return Action.call() if strength - self._call_margin(view) > odds else Action.fold()

    def _bluff(self, view: HandView) -> bool:
        """A seeded bluff now and then; always when every opponent still in folds to bets so
        often that a bet wins more than it costs
        (:data:`~drawpoker.bots.bet_reading.BLUFF_FOLDS`)."""
        if least_fold_rate(self.reader.bets, view) >= BLUFF_FOLDS:
            return True
        return self.rng.random() < self.bluff

    def _call_margin(self, view: HandView) -> float:
        """How much more than the pot odds its strength must be to call: less against a
        bettor whose first bets in a round come far more often than hands that deserve them
        (:meth:`~drawpoker.bots.bet_reading.BetReader.trust`)."""
        bettor = last_bettor(view)
        trust = 1.0 if bettor is None else self.reader.bets.trust(bettor)
        return CALL_MARGIN - (1 - trust) * UNTRUSTED_DISCOUNT
