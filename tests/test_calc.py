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
    NotRun,
    TimedOut,
    arguments,
    cell_name,
    environment,
    named_cell,
    programs,
    run,
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


def test_menu_and_toolbar_run_every_action_in_every_language(oxt: zipfile.ZipFile) -> None:
    addons = ElementTree.fromstring(oxt.read("Addons.xcu"))
    oor = "{http://openoffice.org/2001/registry}name"
    urls = [v.text for p in addons.iter("prop") if p.get(oor) == "URL" for v in p]
    menu = [u for u in urls if u and u.startswith("org.forsxl.calc:")]
    assert menu[: len(ACTIONS)] == [f"org.forsxl.calc:{a}" for a in
                                    ("check", "pair", "standings", "recompute", "explain", "config", "print",
                                     "publish", "merge")]
    assert sorted(set(menu)) == sorted(f"org.forsxl.calc:{a}" for a in ACTIONS)
    titles = {v.text for p in addons.iter("prop") if p.get(oor) == "Title" for v in p}
    assert {"Проверить", "Жеребьёвка следующего тура", "Итоги", "Пересчитать фору доски", "Объяснить место",
            "Бланки", "Опубликовать", "Слить с копией…", "Настройки"} <= titles  # the words
    assert {"Check", "Pair next round", "Standings", "Config"} <= titles
    for action in ACTIONS:
        for size in (16, 26):
            assert f"icons/{action}_{size}.png" in oxt.namelist()


def test_extension_says_its_words_in_russian_from_the_catalogue(oxt: zipfile.ZipFile) -> None:
    built = json.loads(oxt.read(f"{PACKAGE}/built.json"))
    russian = built["texts"]["ru"]
    every = [texts.MENU, *texts.LABELS.values(), *texts.TEXTS.values()]
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
              "assert actions.named_cell([\"'A!b'!C3: x\"], [\"A!b\"]) == ('A!b', 2, 2)\n"
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
    cell it is given (`cell_of`) and what the menu selects from forsxl's lines (`named_cell`) agree, for any sheet
    name Calc allows, ' R1' with its space too."""
    name = cell_name(sheet, column, row)
    assert name == str(Source(sheet, f"{get_column_letter(column + 1)}{row + 1}"))
    assert cell_of(name) == (sheet, row + 1, column + 1)
    assert named_cell([f"{name}: 'B+x' is not a result (R11)"], [sheet]) == (sheet, column, row)


def test_the_lines_forsxl_prints_point_at_their_cell() -> None:
    sheets = ["Players", "Тур-1", "Тур-4"]
    assert named_cell(["/tmp/club.xlsx: 20 players", "Тур-1!H3: 'B+x' is not a result (R11)"], sheets) == (
        "Тур-1", 7, 2)
    assert named_cell(["Players!1: column Name / Имя is missing in row 1 (R0)"], sheets) == ("Players", 0, 0)
    assert named_cell(["Тур-4: в туре 4 ещё нет результатов (R11)"], sheets) == ("Тур-4", -1, -1)
    assert named_cell(["Other!A1: not a sheet of this workbook", r"C:\club.xlsx: written"], sheets) is None


def test_each_action_runs_the_command_a_referee_types(tmp_path: Path) -> None:
    book = str(tmp_path / "club.xlsx")
    assert {name: arguments(name, book, "Тур-2!C5" if a.needs in ("board", "player") else "b.xlsx")
            for name, a in ACTIONS.items()} == {
        "check": ["check", book],
        "pair": ["pair", book],
        "standings": ["standings", book],
        "recompute": ["pair", book, "--recompute", "--board", "Тур-2!C5"],
        "explain": ["explain", book, "--player", "Тур-2!C5"],
        "print": ["print", book, "--open"],
        "publish": ["publish", book, "-o", str(tmp_path / "club.html"), "--open"],
        "merge": ["merge", book, "b.xlsx", "-o", book, "--resolve", str(tmp_path / "club-conflicts.xlsx")],
        "config": ["config", book],
    }
    assert [a.name for a in ACTIONS.values() if a.writes] == ["pair", "standings", "recompute", "merge"]


def test_menu_commands_run_in_forsxl(played_book: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command line the menu builds is one forsxl takes: the menu's forsxl is the terminal's."""
    opened = tmp_path / "opened.txt"
    browser = tmp_path / "browser"
    browser.write_text(f'#!/bin/sh\necho "$1" >> "{opened}"\n')
    browser.chmod(0o755)
    monkeypatch.setenv("BROWSER", str(browser))
    book = tmp_path / "club.xlsx"
    book.write_bytes(played_book.read_bytes())
    for name in ("check", "standings", "print", "publish", "config", "pair"):
        ok(*arguments(name, str(book)))
    ok(*arguments("explain", str(book), "Standings!D3"))
    assert ok(*arguments("recompute", str(book), "Round-2!B3")).stdout.startswith(f"{book}: round 2, board 2: ")
    deadline = time.monotonic() + 10
    while len(opened.read_text().splitlines() if opened.exists() else []) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)  # the viewer is started, not waited for
    assert opened.read_text().splitlines() == [str(tmp_path / "club-round-1.html"), str(tmp_path / "club.html")]


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


def test_run_takes_the_first_that_starts_and_has_forsxl(tmp_path: Path) -> None:
    """A missing program and a Python without forsxl are passed over; output and messages keep their order."""
    env = environment(os.environ, "")
    script = "import sys; print('out', flush=True); print('err', file=sys.stderr); sys.exit(3)"
    outcome = run([[str(tmp_path / "missing")], [sys.executable, "-I", "-S", "-m"], [sys.executable, "-c", script]],
                  ["forsxl"], env)
    assert (outcome.code, outcome.lines) == (3, ["out", "err"])
    with pytest.raises(NotRun):
        run([[str(tmp_path / "missing")]], [], env)


def test_a_forsxl_that_hangs_is_stopped_with_what_it_started(tmp_path: Path) -> None:
    child = tmp_path / "child.pid"
    script = f"import subprocess, time; open({str(child)!r}, 'w').write(str(subprocess.Popen(['sleep', '60']).pid)); " \
             "time.sleep(60)"
    started = time.monotonic()
    with pytest.raises(TimedOut):
        run([[sys.executable, "-c", script]], [], environment(os.environ, ""), timeout=1)
    assert time.monotonic() - started < 10
    time.sleep(0.2)
    status = Path(f"/proc/{child.read_text()}/status")
    assert not status.exists() or "State:\tZ" in status.read_text()  # gone, or dead and not yet reaped


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
