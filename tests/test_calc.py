"""forsxl inside LibreOffice Calc (issue 28), the parts that need no LibreOffice: the extension as `forsxl calc build`
writes it, the forsxl commands its menu runs (pointed at the selected cell), how it finds and starts forsxl, and
`forsxl calc install` around LibreOffice's unopkg. tests/test_calc_office.py drives a real Calc (`pytest -m calc`).
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from openpyxl.utils import get_column_letter
from test_cli import invoke, ok

from forsxl import __version__
from forsxl.book.rows import cell_of
from forsxl.calc.build import OXT, PACKAGE, build
from forsxl.engine.model import Source
from forsxl.engine.values import Lang
from forsxl.i18n import translations

sys.path.insert(0, str(OXT / "python" / "pythonpath"))
from forsxl_calc import texts
from forsxl_calc.actions import (
    ACTIONS,
    Broken,
    Needs,
    NotRun,
    TimedOut,
    Warm,
    cell_name,
    environment,
    named_cell,
    path_of,
    programs,
    request,
    url_of,
)

EXTENSION_PYTHON = sorted(OXT.rglob("*.py"))


@pytest.fixture(scope="module")
def oxt(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    path = build(tmp_path_factory.mktemp("oxt") / "forsxl.oxt", "/opt/forsxl/bin/python3")
    return zipfile.ZipFile(path)


# ------------------------------------------------------------------------------------------- the extension file


def test_every_file_the_manifest_names_is_in_the_extension(oxt: zipfile.ZipFile) -> None:
    manifest = ElementTree.fromstring(oxt.read("META-INF/manifest.xml"))
    named = {e.get("{http://openoffice.org/2001/manifest}full-path") for e in manifest}
    assert named == {"python/forsxl_component.py", "Settings.xcs", "ProtocolHandler.xcu", "Addons.xcu",
                     "CalcWindowState.xcu", "OptionsDialog.xcu"}
    assert named <= set(oxt.namelist())
    for name in oxt.namelist():
        if name.endswith((".xcu", ".xcs", ".xml", ".xdl")):
            ElementTree.fromstring(oxt.read(name))  # well-formed, or LibreOffice refuses the whole extension


def test_menu_toolbar_and_status_bar_run_every_action_in_every_language(oxt: zipfile.ZipFile) -> None:
    """Each item is one record (`actions.Action`): the menu lists them all in their groups, the toolbar those it
    carries, each with its icon, and the status bar gets the forsxl field."""
    addons = ElementTree.fromstring(oxt.read("Addons.xcu"))
    oor = "{http://openoffice.org/2001/registry}name"
    urls = [v.text for p in addons.iter("prop") if p.get(oor) == "URL" for v in p]
    menu = [u for u in urls if u and u.startswith("org.forsxl.calc:")]
    assert menu[: len(ACTIONS)] == [f"org.forsxl.calc:{a}" for a in (
        "check", "pair", "standings", "recompute", "explain", "config", "regulation", "print", "publish", "export",
        "import", "ratings", "accept_ratings", "merge", "history", "new")]
    assert "org.forsxl.calc:status" in menu
    separators = [u for u in urls if u == "private:separator"]
    assert len(separators) == len({a.group for a in ACTIONS.values()}) - 1
    titles = {v.text for p in addons.iter("prop") if p.get(oor) == "Title" for v in p}
    assert {"Проверить", "Жеребьёвка следующего тура", "Итоги", "Пересчитать фору доски", "Объяснить место",
            "Бланки", "Опубликовать…", "Слить с копией…", "Настройки", "Новый турнир…", "Добавить участников…",
            "Положение о турнире", "Экспорт…", "История версий…", "Рейтинги из списка федерации…",
            "Принять отмеченные рейтинги"} <= titles  # the issues' words
    assert {"Check", "Pair next round", "Standings", "Config", "New tournament…"} <= titles
    for action in ACTIONS.values():
        if action.toolbar:
            for size in (16, 26):
                assert f"icons/{action.name}_{size}.png" in oxt.namelist()


def test_extension_says_its_words_in_russian_from_the_catalogue(oxt: zipfile.ZipFile) -> None:
    built = json.loads(oxt.read(f"{PACKAGE}/built.json"))
    russian = built["texts"]["ru"]
    every = [texts.MENU, *(a.label for a in ACTIONS.values()), *texts.TEXTS.values()]
    assert set(russian) == set(every)
    untranslated = [m for m in every if russian[m] == m and m != "forsxl"]
    assert untranslated == []
    assert russian == {m: translations(Lang.RU).gettext(m) for m in every}
    assert built["program"] == "/opt/forsxl/bin/python3"
    assert built["sheets"]["config"] == ["Config", "Настройки"] and "Итоги" in built["sheets"]["ru"]
    say = texts.Texts(russian)
    assert say.label("pair") == "Жеребьёвка следующего тура"
    assert say.text("not_row", item=say.label("recompute")).endswith("«Пересчитать фору доски».")


def test_description_has_this_version_and_lists_libreoffice_7(oxt: zipfile.ZipFile) -> None:
    description = oxt.read("description.xml").decode()
    assert f'<version value="{__version__}"/>' in description
    assert 'LibreOffice-minimal-version d:name="LibreOffice 7.0" value="7.0"' in description


@pytest.mark.parametrize("path", EXTENSION_PYTHON, ids=lambda p: p.name)
def test_extension_code_is_python_37(path: Path) -> None:
    """LibreOffice 7.0 bundles Python 3.7 on Windows and macOS: the extension's code must parse there."""
    ast.parse(path.read_text("utf-8"), feature_version=(3, 7))


def python37() -> str | None:
    found = sorted(Path("/root/.pyenv/versions").glob("3.7*/bin/python3.7")) + [
        Path(p) / "python3.7" for p in os.environ.get("PATH", "").split(os.pathsep)]
    return next((str(p) for p in found if p.is_file()), None)


def test_extension_runs_on_python_37() -> None:
    """The parts that need no UNO, run by a real Python 3.7 where one is installed."""
    python = python37()
    if python is None:
        pytest.skip("no Python 3.7 here; the syntax is checked by test_extension_code_is_python_37")
    script = ("import sys; sys.path.insert(0, sys.argv[1])\n"
              "from forsxl_calc import actions, texts\n"
              "assert actions.named_cell([{'sheet': 'A!b', 'cell': 'C3'}], ['A!b']) == ('A!b', 2, 2)\n"
              "assert actions.path_of(actions.url_of('/т у', 'latin-1'), 'latin-1') == '/т у'\n"
              "assert actions.programs('', sys.executable, {'PATH': ''}, '', False)[0][1:] == ['-m', 'forsxl']\n"
              "assert 'PYTHONPATH' not in actions.environment({'PYTHONPATH': 'x'}, '')\n"
              "print(texts.Texts({}).label('pair'))\n")
    done = subprocess.run([python, "-c", script, str(OXT / "python" / "pythonpath")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Pair next round\n"


# ------------------------------------------------------------------------------------ what the menu runs


@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=31).filter(
    lambda s: ":" not in s), st.integers(0, 16383), st.integers(0, 1048575))
@example(" R1", 3, 4)
@example("Round 2!", 0, 0)
def test_a_cell_named_in_a_message_is_the_cell_selected(sheet: str, column: int, row: int) -> None:
    """What the menu passes forsxl (`cell_name`), how forsxl's messages name a cell (`Source`), how forsxl reads a
    cell it is given (`cell_of`) and what the menu selects from forsxl's problems (`named_cell`) agree, for any sheet
    name Calc allows, ' R1' with its space too."""
    name = cell_name(sheet, column, row)
    assert name == str(Source(sheet, f"{get_column_letter(column + 1)}{row + 1}"))
    assert cell_of(name) == (sheet, row + 1, column + 1)
    problem = {"sheet": sheet, "cell": f"{get_column_letter(column + 1)}{row + 1}"}
    assert named_cell([problem], [sheet]) == (sheet, column, row)


def test_the_problems_forsxl_names_point_at_their_cell() -> None:
    sheets = ["Players", "Тур-1", "Тур-4"]
    assert named_cell([{"sheet": None, "cell": None}, {"sheet": "Тур-1", "cell": "H3"}], sheets) == ("Тур-1", 7, 2)
    assert named_cell([{"sheet": "Players", "cell": "1"}], sheets) == ("Players", 0, 0)
    assert named_cell([{"sheet": "Тур-4", "cell": None}], sheets) == ("Тур-4", -1, -1)
    assert named_cell([{"sheet": "Other", "cell": "A1"}], sheets) is None


@pytest.mark.parametrize(("url", "encoding", "path"), [
    ("file:///home/referee/%D0%9A%D1%83%D0%B1%D0%BE%D0%BA/club%20ru.xlsx", "utf-8", "/home/referee/Кубок/club ru.xlsx"),
    ("file:///tmp/%C3%90%C2%9A%C3%91%C2%83%C3%90%C2%B1%C3%90%C2%BE%C3%90%C2%BA.xlsx", "latin-1", "/tmp/Кубок.xlsx"),
    ("file:///C:/Users/%D0%98%D0%B2%D0%B0%D0%BD/club.xlsx", "cp1251", "C:\\Users\\Иван\\club.xlsx"),
    ("file://server/share/club.xlsx", "utf-8", "\\\\server\\share\\club.xlsx"),
])
def test_a_file_url_is_the_file_whatever_the_locale(url: str, encoding: str, path: str) -> None:
    """LibreOffice's URLs are UTF-8 of the name as its process read it: under LANG=C (measured, LibreOffice 7.4) each
    byte of a Cyrillic name became an ISO-8859-1 character, which `path_of` turns back into the real name."""
    assert path_of(url, encoding) == path
    assert url_of(path, encoding) == url


def test_each_item_asks_what_a_referee_types(tmp_path: Path) -> None:
    """Each item's request (docs/api.md) is its command, the copy it reads, the workbook it is a copy of, its
    options, and the edits instead of a save for an item that writes."""
    copy, book = str(tmp_path / "copy.xlsx"), str(tmp_path / "club.xlsx")
    picked = {Needs.BOARD: "Тур-2!C5", Needs.PLAYER: "Итоги!D3", Needs.COPY: "b.xlsx", Needs.PLAYERS: "new.csv",
              Needs.FOLDER: "site", Needs.EXPORT: {"format": "egf", "output": "club.h9"}, Needs.VERSION: 3,
              Needs.LIST: {"source": "rfg", "file": "rfg.json"}, Needs.NOTHING: ""}
    asked = {name: request(a, copy, book, picked.get(a.needs)) for name, a in ACTIONS.items() if name != "new"}
    assert {name: (r["command"], r["options"], r["describe"]) for name, r in asked.items()} == {
        "check": ("check", {}, False),
        "pair": ("pair", {}, True),
        "standings": ("standings", {}, True),
        "recompute": ("pair", {"recompute": True, "board": "Тур-2!C5"}, True),
        "explain": ("explain", {"player": "Итоги!D3"}, False),
        "config": ("config", {}, False),
        "regulation": ("regulation", {}, False),
        "print": ("print", {}, False),
        "publish": ("publish", {"output": "site"}, False),
        "export": ("export", {"format": "egf", "output": "club.h9"}, False),
        "import": ("import", {"source": "new.csv"}, True),
        "ratings": ("ratings", {"source": "rfg", "file": "rfg.json"}, True),
        "accept_ratings": ("ratings", {"apply": True}, True),
        "merge": ("merge", {"copies": [copy, "b.xlsx"], "output": copy}, True),
        "history": ("undo", {"to": 3}, True),
    }
    assert {(r["book"], r["copy_of"]) for r in asked.values()} == {(copy, book), (None, book)}  # None: the merge
    assert request(ACTIONS["publish"], copy, book, "")["options"] == {}  # Config's host: beside the workbook (46)


def test_menu_requests_are_answered_by_forsxl_serve(played_book: Path, tmp_path: Path) -> None:
    """Every request the menu makes is one `forsxl serve` answers (docs/api.md): the menu's forsxl is the
    terminal's, asked through the warm process; a writing item gets edits and the workbook stays as it was."""
    book = tmp_path / "club.xlsx"
    book.write_bytes(played_book.read_bytes())
    before = book.read_bytes()
    warm = Warm()
    try:
        env = environment(os.environ, "")
        picked = {Needs.BOARD: "Round-2!B3", Needs.PLAYER: "Standings!D3", Needs.FOLDER: str(tmp_path / "site")}
        for name in ("check", "standings", "pair", "explain", "config", "publish", "recompute"):
            action = ACTIONS[name]
            said = warm.ask([[sys.executable, "-m", "forsxl"]], env, request(action, str(book), str(book),
                                                                            picked.get(action.needs, "")))
            assert said["code"] == 0, (name, said)
            assert (said.get("edits") is not None) == action.writes, name
            if name == "pair":  # the edits of round 2, made in a copy as the menu makes them in the document
                assert said["edits"]["focus"]["sheet"] == "Round-2"
                book.write_bytes(before)
                ok("pair", book)
        assert said["out"][0].startswith(f"{book}: round 2, board 2: ")
        assert (tmp_path / "site" / "index.html").is_file()
    finally:
        warm.stop()


# ----------------------------------------------------------------------------------------- finding forsxl


def test_the_program_set_in_options_is_the_only_one_tried(tmp_path: Path) -> None:
    program = tmp_path / "forsxl"
    program.write_text("")
    assert programs(f" {program} ", "/usr/bin/python3", {"PATH": ""}, "", False) == [[str(program)]]
    assert programs("C:/Python312/python.exe", "", {}, "", True) == [["C:/Python312/python.exe", "-m", "forsxl"]]


def test_then_the_forsxl_that_built_it_then_the_path_then_the_launcher(tmp_path: Path) -> None:
    """The forsxl of the PATH is found beside a LibreOffice whose own folder is left out of the search."""
    folders = {name: tmp_path / name for name in ("bin", "office", "gone")}
    for name, folder in folders.items():
        folder.mkdir()
        if name != "gone":
            for program in ("forsxl", "py"):
                (folder / program).write_text("")
                (folder / program).chmod(0o755)
    path = {"PATH": os.pathsep.join(str(folders[n]) for n in ("office", "bin"))}
    found = programs("", sys.executable, path, str(folders["office"]), False)
    assert found == [[sys.executable, "-m", "forsxl"], [str(folders["bin"] / "forsxl")]]
    found = programs("", str(folders["gone"] / "python3"), path, str(folders["office"]), True)
    assert found == [[str(folders["bin"] / "forsxl")], [str(folders["bin"] / "py"), "-m", "forsxl"]]


def test_forsxl_starts_without_libreoffices_python() -> None:
    office = "/opt/libreoffice/program"
    env = environment({"PYTHONPATH": "/opt/libreoffice/program", "PYTHONHOME": "x", "URE_BOOTSTRAP": "vnd.sun",
                       "PATH": f"{office}:/usr/bin", "HOME": "/home/referee", "LANG": "ru_RU.UTF-8"}, office)
    assert env == {"PATH": "/usr/bin", "HOME": "/home/referee", "LANG": "ru_RU.UTF-8", "PYTHONIOENCODING": "utf-8"}


SERVE = """import json, os, sys
for line in sys.stdin:
    asked = json.loads(line)
    if asked["command"] == "crash":
        sys.exit("Traceback: the end")
    if asked["command"] == "hang":
        import subprocess, time
        open(asked["book"], "w").write(str(subprocess.Popen(["sleep", "60"]).pid))
        time.sleep(60)
    print(json.dumps({"id": asked["id"], "code": 0, "out": [asked["book"], str(os.getpid())]}), flush=True)
"""
"""A stand-in `forsxl serve`: it answers with the book it was asked about and its own process id, stops on `crash`,
hangs (with a child) on `hang`."""


def stand_in(tmp_path: Path) -> list[str]:
    script = tmp_path / "serve.py"
    script.write_text(SERVE, encoding="utf-8")
    return [sys.executable, str(script)]


def test_the_warm_process_answers_one_request_a_line_in_utf8(tmp_path: Path) -> None:
    """One process for many requests, the arguments as UTF-8 JSON on its input, whatever the locale; a program that
    is no forsxl (a Python without forsxl, an older forsxl without `serve`) is passed over for the next."""
    warm = Warm()
    env = environment(os.environ, "") | {"LANG": "C", "LC_ALL": "C"}
    try:
        commands = [[str(tmp_path / "missing")], [sys.executable, "-I", "-S", "-m", "forsxl"], stand_in(tmp_path)]
        first = warm.ask(commands, env, {"command": "check", "book": "/tmp/Кубок Москвы/турнир.xlsx"})
        second = warm.ask(commands, env, {"command": "check", "book": "Итоги!D3"})
        assert [first["out"][0], second["out"][0]] == ["/tmp/Кубок Москвы/турнир.xlsx", "Итоги!D3"]
        assert first["out"][1] == second["out"][1]  # the same process: warm
        with pytest.raises(NotRun):
            warm.ask([[str(tmp_path / "missing")]], env, {"command": "check"})
    finally:
        warm.stop()


def test_a_warm_process_that_stops_is_said_and_started_again(tmp_path: Path) -> None:
    warm = Warm()
    env = environment(os.environ, "")
    try:
        with pytest.raises(Broken, match="Traceback: the end"):
            warm.ask([stand_in(tmp_path)], env, {"command": "crash"})
        assert warm.ask([stand_in(tmp_path)], env, {"command": "check", "book": "a"})["out"][0] == "a"
    finally:
        warm.stop()


def test_a_forsxl_that_hangs_is_stopped_with_what_it_started(tmp_path: Path) -> None:
    child = tmp_path / "child.pid"
    warm = Warm()
    with pytest.raises(TimedOut):
        warm.ask([stand_in(tmp_path)], environment(os.environ, ""), {"command": "hang", "book": str(child)},
                 timeout=3)
    time.sleep(0.2)
    status = Path(f"/proc/{child.read_text()}/status")
    assert not status.exists() or "State:\tZ" in status.read_text()  # gone, or dead and not yet reaped
    assert warm.process is None


# ----------------------------------------------------------------------------- forsxl calc build / install


def fake_unopkg(tmp_path: Path, said: str = "", code: int = 0) -> Path:
    record = tmp_path / "unopkg-args"
    fake = tmp_path / "unopkg"
    fake.write_text(f'#!/bin/sh\necho "$@" > "{record}"\nprintf %s "{said}"\nexit {code}\n')
    fake.chmod(0o755)
    return fake


def test_calc_build_writes_the_extension(tmp_path: Path) -> None:
    out = tmp_path / "forsxl.oxt"
    assert ok("calc", "build", "-o", out).stdout == (
        f"{out}: the forsxl menu for LibreOffice Calc; add it in Tools › Extension Manager\n")
    built = json.loads(zipfile.ZipFile(out).read(f"{PACKAGE}/built.json"))
    assert built["program"] == sys.executable
    assert [p.name for p in tmp_path.iterdir()] == ["forsxl.oxt"]


def test_calc_install_adds_it_with_unopkg(tmp_path: Path) -> None:
    unopkg = fake_unopkg(tmp_path)
    ok("calc", "install", "--unopkg", unopkg, "--profile", tmp_path / "profile")
    args = (tmp_path / "unopkg-args").read_text().split()
    assert args[:3] == ["add", "--force", f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}"]
    assert args[3].endswith("forsxl.oxt") and not Path(args[3]).exists()  # built for the install, then removed
    ok("calc", "install", "--shared", "--unopkg", unopkg)
    assert (tmp_path / "unopkg-args").read_text().split()[:3] == ["add", "--force", "--shared"]
    assert ok("calc", "remove", "--unopkg", unopkg).stdout == (
        "the forsxl menu is out of LibreOffice Calc (restart LibreOffice if it is running)\n")
    assert (tmp_path / "unopkg-args").read_text().split() == ["remove", "org.forsxl.calc"]


@pytest.mark.parametrize(("said", "line"), [
    ("ERROR: Cannot run unopkg as root without --shared or --bundled option.",
     "as root, LibreOffice installs extensions only for every user: run forsxl calc install as yourself, or with "
     "--shared"),
    ("ERROR: Exception occurred: Error while adding: file:///x.oxt at ./desktop/source/dp_manager.cxx:840\n"
     "ERROR: unopkg failed.",
     "LibreOffice's unopkg refused the extension: Error while adding: file:///x.oxt (is LibreOffice running with "
     "this profile? close it and run again)"),
])
def test_calc_install_says_why_unopkg_refused(tmp_path: Path, said: str, line: str) -> None:
    result = invoke("calc", "install", "--unopkg", fake_unopkg(tmp_path, said, 1))
    assert (result.exit_code, result.stderr) == (1, line + "\n")


def test_calc_install_without_libreoffice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from forsxl.calc import build as calc_build

    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(calc_build, "UNOPKG", ())
    result = invoke("calc", "install")
    assert result.exit_code == 1
    assert result.stderr.startswith("LibreOffice's unopkg was not found: install LibreOffice, or give unopkg's path")
