"""The playoff: seeding, the bracket round by round, and the final places (R7.7)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from forsxl.engine.errors import ForsxlError
from forsxl.engine.model import Game, PlayerId, Result, Tournament
from forsxl.engine.standings import Standing, standings
from forsxl.engine.system_by_size import superfinal_places

BOARDS: dict[str, int] = {"QF1": 1, "QF2": 2, "QF3": 3, "QF4": 4, "SF1": 1, "SF2": 2, "F": 1, "3rd": 2}
"""Each playoff label and its board: the playoff boards come first in a round, the main tournament after (R7.7)."""

LABEL = re.compile(r"^\s*(QF[1-4]|SF[12]|F|3rd|SUP[1-9][0-9]*)\s*$", re.IGNORECASE)
"""A playoff label as typed in a round sheet's Board cell (R7.7), or a superfinal game's SUP1, SUP2, ... (R7.8)."""


def board_of(label: str) -> int:
    """The board of a labelled game (R7.7); a superfinal game is alone on board 1 (R7.8)."""
    return BOARDS.get(label, 1)

_WINS = {Result.BLACK_WINS: "b", Result.BLACK_FORFEIT: "b", Result.WHITE_WINS: "w", Result.WHITE_FORFEIT: "w"}


def playoff_label(text: str) -> str | None:
    """The canonical label of a Board cell (`qf1` -> `QF1`, `3RD` -> `3rd`, `sup2` -> `SUP2`), or None when it is
    none (R7.7, R7.8)."""
    match = LABEL.match(text)
    if match is None:
        return None
    word = match[1].upper()
    return "3rd" if word == "3RD" else word


def stage_of(t: Tournament, number: int) -> str | None:
    """The bracket stage played in round `number` (QF, SF, F), or None outside the playoff (R7.7)."""
    rules = t.config.playoff
    index = number - rules.after_round - 1
    stages = rules.stages()
    return stages[index] if 0 <= index < len(stages) else None


def seeds(t: Tournament) -> tuple[PlayerId, ...]:
    """The bracket's players by seed (R7.7, R6): the best `playoff.size` by the ranking after the qualifying rounds,
    among those who play the first playoff round."""
    rules = t.config.playoff
    first = rules.after_round + 1
    table = standings(t, before_round=first)
    field = [s.player.id for s in table if s.player.plays_in(first)]
    if len(field) < rules.size:
        raise ForsxlError("R7.7", "playoff_too_big", size=rules.size, count=len(field), round=first)
    return tuple(field[: rules.size])


def winner(game: Game, number: int) -> PlayerId:
    """Who goes through (R7.7): a playoff game needs a decisive result; a game without one is round_incomplete."""
    if game.result is None:
        raise ForsxlError("R11", "round_incomplete", game.source, round=number, board=game.stage or game.board)
    side = _WINS.get(game.result)
    if side is None:
        raise ForsxlError("R7.7", "playoff_not_decisive", game.source, round=number, stage=game.stage,
                          result=game.result)
    return game.black if side == "b" else game.white


def loser(game: Game, number: int) -> PlayerId:
    """The other player of a decided playoff game (R7.7)."""
    return game.opponent_of(winner(game, number))


def _played(t: Tournament, number: int) -> dict[str, Game]:
    """The playoff games of round `number` as played, by label (R7.7)."""
    rnd = next((r for r in t.rounds if r.number == number), None)
    return {} if rnd is None else {g.stage: g for g in rnd.games if g.stage and not rnd.superfinal}


def _even(label: str, a: PlayerId, b: PlayerId, rank: dict[PlayerId, int], t: Tournament) -> Game:
    """An even game (R7.7, R2.3): no handicap, komi.even to White; the higher seed takes White."""
    higher, lower = sorted((a, b), key=lambda pid: rank[pid])
    return Game(BOARDS[label], lower, higher, 0, t.config.komi.even, 0, 1, stage=label)


def playoff_games(t: Tournament, number: int) -> tuple[Game, ...]:
    """The playoff boards of round `number` (R7.7): QF 1-8, 2-7, 3-6, 4-5; SF winner(1-8) v winner(4-5) and
    winner(2-7) v winner(3-6) (a playoff of 4: 1-4, 2-3); the final and, with `third_place`, the 3rd-place match.
    Empty outside the playoff rounds."""
    stage = stage_of(t, number)
    if stage is None:
        return ()
    order = seeds(t)
    rank = {pid: i for i, pid in enumerate(order)}
    if stage == "QF":
        pairs = [(f"QF{i + 1}", order[i], order[7 - i]) for i in range(4)]
    elif stage == "SF" and t.config.playoff.size == 4:
        pairs = [("SF1", order[0], order[3]), ("SF2", order[1], order[2])]
    elif stage == "SF":
        qf = _played(t, number - 1)
        pairs = [("SF1", winner(qf["QF1"], number - 1), winner(qf["QF4"], number - 1)),
                 ("SF2", winner(qf["QF2"], number - 1), winner(qf["QF3"], number - 1))]
    else:
        sf = _played(t, number - 1)
        pairs = [("F", winner(sf["SF1"], number - 1), winner(sf["SF2"], number - 1))]
        if t.config.playoff.third_place:
            pairs.append(("3rd", loser(sf["SF1"], number - 1), loser(sf["SF2"], number - 1)))
    return tuple(_even(label, a, b, rank, t) for label, a, b in pairs)


def out_of_main(t: Tournament, number: int, games: Sequence[Game]) -> frozenset[PlayerId]:
    """Who the main tournament does not pair in round `number` (R7.7): the playoff boards' players, and, unless
    `losers_return`, the quarter-final losers until the playoff is over."""
    out = {pid for g in games for pid in (g.black, g.white)}
    rules = t.config.playoff
    if rules.size == 8 and not rules.losers_return and stage_of(t, number) in ("SF", "F"):
        quarter = rules.after_round + 1
        out |= {loser(g, quarter) for g in _played(t, quarter).values()}
    return frozenset(out)


@dataclass(frozen=True)
class Match:
    """One bracket game as played (R7.7): label, round, White (the higher seed), Black, seeds, winner if decided."""

    label: str
    round: int
    white: PlayerId
    black: PlayerId
    white_seed: int
    black_seed: int
    result: Result | None
    winner: PlayerId | None


def bracket(t: Tournament) -> tuple[Match, ...]:
    """Every playoff game in the rounds so far, stage by stage (R7.7); empty without a playoff."""
    rules = t.config.playoff
    if not rules.size or not any(g.stage for r in t.rounds for g in r.games if not r.superfinal):
        return ()
    order = seeds(t)
    seed = {pid: i + 1 for i, pid in enumerate(order)}
    matches = []
    for rnd in (r for r in t.rounds if not r.superfinal):
        for g in sorted((g for g in rnd.games if g.stage), key=lambda g: g.board):
            won = _WINS.get(g.result) if g.result is not None else None
            who = None if won is None else g.black if won == "b" else g.white
            matches.append(Match(g.stage, rnd.number, g.white, g.black, seed.get(g.white, 0), seed.get(g.black, 0),
                                 g.result, who))
    return tuple(matches)


def _renumber(table: Sequence[Standing], first: int) -> list[Standing]:
    """The rest of the field after the playoff places, R6 ties kept, places counted from `first` (R7.7)."""
    result: list[Standing] = []
    index = 0
    while index < len(table):
        end = index + 1
        while end < len(table) and table[end].place == table[index].place and "-" in table[index].place:
            end += 1
        low, high = first + index, first + end - 1
        place = str(low) if low == high else f"{low}-{high}"
        result += [s._replace(place=place) for s in table[index:end]]
        index = end
    return result


def final_standings(t: Tournament, ranking_only: bool = False) -> list[Standing]:
    """The standings (R6), and once the final has a result the playoff places first (R7.7): the final's winner and
    loser, the 3rd-place match's (without one, the semi-final losers by the ranking), the quarter-final losers by
    the ranking; everyone else after them by R6. Once a superfinal match is decided, its winner 1st and its loser
    2nd (R7.8). `ranking_only` (a simulation's places) as in `standings`, unless a superfinal must read the values."""
    return final_places(t, standings(t, ranking_only=ranking_only and not t.config.superfinal))


def final_places(t: Tournament, table: Sequence[Standing]) -> list[Standing]:
    """The standings `table` of `t` (R6) with the places the superfinal (R7.8) or the playoff (R7.7) decided first,
    as `final_standings` gives them; `table` itself while neither is decided."""
    decided = superfinal_places(t, table)
    if decided is not None:
        return decided
    rules = t.config.playoff
    last = rules.after_round + len(rules.stages())
    if not rules.size or len(t.rounds) < last:
        return list(table)
    final = _played(t, last)
    if "F" not in final or any(g.result not in _WINS for g in final.values()):
        return list(table)
    position = {s.player.id: i for i, s in enumerate(table)}

    def by_rank(ids: Sequence[PlayerId]) -> list[PlayerId]:
        return sorted(ids, key=lambda pid: position[pid])

    places = [winner(final["F"], last), loser(final["F"], last)]
    semis = _played(t, last - 1)
    if "3rd" in final:
        places += [winner(final["3rd"], last), loser(final["3rd"], last)]
    else:
        places += by_rank([loser(g, last - 1) for g in semis.values()])
    if rules.size == 8:
        places += by_rank([loser(g, last - 2) for g in _played(t, last - 2).values()])
    by_id = {s.player.id: s for s in table}
    top = [by_id[pid]._replace(place=str(i)) for i, pid in enumerate(places, start=1)]
    rest = [s for s in table if s.player.id not in set(places)]
    return top + _renumber(rest, len(top) + 1)
