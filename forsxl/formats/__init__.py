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
    aga_id: str = ""
    ffg_licence: str = ""
    latin: str = ""
    """The name in Latin letters where the list gives one beside a name in another script (the RFG's
    `lastNameLat firstNameLat`): the EGD export writes it instead of a transliteration."""
    last_game: str = ""
    """The day of the player's last rated game, where the list gives it (the RFG's `lastGame`, `YYYY-MM-DD`)."""
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
    date: str = ""
    """The day the list says it is of (`YYYY-MM-DD`: the EGD's `(22 Feb 2018)`, the FFG's `#Echelle au
    23/02/2018`); empty when it says none."""

    def add(self, source: str, text: str, entry: Entry, item: int = 0) -> None:
        """Keep `entry`, unless a field holds a control character no spreadsheet cell can (a NUL, a bell); `item`
        is its number in a file not read line by line."""
        if any(_CONTROL.search(value) for value in vars(entry).values() if isinstance(value, str)):
            why = Later("a control character in a field")
            if item:
                self.bad_item(source, item, text, why)
            else:
                self.bad_line(source, entry.line, text, why)
        else:
            self.entries.append(entry)

    def bad_line(self, source: str, line: int, text: str, why: str) -> None:
        self._bad(Later("{file}, line {line}", file=source, line=line), text, why)

    def bad_item(self, source: str, number: int, text: str, why: str) -> None:
        """A problem with the `number`th player of a file that is not read line by line (the RFG's JSON)."""
        self._bad(Later("{file}, player {number}", file=source, number=number), text, why)

    def _bad(self, where: Later, text: str, why: str) -> None:
        self.problems.append(ForsxlError("", "import_line_bad", Source(where), text=text.strip()[:60], why=why))
