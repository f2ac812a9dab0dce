"""The site's JSON text (drawpoker.site.jsontext): orjson's text reads back as the standard
library's does, for a table's real updates in both languages, and the standard library takes
over for what orjson refuses or when orjson is not installed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from drawpoker.site import jsontext
from drawpoker.site.lobby import parse_new_table
from drawpoker.site.room import KeptOutbox, Pace, Room
from drawpoker.site.store import Store


def _updates(tag: str) -> list[str]:
    """The texts a seat reading ``tag`` is sent over a few hands of five-card draw."""
    request = parse_new_table({"game": "five-card-draw", "seats": ["person", "cpu:rules"]})
    room = Room.new("t", 0.0, request, Store(":memory:"), Pace(threads=False), seed=4)
    room.claim(0, "لاعب", "hash")
    kept = KeptOutbox()
    room.connect(0, kept, None, tag)
    room.command(0, "away")  # CPU stand-in: the table plays itself
    for _ in range(40):
        seat = room.table.to_act
        assert seat is not None
        room.table.act(seat, room.table.default_action())
        room._changed(players=[("away" if seat == 0 else "cpu", seat)])
    return kept.texts


@pytest.mark.parametrize("tag", ["en", "ar"])
def test_updates_read_back_as_the_standard_librarys(tag: str) -> None:
    texts = _updates(tag)
    assert len(texts) > 40
    for text in texts:
        data = json.loads(text)
        assert json.loads(jsontext.standard_encode(data)) == data
        assert jsontext.encode(data) == text  # made by encode: the same text again
        assert jsontext.decode(text) == data  # what a client reads: the same values
    if tag == "ar" and jsontext.orjson is not None:
        assert "لاعب" in texts[-1]  # orjson writes the letters, json would escape them


def test_what_orjson_refuses_is_written_by_the_standard_library() -> None:
    from collections import namedtuple

    Pair = namedtuple("Pair", "a b")
    data: dict[Any, Any] = {"big": 2**70, "pair": Pair(1, 2), 4: "four"}
    assert jsontext.encode(data) == '{"big":1180591620717411303424,"pair":[1,2],"4":"four"}'


def test_without_orjson(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsontext, "orjson", None)
    assert jsontext.encode({"name": "لاعب", 1: [True, None]}) == (
        '{"name":"\\u0644\\u0627\\u0639\\u0628","1":[true,null]}'
    )
    with pytest.raises(TypeError):
        jsontext.encode({"set": {1}})


def test_decode_reads_what_orjson_refuses_and_raises_the_standard_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    values = jsontext.decode('{"big": 18446744073709551616, "x": NaN}')
    assert values["big"] == 2**64 and values["x"] != values["x"]
    with pytest.raises(json.JSONDecodeError):
        jsontext.decode('{"a": }')
    monkeypatch.setattr(jsontext, "orjson", None)
    assert jsontext.decode('{"name":"\\u0644"}') == {"name": "\u0644"}
