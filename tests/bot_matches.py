"""Heads-up duplicate matches between CPU players, for the bot tests and their reported figures;
tables of CPU players for the tests of every game's players.

Each deal is played twice with the players' seats swapped (the same seed and hand number deal
the same cards to the same seats), every hand from fresh stacks, so luck of the cards cancels
and each hand is scored alone. ``python tests/bot_matches.py GAME A B HANDS`` prints a figure.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from drawpoker.bots import make_bot
from drawpoker.engine import Action, Hand, HandView, game
from drawpoker.table import Table, TableSettings
from drawpoker.table.player import Player


def decide(kind: str, name: str, seed: int, view: HandView) -> Action:
    """What a fresh CPU player of ``kind`` at ``name`` seeded ``seed`` does from ``view``: a
    task for a process pool (a top-level module's function, so a spawned process finds it)."""
    return make_bot(kind, seed=seed, game=name).choose(view)


def duplicate_match(
    name: str, first: Callable[[], Player], second: Callable[[], Player], deals: int, seed: int = 0
) -> tuple[float, int]:
    """``first``'s winnings against ``second`` in big blinds per 100 hands, and the hands played
    (two per deal); each side's players are made once and keep their generators."""
    spec = game(name)
    stack, big_blind = spec.default_stack, spec.forced.big_blind
    a, b = first(), second()
    net = 0
    for number in range(deals):
        for seat_a in (0, 1):
            players = [a, b] if seat_a == 0 else [b, a]
            hand = Hand(spec, [stack, stack], button=number % 2, seed=seed, number=number)
            while (seat := hand.actor) is not None:
                hand.act(players[seat].choose(hand.view(seat)))
            net += hand.stacks[seat_a] - stack
    hands = 2 * deals
    return net / big_blind / hands * 100, hands


def cpu_table(name: str, kinds: list[str], seed: int, rounds: int = 4) -> Table:
    """A table of ``name`` played to its end by CPU players of ``kinds`` (seat ``s`` seeded
    ``seed + s``), dealt from ``seed``."""
    cpu: dict[int, Player] = {
        s: make_bot(kind, seed=seed + s, game=name) for s, kind in enumerate(kinds)
    }
    table = Table(game(name), len(kinds), seed=seed, cpu=cpu, settings=TableSettings(rounds=rounds))
    table.play_cpu()
    return table


def assert_reproducible(name: str, kinds: list[str], seed: int, rounds: int) -> Table:
    """Asserts that :func:`cpu_table` plays the same hands again from ``seed`` and other ones
    from ``seed + 1``; returns the first table."""
    first, again = cpu_table(name, kinds, seed, rounds), cpu_table(name, kinds, seed, rounds)
    assert [h.to_dict() for h in first.hands] == [h.to_dict() for h in again.hands]
    other = cpu_table(name, kinds, seed + 1, rounds)
    assert [h.actions for h in other.hands] != [h.actions for h in first.hands]
    return first


def main() -> None:
    """Prints one match's figure: ``GAME KIND_A KIND_B DEALS [SEED]``."""
    name, kind_a, kind_b, deals = sys.argv[1:5]
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 0
    figure, hands = duplicate_match(
        name,
        lambda: make_bot(kind_a, seed=seed + 1, game=name),
        lambda: make_bot(kind_b, seed=seed + 2, game=name),
        int(deals),
        seed,
    )
    print(f"{name}: {kind_a} vs {kind_b}: {figure:+.1f} bb/100 over {hands} hands")


if __name__ == "__main__":
    main()
