"""The CPU types against the simple strategies in duplicate matches, game by game (issue 32,
"CPU players that no simple strategy beats").

Run from the project root::

    python -m bench.player_matches                      # the whole grid, 2,000 deals a pair
    python -m bench.player_matches holdem omaha --cpu strong --opponents rules --deals 4000
    python -m bench.player_matches --list               # what is stored, and what is missing

The grid: in every registered game, ``strong`` against each simple strategy that plays it
(:func:`drawpoker.bots.simple.simple_kinds`), ``checkcall`` and ``rules``; ``rules`` against
each simple strategy and ``checkcall``. A pair is ``drawpoker.match(game, [cpu, opponent],
deals=N, seed=7)`` on a pool of ``--workers`` processes (default 2); seed 7 is the one
tests/test_bots_against_simple.py uses, so a test's match is the first deals of the pair's here
(a session of 100 deals is dealt and played alike whatever the length), and each pair also keeps
the interval's lower bound after the first 100, 150, 200, 300, ... deals: the test lengths that
hold are read from it.

Each pair's rate is the CPU type's, in the game's unit per 100 hands (big bets in fixed limit,
big blinds in no-limit and pot-limit, Five-Card Draw's units of 20 chips) with its 95% interval,
plain and all-in adjusted, the hands after which the plain (adjusted) interval excluded zero for
good, and a verdict: ``beats`` when the plain interval is above zero, ``loses`` when below,
``undecided`` when it holds zero.

Every pair is written to bench/player_matches.json as it finishes, and at the end of the run
bench/RESULTS.md is written again (the grid follows its "players" area; by
:func:`bench.compare.write_results`, from the stores, so nothing is copied by hand). A pair
stored with at least the deals asked (same seed) is not played again unless ``--again``: a long
run that stopped resumes where it stopped, and runs of some games each (on other machines too,
then ``--merge`` their files) add up to the grid. ``--keep-release VERSION`` keeps the stored
figures as a release's, shown beside the figures measured after it.

The whole grid (161 pairs) at 2,000 deals a pair took 21 minutes on 2 cores (Xeon, shared, load
average 2 to 8; 2026-12-02): 16 minutes for the 86 pairs of ``strong``, 5 for ``rules``'s (2 1/2
of them short-deck's ``rules`` against ``maniac``). The slowest games are 2-7 triple draw
(4 1/2 minutes), short-deck (5) and badugi (2 1/2); stud, razz and stud hi/lo take seconds a pair.
The time grows with the deals: about 45 minutes at 4,000, 1 3/4 hours at 10,000.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import os
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from drawpoker import match
from drawpoker.bots import CPU_KINDS, simple_kinds
from drawpoker.engine import game
from drawpoker.engine.registry import GAMES
from drawpoker.matches.duplicate import MatchSummary, summarize_match
from drawpoker.matches.simulation import Estimate

STORE = Path(__file__).with_name("player_matches.json")
DEALS = 2000
"""Deals a pair plays unless told (each played twice, the seats swapped)."""
SEED = 7
"""The matches' seed: tests/test_bots_against_simple.py's."""
CPUS = ("strong", "rules")
CHECKPOINTS = (100, 150, 200, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000, 8000)
"""Deals after which a pair's lower bound is kept (those fewer than the pair's deals)."""
TITLE = "players: duplicate matches against the simple strategies"


def opponents(name: str, cpu: str) -> tuple[str, ...]:
    """The grid's opponents of ``cpu`` at the game ``name``: the simple strategies that play it,
    ``checkcall``, and for ``strong`` ``rules``.

    >>> opponents("holdem", "strong")
    ('maniac', 'station', 'stabber', 'min-raiser', 'checkcall', 'rules')
    >>> len(opponents("badugi", "rules"))
    10
    """
    return (*simple_kinds(name), "checkcall", *(("rules",) if cpu == "strong" else ()))


def grid(
    names: Iterable[str] = GAMES, cpus: Iterable[str] = CPUS, only: Iterable[str] = ()
) -> list[tuple[str, str, str]]:
    """The pairs ``(game, cpu, opponent)`` of the games ``names`` and CPU types ``cpus``, game
    by game, against every opponent of :func:`opponents` or only those in ``only``.

    >>> len(grid()), grid(["razz"], ["strong"], ["rules", "snow"])
    (161, [('razz', 'strong', 'rules')])
    """
    wanted = set(only)
    return [
        (name, cpu, opponent)
        for name in names
        for cpu in cpus
        for opponent in opponents(name, cpu)
        if not wanted or opponent in wanted
    ]


def key(name: str, cpu: str, opponent: str) -> str:
    """A pair's key in the store.

    >>> key("holdem", "strong", "rules")
    'holdem strong rules'
    """
    return f"{name} {cpu} {opponent}"


@dataclass(frozen=True)
class Outcome:
    """One pair's match: the CPU type's rate per 100 hands in ``unit`` as (value, low, high),
    plain and all-in adjusted, the hands after which each interval excluded zero for good
    (None: it does not), the plain lower bound after the first deals of :data:`CHECKPOINTS`
    as (deals, low), and when, how and where it was played (``load``: the load average at the
    start).

    >>> o = Outcome("razz", "strong", "rules", 800, 7, "big bets (40 chips)", (9.0, 2.5, 15.5),
    ...             (8.0, 1.0, 15.0), 1200, None, ((500, -0.4),), 31.0, 2, "", 1.0)
    >>> o.verdict, o.low_after(500), o.low_after(800), o.low_after(100) is None
    ('beats', -0.4, 2.5, True)
    """

    game: str
    cpu: str
    opponent: str
    deals: int
    seed: int
    unit: str
    per_100: tuple[float, float, float]
    adjusted: tuple[float, float, float]
    hands_to_exclude_zero: int | None
    adjusted_hands_to_exclude_zero: int | None
    checkpoints: tuple[tuple[int, float], ...]
    seconds: float
    workers: int
    date: str
    load: float
    machine: str = ""
    interrupted: bool = False

    @property
    def verdict(self) -> str:
        """``beats`` (the plain interval above zero), ``loses`` (below) or ``undecided``."""
        _, low, high = self.per_100
        return "beats" if low > 0 else "loses" if high < 0 else "undecided"

    def low_after(self, deals: int) -> float | None:
        """The plain interval's lower bound after the first ``deals`` deals, if kept."""
        if deals == self.deals:
            return self.per_100[1]
        return dict(self.checkpoints).get(deals)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """An outcome from its JSON form (lists for tuples).

        >>> o = Outcome("razz", "strong", "rules", 8, 7, "u", (1.0, 0.5, 1.5), (1.0, 0.5, 1.5),
        ...             16, 16, ((4, 0.1),), 1.0, 2, "", 0.0)
        >>> Outcome.from_dict(json.loads(json.dumps(dataclasses.asdict(o)))) == o
        True
        """
        fields = dict(data)
        for name in ("per_100", "adjusted"):
            fields[name] = tuple(fields[name])
        fields["checkpoints"] = tuple((int(d), float(low)) for d, low in fields["checkpoints"])
        return cls(**fields)


def rounded(rate: Estimate) -> tuple[float, float, float]:
    """An estimate's value, low and high to three decimals (as stored).

    >>> rounded(Estimate(1.23456, -0.5, 2.96912))
    (1.235, -0.5, 2.969)
    """
    return round(rate.value, 3), round(rate.low, 3), round(rate.high, 3)


def outcome(
    summary: MatchSummary, seed: int, workers: int, date: str, load: float, machine: str = ""
) -> Outcome:
    """A match's :class:`Outcome` (the first player is the CPU type measured).

    >>> s = match("holdem", ["rules", "checkcall"], deals=3, seed=7)
    >>> o = outcome(s, 7, 1, "", 0.0)
    >>> (o.cpu, o.opponent, o.deals, o.unit), o.checkpoints
    (('rules', 'checkcall', 3, 'big blinds'), ())
    """
    mine = summary.results[0]
    spec = game(summary.game)
    first = [
        summarize_match(spec, summary.names, summary.seats, summary.records[:deals])
        for deals in CHECKPOINTS
        if deals < summary.deals
    ]
    lows = tuple((s.deals, round(s.results[0].per_100.low, 3)) for s in first)
    return Outcome(
        game=summary.game,
        cpu=summary.names[0],
        opponent=summary.names[1],
        deals=summary.deals,
        seed=seed,
        unit=summary.unit_name,
        per_100=rounded(mine.per_100),
        adjusted=rounded(mine.adjusted),
        hands_to_exclude_zero=mine.hands_to_exclude_zero,
        adjusted_hands_to_exclude_zero=mine.adjusted_hands_to_exclude_zero,
        checkpoints=lows,
        seconds=round(summary.elapsed, 1),
        workers=workers,
        date=date,
        load=load,
        machine=machine,
        interrupted=summary.interrupted,
    )


def load(path: Path = STORE) -> dict[str, Outcome]:
    """The pairs stored at ``path`` by key (none when there is no file)."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    return {k: Outcome.from_dict(v) for k, v in data["pairs"].items()}


def releases(path: Path = STORE) -> dict[str, dict[str, Outcome]]:
    """The pairs kept at ``path`` as each release's (:func:`keep_release`), by version, in the
    order they were kept."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    return {
        version: {k: Outcome.from_dict(v) for k, v in pairs.items()}
        for version, pairs in data.get("releases", {}).items()
    }


def _ordered(pairs: dict[str, Outcome]) -> dict[str, Any]:
    order = {key(*pair): i for i, pair in enumerate(grid())}
    ordered = sorted(pairs, key=lambda k: (order.get(k, len(order)), k))
    return {k: dataclasses.asdict(pairs[k]) for k in ordered}


def save(
    pairs: dict[str, Outcome],
    path: Path = STORE,
    kept: dict[str, dict[str, Outcome]] | None = None,
) -> None:
    """Writes ``pairs`` to ``path``, in the grid's order (then any others), with the releases'
    pairs ``kept`` (default: those already at ``path``)."""
    kept = releases(path) if kept is None else kept
    data: dict[str, Any] = {"pairs": _ordered(pairs)}
    if kept:
        data["releases"] = {version: _ordered(p) for version, p in kept.items()}
    path.write_text(_one_pair_a_line(data) + "\n")


def _one_pair_a_line(data: Any, depth: int = 0) -> str:
    """JSON of the nested objects down to the pairs (objects with a ``game``), each pair on a
    line of its own.

    >>> print(_one_pair_a_line({"pairs": {"razz a b": {"game": "razz", "per_100": [1, 0, 2]}}}))
    {
     "pairs": {
      "razz a b": {"game": "razz", "per_100": [1, 0, 2]}
     }
    }
    """
    if not isinstance(data, dict) or "game" in data:
        return json.dumps(data)
    pad = " " * (depth + 1)
    items = [f"{pad}{json.dumps(k)}: {_one_pair_a_line(v, depth + 1)}" for k, v in data.items()]
    return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"


def keep_release(version: str, path: Path = STORE) -> None:
    """Keeps the pairs stored at ``path`` as release ``version``'s (run it when releasing):
    bench/RESULTS.md shows the last release kept beside the figures measured since."""
    kept = releases(path)
    kept.pop(version, None)
    kept[version] = load(path)
    save(load(path), path, kept)


def signed(value: float) -> str:
    """A rate with its sign and one decimal.

    >>> signed(3.14159), signed(-0.04)
    ('+3.1', '-0.0')
    """
    return f"{value:+.1f}"


def estimate(values: Sequence[float]) -> str:
    """A rate and its interval.

    >>> estimate((2.0, -1.25, 5.25))
    '+2.0 (-1.2..+5.2)'
    """
    value, low, high = values
    return f"{signed(value)} ({signed(low)}..{signed(high)})"


def hands(count: int | None) -> str:
    """A count of hands, or a dash for none."""
    return "—" if count is None else f"{count:,}"


def row(o: Outcome, before: dict[str, Outcome] | None = None) -> str:
    """One pair as a row of the RESULTS.md table, with the rate and deals of the pair in the
    release ``before`` when given."""
    excluded = f"{hands(o.hands_to_exclude_zero)} ({hands(o.adjusted_hands_to_exclude_zero)})"
    cut = " (stopped)" if o.interrupted else ""
    text = (
        f"| {o.game} | {o.cpu} | {o.opponent} | {o.deals:,}{cut} | {estimate(o.per_100)} | "
        f"{estimate(o.adjusted)} | {excluded} | {o.verdict} | {o.date}, load {o.load:.1f} |"
    )
    if before is not None:
        then = before.get(key(o.game, o.cpu, o.opponent))
        text += " — |" if then is None else f" {estimate(then.per_100)}, {then.deals:,} deals |"
    return text


def lines(path: Path = STORE) -> list[str]:
    """The grid's section of bench/RESULTS.md: every stored pair, the verdicts counted, and the
    pairs not measured yet (nothing when no pair is stored)."""
    pairs = load(path)
    if not pairs:
        return []
    stored = [pairs[key(*p)] for p in grid() if key(*p) in pairs]
    counts = {v: sum(o.verdict == v for o in stored) for v in ("beats", "loses", "undecided")}
    missing: dict[str, list[str]] = {}
    for name, cpu, opponent in grid():
        if key(name, cpu, opponent) not in pairs:
            missing.setdefault(f"{name} {cpu} against", []).append(opponent)
    units = {o.game: o.unit for o in stored}
    machines = sorted({o.machine for o in stored if o.machine})
    kept = releases(path)
    version, before = list(kept.items())[-1] if kept else ("", None)
    heading = "| game | CPU | opponent | deals | per 100 hands (95% CI) | all-in adjusted (95% CI) "
    heading += "| hands to exclude zero (adjusted) | verdict | measured |"
    rule = "|---|---|---|---:|---:|---:|---:|---|---|"
    if before is not None:
        heading += f" release {version} |"
        rule += "---:|"
    else:
        version = "none kept yet (`--keep-release VERSION` keeps the figures as a release's)"
    out = [
        f"### {TITLE}",
        "",
        "Heads-up duplicate matches, `drawpoker.match(game, [cpu, opponent], deals, seed=7)`,",
        "written pair by pair by `python -m bench.player_matches` (bench/player_matches.json);",
        "each deal is played twice, the seats swapped. The rates are the CPU type's per 100",
        "hands with their 95% intervals; a verdict is the plain interval's side of zero.",
        "tests/test_bots_against_simple.py asserts the pairs that hold at shorter lengths.",
        f"The previous release's figures: {version}.",
        "",
        f"{len(stored)} of the grid's {len(grid())} pairs measured: "
        + ", ".join(f"{n} {v}" for v, n in counts.items())
        + ".",
        "",
        heading,
        rule,
        *(row(o, before) for o in stored),
        "",
        "Units: " + "; ".join(f"{name}, {unit}" for name, unit in units.items()) + ".",
        "",
        "Played on " + "; ".join(machines or ["an unnamed machine"]) + ".",
        "",
    ]
    if missing:
        out += [
            "Not measured yet: " + "; ".join(f"{k} {', '.join(v)}" for k, v in missing.items()),
            "",
        ]
    return out


def play(
    pairs: Sequence[tuple[str, str, str]],
    deals: int,
    seed: int,
    workers: int,
    again: bool = False,
    path: Path = STORE,
    executor: Executor | None = None,
) -> list[Outcome]:
    """Plays the ``pairs`` not stored at ``path`` with ``deals`` deals or more (all when
    ``again``), storing each as it finishes; stops after a match that Ctrl-C interrupted."""
    stored = load(path)
    todo = [
        p
        for p in pairs
        if again
        or key(*p) not in stored
        or stored[key(*p)].deals < deals
        or stored[key(*p)].seed != seed
        or stored[key(*p)].interrupted
    ]
    print(f"{len(todo)} of {len(pairs)} pairs to play, {deals:,} deals each", flush=True)
    from bench.compare import machine

    where = machine()[1].removeprefix("- Machine: ")
    played = []
    pool = executor or ProcessPoolExecutor(workers)
    try:
        for name, cpu, opponent in todo:
            date = f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M}"
            avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
            summary = match(name, [cpu, opponent], deals=deals, seed=seed, executor=pool)
            o = outcome(summary, seed, workers, date, round(avg, 2), where)
            played.append(o)
            stored = load(path)
            stored[key(name, cpu, opponent)] = o
            save(stored, path)
            print(row(o) + f" {o.seconds:.0f} s", flush=True)
            if o.interrupted:
                break
    finally:
        if executor is None:
            pool.shutdown(cancel_futures=True)
    return played


def merge(files: Iterable[Path], path: Path = STORE) -> None:
    """Folds the pairs of other stores into ``path``'s: of a pair stored in both, the one of
    more deals (not interrupted) stays."""
    stored = load(path)
    for other in files:
        for k, o in load(other).items():
            mine = stored.get(k)
            if mine is None or (o.deals, not o.interrupted) > (mine.deals, not mine.interrupted):
                stored[k] = o
    save(stored, path)


def main() -> None:
    """Plays the pairs the command line names (default: the whole grid) and writes
    bench/RESULTS.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--cpu", nargs="+", choices=CPUS, default=list(CPUS))
    parser.add_argument(
        "--opponents",
        nargs="+",
        metavar="KIND",
        default=[],
        help="only these opponents (default: the grid's)",
    )
    parser.add_argument("--deals", type=int, default=DEALS, help=f"default {DEALS}")
    parser.add_argument("--seed", type=int, default=SEED, help=f"default {SEED}")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--again", action="store_true", help="play stored pairs again")
    parser.add_argument("--store", type=Path, default=STORE, help=f"default {STORE.name}")
    parser.add_argument(
        "--merge",
        type=Path,
        nargs="+",
        default=[],
        metavar="FILE",
        help="fold these stores' pairs in, then play nothing",
    )
    parser.add_argument("--list", action="store_true", help="print what is stored; play nothing")
    parser.add_argument(
        "--keep-release",
        metavar="VERSION",
        help="keep the stored pairs as this release's (when releasing), then play nothing",
    )
    args = parser.parse_args()
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown games: {', '.join(unknown)}")
    strangers = sorted(set(args.opponents) - set(CPU_KINDS))
    if strangers:
        parser.error(f"unknown CPU types: {', '.join(strangers)}")
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    pairs = grid(args.games or GAMES, args.cpu, args.opponents)
    if not pairs:
        parser.error("no pair of the grid has those games, CPU types and opponents")
    if args.merge:
        merge(args.merge, args.store)
    elif args.keep_release:
        keep_release(args.keep_release, args.store)
    elif not args.list:
        play(pairs, args.deals, args.seed, args.workers, args.again, args.store)
    if args.store == STORE and not args.list:
        from bench.compare import write_results

        write_results(echo=False)
    print("\n".join(lines(args.store)))


if __name__ == "__main__":
    main()
