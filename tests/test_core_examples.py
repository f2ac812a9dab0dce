"""The examples in the compiled core's docstrings (``drawpoker._core``, written in the Rust
doc comments of rust/py/ as ``python`` blocks) run like every module's doctests: pytest's
``--doctest-modules`` reads Python files only, so they are collected here."""

from __future__ import annotations

import doctest

import pytest
from drawpoker import _core

EXAMPLES = [test for test in doctest.DocTestFinder().find(_core) if test.examples]


def test_the_core_has_examples() -> None:
    names = {test.name.removeprefix("drawpoker._core.") for test in EXAMPLES}
    assert {
        "equity_scores",
        "preset_rules",
        "Rules.showdown_shares",
        "SeatView",
        "SeatView.why_illegal",
    } <= names


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda test: test.name)
def test_a_core_example_runs(example: doctest.DocTest) -> None:
    runner = doctest.DocTestRunner()
    result = runner.run(example, out=print)
    assert result.attempted and not result.failed
