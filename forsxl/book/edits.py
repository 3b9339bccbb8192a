"""What a command changes in a workbook, as plain data: the edits (docs/edits.md, issue 38).

A save applies them to the package read (book/package.py), the Calc menu to the open document, a web page or an
add-in to theirs. They know nothing of openpyxl or UNO: this module is the standard library only, and `to_json` /
`from_json` are their JSON, the contract docs/edits.md describes. book/describe.py makes them from what a command
wrote, and turns them back into openpyxl's objects for the file writer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any, Literal

FORMAT, VERSION = "forsxl-edits", 1

Value = str | int | float | bool | datetime | date | time | timedelta | None
"""A cell's value: a string is always text, None empty."""
Format = dict[str, Any]
"""A cell format: `font`, `fill`, `border`, `alignment`, `protection` (each a dict of its keys) and `number_format`."""
Json = dict[str, Any]

_TIMES: tuple[tuple[str, type], ...] = (("datetime", datetime), ("date", date), ("time", time))
"""The JSON key of each kind of moment, datetime before date (a datetime is a date too)."""


@dataclass
class Row:
    """A row of a sheet written whole: its cells as (column, value, format number or None), and its height."""

    row: int
    cells: list[tuple[int, Value, int | None]] = field(default_factory=list)
    height: float | None = None


@dataclass
class Sheet:
    """A sheet written whole: it replaces the sheet of its name, or is added. `validations` and `print` are dicts of
    the keys docs/edits.md lists."""

    name: str
    rows: list[Row] = field(default_factory=list)
    columns: list[tuple[int, float]] = field(default_factory=list)
    """(column, width in characters)."""
    freeze: str | None = None
    merged: list[str] = field(default_factory=list)
    validations: list[Json] = field(default_factory=list)
    print: Json = field(default_factory=dict)


@dataclass
class Cells:
    """Cells set in a sheet kept: (row, column, value, format number or None); a format replaces only its parts."""

    sheet: str
    set: list[tuple[int, int, Value, int | None]] = field(default_factory=list)


@dataclass
class Edits:
    """What one command changes: `workbook` says of what (`edit`: the workbook read; `new`: a workbook made whole;
    `file`: the workbook replaced by `file`, whole)."""

    workbook: Literal["edit", "new", "file"] = "edit"
    command: str = ""
    changes: str = ""
    remove: list[str] = field(default_factory=list)
    sheets: list[Sheet] = field(default_factory=list)
    cells: list[Cells] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    formats: list[Format] = field(default_factory=list)
    focus: Json | None = None
    """{"sheet": name} and maybe {"cell": "D5"}: where the referee is taken afterwards."""
    file: str | None = None
    round: int | None = None
    """The round the command paired or changed: a front end names its action by it."""

    def to_json(self) -> Json:
        """The edits as docs/edits.md writes them."""
        out: Json = {"format": FORMAT, "version": VERSION, "command": self.command, "changes": self.changes,
                     "workbook": self.workbook, "remove": self.remove, "sheets": [_sheet_json(s) for s in self.sheets],
                     "cells": [{"sheet": c.sheet, "set": [[r, k, value_json(v), *([f] if f is not None else [])]
                                                          for r, k, v, f in c.set]} for c in self.cells],
                     "order": self.order, "formats": self.formats}
        if self.focus is not None:
            out["focus"] = self.focus
        for key in ("file", "round"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out

    @classmethod
    def from_json(cls, data: Json) -> Edits:
        """Edits from their JSON; a document of another format or version is refused (ValueError)."""
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not {FORMAT} version {VERSION}: {data.get('format')!r} {data.get('version')!r}")
        return cls(data["workbook"], data.get("command", ""), data.get("changes", ""), list(data["remove"]),
                   [_sheet(s) for s in data["sheets"]],
                   [Cells(c["sheet"], [(r, k, json_value(v), *(f or [None])) for r, k, v, *f in c["set"]])
                    for c in data["cells"]], list(data["order"]), list(data["formats"]), data.get("focus"),
                   data.get("file"), data.get("round"))


def value_json(value: Value) -> Any:
    """A cell value in JSON: a moment or a length of time as an object naming its kind."""
    if isinstance(value, timedelta):
        return {"duration": value.total_seconds()}
    if isinstance(value, date | time):
        return {next(key for key, kind in _TIMES if isinstance(value, kind)): value.isoformat()}
    return value


def json_value(data: Any) -> Value:
    """`value_json` read back."""
    if not isinstance(data, dict):
        return data  # type: ignore[no-any-return]  # JSON's str, int, float, bool or None
    if "duration" in data:
        return timedelta(seconds=data["duration"])
    key, text = next(iter(data.items()))
    kind = dict(_TIMES)[key]
    return kind.fromisoformat(text)  # type: ignore[attr-defined, no-any-return]


def _sheet_json(sheet: Sheet) -> Json:
    out: Json = {"name": sheet.name, "rows": [
        {"row": r.row, **({"height": r.height} if r.height is not None else {}),
         "cells": [[c, value_json(v), *([f] if f is not None else [])] for c, v, f in r.cells]} for r in sheet.rows]}
    if sheet.columns:
        out["columns"] = [{"column": c, "width": w} for c, w in sheet.columns]
    for key in ("freeze", "merged", "validations", "print"):
        if getattr(sheet, key):
            out[key] = getattr(sheet, key)
    return out


def _sheet(data: Json) -> Sheet:
    rows = [Row(r["row"], [(c, json_value(v), *(f or [None])) for c, v, *f in r["cells"]], r.get("height"))
            for r in data["rows"]]
    return Sheet(data["name"], rows, [(c["column"], c["width"]) for c in data.get("columns", [])],
                 data.get("freeze"), list(data.get("merged", [])), list(data.get("validations", [])),
                 dict(data.get("print", {})))
