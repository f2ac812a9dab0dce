"""The CPU types against the simple strategies (drawpoker.bots.simple) and ``checkcall``, and
``strong`` against ``rules``: in seeded heads-up duplicate matches (drawpoker.match) of the
stated length, each wins, with the 95% interval's lower bound above zero.

The full-length figures of every pair of the grid (in every game, ``strong`` against each simple
strategy, ``checkcall`` and ``rules``; ``rules`` against each simple strategy and ``checkcall``)
are in bench/RESULTS.md, the players area's section "players: duplicate matches against the
simple strategies", played by ``python -m bench.player_matches`` and stored in
bench/player_matches.json. They are played at this file's seed, so each match here is the first
deals of its pair's there, whose interval's lower bound after 100, 150, 200, 300, ... deals is
stored with it. Only the pairs that hold are listed; the others (that section's ``loses`` and
``undecided``) are issue 32's open gaps. The lengths leave a margin: each pair's lower bound is
above zero from at most half its stated length on (or from the first 100 deals), through the
grid's length.
"""

from __future__ import annotations

import pytest
from drawpoker import match

SIMPLE = ["maniac", "station", "stabber", "min-raiser", "checkcall"]
PAT = ["pat-maniac", "pat-station", "pat-stabber", "pat-min-raiser", "snow"]

# (game, CPU type, opponents, deals per match)
HOLDING = [
    ("stud", "strong", SIMPLE, 500),
    ("stud", "rules", SIMPLE, 500),
    ("razz", "strong", SIMPLE, 500),
    ("razz", "rules", ["station", "stabber", "checkcall"], 500),
    ("razz", "rules", ["maniac", "min-raiser"], 1500),
    ("stud-hi-lo", "strong", SIMPLE, 500),
    ("stud-hi-lo", "rules", SIMPLE, 500),
    ("omaha", "rules", ["station", "stabber", "min-raiser", "checkcall"], 600),
    ("omaha", "strong", ["station", "stabber", "checkcall"], 150),
    ("holdem", "strong", ["station", "min-raiser", "checkcall"], 300),
    ("holdem", "strong", ["stabber"], 400),
    ("holdem", "rules", ["station", "stabber", "min-raiser", "checkcall"], 300),
    ("holdem", "rules", ["maniac"], 2000),
    ("five-card-draw", "strong", SIMPLE + PAT, 300),
    ("2-7-triple-draw", "strong", SIMPLE + PAT, 150),
    ("2-7-triple-draw", "rules", SIMPLE + PAT, 300),
    ("badugi", "rules", SIMPLE + PAT, 300),
    ("2-7-single-draw", "strong", SIMPLE + PAT, 150),
    ("2-7-single-draw", "rules", ["station", "min-raiser", "checkcall", *PAT[1:]], 400),
    ("2-7-single-draw", "rules", ["maniac", "pat-maniac"], 2000),
    ("omaha", "strong", ["maniac"], 300),
    ("stud", "strong", ["rules"], 6000),
    ("razz", "strong", ["rules"], 1500),
    ("stud-hi-lo", "strong", ["rules"], 4500),
    ("holdem", "strong", ["rules"], 2000),
    # From the grid (bench/player_matches.py): each at twice the deals (or more) after which the
    # pair's lower bound stayed above zero through the grid's length (2,000 deals; 10,000 or more
    # for strong against rules and the pairs left undecided at 2,000).
    ("five-card-draw", "strong", ["rules"], 1500),
    ("five-card-draw", "rules", ["maniac", "station", "min-raiser", "checkcall", *PAT], 200),
    ("five-card-draw", "rules", ["stabber"], 600),
    ("holdem", "strong", ["maniac"], 1500),
    ("omaha", "strong", ["min-raiser"], 200),
    ("omaha", "strong", ["rules"], 3000),
    ("omaha", "rules", ["maniac"], 800),
    ("omaha-hi-lo", "strong", ["station", "stabber", "checkcall"], 200),
    ("omaha-hi-lo", "strong", ["maniac", "min-raiser"], 2000),
    ("omaha-hi-lo", "rules", SIMPLE, 200),
    # The strong player's Hi/Lo raise and bet edges (issue 32): its lower bound against rules
    # stays above zero from 108 deals on through 10,000 (+16.1, +14.9..+17.3).
    ("omaha-hi-lo", "strong", ["rules"], 250),
    ("2-7-single-draw", "rules", ["stabber"], 8000),
    ("2-7-single-draw", "strong", ["rules"], 800),
    ("2-7-triple-draw", "strong", ["rules"], 600),
    ("badugi", "strong", SIMPLE + PAT, 200),
    ("badugi", "strong", ["rules"], 2000),
    ("short-deck", "strong", ["station", "min-raiser", "checkcall"], 200),
    ("short-deck", "strong", ["stabber", "rules"], 400),
    ("short-deck", "strong", ["maniac"], 1000),
    ("short-deck", "rules", ["station", "stabber", "min-raiser", "checkcall"], 200),
    ("short-deck", "rules", ["maniac"], 1000),
]

CASES = [
    pytest.param(name, cpu, opponent, deals, id=f"{name}-{cpu}-{opponent}")
    for name, cpu, opponents, deals in HOLDING
    for opponent in opponents
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "cpu", "opponent", "deals"), CASES)
def test_cpu_type_beats_the_simple_strategy(name: str, cpu: str, opponent: str, deals: int) -> None:
    result = match(name, [cpu, opponent], deals=deals, seed=7).results[0]
    assert result.name == cpu
    assert result.per_100.value > 0
    assert result.per_100.low > 0, result.per_100
