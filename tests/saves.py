"""Every writing command on the demo tournaments and the feature workbooks, each file it saves recorded (issue 38).

`SCENARIOS` run forsxl's commands in this process, as a referee's day would: the demo of several presets in both
languages, a club tournament through every command that writes (`new`, `import`, `pair`, `pair --force`,
`pair --recompute`, `standings`, `simulate`, `export --format xlsx`, `merge`, `merge --resolve`, `undo`), a
tournament in stages, an OpenGotha import, an .ods, and the feature workbooks of tests/featurebook.py in each
flavour. `recorded` runs one with the clock stopped and returns each file a save wrote, member by member.

`python tests/saves.py` writes tests/saves.json, the digest of every save, which tests/test_edits.py holds every save
to (docs/development.md, "Keeping tests/saves.json"): first written by forsxl before the edits (issue 38) became the
one path to a file, now by forsxl as it writes. Run it again (for some scenarios: name them) only for a change meant
to change what forsxl writes, after reading the files it now writes, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import warnings
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest

HERE = Path(__file__).resolve().parent
DIGESTS = HERE / "saves.json"
NOW = datetime(2026, 11, 28, 10, 15)
"""The time every Log row of a recorded run says."""
_CORE_TIMES = re.compile(rb"(<dcterms:(created|modified)[^>]*>)[^<]*(</dcterms:\2>)")

Saved = dict[str, bytes]
"""A file a save wrote: each member's name and contents."""


def _members(path: Path) -> Saved:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def digest(saved: Saved) -> str:
    """The sha256 (in part) of a saved file's members, names and contents, in the order of the zip; openpyxl's time
    of writing a new workbook left out of docProps/core.xml."""
    total = hashlib.sha256()
    for name, data in saved.items():
        total.update(hashlib.sha256(name.encode()).digest())
        total.update(hashlib.sha256(_CORE_TIMES.sub(rb"\1\3", data) if name == "docProps/core.xml" else data).digest())
    return total.hexdigest()[:16]


class _Clock(datetime):
    @classmethod
    def now(cls, tz: Any = None) -> _Clock:  # the Log's time is local, without a zone
        return cls(NOW.year, NOW.month, NOW.day, NOW.hour, NOW.minute)


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Saved]]:
    """Each file a save writes, in order, while the clock stands at NOW."""
    import forsxl.app.exchange
    import forsxl.app.workflow
    import forsxl.book.save

    for module in (forsxl.app.workflow, forsxl.app.exchange):
        monkeypatch.setattr(module, "datetime", _Clock)
    saves: list[Saved] = []
    real = forsxl.book.save._replace

    def replace(write: Callable[[str], None], target: Path, *rest: Any) -> Any:
        done = real(write, target, *rest)
        saves.append(_members(target))
        return done

    monkeypatch.setattr(forsxl.book.save, "_replace", replace)
    yield saves


# ------------------------------------------------------------------------------------------------ scenarios


def _ok(*args: object) -> None:
    from test_cli import ok

    ok(*args)


def _demo(preset: str, lang: str) -> Callable[[Path], None]:
    def play(folder: Path) -> None:
        _ok("demo", folder, "--preset", preset, "--lang", lang)

    return play


def _club(folder: Path) -> None:
    """A Russian club tournament through every command that writes."""
    from test_cli import RATING, club_players, new_book, type_results

    def higher_rating_wins(row: dict[str, Any]) -> str:
        return "B+" if RATING[row["Чёрные"]] > RATING[row["Белые"]] else "W+"

    russian = {"Name": "Имя", "Rating": "Рейтинг", "Absent": "Пропуск"}
    path = new_book(folder, [{russian[k]: v for k, v in p.items()} for p in club_players()], "--lang", "ru")
    _ok("pair", path)
    type_results(path, "Тур-1", higher_rating_wins)
    _ok("standings", path)
    _ok("pair", path)
    _ok("pair", path, "--round", "2", "--force")
    _ok("pair", path, "--round", "2", "--board", "1", "--recompute")
    csv = folder / "more.csv"
    csv.write_text("Name;Rating\n=Новиков;1850\nИванова Анна;1900\n", encoding="utf-8")
    _ok("import", path, csv)
    _ok("simulate", path, "--runs", "3", "--seed", "1", "--workers", "1")
    _ok("export", path, "--format", "xlsx", "-o", folder / "results.xlsx")
    copy = folder / "copy.xlsx"
    shutil.copyfile(path, copy)
    type_results(copy, "Тур-2", higher_rating_wins)
    _ok("merge", path, copy, "-o", folder / "merged.xlsx")
    other = folder / "other.xlsx"
    shutil.copyfile(path, other)
    type_results(path, "Тур-2", lambda row: "B+")
    type_results(other, "Тур-2", lambda row: "W+")
    from test_cli import invoke

    assert invoke("merge", path, other, "-o", folder / "stopped.xlsx", "--resolve", folder / "conflicts.xlsx"
                  ).exit_code == 1
    _ok("merge", path, other, "-o", folder / "settled.xlsx", "--prefer", "a")
    _ok("undo", path)


def _festival(folder: Path) -> None:
    """Stages (R7): a qualification, then `stage --next` writes the final's and the rest's rounds."""
    from test_cli import type_results, type_rows

    path = folder / "festival.xlsx"
    _ok("new", path, "--preset", "fors-club")
    book = openpyxl.load_workbook(path)
    book["Config"].append(["stages.plan", "Qualification: fors, 2 rounds; Final: round_robin, top 4, restart | "
                                          "Main: fors, 1 rounds, rest"])
    book.save(path)
    type_rows(path, "Players", [{"Name": f"P{i}", "Rating": 2400 - 50 * i} for i in range(1, 11)])
    for number in (1, 2):
        _ok("pair", path)
        type_results(path, f"Round-{number}", lambda row: "B+" if int(row["Black"][1:]) < int(row["White"][1:])
                     else "W+")
    _ok("stage", path, "--next")


def _gotha(folder: Path) -> None:
    from test_formats import GOTHA_FORFEIT

    xml = folder / "f.xml"
    xml.write_text(GOTHA_FORFEIT, encoding="utf-8")
    _ok("import", folder / "gotha.xlsx", xml, "--lang", "ru")
    _ok("pair", folder / "gotha.xlsx")


def _ods(folder: Path) -> None:
    from test_cli import club_players, new_book
    from test_reliability import write_ods

    path = new_book(folder, club_players())
    ods = folder / "cup.ods"
    write_ods(openpyxl.load_workbook(path), ods)
    _ok("pair", ods)


def _calc_styled(folder: Path) -> None:
    """A club tournament whose first cell style is not the plain one, as LibreOffice Calc saves a workbook (its xf 0
    has an alignment): a row or column of a sheet forsxl writes then carries the plain style as one more."""
    from test_cli import club_players, higher_rating_wins, new_book, type_results

    path = new_book(folder, club_players())
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    styles = parts["xl/styles.xml"]
    first = styles.index(b"<xf ", styles.index(b"<cellXfs"))
    end = styles.index(b"/>", first)
    parts["xl/styles.xml"] = (styles[:end] + b' applyAlignment="1"><alignment horizontal="general" vertical="bottom"/>'
                              b"</xf>" + styles[end + 2:])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    _ok("pair", path)
    type_results(path, "Round-1", higher_rating_wins)
    _ok("standings", path)
    _ok("pair", path)


def _featured(flavor: str) -> Callable[[Path], None]:
    def play(folder: Path) -> None:
        from featurebook import OPENPYXL_DROPS, feature_book
        from test_package import import_then_play_round_1

        path = folder / "club.xlsx"
        feature_book(path, flavor)
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", OPENPYXL_DROPS, UserWarning)  # openpyxl reading the features it drops
            import_then_play_round_1(path, folder)
            _ok("pair", path, "--round", "2")
            _ok("pair", path, "--round", "2", "--force")
            _ok("simulate", path, "--runs", "3", "--seed", "1", "--workers", "1")
            copy = folder / "copy.xlsx"
            shutil.copyfile(path, copy)
            _ok("merge", path, copy, "-o", folder / "merged.xlsx")
        weekly = folder / "weekly.xlsx"
        feature_book(weekly, flavor, config=(("preset", "renju-weekly"), ("name", "Weekly")))
        _ok("schedule", weekly)
        stages = folder / "stages.xlsx"
        feature_book(stages, flavor, config=(("preset", "fors-club"), ("stages.plan", "A: fors, 1 rounds; B: fors, "
                                                                                     "1 rounds")))
        _ok("pair", stages)
        from test_package import play_round

        play_round(stages, 1)
        _ok("stage", stages, "--next")

    return play


SCENARIOS: dict[str, Callable[[Path], None]] = {
    "demo fors-club ru": _demo("fors-club", "ru"),
    "demo fors-m en": _demo("fors-m", "en"),
    "demo lg-cup-team en": _demo("lg-cup-team", "en"),
    "demo serp en": _demo("serp", "en"),
    "demo swiss ru": _demo("swiss", "ru"),
    "demo renju-weekly en": _demo("renju-weekly", "en"),
    "club": _club,
    "festival": _festival,
    "opengotha": _gotha,
    "ods": _ods,
    "calc-styled": _calc_styled,
    **{f"feature book {flavor}": _featured(flavor) for flavor in ("excel", "libreoffice", "sdk")},
}


def recorded(name: str, folder: Path) -> list[Saved]:
    """Each file scenario `name` saves, in order; run in `folder`, with paths relative to it, as the Log keeps what a
    command was told (a .ods's note names the .xlsx it was saved as)."""
    with pytest.MonkeyPatch.context() as monkeypatch, recording(monkeypatch) as saves:
        monkeypatch.chdir(folder)
        SCENARIOS[name](Path())
    return saves


def main() -> None:
    """`python tests/saves.py [SCENARIO ...]`: the digests of those scenarios (default: all) written into DIGESTS."""
    import tempfile

    sys.path.insert(0, str(HERE))
    import conftest  # noqa: F401  (typer's command built once, as the tests build it)

    found = json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}
    for name in sys.argv[1:] or SCENARIOS:
        with tempfile.TemporaryDirectory() as folder:
            found[name] = [digest(saved) for saved in recorded(name, Path(folder))]
        print(f"{name}: {len(found[name])} saves", flush=True)
    DIGESTS.write_text(json.dumps(found, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
