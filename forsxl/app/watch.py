"""`forsxl publish --watch`: republish whenever the workbook is saved (issue 10), stdlib polling only."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

Stamp = tuple[int, int]


def stamp(path: Path) -> Stamp | None:
    """The file's modification time and size, or None while it is missing (a save that renames)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def watch_file(
    path: Path, republish: Callable[[], None], report: Callable[[str], None], interval: float = 1.0,
    sleep: Callable[[float], None] = time.sleep, polls: int | None = None,
) -> None:
    """Call `republish` at once and after every change of `path`, polling every `interval` seconds.

    A change is acted on once the file has stayed the same for one more poll, so that a save in progress is
    not read half-written. Whatever `republish` raises (a bad or half-saved workbook) is reported and
    watching goes on: `report` gets what it said (empty when it said nothing). Only Ctrl-C (KeyboardInterrupt)
    ends it. `polls` bounds the loop for tests.
    """
    done: Stamp | None = None
    seen = stamp(path)
    count = 0
    while polls is None or count < polls:
        now = stamp(path)
        if now is not None and now != done and now == seen:
            done = now
            try:
                republish()
            except Exception as error:  # anything: a bad or half-saved workbook must not end the watch
                report(str(error))
        seen = now
        count += 1
        sleep(interval)
