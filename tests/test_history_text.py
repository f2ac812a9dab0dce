"""The PHH text reader: the line reader gives what :mod:`tomllib` gives on every document it
accepts, and hands every other document to :mod:`tomllib` (so a file reads the same either way);
the writer's values read back as written."""

from __future__ import annotations

import datetime
import random
import tomllib
from pathlib import Path

import pytest
from drawpoker.errors import HistoryError
from drawpoker.history.text import _fast, format_fields, format_hands, parse

DATA = Path(__file__).parent / "data" / "phh"


@pytest.mark.parametrize("path", sorted(DATA.glob("**/*.phhs")), ids=lambda p: p.name)
def test_the_line_reader_reads_every_data_file_as_tomllib_does(path: Path) -> None:
    text = path.read_text()
    fast = _fast(text)
    if path.name == "spec-examples.phhs":
        assert fast is not None  # comments and all
    assert fast == tomllib.loads(text)


LINES = [
    "a = 1",
    "a = -0",
    "a = 01",
    "a = +1",
    "a = 1_000",
    "a = 1.5",
    "a = inf",
    "a = true",
    "a = True",
    "a = 'x'",
    "a = 'it''s'",
    'a = "x"',
    'a = "x\\ty"',
    "a = '''x'''",
    "a = 'x\ty'",
    "a = []",
    "a = [1, 2]",
    "a = [1,2]",
    "a = ['a', 'b']",
    "a = ['a', 1, true]",
    "a = ['a, b', 'c']",
    "a = [ 1 ]",
    "a = [1, 2,]",
    "a = 12:30:00",
    "a = 24:00:00",
    "a = 12:30",
    "a = 1979-05-27",
    "a = {b = 1}",
    "a.b = 1",
    "'a b' = 1",
    "a = 1 # note",
    "a = 1 ",
    " a = 1",
    "a=1",
    "# comment",
    "",
    "[1]",
    "[a.b]",
    "[[x]]",
    "a = 'x",
]


def _document(rng: random.Random) -> str:
    lines = []
    for _ in range(rng.randint(1, 6)):
        line = rng.choice(LINES)
        if line.startswith("a"):
            line = line.replace("a", rng.choice("abc"), 1)
        lines.append(line)
    return "\n".join(lines) + rng.choice(["", "\n", "\r\n"])


def test_the_line_reader_agrees_with_tomllib_or_leaves_it_to_tomllib() -> None:
    rng = random.Random(3)
    accepted = 0
    for _ in range(5_000):
        text = _document(rng)
        try:
            expected = tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            assert _fast(text) is None, text
            with pytest.raises(HistoryError, match="not TOML"):
                parse(text)
            continue
        fast = _fast(text)
        if fast is not None:
            accepted += 1
            assert fast == expected, text
        assert parse(text) == expected
    assert accepted > 200


def test_written_fields_read_back_as_written() -> None:
    fields = {
        "variant": "NT",
        "antes": [0, 10, 0],
        "actions": ["d dh p1 AsKs", "p1 cbr 30 # it's a raise"],
        "players": ["Ann", 'B "the rock" O\'Neil'],
        "ante_trimming_status": False,
        "time": datetime.time(23, 59, 1),
        "time_limit": 30.5,
        "_tags": [],
        "hand": "a-12",
    }
    text = format_fields(fields)
    assert parse(text) == fields
    assert parse(format_hands([text, text])) == {"1": fields, "2": fields}
