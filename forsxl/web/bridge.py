"""What the web page's worker calls inside Pyodide (issue 42): one forsxl command on a workbook kept in the worker's
file system, and its outcome as plain data for the page.

Each workbook lives in a folder of its own under BOOKS, which the worker keeps in the browser's IndexedDB: forsxl's
save keeps its versions and its .bak there as on a disk, so History and Undo work after a reload. What a command
writes beside the workbook (slips, the regulation, a published site, an export) is handed to the page and removed.
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import os
import shutil
import sys
import sysconfig
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

BOOKS = Path("/books")
"""The workbooks and their versions, kept in the browser's storage (the worker mounts IndexedDB here)."""
INPUTS = Path("/tmp/inputs")
"""The other files a command reads (a list to import, the other copy to merge): for one command only."""
LOOSE = Path("/tmp/loose")
"""Where a command without a workbook (the demo) writes, emptied before it runs."""


def folder(name: str) -> Path:
    """The folder of workbook `name` (a file name, never a path: the page knows no folders)."""
    if not name or Path(name).name != name or name.startswith("."):
        raise ValueError(f"not a workbook name: {name!r}")
    return BOOKS / name


def _bytes(data: Any) -> bytes:
    """Bytes from the page: a JavaScript Uint8Array comes as a proxy of it."""
    return data if isinstance(data, bytes) else bytes(data.to_bytes())


def put(name: str, data: Any) -> None:
    """Workbook `name` as the page read it from disk: written unless it is the same as kept (then its time, which
    `forsxl history` reads, stays)."""
    data = _bytes(data)
    path = folder(name) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if not (path.is_file() and path.read_bytes() == data):
        path.write_bytes(data)


def take(name: str, data: Any) -> str:
    """Another file a command reads (a list to import, the other copy to merge): its path for the command."""
    INPUTS.mkdir(parents=True, exist_ok=True)
    path = INPUTS / Path(name).name
    path.write_bytes(_bytes(data))
    return str(path)


def _own(name: str, entry: str) -> bool:
    """Whether `entry` beside workbook `name` is forsxl's own keeping of a workbook: the workbook, a .bak, and the
    hidden versions, lock and temporaries."""
    return entry == name or entry.startswith(".") or entry.endswith(".bak.xlsx")


def _outputs(place: Path, name: str) -> list[dict[str, Any]]:
    """What a command wrote beside workbook `name`, each file as it is and a folder (a site) as a zip, removed from
    the storage."""
    found = []
    for entry in sorted(place.iterdir()):
        if _own(name, entry.name):
            continue
        if entry.is_dir():
            data = io.BytesIO()
            with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
                for file in sorted(entry.rglob("*")):
                    if file.is_file():
                        archive.write(file, f"{entry.name}/{file.relative_to(entry).as_posix()}")
            found.append({"name": f"{entry.name}.zip", "data": data.getvalue(), "site": True,
                          "files": {f.relative_to(entry).as_posix(): f.read_bytes() for f in entry.rglob("*")
                                    if f.is_file()}})
            shutil.rmtree(entry)
        else:
            found.append({"name": entry.name, "data": entry.read_bytes(), "site": False})
            entry.unlink()
    return found


def run(command: str, name: str | None, options: dict[str, Any], say: Callable[[str], None] | None = None,
        ) -> dict[str, Any]:
    """Run `command` with `options` (named as forsxl.api names them; the text `{book}` in one is the workbook) on
    workbook `name`, in its folder, as `forsxl COMMAND NAME` run there: saved there, its version kept beside it, so
    that the page has the very file the terminal would write and History and Undo have their versions. What it
    printed, its problems by cell, the workbook if it was saved, and what else it wrote. A command without a
    workbook (the demo) writes into a folder emptied first."""
    from forsxl import api
    from forsxl.engine.model import Source

    if name is None:
        shutil.rmtree(LOOSE, ignore_errors=True)
    place = folder(name) if name else LOOSE
    place.mkdir(parents=True, exist_ok=True)

    def placed(value: Any) -> Any:  # the workbook by its name, as the terminal in its folder names it
        if isinstance(value, list):
            return [placed(v) for v in value]
        return name if value == "{book}" else value

    here = os.getcwd()
    os.chdir(place)
    try:
        # merge names its copies in `copies`, and the demo's workbook is made in the folder
        book = {"merge": None, "demo": "."}.get(command, name)
        outcome = api.run(command, book, say=say, **{key: placed(value) for key, value in options.items()})
    finally:
        os.chdir(here)
    saved = outcome.saved if name and outcome.saved == Path(name) else None  # not the .xlsx made of an .ods
    return {"code": outcome.code, "out": outcome.out, "err": outcome.err,
            "problems": [{"cell": str(Source(p.sheet, p.cell)), "line": p.line} for p in outcome.problems
                         if p.sheet and p.cell],
            "book": (place / saved).read_bytes() if saved else None, "outputs": _outputs(place, name or "")}


def clear() -> int:
    """Remove every workbook kept in the browser's storage, with its versions and .bak (the files on disk stay as
    they are); how many workbooks were kept."""
    kept = sorted(BOOKS.iterdir()) if BOOKS.is_dir() else []
    for place in kept:
        shutil.rmtree(place)
    return len(kept)


def _pyc(source: bytes, path: str) -> bytes:
    """The .pyc of `source`, hash-based and never checked (PEP 552): valid whatever the file's time."""
    code = compile(source, path, "exec", dont_inherit=True)
    flags = (1).to_bytes(4, "little")
    return bytes(importlib.util.MAGIC_NUMBER) + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def bytecode() -> dict[str, bytes]:
    """Every module imported so far, compiled: `packages`, a zip to unpack over `/` with site-packages' modules as
    .pyc beside their source, and `stdlib`, the standard library's zip again with a .pyc beside each module imported
    (what Pyodide's own start imports included); both checked against nothing, as they are kept for one build of the
    site, whose files do not change. Pyodide's library holds no .pyc and the wheels are unpacked anew at each start,
    so Python in the page compiles every module it imports each time; with these it does not (bench/README.md)."""
    packages = sysconfig.get_paths()["purelib"] + "/"
    library = next(p for p in sys.path if p.endswith(".zip"))
    imported = {}
    for module in list(sys.modules.values()):
        source = getattr(module, "__file__", None) or ""
        if source.endswith(".py") and source.startswith((packages, library + "/")):
            imported[source] = module
    out = {"packages": io.BytesIO(), "stdlib": io.BytesIO()}
    with zipfile.ZipFile(out["packages"], "w", zipfile.ZIP_STORED) as archive:
        for source in imported:
            if source.startswith(packages):
                data = Path(source).read_bytes()
                archive.writestr(importlib.util.cache_from_source(source).lstrip("/"), _pyc(data, source))
    with zipfile.ZipFile(library) as stdlib, zipfile.ZipFile(out["stdlib"], "w", zipfile.ZIP_STORED) as archive:
        for info in stdlib.infolist():
            data = stdlib.read(info)
            archive.writestr(info, data)
            if f"{library}/{info.filename}" in imported:
                archive.writestr(info.filename + "c", _pyc(data, f"{library}/{info.filename}"))
    return {name: data.getvalue() for name, data in out.items()}
