"""Stages: a tournament played in stages, each with sections side by side (R7; [000], [002], [004]).

Config `stages.plan` holds the whole plan in one cell, `;` between stages, `|` between the sections of a stage::

    Qualification: fors, 4 rounds; Final: round_robin, top 8, restart | Main: fors, 2 rounds, rest

A section is `name: method` followed by any of: `N rounds` (fors only: the others follow from the entrants),
entrants (`all`, `top K`, `top half`, `rest`: the players of the previous stage not taken by the stage's other
section), order (`by standings`, `by rating`) and `carry` / `restart` (default `stages.carry`); a Russian workbook
writes them in Russian (`4 тура`, `все`, `лучшие 8`, `лучшая половина`, `остальные`, `по итогам`, `по рейтингу`,
`с очками`, `заново`), and both are read in any workbook.

The stage's rounds are numbered on from the previous stage's; every section sees its own part of them as a
tournament of its own (a *view*: its entrants, its rounds renumbered from 1, start points carried or fresh), so
the existing pairing, scheduling and standings run on it unchanged. The final table lists the last stage's
sections in order, then those who dropped out earlier, by the stage they dropped out of.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from forsxl.engine.config import Config, Entrants, PairingMethod, Playoff, Section, StagePlan, Stages
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Game, Player, PlayerId, Points, Round, RoundCell, Sitout, Tournament
from forsxl.engine.pairing.methods import FORS, KNOCKOUT, NEIGHBOURS, SCHEDULED, SECTION_METHODS
from forsxl.engine.playoff import _renumber, winner
from forsxl.engine.standings import Standing, standings
from forsxl.engine.teams import tournament_problems
from forsxl.engine.tournament import pair_round, round_to_pair, schedule_tournament, with_groups

_ROUNDS = re.compile(r"^(\d+)\s*(?:rounds?|тур(?:а|ов)?)$", re.IGNORECASE)
_TOP = re.compile(r"^(?:top|лучшие)\s+(\d+)$|^(?:top half|лучшая половина)$", re.IGNORECASE)
WORDS: dict[str, dict[str, Any]] = {
    "all": {"entrants": Entrants.ALL}, "все": {"entrants": Entrants.ALL},
    "rest": {"entrants": Entrants.REST}, "остальные": {"entrants": Entrants.REST},
    "by standings": {"by_rating": False}, "по итогам": {"by_rating": False},
    "by rating": {"by_rating": True}, "по рейтингу": {"by_rating": True},
    "carry": {"carry": True}, "с очками": {"carry": True}, "restart": {"carry": False}, "заново": {"carry": False},
}
"""A section's words, in English or in Russian, by the Section field each sets (R7)."""


def _scheduled(section: Section) -> bool:
    """Whether the section's rounds are all fixed when its stage starts (R7.5, R7.6)."""
    return SECTION_METHODS[section.method].scheduled


def _section(chunk: str) -> Section:
    name, colon, rest = chunk.partition(":")
    parts = [p.strip() for p in rest.split(",")]
    if parts[0].casefold() not in SECTION_METHODS:
        raise ValueError(chunk)
    section = Section(name.strip(), parts[0].casefold(), text=rest.strip())
    if not colon or not section.name:
        raise ValueError(chunk)
    for part in filter(None, parts[1:]):
        word = " ".join(part.casefold().split())
        if (rounds := _ROUNDS.match(word)) and section.method == FORS.name and int(rounds[1]) > 0:
            section = replace(section, rounds=int(rounds[1]))
        elif (top := _TOP.match(word)) and top[1] != "0":
            section = replace(section, entrants=Entrants.TOP, top=None if top[1] is None else int(top[1]))
        elif word in WORDS:
            section = replace(section, **WORDS[word])
        else:
            raise ValueError(part)
    if section.method == FORS.name and section.rounds is None:
        raise ValueError(chunk)  # a fors section says how many rounds it plays
    return section


def _stages(text: str) -> list[tuple[Section, ...]]:
    """Every stage of Config `stages.plan`, each its sections (R7); ValueError whose argument is the first part that
    does not fit. A stage is one section of `all` or `top` entrants, optionally followed by a `rest` section."""
    stages: list[tuple[Section, ...]] = []
    names: set[str] = set()
    for stage_text in (s.strip() for s in text.split(";")):
        if not stage_text:
            continue
        sections = tuple(_section(c.strip()) for c in stage_text.split("|"))
        kinds = [s.entrants for s in sections]
        if kinds not in ([Entrants.ALL], [Entrants.TOP], [Entrants.TOP, Entrants.REST]) or names & {
            s.name for s in sections
        } or len({s.name for s in sections}) < len(sections):
            raise ValueError(stage_text)
        names |= {s.name for s in sections}
        stages.append(sections)
    return stages


def parse_stage_plan(text: str) -> StagePlan:
    """Config `stages.plan` read once (R7); the first part that does not fit is named by `config_stage_bad`."""
    try:
        return StagePlan(tuple(_stages(text)))
    except ValueError as bad:
        raise ForsxlError("R7", "config_stage_bad", part=bad.args[0]) from None


@dataclass(frozen=True)
class SectionState:
    """A section of a started stage: its entrants in its order and the view it is played as."""

    section: Section
    stage: int
    first: int
    """The global number of the stage's first round."""
    rounds: int
    entrants: tuple[PlayerId, ...]
    view: Tournament
    schedule: tuple[Round, ...] = ()
    """A Serp or round robin section's rounds, numbered from 1, fixed when the stage starts."""

    def table(self) -> list[Standing]:
        """The section's standings (R6); a knockout's by the round each player went out in (R7)."""
        table = with_groups(self.view, standings(self.view))
        return knockout_order(self, table) if self.section.method == KNOCKOUT.name else table


@dataclass(frozen=True)
class StageState:
    number: int
    first: int
    sections: tuple[SectionState, ...]

    @property
    def last(self) -> int:
        """The global number of the stage's last round: its longest section's."""
        return self.first + max(s.rounds for s in self.sections) - 1


def _local(player: Player, first: int, carried: Points | None) -> Player:
    """The player as a section sees them: rounds counted from the stage's first, start points carried over."""
    absent = frozenset(r - first + 1 for r in player.absent if r >= first)
    left = None if player.left_after is None else player.left_after - first + 1
    start = player.start if carried is None else carried
    return replace(player, absent=absent, left_after=left, start=start)


def _view_config(config: Config, section: Section, rounds: int) -> Config:
    """The Config a section plays under: its rounds, its method; no playoff, superfinal or further stages."""
    pairing = config.pairing
    if _scheduled(section):
        pairing = replace(pairing, method=(PairingMethod(section.method),), until=())
    elif pairing.method[0] in SCHEDULED:  # a fors section of a Serp or round robin tournament pairs neighbours
        pairing = replace(pairing, method=(NEIGHBOURS.name,), until=())
    return replace(config, rounds=rounds, pairing=pairing, playoff=Playoff(), superfinal=False, stages=Stages())


def _section_rounds(t: Tournament, first: int, ids: frozenset[PlayerId], last: int) -> tuple[Round, ...]:
    """The section's part of rounds first..last, renumbered from 1."""
    return tuple(
        Round(r.number - first + 1, tuple(g for g in r.games if g.black in ids),
              tuple((pid, kind) for pid, kind in r.sitouts if pid in ids))
        for r in t.rounds if first <= r.number <= last
    )


def _knocked_out(rounds: Sequence[Round]) -> dict[PlayerId, int]:
    """The local round each knockout loser went out in (R7)."""
    out: dict[PlayerId, int] = {}
    for rnd in rounds:
        for game in rnd.games:
            if game.result is not None:
                out[game.opponent_of(winner(game, rnd.number))] = rnd.number
    return out


def _build_section(
    t: Tournament, stage: int, section: Section, entrants: Sequence[PlayerId], first: int,
    carried: Mapping[PlayerId, Points] | None,
) -> SectionState:
    points = carried if _carries(t, section) and carried is not None else {}
    players = tuple(_local(t.player(pid), first, points.get(pid)) for pid in entrants)
    if len(players) < 2:
        raise ForsxlError("R7", "stage_section_small", section=section.name, count=len(players))
    n = len(players)
    rounds = section.rounds or (math.ceil(math.log2(n)) if section.method == KNOCKOUT.name else 0)
    view = Tournament(_view_config(t.config, section, rounds), players)
    schedule: tuple[Round, ...] = ()
    if _scheduled(section):
        schedule = schedule_tournament(view, list(entrants)).rounds
        rounds = len(schedule)
        view = replace(view, config=replace(view.config, rounds=rounds))
    played = _section_rounds(t, first, frozenset(entrants), first + rounds - 1)
    if section.method == KNOCKOUT.name:  # a knockout loser leaves: no points for the rounds after
        out = _knocked_out(played)
        players = tuple(replace(p, left_after=out[p.id]) if p.id in out else p for p in players)
    view = replace(view, players=players, rounds=played)
    return SectionState(section, stage, first, rounds, tuple(entrants), view, schedule)


def _entrants(sections: Sequence[Section], pool: Sequence[PlayerId], t: Tournament) -> list[list[PlayerId]]:
    """Each section's entrants from the previous stage's order `pool`, in the section's order (R7)."""
    chosen: list[list[PlayerId]] = []
    for section in sections:
        if section.entrants == Entrants.TOP:
            count = len(pool) // 2 if section.top is None else section.top
            if count > len(pool):
                raise ForsxlError("R7", "stage_top_too_big", section=section.name, top=count, count=len(pool))
            ids = list(pool[:count])
        elif section.entrants == Entrants.REST:
            taken = {pid for ids in chosen for pid in ids}
            ids = [pid for pid in pool if pid not in taken]
        else:
            ids = list(pool)
        if section.by_rating:
            ids.sort(key=lambda pid: (-t.player(pid).rating, pid))
        chosen.append(ids)
    return chosen


def _stage(
    t: Tournament, number: int, sections: Sequence[Section], pool: Sequence[PlayerId], first: int,
    carried: Mapping[PlayerId, Points] | None,
) -> StageState:
    built = tuple(_build_section(t, number, section, ids, first, carried)
                  for section, ids in zip(sections, _entrants(sections, pool, t), strict=True))
    return StageState(number, first, built)


def stage_states(t: Tournament, upcoming: bool = False) -> list[StageState]:
    """The started stages in order, stage 1 always (R7); with `upcoming`, the next stage after them too.

    A stage has started once its first round is in the workbook. The next stage's entrants come from the
    previous stage's final order, so it can only be built once that stage is over.
    """
    plan = t.config.stages.plan.stages
    last = max((r.number for r in t.rounds), default=0)
    pool = [p.id for p in sorted(t.players, key=lambda p: (-p.rating, p.id))]
    carried: dict[PlayerId, Points] | None = None
    states: list[StageState] = []
    first = 1
    for number, sections in enumerate(plan, start=1):
        if states and first > last and not (upcoming and first == last + 1):
            break
        states.append(_stage(t, number, sections, pool, first, carried))
        if states[-1].first > last:
            break
        tables = [sec.table() for sec in states[-1].sections]
        pool = [s.player.id for table in tables for s in table]
        carried = {s.player.id: s.points for table in tables for s in table}
        first = states[-1].last + 1
    return states


def _global(rnd: Round, first: int, board: int) -> Round:
    """A section's local round as global round `first + number - 1`, boards from `board`."""
    games = tuple(replace(g, board=board + i) for i, g in enumerate(sorted(rnd.games, key=lambda g: g.board)))
    return Round(rnd.number + first - 1, games, rnd.sitouts)


def _merge(number: int, parts: Sequence[Round]) -> Round:
    return Round(number, tuple(g for p in parts for g in p.games), tuple(s for p in parts for s in p.sitouts))


def knockout_round(state: SectionState, local: int) -> Round:
    """A knockout round (R7): the players still in, by the section's order, meet fold-wise (best against worst
    still in) in even games, komi.even, the better seed White; an odd one out, the best seed, has a bye."""
    out = _knocked_out(state.view.rounds)
    alive = [pid for pid in state.entrants if pid not in out]
    sitouts: tuple[tuple[PlayerId, Sitout], ...] = ()
    if len(alive) % 2:
        sitouts, alive = ((alive[0], Sitout.BYE),), alive[1:]
    komi = state.view.config.komi.even
    half = len(alive) // 2
    games = tuple(Game(i + 1, alive[-1 - i], alive[i], 0, komi, 0, 1) for i in range(half))
    return Round(local, games, sitouts)


def knockout_order(state: SectionState, table: Sequence[Standing]) -> list[Standing]:
    """A knockout's places (R7): who went out later ranks higher, those out in the same round share places,
    listed by seed; the winner first once the last round is decided."""
    out = _knocked_out(state.view.rounds)
    seed = {pid: i for i, pid in enumerate(state.entrants)}
    by_id = {s.player.id: s for s in table}
    ordered = sorted(state.entrants, key=lambda pid: (-out.get(pid, state.rounds + 1), seed[pid]))
    rows: list[Standing] = []
    for pid in ordered:
        tied = [p for p in ordered if out.get(p) == out.get(pid)]
        first = ordered.index(tied[0]) + 1
        place = str(first) if len(tied) == 1 else f"{first}-{first + len(tied) - 1}"
        rows.append(by_id[pid]._replace(place=place))
    return rows


def _section_round(state: SectionState, local: int) -> Round:
    if _scheduled(state.section):
        return state.schedule[local - 1]
    view = replace(state.view, rounds=tuple(r for r in state.view.rounds if r.number < local))
    if state.section.method == KNOCKOUT.name:
        return knockout_round(replace(state, view=view), local)
    return pair_round(view, local)


def stage_round(state: StageState, number: int) -> Round:
    """Global round `number` of a stage: each section's round, boards numbered on section after section (R7)."""
    parts: list[Round] = []
    board = 1
    for section in state.sections:
        local = number - state.first + 1
        if local > section.rounds:
            continue
        part = _global(_section_round(section, local), state.first, board)
        board += len(part.games)
        parts.append(part)
    return _merge(number, parts)


def stage_round_to_pair(t: Tournament, number: int | None = None, force: bool = False) -> tuple[StageState, int]:
    """The stage and round `pair` may pair now (R7, R11): the next round of the current stage, as `round_to_pair`
    decides it; past the stage's last round, the next stage must be started with `forsxl stage --next`."""
    current = stage_states(t)[-1]
    pairing = replace(t.config.pairing, method=(NEIGHBOURS.name,), until=())
    shell = replace(t, config=replace(t.config, rounds=current.last, pairing=pairing, playoff=Playoff(),
                                      superfinal=False))
    try:
        return current, round_to_pair(shell, number, force)
    except ForsxlError as error:
        if error.code != "all_rounds_paired":
            raise
        raise ForsxlError("R7", "stage_over", stage=current.number, round=current.last) from None


def pair_stage(t: Tournament, number: int | None = None, force: bool = False) -> Round:
    """Round `number` (default: the next) of the current stage, each section by its method (R7)."""
    current, number = stage_round_to_pair(t, number, force)
    earlier = replace(t, rounds=tuple(r for r in t.rounds if r.number < number))
    state = next(s for s in stage_states(earlier, upcoming=True) if s.number == current.number)
    return stage_round(state, number)


def start_next_stage(t: Tournament) -> tuple[StageState, tuple[Round, ...]]:
    """Close the current stage and start the next (R7): its first round, or every round when all its sections are
    scheduled (Serp, round robin). Before round 1 this starts stage 1."""
    problems = tournament_problems(t)
    if problems:
        raise WorkbookErrors(problems)
    last = max((r.number for r in t.rounds), default=0)
    current = stage_states(t)[-1]
    if current.first <= last:
        missing = next((r for r in t.rounds if not r.complete), None)
        if current.last > last or missing is not None:
            raise ForsxlError("R7", "stage_not_over", stage=current.number, round=current.last,
                              missing=missing.number if missing else last + 1)
        current = stage_states(t, upcoming=True)[-1]
        if current.first <= last:
            raise ForsxlError("R7", "stage_none_left", stages=current.number)
    scheduled = all(_scheduled(s.section) for s in current.sections)
    numbers = range(current.first, (current.last if scheduled else current.first) + 1)
    return current, tuple(stage_round(current, n) for n in numbers)


@dataclass(frozen=True)
class StageTable:
    """One section's standings for the Standings sheet and the page (R7)."""

    stage: int
    section: Section
    first: int
    last: int
    rows: tuple[Standing, ...]


def stage_tables(t: Tournament) -> tuple[StageTable, ...]:
    """Every started section's standings, stage by stage, round cells numbered as in the workbook (R7)."""
    def row(s: Standing, first: int, knockout: bool) -> Standing:
        # a knockout loser has no part in the later rounds: no cell (blank), not a withdrawal's 0
        cells = tuple(c._replace(round=c.round + first - 1) for c in s.cells
                      if not (knockout and c.opponent is None and c.sitout is None))
        return s._replace(player=t.player(s.player.id), cells=cells)

    return tuple(StageTable(stage.number, sec.section, stage.first, stage.first + sec.rounds - 1,
                            tuple(row(s, stage.first, sec.section.method == KNOCKOUT.name) for s in sec.table()))
                 for stage in stage_states(t) for sec in stage.sections)


def staged_standings(t: Tournament, tables: Sequence[StageTable] | None = None) -> list[Standing]:
    """The final table of a staged tournament (R7, R6): the latest stage's sections in order, then the players who
    dropped out earlier, by the stage they dropped out of; ties inside a section stay shared. Each row's points
    and criteria are those of the last section the player played in; its round cells cover every round.

    `tables` are `stage_tables(t)` when the caller has them already (the report), so they are not computed twice."""
    tables = stage_tables(t) if tables is None else tables
    seen: set[PlayerId] = set()
    rows: list[Standing] = []
    for table in sorted(tables, key=lambda tb: -tb.stage):  # sorted() is stable: sections stay in order
        block = [s for s in table.rows if s.player.id not in seen]
        seen |= {s.player.id for s in block}
        rows += _renumber(block, len(rows) + 1)
    return [_overall_row(t, s, tables) for s in rows]


def _overall_row(t: Tournament, row: Standing, tables: Sequence[StageTable]) -> Standing:
    """A player's row of the final table: every round's cell, and as start the points before the last stage that
    started afresh, so that points = start + the cells from there on (R7)."""
    cells = _cells_of(t, row.player.id, tables)
    mine = [tb for tb in tables if any(s.player.id == row.player.id for s in tb.rows)]
    fresh = max((tb.first for tb in mine if tb.stage == 1 or not _carries(t, tb.section)), default=1)
    counted = sum((c.points for c in cells if c.round >= fresh and c.points is not None), Fraction(0))
    return row._replace(cells=cells, start=row.points - counted)


def _carries(t: Tournament, section: Section) -> bool:
    return t.config.stages.carry if section.carry is None else section.carry


def _cells_of(t: Tournament, pid: PlayerId, tables: Sequence[StageTable]) -> tuple[RoundCell, ...]:
    cells: dict[int, RoundCell] = {}
    for tb in tables:
        for s in tb.rows:
            if s.player.id == pid:
                cells.update({c.round: c for c in s.cells})
    return tuple(cells.get(r.number, RoundCell(r.number, None, None, None)) for r in t.rounds if not r.superfinal)
