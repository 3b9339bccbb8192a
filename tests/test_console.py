"""A Russian Saturday on a Windows console (issue 33): forsxl run as a program whose output encoding is forced to a code
page, as a Windows console or a file its output is redirected to sets it. Every line reads, each character the code
page lacks has a plain stand-in, and nothing raises. The workbook's path, handed over by the operating system, has
Russian letters and spaces."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

STAND_INS = {"cp866": {"—": "-", "–": "-", "→": "->"}, "cp1251": {"→": "->"}}
"""What each code page lacks of explain's Russian lines, and what stands for it (forsxl.__main__.PLAIN); cp1251 has
both dashes."""


def forsxl(encoding: str, *args: object) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "forsxl", *map(str, args)], env=env, capture_output=True, check=False)


@pytest.fixture(scope="module")
def saturday(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Russian club tournament after two rounds, in `Клуб Суббота/Турнир клуба.xlsx`."""
    folder = tmp_path_factory.mktemp("console") / "Клуб Суббота"
    assert forsxl("utf-8", "demo", folder, "--played", "2", "--lang", "ru").returncode == 0
    return (folder / "club.xlsx").rename(folder / "Турнир клуба.xlsx")


@pytest.fixture(scope="module")
def explained(saturday: Path) -> bytes:
    """What `explain --round 2` prints on a UTF-8 console: what every other console must read the same."""
    run = forsxl("utf-8", "explain", saturday, "--round", "2")
    assert (run.returncode, run.stderr) == (0, b"")
    return run.stdout


@pytest.fixture(scope="module")
def broken(saturday: Path) -> tuple[Path, str]:
    """A copy of the Saturday with a mistyped rating, and what `check` says of it on a UTF-8 console."""
    path = saturday.with_name("Турнир с ошибкой.xlsx")
    workbook = openpyxl.load_workbook(saturday)
    workbook.worksheets[1]["C3"] = "19l5"
    workbook.save(path)
    return path, forsxl("utf-8", "check", path).stderr.decode("utf-8")


@pytest.mark.parametrize("encoding", STAND_INS)
def test_explain_reads_on_a_windows_code_page(saturday: Path, explained: bytes, encoding: str) -> None:
    expected = explained.decode("utf-8")
    for char, plain in STAND_INS[encoding].items():
        assert char in expected  # the lines have it to lose
        expected = expected.replace(char, plain)
    run = forsxl(encoding, "explain", saturday, "--round", "2")
    assert (run.returncode, run.stderr) == (0, b"")
    assert run.stdout == expected.encode(encoding)
    assert "Доска 1: ".encode(encoding) in run.stdout


@pytest.mark.parametrize("encoding", STAND_INS)
def test_an_error_reads_on_a_windows_code_page(broken: tuple[Path, str], encoding: str) -> None:
    """stderr, which Python would write as `\\u2014` where the code page lacks the dash."""
    path, expected = broken
    assert "рейтинг «19l5» — не число" in expected
    run = forsxl(encoding, "check", path)
    assert run.returncode == 1
    if encoding == "cp866":  # no dash and no «ёлочки» in the old DOS code page
        expected = expected.replace("—", "-").replace("«", '"').replace("»", '"')
    assert run.stderr == expected.encode(encoding)


def test_an_ascii_console_never_raises(saturday: Path, explained: bytes) -> None:
    """Where the output claims ASCII, typer's echo writes UTF-8 (click's answer to a misconfigured Linux terminal);
    what is written past it, as the help, comes in Latin letters."""
    run = forsxl("ascii", "explain", saturday, "--round", "2")
    assert run.returncode == 0
    assert run.stdout == explained
    help = forsxl("ascii", "pair", saturday, "--help")
    assert help.returncode == 0 and help.stdout.isascii()
    assert b"Zapusk: forsxl pair" in help.stdout
