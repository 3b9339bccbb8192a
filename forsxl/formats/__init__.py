"""Thin adapters between forsxl and other programs' files: rating lists, OpenGotha XML, the EGF results table.

Every reader takes text (or bytes) and returns plain records plus the problems it found, each with its line;
every writer takes engine values (the tournament and its report) and returns text; `registry` lists them all.
No workbook here: `book/` writes sheets, and `app/` joins the two (STYLE "Layout").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from forsxl.engine.config import Scale
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Source
from forsxl.i18n import Later

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_BREAKS = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def one_line(text: str) -> str:
    """The text as one field of another program's file: each run of control characters (line breaks, tabs, NUL)
    a space, so no value typed into a workbook can start a line, a tag or a cell of its own."""
    return _BREAKS.sub(" ", text)


MAX_BYTES = 20 * 2**20
"""The EGD's whole world list is about 8 MB; a larger file is refused unread."""


def read_bytes(path: Path, limit: int | None = None) -> bytes:
    """The file's bytes, refusing a missing or oversized file (over `MAX_BYTES`) before reading it."""
    limit = MAX_BYTES if limit is None else limit
    if not path.is_file():
        raise ForsxlError("", "file_missing", path=path)
    size = path.stat().st_size
    if size > limit:
        raise ForsxlError("", "import_too_big", path=path, size=size // 2**20 or 1, limit=limit // 2**20)
    return path.read_bytes()


def decode(data: bytes, *fallbacks: str) -> str:
    """UTF-8 (with or without BOM), else the first fallback encoding that decodes (rating lists are often Latin-1)."""
    for encoding in ("utf-8-sig", *fallbacks):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


@dataclass(frozen=True)
class Entry:
    """One player as another program lists them: the Players columns forsxl knows, as text or numbers.

    `rating` is on `scale` (None when the list has only a rank); `line` is where it was in the file.
    """

    name: str
    rating: int | None = None
    rank: str = ""
    scale: Scale | None = None
    club: str = ""
    city: str = ""
    country: str = ""
    egd_pin: str = ""
    rfg_id: str = ""
    line: int = 0


@dataclass
class Parsed:
    """What a reader found: the entries, and every line it could not read (never skipped silently)."""

    entries: list[Entry] = field(default_factory=list)
    problems: list[ForsxlError] = field(default_factory=list)
    unused: list[str] = field(default_factory=list)
    """The headers of the columns the reader left out, to be named (a column is never dropped without a word)."""
    encoding: str = ""
    """The encoding the file was read in, when the reader had to tell it (a CSV: `formats.csv.csv_text`)."""

    def add(self, source: str, text: str, entry: Entry) -> None:
        """Keep `entry`, unless a field holds a control character no spreadsheet cell can (a NUL, a bell)."""
        if any(_CONTROL.search(value) for value in vars(entry).values() if isinstance(value, str)):
            self.bad_line(source, entry.line, text, Later("a control character in a field"))
        else:
            self.entries.append(entry)

    def bad_line(self, source: str, line: int, text: str, why: str) -> None:
        self.problems.append(ForsxlError("", "import_line_bad", Source(Later("{file}, line {line}", file=source,
                                                                               line=line)),
                                         text=text.strip()[:60], why=why))
