"""The command line: parse, load the workbook, one engine call, write, save, print (STYLE 12)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from forsxl.book import config as book_config
from forsxl.book.layout import new_player_columns
from forsxl.book.read import Book, load
from forsxl.book.save import save
from forsxl.book.write import new_workbook
from forsxl.engine.config import Lang, get_key
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.playoff import final_standings
from forsxl.engine.teams import lift_candidates, tournament_problems
from forsxl.messages import message, text
from forsxl.workflow import finish, pair_into, schedule_into

app = typer.Typer(help="Go handicap tournaments (Fors and friends) kept in an .xlsx workbook.", no_args_is_help=True)

Workbook = Annotated[Path, typer.Argument(help="The tournament workbook (.xlsx).", dir_okay=False)]
T = TypeVar("T")


def _fail(lines: list[str]) -> typer.Exit:
    for line in lines:
        typer.echo(line, err=True)
    return typer.Exit(1)


@contextmanager
def _errors(lang: Lang = Lang.EN) -> Iterator[None]:
    """Turn every ForsxlError into `Sheet!C7: message (rule)` lines and exit code 1; nothing is written."""
    try:
        yield
    except WorkbookErrors as problems:
        raise _fail([message(e, problems.lang or lang) for e in problems.errors]) from None
    except ForsxlError as error:
        raise _fail([message(error, lang)]) from None


def _load(path: Path) -> Book:
    with _errors():
        loaded = load(path)
    for warning in loaded.warnings:  # accepted, but a person should know (renames, late result edits, .ods)
        typer.echo(message(warning, loaded.lang), err=True)
    return loaded


def _run(loaded: Book, step: Callable[[], T]) -> T:
    with _errors(loaded.lang):
        return step()


@app.command()
def new(
    path: Workbook,
    preset: Annotated[str, typer.Option(help="Preset to start from (see `forsxl presets`).")] = "fors-club",
    lang: Annotated[Lang, typer.Option(help="Language of sheets and messages.")] = Lang.EN,
    name: Annotated[str, typer.Option(help="Tournament name (default: the file name).")] = "",
) -> None:
    """Create a workbook: Config, an empty Players sheet with headers, and Log.

    Example: forsxl new club.xlsx --preset fors-club --lang ru
    """
    with _errors(lang):
        if path.exists():
            raise ForsxlError("R0", "file_exists", path=path)
        config, _, errors = book_config.build_config([("preset", preset, None)])
        if errors:
            raise WorkbookErrors(errors)
    rows = [("name", name or path.stem), ("date", ""), ("place", ""), ("preset", preset),
            ("rounds", config.rounds), ("lang", lang.value)]
    with _errors(lang):
        save(new_workbook(rows, lang, new_player_columns(config)), path)
    typer.echo(f"{path}: created with preset {preset}; type the players into the Players sheet")


@app.command()
def check(path: Workbook) -> None:
    """List every problem in the workbook, each with its cell and rule; exit 1 if there is any.

    Example: forsxl check club.xlsx
    """
    loaded = _load(path)
    t = loaded.tournament
    with _errors(loaded.lang):
        problems = tournament_problems(t)
        if problems:
            raise WorkbookErrors(problems)
    for group, players in lift_candidates(t.players).items() if t.config.groups.declared else ():
        names = ", ".join(f"{p.name} ({p.rating})" for p in players)
        typer.echo(text("team_lift", loaded.lang, group=group, names=names))
    typer.echo(f"{path}: {len(t.players)} players, {len(t.rounds)} rounds, no problems")


@app.command()
def pair(
    path: Workbook,
    round: Annotated[int | None, typer.Option("--round", help="Round to pair (default: the next one).")] = None,
    force: Annotated[bool, typer.Option(help="Pair the last round again while it has no results.")] = False,
) -> None:
    """Pair the next round: start points, groups, pairing, handicaps -> Round-N, then Standings.

    Example: forsxl pair club.xlsx            (again: forsxl pair club.xlsx --round 3 --force)
    """
    loaded = _load(path)
    typer.echo(f"pairing {len(loaded.tournament.players)} players...", err=True)
    _rnd, changes = _run(loaded, lambda: pair_into(loaded, round, force))
    _run(loaded, lambda: finish(loaded, "pair", changes))
    typer.echo(f"{path}: {changes}")


@app.command()
def schedule(path: Workbook) -> None:
    """Write a round robin or Serp whole: the Schedule sheet and every Round-N sheet at once (R7.5, R7.6).

    Example: forsxl schedule rr.xlsx        (Config: pairing.method round_robin, or serp with serp.games 10)
    """
    loaded = _load(path)
    changes = _run(loaded, lambda: schedule_into(loaded))
    finish(loaded, "schedule", changes)
    typer.echo(f"{path}: {changes}")


@app.command("standings")
def standings_command(path: Workbook) -> None:
    """Recompute the points in the round sheets and the Standings sheet from the results typed so far.

    Example: forsxl standings club.xlsx
    """
    loaded = _load(path)
    played = sum(1 for r in loaded.tournament.rounds for g in r.games if g.result is not None)
    _run(loaded, lambda: finish(loaded, "standings", f"{played} results"))
    typer.echo(f"{path}: standings after {played} results")


@app.command()
def publish(
    path: Workbook,
    output: Annotated[Path, typer.Option("-o", "--output", help="The HTML file to write.")] = Path("results.html"),
) -> None:
    """Write one self-contained HTML page: standings and every round's pairings and results.

    Example: forsxl publish club.xlsx -o club.html
    """
    from forsxl.publish.html import render_html

    loaded = _load(path)
    page = render_html(loaded.tournament, final_standings(loaded.tournament))
    output.write_text(page, encoding="utf-8")
    typer.echo(f"{output}: written")


@app.command("config")
def config_command(path: Workbook) -> None:
    """Print the effective configuration as YAML: each key's value, what it does and where it came from.

    Example: forsxl config club.xlsx
    """
    loaded = _load(path)
    for info in book_config.KEYS.values():
        value = book_config.yaml_value(get_key(loaded.tournament.config, info.key))
        origin = loaded.origins.get(info.key, "default")
        typer.echo(f"{info.key}: {value}  # {info.rule} {info.doc} [{origin}]")


@app.command()
def presets() -> None:
    """List the presets with a line on what each runs.

    Example: forsxl presets
    """
    for name, keys in book_config.presets().items():
        typer.echo(f"{name}: {keys.get('description', '')}")


@app.command()
def demo(
    directory: Annotated[Path, typer.Argument(help="Where to write club.xlsx and club.html.", file_okay=False)] = Path(
        "forsxl-demo"),
    played: Annotated[int | None, typer.Option(help="Rounds to play (default: all).")] = None,
    lang: Annotated[Lang, typer.Option(help="Language of the workbook and the page.")] = Lang.RU,
    preset: Annotated[str, typer.Option(help="Preset to play (see `forsxl presets`).")] = "fors-club",
) -> None:
    """Run the bundled example: a 20-player club tournament with simulated results, and publish it.

    Example: forsxl demo            (writes forsxl-demo/club.xlsx and forsxl-demo/club.html)
             forsxl demo fm --preset fors-m --lang en
    """
    from forsxl.demo import run_demo

    with _errors(lang):
        workbook, page = run_demo(directory, played, lambda line: typer.echo(line, err=True), lang, preset)
    typer.echo(f"{workbook}: the tournament workbook\n{page}: the results page")



@app.command("import")
def import_command(
    path: Annotated[Path, typer.Argument(help="The tournament workbook (.xlsx); new for an OpenGotha file.",
                                         dir_okay=False)],
    source: Annotated[Path, typer.Argument(help="The file to import: CSV, EGD/AGA/FFG list, OpenGotha XML.",
                                           dir_okay=False)],
    format: Annotated[str, typer.Option("--format", help="auto, csv, egd, aga, ffg or opengotha.")] = "auto",
    only: Annotated[str, typer.Option(help="Comma-separated EGD PINs or names to take from a rating list.")] = "",
    lang: Annotated[Lang, typer.Option(help="Language of a workbook made from an OpenGotha file.")] = Lang.EN,
) -> None:
    """Add players from a CSV or rating list to Players (never twice), or make a workbook of an OpenGotha tournament.

    Example: forsxl import club.xlsx allworld_lp.html --only 13633719,10537560
             forsxl import ioct.xlsx ioct.xml          (the whole tournament, rounds and results)
    """
    from forsxl.exchange import import_file

    with _errors(lang):
        lines = import_file(path, source, format, only, lang)
    typer.echo("\n".join(lines))


@app.command("export")
def export_command(
    path: Workbook,
    format: Annotated[str, typer.Option("--format", help="egf (.h9), opengotha (.xml), csv or xlsx.")] = "egf",
    output: Annotated[Path | None, typer.Option("-o", "--output", help="The file to write (csv: stdout).")] = None,
    egf_class: Annotated[str, typer.Option(help="EGF class for CL[]: A, B, C, D (internet) or X.")] = "A",
    minutes: Annotated[int | None, typer.Option(help="EGF adjusted time in minutes for TM[].")] = None,
    keep_forfeits: Annotated[bool, typer.Option(help="Write forfeits as 12+!w0 instead of 0=.")] = False,
) -> None:
    """Write the results for a rating system or another program: EGF .h9, OpenGotha XML, CSV or a results .xlsx.

    Example: forsxl export club.xlsx --format egf -o club.h9 --egf-class B --minutes 90
    """
    from forsxl import __version__
    from forsxl.exchange import export_book
    from forsxl.formats.h9 import H9Options

    options = H9Options(egf_class.upper(), minutes, keep_forfeits, f"forsxl {__version__}")
    with _errors():
        text, _ = export_book(path, format, output, options)
    typer.echo(text, nl=not text.endswith("\n"))
