"""The edits a command made, said from openpyxl's model of the workbook (issue 38; docs/edits.md).

A command writes into openpyxl's workbook (book/write.py and its siblings): whole sheets it creates (`fresh_sheet`,
and the sheets of a new workbook) and cells it `put`s into the sheets a person keeps, which `sheets.put` notes.
`describe` says all of that as Edits, plain data, which every save applies (book/build.py makes openpyxl's objects
of them again for the file writer, by the same tables).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from datetime import date, datetime, time, timedelta
from typing import Any

from openpyxl.styles import Alignment, Border, Color, Font, PatternFill, Protection, Side
from openpyxl.styles.numbers import BUILTIN_FORMATS, BUILTIN_FORMATS_MAX_SIZE
from openpyxl.utils import column_index_from_string, get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.dimensions import ColumnDimension, RowDimension
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book.build import LISTS, PARTS, SIDE, VALIDATION
from forsxl.book.edits import Cells, Edits, Format, Json, Row, Sheet, Value
from forsxl.book.openpyxl_private import StyleArray, Styles, cell_records, style_array, styles
from forsxl.book.package import Package
from forsxl.book.sheets import written

_DEFAULTS: dict[type, Any] = {kind: kind() for kind in (Font, PatternFill, Border, Alignment, Protection, Side)}


class Unsayable(RuntimeError):
    """Something forsxl wrote that the edits have no words for: a bug of the writer that wrote it, never the file's."""


def _said(item: Any, keys: Mapping[str, str]) -> Json:
    """An openpyxl style object as our keys: each field that differs from a new object's, a colour as its ARGB."""
    default, out = _DEFAULTS[type(item)], {}
    for name in (*item.__attrs__, *item.__elements__):
        value = getattr(item, name)
        if value == getattr(default, name):
            continue
        if name not in keys:
            raise Unsayable(f"{type(item).__name__}.{name} = {value!r}")
        out[keys[name]] = _said_value(value)
    return out


def _said_value(value: Any) -> Any:
    if isinstance(value, Color):
        if value.type != "rgb":
            raise Unsayable(f"a {value.type} colour")
        return value.rgb
    if isinstance(value, Side):
        return _said(value, SIDE)
    return value


def format_of(style: StyleArray, lists: Styles, only: set[str] | None = None) -> Format:
    """The format of a cell style; `only` its parts of these StyleArray fields (the parts forsxl changed)."""
    if style.xfId or style.quotePrefix or style.pivotButton:
        raise Unsayable("a named cell style, a quote prefix or a pivot button")
    out: Format = {}
    for part, (_, key, keys) in PARTS.items():
        index = getattr(style, key)
        if only is not None and key not in only:
            continue
        if index == 0 and only is not None:
            raise Unsayable(f"a {part} set back to the workbook's default")
        if index:
            out[part] = _said(getattr(lists, LISTS[key])[index], keys)
    number = style.numFmtId
    if number and (only is None or "numFmtId" in only):
        out["number_format"] = (BUILTIN_FORMATS[number] if number < BUILTIN_FORMATS_MAX_SIZE
                                else lists.number_formats[number - BUILTIN_FORMATS_MAX_SIZE])
    return out



class _Formats:
    """The edits' table of formats, numbered as first met; a cell style is said once."""

    def __init__(self, workbook: Workbook):
        self.lists = styles(workbook)
        self.table: list[Format] = []
        self._numbers: dict[str, int] = {}
        self._styles: dict[bytes, int | None] = {}

    def number(self, format: Format) -> int | None:
        if not format:
            return None
        key = repr(sorted(format.items()))
        if key not in self._numbers:
            self._numbers[key] = len(self.table)
            self.table.append(format)
        return self._numbers[key]

    def of_style(self, style: StyleArray | None) -> int | None:
        """The number of a whole cell style's format (None: the default)."""
        if style is None or not any(style):
            return None
        key = bytes(style)
        if key not in self._styles:
            self._styles[key] = self.number(format_of(style, self.lists))
        return self._styles[key]


def describe(workbook: Workbook, package: Package | None, command: str, changes: str,
             focus: Json | None = None, round: int | None = None) -> Edits:
    """What the command wrote into `workbook`, read from `package` (None: a workbook made whole, every sheet of it
    new), as Edits."""
    formats = _Formats(workbook)
    edits = Edits("edit" if package is not None else "new", command, changes, formats=formats.table, focus=focus,
                  round=round)
    bound = {id(sheet): entry.name for sheet, entry in package.bound.values()} if package is not None else {}
    present = [workbook[name] for name in workbook.sheetnames]  # chart sheets too
    for sheet in present:
        edits.order.append(sheet.title)
        if id(sheet) not in bound:
            assert isinstance(sheet, Worksheet)  # forsxl creates worksheets only
            edits.sheets.append(_whole(sheet, formats))
        elif isinstance(sheet, Worksheet) and written(sheet):
            changed = _changed(sheet, formats)
            if changed.set:
                edits.cells.append(changed)
    if package is not None:
        kept = {bound.get(id(sheet)) for sheet in present} | {s.name for s in edits.sheets}
        edits.remove = [e.name for _, e in package.bound.values() if e.name not in kept]
        _keep_unread(edits.order, package)
    return edits


def _keep_unread(order: list[str], package: Package) -> None:
    """A sheet openpyxl could not read stays where it was, but for one forsxl wrote of its name: it had no part
    (openpyxl reads every sheet that has one), so nothing of it is lost."""
    read = {entry.name for _, entry in package.bound.values()}
    taken = {name.casefold() for name in order}
    for index, entry in enumerate(package.sheets):
        if entry.name not in read and entry.name.casefold() not in taken:
            before = {e.name for e in package.sheets[:index]}
            at = max((i + 1 for i, name in enumerate(order) if name in before), default=0)
            order.insert(at, entry.name)


_VALUES = (str, int, float, datetime, date, time, timedelta, type(None))
"""The types of the values the edits hold (bool is an int)."""


def _value(value: object, kind: str, where: str) -> Value:
    if kind == "f" or not isinstance(value, _VALUES):
        raise Unsayable(f"{where}: a formula or a value of type {type(value).__name__}")
    return value


def _whole(sheet: Worksheet, formats: _Formats) -> Sheet:
    """A sheet forsxl wrote whole."""
    rows: dict[int, Row] = {}
    for row, column, value, kind, style, noted in cell_records(sheet):
        line = rows.get(row) or rows.setdefault(row, Row(row))
        if noted:
            raise Unsayable(f"{sheet.title}!{get_column_letter(column)}{row}: a comment or a link")
        if value is not None or (style is not None and any(style)):
            line.cells.append((column, _value(value, kind, sheet.title), formats.of_style(style)))
    for number, dimension in sheet.row_dimensions.items():
        if set(dict(dimension)) - {"r", "ht", "customHeight", *_plain(dimension)}:
            raise Unsayable(f"{sheet.title}: row {number} {dict(dimension)}")
        rows.setdefault(number, Row(number)).height = dimension.height
    out = Sheet(sheet.title, [rows[n] for n in sorted(rows)], freeze=sheet.freeze_panes,
                merged=[str(r) for r in sheet.merged_cells.ranges],
                validations=[_validation(v) for v in sheet.data_validations.dataValidation], print=_printed(sheet))
    for letter, width in sheet.column_dimensions.items():
        if set(dict(width)) - {"min", "max", "width", "customWidth", *_plain(width)}:
            raise Unsayable(f"{sheet.title}: column {letter} {dict(width)}")
        out.columns.append((column_index_from_string(letter), width.width))
    return out


def _plain(dimension: RowDimension | ColumnDimension) -> tuple[str, ...]:
    """The keys of a row's or column's plain style: openpyxl gives it one, the plain cell style's number, where that
    is not 0 (LibreOffice's first cell style has an alignment); nothing to say, as the rebuilt row gets it too."""
    return () if any(style_array(dimension) or ()) else ("s", "customFormat", "style")


def _changed(sheet: Worksheet, formats: _Formats) -> Cells:
    """The cells forsxl changed in a sheet kept: each with its value, and the parts of its format forsxl set."""
    out = Cells(sheet.title)
    lists = formats.lists
    for (row, column), (value, kind, style) in sorted(written(sheet).items()):
        cell = sheet.cell(row, column)
        now = style_array(cell)
        if (value, kind, style) == (cell.value, cell.data_type, bytes(now) if now is not None and any(now) else b""):
            continue
        number = None
        if now is not None and any(now) and bytes(now) != style:
            was = StyleArray(array("i", style)) if style else StyleArray()
            fields = {key for key in (*LISTS, "numFmtId") if getattr(was, key) != getattr(now, key)}
            number = formats.number(format_of(now, lists, fields))
        out.set.append((row, column, _value(cell.value, cell.data_type, f"{sheet.title}!{cell.coordinate}"), number))
    return out


def _validation(validation: DataValidation) -> Json:
    said = {key: getattr(validation, name) for name, key in VALIDATION.items()
            if getattr(validation, name) != getattr(_NO_VALIDATION, name)}
    said["range"] = str(validation.sqref)
    items = _listed(said.get("formula1"))
    if items is not None:
        said["list"] = items
        del said["formula1"]
    return said


_NO_VALIDATION = DataValidation()


def _listed(formula: str | None) -> list[str] | None:
    """The items of a list given in place, `"B+,W+"`; None for a formula that is no such list."""
    if formula is None or len(formula) < 2 or formula[0] != '"' or formula[-1] != '"' or '"' in formula[1:-1]:
        return None
    return formula[1:-1].split(",")


def _printed(sheet: Worksheet) -> Json:
    setup, out = sheet.page_setup, {}
    for name, key in (("paperSize", "paper"), ("orientation", "orientation")):
        if getattr(setup, name) is not None:
            out[key] = getattr(setup, name)
    if sheet.sheet_properties.pageSetUpPr is not None and sheet.sheet_properties.pageSetUpPr.fitToPage:
        out["fit"] = {"width": setup.fitToWidth, "height": setup.fitToHeight}
    for key, value in (("title_rows", sheet.print_title_rows), ("title_columns", sheet.print_title_cols)):
        if value:
            first, last = value.replace("$", "").split(":")
            out[key] = [_line(first), _line(last)]
    if sheet.print_area:
        out["area"] = sheet.print_area.split("!")[-1].replace("$", "")
    if sheet.print_options.gridLines:
        out["gridlines"] = True
    for key, item in (("header", sheet.HeaderFooter.oddHeader), ("footer", sheet.HeaderFooter.oddFooter)):
        parts = {name: {"text": part.text.replace("&&", "&"), **({"size": part.size} if part.size else {})}
                 for name in ("left", "center", "right") if (part := getattr(item, name)).text}
        if parts:
            out[key] = parts
    return out


def _line(reference: str) -> int:
    """A row's number or a column's, `3` or `C`."""
    return int(reference) if reference.isdigit() else column_index_from_string(reference)



