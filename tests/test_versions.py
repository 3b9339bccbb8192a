"""Undo (issue 31): every save keeps the workbook it replaces as a version, `forsxl history` lists them with the
command that made each, and `forsxl undo` puts one back whole, keeping the one it replaces in turn."""

from __future__ import annotations

import codecs
import functools
import io
import multiprocessing
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterator
from datetime import datetime
from multiprocessing.connection import Connection
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import invoke, ok, problems, refused, type_results, type_rows

from forsxl.book import kept as keeping
from forsxl.book.kept import KEEP_VERSIONS, MORE_VERSIONS, kept_versions, versions_folder
from forsxl.book.read import load
from forsxl.book.save import replace
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
    assert listed(book)[1] == f"   now  T  damaged: {book} is not an .xlsx workbook (not a zip archive)"
    ok("undo", book)
    assert book.read_bytes() == first
    assert [v.read_bytes() for v in kept_versions(book)] == [b"junk", first]
    book.unlink()
    junk = versions_folder(book) / "0002.xlsx"
    assert listed(book)[1] == f"     1  T  damaged: {junk} is not an .xlsx workbook (not a zip archive)"
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
    monkeypatch.setattr(keeping, "VERSIONS_BYTES", 1)
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
    assert [p.name for p in sorted(versions_folder(book).iterdir())] == ["0001.xlsx", "0002.xlsx", "notes.txt",
                                                                         "undo.json"]


def zipped(parts: dict[str, bytes]) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, part in parts.items():
            archive.writestr(name, part)
    return data.getvalue()


DAMAGES = {
    "garbage": lambda good, version: version.write_bytes(b"\x00junk" * 100),
    "truncated": lambda good, version: version.write_bytes(good[: len(good) // 2]),
    "empty": lambda good, version: version.write_bytes(b""),
    "bomb": lambda good, version: version.write_bytes(zipped({"xl/workbook.xml": b"<workbook/>",
                                                              "xl/worksheets/sheet1.xml": bytes(5 * 2**20)})),
    "link": lambda good, version: version.symlink_to("/etc/passwd"),
    "folder": lambda good, version: version.mkdir(),
}
"""Issue 39's kinds of damage, each made of a kept version: garbage, cut short, 0 bytes, a zip bomb, a link to a
file of the system's, a folder of a version's name."""


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_version_is_named_skipped_and_never_put_back(book: Path, damage: str) -> None:
    """Issue 39: with the version undo would put back damaged, `undo` said «version 1 ... is put back» and left an
    unreadable workbook (or a copy of /etc/passwd), and a folder of a version's name was a traceback. Each version is
    read and checked as any workbook before it is listed or put back: `history` names it damaged, `undo` skips it
    with a line for the next sound one, and `--to` it is refused, naming the next sound one."""
    first = book.read_bytes()
    ok("standings", book)
    ok("pair", book)  # kept 0002.xlsx, the workbook standings saved: the one undo puts back
    version = versions_folder(book) / "0002.xlsx"
    good = version.read_bytes()
    version.unlink()
    DAMAGES[damage](good, version)
    passwd = Path("/etc/passwd").read_bytes()
    said = listed(book)
    assert said[2].startswith(f"     1  T  damaged: {version} ") and said[3] == "     2  T  pair (round 1: 10 boards)"
    refused(book, ["undo", book, "--to", 1], f"{book}: version 1 is damaged and is not put back (forsxl history "
                                             f"{book} says why); forsxl undo {book} --to 2 puts back the next sound "
                                             "one")
    lines = timeless(ok("undo", book).stdout).splitlines()
    assert lines[0].startswith(f"{book}: version 1 (saved T) is damaged and is skipped: {version} ") and len(lines) == 2
    assert lines[1].startswith(f"{book}: version 2 (saved T: pair (round 1: 10 boards)) is put back")
    assert book.read_bytes() == first
    assert Path("/etc/passwd").read_bytes() == passwd and (version.is_symlink() or version.exists())
    ok("pair", book)  # and saves go on beside it
    assert problems(ok("standings", book)) == []


def test_an_undo_after_an_edit_after_an_undo_takes_back_the_edit(book: Path) -> None:
    """Issue 39: after `pair` and `undo`, a name typed into Players and saved, the next `undo` put the undone round
    back and the typed name left the workbook. As in an editor, an edit made after an undo is what the next undo takes
    back; the typing is kept as a version, named, and `history` marks what the undos left aside."""
    before = book.read_bytes()
    ok("pair", book)
    ok("undo", book)
    assert book.read_bytes() == before
    type_rows(book, "Players", [{"Name": "Young", "Rating": 1500}])
    typed = book.read_bytes()
    assert timeless(ok("undo", book).stdout).startswith(f"{book}: version 2 (saved T: pair (round 1: 10 boards)) "
                                                        "is put back")
    assert book.read_bytes() == before
    assert kept_versions(book)[0].read_bytes() == typed
    said = listed(book)
    typing = said.pop(2)  # `changed after pair of 10:15 (...)` when typed a minute or more after the pairing
    assert typing.startswith("     1~ T  ") and typing.endswith(
        "(round 1: 10 boards); typed on version 3, which an undo had put back; taken back by an undo")
    assert said[1:] == [
        "   now  T  pair (round 1: 10 boards); the same as version 3",
        "     2~ T  pair (round 2: 10 boards); taken back by an undo",
        "     3  T  pair (round 1: 10 boards)",
        "~ off the line undo goes back along: an undo left it aside; --to N puts it back"]
    refused(book, ["undo", book], f"{book} is the oldest version kept already (version 3); forsxl history {book} "
                                  "lists them")
    ok("undo", book, "--to", 1)  # the typing is one --to away
    assert book.read_bytes() == typed


def created(path: Path, when: str) -> None:
    """Give the workbook at `path` the creation time `when`, as its docProps/core.xml records it."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts["docProps/core.xml"] = re.sub(rb"(<dcterms:created[^>]*>)[^<]*", rb"\g<1>" + when.encode(),
                                        parts["docProps/core.xml"])
    path.write_bytes(zipped(parts))


def test_a_new_tournament_under_an_old_name_starts_its_own_history(book: Path) -> None:
    """Issue 39: the versions belonged to a file name, so a new tournament saved as club.xlsx after the old one was
    deleted inherited the old one's versions, and `undo` put the old tournament back. A workbook's versions are its
    tournament's, told by when the workbook was first created (docs/workbook.md)."""
    created(book, "2026-10-31T10:00:00Z")  # last month's tournament
    ok("standings", book)
    ok("pair", book)
    book.unlink()
    ok("new", book)
    assert listed(book) == [f"{book}: no earlier version kept yet (forsxl keeps one each time it saves the workbook)",
                            "(and 2 versions of another workbook once saved under this name, which undo never puts "
                            "back)"]
    refused(book, ["undo", book], f"{book}: no earlier version is kept to put back (forsxl keeps one each time it "
                                  "saves the workbook)")
    fresh = book.read_bytes()
    type_rows(book, "Players", [{"Name": name, "Rating": 1500 + 10 * n} for n, name in enumerate("ABCD")])
    typed = book.read_bytes()
    ok("pair", book)
    assert listed(book)[0].startswith(f"{book}: 1 earlier version kept") and len(kept_versions(book)) == 3
    assert listed(book)[3] == "     1  T  new (created with preset fors-club)"  # `new` wrote its Log's first row
    ok("undo", book)
    assert book.read_bytes() == typed != fresh
    refused(book, ["undo", book, "--to", 3], f"{book} has no version 3: versions 1 to 2 are kept (forsxl history "
                                             f"{book})")


def test_a_versions_folder_in_the_way_never_blocks_a_save(book: Path) -> None:
    """Issue 39: a plain file where the versions folder belongs failed every save with «could not be saved», blamed
    on the workbook. The workbook is saved, the one it replaced kept as club.bak.xlsx, and a warning names the folder
    (docs/workbook.md says why a save goes on)."""
    folder = versions_folder(book)
    folder.write_text("someone's notes")
    before = book.read_bytes()
    result = ok("standings", book)
    assert problems(result) == [f"warning: the versions of {book} in {folder.name} cannot be written (a file has its "
                                "name): the workbook is saved without a new version, and club.bak.xlsx keeps the one "
                                f"it replaced; make {folder.name} a folder you can write, or move it away"]
    assert book.read_bytes() != before and (book.parent / "club.bak.xlsx").read_bytes() == before
    assert folder.read_text() == "someone's notes"
    refused(book, ["history", book], f"the versions of {book} in {folder.name} cannot be read (Not a directory): make "
                                     f"{folder.name} a folder you can read, or move it away")


@functools.cache
def someone_else() -> tuple[int, int] | None:
    """The uid and gid of a user who is not root, to run forsxl as; None when there is none to be had."""
    if os.geteuid() != 0:
        return os.getuid(), os.getgid()
    try:
        found = pwd.getpwnam("nobody")
    except KeyError:
        try:
            subprocess.run(["useradd", "--system", "--no-create-home", "forsxl-test"], check=True,
                           capture_output=True)
            found = pwd.getpwnam("forsxl-test")
        except (OSError, subprocess.CalledProcessError, KeyError):
            return None
    return found.pw_uid, found.pw_gid


def as_someone_else(*args: object) -> tuple[int, str]:
    """A command's exit code and stderr, run as `someone_else` (CI runs as root, for whom no permission is ever
    denied): in a fresh interpreter started as root, as the one running the tests may live in root's home, which then
    gives up root before it runs the command (a fork of this threaded process could deadlock)."""
    user = someone_else()
    assert user is not None
    if os.geteuid() != 0:
        result = invoke(*args)
        return result.exit_code, result.stderr
    context = multiprocessing.get_context("spawn")
    ours, child_end = context.Pipe(duplex=False)
    child = context.Process(target=_run_as, args=(user, args, child_end))
    child.start()
    child_end.close()
    code, stderr = ours.recv()
    child.join()
    return code, stderr


def _run_as(user: tuple[int, int], args: tuple[object, ...], answer: Connection) -> None:
    codecs.lookup("cp437")  # zipfile's, looked up late: once root is given up, the standard library may be unreadable
    os.setgroups([])
    os.setgid(user[1])
    os.setuid(user[0])
    result = invoke(*args)
    answer.send((result.exit_code, result.stderr))


@pytest.fixture
def theirs(played_book: Path) -> Iterator[Path]:
    """conftest's played workbook in a folder of its own that belongs to `someone_else`, as a referee's does."""
    user = someone_else()
    if user is None:
        pytest.skip("no user but root to run forsxl as (no nobody, and useradd failed)")
    folder = Path(tempfile.mkdtemp(prefix="forsxl-theirs-"))
    path = folder / "club.xlsx"
    shutil.copy2(played_book, path)
    for owned in (folder, path):
        os.chown(owned, *user)
    yield path
    shutil.rmtree(folder)


@pytest.mark.parametrize("fault", ["read-only", "root's"])
def test_a_versions_folder_that_cannot_be_written_never_blocks_a_save(theirs: Path, fault: str) -> None:
    """Issue 39: a versions folder left read-only, or owned by root after one `sudo forsxl pair`, failed every save
    with «club.xlsx could not be saved (Permission denied); the workbook is as it was». Run as a user who is not
    root: the workbook is saved, the one it replaced kept as club.bak.xlsx, and a warning names the folder."""
    folder = versions_folder(theirs)
    if fault == "root's":
        assert invoke("standings", theirs).exit_code == 0  # as root, as `sudo` would: the folder is root's
        assert folder.stat().st_uid == 0
        user = someone_else()
        assert user is not None
        os.chown(theirs, *user)
    else:
        code, _ = as_someone_else("standings", theirs)
        assert code == 0
        folder.chmod(0o555)
    kept = [v.read_bytes() for v in kept_versions(theirs)]
    before = theirs.read_bytes()
    code, said = as_someone_else("pair", theirs)
    assert code == 0, said
    assert said.splitlines()[-1] == (
        f"warning: the versions of {theirs} in {folder.name} cannot be written (Permission denied): the workbook is "
        f"saved without a new version, and club.bak.xlsx keeps the one it replaced; make {folder.name} a folder you "
        "can write, or move it away")
    assert len(load(theirs).tournament.rounds) == 2
    assert (theirs.parent / "club.bak.xlsx").read_bytes() == before
    assert [v.read_bytes() for v in kept_versions(theirs)] == kept
    folder.chmod(0o700)
    os.chown(folder, 0, 0)  # and one that cannot be read at all is named by history and undo
    for command in ("history", "undo"):
        code, said = as_someone_else(command, theirs)
        assert (code, said) == (1, f"the versions of {theirs} in {folder.name} cannot be read (Permission denied): "
                                   f"make {folder.name} a folder you can read, or move it away\n")


@functools.cache
def states() -> list[bytes]:
    """Small workbooks of one tournament (one creation time), each with a cell of its own: the states of the
    property test below, every one a workbook forsxl reads, as each version is checked before it is put back."""
    made = []
    for number in range(60):
        workbook = openpyxl.Workbook()
        workbook.properties.created = datetime(2026, 11, 28, 10, 0, 0)
        workbook.active["A1"] = number
        data = io.BytesIO()
        workbook.save(data)
        made.append(data.getvalue())
    return made


@settings(max_examples=60)
@given(steps=st.lists(st.one_of(st.tuples(st.sampled_from(["save", "edit"]), st.none()),
                                st.tuples(st.just("undo"), st.none() | st.integers(1, 12))), max_size=25))
def test_any_saves_edits_and_undos_lose_no_version(steps: list[tuple[str, int | None]]) -> None:
    """Whatever a referee does, each workbook a save or an undo replaced is kept, newest first, up to
    KEEP_VERSIONS of them; an undo puts back exactly the version asked for, and one refused changes nothing. As in an
    editor (issue 39), undo right after a save puts back the workbook the save replaced, and undo after edits that
    followed an undo puts back the workbook that undo had put back: the edits are what it takes back."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.xlsx"
        path.write_bytes(states()[0])
        replaced: list[bytes] = []
        last: tuple[str, bytes] | None = None
        """What the last undo put back, or the workbook the last save replaced (None after a refused undo)."""
        for number, (step, to) in enumerate(steps):
            before = path.read_bytes()
            kept = [v.read_bytes() for v in kept_versions(path)]
            if step == "edit":
                path.write_bytes(states()[2 * number + 1])
                last = ("typed", last[1]) if last is not None and last[0] in ("undone", "typed") else None
                continue
            if step == "save":
                replace(path, lambda temporary, n=number: Path(temporary).write_bytes(states()[2 * n + 2]))
                last = ("saved", before)
            else:
                try:
                    chosen, skipped = undo(path, to)
                except ForsxlError:
                    assert path.read_bytes() == before
                    assert [v.read_bytes() for v in kept_versions(path)] == kept
                    continue
                assert path.read_bytes() == kept[chosen.number - 1] and not skipped
                assert to is None or to == chosen.number
                if to is None and last is not None and last[0] in ("saved", "typed"):
                    assert path.read_bytes() == last[1]
                last = ("undone", path.read_bytes())
            replaced.insert(0, before)
            assert [v.read_bytes() for v in kept_versions(path)][:KEEP_VERSIONS] == replaced[:KEEP_VERSIONS]
            assert (path.parent / "club.bak.xlsx").read_bytes() == before
