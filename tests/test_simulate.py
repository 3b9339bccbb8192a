"""`forsxl simulate` end to end (R10): a small workbook, a few runs; the runner's determinism over workers."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner
from workbooks import run, type_players

from forsxl.app.simulation import Variant, simulate_variants, variants
from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.simulate import Settings

PLAYERS = [("Adams", 2600), ("Baker", 2300), ("Clark", 2230), ("Davis", 2210), ("Evans", 2140), ("Fisher", 2025),
           ("Green", 1960), ("Harris", 1915), ("Irwin", 1890), ("Jones", 1780)]


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    run("new", str(path), "--preset", "fors-club")
    type_players(path, [{"Name": name, "Rating": rating} for name, rating in PLAYERS])
    return path


def test_r10_simulate_reports_writes_the_sheet_and_the_page(book: Path) -> None:
    (book.parent / "cap.yaml").write_text("handicap.max_steps: 4\n", encoding="utf-8")
    out = run("simulate", str(book), "--runs", "6", "--seed", "3", "--workers", "1",
              "--compare", "fors-asymmetric", "--compare", str(book.parent / "cap.yaml"))
    assert "Ranking quality" in out and "Fairness of the handicap compensation" in out
    assert "E[place] fors-asymmetric" in out and f"E[place] {book.parent / 'cap.yaml'}" in out
    workbook = openpyxl.load_workbook(book)
    assert "Simulation" in workbook.sheetnames
    rows = list(workbook["Simulation"].iter_rows(values_only=True))
    assert rows[0][:2] == ("Runs", 6) and rows[1][:2] == ("Seed", 3)
    assert any(row[0] == "Adams" or row[1] == "Adams" for row in rows)
    assert workbook["Log"].cell(workbook["Log"].max_row, 2).value == "simulate"
    page = (book.parent / "club-simulation.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and "Adams" in page and "fors-asymmetric" in page
    run("check", str(book))  # the sheet is forsxl's own: the workbook reads as before


def test_r10_simulate_is_deterministic_with_a_seed_and_can_leave_the_workbook_alone(book: Path) -> None:
    before = book.read_bytes()
    first = run("simulate", str(book), "--runs", "5", "--seed", "9", "--no-write", "--workers", "1",
                "-o", str(book.parent / "a.html"))
    second = run("simulate", str(book), "--runs", "5", "--seed", "9", "--no-write", "--workers", "2",
                 "-o", str(book.parent / "b.html"))
    tables = [out[out.index("Players"):out.rindex("Fairness")] for out in (first, second)]
    assert tables[0] == tables[1] and "Adams" in tables[0]
    assert (book.parent / "a.html").read_text() == (book.parent / "b.html").read_text()
    assert book.read_bytes() == before


def test_r10_simulate_names_an_unknown_variant(book: Path) -> None:
    result = CliRunner().invoke(app, ["simulate", str(book), "--runs", "2", "--compare", "no-such-preset"])
    assert result.exit_code == 1
    assert "--compare 'no-such-preset' is neither a preset nor a file; presets: fors-2004" in result.output


def test_r10_a_variant_keeps_the_workbooks_own_config_keys_the_preset_does_not_set(book: Path) -> None:
    workbook = openpyxl.load_workbook(book)
    for key, value in (("scoring.scheme", "win-loss"), ("pairing.allow_rematch", "yes"), ("komi.even", 7.5)):
        workbook["Config"].append([key, value])
    workbook.save(book)
    (book.parent / "komi.yaml").write_text("komi.even: 5.5\n", encoding="utf-8")
    loaded = load(book)
    [own, preset, keys] = variants(loaded, ["fors-asymmetric", str(book.parent / "komi.yaml")], rounds=4)
    assert own.tournament.config.rounds == preset.tournament.config.rounds == keys.tournament.config.rounds == 4
    # the preset's own keys win; the workbook's other keys stay
    assert preset.tournament.config.scoring.scheme.value == "fors-asymmetric"
    assert str(preset.tournament.config.komi.even) == "13/2" and preset.tournament.config.pairing.allow_rematch
    # a file's keys go over the workbook's Config, which stays otherwise
    assert keys.tournament.config.scoring.scheme.value == "win-loss"
    assert str(keys.tournament.config.komi.even) == "11/2" and keys.tournament.config.preset == "fors-club"
    assert preset.tournament.players == own.tournament.players


def test_r10_one_worker_or_two_give_the_same_summaries(book: Path) -> None:
    t = load(book).tournament
    chosen = [Variant("workbook", t)]
    settings = Settings(from_start=True)
    done: list[int] = []
    alone = simulate_variants(chosen, settings, 12, 4, 1, done.append)
    assert sum(done) == 12
    assert simulate_variants(chosen, settings, 12, 4, 2) == alone
    assert simulate_variants(chosen, settings, 12, 5, 1) != alone
