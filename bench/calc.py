"""A Saturday played from Calc's forsxl menu (issue 28): each action's time as the referee waits for it.

    python bench/calc.py                   # 100 players, 4 rounds (~1 min)
    python bench/calc.py --players 120 --rounds 5

A Russian fors-club workbook of `--players` players (benchlib's field) is opened in a headless LibreOffice Calc
with the extension (tests/calcoffice.py, as `pytest -m calc` runs it). Then, round by round, as a referee would:
Pair next round; the results typed into the round sheet without saving (the higher rating wins); Standings. Check,
Explain this player, Print slips and Publish run once at the end. Each action is timed from the dispatch to the
workbook shown again, and split into the steps the extension reports: storing the typed results, Calc letting go
of the file, forsxl, and Calc opening it again.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import openpyxl
from benchlib import field, fmt, machine, table

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from calcoffice import Office, missing  # the tests' LibreOffice, with the extension installed

STEPS = ("store", "close", "forsxl", "open")


def workbook(folder: Path, players: int, rounds: int) -> tuple[Path, dict[str, int]]:
    """A Russian fors-club workbook with `players` players typed in; their ratings by name."""
    path = folder / "club.xlsx"
    subprocess.run([sys.executable, "-m", "forsxl", "new", str(path), "--preset", "fors-club", "--lang", "ru"],
                   check=True, capture_output=True)
    book = openpyxl.load_workbook(path)
    config, sheet = book["Настройки"], book["Участники"]
    next(row for row in config.iter_rows() if row[0].value == "rounds")[1].value = rounds
    columns = {str(c.value): c.column for c in sheet[1]}
    rows = field(players)
    for row, player in enumerate(rows, start=2):
        sheet.cell(row, columns["Имя"], player["name"])
        sheet.cell(row, columns["Рейтинг"], player["rating"])
        sheet.cell(row, columns["Клуб"], player["club"])
    book.save(path)
    return path, {p["name"]: p["rating"] for p in rows}


def choose(office: Office, action: str) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    answer: dict[str, Any] = office.call("dispatch", action=action, args={"Interactive": False})
    if not answer["ok"]:
        raise SystemExit(f"{action}: {answer['lines']}")
    return time.perf_counter() - started, answer


def type_results(office: Office, number: int, rating: dict[str, int]) -> float:
    """The results of round `number` typed into its sheet (B, C: Black, White; H: Result), higher rating winning."""
    started = time.perf_counter()
    sheet = f"Тур-{number}"
    black, white = office.call("column", sheet=sheet, column="B", rows=200), office.call(
        "column", sheet=sheet, column="C", rows=200)
    for row, (b, w) in enumerate(zip(black, white, strict=True), start=1):
        if row > 1 and b in rating and w in rating:
            office.call("type", sheet=sheet, cell=f"H{row}", value="Ч+" if rating[b] >= rating[w] else "Б+")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    if missing():
        raise SystemExit(f"cannot run: {missing()}")
    print(machine())
    timed: dict[str, list[tuple[float, dict[str, float]]]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        office = Office(Path(folder) / "office")
        print(f"LibreOffice with the extension, installed into a fresh profile and started: "
              f"{fmt(time.perf_counter() - started)}")
        try:
            book, rating = workbook(Path(folder), args.players, args.rounds)
            office.call("open", path=str(book))
            typing = []
            for number in range(1, args.rounds + 1):
                for action in ("pair",):
                    seconds, answer = choose(office, action)
                    timed[action].append((seconds, answer["seconds"]))
                typing.append(type_results(office, number, rating))
                seconds, answer = choose(office, "standings")
                timed["standings"].append((seconds, answer["seconds"]))
            office.call("select", sheet="Итоги", cell="D5")
            for action in ("check", "explain", "print", "publish"):
                seconds, answer = choose(office, action)
                timed[action].append((seconds, answer["seconds"]))
        finally:
            office.stop()
    print(f"\n{args.players} players, {args.rounds} rounds; typing a round's results over UNO: "
          f"{fmt(statistics.median(typing))} a round (not the extension's)\n")
    rows = []
    for action, runs in timed.items():
        wholes = [w for w, _ in runs]
        steps = [fmt(statistics.median(s.get(step, 0.0) for _, s in runs)) for step in STEPS]
        rows.append([action, len(runs), fmt(statistics.median(wholes)), fmt(max(wholes)), *steps])
    print(table(["action", "runs", "median", "max", *STEPS], rows))


if __name__ == "__main__":
    main()
