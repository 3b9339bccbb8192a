"""The report: everything a command's outputs show, computed once from the tournament (R6, R7, R7.7, R7.8, R9).

The Standings, Teams, Prizes and Playoff sheets and the stage tables in the workbook, the results page and site, and
the exports all read one `Report`; none of them ranks, awards or draws a bracket itself (tests/test_layers.py checks
that book/, publish/ and formats/ import none of the functions a report is made of).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from forsxl.engine.model import PlayerId, RoundCell, Tournament
from forsxl.engine.norms import NormResult, rank_norms
from forsxl.engine.playoff import Match, bracket, final_places
from forsxl.engine.prizes import Award, award_prizes
from forsxl.engine.stages import StageTable, stage_tables, staged_standings
from forsxl.engine.standings import Standing, round_cells, standings
from forsxl.engine.system_by_size import final_superfinal
from forsxl.engine.teams import TeamStanding, team_standings
from forsxl.engine.tournament import with_groups


@dataclass(frozen=True)
class Report:
    """What the outputs show: the final table, and what stands beside it when Config asks for it."""

    table: tuple[Standing, ...]
    """The final table (R6): a staged tournament's (R7), else the standings with the places the playoff (R7.7) or
    the superfinal (R7.8) decided first."""
    stages: tuple[StageTable, ...] = ()
    """Every started section's standings, stage by stage (R7); empty without `stages.plan`."""
    awards: tuple[Award, ...] = ()
    """Each prize list's winners (R6); empty without `prizes.lists`."""
    norms: Mapping[PlayerId, NormResult] = field(default_factory=dict)
    """Each player's rank norm (R6), for those of a `norms.bands` band who played a game."""
    bracket: tuple[Match, ...] = ()
    """Every playoff game so far (R7.7)."""
    teams: tuple[TeamStanding, ...] = ()
    """The team standings (R9), when some player is in a team."""
    superfinal: tuple[PlayerId, PlayerId] | None = None
    """The two players of a superfinal that is due and not yet decided (R7.8)."""
    ranking: tuple[Standing, ...] = ()
    """The R6 standings of the regular rounds before any playoff, superfinal or stage places: what `explain`
    compares by; only when asked for."""
    cells: Mapping[PlayerId, Sequence[RoundCell]] = field(default_factory=dict)
    """Each player's cell in every round, the superfinal's too (R4, R5): what the round sheets show beside a bye or
    an absence (a late entrant's rounds credited once they play)."""


def make_report(t: Tournament, *, extras: bool = True, ranking: bool = False) -> Report:
    """The report of `t`, each part computed once (R6, R7, R7.7, R7.8, R9).

    A command whose outputs read only the final table (an export, `explain`) passes `extras=False` and is spared
    the superfinal, prizes, norms, bracket, teams and round cells. `ranking=True` keeps the R6 standings as well:
    the final table is made from them, so they cost nothing more, except in a staged tournament, whose table is the
    stages'.
    """
    if t.config.stages.plan:
        stages = stage_tables(t)
        table = staged_standings(t, stages)
        regular = standings(t) if ranking else []
    else:
        stages = ()
        regular = standings(t)
        table = final_places(t, regular)
    kept = tuple(regular) if ranking else ()
    if not extras:
        return Report(tuple(table), stages, ranking=kept)
    table = table if t.config.stages.plan else with_groups(t, table)  # a stage's sections have their own
    teams = team_standings(table) if any(p.team for p in t.players) else []
    return Report(tuple(table), stages, award_prizes(t, table), rank_norms(t.config, table), bracket(t),
                  tuple(teams), final_superfinal(t, table), kept, round_cells(t, t.rounds))
