"""R8: the renju weekly format by the number of players; R7.8: the superfinal."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from forsxl.engine.config import Config, RoundRobin, StartPoints, Tiebreak, TopStart
from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, Player, PlayerId, Result, Round, Sitout, Tournament
from forsxl.engine.pairing.methods import ROUND_ROBIN, SWISS
from forsxl.engine.playoff import final_standings
from forsxl.engine.scored import as_scored
from forsxl.engine.standings import Standing, standings
from forsxl.engine.system_by_size import final_superfinal, finished, format_by_size, superfinal, swiss_by_size
from forsxl.engine.tournament import pair_round, round_to_pair


@pytest.mark.parametrize(("n", "system", "cycles", "rounds"), [
    (4, "round_robin", 2, 6), (5, "round_robin", 2, 10), (6, "round_robin", 2, 10), (7, "round_robin", 1, 7),
    (10, "round_robin", 1, 9), (11, "swiss", 0, 7), (15, "swiss", 0, 7), (16, "swiss", 0, 9),
    (31, "swiss", 0, 9), (32, "swiss", 0, 11), (63, "swiss", 0, 11),
])
def test_r8_format_by_size(n: int, system: str, cycles: int, rounds: int) -> None:
    chosen = format_by_size(n)
    assert (chosen.system, chosen.cycles, chosen.rounds) == (system, cycles, rounds)


def test_r8_fewer_than_four_not_held() -> None:
    with pytest.raises(ForsxlError) as error:
        format_by_size(3)
    assert error.value.code == "too_few_players"


@pytest.mark.parametrize(("count", "noted"), [(10, False), (11, True)])
def test_r8_renju_weekly_over_ten_players_becomes_a_swiss_and_says_so(count: int, noted: bool) -> None:
    config = Config(pairing=replace(Config().pairing, method=(ROUND_ROBIN.name,)),
                    round_robin=RoundRobin(by_size=True), tiebreaks=(Tiebreak.POINTS, Tiebreak.DIRECT, Tiebreak.RATING))
    typed = Tournament(config, tuple(Player(PlayerId(i), f"P{i}", 2000 - i) for i in range(1, count + 1)))
    played, notes = swiss_by_size(typed)
    if not noted:
        assert (played, notes) == (typed, [])
        return
    assert played.config.pairing.method == (SWISS.name,) and played.config.rounds == 7
    (note,) = notes
    assert (note.rule, note.code) == ("R8", "renju_swiss")
    assert dict(note.params) == {"count": 11, "rounds": 7, "tiebreaks": "points, progress, buchholz, rating"}


@pytest.mark.parametrize(("count", "forfeited"), [(6, True), (12, False)])
def test_r8_the_format_comes_before_a_withdrawals_forfeits(count: int, forfeited: bool) -> None:
    """A renju weekly scores its games by the format it plays (R8): 6 players play a round robin, where the games
    of one who left are forfeits (R5); 12 play a Swiss, paired round by round, where an open game stays open."""
    config = Config(pairing=replace(Config().pairing, method=(ROUND_ROBIN.name,)),
                    round_robin=RoundRobin(by_size=True), tiebreaks=(Tiebreak.POINTS, Tiebreak.RATING))
    players = tuple(Player(PlayerId(i), f"P{i}", 2000 - i, left_after=1 if i == 1 else None)
                    for i in range(1, count + 1))
    open_game = Game(1, PlayerId(1), PlayerId(2), 0, Fraction(0), 0, 1)
    played = Game(2, PlayerId(3), PlayerId(4), 0, Fraction(0), 0, 1, Result.BLACK_WINS)
    rest = [PlayerId(i) for i in (2, *range(4, count + 1))]
    first = (Game(1, PlayerId(1), PlayerId(3), 0, Fraction(0), 0, 1, Result.BLACK_WINS),
             *(Game(2 + i, a, b, 0, Fraction(0), 0, 1, Result.BLACK_WINS)
               for i, (a, b) in enumerate(zip(rest[::2], rest[1::2], strict=True))))
    typed = Tournament(config, players, (Round(1, first), Round(2, (open_game, played))))
    scored, notes = as_scored(typed)
    assert (scored.config.pairing.method[0] == SWISS.name) is not forfeited
    assert scored.rounds[1].games[0].result == (Result.WHITE_FORFEIT if forfeited else None)
    assert [note.code for note in notes] == (["withdrawal_forfeits"] if forfeited else ["renju_swiss"])


def test_r7_8_superfinal_two_highest_rated_of_the_tied() -> None:
    ranking = [(PlayerId(1), "1-3", 1500), (PlayerId(2), "1-3", 1700), (PlayerId(3), "1-3", 1600),
               (PlayerId(4), "4", 1900)]
    assert superfinal(ranking) == (PlayerId(2), PlayerId(3))
    assert superfinal([(PlayerId(1), "1", 1500), (PlayerId(2), "2", 1700)]) is None


def _tournament(superfinal: bool, results: tuple[Result | None, ...], rounds: int = 1) -> Tournament:
    players = (Player(PlayerId(1), "A", 1500), Player(PlayerId(2), "B", 1700), Player(PlayerId(3), "C", 1600))
    config = Config(rounds=rounds, tiebreaks=(Tiebreak.POINTS,), superfinal=superfinal)
    games = tuple(Game(1, PlayerId(1), PlayerId(2), 0, Fraction(0), 0, 1, result) for result in results[:1])
    return Tournament(config, players, (Round(1, games, ((PlayerId(3), Sitout.ABSENT),)),))


def _table(t: Tournament) -> list[Standing]:
    """Everyone shares first place on every criterion before rating, which the superfinal never reads."""
    values = {c: Fraction(0) for c in t.config.tiebreaks if c != Tiebreak.RATING}
    return [Standing(p, "1-3", Fraction(0), Fraction(0), values, ()) for p in t.players]


def test_r7_8_final_superfinal_only_when_asked_and_finished() -> None:
    done = _tournament(True, (Result.BLACK_WINS,))
    assert finished(done)
    assert final_superfinal(done, _table(done)) == (PlayerId(2), PlayerId(3))
    off = _tournament(False, (Result.BLACK_WINS,))
    assert final_superfinal(off, _table(off)) is None
    pending = _tournament(True, (None,))
    assert not finished(pending) and final_superfinal(pending, _table(pending)) is None
    short = _tournament(True, (Result.BLACK_WINS,), rounds=3)  # rounds still to pair
    assert not finished(short) and final_superfinal(short, _table(short)) is None


def _tied_four(*superfinal: Result | None) -> Tournament:
    """Four players, two rounds, one win each: tied for first on points; then the superfinal games so far (R7.8)."""
    players = tuple(Player(PlayerId(i), f"P{i}", 2100 - 100 * i) for i in range(1, 5))
    no_start = StartPoints(per=100000, lower_below=None, top=TopStart.RATING, min=0)  # as renju-weekly
    config = Config(rounds=2, tiebreaks=(Tiebreak.POINTS,), superfinal=True, start=no_start)

    def game(board: int, black: int, white: int) -> Game:
        return Game(board, PlayerId(black), PlayerId(white), 0, Fraction(0), 0, 1, Result.BLACK_WINS)

    rounds = [Round(1, (game(1, 1, 2), game(2, 3, 4))), Round(2, (game(1, 2, 1), game(2, 4, 3)))]
    t = Tournament(config, players, tuple(rounds))
    for result in superfinal:
        number = round_to_pair(t)
        rnd = pair_round(t, number)
        rnd = replace(rnd, games=tuple(replace(g, result=result) for g in rnd.games))
        t = replace(t, rounds=(*t.rounds, rnd))
    return t


def test_r7_8_pair_offers_the_match_alone() -> None:
    t = _tied_four()
    assert final_superfinal(t, standings(t)) == (PlayerId(1), PlayerId(2))
    number = round_to_pair(t)
    rnd = pair_round(t, number)
    assert number == 3 and not rnd.sitouts and rnd.superfinal
    (game,) = rnd.games
    assert (game.stage, game.board, game.white, game.black, game.steps, game.stones) == ("SUP1", 1, 1, 2, 0, 0)
    assert game.komi == t.config.komi.even
    second = pair_round(_tied_four(Result.BLACK_WINS), 4).games[0]
    assert (second.stage, second.white, second.black) == ("SUP2", 2, 1)  # colours alternate


def test_r7_8_third_game_only_when_one_all() -> None:
    with pytest.raises(ForsxlError) as error:
        round_to_pair(_tied_four(Result.WHITE_WINS, Result.BLACK_WINS))  # P1 won both
    assert error.value.code == "superfinal_decided"
    level = _tied_four(Result.WHITE_WINS, Result.WHITE_WINS)  # one each
    assert pair_round(level, round_to_pair(level)).games[0].stage == "SUP3"
    drawn = _tied_four(Result.DRAW, Result.WHITE_WINS)  # a draw counts for nobody: the match goes on
    assert pair_round(drawn, round_to_pair(drawn)).games[0].stage == "SUP3"
    pending = _tied_four(None)
    with pytest.raises(ForsxlError) as error:
        round_to_pair(pending)
    assert error.value.code == "round_unplayed"


@pytest.mark.parametrize(("results", "first", "second"), [
    ((Result.WHITE_WINS, Result.BLACK_WINS), 1, 2),  # 2-0
    ((Result.WHITE_WINS, Result.WHITE_WINS, Result.BLACK_WINS), 2, 1),  # 2-1
    ((Result.BLACK_WINS, Result.DRAW, Result.BLACK_WINS), 2, 1),  # a draw counts for nobody: 2-0 in three games
])
def test_r7_8_places_after_the_match(results: tuple[Result, ...], first: int, second: int) -> None:
    t = _tied_four(*results)
    places = [(s.place, s.player.id) for s in final_standings(t)]
    assert places == [("1", first), ("2", second), ("3-4", 3), ("3-4", 4)]
    assert final_superfinal(t, final_standings(t)) is None  # decided: no note any more


def test_r7_8_match_changes_no_points() -> None:
    before = _tied_four()
    after = _tied_four(Result.WHITE_WINS, Result.BLACK_WINS)
    assert [(s.player.id, s.points, s.values, s.cells) for s in standings(before)] == \
        [(s.player.id, s.points, s.values, s.cells) for s in standings(after)]
    assert all(len(s.cells) == 2 for s in final_standings(after))
