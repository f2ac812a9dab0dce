"""The all-in adjustment of a hand's result: when no more betting could happen while cards were
still to come, each seat is credited its equity in the pot at that moment instead of the share
the cards gave it. The luck of the cards still to come then no longer counts, and duplicate
matches need far fewer hands for the same confidence; the expected result is unchanged, since a
seat's equity is the expectation of its share given every card known by then (the estimator is
"all-in EV", discussed with other variance-reduced estimators by Burch, Schmid, Moravcik,
Morrill and Bowling, "AIVAT: A New Variance Reduction Technique for Agent Evaluation in
Imperfect Information Games", AAAI 2018).

The moment is the last action before the cards ran out with two or more seats in the hand: in
Hold'em, Omaha and the stud games, the action after which the rest was dealt with no one left
to act (equity by :func:`drawpoker.equity`); in the draw games, the final draw when no betting
followed it (equity by :func:`drawpoker.draw_equity` from the cards each seat kept and drew).
A hand is left as it fell when its pot was split into side pots, when a draw needed a
reshuffle, or when a heads-up draw's exact walk would exceed :data:`DRAW_OUTCOMES` (each a fact
known at that moment, so leaving those hands alone keeps the estimate unbiased).

Kings all in against aces before the flop: the aces won the 20,000 chips, and are credited
their 81.26% of the pot instead (the equity :func:`drawpoker.equity` gives for the spot):

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [10_000, 10_000], deck="As Kd Ah Kc")
>>> before = dealt(hand)
>>> hand.raise_to(10_000); hand.call()
>>> hand.stacks, [round(float(net)) for net in adjusted_nets(hand, [10_000, 10_000], before)]
([0, 20000], [-6251, 6251])
>>> aces = equity(["Kd Kc", "As Ah"]).players[1].equity
>>> round(aces * 20_000 - 10_000)
6251
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb
from typing import NamedTuple

from drawpoker.analysis.draw_equity import draw_equity
from drawpoker.analysis.equity import GAMES as EQUITY_GAMES
from drawpoker.analysis.equity import equity
from drawpoker.engine.hand import Hand

DRAW_OUTCOMES = 4 * 10**9
"""The most joint outcomes a heads-up draw's equity is walked over (about a twentieth of a
second; two seats drawing five cards each would take a minute)."""

SAMPLES = 20_000
"""Monte Carlo deals for an equity too large to walk exactly (stud early in the hand, multiway
draws)."""

MAX_OUTCOMES = 2_000_000
"""Outcomes walked exactly before the equity is sampled instead."""


class Dealt(NamedTuple):
    """The cards out before an action: each seat's and the board.

    >>> from drawpoker.engine import Hand, game
    >>> dealt(Hand(game("holdem"), [10_000, 10_000], deck="As Kd Ah Kc")).board
    ()
    """

    cards: tuple[tuple[int, ...], ...]
    board: tuple[int, ...]


def dealt(hand: Hand) -> Dealt:
    """The cards out now (the house's knowledge), to keep before each action.

    >>> from drawpoker.engine import Hand, game
    >>> from drawpoker.cards import format_cards
    >>> hand = Hand(game("holdem"), [10_000, 10_000], deck="As Kd Ah Kc")
    >>> [format_cards(c) for c in dealt(hand).cards]
    ['Kd Kc', 'As Ah']
    """
    return Dealt(tuple(tuple(c) for c in hand.cards), tuple(hand.board))


def adjusted_nets(hand: Hand, start: Sequence[int], before: Dealt) -> list[Fraction]:
    """Each seat's result of the finished ``hand`` (chips won minus chips put in), all-in
    adjusted; ``start`` are the stacks it began with, ``before`` the cards out before its last
    action. A hand that needs no adjustment gives its plain results.

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [10_000, 10_000])
    >>> before = dealt(hand)
    >>> hand.fold()
    >>> adjusted_nets(hand, [10_000, 10_000], before)
    [Fraction(-50, 1), Fraction(50, 1)]
    """
    nets = [Fraction(end - begin) for end, begin in zip(hand.stacks, start, strict=True)]
    shares = _shares(hand, before)
    if shares is None:
        return nets
    won = hand.payouts
    put_in = [begin - end + w for begin, end, w in zip(start, hand.stacks, won, strict=True)]
    live = [s for s in range(hand.seats) if hand.live[s]]
    if len({put_in[s] for s in live}) != 1:
        return nets  # side pots: equity of the whole pot would not be each seat's due
    pot = sum(won)
    return [net - won[s] + shares.get(s, 0) * pot for s, net in enumerate(nets)]


def _shares(hand: Hand, before: Dealt) -> dict[int, Fraction] | None:
    """Each live seat's equity at the all-in moment, summing to exactly one; None when the
    hand is left as it fell."""
    live = [s for s in range(hand.seats) if hand.live[s]]
    if not hand.is_over or len(live) < 2:
        return None
    if any(street.draw is not None for street in hand.game.streets):
        floats = _draw_shares(hand, live)
    else:
        floats = _board_shares(hand, live, before)
    if floats is None:
        return None
    shares = {s: Fraction(share) for s, share in zip(live[:-1], floats, strict=False)}
    shares[live[-1]] = 1 - sum(shares.values(), Fraction(0))
    return shares


def _board_shares(hand: Hand, live: list[int], before: Dealt) -> list[float] | None:
    name = hand.game.name
    if name not in EQUITY_GAMES:
        return None
    if len(hand.board) == len(before.board) and all(
        len(hand.cards[s]) == len(before.cards[s]) for s in live
    ):
        return None  # nothing was dealt after the last action: the cards fell as played
    folded = [c for s in range(hand.seats) if s not in live for c in before.cards[s]]
    result = equity(
        [list(before.cards[s]) for s in live],
        list(before.board),
        folded,
        game=name,
        max_outcomes=MAX_OUTCOMES,
        samples=SAMPLES,
        seed=hand.seed,
    )
    return [p.equity for p in result.players]


def _draw_shares(hand: Hand, live: list[int]) -> list[float] | None:
    events = hand.events
    actions = [e for e in events if e.kind in ("check", "call", "bet", "raise", "fold", "draw")]
    if not actions or actions[-1].kind != "draw" or len(hand.game.showdown) != 1:
        return None  # betting followed the final draw: the hand was played out
    if any(e.kind == "reshuffle" for e in events):
        return None
    final_round = actions[-len(live) :]
    drawn = {e.seat: e.amount for e in final_round}
    received: dict[int, tuple[int, ...]] = {}
    for event in events:
        if event.kind == "receive" and event.seat is not None:
            received[event.seat] = event.cards
    players = []
    for s in live:
        new = set(received.get(s, ())) if drawn.get(s, 0) else set()
        players.append(([c for c in hand.cards[s] if c not in new], drawn.get(s, 0)))
    dead = [c for e in events if e.kind == "discard" for c in e.cards]
    dead += [c for s in range(hand.seats) if s not in live for c in hand.cards[s]]
    if len(players) == 2:
        unseen = _unseen(hand, players, dead)
        first, second = players[0][1], players[1][1]
        if comb(unseen, first) * comb(unseen - first, second) > DRAW_OUTCOMES:
            return None
    result = draw_equity(
        players,
        dead=dead,
        ranking=hand.game.showdown[0].ranking,
        joker=hand.game.joker,
        samples=SAMPLES,
        seed=hand.seed,
    )
    return list(result.shares)


def _unseen(hand: Hand, players: list[tuple[list[int], int]], dead: list[int]) -> int:
    return len(hand.game.deck_cards()) - sum(len(kept) for kept, _ in players) - len(dead)
