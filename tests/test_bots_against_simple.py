"""The CPU types against the simple strategies (drawpoker.bots.simple) and ``checkcall``, and
``strong`` against ``rules``: in seeded heads-up duplicate matches (drawpoker.match) of the
stated length, each wins, with the 95% interval's lower bound above zero.

Only the pairs that hold are listed; the others (and the full-length figures) are in
bench/RESULTS.md's "players" area and issue 32. The lengths leave a margin: each pair's lower
bound was well above zero at the stated length.
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
    ("omaha", "rules", ["station", "stabber", "min-raiser", "checkcall"], 500),
    ("omaha", "strong", ["station", "stabber", "checkcall"], 150),
    ("holdem", "strong", ["station", "stabber", "min-raiser", "checkcall"], 300),
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
    ("razz", "strong", ["rules"], 800),
    ("stud-hi-lo", "strong", ["rules"], 4500),
    ("holdem", "strong", ["rules"], 2000),
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
