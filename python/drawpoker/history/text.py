"""PHH text: the TOML that hand histories are written in, read and written.

Reading: :func:`parse` reads a document line by line when every line is one of the simple forms
hand histories use (``[1]`` table headers, ``key = value`` with a number, boolean, literal
``'...'`` or escape-free basic ``"..."`` string, local time, or an array of those on one line,
comments and blank lines); anything else (multi-line arrays, escapes, inline tables, dates, ...)
is read by :mod:`tomllib` instead, so every TOML document reads the same as the standard
library reads it. Why a reader of our own: :mod:`tomllib` reads about 2,700 hands a second here,
which alone would take most of the time ``drawpoker history check`` may spend (10x PokerKit's
load and replay); the line reader is several times faster on the files PokerKit and drawpoker
write (``tests/test_history_text.py`` checks it against :mod:`tomllib`).

Writing: :func:`format_fields` writes ``key = value`` lines as PokerKit's ``dumps`` does (in
Rust, ``rust/history/toml.rs``, which writes whole hands too), and :func:`format_hands` the
``[1]``, ``[2]``, ... tables of its ``dump_all``.

>>> parse("[1]\\nvariant = 'NT'\\nantes = [0, 0]\\n")
{'1': {'variant': 'NT', 'antes': [0, 0]}}
>>> print(format_fields({"variant": "NT", "min_bet": 2, "time": datetime.time(9, 30)}))
variant = 'NT'
min_bet = 2
time = 09:30:00
"""

from __future__ import annotations

import datetime
import re
import tomllib
from collections.abc import Iterable, Mapping
from typing import Any

from drawpoker import _core
from drawpoker.errors import HistoryError, InvalidArgumentError
from drawpoker.validate import encodable_text, surrogate_error

_KEY = re.compile(r"[A-Za-z0-9_-]+")
_STRING = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\""
_INT = r"-?(?:0|[1-9]\d*)"
_SCALAR = rf"{_STRING}|(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d|{_INT}|true|false"
_VALUE = re.compile(rf"\[(?:(?:{_SCALAR})(?:, (?:{_SCALAR}))*)?\]|{_SCALAR}")
_INTS = re.compile(rf"\[(?:{_INT}(?:, {_INT})*)?\]")
_ITEM = re.compile(_SCALAR)
_HEADER = re.compile(r"\[(\d+)\]")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def _value(text: str) -> Any:
    first = text[0]
    if first == "'" or first == '"':
        return text[1:-1]
    if text == "true":
        return True
    if text == "false":
        return False
    if len(text) == 8 and text[2] == ":":
        return datetime.time.fromisoformat(text)
    return int(text)


def _array(raw: str) -> list[Any] | None:
    """An array on one line, or ``None`` when it is not of the simple forms."""
    if raw.startswith("['") and raw.endswith("']"):
        strings = raw[2:-2].split("', '")
        if not any("'" in item for item in strings):
            return strings  # the line was checked for control characters
    if _INTS.fullmatch(raw):
        return [int(item) for item in raw[1:-1].split(", ")] if raw != "[]" else []
    if _VALUE.fullmatch(raw):
        return [_value(item) for item in _ITEM.findall(raw[1:-1])]
    return None


def _fast(text: str) -> dict[str, Any] | None:
    """The document read line by line, or ``None`` when a line is not of the simple forms."""
    if _CONTROL.search(text.replace("\n", "")):
        return None
    document: dict[str, Any] = {}
    table = document
    key_match = _KEY.fullmatch
    value_match = _VALUE.fullmatch
    for line in text.split("\n"):
        if not line or line[0] == "#":
            continue
        key, equals, raw = line.partition(" = ")
        if not equals or not raw or key_match(key) is None:
            header = _HEADER.fullmatch(line)
            if header is None or header[1] in document:
                return None
            table = document[header[1]] = {}
            continue
        if key in table:
            return None
        if raw[0] == "[":
            value = _array(raw)
            if value is None:
                return None
            table[key] = value
        elif value_match(raw):
            table[key] = _value(raw)
        else:
            return None
    return document


def parse(text: str) -> dict[str, Any]:
    """A TOML document (a hand history file) as a dict, as :func:`tomllib.loads` reads it;
    bad TOML raises :class:`~drawpoker.errors.HistoryError` with tomllib's reason.

    >>> parse("a = [1, 'x', true]")
    {'a': [1, 'x', True]}
    >>> parse("a = [1,\\n  2]  # several lines: tomllib reads it")
    {'a': [1, 2]}
    >>> parse("a = ")
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: not TOML: Invalid value (at end of document)
    """
    document = _fast(encodable_text("a hand history", text, HistoryError))
    if document is not None:
        return document
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HistoryError(f"not TOML: {error}") from None


def format_value(value: Any) -> str:
    """A value as TOML, as PokerKit writes it (strings in single quotes unless they hold one, or
    a control character): bool, int, float, str, list, dict, or a ``datetime.time``. Written in
    Rust (``rust/history/toml.rs``), like whole hands.

    >>> format_value(["As", 3, False])
    "['As', 3, false]"
    >>> format_value("it's")
    '"it\\'s"'
    >>> format_value({"a": 1, "b c": [2]})
    "{a = 1, 'b c' = [2]}"
    >>> format_value(object())
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: cannot write <object object at 0x...> in a hand history
    """
    try:
        return _core.phh_format_value(value)
    except InvalidArgumentError as error:
        raise HistoryError(str(error)) from None
    except UnicodeEncodeError as bad:
        raise surrogate_error("a history's text", bad, HistoryError) from None


def format_fields(fields: Mapping[str, Any]) -> str:
    """``key = value`` lines of the fields that are not ``None``, in order.

    >>> format_fields({"hand": 3, "table": None, "players": ["Ann", "Bob"]})
    "hand = 3\\nplayers = ['Ann', 'Bob']"
    """
    try:
        return _core.phh_format([(k, v) for k, v in fields.items() if v is not None])
    except InvalidArgumentError as error:
        raise HistoryError(str(error)) from None
    except UnicodeEncodeError as bad:
        raise surrogate_error("a history's text", bad, HistoryError) from None


def format_hands(documents: Iterable[str]) -> str:
    """Many hands' fields (each from :func:`format_fields`) as one ``.phhs`` document: tables
    ``[1]``, ``[2]``, ... separated by blank lines, as PokerKit's ``dump_all`` writes them.

    >>> print(format_hands(["variant = 'NT'", "variant = 'NT'"]))
    [1]
    variant = 'NT'
    <BLANKLINE>
    [2]
    variant = 'NT'
    """
    return "\n\n".join([f"[{i}]\n{text}" for i, text in enumerate(documents, 1)])
