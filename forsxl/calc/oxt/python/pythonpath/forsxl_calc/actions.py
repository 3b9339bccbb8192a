"""What each menu item runs: the forsxl command line, which forsxl, its environment, and the cell its lines name.

Standard library only, in the Python 3.7 that LibreOffice 7.0 bundles on Windows and macOS; nothing here knows UNO,
so that the tests run it outside LibreOffice (`office.py` is the UNO side).
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from typing import NamedTuple


class Action(NamedTuple):
    name: str
    writes: bool
    """forsxl saves the workbook: Calc lets go of the file while forsxl runs, then opens it anew."""
    needs: str
    """What the menu asks for first: "board" or "player" (the selected row), "copy" (a file), or nothing."""


ACTIONS = {a.name: a for a in (
    Action("check", False, ""),
    Action("pair", True, ""),
    Action("standings", True, ""),
    Action("recompute", True, "board"),
    Action("explain", False, "player"),
    Action("print", False, ""),
    Action("publish", False, ""),
    Action("merge", True, "copy"),
    Action("config", False, ""),
)}
"""Every action, in menu order, by the name its dispatch URL ends with (`org.forsxl.calc:pair`)."""

TIMEOUT = 600
"""Seconds forsxl may run before it is stopped: a Saturday's commands take one or two."""


def arguments(action: str, book: str, picked: str = "") -> list[str]:
    """forsxl's arguments for `action` on the workbook at `book`, the very command a referee types in a terminal:
    `picked` is the selected cell (`Тур-2!C5`) for a board or a player, the other copy for a merge."""
    stem = os.path.splitext(book)[0]
    return {
        "check": ["check", book],
        "pair": ["pair", book],
        "standings": ["standings", book],
        "recompute": ["pair", book, "--recompute", "--board", picked],
        "explain": ["explain", book, "--player", picked],
        "print": ["print", book, "--open"],
        "publish": ["publish", book, "-o", stem + ".html", "--open"],
        "merge": ["merge", book, picked, "-o", book, "--resolve", conflicts_path(book)],
        "config": ["config", book],
    }[action]


def conflicts_path(book: str) -> str:
    """Where a merge that stops writes its conflicts for the referee to settle, beside the workbook."""
    return os.path.splitext(book)[0] + "-conflicts.xlsx"


def cell_name(sheet: str, column: int, row: int) -> str:
    """A cell as forsxl's messages name it (forsxl.engine.model.Source), `Тур-2!C5` (column and row from 0), the
    sheet quoted as Excel quotes it when a space ends it or it holds `!`, `'` or `:`."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    quoted = sheet != sheet.strip() or any(c in sheet for c in "!':")
    name = "'{}'".format(sheet.replace("'", "''")) if quoted else sheet
    return f"{name}!{letters}{row + 1}"


_NAMED = re.compile(r"^(?:'((?:[^']|'')+)'|([^!:]+?))(?:!([A-Z]{0,3})(\d+))?:\s")


def named_cell(lines: Sequence[str], sheets: Sequence[str]) -> tuple[str, int, int] | None:
    """The first place forsxl's `lines` name on a sheet of `sheets`, as (sheet, column, row) from 0: the line
    `Тур-1!H3: 'B+x' is not a result` names H3; `Players!1: ...` row 1, whose first cell is taken; `Тур-4: ...`
    the sheet alone, with column and row -1."""
    for line in lines:
        found = _NAMED.match(line.strip())
        if not found:
            continue
        sheet = found.group(1).replace("''", "'") if found.group(1) else found.group(2)
        if sheet not in sheets:
            continue
        if found.group(4) is None:
            return sheet, -1, -1
        column = 0
        for letter in found.group(3):
            column = column * 26 + ord(letter) - ord("A") + 1
        return sheet, max(column - 1, 0), int(found.group(4)) - 1
    return None


def command_of(program: str) -> list[str]:
    """The command for a program a person set: forsxl itself, or a Python that has forsxl installed."""
    name = os.path.basename(program).lower()
    if name.startswith("python") or name in ("py", "py.exe", "pyw.exe"):
        return [program, "-m", "forsxl"]
    return [program]


def search_path(environ: Mapping[str, str], office: str, windows: bool) -> str:
    """Where to look for forsxl: the PATH without LibreOffice's own folder (whose Python is LibreOffice's), and the
    folders pip, pipx and Homebrew install into, which a program started from a desktop menu may not have."""
    home = os.path.expanduser("~")
    folders = [f for f in environ.get("PATH", "").split(os.pathsep) if f and not _inside(f, office)]
    folders.append(os.path.join(home, ".local", "bin"))
    if windows:
        for root in (environ.get("APPDATA", ""), os.path.join(environ.get("LOCALAPPDATA", ""), "Programs")):
            if root:
                folders += sorted(glob.glob(os.path.join(root, "Python", "Python3*", "Scripts")), reverse=True)
    else:
        folders += ["/opt/homebrew/bin", "/usr/local/bin"]
    return os.pathsep.join(folders)


def _inside(folder: str, office: str) -> bool:
    if not office:
        return False
    folder, office = os.path.normcase(os.path.abspath(folder)), os.path.normcase(os.path.abspath(office))
    return folder == office or folder.startswith(office + os.sep)


def programs(setting: str, installed: str, environ: Mapping[str, str], office: str, windows: bool) -> list[list[str]]:
    """The forsxl commands to try, in order: the program set in Tools › Options alone when one is set; else the
    forsxl that built this extension, then forsxl on the PATH and, on Windows, the Python launcher's."""
    if setting.strip():
        return [command_of(setting.strip())]
    found = []
    if installed and os.path.isfile(installed):
        found.append(command_of(installed))
    path = search_path(environ, office, windows)
    program = shutil.which("forsxl", path=path)
    if program:
        found.append([program])
    launcher = shutil.which("py", path=path) if windows else None
    if launcher:
        found.append([launcher, "-m", "forsxl"])
    return found


def environment(environ: Mapping[str, str], office: str) -> dict[str, str]:
    """forsxl's environment: LibreOffice's own without what points at LibreOffice's Python and UNO (`PYTHONPATH`,
    `PYTHONHOME`, `URE_BOOTSTRAP`, its program folder on the PATH), and forsxl's output in UTF-8 for us to read."""
    env = {k: v for k, v in environ.items() if not k.upper().startswith(("PYTHON", "URE_", "UNO_"))}
    for name in ("PATH", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"):
        if name in env:
            kept = [f for f in env[name].split(os.pathsep) if f and not _inside(f, office)]
            if kept:
                env[name] = os.pathsep.join(kept)
            else:
                del env[name]
    env["PYTHONIOENCODING"] = "utf-8"
    return env


class Outcome(NamedTuple):
    command: list[str]
    code: int
    lines: list[str]
    """What forsxl printed, its output and messages in their order, as a referee would read them in a terminal."""


class NotRun(Exception):
    """No forsxl could be started; the message says why."""


class TimedOut(Exception):
    """forsxl ran longer than it may, and was stopped."""


def run(commands: Sequence[Sequence[str]], args: Sequence[str], env: Mapping[str, str],
        timeout: float = TIMEOUT) -> Outcome:
    """forsxl's outcome with `args`, by the first of `commands` that starts and has forsxl (a Python without it says
    `No module named forsxl`); NotRun when none does, TimedOut when forsxl outlives `timeout` (it is stopped)."""
    why = ""
    for command in commands:
        try:
            code, out = _run([*command, *args], env, timeout)
        except OSError as error:
            why = error.strerror or type(error).__name__
            continue
        if code != 0 and "No module named forsxl" in out:
            why = out.strip().splitlines()[-1]
            continue
        return Outcome(list(command), code, out.splitlines())
    raise NotRun(why)


def _run(argv: list[str], env: Mapping[str, str], timeout: float) -> tuple[int, str]:
    """forsxl's exit code, and its output and messages in the order it printed them, as a terminal shows them."""
    windows = sys.platform == "win32"
    process = subprocess.Popen(
        argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(env),
        creationflags=0x08000000 if windows else 0,  # CREATE_NO_WINDOW: no console flashing over Calc
        start_new_session=not windows)  # its own process group, stopped whole on a timeout
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        if windows:
            process.kill()
        else:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise TimedOut() from None
    return process.returncode, out.decode("utf-8", "replace")
