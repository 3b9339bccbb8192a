"""openpyxl's private parts behind one door (issue 34): forsxl/book/openpyxl_private.py is the only module that uses
them, PRIVATE lists every one it uses, and the installed openpyxl has each.

Moving to the next openpyxl: run this test first (it names what went), mend openpyxl_private.py, then run
tests/test_cells.py and tests/test_package.py, which compare what forsxl reads and writes with openpyxl's own."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import openpyxl
from openpyxl.cell.cell import Cell
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.worksheet.worksheet import Worksheet

FORSXL = Path(__file__).resolve().parents[1] / "forsxl"
DOOR = FORSXL / "book" / "openpyxl_private.py"
INTERNAL = ("openpyxl.reader", "openpyxl.writer", "openpyxl.compat", "openpyxl.xml.functions",
            "openpyxl.styles.stylesheet", "openpyxl.styles.cell_style")
"""openpyxl's modules that are no part of its documented API (as every module with a `_` name)."""
NAMED_TUPLE = frozenset({"_replace", "_asdict", "_fields", "_make"})
"""Public methods of a NamedTuple, spelt with a `_`."""

PRIVATE: dict[str, str] = {
    # imported from openpyxl's internal modules: the name -> its module
    "etree_write_cell": "openpyxl.cell._writer",
    "WorksheetWriter": "openpyxl.worksheet._writer",
    "ExcelReader": "openpyxl.reader.excel",
    "write_stylesheet": "openpyxl.styles.stylesheet",
    "CellStyle": "openpyxl.styles.cell_style",
    "StyleArray": "openpyxl.styles.cell_style",
    "safe_string": "openpyxl.compat",
    "Element": "openpyxl.xml.functions",
    "tostring": "openpyxl.xml.functions",
    # private attributes: the name -> what has it
    "_cells": "Worksheet", "_current_row": "Worksheet",
    "_value": "Cell", "_style": "Cell",
    "_cell_styles": "Workbook", "_fonts": "Workbook", "_fills": "Workbook", "_borders": "Workbook",
    "_alignments": "Workbook", "_protections": "Workbook", "_number_formats": "Workbook",
    "_date_formats": "Workbook", "_timedelta_formats": "Workbook", "_named_styles": "Workbook",
    "_differential_styles": "Workbook", "_table_styles": "Workbook", "_colors": "Workbook", "_dict": "IndexedList",
}
MEMBERS = {
    "WorksheetWriter": ("xf", "write", "write_rows", "read"),
    "ExcelReader": ("read", "read_worksheets", "wb", "shared_strings"),
    "CellStyle": ("from_array", "to_tree", "fontId", "fillId", "borderId", "numFmtId", "alignment", "protection"),
}
"""What openpyxl_private.py uses of the internal classes it imports."""


def internal(module: str) -> bool:
    return module.startswith(INTERNAL) or any(part.startswith("_") for part in module.split("."))


def private_uses(path: Path) -> set[str]:
    """The private attributes a module reads or writes (`x._cells`, `vars(x)["_current_row"]`; not its own `self._`,
    nor a NamedTuple's methods) and the names it imports from openpyxl's internal modules."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("openpyxl"):
            found |= {alias.name for alias in node.names if internal(node.module)}
        elif (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
              and node.attr not in NAMED_TUPLE and not (isinstance(node.value, ast.Name) and node.value.id == "self")):
            found.add(node.attr)
        elif (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Call)
              and getattr(node.value.func, "id", "") == "vars" and isinstance(node.slice, ast.Constant)
              and str(node.slice.value).startswith("_")):
            found.add(str(node.slice.value))
    return found


def test_only_the_door_reaches_into_openpyxl() -> None:
    users = [path for path in sorted(FORSXL.rglob("*.py")) if path != DOOR and "openpyxl" in path.read_text()]
    assert users, "no module reads workbooks?"
    assert {str(path.relative_to(FORSXL)): private_uses(path) for path in users if private_uses(path)} == {}


def test_the_door_lists_what_it_uses() -> None:
    assert private_uses(DOOR) == set(PRIVATE)


def test_the_installed_openpyxl_has_every_private_name() -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert isinstance(sheet, Worksheet)
    owners = {"Worksheet": sheet, "Cell": Cell(sheet, row=1, column=1), "Workbook": workbook,
              "IndexedList": IndexedList([1])}
    missing = []
    for name, where in PRIVATE.items():
        owner = owners[where] if where in owners else importlib.import_module(where)
        if not hasattr(owner, name):
            missing.append(f"{where}.{name}")
        elif name in MEMBERS:
            cls = getattr(owner, name)
            source = inspect.getsource(cls)  # an attribute set on an instance is found where it is set
            missing += [f"{name}.{member}" for member in MEMBERS[name]
                        if not hasattr(cls, member) and f"self.{member} =" not in source]
    assert missing == []
