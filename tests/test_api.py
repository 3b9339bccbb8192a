"""forsxl.api and `forsxl serve` (issue 38, docs/api.md): one call per command, as the terminal runs it, answering
with the lines, the problems as data, and a writing command's edits instead of a save when asked; the same as JSON
lines for a program that keeps forsxl warm, whatever its locale."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from saves import recording
from test_cli import RATING, club_players, edit, invoke, new_book, type_results

from forsxl import api
from forsxl.book.edits import Edits
from forsxl.book.kept import kept_versions, versions_folder
from forsxl.book.read import open_package


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture
def book(played_book: Path, tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    shutil.copy2(played_book, path)
    return path


def test_importing_the_api_imports_no_command_line_process_or_compiled_library() -> None:
    found = subprocess.run([sys.executable, "-c", "import sys, forsxl.api; print(sorted(m for m in ('typer', 'click', "
                            "'pydantic', 'subprocess', 'rustworkx', 'python_calamine', 'openpyxl', 'jinja2') "
                            "if m in sys.modules))"], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


def test_a_pairing_described_is_what_the_pairing_saves_and_nothing_is_written(book: Path, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    before = book.read_bytes()
    with recording(monkeypatch) as saves:
        described = api.run("pair", book, describe=True)
        assert book.read_bytes() == before and saves == []
        assert not versions_folder(book).exists() and sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]
        said = api.run("pair", str(book))  # a path as text will do
    assert (described.code, described.saved, described.out) == (0, None, [f"{book}: round 2: 10 boards"])
    assert said.out == described.out and said.saved == book and said.edits is None
    assert described.err == ["pairing 20 players..."] == said.err
    edits = described.edits
    assert edits is not None and edits.command == "pair" and edits.round == 2
    assert edits.focus == {"sheet": "Round-2"} and "Round-2" in edits.order
    read = tmp_path / "read.xlsx"
    read.write_bytes(before)
    package = open_package(read)[1]
    assert package is not None
    again = io.BytesIO()
    package.write(Edits.from_json(json.loads(json.dumps(edits.to_json()))), again)
    assert _members(again.getvalue()) == saves[0]


def test_a_recomputed_board_takes_the_referee_to_its_row(book: Path) -> None:
    assert api.run("pair", book).code == 0
    outcome = api.run("pair", book, describe=True, round=2, board="3", recompute=True)
    assert outcome.edits is not None and outcome.edits.focus == {"sheet": "Round-2", "cell": "A4"}
    assert outcome.edits.round == 2 and outcome.edits.cells[-1].sheet == "Log"  # and Standings, written anew


def test_standings_take_the_referee_to_standings_only_when_they_are_new(book: Path) -> None:
    """Issue 38 item 2: the selection, the scroll and the zoom stay unless the item moves to its new sheet."""
    again = api.run("standings", book, describe=True).edits
    workbook = openpyxl.load_workbook(book)
    del workbook["Standings"]
    workbook.save(book)
    first = api.run("standings", book, describe=True).edits
    assert again is not None and again.focus is None
    assert first is not None and first.focus == {"sheet": "Standings"}


def test_problems_come_as_data_with_their_sheet_cell_and_rule(book: Path) -> None:
    edit(book, "Round-1", 2, Result="B+x")
    outcome = api.run("standings", book, describe=True)
    assert outcome.code == 1 and outcome.edits is None
    (problem,) = outcome.problems
    assert (problem.severity, problem.sheet, problem.cell, problem.rule) == ("error", "Round-1", "H2", "R11")
    assert problem.line == outcome.err[0] and problem.line.startswith("Round-1!H2: ") and problem.text in problem.line
    assert invoke("standings", book).stderr.splitlines() == outcome.err


@pytest.mark.parametrize(("command", "options", "said"), [
    ("paint", {}, "no such command: 'paint'"),
    ("pair", {"rounds": 3}, "unexpected keyword argument 'rounds'"),
    ("pair", {"round": "3"}, "round: '3' is not int"),
    ("pair", {"force": 1}, "force: 1 is not bool"),
    ("presets", {}, "book: "),
])
def test_a_wrong_command_or_option_is_a_usage_error(book: Path, command: str, options: dict[str, Any],
                                                    said: str) -> None:
    outcome = api.run(command, book, **options)  # presets reads no workbook
    assert outcome.code == 2 and said in outcome.err[0]


def test_a_copy_goes_by_the_name_of_the_workbook_it_stands_for(book: Path, tmp_path: Path) -> None:
    """The Calc menu names a copy of the open document: forsxl says the document's file, keeps the copy as its
    version, lists that file's versions and puts one back by naming it."""
    copy = tmp_path / "copy" / "копия.xlsx"
    copy.parent.mkdir()
    shutil.copy2(book, copy)
    before = book.read_bytes()
    refused = api.run("pair", copy, copy_of=book)  # saved over the copy under another's name: never
    assert refused.code == 2 and copy.read_bytes() == book.read_bytes() == before
    outcome = api.run("pair", copy, copy_of=book, describe=True)
    assert outcome.out == [f"{book}: round 2: 10 boards"] and outcome.edits is not None
    assert [v.read_bytes() for v in kept_versions(book.resolve())] == [copy.read_bytes()]
    history = api.run("history", copy, copy_of=book)
    assert history.data[0]["number"] == 1 and history.data[0]["now"] and history.data[0]["command"] == "pair"
    slips = api.run("print", copy, copy_of=book)
    assert slips.files == [book.with_name("club-round-1.html")]
    put_back = api.run("undo", copy, copy_of=book, describe=True)
    assert put_back.code == 1 and put_back.problems[0].code == "undo_oldest"  # the copy is that version
    exported = api.run("export", copy, copy_of=book, format="egf")
    assert exported.files == [book.with_name("club.h9")]


def test_a_new_tournament_takes_its_name_beside_the_copy_a_menu_names(tmp_path: Path) -> None:
    """`name` is `new`'s option, the tournament's name, through the API and forsxl serve alike; the workbook a copy
    stands for is `copy_of`."""
    made = api.run("new", tmp_path / "cup.xlsx", preset="fors-club", lang="ru", name="Кубок")
    served = api.answer({"command": "new", "book": str(tmp_path / "кубок.xlsx"),
                         "options": {"preset": "fors-club", "lang": "ru", "name": "Кубок"}})
    assert made.code == served["code"] == 0, (made.err, served["err"])
    for path in (tmp_path / "cup.xlsx", tmp_path / "кубок.xlsx"):
        config = {row[0]: row[1] for row in openpyxl.load_workbook(path)["Настройки"].iter_rows(values_only=True)}
        assert config["name"] == "Кубок"


def test_presets_speak_the_language_asked_and_come_as_data() -> None:
    outcome = api.run("presets", lang="ru")
    assert outcome.lang.value == "ru" and {"name", "description"} <= set(outcome.data[0])
    assert any(p["name"] == "fors-club" for p in outcome.data)


# ------------------------------------------------------------------------------------------------ serve


def _forsxl() -> list[str]:
    script = Path(sys.executable).parent / "forsxl"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "forsxl"]


def _russian(folder: Path) -> Path:
    """A Russian club tournament with round 1 played."""
    path = new_book(folder, [{{"Name": "Имя", "Rating": "Рейтинг"}[k]: v for k, v in p.items() if k != "Absent"}
                             for p in club_players()], "--lang", "ru")
    assert invoke("pair", path).exit_code == 0
    type_results(path, "Тур-1", lambda row: "B+" if RATING[row["Чёрные"]] > RATING[row["Белые"]] else "W+")
    return path


def test_serve_answers_json_lines_with_cyrillic_paths_and_sheets_under_any_locale(tmp_path: Path) -> None:
    folder = tmp_path / "Турнир клуба"
    folder.mkdir()
    path = _russian(folder)
    before = path.read_bytes()
    requests = [
        {"id": 1, "command": "pair", "book": str(path), "describe": True},
        {"id": "two", "command": "explain", "book": str(path), "options": {"player": "Итоги!D3"}},
        "not a request",
        {"id": 3, "command": "pair", "book": str(path), "options": {"round": "two"}},
    ]
    lines = [json.dumps(r, ensure_ascii=False).encode() if not isinstance(r, str) else r.encode() for r in requests]
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "PYTHON"))}
    done = subprocess.run([*_forsxl(), "serve"], input=b"\n".join([*lines, b"{broken"]) + b"\n", capture_output=True,
                          env={**environment, "LANG": "C"}, check=False, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    answers = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [a["id"] for a in answers] == [1, "two", None, 3, None]
    assert [a["code"] for a in answers] == [0, 0, 2, 2, 2]
    paired = answers[0]
    assert paired["out"] == [f"{path}: тур 2: 10 досок"] and paired["lang"] == "ru"
    assert paired["edits"]["format"] == "forsxl-edits" and paired["edits"]["focus"] == {"sheet": "Тур-2"}
    assert paired["saved"] is None and path.read_bytes() == before
    assert answers[1]["out"] and answers[1]["err"] == []
