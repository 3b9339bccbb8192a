"""The .xlsx package a workbook was read from: saving keeps every part of it byte for byte and replaces only what
forsxl wrote (issue 19).

openpyxl reads a workbook into its model and, saving, writes the model out again: what it does not model (images,
rich text, sparklines, x14 dropdowns, cached formula values, customXml, ...) is lost on the way. A Book read from an
.xlsx keeps the package instead, and a save starts from it:

- a sheet forsxl created or rewrote whole (a new Round-N, Standings, Teams, Prizes, Schedule, Playoff, Simulation, a
  new Log) is serialised by openpyxl into the old sheet's part, or into a new part;
- a cell `sheets.put` changed in any other sheet (Steps and points of a played round, a renamed player, a Log row,
  an imported player) is rewritten inside the original part (book/parts.py), every other byte of it kept;
- workbook.xml (the sheet list, the sheet-local names such as print titles, a full recalculation when opened), its
  relationships, [Content_Types].xml, styles.xml (the styles forsxl's cells need, appended) and calcChain.xml
  (without the formulas forsxl replaced) change only that much. docProps/app.xml is kept as it is: its list of sheet
  titles is for display only.

A workbook forsxl creates (`forsxl new`, an import into a new file, an .ods read) has no package; openpyxl saves it.
"""

from __future__ import annotations

import io
import itertools
import posixpath
import re
import time
import warnings
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.chartsheet.chartsheet import Chartsheet
from openpyxl.styles.numbers import BUILTIN_FORMATS_MAX_SIZE, NumberFormat
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.cell_range import CellRange
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.xml.constants import ARC_STYLE, COMMENTS_NS

from forsxl.book import layout, openpyxl_private
from forsxl.book.build import Builder, kind_of
from forsxl.book.cells import RawSheet, bind, damaged, raw_values
from forsxl.book.edits import Cells, Edits, Sheet, Value
from forsxl.book.openpyxl_private import StyleArray, Styles, cell_xml, number_text, serialised, styles
from forsxl.book.parts import (
    RELATIONSHIPS,
    Coordinate,
    Edit,
    Parts,
    SheetEntry,
    SheetXml,
    Span,
    apply,
    attribute,
    counted,
    insert_into,
    prefix,
    qualified,
    quote,
    relative,
    rels_path,
    spans,
    tag_end,
    text,
    try_coordinate,
)
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Source

UNREAD = frozenset(name for kind in ("standings", "teams", "playoff") for name in layout.SHEETS[kind])
"""forsxl's result sheets: every run that saves writes them again and nothing reads them as sheets (recorded.py reads
Standings' values through `values`), so openpyxl does not parse them; Standings is a big workbook's largest sheet."""

_WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_STYLES_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
_RID = re.compile(rb"\s([A-Za-z_][\w.-]*:id)\s*=")
_EMPTY_SHEET = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>'

Rows = list[tuple[int, dict[int, object]]]
"""Rows that hold a value: the row number and the values by column number."""
_UNREAD: WeakKeyDictionary[Worksheet, Callable[[], Rows]] = WeakKeyDictionary()


class Package(Parts):
    """An .xlsx as read, part by part, and which of its sheets each sheet of the workbook loaded from it is."""

    def __init__(self, data: bytes):
        self.data = data
        self.archive = zipfile.ZipFile(io.BytesIO(data))
        self.infos = self.archive.infolist()
        self._parts: dict[str, bytes] = {}
        self._rows: dict[str, Rows] = {}
        self._recorded: Mapping[str, RawSheet] = {}
        """The worksheets as `check_sheets` recorded them: openpyxl reads a plain one without its rows, and the UNREAD
        ones not at all."""
        self._strings: list[str] = []
        """The shared strings as openpyxl read them."""
        super().__init__(self.part, {info.filename for info in self.infos})
        self.bound: dict[int, tuple[Worksheet | Chartsheet, SheetEntry]] = {}
        """id() of each sheet openpyxl loaded -> that sheet and the package's sheet it was read from."""
        self.styled: Workbook
        """An empty workbook with the package's styles as openpyxl numbered them, whatever a command adds to the
        workbook it read (`openpyxl_private.styled_like`): a save builds the edits' sheets and cells in a copy."""

    def part(self, name: str) -> bytes:
        if name not in self._parts:
            self._parts[name] = self.archive.read(name)
        return self._parts[name]

    def load(self, path: Path, recorded: Mapping[str, RawSheet]) -> Workbook:
        """The workbook at `path` as openpyxl reads it, from the worksheets `check_sheets` recorded: the UNREAD sheets
        stay empty to openpyxl (`values` reads one), and openpyxl reads a plain sheet without its rows, whose cells
        book/cells.py builds instead (a fraction of openpyxl's time); openpyxl's warnings that it drops extensions
        are moot, as the package keeps them. A cell that openpyxl or book/cells.py would misread, in any of them,
        is refused first, named by its sheet and reference (cells.py `damaged`)."""
        worksheets = [s for s in self.sheets if s.worksheet and s.part in recorded]
        skipped = {s.part for s in worksheets if s.name in UNREAD}
        self._recorded = recorded
        plain = {s.part: recorded[s.part] for s in worksheets
                 if s.part not in skipped and recorded[s.part].plain and not self._comments(s.part)}
        source, cut = self._for_openpyxl(skipped, plain)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            workbook, self._strings = openpyxl_private.read(source, partial(_refuse_damaged, path, [
                (s.name, recorded[s.part]) for s in worksheets]))
            self.styled = openpyxl_private.styled_like(workbook)
            entries = {s.name: s for s in self.sheets}
            for name in workbook.sheetnames:
                sheet, entry = workbook[name], entries.get(name)
                if entry is None:
                    continue
                self.bound[id(sheet)] = (sheet, entry)
                if isinstance(sheet, Worksheet) and entry.part in skipped:
                    _UNREAD[sheet] = partial(self._values, entry.part, workbook)
                elif isinstance(sheet, Worksheet) and entry.part in cut:
                    bind(sheet, recorded[entry.part], self._strings)
        return workbook

    def _comments(self, part: str) -> bool:
        """Whether a worksheet has comments (openpyxl puts them on its cells)."""
        return any(r.type == COMMENTS_NS for r in self.rels(part))

    def _for_openpyxl(self, skipped: set[str], plain: Mapping[str, RawSheet]) -> tuple[io.BytesIO, set[str]]:
        """The package for openpyxl to read, with the `skipped` sheets emptied and their relationships left out, and
        the `plain` sheets without what is inside their sheetData; and those plain sheets it could cut so."""
        out, cut = io.BytesIO(), set()
        dropped = {rels_path(part) for part in skipped}
        with zipfile.ZipFile(out, "w") as copy:
            for info in self.infos:
                if info.filename in dropped:
                    continue
                if info.filename in skipped:
                    copy.writestr(info.filename, _EMPTY_SHEET)
                    continue
                data = self.archive.read(info)  # read, not kept: a part is held only while forsxl edits it
                rows = plain.get(info.filename)
                if rows is not None and (without := _without_rows(data, rows)) is not None:
                    data = without
                    cut.add(info.filename)
                copy.writestr(info.filename, data)
        out.seek(0)
        return out, cut

    def _values(self, part: str, workbook: Workbook) -> Rows:
        if part not in self._rows:  # read once: recorded.py and merge.py both ask
            self._rows[part] = raw_values(self._recorded[part], self._strings, workbook)
        return self._rows[part]

    def write(self, edits: Edits, target: str | Path) -> None:
        """Write to `target` this package changed by `edits` (see the module's docstring), from those two alone."""
        changes = _Changes(self, edits)
        doubled = {name.casefold() for name in self.names} & {name.casefold() for name in changes.added}
        if doubled or len(set(changes.added)) != len(changes.added):  # a bug of forsxl's: never a file written so
            raise RuntimeError(f"a save would write a part the package holds already: {sorted(doubled)}")
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
            for info in self.infos:
                if info.filename not in changes.removed:
                    new = changes.parts.get(info.filename, self._parts.get(info.filename))
                    out.writestr(_copied(info), self.archive.read(info) if new is None else new)
            for name in changes.added:
                out.writestr(zipfile.ZipInfo(name, time.localtime()[:6]), changes.parts[name], zipfile.ZIP_DEFLATED)


def _refuse_damaged(path: Path, sheets: list[tuple[str, RawSheet]], strings: list[str], workbook: Workbook) -> None:
    """Raise, naming the first such cell of each sheet, when a cell of the recorded `sheets` would be misread with
    these shared strings and the workbook's styles (cells.py `damaged`)."""
    formats, errors = styles(workbook), []
    for title, raw in sheets:
        found = damaged(raw, strings, formats, workbook.epoch)
        if found is not None:
            errors.append(ForsxlError("", "cell_damaged", Source(title, found[0]), path=path, why=found[1]))
    if errors:  # said in the language of the sheet names: Config's `lang` may be in a damaged cell
        raise WorkbookErrors(errors, layout.names_lang(title for title, _ in sheets))


def _without_rows(xml: bytes, raw: RawSheet) -> bytes | None:
    """A worksheet part with its sheetData emptied, or None when that cannot be done on its bytes (it has no
    sheetData where expat found it). A part in UTF-16 is refused before (book/safety.py `check_sheets`)."""
    if raw.data is None:
        return None
    start, close = raw.data
    if xml[start : start + 1] != b"<" or (close != start and xml[close : close + 2] != b"</"):
        return None
    inner = tag_end(xml, start)
    return xml if close == start else xml[:inner] + xml[close:]


def _copied(info: zipfile.ZipInfo) -> zipfile.ZipInfo:
    """A fresh entry for a member, with the name, time, compression and attributes it had."""
    copy = zipfile.ZipInfo(info.filename, info.date_time)
    copy.compress_type, copy.external_attr, copy.comment = info.compress_type, info.external_attr, info.comment
    return copy


def values(sheet: Worksheet) -> Rows:
    """Each row of `sheet` that holds a value, in order: its number and its values by column, as openpyxl reads them;
    a sheet openpyxl left unread (UNREAD) from the cells `check_sheets` recorded of it (book/cells.py `value`)."""
    unread = _UNREAD.get(sheet)
    if unread is not None:
        return unread()
    rows = []
    for cells in sheet.iter_rows():
        found: dict[int, object] = {cell.column: cell.value for cell in cells
                                    if cell.value is not None and cell.column is not None}
        if found and cells[0].row is not None:
            rows.append((cells[0].row, found))
    return rows


def header_of(rows: Rows) -> list[object]:
    """Row 1 of rows read by `values`, column by column from A (None for an empty cell): a sheet's header."""
    first = rows[0][1] if rows and rows[0][0] == 1 else {}
    return [first.get(i) for i in range(1, max(first, default=0) + 1)]


# ---------------------------------------------------------------------------------------------------- saving


class _Changes:
    """What one save changes in a package: parts rewritten or added (`parts`), parts removed, parts added in order."""

    def __init__(self, package: Package, edits: Edits):
        self.package, self.edits = package, edits
        self.workbook = openpyxl_private.styled_like(package.styled)
        """Where the edits' sheets and cells are built, numbering their styles after the package's."""
        self.builder = Builder(self.workbook, edits.formats)
        self.parts: dict[str, bytes] = {}
        self.removed: set[str] = set()
        self.added: list[str] = []
        self.types: dict[str, str] = {}
        """Content type of each added part."""
        self.links: list[tuple[str, str, str]] = []
        """Relationships to add to workbook.xml.rels: id, type, target part."""
        self.unlinked: set[str] = set()
        """Ids of workbook.xml.rels relationships to remove."""
        self.new: list[SheetEntry] = []
        order, owned, gone = self._arrange()
        formulas = self._sheet_parts(order, owned, gone)
        self._drop({e.part for e in owned.values() if e.part in package.names} | {e.part for e in gone},
                   {e.part for e in gone})
        self.unlinked |= {e.rid for e in gone}
        self._calc_chain(formulas)
        self._styles()
        self._workbook_xml(order, owned)
        self._workbook_rels()
        self._content_types()

    def _arrange(self) -> tuple[list[tuple[SheetEntry, Any]], dict[str, SheetEntry], list[SheetEntry]]:
        """The sheets in the edits' order, each with the worksheet built of it when written whole, else openpyxl's
        sheet of the package (None for one openpyxl did not read); the sheets written whole, by name; the sheets
        removed."""
        package, edits = self.package, self.edits
        entries = {entry.name: entry for entry in package.sheets}
        read = {entry.name: sheet for sheet, entry in package.bound.values()}
        whole = {sheet.name: sheet for sheet in edits.sheets}
        if set(read) - set(edits.order) - set(edits.remove) or set(edits.remove) - set(read):
            raise ValueError("the edits do not say what became of every sheet of the workbook")
        order: list[tuple[SheetEntry, Any]] = []
        owned: dict[str, SheetEntry] = {}
        for name in edits.order:
            if name in whole:
                built = Worksheet(self.workbook, name)
                self.builder.settings(built, whole[name])  # its cells are written from the edits (`_owned_xml`)
                entry = entries[name] if name in read else self._new_sheet(name)
                owned[name] = entry
                order.append((entry, built))
            else:
                order.append((entries[name], read.get(name)))
        return order, owned, [entries[name] for name in edits.remove]

    def _new_sheet(self, title: str) -> SheetEntry:
        """A part, sheetId and relationship for a sheet the package did not have."""
        package = self.package
        taken = {name.casefold() for name in (*package.names, *self.added)}
        model = next((s.part for s in package.sheets if s.worksheet), "xl/worksheets/sheet1.xml")
        folder = posixpath.dirname(model)
        part = next(p for n in itertools.count(1) if (p := f"{folder}/sheet{n}.xml").casefold() not in taken)
        rid = self._free_rid()
        sheet_id = max((s.sheet_id for s in (*package.sheets, *self.new)), default=0) + 1
        element = _sheet_element(package.sheets, title, sheet_id, rid)
        entry = SheetEntry(title, sheet_id, rid, part, f"{RELATIONSHIPS}/worksheet", element)
        self.new.append(entry)
        self.added.append(part)
        self.types[part] = _WORKSHEET_TYPE
        self.links.append((rid, f"{RELATIONSHIPS}/worksheet", relative(part, package.workbook_part)))
        return entry

    def _free_rid(self) -> str:
        """A relationship id workbook.xml.rels does not use yet."""
        ids = {r.id for r in self.package.rels(self.package.workbook_part)} | {rid for rid, _, _ in self.links}
        return next(rid for n in itertools.count(1) if (rid := f"rId{n}") not in ids)

    def _sheet_parts(self, order: list[tuple[SheetEntry, Any]], owned: dict[str, SheetEntry],
                     gone: list[SheetEntry]) -> dict[int, set[Coordinate] | None]:
        """Each sheet part forsxl changed, written; returns, by sheetId, the cells whose formula is gone (None:
        all of the sheet's)."""
        formulas: dict[int, set[Coordinate] | None] = {e.sheet_id: None for e in gone}
        changed = {cells.sheet: cells for cells in self.edits.cells}
        whole = {sheet.name: sheet for sheet in self.edits.sheets}
        for entry, sheet in order:
            if entry.name in owned:
                self.parts[entry.part] = _owned_xml(sheet, whole[entry.name], self.builder)
                formulas[entry.sheet_id] = None
            elif entry.name in changed and isinstance(sheet, Worksheet):
                scratch = Worksheet(self.workbook, entry.name)  # the edits' cells are built in it
                patched = _patched(self.package.part(entry.part), changed[entry.name], sheet, scratch, self.builder)
                if patched is not None:
                    self.parts[entry.part], formulas[entry.sheet_id] = patched
        return formulas

    def _drop(self, cut: set[str], unlinked: set[str]) -> None:
        """Remove what only the sheets forsxl replaced or deleted used (their comments, drawings, ...): the parts
        reachable before and no longer once the relationships of the `cut` parts and to the `unlinked` ones go."""
        gone = (self._reachable(set(), set()) - self._reachable(cut, unlinked)) | unlinked
        for part in gone | cut:
            if rels_path(part) in self.package.names:
                self.removed.add(rels_path(part))
        self.removed |= gone

    def _reachable(self, cut: set[str], unlinked: set[str]) -> set[str]:
        seen: set[str] = set()
        todo = [""]
        while todo:
            source = todo.pop()
            if source in cut:
                continue
            for rel in self.package.rels(source):
                if not rel.external and rel.target not in seen and rel.target not in unlinked:
                    seen.add(rel.target)
                    todo.append(rel.target)
        return seen

    def _calc_chain(self, formulas: dict[int, set[Coordinate] | None]) -> None:
        """calcChain.xml without the cells whose formula forsxl replaced, or gone when none is left."""
        package = self.package
        rel = next((r for r in package.rels(package.workbook_part) if r.type.endswith("/calcChain")), None)
        if rel is None or rel.target not in package.names or not formulas:
            return
        xml = package.part(rel.target)
        entries = spans(xml, {"c"})
        edits, sheet, dropped, kept = [], 0, False, 0
        for span in entries:
            sheet = int(span.attrs.get("i", sheet))  # an entry without `i` is on the sheet of the one before
            cells = formulas.get(sheet, set())
            if sheet in formulas and (cells is None or try_coordinate(span.attrs.get("r", "")) in cells):
                edits.append((span.start, span.end, b""))
                dropped = True
                continue
            if dropped and "i" not in span.attrs:  # the entry that named its sheet is gone
                edits.append((span.start, span.inner, attribute(xml[span.start : span.inner], "i", str(sheet))))
            dropped, kept = False, kept + 1
        if not edits:
            return
        if kept:
            self.parts[rel.target] = apply(xml, edits)
            return
        self.removed.add(rel.target)
        self.unlinked.add(rel.id)

    def _styles(self) -> None:
        """styles.xml with the cell styles openpyxl numbered after the package's own appended, with the fonts,
        fills, borders and number formats they use; without a usable styles part, openpyxl's whole stylesheet. A
        styles part nothing links to (pyexcelerate writes one) is the one openpyxl read: it is reused, and linked so
        that a spreadsheet finds it, never written a second time under its name (issue 39)."""
        package, workbook = self.package, self.workbook
        rel = next((r for r in package.rels(package.workbook_part) if r.type.endswith("/styles")), None)
        part = rel.target if rel else ARC_STYLE
        found = _Styles.of(part, package.part(part)) if part in package.names else None
        lists = styles(workbook)
        if found is None or not found.fits(lists):
            self.parts[part] = openpyxl_private.stylesheet_xml(workbook)
        elif new := lists.cell_styles[found.counts["xf"] :]:
            self.parts[part] = found.appended(lists, new)
        if part not in package.names:
            self.added.append(part)
        if rel is None or part not in package.names:
            self.types[part] = _STYLES_TYPE
        if rel is None:
            self.links.append((self._free_rid(), f"{RELATIONSHIPS}/styles", relative(part, package.workbook_part)))

    def _workbook_xml(self, order: list[tuple[SheetEntry, Any]], owned: dict[str, SheetEntry]) -> None:
        """workbook.xml with the new sheet list, sheet-local names moved with their sheets (those of a sheet forsxl
        wrote are openpyxl's), the active tab kept, and a full recalculation when opened (forsxl changed values
        that formulas may use; their cached results are kept until then)."""
        package = self.package
        xml = package.part(package.workbook_part)
        found = spans(xml, {"sheets", "definedNames", "definedName", "workbookView", "calcPr", "functionGroups",
                            "externalReferences"})
        sheets = next(s for s in found if s.name == "sheets")
        moved = _Moves([entry.name for entry in package.sheets], {e.name: i for i, (e, _) in enumerate(order)})
        edits = []
        if [e.element for e, _ in order] != [e.element for e in package.sheets]:
            edits.append((sheets.inner, sheets.close, b"".join(e.element for e, _ in order)))
        fresh = [qualified(name, prefix(xml, sheets)) for entry, sheet in order if entry.name in owned
                 for name in _local_names(sheet, moved.position[entry.name])]
        for span in (s for s in found if s.name == "definedName" and "localSheetId" in s.attrs):
            edits += moved.name(xml, span, owned, fresh)
        for span in (s for s in found if s.name == "workbookView"):
            tag = xml[span.start : span.inner]
            for key in ("activeTab", "firstSheet"):
                index = int(span.attrs.get(key, "0"))
                if moved.index(index, 0) != index:
                    tag = attribute(tag, key, str(moved.index(index, 0)))
            edits += [(span.start, span.inner, tag)] if tag != xml[span.start : span.inner] else []
        edits += _names_and_recalculation(xml, found, b"".join(fresh))
        self.parts[package.workbook_part] = apply(xml, edits)

    def _workbook_rels(self) -> None:
        """workbook.xml.rels without the relationships to parts that went, with those to the new ones."""
        if not self.links and not self.unlinked:
            return
        path = rels_path(self.package.workbook_part)
        xml = self.package.part(path)
        found = spans(xml, {"Relationships", "Relationship"})
        edits = [(s.start, s.end, b"") for s in found
                 if s.name == "Relationship" and s.attrs.get("Id") in self.unlinked]
        links = b"".join(b'<Relationship Id="%s" Type="%s" Target="%s"/>' % (quote(i), quote(t), quote(target))
                         for i, t, target in self.links)
        container = next(s for s in found if s.name == "Relationships")
        edits += insert_into(xml, container, qualified(links, prefix(xml, container)))
        self.parts[path] = apply(xml, edits)

    def _content_types(self) -> None:
        """[Content_Types].xml without the parts that went, with an Override for each new one."""
        if not self.types and not self.removed:
            return
        path = "[Content_Types].xml"
        xml = self.package.part(path)
        found = spans(xml, {"Types", "Override"})
        removed = {f"/{part}".casefold() for part in (*self.removed, *self.types)}  # a new type replaces an old one
        edits = [(s.start, s.end, b"") for s in found
                 if s.name == "Override" and s.attrs.get("PartName", "").casefold() in removed]
        overrides = b"".join(b'<Override PartName="/%s" ContentType="%s"/>' % (quote(part), quote(kind))
                             for part, kind in self.types.items())
        container = next(s for s in found if s.name == "Types")
        edits += insert_into(xml, container, qualified(overrides, prefix(xml, container)))
        self.parts[path] = apply(xml, edits)


def _sheet_element(sheets: Sequence[SheetEntry], name: str, sheet_id: int, rid: str) -> bytes:
    """A `<sheet>` element for workbook.xml, with the prefixes its other sheets are written with."""
    model = sheets[0].element
    tag = model[1:].split(None, 1)[0]
    rel = _RID.search(model)
    rid_name = rel[1] if rel else b"r:id"
    return b'<%s name="%s" sheetId="%d" %s="%s"/>' % (tag, quote(name), sheet_id, rid_name, quote(rid))


@dataclass(frozen=True)
class _Moves:
    """Where each sheet of the package went: its name by old index, its new index by name."""

    old: list[str]
    position: dict[str, int]

    def index(self, old: int, gone: int) -> int:
        """The new index of the sheet at index `old`; `gone` when it was deleted."""
        return self.position.get(self.old[old], gone) if old < len(self.old) else old

    def name(self, xml: bytes, span: Span, owned: dict[str, SheetEntry], fresh: list[bytes]) -> list[Edit]:
        """The edit of a sheet-local defined name: moved with its sheet, removed with it, and for a sheet forsxl
        wrote kept only as one of the `fresh` names openpyxl has for it (which it then leaves out of `fresh`)."""
        index = int(span.attrs["localSheetId"])
        name = self.old[index] if index < len(self.old) else None
        if name is None:
            return []
        if name not in self.position:
            return [(span.start, span.end, b"")]
        element = xml[span.start : span.end]
        if self.position[name] != index:
            element = attribute(xml[span.start : span.inner], "localSheetId", str(self.position[name])) + xml[
                span.inner : span.end]
        if name in owned and element not in fresh:
            return [(span.start, span.end, b"")]
        if name in owned:
            fresh.remove(element)  # forsxl wrote the same name before: it stays where it is
        return [(span.start, span.end, element)] if element != xml[span.start : span.end] else []


def _local_names(sheet: Worksheet, index: int) -> list[bytes]:
    """The sheet-local names of a sheet forsxl wrote, as openpyxl keeps them on the sheet: print titles and area."""
    names = (DefinedName(name, localSheetId=index, attr_text=value)
             for name, value in (("Print_Titles", sheet.print_titles), ("Print_Area", sheet.print_area)) if value)
    return [serialised(name.to_tree()) for name in names]


def _names_and_recalculation(xml: bytes, found: list[Span], names: bytes) -> list[Edit]:
    """The edits adding `names` to definedNames and asking for a full recalculation on load (calcPr), each element
    created where the schema orders it when the workbook has none."""
    one = {s.name: s for s in found}
    after = max(one[n].end for n in ("sheets", "functionGroups", "externalReferences") if n in one)
    pre = prefix(xml, one["sheets"])
    edits = []
    if names and "definedNames" in one:
        edits += insert_into(xml, one["definedNames"], qualified(names, pre))
    elif names:
        edits.append((after, after, qualified(b"<definedNames>" + names + b"</definedNames>", pre)))
    if "definedNames" in one:
        after = one["definedNames"].end
    calc = one.get("calcPr")
    if calc is None:
        edits.append((after, after, qualified(b'<calcPr fullCalcOnLoad="1"/>', pre)))
    elif calc.attrs.get("fullCalcOnLoad") not in ("1", "true"):
        edits.append((calc.start, calc.inner, attribute(xml[calc.start : calc.inner], "fullCalcOnLoad", "1")))
    return edits


def _owned_xml(built: Worksheet, sheet: Sheet, builder: Builder) -> bytes:
    """The part of a sheet written whole, as openpyxl writes it: its settings from `built` (a worksheet holding all
    of `sheet` but its cells, `Builder.settings`), its cells written here straight from the edits (openpyxl's writer
    took most of a save's time), with the dimension openpyxl would give the sheet holding them."""
    xml = openpyxl_private.sheet_xml_without_rows(built)
    if RELATIONSHIPS.encode() in xml:  # openpyxl would also write the parts it links to
        raise RuntimeError(f"{sheet.name}: a sheet forsxl writes whole links to comments, drawings or tables")
    dimension = next(s for s in spans(xml, {"dimension"}))
    xml = xml[: dimension.start] + attribute(xml[dimension.start : dimension.inner], "ref", _dimension(sheet)) + xml[
        dimension.inner :]
    data = next(s for s in spans(xml, {"sheetData"}))
    return xml[: data.start] + _sheet_data(built, sheet, builder) + xml[data.end :]


def _dimension(sheet: Sheet) -> str:
    """The range openpyxl gives a sheet holding the cells `Builder.fill` would put in it: those the edits list, the
    one openpyxl keeps for a row that holds nothing, and those a merge covers."""
    found = [(line.row, column) for line in sheet.rows for column, _, _ in line.cells]
    found += [(line.row, 1) for line in sheet.rows if not line.cells and line.height is None]
    for merged in map(CellRange, sheet.merged):
        found += list(merged.cells)[1:]
    if not found:
        return "A1:A1"
    rows, columns = {row for row, _ in found}, {column for _, column in found}
    return f"{get_column_letter(min(columns))}{min(rows)}:{get_column_letter(max(columns))}{max(rows)}"


def _sheet_data(built: Worksheet, sheet: Sheet, builder: Builder) -> bytes:
    """The `<sheetData>` of a sheet written whole, as openpyxl's writer makes it: rows in order with their
    dimensions (from `built`), and each cell that has a value or a style."""
    rows: dict[int, list[bytes]] = {row: [] for row in built.row_dimensions}
    letters: dict[int, bytes] = {}
    for line in sheet.rows:
        for column, value, number in line.cells:
            if column not in letters:
                letters[column] = get_column_letter(column).encode()
            cell = _cell(b"%s%d" % (letters[column], line.row), value, builder.xf(number), built, line.row, column,
                         builder)
            rows.setdefault(line.row, []).append(cell)
    out = [b"<sheetData>"]
    for row, cells in sorted(rows.items()):
        dimensions = dict(built.row_dimensions[row]) if row in built.row_dimensions else {}
        attrs = b"".join(b' %s="%s"' % (k.encode(), quote(v)) for k, v in dimensions.items() if k != "r")
        out += [b'<row r="%d"%s>' % (row, attrs), *cells, b"</row>"]
    out.append(b"</sheetData>")
    return b"".join(out)


def _cell(coordinate: bytes, value: Value, xf: int | None, built: Worksheet, row: int, column: int,
          builder: Builder) -> bytes:
    """One `<c>`, as openpyxl's cell writer makes it, `xf` its style's number (None: unstyled); text, numbers and
    booleans written here directly, a date by openpyxl."""
    kind = kind_of(value)
    style = b' s="%d"' % xf if xf is not None else b""
    head = b'<c r="%s"%s t="%s"' % (coordinate, style, b"inlineStr" if kind == "s" else kind.encode())
    if value is None or value == "":
        return head + b" />"
    if isinstance(value, str):
        space = b' xml:space="preserve"' if value != value.strip() else b""
        return head + b"><is><t%s>%s</t></is></c>" % (space, text(value))
    if isinstance(value, int | float):
        return head + b"><v>%s</v></c>" % number_text(value)
    array = builder.styles[xf] if xf is not None else StyleArray()
    return cell_xml(builder.cell(built, row, column, value, array), xf is not None)


def _patched(xml: bytes, cells: Cells, sheet: Worksheet, scratch: Worksheet,
             builder: Builder) -> tuple[bytes, set[Coordinate]] | None:
    """The part of a person's sheet with the cells the edits set rewritten, and those of them that held a formula;
    None when none of them changes. A cell that shared a formula with one of them is written out whole, as openpyxl
    read it into `sheet`."""
    part = SheetXml(xml)
    given = {(row, column): (value, number) for row, column, value, number in cells.set}
    if not given:
        return None
    shared = part.shared_with(set(given))
    rewritten = {at: _given_xml(at, *given[at], part, scratch, builder) if at in given else
                 _cell_xml(sheet.cell(*at), part.cells[at].attrs.get("s")) for at in sorted(given.keys() | shared)}
    return part.rewritten(rewritten), {at for at in given if at in part.formulas}


def _given_xml(at: Coordinate, value: Value, number: int | None, part: SheetXml, scratch: Worksheet,
               builder: Builder) -> bytes | None:
    """A cell the edits set, as openpyxl writes it: with format `number` laid over the cell's style as the part has
    it; without one, keeping the part's `s`. An empty unstyled cell is left out."""
    old = part.cells.get(at)
    style = old.attrs.get("s") if old is not None else None
    if number is None:
        return None if value is None and style is None else _cell_xml(
            builder.cell(scratch, *at, value, StyleArray()), style)
    lists = styles(builder.workbook)
    array = builder.style(number, lists.cell_styles[int(style)] if style is not None else None)
    if value is None and not any(array):
        return None
    return cell_xml(builder.cell(scratch, *at, value, array), any(array))


def _cell_xml(cell: Cell | MergedCell, style: str | None) -> bytes:
    """A cell as openpyxl writes it, without a style or with the part's `s`."""
    new = cell_xml(cell, False)
    if style is None:
        return new
    end = new.index(b">") + 1
    return attribute(new[:end], "s", style) + new[end:]


@dataclass
class _Styles:
    """styles.xml as the package has it: its lists (numFmts, fonts, fills, borders, cellXfs) and their lengths."""

    part: str
    xml: bytes
    lists: dict[str, Span]
    counts: dict[str, int]
    formats: dict[str, int]
    """Custom number format code -> its numFmtId."""
    start: Span

    @classmethod
    def of(cls, part: str, xml: bytes) -> _Styles | None:
        """The styles part read, or None when it lacks a list that new styles are appended to."""
        lists = {"numFmts": "numFmt", "fonts": "font", "fills": "fill", "borders": "border", "cellXfs": "xf"}
        found = spans(xml, {"styleSheet", *lists, *lists.values()})
        containers = {s.name: s for s in found if s.name in lists}
        if any(name not in containers for name in ("fonts", "fills", "borders", "cellXfs")):
            return None
        counts = {item: sum(1 for s in found if s.name == item and s.within(containers[name]))
                  for name, item in lists.items() if name in containers}
        formats = {s.attrs.get("formatCode", ""): int(s.attrs.get("numFmtId", "0")) for s in found
                   if s.name == "numFmt" and "numFmts" in containers and s.within(containers["numFmts"])}
        start = next(s for s in found if s.name == "styleSheet")
        return cls(part, xml, containers, counts, formats, start)

    def fits(self, lists: Styles) -> bool:
        """Whether openpyxl numbered the package's styles as the part lists them (it read every one)."""
        return (len(lists.cell_styles) >= self.counts["xf"] and len(lists.fonts) >= self.counts["font"]
                and len(lists.fills) >= self.counts["fill"] and len(lists.borders) >= self.counts["border"])

    def appended(self, lists: Styles, new: list[StyleArray]) -> bytes:
        """The part with the `new` cell styles appended, each with what it uses that the part lacks."""
        fonts, font_xml = _appended(lists.fonts, self.counts["font"], [s.fontId for s in new])
        fills, fill_xml = _appended(lists.fills, self.counts["fill"], [s.fillId for s in new])
        borders, border_xml = _appended(lists.borders, self.counts["border"], [s.borderId for s in new])
        formats, format_xml = self._formats(lists, new)
        xfs = [openpyxl_private.style_xml(
            style, fonts.get(style.fontId, style.fontId), fills.get(style.fillId, style.fillId),
            borders.get(style.borderId, style.borderId), formats.get(style.numFmtId, style.numFmtId),
            lists.alignments[style.alignmentId] if style.alignmentId else None,
            lists.protections[style.protectionId] if style.protectionId else None) for style in new]
        xml, at = self.xml, self.lists
        edits = [*counted(xml, at["fonts"], font_xml), *counted(xml, at["fills"], fill_xml),
                 *counted(xml, at["borders"], border_xml), *counted(xml, at["cellXfs"], xfs)]
        if "numFmts" in at:
            edits += counted(xml, at["numFmts"], format_xml)
        elif format_xml:  # numFmts comes first in a styleSheet
            numbers = b'<numFmts count="%d">%s</numFmts>' % (len(format_xml), b"".join(format_xml))
            edits.append((self.start.inner, self.start.inner, qualified(numbers, prefix(xml, self.start))))
        return apply(xml, edits)

    def _formats(self, lists: Styles, new: list[StyleArray]) -> tuple[dict[int, int], list[bytes]]:
        """openpyxl's numbers of the custom formats the new styles use -> the package's (a new one if it lacks it)."""
        mapping: dict[int, int] = {}
        added: list[bytes] = []
        free = max([BUILTIN_FORMATS_MAX_SIZE - 1, *self.formats.values()]) + 1
        for number in sorted({s.numFmtId for s in new if s.numFmtId >= BUILTIN_FORMATS_MAX_SIZE}):
            code = lists.number_formats[number - BUILTIN_FORMATS_MAX_SIZE]
            if code not in self.formats:
                self.formats[code], free = free, free + 1
                added.append(serialised(NumberFormat(self.formats[code], code).to_tree("numFmt")))
            mapping[number] = self.formats[code]
        return mapping, added


def _appended(items: Sequence[Any], count: int, used: Iterable[int]) -> tuple[dict[int, int], list[bytes]]:
    """The entries of one of openpyxl's style lists that the new styles use and the package lacks (openpyxl put
    them after its `count`): openpyxl's index -> the index in the package, and their XML to append."""
    mapping = {index: count + n for n, index in enumerate(sorted({i for i in used if i >= count}))}
    return mapping, [serialised(items[index].to_tree()) for index in mapping]
