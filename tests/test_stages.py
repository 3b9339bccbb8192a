"""Stages (R7; [000] qualification then final, [004] re-listing on day two and halving the field).

The engine tests play whole tournaments with a referee who always lets the higher rating win, so every
stage's entrants can be checked against standings computed independently of the stage machinery.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from typer.testing import CliRunner
from workbooks import run, type_players

from forsxl.book.config import build_config
from forsxl.cli import app
from forsxl.engine.config import Entrants, StagePlan, Stages
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Player, PlayerId, Result, Round, Tournament
from forsxl.engine.stages import (
    pair_stage,
    parse_stage_plan,
    stage_tables,
    staged_standings,
    start_next_stage,
)
from forsxl.engine.standings import standings

FESTIVAL = "Qualification: fors, 4 rounds; Final: round_robin, top 8, restart | Main: fors, 2 rounds, rest"


def _tournament(count: int, *entries: tuple[str, Any]) -> Tournament:
    config, _, errors = build_config([(k, v, None) for k, v in entries])
    assert not errors, errors
    return Tournament(config, tuple(Player(PlayerId(i), f"P{i}", 2400 - 50 * i) for i in range(1, count + 1)))


def _played(t: Tournament, rnd: Round) -> Tournament:
    """The round with the higher rating winning every game."""
    games = tuple(replace(g, result=Result.BLACK_WINS if t.player(g.black).rating > t.player(g.white).rating
                          else Result.WHITE_WINS) for g in rnd.games)
    return replace(t, rounds=(*t.rounds, replace(rnd, games=games)))


def _play_all(t: Tournament) -> Tournament:
    """Pair round after round; at each stage's end start the next, until none is left."""
    while True:
        try:
            t = _played(t, pair_stage(t))
            continue
        except ForsxlError as error:
            assert error.code == "stage_over", error
        try:
            _, rounds = start_next_stage(t)
        except ForsxlError as error:
            assert error.code == "stage_none_left", error
            return t
        for rnd in rounds:
            t = _played(t, rnd)


def _players(rnd: Round) -> set[PlayerId]:
    return {p for g in rnd.games for p in (g.black, g.white)} | {p for p, _ in rnd.sitouts}


def _plain(t: Tournament, rounds: int) -> list[PlayerId]:
    """The ranking after the first `rounds` rounds, as if there were no stages."""
    flat = replace(t, config=replace(t.config, stages=Stages()), rounds=t.rounds[:rounds])
    return [s.player.id for s in standings(flat)]


def test_r7_stage_plan_parsing() -> None:
    plan = parse_stage_plan(FESTIVAL)
    (qualification,), (final, main) = plan.stages
    assert (qualification.method, qualification.rounds, qualification.entrants) == ("fors", 4, Entrants.ALL)
    assert (final.method, final.entrants, final.top, final.carry) == ("round_robin", Entrants.TOP, 8, False)
    assert (main.name, main.rounds, main.entrants, main.carry) == ("Main", 2, Entrants.REST, None)
    ((day2,),) = parse_stage_plan("Day 2: serp, by rating, top half, carry").stages
    assert day2.by_rating and day2.top is None and day2.carry is True
    assert parse_stage_plan("") == StagePlan()
    assert str(plan) == FESTIVAL and parse_stage_plan(str(plan)) == plan


def test_r7_stage_plan_in_russian_words_reads_as_in_english() -> None:
    """A Russian workbook writes the plan in Russian (issue 30): the description asks for `N туров`."""
    russian = parse_stage_plan("Отбор: fors, 4 тура; Финал: round_robin, лучшие 8, заново, по рейтингу | "
                               "Прочие: fors, 2 тура, остальные; День 3: serp, лучшая половина, с очками, по итогам")
    english = parse_stage_plan("Отбор: fors, 4 rounds; Финал: round_robin, top 8, restart, by rating | "
                               "Прочие: fors, 2 rounds, rest; День 3: serp, top half, carry, by standings")
    fields = [[(s.name, s.method, s.rounds, s.entrants, s.top, s.by_rating, s.carry) for s in stage]
              for stage in russian.stages]
    assert fields == [[(s.name, s.method, s.rounds, s.entrants, s.top, s.by_rating, s.carry) for s in stage]
                      for stage in english.stages]
    assert fields[1][0][3:] == (Entrants.TOP, 8, True, False) and fields[2][0][3:] == (Entrants.TOP, None, False, True)


def test_r7_stage_plan_is_read_with_the_config() -> None:
    config, _, errors = build_config([("stages.plan", FESTIVAL, None)])
    assert not errors and config.stages.plan == parse_stage_plan(FESTIVAL)


@pytest.mark.parametrize("text", [
    "Open: fors", "Open: swiss, 3 rounds", "Open fors, 3 rounds", "A: fors, 3 rounds, top 0",
    "A: fors, 3 rounds; B: round_robin, rest", "A: fors, 3 rounds; B: round_robin, top 4 | C: fors, 2 rounds, top 2",
    "A: fors, 3 rounds; A: knockout, top 4", "A: serp, 5 rounds", "A: fors, 3 rounds, by name",
])
def test_r7_stage_plan_errors_name_the_part(text: str) -> None:
    with pytest.raises(ForsxlError) as bad:
        parse_stage_plan(text)
    assert bad.value.params["part"] in text
    _, _, errors = build_config([("stages.plan", text, None)])
    assert [(e.code, e.params["part"]) for e in errors] == [("config_stage_bad", bad.value.params["part"])]


def test_r7_stages_and_a_playoff_do_not_mix() -> None:
    _, _, errors = build_config([("preset", "fors-m", None), ("stages.plan", "A: fors, 3 rounds", None)])
    assert [e.code for e in errors] == ["config_stage_playoff"]


def test_r7_festival_four_fors_rounds_then_a_final_of_eight_beside_two_more_rounds() -> None:
    t = _play_all(_tournament(12, ("preset", "fors-club"), ("stages.plan", FESTIVAL)))
    assert [len(r.games) for r in t.rounds] == [6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 4]
    finalists = set(_plain(t, 4)[:8])
    rest = {p.id for p in t.players} - finalists
    final_games = Counter(frozenset((g.black, g.white)) for r in t.rounds[4:] for g in r.games
                          if g.black in finalists)
    assert set(final_games) == {frozenset(pair) for pair in combinations(finalists, 2)}  # everyone meets once
    assert set(final_games.values()) == {1}
    assert all(_players(r) == finalists | rest for r in t.rounds[4:6])
    assert all(_players(r) == finalists for r in t.rounds[6:])
    games = Counter(p for r in t.rounds for g in r.games for p in (g.black, g.white))
    assert {games[p] for p in rest} == {6} and {games[p] for p in finalists} == {11}
    table = staged_standings(t)
    assert [s.place for s in table] == [str(i) for i in range(1, 13)]
    assert {s.player.id for s in table[:8]} == finalists
    qualification, final, main = stage_tables(t)
    after_four = {s.player.id: s.points for s in qualification.rows}
    for s in table[8:]:  # the rest carry their points on (stages.carry defaults to yes)
        assert next(m.start for m in main.rows if m.player == s.player) == after_four[s.player.id]
        assert s.start == next(q.start for q in qualification.rows if q.player == s.player)
        assert s.points == s.start + sum(c.points for c in s.cells if c.points is not None)
        assert [str(c) for c in s.cells[6:]] == [""] * 5  # no part in rounds 7-11
    for s in table[:8]:  # the final restarts from start points: only its 7 rounds count
        assert s.start == next(f.start for f in final.rows if f.player == s.player) < after_four[s.player.id]
        assert s.points == s.start + sum(c.points for c in s.cells[4:] if c.points is not None)


def test_r7_serp_two_days_relisted_by_the_standings() -> None:
    # [004]: "on the second day everyone is re-listed and it starts again".
    t = _play_all(_tournament(10, ("preset", "serp"), ("serp.games", 4),
                              ("stages.plan", "Day 1: serp; Day 2: serp, by standings, restart")))
    day1, day2 = stage_tables(t)
    assert (day1.first, day1.last, day2.first, day2.last) == (1, 4, 5, 8)  # 10 players, 4 games: 4 rounds (R7.6)
    by_rating = [p.id for p in sorted(t.players, key=lambda p: -p.rating)]
    relisted = [s.player.id for s in day1.rows]
    assert relisted != by_rating  # the re-listing changes the order (P7 finishes 4th)

    def layout(rounds: tuple[Round, ...], order: list[PlayerId]) -> set[tuple[int, int]]:
        index = {pid: i for i, pid in enumerate(order)}
        return {tuple(sorted((index[g.black], index[g.white]))) for r in rounds for g in r.games}  # type: ignore[misc]

    assert layout(t.rounds[4:], relisted) == layout(t.rounds[:4], by_rating)  # the same Serp over the new list
    assert {s.player.id: s.start for s in day2.rows} == {s.player.id: s.start for s in day1.rows}  # restart


def test_r7_elimination_halves_the_field_every_two_rounds() -> None:
    plan = "Open: fors, 2 rounds; Half: fors, 2 rounds, top half; Quarter: fors, 2 rounds, top half"
    t = _play_all(_tournament(16, ("preset", "fors-club"), ("stages.plan", plan)))
    assert [len(_players(r)) for r in t.rounds] == [16, 16, 8, 8, 4, 4]
    assert _players(t.rounds[2]) == set(_plain(t, 2)[:8])
    table = staged_standings(t)
    half = stage_tables(t)[1]
    assert [s.player.id for s in table[4:8]] == [s.player.id for s in half.rows if s.player.id not in
                                                  _players(t.rounds[4])]
    assert [s.place for s in table] == [str(i) for i in range(1, 17)]


def test_r7_knockout_stage_halves_the_field_each_round() -> None:
    plan = "Qualification: fors, 3 rounds; Cup: knockout, top 6 | Rest: fors, 3 rounds, rest"
    t = _play_all(_tournament(12, ("preset", "fors-club"), ("stages.plan", plan)))
    seeds = _plain(t, 3)[:6]
    cup = [[(g.white, g.black) for g in r.games if g.black in seeds] for r in t.rounds[3:]]
    assert cup[0] == [(seeds[0], seeds[5]), (seeds[1], seeds[4]), (seeds[2], seeds[3])]  # 1-6, 2-5, 3-4
    assert len(cup[1]) == 1 and (seeds[0], "bye") in [(p, k.value) for p, k in t.rounds[4].sitouts]
    assert cup[2] == [(seeds[0], seeds[1])]  # the higher rating always wins
    assert all(g.steps == 0 for r in t.rounds[3:] for g in r.games if g.black in seeds)
    table = staged_standings(t)
    places = [(s.place, s.player.id) for s in table[:6]]
    assert places[:3] == [("1", seeds[0]), ("2", seeds[1]), ("3", seeds[2])]
    assert [p for p, _ in places[3:]] == ["4-6"] * 3
    assert all([str(c) for c in s.cells[4:]] == ["", ""] for s in table[3:6])  # out after round 4: blank cells


def test_r7_a_stage_is_closed_before_the_next_starts() -> None:
    t = _tournament(12, ("preset", "fors-club"), ("stages.plan", FESTIVAL))
    with pytest.raises(ForsxlError) as error:
        start_next_stage(_played(t, pair_stage(t)))
    assert error.value.code == "stage_not_over"
    for _ in range(4):
        t = _played(t, pair_stage(t))
    with pytest.raises(ForsxlError) as error:
        pair_stage(t)
    assert (error.value.code, dict(error.value.params)) == ("stage_over", {"stage": 1, "round": 4})
    stage, rounds = start_next_stage(t)
    assert stage.number == 2 and [r.number for r in rounds] == [5]  # a fors section: one round at a time
    assert [len(s.entrants) for s in stage.sections] == [8, 4]
    paired = replace(t, rounds=(*t.rounds, *rounds))
    assert pair_stage(paired, 5, force=True) == rounds[0]  # the stage's first round paired again, the same
    with pytest.raises(ForsxlError) as error:
        pair_stage(paired, 5)
    assert error.value.code == "round_already_paired"
    with pytest.raises(ForsxlError) as error:
        pair_stage(paired)  # round 5 has no results yet: said once, not board by board
    assert (error.value.code, error.value.params["round"]) == ("round_unplayed", 5)


def test_r7_festival_through_the_workbook(tmp_path: Path) -> None:
    path = tmp_path / "festival.xlsx"
    run("new", str(path), "--preset", "fors-club")
    book = openpyxl.load_workbook(path)
    book["Config"].append(["stages.plan", FESTIVAL])
    book.save(path)
    type_players(path, [{"Name": f"P{i}", "Rating": 2400 - 50 * i} for i in range(1, 13)])

    def results(number: int) -> None:
        book = openpyxl.load_workbook(path)
        for row in book[f"Round-{number}"].iter_rows(min_row=2):
            if row[2].value:
                black, white = (int(str(row[k].value)[1:]) for k in (1, 2))
                row[7].value = "B+" if black < white else "W+"
        book.save(path)

    for number in range(1, 5):
        run("pair", str(path))
        results(number)
    refused = CliRunner().invoke(app, ["pair", str(path)])
    assert refused.exit_code == 1 and "stage 1 ends with round 4" in refused.output and "--next" in refused.output
    assert "stage 2 (Final 8, Main 4): round 5 written" in run("stage", str(path), "--next")
    results(5)
    for number in range(6, 12):
        run("pair", str(path))
        results(number)
    run("standings", str(path))
    listing = run("stage", str(path))
    assert "stage 2 Final" in listing and "stage 2 Main" in listing
    book = openpyxl.load_workbook(path)
    cells = [row[0] for row in book["Standings"].iter_rows(values_only=True)]
    assert [c for c in cells if isinstance(c, str) and c.startswith("Stage")] == [
        "Stage 1, Qualification (fors, 4 rounds): rounds 1-4",
        "Stage 2, Final (round_robin, top 8, restart): rounds 5-11",
        "Stage 2, Main (fors, 2 rounds, rest): rounds 5-6",
    ]
    assert cells[1:13] == list(range(1, 13))
    page = tmp_path / "festival.html"
    run("publish", str(path), "-o", str(page))
    html = page.read_text(encoding="utf-8")
    assert 'id="stages"' in html and "Stage 2, Final: rounds 5–11" in html
    # the export lists the same final order as the Standings sheet: the final's places first
    standings_names = [row[3] for row in book["Standings"].iter_rows(min_row=2, max_row=13, values_only=True)]
    exported = run("export", str(path), "--format", "csv")
    lines = [line for line in exported.splitlines() if line.strip()][1:13]
    assert [next(name for name in standings_names if name in line.replace(",", ";").split(";"))
            for line in lines] == standings_names
