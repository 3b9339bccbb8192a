"""What a command writes, as data (issue 38, docs/edits.md): every save of every writing command is the file forsxl
wrote before the edits were the one path to a file (tests/saves.json), and the edits' JSON alone, applied to the
workbook as read, writes that same file, byte for byte; the edits carry every format they promise, and text stays
text."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet
from saves import DIGESTS, SCENARIOS, digest, recorded

from forsxl.book import save as save_module
from forsxl.book.build import new_workbook_of
from forsxl.book.describe import describe
from forsxl.book.edits import Edits, Row
from forsxl.book.package import Package, _dimension
from forsxl.book.read import open_package

WRITTEN = json.loads(DIGESTS.read_text(encoding="utf-8"))


def _through_json(edits: Edits) -> Edits:
    return Edits.from_json(json.loads(json.dumps(edits.to_json(), ensure_ascii=False)))


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist() if name != "docProps/core.xml"}


@pytest.fixture
def from_json_alone(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[str]]:
    """Every save written again from its edits' JSON alone and the workbook as read (a fresh read of its bytes), and
    held to the file the save wrote: the edits are all that reaches a file."""
    real_write, real_new = Package.write, save_module.new_workbook_of
    checked: list[str] = []

    def write(self: Package, edits: Edits, target: str | Path) -> None:
        real_write(self, edits, target)
        read = tmp_path / f"read-{len(checked)}.xlsx"
        read.write_bytes(self.data)
        fresh = open_package(read)[1]
        assert fresh is not None
        again = io.BytesIO()
        real_write(fresh, _through_json(edits), again)
        assert _members(again.getvalue()) == _members(Path(target).read_bytes()), edits.command
        checked.append(edits.command)

    def new(edits: Edits) -> Workbook:
        built, again = (io.BytesIO(), io.BytesIO())
        real_new(edits).save(built)
        real_new(_through_json(edits)).save(again)
        assert _members(again.getvalue()) == _members(built.getvalue()), edits.command
        checked.append(edits.command)
        return real_new(edits)

    monkeypatch.setattr(Package, "write", write)
    monkeypatch.setattr(save_module, "new_workbook_of", new)
    yield checked


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_every_save_is_the_file_forsxl_wrote_and_its_edits_alone_write_it(scenario: str, tmp_path: Path,
                                                                          from_json_alone: list[str]) -> None:
    saves = recorded(scenario, tmp_path)
    assert [digest(saved) for saved in saves] == WRITTEN[scenario], (
        "a save is written differently: if the change means it, `python tests/saves.py SCENARIO` (docs/development.md)")
    assert len(from_json_alone) == len(saves) - (scenario == "club")  # but the undo: a version, byte for byte


# ------------------------------------------------------------------------------------------------ the format


def _everything() -> Workbook:
    """A workbook with every kind of value and format the edits can say, laid out as openpyxl would save it."""
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Всё"
    values = ["=HYPERLINK(1)", "+7 912", "-", "@home", "001", "", 7, 6.5, -1.25e-7, 10**17, True, False,
              datetime(2026, 11, 28, 10, 15), date(2026, 11, 28), time(10, 15, 30), timedelta(hours=1, minutes=30)]
    for column, value in enumerate(values, start=1):
        cell = sheet.cell(1, column)
        cell.value = value
        if isinstance(value, str):
            cell.data_type = "s"
    thin = Side(style="thin", color="FF112233")
    formats = [
        {"font": Font(name="Arial", size=14, bold=True, italic=True, underline="single", strike=True,
                      color="FFFF0000", family=2)},
        {"fill": PatternFill(fill_type="solid", start_color="FFFFFF00", end_color="FF00FF00")},
        {"border": Border(left=thin, right=thin, top=Side(style="medium"), bottom=Side(style="double"))},
        {"alignment": Alignment(horizontal="center", vertical="top", wrap_text=True, indent=2, text_rotation=90,
                                shrink_to_fit=False)},
        {"number_format": "0.00%"}, {"number_format": "@"},
        {"protection": Protection(locked=False, hidden=True)},
        {"font": Font(bold=False)},
    ]
    for row, looks in enumerate(formats, start=2):
        cell = sheet.cell(row, 2)
        cell.value = f"format {row}"
        for key, value in looks.items():
            setattr(cell, key, value)
    sheet.cell(12, 3).font = Font(bold=True)  # a formatted empty cell
    sheet.row_dimensions[3].height = 30
    sheet.row_dimensions[20].height = 5  # a row with a height and no cell
    sheet.column_dimensions["B"].width = 22.5
    sheet.freeze_panes = "C2"
    sheet.merge_cells("D4:F5")
    listed = DataValidation(type="list", formula1='"B+,W+,Б+"', allow_blank=True, showErrorMessage=True,
                            errorStyle="warning", errorTitle="Result", error="Not one of them")
    listed.add("H2:H9")
    ranged = DataValidation(type="whole", operator="between", formula1="1", formula2="9", showInputMessage=True,
                            promptTitle="Stones", prompt="1 to 9", showDropDown=True)
    ranged.add("I2:I9")
    ranged.add("K2")
    for validation in (listed, ranged):
        sheet.add_data_validation(validation)
    sheet.page_setup.paperSize, sheet.page_setup.orientation = sheet.PAPERSIZE_A4, "landscape"
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
    sheet.sheet_properties.pageSetUpPr = openpyxl.worksheet.properties.PageSetupProperties(fitToPage=True)
    sheet.print_title_rows, sheet.print_title_cols = "1:2", "A:B"
    sheet.print_area = "A1:K20"
    sheet.print_options.gridLines = True
    sheet.oddHeader.center.text, sheet.oddHeader.center.size = "Club && friends · Тур-1", 12
    sheet.oddFooter.right.text = "page"
    workbook.create_sheet("Second").append(["only", "values"])
    return workbook


def test_every_value_and_format_the_edits_say_is_built_as_it_was() -> None:
    original = _everything()
    edits = _through_json(describe(original, None, "new", ""))
    assert edits.order == ["Всё", "Second"] and edits.workbook == "new"
    written, rebuilt = io.BytesIO(), io.BytesIO()
    original.save(written)
    new_workbook_of(edits).save(rebuilt)
    assert _members(rebuilt.getvalue()) == _members(written.getvalue())


def test_the_edits_json_says_text_as_text_and_each_format_in_words() -> None:
    said = describe(_everything(), None, "new", "").to_json()
    json.dumps(said)  # plain data: nothing but JSON's own types
    first = said["sheets"][0]
    row_1 = {column: value for column, value, *_ in first["rows"][0]["cells"]}
    assert row_1[1] == "=HYPERLINK(1)" and row_1[2] == "+7 912" and row_1[5] == "001" and row_1[6] == ""
    assert row_1[7] == 7 and row_1[8] == 6.5 and row_1[11] is True
    assert row_1[13] == {"datetime": "2026-11-28T10:15:00"} and row_1[14] == {"date": "2026-11-28"}
    assert row_1[15] == {"time": "10:15:30"} and row_1[16] == {"duration": 5400.0}
    assert {"font": {"name": "Arial", "size": 14.0, "bold": True, "italic": True, "underline": "single",
                     "strike": True, "color": "FFFF0000", "family": 2.0}} in said["formats"]
    assert {"border": {"left": {"style": "thin", "color": "FF112233"}, "right": {"style": "thin", "color": "FF112233"},
                       "top": {"style": "medium"}, "bottom": {"style": "double"}}} in said["formats"]
    assert {"protection": {"locked": False, "hidden": True}} in said["formats"]
    assert {"font": {}} in said["formats"]  # Font(bold=False): a font of its own, of defaults only
    assert first["freeze"] == "C2" and first["merged"] == ["D4:F5"]
    assert first["validations"][0] == {"range": "H2:H9", "type": "list", "list": ["B+", "W+", "Б+"],
                                       "allow_blank": True, "show_error": True, "error_style": "warning",
                                       "error_title": "Result", "error": "Not one of them"}
    assert first["print"] == {"paper": 9, "orientation": "landscape", "fit": {"width": 1, "height": 0},
                              "title_rows": [1, 2], "title_columns": [1, 2], "area": "A1:K20", "gridlines": True,
                              "header": {"center": {"text": "Club & friends · Тур-1", "size": 12}},
                              "footer": {"right": {"text": "page"}}}


def test_edits_of_another_version_are_refused() -> None:
    said = Edits().to_json()
    assert Edits.from_json(said) == Edits()
    with pytest.raises(ValueError, match="version 1"):
        Edits.from_json({**said, "version": 2})


def test_a_sheet_written_whole_has_the_dimension_openpyxl_gives_it() -> None:
    """book/package.py writes a sheet's cells itself: its dimension is the one openpyxl gives the sheet holding them
    (merged cells counted, a row holding nothing too)."""
    edits = describe(_everything(), None, "new", "")
    edits.sheets[0].rows.append(Row(30))
    built = new_workbook_of(edits)
    for sheet in edits.sheets:
        worksheet = built[sheet.name]
        assert isinstance(worksheet, Worksheet)
        assert _dimension(sheet) == worksheet.calculate_dimension(), sheet.name
