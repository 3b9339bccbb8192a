"""Printing from the spreadsheet (issue 20): a round sheet is one A4 portrait page for the wall, with the
tournament, round and date on top, the header row repeated and gridlines; Standings print landscape."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from test_cli import edit, new_book, ok

FIELD = [{"Name": f"Player {n:03}", "Rating": 2700 - 20 * n} for n in range(120)]


@pytest.fixture(scope="module")
def paired(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """120 players, round 1 paired: 60 boards, a Saturday's largest club field."""
    path = new_book(tmp_path_factory.mktemp("print"), FIELD)
    edit(path, "Config", 2, Value="Cup & Shield")
    ok("pair", path)
    return path


def test_round_sheet_is_set_to_print_on_one_a4_page(paired: Path) -> None:
    sheet = openpyxl.load_workbook(paired)["Round-1"]
    setup = sheet.page_setup
    assert (setup.paperSize, setup.orientation, setup.fitToWidth, setup.fitToHeight) == (9, "portrait", 1, 1)
    assert sheet.print_title_rows == "$1:$1" and sheet.print_options.gridLines
    assert sheet.oddHeader.center.text == "Cup && Shield · Round-1"  # `&&` prints one `&`


def test_standings_print_landscape_one_page_wide(paired: Path) -> None:
    sheet = openpyxl.load_workbook(paired)["Standings"]
    setup = sheet.page_setup
    assert (setup.orientation, setup.fitToWidth, setup.fitToHeight) == ("landscape", 1, 0)
    assert sheet.print_title_rows == "$1:$1"


@pytest.mark.libreoffice
def test_a_round_of_60_boards_prints_on_one_page_in_calc(paired: Path, tmp_path: Path) -> None:
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from test_reliability import soffice

    workbook = openpyxl.load_workbook(paired)
    for title in workbook.sheetnames:
        if title != "Round-1":
            del workbook[title]
    alone = tmp_path / "round.xlsx"
    workbook.save(alone)
    pdf = soffice(alone, "pdf", tmp_path / "pdf").read_bytes()
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1
