"""The package's doctests and the tests that pickle its objects in one pytest process, the
doctests first (an order pytest-xdist's workers may take): the doctest modules must be the
package's own modules, not second copies (the root conftest.py), or a process pool's
``TableSettings`` no longer pickles."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def test_doctests_before_a_process_pool_leave_the_classes_picklable() -> None:
    command = [
        sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:randomly",
        "python/drawpoker/table/table.py", "tests/test_simulation.py",
        "-k", "table.py or process_pools",  # the doctests, then three process pools
    ]  # fmt: skip
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "PicklingError" not in result.stdout
