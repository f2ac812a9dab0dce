"""``import drawpoker`` and every path that takes no arrays leave NumPy unloaded (issue 2: the
import stays fast); the first array call loads it. Each check runs in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys

import pytest

SCALAR_PATHS = {
    "import": "import drawpoker",
    "every module": (
        "import drawpoker.cli, drawpoker.bots, drawpoker.analysis.tips,"
        " drawpoker.analysis.video_poker, drawpoker.analysis.draw_equity, drawpoker.engine,"
        " drawpoker.engine.dealing, drawpoker.table"
    ),
    "evaluate and describe": (
        "from drawpoker import evaluate, describe, category, parse_cards, format_cards\n"
        "for ranking, hand in [('high', 'As Ks Qs Js Ts 2c 3d'), ('joker', 'Jk As Ad 7c 2h'),\n"
        "                      ('deuce-seven', '7c 5d 4h 3s 2c'), ('badugi', 'Ac 2d 3h 4s')]:\n"
        "    strength = evaluate(hand, ranking)\n"
        "    describe(strength, ranking), category(strength, ranking)\n"
        "format_cards(parse_cards('As Kd')), evaluate([51, 47, 43, 39, 35])"
    ),
    "equity and omaha": (
        "from drawpoker import equity, evaluate_omaha_hilo, draw_equity\n"
        "assert equity(['AsKs', 'QhQd'], board='2c 7d 9h').exact\n"
        "evaluate_omaha_hilo('As 2s Kd Kh', '3c 4d 8h Jc Qd')\n"
        "assert draw_equity([('Jh Jd', 3), ('Ks 9s 6s 3s', 1)]).exact"
    ),
    "cli eval": "from drawpoker.cli import main\nassert main(['eval', 'As Ks Qs Js Ts']) == 0",
    "table engine": (
        "import argparse, io\n"
        "from drawpoker.cli.simulate import add_arguments, simulate\n"
        "parser = argparse.ArgumentParser()\n"
        "add_arguments(parser)\n"
        "args = parser.parse_args(['--games', '2', '--players', '3', '--rounds', '2',\n"
        "                          '--bots', 'rules,checkcall', '--seed', '1'])\n"
        "assert simulate(args, out=io.StringIO(), progress=io.StringIO()) == 0"
    ),
}


def numpy_loaded_after(code: str) -> bool:
    """Whether ``numpy`` is in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = f"{code}\nimport sys\nprint('numpy' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()[-1] == "True"


@pytest.mark.parametrize("path", list(SCALAR_PATHS))
def test_paths_without_arrays_do_not_import_numpy(path: str) -> None:
    assert not numpy_loaded_after(SCALAR_PATHS[path])


@pytest.mark.parametrize(
    "code",
    [
        "from drawpoker import evaluate_batch\nevaluate_batch([[0, 1, 2, 3, 4]])",
        "from drawpoker import strength_histogram\nstrength_histogram(5, method='patterns')",
        "from drawpoker import discard_choices\ndiscard_choices('Jh Jd 7c 4s 2h')",
    ],
)
def test_array_calls_load_numpy_when_first_needed(code: str) -> None:
    assert numpy_loaded_after(code)
