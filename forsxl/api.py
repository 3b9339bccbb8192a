"""forsxl's commands as one Python call, which the terminal, the Calc menu and the web page all make (docs/api.md;
issue 38).

`run("pair", "club.xlsx", round=3)` runs a command as `forsxl pair club.xlsx --round 3` does and returns its
`Outcome`: the exit code, the lines the terminal prints, the problems as data, and what was saved or written; with
`describe=True` a writing command's edits (book/edits.py) instead of a save. `answer` is the same for a JSON request,
which `forsxl serve` reads line by line (forsxl/serve.py).

Importing this module imports no typer, no module that starts programs and no compiled library: each command imports
what it needs when it runs.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.merge import Prefer
from forsxl.engine.probability import Model
from forsxl.engine.values import Lang
from forsxl.i18n import ntr, system_lang, tr
from forsxl.messages import message, text

if TYPE_CHECKING:
    from forsxl.book.edits import Edits
    from forsxl.book.read import Book

Say = Callable[[str], None]
Progress = Callable[[int, int, str], None]
"""Told `(done, total, what)` as a long command (simulate) advances, `what` in the outcome's language."""


@dataclass
class Problem:
    """A problem that stopped a command (`error`), or one it accepted but a person should know of (`warning`)."""

    severity: str
    code: str
    text: str
    """The message, in the outcome's language, without its place and rule."""
    line: str
    """As the terminal prints it: `Round-3!H7: "B+x" is not a result (R11)`."""
    sheet: str | None = None
    cell: str | None = None
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"severity": self.severity, "sheet": self.sheet, "cell": self.cell, "rule": self.rule,
                "code": self.code, "text": self.text, "line": self.line}


@dataclass
class Outcome:
    """What a command did: its exit code, what it printed, its problems, and what it saved, wrote or described."""

    code: int = 0
    out: list[str] = field(default_factory=list)
    """The lines the terminal prints on stdout."""
    err: list[str] = field(default_factory=list)
    """The lines it prints on stderr: progress, warnings, problems."""
    problems: list[Problem] = field(default_factory=list)
    edits: Edits | None = None
    saved: Path | None = None
    files: list[Path] = field(default_factory=list)
    lang: Lang = Lang.EN
    data: Any = None
    """What a menu lists, as data: `history` its versions, `presets` the presets with their descriptions."""

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "lang": self.lang.value, "out": self.out, "err": self.err,
                "problems": [p.to_json() for p in self.problems],
                "edits": self.edits.to_json() if self.edits is not None else None,
                "saved": str(self.saved) if self.saved is not None else None, "files": [str(f) for f in self.files],
                "data": self.data}


class _Usage(Exception):
    """A request that names no command forsxl has, or an option it does not take: exit code 2."""


class _Run:
    """One command as it runs: what it says, in which language, and whether it saves or describes."""

    def __init__(self, describe: bool, echo: Say | None, say: Say | None, progress: Progress | None,
                 book: Path | None, copy_of: Path | None):
        self.describing, self._echo, self._say, self.progress = describe, echo, say, progress
        self.book, self.copy_of = book, copy_of
        self.outcome = Outcome(lang=system_lang())

    def called(self, book: Path) -> Path:
        """What the workbook is called: the workbook the book read is a copy of (`copy_of`), when it is one."""
        return self.copy_of or book

    def changing(self) -> None:
        """Before a command changes the workbook: a copy standing for another (`copy_of`) is only described."""
        if self.copy_of is not None and not self.describing:
            raise _Usage("copy_of: a copy standing for another workbook is only described (describe: true)")

    def print(self, line: str) -> None:
        self.outcome.out.append(line)
        if self._echo is not None:
            self._echo(line)

    def say(self, line: str) -> None:
        """A line on stderr: progress and notes, apart from the output."""
        self.outcome.err.append(line)
        if self._say is not None:
            self._say(line)

    def problem(self, error: ForsxlError, lang: Lang, severity: str) -> None:
        line = message(error, lang)
        source = error.source
        sheet = (source.sheet if isinstance(source.sheet, str) else str(source.sheet.said(lang))) if source else None
        self.outcome.problems.append(Problem(severity, error.code, text(error.code, lang, **error.params), line,
                                             sheet, (source.cell or None) if source else None, error.rule or None))
        self.say(line)

    def read(self, book: Book) -> Book:
        """A book just read: its language is the outcome's, its warnings said; a copy goes by the workbook it is a
        copy of (`copy_of`), which files are written beside."""
        self.outcome.lang = book.lang
        if self.copy_of is not None:
            book.path = self.copy_of
        for warning in book.warnings:  # accepted, but a person should know (renames, late result edits, .ods)
            self.problem(warning, book.lang, "warning")
        return book

    def load(self, path: Path) -> Book:
        from forsxl.book.read import load

        return self.read(load(path))

    @contextmanager
    def editing(self, path: Path) -> Iterator[Book]:
        """The book of a command that changes it, forsxl's writer lock held until the block ends; read to describe
        the change when asked."""
        from forsxl.app.workflow import editing

        self.changing()
        with editing(path) as book:
            book.describing = self.describing
            yield self.read(book)
        self.done(book)

    def done(self, book: Book) -> None:
        """The book's change, if it made one: its edits when described, else the file saved."""
        if book.edits is not None and book.describing:
            self.described(book.edits)
        elif book.edits is not None:
            self.outcome.saved = book.path

    def described(self, edits: Edits) -> None:
        """The edits of a change not saved; the copy they change kept as the newest version of the workbook it
        stands for (`copy_of`), as a save of that workbook would keep it."""
        self.outcome.edits = edits
        if self.copy_of is not None and self.book is not None:
            from forsxl.book.save import keep_version

            keep_version(self.copy_of, self.book)


# -------------------------------------------------------------------------------------------------- commands


def _new(run: _Run, book: Path, preset: str = "fors-club", lang: Lang | None = None, name: str = "") -> None:
    from forsxl.app.workflow import create_book

    lang = run.outcome.lang = lang or system_lang()
    line, edits = create_book(book, preset, lang, name, run.describing)
    if edits is not None:
        run.outcome.edits = edits
    else:
        run.outcome.saved = book
    run.print(line)


def _check(run: _Run, book: Path) -> None:
    from forsxl.app.workflow import check_book

    run.print("\n".join(check_book(run.load(book))))


def _pair(run: _Run, book: Path, round: int | None = None, force: bool = False, board: str | None = None,
          recompute: bool = False) -> None:
    from forsxl.app.workflow import finish, pair_into, recompute_into

    with run.editing(book) as loaded:
        if recompute or board is not None:
            changes = recompute_into(loaded, round, board if recompute else None)
        else:
            count = len(loaded.tournament.players)
            run.say(ntr(loaded.lang, "pairing {count} player...", "pairing {count} players...", count))
            changes = pair_into(loaded, round, force)[1]
        finish(loaded, "pair", changes)
    run.print(f"{run.called(book)}: {changes}")


def _schedule(run: _Run, book: Path) -> None:
    from forsxl.app.workflow import finish, schedule_into

    with run.editing(book) as loaded:
        changes = schedule_into(loaded)
        finish(loaded, "schedule", changes)
    run.print(f"{run.called(book)}: {changes}")


def _stage(run: _Run, book: Path, next_stage: bool = False) -> None:
    from forsxl.app.workflow import finish, stage_into, stage_lines

    if not next_stage:
        for line in stage_lines(run.load(book)):
            run.print(line)
        return
    with run.editing(book) as loaded:
        changes = stage_into(loaded)
        finish(loaded, "stage --next", changes)
    run.print(f"{run.called(book)}: {changes}")


def _standings(run: _Run, book: Path) -> None:
    from forsxl.app.workflow import standings_into

    with run.editing(book) as loaded:
        changes = standings_into(loaded)
    run.print(f"{run.called(book)}: {changes}")


def _merge(run: _Run, book: None, copies: list[Path], output: Path, prefer: Prefer | None = None,
           resolve: Path | None = None) -> None:
    from forsxl.app.workflow import finish
    from forsxl.book.merge import merge_books
    from forsxl.book.save import writing

    with writing(output):  # the merged copy is written over `output` only once
        try:
            merged, changes = merge_books(copies, output, prefer, resolve)
        except WorkbookErrors:
            if resolve is not None and resolve.exists():  # the conflicts, for the referee to settle
                run.outcome.files.append(resolve)
            raise
        merged.describing = run.describing
        run.read(merged)
        finish(merged, "merge", changes)
    run.done(merged)
    run.print(tr(merged.lang, "{path}: merged {changes}", path=output, changes=changes))


def _history(run: _Run, book: Path) -> None:
    from forsxl.app.versions import history_lines, versions_lang

    path = run.called(book)
    run.outcome.lang = versions_lang(path)
    lines, run.outcome.data = history_lines(path, run.outcome.lang, book if run.copy_of else None)
    run.print("\n".join(lines))


def _undo(run: _Run, book: Path, to: int | None = None) -> None:
    from forsxl.app.versions import undo_lines, versions_lang

    run.changing()
    path = run.called(book)
    run.outcome.lang = versions_lang(path)
    lines, edits = undo_lines(path, to, run.outcome.lang, run.describing, book if run.copy_of else None)
    if edits is not None:
        run.described(edits)
    else:
        run.outcome.saved = book
    run.print("\n".join(lines))


def _show(run: _Run, path: Path, lang: Lang, show: bool) -> None:
    """`--open`: the file written shown in the system's viewer; a viewer that cannot start is a note."""
    if show:
        from forsxl.app.viewer import show_file

        note = show_file(path, lang)
        if note:
            run.say(note)


def _publish(run: _Run, book: Path, output: Path | None = None, to: str | None = None, url: str | None = None,
             qr: bool = False, blocks: bool = True, watch: bool = False, interval: float = 1,
             show: bool = False) -> None:
    from forsxl.app.publish import keep_addresses, publish_book, qr_lines, upload_site, watch_book, with_addresses
    from forsxl.app.workflow import editing
    from forsxl.book.read import peek_lang

    lang = run.outcome.lang = peek_lang(book) or system_lang()
    if to is not None or url is not None:  # kept in Config for the next publish: a change, described when asked
        run.changing()
        with editing(book) as loaded:
            loaded.describing = run.describing
            kept = keep_addresses(loaded, to, url)
        run.done(loaded)
        if kept:
            run.say(kept)
    show_qr = [qr]

    def once() -> None:
        loaded = run.load(book)
        with_addresses(loaded, to, url)
        published = publish_book(loaded, output)
        run.print(published.said)
        run.outcome.files.append(published.output)
        if loaded.tournament.config.publish.to:
            try:
                run.print(upload_site(loaded, published))
            except ForsxlError as error:  # the site is written here all the same: one line, and --watch goes on
                run.say(message(error, loaded.lang) + (tr(loaded.lang, "; sent again at the next save") if watch
                                                       else ""))
                if not watch:
                    run.outcome.code = 1
                    return
        if show_qr[0]:
            run.print(qr_lines(loaded, blocks))
            show_qr[0] = False
        _show(run, published.output, loaded.lang, show)

    if not watch:
        once()
        return

    def republish() -> None:
        try:
            once()
        except (ForsxlError, WorkbookErrors) as problems:
            _said(run, problems)
            raise RuntimeError("") from None  # said already: the watch only says it goes on

    watch_book(book, republish, run.say, interval, lang)


def _login(run: _Run, book: None, address: str, password: str | None = None) -> None:
    """The login an address names (`data`), to ask its password by; with the password, kept in the keyring."""
    from forsxl.app.publish import keep_login, login_name

    run.outcome.data = {"login": login_name(address)}
    if password is not None:
        run.print(keep_login(address, password, run.outcome.lang))


def _print(run: _Run, book: Path, round: int | None = None, output: Path | None = None, show: bool = False) -> None:
    from forsxl.app.printing import print_round

    loaded = run.load(book)
    written, said = print_round(loaded, round, output)
    run.print(said)
    run.outcome.files.append(written)
    _show(run, written, loaded.lang, show)


def _regulation(run: _Run, book: Path, output: Path | None = None) -> None:
    from forsxl.app.printing import print_regulation

    written, said = print_regulation(run.load(book), output)
    run.outcome.files.append(written)
    run.print(said)


def _explain(run: _Run, book: Path, player: str = "", than: str = "", round: int | None = None) -> None:
    from forsxl.app.publish import explain_lines

    run.print("\n".join(explain_lines(run.load(book), player, than, round)))


def _config(run: _Run, book: Path, set: list[str] | None = None) -> None:
    from forsxl.app.workflow import config_lines, set_keys, set_keys_into

    if set:
        with run.editing(book) as loaded:
            lines = set_keys_into(loaded, set_keys(set))
        run.print("\n".join(lines))
        return
    for line in config_lines(run.load(book)):
        run.print(line)


def _presets(run: _Run, book: None, lang: Lang | None = None) -> None:
    from forsxl.app.workflow import preset_lines

    lang = run.outcome.lang = lang or run.outcome.lang
    run.outcome.data = []
    for line in preset_lines(lang):
        run.print(line)
        name, _, description = line.partition(": ")
        run.outcome.data.append({"name": name, "description": description})


def _demo(run: _Run, book: Path | None = None, played: int | None = None, lang: Lang | None = None,
          preset: str = "fors-club") -> None:
    from forsxl.app.demo import run_demo

    lang = run.outcome.lang = lang or system_lang()
    workbook, page = run_demo(book or Path("forsxl-demo"), played, run.say, lang, preset)
    run.outcome.files += [workbook, page]
    run.print(tr(lang, "{workbook}: the tournament workbook\n{page}: the results page", workbook=workbook, page=page))


def _import(run: _Run, book: Path, source: Path, format: str = "auto", only: str = "",
            lang: Lang | None = None) -> None:
    from forsxl.app.exchange import import_file

    lang = run.outcome.lang = lang or system_lang()
    run.changing()
    lines, imported = import_file(book, source, format, only, lang, run.describing)
    if imported is not None:
        run.outcome.lang = imported.lang
        run.done(imported)
    for line in lines:
        run.print(line)


def _ratings(run: _Run, book: Path, source: str | None = None, file: Path | None = None, date: str | None = None,
             url: str | None = None, add: list[str] | None = None, apply: bool = False, force: bool = False) -> None:
    from datetime import date as day

    from forsxl.app.ratings import apply_into, rating_source, ratings_into, read_list
    from forsxl.book.read import peek_lang

    run.outcome.lang = peek_lang(book) or run.outcome.lang
    given = [o for o, v in (("--source", source), ("--file", file), ("--date", date), ("--url", url), ("--add", add))
             if v]
    if apply and given:
        raise ForsxlError("", "ratings_options", option=given[0])
    if force and not apply:
        raise ForsxlError("", "ratings_force_alone")
    if source is None and not apply:
        raise ForsxlError("", "ratings_source_missing")
    if apply:
        with run.editing(book) as loaded:
            lines = apply_into(loaded, force)
        run.print("\n".join(lines))
        return
    assert source is not None

    def progress(done: int, total: int | None) -> None:  # a list of a megabyte or more: an EGD world list is 8 MB
        if run.progress is not None and total is not None and total >= 2**20:
            run.progress(done, total, tr(run.outcome.lang, "downloading"))

    listed = read_list(rating_source(source), file, date, url, day.today(), progress)
    with run.editing(book) as loaded:
        lines = ratings_into(loaded, listed, add or [])
    run.print("\n".join(lines))


def _export(run: _Run, book: Path, format: str = "egf", output: Path | None = None, egf_class: str = "A",
            minutes: int | None = None, keep_forfeits: bool = False) -> None:
    from forsxl.app.exchange import export_book

    said, written, notes = export_book(run.load(book), format, output, egf_class, minutes, keep_forfeits)
    run.print(said.removesuffix("\n"))
    if written is not None:
        run.outcome.files.append(written)
    for note in notes:
        run.say(note)


def _simulate(run: _Run, book: Path, runs: int = 1000, rounds: int | None = None, seed: int | None = None,
              compare: list[str] | None = None, from_start: bool = False, model: Model = Model.EGF, sigma: float = 100,
              prizes: int = 3, workers: int = 0, no_write: bool = False, output: Path | None = None) -> None:
    from forsxl.app.simulation import plan_simulation, run_simulation
    from forsxl.engine.simulate import Settings
    from forsxl.publish.site import check_folder

    if output is not None:
        check_folder(output)  # before the runs, not after them
    settings = Settings(model, sigma, prizes, from_start)

    def play(loaded: Book) -> None:
        plan = plan_simulation(loaded, compare or [], rounds, settings, runs, seed, workers, output)
        for note in plan.notes:
            run.say(note)
        done = 0

        def advance(step: int) -> None:
            nonlocal done
            done += step
            if run.progress is not None:
                run.progress(done, plan.total, tr(loaded.lang, "simulate"))

        lines = run_simulation(loaded, plan, not no_write, advance)
        run.outcome.files.append(plan.page)
        run.print("\n".join(lines))

    if no_write:
        play(run.load(book))
        return
    with run.editing(book) as loaded:
        play(loaded)


def _tune(run: _Run, book: Path, seed: int | None = None, candidates: int = 96, runs: int = 1000, finalists: int = 3,
          rounds: int | None = None, model: Model = Model.EGF, sigma: float = 100, prizes: int = 3, workers: int = 0,
          output: Path | None = None, page: Path | None = None, apply: bool = False) -> None:
    from forsxl.app.tuning import Progress, plan_tuning, run_tuning
    from forsxl.engine.simulate import Settings
    from forsxl.engine.tune import Budget

    if apply:  # the winner is typed into the workbook under forsxl's own lock, after the search: saved, not described
        run.changing()
        if run.describing:
            raise _Usage("tune: --apply saves the workbook; it is not described (use config --set with -o's file)")
    loaded = run.load(book)
    plan = plan_tuning(loaded, rounds, Settings(model, sigma, prizes), Budget(candidates=candidates,
                       finalists=finalists, confirm_runs=runs), seed, workers, page, output, apply)
    for note in plan.notes:
        run.say(note)
    done, total = 0, 1

    def planned(units: int) -> None:
        nonlocal total
        total = max(units, done)

    def advance(step: int) -> None:
        nonlocal done
        done += step
        if run.progress is not None:
            run.progress(done, total, tr(loaded.lang, "tune"))

    run.outcome.files.append(plan.page)
    run.print("\n".join(run_tuning(loaded, plan, Progress(planned, advance))))
    if plan.output is not None:
        run.outcome.files.append(plan.output)


def _calc_build(run: _Run, book: None, output: Path = Path("forsxl.oxt"), program: str | None = None) -> None:
    from forsxl.calc.build import build

    written = build(output, program)
    run.outcome.files.append(written)
    run.print(tr(run.outcome.lang, "{path}: the forsxl menu for LibreOffice Calc; add it in Tools › Extension Manager",
                 path=written))


def _calc_install(run: _Run, book: None, shared: bool = False, profile: Path | None = None,
                  unopkg: Path | None = None, program: str | None = None) -> None:
    from forsxl.calc.build import install

    install(shared, profile, unopkg, program)
    run.print(tr(run.outcome.lang, "the forsxl menu is in LibreOffice Calc now: open a tournament workbook (.xlsx) to "
                 "find it (restart LibreOffice if it is running)"))


def _calc_remove(run: _Run, book: None, shared: bool = False, profile: Path | None = None,
                 unopkg: Path | None = None) -> None:
    from forsxl.calc.build import remove

    remove(shared, profile, unopkg)
    run.print(tr(run.outcome.lang, "the forsxl menu is out of LibreOffice Calc (restart LibreOffice if it is running)"))


def _web_build(run: _Run, book: None, output: Path = Path("forsxl-web"), cache: Path | None = None) -> None:
    from forsxl.web.build import build

    files = build(output, cache, lambda url: run.say(tr(run.outcome.lang, "downloading {url}", url=url)))["files"]
    assert isinstance(files, dict)
    run.outcome.files.append(output)
    size = f"{sum(f['size'] for f in files.values()) / 2**20:.1f}"
    run.print(tr(run.outcome.lang, "{path}: the forsxl page, {size} MB; serve the folder with any web server, or with "
                 "forsxl web serve --dir {path}", path=output, size=size))


def _web_serve(run: _Run, book: None, folder: Path | None = None, port: int = 8000, cache: Path | None = None) -> None:
    """The page served until Ctrl-C (built first into the cache folder when no folder is given)."""
    from forsxl.web.build import build, default_cache
    from forsxl.web.serve import serve

    if folder is None:
        folder = (cache or default_cache()) / "site"
        build(folder, cache, lambda url: run.say(tr(run.outcome.lang, "downloading {url}", url=url)))
    serve(folder, port, lambda url: run.print(tr(run.outcome.lang, "the forsxl page: {url} (Ctrl-C stops)", url=url)))


COMMANDS: dict[str, Callable[..., None]] = {
    "new": _new, "check": _check, "pair": _pair, "schedule": _schedule, "stage": _stage, "standings": _standings,
    "merge": _merge, "history": _history, "undo": _undo, "publish": _publish, "print": _print,
    "regulation": _regulation, "explain": _explain, "config": _config, "presets": _presets, "demo": _demo,
    "import": _import, "ratings": _ratings, "export": _export, "simulate": _simulate, "tune": _tune,
    "login": _login,
    "calc build": _calc_build, "calc install": _calc_install, "calc remove": _calc_remove,
    "web build": _web_build, "web serve": _web_serve,
}
"""Each command by the name the terminal gives it; its options are its function's keyword parameters."""


# ------------------------------------------------------------------------------------------------ running


def run(command: str, book: str | Path | None = None, *, describe: bool = False, copy_of: str | Path | None = None,
        echo: Say | None = None, say: Say | None = None, progress: Progress | None = None, **options: Any) -> Outcome:
    """Run `command` on the workbook `book` with `options` (named as the terminal's, `_` for `-`), as the terminal
    does; with `describe`, a writing command's edits instead of a save (`Outcome.edits`). `copy_of` is the workbook
    that `book` is a copy of (the file of the document open in Calc): what forsxl calls it, where it writes files
    beside it, whose versions it lists and keeps (not `name`: that is `new`'s option, the tournament's name).
    `echo` and `say` are told each line the terminal prints on stdout and on stderr as it comes, `progress` how far
    a long command is."""
    chosen = COMMANDS.get(command)
    session = _Run(describe, echo, say, progress, Path(book) if book is not None else None,
                   Path(copy_of) if copy_of is not None else None)
    from forsxl.book.read import peek_lang
    from forsxl.book.save import telling

    with telling() as told:
        try:
            if chosen is None:
                raise _Usage(f"no such command: {command!r} (the commands: {', '.join(COMMANDS)})")
            chosen(session, **_arguments(chosen, book, options))
        except _Usage as error:
            session.say(str(error))
            session.outcome.code = 2
        except (ForsxlError, WorkbookErrors) as problems:
            _said(session, problems)
            session.outcome.code = 1
    for note in told:  # what a save left undone without failing for it (book/save.py `telling`)
        session.problem(note, peek_lang(note.params["path"]) or system_lang(), "warning")
    return session.outcome


def _said(run: _Run, problems: ForsxlError | WorkbookErrors) -> None:
    """Every problem said, in the workbook's language once it is known, else in the outcome's."""
    if isinstance(problems, WorkbookErrors):
        for error in problems.errors:
            run.problem(error, problems.lang or run.outcome.lang, "error")
    else:
        run.problem(problems, run.outcome.lang, "error")


def _arguments(command: Callable[..., None], book: str | Path | None, options: dict[str, Any]) -> dict[str, Any]:
    """The command's arguments by name, each of the kind its parameter takes (a path given as text made a Path, an
    enum's value its member); a missing, unknown or wrong one is a usage error."""
    hints = typing.get_type_hints(command)
    try:
        bound = inspect.signature(command).bind(None, book, **options)
    except TypeError as error:
        raise _Usage(str(error)) from None
    del bound.arguments["run"]
    return {name: _typed(name, value, hints[name]) for name, value in bound.arguments.items()}


def _typed(name: str, value: Any, hint: Any) -> Any:
    """`value` as the kind `hint` says, or a usage error."""
    kinds = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
    if value is None and type(None) in kinds:
        return None
    for kind in kinds:
        origin = typing.get_origin(kind) or kind
        if origin is list and isinstance(value, list):
            return [_typed(name, item, typing.get_args(kind)[0]) for item in value]
        if isinstance(value, bool) and origin in (int, float):
            continue  # JSON's true is no number
        if isinstance(origin, type) and isinstance(value, origin):
            return value
        if origin is Path and isinstance(value, str):
            return Path(value)
        if origin is float and isinstance(value, int):
            return value
        if isinstance(origin, type) and issubclass(origin, Enum) and value in {m.value for m in origin}:
            return origin(value)
    raise _Usage(f"{name}: {value!r} is not {' or '.join(getattr(k, '__name__', str(k)) for k in kinds)}")


def warm() -> None:
    """Import what the writing commands need, for a process that stays (`forsxl serve`) to pay for it before its
    first request rather than in it."""
    import forsxl.app.exchange
    import forsxl.app.versions
    import forsxl.app.workflow
    import forsxl.engine.pairing.methods  # noqa: F401  (every pairing method and its solver)


def answer(request: Any) -> dict[str, Any]:
    """The answer to one request of `forsxl serve` (docs/api.md): `command`, `book`, `copy_of`, `options`,
    `describe`, and an `id` given back."""
    if not isinstance(request, dict):
        return {"id": None, **Outcome(2, err=["a request is a JSON object"]).to_json()}
    options = request.get("options") or {}
    if not isinstance(options, dict) or options.get("watch") or request.get("command") == "web serve":
        outcome = Outcome(2, err=["options: a JSON object of the command's options (and no watch nor web serve: they "
                                  "never end)"])
    else:
        outcome = run(str(request.get("command")), request.get("book"), describe=bool(request.get("describe")),
                      copy_of=request.get("copy_of"), **options)
    return {"id": request.get("id"), **outcome.to_json()}
