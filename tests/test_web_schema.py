"""The JSON Schema of the site's server messages (python/drawpoker/site/messages.schema.json,
linked from docs/protocol.md) against what the server really sends: a whole game of each
registered game (and of Five-Card Draw without betting) is played over the WebSocket by two
people (one of them also sending a stale action, an illegal one and bad JSON, the other acting
out of turn) beside a CPU player, with a watcher and a lobby page connected, the hand pauses
ended with ``next``; every message each of them received must validate. The schema is itself
a valid draft 2020-12 schema, its lists (error codes, event kinds, games...) are the server's
own, and it refuses broken messages."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import Any

import pytest
from drawpoker.analysis.evaluation import RANKINGS
from drawpoker.bots import CPU_KINDS, bot_kinds
from drawpoker.engine import EVENT_KINDS, GAMES
from drawpoker.engine import game as game_spec
from drawpoker.engine.actions import KINDS
from drawpoker.site.lobby import TIMER_CHOICES
from drawpoker.site.protocol import ERROR_CODES
from drawpoker.site.room import Pace
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from web_helpers import Browser, new_table, random_action, room_of, site, take_seat

JSON = dict[str, Any]

HELD = Pace(grace=3600, pause=3600, showdown=3600)
"""A site whose tables hold each hand's result until every person sent ``next`` (the pauses
are far longer than the test) and keep a seat whose connection closed."""


@cache
def schema() -> JSON:
    """The schema as shipped in the package."""
    text = files("drawpoker.site").joinpath("messages.schema.json").read_text()
    data: JSON = json.loads(text)
    return data


def validator(part: str) -> Draft202012Validator:
    """A validator of one of the schema's definitions (``table-message``, ``lobby-message``,
    ``state``...), its references read against the whole schema."""
    whole = schema()
    registry: Registry[Any] = Registry().with_resource(whole["$id"], Resource.from_contents(whole))
    return Draft202012Validator({"$ref": f"{whole['$id']}#/$defs/{part}"}, registry=registry)


def problems(check: Draft202012Validator, message: JSON) -> list[str]:
    """What the schema finds wrong with ``message``, each with where it is."""
    return [f"{e.json_path}: {e.message}" for e in check.iter_errors(message)]


def assert_valid(check: Draft202012Validator, texts: list[str], where: str) -> None:
    """Every message of ``texts`` validates; a welcome's or an update's ``seq`` is its state's
    and its last event's (what a schema cannot say)."""
    for text in texts:
        message = json.loads(text)
        found = problems(check, message)
        assert not found, (where, message.get("type"), found[:5], text[:2000])
        if message["type"] in ("welcome", "update"):
            assert message["seq"] == message["state"]["seq"], (where, text[:300])
            seqs = [e["seq"] for e in message["events"]]
            assert seqs == sorted(seqs) and seqs[-1:] in ([], [message["seq"]]), (where, seqs)


def _turn_or_pause(people: set[int], paused: set[int]) -> Callable[[JSON], bool]:
    """Whether a state is over, holds a hand's result nobody has sent ``next`` for, or waits
    for one of ``people`` to act."""

    def done(s: JSON) -> bool:
        if s["status"] == "over":
            return True
        if s["pause"] is not None:
            return s["hand"] not in paused
        return s["status"] == "playing" and s["actor"] in people

    return done


def _refusals(player: Browser, bystander: Browser, mine: JSON) -> None:
    """At ``player``'s turn: a stale action, an illegal one and bad JSON from it, an action
    out of turn from ``bystander``; each is answered by an error (the table is unchanged)."""
    player.send({"type": "act", "seq": mine["seq"] - 1, "kind": "fold"})
    player.send({"type": "act", "seq": mine["seq"], "kind": "bet", "amount": 10**12})
    player.send("{not json")
    player.send({"type": "ping"})
    bystander.send({"type": "act", "seq": 0, "kind": "check"})
    bystander.send({"type": "ping"})
    for browser in (player, bystander):
        while browser.read()["type"] != "pong":
            pass


def calm_action(state: JSON, rng: random.Random) -> JSON:
    """A random legal action whose bet or raise is the least allowed: the stacks last the few
    hands a test plays (an all-in of every seat would end the game after one).

    >>> calm_action({"legal": {"kinds": ["raise"], "min_to": 200, "max_to": 900, "step": 100,
    ...              "presets": []}}, random.Random(1))
    {'kind': 'raise', 'amount': 200}
    """
    action = random_action(state, rng)
    if "amount" in action:
        action["amount"] = state["legal"]["min_to"]
    return action


def play(people: dict[int, Browser], watcher: Browser, rng: random.Random) -> JSON:
    """Plays the people's seats to the end of the game (random legal actions), each hand's
    pause ended by every person's ``next``; the first turn also sends the refusals above.
    ``watcher`` follows the table throughout (caught up after each action, so that the first
    state in its queue that waits for a person is the table as it is); returns its final
    state."""
    paused: set[int] = set()
    refused = False
    while True:
        state = watcher.read_until(_turn_or_pause(set(people), paused))
        if state["status"] == "over":
            return state
        if state["pause"] is not None:
            paused.add(state["hand"])
            for browser in people.values():
                browser.send({"type": "next"})
            watcher.read_until(lambda s: s["pause"] is None or s["status"] == "over")
            continue
        seat, actions = state["actor"], state["actions"]
        player = people[seat]
        mine = player.read_until(  # at a draw, once its tip (worked out off the loop) came
            lambda s, n=actions: (
                s["status"] == "over"
                or (
                    s["actions"] >= n
                    and s["legal"] is not None
                    and s["pause"] is None
                    and ("draw" not in s["legal"]["kinds"] or s["tip"] is not None)
                )
            )
        )
        if mine["status"] == "over":
            continue
        if not refused:
            refused = True
            _refusals(player, next(b for s, b in people.items() if s != seat), mine)
        player.act(**calm_action(mine, rng))
        acted = mine["actions"]
        for browser in (player, watcher):  # the watcher's next state is the table's again
            browser.read_until(lambda s, n=acted: s["actions"] > n or s["status"] == "over")


VARIANTS = [(name, {}) for name in sorted(GAMES)] + [("five-card-draw", {"mode": "no-bet"})]
"""Each registered game with its default settings, and the game without betting (points)."""


@pytest.mark.parametrize(("game", "settings"), VARIANTS)
def test_every_message_of_a_played_game_matches_the_schema(game: str, settings: JSON) -> None:
    rng = random.Random(f"schema {game} {settings}")
    table_check, lobby_check = validator("table-message"), validator("lobby-message")
    cpu = bot_kinds(game)[-1]
    with site(pace=HELD) as client, client.websocket_connect("/lobby/ws") as lobby:
        lobby_texts = [lobby.receive_text()]
        table_id = new_table(
            client,
            game,
            ["person", "person", f"cpu:{cpu}"],
            settings=settings,
            rounds=3,
            turn_timer=60,
        )
        people, tokens = {}, {}
        for name in ("Ann", "Bob"):
            seat, token = take_seat(client, table_id, name)
            people[seat], tokens[seat] = Browser(client, table_id, token), token
        watcher = Browser(client, table_id, None)
        watcher.open()
        for browser in people.values():
            browser.open()
            browser.send({"type": "tips", "on": True})  # as the page says: tips at the draws
        final = play(people, watcher, rng)
        hands = len(room_of(client, table_id).table.hands)
        for browser in people.values():
            browser.read_until(lambda s: s["status"] == "over")
        # a reconnect from an early event, and a watcher arriving once the game is over
        returning = Browser(client, table_id, tokens[min(people)])
        returning.open(since=3)
        latecomer = Browser(client, table_id, None)
        latecomer.open()
        latecomer.send({"type": "act", "seq": 1, "kind": "check"})
        latecomer.send({"type": "ping"})
        while latecomer.read()["type"] != "pong":
            pass
        lobby.send_text('{"type": "next"}')
        lobby.send_text('{"type": "ping"}')
        while json.loads(lobby_texts[-1])["type"] != "pong":
            lobby_texts.append(lobby.receive_text())

    assert final["is_over"] and hands >= 2
    assert_valid(lobby_check, lobby_texts, "lobby")
    assert {json.loads(t)["type"] for t in lobby_texts} == {"tables", "error", "pong"}
    seen: dict[str, set[str]] = {"types": set(), "errors": set(), "events": set()}
    browsers = [*((f"seat {s}", b) for s, b in people.items()), ("watcher", watcher)]
    for name, browser in [*browsers, ("returning", returning)]:
        assert_valid(table_check, browser.texts, f"{game}, {name}")
        for text in browser.texts:
            message = json.loads(text)
            seen["types"].add(message["type"])
            seen["errors"].add(message.get("code", ""))
            seen["events"].update(e["kind"] for e in message.get("events", []))
    assert_valid(table_check, latecomer.texts, f"{game}, latecomer")
    assert latecomer.errors[0]["code"] == "watching"
    # the game really showed the schema the messages it is about
    assert seen["types"] == {"welcome", "update", "error", "pong"}
    assert {"stale", "illegal", "bad-json", "not-your-turn"} <= seen["errors"]
    assert "deal" in seen["events"] and seen["events"] & {"award", "show"}
    states = [json.loads(t).get("state") for t in watcher.texts]
    assert any(s and s["pause"] is not None for s in states)  # a hand's result was held
    if any(street.draw for street in game_spec(game).streets):
        # the people asked for tips: they reached them at the draws
        mine = [json.loads(t).get("state") for b in people.values() for t in b.texts]
        assert any(s and s["tip"] is not None for s in mine)


def _error_table(client: Any) -> tuple[str, Browser, Browser]:
    """Five-Card Draw: a CPU at seat 0, people at seats 1 (to act first) and 2."""
    table_id = new_table(client, "five-card-draw", ["cpu:checkcall", "person", "person"])
    people = [Browser(client, table_id, take_seat(client, table_id, n)[1]) for n in ("A", "B")]
    for browser in people:
        browser.open()
    people[0].read_until(lambda s: s["status"] == "playing" and s["legal"] is not None)
    return table_id, people[0], people[1]


def test_every_error_the_table_socket_sends_matches_the_schema() -> None:
    check = validator("table-message")
    texts: list[str] = []
    with site(pace=HELD) as client:
        table_id, ann, bob = _error_table(client)
        seq = ann.state["seq"]  # type: ignore[index]
        for text in (
            "{not json",
            "x" * 5000,
            '{"type": "dance"}',
            f'{{"type": "act", "seq": {seq}, "kind": "draw", "cards": ["2c", "2c"]}}',
            f'{{"type": "act", "seq": {seq}, "kind": "bet", "amount": 25}}',
            f'{{"type": "act", "seq": {seq - 1}, "kind": "check"}}',
            '{"type": "ping"}',
        ):
            ann.send(text)
        bob.send({"type": "act", "seq": 0, "kind": "check"})
        bob.send({"type": "ping"})
        for browser in (ann, bob):
            while browser.read()["type"] != "pong":
                pass
            texts += browser.texts
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            socket.send_text('{"type": "ping"}')
            texts.append(socket.receive_text())  # hello-first
            socket.send_text('{"type": "hello", "token": "not a token"}')
            texts.append(socket.receive_text())  # bad-token
        with client.websocket_connect("/ws/no-such-table") as socket:
            texts.append(socket.receive_text())  # no-table
        watcher = Browser(client, table_id, None)
        watcher.open()
        watcher.send({"type": "start"})
        while watcher.read()["type"] != "error":  # watching
            pass
        texts += watcher.texts
    codes = {json.loads(t).get("code") for t in texts}
    expected = {"bad-json", "too-large", "bad-message", "bad-card", "illegal", "stale"}
    assert expected | {"not-your-turn", "hello-first", "bad-token", "no-table"} <= codes
    assert_valid(check, texts, "errors")


def test_the_schema_is_valid_and_names_the_servers_own_lists() -> None:
    whole = schema()
    Draft202012Validator.check_schema(whole)
    parts = whole["$defs"]
    assert set(parts["table-error"]["properties"]["code"]["enum"]) == set(ERROR_CODES)
    assert set(parts["lobby-error"]["properties"]["code"]["enum"]) <= set(ERROR_CODES)
    assert set(parts["event"]["properties"]["kind"]["enum"]) == set(EVENT_KINDS)
    assert set(parts["legal"]["properties"]["kinds"]["items"]["enum"]) == set(KINDS)
    assert set(parts["game-name"]["enum"]) == set(GAMES)
    assert set(parts["game-facts"]["properties"]["ranking"]["enum"]) == set(RANKINGS)
    assert set(parts["player"]["properties"]["cpu"]["enum"]) == {None, *CPU_KINDS}
    assert set(parts["turn-timer"]["enum"]) == set(TIMER_CHOICES)


@pytest.fixture(scope="module")
def sample() -> dict[str, JSON]:
    """A real welcome of a seat and of a watcher at a Hold'em table, and an update of each."""
    with site(pace=HELD) as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"])
        seat = Browser(client, table_id, take_seat(client, table_id, "Ann")[1])
        watcher = Browser(client, table_id, None)
        found = {"watcher": watcher.open(), "seat": seat.open()}
        found["update"] = seat.read()
        found["watcher update"] = watcher.read()
    return found


def _broken(change: Callable[[JSON], object]) -> Callable[[JSON], JSON]:
    def broken(message: JSON) -> JSON:
        message = copy.deepcopy(message)
        change(message)
        return message

    return broken


BROKEN = {
    "no seq": ("seat", _broken(lambda m: m.pop("seq"))),
    "an unknown type": ("seat", _broken(lambda m: m.update(type="welcom"))),
    "an extra field": ("seat", _broken(lambda m: m.update(extra=1))),
    "a card Zz": ("seat", _broken(lambda m: m["state"]["cards"].__setitem__(0, "Zz"))),
    "a card as a number": ("seat", _broken(lambda m: m["state"]["board"].append(51))),
    "an unknown event kind": ("seat", _broken(lambda m: m["events"][0].update(kind="dance"))),
    "a private check": (
        "seat",
        _broken(lambda m: m["events"][0].update(kind="check", private=True, cards=[])),
    ),
    "a show with an English text": (
        "seat",
        _broken(lambda m: m["events"][0].update(kind="show", text="Royal flush")),
    ),
    "a watcher told a hand line": (
        "watcher",
        _broken(lambda m: m["state"].update(own_hand={"text": "Pair of kings"})),
    ),
    "a watcher given a tip": (
        "watcher",
        _broken(
            lambda m: m["state"].update(
                tip={
                    "discards": [],
                    "kept": [],
                    "improve_probability": 0,
                    "value": 0.5,
                    "ranking": "high",
                    "draws_left": 0,
                }
            )
        ),
    ),
    "a state without legal": ("seat", _broken(lambda m: m["state"].pop("legal"))),
    "an unknown state field": ("seat", _broken(lambda m: m["state"].update(seed=5))),
    "a stack as text": ("seat", _broken(lambda m: m["state"]["stacks"].__setitem__(0, "10"))),
    "a watcher shown a hole card": (
        "watcher",
        _broken(lambda m: m["state"]["cards"].append("As")),
    ),
    "a watcher shown a private event": (
        "watcher update",
        _broken(
            lambda m: m["events"].append(
                {
                    "seq": 9,
                    "hand": 0,
                    "kind": "deal",
                    "seat": 0,
                    "amount": 0,
                    "cards": ["As"],
                    "private": True,
                }
            )
        ),
    ),
    "a low shown in a game without one": (
        "seat",
        _broken(
            lambda m: m["state"]["shown"].append(
                {"seat": 0, "cards": ["As", "Kd"], "text": "Ace high", "low": None}
            )
        ),
    ),
    "a third blind": (
        "seat",
        _broken(lambda m: m["state"]["blinds"].append({"seat": 0, "amount": 5, "name": "blind"})),
    ),
    "a call the timer took": (
        "seat",
        _broken(lambda m: m["events"][0].update(kind="call", timer=True)),
    ),
    "an unknown status": ("update", _broken(lambda m: m["state"].update(status="paused"))),
    "an unknown error code": (
        "seat",
        lambda m: {"type": "error", "code": "oops", "message": "no such code"},
    ),
    "an error without its message": ("seat", lambda m: {"type": "error", "code": "stale"}),
    "a pong with a field": ("seat", lambda m: {"type": "pong", "at": 1}),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_the_schema_refuses_a_broken_message(sample: dict[str, JSON], case: str) -> None:
    check = validator("table-message")
    which, breaking = BROKEN[case]
    assert problems(check, sample[which]) == []
    assert problems(check, breaking(sample[which])) != [], case


def test_the_schema_takes_what_the_turn_timer_did(sample: dict[str, JSON]) -> None:
    """An action the turn timer took for a seat (R-TABLE-1) carries ``timer`` (the played
    games above are over before any 60 s timer runs out)."""
    message = copy.deepcopy(sample["update"])
    for kind in ("check", "fold", "draw", "bring-in"):
        event = {"seq": message["seq"], "hand": 0, "kind": kind, "seat": 0, "amount": 0}
        said = "Your time ran out: You check"
        told = {**event, "cards": [], "private": False, "timer": True, "sentence": said}
        message["events"] = [told]
        assert problems(validator("table-message"), message) == [], kind
        message["events"] = [{**told, "sentence": ""}]  # every event is told: never empty
        assert problems(validator("table-message"), message) != [], kind


def test_the_lobby_schema_refuses_a_table_over_and_a_table_message() -> None:
    check = validator("lobby-message")
    row = {
        "id": "abcdefghijklmnop",
        "link": "/table/abcdefghijklmnop",
        "game": "holdem",
        "title": "Texas Hold'em, no limit",
        "stakes": "blinds 50/100",
        "structure": "no limit",
        "stakes_parts": [["blinds", {"small": 50, "big": 100}]],
        "structure_kind": ["no-limit", {}],
        "seats": 2,
        "free": 1,
        "people": 0,
        "cpu": 1,
        "watching": 0,
        "rounds": 10,
        "status": "waiting",
        "seated": [
            {"seat": 0, "name": "Ann", "cpu": False, "rating": None},
            {"seat": 1, "name": None, "cpu": True, "rating": 19.0},
        ],
    }
    page = {"type": "tables", "tables": [row], "total": 1, "limit": 50, "offset": 0}
    assert problems(check, page) == []
    over = {**page, "tables": [{**row, "status": "over"}]}
    assert problems(check, over) != []
    unknown_stake = {**page, "tables": [{**row, "stakes_parts": [["tip", {}]]}]}
    assert problems(check, unknown_stake) != []
    assert problems(check, {"type": "welcome"}) != []
    assert problems(check, {"type": "error", "code": "stale", "message": "x"}) != []
