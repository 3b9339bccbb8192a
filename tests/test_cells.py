"""Cells read from the raw pass (book/cells.py, issue 19): a workbook loaded by forsxl holds, sheet for sheet, the
cells, types, styles and row settings openpyxl's own reader builds, on every layout of tests/featurebook.py, the
bundled example and any worksheet XML hypothesis writes; openpyxl refuses a file exactly when forsxl does."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from featurebook import FLAVORS, feature_book, openpyxl_drops
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.styles import Font
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula
from openpyxl.worksheet.worksheet import Worksheet
from property_runs import SHARED_FIXTURE
from test_cli import invoke

from forsxl.book import openpyxl_private
from forsxl.book.package import UNREAD, Package, values
from forsxl.book.read import open_package
from forsxl.book.safety import check_sheets
from forsxl.engine.errors import WorkbookErrors

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "club.xlsx"


def _plain(value: object) -> object:
    """A value that compares by content: openpyxl's array and data-table formulas compare by identity."""
    if isinstance(value, ArrayFormula):
        return "array", value.ref, value.text
    return ("table", dict(value)) if isinstance(value, DataTableFormula) else value


def sheet_model(sheet: Worksheet) -> dict[str, Any]:
    """Everything openpyxl's reader binds to a worksheet's cells and rows, and the row `append` then writes to."""
    model = {
        "cells": {at: (_plain(cell.value), type(cell.value).__name__, cell.data_type, openpyxl_private.style_key(cell),
                       cell.hyperlink and cell.hyperlink.ref, cell.comment and cell.comment.text)
                  for at, cell in openpyxl_private.cells(sheet).items()},
        "rows": {number: dict(dimension) for number, dimension in sheet.row_dimensions.items()},
        "merged": sorted(map(str, sheet.merged_cells.ranges)),
    }
    sheet.append(["appended"])
    model["appended"] = [at for at, cell in openpyxl_private.cells(sheet).items() if cell.value == "appended"]
    return model


def same_as_openpyxl(path: Path) -> int:
    """Assert that forsxl's load of `path` is openpyxl's, sheet for sheet; the number of worksheets compared."""
    ours: Workbook = open_package(path)[0]
    theirs = openpyxl.load_workbook(path)
    assert ours.sheetnames == theirs.sheetnames
    compared = 0
    for title in theirs.sheetnames:
        mine, wanted = ours[title], theirs[title]
        if not isinstance(wanted, Worksheet):
            continue
        assert isinstance(mine, Worksheet)
        if title in UNREAD:  # left empty to openpyxl; its values are read from the part
            assert values(mine) == values(wanted), title
        else:
            assert sheet_model(mine) == sheet_model(wanted), title
        compared += 1
    return compared


@pytest.mark.parametrize("flavor", FLAVORS)
def test_r0_a_feature_book_loads_as_openpyxl_reads_it(tmp_path: Path, flavor: str) -> None:
    path = tmp_path / "club.xlsx"
    feature_book(path, flavor)
    assert sum(sheet.plain for sheet in check_sheets(path).values()) == 4  # the 6 worksheets but Players and Notes
    with openpyxl_drops():
        assert same_as_openpyxl(path) == 6
    assert invoke("pair", path).exit_code == 0
    with openpyxl_drops():
        assert same_as_openpyxl(path) == 9  # with forsxl's Round-1, Standings and Log, as its package writer saved them


@pytest.mark.parametrize("flavor", FLAVORS)
def test_the_check_and_the_package_find_the_same_sheets(tmp_path: Path, flavor: str) -> None:
    """The raw pass records the worksheets the package keeps, found one way (book/parts.py `Parts`): the SDK points at
    absolute part names, Excel at relative ones (issue 34)."""
    path = tmp_path / "club.xlsx"
    feature_book(path, flavor)
    package = Package(path.read_bytes())
    assert set(check_sheets(path)) == {entry.part for entry in package.sheets if entry.worksheet}
    assert len(check_sheets(path)) == 6


def test_r0_the_example_loads_as_openpyxl_reads_it(tmp_path: Path) -> None:
    if not EXAMPLE.is_file():
        pytest.skip("examples/club.xlsx is made by `forsxl demo` and is not in this checkout")
    assert same_as_openpyxl(EXAMPLE) >= 3


# -------------------------------------------------------------------------------- any worksheet XML at all


def base_package() -> dict[str, bytes]:
    """A workbook of one sheet whose styles hold a date, a duration and a bold font (xf 1, 2, 3)."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet["A1"] = "x"
    sheet["A2"].number_format = "yyyy-mm-dd"
    sheet["A3"].number_format = "[h]:mm:ss"
    sheet["A4"].font = Font(bold=True)
    out = io.BytesIO()
    book.save(out)
    with zipfile.ZipFile(out) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


BASE = base_package()
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STRINGS = ("Иванов", "two words", " spaced ")
_STRINGS_XML = (f'<sst xmlns="{MAIN}" count="3" uniqueCount="3">'
                + "".join(f'<si><t xml:space="preserve">{s}</t></si>' for s in STRINGS) + "</sst>").encode()

_values = st.sampled_from(["0", "1", "2.5", "-1e-3", "1E5", "45000", "45000.75", "", "#N/A", "2026-11-28T10:00:00",
                           "x", "12a", "1e400"])
_PLAIN_FORMULAS, _OTHER_FORMULAS = [None, None, None, "", "SUM(A1:A2)", "A1&amp;B1"], ["shared", "array"]
_PLAIN_INLINE, _OTHER_INLINE = [None, None, None, "<t>inline</t>", "<t/>", '<t xml:space="preserve"> a </t>', ""], [
    "<r><t>rich</t></r>", '<t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh>']
_EXTRAS = ['<mergeCells count="1"><mergeCell ref="A1:B2"/></mergeCells>',
           '<hyperlinks><hyperlink ref="A1" location="Sheet!B2"/></hyperlinks>']


def _sheets(strange: bool, ranges: bool = True) -> st.SearchStrategy[tuple[list[Any], str]]:
    """Rows of cells and what follows sheetData; `strange` lets in what openpyxl reads itself (shared and array
    formulas, rich and phonetic text, merges, links), which half the examples leave out so as to be read from the
    raw pass; without `ranges`, strange text alone (shared and array formulas, merges and links make openpyxl's
    cells other than the XML's)."""
    cells = st.tuples(
        st.sampled_from([None, "n", "s", "b", "str", "inlineStr", "e", "d"]),  # t
        st.sampled_from([None, "0", "1", "2", "3"]),  # s
        st.one_of(st.none(), _values, st.sampled_from(["0", "1", "2"])),  # <v>
        st.sampled_from(_PLAIN_FORMULAS + _OTHER_FORMULAS * (strange and ranges)),  # <f>
        st.sampled_from(_PLAIN_INLINE + _OTHER_INLINE * strange),  # <is>
        st.booleans(),  # whether the cell says where it is
        st.integers(0, 2),  # columns skipped before it
    )
    rows = st.lists(st.tuples(
        st.sampled_from(["", ' ht="30" customHeight="1"', ' hidden="1"', ' s="3" customFormat="1"', ' spans="1:3"',
                         ' outlineLevel="1" collapsed="1"', ' x14ac:dyDescent="0.25"']),
        st.booleans(),  # whether the row says its number
        st.integers(0, 2),  # rows skipped before it
        st.lists(cells, max_size=5),
    ), max_size=6)
    return st.tuples(rows, st.sampled_from(["", *_EXTRAS] if strange and ranges else [""]))


def sheet_xml(rows: list[Any], extra: str) -> bytes:
    """A worksheet of `rows`, as generated above, then `extra` after its sheetData."""
    body, number = [], 0
    for attributes, numbered, skip, cells in rows:
        number += 1 + skip
        column, out = 0, []
        for kind, style, v, formula, inline, located, gap in cells:
            column += 1 + gap
            head = f' r="{chr(64 + column)}{number}"' if located else ""
            head += f' t="{kind}"' if kind else ""
            head += f' s="{style}"' if style else ""
            inner = ""
            if formula == "shared":
                inner += '<f t="shared" ref="A1:A3" si="0">A1+1</f>'
            elif formula == "array":
                inner += '<f t="array" ref="A1">A1*2</f>'
            elif formula is not None:
                inner += f"<f>{formula}</f>" if formula else "<f/>"
            if inline is not None:
                inner += f"<is>{inline}</is>"
            if v is not None:
                inner += f"<v>{v}</v>"
            out.append(f"<c{head}>{inner}</c>")
        body.append(f'<row{f" r={chr(34)}{number}{chr(34)}" if numbered else ""}{attributes}>{"".join(out)}</row>')
    return (f'<worksheet xmlns="{MAIN}" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac">'
            f'<sheetData>{"".join(body)}</sheetData>{extra}</worksheet>').encode()


def write_package(path: Path, sheet: bytes, title: str = "Sheet") -> None:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in BASE.items():
            if name == "xl/workbook.xml":
                data = data.replace(b'name="Sheet"', f'name="{title}"'.encode())
            archive.writestr(name, sheet if name == "xl/worksheets/sheet1.xml" else
                             _STRINGS_XML if name == "xl/sharedStrings.xml" else data)


OUT_OF_RANGE_DATE = "ignore:Cell .* is marked as a date but the serial value .* is outside the limits:UserWarning"
"""openpyxl's word on a date cell whose drawn value (inf) no date has: the examples draw such cells on purpose, and
only some runs draw one, so it is let pass here rather than expected."""


@pytest.mark.filterwarnings(OUT_OF_RANGE_DATE)
@settings(max_examples=150, suppress_health_check=SHARED_FIXTURE)
@given(sheet=st.booleans().flatmap(_sheets))
def test_r0_any_worksheet_loads_as_openpyxl_reads_it_or_is_refused_as_openpyxl_refuses_it(
        tmp_path: Path, sheet: tuple[list[Any], str]) -> None:
    rows, extra = sheet
    path = tmp_path / "any.xlsx"
    write_package(path, sheet_xml(rows, extra))
    try:
        openpyxl.load_workbook(path)
    except Exception:  # openpyxl refuses it: so must forsxl, with its one line
        with pytest.raises(WorkbookErrors):
            open_package(path)
        return
    assert same_as_openpyxl(path) == 1


@pytest.mark.filterwarnings(OUT_OF_RANGE_DATE)
@settings(max_examples=100, suppress_health_check=SHARED_FIXTURE)
@given(sheet=st.booleans().flatmap(lambda strange: _sheets(strange, ranges=False)))
def test_r0_an_unread_sheet_has_the_values_openpyxl_reads_of_it(tmp_path: Path, sheet: tuple[list[Any], str]) -> None:
    """Standings is not given to openpyxl (book/package.py UNREAD): its values come from the record of the raw pass
    through the mapping that builds a plain sheet's cells, plain or not, dates, booleans, rich and phonetic text
    included (issue 34)."""
    rows, extra = sheet
    path = tmp_path / "unread.xlsx"
    write_package(path, sheet_xml(rows, extra), "Standings")
    try:
        theirs = openpyxl.load_workbook(path)
    except Exception:  # a cell openpyxl refuses: nothing reads Standings' cells but forsxl's own
        return
    assert values(open_package(path)[0]["Standings"]) == values(theirs["Standings"])
