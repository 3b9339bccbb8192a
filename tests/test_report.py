"""The report (forsxl.engine.report): every part the outputs read, each computed once (R6, R7, R7.7, R7.8, R9).

The tournaments are built in memory, as the engine tests build them: nothing here reads a workbook.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from engine.test_r7_7_playoff import black_wins, play, tournament
from test_prizes import _tournament as prize_tournament
from test_stages import FESTIVAL, _play_all
from test_stages import _tournament as staged_tournament

import forsxl.engine.report as report_module
import forsxl.engine.stages as stages_module
from forsxl.engine.norms import rank_norms
from forsxl.engine.playoff import bracket, final_standings
from forsxl.engine.prizes import award_prizes
from forsxl.engine.report import Report, make_report
from forsxl.engine.stages import stage_tables, staged_standings
from forsxl.engine.standings import standings
from forsxl.engine.teams import team_standings


def test_r7_7_report_table_puts_the_playoff_places_first_and_keeps_the_ranking_when_asked() -> None:
    t = play(tournament(4, 2, 4, count=10), 4, black_wins)  # every playoff game an upset
    report = make_report(t, ranking=True)
    assert list(report.table) == final_standings(t)
    assert list(report.ranking) == standings(t)
    assert [s.player.id for s in report.table] != [s.player.id for s in report.ranking]
    assert report.bracket == bracket(t) != ()
    assert make_report(t).ranking == ()


def test_r7_7_report_without_extras_holds_the_table_alone() -> None:
    t = play(tournament(4, 2, 4, count=10), 4, black_wins)
    light = make_report(t, extras=False)
    assert light == Report(make_report(t).table)


def test_r6_report_holds_the_prizes_and_norms_of_the_final_table() -> None:
    t = prize_tournament("Wins: wins, 2 places; Givers: points_giving, 1", norms=("20k-1d: 40%/60%",))
    report = make_report(t)
    table = standings(t)
    assert report.awards == award_prizes(t, table) != ()
    assert report.norms == rank_norms(t.config, table) != {}
    assert report.teams == () and report.superfinal is None and report.stages == ()


def test_r9_report_holds_the_team_standings_when_a_player_is_in_a_team() -> None:
    t = prize_tournament("")
    t = replace(t, players=tuple(replace(p, team="North" if p.id % 2 else "South") for p in t.players))
    assert make_report(t).teams == tuple(team_standings(standings(t)))


def test_r7_report_of_a_staged_tournament_computes_the_stage_tables_once(monkeypatch: pytest.MonkeyPatch) -> None:
    t = _play_all(staged_tournament(12, ("preset", "fors-club"), ("stages.plan", FESTIVAL)))
    calls: list[Any] = []

    def counted(tournament: Any) -> Any:
        calls.append(tournament)
        return stage_tables(tournament)

    monkeypatch.setattr(report_module, "stage_tables", counted)
    monkeypatch.setattr(stages_module, "stage_tables", counted)
    report = make_report(t)
    assert len(calls) == 1
    monkeypatch.undo()
    assert report.stages == stage_tables(t) and list(report.table) == staged_standings(t)
    assert report.ranking == () and list(make_report(t, ranking=True).ranking) == standings(t)
