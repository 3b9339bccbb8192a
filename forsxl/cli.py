"""The command line: parse, one call of forsxl.api, print (STYLE 12)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from typer._click.exceptions import ClickException, NoArgsIsHelpError

from forsxl import api
from forsxl.book.read import peek_lang
from forsxl.engine.merge import Prefer
from forsxl.engine.probability import Model
from forsxl.engine.values import Lang
from forsxl.formats.registry import AUTO, EXPORTS, IMPORTS, RATING_SOURCES, choices
from forsxl.helptext import help_lang, show_usage_error, translate_help, typer_words
from forsxl.i18n import system_lang, tr

app = typer.Typer(help="Go handicap tournaments (Fors and friends) kept in an .xlsx workbook.", no_args_is_help=True)

Workbook = Annotated[Path, typer.Argument(help="The tournament workbook (.xlsx).", dir_okay=False, metavar="BOOK")]
LangOption = Annotated[Lang | None, typer.Option(
    help="Language of sheets, messages and pages (default: the system's).", show_default=False)]
# What simulate and tune play by: the same options, worded once.
ModelOption = Annotated[Model, typer.Option(help="Win probability: egf (the EGF formula), linear (the seeds'), "
                                                 "stronger (the stronger always wins).")]
SigmaOption = Annotated[float, typer.Option(min=0, help="Rating noise: true strength = rating + N(0, sigma).",
                                            metavar="POINTS")]
WorkersOption = Annotated[int, typer.Option(min=0, help="Processes to run on (0: every core).", metavar="COUNT")]


def _version(value: bool) -> None:
    if value:
        from forsxl import __version__

        typer.echo(f"forsxl {__version__}")
        raise typer.Exit()


@app.callback()
def main(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True, help="Print the version and exit.")] = False) -> None:
    """Go handicap tournaments (Fors and friends) kept in an .xlsx workbook."""


def run(args: Sequence[str]) -> None:
    """The command line: the typer app, its help and usage errors in the language of the workbook named in `args`,
    else the system's (issues 20, 30); the workbook is looked at for a language only when one of those is shown."""
    lang = help_lang(args, peek_lang) if "--help" in args or not args else Lang.EN
    command = typer.main.get_command(app)
    translate_help(command, lang)
    try:
        with typer_words(lang):
            code = command.main(list(args), prog_name="forsxl", standalone_mode=False)
    except ClickException as error:
        if not isinstance(error, NoArgsIsHelpError):  # `forsxl` alone: its help is printed already
            lang = help_lang(args, peek_lang)
            translate_help(command, lang)
            with typer_words(lang):
                show_usage_error(error, lang)
        raise SystemExit(error.exit_code) from None
    raise SystemExit(code or 0)


def _do(command: str, book: Path | None = None, **options: Any) -> api.Outcome:
    """Run `command` through forsxl.api, each line printed as it comes (stdout and stderr as the command says them);
    exit with its code unless that is 0."""
    progress = _Progress()
    try:
        outcome = api.run(command, book, echo=typer.echo, say=_say, progress=progress, **options)
    finally:
        progress.close()
    if outcome.code:
        raise typer.Exit(outcome.code)
    return outcome


def _say(line: str) -> None:
    """A line on stderr: progress, warnings and problems, apart from the output."""
    typer.echo(line, err=True)


class _Progress:
    """A progress bar on stderr, drawn once a command says how far it is (simulate)."""

    def __init__(self) -> None:
        self.bar: Any = None
        self.done = 0

    def __call__(self, done: int, total: int, label: str) -> None:
        if self.bar is None:
            self.bar = typer.progressbar(length=total, label=label, file=sys.stderr)
            self.bar.__enter__()
        self.bar.length = max(total, done)  # tune learns its total as the search goes
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)


@app.command()
def new(
    path: Workbook,
    preset: Annotated[str, typer.Option(help="Preset to start from (see `forsxl presets`).", metavar="PRESET")] = (
        "fors-club"),
    lang: LangOption = None,
    name: Annotated[str, typer.Option(help="Tournament name (default: the file name).", metavar="NAME")] = "",
) -> None:
    """Create a workbook: Config, an empty Players sheet with headers, and Log.

    Example: forsxl new club.xlsx --preset fors-club --lang ru
    """
    _do("new", path, preset=preset, lang=lang, name=name)


@app.command()
def check(path: Workbook) -> None:
    """List every problem in the workbook, each with its cell and rule; exit 1 if there is any.

    Example: forsxl check club.xlsx
    """
    _do("check", path)


@app.command()
def pair(
    path: Workbook,
    round: Annotated[int | None, typer.Option("--round", help="Round to pair (default: the next one).",
                                              metavar="ROUND")] = None,
    force: Annotated[bool, typer.Option("--force", help="Pair the last round again while it has no results.")] = False,
    board: Annotated[str | None, typer.Option(help="With --recompute: the board to recompute, by its number or by "
                                              "a cell of its row (Round-2!C5, its round then).",
                                              metavar="BOARD")] = None,
    recompute: Annotated[bool, typer.Option("--recompute", help="Recompute --board's handicap, komi and steps for the "
                                            "players now on it, after a referee swapped them (R2).")] = False,
) -> None:
    """Pair the next round: start points, groups, pairing, handicaps -> Round-N, then Standings.

    Example: forsxl pair club.xlsx            (again: forsxl pair club.xlsx --round 3 --force)
             forsxl pair club.xlsx --round 3 --board 5 --recompute
    """
    _do("pair", path, round=round, force=force, board=board, recompute=recompute)


@app.command()
def schedule(path: Workbook) -> None:
    """Write a round robin or Serp whole: the Schedule sheet and every Round-N sheet at once (R7.5, R7.6).

    Example: forsxl schedule rr.xlsx        (Config: pairing.method round_robin, or serp with serp.games 10)
    """
    _do("schedule", path)


@app.command()
def stage(
    path: Workbook,
    next_stage: Annotated[bool, typer.Option("--next", help="Close the current stage and start the next.")] = False,
) -> None:
    """Tournaments in stages (Config stages.plan, R7): show the stages so far, or with --next start the next one.

    Example: forsxl stage festival.xlsx --next     (then forsxl pair festival.xlsx for its further rounds)
    """
    _do("stage", path, next_stage=next_stage)


@app.command("standings")
def standings_command(path: Workbook) -> None:
    """Recompute the points in the round sheets and the Standings sheet from the results typed so far.

    Example: forsxl standings club.xlsx
    """
    _do("standings", path)


@app.command()
def merge(
    paths: Annotated[list[Path], typer.Argument(help="The last common version (optional), then the two copies.",
                                                dir_okay=False, metavar="[BASE] FIRST SECOND")],
    output: Annotated[Path, typer.Option("-o", "--output", help="The merged workbook to write.", dir_okay=False,
                                         metavar="BOOK")],
    prefer: Annotated[Prefer | None, typer.Option(help="Settle every conflict with the value of the first copy (a) "
                                                  "or the second (b).")] = None,
    resolve: Annotated[Path | None, typer.Option(help="Conflicts workbook: written when the merge stops, read back "
                                                 "once its last column says a or b.", dir_okay=False,
                                                 metavar="FILE")] = None,
) -> None:
    """Merge two copies of a workbook that two referees typed into; BASE, their last common version, lets one-sided
    edits win. Conflicts stop the merge with a table, unless --prefer or --resolve settles them.

    Example: forsxl merge club.bak.xlsx club-anna.xlsx club-boris.xlsx -o club.xlsx
    """
    _do("merge", copies=paths, output=output, prefer=prefer, resolve=resolve)


@app.command()
def history(path: Workbook) -> None:
    """List the earlier versions of the workbook that forsxl keeps, newest first: when each was saved, and the
    command that made it or that it was changed after (forsxl undo puts one back).

    Example: forsxl history club.xlsx
    """
    _do("history", path)


@app.command()
def undo(
    path: Workbook,
    to: Annotated[int | None, typer.Option("--to", min=1, help="The version to put back, numbered as forsxl history "
                                           "lists them (default: the one before the workbook as it is; run again to "
                                           "go further back).", metavar="VERSION")] = None,
) -> None:
    """Put an earlier version of the workbook back, whole. The workbook it replaces is kept as the newest version,
    so nothing is lost and an undo can itself be undone.

    Example: forsxl undo club.xlsx
             forsxl undo club.xlsx --to 3
    """
    _do("undo", path, to=to)


@app.command()
def publish(
    path: Workbook,
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="FILE.html: one self-contained page; a folder: the results site (default: "
        "results.html, or the folder BOOK-site when the site is sent to a host).", metavar="FILE|FOLDER")] = None,
    to: Annotated[str | None, typer.Option(
        "--to", help="Send the site to the club's host: sftp://, ftp://, ftps://, webdav://, webdavs://, s3:// or "
        "a git repository, git+ssh://... (docs/publish.md); kept in Config as publish.to (default: Config's).",
        metavar="URL")] = None,
    url: Annotated[str | None, typer.Option(
        "--url", help="The site's address as its readers open it, for the line printed and the QR codes; kept in "
        "Config as publish.url (default: Config's).", metavar="ADDRESS")] = None,
    qr: Annotated[bool, typer.Option("--qr", help="Print the QR code of the site's address in the terminal too.")] = (
        False),
    watch: Annotated[bool, typer.Option("--watch", help="Republish whenever the workbook is saved (Ctrl-C stops).")] = (
        False),
    interval: Annotated[float, typer.Option(help="--watch: seconds between looks at the workbook.",
                                            metavar="SECONDS")] = 1,
    show: Annotated[bool, typer.Option("--open", help="Then open the page in the browser.")] = False,
) -> None:
    """Write the results: one self-contained HTML page, or a small site of pages (standings, crosstable, rounds,
    a card per player, teams, playoff, regulation, charts), both in the workbook's language; with --to (or Config's
    publish.to), send the pages that changed to the club's host.

    Example: forsxl publish club.xlsx -o club.html
             forsxl publish club.xlsx -o site --watch
             forsxl publish club.xlsx --to sftp://club@example.org/www/results --url https://example.org/results/
    """
    _do("publish", path, output=output, to=to, url=url, qr=qr, blocks=_has_blocks(), watch=watch, interval=interval,
        show=show)


def _has_blocks() -> bool:
    """Whether standard output can print the block characters of a QR code (a Windows console in cp1251 cannot)."""
    try:
        "█▀▄".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


@app.command()
def login(
    address: Annotated[str, typer.Argument(help="The host's address, as publish --to takes it.", metavar="URL")],
) -> None:
    """Keep the password of a login to the club's host in the system's keyring, where publish --to finds it: never
    in the workbook (docs/publish.md).

    Example: forsxl login ftp://club@ftp.example.org/www/results
    """
    asked = _do("login", address=address)  # the login's name, to ask its password by
    password = typer.prompt(tr(system_lang(), "password of {login}", login=asked.data["login"]), hide_input=True)
    _do("login", address=address, password=password)


@app.command("print")
def print_command(
    path: Workbook,
    round: Annotated[int | None, typer.Option("--round", help="The round to print (default: the last one).",
                                              metavar="ROUND")] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="slips.html, or slips.pdf (printed by "
                                                "Chromium or Chrome); default: BOOK-round-N.html.",
                                                metavar="FILE")] = None,
    show: Annotated[bool, typer.Option("--open", help="Then open the slips in the browser or PDF viewer.")] = False,
) -> None:
    """Print a round: a result slip per board, four to an A4 page, to tick and sign, and everyone by name with
    board, colour, opponent and stones for the wall.

    Example: forsxl print club.xlsx --round 3 -o slips.pdf
    """
    _do("print", path, round=round, output=output, show=show)


@app.command("regulation")
def regulation_command(
    path: Workbook,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="regulation.html, or regulation.pdf (printed "
                                                "by Chromium or Chrome); default: BOOK-regulation.html.",
                                                metavar="FILE")] = None,
) -> None:
    """Print the regulation in prose, from the Config: who plays, start points, the handicap and its compensation,
    scoring, pairing, places, byes and absences, prizes, with this tournament's numbers.

    Example: forsxl regulation club.xlsx -o regulation.pdf
    """
    _do("regulation", path, output=output)


@app.command()
def explain(
    path: Workbook,
    player: Annotated[str, typer.Option("--player", help="Name (or a unique part, or start number, or a cell of "
                                        "the player's row: Standings!D5).", metavar="PLAYER")] = "",
    than: Annotated[str, typer.Option("--than", help="The other player, named the same ways (default: the one just "
                                      "above).", metavar="PLAYER")] = "",
    round: Annotated[int | None, typer.Option("--round", help="Why each pair of this round was formed.",
                                              metavar="ROUND")] = None,
) -> None:
    """Answer "why?": why one player ranks above another, criterion by criterion (R6), or why each pair of a round
    was formed: places, points, group, handicap, and what was avoided (R7, R2).

    Example: forsxl explain club.xlsx --player Ivanov          (why is the player above Ivanov there)
             forsxl explain club.xlsx --player Ivanov --than Petrov
             forsxl explain club.xlsx --round 3
    """
    _do("explain", path, player=player, than=than, round=round)


@app.command("config")
def config_command(
    path: Workbook,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="Type these keys into the Config sheet: a YAML file of keys, as a preset or forsxl tune -o "
        "writes one, or key=value (repeatable).", metavar="FILE|KEY=VALUE")] = None,
) -> None:
    """Print the effective configuration as YAML: each key's value, what it does and where it came from; with --set,
    type keys into the Config sheet (checked first, standings recounted, a Log row).

    Example: forsxl config club.xlsx
             forsxl config club.xlsx --set tuned.yaml --set handicap.max_steps=6
    """
    _do("config", path, set=set_)


@app.command()
def presets() -> None:
    """List the presets with a line on what each runs.

    Example: forsxl presets
    """
    _do("presets")


@app.command()
def demo(
    directory: Annotated[Path, typer.Argument(help="Where to write club.xlsx and club.html.", file_okay=False,
                                              metavar="FOLDER")] = Path("forsxl-demo"),
    played: Annotated[int | None, typer.Option(help="Rounds to play (default: all).", metavar="ROUNDS")] = None,
    lang: LangOption = None,
    preset: Annotated[str, typer.Option(help="Preset to play (see `forsxl presets`).", metavar="PRESET")] = (
        "fors-club"),
) -> None:
    """Run the bundled example: a 20-player club tournament with simulated results, and publish it.

    Example: forsxl demo            (writes forsxl-demo/club.xlsx and forsxl-demo/club.html)
             forsxl demo fm --preset fors-m --lang en
    """
    _do("demo", directory, played=played, lang=lang, preset=preset)



@app.command(hidden=True)
def serve() -> None:
    """Answer requests of forsxl.api, one JSON line each way on standard input and output, until the input ends:
    for a program that runs many commands (the forsxl menu in LibreOffice Calc). See docs/api.md.

    Example: forsxl serve < requests.jsonl
    """
    from forsxl.serve import serve as answer_lines

    answer_lines(sys.stdin.buffer, sys.stdout.buffer)


calc = typer.Typer(help="forsxl inside LibreOffice Calc: a forsxl menu and toolbar on the open workbook.\n\n"
                   "Example: forsxl calc install", no_args_is_help=True)
app.add_typer(calc, name="calc")
ProgramOption = Annotated[str | None, typer.Option(
    "--forsxl", help="The forsxl the menu runs: its program, or a Python that has forsxl (default: this one).",
    show_default=False, metavar="PROGRAM")]
ProfileOption = Annotated[Path | None, typer.Option(
    help="The LibreOffice user profile to install into (default: yours).", file_okay=False, show_default=False,
    metavar="FOLDER")]
UnopkgOption = Annotated[Path | None, typer.Option(
    help="LibreOffice's unopkg (default: found on the PATH or where LibreOffice installs it).", dir_okay=False,
    show_default=False, metavar="PROGRAM")]
SharedOption = Annotated[bool, typer.Option("--shared", help="For every user of this computer (needs the right to "
                                            "change LibreOffice's own folder).")]


@calc.command("build")
def calc_build(
    output: Annotated[Path, typer.Option("-o", "--output", help="The extension to write.", dir_okay=False,
                                         metavar="FILE")] = Path("forsxl.oxt"),
    program: ProgramOption = None,
) -> None:
    """Build the extension, to add by hand in LibreOffice's Tools › Extension Manager.

    Example: forsxl calc build -o forsxl.oxt
    """
    _do("calc build", output=output, program=program)


@calc.command("install")
def calc_install(shared: SharedOption = False, profile: ProfileOption = None, unopkg: UnopkgOption = None,
                 program: ProgramOption = None) -> None:
    """Put the forsxl menu and toolbar into LibreOffice Calc: for you, or with --shared for every user.

    Example: forsxl calc install
    """
    _do("calc install", shared=shared, profile=profile, unopkg=unopkg, program=program)


@calc.command("remove")
def calc_remove(shared: SharedOption = False, profile: ProfileOption = None, unopkg: UnopkgOption = None) -> None:
    """Take the forsxl menu out of LibreOffice Calc again.

    Example: forsxl calc remove
    """
    _do("calc remove", shared=shared, profile=profile, unopkg=unopkg)


web = typer.Typer(help="forsxl in a web page: nothing to install, the workbook never leaves the computer.\n\n"
                  "Example: forsxl web serve", no_args_is_help=True)
app.add_typer(web, name="web")
CacheOption = Annotated[Path | None, typer.Option(
    "--cache", help="Where the downloaded runtime and wheels are kept between builds (default: the user's cache "
    "folder).", file_okay=False, show_default=False, metavar="FOLDER")]


@web.command("build")
def web_build(
    output: Annotated[Path, typer.Option("-o", "--output", help="The folder to write the site into.", file_okay=False,
                                         metavar="FOLDER")] = Path("forsxl-web"),
    cache: CacheOption = None,
) -> None:
    """Write the web page as a static site that any web server serves: the page, the Python runtime (Pyodide),
    forsxl and its libraries, each downloaded once from its registry and checked against its pinned sha256.

    Example: forsxl web build -o site
    """
    _do("web build", output=output, cache=cache)


@web.command("serve")
def web_serve(
    folder: Annotated[Path | None, typer.Option("--dir", help="A folder forsxl web build wrote (default: the page "
                                                "built anew into the cache folder).", file_okay=False,
                                                show_default=False, metavar="FOLDER")] = None,
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port on 127.0.0.1.", metavar="PORT")] = 8000,
    cache: CacheOption = None,
) -> None:
    """Serve the web page on this computer (127.0.0.1) until Ctrl-C, and say its address to open in a browser.

    Example: forsxl web serve            (then open http://127.0.0.1:8000/)
    """
    _do("web serve", folder=folder, port=port, cache=cache)


@app.command("import")
def import_command(
    path: Annotated[Path, typer.Argument(help="The tournament workbook (.xlsx); new for an OpenGotha file.",
                                         dir_okay=False, metavar="BOOK")],
    source: Annotated[Path, typer.Argument(help="The file to import: CSV, EGD/AGA/FFG list, OpenGotha XML.",
                                           dir_okay=False, metavar="FILE")],
    format: Annotated[str, typer.Option("--format", help="The file's format (auto: told from its name and first "
                                        "bytes).", metavar=choices((AUTO, *IMPORTS)))] = AUTO,
    only: Annotated[str, typer.Option(help="Comma-separated EGD PINs or names to take from a rating list.",
                                      metavar="LIST")] = "",
    lang: Annotated[Lang | None, typer.Option(help="Language of a workbook made from an OpenGotha file (default: "
                                              "the system's).", show_default=False)] = None,
) -> None:
    """Add players from a CSV or rating list to Players (never twice), or make a workbook of an OpenGotha tournament.

    Example: forsxl import club.xlsx allworld_lp.html --only 13633719,10537560
             forsxl import ioct.xlsx ioct.xml          (the whole tournament, rounds and results)
    """
    _do("import", path, source=source, format=format, only=only, lang=lang)


@app.command("ratings")
def ratings_command(
    path: Workbook,
    source: Annotated[str | None, typer.Option(help="The federation's list: rfg (the Russian Go Federation), egd "
                                               "(the European Go Database), ffg (France) or aga (the USA).",
                                               metavar=choices(list(RATING_SOURCES)))] = None,
    file: Annotated[Path | None, typer.Option("--file", help="Read the list from this file (downloaded before), "
                                              "not from the federation's site.", dir_okay=False,
                                              metavar="FILE")] = None,
    date: Annotated[str | None, typer.Option("--date", help="The list as of this day: the one kept from then "
                                             "(default: today's, downloaded once a day; with --file: the day the "
                                             "list gives).", metavar="YYYY-MM-DD")] = None,
    url: Annotated[str | None, typer.Option("--url", help="Download the list from here instead (a mirror).",
                                            metavar="URL")] = None,
    add: Annotated[list[str] | None, typer.Option("--add", help="Add this player from the list to Players: a name, "
                                                  "in either script, or the list's id (repeatable).",
                                                  metavar="PLAYER")] = None,
    apply: Annotated[bool, typer.Option("--apply", help="Write the ratings ticked in Rating changes into Players.")] = (
        False),
    force: Annotated[bool, typer.Option("--force", help="With --apply: also for players who have played a round "
                                        "(Standings then says so).")] = False,
) -> None:
    """Compare the players' ratings with a federation's list (RFG, EGD, FFG, AGA): the list's values in a Rating
    list sheet, and those that differ in Rating changes, to tick; --apply writes the ticked ones into Players.

    Example: forsxl ratings club.xlsx --source rfg           (then tick rows in Rating changes)
             forsxl ratings club.xlsx --apply
             forsxl ratings club.xlsx --source egd --file allworld_lp.html --add 13633719
    """
    _do("ratings", path, source=source, file=file, date=date, url=url, add=add, apply=apply, force=force)


@app.command("export")
def export_command(
    path: Workbook,
    format: Annotated[str, typer.Option("--format", help="What to write: egf, the EGF's .h9; opengotha, OpenGotha's "
                                        ".xml; csv, the standings; xlsx, a results workbook.",
                                        metavar=choices(list(EXPORTS)))] = "egf",
    output: Annotated[Path | None, typer.Option("-o", "--output", help="The file to write (csv: stdout).",
                                                metavar="FILE")] = None,
    egf_class: Annotated[str, typer.Option(help="EGF class for CL[]: A, B, C, D (internet) or X.",
                                           metavar="CLASS")] = "A",
    minutes: Annotated[int | None, typer.Option(help="EGF adjusted time in minutes for TM[].", metavar="MINUTES")] = (
        None),
    keep_forfeits: Annotated[bool, typer.Option("--keep-forfeits", help="Write forfeits as 12+!w0 instead of 0=.")] = (
        False),
) -> None:
    """Write the results for a rating system or another program: EGF .h9, OpenGotha XML, CSV or a results .xlsx.

    Example: forsxl export club.xlsx --format egf -o club.h9 --egf-class B --minutes 90
    """
    _do("export", path, format=format, output=output, egf_class=egf_class, minutes=minutes,
        keep_forfeits=keep_forfeits)


@app.command()
def tune(
    path: Workbook,
    seed: Annotated[int | None, typer.Option(help="The same seed gives the same answer (default: random, printed).",
                                             metavar="NUMBER")] = None,
    candidates: Annotated[int, typer.Option(min=2, help="Regulations drawn to start the search.",
                                            metavar="COUNT")] = 96,
    runs: Annotated[int, typer.Option(min=2, help="Held-out runs that measure the finalists, the workbook's "
                                      "regulation and McMahon.", metavar="COUNT")] = 1000,
    finalists: Annotated[int, typer.Option(min=1, help="Regulations reported beside the workbook's and McMahon.",
                                           metavar="COUNT")] = 3,
    rounds: Annotated[int | None, typer.Option(min=1, help="Rounds to play (default: Config rounds).",
                                               metavar="ROUNDS")] = None,
    model: ModelOption = Model.EGF,
    sigma: SigmaOption = 100,
    prizes: Annotated[int, typer.Option(min=1, help="Top places whose changes are counted.", metavar="PLACES")] = 3,
    workers: WorkersOption = 0,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write the winner's keys to this YAML file, "
                                                "for simulate --compare and config --set.", metavar="FILE")] = None,
    page: Annotated[Path | None, typer.Option("--page", help="The HTML report to write (default: BOOK-tuning.html "
                                              "beside the workbook).", metavar="FILE")] = None,
    apply: Annotated[bool, typer.Option("--apply", help="Type the winner's keys into Config (before round 1, when "
                                        "the held-out runs keep it within the bias goal).")] = False,
) -> None:
    """Search the regulation the seeds leave to the organizer (start points, groups, handicap reduction and steps,
    scoring, correction) for the players in the workbook: the highest Kendall tau whose giver bias stays within
    ±0.5 points in every step cell, McMahon's tau the mark (R10, R12). The workbook is not changed unless --apply.

    Example: forsxl tune club.xlsx --seed 7 -o tuned.yaml
             forsxl simulate club.xlsx --compare tuned.yaml --from-start
    """
    _do("tune", path, seed=seed, candidates=candidates, runs=runs, finalists=finalists, rounds=rounds, model=model,
        sigma=sigma, prizes=prizes, workers=workers, output=output, page=page, apply=apply)


@app.command()
def simulate(
    path: Workbook,
    runs: Annotated[int, typer.Option(min=1, help="How many times to play the tournament.", metavar="COUNT")] = 1000,
    rounds: Annotated[int | None, typer.Option(min=1, help="Rounds to play (default: Config rounds).",
                                               metavar="ROUNDS")] = None,
    seed: Annotated[int | None, typer.Option(help="The same seed gives the same report (default: random).",
                                             metavar="NUMBER")] = None,
    compare: Annotated[list[str] | None, typer.Option(
        help="A preset, or a YAML file of Config keys over the workbook's, to run side by side (repeatable).",
        metavar="PRESET|FILE")] = None,
    from_start: Annotated[bool, typer.Option("--from-start", help="Play every round anew, not only the rounds still "
                                             "to play.")] = False,
    model: ModelOption = Model.EGF,
    sigma: SigmaOption = 100,
    prizes: Annotated[int, typer.Option(min=1, help="Prize places to give the chances of.", metavar="PLACES")] = 3,
    workers: WorkersOption = 0,
    no_write: Annotated[bool, typer.Option("--no-write", help="Leave the workbook as it is: no Simulation sheet.")] = (
        False),
    output: Annotated[Path | None, typer.Option("-o", "--output", help="The HTML report to write "
                                                "(default: BOOK-simulation.html beside the workbook).",
                                                metavar="FILE")] = None,
) -> None:
    """Play the tournament many times with simulated results (R10): each player's expected place and prize chances,
    how well the ranking follows strength, how fair the handicap compensation is; side by side with --compare.

    Example: forsxl simulate club.xlsx --runs 1000 --seed 7 --compare fors-2009 --compare tweak.yaml
    """
    _do("simulate", path, runs=runs, rounds=rounds, seed=seed, compare=compare, from_start=from_start, model=model,
        sigma=sigma, prizes=prizes, workers=workers, no_write=no_write, output=output)
