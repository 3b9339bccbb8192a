"""Undo (issue 31): every save keeps the workbook it replaces as a version, `forsxl history` lists them with the
command that made each, and `forsxl undo` puts one back whole, keeping the one it replaces in turn."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import invoke, ok, problems, refused, type_results

from forsxl.book import save as saving
from forsxl.book.read import load
from forsxl.book.save import KEEP_VERSIONS, MORE_VERSIONS, kept_versions, replace, versions_folder
from forsxl.book.versions import undo
from forsxl.engine.errors import ForsxlError


@pytest.fixture
def book(played_book: Path, tmp_path: Path) -> Path:
    """conftest's club workbook with round 1 played, copied for each test: no version kept yet."""
    path = tmp_path / "club.xlsx"
    shutil.copy2(played_book, path)  # with its time: the results were typed just after round 1 was paired
    return path


def timeless(text: str) -> str:
    """The text with each time written `T`."""
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d", "T", text)


def listed(book: Path) -> list[str]:
    """`forsxl history`'s lines, without their times."""
    return timeless(ok("history", book).stdout).splitlines()


def test_a_wrong_merge_and_two_pairings_are_undone(book: Path, tmp_path: Path) -> None:
    """The issue's referee merged the wrong copy, then paired twice; club.bak.xlsx went back one step only. Now the
    versions before each are listed with their commands, and any one is put back byte for byte, the workbook it
    replaces kept (issue 31)."""
    assert ok("history", book).stdout == f"{book}: no earlier version kept yet (forsxl keeps one each time it saves " \
                                         "the workbook)\n"
    ok("standings", book)
    good = book.read_bytes()
    other = tmp_path / "other.xlsx"
    shutil.copyfile(book, other)
    type_results(other, "Round-1", lambda row: "W+")
    ok("merge", book, other, "-o", book, "--prefer", "b")
    ok("pair", book)
    ok("pair", book, "--round", "2", "--force")
    assert listed(book) == [
        f"{book}: 4 earlier versions kept, newest first; forsxl undo {book} --to N puts one back",
        "   now  T  pair (round 2: 10 boards)",
        "     1  T  pair (round 2: 10 boards)",
        "     2  T  merge (club.xlsx + other.xlsx; nothing only in club.xlsx; nothing only in other.xlsx)",
        "     3  T  standings (10 results)",
        "     4  T  pair (round 1: 10 boards)"]
    states = [book.read_bytes(), *(v.read_bytes() for v in kept_versions(book))]
    assert timeless(ok("undo", book, "--to", 3).stdout) == (
        f"{book}: version 3 (saved T: standings (10 results)) is put back; the workbook it replaced is the newest "
        f"version now (forsxl history {book})\n")
    assert book.read_bytes() == good == states[3]
    assert [v.read_bytes() for v in kept_versions(book)] == states  # nothing lost: the workbook undone is version 1
    assert len(load(book).tournament.rounds) == 1


def test_undo_again_goes_further_back_and_history_says_which_version_the_workbook_is(book: Path) -> None:
    """As Ctrl-Z: each undo goes one version further back than the workbook as it is; `--to 1` then returns to where
    the undoing began."""
    states = [book.read_bytes()]
    for command in ("standings", "pair", "standings"):
        ok(command, book)
        states.append(book.read_bytes())
    for back in (2, 1, 0):
        ok("undo", book)
        assert book.read_bytes() == states[back]
    assert listed(book)[1] == "   now  T  pair (round 1: 10 boards); the same as version 6"
    refused(book, ["undo", book], f"{book} is the oldest version kept already (version 6); forsxl history {book} "
                                  "lists them")
    ok("undo", book, "--to", 1)
    assert book.read_bytes() == states[1]  # the workbook before the last undo
    ok("undo", book, "--to", 4)
    assert book.read_bytes() == states[3]  # the workbook before the first undo


def test_undo_refusals_write_nothing(book: Path) -> None:
    refused(book, ["undo", book], f"{book}: no earlier version is kept to put back (forsxl keeps one each time it "
                                  "saves the workbook)")
    ok("standings", book)
    ok("standings", book)
    refused(book, ["undo", book, "--to", 3], f"{book} has no version 3: versions 1 to 2 are kept (forsxl history "
                                             f"{book})")
    ok("undo", book)
    refused(book, ["undo", book, "--to", 2], f"{book} is the same as version 2 already; nothing to put back")
    (book.parent / f".~lock.{book.name}#").write_text("someone")
    refused(book, ["undo", book, "--to", 1], f"{book} is open in LibreOffice; close it there and run again")
    assert len(kept_versions(book)) == 3
    refused(book.with_name("nowhere.xlsx"), ["history", book.with_name("nowhere.xlsx")],
            f"no such workbook: {book.with_name('nowhere.xlsx')}")


def test_a_deleted_or_broken_workbook_is_put_back(book: Path) -> None:
    """Why a referee undoes: a program wrote junk over the workbook, or it is gone."""
    first = book.read_bytes()
    ok("standings", book)
    book.write_bytes(b"junk")
    assert listed(book)[1] == "   now  T  no forsxl command in its Log"
    ok("undo", book)
    assert book.read_bytes() == first
    assert [v.read_bytes() for v in kept_versions(book)] == [b"junk", first]
    book.unlink()
    assert listed(book)[1] == "     1  T  no forsxl command in its Log"
    ok("undo", book, "--to", 2)
    assert book.read_bytes() == first and len(kept_versions(book)) == 2


def test_a_version_changed_in_a_spreadsheet_says_after_which_command(book: Path) -> None:
    """Results typed after `pair` make a version of their own, saved later than its Log's last row."""
    ok("standings", book)
    os.utime(book, (book.stat().st_atime, book.stat().st_mtime + 3600))  # typed into an hour later
    ok("pair", book)
    assert re.fullmatch(r"     1  T  changed after standings of (T|\d\d:\d\d) \(10 results\)", listed(book)[2])


def test_versions_are_the_workbooks_own_and_bounded(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """club.2.xlsx keeps its own; at most MORE_VERSIONS, fewer beyond KEEP_VERSIONS when they pass the size
    bound, never fewer than KEEP_VERSIONS."""
    second = book.with_name("club.2.xlsx")
    shutil.copyfile(book, second)
    ok("standings", second)
    for i in range(MORE_VERSIONS + 3):
        replace(book, lambda temporary, i=i: Path(temporary).write_bytes(b"%d" % i))
    assert len(kept_versions(book)) == MORE_VERSIONS
    assert [v.read_bytes() for v in kept_versions(book)][:2] == [b"%d" % (MORE_VERSIONS + 1), b"%d" % MORE_VERSIONS]
    assert len(kept_versions(second)) == 1 and versions_folder(second) != versions_folder(book)
    monkeypatch.setattr(saving, "VERSIONS_BYTES", 1)
    replace(book, lambda temporary: Path(temporary).write_bytes(b"last"))
    assert len(kept_versions(book)) == KEEP_VERSIONS


def test_a_save_that_fails_at_the_last_step_keeps_no_version(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The rename over the workbook refused (a full disk, a lock): the versions are as they were, no folder made."""
    real = os.replace

    def full(source: str, target: str) -> None:
        if Path(target) == book:
            raise OSError(28, "No space left on device")
        real(source, target)

    monkeypatch.setattr(os, "replace", full)
    line = f"{book} could not be saved (No space left on device); the workbook is as it was"
    before = book.read_bytes()
    assert problems(invoke("standings", book)) == [line]
    assert book.read_bytes() == before and not versions_folder(book).exists()
    monkeypatch.undo()
    ok("standings", book)
    kept = [v.read_bytes() for v in kept_versions(book)]
    monkeypatch.setattr(os, "replace", full)
    refused(book, ["standings", book], line)
    assert [v.read_bytes() for v in kept_versions(book)] == kept


def test_a_killed_runs_partial_version_is_cleaned(book: Path) -> None:
    ok("standings", book)
    partial, theirs = versions_folder(book) / ".2.tmp", versions_folder(book) / "notes.txt"
    for path in (partial, theirs):
        path.write_text("half")
    ok("standings", book)
    assert not partial.exists() and theirs.exists()
    assert [p.name for p in sorted(versions_folder(book).iterdir())] == ["0001.xlsx", "0002.xlsx", "notes.txt"]


@settings(max_examples=60, deadline=None)
@given(steps=st.lists(st.one_of(st.tuples(st.sampled_from(["save", "edit"]), st.none()),
                                st.tuples(st.just("undo"), st.none() | st.integers(1, 12))), max_size=25))
def test_any_saves_edits_and_undos_lose_no_version(steps: list[tuple[str, int | None]]) -> None:
    """Whatever a referee does, each workbook a save or an undo replaced is kept, newest first, up to
    KEEP_VERSIONS of them; an undo puts back exactly the version asked for, and one refused changes nothing."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.xlsx"
        path.write_bytes(b"typed")
        replaced: list[bytes] = []
        for number, (step, to) in enumerate(steps):
            before = path.read_bytes()
            kept = [v.read_bytes() for v in kept_versions(path)]
            if step == "edit":
                path.write_bytes(b"edited %d" % number)
                continue
            if step == "save":
                replace(path, lambda temporary, n=number: Path(temporary).write_bytes(b"saved %d" % n))
            else:
                try:
                    chosen = undo(path, to)[0]
                except ForsxlError:
                    assert path.read_bytes() == before
                    assert [v.read_bytes() for v in kept_versions(path)] == kept
                    continue
                assert path.read_bytes() == kept[chosen.number - 1]
                assert to is None or to == chosen.number
            replaced.insert(0, before)
            assert [v.read_bytes() for v in kept_versions(path)][:KEEP_VERSIONS] == replaced[:KEEP_VERSIONS]
            assert (path.parent / "club.bak.xlsx").read_bytes() == before
