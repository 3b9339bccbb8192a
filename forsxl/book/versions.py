"""The versions every save keeps of a workbook (book/save.py): listed with the command that made each, and put back
whole, the workbook they replace kept in turn (`forsxl history`, `forsxl undo`; issue 31)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

from openpyxl import load_workbook

from forsxl.book import layout
from forsxl.book.edits import Edits
from forsxl.book.safety import check_archive
from forsxl.book.save import Identity, kept_versions, save, writing
from forsxl.engine.errors import ForsxlError

SAVED_WITH_ITS_RUN = timedelta(minutes=1)
"""A file saved within this of its Log's last row was saved by that command; one saved later was changed after it,
in a spreadsheet (a command writes its Log row a few seconds before it saves)."""


@dataclass(frozen=True)
class Run:
    """The last row of a workbook's Log sheet: when forsxl ran, which command, and what it changed."""

    when: datetime | None
    command: str
    changes: str


@dataclass(frozen=True)
class Version:
    """A state of the workbook: `number` 0 is the workbook as it is, 1 the newest kept version, and so on."""

    number: int
    path: Path
    identity: Identity
    run: Run | None

    @property
    def saved(self) -> datetime:
        """When the file was saved, by forsxl or by a spreadsheet."""
        return datetime.fromtimestamp(self.identity.mtime_ns / 1e9)

    @property
    def edited(self) -> bool:
        """Whether the file was changed after the last command its Log records (results typed in Excel, say)."""
        return self.run is not None and self.run.when is not None and self.saved - self.run.when > SAVED_WITH_ITS_RUN


def last_run(path: Path) -> Run | None:
    """The last row of the Log of the workbook at `path`, read cheaply (openpyxl's read-only mode, the Log sheet
    only); None when it has no Log row or is no workbook forsxl reads."""
    try:
        check_archive(path, "xl/workbook.xml")
        workbook = load_workbook(path, read_only=True)
    except Exception:  # a broken or hostile file (maybe why the referee undoes): it is listed, without a command
        return None
    try:
        log = next((workbook[n] for n in workbook.sheetnames if n in layout.SHEETS["log"]), None)
        last = None
        for row in [] if log is None else log.iter_rows(min_row=2, max_col=4, values_only=True):
            if len(row) > 1 and row[1]:
                last = (*row, None, None)[:4]
        if last is None:
            return None
        try:
            when = datetime.fromisoformat(str(last[0]))
        except ValueError:
            when = None
        return Run(when, str(last[1]), str(last[3] or ""))
    except Exception:  # a Log past reading: the version is still listed
        return None
    finally:
        workbook.close()


def _version(number: int, path: Path) -> Version:
    return Version(number, path, Identity.read(path)[0], last_run(path))


def _known(path: Path) -> None:
    """Raise unless there is a workbook at `path` or a version of one."""
    if not path.is_file() and not kept_versions(path.resolve()):
        raise ForsxlError("", "file_missing", path=path)


def history(path: Path, now: Path | None = None) -> tuple[Version | None, list[Version]]:
    """The workbook at `path` as it is (None when it is gone; `now`, a copy of it, when given) and its kept versions,
    newest first."""
    _known(path)
    now = now or path
    current = _version(0, now) if now.is_file() else None
    return current, [_version(number, kept) for number, kept in enumerate(kept_versions(path.resolve()), start=1)]


def undo(path: Path, to: int | None = None, describing: bool = False,
         now: Path | None = None) -> tuple[Version, Edits]:
    """Put version `to` back in place of the workbook at `path`, atomically, and return it as it was numbered.

    The workbook it replaces becomes the newest version, as any save's does, so an undo can itself be undone.
    Without `to`, the version before the workbook as it is: the newest one, or, when the workbook is a version put
    back and unchanged since, the one before that version, so that undo run again goes further back as Ctrl-Z does.
    A workbook open in a spreadsheet or changed meanwhile is refused as a save refuses it (book/save.py). Returns
    the version and the edits that put it back (a file, whole), saved unless only `describing` them; `now` is a copy
    of the workbook as it is (the Calc menu's, of the document on screen).
    """
    _known(path)
    with writing(path):
        current, kept = history(path, now)
        if not kept:
            raise ForsxlError("", "undo_nothing", path=path)
        if to is None:
            same = [v.number for v in kept if current is not None and v.identity.digest == current.identity.digest]
            to = same[-1] + 1 if same else 1  # the first time this content was kept: the version before it
            if to > len(kept):
                raise ForsxlError("", "undo_oldest", path=path, number=len(kept))
        if not 1 <= to <= len(kept):
            raise ForsxlError("", "undo_no_such", path=path, number=to, count=len(kept))
        chosen = kept[to - 1]
        if current is not None and chosen.identity.digest == current.identity.digest:
            raise ForsxlError("", "undo_same", path=path, number=to)

        edits = Edits("file", "undo", file=str(chosen.path.resolve()))
        if not describing:
            save(edits, path, current.identity if current is not None else None)
        return chosen, edits
