"""What each menu item is and asks forsxl, which forsxl answers, and the warm forsxl process that answers it.

Standard library only, in the Python 3.7 that LibreOffice 7.0 bundles on Windows and macOS; nothing here knows UNO,
so that the tests run it outside LibreOffice (`office.py` is the UNO side). forsxl is asked through `forsxl serve`
(docs/api.md): one process for the whole LibreOffice session, started by the first item and fed one JSON request a
line on its standard input, so that a click pays neither Python's start nor forsxl's imports, and no argument travels
as command line bytes, which a LibreOffice without a UTF-8 locale cannot encode.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections import deque
from enum import Enum
from typing import Any, Mapping, NamedTuple, Sequence
from urllib.parse import quote, unquote


def N_(message: str) -> str:
    """`message`, marked as a msgid of forsxl's catalogue (`python -m forsxl.locale` extracts it)."""
    return message


class Needs(Enum):
    """What an item asks the referee for before forsxl runs, and the option of forsxl's command it becomes."""

    NOTHING = ""
    BOARD = "board"
    """The selected cell of a board's row on a round sheet, as forsxl names a cell (`Тур-2!C5`)."""
    PLAYER = "player"
    """The selected cell of a player's row (Players, Standings, a round sheet's Black or White)."""
    COPY = "copies"
    """Another copy of the workbook, from a file dialog."""
    PLAYERS = "source"
    """A file of players (CSV, a rating list), from a file dialog."""
    FOLDER = "output"
    """The folder of the results site, from a folder dialog; none when Config sends the site to its host
    (`publish.to`): forsxl then writes it beside the workbook, as `forsxl publish` does (issue 46)."""
    EXPORT = "export"
    """A format and a file to write, from a dialog."""
    VERSION = "to"
    """A version forsxl kept, from the History dialog."""
    TOURNAMENT = "tournament"
    """A new tournament's name, preset, language and file, from a dialog."""
    LIST = "list"
    """A federation's rating list, downloaded or a file the referee has, from a form (issue 43)."""

    def options(self, picked: Any) -> dict[str, Any]:
        """forsxl's options for what the referee picked."""
        if self in (Needs.NOTHING, Needs.TOURNAMENT):
            return {}
        if self in (Needs.EXPORT, Needs.LIST):
            return dict(picked)
        if self is Needs.FOLDER and not picked:
            return {}
        return {self.value: [picked] if self is Needs.COPY else picked}


class Action(NamedTuple):
    """A menu item: its dispatch URL's last part (`org.forsxl.calc:pair`), its label (a msgid), the forsxl command it
    runs with its fixed options, what it needs from the referee, whether it changes the workbook (its edits are made
    in the open document as one undo action), its group in the menu, and whether the toolbar has it."""

    name: str
    label: str
    command: str
    needs: Needs = Needs.NOTHING
    writes: bool = False
    group: int = 0
    toolbar: bool = False
    fixed: Mapping[str, Any] = {}


ACTIONS = {a.name: a for a in (
    Action("check", N_("Check"), "check", group=1, toolbar=True),
    Action("pair", N_("Pair next round"), "pair", writes=True, group=2, toolbar=True),
    Action("standings", N_("Standings"), "standings", writes=True, group=2, toolbar=True),
    Action("recompute", N_("Recompute this board"), "pair", Needs.BOARD, True, 2, True, {"recompute": True}),
    Action("explain", N_("Explain this player"), "explain", Needs.PLAYER, group=3, toolbar=True),
    Action("config", N_("Config"), "config", group=3, toolbar=True),
    Action("regulation", N_("Tournament regulation"), "regulation", group=3),
    Action("print", N_("Print slips"), "print", group=4, toolbar=True),
    Action("publish", N_("Publish…"), "publish", Needs.FOLDER, group=4, toolbar=True),
    Action("export", N_("Export…"), "export", Needs.EXPORT, group=4),
    Action("import", N_("Import players…"), "import", Needs.PLAYERS, writes=True, group=5),
    Action("ratings", N_("Ratings from a federation's list…"), "ratings", Needs.LIST, writes=True, group=5),
    Action("accept_ratings", N_("Take the ticked ratings"), "ratings", writes=True, group=5, fixed={"apply": True}),
    Action("merge", N_("Merge another copy…"), "merge", Needs.COPY, writes=True, group=5),
    Action("history", N_("History…"), "undo", Needs.VERSION, writes=True, group=5),
    Action("new", N_("New tournament…"), "new", Needs.TOURNAMENT, group=6),
)}
"""Every item, in menu order, by the name its dispatch URL ends with; a new group begins after a separator."""

TIMEOUT = 600
"""Seconds forsxl may take to answer before it is stopped: a Saturday's commands take one or two."""


def request(action: Action, copy: str, workbook: str, picked: Any = None, **options: Any) -> dict[str, Any]:
    """The request for `action` on the document stored at `copy`, a copy of the referee's `workbook` (docs/api.md):
    a writing item asks for the edits instead of a save."""
    asked = dict(action.fixed)
    asked.update(action.needs.options(picked))
    asked.update(options)
    book: str | None = copy
    if action.needs is Needs.COPY:  # a merge reads its copies, the workbook first: `merge BOOK COPY -o BOOK`
        asked["copies"] = [copy, *asked["copies"]]
        asked.setdefault("output", copy)
        book = None
    return {"command": action.command, "book": book, "copy_of": workbook, "options": asked, "describe": action.writes}


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


def cell_position(reference: str) -> tuple[int, int] | None:
    """`D5` as (column, row) from 0; None for what is no cell."""
    found = re.match(r"^\$?([A-Za-z]{1,3})\$?(\d+)$", reference.strip())
    if not found:
        return None
    column = 0
    for letter in found.group(1).upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return column - 1, int(found.group(2)) - 1


def named_cell(problems: Sequence[Mapping[str, Any]], sheets: Sequence[str]) -> tuple[str, int, int] | None:
    """The first place forsxl's `problems` name on a sheet of `sheets`, as (sheet, column, row) from 0, the column
    and row -1 for a sheet named alone, the column 0 for a row (`Players!1`)."""
    for problem in problems:
        sheet, cell = str(problem.get("sheet")), problem.get("cell")
        if sheet not in sheets:
            continue
        if not cell:
            return sheet, -1, -1
        if str(cell).isdigit():
            return sheet, 0, int(cell) - 1
        where = cell_position(str(cell).split("!")[-1])
        return (sheet, *where) if where else (sheet, -1, -1)
    return None


# ------------------------------------------------------------------------------------------------- file names


def names_encoding() -> str:
    """The encoding in which LibreOffice's process reads file names: its locale's, the C locale's ASCII taken as
    ISO-8859-1 as LibreOffice takes it (each byte one character); UTF-8 on Windows and macOS."""
    if os.name == "nt" or sys.platform == "darwin":
        return "utf-8"
    import codecs
    import locale
    try:
        name = codecs.lookup(locale.nl_langinfo(locale.CODESET)).name
    except (LookupError, AttributeError, ValueError):
        return "utf-8"
    return "latin-1" if name == "ascii" else name


def path_of(url: str, encoding: str | None = None) -> str:
    """The file a LibreOffice `file:` URL names, as its real name (what forsxl and the file system take). The URL is
    percent-encoded UTF-8 of the name as LibreOffice read it in `encoding` (default: its process's): under LANG=C a
    Cyrillic name's bytes became ISO-8859-1 characters, which are turned back into those bytes and read as UTF-8."""
    if not url.startswith("file://"):
        raise ValueError("not a file URL: " + url)
    rest = unquote(url[len("file://"):], encoding="utf-8", errors="surrogateescape")
    if re.match(r"^/[A-Za-z]:", rest):  # file:///C:/Users/...
        return rest[1:].replace("/", "\\")
    if rest and not rest.startswith("/"):  # file://server/share/...: a Windows network path
        return "\\\\" + rest.replace("/", "\\")
    encoding = encoding or names_encoding()
    if encoding == "utf-8":
        return rest
    try:
        return rest.encode(encoding).decode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a name LibreOffice did not read in its locale's encoding
        return rest


def url_of(path: str, encoding: str | None = None) -> str:
    """The `file:` URL LibreOffice gives the file `path` (its real name), `path_of` the other way round."""
    if re.match(r"^[A-Za-z]:[\\/]", path):
        return "file:///" + quote(path.replace("\\", "/"), safe="/:", encoding="utf-8", errors="surrogateescape")
    if path.startswith("\\\\"):
        return "file:" + quote(path.replace("\\", "/"), safe="/", encoding="utf-8", errors="surrogateescape")
    encoding = encoding or names_encoding()
    shown = path if encoding == "utf-8" else path.encode("utf-8", "surrogateescape").decode(encoding, "replace")
    return "file://" + quote(shown, safe="/", encoding="utf-8", errors="surrogateescape")


def native(path: str) -> Any:
    """`path` as the operating system's calls take it: on Linux and macOS its UTF-8 bytes when the process's file
    system encoding is not UTF-8 (LibreOffice started with LANG=C: a str with Cyrillic would not encode)."""
    if os.name == "nt" or sys.getfilesystemencoding().replace("-", "").lower() == "utf8":
        return path
    return path.encode("utf-8", "surrogateescape")


# ------------------------------------------------------------------------------------------------ finding forsxl


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
    if installed and os.path.isfile(native(installed)):
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
    `PYTHONHOME`, `URE_BOOTSTRAP`, its program folder on the PATH), and Python's own streams in UTF-8."""
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


# ------------------------------------------------------------------------------------------ the warm process


class NotRun(Exception):
    """No forsxl could be started, or none that has `forsxl serve`; the message says why."""


class TimedOut(Exception):
    """forsxl took longer than it may to answer, and was stopped."""


class Broken(Exception):
    """forsxl stopped or answered what is no answer (the message: what it said last)."""


NOT_FORSXL = ("No module named forsxl", "No such command", "No such option", "Usage:")
"""What a program says that is no forsxl with `forsxl serve` (a Python without forsxl, an older forsxl): the next
command is tried."""


class Warm:
    """A `forsxl serve` process kept for the LibreOffice session: started by the first request, asked one request at
    a time, started again when it has stopped or `commands` changed (Tools › Options)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.process: Any = None
        self.command: list[str] = []
        self.answers: Any = None
        self.said: Any = deque(maxlen=40)
        self.errors: Any = None
        self.asked = 0

    def ask(self, commands: Sequence[Sequence[str]], env: Mapping[str, str], asked: Mapping[str, Any],
            timeout: float = TIMEOUT) -> dict[str, Any]:
        """forsxl's answer to `asked` (a request of docs/api.md, without its id) from the first of `commands` that
        is forsxl with `serve`; NotRun, TimedOut or Broken otherwise."""
        with self.lock:
            running = self.process is not None and self.process.poll() is None
            if self.process is not None and (not running or self.command not in [list(c) for c in commands]):
                self.stop()
            if self.process is not None:
                return self._answer(asked, timeout)
            why = ""
            for command in commands:
                try:
                    self._start(command, env)
                    return self._answer(asked, timeout)
                except OSError as error:
                    why = error.strerror or type(error).__name__
                except Broken as error:
                    if not any(mark in str(error) for mark in NOT_FORSXL):
                        raise
                    why = str(error)
            raise NotRun(why)

    def _answer(self, asked: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        """The running process's answer; the process stopped when it gives none."""
        try:
            return self._ask(asked, timeout)
        except Broken:
            self.stop()
            raise

    def _start(self, command: Sequence[str], env: Mapping[str, str]) -> None:
        windows = sys.platform == "win32"
        argv = [*command, "serve"]
        self.process = subprocess.Popen(
            argv if windows else [native(a) for a in argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=dict(env),
            creationflags=0x08000000 if windows else 0,  # CREATE_NO_WINDOW: no console flashing over Calc
            start_new_session=not windows)  # its own process group, stopped whole
        self.command, self.answers, self.said = list(command), queue.Queue(), deque(maxlen=40)
        threading.Thread(target=_lines, args=(self.process.stdout, self.answers.put), daemon=True).start()
        self.errors = threading.Thread(target=_lines, args=(self.process.stderr, self._note), daemon=True)
        self.errors.start()

    def _note(self, line: str | None) -> None:
        """A line forsxl wrote on stderr, kept to say why it stopped (what went wrong with the process itself)."""
        if line is not None:
            self.said.append(line)

    def _ask(self, asked: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        self.asked += 1
        line = json.dumps(dict(asked, id=self.asked), ensure_ascii=False) + "\n"
        try:
            self.process.stdin.write(line.encode("utf-8"))
            self.process.stdin.flush()
        except OSError:
            raise Broken(self._last_words()) from None
        try:
            answer = self.answers.get(timeout=timeout)
        except queue.Empty:
            self.stop()
            raise TimedOut() from None
        if answer is None:
            raise Broken(self._last_words())
        try:
            found = json.loads(answer)
        except ValueError:
            raise Broken(answer.strip()[:300]) from None
        if not isinstance(found, dict) or found.get("id") != self.asked:
            raise Broken(answer.strip()[:300])
        return found

    def _last_words(self) -> str:
        """What the process wrote on stderr before it stopped, read to its end; else its exit code."""
        if self.process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=5)
            self.errors.join(timeout=5)
        return "\n".join(self.said).strip() or "exit {}".format(self.process.returncode if self.process else "?")

    def stop(self) -> None:
        """The process ended (its input closed; killed with what it started when it does not end at once)."""
        process, self.process = self.process, None
        if process is None:
            return
        with contextlib.suppress(OSError):
            process.stdin.close()
        try:
            process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            if sys.platform == "win32":
                process.kill()
            else:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _lines(stream: Any, put: Any) -> None:
    """Each line of `stream` as text to `put`, then None when it ends (read by a thread of its own, so that a wait
    for an answer can time out on every platform)."""
    for raw in iter(stream.readline, b""):
        put(raw.decode("utf-8", "replace").rstrip("\r\n"))
    put(None)
