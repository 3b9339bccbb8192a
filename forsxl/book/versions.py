"""The versions every save keeps of a workbook (book/kept.py): listed with the command that made each, and put back
whole, the workbook they replace kept in turn (`forsxl history`, `forsxl undo`; issues 31, 39).

A version is read and checked as any workbook is before it is listed as one or put back: from a plain file, never
through a link nor into a folder of its name, and refused as `forsxl check` refuses a file (not a zip, a zip bomb,
a part missing or broken). One that fails is listed as damaged and never put back. Undo goes back along the record of
where each version came from (kept.py `Record`): an edit made after an undo is what the next undo takes back.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from openpyxl.workbook.workbook import Workbook

from forsxl.book import layout
from forsxl.book.kept import Record, digest, kept_versions, read_version, same_tournament, tournament, versions_folder
from forsxl.book.package import header_of, values
from forsxl.book.read import open_bytes
from forsxl.book.save import Identity, replace, writing
from forsxl.book.sheets import find_sheet
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.i18n import Later

SAVED_WITH_ITS_COMMAND = timedelta(minutes=1)
"""A file saved within this of its Log's last row was saved by that command; one saved later was changed after it,
in a spreadsheet (a command writes its Log row a few seconds before it saves)."""


@dataclass(frozen=True)
class Logged:
    """The last row of a workbook's Log sheet: when forsxl ran, which command, and what it changed."""

    when: datetime | None
    command: str
    changes: str


@dataclass(frozen=True)
class Version:
    """A state of the workbook: `number` 0 is the workbook as it is, 1 the newest kept version, and so on."""

    number: int
    path: Path
    saved: datetime
    """When the file was saved, by forsxl or by a spreadsheet."""
    digest: str
    logged: Logged | None
    """The last command its Log records."""
    damage: ForsxlError | None
    """Why it is no workbook forsxl reads, and so is never put back; None for a sound one."""
    tournament: str | None
    data: bytes = field(repr=False, compare=False)
    parent: Version | None = field(default=None, repr=False, compare=False)
    """The version undo goes to from this one (kept.py `Record`); None from the oldest."""
    typed_on: int | None = None
    """The version an undo had put back when this one was typed on it."""
    undone: bool = False
    """Whether an undo replaced it."""

    @property
    def identity(self) -> Identity:
        stat = self.path.stat()
        return Identity(stat.st_size, stat.st_mtime_ns, self.digest)

    @property
    def edited(self) -> bool:
        """Whether the file was changed after the last command its Log records (results typed in Excel, say)."""
        return (self.logged is not None and self.logged.when is not None
                and self.saved - self.logged.when > SAVED_WITH_ITS_COMMAND)


@dataclass(frozen=True)
class History:
    """The workbook as it is (None when it is gone), its tournament's kept versions newest first, and how many
    versions of another tournament under the same name are kept beside them."""

    now: Version | None
    kept: list[Version]
    others: int

    def line(self) -> list[Version]:
        """The versions undo goes back along from the workbook as it is, in order."""
        found: list[Version] = []
        step = self.now.parent if self.now is not None else self.kept[0] if self.kept else None
        while step is not None and step.number not in {v.number for v in found}:
            found.append(step)
            step = step.parent
        return found


def last_logged(workbook: Workbook) -> Logged | None:
    """The last row of a workbook's Log, its columns found by their headers (layout.LOG_COLUMNS) as every sheet's
    are; None when it has none, or no Command column."""
    log = find_sheet(workbook, "log")
    rows = [] if log is None else values(log)
    columns = layout.match_columns(header_of(rows), layout.LOG_COLUMNS)
    if "command" not in columns:
        return None
    last = next((row for number, row in reversed(rows) if number > 1 and row.get(columns["command"])), None)
    if last is None:
        return None
    try:
        when = datetime.fromisoformat(str(last.get(columns.get("time", 0))))
    except ValueError:
        when = None
    return Logged(when, str(last[columns["command"]]), str(last.get(columns.get("changes", 0)) or ""))


def _examined(number: int, path: Path, workbook: bool = False) -> Version:
    """A state read and checked as forsxl reads any workbook; a version (not the `workbook` itself) only from a
    plain file."""
    try:
        saved = datetime.fromtimestamp(path.lstat().st_mtime_ns / 1e9)
        data = path.read_bytes() if workbook else read_version(path)
    except ValueError as kind:  # a link, a folder or a device of a version's name
        what = {"link": Later("a link, not a file"), "folder": Later("a folder, not a file")}.get(
            str(kind), Later("not a file"))
        return Version(number, path, saved, "", None, ForsxlError("", "version_not_file", path=path, what=what),
                       None, b"")
    except OSError as error:
        damage = ForsxlError("", "version_unreadable", path=path, why=error.strerror or type(error).__name__)
        return Version(number, path, datetime.fromtimestamp(0), "", None, damage, None, b"")
    try:
        book, _ = open_bytes(path, data)
    except WorkbookErrors as errors:
        return Version(number, path, saved, digest(data), None, errors.errors[0], None, data)
    try:
        logged = last_logged(book)
    except Exception:  # a Log past reading: the version is still listed, and put back
        logged = None
    return Version(number, path, saved, digest(data), logged, None, tournament(data), data)


def _known(path: Path) -> list[Path]:
    """The kept versions of the workbook at `path`; raise unless there is a workbook there or a version of one."""
    try:
        kept = kept_versions(path.resolve())
    except OSError as error:  # the folder's fault, named as such
        raise ForsxlError("", "versions_unreadable", path=path, folder=versions_folder(path).name,
                          why=error.strerror or type(error).__name__) from None
    if not path.is_file() and not kept:
        raise ForsxlError("", "file_missing", path=path)
    return kept


def history(path: Path, copy: Path | None = None) -> History:
    """The workbook at `path` as it is (`copy`, a copy of it, when given: the Calc menu's of the document on
    screen), its tournament's versions, newest first, each read and checked, and where undo goes from each (kept.py
    `Record`)."""
    found = [_examined(number, kept) for number, kept in enumerate(_known(path), start=1)]
    current = copy or path
    now = _examined(0, current, workbook=True) if current.is_file() else None
    made = now.tournament if now is not None else next((v.tournament for v in found if v.damage is None), None)
    kept = [v for v in found if same_tournament(v.tournament, made)]
    numbered = [_renumbered(v, number) for number, v in enumerate(kept, start=1)]
    record = Record.of(path.resolve())
    by_stem = {v.path.stem: v for v in numbered}
    stems = [v.path.stem for v in numbered]

    def parent(stem: str) -> Version | None:
        recorded = record.versions.get(stem, {}).get("parent")
        if recorded in by_stem:
            return by_stem[recorded]
        older = stems[stems.index(stem) + 1 :]
        return by_stem[older[0]] if older else None

    linked: dict[str, Version] = {}
    for version in reversed(numbered):  # oldest first: each one's parent is linked already
        facts = record.versions.get(version.path.stem, {})
        typed_on = by_stem.get(facts.get("typed_on", ""))
        mother = parent(version.path.stem)
        linked[version.path.stem] = _linked(version, linked.get(mother.path.stem) if mother else None,
                                            typed_on.number if typed_on else None, bool(facts.get("undone")))
    kept = [linked[stem] for stem in stems]
    if now is not None:
        same = [v.path.stem for v in kept if v.digest == now.digest]
        start, typed = record.parent(now.digest, now.tournament, stems, same)
        now = _linked(now, linked.get(start) if start else None, by_stem[typed].number if typed else None, False)
    return History(now, kept, len(found) - len(kept))


def _renumbered(version: Version, number: int) -> Version:
    return Version(number, version.path, version.saved, version.digest, version.logged, version.damage,
                   version.tournament, version.data)


def _linked(version: Version, parent: Version | None, typed_on: int | None, undone: bool) -> Version:
    return Version(version.number, version.path, version.saved, version.digest, version.logged, version.damage,
                   version.tournament, version.data, parent, typed_on, undone)


def undo(path: Path, to: int | None = None, describing: bool = False,
         copy: Path | None = None) -> tuple[Version, list[Version]]:
    """Put version `to` back in place of the workbook at `path`, atomically; the version, as it was numbered, and
    the damaged ones skipped on the way to it.

    The workbook it replaces becomes the newest version, as any save's does, so an undo can itself be undone.
    Without `to`, the version undo goes to from the workbook as it is (kept.py `Record`): the one before the last
    save, the one an undo put back when the workbook was typed into since, and, run again, the one before that, as
    Ctrl-Z does; a damaged one is skipped for the next sound one along. A damaged version asked for is refused,
    naming the next sound one. A workbook open in a spreadsheet or changed meanwhile is refused as a save refuses it
    (book/save.py). `describing`: the version is chosen and not put back (the Calc menu puts it back itself), from
    `copy` standing for the workbook as it is.
    """
    _known(path)
    with writing(path):
        found = history(path, copy)
        now, kept = found.now, found.kept
        if not kept:
            raise ForsxlError("", "undo_nothing", path=path)
        skipped: list[Version] = []
        if to is None:
            line = found.line()
            if not line:
                same = [v.number for v in kept if now is not None and v.digest == now.digest]
                raise ForsxlError("", "undo_oldest", path=path, number=same[-1] if same else len(kept))
            skipped = list(line)
            chosen = next((v for v in line if v.damage is None), None)
            if chosen is None:
                raise ForsxlError("", "undo_none_sound", path=path, count=len(line))
            skipped = skipped[: skipped.index(chosen)]
        else:
            if not 1 <= to <= len(kept):
                raise ForsxlError("", "undo_no_such", path=path, number=to, count=len(kept))
            chosen = kept[to - 1]
            if chosen.damage is not None:
                sound = next((v for v in kept[to:] if v.damage is None), None)
                raise ForsxlError("", "undo_damaged" if sound else "undo_damaged_last", path=path, number=to,
                                  sound=sound.number if sound else 0)
        if now is not None and chosen.digest == now.digest:
            raise ForsxlError("", "undo_same", path=path, number=chosen.number)

        def written(temporary: str) -> None:
            with open(temporary, "wb") as out:  # the very bytes checked, never the file read again
                out.write(chosen.data)
            mtime = chosen.saved.timestamp()
            os.utime(temporary, (mtime, mtime))  # with its time: the workbook as it was saved then

        if not describing:
            replace(path, written, now.identity if now is not None else None, put_back=chosen.path.stem)
        return chosen, skipped
