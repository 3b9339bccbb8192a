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
from forsxl.engine.standings import standings
from forsxl.messages import message
from forsxl.workflow import finish, pair_into

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
        return load(path)


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
    save(new_workbook(rows, lang, new_player_columns(config)), path)
    typer.echo(f"{path}: created with preset {preset}; type the players into the Players sheet")


@app.command()
def check(path: Workbook) -> None:
    """List every problem in the workbook, each with its cell and rule; exit 1 if there is any.

    Example: forsxl check club.xlsx
    """
    loaded = _load(path)
    t = loaded.tournament
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
    finish(loaded, "pair", changes)
    typer.echo(f"{path}: {changes}")


@app.command("standings")
def standings_command(path: Workbook) -> None:
    """Recompute the points in the round sheets and the Standings sheet from the results typed so far.

    Example: forsxl standings club.xlsx
    """
    loaded = _load(path)
    played = sum(1 for r in loaded.tournament.rounds for g in r.games if g.result is not None)
    finish(loaded, "standings", f"{played} results")
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
    page = render_html(loaded.tournament, standings(loaded.tournament))
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

