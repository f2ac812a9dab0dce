"""The cards a history's replay deals: the stacked shuffles that make the engine deal what the
history says, with every unknown card (``??``) filled.

The engine deals from the top of the stub, one card at a time round the table from the first
player (p1) (stud: to the players still in, down cards before up cards), then the board cards,
then each draw's new cards in the order the players draw;
when a draw runs the stub out, the discards of the players who drew before are shuffled into a
new stub (R-DRAW-8), and a deal nobody opened is dealt again from a new deck (R-DRAW-5, 6). The
plan follows the history's dealing actions through those rules, card by card ("slots"), so that
it can name the action at fault: a card dealt twice, a card that is not in the deck, a hand shown
that was never dealt, a card dealt after a reshuffle that was not among the discards.

A seat's own copy of a hand hides the others' cards (``??``). Those are filled with cards not
seen anywhere else in the hand, so that the replay is a hand the rules allow: a hand shown at the
showdown is the cards it was dealt; cards kept when four are exchanged get an ace first (the
ace-or-joker rule of R-DRAW-7); the opener of a jacks-or-better pot gets a pair of jacks or better
when its cards are hidden (R-DRAW-6); a card dealt after a reshuffle comes from the discards.
The replay on the engine then checks every action, so a fill the rules refuse is reported there.

>>> from drawpoker.engine import game
>>> from drawpoker.history.notation import parse_action
>>> moves = [parse_action(a) for a in ["d dh p1 AsKs", "d dh p2 ????", "p2 f"]]
>>> plan = deal_plan(moves, game("holdem"), 2)
>>> plan.shuffles[0][:2], len(plan.shuffles[0])      # p1's first card, p2's (a filler)
([51, 50], 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from drawpoker.analysis.evaluation import evaluate
from drawpoker.cards import JOKER, rank_of
from drawpoker.engine import GameSpec
from drawpoker.errors import HistoryError
from drawpoker.history.notation import Move, cards_text

ACE_RULE = "3-or-4-with-ace"
"""The draw limit whose four-card draw keeps an ace or the joker (R-DRAW-7,
:data:`drawpoker.engine.spec.DRAW_LIMITS`)."""


@dataclass(frozen=True)
class Plan:
    """``shuffles``: the stacked order of each of the hand's shuffles (the deal, each reshuffle,
    each redeal), for :class:`~drawpoker.engine.Hand`; ``cards``: by action index, the cards of
    each dealing, discarding or showing action with its unknown cards filled (a muck, and a show
    written ``-``, have ``None``)."""

    shuffles: list[list[int]]
    cards: dict[int, tuple[int, ...] | None]


@dataclass
class _Deal:
    """One deal's deck: its shuffles (the first, then each reshuffle) and the cards seen."""

    first: int
    seen: dict[int, int] = field(default_factory=dict)
    """Card -> the action that first dealt it from the fresh deck."""
    slots: set[int] = field(default_factory=set)
    """The slots dealt in this deal."""
    again: set[int] = field(default_factory=set)
    """Cards dealt after a reshuffle (each must be a discard, never a fresh card)."""
    shown: set[int] = field(default_factory=set)
    """Cards shown in this deal (a hidden card is never one of them)."""


class _Planner:
    def __init__(self, spec: GameSpec, players: int, rng: random.Random | None = None) -> None:
        self.spec = spec
        self.rng = rng
        """Picks which hidden cards a hidden discard is (``None``: the oldest first)."""
        self.players = players
        self.deck = spec.deck_cards()
        self.in_deck = set(self.deck)
        self.values: list[int | None] = []
        self.order_of: list[int] = []
        self.orders: list[list[int]] = []
        self.deal_of_order: list[_Deal] = []
        self.slots: dict[int, list[int]] = {}
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.shows: list[tuple[int, int, list[int], tuple[int | None, ...] | None]] = []
        self.openers: list[tuple[int, int, list[int]]] = []
        self.kept: list[tuple[int, list[int], int]] = []
        self.reshuffles: dict[int, list[int]] = {}
        """Each reshuffle's order (its index in ``orders``) -> the discards shuffled into it."""
        self.deal: _Deal | None = None
        self.stub = 0
        self.pile: list[int] = []
        self.pending: dict[int, list[int]] = {}
        self.groups = 0
        self.boards = 0
        self.drew = False
        self.opened = False
        self.dealt_streets = [s.down + s.up for s in spec.streets if s.down + s.up]
        self.board_streets = [s.board for s in spec.streets if s.board]
        self.ace_rule = any(s.draw == ACE_RULE for s in spec.streets)
        """Whether a four-card draw keeps an ace or the joker (R-DRAW-7)."""
        self.last_group = 0
        """How many players the last round of dealing went to."""

    # ---------------------------------------------------------------- slots

    def new_order(self, fresh: bool) -> int:
        index = len(self.orders)
        self.orders.append([])
        if fresh:
            self.deal = _Deal(index)
            self.stub = len(self.deck)
            self.hands = [[] for _ in range(self.players)]
            self.pile, self.pending = [], {}
            self.groups = self.boards = 0
            self.drew = self.opened = False
        assert self.deal is not None
        self.deal_of_order.append(self.deal)
        return index

    def new_slots(self, cards: Sequence[int | None], actions: Sequence[int]) -> list[int]:
        """Slots for ``cards`` dealt now from the stub, each by its action."""
        order = len(self.orders) - 1
        start = len(self.values)
        slots = list(range(start, start + len(cards)))
        self.values += [None] * len(cards)
        self.order_of += [order] * len(cards)
        self.orders[order] += slots
        deal = self.deal_of_order[order]
        deal.slots.update(slots)
        seen, values, in_deck = deal.seen, self.values, self.in_deck
        fresh = order == deal.first
        for slot, card, action in zip(slots, cards, actions, strict=True):
            if card is None:
                continue
            if fresh and card in in_deck and card not in seen and card not in deal.again:
                seen[card] = action
                values[slot] = card
            else:
                self.assign(slot, card, action)
        return slots

    def assign(self, slot: int, value: int, action: int) -> None:
        """Give ``slot`` its card, checking that the deck has it and deals it once."""
        order = self.order_of[slot]
        deal = self.deal_of_order[order]
        text = cards_text([value])
        if value not in self.in_deck:
            raise HistoryError(
                f"action {action}: {text} is not a card of the {self.spec.name} deck"
            )
        if order == deal.first:
            if value in deal.seen:
                raise HistoryError(
                    f"action {action}: {text} is dealt twice (first in action {deal.seen[value]})"
                )
            deal.seen[value] = action
        else:
            if any(self.values[s] == value for s in self.orders[order]):
                raise HistoryError(f"action {action}: {text} is dealt twice after a reshuffle")
            deal.again.add(value)
        self.values[slot] = value

    def take(self, count: int, action: int) -> None:
        self.stub -= count
        if self.stub < 0:
            raise HistoryError(f"action {action}: more cards are dealt than the deck holds")

    # ---------------------------------------------------------------- actions

    def deal_group(self, group: list[tuple[int, int, tuple[int | None, ...]]]) -> None:
        """Lay out one round of dealing: each player's cards, one at a time round the table."""
        first_action = group[0][0]
        redeal = self.spec.redeal_if_unopened and self.groups and not self.drew and not self.boards
        if self.deal is None or redeal:
            self.new_order(fresh=True)
        players = [player for _, player, _ in group]
        if players != sorted(players):
            raise HistoryError(
                f"action {first_action}: cards are dealt from p1 round the table, "
                f"not {', '.join(f'p{p + 1}' for p in players)}"
            )
        counts = {len(cards) for _, _, cards in group}
        streets = self.dealt_streets
        expected = streets[self.groups] if self.groups < len(streets) else None
        if len(counts) != 1 or expected not in counts:
            raise HistoryError(
                f"action {first_action}: the game deals {expected or 'no more'} cards to each "
                f"player here, not {sorted(counts)}"
            )
        count = counts.pop()
        self.take(count * len(group), first_action)
        size = len(group)
        interleaved = [cards[j] for j in range(count) for _, _, cards in group]
        slots = self.new_slots(interleaved, [action for action, _, _ in group] * count)
        for i, (action, player, _) in enumerate(group):
            mine = slots[i::size]
            self.slots[action] = mine
            self.hands[player] += mine
        if self.groups == 0 and len(group) != self.players:
            missing = sorted(set(range(self.players)) - set(players))
            raise HistoryError(
                f"action {first_action}: every player is dealt in, p{missing[0] + 1} is not"
            )
        self.groups += 1
        self.last_group = size

    def board(self, action: int, cards: tuple[int | None, ...]) -> None:
        if self.deal is None:
            raise HistoryError(f"action {action}: board cards before any hole cards")
        streets = self.board_streets
        expected = streets[self.boards] if self.boards < len(streets) else None
        if not streets and len(cards) == 1 and self.stub < self.last_group:
            expected = 1  # stud: the stub cannot give every seat its card (R-STUD-7)
        if expected != len(cards):
            raise HistoryError(
                f"action {action}: the game deals {expected or 'no more'} board cards here, "
                f"not {len(cards)}"
            )
        self.take(len(cards), action)
        self.slots[action] = self.new_slots(cards, [action] * len(cards))
        self.boards += 1

    def discard(self, action: int, player: int, cards: tuple[int | None, ...]) -> None:
        hand = self.hands[player]
        chosen: list[int] = []
        for card in cards:
            slot = None
            if card is not None:
                slot = next((s for s in hand if self.values[s] == card and s not in chosen), None)
            if slot is None:
                hidden = [s for s in hand if self.values[s] is None and s not in chosen]
                if self.rng is not None and hidden:
                    self.rng.shuffle(hidden)
                slot = hidden[0] if hidden else None
                if slot is None:
                    held = cards_text(self.values[s] for s in hand)
                    raise HistoryError(
                        f"action {action}: p{player + 1} discards "
                        f"{cards_text([card])}, not in their hand {held}"
                    )
                if card is not None:
                    self.assign(slot, card, action)
            chosen.append(slot)
        self.slots[action] = chosen
        kept = [s for s in hand if s not in chosen]
        self.kept.append((player, kept, len(chosen)))
        self.drew = True
        count = len(chosen)
        new: list[int] = []
        from_stub = min(count, self.stub)
        new += self.new_slots((None,) * from_stub, [action] * from_stub)
        self.stub -= from_stub
        if from_stub < count:
            pile, self.pile = self.pile, []
            order = self.new_order(fresh=False)
            self.reshuffles[order] = pile
            self.stub = len(pile)
            more = min(count - from_stub, self.stub)
            new += self.new_slots((None,) * more, [action] * more)
            self.stub -= more
        self.pile += chosen
        self.hands[player] = kept + new
        self.pending[player] = new

    def receive(self, action: int, player: int, cards: tuple[int | None, ...]) -> None:
        new = self.pending.pop(player)
        if len(cards) != len(new):
            raise HistoryError(
                f"action {action}: p{player + 1} draws {len(new)} cards, not {len(cards)}"
            )
        for slot, card in zip(new, cards, strict=True):
            if card is not None:
                self.assign(slot, card, action)
        self.slots[action] = new

    # ---------------------------------------------------------------- filling

    def free_cards(self, deal: _Deal) -> list[int]:
        """The deck's cards not yet dealt in ``deal``, the ones worth keeping first (aces, the
        joker, kings, ...)."""
        taken = deal.seen.keys() | deal.again | deal.shown
        left = [c for c in self.deck if c not in taken]
        return sorted(left, key=lambda c: -(13 if c == JOKER else rank_of(c)) * 4 - c % 4)

    def fill_shows(self) -> None:
        for action, player, slots, cards in self.shows:
            if cards is None:
                continue
            if len(cards) != len(slots):
                raise HistoryError(
                    f"action {action}: p{player + 1} shows {len(cards)} cards, holding {len(slots)}"
                )
            if self._show_in_place(action, slots, cards):
                continue
            shown = [c for c in cards if c is not None]
            held = [self.values[s] for s in slots if self.values[s] is not None]
            if not set(held) <= set(shown):
                raise HistoryError(
                    f"action {action}: p{player + 1} shows {cards_text(cards)}, "
                    f"holding {cards_text(self.values[s] for s in slots)}"
                )
            missing = [c for c in shown if c not in held]
            free = [s for s in slots if self.values[s] is None]
            if len(missing) > len(free):
                raise HistoryError(f"action {action}: p{player + 1} shows cards never dealt")
            # A card already dealt from the fresh deck came back after a reshuffle.
            deal = self.deal_of_order[self.order_of[slots[0]]]
            later = [s for s in free if self.order_of[s] != deal.first]
            again = [c for c in missing if c is not None and c in deal.seen]
            if len(again) > len(later):
                raise HistoryError(
                    f"action {action}: p{player + 1} shows {cards_text(again)}, dealt before"
                )
            for card in again:
                # Dealt after the reshuffle whose pile holds it, when one does.
                piled = [
                    s for s in later if card in self._values(self.reshuffles[self.order_of[s]])
                ]
                target = piled[0] if piled else later[0]
                later.remove(target)
                self.assign(target, card, action)
            free = [s for s in free if self.values[s] is None]
            rest = [c for c in missing if c not in again]
            wide = self.ace_rule and any(p == player and n >= 4 for p, _, n in self.kept)
            rest.sort(key=self._keep_first(shown, wide))
            opening = next(
                (o for a, p, o in self.openers if p == player and o and o[0] in deal.slots), None
            )
            if opening is not None:
                rest = self._opening_choice(action, opening, free, rest, deal)
            for slot, card in zip(free, rest, strict=False):
                self.assign(slot, card, action)

    def _show_in_place(self, action: int, slots: list[int], cards: tuple[int | None, ...]) -> bool:
        """Gives each hidden slot the card shown in its place, when that fits every card known
        (drawpoker writes a hand as held: the cards kept, in order, then the cards drawn, so
        this is the hand as it was); returns whether it did."""
        deal = self.deal_of_order[self.order_of[slots[0]]]
        for slot, card in zip(slots, cards, strict=True):
            value = self.values[slot]
            if value is not None:
                if value != card:
                    return False
            elif card is not None and self.order_of[slot] == deal.first and card in deal.seen:
                return False
        for slot, card in zip(slots, cards, strict=True):
            if self.values[slot] is None and card is not None:
                self.assign(slot, card, action)
        return True

    def _opening_choice(
        self, action: int, opening: list[int], free: list[int], rest: list[int], deal: _Deal
    ) -> list[int]:
        """The shown cards ``rest`` ordered for the ``free`` slots of a shown opener so that the
        hand it opened with may open: which of them it kept from the deal is chosen (and, when
        it discarded one hidden card, that card), the first choice in ``rest``'s order that
        the spec's opening requirement accepts."""
        opening_rule = self.spec.opening
        assert opening_rule is not None
        least = evaluate(list(opening_rule.at_least), opening_rule.ranking)
        kept = [s for s in free if s in opening]
        gone = [s for s in opening if self.values[s] is None and s not in free]
        known = [v for s in opening if (v := self.values[s]) is not None]
        if not kept:
            return rest
        spare = self.free_cards(deal)
        for chosen in combinations(rest, len(kept)):
            cards = _opening_cards([*known, *chosen], len(gone), spare, opening_rule.ranking, least)
            if cards is not None:
                for slot, card in zip(gone, cards, strict=True):
                    self.assign(slot, card, action)
                others = iter(c for c in rest if c not in chosen)
                picks = iter(chosen)
                return [next(picks) if slot in kept else next(others) for slot in free]
        return rest

    @staticmethod
    def _keep_first(shown: Sequence[int], wide: bool) -> Callable[[int], tuple[int, int, int]]:
        """The order in which shown cards go to the oldest slots (the ones kept through the
        draws): an ace or the joker first after a wide draw, else pairs, then high cards."""
        ranks = [13 if c == JOKER else rank_of(c) for c in shown]

        def key(card: int) -> tuple[int, int, int]:
            rank = 13 if card == JOKER else rank_of(card)
            ace = rank >= 12
            return (-(ace and wide), -ranks.count(rank), -rank)

        return key

    def fill_wide_keeps(self) -> None:
        """A player who exchanged four cards or more and kept hidden cards keeps an ace or
        the joker among them (the ace-or-joker rule of R-DRAW-7, which the replay checks); a
        player who shows keeps it among the cards shown (:meth:`fill_shows`)."""
        if not self.ace_rule:
            return
        showing = {(player, slots[0]) for _, player, slots, cards in self.shows if slots and cards}
        for player, kept, count in self.kept:
            free = [s for s in kept if self.values[s] is None]
            deal_slots = self.deal_of_order[self.order_of[kept[0]]].slots if kept else set()
            if any(p == player and first in deal_slots for p, first in showing):
                continue
            held = [self.values[s] for s in kept]
            if (
                count < 4
                or not free
                or any(c == JOKER or (c is not None and rank_of(c) == 12) for c in held)
            ):
                continue
            deal = self.deal_of_order[self.order_of[free[0]]]
            if self.order_of[free[0]] != deal.first:
                continue
            ace = next((c for c in self.free_cards(deal) if c == JOKER or rank_of(c) == 12), None)
            if ace is not None:
                self.assign(free[0], ace, -1)

    def fill_openers(self) -> None:
        """A hidden opener's cards make a hand that may open (:func:`_opening_cards`)."""
        opening = self.spec.opening
        if opening is None:
            return
        least = evaluate(list(opening.at_least), opening.ranking)
        for action, _player, slots in self.openers:
            free = [s for s in slots if self.values[s] is None]
            if not free:
                continue
            deal = self.deal_of_order[self.order_of[slots[0]]]
            known = [v for s in slots if (v := self.values[s]) is not None]
            cards = _opening_cards(known, len(free), self.free_cards(deal), opening.ranking, least)
            for slot, card in zip(free, cards or (), strict=False):
                self.assign(slot, card, action)

    def fill_free(self) -> None:
        kept = {s for _, slots, n in self.kept if n >= 4 and self.ace_rule for s in slots}
        free = [s for s, v in enumerate(self.values) if v is None]
        free.sort(key=lambda s: (s not in kept, s))
        pools: dict[int, list[int]] = {}
        for slot in free:
            deal = self.deal_of_order[self.order_of[slot]]
            if self.order_of[slot] != deal.first:
                continue  # a card after a reshuffle: from the discards (fill_reshuffles)
            pool = pools.setdefault(deal.first, self.free_cards(deal))
            self.assign(slot, pool.pop(0), -1)

    def claim_reshuffles(self) -> None:
        """Each known card dealt after a reshuffle is one of the discards before it: a discard
        with that card, or else a hidden one, which becomes that card; a hidden discard itself
        dealt after an earlier reshuffle must then be among that one's discards in turn (a game
        of several draws). The last reshuffle first, and a search: when a choice of hidden
        discards leaves an earlier reshuffle short of them, another is tried. Hidden discards
        dealt from the same shuffle are alike here, so one of each shuffle is tried, the fresh
        deck's first (nothing further to claim), then the shuffle with the most to spare."""
        demands = [
            (order, slot) for order in reversed(self.reshuffles) for slot in self.orders[order]
        ]
        piles = self.reshuffles
        steps = [_CLAIM_STEPS]
        stuck: list[int] = []
        """The first card found with no discard at all that may be it."""

        def solve(index: int) -> bool:
            while index < len(demands):
                order, slot = demands[index]
                card = self.values[slot]
                if card is not None and not any(self.values[s] == card for s in piles[order]):
                    break
                index += 1
            else:
                return True
            assert card is not None
            choices = self._claim_choices(piles[order], card)
            if not choices and not stuck:
                stuck.append(card)
            for source in choices:
                steps[0] -= 1
                if steps[0] < 0:
                    return False
                undo = self._claim(source, card)
                if solve(index + 1):
                    return True
                undo()
            return False

        if not solve(0):
            named = f"{cards_text(stuck)} is" if stuck else "a card is"
            raise HistoryError(
                f"{named} dealt after a reshuffle, but was not among the cards discarded before it"
            )

    def _claim_choices(self, pile: list[int], card: int) -> list[int]:
        """One hidden discard of ``pile`` per shuffle it was dealt from that may be ``card``:
        the fresh deck's first, then by how many hidden discards the shuffle's own pile has to
        spare."""
        first: dict[int, int] = {}
        for slot in pile:
            order = self.order_of[slot]
            if self.values[slot] is None and order not in first and self._may_hold(slot, card):
                first[order] = slot

        def spare(order: int) -> int:
            if order not in self.reshuffles:
                return len(self.values)  # the fresh deck
            pile_of = self.reshuffles[order]
            hidden = sum(self.values[s] is None for s in pile_of)
            known = {self.values[s] for s in pile_of}
            wanted = sum(
                (v := self.values[s]) is not None and v not in known for s in self.orders[order]
            )
            return hidden - wanted

        return [first[o] for o in sorted(first, key=spare, reverse=True)]

    def _claim(self, slot: int, card: int) -> Callable[[], None]:
        """Gives the hidden ``slot`` the ``card`` (:meth:`assign`); returns what takes it back."""
        deal = self.deal_of_order[self.order_of[slot]]
        again = card in deal.again
        self.assign(slot, card, -1)

        def undo() -> None:
            self.values[slot] = None
            if self._fresh(slot):
                del deal.seen[card]
            elif not again:
                deal.again.discard(card)

        return undo

    def _values(self, slots: Sequence[int]) -> set[int | None]:
        return {self.values[s] for s in slots}

    def _fresh(self, slot: int) -> bool:
        """Whether ``slot`` is dealt from its deal's fresh deck (not after a reshuffle)."""
        order = self.order_of[slot]
        return order == self.deal_of_order[order].first

    def _may_hold(self, slot: int, card: int) -> bool:
        """Whether the hidden ``slot`` may be ``card``: a fresh deck deals a card once, and so
        does each reshuffle, whose cards are the discards before it: its pile holds ``card``,
        or a hidden discard there may be it in turn (back to the fresh deck)."""
        order = self.order_of[slot]
        if self._fresh(slot):
            return card not in self.deal_of_order[order].seen
        if any(self.values[s] == card for s in self.orders[order]):
            return False
        pile = self.reshuffles[order]
        return any(self.values[s] == card for s in pile) or any(
            self.values[s] is None and self._may_hold(s, card) for s in pile
        )

    def deal_reshuffles(self) -> None:
        """The hidden cards dealt after each reshuffle: discards not dealt again yet."""
        for order, pile in self.reshuffles.items():
            dealt = self.orders[order]
            taken = {self.values[s] for s in dealt}
            rest = [self.values[s] for s in pile if self.values[s] not in taken]
            for slot in dealt:
                if self.values[slot] is None:
                    self.values[slot] = rest.pop(0)


def _opening_cards(
    known: list[int], count: int, pool: list[int], ranking: str, least: int
) -> list[int] | None:
    """``count`` cards of ``pool`` that make ``known`` a hand of strength ``least`` or more by
    ``ranking`` (an opening requirement), or ``None``: a pair of the highest rank the pool can
    make with the known cards, else any one card, else a seeded random search."""
    if count == 0:
        return [] if evaluate(known, ranking) >= least else None
    if count == 1:
        return next(([c] for c in pool if evaluate([*known, c], ranking) >= least), None)
    for rank in range(12, -1, -1):
        have = [c for c in known if c == JOKER or rank_of(c) == rank][:2]
        more = [c for c in pool if c == JOKER or rank_of(c) == rank][: 2 - len(have)]
        if len(have) + len(more) < 2 or len(more) > count:
            continue
        low = [c for c in reversed(pool) if c not in more][: count - len(more)]
        if evaluate([*known, *more, *low], ranking) >= least:
            return more + low
    rng = random.Random(len(pool))
    for _ in range(500):
        cards = rng.sample(pool, count)
        if evaluate([*known, *cards], ranking) >= least:
            return cards
    return None


def deal_plan(moves: Sequence[Move], spec: GameSpec, players: int) -> Plan:
    """The :class:`Plan` of a history's parsed actions for a game of ``spec`` with ``players``
    (p1 the first dealt); a card that cannot be dealt as written raises
    :class:`~drawpoker.errors.HistoryError` naming the action (by index).

    >>> from drawpoker.engine import game
    >>> from drawpoker.history.notation import parse_action
    >>> moves = [parse_action(a) for a in ["d dh p1 AsKs", "d dh p2 AsQd"]]
    >>> deal_plan(moves, game("holdem"), 2)
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: action 1: As is dealt twice (first in action 0)
    """
    try:
        return _plan(moves, spec, players, None)
    except HistoryError:
        if not any(m.verb == "sd" and None in (m.cards or ()) for m in moves):
            raise
        # A seat's copy: which of another player's hidden cards it discarded is unknown, and
        # a hand shown later may need another choice (a card that came back after a reshuffle
        # must have been dealt after the reshuffle whose pile held it). Seeded tries.
        for attempt in range(_TRIES):
            try:
                return _plan(moves, spec, players, random.Random(attempt))
            except HistoryError:
                continue
        raise


_TRIES = 50
"""Other choices of hidden discards tried before a plan is refused."""

_CLAIM_STEPS = 100_000
"""Most sources :meth:`_Planner.claim_reshuffles` tries before it refuses a plan."""


def _plan(moves: Sequence[Move], spec: GameSpec, players: int, rng: random.Random | None) -> Plan:
    planner = _Planner(spec, players, rng)
    group: list[tuple[int, int, tuple[int | None, ...]]] = []
    for action, move in enumerate(moves):
        verb, player = move.verb, move.player
        if verb == "dh":
            assert player is not None and move.cards is not None
            if player >= players:
                raise HistoryError(f"action {action}: there is no p{player + 1}")
            if player in planner.pending:
                if group:
                    planner.deal_group(group)
                    group = []
                planner.receive(action, player, move.cards)
            else:
                if any(p == player for _, p, _ in group):
                    planner.deal_group(group)
                    group = []
                group.append((action, player, move.cards))
            continue
        if group:
            planner.deal_group(group)
            group = []
        if verb == "noop":
            continue
        if verb == "db":
            assert move.cards is not None
            planner.board(action, move.cards)
            continue
        assert player is not None
        if player >= players:
            raise HistoryError(f"action {action}: there is no p{player + 1}")
        if planner.deal is None:  # no hole cards written: every player's are unknown
            count = planner.dealt_streets[0] if planner.dealt_streets else 0
            planner.deal_group([(-1, p, (None,) * count) for p in range(players)])
        if verb == "sd":
            assert move.cards is not None
            planner.discard(action, player, move.cards)
        elif verb == "sm":
            planner.shows.append((action, player, list(planner.hands[player]), move.cards))
            assert planner.deal is not None
            planner.deal.shown.update(c for c in move.cards or () if c is not None)
        elif verb == "cbr" and spec.opening is not None and not planner.opened:
            if not planner.drew:
                planner.openers.append((action, player, list(planner.hands[player])))
            planner.opened = True
    if group:
        planner.deal_group(group)
    planner.fill_wide_keeps()
    planner.fill_shows()
    planner.fill_openers()
    planner.claim_reshuffles()
    planner.fill_free()
    planner.deal_reshuffles()
    values = planner.values
    shuffles = [[values[s] for s in order] for order in planner.orders]
    cards: dict[int, tuple[int, ...] | None] = {
        action: tuple(values[s] for s in slots)  # type: ignore[misc]
        for action, slots in planner.slots.items()
        if action >= 0
    }
    for action, _player, slots, shown in planner.shows:
        cards[action] = None if shown is None else tuple(values[s] for s in slots)  # type: ignore[misc]
    return Plan(shuffles, cards)  # type: ignore[arg-type]
