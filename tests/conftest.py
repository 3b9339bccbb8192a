"""What every test shares: the system locale is English, whatever the machine's, so that commands without a workbook
to take the language from (`new`, `demo`, an error before a workbook is read) speak English unless a test says
otherwise (issue 20); and the club workbooks most CLI tests start from, made once per module and copied."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_cli import club_players, higher_rating_wins, new_book, ok, type_results


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """test_cli's 20-player club workbook with round 1 paired and no result yet; copied by each test."""
    path = new_book(tmp_path_factory.mktemp("paired"), club_players())
    ok("pair", path)
    return path


@pytest.fixture(scope="module")
def played_book(paired: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`paired` with every result of round 1 typed, the higher rating winning."""
    path = tmp_path_factory.mktemp("played") / "club.xlsx"
    shutil.copyfile(paired, path)
    type_results(path, "Round-1", higher_rating_wins)
    return path


@pytest.fixture
def book(paired: Path, tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    shutil.copyfile(paired, path)
    return path
