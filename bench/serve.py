"""A pairing and a standings of 120 players through the warm process (`forsxl serve`, describing the change instead of
saving it, as the Calc menu asks) against the same `forsxl` command in a terminal (issue 38, item 6).

    python bench/serve.py              # 10 of each, interleaved
    python bench/serve.py --repeat 5

The workbook: 120 players of the fors-club preset after 3 rounds with simulated results (R10), made with forsxl's own
book code and cached under bench/.cache/. Each measurement starts from a fresh copy of it, as the Calc menu stores a
fresh copy of the document for each click:
  (t) `forsxl pair copy.xlsx` / `forsxl standings copy.xlsx` as a subprocess: start, imports, read, compute, save;
  (w) the same request to one `forsxl serve` started before the first measurement, from writing the request line to
      reading its answer: read, compute and the edits as JSON, no save.
The serve process's own start (Python, imports, `api.warm`) is measured apart: the Calc menu pays it once a session.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

from benchlib import SEED, fmt, machine, played_workbook, spread, table

import forsxl
from forsxl.engine.values import Lang

PLAYERS, PLAYED = 120, 3
CACHE = Path(__file__).resolve().parent / ".cache"


def cached_path() -> Path:
    return CACHE / f"serve-{PLAYERS}x{PLAYED}-seed{SEED}-forsxl{forsxl.__version__}.xlsx"


def build(path: Path) -> None:
    """The workbook, round by round, as referees would make it."""
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE) as scratch:
        work = Path(scratch) / "club.xlsx"
        played_workbook(work, PLAYERS, PLAYED, PLAYED + 2, Lang.RU, f"Serve {PLAYERS}", "serve")
        shutil.move(work, path)


def forsxl_command() -> list[str]:
    """The `forsxl` script of this interpreter (not a pyenv shim, whose own start-up is not forsxl's)."""
    script = Path(sys.executable).parent / "forsxl"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "forsxl"]


def fresh(source: Path, folder: Path, name: str) -> Path:
    copy = folder / name
    shutil.copy2(source, copy)
    return copy


def terminal(source: Path, folder: Path, command: str) -> float:
    copy = fresh(source, folder, "terminal.xlsx")
    start = time.perf_counter()
    done = subprocess.run([*forsxl_command(), command, str(copy)], capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"forsxl {command} failed: {done.stderr}")
    return elapsed


def warm(source: Path, folder: Path, command: str, requests: IO[bytes], answers: IO[bytes]) -> float:
    copy = fresh(source, folder, "копия.xlsx")
    line = json.dumps({"id": command, "command": command, "book": str(copy), "describe": True}, ensure_ascii=False)
    start = time.perf_counter()
    requests.write(line.encode() + b"\n")
    requests.flush()
    answer = json.loads(answers.readline())
    elapsed = time.perf_counter() - start
    if answer["code"] != 0 or answer["edits"] is None:
        raise SystemExit(f"serve {command} failed: {answer['err']}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="measurements of each (the median is reported)")
    args = parser.parse_args()
    print(machine())
    path = cached_path()
    if not path.exists():
        print(f"building {path.name} ...", flush=True)
        build(path)
    with tempfile.TemporaryDirectory(dir=CACHE) as scratch:
        folder = Path(scratch)
        start = time.perf_counter()
        server = subprocess.Popen([*forsxl_command(), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert server.stdin is not None and server.stdout is not None
        ready = warm(path, folder, "standings", server.stdin, server.stdout)  # the first request: start and warm-up
        started = time.perf_counter() - start
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):  # interleaved, so that a noisy neighbour hits both alike
            for command in ("pair", "standings"):
                times.setdefault(("terminal", command), []).append(terminal(path, folder, command))
                times.setdefault(("warm", command), []).append(warm(path, folder, command, server.stdin,
                                                                     server.stdout))
        server.stdin.close()
        server.wait(timeout=60)
    print(f"\n{PLAYERS} players after {PLAYED} rounds; {args.repeat} runs of each (median, min, max)\n")
    rows = [[f"forsxl {command} in a terminal" if way == "terminal" else f"{command} through forsxl serve (edits)",
             *spread(times[(way, command)])] for command in ("pair", "standings") for way in ("terminal", "warm")]
    print(table(["what", "median", "min", "max"], rows))
    print(f"\nforsxl serve started and answered its first request (standings) in {fmt(started)} "
          f"(that request {fmt(ready)} of it)")
    for command in ("pair", "standings"):
        ratio = statistics.median(times[("warm", command)]) / statistics.median(times[("terminal", command)])
        print(f"{command}: the warm process takes {ratio:.2f}x the terminal's time")


if __name__ == "__main__":
    main()
