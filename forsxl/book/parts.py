"""The XML parts of an .xlsx package: finding them, parsing them, and editing them byte for byte (issue 19).

Every part forsxl reads is parsed by one expat set-up (`parser`): names come as `namespace}local` (`local` alone
outside a namespace), and a DTD or an entity declaration stops it. The parts are found as a spreadsheet program finds
them (`Parts`): the workbook through the package's relationships, its sheets through the workbook's, so a workbook
another program wrote with its parts named otherwise reads as any other.

A part forsxl changes is never parsed into a tree and serialised again: expat finds where the elements of interest
start and end (`spans`), and the edits splice bytes at those offsets (`apply`); every other byte of the part stays as
the spreadsheet wrote it. Namespace prefixes are the part's own (`x:c` in a file from the .NET SDK is found as `c`);
what forsxl inserts takes the prefix of the element it goes into.
"""

from __future__ import annotations

import posixpath
import pyexpat
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import IO, NoReturn
from urllib.parse import unquote

from openpyxl.utils.cell import column_index_from_string, get_column_letter, range_boundaries

Edit = tuple[int, int, bytes]
"""Bytes from one offset to another replaced: (start, end, new bytes)."""

_TAG_END = re.compile(rb"""(?:[^>"']|"[^"]*"|'[^']*')*>""")
_PREFIX = re.compile(rb"<([A-Za-z_][\w.-]*:)?")
_UNPREFIXED = re.compile(rb"<(/?)([A-Za-z_][\w.-]*)(?=[\s/>])")
_REF = re.compile(r"^\$?([A-Z]{1,3})\$?(\d+)$")
_DECLARATION = re.compile(rb"""<\?xml\s[^>]*?encoding\s*=\s*["']([\w.:-]*)["']""")
_BOMS = (b"\xff\xfe", b"\xfe\xff")
NATIVE = frozenset({"UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE", "ISO-8859-1", "US-ASCII"})
"""The encodings expat decodes itself, by the names it knows them by (in any case). Given any other name, pyexpat has
expat decode through a table it builds from Python's codec, where CPython 3.13 once raised a SystemError: a part that
declares one is refused from its first bytes, before expat or openpyxl parses it (book/safety.py `check_archive`)."""


@dataclass
class Span:
    """Where one element is in a part: `start` at its `<`, `inner` just after its start tag, `close` at its end tag
    (equal to `inner` for an empty element like `<c r="A1"/>`), `end` just after it."""

    name: str
    attrs: dict[str, str]
    start: int
    inner: int
    close: int = -1
    end: int = -1

    @property
    def empty(self) -> bool:
        return self.close == self.inner and self.end == self.inner

    def within(self, outer: Span) -> bool:
        return outer.inner <= self.start and self.end <= outer.close


class UnsafeXml(ValueError):
    """A part declares a DTD or an entity (which may expand to anything): book/safety.py refuses the file."""


def _unsafe(*_: object) -> NoReturn:
    raise UnsafeXml("a DTD or an entity in a workbook part")


def parser() -> pyexpat.XMLParserType:
    """The expat parser of every part forsxl reads: names as `namespace}local`, character data in one piece, and
    `UnsafeXml` at a DTD or an entity declaration, as defusedxml refuses them."""
    made = pyexpat.ParserCreate(namespace_separator="}")
    made.SetParamEntityParsing(pyexpat.XML_PARAM_ENTITY_PARSING_NEVER)
    made.buffer_text = True
    made.StartDoctypeDeclHandler = made.EntityDeclHandler = _unsafe
    made.ExternalEntityRefHandler = _unsafe
    return made


def encoding(first: bytes) -> str:
    """The encoding a part is written in, as expat takes it from the part's first bytes (`first`, to the end of its
    XML declaration): UTF-16 by a byte order mark or a zero byte among the first four (its declaration then read in
    UTF-16, and a name in NATIVE it gives taken as UTF-16), else the one its declaration names, as written, else
    UTF-8."""
    wide = first[:2] in _BOMS or b"\0" in first[:4]
    if wide:
        order = "utf-16" if first[:2] in _BOMS else "utf-16-be" if first[:1] == b"\0" else "utf-16-le"
        first = first[: len(first) // 2 * 2].decode(order, "replace").encode("ascii", "replace")
    declared = _DECLARATION.match(first.removeprefix(b"\xef\xbb\xbf"))
    name = declared[1].decode() if declared else ""
    if wide and (not name or name.upper() in NATIVE):
        return "UTF-16"
    return name or "UTF-8"


def head(part: IO[bytes], size: int = 512) -> bytes:
    """A part's first `size` bytes, and on to the first `>` when it opens with an XML declaration (in UTF-8 or UTF-16)
    that does not end in them: the declaration, which names the encoding (`encoding`), may be padded with spaces."""
    chunks = [part.read(size)]
    if b"<?xml" not in chunks[0][:16].replace(b"\0", b""):
        return chunks[0]
    while b">" not in chunks[-1] and (more := part.read(2**16)):
        chunks.append(more)
    return b"".join(chunks)


def utf8(name: str) -> bool:
    """Whether a part in the encoding `name` (as `encoding` gives it) takes the UTF-8 bytes forsxl splices into a part
    it edits (`apply`): a part declared US-ASCII would read a name in Cyrillic as broken XML. Excel and LibreOffice
    write UTF-8."""
    return name.upper() == "UTF-8"


def local(name: str) -> str:
    """An element's or attribute's name without its namespace (`c` of `http://...main}c`)."""
    return name.rpartition("}")[2]


def tag_end(xml: bytes, at: int) -> int:
    """The offset just after the start tag that begins at `at` (a `>` in a quoted attribute value is no end)."""
    match = _TAG_END.match(xml, at)
    assert match is not None  # expat has read this start tag
    return match.end()


def spans(xml: bytes, names: Collection[str]) -> list[Span]:
    """Every element whose local name is in `names`, in document order. Attribute names are local for plain
    attributes and `namespace}local` for prefixed ones (`r:id` is `http://...relationships}id`)."""
    expat = parser()
    found: list[Span] = []
    open_: list[Span | None] = []

    def start(name: str, attrs: dict[str, str]) -> None:
        name = local(name)
        if name not in names:
            open_.append(None)
            return
        at = expat.CurrentByteIndex
        span = Span(name, attrs, at, tag_end(xml, at))
        open_.append(span)
        found.append(span)

    def end(_name: str) -> None:
        span = open_.pop()
        if span is None:
            return
        if xml[span.inner - 2 : span.inner] == b"/>":
            span.close = span.end = span.inner
        else:
            span.close = expat.CurrentByteIndex
            span.end = xml.index(b">", span.close) + 1

    expat.StartElementHandler = start
    expat.EndElementHandler = end
    expat.Parse(xml, True)
    return found


def apply(xml: bytes, edits: Iterable[Edit]) -> bytes:
    """`xml` with each (start, end, new bytes) edit spliced in; insertions at one offset keep their order."""
    out, at = [], 0
    for start, end, new in sorted(edits, key=lambda edit: (edit[0], edit[1])):
        assert start >= at, "overlapping edits"
        out += [xml[at:start], new]
        at = end
    out.append(xml[at:])
    return b"".join(out)


def prefix(xml: bytes, span: Span) -> bytes:
    """The namespace prefix of an element as written (`x:`), or nothing."""
    match = _PREFIX.match(xml, span.start)
    assert match is not None
    return match[1] or b""


def qualified(fragment: bytes, prefix: bytes) -> bytes:
    """XML written without prefixes (openpyxl's) for a part whose elements carry `prefix`."""
    return _UNPREFIXED.sub(rb"<\1" + prefix + rb"\2", fragment) if prefix else fragment


def attribute(tag: bytes, name: str, value: str | None) -> bytes:
    """A start tag with attribute `name` set to `value` (added if missing, removed when None)."""
    pattern = re.compile(rb"""\s""" + re.escape(name.encode()) + rb"""\s*=\s*("[^"]*"|'[^']*')""")
    new = b"" if value is None else b" " + name.encode() + b'="' + quote(value) + b'"'
    if pattern.search(tag):
        return pattern.sub(lambda _: new, tag, count=1)
    if value is None:
        return tag
    tail = 2 if tag.endswith(b"/>") else 1
    return tag[:-tail].rstrip() + new + tag[-tail:]


def text(value: str) -> bytes:
    """`value` as XML character data (xml.sax.saxutils would import urllib and http at start-up)."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").encode()


def quote(value: str) -> bytes:
    """`value` as an XML attribute value in double quotes."""
    return text(value).replace(b'"', b"&quot;")


def _name(tag: bytes) -> bytes:
    """The qualified name of the element a start tag opens."""
    return tag[1:].split(None, 1)[0].rstrip(b"/>")


def insert_into(xml: bytes, container: Span, content: bytes, tag: bytes | None = None) -> list[Edit]:
    """The edits that append `content` inside `container` (its start tag replaced by `tag` when given), opening it
    up when it is written empty (`<sheetData/>`)."""
    old = xml[container.start : container.inner]
    tag = old if tag is None else tag
    if container.empty:
        opened = tag[:-2].rstrip() + b">" if tag.endswith(b"/>") else tag
        return [(container.start, container.end, opened + content + b"</" + _name(old) + b">")]
    edits = [(container.close, container.close, content)]
    if tag != old:
        edits.append((container.start, container.inner, tag))
    return edits


def counted(xml: bytes, container: Span, items: list[bytes]) -> list[Edit]:
    """The edits that append `items` (written without a prefix) to a list element such as `<fonts count="2">`,
    its count raised to match."""
    if not items:
        return []
    tag = xml[container.start : container.inner]
    if "count" in container.attrs:
        tag = attribute(tag, "count", str(int(container.attrs["count"] or 0) + len(items)))
    return insert_into(xml, container, qualified(b"".join(items), prefix(xml, container)), tag)


# ------------------------------------------------------------------------------------------------- finding parts

RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_EDITED = ("/worksheet", "/styles", "/calcChain")
"""The kinds of the workbook's parts a save may edit in place, besides workbook.xml, its relationships and
[Content_Types].xml."""


@dataclass(frozen=True)
class Rel:
    """A relationship of a part: its id, its type, and the part it points to as its name in the zip (an external
    target as written)."""

    id: str
    type: str
    target: str
    external: bool


@dataclass(frozen=True)
class SheetEntry:
    """A sheet as workbook.xml lists it: name, sheetId, relationship id, its part and the part's kind (the
    relationship's type), and its `<sheet>` element as written."""

    name: str
    sheet_id: int
    rid: str
    part: str
    kind: str
    element: bytes

    @property
    def worksheet(self) -> bool:
        return self.kind.endswith("/worksheet")


def rels_path(part: str) -> str:
    """The name of the part holding `part`'s relationships (`xl/_rels/workbook.xml.rels`; `_rels/.rels` for "", the
    package's own)."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def resolve(source: str, target: str) -> str:
    """The part a relationship of `source` names, as a name in the zip (targets are relative or absolute URIs)."""
    target = unquote(target)
    if target.startswith("/"):
        return target[1:]
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def relative(part: str, source: str) -> str:
    """The relative target that links `source` to `part` (`resolve` the other way); from the package's root, never
    the working folder (posixpath.relpath alone would ask for it, and it may be gone)."""
    return posixpath.relpath(f"/{part}", f"/{posixpath.dirname(source)}")


class Parts:
    """The parts of an .xlsx package found as a spreadsheet program finds them: the workbook through the package's
    relationships (`workbook_part`), its sheets through the workbook's (`sheets`, in workbook order). `read` gives a
    part's bytes; `names` are the package's parts."""

    def __init__(self, read: Callable[[str], bytes], names: Collection[str]):
        self.read, self.names = read, names
        self.workbook_part = next((r.target for r in self.rels("") if r.type.endswith("/officeDocument")),
                                  "xl/workbook.xml")
        self.sheets = self._sheets()

    def edited(self) -> set[str]:
        """The parts a save may edit in place (book/package.py): [Content_Types].xml, the workbook, its relationships,
        and the sheets, styles and calculation chain it links to."""
        edited = {"[Content_Types].xml", self.workbook_part, rels_path(self.workbook_part)}
        return edited | {r.target for r in self.rels(self.workbook_part) if r.type.endswith(_EDITED)}

    def rels(self, source: str) -> list[Rel]:
        """The relationships of a part ("" for the package's own)."""
        path = rels_path(source)
        if path not in self.names:
            return []
        found = []
        for span in spans(self.read(path), {"Relationship"}):
            external = span.attrs.get("TargetMode") == "External"
            target = span.attrs.get("Target", "")
            found.append(Rel(span.attrs.get("Id", ""), span.attrs.get("Type", ""),
                             target if external else resolve(source, target), external))
        return found

    def _sheets(self) -> list[SheetEntry]:
        xml = self.read(self.workbook_part)
        rels = {r.id: r for r in self.rels(self.workbook_part)}
        found = spans(xml, {"sheets", "sheet"})
        container = next(s for s in found if s.name == "sheets")
        sheets = []
        for span in (s for s in found if s.name == "sheet" and s.within(container)):
            rid = span.attrs.get(f"{RELATIONSHIPS}}}id", "")
            rel = rels.get(rid, Rel(rid, "", "", True))
            sheets.append(SheetEntry(span.attrs.get("name", ""), int(span.attrs.get("sheetId", "0")), rid, rel.target,
                                     rel.type, xml[span.start : span.end]))
        return sheets


# ------------------------------------------------------------------------------------------------- sheet cells

Coordinate = tuple[int, int]
"""(row, column), 1-based as in openpyxl."""


def try_coordinate(reference: str) -> Coordinate | None:
    """(row, column) of a reference like `B7`, or None when it is not one."""
    match = _REF.match(reference)
    return None if match is None else (int(match[2]), column_index_from_string(match[1]))


@dataclass
class _Row:
    number: int
    span: Span
    cells: dict[int, Span] = field(default_factory=dict)


class SheetXml:
    """A worksheet part, to rewrite some of its cells and keep every other byte (rows, other cells, formats,
    conditional formats, x14 extensions, drawings)."""

    def __init__(self, xml: bytes):
        self.xml = xml
        found = spans(xml, {"sheetData", "row", "c", "f", "dimension"})
        data = [s for s in found if s.name == "sheetData"]
        if len(data) != 1:
            raise ValueError("a worksheet part without one sheetData")
        self.data = data[0]
        self.dimension = next((s for s in found if s.name == "dimension"), None)
        self.rows: dict[int, _Row] = {}
        self.cells: dict[Coordinate, Span] = {}
        self.formulas: dict[Coordinate, Span] = {}
        row: _Row | None = None
        column = 0
        last = None
        for span in found:
            if span.name == "row" and span.within(self.data):
                number = int(span.attrs["r"]) if "r" in span.attrs else (row.number + 1 if row else 1)
                row = self.rows[number] = _Row(number, span)
                column = 0
            elif span.name == "c" and row is not None and span.within(row.span):
                at = try_coordinate(span.attrs.get("r", ""))
                column = at[1] if at else column + 1
                row.cells[column] = span
                last = (row.number, column)
                self.cells[last] = span
            elif span.name == "f" and last is not None and span.within(self.cells[last]):
                self.formulas[last] = span

    def shared_with(self, masters: Collection[Coordinate]) -> set[Coordinate]:
        """The cells whose formula is shared from one of `masters`: they must be written out when a master is
        replaced, as the master holds the text for all of them."""
        groups = {f.attrs.get("si") for at, f in self.formulas.items()
                  if at in masters and f.attrs.get("t") == "shared" and "ref" in f.attrs}
        return {at for at, f in self.formulas.items()
                if f.attrs.get("t") == "shared" and "ref" not in f.attrs and f.attrs.get("si") in groups}

    def rewritten(self, cells: Mapping[Coordinate, bytes | None]) -> bytes:
        """The part with each cell's `<c>` replaced by the XML given for it (written by openpyxl, without a prefix),
        or removed for None; rows and cells that were not there are inserted in order."""
        xml, edits = self.xml, []
        pre = prefix(xml, self.data)
        by_row: dict[int, dict[int, bytes | None]] = {}
        for (r, c), new in cells.items():
            by_row.setdefault(r, {})[c] = None if new is None else qualified(new, pre)
        following = sorted(self.rows)
        for number, changes in sorted(by_row.items()):
            row = self.rows.get(number)
            if row is None:
                content = b"".join(new for _, new in sorted(changes.items()) if new is not None)
                if content:
                    row_tag = b"<" + pre + b'row r="' + str(number).encode() + b'">'
                    edits += self._new_row(following, number, row_tag + content + b"</" + pre + b"row>")
                continue
            edits += self._row_edits(row, changes)
        edits += self._dimension(cells)
        return apply(xml, edits)

    def _new_row(self, following: list[int], number: int, content: bytes) -> list[Edit]:
        """The edit that puts a new row before the first row numbered after it, else at the end of sheetData."""
        after = next((n for n in following if n > number), None)
        if after is not None:
            at = self.rows[after].span.start
            return [(at, at, content)]
        return insert_into(self.xml, self.data, content)

    def _row_edits(self, row: _Row, changes: dict[int, bytes | None]) -> list[Edit]:
        """The edits of one row: each changed cell replaced or removed, each new one put before the first cell to
        its right, and the row's `spans` hint widened to match."""
        edits = []
        inserted: dict[int, list[bytes]] = {}
        for column, new in sorted(changes.items()):
            old = row.cells.get(column)
            if old is not None:
                edits.append((old.start, old.end, new or b""))
            elif new is not None:
                after = next((c for c in sorted(row.cells) if c > column), None)
                at = row.cells[after].start if after is not None else row.span.close
                inserted.setdefault(at, []).append(new)
        tag = self.xml[row.span.start : row.span.inner]
        columns = sorted({c for c in row.cells if c not in changes} | {c for c, new in changes.items() if new})
        if "spans" in row.span.attrs and columns:  # a hint of the columns used: widened, never narrowed
            bounds = [int(n) for n in re.findall(r"\d+", row.span.attrs["spans"])] or columns
            low, high = min(*bounds, columns[0]), max(*bounds, columns[-1])
            if (low, high) != (min(bounds), max(bounds)):
                tag = attribute(tag, "spans", f"{low}:{high}")
        if row.span.empty:  # `<row r="5"/>` gains cells
            return edits + insert_into(self.xml, row.span, b"".join(b"".join(v) for _, v in inserted.items()), tag)
        if tag != self.xml[row.span.start : row.span.inner]:
            edits.append((row.span.start, row.span.inner, tag))
        return edits + [(at, at, b"".join(new)) for at, new in inserted.items()]

    def _dimension(self, cells: Mapping[Coordinate, bytes | None]) -> list[Edit]:
        """The `<dimension ref>` widened to the cells written, so that it still covers the sheet."""
        written = [at for at, new in cells.items() if new is not None]
        if self.dimension is None or not written or "ref" not in self.dimension.attrs:
            return []
        try:
            left, top, right, bottom = range_boundaries(self.dimension.attrs["ref"])
        except (ValueError, TypeError):
            return []
        rows, columns = [r for r, _ in written], [c for _, c in written]
        bounds = (min(left or 1, *columns), min(top or 1, *rows), max(right or 1, *columns), max(bottom or 1, *rows))
        if bounds == (left, top, right, bottom):
            return []
        ref = f"{get_column_letter(bounds[0])}{bounds[1]}:{get_column_letter(bounds[2])}{bounds[3]}"
        span = self.dimension
        return [(span.start, span.inner, attribute(self.xml[span.start : span.inner], "ref", ref))]
