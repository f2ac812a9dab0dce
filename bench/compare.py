"""Measures drawpoker beside peer libraries in one run and writes bench/RESULTS.md.

Run from the project root after ``pip install ".[bench]"``::

    python -m bench.compare            # every area
    python -m bench.compare high draw  # some areas (modules of bench/peers)

Each module of ``bench/peers`` has ``measure() -> list[Figure]``. A peer that cannot do a task,
or is not installed, is listed with no figure and a note saying why. Every area's figures, with
the machine and time of its run, are kept in ``bench/results.json``, so re-measuring one area
leaves the others' last figures in RESULTS.md (each section says when it was measured; within a
section, drawpoker and its peers always come from the same run). The players area is followed by
the CPU players' duplicate-match grid, which ``python -m bench.player_matches`` plays pair by
pair into bench/player_matches.json (about 20 minutes on 2 cores for the whole grid at 2,000
deals a pair): ``python -m bench.compare players`` measures the decision times again and writes
the grid as it is stored.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import importlib
import importlib.metadata
import json
import os
import pkgutil
import platform
import subprocess
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import peers, player_matches
from bench.figures import Figure

RESULTS = Path(__file__).with_name("RESULTS.md")
STORE = Path(__file__).with_name("results.json")
LIBRARIES = [
    "drawpoker",
    "numpy",
    "treys",
    "eval7",
    "phevaluator",
    "pkrbot",
    "pokerkit",
    "poker-equity",
    "pokerfast",
    "open_spiel",
    "texasholdem",
    "rlcard",
]


def machine() -> list[str]:
    """Lines describing the machine, the date and the library versions."""
    try:
        lscpu = subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout
        model = next(
            (
                line.split(":", 1)[1].strip()
                for line in lscpu.splitlines()
                if line.startswith("Model name")
            ),
            platform.processor(),
        )
    except OSError:
        model = platform.processor()
    versions = []
    for name in LIBRARIES:
        try:
            versions.append(f"{name} {importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name} not installed")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return [
        f"- Date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        f"- Machine: {model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}",
        f"- Load average when the run started: {load:.2f} (the machine is shared; figures move)",
        f"- Python {platform.python_version()}; " + ", ".join(versions),
    ]


def fmt(value: float | None) -> str:
    """A figure with three significant digits, or a dash."""
    if value is None:
        return "—"
    return f"{value:,.3g}" if value < 1000 else f"{value:,.0f}"


def table(figures: list[Figure]) -> list[str]:
    """Markdown tables, one per task, with each figure's ratio to drawpoker's best."""
    by_task: dict[str, list[Figure]] = defaultdict(list)
    for figure in figures:
        by_task[figure.task].append(figure)
    lines: list[str] = []
    for task, rows in by_task.items():
        ours = [f.value for f in rows if f.library.startswith("drawpoker") and f.value]
        best = (max(ours) if rows[0].higher_is_better else min(ours)) if ours else None
        lines += [
            f"### {task}",
            "",
            "| library | figure | drawpoker's best is | how |",
            "|---|---:|---:|---|",
        ]
        for f in rows:
            ratio = ""
            if best and f.value and not f.library.startswith("drawpoker"):
                times = best / f.value if f.higher_is_better else f.value / best
                ratio = f"{times:,.1f}x"
            lines.append(f"| {f.library} | {fmt(f.value)} {f.unit} | {ratio} | {f.note} |")
        lines.append("")
    return lines


APPENDICES: dict[str, Callable[[], list[str]]] = {"players": player_matches.lines}
"""Sections an area's table is followed by, written from stores of their own: the players
area's duplicate-match grid (bench/player_matches.py, measured pair by pair, not by
``measure()``)."""


def main() -> None:
    """Runs the chosen areas, stores their figures and rewrites RESULTS.md from every area."""
    areas = [m.name for m in pkgutil.iter_modules(peers.__path__)]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("areas", nargs="*", metavar="AREA", help=f"any of {areas} (default: all)")
    args = parser.parse_args()
    unknown = sorted(set(args.areas) - set(areas))
    if unknown:
        parser.error(f"unknown areas: {', '.join(unknown)}")
    args.areas = args.areas or areas
    store = json.loads(STORE.read_text()) if STORE.exists() else {}
    for area in args.areas:
        header = machine()
        module = importlib.import_module(f"bench.peers.{area}")
        print(f"measuring {area} ...", flush=True)
        figures = module.measure()
        store[area] = {"machine": header, "figures": [dataclasses.asdict(f) for f in figures]}
        STORE.write_text(json.dumps(store, indent=1) + "\n")
    write_results(store)


def write_results(store: dict[str, Any] | None = None, echo: bool = True) -> None:
    """Writes RESULTS.md from every area's stored figures (``store``: results.json's) and
    :data:`APPENDICES`, and prints it when ``echo``."""
    if store is None:
        store = json.loads(STORE.read_text()) if STORE.exists() else {}
    lines = [
        "# Benchmark results",
        "",
        "Written by `python -m bench.compare`. Each area below was",
        "measured in one run, drawpoker beside its peers, on the machine it names",
        "(the players area's duplicate-match grid excepted: it is measured pair by pair).",
        "",
    ]
    for area in [m.name for m in pkgutil.iter_modules(peers.__path__)]:
        appendix = APPENDICES[area]() if area in APPENDICES else []
        if area in store:
            figures = [Figure(**f) for f in store[area]["figures"]]
            lines += [f"## {area}", "", *store[area]["machine"], "", *table(figures)]
        elif appendix:
            lines += [f"## {area}", ""]
        lines += appendix
    RESULTS.write_text("\n".join(lines))
    if echo:
        print("\n".join(lines))


if __name__ == "__main__":
    main()
