"""A whole `forsxl pair` on a 1000-player workbook after 9 rounds, against openpyxl loading and saving it alone.

    python bench/workbook.py              # 5 timed runs of each measurement, interleaved
    python bench/workbook.py --repeat 3
    python bench/workbook.py --rebuild    # rebuild the cached workbook (after changing forsxl's book code)
    python bench/workbook.py --profile    # also cProfile one in-process run

The workbook is made once with forsxl's own book code, as a tournament would make it: `new_workbook`,
`type_players`, then per round load -> `pair_into` -> `type_results` (simulated R10 results) -> `finish`,
and a last `finish` for the standings. It is cached under bench/.cache/ (gitignored).

Measured, each on a fresh copy of the cached workbook:
  (a) openpyxl alone: `openpyxl.load_workbook` + `Workbook.save` of that file, in process;
  (a') the same as a subprocess, `python -c` with interpreter start-up and the import of openpyxl, to set beside (b);
  (b) `forsxl pair copy.xlsx` in a subprocess, which includes interpreter start-up and imports;
  (c) in process, the same steps the `pair` command runs: `load` -> `pair_into` -> `finish`, split into parts.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import openpyxl
from benchlib import SEED, fmt, machine, played_workbook, spread, table, timers

import forsxl
import forsxl.app.workflow as workflow
import forsxl.book.read as read_module
from forsxl.app.workflow import finish, pair_into
from forsxl.book.package import Package
from forsxl.book.read import load
from forsxl.book.save import backup_path
from forsxl.engine.values import Lang

PLAYERS, PLAYED = 1000, 9
CACHE = Path(__file__).resolve().parent / ".cache"


def cached_path() -> Path:
    return CACHE / f"fors-club-{PLAYERS}x{PLAYED}-seed{SEED}-forsxl{forsxl.__version__}.xlsx"


def build(path: Path) -> float:
    """Make the workbook through forsxl's book code, round by round, as the referees would; seconds taken."""
    start = time.perf_counter()
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as scratch:
        work = Path(scratch) / "bench.xlsx"
        played_workbook(work, PLAYERS, PLAYED, PLAYED + 1, Lang.EN, f"Bench {PLAYERS}", "workbook",
                        lambda said: print(f"  {said} ({time.perf_counter() - start:.0f} s)", flush=True))
        book = load(work)
        finish(book, "standings", f"{PLAYED} rounds of results")
        shutil.move(work, path)
    return time.perf_counter() - start


@contextmanager
def fresh_copy(source: Path) -> Iterator[Path]:
    """A copy of the workbook in a scratch directory beside the cache (same disk), removed afterwards; the previous
    measurement's garbage is collected first, so that no in-process measurement pays for another's (openpyxl's
    cells are cycles that only the collector frees)."""
    with tempfile.TemporaryDirectory(dir=CACHE) as scratch:
        copy = Path(scratch) / "club.xlsx"
        shutil.copy2(source, copy)
        gc.collect()
        yield copy


def openpyxl_alone(source: Path) -> dict[str, float]:
    with fresh_copy(source) as copy:
        start = time.perf_counter()
        workbook = openpyxl.load_workbook(copy)
        loaded = time.perf_counter()
        workbook.save(copy.with_name("saved.xlsx"))
        saved = time.perf_counter()
    return {"load": loaded - start, "save": saved - loaded, "total": saved - start}


def forsxl_command() -> list[str]:
    """The `forsxl` script of this interpreter (not a pyenv shim, whose own start-up is not forsxl's)."""
    script = Path(sys.executable).parent / "forsxl"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "forsxl"]


def subprocess_time(args: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return elapsed


OPENPYXL_ALONE = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1]).save(sys.argv[2])"


def openpyxl_subprocess(source: Path) -> float:
    with fresh_copy(source) as copy:
        return subprocess_time([sys.executable, "-c", OPENPYXL_ALONE, str(copy), str(copy.with_name("saved.xlsx"))])


def forsxl_pair_subprocess(source: Path) -> float:
    with fresh_copy(source) as copy:
        return subprocess_time([*forsxl_command(), "pair", str(copy)])


STEPS = (
    # (label, module, attribute): the calls `pair_into` and `finish` make, wrapped where they look them up
    ("load: open_package (openpyxl)", read_module, "open_package"),
    ("engine: pair_round", workflow, "pair_round"),
    ("write: write_round", workflow, "write_round"),
    ("engine: report (standings)", workflow, "make_report"),
    ("write: refresh_rounds", workflow, "refresh_rounds"),
    ("write: write_standings", workflow, "write_standings"),
    ("write: append_log", workflow, "append_log"),
    ("save: describe (the edits)", workflow, "describe"),
    ("save: Package.write (the parts forsxl wrote)", Package, "write"),
    ("save: atomic save, all of it", workflow, "save"),
)


def step_timers() -> AbstractContextManager[dict[str, float]]:
    """Seconds spent in each of STEPS, by wrapping the attributes for the duration (restored after)."""
    return timers([(owner, name, label) for label, owner, name in STEPS])


def in_process(source: Path) -> dict[str, float]:
    """`load` -> `pair_into` -> `finish` on a fresh copy, as `forsxl pair` runs them, with each step's seconds."""
    with fresh_copy(source) as copy, step_timers() as spent:
        start = time.perf_counter()
        book = load(copy)
        loaded = time.perf_counter()
        _rnd, changes = pair_into(book)
        paired = time.perf_counter()
        finish(book, "pair", changes)
        done = time.perf_counter()
        if not backup_path(copy).exists() or "round 10" not in changes:
            raise SystemExit(f"unexpected run: {changes}")
    parts = dict(spent)
    parts["load: reading sheets into a Tournament"] = (loaded - start) - parts["load: open_package (openpyxl)"]
    parts["save: fsync, backup copy, rename"] = parts.pop("save: atomic save, all of it") - parts[
        "save: Package.write (the parts forsxl wrote)"]
    parts["other (pair_into/finish glue)"] = (done - start) - sum(parts.values())
    parts.update({"= load": loaded - start, "= pair_into": paired - loaded, "= finish": done - paired,
                  "= total": done - start})
    return parts


ORDER = (
    "load: open_package (openpyxl)", "load: reading sheets into a Tournament",
    "engine: pair_round", "write: write_round",
    "engine: report (standings)", "write: refresh_rounds", "write: write_standings", "write: append_log",
    "save: describe (the edits)", "save: Package.write (the parts forsxl wrote)", "save: fsync, backup copy, rename",
    "other (pair_into/finish glue)",
    "= load", "= pair_into", "= finish", "= total",
)


def profile_one(source: Path, top: int = 25) -> str:
    profiler = cProfile.Profile()
    with fresh_copy(source) as copy:
        profiler.enable()
        book = load(copy)
        _rnd, changes = pair_into(book)
        finish(book, "pair", changes)
        profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    stats.sort_stats("cumulative").print_stats("forsxl", top)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per measurement (the median is reported)")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the cached workbook")
    parser.add_argument("--profile", action="store_true", help="cProfile one in-process load -> pair_into -> finish")
    args = parser.parse_args()
    print(machine())
    print(f"openpyxl {openpyxl.__version__}")
    path = cached_path()
    if args.rebuild or not path.exists():
        print(f"building {path.name} ({PLAYERS} players, {PLAYED} rounds) ...", flush=True)
        print(f"  built in {fmt(build(path))}")
    workbook = openpyxl.load_workbook(path)
    cells = sum(sheet.max_row * sheet.max_column for sheet in workbook.worksheets)
    print(f"{path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}: "
          f"{path.stat().st_size / 1024:,.0f} KiB, sheets {', '.join(workbook.sheetnames)}; ~{cells:,} cells")
    del workbook

    alone, steps, whole, alone_process = [], [], [], []
    for _ in range(args.repeat):  # interleaved, so that a noisy neighbour on the machine hits all four alike
        alone.append(openpyxl_alone(path))
        steps.append(in_process(path))
        whole.append(forsxl_pair_subprocess(path))
        alone_process.append(openpyxl_subprocess(path))
    python_start = [subprocess_time([sys.executable, "-c", "pass"]) for _ in range(args.repeat)]
    imports = [subprocess_time([sys.executable, "-c", "import forsxl.cli"]) for _ in range(args.repeat)]
    help_start = [subprocess_time([*forsxl_command(), "--help"]) for _ in range(args.repeat)]

    def median(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(run.get(key, 0.0) for run in runs)

    baseline = median(alone, "total")
    print(f"\n(a) openpyxl alone, {args.repeat} runs (median, min, max)\n")
    print(table(["step", "median", "min", "max"],
                [[f"openpyxl {key}", *spread([run[key] for run in alone])] for key in ("load", "save", "total")]))

    total = median(steps, "= total")
    print(f"\n(c) in process: load -> pair_into -> finish, {args.repeat} runs (median per step)\n")
    print(table(["step", "median", "share of total", "min", "max"],
                [[key, fmt(median(steps, key)), f"{median(steps, key) / total:.0%}",
                  *spread([run.get(key, 0.0) for run in steps])[1:]] for key in ORDER]))

    print(f"\n(b) subprocess, {args.repeat} runs (median, min, max); command: {' '.join(forsxl_command())}\n")
    print(table(["command", "median", "min", "max"], [
        ["forsxl pair club.xlsx", *spread(whole)],
        ["python -c 'openpyxl load + save' (a')", *spread(alone_process)],
        ["python -c pass (interpreter start-up)", *spread(python_start)],
        ["python -c 'import forsxl.cli' (start-up + imports)", *spread(imports)],
        ["forsxl --help (start-up + imports + typer)", *spread(help_start)],
    ]))

    engine = median(steps, "engine: pair_round") + median(steps, "engine: report (standings)")
    pair, process = statistics.median(whole), statistics.median(alone_process)
    print("\nSummary (medians)\n")
    print(table(["what", "time", "x openpyxl load + save"], [
        ["openpyxl load + save alone (a)", fmt(baseline), "1.00"],
        ["forsxl in process: load -> pair_into -> finish (c)", fmt(total), f"{total / baseline:.2f}"],
        ["  of which engine (pair_round + standings)", fmt(engine), f"{engine / baseline:.2f}"],
        ["  of which everything but the engine", fmt(total - engine), f"{(total - engine) / baseline:.2f}"],
        ["forsxl pair, whole subprocess (b)", fmt(pair), f"{pair / baseline:.2f}"],
        ["  less start-up + imports + typer (forsxl --help)", fmt(pair - statistics.median(help_start)),
         f"{(pair - statistics.median(help_start)) / baseline:.2f}"],
        ["openpyxl load + save as a subprocess (a')", fmt(process), f"{process / baseline:.2f}"],
        ["forsxl pair (b) against (a'), process for process", "", f"{pair / process:.2f}"],
    ]))
    if args.profile:
        print("\n--- cProfile of one in-process run ---\n" + profile_one(path))


if __name__ == "__main__":
    main()
