"""What the benchmarks share: a seeded player field, simulated results, a workbook played with them, timing and a
plain table printer."""

from __future__ import annotations

import hashlib
import os
import platform
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import forsxl
from forsxl.engine.config import Config
from forsxl.engine.groups import group_rules
from forsxl.engine.model import Game, PlayerId, Result
from forsxl.engine.probability import compensation, simulate_result
from forsxl.engine.values import Lang

SEED = 20261129


def ratings(count: int, rng: random.Random) -> list[int]:
    """Ratings spread like an open European field: a broad kyu body around 1.7k-ish, a dan tail, a few beginners.

    Three normal components, clipped to 100..2750 (EGF scale), strongest first.
    """
    values = []
    for _ in range(count):
        pick = rng.random()
        if pick < 0.15:
            value = rng.gauss(2250, 200)  # dans
        elif pick < 0.85:
            value = rng.gauss(1600, 350)  # the kyu body
        else:
            value = rng.gauss(700, 300)  # beginners
        values.append(max(100, min(2750, round(value))))
    return sorted(values, reverse=True)


def field(count: int, seed: int = SEED, team_size: int = 0) -> list[dict[str, Any]]:
    """`count` players as Players-sheet rows (name, rating, club, team), strongest first, reproducible from `seed`.

    With `team_size`, consecutive players by rating form a team: the worst case for neighbour pairing,
    since a player's nearest neighbours in the ranking are then often their team-mates.
    """
    rng = random.Random(seed)
    rows = []
    for i, rating in enumerate(ratings(count, rng)):
        row: dict[str, Any] = {"name": f"Player {i + 1:04d}", "rating": rating, "club": f"Club {rng.randrange(60):02d}"}
        if team_size:
            row["team"] = f"Team {i // team_size + 1:03d}"
        rows.append(row)
    return rows


def simulated(
    config: Config, rating: Mapping[PlayerId, int], games: Sequence[Game], rng: random.Random
) -> dict[int, Result]:
    """A result per board, drawn with the R10 win probability (as `forsxl demo` does)."""
    results = {}
    for game in games:
        kind = group_rules(game.group, config.groups).steps
        compensated = compensation(game.steps, kind)
        results[game.board] = simulate_result(rating[game.white], rating[game.black], compensated, rng)
    return results


def played_workbook(path: Path, players: int, played: int, rounds: int, lang: Lang, name: str, tag: str,
                    say: Callable[[str], None] | None = None, preset: str = "fors-club") -> None:
    """A workbook of `preset` at `path` made with forsxl's own book code as a tournament would make it: `new_workbook`
    with `rounds` in its Config, the `field` of `players` typed in, then `played` rounds of load -> `pair_into` ->
    `type_results` (simulated R10 results, seeded by `tag`) -> `finish`; `say` told each round built."""
    from forsxl.app.workflow import finish, pair_into
    from forsxl.book.describe import describe
    from forsxl.book.layout import NEW_PLAYER_COLUMNS
    from forsxl.book.read import load
    from forsxl.book.save import save
    from forsxl.book.write import new_workbook, type_players, type_results

    rows = [("name", name), ("date", ""), ("place", ""), ("preset", preset), ("rounds", rounds),
            ("lang", lang.value)]
    workbook = new_workbook(rows, lang, NEW_PLAYER_COLUMNS)
    type_players(workbook, lang, field(players))
    save(describe(workbook, None, "new", ""), path)
    rng = random.Random(f"{SEED}|{tag}")
    for number in range(1, played + 1):
        book = load(path)
        rnd, changes = pair_into(book)
        rating = {p.id: p.rating for p in book.tournament.players}
        type_results(book, number, simulated(book.tournament.config, rating, rnd.games, rng))
        finish(book, "pair", changes)
        if say is not None:
            say(f"built round {number}: {changes.split(';')[0]}")


def measure(run: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None) -> list[float]:
    """Wall-clock seconds of `repeat` calls of `run`, each after an untimed `setup`."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return times


def fmt(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def spread(times: Sequence[float]) -> tuple[str, str, str]:
    """(median, min, max) formatted."""
    return fmt(statistics.median(times)), fmt(min(times)), fmt(max(times))


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A plain-text table, first column left-aligned, the others right-aligned."""
    cells = [[str(h) for h in headers], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True)))

    return "\n".join([line(cells[0]), "  ".join("-" * w for w in widths), *[line(r) for r in cells[1:]]])


def machine() -> str:
    """The machine, the interpreter, and a digest of forsxl's sources (to tell which code a result came from)."""
    digest = hashlib.sha256()
    package = Path(forsxl.__file__).parent
    for source in sorted(package.rglob("*.py")):
        digest.update(source.relative_to(package).as_posix().encode() + b"\0" + source.read_bytes())
    return (f"python {platform.python_version()} ({sys.implementation.name}), {platform.machine()}, "
            f"{os.cpu_count()} CPUs, {platform.system()} {platform.release()}; "
            f"forsxl {forsxl.__version__} sources sha256 {digest.hexdigest()[:12]}")


@contextmanager
def timers(patches: Sequence[tuple[Any, str, str]]) -> Iterator[dict[str, float]]:
    """Seconds spent in each (owner, attribute, label), by wrapping the attributes for the duration (restored after)."""
    spent: dict[str, float] = defaultdict(float)

    def timed(fn: Callable[..., Any], key: str) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[key] += time.perf_counter() - start

        return wrapper

    originals = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
    for owner, name, key in patches:
        setattr(owner, name, timed(getattr(owner, name), key))
    try:
        yield spent
    finally:
        for owner, name, original in originals:
            setattr(owner, name, original)
