"""What every test shares: the system locale is English, whatever the machine's, so that commands without a workbook
to take the language from (`new`, `demo`, an error before a workbook is read) speak English unless a test says
otherwise (issue 20); the club workbooks most CLI tests start from, made once per module and copied; and the sdist and
the wheel, built once (issue 33)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli import club_players, higher_rating_wins, new_book, ok, type_results

import forsxl

ROOT = Path(__file__).resolve().parents[1]


def pytest_report_header() -> str:
    """Which forsxl the tests run: the checkout's, or the installed wheel's (.ci/run, issue 33)."""
    return f"forsxl {forsxl.__version__} from {Path(forsxl.__file__).parent}"


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the sdist and the wheel, built by hatchling as `pip install .` and `python -m build` build them;
    from a checkout or from an unpacked sdist alike."""
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "hatchling", "build", "-d", str(out)], cwd=ROOT, check=True,
                   capture_output=True)
    return out


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
