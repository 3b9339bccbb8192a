"""`forsxl tune`: the regulation the seeds leave to the organizer, searched for the players of the workbook (R10,
R12). The engine searches (`forsxl.engine.tune`); this module spreads its runs over processes, shows how far it is,
and gives the answer as text, as the simulation page, as a YAML file of keys, and with --apply in the Config sheet.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from forsxl.app.simulation import (
    NO_PROCESSES,
    Cell,
    Runner,
    Table,
    available_workers,
    label,
    play_runs,
    report_tables,
    shown_rows,
    text_table,
    variant_config,
)
from forsxl.app.workflow import config_over, editing, refuse_over_book, set_keys_into
from forsxl.book.config import KEYS, yaml_value
from forsxl.book.read import Book
from forsxl.engine.config import Scheme, get_key
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Tournament
from forsxl.engine.simulate import Settings
from forsxl.engine.tune import CELL_GAMES, GOAL_BIAS, MARK_GAP, Budget, Entry, Tuning, judged, tune
from forsxl.engine.values import Lang
from forsxl.i18n import N_, fixed, ntr, tr
from forsxl.publish.simulation import Tuned, render_simulation
from forsxl.publish.site import write_whole

FORS = frozenset(Scheme) - {Scheme.RENJU, Scheme.WIN_LOSS}
"""The schemes whose tournaments the search tunes: those where a handicap step is paid in points (R4)."""

WORDS: dict[str, str] = {
    "title": N_("Tuned regulations, measured on {runs} held-out runs"),
    "keys": N_("Keys set otherwise than in the workbook"),
    "cells": N_("Giver's bias by group and handicap steps, points a game: ± the 95% interval, [games a tournament]; "
                "a cell in parentheses has fewer than {games} games a tournament and is not judged"),
    "measure": N_("Measure (± the 95% interval)"),
    "tau": N_("Kendall tau-b"),
    "gap": N_("tau less McMahon's"),
    "excess": N_("Points a tournament beyond ±{bias}"),
    "worst": N_("Worst cell (group·steps)"),
    "strongest": N_("The strongest wins"),
    "order": N_("The top {places} in order of strength"),
    "first_changes": N_("1st place unlike the workbook's"),
    "top_changes": N_("Top {places} unlike the workbook's"),
    "key": N_("Key"),
    "workbook": N_("workbook"),
    "mark": N_("McMahon"),
    "tuned": N_("tuned {number}"),
    "cell": N_("group {group}, {steps}"),
}


def word(key: str, lang: Lang, **params: Any) -> str:
    return tr(lang, WORDS[key], **params)


@dataclass(frozen=True)
class TunePlan:
    """What `forsxl tune` will search: the workbook's tournament from round 1, McMahon on the same players, the
    settings, the budget, the seed and the workers; where the page and the YAML go, and whether to apply."""

    base: Tournament
    mark: Tournament
    settings: Settings
    budget: Budget
    seed: int
    workers: int
    page: Path
    output: Path | None
    apply: bool
    notes: tuple[str, ...]


def plan_tuning(book: Book, rounds: int | None, settings: Settings, budget: Budget, seed: int | None, workers: int,
                page: Path | None, output: Path | None, apply: bool) -> TunePlan:
    """Everything checked before the first run: a Fors tournament whose groups are not declared by teams (R4, R9),
    McMahon's Config for the same players (R12), where the page and the YAML go (never over the workbook); with
    `apply`, a workbook the winner can be typed into (no round paired, not an .ods)."""
    t, lang = book.tournament, book.lang
    if t.config.scoring.scheme not in FORS:
        raise ForsxlError("R4", "tune_not_fors", scheme=t.config.scoring.scheme.value)
    if t.config.groups.declared:
        raise ForsxlError("R9", "tune_declared")
    if len(t.players) < 4:
        raise ForsxlError("R10", "tune_few_players", count=len(t.players))
    for path in (page, output):
        refuse_over_book(book, path, "simulate_over_book")
    if apply:
        _check_apply(book)
    config = t.config if rounds is None else replace(config_over(book, {"rounds": rounds}), lang=lang)  # checked
    base = replace(t, config=config, rounds=())
    mark = replace(base, config=variant_config(book, "mcmahon", base.config.rounds))
    seed = secrets.randbelow(1_000_000) if seed is None else seed
    cores = workers or available_workers()
    page = page or book.path.with_name(tr(lang, "{book}-tuning.html", book=book.path.stem))
    notes = (tr(lang, "tuning for {players}, {rounds}: {candidates} drawn, {runs} held out, seed {seed}, {workers}...",
                players=ntr(lang, "{count} player", "{count} players", len(t.players)),
                rounds=ntr(lang, "{count} round", "{count} rounds", base.config.rounds),
                candidates=ntr(lang, "{count} candidate", "{count} candidates", budget.candidates),
                runs=ntr(lang, "{count} run", "{count} runs", budget.confirm_runs), seed=seed,
                workers=ntr(lang, "{count} worker", "{count} workers", cores)),)
    return TunePlan(base, mark, replace(settings, from_start=True), budget, seed, cores, page, output, apply, notes)


def _check_apply(book: Book) -> None:
    """--apply types the winner into Config before round 1 only: a round paired under one regulation and scored under
    another is no tournament's (R12); an .ods is saved as a new .xlsx, not edited."""
    if book.tournament.rounds:
        raise ForsxlError("R12", "tune_apply_paired", rounds=len(book.tournament.rounds))
    if book.source is not None:
        raise ForsxlError("", "tune_apply_ods", path=book.source)


class Progress:
    """How far the search is, for a progress bar: `total` and `advance` in units of one Fors run's time, a McMahon
    run weighing as many as it takes longer (measured here on one run of each), so that the time left is right."""

    def __init__(self, total: Callable[[int], None], advance: Callable[[int], None]):
        self.total, self.advance = total, advance
        self.weight = 1

    def measure(self, plan: TunePlan) -> None:
        """Play one run of each here (so that a regulation the engine refuses fails at once) and weigh them."""
        took = []
        for t in (plan.base, plan.base, plan.mark):  # the first of the workbook's warms the caches both share
            start = time.perf_counter()
            play_runs(t, plan.settings, ["forsxl-tune|weigh"])
            took.append(time.perf_counter() - start)
        self.weight = max(1, round(took[2] / max(took[1], 1e-6)))


def run_tuning(book: Book, plan: TunePlan, progress: Progress) -> list[str]:
    """Search, write the page (and the YAML), apply when asked; the lines to print: the report, then what was
    written and what was not."""
    lang = book.lang
    started, cpu = time.perf_counter(), time.process_time()
    progress.measure(plan)
    jobs: list[Tournament] = []

    def planned(runs: int, mark_runs: int) -> None:
        progress.total(runs + progress.weight * mark_runs)

    def advance(job: int, runs: int) -> None:
        progress.advance(runs * (progress.weight if jobs[job] is plan.mark else 1))

    with Runner(plan.settings, plan.workers, advance) as runner:
        def evaluate(batch: Sequence[tuple[Tournament, Sequence[str]]]) -> list[list[Any]]:
            jobs[:] = [t for t, _ in batch]
            return runner.run(batch)

        tuning = tune(plan.base, plan.mark, plan.settings, plan.budget, plan.seed, evaluate, planned)
    entries = _entries(tuning)
    names = [_name(e, lang) for e in entries]
    tables = tune_tables(tuning, entries, names, plan.settings.prizes, lang)
    summaries = [replace(e.measure.summary, label=n) for e, n in zip(entries, names, strict=True)]
    rows = [(label("seed", lang), plan.seed), (label("model", lang), plan.settings.model.value),
            (label("sigma", lang), plan.settings.sigma), (label("from", lang), label("from_start", lang)),
            *_budget_rows(tuning, plan.budget, lang)]
    shown = [(table.title, table.headers, shown_rows(table, lang)) for table in
             [*tables, *report_tables(summaries, lang)[:1]]]  # and the players' places under each
    tuned = Tuned(tuple((s.label, s.fairness) for s in summaries[:-1]), tuning.mark.measure.tau)
    write_whole(plan.page, render_simulation(book.tournament.config.name or book.path.stem, lang, rows, shown,
                                             summaries, tuned))
    played = tuning.selection_runs + len(tuning.mark.outcomes) * (len(tuning.finalists) + 2)
    lines = ["\n\n".join(text_table(table, lang) for table in tables), *_verdict(tuning, names, lang),
             tr(lang, "{runs} played in {seconds} s, {cpu} s of CPU", seconds=round(time.perf_counter() - started),
                runs=ntr(lang, "{count} run", "{count} runs", played),
                cpu=round(time.process_time() - cpu + runner.worker_cpu)),
             tr(lang, "{path}: the report", path=plan.page)]
    if runner.failed:
        lines.append(tr(lang, NO_PROCESSES, why=runner.failed))
    if plan.output is not None:
        write_whole(plan.output, tuned_yaml(book, tuning, plan.settings))
        lines.append(tr(lang, "{path}: the winner's keys (forsxl simulate {book} --compare {path}, forsxl config "
                              "{book} --set {path})", path=plan.output, book=book.path))
    lines.append(_apply(book.path, tuning, lang) if plan.apply else
                 tr(lang, "{path}: not changed (--apply types the winner's keys into Config)", path=book.path))
    return lines


def _entries(tuning: Tuning) -> list[Entry]:
    return [*tuning.finalists, tuning.workbook, tuning.mark]


def _name(entry: Entry, lang: Lang) -> str:
    if entry.label == "workbook":
        return word("workbook", lang)
    if entry.label == "mark":
        return word("mark", lang)
    return word("tuned", lang, number=entry.label.lstrip("#"))


def _percent(value: float, lang: Lang) -> str:
    return f"{fixed(100 * value, 1, lang)}%"


def tune_tables(tuning: Tuning, entries: Sequence[Entry], names: Sequence[str], places: int, lang: Lang) -> list[Table]:
    """The finalists beside the workbook's regulation and McMahon, on the held-out runs, a column each: τ and its gap
    to McMahon's, the bias (the points beyond the goal, the worst cell, then every cell), how often the strongest win
    and how often the top places change; and the keys each sets."""
    runs = len(tuning.mark.outcomes)
    columns: list[list[Cell]] = []
    for entry in entries:
        m, (gap, gap_se) = entry.measure, tuning.gap(entry)
        fors, own = entry is not tuning.mark, entry is tuning.workbook
        worst = m.worst if fors else None
        columns.append([
            f"{fixed(m.tau, 3, lang)} ± {fixed(1.96 * m.tau_se, 3, lang)}",
            f"{fixed(gap, 3, lang, sign=True)} ± {fixed(1.96 * gap_se, 3, lang)}" if fors else "—",
            fixed(m.excess, 2, lang) if fors else "—",
            f"{worst.group}·{worst.steps}: {fixed(worst.giver_bias, 2, lang, sign=True)}"
            f" ± {fixed(1.96 * worst.giver_bias_se, 2, lang)}" if worst else "—",
            *(_percent(sum(o.in_order >= k for o in entry.outcomes) / runs, lang) for k in (1, places)),
            *(_percent(tuning.changed(entry, k), lang) if not own else "—" for k in (1, places)),
        ])
    measures = (word("tau", lang), word("gap", lang), word("excess", lang, bias=fixed(GOAL_BIAS, 1, lang)),
                word("worst", lang), word("strongest", lang), word("order", lang, places=places),
                word("first_changes", lang), word("top_changes", lang, places=places))
    rows = tuple((measure, *(column[i] for column in columns)) for i, measure in enumerate(measures))
    return [Table(word("title", lang, runs=runs), (word("measure", lang), *names), rows),
            _keys_table(tuning, entries, names, lang), _cells_table(tuning, entries, names, lang)]


def _keys_table(tuning: Tuning, entries: Sequence[Entry], names: Sequence[str], lang: Lang) -> Table:
    """Every key a finalist sets to another value than the workbook has: the workbook's value beside each's."""
    fors = [(e, n) for e, n in zip(entries, names, strict=True) if e is not tuning.mark]
    keys = [key for key in KEYS if any(get_key(e.tournament.config, key) != get_key(tuning.workbook.tournament.config,
                                                                                     key) for e, _ in fors)]
    rows = tuple((key, *(yaml_value(get_key(e.tournament.config, key)) for e, _ in fors)) for key in keys)
    return Table(word("keys", lang), (word("key", lang), *(n for _, n in fors)), rows)


def _cells_table(tuning: Tuning, entries: Sequence[Entry], names: Sequence[str], lang: Lang) -> Table:
    """Every cell of group and steps a Fors regulation played, each regulation's bias there."""
    fors = [(e, n) for e, n in zip(entries, names, strict=True) if e is not tuning.mark]
    keys = sorted({(c.group, c.steps) for e, _ in fors for c in e.measure.cells})
    rows = []
    for group, steps in keys:
        row: list[Cell] = [word("cell", lang, group=group, steps=ntr(lang, "{count} step", "{count} steps", steps))]
        for entry, _ in fors:
            cell = next((c for c in entry.measure.cells if (c.group, c.steps) == (group, steps)), None)
            if cell is None:
                row.append("")
                continue
            text = (f"{fixed(cell.giver_bias, 2, lang, sign=True)} ± {fixed(1.96 * cell.giver_bias_se, 2, lang)} "
                    f"[{fixed(cell.per_run, 1, lang)}]")
            row.append(text if judged(cell) else f"({text})")
        rows.append(tuple(row))
    return Table(word("cells", lang, games=fixed(CELL_GAMES, 1, lang)), ("", *(n for _, n in fors)), tuple(rows))


def _verdict(tuning: Tuning, names: Sequence[str], lang: Lang) -> list[str]:
    """Whether the winner meets the goal on the held-out runs, and if not, what stands in the way."""
    winner = tuning.winner
    gap = tuning.gap(winner)[0]
    goal = tr(lang, "goal: within {gap} of McMahon's tau, every judged cell within ±{bias} points",
              gap=fixed(MARK_GAP, 2, lang), bias=fixed(GOAL_BIAS, 1, lang))
    if tuning.met:
        return [tr(lang, "{goal}: met by {name} (tau {gap} from McMahon's)", goal=goal, name=names[0],
                   gap=fixed(gap, 3, lang, sign=True))]
    lines = [tr(lang, "{goal}: not met on this field; the best found is {name}", goal=goal, name=names[0])]
    if gap < -MARK_GAP:
        lines.append(tr(lang, "its tau is {gap} from McMahon's", gap=fixed(gap, 3, lang, sign=True)))
    beyond = [c for c in winner.measure.cells if judged(c) and abs(c.giver_bias) > GOAL_BIAS]
    if beyond:
        cells = "; ".join(" ".join((word("cell", lang, group=c.group, steps=ntr(lang, "{count} step", "{count} steps",
                                                                           c.steps)),
                                    fixed(c.giver_bias, 2, lang, sign=True))) for c in beyond)
        lines.append(tr(lang, "beyond ±{bias}: {cells}", bias=fixed(GOAL_BIAS, 1, lang), cells=cells))
        if any(c.steps >= tuning.winner.tournament.config.handicap.max_steps for c in beyond):
            lines.append(tr(lang, "at the cap of {steps} steps the difference is larger than the handicap makes up, "
                                  "and the seeds give no more ([002], [003]: «Фора больше 9 ступеней не дается»): "
                                  "the pairs that meet there, not the compensation, are what is unfair",
                            steps=tuning.winner.tournament.config.handicap.max_steps))
    return lines


def _budget_rows(tuning: Tuning, budget: Budget, lang: Lang) -> list[tuple[str, object]]:
    """What the search played, for the page's settings."""
    races = ", ".join(f"{race.entrants} → {len(race.finalists)}" for race in tuning.races)
    return [(tr(lang, "Candidates raced"), races), (tr(lang, "Runs to choose"), tuning.selection_runs),
            (tr(lang, "Held-out runs to report"), budget.confirm_runs)]


def tuned_yaml(book: Book, tuning: Tuning, settings: Settings) -> str:
    """The winner's keys as a YAML file `simulate --compare` and `config --set` read, each with its rule, what it
    does, and the figures it was chosen for."""
    lang, winner = book.lang, tuning.winner
    gap, sigma = tuning.gap(winner)[0], f"{settings.sigma:g}"
    head = [tr(lang, "forsxl tune {book}, seed {seed}: tau {tau} (McMahon {mark}), {excess} points a tournament "
                     "beyond ±{bias}", book=book.path.name, seed=tuning.seed, tau=fixed(winner.measure.tau, 3, lang),
               mark=fixed(winner.measure.tau - gap, 3, lang), excess=fixed(winner.measure.excess, 2, lang),
               bias=fixed(GOAL_BIAS, 1, lang)),
            tr(lang, "on {runs} held-out runs, model {model}, sigma {sigma}", runs=len(winner.outcomes),
               model=settings.model.value, sigma=sigma)]
    body = [f"{key}: {yaml_value(value)}  # {KEYS[key].rule} {tr(lang, KEYS[key].doc)}" for key, value in winner.keys]
    return "\n".join([*(f"# {line}" for line in head), *body]) + "\n"


def _apply(path: Path, tuning: Tuning, lang: Lang) -> str:
    """The winner typed into Config, under forsxl's lock on the workbook as it is now (it was read before the search
    and may have changed since): only when the held-out runs confirm it within ±GOAL_BIAS in every judged cell."""
    if not tuning.winner.measure.fair:
        return tr(lang, "{path}: not changed: the winner is not within ±{bias} in every judged cell on the held-out "
                        "runs", path=path, bias=fixed(GOAL_BIAS, 1, lang))
    with editing(path) as book:
        _check_apply(book)
        return "\n".join(set_keys_into(book, dict(tuning.winner.keys), "tune"))
