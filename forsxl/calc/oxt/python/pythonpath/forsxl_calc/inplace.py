"""forsxl's edits (docs/edits.md) made in the open Calc document through UNO.

`apply` follows "Applying them" of docs/edits.md step by step; the caller wraps it in one undo action. Values are
written a block at a time (`setDataArray`, which sets a string as text, never as a formula), and formats a range at a
time: the cells of one format are gathered into rectangles first, so that a Standings of 120 players takes a few
dozen UNO calls, not thousands.
"""

from __future__ import annotations

import datetime
from typing import Any, Callable, Iterable, Mapping, Sequence

import uno
from com.sun.star.table import CellRangeAddress

from forsxl_calc.actions import cell_position

FORMAT, VERSION = "forsxl-edits", 1
DIGIT = 247.0
"""A character of column width in 1/100 mm, as Calc 7.4 reads the widths forsxl writes (a digit of Calibri 11 pt)."""
POINT = 35.28
"""A point in 1/100 mm."""
PAPER = {1: (21590, 27940), 5: (21590, 35560), 8: (29700, 42000), 9: (21000, 29700), 11: (14800, 21000)}
"""The .xlsx paper codes forsxl and referees use, as (width, height) in 1/100 mm portrait: Letter, Legal, A3, A4,
A5."""
BORDERS = {  # style: (BorderLineStyle, width in 1/100 mm)
    "hair": (0, 9), "thin": (0, 26), "medium": (0, 53), "thick": (0, 79), "double": (3, 79), "dotted": (1, 26),
    "dashed": (2, 26), "mediumDashed": (2, 53), "dashDot": (4, 26), "mediumDashDot": (4, 53),
    "dashDotDot": (5, 26), "mediumDashDotDot": (5, 53), "slantDashDot": (4, 53)}
HORIZONTAL = {"general": "STANDARD", "left": "LEFT", "center": "CENTER", "right": "RIGHT", "fill": "REPEAT",
              "justify": "BLOCK", "centerContinuous": "CENTER", "distributed": "BLOCK"}
VERTICAL = {"top": 1, "center": 2, "bottom": 3, "justify": 4, "distributed": 4}
VALIDATIONS = {"whole": "WHOLE", "decimal": "DECIMAL", "date": "DATE", "time": "TIME", "textLength": "TEXT_LEN",
               "list": "LIST", "custom": "CUSTOM"}
OPERATORS = {"between": "BETWEEN", "notBetween": "NOT_BETWEEN", "equal": "EQUAL", "notEqual": "NOT_EQUAL",
             "greaterThan": "GREATER", "lessThan": "LESS", "greaterThanOrEqual": "GREATER_EQUAL",
             "lessThanOrEqual": "LESS_EQUAL"}
ALERTS = {"stop": "STOP", "warning": "WARNING", "information": "INFO"}
EMPTIED = 1 | 2 | 4 | 16
"""CellFlags VALUE, DATETIME, STRING and FORMULA: what `null` takes out of a cell kept."""


class Unknown(Exception):
    """Edits of a format or version this extension does not read (the message: the one it is)."""


def apply(model: Any, edits: Mapping[str, Any], opened: Callable[[str], Any]) -> list[tuple[str, int, int]]:
    """Make `edits` in the document `model` (docs/edits.md, "Applying them", steps 1 to 4); `opened(path)` opens the
    workbook of a `"file"` edit, hidden, for the time it is read. The panes to freeze, as (sheet, columns, rows):
    the caller freezes them, as they are the view's, not the document's."""
    if edits.get("format") != FORMAT or edits.get("version") != VERSION:
        raise Unknown("{} {}".format(edits.get("format"), edits.get("version")))
    sheets = model.getSheets()
    if edits.get("workbook") == "file":
        return _replace_whole(model, edits["file"], opened)
    for name in edits.get("remove", ()):
        if sheets.hasByName(name):
            sheets.removeByName(name)
    formats = [Format(model, f) for f in edits.get("formats", ())]
    frozen = []
    for entry in edits.get("sheets", ()):
        _fill(model, _empty_sheet(sheets, entry["name"]), entry, formats)
        where = cell_position(entry.get("freeze") or "")
        if where:
            frozen.append((entry["name"], *where))
    for entry in edits.get("cells", ()):
        _set(model, sheets.getByName(entry["sheet"]), entry["set"], formats)
    order = list(edits.get("order", ()))
    if edits.get("workbook") == "new":
        for name in sheets.getElementNames():
            if name not in order:
                sheets.removeByName(name)
    for index, name in enumerate(order):
        if sheets.hasByName(name) and list(sheets.getElementNames()).index(name) != index:
            sheets.moveByName(name, index)
    return frozen


def freeze_panes(controller: Any, sheets: Any, frozen: Sequence[tuple[str, int, int]]) -> None:
    """Freeze the panes `apply` gave (the view's setting: it needs each sheet shown for a moment); the active sheet
    is shown again afterwards."""
    if not frozen:
        return
    active = controller.getActiveSheet()
    for name, columns, rows in frozen:
        if sheets.hasByName(name):
            controller.setActiveSheet(sheets.getByName(name))
            controller.freezeAtPosition(columns, rows)
    controller.setActiveSheet(active)


def _empty_sheet(sheets: Any, name: str) -> Any:
    """An empty sheet called `name` where the sheet of that name is, or last: the old one removed (its values,
    formats, merges, validations, sizes and print settings with it)."""
    if not sheets.hasByName(name):
        sheets.insertNewByName(name, sheets.getCount())
        return sheets.getByName(name)
    position = list(sheets.getElementNames()).index(name)
    interim = _unused(sheets, name)
    sheets.insertNewByName(interim, position)
    sheets.removeByName(name)
    fresh = sheets.getByName(interim)
    fresh.setName(name)
    return fresh


def _unused(sheets: Any, name: str) -> str:
    number = 1
    while sheets.hasByName(f"{name[:24]} ({number})"):
        number += 1
    return f"{name[:24]} ({number})"


def _replace_whole(model: Any, path: str, opened: Callable[[str], Any]) -> list[tuple[str, int, int]]:
    """Every sheet of the workbook at `path` in place of the document's own (an earlier version put back, whole),
    each copied as a paste copies it (values, formats, merges, validations), its column widths and row heights, and
    its page style where the document has it: every step one Calc can undo (`importSheet` is none). The panes to
    freeze, as the version's view had them."""
    other = opened(path)
    try:
        sheets, theirs = model.getSheets(), other.getSheets()
        ours, their_view = model.getCurrentController(), other.getCurrentController()
        old, names, frozen = list(sheets.getElementNames()), list(theirs.getElementNames()), []
        for index, name in enumerate(names):
            interim = _unused(sheets, name)
            sheets.insertNewByName(interim, len(old) + index)
            source, target = theirs.getByName(name), sheets.getByName(interim)
            _copy_sheet(model, source, their_view, target, ours)
            if their_view.hasFrozenPanes():
                frozen.append((name, their_view.getSplitColumn(), their_view.getSplitRow()))
        for name in old:
            sheets.removeByName(name)
        for index, name in enumerate(names):
            sheets.getByIndex(index).setName(name)
        return frozen
    finally:
        other.close(True)


def _copy_sheet(model: Any, source: Any, their_view: Any, target: Any, ours: Any) -> None:
    """`source` (shown in `their_view`) pasted into the empty `target` (in `ours`), with its sizes and page style."""
    cursor = source.createCursor()
    cursor.gotoEndOfUsedArea(False)
    end = cursor.getRangeAddress()
    their_view.setActiveSheet(source)
    their_view.select(source.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow))
    ours.setActiveSheet(target)
    ours.select(target.getCellRangeByName("A1"))
    ours.insertTransferable(their_view.getTransferable())
    for column in range(end.EndColumn + 1):
        width = source.getColumns().getByIndex(column).Width
        if target.getColumns().getByIndex(column).Width != width:
            target.getColumns().getByIndex(column).Width = width
    for row in range(end.EndRow + 1):
        line = source.getRows().getByIndex(row)
        if not line.OptimalHeight:
            target.getRows().getByIndex(row).Height = line.Height
    if model.getStyleFamilies().getByName("PageStyles").hasByName(source.PageStyle):
        target.PageStyle = source.PageStyle


# -------------------------------------------------------------------------------------------- a sheet written whole


def _fill(model: Any, sheet: Any, entry: Mapping[str, Any], formats: Sequence[Format]) -> None:
    rows = entry.get("rows", ())
    null_date = _null_date(model)
    cells = [(r["row"], c[0], c[1], c[2] if len(c) > 2 else None) for r in rows for c in r["cells"]]
    if cells:
        top = min(r for r, _, _, _ in cells)
        bottom = max(r for r, _, _, _ in cells)
        right = max(c for _, c, _, _ in cells)
        block = [[""] * right for _ in range(bottom - top + 1)]
        for row, column, value, _ in cells:
            block[row - top][column - 1] = _plain(value, null_date)
        sheet.getCellRangeByPosition(0, top - 1, right - 1, bottom - 1).setDataArray(tuple(map(tuple, block)))
        for number, where in _by_format((r, c, f) for r, c, _, f in cells if f is not None).items():
            formats[number].apply(_ranges(model, sheet, where))
    for row in rows:
        if row.get("height"):
            sheet.getRows().getByIndex(row["row"] - 1).Height = round(row["height"] * POINT)
    for column in entry.get("columns", ()):
        sheet.getColumns().getByIndex(column["column"] - 1).Width = round(column["width"] * DIGIT)
    for merged in entry.get("merged", ()):
        sheet.getCellRangeByName(merged).merge(True)
    for validation in entry.get("validations", ()):
        _validate(sheet, validation)
    _page(model, sheet, entry.get("print"))


def _plain(value: Any, null_date: datetime.date) -> Any:
    """A value as `setDataArray` takes it: text, a number (a moment as Calc's serial number), or "" for empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, dict):
        return _moment(value, null_date)
    return str(value)


def _moment(value: Mapping[str, Any], null_date: datetime.date) -> float:
    """A date, a time of day or a length of time of the edits as the number Calc keeps: days since its null date."""
    if "duration" in value:
        return float(value["duration"]) / 86400
    if "time" in value:
        moment = datetime.time.fromisoformat(value["time"])
        return (moment.hour * 3600 + moment.minute * 60 + moment.second + moment.microsecond / 1e6) / 86400
    stamp = datetime.datetime.fromisoformat(value.get("datetime") or value["date"])
    since = stamp - datetime.datetime.combine(null_date, datetime.time())
    return since.days + since.seconds / 86400 + since.microseconds / 86400e6


def _null_date(model: Any) -> datetime.date:
    try:
        day = model.NullDate
        return datetime.date(day.Year, day.Month, day.Day)
    except Exception:  # a document without the property: Calc's default
        return datetime.date(1899, 12, 30)


def _by_format(cells: Iterable[tuple[int, int, int]]) -> dict[int, list[tuple[int, int, int, int]]]:
    """The cells of each format as rectangles (first column, first row, last column, last row; from 1): runs of a
    row first, then a run joined to the one just above it when they span the same columns."""
    runs: dict[int, dict[int, list[tuple[int, int]]]] = {}
    for row, column, number in sorted(cells):
        line = runs.setdefault(number, {}).setdefault(row, [])
        if line and line[-1][1] == column - 1:
            line[-1] = (line[-1][0], column)
        else:
            line.append((column, column))
    out: dict[int, list[tuple[int, int, int, int]]] = {}
    for number, lines in runs.items():
        open_: dict[tuple[int, int], list[int]] = {}  # (first, last column) -> [first row, last row]
        rectangles = out.setdefault(number, [])
        for row in sorted(lines):
            spans = set(lines[row])
            for span in [s for s in open_ if s not in spans or open_[s][1] != row - 1]:
                rows = open_.pop(span)
                rectangles.append((span[0], rows[0], span[1], rows[1]))
            for span in spans:
                if span in open_:
                    open_[span][1] = row
                else:
                    open_[span] = [row, row]
        rectangles += [(span[0], rows[0], span[1], rows[1]) for span, rows in open_.items()]
    return out


def _ranges(model: Any, sheet: Any, rectangles: Sequence[tuple[int, int, int, int]]) -> Any:
    """The rectangles (from 1) of `sheet` as one SheetCellRanges, to set a property of all at once."""
    ranges = model.createInstance("com.sun.star.sheet.SheetCellRanges")
    index = sheet.getRangeAddress().Sheet
    addresses = []
    for first_column, first_row, last_column, last_row in rectangles:
        address = CellRangeAddress()
        address.Sheet, address.StartColumn, address.StartRow = index, first_column - 1, first_row - 1
        address.EndColumn, address.EndRow = last_column - 1, last_row - 1
        addresses.append(address)
    ranges.addRangeAddresses(tuple(addresses), False)
    return ranges


def _validate(sheet: Any, said: Mapping[str, Any]) -> None:
    for reference in said["range"].split():
        target = sheet.getCellRangeByName(reference)
        rule = target.Validation
        rule.Type = uno.Enum("com.sun.star.sheet.ValidationType", VALIDATIONS.get(said.get("type", ""), "ANY"))
        if "list" in said:
            rule.setFormula1(";".join('"{}"'.format(item.replace('"', '""')) for item in said["list"]))
        else:
            rule.setOperator(uno.Enum("com.sun.star.sheet.ConditionOperator",
                                      OPERATORS.get(said.get("operator", "between"), "BETWEEN")))
            rule.setFormula1(str(said.get("formula1", "")))
            rule.setFormula2(str(said.get("formula2", "")))
        rule.IgnoreBlankCells = bool(said.get("allow_blank"))
        rule.ShowList = 0 if said.get("hide_dropdown") else 1  # TableValidationVisibility: INVISIBLE, UNSORTED
        rule.ShowErrorMessage = bool(said.get("show_error"))
        rule.ErrorAlertStyle = uno.Enum("com.sun.star.sheet.ValidationAlertStyle",
                                        ALERTS.get(said.get("error_style", "stop"), "STOP"))
        rule.ErrorTitle, rule.ErrorMessage = said.get("error_title", ""), said.get("error", "")
        rule.ShowInputMessage = bool(said.get("show_input"))
        rule.InputTitle, rule.InputMessage = said.get("prompt_title", ""), said.get("prompt", "")
        target.Validation = rule


def _page(model: Any, sheet: Any, said: Mapping[str, Any] | None) -> None:
    """How the sheet prints, in a page style of its own (Calc keeps paper, scaling, grid and header there), named as
    Calc names the page style of a sheet it reads from an .xlsx; no header or footer where none is said. The style's
    properties are set in one call: each one set alone makes Calc lay out the pages again."""
    styles = model.getStyleFamilies().getByName("PageStyles")
    name = "PageStyle_" + sheet.getName()
    if not styles.hasByName(name):
        styles.insertByName(name, model.createInstance("com.sun.star.style.PageStyle"))
    style = styles.getByName(name)
    said = said or {}
    width, height = PAPER.get(said.get("paper", 9), PAPER[9])
    landscape = said.get("orientation") == "landscape"
    values = {"IsLandscape": landscape, "Width": height if landscape else width,
              "Height": width if landscape else height, "PrintGrid": bool(said.get("gridlines"))}
    fit = said.get("fit")
    if fit:
        values.update(ScaleToPagesX=int(fit.get("width", 0)), ScaleToPagesY=int(fit.get("height", 0)))
    for part, key in (("Header", "header"), ("Footer", "footer")):
        parts = said.get(key)
        values[part + "IsOn"] = bool(parts)
        if parts:
            content = getattr(style, f"RightPage{part}Content")
            for side in ("left", "center", "right"):
                text = getattr(content, f"get{side.capitalize()}Text")()
                text.setString(parts.get(side, {}).get("text", ""))
                if parts.get(side, {}).get("size"):
                    cursor = text.createTextCursor()
                    cursor.gotoEnd(True)
                    cursor.CharHeight = float(parts[side]["size"])
            values[f"RightPage{part}Content"] = values[f"LeftPage{part}Content"] = content
    names = tuple(sorted(values))
    style.setPropertyValues(names, tuple(values[n] for n in names))
    sheet.PageStyle = name
    if said.get("title_rows"):
        first, last = said["title_rows"]
        sheet.setTitleRows(_lines(sheet, 0, first - 1, 1023, last - 1))
        sheet.setPrintTitleRows(True)
    if said.get("title_columns"):
        first, last = ((cell_position(c + "1") or (0, 0))[0] for c in said["title_columns"])
        sheet.setTitleColumns(_lines(sheet, first, 0, last, 1048575))
        sheet.setPrintTitleColumns(True)
    if said.get("area"):
        sheet.setPrintAreas(tuple(sheet.getCellRangeByName(a).getRangeAddress() for a in said["area"].split(",")))


def _lines(sheet: Any, first_column: int, first_row: int, last_column: int, last_row: int) -> Any:
    address = CellRangeAddress()
    address.Sheet = sheet.getRangeAddress().Sheet
    address.StartColumn, address.StartRow, address.EndColumn, address.EndRow = (
        first_column, first_row, last_column, last_row)
    return address


# -------------------------------------------------------------------------------------------- cells set in a sheet kept


def _set(model: Any, sheet: Any, cells: Sequence[Sequence[Any]], formats: Sequence[Format]) -> None:
    null_date = _null_date(model)
    for row, column, value, *number in cells:
        cell = sheet.getCellByPosition(column - 1, row - 1)
        if number and number[0] is not None:
            formats[number[0]].apply(cell)
        if value is None:
            cell.clearContents(EMPTIED)
        elif isinstance(value, str):
            cell.setString(value)
        else:
            cell.setValue(_plain(value, null_date))


# ------------------------------------------------------------------------------------------------------- formats


class Format:
    """A format of the edits as the UNO cell properties it sets: only the parts and keys it has, so that a cell
    kept keeps the rest of its own."""

    def __init__(self, model: Any, said: Mapping[str, Any]) -> None:
        self.names: list[str] = []
        self.values: list[Any] = []
        font, fill, alignment = said.get("font", {}), said.get("fill", {}), said.get("alignment", {})
        self._font(font)
        if fill.get("pattern") and fill.get("pattern") != "none":
            self._put("CellBackColor", _rgb(fill.get("color") or fill.get("background") or "FFFFFFFF"))
            self._put("IsCellBackgroundTransparent", False)
        for side, line in said.get("border", {}).items():
            self._put(side.capitalize() + "Border", _border(line))
        if "horizontal" in alignment:
            self._put("HoriJustify", uno.Enum("com.sun.star.table.CellHoriJustify",
                                              HORIZONTAL.get(alignment["horizontal"], "STANDARD")))
        if "vertical" in alignment:
            self._put("VertJustify", VERTICAL.get(alignment["vertical"], 0))
        if "wrap" in alignment:
            self._put("IsTextWrapped", bool(alignment["wrap"]))
        if "indent" in alignment:
            self._put("ParaIndent", int(alignment["indent"] * 353))
        if "rotation" in alignment and alignment["rotation"] != 255:
            degrees = int(alignment["rotation"])
            self._put("RotateAngle", (degrees if degrees <= 90 else 450 - degrees) % 360 * 100)
        if "shrink" in alignment:
            self._put("ShrinkToFit", bool(alignment["shrink"]))
        if "number_format" in said:
            self._put("NumberFormat", _number_format(model, said["number_format"]))
        if "protection" in said:
            protection = uno.createUnoStruct("com.sun.star.util.CellProtection")
            protection.IsLocked = bool(said["protection"].get("locked", True))
            protection.IsFormulaHidden = bool(said["protection"].get("hidden", False))
            self._put("CellProtection", protection)

    def _font(self, font: Mapping[str, Any]) -> None:
        if "name" in font:
            self._put("CharFontName", font["name"])
        if "size" in font:
            self._put("CharHeight", float(font["size"]))
        if "bold" in font:
            self._put("CharWeight", 150.0 if font["bold"] else 100.0)
        if "italic" in font:
            self._put("CharPosture", uno.Enum("com.sun.star.awt.FontSlant", "ITALIC" if font["italic"] else "NONE"))
        if "underline" in font:
            self._put("CharUnderline", {"single": 1, "singleAccounting": 1, "double": 2,
                                        "doubleAccounting": 2}.get(font["underline"] or "", 0))
        if "strike" in font:
            self._put("CharStrikeout", 1 if font["strike"] else 0)
        if "color" in font:
            self._put("CharColor", _rgb(font["color"]))

    def _put(self, name: str, value: Any) -> None:
        self.names.append(name)
        self.values.append(value)

    def apply(self, target: Any) -> None:
        for name, value in zip(self.names, self.values):
            target.setPropertyValue(name, value)


def _rgb(argb: str) -> int:
    return int(str(argb)[-6:], 16)


def _border(line: Mapping[str, Any]) -> Any:
    border = uno.createUnoStruct("com.sun.star.table.BorderLine2")
    style, width = BORDERS.get(line.get("style", "thin"), BORDERS["thin"])
    border.LineStyle, border.LineWidth = style, width
    border.Color = _rgb(line.get("color") or "FF000000")
    return border


def _number_format(model: Any, code: str) -> int:
    """The document's number format of the .xlsx code `code` (written in the English locale), added when new."""
    formats = model.getNumberFormats()
    locale = uno.createUnoStruct("com.sun.star.lang.Locale")
    locale.Language, locale.Country = "en", "US"
    key = formats.queryKey(code, locale, False)
    return int(key if key >= 0 else formats.addNew(code, locale))


