"""The workbook's use cases: create and check it, pair a round or a whole schedule into it, start a stage, and
refresh what forsxl owns before the atomic save; and what the commands that only read it list."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from forsxl import __version__
from forsxl.book.awards import write_awards
from forsxl.book.config import KEYS, build_config, config_cell, preset_description, presets, yaml_value
from forsxl.book.describe import describe
from forsxl.book.edits import Edits
from forsxl.book.layout import EVENT_KEYS, new_player_columns, sheet_name
from forsxl.book.read import Book, load
from forsxl.book.rows import board_at, cell_of
from forsxl.book.save import save, writing
from forsxl.book.stages import write_stage_tables
from forsxl.book.write import (
    append_log,
    log_row,
    new_workbook,
    refresh_rounds,
    set_config,
    write_board,
    write_playoff,
    write_round,
    write_standings,
    write_teams,
)
from forsxl.engine.attendance import late_entry_problems, unscheduled_problems
from forsxl.engine.config import Config, get_key
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Round
from forsxl.engine.report import make_report
from forsxl.engine.scoring import both_results
from forsxl.engine.stages import pair_stage, stage_tables, start_next_stage
from forsxl.engine.teams import lift_candidates, team_lifts, tournament_problems
from forsxl.engine.tournament import (
    next_round,
    pair_round,
    recompute_board,
    round_to_pair,
    schedule_rounds_problem,
    schedule_tournament,
    stronger_holds_black,
)
from forsxl.engine.values import Lang
from forsxl.i18n import ntr, tr
from forsxl.messages import message, origin_text, text


@contextmanager
def editing(path: Path) -> Iterator[Book]:
    """The book at `path`, read under forsxl's writer lock, which stays held until the block ends, its save included:
    two commands started together on one workbook run one after the other, each on what the other saved."""
    with writing(path):
        yield load(path)


def refuse_over_book(book: Book, output: Path | None, code: str) -> None:
    """Raise error `code` naming the workbook when `output` is the workbook itself (or, for an .ods, the .xlsx it is
    saved as): a page, a site or an export written there would replace the tournament."""
    if output is not None and output.resolve() in {p.resolve() for p in (book.path, book.source) if p is not None}:
        raise ForsxlError("", code, path=output)


def pair_into(book: Book, number: int | None = None, force: bool = False) -> tuple[Round, str]:
    """Pair a round (R7) into a new round sheet; returns it and a line saying what changed."""
    t = book.tournament
    if t.config.stages.plan:  # R7: the round of the current stage, each section by its own method
        rnd = pair_stage(t, number, force)
        number = rnd.number
    else:
        number = round_to_pair(t, number, force)
        rnd = pair_round(t, number)
    book.tournament = replace(t, rounds=(*t.rounds[: number - 1], rnd))
    write_round(book, rnd)
    book.focus, book.round = {"sheet": book.round_sheets[number].sheet.title}, number
    without = ", ".join(t.player(pid).name for pid, _ in rnd.sitouts)
    line = ntr(book.lang, "round {number}: {count} board", "round {number}: {count} boards", len(rnd.games),
               number=number)
    return rnd, line + (tr(book.lang, "; without a game: {names}", names=without) if without else "")


def recompute_into(book: Book, number: int | None, board_text: str | None) -> str:
    """The board `board_text` of round `number` (default: the last), or the board of the row of the cell it names
    (`Тур-2!C5`), with its handicap recomputed for the players on it now (R2), written into its round sheet; says
    what it is now."""
    t = book.tournament
    if board_text is None:
        raise ForsxlError("R2", "board_needs_recompute")
    if cell_of(board_text) is not None:
        number, board = board_at(book, board_text)
    elif board_text.strip().isdigit():
        board = int(board_text)
    else:
        raise ForsxlError("R2", "board_option_bad", value=board_text)
    number = number or (t.rounds[-1].number if t.rounds else 1)
    game = recompute_board(t, number, board)
    write_board(book, number, game)
    book.round = number
    lang = book.lang
    return tr(lang, "round {number}, board {board}: {black} (Black) - {white}, {stones}, komi {komi}, {steps}",
              number=number, board=board, black=t.player(game.black).name, white=t.player(game.white).name,
              stones=ntr(lang, "{count} stone", "{count} stones", game.stones), komi=game.komi,
              steps=ntr(lang, "{count} step", "{count} steps", game.steps))


def finish(book: Book, command: str, changes: str) -> None:
    """Points in the round sheets, then the report's sheets (Standings, stages, Prizes, Playoff, Teams) and a Log
    row, then the atomic save."""
    if book.source is not None and book.path.exists():  # club.ods is saved as club.xlsx: never over another one
        raise ForsxlError("", "ods_target_exists", path=book.source, xlsx=book.path)
    report = make_report(book.tournament)
    refresh_rounds(book, report)
    write_standings(book, report)
    if book.tournament.config.stages.plan:
        write_stage_tables(book, report.stages)
    write_awards(book, report)
    if report.bracket:
        write_playoff(book, report.bracket)
    if any(p.team for p in book.tournament.players):
        write_teams(book, report.teams)
    changes += "".join(f"; {message(w, book.lang)}" for w in book.warnings)  # the Log keeps what was accepted
    append_log(book, datetime.now().isoformat(timespec="seconds"), command, __version__, changes)
    store(book, command, changes)


def store(book: Book, command: str, changes: str) -> None:
    """What the command wrote into the book, said as edits (book/describe.py, kept in `book.edits`) and saved:
    applied to the workbook it was read from, atomically; or not, for a book read to describe them."""
    book.edits = describe(book.workbook, book.package, command, changes, book.focus, book.round)
    if not book.describing:
        save(book.edits, book.path, book.read_as, book.package)


def schedule_into(book: Book) -> str:
    """Write a round robin or Serp whole (R7.5, R7.6): the Schedule sheet and every round; says what changed."""
    from forsxl.book.schedule import write_schedule

    if book.tournament.config.stages.plan:
        raise ForsxlError("R7", "stages_use_stage")
    schedule = schedule_tournament(book.tournament)
    book.tournament = replace(book.tournament, rounds=schedule.rounds)
    write_schedule(book, schedule)
    book.focus = {"sheet": sheet_name("schedule", book.lang)}
    games, lang = sum(len(r.games) for r in schedule.rounds), book.lang
    line = tr(lang, "schedule: {rounds}, {games}", rounds=ntr(lang, "{count} round", "{count} rounds",
              len(schedule.rounds)), games=ntr(lang, "{count} game", "{count} games", games))
    return "".join([line, *(f"; {message(w, lang)}" for w in schedule_rounds_problem(book.tournament))])


def stage_into(book: Book) -> str:
    """Close the current stage and start the next (R7): its first round, or all of them when every section is a
    Serp or round robin, written as round sheets; says what changed."""
    t = book.tournament
    stage, rounds = start_next_stage(t)
    for rnd in rounds:
        book.tournament = replace(book.tournament, rounds=(*book.tournament.rounds, rnd))
        write_round(book, rnd)
    book.focus, book.round = {"sheet": book.round_sheets[rounds[0].number].sheet.title}, rounds[0].number
    sections = ", ".join(f"{s.section.name} {len(s.entrants)}" for s in stage.sections)
    numbers = f"{rounds[0].number}" if len(rounds) == 1 else f"{rounds[0].number}-{rounds[-1].number}"
    return ntr(book.lang, "stage {stage} ({sections}): round {numbers} written",
               "stage {stage} ({sections}): rounds {numbers} written", len(rounds), stage=stage.number,
               sections=sections, numbers=numbers)


def create_book(path: Path, preset: str, lang: Lang, name: str, describing: bool = False) -> tuple[str, Edits | None]:
    """A new workbook at `path` from a preset (R12): Config, an empty Players sheet with headers, and Log; says so,
    and gives its edits when `describing` them instead of saving it."""
    config, _, errors = build_config([("preset", preset, None)])
    if errors:
        raise WorkbookErrors(errors, lang)
    rows = [("name", name or path.stem), ("date", ""), ("place", ""), ("preset", preset), ("rounds", config.rounds),
            ("lang", lang.value), *((key, "") for key in EVENT_KEYS)]
    with writing(path):  # two `new` at once: the second finds the first's workbook
        if path.exists():
            raise ForsxlError("", "file_exists", path=path)
        players, changes = sheet_name("players", lang), tr(lang, "created with preset {preset}", preset=preset)
        workbook = new_workbook(rows, lang, new_player_columns(config))
        log_row(workbook, lang, datetime.now().isoformat(timespec="seconds"), "new", __version__, changes)
        edits = describe(workbook, None, "new", changes, {"sheet": players, "cell": "B2"})
        if not describing:
            save(edits, path)
    return tr(lang, "{path}: created with preset {preset}; type the players into the {sheet} sheet", path=path,
              preset=preset, sheet=players), edits if describing else None


def check_book(book: Book) -> list[str]:
    """Every problem of the tournament raised at once (R9, R11, ...); else the lines to print: a warning for each
    game to be played where the stronger player holds Black with stones (R2.5), what each game won or lost by both
    scores (R11), the team lifts made and those to consider (R9), and a summary."""
    t = book.tournament
    unscheduled, no_game = unscheduled_problems(t)
    late = late_entry_problems(t, next_round(t)) if next_round(t) <= t.config.rounds else []
    problems = [*tournament_problems(t), *late, *unscheduled]
    if problems:
        raise WorkbookErrors(problems)
    declared = t.config.groups.declared
    lifted = team_lifts(t.players) if declared else []
    lifts = lift_candidates(t.players).items() if declared else ()
    by_category = [ForsxlError("R0", "category_rank", p.source, name=p.name, rank=p.rank, rating=p.rating,
                               category=p.category) for p in t.players if p.by_category]
    warnings = [*by_category, *schedule_rounds_problem(t), *no_game, *stronger_holds_black(t), *both_results(t)]
    return [*(message(w, book.lang) for w in warnings),
            *(text("team_lifted", book.lang, name=p.name, rating=p.rating, below=below, group=p.group)
              for p, below in lifted),
            *(text("team_lift", book.lang, group=group, names=", ".join(f"{p.name} ({p.rating})" for p in players))
              for group, players in lifts),
            tr(book.lang, "{path}: {players}, {rounds}, no problems", path=book.source or book.path,
               players=ntr(book.lang, "{count} player", "{count} players", len(t.players)),
               rounds=ntr(book.lang, "{count} round", "{count} rounds", len(t.rounds)))]


def standings_into(book: Book) -> str:
    """Points in the round sheets and Standings from the results typed so far (R4, R6), saved; says how many."""
    played = sum(1 for r in book.tournament.rounds for g in r.games if g.result is not None)
    standings = sheet_name("standings", book.lang)
    if standings not in book.workbook.sheetnames:  # the referee taken to a new sheet only, else left where they are
        book.focus = {"sheet": standings}
    finish(book, "standings", ntr(book.lang, "{count} result", "{count} results", played))
    return ntr(book.lang, "standings after {count} result", "standings after {count} results", played)


def stage_lines(book: Book) -> list[str]:
    """Each started section (R7): its stage, name and plan, its rounds, and its players in its standings' order."""
    return [tr(book.lang, "stage {stage} {name} ({plan}), rounds {first}-{last}: {players}", stage=table.stage,
               name=table.section.name, plan=table.section.text, first=table.first, last=table.last,
               players=", ".join(s.player.name for s in table.rows)) for table in stage_tables(book.tournament)]


def config_file(path: Path) -> dict[str, Any]:
    """The Config keys of a YAML file written as a preset is (`handicap.max_steps: 4`, one a line; a `description` is
    no key), as `simulate --compare`, `config --set` and `tune -o` share them (R12)."""
    try:
        loaded = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        loaded = None
    if not isinstance(loaded, dict):
        raise ForsxlError("R12", "config_file_bad", path=path)
    return {str(k): v for k, v in loaded.items() if k != "description"}


def sheet_keys(book: Book) -> list[tuple[str, Any]]:
    """The workbook's own Config entries: every key its Config sheet (not a preset or a default) set, as read."""
    return [(key, get_key(book.tournament.config, key)) for key, origin in book.origins.items()
            if origin != "default" and not origin.startswith("preset ")]


def config_over(book: Book, keys: Mapping[str, Any], replaced: Collection[str] = ()) -> Config:
    """The workbook's Config with `keys` over its Config sheet's (R12), as the sheet would read with them typed in;
    the sheet's own values of `replaced` give way too (a preset's keys, for `simulate --compare`). Every key that
    does not fit is a WorkbookErrors naming it."""
    keys = dict(keys)
    entries = [(key, value, None) for key, value in sheet_keys(book)
               if key not in keys and key not in replaced and key != "preset"]
    entries = [("preset", keys.pop("preset", book.tournament.config.preset), None), *entries]
    config, _, errors = build_config([*entries, *((k, v, None) for k, v in keys.items())], "default")
    if errors:
        raise WorkbookErrors(errors, book.lang)
    return config


def set_keys(specs: Sequence[str]) -> dict[str, Any]:
    """`config --set`'s values, in order, a later one winning: a YAML file of keys, or `key=value` as typed in a Config
    cell."""
    keys: dict[str, Any] = {}
    for spec in specs:
        key, equals, value = spec.partition("=")
        if Path(spec).is_file() or not equals:
            keys.update(config_file(Path(spec)))
        else:
            keys[key.strip()] = value.strip()
    return keys


def set_keys_into(book: Book, keys: Mapping[str, Any], command: str = "config") -> list[str]:
    """Type the keys into the Config sheet, each whose value changes (R12), checked first as the sheet will read
    them; standings recounted under them, a Log row, the atomic save. The lines to print: what changed, and that the
    rounds already paired keep the handicaps written in them."""
    lang, before = book.lang, book.tournament.config
    config = config_over(book, keys)
    changed = {key: get_key(config, key) for key in keys if get_key(config, key) != get_key(before, key)}
    if not changed:
        return [tr(lang, "{path}: Config has these values already; nothing written", path=book.path)]
    for key, value in changed.items():
        set_config(book, key, config_cell(value, lang))
    book.tournament = replace(book.tournament, config=replace(config, lang=before.lang))
    said = ", ".join(f"{key} = {yaml_value(value)}" for key, value in changed.items())
    finish(book, command, said)
    lines = [tr(lang, "{path}: Config: {changes}", path=book.path, changes=said)]
    if book.tournament.rounds:
        lines.append(ntr(lang, "{count} round was paired before: its handicaps stay as written, its points are "
                               "counted under the new keys", "{count} rounds were paired before: their handicaps "
                               "stay as written, their points are counted under the new keys",
                         len(book.tournament.rounds)))
    return lines


def config_lines(book: Book) -> list[str]:
    """The effective configuration as YAML (R12): each key's value, with its rule, what it does and where it came
    from (a Config cell, the preset, or the default)."""
    lang = book.lang
    return [f"{info.key}: {yaml_value(get_key(book.tournament.config, info.key))}  # {info.rule} {tr(lang, info.doc)} "
            f"[{origin_text(book.origins.get(info.key, 'default'), lang)}]" for info in KEYS.values()]


def preset_lines(lang: Lang) -> list[str]:
    """Each preset with the line on what it runs (R12), in `lang`."""
    return [f"{name}: {preset_description(name, lang)}" for name in presets()]
