"""pytest's set-up for the whole tree (the tests' own is tests/conftest.py).

A module of the package whose doctests pytest runs is imported under its package name before
pytest collects it. pytest's importlib mode reuses a module already in ``sys.modules`` but
otherwise executes the file afresh under that name, replacing the module the package had
imported: a class such as ``TableSettings`` then exists twice, and pickling an instance made
before (a process pool's argument) fails with "it's not the same object". Whether a test ran
before that doctest depended on the order, which pytest-xdist's workers change.
"""

from __future__ import annotations

import contextlib
import importlib
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent / "python"


def pytest_collect_file(file_path: Path, parent: object) -> None:
    """Imports a module of ``python/`` under its package name (``drawpoker.table.table``)
    before its doctests are collected; collects nothing itself."""
    if file_path.suffix != ".py" or PACKAGE_ROOT not in file_path.parents:
        return
    parts = file_path.relative_to(PACKAGE_ROOT).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    with contextlib.suppress(Exception):  # pytest's own import then reports what is wrong
        importlib.import_module(name)
