"""Answers to "why?" (forsxl.engine.explain): the tie-break comparison (R6), the reasons of each pair (R7, R2, R5)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import pairwise

import pytest
from tables import rounds_from_text

from forsxl.engine.config import (
    Config,
    Pairing,
    PairingMethod,
    Ratings,
    Scheme,
    Scoring,
    StartMethod,
    StartPoints,
    Swiss,
    Tiebreak,
    Weights,
)
from forsxl.engine.errors import ForsxlError
from forsxl.engine.explain import compare, comparisons_above, explain_round, find_player, neighbour_above
from forsxl.engine.model import Player, PlayerId, Result, Round, Tournament
from forsxl.engine.pairing.methods import METHODS, NEIGHBOURS, RATING_SHIFT, SHIFT, SWISS
from forsxl.engine.pairing.reasons import Reason
from forsxl.engine.standings import Standing, standings
from forsxl.engine.tournament import pair_round
from forsxl.engine.values import Rank

CRITERIA = (Tiebreak.POINTS, Tiebreak.WINS, Tiebreak.SOS, Tiebreak.RATING)


def standing(pid: int, place: str, *values: int) -> Standing:
    return Standing(Player(PlayerId(pid), f"P{pid}", 1000), place, Fraction(0), Fraction(values[0]),
                    dict(zip(CRITERIA, map(Fraction, values), strict=True)), ())


TABLE = [
    standing(1, "1", 12, 3, 40, 1500),
    standing(2, "2", 11, 3, 38, 1400),
    standing(3, "3", 11, 2, 45, 1900),
    standing(4, "4-5", 10, 2, 30, 1200),
    standing(5, "4-5", 10, 2, 30, 1200),
]


def test_r6_compare_goes_criterion_by_criterion_to_the_first_difference() -> None:
    c = compare(TABLE, PlayerId(3), PlayerId(2), CRITERIA)
    assert (c.upper.player.id, c.lower.player.id) == (2, 3)  # the higher-ranked comes first, whatever the order asked
    assert [(s.criterion, s.upper, s.lower, s.decides) for s in c.steps] == [
        (Tiebreak.POINTS, 11, 11, False), (Tiebreak.WINS, 3, 2, True)]
    assert c.decided_by == Tiebreak.WINS  # more SOS and rating do not matter once wins decided (R6: lexicographic)


def test_r6_comparisons_above_pair_each_player_with_the_one_above_and_the_leader_with_the_one_below() -> None:
    found = comparisons_above(TABLE, CRITERIA)
    assert {pid: (c.upper.player.id, c.lower.player.id) for pid, c in found.items()} == {
        1: (1, 2), 2: (1, 2), 3: (2, 3), 4: (3, 4), 5: (4, 5)}
    assert found[PlayerId(3)] == compare(TABLE, PlayerId(3), PlayerId(2), CRITERIA)
    assert comparisons_above(TABLE[:1], CRITERIA) == {}  # alone: nobody to compare with


def test_r6_compare_on_points_alone() -> None:
    c = compare(TABLE, PlayerId(1), PlayerId(2), CRITERIA)
    assert len(c.steps) == 1 and c.decided_by == Tiebreak.POINTS


def test_r6_compare_of_a_shared_place_lists_every_criterion() -> None:
    c = compare(TABLE, PlayerId(5), PlayerId(4), CRITERIA)
    assert c.decided_by is None
    assert [s.criterion for s in c.steps] == list(CRITERIA)
    assert (c.upper.place, c.lower.place) == ("4-5", "4-5")


def test_r6_compare_agrees_with_the_ranking_of_a_real_table() -> None:
    t = played(6, rounds=2)
    table = standings(t)
    for upper, lower in pairwise(table):
        c = compare(table, lower.player.id, upper.player.id, t.config.tiebreaks)
        assert c.upper == upper
        if c.decided_by is None:
            assert upper.place == lower.place
        else:
            assert c.steps[-1].upper > c.steps[-1].lower and all(s.upper == s.lower for s in c.steps[:-1])


def test_r6_neighbour_above() -> None:
    assert neighbour_above(TABLE, PlayerId(3)) == 2
    assert neighbour_above(TABLE, PlayerId(1)) == 2  # the leader is compared with the runner-up
    assert neighbour_above(TABLE[:1], PlayerId(1)) is None


@pytest.mark.parametrize(("typed", "expected"), [("p3", 3), ("P3", 3), ("3", 3), ("  p4 ", 4)])
def test_find_player(typed: str, expected: int) -> None:
    assert find_player([s.player for s in TABLE], typed).id == expected


def test_find_player_folds_names_as_the_workbook_does() -> None:
    """ё typed as е, a Latin look-alike, doubled spaces: one player, as in Players (name_key)."""
    players = [Player(PlayerId(1), "Захаров Пётр Ильич", 2000), Player(PlayerId(2), "Фёдорова Анна", 1900)]
    assert find_player(players, "захаров  Петр Ильич").id == 1
    assert find_player(players, "Федорова").id == 2
    assert find_player(players, "Фeдорова").id == 2  # a Latin e


@pytest.mark.parametrize(("typed", "code"), [("x", "explain_no_player"), ("P", "explain_ambiguous"),
                                             ("9", "explain_no_player")])
def test_find_player_refuses(typed: str, code: str) -> None:
    with pytest.raises(ForsxlError) as caught:
        find_player([s.player for s in TABLE], typed)
    assert caught.value.code == code


def tournament(count: int, method: PairingMethod = NEIGHBOURS.name, rounds: int = 4, **players: str) -> \
        Tournament:
    """`count` players rated 2000, 1900, ...: their start points keep them in rating order for a few rounds."""
    config = Config(
        name="why", rounds=rounds, scoring=Scoring(scheme=Scheme.WIN_LOSS), start=StartPoints(per=10),
        tiebreaks=(Tiebreak.POINTS, Tiebreak.RATING), pairing=Pairing(method=(method,)),
    )
    people = tuple(Player(PlayerId(i), f"P{i}", 2100 - 100 * i, team=players.get(f"team{i}", ""))
                   for i in range(1, count + 1))
    return Tournament(config, people)


def played(count: int, rounds: int, method: PairingMethod = NEIGHBOURS.name, **players: str) -> Tournament:
    """Rounds paired by the engine, the higher-rated (White, giving) always winning."""
    t = tournament(count, method, rounds + 1, **players)
    for number in range(1, rounds + 1):
        rnd = pair_round(t, number)
        games = tuple(replace(g, result=Result.WHITE_WINS) for g in rnd.games)
        t = replace(t, rounds=(*t.rounds, Round(number, games, rnd.sitouts)))
    return t


def with_round(t: Tournament, number: int) -> Tournament:
    return replace(t, rounds=(*t.rounds, pair_round(t, number)))


def codes(reasons: tuple[Reason, ...]) -> list[str]:
    return [r.code for r in reasons]


def test_r7_1_explains_the_rematch_that_was_avoided() -> None:
    """[000]: "if the top two have met, play 1-3, 2-4": board 1 says 2 was skipped for their round-1 game."""
    t = with_round(played(6, rounds=1), 2)
    why = explain_round(t, 2)
    first = why.pairs[0]
    assert (first.upper, first.lower) == (1, 3)
    assert (first.upper_position, first.lower_position) == (1, 3)
    assert first.reasons[0] == Reason("why_neighbours", {"upper": "P1", "lower": "P3"})
    assert first.reasons[1] == Reason("why_rematch", {"name": "P2", "round": 1})


def test_r7_1_every_skipped_player_has_a_reason() -> None:
    """Invariant: a pair's reasons name exactly the players between them in the ranking, each with a cause."""
    t = with_round(played(10, rounds=3), 4)
    why = explain_round(t, 4)
    order = [s.player.id for s in standings(t, before_round=4)]
    names = {p.id: p.name for p in t.players}
    for pair in why.pairs:
        between = order[order.index(pair.upper) + 1: order.index(pair.lower)]
        skipped = pair.reasons[1:]
        assert [r.params["name"] for r in skipped] == [names[p] for p in between]
        for pid, reason in zip(between, skipped, strict=True):
            if reason.code == "why_taken":
                other = next(p for p in why.pairs if pid in (p.upper, p.lower))
                assert order.index(other.upper) < order.index(pair.upper)
            elif reason.code == "why_rematch":
                assert frozenset((pair.upper, pid)) in {frozenset((g.black, g.white)) for r in t.rounds[:3]
                                                         for g in r.games}


def test_r9_team_mates_are_named_as_avoided() -> None:
    t = with_round(tournament(4, team1="Red", team2="Red"), 1)
    first = explain_round(t, 1).pairs[0]
    assert (first.upper, first.lower) == (1, 3)
    assert first.reasons[1] == Reason("why_teammates", {"name": "P2", "team": "Red"})


def test_r2_handicap_facts_match_the_game() -> None:
    t = with_round(played(6, rounds=1), 2)
    for pair, game in zip(explain_round(t, 2).pairs, t.rounds[1].games, strict=True):
        h = pair.handicap
        assert h.rules.difference == abs(t.player(pair.upper).rating - t.player(pair.lower).rating)  # R2.1 basis rating
        assert h.rules.computed == h.steps == game.steps and h.stones == game.stones and h.komi == game.komi
        assert pair.upper_points > pair.lower_points  # start points follow the ratings


def test_r7_2_shift_round_names_the_planned_partner() -> None:
    """Shift 3 over 8 players (R7.2): 1-4, 2-5, 3-6 in the first block of 6, then 7-8 with shift 1."""
    t = with_round(tournament(8, SHIFT.name, rounds=3), 1)
    why = explain_round(t, 1)
    assert [(p.upper, p.lower) for p in why.pairs] == [(1, 4), (2, 5), (3, 6), (7, 8)]
    assert [r.code for p in why.pairs for r in p.reasons] == ["why_shift_planned"] * 4
    assert why.pairs[0].reasons[0].params["shift"] == 3 and why.pairs[0].reasons[0].params["position"] == 4


def test_r7_3_rating_shift_names_the_target() -> None:
    t = with_round(tournament(6, RATING_SHIFT.name), 1)
    first = explain_round(t, 1).pairs[0]
    assert first.reasons[0].code == "why_rating_shift"
    assert first.reasons[0].params["target"] == 2000 - 250
    assert first.reasons[0].params["found"] == t.player(first.lower).rating


def test_r5_the_bye_and_who_had_one_before() -> None:
    t = with_round(played(5, rounds=1), 2)
    why = explain_round(t, 2)
    bye = t.rounds[1].sitouts[0][0]
    assert why.sitouts[0] == Reason("why_bye", {"name": t.player(bye).name})
    assert Reason("why_bye_had", {"name": "P5"}) in why.sitouts[1:]


def test_r5_the_bye_as_opengotha_gives_it_with_its_weights() -> None:
    """With OpenGotha's weights the bye is explained by its weight, rank + 2 x McMahon score + 1000 x byes, and each
    player ranked below the bye by theirs (a Swiss: 1 beat 2, 4 beat 3, 5 had the bye; 4 weighs least)."""
    players = tuple(Player(PlayerId(i), f"P{i}", 2000 - 100 * i, rank=Rank.parse(r))
                    for i, r in enumerate(("3d", "1k", "5k", "10k", "15k"), start=1))
    config = Config(rounds=3, scoring=Scoring(scheme=Scheme.WIN_LOSS), ratings=Ratings(declared_rank=True),
                    start=StartPoints(method=StartMethod.NONE), pairing=Pairing(method=(SWISS.name,)),
                    swiss=Swiss(weights=Weights.OPENGOTHA))
    t = with_round(Tournament(config, players, rounds_from_text("1: 2-1 W+, 4-3 B+, bye 5")), 2)
    why = explain_round(t, 2)
    weight = {"rank": -10, "score": Fraction(21), "byes": 0, "weight": 32}
    assert why.sitouts[0] == Reason("why_bye_gotha", {"name": "P4", **weight})
    assert why.sitouts[1:] == (
        Reason("why_bye_gotha_more", {"name": "P3", "rank": -5, "score": Fraction(25), "byes": 0, "weight": 45}),
        Reason("why_bye_gotha_more", {"name": "P2", "rank": -1, "score": Fraction(29), "byes": 0, "weight": 57}),
        Reason("why_bye_gotha_more", {"name": "P5", "rank": -15, "score": Fraction(16), "byes": 1, "weight": 1017}))


def test_r7_a_method_supplies_its_own_reasons(monkeypatch: pytest.MonkeyPatch) -> None:
    t = with_round(played(4, rounds=1), 2)
    neighbours = METHODS[NEIGHBOURS.name]
    monkeypatch.setitem(METHODS, NEIGHBOURS.name, replace(
        neighbours, reasons=lambda ctx: lambda a, b: (Reason("mine", {"pair": (ctx.name(a), ctx.name(b))}),)))
    assert explain_round(t, 2).pairs[0].reasons == (Reason("mine", {"pair": ("P1", "P3")}),)
    monkeypatch.setitem(METHODS, NEIGHBOURS.name, replace(neighbours, reasons=None))
    pair = explain_round(t, 2).pairs[0]
    assert pair.reasons == (Reason("why_method", {"method": "neighbours"}),)  # generic facts only
    assert pair.upper_position == 1 and pair.handicap.steps == t.rounds[1].games[0].steps


def test_r7_explain_an_unpaired_round_is_an_error() -> None:
    with pytest.raises(ForsxlError) as caught:
        explain_round(played(4, rounds=1), 2)
    assert caught.value.code == "explain_no_round"
