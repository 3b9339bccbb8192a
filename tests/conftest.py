"""What every test shares: the system locale is English, whatever the machine's, so that commands without a workbook
to take the language from (`new`, `demo`, an error before a workbook is read) speak English unless a test says
otherwise (issue 20); the club workbooks most CLI tests start from, made once a session and copied (issue 32); and the
sdist and the wheel, built once (issue 33); and forsxl's click command, built once a worker for typer's CliRunner."""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
from pathlib import Path

import property_runs  # noqa: F401  (loads the hypothesis profile: CI's examples, or new ones each run)
import pytest
import typer.main
import typer.testing
from test_cli import club_players, higher_rating_wins, new_book, ok, type_results

import forsxl

ROOT = Path(__file__).resolve().parents[1]

# typer's CliRunner builds the click command from the typer app on every invoke, reading each command's signature
# and annotations anew: that was a fifth of an in-process command's time. The command is the same every time
# (CliRunner runs it as typer builds it; `forsxl.cli.run`, which words its help in a language, builds its own).
typer.testing._get_command = functools.cache(typer.main.get_command)


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
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(scope="session")
def entered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """test_cli's 20-player club workbook, its players typed and nothing paired; copied by each test that starts there.
    A session's fixtures are made once on each worker (pytest-xdist). Each copy keeps the file's time (copy2): a
    workbook saved well after its Log's last command reads as changed in a spreadsheet since (`forsxl history`)."""
    return new_book(tmp_path_factory.mktemp("entered"), club_players())


@pytest.fixture(scope="session")
def paired(entered: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`entered` with round 1 paired and no result yet."""
    path = tmp_path_factory.mktemp("paired") / "club.xlsx"
    shutil.copy2(entered, path)
    ok("pair", path)
    return path


@pytest.fixture(scope="session")
def played_book(entered: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`entered` with round 1 paired and every result typed straight after, the higher rating winning: made here, not
    from `paired`, which may be minutes old by then (its results would read as typed well after the pairing)."""
    path = tmp_path_factory.mktemp("played") / "club.xlsx"
    shutil.copy2(entered, path)
    ok("pair", path)
    type_results(path, "Round-1", higher_rating_wins)
    return path


@pytest.fixture
def players_book(entered: Path, tmp_path: Path) -> Path:
    """A test's own copy of `entered`."""
    path = tmp_path / "club.xlsx"
    shutil.copy2(entered, path)
    return path


@pytest.fixture
def book(paired: Path, tmp_path: Path) -> Path:
    """A test's own copy of `paired`."""
    path = tmp_path / "club.xlsx"
    shutil.copy2(paired, path)
    return path
