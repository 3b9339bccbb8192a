"""The Calc menu against the terminal (issue 38 item 6): from the click to the new round on screen, side by side
with the same forsxl command typed in a terminal, on the same workbook, in one run.

    python bench/calc.py                   # 120 players, 10 pairings and 10 standings (~5 min)
    python bench/calc.py --players 60 --rounds 3

A Russian fors-club workbook of `--players` players (benchlib's field) is opened in a headless LibreOffice Calc with
the extension (tests/calcoffice.py, as `pytest -m calc` runs it). Round by round, as a referee would: the results of
the last round typed into its sheet over UNO and left unsaved; Standings; Pair next round. Each menu item is timed
from its dispatch to its return, when the edits are in the document on screen (the extension saves the workbook
after that, from LibreOffice's main loop; the save is waited for, and timed, apart). Beside each, the very command a
terminal runs (`forsxl standings BOOK`, `forsxl pair BOOK`) is timed on a copy of the workbook as the menu item found
it: a new Python, forsxl's imports, reading, the work and the save. The way taken is the warm process: `forsxl serve`,
started by the first item and kept for the session.
"""

from __future__ import annotations

import argparse
import shutil
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

STEPS = ("ready", "copy", "forsxl", "edits", "view", "shown")
"""What the extension reports of an item: its checks (the typed cell, where the referee is), storing the document to
a temporary .xlsx, forsxl's answer, the edits made in the document, the view set (the new round shown, or where the
referee was), and the status bar."""


def workbook(folder: Path, players: int, rounds: int) -> tuple[Path, dict[str, int]]:
    """A Russian fors-club workbook with `players` players typed in and room for `rounds` rounds; their ratings by
    name."""
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


def type_results(office: Office, number: int, rating: dict[str, int]) -> None:
    """The results of round `number` typed into its sheet (B, C: Black, White; H: Result), higher rating winning."""
    sheet = f"Тур-{number}"
    black = office.call("column", sheet=sheet, column="B", rows=400)
    white = office.call("column", sheet=sheet, column="C", rows=400)
    for row, (b, w) in enumerate(zip(black, white, strict=True), start=1):
        if row > 1 and b in rating and w in rating:
            office.call("type", sheet=sheet, cell=f"H{row}", value="Ч+" if rating[b] >= rating[w] else "Б+")


def click(office: Office, action: str) -> tuple[float, dict[str, Any], float]:
    """The menu item `action`: seconds to its return, what it reported, and seconds more until the workbook is
    saved."""
    started = time.perf_counter()
    answer: dict[str, Any] = office.call("dispatch", action=action, args={"Interactive": False})
    returned = time.perf_counter()
    if not answer["ok"]:
        raise SystemExit(f"{action}: {answer['lines']}")
    office.call("wait_saved", timeout=120)
    return returned - started, answer, time.perf_counter() - returned


def terminal(command: str, book: Path, folder: Path) -> float:
    """Seconds of `forsxl COMMAND` run as a terminal runs it, on a copy of `book` as it is now."""
    copy = folder / f"terminal-{command}.xlsx"
    shutil.copyfile(book, copy)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "forsxl", command, str(copy)], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"forsxl {command}: {done.stderr}")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--rounds", type=int, default=10, help="pairings and standings each (default: 10)")
    args = parser.parse_args()
    if missing():
        raise SystemExit(f"cannot run: {missing()}")
    print(machine())
    menu: dict[str, list[float]] = defaultdict(list)
    steps: dict[str, list[dict[str, float]]] = defaultdict(list)
    saves: dict[str, list[float]] = defaultdict(list)
    typed: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        started = time.perf_counter()
        office = Office(folder / "office")
        print(f"LibreOffice with the extension, installed into a fresh profile and started: "
              f"{fmt(time.perf_counter() - started)}")
        try:
            book, rating = workbook(folder, args.players, args.rounds + 1)
            office.call("open", path=str(book))
            seconds, _, _ = click(office, "check")  # the warm process started, as the first click of a day does
            print(f"the first item of the session, starting forsxl serve: {fmt(seconds)}\n")
            seconds, answer, saved = click(office, "pair")
            for number in range(1, args.rounds + 1):
                type_results(office, number, rating)
                for action in ("standings", "pair"):
                    office.call("store_copy", path=str(folder / "now.xlsx"))  # the workbook as the item finds it
                    typed[action].append(terminal(action, folder / "now.xlsx", folder))
                    seconds, answer, saved = click(office, action)
                    menu[action].append(seconds)
                    steps[action].append(answer["seconds"])
                    saves[action].append(saved)
        finally:
            office.stop()
    print(f"{args.players} players, {args.rounds} of each, medians (the menu from its click to its edits on screen; "
          "the terminal from its start to its save):\n")
    rows = []
    for action in ("pair", "standings"):
        parts = [fmt(statistics.median(s.get(step, 0.0) for s in steps[action])) for step in STEPS]
        rows.append([action, len(menu[action]), fmt(statistics.median(menu[action])), fmt(max(menu[action])), *parts,
                     fmt(statistics.median(saves[action])), fmt(statistics.median(typed[action]))])
    print(table(["item", "runs", "menu", "max", *STEPS, "then saved", "terminal"], rows))


if __name__ == "__main__":
    main()
