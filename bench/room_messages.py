"""Every message rooms send in seeded games, as one digest: run on two trees, the same digest
says a change to how updates are made left every message byte for byte the same.

Two tables of every game (one deep and untimed, one short with a turn timer and tips), each
with two people (seat 0 read in English and Arabic, seat 1 in English or with Arabic digits),
CPU players and two watchers (English, Arabic); one Arabic tab closes on the way. The seats
act by a fixed rule (raises, bets, folds, checks, calls, draws), the CPU players decide from
their seeds, and the room's clock is held still (``time.monotonic``, advanced a quarter of a
second a step), so the messages depend on the code alone.

    PYTHONHASHSEED=0 python -m bench.room_messages                 # the digest
    PYTHONHASHSEED=0 python -m bench.room_messages --out msgs.txt  # and every message
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import os
import tempfile
import time

CLOCK = [1000.0]
"""The clock the rooms read (``time.monotonic`` is replaced before the site is imported)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=150, help="rounds of one step per table")
    parser.add_argument("--out", help="also write every message, one a line, to this file")
    args = parser.parse_args()
    time.monotonic = lambda: CLOCK[0]
    from drawpoker.engine import GAMES, game
    from drawpoker.site.lobby import parse_new_table
    from drawpoker.site.protocol import Act
    from drawpoker.site.room import KeptOutbox, Pace, Room
    from drawpoker.site.store import Store

    store = Store(os.path.join(tempfile.mkdtemp(), "messages.db"))
    rooms: list[Room] = []
    outboxes: list[list[KeptOutbox]] = []
    for number, name in enumerate(sorted(GAMES)):
        for timed in (False, True):
            seats = min(game(name).seats[1], 5)
            request = {
                "game": name,
                "seats": ["person", "person", *["cpu:rules"] * (seats - 2)],
                "rounds": 6 if timed else 1000,
                "stack": 3000 if timed else 100000,
            }
            room = Room.new(
                f"t{number}{int(timed)}",
                0.0,
                parse_new_table(request | ({"turn_timer": 30} if timed else {})),
                store,
                Pace(threads=False),
                seed=7 + number + timed,
            )
            room.claim(0, "Ann", "h0")
            room.claim(1, "بدر", "h1")
            kept = [KeptOutbox() for _ in range(5)]
            room.connect(0, kept[0], None, "en")
            room.connect(0, kept[1], None, "ar")
            room.connect(1, kept[2], None, "ar-u-nu-arab" if timed else "en")
            room.watch(kept[3], None, "en")
            room.watch(kept[4], None, "ar")
            if timed:
                room.set_tips(1, True)
            room.command(0, "start")
            rooms.append(room)
            outboxes.append(kept)

    async def play() -> None:
        for step in range(args.steps):
            for index, room in enumerate(rooms):
                table = room.table
                CLOCK[0] += 0.25
                if table.is_over:
                    continue
                if room.pause_until is not None:
                    room._end_pause()
                    continue
                if table.is_cpu_turn():
                    await room._cpu_turn()
                    continue
                seat = table.to_act
                if seat is None:
                    continue
                if step == 5 and index % 3 == 0 and seat == 0:
                    room.disconnect(0, outboxes[index][1])  # the Arabic tab closes
                legal = table.hand.legal_actions()
                kinds, rule = legal.kinds, (step * 7 + index) % 10
                default = table.default_action()
                kind, amount = default.kind, default.amount
                if "draw" in kinds:
                    pass
                elif rule < 2 and ("raise" in kinds or "bet" in kinds):
                    kind, amount = ("raise" if "raise" in kinds else "bet"), legal.min_to
                elif rule == 9 and "fold" in kinds:
                    kind, amount = "fold", 0
                elif "check" in kinds or "call" in kinds:
                    kind, amount = ("check" if "check" in kinds else "call"), 0
                room.act(seat, Act(room.streams.last[seat], kind, amount, ()))

    asyncio.run(play())
    digest = hashlib.sha256()
    count = 0
    lines = []
    for index, kept in enumerate(outboxes):
        for reader, box in enumerate(kept):
            for text in box.texts:
                digest.update(text.encode())
                count += 1
                lines.append(f"{index} {reader} {text}\n")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.writelines(lines)
    print(count, "messages", digest.hexdigest())


if __name__ == "__main__":
    main()
