"""The duplicate-match grid's harness (bench/player_matches.py) on short matches: the grid's
pairs, a pair's figures against drawpoker.match's own, the store resuming and merging, and the
section it writes in bench/RESULTS.md. No rate is judged here (tests/test_bots_against_simple.py
judges those)."""

from __future__ import annotations

import dataclasses
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

from drawpoker import match
from drawpoker.bots import bot_kinds
from drawpoker.engine.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent


def _player_matches() -> ModuleType:
    """bench/player_matches.py, imported from the project's root (bench is not installed)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import bench.player_matches

    return bench.player_matches


def test_the_grid_is_strong_against_every_other_type_and_rules_against_the_simple_ones() -> None:
    pm = _player_matches()
    pairs = pm.grid()
    for name in GAMES:
        others = [k for k in bot_kinds(name) if k != "strong"]
        strong = [o for g, cpu, o in pairs if g == name and cpu == "strong"]
        rules = [o for g, cpu, o in pairs if g == name and cpu == "rules"]
        assert sorted(strong) == sorted(others)
        assert sorted(rules) == sorted(k for k in others if k != "rules")
    assert len(pairs) == len(set(pairs))


def test_a_pair_keeps_the_matchs_figures_and_its_lower_bound_along_the_way(
    tmp_path: Path,
) -> None:
    pm = _player_matches()
    store = tmp_path / "grid.json"
    with ThreadPoolExecutor(1) as pool:
        [outcome] = pm.play([("razz", "rules", "station")], 160, 7, 1, path=store, executor=pool)
    whole = match("razz", ["rules", "station"], deals=160, seed=7).results[0]
    first = match("razz", ["rules", "station"], deals=150, seed=7).results[0]
    assert outcome.per_100 == pm.rounded(whole.per_100)
    assert outcome.adjusted == pm.rounded(whole.adjusted)
    assert outcome.hands_to_exclude_zero == whole.hands_to_exclude_zero
    assert [d for d, _ in outcome.checkpoints] == [100, 150]
    assert outcome.low_after(150) == round(first.per_100.low, 3)
    assert pm.load(store) == {"razz rules station": outcome}


def test_a_stored_pair_is_not_played_again_unless_longer_or_asked(tmp_path: Path) -> None:
    pm = _player_matches()
    store = tmp_path / "grid.json"
    pair = [("holdem", "rules", "checkcall")]
    with ThreadPoolExecutor(1) as pool:
        assert len(pm.play(pair, 20, 7, 1, path=store, executor=pool)) == 1
        assert pm.play(pair, 20, 7, 1, path=store, executor=pool) == []
        assert pm.play(pair, 10, 7, 1, path=store, executor=pool) == []
        assert [o.deals for o in pm.play(pair, 30, 7, 1, path=store, executor=pool)] == [30]
        assert len(pm.play(pair, 30, 7, 1, again=True, path=store, executor=pool)) == 1
        assert [o.seed for o in pm.play(pair, 30, 8, 1, path=store, executor=pool)] == [8]


def test_merging_stores_keeps_each_pairs_longest_match(tmp_path: Path) -> None:
    pm = _player_matches()
    ours, theirs = tmp_path / "ours.json", tmp_path / "theirs.json"
    base = pm.Outcome(
        "stud", "strong", "rules", 500, 7, "big bets (40 chips)", (1.0, -2.0, 4.0),
        (1.0, -2.0, 4.0), None, None, (), 10.0, 2, "2026-01-01 00:00", 1.0,
    )  # fmt: skip
    longer = dataclasses.replace(base, deals=900, per_100=(2.0, 0.5, 3.5))
    other = dataclasses.replace(base, game="razz")
    pm.save({"stud strong rules": base}, ours)
    pm.save({"stud strong rules": longer, "razz strong rules": other}, theirs)
    pm.merge([theirs], ours)
    assert pm.load(ours) == {"stud strong rules": longer, "razz strong rules": other}
    pm.save({"stud strong rules": base}, theirs)
    pm.merge([theirs], ours)
    assert pm.load(ours)["stud strong rules"] == longer


def test_the_results_section_lists_every_stored_pair_and_the_missing_ones(tmp_path: Path) -> None:
    pm = _player_matches()
    store = tmp_path / "grid.json"
    assert pm.lines(store) == []
    beats = pm.Outcome(
        "stud", "strong", "rules", 500, 7, "big bets (40 chips)", (3.0, 0.5, 5.5),
        (2.0, -0.5, 4.5), 800, None, ((100, -9.0),), 10.0, 2, "2026-01-01 00:00", 1.0, "a box",
    )  # fmt: skip
    loses = dataclasses.replace(beats, game="razz", per_100=(-3.0, -5.5, -0.5))
    pm.save({"stud strong rules": beats, "razz strong rules": loses}, store)
    text = "\n".join(pm.lines(store))
    assert "2 of the grid's 161 pairs measured: 1 beats, 1 loses, 0 undecided." in text
    assert (
        "| stud | strong | rules | 500 | +3.0 (+0.5..+5.5) | +2.0 (-0.5..+4.5) | 800 (—) "
        "| beats | 2026-01-01 00:00, load 1.0 |"
    ) in text
    assert "| razz | strong | rules | 500 | -3.0 (-5.5..-0.5) |" in text
    assert "stud strong against maniac, station, stabber, min-raiser, checkcall;" in text
    assert "razz strong against maniac, station, stabber, min-raiser, checkcall;" in text
    assert "Played on a box." in text


def test_a_kept_releases_figures_stand_beside_the_later_ones(tmp_path: Path) -> None:
    pm = _player_matches()
    store = tmp_path / "grid.json"
    then = pm.Outcome(
        "stud", "strong", "rules", 500, 7, "big bets (40 chips)", (3.0, 0.5, 5.5),
        (2.0, -0.5, 4.5), 800, None, (), 10.0, 2, "2026-01-01 00:00", 1.0, "a box",
    )  # fmt: skip
    pm.save({"stud strong rules": then}, store)
    assert "The previous release's figures: none kept yet" in "\n".join(pm.lines(store))
    pm.keep_release("0.1.0", store)
    now = dataclasses.replace(then, deals=1000, per_100=(4.0, 2.0, 6.0))
    pm.save(
        {"stud strong rules": now, "razz strong rules": dataclasses.replace(now, game="razz")},
        store,
    )
    assert pm.releases(store) == {"0.1.0": {"stud strong rules": then}}
    text = pm.lines(store)
    assert "| verdict | measured | release 0.1.0 |" in "\n".join(text)
    [stud] = [line for line in text if line.startswith("| stud |")]
    [razz] = [line for line in text if line.startswith("| razz |")]
    assert stud.endswith("| +3.0 (+0.5..+5.5), 500 deals |")
    assert razz.endswith("| — |")
