"""Fixtures the workbook tests share (test_reliability, test_bounded)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_cli import club_players, new_book, ok


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """test_cli's 20-player club workbook with round 1 paired and no result yet; copied by each test."""
    path = new_book(tmp_path_factory.mktemp("paired"), club_players())
    ok("pair", path)
    return path


@pytest.fixture
def book(paired: Path, tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    shutil.copyfile(paired, path)
    return path
