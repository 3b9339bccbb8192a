"""`forsxl simulate`: the runs spread over processes, the variants to compare, and the report's tables (R10).

The engine plays one run (`forsxl.engine.simulate.play`); this module only decides which runs go to which worker
and folds them back in run order, so a seed gives the same report with one worker or many.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import secrets
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, NamedTuple

from forsxl.app.workflow import config_file, config_over, finish, refuse_over_book
from forsxl.book.config import presets
from forsxl.book.layout import sheet_name
from forsxl.book.read import Book
from forsxl.book.simulation import write_simulation
from forsxl.engine.config import Config
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Tournament
from forsxl.engine.simulate import RunOutcome, Settings, Summary, play, run_seed, summarize
from forsxl.engine.system_by_size import finished
from forsxl.engine.values import Lang
from forsxl.i18n import N_, cell_text, fixed, ntr, tr
from forsxl.publish.simulation import render_simulation
from forsxl.publish.site import write_whole


@dataclass(frozen=True)
class Variant:
    """A regulation to simulate: its label (`workbook`, a preset name or a Config file) and its tournament."""

    label: str
    tournament: Tournament


def play_runs(t: Tournament, settings: Settings, seeds: Sequence[str]) -> list[RunOutcome]:
    """One run of `t` under each seed (what a worker does).

    The cyclic garbage collector is off meanwhile: a run's objects go with their reference counts, and its
    collections, which walk every live object, cost a sixth of the time. It runs again between chunks."""
    gc.disable()
    try:
        return [play(t, settings, seed)[1] for seed in seeds]
    finally:
        gc.enable()


def _timed_runs(t: Tournament, settings: Settings, seeds: Sequence[str]) -> tuple[float, list[RunOutcome]]:
    """`play_runs` in a worker, with the CPU seconds they took there."""
    start = time.process_time()
    outcomes = play_runs(t, settings, seeds)
    return time.process_time() - start, outcomes


def available_workers() -> int:
    """The cores this process may use."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def _ignore_interrupt() -> None:
    """Ctrl-C reaches every worker too: only the parent answers it, with one line, not a traceback per worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


Job = tuple[Tournament, Sequence[str]]
"""A tournament and the seeds of the runs to play."""


NO_PROCESSES = N_("worker processes could not be started ({why}): every run is played in this process")


class Runner:
    """Runs spread over worker processes, a pool kept for as many batches as the caller hands it; played in this
    process with one worker, or where processes cannot be started (no /dev/shm, a sandbox): then `failed` says why,
    and the runs are the same.

    `progress(job, runs)` hears each chunk of a batch's job `job` as it ends."""

    def __init__(self, settings: Settings, workers: int, progress: Callable[[int, int], None] = lambda job, runs: None):
        self.settings, self.workers, self.progress = settings, workers, progress
        self.pool: ProcessPoolExecutor | None = None
        self.failed = ""
        self.worker_cpu = 0.0
        """CPU seconds the worker processes took for their runs (runs played here count in this process's time)."""

    def __enter__(self) -> Runner:
        if self.workers > 1:
            # Workers start from a fork server, not a fork of this process: forking a process with threads (a test
            # runner's, a host program's) can deadlock the child, and Python 3.14 makes it the default on Linux too.
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
            try:
                self.pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupt,
                                                mp_context=context)
            except (OSError, NotImplementedError, ImportError) as error:
                self._without_processes(error)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)

    def _without_processes(self, error: BaseException) -> None:
        self.pool = None
        self.failed = str(error) or type(error).__name__


    def run(self, jobs: Sequence[Job]) -> list[list[RunOutcome]]:
        """Every job's runs, in seed order, whatever worker played them."""
        total = sum(len(seeds) for _, seeds in jobs)
        size = max(1, min(10, total // max(1, 8 * self.workers)))  # small: the last chunks keep every worker busy
        chunks = [(k, start, seeds[start:start + size]) for k, (_, seeds) in enumerate(jobs)
                  for start in range(0, len(seeds), size)]
        done: dict[tuple[int, int], list[RunOutcome]] = {}

        def take(key: tuple[int, int], outcomes: list[RunOutcome]) -> None:
            done[key] = outcomes
            self.progress(key[0], len(outcomes))

        if self.pool is not None:
            try:
                futures: dict[Future[tuple[float, list[RunOutcome]]], tuple[int, int]] = {
                    self.pool.submit(_timed_runs, jobs[k][0], self.settings, part): (k, start)
                    for k, start, part in chunks}
                for future in as_completed(futures):
                    seconds, outcomes = future.result()
                    self.worker_cpu += seconds
                    take(futures[future], outcomes)
            except (OSError, NotImplementedError, BrokenProcessPool) as error:  # the rest here, the same runs
                self.pool.shutdown(cancel_futures=True)
                self._without_processes(error)
        for k, start, part in chunks:
            if (k, start) not in done:
                take((k, start), play_runs(jobs[k][0], self.settings, part))
        return [[o for (kk, _), outcomes in sorted(done.items()) if kk == k for o in outcomes]
                for k in range(len(jobs))]


def simulate_variants(
    variants: Sequence[Variant], settings: Settings, runs: int, seed: int, workers: int,
    progress: Callable[[int], None] = lambda done: None, failed: Callable[[str], None] = lambda why: None,
) -> list[Summary]:
    """Every variant played `runs` times, the runs spread over `workers` processes (1: in this process; `failed` hears
    why when processes could not be started, and the runs are played here).

    The first run of each variant is played here first, so that a regulation the engine refuses fails at once with
    its own message. The same run index has the same seed in every variant: the players' true strengths are the
    same, and the variants differ only by their rules.
    """
    seeds = [run_seed(seed, index) for index in range(runs)]
    first = [play_runs(variant.tournament, settings, seeds[:1]) for variant in variants]
    progress(len(variants))
    with Runner(settings, workers, lambda job, done: progress(done)) as runner:
        rest = runner.run([(variant.tournament, seeds[1:]) for variant in variants])
    if runner.failed:
        failed(runner.failed)
    return [summarize(variant.label, variant.tournament, [*head, *tail], settings.prizes)
            for variant, head, tail in zip(variants, first, rest, strict=True)]


EVENT_KEYS = frozenset({"name", "date", "place", "rounds", "lang"})
"""Config keys that describe the event rather than its regulation: a compared preset keeps the workbook's."""


def variant_config(book: Book, spec: str, rounds: int | None = None) -> Config:
    """The Config of a `--compare` variant (R12): a preset with the workbook's keys it does not set itself and the
    event's own keys (rounds, name, ...); or the workbook's Config with the keys of a YAML file (flat dotted keys, as
    in a preset) over it. `rounds` overrides both."""
    known = presets()
    if spec in known:
        keys: dict[str, Any] = {"preset": spec}
        replaced = set(known[spec]) - EVENT_KEYS
    elif Path(spec).is_file():
        keys = config_file(Path(spec))
        replaced = set(keys)
    else:
        raise ForsxlError("R12", "simulate_variant_unknown", name=spec, known=", ".join(known))
    if rounds is not None:
        keys["rounds"] = rounds
    return replace(config_over(book, keys, replaced), name=book.tournament.config.name, lang=book.lang)


def variants(book: Book, compare: Sequence[str], rounds: int | None) -> list[Variant]:
    """The workbook's own regulation first, then each `--compare` variant; `rounds` overrides every one's."""
    t = book.tournament
    own = t if rounds is None else replace(t, config=replace(t.config, rounds=rounds))
    return [Variant(tr(book.lang, "workbook"), own),
            *(Variant(spec, replace(t, config=variant_config(book, spec, rounds))) for spec in compare)]


LABELS: dict[str, str] = {
    "runs": N_("Runs"),
    "seed": N_("Seed"),
    "model": N_("Win probability model"),
    "sigma": N_("Rating noise sigma"),
    "from": N_("Played from"),
    "from_start": N_("round 1"),
    "from_now": N_("round {n} (results so far stand)"),
    "players": N_("Players"),
    "quality": N_("Ranking quality"),
    "fairness": N_("Fairness of the handicap compensation"),
    "no": N_("No"),
    "name": N_("Name"),
    "rating": N_("Rating"),
    "expected": N_("E[place]"),
    "place": N_("P({n})"),
    "metric": N_("Measure"),
    "tau": N_("Kendall tau-b"),
    "spearman": N_("Spearman rho"),
    "strongest": N_("Strongest wins"),
    "top_error": N_("Place error, top 10%"),
    "variant": N_("Variant"),
    "group": N_("Group"),
    "steps": N_("Steps"),
    "per_run": N_("Games/run"),
    "giver": N_("Giver pts"),
    "giver_even": N_("Even"),
    "giver_bias": N_("Giver bias"),
    "taker": N_("Taker pts"),
    "taker_even": N_("Even"),
    "taker_bias": N_("Taker bias"),
    "giver_wins": N_("Giver wins"),
}


def label(key: str, lang: Lang, **params: Any) -> str:
    """The report's word `key` (a msgid of `LABELS`) in `lang`."""
    return tr(lang, LABELS[key], **params)


Cell = str | float | int


class Table(NamedTuple):
    """One table of the report: the terminal, the Simulation sheet and the page show the same cells."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


def _percent(value: float, lang: Lang) -> str:
    return f"{fixed(100 * value, 1, lang)}%"



def report_tables(summaries: Sequence[Summary], lang: Lang) -> list[Table]:
    """Players (expected place and prize chances per variant side by side), ranking quality, fairness."""
    first = summaries[0]
    prizes = len(first.players[0].prizes) if first.players else 0
    several = len(summaries) > 1
    headers = [label("no", lang), label("name", lang), label("rating", lang)]
    for s in summaries:
        suffix = f" {s.label}" if several else ""
        headers += [label("expected", lang) + suffix,
                    *(label("place", lang, n=n) + suffix for n in range(1, prizes + 1))]
    order = sorted(range(len(first.players)), key=lambda i: (first.players[i].expected_place, i))
    player_rows = []
    for i in order:
        player = first.players[i].player
        row: list[Cell] = [player.id, player.name, player.rating]
        for s in summaries:
            odds = s.players[i]
            row += [round(odds.expected_place, 2), *(_percent(p, lang) for p in odds.prizes)]
        player_rows.append(tuple(row))
    quality: list[tuple[Cell, ...]] = [
        (label("tau", lang), *(round(s.quality.tau, 3) for s in summaries)),
        (label("spearman", lang), *(round(s.quality.spearman, 3) for s in summaries)),
        (label("strongest", lang), *(_percent(s.quality.strongest_wins, lang) for s in summaries)),
        (label("top_error", lang), *(round(s.quality.top_error, 2) for s in summaries)),
    ]
    fair_headers = ("variant", "group", "steps", "per_run", "giver", "giver_even", "giver_bias",
                    "taker", "taker_even", "taker_bias", "giver_wins")
    fair_rows = [
        (s.label, f.group, f.steps, round(f.per_run, 2), round(f.giver, 2), round(f.giver_even, 2),
         fixed(f.giver_bias, 2, lang, sign=True), round(f.taker, 2), round(f.taker_even, 2),
         fixed(f.taker_bias, 2, lang, sign=True), _percent(f.giver_wins, lang))
        for s in summaries for f in s.fairness
    ]
    return [
        Table(label("players", lang), tuple(headers), tuple(player_rows)),
        Table(label("quality", lang), (label("metric", lang), *(s.label for s in summaries)), tuple(quality)),
        Table(label("fairness", lang), tuple(label(h, lang) for h in fair_headers), tuple(fair_rows)),
    ]


def _right(value: Cell) -> bool:
    """Numbers, percentages and signed differences are aligned right."""
    return not isinstance(value, str) or value[-1:] == "%" or value[:1] in "+-"


def shown_rows(table: Table, lang: Lang) -> tuple[tuple[str, ...], ...]:
    """The rows as text, numbers as the language writes them (the terminal and the page; the sheet keeps numbers)."""
    return tuple(tuple(cell_text(c, lang) for c in row) for row in table.rows)


def text_table(table: Table, lang: Lang) -> str:
    """A table for the terminal: the title, then columns padded, text left and numbers right."""
    cells = [list(table.headers), *map(list, shown_rows(table, lang))]
    widths = [max(len(row[i]) for row in cells) for i in range(len(table.headers))]
    numeric = [all(_right(row[i]) for row in table.rows) for i in range(len(table.headers))]

    def line(row: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if n else c.ljust(w) for c, w, n in zip(row, widths, numeric, strict=True)).rstrip()

    return "\n".join([table.title, line(cells[0]), line(["-" * w for w in widths]), *map(line, cells[1:])])


def settings_rows(t: Tournament, settings: Settings, runs: int, seed: int, lang: Lang) -> list[tuple[str, object]]:
    """What the simulation assumed, as (label, value) rows for the sheet and the page."""
    played = sum(1 for r in t.rounds if r.complete)
    start = label("from_start", lang) if settings.from_start or not played else label("from_now", lang, n=played + 1)
    return [(label("runs", lang), runs), (label("seed", lang), seed), (label("model", lang), settings.model.value),
            (label("sigma", lang), settings.sigma), (label("from", lang), start)]


@dataclass(frozen=True)
class Plan:
    """What `forsxl simulate` will play: the variants, their settings, the seed and the workers; `runs` of each."""

    variants: list[Variant]
    settings: Settings
    runs: int
    seed: int
    workers: int
    notes: tuple[str, ...]
    """What the referee should know before it runs (printed on stderr)."""
    page: Path
    """The HTML report to write."""

    @property
    def total(self) -> int:
        return self.runs * len(self.variants)


def plan_simulation(book: Book, compare: Sequence[str], rounds: int | None, settings: Settings, runs: int,
                    seed: int | None, workers: int, page: Path | None = None) -> Plan:
    """The variants to play (R10, R12) and the report's `page` (default: BOOK-simulation.html beside the workbook),
    checked before any run; `seed` None draws one (said in the notes, so that the report can be had again), `workers`
    0 takes every core."""
    refuse_over_book(book, page, "simulate_over_book")
    page = page or book.path.with_name(tr(book.lang, "{book}-simulation.html", book=book.path.stem))
    seed = secrets.randbelow(1_000_000) if seed is None else seed
    chosen, cores = variants(book, compare, rounds), workers or available_workers()
    repeats = not settings.from_start and rounds is None and finished(book.tournament)
    lang = book.lang
    notes = (tr(lang, "every round is played, so every run repeats it: --from-start plays the tournament anew"),
             ) * repeats
    notes += (tr(lang, "simulating {runs} of {variants}, seed {seed}, {workers}...", seed=seed,
                 runs=ntr(lang, "{count} run", "{count} runs", runs),
                 variants=ntr(lang, "{count} variant", "{count} variants", len(chosen)),
                 workers=ntr(lang, "{count} worker", "{count} workers", cores)),)
    return Plan(chosen, settings, runs, seed, cores, notes, page)


def run_simulation(book: Book, plan: Plan, write: bool, progress: Callable[[int], None]) -> list[str]:
    """Play the plan, write its HTML report and, with `write`, the Simulation sheet; the lines to print: the report's
    tables as text, then what was written."""
    page = plan.page
    failures: list[str] = []
    summaries = simulate_variants(plan.variants, plan.settings, plan.runs, plan.seed, plan.workers, progress,
                                  failures.append)
    tables = report_tables(summaries, book.lang)
    rows = settings_rows(book.tournament, plan.settings, plan.runs, plan.seed, book.lang)
    name = book.tournament.config.name or book.path.stem
    shown = [(table.title, table.headers, shown_rows(table, book.lang)) for table in tables]
    write_whole(page, render_simulation(name, book.lang, rows, shown, summaries))
    lang = book.lang
    lines = ["\n\n".join(text_table(table, lang) for table in tables), tr(lang, "{path}: the report", path=page),
             *(tr(lang, NO_PROCESSES, why=why) for why in failures)]
    if write:
        write_simulation(book, rows, tables)
        finish(book, "simulate", tr(lang, "{runs}, seed {seed}, {model} model", seed=plan.seed,
                                    runs=ntr(lang, "{count} run", "{count} runs", plan.runs),
                                    model=plan.settings.model.value))
        lines.append(tr(lang, "{path}: {sheet} sheet written", path=book.path, sheet=sheet_name("simulation", lang)))
    return lines
