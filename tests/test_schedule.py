"""R7.5, R7.6, R8, R5: `forsxl schedule` writes the whole tournament; results typed; standings as usual."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from typer.testing import CliRunner

from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.standings import standings


def _book(tmp_path: Path, preset: str, players: int, extra: dict[str, object] | None = None) -> Path:
    path = tmp_path / "t.xlsx"
    assert CliRunner().invoke(app, ["new", str(path), "--preset", preset, "--lang", "en"]).exit_code == 0
    workbook = openpyxl.load_workbook(path)
    for key, value in (extra or {}).items():
        workbook["Config"].append([key, value])
    sheet = workbook["Players"]
    for i in range(players):
        sheet.append([None, f"Player {i + 1:02}", 2000 - 37 * i])
    workbook.save(path)
    return path


def _type_results(path: Path, result: str = "W+") -> None:
    workbook = openpyxl.load_workbook(path)
    for name in workbook.sheetnames:
        if name.startswith("Round-"):
            sheet = workbook[name]
            for row in range(2, sheet.max_row + 1):
                if isinstance(sheet.cell(row, 1).value, int):
                    sheet.cell(row, 8).value = result
    workbook.save(path)


def test_r7_6_cli_serp_twenty_players_ten_games(tmp_path: Path) -> None:
    path = _book(tmp_path, "serp", 20)
    result = CliRunner().invoke(app, ["schedule", str(path)])
    assert result.exit_code == 0, result.output
    t = load(path).tournament
    assert len(t.rounds) == 10 and all(len(r.games) == 10 and not r.sitouts for r in t.rounds)
    assert "Schedule" in openpyxl.load_workbook(path).sheetnames
    _type_results(path)
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    table = standings(load(path).tournament)
    assert all(len([c for c in s.cells if c.opponent]) == 10 for s in table)
    again = CliRunner().invoke(app, ["schedule", str(path)])
    assert again.exit_code == 1
    assert again.output.strip() == "round 1 already has results; the schedule cannot be written again (R7.5)"


def test_r8_cli_renju_five_players_double_round_robin(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 5)
    result = CliRunner().invoke(app, ["schedule", str(path)])
    assert result.exit_code == 0, result.output
    t = load(path).tournament
    assert len(t.rounds) == 10 and all(len(r.games) == 2 and len(r.sitouts) == 1 for r in t.rounds)
    _type_results(path, "B+")
    assert CliRunner().invoke(app, ["standings", str(path)]).exit_code == 0
    table = standings(load(path).tournament)
    # each plays 8 games (4 as Black, won) and has 2 byes worth 2 each: 12 points for everyone
    assert {s.points for s in table} == {12} and {s.start for s in table} == {0}
    assert CliRunner().invoke(app, ["publish", str(path), "-o", str(tmp_path / "r.html")]).exit_code == 0


def test_r5_withdrawal_forfeits_remaining_round_robin_games(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 7)
    assert CliRunner().invoke(app, ["schedule", str(path)]).exit_code == 0
    workbook = openpyxl.load_workbook(path)
    sheet = workbook["Players"]
    column = next(c.column for c in sheet[1] if c.value == "Left after")
    sheet.cell(2, column).value = 1  # Player 01 leaves after round 1
    workbook.save(path)
    t = load(path).tournament
    later = [g for r in t.rounds[1:] for g in r.games if 1 in (g.black, g.white)]
    assert later and all(g.result is not None and g.result.is_forfeit for g in later)
    assert openpyxl.load_workbook(path)["Round-2"].cell(2, 8).value is None  # the typed cells stay untouched


def test_r8_cli_swiss_not_yet(tmp_path: Path) -> None:
    path = _book(tmp_path, "renju-weekly", 12)
    result = CliRunner().invoke(app, ["schedule", str(path)])
    assert result.exit_code == 1
    assert "Swiss" in result.output
