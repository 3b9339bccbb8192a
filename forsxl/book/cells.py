"""A worksheet's cells read from its raw XML as openpyxl reads them, in the pass that measures it (issue 19).

`safety.check_sheets` streams every part once, before openpyxl builds anything. For a worksheet, `record_cells` records
each cell on the way (`RawCell`): its row and column, type (`t`), style (`s`), text (`<v>` or inline text) and
formula. When the sheet holds only what this reads exactly as openpyxl's reader would (`plain`), openpyxl is given the
part without its rows (book/package.py): it reads everything else of the sheet (column widths, panes, dropdowns,
conditional formats, print settings, tables, drawings) as ever, and `bind` then builds the cells openpyxl would have
built, with the same values, types and styles (`value`). Parsing the rows is most of openpyxl's reading of a
workbook; this is a fraction of it. A sheet openpyxl is not given to read (book/package.py UNREAD) has its values
from the same record and the same `value`, plain or not.

A sheet is not plain when something in it binds to cells or needs openpyxl's own reading: merged cells, hyperlinks
and comments (they make or change cells), a shared, array or data-table formula (openpyxl translates or wraps it),
rich or phonetic inline text, a row that is not where openpyxl looks for one, a row number other than a whole number.
openpyxl reads such a sheet whole.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pyexpat import XMLParserType
from typing import Any, NoReturn, Protocol

from openpyxl.utils.cell import column_index_from_string, coordinate_to_tuple, get_column_letter
from openpyxl.utils.datetime import from_excel, from_ISO8601
from openpyxl.utils.exceptions import CellCoordinatesException
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.dimensions import RowDimension
from openpyxl.worksheet.worksheet import Worksheet

from forsxl.book.openpyxl_private import Styles, add_cell, append_after, styles
from forsxl.i18n import N_, Later

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
CELL, ROW, RANGES = _MAIN + "c", _MAIN + "row", (_MAIN + "mergeCell", _MAIN + "hyperlink")
"""A cell, a row, and the ranges openpyxl builds a cell for each cell of (merged cells, links), by expat's names."""
_DATA, _VALUE, _FORMULA, _INLINE, _TEXT, _RUN = (_MAIN + name for name in ("sheetData", "v", "f", "is", "t", "r"))
_STRANGE = frozenset({CELL, ROW, *RANGES, _MAIN + "mergeCells", _MAIN + "hyperlinks"})
"""Elements that make a worksheet not plain where `record_cells` meets them: merged cells and links (openpyxl binds
them to cells), and a row or cell where no row or cell of sheetData can be."""
_DIGITS = "0123456789"


RawCell = tuple[int, int, str, str | None, str | None, str | None]
"""A `<c>` of a worksheet part, as written: `row, column, kind, style, text, formula` (each reader unpacks it by these
names). `kind` is its type, `t` (`n` when it has none); `style` its `s` (None when it has none); `text` the text of
its first `<v>` (None when it has none or that is empty), for `inlineStr` the text of its inline string as openpyxl's
reader takes it (rich text's runs joined, a phonetic reading left out; None without `<is>`); `formula` the text of its
first `<f>` (None without one). A plain tuple, not a NamedTuple: making one of those for every cell cost a tenth of
the raw pass."""


@dataclass
class RawSheet:
    """The cells of a worksheet part as `record_cells` recorded them."""

    cells: list[RawCell] = field(default_factory=list)
    rows: dict[int, dict[str, str]] = field(default_factory=dict)
    """Each row's attributes (but namespaced ones) for a row with more than `r` and `spans`: openpyxl makes a
    RowDimension of it."""
    plain: bool = True
    """Whether openpyxl's reader finds in the part exactly these cells and row attributes, and nothing else that binds
    to cells (merged cells, links)."""
    data: tuple[int, int] | None = None
    """The byte offsets of `<sheetData ...>` and of `</sheetData>` (equal for `<sheetData/>`)."""


Handlers = tuple[Callable[[str, dict[str, str]], None], Callable[[str], None], Callable[[str], None]]
"""expat's start, end and character data handlers."""


class Measure(Protocol):
    """What measures a worksheet as it streams (book/safety.py): the last cell met, every other element, and the cells
    each reaches."""

    at: tuple[int, int]

    def start(self, name: str, attributes: dict[str, str]) -> None: ...

    def reach(self, row: int, column: int, cells: int, ref: str | None) -> None: ...


class Budget(Protocol):
    """The elements left to stream in all parts together (book/safety.py)."""

    left: int

    def exceeded(self, part: str) -> NoReturn: ...


def reference(ref: str) -> tuple[int, int]:
    """(row, column) of a cell reference as openpyxl reads it; (0, 0) for one it refuses the file on."""
    try:
        return coordinate_to_tuple(ref)
    except (ValueError, CellCoordinatesException):
        return 0, 0


def record_cells(measure: Measure, budget: Budget, part: str, parser: XMLParserType) -> tuple[RawSheet, Handlers]:
    """The cells of a worksheet part as openpyxl's reader finds them, and the handlers that record them as `parser`
    streams the part, measuring it as `measure.start` does; they count the elements against `budget`.

    Speed matters here: this runs for every element of every sheet, so it is one function a call, and the
    measuring of a cell in a row is `measure.start`'s, inlined."""
    raw = RawSheet()
    append, strange, reach = raw.cells.append, _STRANGE, measure.reach
    depth, in_data, in_row, row, column = 0, False, False, 0, 0
    """How deep the element is, whether it is in sheetData and in a row of it; the row and column of the last cell,
    as openpyxl counts on for a row or cell that does not say where it is."""
    reading = False
    """Whether the element is in a `<c>`; then `at`, `kind`, `style`, `value`, `formula`, `inline` and `runs` are
    what it has so far, `valued` whether a `<v>` was met."""
    at, kind, value, formula, valued = (0, 0), "n", None, None, False
    style: str | None = None
    inline: str | None = None
    runs: list[str] = []
    child = grandchild = ""
    """The element of the `<c>` being read (`<v>`, `<f>`, `<is>`), and of its `<is>` (`<t>`, `<r>`, `<rPh>`)."""
    text: list[str] | None = None
    """The character data of the `<v>`, `<f>` or `<t>` being read."""

    def start(name: str, attributes: dict[str, str]) -> None:
        nonlocal depth, in_data, in_row, row, column, reading, at, kind, style, value, formula, valued, inline, runs
        nonlocal child, grandchild, text
        budget.left -= 1
        if budget.left < 0:
            budget.exceeded(part)
        depth += 1
        if reading:  # openpyxl reads a cell's first <v>, its first <f> and its <is>
            if name in strange:
                measure.start(name, attributes)
            if text is not None or name in strange:
                raw.plain = False  # markup inside a text: openpyxl's tree reads the text without it
            elif depth == 5:
                child = name
                if name == _VALUE and not valued:
                    valued, text = True, []
                elif name == _FORMULA and formula is None:
                    raw.plain = raw.plain and "t" not in attributes  # shared, array, data table: openpyxl's
                    text = []
                elif name == _INLINE and inline is None:
                    inline = ""
            elif depth == 6 and child == _INLINE:
                grandchild = name
                if name != _TEXT or inline:
                    raw.plain = False  # rich text runs, a phonetic reading, two texts: openpyxl's own way
                if name == _TEXT:
                    text = []
                elif name == _RUN:
                    runs = [*runs, ""]
            elif depth == 7 and grandchild == _RUN and name == _TEXT:
                text = []
            return
        if depth == 4 and in_row and name == CELL:
            ref, style = attributes.get("r"), attributes.get("s")
            if ref:
                letters = ref.rstrip(_DIGITS)
                try:  # coordinate_to_tuple without its scan for the first digit; it takes capitals only
                    if not letters.isupper():
                        raise ValueError(ref)
                    found = (int(ref[len(letters) :]), column_index_from_string(letters))
                except ValueError:
                    found = reference(ref)
                    raw.plain = raw.plain and found != (0, 0)  # openpyxl refuses the file on a bad reference
                at = found
            else:  # openpyxl puts it after its row's last cell; the measure counts on from the last cell met
                found, at = (measure.at[0], measure.at[1] + 1), (row, column + 1)
            measure.at, column = found, at[1]
            reach(found[0], found[1], 1, ref)
            raw.plain = raw.plain and style != ""
            reading, kind, value, formula, valued, inline = True, attributes.get("t", "n"), None, None, False, None
            if runs:
                runs = []
            return
        measure.start(name, attributes)
        if name == ROW and depth == 3 and in_data:
            number = attributes.get("r")
            raw.plain = raw.plain and (number is None or number.isdigit())  # openpyxl reads `1e3` its own way
            row, column, in_row = (row + 1 if number is None or not number.isdigit() else int(number)), 0, True
            kept = {key: held for key, held in attributes.items() if "}" not in key}
            if kept.keys() - {"r", "spans"}:
                raw.rows[row] = kept
        elif name == _DATA and depth == 2 and raw.data is None:
            raw.data, in_data = (parser.CurrentByteIndex, -1), True
        elif name in strange or name == _DATA or (in_data and depth in (3, 4)):
            raw.plain = False  # openpyxl finds rows, merged cells and links anywhere and takes a row's
            # every element for a cell

    def end(_name: str) -> None:
        nonlocal depth, in_data, in_row, reading, value, formula, inline, text
        depth -= 1
        if text is not None:
            if depth == 4:
                if child == _FORMULA:
                    formula = "".join(text)
                else:
                    value = "".join(text) or None  # openpyxl: an empty `<v/>` is no value
            elif depth == 5:
                inline = "".join(text)
            elif runs:
                runs[-1] = "".join(text)
            text = None
        elif reading:
            if depth == 3:
                if kind == "inlineStr":
                    value = inline if inline is None or not runs else inline + "".join(runs)
                append((at[0], at[1], kind, style, value, formula))
                reading = False
        elif depth == 2 and in_row:
            in_row = False
        elif depth == 1 and in_data and raw.data is not None:
            in_data, raw.data = False, (raw.data[0], parser.CurrentByteIndex)

    def chars(data: str) -> None:
        if text is not None:
            text.append(data)

    return raw, (start, end, chars)


def value(cell: RawCell, strings: list[str], formats: Styles, epoch: Any, style: int) -> tuple[object, str]:
    """The value and data type openpyxl gives a cell of a plain sheet (its worksheet reader, not in read-only or
    data-only mode): a formula as `=` and its text, numbers as int or float (a date or time when the style's format
    is one), shared strings by index, booleans from `0` and `1`."""
    _, _, kind, _, text, formula = cell
    if formula is not None:
        return "=" + formula, "f"
    if kind == "inlineStr":
        return (None, kind) if text is None else (text, "s")
    if text is None:
        return None, kind
    if kind == "n":
        number = float(text) if "." in text or "E" in text or "e" in text else int(text)
        if style in formats.date_formats:
            try:
                return from_excel(number, epoch, timedelta=style in formats.timedelta_formats), "d"
            except (OverflowError, ValueError):
                return "#VALUE!", "e"
        return number, kind
    if kind == "s":
        return strings[int(text)], kind
    if kind == "b":
        return bool(int(text)), kind
    if kind == "str":
        return text, "s"
    if kind == "d":
        return from_ISO8601(text), kind  # type: ignore[no-untyped-call]
    return text, kind


def damaged(sheet: RawSheet, strings: list[str], formats: Styles, epoch: Any) -> tuple[str, Later] | None:
    """The first cell (or row) of a recorded sheet that openpyxl's reader, and `value`, would misread or refuse, and
    why in words; None when every one reads as written. openpyxl takes a shared string's or a style's index of -1 for
    the last entry without a word, and stops at one past the end or at a value its type cannot have (a boolean
    written `true`)."""
    styles = len(formats.cell_styles)
    known_styles, known_strings = ({str(index) for index in range(count)} for count in (styles, len(strings)))
    """The right indexes as written, to check a cell with a look-up: this runs for every cell of every sheet."""
    for cell in sheet.cells:
        row, column, kind, style, text, formula = cell
        why = None
        if style is not None and style not in known_styles:  # `s=""` too: openpyxl stops at it
            why = _missing(style, styles, _STYLE)
        if why is None and text is not None and formula is None:
            if kind == "s":
                if text not in known_strings:
                    why = _missing(text, len(strings), _STRING)
            elif kind in _KINDS and not (kind == "n" and text.isdigit()):  # `value` reads other kinds as text
                try:
                    value(cell, strings, formats, epoch, int(style) if style else 0)
                except (ValueError, OverflowError):
                    why = Later("the cell holds {value!r}, and its type says {what}", value=text, what=_KINDS[kind])
        if why is not None:
            return f"{get_column_letter(column)}{row}", why
    for number, attributes in sheet.rows.items():
        why = _missing(attributes["s"], styles, _ROW_STYLE) if "s" in attributes else None
        if why is not None:
            return str(number), why
    return None


_STYLE = N_("the cell asks for style number {index}, and the workbook has {count} (numbered from 0)")
_ROW_STYLE = N_("the row asks for style number {index}, and the workbook has {count} (numbered from 0)")
_STRING = N_("the cell asks for shared text number {index}, and the workbook has {count} (numbered from 0)")
_KINDS = {"n": Later("a number"), "b": Later("true or false (1 or 0)"), "d": Later("a date")}


def _missing(index: str, count: int, why: str) -> Later | None:
    """Why an index into a list of `count` (a style's, a shared string's) is wrong; None when it is right."""
    try:
        if 0 <= int(index) < count:
            return None
    except ValueError:
        return Later("a style or a shared text is asked for by {index!r}, which is not a number", index=index)
    return Later(why, index=index, count=count)


def bind(sheet: Worksheet, recorded: RawSheet, strings: list[str]) -> None:
    """Build in `sheet` the cells and row dimensions openpyxl's reader builds of a plain sheet's rows."""
    workbook = sheet.parent
    assert workbook is not None  # a sheet openpyxl read
    formats = styles(workbook)
    cell_styles = formats.cell_styles
    for raw in recorded.cells:
        row, column, _, style_text, _, _ = raw
        style = int(style_text) if style_text else 0
        add_cell(sheet, row, column, cell_styles[style], *value(raw, strings, formats, workbook.epoch, style))
    if recorded.cells:
        append_after(sheet, sheet.max_row)
    for number, attributes in recorded.rows.items():
        given: dict[str, Any] = dict(attributes)
        if "s" in given:
            given["s"] = cell_styles[int(given["s"])]
        sheet.row_dimensions[number] = RowDimension(sheet, **given)


def raw_values(raw: RawSheet, strings: list[str], workbook: Workbook) -> list[tuple[int, dict[int, object]]]:
    """Each row of a recorded sheet that holds a value, in order: its number and its values by column, as `bind`
    would build them (book/package.py `values`)."""
    formats = styles(workbook)
    found: dict[tuple[int, int], object] = {}
    for cell in raw.cells:
        row, column, _, style_text, _, _ = cell
        style = int(style_text) if style_text else 0
        found[(row, column)] = value(cell, strings, formats, workbook.epoch, style)[0]
    rows: dict[int, dict[int, object]] = {}
    for (row, column), held in sorted(found.items()):
        if held is not None:
            rows.setdefault(row, {})[column] = held
    return list(rows.items())
