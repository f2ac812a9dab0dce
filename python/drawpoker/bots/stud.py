"""CPU players for the fixed-limit stud games: Seven-Card Stud Hi, Razz and Stud Hi/Lo
eight-or-better. Each decides from its seat's view alone (its cards, every up card, the chips,
the public events) and is seeded; one class plays all three games, reading which from the spec.

- :class:`StudRulesBot` plays rules of thumb: on third street by its starting hand
  (:func:`~drawpoker.bots.stud_reading.third_street`: trips, pairs by rank, kicker and
  liveness, three to a flush or a straight, three low cards in razz and hi/lo, a pair of aces
  in hi/lo), bringing in or completing; later by its made hand against the boards showing, its
  draws with their live outs, and the pot odds; one fixed-limit bet at a time.
- :class:`StudStrongBot` computes at every decision its equity with :func:`drawpoker.equity`
  (``game="stud"``, ``"razz"`` or ``"stud-hi-lo"``) against the opponents still in: their up
  cards known, their down cards unknown (drawn at random by the equity, or sampled from the
  hands their raises make likely), the folded up cards dead; it bets, raises, calls or folds by
  that equity against the pot odds.

>>> from drawpoker.bots import CheckCallBot
>>> from drawpoker.table import Table, TableSettings
>>> from drawpoker.engine import game
>>> for name in ("stud", "razz", "stud-hi-lo"):
...     cpu = {0: StudRulesBot(seed=1), 1: StudStrongBot(seed=2), 2: CheckCallBot()}
...     table = Table(game(name), 3, seed=5, cpu=cpu, settings=TableSettings(rounds=2))
...     table.play_cpu()
...     print(name, table.is_over, sum(table.stacks))
stud True 60000
razz True 60000
stud-hi-lo True 60000
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

from drawpoker.analysis.equity import equity
from drawpoker.bots.bet_reading import BetReadingBot
from drawpoker.bots.stud_reading import (
    FAMILIES,
    PAIR,
    TRIPS,
    TWO_PAIR,
    Sight,
    actions_by_street,
    chance_to_hit,
    high_draws,
    high_key,
    low_cards,
    low_rank,
    sight,
    third_street,
)
from drawpoker.bots.tables import shipped
from drawpoker.engine.actions import BRING_IN, CALL, CHECK, FOLD, Action, LegalActions
from drawpoker.engine.events import HandView

LAST_STREET = 4
"""The index of seventh street (third street is 0)."""


def cards_to_come(street: int) -> int:
    """Cards each player still gets after ``street`` (0 = third street .. 4 = seventh).

    >>> [cards_to_come(s) for s in range(5)]
    [4, 3, 2, 1, 0]
    """
    return LAST_STREET - street


def pot_odds(view: HandView, legal: LegalActions) -> float:
    """The share of the pot after calling that the call costs (0 when nothing is owed).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("stud"), [5000] * 2, button=1)
    >>> hand.act(Action.bring_in())
    >>> round(pot_odds(hand.view(hand.actor), hand.legal_actions()), 3)
    0.278
    """
    return legal.call / (view.pot + legal.call) if legal.call else 0.0


def _aggress(legal: LegalActions) -> Action | None:
    """The fixed-limit bet or raise (a completion on third street), when one is open."""
    if "bet" in legal.kinds:
        return Action.bet(legal.min_to)
    if "raise" in legal.kinds:
        return Action.raise_to(legal.min_to)
    return None


def _passive(legal: LegalActions, call: bool) -> Action:
    """Check when free, else call (``call``) or fold; a bring-in seat posts the bring-in."""
    if "bring-in" in legal.kinds:
        return BRING_IN
    if "check" in legal.kinds:
        return CHECK
    return CALL if call else FOLD


def _raises(view: HandView) -> int:
    """Bets and raises (completions too) made on the current street so far, from the bet to
    match: whole small bets on third and fourth street (a bring-in is none), big bets later.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("stud"), [5000] * 3, button=2)
    >>> hand.act(Action.bring_in()); _raises(hand.view(hand.actor))
    0
    >>> hand.act(Action.raise_to(200)); hand.act(Action.raise_to(400)); _raises(hand.view(1))
    2
    """
    settings = view.game.settings
    unit = settings.small_bet if view.street <= 1 else settings.big_bet  # type: ignore[attr-defined]
    return int(view.current_bet // unit)


def steal_spot(seen: Sight) -> bool:
    """Whether the seat's up card is the best showing on third street (stud: higher than
    every other live up card; razz: lower; hi/lo: an ace, or higher than every other): a
    completion may take the antes and the bring-in.

    >>> from drawpoker.cards import parse_cards
    >>> steal_spot(Sight("razz", tuple(parse_cards("9c 8d 2h")), tuple(parse_cards("2h")),
    ...                  {1: tuple(parse_cards("Kd")), 2: tuple(parse_cards("7s"))}, (), ()))
    True
    """
    mine = seen.up[0]
    others = [up[0] for up in seen.rivals.values()]
    if seen.family == "razz":
        return all(low_rank(mine) < low_rank(c) for c in others)
    if seen.family == "stud-hi-lo" and mine >> 2 == 12:
        return True
    return all(mine >> 2 > c >> 2 for c in others)


def high_level(seen: Sight) -> int:
    """How good the seat's high hand is, 0-4, against the boards showing: 4 trips or better
    (or a straight), 3 two pair, 2 a pair higher than every up card out, 1 a smaller pair, 0
    nothing or a hand that some board already beats.

    >>> from drawpoker.cards import parse_cards
    >>> mine = tuple(parse_cards("Kd Kc 4h 9s"))
    >>> high_level(Sight("stud", mine, mine[2:], {1: tuple(parse_cards("Qs 7d"))}, (), ()))
    2
    >>> high_level(Sight("stud", mine, mine[2:], {1: tuple(parse_cards("As Ad"))}, (), ()))
    0
    """
    mine = high_key([*seen.cards, *seen.common])
    boards = [high_key([*up, *seen.common]) for up in seen.rivals.values()]
    if any(board >= mine for board in boards):
        return 0
    category = mine[0]
    if category >= TRIPS:
        return 4
    if category == TWO_PAIR:
        return 3
    if category == PAIR:
        top = max((c >> 2 for up in seen.rivals.values() for c in up), default=-1)
        return 2 if mine[1] > top else 1
    return 0


def low_level(seen: Sight, eight: bool) -> int:
    """How good the seat's low is, 0-4 (razz, or hi/lo's low with ``eight``): 4 a made
    seven-low or better, 3 a made eight-low, 2 a low draw with no more bad cards than any board
    out shows, 1 a low draw behind a board, 0 no low in reach. A bad card pairs or is too high
    (above eight).

    >>> from drawpoker.cards import parse_cards
    >>> mine = tuple(parse_cards("Ad 3c 5h 7s 2d"))
    >>> low_level(Sight("razz", mine, mine[2:], {1: tuple(parse_cards("Kc 4d 6h"))}, (), ()), False)
    4
    """
    cards = [*seen.cards, *seen.common]
    good = low_cards(cards, eight=True)
    if len(good) == 5:
        return 4 if good[-1] <= 6 else 3
    to_come = 7 - len(seen.cards)
    if 5 - len(good) > to_come:
        return 0
    bad = len(cards) - len(good)
    boards_bad = [len(up) - len(low_cards(up, eight=True)) for up in seen.rivals.values()]
    return 2 if bad <= min(boards_bad, default=0) else 1


class StudRulesBot(BetReadingBot):
    """Rules of thumb for stud, razz and stud hi/lo (fixed limit).

    Third street, by the starting hand's worth (0-10,
    :func:`~drawpoker.bots.stud_reading.third_street`): complete from 7 (steal from 3 when its
    up card is the best showing and nobody completed, now and then), call the bring-in from 4,
    call a completion from 5, re-raise from 9; the bring-in seat completes from 7, else brings
    in. Later streets, by its hand's level (0-4, :func:`high_level`, :func:`low_level`; hi/lo
    takes the better half and one more for both): bet or raise from 3 (raise once at 3, as
    often as the cap allows at 4), bet and call at 2, check and call cheap bets (a quarter of
    the pot) at 1; with a draw (live outs to a flush or a straight, or a low draw) call when
    the chance to make it beats the pot odds; a seeded few bluffs on seventh street. Against
    opponents who fold to most bets (:class:`~drawpoker.bots.bet_reading.BetReader`) it bets
    whatever it holds.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("stud"), [5000] * 3, button=2, deck="As 2c 3d Ad 4c 5d Ah 7h 9s")
    >>> hand.act(Action.bring_in())  # seat 1, the 7h
    >>> StudRulesBot(seed=1).choose(hand.view(2))  # seat 2: 3d 5d 9s, nothing
    Action(kind='fold', amount=0, cards=())
    >>> hand.fold(); StudRulesBot(seed=1).choose(hand.view(0))  # seat 0: rolled-up aces
    Action(kind='raise', amount=200, cards=())
    """

    kind = "rules"
    quick = True
    games = FAMILIES

    def __init__(self, seed: int = 0, bluff: float = 0.05, steal: float = 0.4) -> None:
        super().__init__(seed, bluff=bluff, steal=steal)
        self.bluff = bluff
        self.steal = steal
        self._last: tuple[tuple[object, ...], tuple[int, float]] | None = None

    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("razz"), [5000] * 2, button=1, deck="As Kd 2c Kc 3h Ks")
        >>> StudRulesBot().choose(hand.view(hand.actor))  # kings up brings in: nothing to complete
        Action(kind='bring-in', amount=0, cards=())
        """
        seen = sight(view)
        if view.street == 0:
            return self._third(view, legal, seen)
        return self._later(view, legal, seen)

    def _third(self, view: HandView, legal: LegalActions, seen: Sight) -> Action:
        score = third_street(seen.cards, seen.seen, seen.family).score
        raises = _raises(view)
        if "bring-in" in legal.kinds:
            return _aggress(legal) if score >= 7 else BRING_IN  # type: ignore[return-value]
        if raises == 0:
            stealing = score >= 3 and steal_spot(seen) and self.rng.random() < self.steal
            if score >= 7 or stealing:
                return _aggress(legal) or _passive(legal, call=True)
            return _passive(legal, call=score >= 4)
        if raises == 1:
            if score >= 9:
                return _aggress(legal) or CALL
            return _passive(legal, call=score >= 5)
        if score >= 10:
            return _aggress(legal) or CALL
        return _passive(legal, call=score >= 7)

    def _level(self, seen: Sight) -> tuple[int, float]:
        """The hand's level (0-4) and its chance to make a draw by the last card (the last
        answer kept: a seat asked again on the same street sees the same cards)."""
        key = (seen.cards, seen.rivals, seen.dead, seen.common)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        others = seen.seen
        cards = [*seen.cards, *seen.common]
        to_come = 7 - len(seen.cards)
        unseen = 52 - len(seen.cards) - len(others)
        chance = 0.0
        if seen.family == "razz":
            level = low_level(seen, eight=False)
        else:
            level = high_level(seen)
            if seen.family == "stud-hi-lo":
                low = low_level(seen, eight=True)
                level = min(4, max(level, low) + (level >= 2 and low >= 2))
            if to_come and level <= 2:  # stronger hands bet whatever their draws
                chance = chance_to_hit(high_draws(cards, others), unseen, to_come)
        if seen.family != "stud" and level in (1, 2) and to_come:
            held = set(low_cards(cards, eight=True))
            outs = 4 * (8 - len(held)) - sum(
                r <= 7 and r not in held for r in map(low_rank, others)
            )
            chance = max(chance, chance_to_hit(outs, unseen, to_come) ** (5 - len(held)))
        self._last = (key, (level, chance))
        return level, chance

    def _later(self, view: HandView, legal: LegalActions, seen: Sight) -> Action:
        level, chance = self._level(seen)
        odds = pot_odds(view, legal)
        raises = _raises(view)
        if level >= 4:
            return _aggress(legal) or CALL
        if level == 3:
            if raises <= 1:
                return _aggress(legal) or CALL
            return CALL
        if level == 2:
            if not legal.call:
                return _aggress(legal) or CHECK
            return _passive(legal, call=raises <= 1 or odds <= 0.25 or chance >= odds)
        if chance > 0.0 and chance >= odds:
            if not legal.call and chance >= 0.35 and self.rng.random() < 0.3:
                return _aggress(legal) or CHECK  # a semi-bluff
            return _passive(legal, call=True)
        if level == 1:
            return _passive(legal, call=odds <= 0.2 and raises <= 1)
        last = view.street == LAST_STREET
        if last and not legal.call and len(seen.rivals) == 1 and self.rng.random() < self.bluff:
            return _aggress(legal) or CHECK
        return _passive(legal, call=False)


def plausible(family: str, down: Sequence[int], up: Sequence[int], raised: Sequence[int]) -> bool:
    """Whether an opponent with the first two ``down`` cards and the ``up`` cards would have bet
    or raised on the streets in ``raised`` (0 = third street): a third-street hand worth 4 or
    more (a call of the bring-in; steals included); later, with its cards up to that street, a
    pair or better or a strong draw (stud), a low draw with at most one bad card (razz), either
    (hi/lo).

    >>> from drawpoker.cards import parse_cards
    >>> plausible("razz", parse_cards("Kd Qc"), parse_cards("2h"), [0])
    False
    >>> plausible("razz", parse_cards("Ad 4c"), parse_cards("2h 7s"), [0, 1])
    True
    """
    for street in raised:
        held = [*down[:2], *up[: street + 1]]
        if street == 0:
            if third_street(held, [], family).score < 4:
                return False
            continue
        high = high_key(held)[0] >= PAIR or high_draws(held, []) >= 8
        low = len(low_cards(held, eight=True)) >= len(held) - 1
        if not {"stud": high, "razz": low, "stud-hi-lo": high or low}[family]:
            return False
    return True


_PAIRS = list(itertools.combinations(range(52), 2))
"""Every two cards, in the order of the down pairs' masks (:func:`compute_third_street_downs`)."""


@cache
def third_street_downs(family: str, up: int) -> list[tuple[int, int]]:
    """Every pair of down cards under the up card ``up`` that makes a third-street completion
    or raise plausible (:func:`plausible`), lowest first, read once per game and up card from
    the shipped tables (:func:`compute_third_street_downs`: counting them took 2 to 20 ms, the
    slowest decisions of a strong stud player's first hands).

    >>> from drawpoker.cards import parse_cards
    >>> len(third_street_downs("stud", parse_cards("As")[0])) < 1176  # of C(51, 2) pairs
    True
    """
    mask = int(shipped()["stud-third-street"][family][up], 16)
    return [pair for place, pair in enumerate(_PAIRS) if mask >> place & 1]


def compute_third_street_downs() -> dict[str, list[str]]:
    """For each game (:data:`FAMILIES`) and up card, the down pairs of :func:`third_street_downs`
    as a mask over :data:`_PAIRS` in hexadecimal: the shipped table (a few seconds).

    >>> from drawpoker.bots.tables import shipped
    >>> compute_third_street_downs() == shipped()["stud-third-street"]  # up to date
    True
    """
    return {
        family: [format(_plausible_downs(family, up), "x") for up in range(52)]
        for family in FAMILIES
    }


def _plausible_downs(family: str, up: int) -> int:
    """The mask of the down pairs under ``up`` whose third-street cards score 4 or more."""
    mask = 0
    for place, (a, b) in enumerate(_PAIRS):
        if up not in (a, b) and third_street([a, b, up], [], family).score >= 4:
            mask |= 1 << place
    return mask


def _shown_strength(streets: Sequence[Sequence[tuple[str, int]]], seat: int) -> list[int]:
    """The streets (0 = third street) on which ``seat`` showed strength: a bet or raise, or on
    third street a call too (a sound player calls the bring-in or a completion only with a
    hand worth it; :func:`plausible` asks the same of both).

    >>> _shown_strength([[("bring-in", 1), ("call", 0)], [("bet", 1), ("call", 0)]], 0)
    [0]
    >>> _shown_strength([[("bring-in", 1), ("call", 0)], [("bet", 1), ("call", 0)]], 1)
    [1]
    """
    kinds = ("bet", "raise")
    return [
        n
        for n, acts in enumerate(streets)
        if any(s == seat and (k in kinds or (n == 0 and k == "call")) for k, s in acts)
    ]


def _down_counts(view: HandView, seats: Sequence[int]) -> list[int]:
    """How many down cards each of ``seats`` holds."""
    return [view.card_counts[s] - len(view.up_cards[s]) for s in seats]


class StudStrongBot(BetReadingBot):
    """Bets and calls by its equity: at every decision it computes its share of the pot with
    :func:`drawpoker.equity` (the game's own showdown, the cards still to come dealt at random)
    against the opponents still in, each known by its up cards, with the folded up cards dead;
    an opponent that completed or raised on third street, or bet or raised later, gets its down
    cards sampled from those that make the action likely (:func:`plausible`),
    the others' down cards are left to the equity's random deal. Its edge is that equity times
    the players in the pot (1 is a fair share). Third street: complete from an edge of 1.35,
    re-raise from 1.6; facing a bet anywhere: raise from 1.5 when the equity also beats the pot
    odds, call when it beats the pot odds (plus a margin for the bets still to come, a point
    per card to come), else fold; with no bet: bet from 1.15; a seeded few bluffs on seventh
    street heads-up. A common card (R-STUD-7) is known to everyone: its equity is then sampled
    here (:meth:`common_card_equity`). Against opponents who fold to most bets
    (:class:`~drawpoker.bots.bet_reading.BetReader`) it bets whatever it holds.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("stud"), [5000] * 3, button=2, deck="As 2c 3d Ad 4c 5d Ah 7h 9s")
    >>> hand.act(Action.bring_in())  # seat 1, the 7h
    >>> StudStrongBot(seed=1).choose(hand.view(2)).kind  # seat 2: 3d 5d 9s
    'fold'
    >>> hand.fold(); StudStrongBot(seed=1).choose(hand.view(0))  # seat 0: rolled-up aces
    Action(kind='raise', amount=200, cards=())
    """

    kind = "strong"
    games = FAMILIES

    def __init__(self, seed: int = 0, samples: int = 600, bluff: float = 0.03) -> None:
        super().__init__(seed, samples=samples, bluff=bluff)
        self.samples = samples
        self.bluff = bluff

    def equity(self, view: HandView) -> float:
        """Its estimated share of the pot against the opponents still in.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("razz"), [5000] * 2, button=1, deck="As Kd 2c Kc 3h Ks")
        >>> StudStrongBot(seed=1).equity(hand.view(0)) > 0.8  # A-2-3 against kings
        True
        """
        seen = sight(view)
        rivals = sorted(seen.rivals)
        if seen.common:
            return self.common_card_equity(view, seen)
        streets = actions_by_street(view)
        raised = {s: _shown_strength(streets, s) for s in rivals}
        known = [list(seen.rivals[s]) for s in rivals]
        game = seen.family
        if not any(raised.values()):
            result = equity(
                [list(seen.cards), *known],
                dead=list(seen.dead),
                game=game,
                max_outcomes=4 * self.samples,
                samples=self.samples,
                seed=self.rng.randrange(2**32),
            )
            return result.players[0].equity
        total = 0.0
        deals = max(4, self.samples // 75)
        for _ in range(deals):
            hands = self._sample(seen, rivals, known, raised)
            result = equity(
                [list(seen.cards), *hands],
                dead=list(seen.dead),
                game=game,
                max_outcomes=self.samples,
                samples=max(50, self.samples // deals),
                seed=self.rng.randrange(2**32),
            )
            total += result.players[0].equity
        return total / deals

    def _sample(
        self,
        seen: Sight,
        rivals: list[int],
        known: list[list[int]],
        raised: dict[int, list[int]],
    ) -> list[list[int]]:
        """Each opponent's cards for one deal: a raiser's up cards and two down cards that make
        its raises plausible (:func:`plausible`: drawn from :func:`third_street_downs` when it
        raised on third street, then up to 40 tries for its later raises, the last try kept if
        none fits; a seventh-street down card stays unknown), the others' up cards alone."""
        used = {*seen.cards, *seen.seen}
        hands = []
        for seat, up in zip(rivals, known, strict=True):
            streets = raised[seat]
            if not streets:
                hands.append(up)
                continue
            choices = third_street_downs(seen.family, up[0]) if streets[0] == 0 else None
            later = [s for s in streets if s > 0]
            down: tuple[int, int] | None = None
            for _ in range(40):
                if choices:
                    pick = choices[self.rng.randrange(len(choices))]
                else:
                    a, b = self.rng.sample(range(52), 2)
                    pick = (a, b)
                if pick[0] in used or pick[1] in used:
                    continue
                down = pick
                if not later or plausible(seen.family, pick, up, later):
                    break
            if down is None:  # every try met a card seen: leave the down cards to the equity
                hands.append(up)
                continue
            used.update(down)
            hands.append([*down, *up])
        return hands

    def common_card_equity(self, view: HandView, seen: Sight) -> float:
        """The equity when a common card was dealt (R-STUD-7: eight players on seventh
        street): no card is to come, so each of ``samples`` deals gives the opponents their
        unseen down cards, and the engine scores the showdown by the game's showdown parts
        (ties and hi/lo halves shared).

        >>> from drawpoker.cards import parse_cards
        >>> mine, common = tuple(parse_cards("As Ad 2c 2d Kh Qs")), tuple(parse_cards("7c"))
        >>> up = {1: tuple(parse_cards("9c 9d 4h 5s"))}
        >>> seen = Sight("stud", mine, mine[2:], up, (), common)
        >>> from drawpoker.engine import game
        >>> fields = {"card_counts": (6, 6), "up_cards": (mine[2:], up[1]), "game": game("stud")}
        >>> hand = type("View", (), fields)
        >>> 0.5 < StudStrongBot(seed=3, samples=200).common_card_equity(hand, seen) < 1.0
        True
        """
        rivals = sorted(seen.rivals)
        downs = _down_counts(view, rivals)
        taken = {*seen.cards, *seen.seen}
        pool = [c for c in range(52) if c not in taken]
        if sum(downs) > len(pool):
            return 1 / (len(rivals) + 1)
        share = 0.0
        score = view.game.rules.showdown_shares
        for _ in range(self.samples):
            drawn = self.rng.sample(pool, sum(downs))
            hands = [list(seen.cards)]
            for seat, count in zip(rivals, downs, strict=True):
                hands.append([*seen.rivals[seat], *drawn[:count]])
                drawn = drawn[count:]
            share += score(hands, seen.common)[0]
        return share / self.samples

    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """The action for the seat whose view this is.

        >>> from drawpoker.engine import Hand, game
        >>> hand = Hand(game("razz"), [5000] * 2, button=1, deck="As Kd 2c Kc 3h Ks")
        >>> hand.act(Action.bring_in())
        >>> StudStrongBot(seed=2).choose(hand.view(0))  # A-2-3 completes
        Action(kind='raise', amount=200, cards=())
        """
        mine = self.equity(view)
        players = sum(view.live)
        edge = mine * players
        odds = pot_odds(view, legal)
        margin = 0.01 * cards_to_come(view.street)
        if view.street == 0:
            if "bring-in" in legal.kinds:
                return _aggress(legal) if edge >= 1.35 else BRING_IN  # type: ignore[return-value]
            if _raises(view) == 0 and edge >= 1.35:
                return _aggress(legal) or CALL
            if edge >= 1.6 and mine >= odds:
                return _aggress(legal) or CALL
            return _passive(legal, call=mine >= odds + margin)
        if legal.call:
            if edge >= 1.5 and mine >= odds:
                return _aggress(legal) or CALL
            return _passive(legal, call=mine >= odds + margin)
        if edge >= 1.15:
            return _aggress(legal) or CHECK
        if view.street == LAST_STREET and players == 2 and self.rng.random() < self.bluff:
            return _aggress(legal) or CHECK
        return CHECK


__all__ = [
    "StudRulesBot",
    "StudStrongBot",
    "high_level",
    "low_level",
    "steal_spot",
]
