"""`forsxl tune` and `forsxl config --set` end to end (R10, R12): a small workbook, small budgets; the YAML of the
winner through `simulate --compare` and `config --set`; the runner without processes; --apply."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import yaml
from typer.testing import CliRunner
from workbooks import run, type_players

from forsxl.app import simulation
from forsxl.app.simulation import Runner, variant_config
from forsxl.app.tuning import Progress, plan_tuning, run_tuning
from forsxl.app.workflow import config_file
from forsxl.book.config import KEYS, build_config, config_cell, convert_value, key_type, presets
from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.config import get_key
from forsxl.engine.simulate import Settings, play, run_seed
from forsxl.engine.tune import Budget
from forsxl.engine.values import Lang

PLAYERS = [("Adams", 2600), ("Baker", 2300), ("Clark", 2230), ("Davis", 2210), ("Evans", 2140), ("Fisher", 2025),
           ("Green", 1960), ("Harris", 1915), ("Irwin", 1890), ("Jones", 1780), ("King", 1500), ("Lewis", 1200)]
SMALL = ["--candidates", "3", "--runs", "6", "--finalists", "2", "--rounds", "2", "--workers", "1"]


def club(folder: Path, ratings: list[tuple[str, int]] = PLAYERS, preset: str = "fors-club") -> Path:
    path = folder / "club.xlsx"
    run("new", str(path), "--preset", preset)
    declared = preset == "lg-cup-team"  # a start group each, as R9 allows it for the rating
    type_players(path, [{"Name": name, "Rating": rating,
                         **({"Group": 1 if rating >= 1800 else 3 if rating <= 1000 else 2} if declared else {})}
                        for name, rating in ratings])
    return path


@pytest.fixture(scope="module")
def tuned(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str, bytes]]:
    """A workbook tuned once with a seed: its path, what tune printed, and the workbook's bytes before."""
    folder = tmp_path_factory.mktemp("tune")
    book = club(folder)
    before = book.read_bytes()
    out = run("tune", str(book), "--seed", "4", *SMALL, "-o", str(folder / "tuned.yaml"))
    yield book, out, before


def test_r10_tune_reports_side_by_side_and_leaves_the_workbook_alone(tuned: tuple[Path, str, bytes]) -> None:
    book, out, before = tuned
    assert "Tuned regulations, measured on 6 held-out runs" in out
    header = next(line for line in out.splitlines() if line.startswith("Measure"))
    assert "tuned 1" in header and "tuned 2" in header and "workbook" in header and "McMahon" in header
    assert "Giver's bias by group and handicap steps" in out and "goal: within 0.03 of McMahon's tau" in out
    assert f"{book}: not changed (--apply types the winner's keys into Config)" in out
    assert book.read_bytes() == before
    page = (book.parent / "club-tuning.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 4 and "McMahon" in page and "stroke-dasharray" in page  # the goal's band and line
    keys = config_file(book.parent / "tuned.yaml")
    assert keys["start.method"] == "linear" and 10 <= keys["start.per"] <= 50
    assert (book.parent / "tuned.yaml").read_text(encoding="utf-8").startswith("# forsxl tune club.xlsx, seed 4: tau ")


def test_r12_the_winner_yaml_goes_through_compare_and_config_set(tuned: tuple[Path, str, bytes],
                                                                  tmp_path: Path) -> None:
    book, _, _ = tuned
    copy = tmp_path / "club.xlsx"
    copy.write_bytes(book.read_bytes())
    path = book.parent / "tuned.yaml"
    keys = config_file(path)
    compared = variant_config(load(copy), str(path))
    out = run("simulate", str(copy), "--runs", "2", "--seed", "1", "--workers", "1", "--no-write", "--compare",
              str(path), "-o", str(tmp_path / "sim.html"))
    assert f"E[place] {path}" in out
    said = run("config", str(copy), "--set", str(path))
    assert said.startswith(f"{copy}: Config: ")
    after = load(copy).tournament.config
    expected, _, errors = build_config([(k, v, None) for k, v in keys.items()])
    assert not errors
    for key in keys:  # the sheet reads back what the file says, and what --compare played
        assert get_key(after, key) == get_key(expected, key) == get_key(compared, key), key
    log = openpyxl.load_workbook(copy)["Log"]
    assert log.cell(log.max_row, 2).value == "config"
    assert run("config", str(copy), "--set", str(path)) == f"{copy}: Config has these values already; nothing written\n"


def test_r12_config_set_takes_key_value_and_refuses_a_bad_value_writing_nothing(tmp_path: Path) -> None:
    book = club(tmp_path)
    run("config", str(book), "--set", "handicap.factor=2/3", "--set", "groups.steps=even, stone")
    config = load(book).tournament.config
    assert str(config.handicap.factor) == "2/3" and [s.value for s in config.groups.steps] == ["even", "stone"]
    before = book.read_bytes()
    result = CliRunner().invoke(app, ["config", str(book), "--set", "start.per=ten", "--set", "scoring.per_step=2"])
    assert result.exit_code == 1
    assert "start.per: 'ten' is not a whole number (R1.1)" in result.output
    (tmp_path / "list.yaml").write_text("- a list\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["config", str(book), "--set", str(tmp_path / "list.yaml")])
    assert result.exit_code == 1 and "is not a Config file" in result.output
    result = CliRunner().invoke(app, ["config", str(book), "--set", "scoring.scheme=fors-m", "--set",
                                      "scoring.per_step=2"])
    assert result.exit_code == 1 and "scoring.per_step works only with the schemes that count steps" in result.output
    assert book.read_bytes() == before


def test_r12_config_set_after_pairing_says_the_rounds_keep_their_handicaps(tmp_path: Path) -> None:
    book = club(tmp_path)
    run("pair", str(book))
    out = run("config", str(book), "--set", "start.per=20")
    assert "1 round was paired before: its handicaps stay as written" in out


def _tune(book: Path, workers: int, seed: int = 2) -> tuple[list[str], str]:
    loaded = load(book)
    plan = plan_tuning(loaded, 2, Settings(), Budget(candidates=3, first_runs=2, finalists=2, refinements=1,
                                                      confirm_runs=4), seed, workers, book.parent / f"p{workers}.html",
                       book.parent / f"t{workers}.yaml", False)
    lines = run_tuning(loaded, plan, Progress(lambda total: None, lambda done: None))
    return lines[:-4], (book.parent / f"t{workers}.yaml").read_text(encoding="utf-8")


def test_r10_tune_gives_the_same_answer_with_one_worker_or_two(tmp_path: Path) -> None:
    book = club(tmp_path)
    alone, two = _tune(book, 1), _tune(book, 2)
    assert alone == two and "tuned 1" in alone[0][0]
    assert _tune(book, 1, seed=3) != alone


class Unstartable:
    """A process pool where processes cannot be started, as in a sandbox without /dev/shm."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise OSError(38, "Function not implemented")


class Breaking:
    """A process pool whose workers die at once."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    def submit(self, *args: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.set_exception(concurrent.futures.process.BrokenProcessPool("a worker died"))
        return future

    def shutdown(self, **kwargs: Any) -> None:
        pass


@pytest.mark.parametrize("pool", [Unstartable, Breaking])
def test_r10_the_runs_are_played_here_where_processes_are_unavailable(monkeypatch: pytest.MonkeyPatch,
                                                                       tmp_path: Path, pool: type) -> None:
    t = load(club(tmp_path)).tournament
    seeds = [run_seed(1, i) for i in range(3)]
    done: list[int] = []
    monkeypatch.setattr(simulation, "ProcessPoolExecutor", pool)
    with Runner(Settings(from_start=True), 2, lambda job, runs: done.append(runs)) as runner:
        [outcomes] = runner.run([(t, seeds)])
    assert outcomes == [play(t, Settings(from_start=True), seed)[1] for seed in seeds]
    assert runner.failed and sum(done) == 3 and runner.worker_cpu == 0.0


def test_r12_tune_apply_refuses_a_paired_workbook_before_searching(tmp_path: Path) -> None:
    book = club(tmp_path)
    run("pair", str(book))
    result = CliRunner().invoke(app, ["tune", str(book), "--apply", *SMALL])
    assert result.exit_code == 1
    assert "--apply types a regulation in before round 1 is paired, and round 1 is paired already" in result.output
    assert not (tmp_path / "club-tuning.html").exists()


def test_r12_tune_apply_types_a_fair_winner_into_config_with_a_log_row(tmp_path: Path) -> None:
    book = club(tmp_path, [(name, 1500) for name, _ in PLAYERS])  # every game even: nothing to be unfair in
    out = run("tune", str(book), "--apply", "--seed", "1", *SMALL)
    assert f"{book}: Config: " in out
    log = openpyxl.load_workbook(book)["Log"]
    assert log.cell(log.max_row, 2).value == "tune"
    run("check", str(book))


@pytest.mark.parametrize(("preset", "said"), [
    ("mcmahon", "forsxl tune searches a Fors regulation, where a handicap step is paid in points; this workbook "
                "scores win-loss"),
    ("lg-cup-team", "forsxl tune changes the groups and start points, which a team tournament's declared groups fix"),
])
def test_r10_tune_refuses_what_it_cannot_tune(tmp_path: Path, preset: str, said: str) -> None:
    result = CliRunner().invoke(app, ["tune", str(club(tmp_path, preset=preset)), *SMALL])
    assert result.exit_code == 1 and said in result.output


def test_r10_the_yaml_file_is_one_a_preset_could_be(tuned: tuple[Path, str, bytes]) -> None:
    book, _, _ = tuned
    text = (book.parent / "tuned.yaml").read_text(encoding="utf-8")
    loaded = yaml.safe_load(text)
    assert isinstance(loaded, dict) and all("." in key for key in loaded)
    assert all("# R" in line for line in text.splitlines() if not line.startswith("#"))


def test_r12_tune_checks_its_rounds_as_config_would(tmp_path: Path) -> None:
    """fors-2009's playoff of 8 after round 3 needs more than two rounds: `--rounds 2` is refused as the Config sheet
    would refuse it, before any run."""
    result = CliRunner().invoke(app, ["tune", str(club(tmp_path, preset="fors-2009")), *SMALL])
    assert result.exit_code == 1
    assert result.output == "playoff.after_round must be between 1 and 1 (R7.7)\n"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", sorted(presets()))
def test_r12_a_config_cell_config_set_writes_reads_back_as_the_same_value(name: str, lang: str) -> None:
    """`config --set` types each value as a Config cell holds it (`config_cell`): read back, every key of every
    preset is the value it was (a list with commas, one number as a number, yes or no in the workbook's language)."""
    config, _, errors = build_config([("preset", name, None)])
    assert not errors
    for key in KEYS:
        value = get_key(config, key)
        assert convert_value(config_cell(value, Lang(lang)), key_type(key)) == value, key
