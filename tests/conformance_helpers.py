"""Helpers for the rules and conformance tests of the table engine: stacked Hold'em decks, a
random legal player, and the checks every hand of every game must pass at every step (chips
conserved, cards where they belong, nothing hidden shown to a seat, legal actions that agree with
what ``act`` accepts)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from drawpoker.cards import parse_cards
from drawpoker.engine import (
    Action,
    Event,
    GameSpec,
    Hand,
    HandView,
    LegalActions,
    NoLimit,
    UnitBetting,
)
from drawpoker.engine.betting import FixedLimit

KINDS = ("fold", "check", "call", "bet", "raise", "draw")
CARD_EVENTS_PUBLIC = ("board", "up", "expose", "show")
CARD_EVENTS_PRIVATE = ("deal", "discard", "receive")


# ---------------------------------------------------------------------------- stacked decks


def deal_order(stacks: Sequence[int], button: int) -> list[int]:
    """The seats dealt in, clockwise from the seat left of the button (seats with chips)."""
    seats = len(stacks)
    order = [(button + i) % seats for i in range(1, seats + 1)]
    return [s for s in order if stacks[s] > 0]


def holdem_deck(
    stacks: Sequence[int], button: int, holes: Mapping[int, str], board: str = ""
) -> list[int]:
    """The top of a Hold'em deck that deals ``holes[seat]`` to each seat and then ``board``
    (flop, turn, river): hole cards go one at a time round the table from the button's left.
    Seats not named get spare cards (the lowest unused ones)."""
    named = {seat: parse_cards(text) for seat, text in holes.items()}
    board_cards = parse_cards(board)
    assert all(len(cards) == 2 for cards in named.values()), holes
    used = [c for cards in named.values() for c in cards] + board_cards
    assert len(used) == len(set(used)), "a card twice in the stacked deck"
    spare = iter(c for c in range(52) if c not in used)
    order = deal_order(stacks, button)
    assert set(named) <= set(order), "hole cards for a seat that is not dealt in"
    for seat in order:
        if seat not in named:
            named[seat] = [next(spare), next(spare)]
    return [named[s][0] for s in order] + [named[s][1] for s in order] + board_cards


# ---------------------------------------------------------------------------- random play


def random_total(legal: LegalActions, rng: random.Random) -> int:
    """A legal bet or raise total: the minimum, all-in, a preset, or any step in between."""
    roll = rng.random()
    if roll < 0.2:
        return legal.min_to
    if roll < 0.3:
        return legal.max_to
    if roll < 0.5 and legal.presets:
        return rng.choice(legal.presets)[1]
    step = max(legal.step, 1)
    steps = (legal.max_to - legal.min_to) // step
    # Mostly small amounts, so that hands go on to later streets.
    steps = min(steps, rng.choice([0, 1, 3, 10, steps]))
    return legal.min_to + step * rng.randint(0, steps)


def random_action(hand: Hand, rng: random.Random, fold_weight: float = 1.0) -> Action:
    """A random legal action of the seat to act (a random discard set in a draw)."""
    legal = hand.legal_actions()
    if legal.kinds == ("draw",):
        own = list(hand.cards[legal.seat])
        most = min(legal.max_discards, len(own))
        for _ in range(6):
            # Often the most cards allowed, so that the stub runs short (R-DRAW-8).
            count = most if rng.random() < 0.4 else rng.randint(0, most)
            action = Action.draw(rng.sample(own, count))
            if hand.can_act(action):
                return action
        return Action.draw()
    weights = {
        "fold": fold_weight,
        "check": 3.0,
        "call": 3.0,
        "bet": 2.0,
        "raise": 1.5,
        "bring-in": 3.0,
    }
    kind = rng.choices(legal.kinds, [weights[k] for k in legal.kinds])[0]
    if kind in ("bet", "raise"):
        return Action(kind, random_total(legal, rng))
    return Action(kind)


def random_stacks(
    rng: random.Random, seats: int, unit: int, default: int, betting: bool
) -> list[int]:
    """Stacks for a random table: some short (less than a unit or a few units), some deep, some
    empty (sitting out); at least two seats have chips."""
    stacks = []
    for _ in range(seats):
        roll = rng.random()
        if roll < 0.08:
            stacks.append(0)
        elif roll < 0.25:
            stacks.append(rng.randint(1, max(1, unit)))
        elif roll < 0.5:
            stacks.append(rng.randint(unit, 6 * unit))
        elif roll < 0.8:
            stacks.append(rng.randint(1, default))
        else:
            stacks.append(default)
    if betting:
        for i in range(2):
            if stacks[i] == 0:
                stacks[i] = rng.randint(1, default)
    return stacks


def unit_of(spec: GameSpec) -> int:
    """A game's unit of bet size, to size random stacks: the small bet in fixed limit, else the
    big blind, else two antes, else 1."""
    if isinstance(spec.betting, FixedLimit):
        return spec.betting.small
    return spec.forced.big_blind or 2 * spec.forced.ante or 1


# ---------------------------------------------------------------------------- invariants


class Watcher:
    """Follows one hand and checks its invariants after every step: ``check()`` after each
    action. It remembers every card each seat has held, so a seat may see its own past cards
    (its discards) but no other hidden card. Every view is checked at the start and the end of
    the hand; in between, the view of the seat to act and of one more seat in turn (each step a
    different one), which keeps thousands of hands a game affordable."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.total = sum(hand.start_stacks)
        self.held: list[set[int]] = [set() for _ in range(hand.seats)]
        self.deck = sorted(hand.game.deck_cards())
        self.steps = 0
        self.check()

    def check(self) -> None:
        hand = self.hand
        for seat in range(hand.seats):
            self.held[seat] |= set(hand.cards[seat])
        self.check_chips()
        self.check_cards()
        self.check_turn()
        if self.steps == 0 or hand.is_over:
            seats = set(range(hand.seats))
        else:
            seats = {self.steps % hand.seats} | ({hand.actor} if hand.actor is not None else set())
        for seat in sorted(seats):
            self.check_view(seat)
        self.steps += 1

    def check_chips(self) -> None:
        """R-POT-5: stacks + every chip committed = what the seats brought, at every moment."""
        hand = self.hand
        assert sum(hand.stacks) + hand.pot == self.total, (hand.stacks, hand.pot, self.total)
        assert min(hand.stacks) >= 0 and min(hand.committed) >= 0
        assert hand.pot >= sum(hand.committed)
        assert all(0 <= b <= c for b, c in zip(hand.bets, hand.committed, strict=True))
        if hand.is_over:
            assert hand.pot == 0 and sum(hand.stacks) == self.total
            assert hand.winners and all(hand.live[s] for s in hand.winners)
            # Only live seats win chips, and the best hand wins at least a share of the main pot.
            assert all(hand.live[s] or not p for s, p in enumerate(hand.payouts)), hand.payouts
            if hand.game.betting is not None and sum(hand.payouts):
                # R-POT-3: a tied winner goes without a chip only when the share it tied for
                # has fewer chips than the seats splitting it (the odd chips go one at a time).
                unpaid = [s for s in hand.winners if hand.payouts[s] == 0]
                shares: dict[tuple[int, str], int] = {}
                for e in hand.events:
                    if e.kind == "award" and e.award is not None:
                        key = (e.award.pot, e.award.share)
                        shares[key] = shares.get(key, 0) + e.amount
                assert not unpaid or min(shares.values()) < len(hand.winners), (
                    hand.winners,
                    hand.payouts,
                    shares,
                )
            else:
                assert hand.payouts == [0] * hand.seats
            self.check_awards()

    def check_awards(self) -> None:
        """R-POT-1, 3, R-SPLIT-1: the engine's awards are the payouts: one per winner of each
        pot's share, the pots numbered from the main pot on, each pot paid whole or in a high
        and a low half, won with a hand's strength unless uncontested."""
        hand = self.hand
        awards = [e for e in hand.events if e.kind == "award"]
        won = [0] * hand.seats
        for e in awards:
            assert e.seat is not None and e.award is not None and hand.live[e.seat]
            assert e.amount > 0
            won[e.seat] += e.amount
        assert won == hand.payouts
        if not awards:
            return
        pots = {e.award.pot for e in awards if e.award is not None}
        assert {e.award.pots for e in awards if e.award is not None} == {len(pots)}
        assert pots == set(range(len(pots)))
        uncontested = sum(hand.live) == 1
        for pot in pots:
            here = [e.award for e in awards if e.award is not None and e.award.pot == pot]
            shares = {a.share for a in here}
            assert shares in ({"whole"}, {"high", "low"}), shares
            assert all((a.strength is None) == uncontested for a in here)
            for share in shares:
                assert len({a.strength for a in here if a.share == share}) == 1

    def check_cards(self) -> None:
        """Every card of the deck is in exactly one place: a seat, the board, the stub or the
        discard pile."""
        hand = self.hand
        places = [c for cards in hand.cards for c in cards] + hand.board + hand.deck
        places += hand.discards
        assert sorted(places) == self.deck, "a card lost or duplicated"

    def check_turn(self) -> None:
        hand = self.hand
        if hand.is_over:
            assert hand.actor is None and hand.phase == "done"
            return
        actor = hand.actor
        assert actor is not None and hand.phase in ("bet", "draw")
        assert hand.live[actor]
        if hand.phase == "bet":
            assert hand.stacks[actor] > 0, "a seat without chips is asked to bet"
        legal = hand.legal_actions()
        assert legal.seat == actor
        check_legal_agrees(hand, legal)

    def public_cards(self) -> set[int]:
        """Cards every seat may know: the board and hands tabled in public."""
        hand = self.hand
        cards = set(hand.board)
        for event in hand.events:
            if event.to is None and event.kind in ("up", "expose", "show"):
                cards |= set(event.cards)
        return cards

    def check_view(self, seat: int) -> None:
        """What ``seat`` is shown holds its own cards, public cards and nothing else; not the
        seed, not the stub."""
        hand = self.hand
        view = hand.view(seat)
        assert view.seat == seat
        assert list(view.cards) == hand.cards[seat]
        assert list(view.board) == hand.board
        for other in range(hand.seats):
            up = [
                c
                for c, face_up in zip(hand.cards[other], hand.face_up[other], strict=True)
                if face_up
            ]
            assert list(view.up_cards[other]) == up
        assert view.legal is None or seat == hand.actor
        assert view.pot == hand.pot
        public = self.public_cards()
        own = self.held[seat]
        seen = set(view.cards) | set(view.board)
        for shown_seat, cards in view.revealed.items():
            assert set(cards) <= public, ("revealed without a public event", shown_seat)
            seen |= set(cards)
        events = view.events
        assert list(events) == [e for e in hand.events if e.to is None or e.to == seat]
        for event in events:
            check_event_for(event, seat, own, public)
            seen |= set(event.cards)
        hidden = {c for s in range(hand.seats) if s != seat for c in hand.cards[s]} - public
        leaked = (seen & (hidden | set(hand.deck))) - own
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)}"
        fields = [value for name, value in view._asdict().items() if name != "game"]
        assert str(hand.seed) not in repr(fields), "the seed in a view"


def check_event_for(event: Event, seat: int, own: set[int], public: set[int]) -> None:
    """An event ``seat`` sees: public, or its own; its cards are its own or public ones."""
    assert event.to is None or event.to == seat
    if event.to is not None:
        assert event.seat == seat and event.kind in CARD_EVENTS_PRIVATE, event
        assert set(event.cards) <= own, event
    elif event.cards:
        assert event.kind in CARD_EVENTS_PUBLIC, f"cards in a public {event.kind} event"
        assert set(event.cards) <= public, event


def check_legal_agrees(hand: Hand, legal: LegalActions) -> None:
    """``legal_actions`` and ``why_illegal`` agree: the kinds listed are legal, the others are
    not; bets and raises from ``min_to`` to ``max_to`` (in ``step``) and all-in are legal, one
    chip off either end is not; presets are legal totals, offered only with a bet or a raise."""
    for kind in KINDS:
        if kind in ("bet", "raise"):
            continue
        allowed = hand.can_act(Action.draw() if kind == "draw" else Action(kind))
        assert allowed == (kind in legal.kinds), (kind, legal)
    sized = [k for k in legal.kinds if k in ("bet", "raise")]
    assert len(sized) <= 1
    if not sized:
        assert legal.presets == (), legal
        for kind in ("bet", "raise"):
            assert not hand.can_act(Action(kind, legal.max_to or 1)), (kind, legal)
        return
    kind = sized[0]
    assert 0 < legal.min_to <= legal.max_to and legal.step >= 1, legal
    all_in = hand.bets[legal.seat] + hand.stacks[legal.seat]
    if isinstance(hand.game.betting, NoLimit | UnitBetting):
        assert legal.max_to == all_in, "all-in is max_to"
    else:  # pot limit and fixed limit cap the total
        assert legal.max_to <= all_in
    assert hand.can_act(Action(kind, legal.min_to)) and hand.can_act(Action(kind, legal.max_to))
    assert not hand.can_act(Action(kind, legal.min_to - 1))
    assert not hand.can_act(Action(kind, legal.max_to + 1))
    if legal.step > 1 and legal.min_to + 1 < legal.max_to:
        assert not hand.can_act(Action(kind, legal.min_to + 1))
    other = "raise" if kind == "bet" else "bet"
    assert not hand.can_act(Action(other, legal.min_to))
    for label, total in legal.presets:
        assert legal.min_to <= total <= legal.max_to, (label, total, legal)
        assert hand.can_act(Action(kind, total)), (label, total)


def visible_cards(view: HandView) -> set[int]:
    """Every card a view shows."""
    cards = set(view.cards) | set(view.board)
    for shown in view.revealed.values():
        cards |= set(shown)
    for event in view.events:
        cards |= set(event.cards)
    return cards


def play_out(hand: Hand, rng: random.Random, watch: bool = True) -> Hand:
    """Plays random legal actions to the end, checking every step when ``watch``."""
    watcher = Watcher(hand) if watch else None
    total = sum(hand.start_stacks)
    while not hand.is_over:
        hand.act(random_action(hand, rng))
        if watcher is not None:
            watcher.check()
        else:
            assert sum(hand.stacks) + hand.pot == total
    return hand
