"""One writer at a time, and files that must not be replaced (issue 19): a workbook changed by another program since
it was read, two commands started together, a read-only or symlinked workbook, a killed run's temporaries."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_cli import invoke, ok, problems, refused

from forsxl.book.read import load


@pytest.fixture
def book(played_book: Path, tmp_path: Path) -> Path:
    """conftest's club workbook with round 1 played, copied for each test."""
    path = tmp_path / "club.xlsx"
    shutil.copyfile(played_book, path)
    return path


def forsxl(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "forsxl", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_workbook_changed_since_it_was_read_is_not_replaced(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another program saves the workbook while forsxl computes: forsxl's save would drop that program's work."""
    import forsxl.app.workflow

    real = forsxl.app.workflow.refresh_rounds

    def saved_meanwhile(loaded: Any, report: Any) -> None:
        with open(book, "ab") as other:
            other.write(b"\0")
        real(loaded, report)

    monkeypatch.setattr(forsxl.app.workflow, "refresh_rounds", saved_meanwhile)
    meanwhile = book.read_bytes() + b"\0"
    result = invoke("pair", book)
    assert result.exit_code == 1
    assert problems(result) == [f"{book} was changed by another program since forsxl read it; nothing written: run "
                                "again"]
    assert book.read_bytes() == meanwhile
    assert sorted(p.name for p in book.parent.iterdir()) == ["club.xlsx"]


def test_two_commands_started_together_lose_nothing(book: Path) -> None:
    """`pair` and `standings` at once on each of five workbooks, all ten started together: forsxl's lock is held from
    each one's read to its save, so both land, one after the other, each on what the other saved; the round is never
    written and then lost (issue 19). Ten processes at once, more than the cores, interleave their reads and saves."""
    paths = [book.with_name(f"trial{i}.xlsx") for i in range(5)]
    runs = []
    for path in paths:
        shutil.copyfile(book, path)
        runs += [forsxl("pair", path), forsxl("standings", path)]
    outcomes = [(run.wait(120), *run.communicate()) for run in runs]
    assert [code for code, _, _ in outcomes] == [0] * 10, outcomes
    assert [len(load(path).tournament.rounds) for path in paths] == [2] * 5, outcomes


def test_a_command_waits_for_the_writer_before_it(book: Path) -> None:
    """forsxl's own lock beside the workbook: a second writer waits until the first has finished."""
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom pathlib import Path\n"
                               "from forsxl.book.save import writing\nwith writing(Path(sys.argv[1])):\n"
                               "    print('held', flush=True); time.sleep(1.5)", str(book)],
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    started = time.monotonic()
    ok("standings", book)
    assert time.monotonic() - started > 0.5
    assert holder.wait(10) == 0
    assert not any(p.name.endswith("forsxl-lock") for p in book.parent.iterdir())


def test_read_only_workbook_is_refused(book: Path) -> None:
    book.chmod(0o444)
    before = book.read_bytes()
    result = invoke("standings", book)
    assert result.exit_code == 1
    assert problems(result) == [f"{book} is read-only; nothing written (make it writable to let forsxl save it)"]
    assert book.read_bytes() == before and not book.stat().st_mode & 0o222


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
def test_symlinked_workbook_is_written_through_the_link(book: Path, tmp_path: Path) -> None:
    link = tmp_path / "shared" / "club.xlsx"
    link.parent.mkdir()
    link.symlink_to(book)
    ok("pair", link)
    assert link.is_symlink() and link.resolve() == book.resolve()
    assert len(load(book).tournament.rounds) == 2
    assert (book.parent / "club.bak.xlsx").is_file() and os.listdir(link.parent) == ["club.xlsx"]


def test_a_killed_runs_temporaries_are_cleaned(book: Path) -> None:
    """kill -9 during a save leaves `.club.xlsx.*.tmp.xlsx`; the next writer, holding the lock, removes forsxl's own
    for this workbook and no other file: not club.2.xlsx's temporaries, nor a file that only looks like one (issue
    31)."""
    stale = [book.with_name(".club.xlsx.0123abcd.tmp.xlsx"), book.with_name(".club.xlsx.0123abcd.tmp.xlsx.bak")]
    others = [book.with_name(".club.2.xlsx.0123abcd.tmp.xlsx"), book.with_name(".club.2.xlsx.0123abcd.tmp.xlsx.bak"),
              book.with_name(".club.xlsx.notes.tmp.xlsx"), book.with_name(".club.notes.txt")]
    for path in (*stale, *others):
        path.write_bytes(b"half")
    ok("standings", book)
    assert not any(path.exists() for path in stale) and all(path.exists() for path in others)


ENTRY = ("import sys, forsxl.__main__ as entry; sys.addaudithook(lambda event, args: event == 'import' and "
         "args[0] == 'forsxl.cli' and print('entered', file=sys.stderr, flush=True)); entry.main()")
"""forsxl's console script, saying when it has entered forsxl: an audit hook speaks as `main` imports the command
line, inside its handler. Before that the interpreter itself is starting, and a Ctrl-C there is Python's own."""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
@pytest.mark.parametrize("after", [0, 0.05, 0.3, 0.6, 0.9, 1.2])
def test_ctrl_c_at_any_moment_is_one_line_and_loses_nothing(book: Path, after: float) -> None:
    """Interrupted while importing, reading, pairing or saving: at most one line besides pair's progress line, never
    a traceback, and the workbook either as it was or with the new round, whole (issue 19)."""
    run = subprocess.Popen([sys.executable, "-c", ENTRY, "pair", str(book)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    assert run.stderr is not None and run.stderr.readline() == "entered\n"
    time.sleep(after)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    lines = [line for line in err.splitlines() if not re.fullmatch(r"pairing \d+ players\.\.\.", line)]
    assert "Traceback" not in err and len(lines) <= 1, err
    assert lines in ([], ["forsxl: interrupted"]), err
    assert len(load(book).tournament.rounds) in (1, 2)
    assert sorted(p.name for p in book.parent.iterdir() if p.name != "club.bak.xlsx") in (
        ["club.xlsx"], [".club.xlsx.versions", "club.xlsx"])
    assert [p.name for p in book.parent.glob(".club.xlsx.versions/*.xlsx")] in ([], ["0001.xlsx"])


def test_ctrl_c_while_an_import_makes_a_class_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Python 3.11 hands a Ctrl-C pressed while a class is made (engine/config.py's Enums, imported by the command
    line) on as RuntimeError: the same one line as any Ctrl-C, not a traceback (seen once in the test above)."""
    import forsxl.__main__ as entry
    import forsxl.cli

    class Pressed:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt

    def importing(args: list[str]) -> None:
        type("Config", (), {"method": Pressed()})

    monkeypatch.setattr(forsxl.cli, "run", importing)
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)
    monkeypatch.setattr(sys, "argv", ["forsxl", "pair", "club.xlsx"])
    with pytest.raises(SystemExit) as exit:
        entry.main()
    assert exit.value.code == 130 and capsys.readouterr().err == "forsxl: interrupted\n"
    monkeypatch.setattr(forsxl.cli, "run", lambda args: type("Config", (), {"method": None})() and 1 / 0)
    with pytest.raises(ZeroDivisionError):  # anything else is still raised
        entry.main()


@pytest.mark.parametrize("args", [["publish"], ["simulate", "--runs", "2", "--no-write"], ["simulate", "--runs", "2"],
                                  ["export", "--format", "csv"]])
def test_an_output_onto_the_workbook_itself_is_refused(book: Path, args: list[str]) -> None:
    """`-o club.xlsx`, the workbook itself: publish took it for a site folder and said "File exists", simulate wrote
    its HTML report over the tournament (issue 31)."""
    what = {"publish": "the results would overwrite the workbook {path}; give -o a page (FILE.html) or a folder "
                       "for the site",
            "simulate": "the simulation report would overwrite the workbook {path}; pick another -o",
            "export": "the export would overwrite the workbook {path}; pick another -o"}[args[0]]
    for output in (book, book.parent / ".." / book.parent.name / book.name):
        refused(book, [args[0], book, *args[1:], "-o", output], what.format(path=output))


def test_a_site_into_a_file_is_refused_in_words(book: Path) -> None:
    notes = book.with_name("notes.txt")
    notes.write_text("mine")
    refused(book, ["publish", book, "-o", notes], f"{notes} is a file, not a folder: a site is written into a folder; "
            "for one page give -o FILE.html")
    assert notes.read_text() == "mine"
