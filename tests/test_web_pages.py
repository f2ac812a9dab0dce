"""The site's pages and JSON API over Starlette's TestClient: the pages and their files (all
served by the site itself, nothing from elsewhere), the lobby's games read from the registry
(a game registered at run time appears and plays with no change to the site), the checks of a
new table and of a seat, the hand-history download, the tips and the discard analysis."""

from __future__ import annotations

import json
import random
import re
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

import pytest
from drawpoker.engine import GAMES, FiveCardDraw, GameType
from drawpoker.engine.spec import setting
from drawpoker.engine.variants.five_card_draw import DrawSettings
from drawpoker.history import loads
from drawpoker.site.app import STATIC, create_app
from starlette.testclient import TestClient
from web_helpers import Browser, new_table, play_persons, site, take_seat


def test_the_pages_use_only_the_sites_own_files() -> None:
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"])
        for path in ("/", "/tips", f"/table/{table_id}"):
            page = client.get(path)
            assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
            policy = page.headers["content-security-policy"]
            assert "default-src 'self'" in policy and "script-src 'self'" in policy
            for link in re.findall(r'(?:src|href)="([^"]*)"', page.text):
                assert not re.match(r"^(?:[a-z]+:)?//", link), link  # no other site
                if link.startswith("/static/"):
                    assert client.get(link).status_code == 200, link
    for path in (found for found in STATIC.rglob("*") if found.is_file()):
        text = path.read_text()
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", text), path.name
        assert "@import" not in text and "url(" not in text, path.name


def test_the_lobby_offers_every_registered_game_with_its_settings() -> None:
    with site() as client:
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert set(games) == set(GAMES)
    draw = games["five-card-draw"]
    assert [s["name"] for s in draw["settings"]] == [f.name for f in fields(DrawSettings)]
    joker = next(s for s in draw["settings"] if s["name"] == "joker")
    assert joker["type"] == "bool" and joker["default"] is False and joker["help"]
    limit = next(s for s in draw["settings"] if s["name"] == "draw_limit")
    assert limit["choices"] == ["3", "3-or-4-with-ace", "5"]
    simple = ["maniac", "station", "stabber", "min-raiser"]
    pat = ["pat-maniac", "pat-station", "pat-stabber", "pat-min-raiser", "snow"]
    assert draw["seats"] == [2, 6]
    assert draw["cpu"] == ["checkcall", "rules", "strong", *simple, *pat]
    assert games["holdem"]["cpu"] == ["checkcall", "rules", "strong", *simple]
    assert draw["table"]["timers"] == [None, 30, 60]


@dataclass(frozen=True)
class PartySettings:
    """A made-up game's settings, as a new game would write them."""

    ante: int = setting(5, "the ante")
    joker: bool = setting(True, "with the joker")
    limit: str = setting("5", "cards a draw may exchange", ("3", "5"))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _party(settings: PartySettings) -> Any:
    spec = FiveCardDraw(
        DrawSettings(ante=settings.ante, joker=settings.joker, draw_limit=settings.limit)
    )
    return replace(spec, name="party-draw", settings=settings, seats=(2, 4))


@pytest.fixture
def party_game(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(
        GAMES, "party-draw", GameType("party-draw", "Party Draw", PartySettings, _party)
    )
    return "party-draw"


def test_a_new_game_appears_and_plays_with_no_change_to_the_site(party_game: str) -> None:
    with site() as client:
        games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
        party = games[party_game]
        assert party["title"] == "Party Draw" and party["seats"] == [2, 4]
        assert [(s["name"], s["type"], s["choices"]) for s in party["settings"]] == [
            ("ante", "int", None),
            ("joker", "bool", None),
            ("limit", "str", ["3", "5"]),
        ]
        # No CPU players of its own: check/call and the simple strategies play any game.
        assert party["cpu"] == [
            "checkcall",
            "maniac",
            "station",
            "stabber",
            "min-raiser",
            "pat-maniac",
            "pat-station",
            "pat-stabber",
            "pat-min-raiser",
            "snow",
        ]
        refused = client.post(
            "/api/tables", json={"game": party_game, "seats": ["person", "cpu:rules"]}
        )
        assert refused.status_code == 400 and "no CPU player 'rules'" in refused.json()["message"]
        table_id = new_table(
            client, party_game, ["person", "person"], settings={"limit": "3"}, rounds=2
        )
        people = {}
        for name in ("Ann", "Bob"):
            seat, token = take_seat(client, table_id, name)
            people[seat] = Browser(client, table_id, token)
        for browser in people.values():
            assert browser.open()["table"]["game"]["title"] == "Party Draw"
        final = play_persons(people, random.Random(3))
        assert final["is_over"] and sum(final["table_stacks"]) == 2 * 2000


BAD_TABLES = [
    ({"game": "chess", "seats": ["person"]}, "unknown game"),
    ({"game": "holdem", "seats": ["person", "person"], "colour": "red"}, "unknown fields"),
    ({"game": "holdem", "seats": ["person"]}, "2 to 10 seats"),
    ({"game": "holdem", "seats": ["person"] * 11}, "2 to 10 seats"),
    ({"game": "holdem", "seats": ["cpu:rules", "cpu:strong"]}, "at least one seat"),
    ({"game": "holdem", "seats": ["person", "cpu:genius"]}, "no CPU player"),
    ({"game": "holdem", "seats": ["person", "robot"]}, "a seat is"),
    ({"game": "holdem", "seats": "person"}, "seats must be a list"),
    ({"game": "holdem", "seats": ["person"] * 2, "settings": {"big_blind": 10}}, "small blind"),
    ({"game": "holdem", "seats": ["person"] * 2, "settings": {"blind": 10}}, "unknown holdem"),
    ({"game": "five-card-draw", "seats": ["person"] * 2, "settings": {"joker": 1}}, "true or"),
    (
        {"game": "five-card-draw", "seats": ["person"] * 2, "settings": {"opening": "kings"}},
        "one of",
    ),
    ({"game": "five-card-draw", "seats": ["person"] * 2, "settings": {"ante": 0}}, "positive"),
    ({"game": "holdem", "seats": ["person"] * 2, "rounds": 0}, "rounds must be"),
    ({"game": "holdem", "seats": ["person"] * 2, "rounds": 2.5}, "rounds must be"),
    ({"game": "holdem", "seats": ["person"] * 2, "turn_timer": 0}, "turn_timer must be"),
    ({"game": "holdem", "seats": ["person"] * 2, "stack": -5}, "stack must be"),
    ({"game": "holdem", "seats": ["person"] * 2, "stack": True}, "stack must be"),
]


@pytest.mark.parametrize(("body", "words"), BAD_TABLES)
def test_a_bad_new_table_is_refused_and_makes_nothing(body: dict[str, Any], words: str) -> None:
    with site() as client:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, response.text
        assert words in response.json()["message"], response.json()
        assert client.app.state.house.rooms == {}  # type: ignore[attr-defined]


def test_a_body_that_is_not_json_or_too_large_is_refused() -> None:
    with site() as client:
        json_type = {"content-type": "application/json"}
        oops = client.post("/api/tables", content=b"{oops", headers=json_type)
        assert oops.json()["error"] == "bad-json"
        assert client.post("/api/tables", content=b"[]", headers=json_type).json()["error"] == (
            "bad-json"
        )
        big = client.post(
            "/api/tables", content=b'{"game": "' + b"x" * 20000 + b'"}', headers=json_type
        )
        assert big.status_code == 413 and big.json()["error"] == "too-large"
        assert client.app.state.house.rooms == {}  # type: ignore[attr-defined]


def test_seats_are_taken_with_tokens_until_the_table_is_full() -> None:
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:rules", "person"])
        facts = client.get(f"/api/tables/{table_id}").json()
        assert facts["open_seats"] == [0, 2] and facts["status"] == "waiting"
        assert "seed" not in str(facts) and "token" not in str(facts)
        bad = client.post(f"/api/tables/{table_id}/seats", json={"name": "x" * 25})
        assert bad.status_code == 400 and "24" in bad.json()["message"]
        assert client.post(f"/api/tables/{table_id}/seats", json={"nick": "A"}).status_code == 400
        seats = [take_seat(client, table_id, name) for name in ("Ann", " Bob ")]
        assert [s for s, _ in seats] == [0, 2]
        assert len({t for _, t in seats}) == 2 and all(len(t) == 43 for _, t in seats)
        full = client.post(f"/api/tables/{table_id}/seats", json={"name": "Cy"})
        assert full.status_code == 409 and full.json()["error"] == "full"
        facts = client.get(f"/api/tables/{table_id}").json()
        assert [p["name"] for p in facts["players"]] == ["Ann", "CPU 2", "Bob"]
        assert client.get("/api/tables/nope").status_code == 404
        assert client.post("/api/tables/nope/seats", json={}).status_code == 404


def test_the_hand_history_is_the_seats_own_view_of_its_finished_hands() -> None:
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"], rounds=2)
        seat, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        play_persons({seat: ann}, random.Random(1))
        url = f"/api/tables/{table_id}/history"
        assert client.get(url).status_code == 403
        assert client.get(url, headers={"x-seat-token": "forged"}).status_code == 403
        response = client.get(url, headers={"x-seat-token": token})
        assert response.status_code == 200
        assert "attachment" in response.headers["content-disposition"]
        data = response.json()
        assert data["format"] == "drawpoker.seat-history/1" and data["seat"] == seat
        assert [h["hand"] for h in data["hands"]] == [0, 1]
        assert all(len(h["cards"]) == 2 for h in data["hands"])
        phh = client.get(url + "?format=phh", headers={"x-seat-token": token})
        assert phh.status_code == 200 and "attachment" in phh.headers["content-disposition"]
        histories = loads(phh.text)
        assert [h.get("table") for h in histories] == [table_id, table_id]
        assert all(h.disagreement() is None for h in histories)  # each replays to its stacks
        others = [a for h in histories for a in h.actions if a.startswith("d dh")]
        assert sum("????" in a for a in others) == 2  # the CPU's cards, hidden in both hands
        assert client.get(url + "?format=xml", headers={"x-seat-token": token}).status_code == 400


def test_defect_a_cross_site_simple_post_is_refused() -> None:
    """Issue 25, item 16: a page of another site could post ``text/plain`` (no preflight) and
    make tables or take seats. A body must be ``application/json`` (415), and a request that
    changes anything from a foreign Origin is refused (403); the site's own origin and the
    allowed ones are served."""
    friend = "https://friend.example"
    with TestClient(create_app(allowed_origins=(friend,))) as client:
        body = json.dumps({"game": "holdem", "seats": ["person", "cpu:checkcall"]})
        plain = {"content-type": "text/plain", "origin": "http://evil.example"}
        made = client.post("/api/tables", content=body, headers=plain)
        assert made.status_code == 403 and made.json()["error"] == "bad-origin", made.text
        made = client.post("/api/tables", content=body, headers={"content-type": "text/plain"})
        assert made.status_code == 415 and "application/json" in made.json()["message"]
        foreign = {"content-type": "application/json", "origin": "http://evil.example"}
        assert client.post("/api/tables", content=body, headers=foreign).status_code == 403
        assert client.app.state.house.rooms == {}  # type: ignore[attr-defined]
        for origin in ("http://127.0.0.1:8000", friend):
            own = {"content-type": "application/json", "origin": origin}
            assert client.post("/api/tables", content=body, headers=own).status_code == 201
        table_id = next(iter(client.app.state.house.rooms))  # type: ignore[attr-defined]
        seats = f"/api/tables/{table_id}/seats"
        assert client.post(seats, content="{}", headers=plain).status_code == 403
        assert (
            client.post(seats, content="{}", headers={"content-type": "text/plain"}).status_code
            == 415
        )
        assert client.post(seats, content="{}", headers=foreign).status_code == 403
        assert client.get(f"/api/tables/{table_id}").json()["open_seats"] == [0]


def test_defect_a_new_tables_url_is_built_from_the_public_url_not_the_host_header() -> None:
    """Issue 25, item 16: the Host header was reflected into the new table's link."""
    request = {"game": "holdem", "seats": ["person", "cpu:checkcall"]}
    with site() as client:
        made = client.post("/api/tables", json=request, headers={"host": "evil.example"}).json()
        assert made["url"] == f"http://127.0.0.1:8000/table/{made['id']}"
    with TestClient(create_app(public_url="https://poker.example/")) as client:
        made = client.post("/api/tables", json=request, headers={"host": "evil.example"}).json()
        assert made["url"] == f"https://poker.example/table/{made['id']}"


def test_defect_history_downloads_are_not_cached() -> None:
    """Issue 25, item 16: a seat's history (its cards) must not stay in a shared cache."""
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"], rounds=1)
        seat, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        play_persons({seat: ann}, random.Random(3))
        url = f"/api/tables/{table_id}/history"
        for query in ("", "?format=phh"):
            response = client.get(url + query, headers={"x-seat-token": token})
            assert response.status_code == 200
            assert response.headers["cache-control"] == "no-store"


def test_the_tips_carry_their_exact_numbers() -> None:
    with site() as client:
        data = client.get("/api/tips").json()
        chart = client.get("/api/tips.svg")
    plain, joker = data["decks"]
    assert (plain["deck"], joker["deck"]) == ("52", "53")
    assert [t["tip"] for t in plain["tips"]] == [
        "pair",
        "two pair",
        "trips",
        "four-flush",
        "straight or better",
    ]
    assert plain["tips"][0]["advised_goal"] == "4656 / 16215"
    assert plain["tips"][3]["advised_goal"] == "9 / 47"
    assert all(t["place"] == 1 for t in plain["tips"] + joker["tips"])
    assert chart.headers["content-type"].startswith("image/svg+xml")
    assert chart.text.startswith("<svg") and "28.71%" in chart.text


def test_the_analysis_ranks_every_discard_choice_exactly() -> None:
    with site() as client:
        result = client.post(
            "/api/analyse",
            json={
                "hand": "Ks 9s 6s 3s 8d",
                "deck": "52",
                "limit": "3",
                "objective": "at_least:FLUSH",
            },
        ).json()
        assert len(result["choices"]) == 26  # keep all, or discard one, two or three of five
        best = result["choices"][0]
        assert best["discards"] == ["8d"] and best["hits"] == 9 and best["total"] == 47
        values = [c["value"] for c in result["choices"]]
        assert values == sorted(values, reverse=True)
        every = client.post(
            "/api/analyse", json={"hand": "Jk Ah Kh 7c 2d", "deck": "53", "limit": "5"}
        ).json()
        assert len(every["choices"]) == 32 and every["cards"][0] == "Jk"
        for body, words in (
            ({"hand": "Jk Ah Kh 7c 2d", "deck": "52"}, "53-card deck"),
            ({"hand": "Ah Kh 7c 2d"}, "five cards"),
            ({"hand": "Ah Ah 7c 2d 3s"}, "duplicate"),
            ({"hand": "Ah Kh 7c 2d Zz"}, "Zz"),
            ({"hand": "Ah Kh 7c 2d 3s", "limit": "4"}, "limit"),
            ({"hand": "Ah Kh 7c 2d 3s", "objective": "luck"}, "objective"),
            ({"hand": "Ah Kh 7c 2d 3s", "deck": 52}, "deck"),
            ({"hand": "Ah Kh 7c 2d 3s", "deck": []}, "deck"),
            ({"hand": "Ah Kh 7c 2d 3s", "limit": []}, "limit"),
            ({"hand": 5}, "five cards"),
            ({"hand": "Ah Kh 7c 2d 3s", "cards": []}, "unknown fields"),
        ):
            response = client.post("/api/analyse", json=body)
            assert response.status_code == 400 and words in response.json()["message"], body


def test_the_analysis_takes_lowball_and_badugi_hands() -> None:
    """A deuce-to-seven hand is ranked by the low (a pair of queens throws one queen: the 45
    cards that pair nothing else make a better low), a badugi hand is four cards with any
    number drawn, and the joker deck is for high hands only."""
    with site() as client:
        low = client.post(
            "/api/analyse", json={"hand": "Qc Qd 7h 4s 2c", "ranking": "deuce-seven"}
        ).json()
        assert (low["ranking"], low["deck"], low["limit"]) == ("deuce-seven", "52", "5")
        assert len(low["choices"]) == 32
        best = low["choices"][0]
        assert (best["discards"], best["improved"], best["total"]) == (["Qc"], 45, 47)
        badugi = client.post(
            "/api/analyse",
            json={"hand": "9c 4d 7h Ac", "ranking": "badugi", "objective": "at_least:BADUGI"},
        ).json()
        assert len(badugi["choices"]) == 16  # keep all, or discard any of four cards
        # either club goes, 10 spades of 48 pair none of the three kept: a tie, to the first
        best = badugi["choices"][0]
        assert best["discards"] == ["9c"] and (best["hits"], best["total"]) == (10, 48)
        assert best["counts"] == {"three cards": 38, "badugi": 10}
        tips = client.get("/api/tips").json()
        offered = {r["ranking"]: r for r in tips["rankings"]}
        assert offered["badugi"]["decks"] == ["52"] and offered["high"]["decks"] == ["52", "53"]
        for body, words in (
            ({"hand": "Qc Qd 7h 4s 2c", "ranking": "deuce-seven", "deck": "53"}, "high hands"),
            ({"hand": "Ac 4d 7h 9c 2s", "ranking": "badugi"}, "four cards, not 5"),
            ({"hand": "Ac 4d 7h", "ranking": "badugi"}, "four cards, not 3"),
            ({"hand": "Ac 4d 7h 9c", "ranking": "lowball"}, "ranking must be one of"),
            (
                {"hand": "Qc Qd 7h 4s 2c", "ranking": "deuce-seven", "objective": "at_least:FLUSH"},
                "objective",
            ),
            ({"hand": "Jk Qd 7h 4s 2c", "ranking": "ace-five"}, "53-card deck"),
            ({"hand": 4, "ranking": "badugi"}, "four cards"),
        ):
            response = client.post("/api/analyse", json=body)
            assert response.status_code == 400 and words in response.json()["message"], body
        # in Arabic the refusal is said in Arabic (its count by CLDR's plural rules), the
        # English sentence kept as the detail
        for hand, said in (("Ac 4d 7h 9c 2s", "لا 5 أوراق"), ("Ac", "لا ورقة واحدة")):
            response = client.post("/api/analyse?lang=ar", json={"hand": hand, "ranking": "badugi"})
            answer = response.json()
            assert response.status_code == 400 and answer["error"] == "bad-request"
            assert (
                answer["message"].startswith("اليد هنا (بادوجي) أربع أوراق")
                and said in answer["message"]
            ), answer
            assert "four cards" in answer["detail"]


def test_the_analysis_counts_dead_cards_out_of_the_stub() -> None:
    """Cards known out of the deck (``dead``: the player's own discards at an earlier draw)
    are left out of the count: a pair of queens throwing one with the queen of hearts and the
    three of diamonds dead improves with 44 of the 45 cards left (the queen of spades pairs),
    not 45 of 47. A bad ``dead`` is refused, in English and in Arabic (counted by CLDR's
    plural rules), and nothing is counted."""
    low = {"hand": "Qc Qd 7h 4s 2c", "ranking": "deuce-seven"}
    with site() as client:
        result = client.post("/api/analyse", json={**low, "dead": "Qh 3d"}).json()
        best = result["choices"][0]
        assert result["dead"] == ["Qh", "3d"]
        assert (best["discards"], best["improved"], best["total"]) == (["Qc"], 44, 45)
        plain = client.post("/api/analyse", json={**low, "dead": ""}).json()
        assert plain["dead"] == [] and plain["choices"][0]["total"] == 47
        badugi = {"hand": "Ac 4d 7h 9c", "ranking": "badugi"}
        refused = (
            ({**low, "dead": 5}, "dead must be cards as text", "الأوراق الخارجة (dead)"),
            ({**low, "dead": "Qh " * 70}, "dead must be cards as text", "مثل"),
            ({**low, "dead": "Qh Zz"}, "dead: ", "غير صالحة"),
            ({**low, "dead": "Qh 3d Qh"}, "duplicate card in dead: Qh", "ورقة مكررة"),
            ({**low, "dead": "Qh 3d Qh 3d"}, "duplicate cards in dead: 3d Qh", "ورقتان مكررتان"),
            ({**low, "dead": "Jk"}, "53-card deck", "الجوكر"),
            ({**low, "dead": "3h Qd"}, "Qd is in the hand, so it cannot be dead", "الورقة Qd"),
            ({**low, "dead": "Qd 2c 7h"}, "Qd 2c 7h are in the hand", "الأوراق Qd 2c 7h"),
            ({**badugi, "dead": "Ac 4d"}, "Ac 4d are in the hand", "الورقتان Ac 4d"),
            ({**low, "hand": "Qc Qd 7h Qc 2c"}, "duplicate card in the hand: Qc", "ورقة مكررة"),
        )
        for body, words, said in refused:
            for query, expected in (("", words), ("?lang=ar", said)):
                response = client.post(f"/api/analyse{query}", json=body)
                assert response.status_code == 400, (body, response.text)
                assert expected in response.json()["message"], (body, response.json())
        # every card but the hand and two dead: a draw of up to five needs five left
        from math import comb

        from drawpoker.cards import format_cards, parse_cards

        hand = parse_cards(low["hand"])
        rest = [c for c in range(52) if c not in hand]
        for left, said in ((2, "ورقتان"), (0, "لا تبقى"), (4, "4 أوراق")):
            body = {**low, "dead": format_cards(rest[left:])}
            response = client.post("/api/analyse", json=body)
            message = response.json()["message"]
            cards = "card" if left == 1 else "cards"
            assert response.status_code == 400 and message == (
                "the deck less the hand and the dead cards leaves "
                f"{left} {cards} to draw from, and a draw here may take 5"
            )
            answer = client.post("/api/analyse?lang=ar", json=body).json()["message"]
            assert said in answer and answer.endswith("قد يأخذ 5"), answer
        # five left is enough for every choice of the limit (32), each counted over those five;
        # the limit of three needs three
        enough = client.post("/api/analyse", json={**low, "dead": format_cards(rest[5:])}).json()
        assert len(enough["choices"]) == 32
        assert all(c["total"] == comb(5, len(c["discards"])) for c in enough["choices"])
        three = {**low, "limit": "3", "dead": format_cards(rest[3:])}
        assert len(client.post("/api/analyse", json=three).json()["choices"]) == 26


def test_defect_a_lone_surrogate_in_an_analysis_is_a_400() -> None:
    """Issue 25, item 15: a lone surrogate in the hand made /api/analyse answer 500."""
    with site() as client:
        response = client.post(
            "/api/analyse",
            content=b'{"hand": "Ah Kh 7c 2d \\ud800"}',
            headers={"content-type": "application/json"},
        )
        assert response.status_code == 400, response.text
        assert response.json()["error"] == "bad-json"
        assert "lone surrogate" in response.json()["message"]


def test_serve_refuses_bad_options() -> None:
    from drawpoker.cli import main

    assert main(["serve", "--think", "-1"]) == 2
    assert main(["serve", "--table-rate", "often"]) == 2
    assert main(["serve", "--open-tables", "0"]) == 2
    assert main(["serve", "--public-url", "poker.example"]) == 2
    assert main(["serve", "--allowed-origin", "ftp://poker.example"]) == 2


def test_a_game_no_phh_variant_writes_gets_a_clear_501_and_its_json() -> None:
    """Fixed-limit Omaha with an uncapped heads-up round has no PHH variant: the PHH download
    says so (501 no-phh, naming the game), the JSON download still works."""
    with site() as client:
        settings = {"betting": "fixed-limit", "heads_up_uncapped": True}
        table_id = new_table(client, "omaha", ["person", "cpu:checkcall"], settings=settings)
        seat, token = take_seat(client, table_id, "Ann")
        ann = Browser(client, table_id, token)
        ann.open()
        play_persons({seat: ann}, random.Random(4))
        url = f"/api/tables/{table_id}/history"
        phh = client.get(url + "?format=phh", headers={"x-seat-token": token})
        assert phh.status_code == 501 and phh.json()["error"] == "no-phh"
        assert "omaha" in phh.json()["message"]
        assert client.get(url, headers={"x-seat-token": token}).status_code == 200


def test_an_unknown_tables_page_is_answered_404() -> None:
    """A table's page was 200 for any id, so a link checker or a crawler took a dead table
    link for a page; an id no table has (or none could have) is 404, the page itself the
    same (its script says the table is not there, with the lobby's link)."""
    with site() as client:
        table_id = new_table(client, "holdem", ["person", "cpu:checkcall"])
        assert client.get(f"/table/{table_id}").status_code == 200
        for unknown in ("NoSuchTable123", "x" * 65, "a.b"):
            page = client.get(f"/table/{unknown}?lang=ar")
            assert page.status_code == 404, unknown
            assert 'id="missing"' in page.text and 'lang="ar"' in page.text
