"""Every command's output on the demo books, recorded (issue 44: a move must change none of it).

`SCENARIOS` make a demo book (`forsxl demo`, a preset, a language, some rounds played) and run every command on it in
this process, as a referee would: check, config, regulation, explain, history, standings, pair, print, publish (a
page and a site), export in every format, simulate, tune, stage, import, merge, undo, presets. `outputs` returns
what they said and wrote, each as text under its own name: what a command printed (stdout and stderr, as the terminal
shows them), every cell of the workbook after each command that changed it, each file it wrote (HTML, CSV, .h9,
OpenGotha XML, a results .xlsx's cells). The clock, and every file's time, stand at saves.NOW; the folder is the
current one.

`python tests/outputs.py` writes tests/outputs.json, the digest of each output, which tests/test_outputs.py holds the
commands to (docs/development.md, "Keeping tests/outputs.json"). Run it again (for some scenarios: name them) only
for a change meant to change what forsxl says or writes, after reading the new outputs
(`python tests/outputs.py --show SCENARIO` prints them), and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

import forsxl

HERE = Path(__file__).resolve().parent
DIGESTS = HERE / "outputs.json"

CLOCKED = re.compile(r"\b\d+ (s|с)\b")
"""Seconds a command took (tune's `3558 played in 3 s, 3 s of CPU`): the machine's, not forsxl's output."""


def steady(text: str) -> str:
    """The output without what changes with no change to forsxl's code: the seconds a command took, and forsxl's
    version (the pages' footer, the Log), which a release raises."""
    return CLOCKED.sub(r"N \1", text).replace(forsxl.__version__, "VERSION")

Outputs = dict[str, str]
"""Each output's name (`3 pair: said`, `3 pair: club.xlsx`, `9 publish: site/index.html`) and its text."""


def cells(path: Path) -> str:
    """Every sheet of a workbook, every non-empty cell as `A1 value!r`, row by row: what a referee sees in it."""
    book = openpyxl.load_workbook(path)
    lines = []
    for sheet in book.worksheets:
        lines.append(f"[{sheet.title}]")
        lines += [f"{cell.coordinate} {cell.value!r}" for row in sheet.iter_rows() for cell in row
                  if cell.value is not None]
    return "\n".join(lines)


def _text(path: Path) -> str:
    if path.suffix == ".xlsx":
        return cells(path)
    if path.suffix == ".pdf":
        raise AssertionError(f"{path}: a PDF is Chromium's printing, not forsxl's output")
    return path.read_text(encoding="utf-8")


def _files(folder: Path) -> dict[Path, bytes]:
    """Every file under `folder` but the versions forsxl keeps (history's output says them) and the book's backup."""
    return {path.relative_to(folder): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and not path.parent.name.endswith(".versions") and ".bak." not in path.name}


Step = tuple[object, ...]
"""A command's arguments, `BOOK` standing for the demo's workbook."""


def _steps(rounds_left: bool, tune: bool) -> list[Step]:
    steps: list[Step] = [
        ("check", "BOOK"), ("config", "BOOK"), ("regulation", "BOOK"), ("regulation", "BOOK", "-o", "reg.html"),
        ("explain", "BOOK"), ("explain", "BOOK", "--round", "1"), ("explain", "BOOK", "--player", "1", "--than", "2"),
        ("history", "BOOK"), ("stage", "BOOK"), ("print", "BOOK", "-o", "slips.html"),
        ("print", "BOOK", "-o", "slips.xlsx"), ("publish", "BOOK", "-o", "page.html"),
        ("publish", "BOOK", "-o", "site"),
        ("export", "BOOK", "--format", "egf", "-o", "club.h9"), ("export", "BOOK", "--format", "opengotha", "-o",
                                                                 "club.xml"),
        ("export", "BOOK", "--format", "csv", "-o", "club.csv"), ("export", "BOOK", "--format", "xlsx", "-o",
                                                                  "results.xlsx"),
        ("simulate", "BOOK", "--runs", "4", "--seed", "7", "--workers", "1", "-o", "simulate.html"),
        ("standings", "BOOK"),
    ]
    if tune:
        steps.append(("tune", "BOOK", "--seed", "3", "--candidates", "2", "--runs", "2", "--finalists", "1", "--rounds",
                      "2", "--workers", "1", "-o", "tuned.yaml", "--page", "tune.html"))
    if rounds_left:
        steps += [("pair", "BOOK"), ("explain", "BOOK", "--round", "LAST"),
                  ("pair", "BOOK", "--round", "LAST", "--force"), ("print", "BOOK", "-o", "slips-next.html")]
    steps += [("import", "BOOK", "more.csv"), ("merge", "BOOK", "copy.xlsx", "-o", "merged.xlsx"), ("undo", "BOOK"),
              ("undo", "BOOK", "--to", "3"), ("history", "BOOK"), ("check", "BOOK"), ("presets",)]
    return steps


def _demo(preset: str, lang: str, played: int | None, tune: bool = True) -> Callable[[Path], Outputs]:
    def run(folder: Path) -> Outputs:
        from saves import NOW
        from test_cli import invoke

        outputs: Outputs = {}
        seen: dict[Path, bytes] = {}

        def step(number: int, args: Step) -> None:
            for path in folder.rglob("*"):  # history says when each version was saved: its file's time
                os.utime(path, (NOW.timestamp(), NOW.timestamp()))
            result = invoke(*args)
            name = f"{number} {' '.join(map(str, args))}"
            outputs[f"{name}: exit"] = str(result.exit_code)
            outputs[f"{name}: said"] = steady(result.output)
            for path, data in _files(folder).items():
                if seen.get(path) != data:
                    outputs[f"{name}: {path.as_posix()}"] = steady(_text(folder / path))
            seen.clear()
            seen.update(_files(folder))

        step(0, ("demo", ".", "--preset", preset, "--lang", lang, *(() if played is None else ("--played", played))))
        book = folder / "club.xlsx"
        assert book.exists(), outputs
        (folder / "copy.xlsx").write_bytes(book.read_bytes())
        (folder / "more.csv").write_text("Name;Rating\n=Новиков;1850\nИванова Анна;1900\n", encoding="utf-8")
        seen.update(_files(folder))
        rounds = openpyxl.load_workbook(book).sheetnames
        last = str(sum(1 for title in rounds if title.split("-")[0] in ("Round", "Тур")))
        left = played is not None
        for number, args in enumerate(_steps(left, tune), 1):
            step(number, tuple({"BOOK": "club.xlsx", "LAST": str(int(last) + 1)}.get(str(a), a) for a in args))
        return outputs

    return run


SCENARIOS: dict[str, Callable[[Path], Outputs]] = {
    "fors-club ru": _demo("fors-club", "ru", None),
    "fors-club en 2": _demo("fors-club", "en", 2),
    "mcmahon en 3": _demo("mcmahon", "en", 3),
    "swiss ru 2": _demo("swiss", "ru", 2),
    "fors-m en 4": _demo("fors-m", "en", 4),
    "lg-cup-team ru 2": _demo("lg-cup-team", "ru", 2),
    "serp en": _demo("serp", "en", None, tune=False),  # tune plays Serp's whole schedule: two minutes
}


def outputs(name: str, folder: Path) -> Outputs:
    """What scenario `name` says and writes, run in `folder` with the clock stopped at saves.NOW."""
    from saves import recording

    with pytest.MonkeyPatch.context() as monkeypatch, recording(monkeypatch):
        monkeypatch.chdir(folder)
        return SCENARIOS[name](folder)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    """`python tests/outputs.py [SCENARIO ...]`: their digests written into DIGESTS (default: every scenario);
    `--show SCENARIO`: its outputs printed, each under its name."""
    import tempfile

    sys.path.insert(0, str(HERE))
    import conftest  # noqa: F401  (typer's command built once, as the tests build it)

    args = sys.argv[1:]
    if args[:1] == ["--show"]:
        with tempfile.TemporaryDirectory() as folder:
            for name, text in outputs(args[1], Path(folder)).items():
                print(f"===== {name}\n{text}")
        return
    found = json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}
    for name in args or SCENARIOS:
        with tempfile.TemporaryDirectory() as folder:
            found[name] = {key: digest(text) for key, text in outputs(name, Path(folder)).items()}
        print(f"{name}: {len(found[name])} outputs", flush=True)
    DIGESTS.write_text(json.dumps(found, indent=0, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
