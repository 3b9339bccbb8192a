"""No output mixes languages (issue 20): a whole Russian tournament through every command, and the mirror in English.

Every line a command prints (stdout and stderr, help included), every text cell of the workbook (the Log rows, the
headers of the sheets forsxl writes), every page's text and the CSV export are searched. In Russian, no word of the
English msgids may appear, less what is legitimately Latin there: Config keys and values, preset, command, option
and format names, file names, rule ids, program names, acronyms and placeholders in capitals. In English, no
Cyrillic letter may appear but in the data typed by the organizer (names, clubs, the place) and the sport category
notation (б/р, КМС), which English presets name too.
"""

from __future__ import annotations

import html
import inspect
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from enum import Enum
from pathlib import Path

import openpyxl
import pytest
from typer.testing import CliRunner

from forsxl.app.demo import PLAYERS, TEAMS
from forsxl.book.config import KEYS, presets
from forsxl.cli import app
from forsxl.engine import config as config_module
from forsxl.engine.merge import Prefer
from forsxl.engine.pairing.methods import METHODS
from forsxl.engine.probability import Model
from forsxl.formats.registry import AUTO, EXPORTS, IMPORTS
from forsxl.locale import read
from forsxl.messages import TIEBREAK_LABELS

COMMANDS = ("new", "check", "pair", "standings", "publish", "config", "presets", "demo", "import", "export",
            "schedule", "explain", "stage", "merge", "simulate", "print", "regulation", "history", "undo", "ratings",
            "calc", "login", "tune", "web")
CALC_COMMANDS = ("build", "install", "remove")
WEB_COMMANDS = ("build", "serve")
WORD = re.compile(r"(?<![\w.\-/\\])[A-Za-z]+(?![\w.\-/\\])")
"""A plain Latin word: not part of a file name, key, option, path or rule id (`club.xlsx`, `pairing.method`,
`--round`, `R7.1`, `sos_wins`, `fors-club`)."""


def _enum_values() -> set[str]:
    """The Config values: each choice's, and the pairing methods' names (Config `pairing.method`, stage plans)."""
    found = {str(m.value) for m in (*Model, *Prefer)} | set(METHODS)
    for _, kind in inspect.getmembers(config_module, inspect.isclass):
        if issubclass(kind, Enum):
            found |= {str(m.value) for m in kind}
    return found


LATIN = {
    *(w.casefold() for v in _enum_values() for w in re.findall(r"[A-Za-z]+", v)),
    *(k for k in KEYS if "." not in k), *COMMANDS, *CALC_COMMANDS, *WEB_COMMANDS, *presets(), *IMPORTS, *EXPORTS,
    # Config values: the fields of prize lists' filters in English (`club=`)
    "club", "rating", "rank", "country", AUTO,
    # formats, programs, the tournament's own Latin notation (Config values of tie-breaks by their short names)
    "csv", "xml", "html", "htm", "pdf", "xlsx", "ods", "yaml", "forsxl", "opengotha", "chromium", "chrome", "google",
    "ctrl", "excel", "libreoffice", "unopkg", "python", "blue", "base", "pyodide", "http",
    # YAML values in `forsxl config`, formulas (floor(D/100), N(0, sigma)), the docs' section names
    "true", "false", "null", "floor", "log", "sigma", "prizes", "stages",
    # the kinds of address `publish --to` takes (issue 46)
    "sftp", "ftp", "ftps", "webdav", "webdavs", "git", "ssh", "https", "netrc", "aws",
    *(short.casefold() for short, _ in TIEBREAK_LABELS.values() if short.isascii()),
}
"""Latin words a Russian line may hold: Config keys and values, names of presets, commands, formats, programs."""


def english_words() -> set[str]:
    """Every word of the English msgids, in lower case, less the legitimately Latin ones."""
    words: set[str] = set()
    for message in read("ru"):
        for msgid in message.id if isinstance(message.id, tuple) else [message.id]:
            words |= {w.casefold() for w in WORD.findall(msgid)}
    return {w for w in words if len(w) > 2} - LATIN


def english_in(line: str, vocabulary: set[str]) -> list[str]:
    """The English words of a line, acronyms and placeholders in capitals aside (EGD, PIN, OPTIONS)."""
    line = re.sub(r"forsxl( [\w.\-/]+)+", " ", line)  # an example command: its arguments are files and names
    line = re.sub(r"--?[a-z][\w-]*", " ", line)  # options (--round); their placeholders are words of the language
    return [w for w in WORD.findall(line) if not w.isupper() and w.casefold() in vocabulary]


def page_text(text: str) -> Iterator[str]:
    """The words a person sees on a page: its text and its titles, tags, scripts and styles aside."""
    text = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", text)
    for attribute in re.findall(r'(?:title|aria-label|alt)="([^"]*)"', text):
        yield html.unescape(attribute)
    for line in re.sub(r"<[^>]+>", "\n", text).splitlines():
        if line.strip():
            yield html.unescape(line)


def sheet_text(path: Path) -> Iterator[str]:
    """Every text cell of every sheet of a workbook."""
    for sheet in openpyxl.load_workbook(path).worksheets:
        for row in sheet.iter_rows(values_only=True):
            yield from (v for v in row if isinstance(v, str))


class Tournament:
    """One tournament run through every command in one language, collecting every text a person would see; its
    workbook is `name` in `folder`."""

    def __init__(self, folder: Path, name: str, lang: str, system: str) -> None:
        self.folder, self.name, self.lang, self.env = folder, name, lang, {"LANG": system}
        self.texts: list[tuple[str, str]] = []

    def run(self, *args: object, fails: bool = False) -> None:
        words = [str(a) for a in args]
        result = CliRunner().invoke(app, words, env=self.env)
        assert (result.exit_code != 0) == fails, result.output
        self.seen(" ".join(words[:1]), result.stdout.splitlines() + result.stderr.splitlines())

    def seen(self, where: str, lines: Iterable[str]) -> None:
        self.texts += [(where, line) for line in lines]

    def play(self) -> None:
        f = self.folder
        self.run("demo", f, "--played", "3", "--lang", self.lang)
        book = (f / "club.xlsx").rename(f / self.name)
        self.run("check", book)
        self.run("pair", book)
        self.run("pair", book, fails=True)  # round 4 has no results yet
        self.run("standings", book)
        self.run("explain", book, "--player", "5")
        self.run("explain", book, "--round", "2")
        self.run("config", book)
        self.run("presets")
        self.run("stage", book)
        self.run("schedule", book, fails=True)
        self.run("print", book, "--round", "4", "-o", f / "slips.html")
        self.run("regulation", book, "-o", f / "regulation.html")
        self.run("publish", book, "-o", f / "page.html")
        self.run("publish", book, "-o", f / "site")
        self.run("export", book, "--format", "csv")
        for fmt, name in (("egf", "club.h9"), ("opengotha", "club.xml"), ("xlsx", "results.xlsx")):
            self.run("export", book, "--format", fmt, "-o", f / name)
        (f / "more.csv").write_text("name,rating\nАлексеев Артём,2600\nКравцов Илья,1700\nБезрейтинговый,\n", "utf-8")
        self.run("import", book, f / "more.csv")
        self.run("history", book)
        self.run("undo", book)  # the import undone, and done again
        self.run("undo", book, "--to", "1")
        self.run("undo", book, "--to", "99", fails=True)
        self.run("history", book)
        listed = {"id": 7, "firstName": "Пётр", "lastName": "Иванов", "firstNameLat": "Petr", "lastNameLat": "Ivanov",
                  "townName": "Москва", "rating": 2500, "ratingDrift": 0, "lastGame": "2026-11-01"}
        (f / "rfg.json").write_text(json.dumps({"data": {"players": [listed]}}, ensure_ascii=False), "utf-8")
        self.run("ratings", book, "--apply", fails=True)  # no Rating changes yet
        self.run("ratings", book, "--source", "rfg", "--file", f / "rfg.json")  # none of the demo's players
        self.run("ratings", book, "--apply")  # nothing ticked
        self.run("ratings", book, "--source", "rfg", "--date", "2026-11-28x", fails=True)
        self.run("simulate", book, "--runs", "4", "--seed", "1", "--workers", "1", "--no-write", "-o", f / "sim.html")
        tune = ("--candidates", "2", "--runs", "2", "--finalists", "1", "--rounds", "1", "--workers", "1",
                "--seed", "1")
        self.run("tune", book, *tune, "-o", f / "tuned.yaml", "--page", f / "tune.html")
        self.run("tune", book, *tune, "--apply", fails=True)  # rounds are paired
        self.run("config", book, "--set", "start.per=ten", fails=True)
        self.run("config", book, "--set", f / "tuned.yaml")
        self.run("config", book, "--set", f / "tuned.yaml")  # nothing left to change
        shutil.copy(book, f / "a.xlsx")
        shutil.copy(book, f / "b.xlsx")
        self.run("merge", f / "a.xlsx", f / "b.xlsx", "-o", f / "merged.xlsx")
        self.run("demo", f / "mcmahon", "--preset", "mcmahon", "--played", "2", "--lang", self.lang)
        self.run("explain", f / "mcmahon" / "club.xlsx", "--round", "2")  # a pair's cost, criterion by criterion
        self.run("new", f / "new.xlsx", "--lang", self.lang)
        self.run("new", f / "new.xlsx", "--lang", self.lang, fails=True)
        self.errors(book)
        self.help(book)
        for page in [f / "page.html", f / "slips.html", f / "sim.html", f / "tune.html", f / "regulation.html",
                     *sorted((f / "site").glob("*.html"))]:
            self.seen(page.name, page_text(page.read_text("utf-8")))
        for workbook in (book, f / "results.xlsx", f / "merged.xlsx", f / "new.xlsx"):
            self.seen(workbook.name, sheet_text(workbook))

    def errors(self, book: Path) -> None:
        """A workbook with a mistyped result, rating and Config value: every problem, in the workbook's language."""
        broken = self.folder / "broken.xlsx"
        shutil.copy(book, broken)
        workbook = openpyxl.load_workbook(broken)
        config, players, first = workbook.worksheets[0], workbook.worksheets[1], workbook.worksheets[2]
        config.append(["handicap.max_stepz", "9"])
        players["C3"] = "19l5"
        first["H2"] = "B+x"
        workbook.save(broken)
        self.run("check", broken, fails=True)
        self.run("check", self.folder / "missing.xlsx", fails=True)
        (self.folder / "bad.csv").write_text("name,rating\nИванов Пётр,19l5\n", "utf-8")
        self.run("import", book, self.folder / "bad.csv", fails=True)
        (self.folder / "bad.xlsx").write_text("not a workbook")
        self.run("check", self.folder / "bad.xlsx", fails=True)

    def help(self, book: Path) -> None:
        """Every command's --help as the entry point prints it, the workbook named (the main help: the system's),
        and the usage errors a person meets, with and without a workbook named (issue 30)."""
        helps = [["--help"], *([c, str(book), "--help"] for c in COMMANDS if c not in ("calc", "web")),
                 *([group, *c, "--help"] for group, commands in (("calc", CALC_COMMANDS), ("web", WEB_COMMANDS))
                   for c in [[], *([c] for c in commands)])]  # calc and web take no workbook
        mistakes = [["pair", str(book), "--rounds"], ["pair", str(book), "--round", "x"], ["pair"], ["pari", str(book)],
                    ["simulate", str(book), "--runs", "0"], ["new", "x.xlsx", "--lang", "de"], ["merge", str(book)],
                    ["pair", str(book), "--force=yes"], ["print", str(book), "--round"], ["pair", str(book), "42"]]
        calls = [*helps, *mistakes]
        script = ("import sys\nfrom forsxl.cli import run\nfor args in " + repr(calls) + ":\n"
                  "    try:\n        run(args)\n    except SystemExit:\n        pass\n")
        env = {"LANG": self.env["LANG"], "COLUMNS": "120", "PATH": ""}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True,
                             cwd=self.folder)
        self.seen("--help", out.stdout.splitlines())
        errors = out.stderr.splitlines()
        assert len([line for line in errors if line.startswith("╭")]) == len(mistakes), errors
        self.seen("usage", errors)


@pytest.fixture(scope="module")
def russian(tmp_path_factory: pytest.TempPathFactory) -> Tournament:
    # a folder and a workbook named in Russian with spaces, in every command (issue 33)
    t = Tournament(tmp_path_factory.mktemp("ru") / "Клуб Суббота", "Турнир клуба.xlsx", "ru", "ru_RU.UTF-8")
    t.play()
    return t


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Tournament:
    t = Tournament(tmp_path_factory.mktemp("en"), "club.xlsx", "en", "C.UTF-8")
    t.play()
    return t


def test_a_russian_tournament_shows_no_english_word(russian: Tournament) -> None:
    vocabulary = english_words()
    mixed = [(where, line, words) for where, line in russian.texts if (words := english_in(line, vocabulary))]
    assert mixed == []
    assert len(russian.texts) > 2000  # every command spoke, every page and sheet was read


def test_russian_sheets_pages_and_csv_call_the_sum_of_opponents_scores_kc(russian: Tournament) -> None:
    """[002], [003 §8]: «Коэффициент КС, равный сумме очков соперников»; SOS and its kin have Russian names in the
    Итоги sheet, the CSV export and every page (docs/decisions.md: the Russian names of the criteria)."""
    for where in (russian.name, "export", "page.html", "index.html"):
        words = {w for place, line in russian.texts if place == where for w in re.split(r"[\s;,]+", line)}
        assert {"КС", "СПС"} <= words, where
        assert not {"SOS", "SOSW"} & words, where


CYRILLIC = re.compile(r"[А-Яа-яЁё]")
DATA = sorted({*(name for name, _, _ in PLAYERS), *(club for _, _, club in PLAYERS), *TEAMS, "Москва",
               "Кравцов Илья", "Безрейтинговый", "Иванов Пётр", "б/р", "КМС", "МС", "Гр", "1р", "2р", "3р"},
              key=len, reverse=True)
"""What the organizer typed in Russian into the English demo, and the sport categories' own notation."""


def test_an_english_tournament_shows_no_russian_word(english: Tournament) -> None:
    def russian_left(line: str) -> bool:
        for data in DATA:
            line = line.replace(data, "")
        return bool(CYRILLIC.search(line))

    assert [(where, line) for where, line in english.texts if russian_left(line)] == []
    assert len(english.texts) > 2000


def test_the_checks_catch_a_mixed_line() -> None:
    vocabulary = english_words()
    assert english_in("тур 3: 10 boards", vocabulary) == ["boards"]
    assert english_in("pairing.method shift, club.xlsx, --round, R7.1, fors-club, EGD PIN", vocabulary) == []
    assert english_in("│ *    path      <file>  Книга турнира (.xlsx).", vocabulary) == ["path", "file"]  # issue 30
    assert english_in("критерии: sos, wins, rating", vocabulary) == []
