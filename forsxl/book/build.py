"""The edits turned into openpyxl's objects, for the file writer to serialise (issue 38; docs/edits.md).

book/describe.py says what a command wrote as Edits; `Builder` makes openpyxl's cells, styles and sheet settings of
them again inside a workbook whose style lists gain what the formats use, and `new_workbook_of` a whole new workbook.
The tables here name each kind of format both ways, so that what is said is what is built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Border, Color, Font, PatternFill, Protection, Side
from openpyxl.styles.numbers import BUILTIN_FORMATS_MAX_SIZE, BUILTIN_FORMATS_REVERSE
from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.header_footer import HeaderFooterItem
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book.edits import Edits, Format, Json, Sheet, Value
from forsxl.book.openpyxl_private import StyleArray, add_cell, new_cell, styles


class Part(NamedTuple):
    """A part of a cell format: openpyxl's class of it, the StyleArray field that numbers it, and openpyxl's keys of
    it -> ours."""

    kind: type
    field: str
    keys: dict[str, str]


PARTS = {
    "font": Part(Font, "fontId", {"name": "name", "sz": "size", "b": "bold", "i": "italic", "u": "underline",
                                  "strike": "strike", "color": "color", "family": "family"}),
    "fill": Part(PatternFill, "fillId", {"patternType": "pattern", "fgColor": "color", "bgColor": "background"}),
    "border": Part(Border, "borderId", {"left": "left", "right": "right", "top": "top", "bottom": "bottom"}),
    "alignment": Part(Alignment, "alignmentId", {"horizontal": "horizontal", "vertical": "vertical",
                                                 "wrapText": "wrap", "indent": "indent", "textRotation": "rotation",
                                                 "shrinkToFit": "shrink"}),
    "protection": Part(Protection, "protectionId", {"locked": "locked", "hidden": "hidden"}),
}
SIDE = {"style": "style", "color": "color"}
"""The keys of a border's side."""
LISTS = {"fontId": "fonts", "fillId": "fills", "borderId": "borders", "alignmentId": "alignments",
         "protectionId": "protections"}
"""The workbook's list each StyleArray field numbers into (`openpyxl_private.Styles`)."""
VALIDATION = {"type": "type", "formula1": "formula1", "formula2": "formula2", "operator": "operator",
              "allowBlank": "allow_blank", "showErrorMessage": "show_error", "errorStyle": "error_style",
              "errorTitle": "error_title", "error": "error", "showInputMessage": "show_input",
              "promptTitle": "prompt_title", "prompt": "prompt", "showDropDown": "hide_dropdown"}
"""openpyxl's keys of a data validation -> ours (its range and a list given in place aside)."""


def _built(kind: type, said: Json, keys: Mapping[str, str]) -> Any:
    """An openpyxl style object from our keys for it (book/describe.py `_said`)."""
    ours = {v: k for k, v in keys.items()}
    return kind(**{ours[key]: _built_value(value) for key, value in said.items()})


def _built_value(value: Any) -> Any:
    if isinstance(value, dict):
        return _built(Side, value, SIDE)
    if isinstance(value, str) and len(value) == 8 and all(c in "0123456789ABCDEFabcdef" for c in value):
        return Color(rgb=value)
    return value


class Builder:
    """The edits turned into openpyxl's objects inside `workbook`, whose style lists gain what the formats use, in
    the order the cells are built."""

    def __init__(self, workbook: Workbook, formats: list[Format]):
        self.workbook, self.formats = workbook, formats
        self.lists = styles(workbook)
        self._parts: dict[tuple[int, str], int] = {}
        self._xfs: dict[int | None, int | None] = {}

    def style(self, number: int | None, base: StyleArray | None = None) -> StyleArray:
        """The cell style of format `number` laid over `base` (the default when None)."""
        style = StyleArray(base) if base is not None else StyleArray()
        if number is None:
            return style
        format = self.formats[number]
        for part, (kind, key, keys) in PARTS.items():
            if part in format:
                if (number, part) not in self._parts:
                    self._parts[(number, part)] = getattr(self.lists, LISTS[key]).add(_built(kind, format[part],
                                                                                                keys))
                setattr(style, key, self._parts[(number, part)])
        if "number_format" in format:
            code = format["number_format"]
            style.numFmtId = (BUILTIN_FORMATS_REVERSE[code] if code in BUILTIN_FORMATS_REVERSE else
                              self.lists.number_formats.add(code) + BUILTIN_FORMATS_MAX_SIZE)
        return style

    def xf(self, number: int | None) -> int | None:
        """The number of the cell style of format `number` in the workbook's list, added to it when first asked for
        as openpyxl adds a cell's when it writes it; None for no style."""
        if number not in self._xfs:
            style = self.style(number)
            self._xfs[number] = self.lists.cell_styles.add(style) if any(style) else None
        return self._xfs[number]

    @property
    def styles(self) -> list[StyleArray]:
        """The workbook's cell styles by number."""
        return self.lists.cell_styles

    def cell(self, sheet: Worksheet, row: int, column: int, value: Value, style: StyleArray) -> Cell:
        """A cell of `sheet` holding `value` as the edits say it (text as text), not put into the sheet."""
        return new_cell(sheet, row, column, style, value, kind_of(value))

    def fill(self, target: Worksheet, sheet: Sheet) -> None:
        """An empty worksheet made what `sheet` says, cells and all (for openpyxl to save a new workbook)."""
        for line in sheet.rows:
            if not line.cells and line.height is None:  # a row that holds nothing: openpyxl writes it so
                add_cell(target, line.row, 1, StyleArray(), None, "n")
            for column, value, number in line.cells:
                add_cell(target, line.row, column, self.style(number), value, kind_of(value))
        self.settings(target, sheet)

    def settings(self, target: Worksheet, sheet: Sheet) -> None:
        """What `sheet` says of an empty worksheet but its cells: row heights, column widths, frozen panes, merged
        cells, validations, print settings."""
        for line in sheet.rows:
            if line.height is not None:
                target.row_dimensions[line.row].height = line.height
        for column, width in sheet.columns:
            target.column_dimensions[get_column_letter(column)].width = width
        target.freeze_panes = sheet.freeze
        for merged in sheet.merged:
            target.merge_cells(merged)
        for said in sheet.validations:
            target.add_data_validation(_validation_built(said))
        _print(target, sheet.print)


def kind_of(value: Value) -> str:
    """openpyxl's data type of a value the edits give."""
    if isinstance(value, str):
        return "s"
    if isinstance(value, bool):
        return "b"
    return "n" if value is None or isinstance(value, int | float) else "d"


def _validation_built(said: Json) -> DataValidation:
    names = {key: name for name, key in VALIDATION.items()}
    given = {names[key]: value for key, value in said.items() if key in names}
    if "list" in said:
        given["formula1"] = '"' + ",".join(said["list"]) + '"'
    validation = DataValidation(**given)
    validation.sqref = said["range"]
    return validation


def _print(sheet: Worksheet, said: Json) -> None:
    setup = sheet.page_setup
    setup.paperSize, setup.orientation = said.get("paper"), said.get("orientation")
    if "fit" in said:
        sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
        setup.fitToWidth, setup.fitToHeight = said["fit"]["width"], said["fit"]["height"]
    to_text: Callable[[int], str] = str
    if "title_rows" in said:
        sheet.print_title_rows = ":".join(map(to_text, said["title_rows"]))
    if "title_columns" in said:
        sheet.print_title_cols = ":".join(map(get_column_letter, said["title_columns"]))
    if "area" in said:
        sheet.print_area = said["area"]
    if said.get("gridlines"):
        sheet.print_options.gridLines = True
    for key, name in (("header", "oddHeader"), ("footer", "oddFooter")):
        if key in said:
            item = HeaderFooterItem()
            for part, text in said[key].items():
                getattr(item, part).text = text["text"].replace("&", "&&")  # `&` starts a header code
                getattr(item, part).size = text.get("size")
            setattr(sheet.HeaderFooter, name, item)


def new_workbook_of(edits: Edits) -> Workbook:
    """The workbook a `new` edits make whole, for openpyxl to save: its sheets in their order."""
    workbook = Workbook()
    builder = Builder(workbook, edits.formats)
    whole = {sheet.name: sheet for sheet in edits.sheets}
    for index, name in enumerate(edits.order):
        sheet = workbook.active if index == 0 else workbook.create_sheet(name)
        assert isinstance(sheet, Worksheet)
        sheet.title = name
        builder.fill(sheet, whole[name])
    return workbook
