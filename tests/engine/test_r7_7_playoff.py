"""R7.7: the playoff's seeding, bracket, final places, losers' return, and the main tournament beside it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest

from forsxl.engine.checks import check
from forsxl.engine.config import Config, Pairing, Playoff
from forsxl.engine.errors import ForsxlError, WorkbookErrors
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Tournament
from forsxl.engine.pairing.methods import ROUND_ROBIN
from forsxl.engine.playoff import bracket, final_standings, seeds
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round, round_to_pair

Decide = Callable[[Game], Result]


def field(count: int) -> tuple[Player, ...]:
    return tuple(Player(PlayerId(i), f"P{i}", 2400 - 60 * i) for i in range(1, count + 1))


def tournament(size: int, after: int, rounds: int, count: int = 16, **rules: bool) -> Tournament:
    return Tournament(Config(rounds=rounds, playoff=Playoff(size, after, **rules)), field(count))


def lower_number_wins(game: Game) -> Result:
    return Result.WHITE_WINS if game.white < game.black else Result.BLACK_WINS


def white_wins(game: Game) -> Result:
    """In the playoff the higher seed plays White: the favourite always goes through."""
    return Result.WHITE_WINS if game.stage else lower_number_wins(game)


def black_wins(game: Game) -> Result:
    """Every playoff game an upset."""
    return Result.BLACK_WINS if game.stage else lower_number_wins(game)


def play(t: Tournament, until: int, decide: Decide = lower_number_wins) -> Tournament:
    while len(t.rounds) < until:
        number = round_to_pair(t)
        rnd = pair_round(t, number)
        rnd = Round(rnd.number, tuple(replace(g, result=decide(g)) for g in rnd.games), rnd.sitouts)
        t = replace(t, rounds=(*t.rounds, rnd))
    return t


def stage_pairs(rnd: Round) -> list[tuple[str, int, int]]:
    """(label, White, Black) of each playoff board."""
    return [(g.stage, g.white, g.black) for g in rnd.games if g.stage]


def test_r7_7_quarter_finals_seeded_by_the_ranking() -> None:
    t = play(tournament(8, 3, 6), 3)
    order = [s.player.id for s in standings(t)][:8]
    assert list(seeds(t)) == order
    rnd = pair_round(t, 4)
    assert stage_pairs(rnd) == [(f"QF{i + 1}", order[i], order[7 - i]) for i in range(4)]
    playoff = [g for g in rnd.games if g.stage]
    assert [g.board for g in playoff] == [1, 2, 3, 4]
    assert all(g.steps == 0 and g.stones == 0 and g.komi == t.config.komi.even for g in playoff)
    main = [g for g in rnd.games if not g.stage]
    assert [g.board for g in main] == list(range(5, 9))
    assert {p for g in main for p in (g.black, g.white)} == {p.id for p in t.players} - set(order)


def test_r7_7_playoff_of_four_semi_finals_one_four_two_three() -> None:
    t = play(tournament(4, 2, 4, count=10), 2)
    order = list(seeds(t))
    assert stage_pairs(pair_round(t, 3)) == [("SF1", order[0], order[3]), ("SF2", order[1], order[2])]


@pytest.mark.parametrize("third_place", [True, False])
def test_r7_7_favourites_win_the_bracket_of_eight(third_place: bool) -> None:
    t = play(tournament(8, 3, 6, third_place=third_place), 6, white_wins)
    s = list(seeds(t))
    assert stage_pairs(t.rounds[4]) == [("SF1", s[0], s[3]), ("SF2", s[1], s[2])]
    final = [("F", s[0], s[1])] + ([("3rd", s[2], s[3])] if third_place else [])
    assert stage_pairs(t.rounds[5]) == final
    table = final_standings(t)
    ranking = [x.player.id for x in standings(t)]
    semis = s[2:4] if third_place else sorted(s[2:4], key=ranking.index)
    assert [x.player.id for x in table[:8]] == [*s[:2], *semis, *sorted(s[4:], key=ranking.index)]
    assert [x.place for x in table[:9]] == [str(i) for i in range(1, 10)]
    assert [x.player.id for x in table[8:]] == [p for p in ranking if p not in s]


def test_r7_7_upsets_progress_through_the_bracket() -> None:
    t = play(tournament(8, 3, 6), 6, black_wins)
    s = list(seeds(t))
    # QF winners are seeds 8, 7, 6, 5; SF1 = winner(1-8) v winner(4-5): 5 White, 8 Black
    assert stage_pairs(t.rounds[4]) == [("SF1", s[4], s[7]), ("SF2", s[5], s[6])]
    assert stage_pairs(t.rounds[5]) == [("F", s[6], s[7]), ("3rd", s[4], s[5])]
    table = final_standings(t)
    assert [x.player.id for x in table[:4]] == [s[7], s[6], s[5], s[4]]
    assert [m.label for m in bracket(t)] == ["QF1", "QF2", "QF3", "QF4", "SF1", "SF2", "F", "3rd"]


@pytest.mark.parametrize("third_place", [True, False])
def test_r7_7_playoff_of_four_final_places(third_place: bool) -> None:
    t = play(tournament(4, 2, 4, count=10, third_place=third_place), 4, black_wins)
    s = list(seeds(t))
    assert stage_pairs(t.rounds[3])[0] == ("F", s[2], s[3])
    table = final_standings(t)
    ranking = [x.player.id for x in standings(t)]
    third = [s[1], s[0]] if third_place else sorted(s[:2], key=ranking.index)
    assert [x.player.id for x in table[:4]] == [s[3], s[2], *third]
    assert len(table) == 10


def test_r7_7_places_wait_for_the_final() -> None:
    t = play(tournament(8, 3, 6), 5)
    assert final_standings(t) == standings(t)


@pytest.mark.parametrize("losers_return", [True, False])
def test_r7_7_quarter_final_losers_return(losers_return: bool) -> None:
    t = play(tournament(8, 3, 6, losers_return=losers_return), 5, white_wins)
    losers = set(seeds(t)[4:])
    semis = t.rounds[4]
    main = {p for g in semis.games if not g.stage for p in (g.black, g.white)}
    assert (losers <= main) == losers_return
    assert not losers & main or losers_return


def test_r7_7_everyone_plays_every_round_beside_the_playoff() -> None:
    t = play(tournament(8, 3, 6), 6)
    games = Counter(p for r in t.rounds for g in r.games for p in (g.black, g.white))
    assert set(games.values()) == {6}
    assert all(not r.sitouts for r in t.rounds)
    t = play(tournament(8, 3, 6, third_place=False), 6)
    assert set(Counter(p for r in t.rounds for g in r.games for p in (g.black, g.white)).values()) == {6}


def test_r7_7_a_playoff_game_needs_a_winner() -> None:
    t = play(tournament(8, 3, 6), 4)
    drawn = tuple(replace(g, result=Result.DOUBLE_FORFEIT) if g.stage == "QF2" else g for g in t.rounds[3].games)
    t = replace(t, rounds=(*t.rounds[:3], replace(t.rounds[3], games=drawn)))
    with pytest.raises(ForsxlError) as error:
        pair_round(t, 5)
    assert error.value.code == "playoff_not_decisive"


def test_r7_7_a_missing_bracket_result_is_round_incomplete() -> None:
    t = play(tournament(8, 3, 6), 4)
    games = tuple(replace(g, result=None) if g.stage == "QF3" else g for g in t.rounds[3].games)
    t = replace(t, rounds=(*t.rounds[:3], replace(t.rounds[3], games=games)))
    with pytest.raises(WorkbookErrors) as errors:
        round_to_pair(t)
    [error] = errors.value.errors
    assert error.code == "round_incomplete" and error.params["board"] == "QF3"


def test_r7_7_playoff_larger_than_the_field() -> None:
    t = play(tournament(8, 3, 6, count=6), 3)
    with pytest.raises(ForsxlError) as error:
        pair_round(t, 4)
    assert error.value.code == "playoff_too_big"


@pytest.mark.parametrize(
    ("config", "code"),
    [
        (Config(rounds=6, playoff=Playoff(6, 3)), "config_playoff_size"),
        (Config(rounds=6, playoff=Playoff(8, 4)), "config_playoff_rounds"),
        (Config(rounds=6, playoff=Playoff(4, 6)), "config_range"),
        (Config(rounds=6, playoff=Playoff(4, 0)), "config_range"),
        (Config(rounds=6, playoff=Playoff(8, 3), pairing=Pairing(method=(ROUND_ROBIN.name,))),
         "config_playoff_scheduled"),
    ],
)
def test_r7_7_config_checks(config: Config, code: str) -> None:
    assert code in [c for key, c, _ in check(config) if key.startswith("playoff.")]


def test_r7_7_config_without_playoff_is_fine() -> None:
    assert not check(Config(rounds=6, playoff=Playoff(8, 3)))
    assert not check(Config(rounds=2))
