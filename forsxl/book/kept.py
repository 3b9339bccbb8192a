"""The versions every save keeps of a workbook, in the folder beside it (issue 31), and the record of where each came
from, along which `forsxl undo` goes back as an editor's Ctrl-Z does (issue 39).

Each version is the whole workbook a save or an undo replaced, `0001.xlsx`, `0002.xlsx`, ... in the order kept. The
record, `undo.json` in the same folder, says for each version the version undo goes to from it (its parent), and for
the workbook as forsxl last wrote it, its parent and, after an undo, the version put back: a workbook typed into after
an undo was typed on that version, which is what the next undo puts back. A record lost or out of date costs only
that knowledge: undo then goes from a version to the one kept before it, as before issue 39.

The versions belong to a tournament: the time its workbook was first created, which Excel, LibreOffice and forsxl
keep through every save and every round trip between .xlsx and .ods (docs/workbook.md says why that and no id of
forsxl's own).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import stat
import zipfile
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from forsxl.book.parts import Parts, spans

KEEP_VERSIONS, MORE_VERSIONS, VERSIONS_BYTES = 10, 30, 50 * 2**20
"""Every save keeps the workbook it replaces as a version (`forsxl history`, `forsxl undo`): always the newest 10,
and older ones up to 30 while all of them together stay within 50 MB (a club workbook is about 50 KB)."""
_VERSION = re.compile(r"\d+\.xlsx")
RECORD = "undo.json"
_MAX_RECORD = 2**20


def versions_folder(path: Path) -> Path:
    """The folder of a workbook's versions, beside it: `.club.xlsx.versions`, after the whole file name, so that
    `club.2.xlsx` has its own."""
    return path.with_name(f".{path.name}.versions")


def kept_versions(path: Path) -> list[Path]:
    """The versions kept of the workbook at `path`, newest first: `0001.xlsx`, `0002.xlsx`, ... in the order kept,
    whatever each is (a folder or a link of that name is listed, to be named as no workbook). None before the first
    is kept; an OSError when the folder is there but cannot be listed (not a folder, no permission)."""
    try:
        kept = [p for p in versions_folder(path).iterdir() if _VERSION.fullmatch(p.name)]
    except FileNotFoundError:
        return []
    return sorted(kept, key=lambda p: int(p.stem), reverse=True)


def read_version(path: Path) -> bytes:
    """A version's bytes, never through a link nor from anything but a plain file (ValueError names which)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as error:
        if path.is_symlink():
            raise ValueError("link") from None
        raise error
    with os.fdopen(fd, "rb") as file:
        mode = os.fstat(file.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise ValueError("folder" if stat.S_ISDIR(mode) else "special")
        return file.read()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def tournament(data: bytes) -> str | None:
    """Which tournament a workbook's bytes are: when its workbook was first created (docProps/core.xml
    `dcterms:created`); None when that cannot be told."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            found = Parts(archive.read, names)
            part = next((r.target for r in found.rels("") if r.type.endswith("/core-properties")), None)
            if part is None or part not in names or archive.getinfo(part).file_size > _MAX_RECORD:
                return None
            xml = archive.read(part)
    except Exception:  # no workbook: a version is examined whole before it is put back
        return None
    created = next((s for s in spans(xml, {"created"}) if s.close > s.inner), None)
    return None if created is None else xml[created.inner : created.close].decode("utf-8", "replace").strip() or None


@dataclass
class Record:
    """What undo goes back along (the module's docstring): by version (its file's stem), the version it came from
    (`parent`), the version put back that it was typed on (`typed_on`), and whether an undo replaced it (`undone`);
    and the workbook as forsxl last wrote it (`written`: its digest, tournament, parent and the version an undo put
    back)."""

    versions: dict[str, dict[str, Any]] = field(default_factory=dict)
    written: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, target: Path) -> Record:
        """The record of the workbook at `target`, empty when there is none or it cannot be read."""
        try:
            with open(versions_folder(target) / RECORD, "rb") as file:
                data = json.loads(file.read(_MAX_RECORD))
            return cls({str(k): dict(v) for k, v in data.get("versions", {}).items()}, dict(data.get("written", {})))
        except (OSError, ValueError, TypeError, AttributeError):
            return cls()

    def save(self, target: Path, kept: set[str]) -> None:
        """Write the record whole (a temporary renamed into place), of the versions still `kept` only."""
        folder = versions_folder(target)
        partial = folder / f".{RECORD}.tmp"
        data = {"versions": {k: v for k, v in self.versions.items() if k in kept}, "written": self.written}
        try:
            partial.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
            os.replace(partial, folder / RECORD)
        finally:
            with suppress(OSError):
                partial.unlink(missing_ok=True)

    def parent(self, state: str, made: str | None, stems: list[str], same: list[str]) -> tuple[str | None, str | None]:
        """Where undo goes from the workbook as it is (its digest `state`, its tournament `made`) among the versions
        `stems` (newest first), `same` being those whose content it is; and the version put back that it was typed
        on, if it was. See the module's docstring."""
        written = self.written
        if written and written.get("tournament") == made:
            if written.get("digest") == state:
                return written.get("parent") if written.get("parent") in stems else None, None
            put_back = written.get("put_back")
            if put_back in stems:  # typed on the version an undo put back: undo takes the typing back
                return put_back, put_back
            if written.get("parent") in stems:
                return written["parent"], None
        if same:  # the first time this content was kept: where undo went from it then, else the version before it
            first = same[-1]
            recorded = self.versions.get(first, {}).get("parent")
            if recorded in stems:
                return recorded, None
            older = stems[stems.index(first) + 1 :]
            return (older[0] if older else None), None
        return (stems[0] if stems else None), None


def keep(target: Path, source: Path | None = None) -> Path:
    """Copy the workbook about to be replaced (or `source`, standing for it) into its versions folder, whole (a
    temporary renamed into place); the version. An OSError is the folder's: the caller names it."""
    folder = versions_folder(target)
    if folder.exists() and not folder.is_dir():
        raise NotADirectoryError(20, "Not a directory")
    kept = kept_versions(target)
    folder.mkdir(exist_ok=True)
    version = folder / f"{int(kept[0].stem) + 1 if kept else 1:04d}.xlsx"
    partial = folder / f".{version.stem}.tmp"
    try:
        shutil.copy2(source or target, partial)  # with its time: when this version was saved
        os.replace(partial, version)
    except BaseException:
        drop(partial)
        raise
    return version


def note(target: Path, version: Path | None, replaced: bytes, written: bytes, put_back: str | None) -> None:
    """Record where undo goes from the `version` just kept of the `replaced` workbook, and from the workbook now
    `written` in its place (an undo's, the version `put_back`). An OSError is the folder's."""
    record = Record.of(target)
    made = tournament(replaced)
    kept = [(p.stem, facts) for p in kept_versions(target) if version is None or p.stem != version.stem
            if (facts := _facts(p)) is not None and same_tournament(facts[1], made)]
    stems = [stem for stem, _ in kept]
    same = [stem for stem, (content, _) in kept if content == digest(replaced)]
    parent, typed_on = record.parent(digest(replaced), made, stems, same)
    if version is not None:
        record.versions[version.stem] = {"parent": parent, "typed_on": typed_on, "undone": put_back is not None}
        stems.insert(0, version.stem)
    if put_back is None:  # a save: undo goes back to the workbook it replaced
        mother = version.stem if version is not None else parent
    else:  # an undo: as from the version put back, and what is typed on it goes back to it
        mother = record.versions.get(put_back, {}).get("parent", _older(put_back, stems))
    record.written = {"digest": digest(written), "tournament": tournament(written), "put_back": put_back,
                      "parent": mother}
    record.save(target, {p.stem for p in kept_versions(target)})


def same_tournament(one: str | None, other: str | None) -> bool:
    """Whether two workbooks may be one tournament's: the same, or one of them not telling."""
    return one is None or other is None or one == other


def _older(stem: str, stems: list[str]) -> str | None:
    after = stems[stems.index(stem) + 1 :] if stem in stems else []
    return after[0] if after else None


def _facts(path: Path) -> tuple[str, str | None] | None:
    """A version's digest and tournament; None for one that is no file."""
    try:
        data = read_version(path)
    except (OSError, ValueError):
        return None
    return digest(data), tournament(data)


def drop(version: Path) -> None:
    """Remove a version a failed save made, and its folder if the save made that too (one with versions stays)."""
    with suppress(OSError):
        version.unlink(missing_ok=True)
        version.parent.rmdir()


def prune(target: Path) -> None:
    """Remove the oldest versions beyond KEEP_VERSIONS and the bounds; what cannot be removed (a folder of a
    version's name) stays, as it costs nothing but room."""
    total = 0
    for age, version in enumerate(kept_versions(target)):
        with suppress(OSError):
            total += version.lstat().st_size
            if age >= KEEP_VERSIONS and (age >= MORE_VERSIONS or total > VERSIONS_BYTES):
                version.unlink()
