"""R7.2 shift pairing, R7.3 rating-shift opening rounds, and switching pairing methods by round (R7)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import show

from forsxl.book.config import build_config
from forsxl.engine.checks import check
from forsxl.engine.config import Config, PairingMethod, ShiftOrder
from forsxl.engine.config import Pairing as PairingConfig
from forsxl.engine.errors import PairingImpossible
from forsxl.engine.model import Player, PlayerId, Result, Round, Tournament
from forsxl.engine.pairing import methods
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState
from forsxl.engine.pairing.neighbours import bye_order, pair_neighbours
from forsxl.engine.pairing.shift import pair_rating_shift, pair_shift, shift_partner
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round

SHIFT, NEIGHBOURS, RATING_SHIFT = methods.SHIFT.name, methods.NEIGHBOURS.name, methods.RATING_SHIFT.name


def ids(text: str) -> tuple[PlayerId, ...]:
    return tuple(PlayerId(int(p)) for p in text.split())


def pairs(text: str) -> frozenset[frozenset[PlayerId]]:
    """"1-2 3-4" as met pairs."""
    return frozenset(frozenset(map(PlayerId, map(int, m.split("-")))) for m in text.split())


def state(count: int, round: int = 1, rounds: int | None = None, met: str = "", byes: str = "") -> RoundState:
    return RoundState(round, ids(" ".join(map(str, range(1, count + 1)))), pairs(met), byes=dict.fromkeys(ids(byes), 1),
                      rounds=rounds)


# ------------------------------------------------------------------------------------- R7.2 shift pairing

FORS_M = [  # [002] FORS-m: 12 players, 6 rounds, shift = the rounds still to play
    "1-7 2-8 3-9 4-10 5-11 6-12",
    "1-6 2-7 3-8 4-9 5-10 11-12",
    "1-5 2-6 3-7 4-8 9-11 10-12",
]


@pytest.mark.parametrize("number", [1, 2, 3], ids=["round 1: s=6", "round 2: s=5, tail 11-12", "round 3: s=4"])
def test_r7_2_fors_m_twelve_players_round_by_round(number: int) -> None:
    met = " ".join(FORS_M[: number - 1])
    assert show(pair_shift(state(12, number, rounds=6, met=met), PairingRules())) == FORS_M[number - 1]


def test_r7_2_start_list_order_ignores_the_ranking() -> None:
    # Round 2 with the ranking shuffled by round 1: `shift_order: start` still pairs by start number.
    ranking = ids("7 1 8 2 3 9 10 4 5 11 12 6")
    shifted = RoundState(2, ranking, pairs(FORS_M[0]), rounds=6)
    by_start = pair_shift(shifted, PairingRules(shift_order=ShiftOrder.START))
    assert {frozenset(p) for p in by_start.pairs} == pairs(FORS_M[1])
    rank = {p: i for i, p in enumerate(ranking)}
    assert all(rank[a] < rank[b] for a, b in by_start.pairs)  # still (upper, lower) in the ranking
    by_ranking = pair_shift(shifted, PairingRules())
    # By the ranking: block 7 1 8 2 3 | 9 10 4 5 11, tail 12 6; but 6-12 met, so 3-11 is broken and
    # 3 takes the next nearest to 11, the larger shift being the only one free: 3-12, then 11-6.
    assert show(by_ranking) == "7-9 1-10 8-4 2-5 3-12 11-6"


@pytest.mark.parametrize(
    ("count", "shift", "expected"),
    [
        pytest.param(8, 6, "1-5 2-6 3-7 4-8", id="fewer than 2s players: all a tail, shift m/2"),
        pytest.param(10, 3, "1-4 2-5 3-6 7-9 8-10", id="block of 6, tail of 4 with shift 2"),
        pytest.param(12, 2, "1-3 2-4 5-7 6-8 9-11 10-12", id="three blocks of 4"),
        pytest.param(4, 1, "1-2 3-4", id="shift 1 is neighbours"),
    ],
)
def test_r7_2_blocks_and_tail(count: int, shift: int, expected: str) -> None:
    assert show(pair_shift(state(count), PairingRules(shift=shift))) == expected


@pytest.mark.parametrize(
    ("count", "met", "expected"),
    [
        pytest.param(6, "1-4", "1-3 2-5 4-6", id="1-4 met: nearest allowed, the smaller shift first"),
        pytest.param(6, "1-4 1-3", "1-5 2-4 3-6", id="1-3 also met: the larger shift at the same distance"),
        pytest.param(8, "1-5", "1-4 2-6 3-7 5-8", id="the displaced lower player meets the nearest below"),
        pytest.param(4, "2-4", "1-2 3-4", id="2 stuck: break 1-3, 1 takes the next nearest"),
        pytest.param(6, "4-5 4-6 5-6", "1-4 2-5 3-6", id="planned pairs allowed: nothing moves"),
        pytest.param(6, "2-5 2-6 3-5 3-6 5-6", "1-5 2-3 4-6", id="5 and 6 need 1 or 4: break back to the top"),
    ],
)
def test_r7_2_clashes_and_backtracking(count: int, met: str, expected: str) -> None:
    assert show(pair_shift(state(count, met=met), PairingRules(shift=count // 2))) == expected


def test_r7_2_remaining_and_fixed_shift() -> None:
    assert show(pair_shift(state(8, 3, rounds=4), PairingRules())) == "1-3 2-4 5-7 6-8"  # s = 4 - 3 + 1
    assert show(pair_shift(state(8, 3, rounds=4), PairingRules(shift=4))) == "1-5 2-6 3-7 4-8"
    assert show(pair_shift(state(8, 3), PairingRules())) == "1-2 3-4 5-6 7-8"  # rounds unknown: the last round


def test_r7_2_bye_is_the_lowest_ranked_without_a_bye() -> None:
    assert show(pair_shift(state(7, 1, rounds=3), PairingRules())) == "1-4 2-5 3-6 bye 7"
    assert show(pair_shift(state(7, 1, rounds=3, byes="7"), PairingRules())) == "1-4 2-5 3-7 bye 6"
    # By the ranking even in the start list: the lowest-ranked is 1 here.
    reversed_ranking = RoundState(1, ids("7 6 5 4 3 2 1"), rounds=3)
    start = pair_shift(reversed_ranking, PairingRules(shift_order=ShiftOrder.START))
    assert start.bye == 1 and {frozenset(p) for p in start.pairs} == pairs("2-5 3-6 4-7")


def test_r7_2_pairing_impossible_names_the_rule() -> None:
    with pytest.raises(PairingImpossible) as caught:
        pair_shift(state(4, met="1-2 1-3 2-3"), PairingRules(shift=2))
    assert (caught.value.rule, caught.value.code) == ("R7", "pairing_impossible")
    assert caught.value.params["rules"] == "not_met_before"


def test_r7_2_planned_partner() -> None:
    assert [shift_partner(i, 12, 5) + 1 for i in range(12)] == [6, 7, 8, 9, 10, 1, 2, 3, 4, 5, 12, 11]
    assert [shift_partner(i, 12, 4) + 1 for i in range(12)] == [5, 6, 7, 8, 1, 2, 3, 4, 11, 12, 9, 10]


# ------------------------------------------------------------------------- R7.3 rating-shift opening rounds

TWELVE = {PlayerId(i): 2100 - 100 * i for i in range(1, 13)}  # 2000, 1900, ..., 900


def test_r7_3_rating_closest_to_own_minus_shift() -> None:
    twelve = RoundState(1, tuple(TWELVE), ratings=TWELVE)
    # 2000 - 250 = 1750: 1800 and 1700 are as close, the higher rating (smaller handicap) wins.
    assert show(pair_rating_shift(twelve, PairingRules())) == "1-3 2-4 5-7 6-8 9-11 10-12"
    assert show(pair_rating_shift(twelve, PairingRules(shift_rating=300))) == "1-4 2-5 3-6 7-10 8-11 9-12"


def test_r7_3_uneven_ratings_and_clashes() -> None:
    ratings = dict(zip(ids("1 2 3 4 5 6"), (2400, 2390, 2150, 2100, 1500, 1480), strict=True))
    field = RoundState(1, tuple(ratings), ratings=ratings)
    assert show(pair_rating_shift(field, PairingRules())) == "1-3 2-4 5-6"  # 2150 nearest 2150, 2100 nearest 2140
    assert show(pair_rating_shift(dataclasses.replace(field, met=pairs("1-3")), PairingRules())) == "1-4 2-3 5-6"
    assert show(pair_rating_shift(dataclasses.replace(field, met=pairs("5-6")), PairingRules())) == "1-3 2-5 4-6"


def test_r7_3_bye_and_impossible() -> None:
    ratings = dict(zip(ids("1 2 3"), (2000, 1800, 1700), strict=True))
    assert show(pair_rating_shift(RoundState(1, ids("1 2 3"), ratings=ratings), PairingRules())) == "1-2 bye 3"
    with pytest.raises(PairingImpossible):
        pair_rating_shift(RoundState(1, ids("1 2"), pairs("1-2"), ratings=ratings), PairingRules())


# ------------------------------------------------------------------------ R7: switching methods by round


def twelve_players() -> tuple[Player, ...]:
    return tuple(Player(pid, f"P{pid}", rating) for pid, rating in TWELVE.items())


def played(rnd: Round) -> Round:
    """The round with every upper-numbered player winning."""
    games = tuple(dataclasses.replace(g, result=Result.BLACK_WINS if g.black < g.white else Result.WHITE_WINS)
                  for g in rnd.games)
    return dataclasses.replace(rnd, games=games)


def test_r7_switch_methods_by_round() -> None:
    # [002] FORS-m: shift in rounds 1-3 by the start list, neighbours after.
    pairing = PairingConfig(method=(SHIFT, NEIGHBOURS), until=(3,), shift_order=ShiftOrder.START)
    t = Tournament(Config(rounds=6, pairing=pairing), twelve_players())
    for number in (1, 2, 3):
        rnd = pair_round(t, number)
        assert {frozenset((g.black, g.white)) for g in rnd.games} == pairs(FORS_M[number - 1])
        t = dataclasses.replace(t, rounds=(*t.rounds, played(rnd)))
    fourth = pair_round(t, 4)
    ranking = tuple(s.player.id for s in standings(t, before_round=4))
    expected = pair_neighbours(RoundState(4, ranking, pairs(" ".join(FORS_M))), PairingRules())
    assert {frozenset((g.black, g.white)) for g in fourth.games} == {frozenset(p) for p in expected.pairs}


def test_r7_3_rating_shift_then_neighbours() -> None:
    t = Tournament(Config(pairing=PairingConfig(method=(RATING_SHIFT, NEIGHBOURS), until=(1,))), twelve_players())
    first = pair_round(t, 1)
    assert {frozenset((g.black, g.white)) for g in first.games} == pairs("1-3 2-4 5-7 6-8 9-11 10-12")
    t = dataclasses.replace(t, rounds=(played(first),))
    ranking = tuple(s.player.id for s in standings(t, before_round=2))
    expected = pair_neighbours(RoundState(2, ranking, pairs("1-3 2-4 5-7 6-8 9-11 10-12")), PairingRules())
    assert {frozenset((g.black, g.white)) for g in pair_round(t, 2).games} == {frozenset(p) for p in expected.pairs}


@pytest.mark.parametrize(
    ("method", "until", "rounds"),
    [
        pytest.param((NEIGHBOURS,), (), {1: NEIGHBOURS, 9: NEIGHBOURS}, id="one method for every round"),
        pytest.param((SHIFT, NEIGHBOURS), (3,), {1: SHIFT, 3: SHIFT, 4: NEIGHBOURS}, id="shift 1-3"),
        pytest.param((RATING_SHIFT, SHIFT, NEIGHBOURS), (1, 3), {1: RATING_SHIFT, 2: SHIFT, 3: SHIFT, 4: NEIGHBOURS},
                     id="three methods"),
    ],
)
def test_r7_method_for_round(method: tuple[PairingMethod, ...], until: tuple[int, ...],
                             rounds: dict[int, PairingMethod]) -> None:
    config = PairingConfig(method=method, until=until)
    assert {n: config.method_for(n) for n in rounds} == rounds


def test_r7_pairing_keys_typed_in_two_cells() -> None:
    config, _, errors = build_config([("pairing.method", "shift, neighbours", None), ("pairing.until", 3, None),
                                      ("rounds", 6, None)])
    assert not errors
    assert (config.pairing.method, config.pairing.until) == ((SHIFT, NEIGHBOURS), (3,))
    _, _, errors = build_config([("pairing.method", "shift, dutch", None)])
    assert [(e.code, e.params["expected"]) for e in errors] == [
        ("config_bad_value",
         "a comma-separated list of one of neighbours, shift, rating_shift, round_robin, serp, mcmahon, swiss")]


@pytest.mark.parametrize(
    ("pairing", "rounds", "problems"),
    [
        pytest.param(PairingConfig(method=(SHIFT, NEIGHBOURS)), 5, [("pairing.until", "config_pairing_until")],
                     id="two methods, no until"),
        pytest.param(PairingConfig(method=(SHIFT,), until=(3,)), 5, [("pairing.until", "config_pairing_until")],
                     id="until for the only method"),
        pytest.param(PairingConfig(method=(RATING_SHIFT, SHIFT, NEIGHBOURS), until=(3, 2)), 5,
                     [("pairing.until", "config_pairing_until")], id="until not increasing"),
        pytest.param(PairingConfig(method=(SHIFT, NEIGHBOURS), until=(0,)), 5,
                     [("pairing.until", "config_pairing_until")], id="until round 0"),
        pytest.param(PairingConfig(method=()), 5, [("pairing.method", "config_empty")], id="no method"),
        pytest.param(PairingConfig(method=(SHIFT,), shift=4), 5, [("pairing.shift", "config_pairing_shift")],
                     id="[002] the shift may not be smaller than the rounds"),
        pytest.param(PairingConfig(method=(SHIFT,), shift=5), 5, [], id="shift = rounds"),
        pytest.param(PairingConfig(shift=2), 5, [], id="shift unused"),
        pytest.param(PairingConfig(method=(NEIGHBOURS, SHIFT), until=(2,), shift=2), 5, [],
                     id="shift from round 3 only: the round-1 rule does not apply"),
        pytest.param(PairingConfig(shift_rating=0), 5, [("pairing.shift_rating", "config_positive")],
                     id="rating shift not positive"),
    ],
)
def test_r7_2_pairing_config_check(pairing: PairingConfig, rounds: int, problems: list[tuple[str, str]]) -> None:
    assert [(k, m) for k, m, _ in check(Config(rounds=rounds, pairing=pairing))] == problems


# ----------------------------------------------------------------------------------------- hypothesis
# The engine against plain backtracking over the same candidate orders: "the top unpaired player takes
# its first allowed candidate; undo the last pair when someone is stuck".

@st.composite
def shift_rounds(draw: st.DrawFn) -> tuple[RoundState, PairingRules]:
    n = draw(st.integers(0, 12))
    players = tuple(map(PlayerId, draw(st.permutations(range(1, n + 1)))))
    every = [frozenset((a, b)) for i, a in enumerate(players) for b in players[i + 1:]]
    density = draw(st.sampled_from([n, 2 * n, len(every)]))
    met = draw(st.sets(st.sampled_from(every), max_size=density)) if every else set()
    teams = {p: draw(st.sampled_from(["", "", "A", "B"])) for p in players}
    byes = draw(st.sets(st.sampled_from(players))) if players else set()
    ratings = {p: draw(st.integers(100, 2700)) for p in players}
    number = draw(st.integers(1, 8))
    rounds = draw(st.one_of(st.none(), st.integers(number, 10)))
    rules = PairingRules(
        allow_rematch=draw(st.booleans()),
        shift=draw(st.one_of(st.none(), st.integers(1, 8))),
        shift_order=draw(st.sampled_from(ShiftOrder)),
        shift_rating=draw(st.integers(1, 400)),
    )
    return RoundState(number, players, frozenset(met), teams, byes=dict.fromkeys(byes, 1), ratings=ratings,
                      rounds=rounds), rules


def forbidden(state: RoundState, rules: PairingRules, a: PlayerId, b: PlayerId) -> bool:
    team = bool(state.teams[a]) and state.teams[a] == state.teams[b]
    return team or (frozenset((a, b)) in state.met and not rules.allow_rematch)


Seated = tuple[PlayerId, ...]
Candidates = Callable[[RoundState, PairingRules, Seated], dict[PlayerId, list[PlayerId]]]


def plan(count: int, shift: int) -> list[int]:
    """Planned partner by position, written out block by block."""
    partner = [0] * count
    start = 0
    while start < count:
        half = shift if count - start >= 2 * shift else (count - start) // 2
        for k in range(half):
            partner[start + k], partner[start + k + half] = start + k + half, start + k
        start += 2 * half
    return partner


def shift_candidates(state: RoundState, rules: PairingRules, seated: Seated) -> dict[PlayerId, list[PlayerId]]:
    shift = rules.shift or max(1, (state.rounds or state.round) - state.round + 1)
    wanted = plan(len(seated), shift)
    return {p: sorted(seated, key=lambda q: (abs(seated.index(q) - wanted[i]), abs(seated.index(q) - i)))
            for i, p in enumerate(seated)}


def rating_candidates(state: RoundState, rules: PairingRules, seated: Seated) -> dict[PlayerId, list[PlayerId]]:
    r = state.ratings
    return {p: sorted(seated, key=lambda q: (abs(r[q] - r[p] + rules.shift_rating), -r[q], seated.index(q)))
            for p in seated}


def backtracking(state: RoundState, rules: PairingRules, candidates: Candidates, start_order: bool) -> Pairing | None:
    def attempt(seated: tuple[PlayerId, ...]) -> tuple[tuple[PlayerId, PlayerId], ...] | None:
        wants = candidates(state, rules, seated)

        @cache
        def pair(rest: tuple[PlayerId, ...]) -> tuple[tuple[PlayerId, PlayerId], ...] | None:
            if not rest:
                return ()
            top = rest[0]
            for other in wants[top]:
                if other in rest[1:] and not forbidden(state, rules, top, other):
                    tail = pair(tuple(p for p in rest[1:] if p != other))
                    if tail is not None:
                        return ((top, other), *tail)
            return None

        return pair(seated)

    rank = {p: i for i, p in enumerate(state.players)}

    def pairing(seated: tuple[PlayerId, ...], bye: PlayerId | None) -> Pairing | None:
        found = attempt(tuple(sorted(seated)) if start_order else seated)
        if found is None:
            return None
        games = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in found]
        return Pairing(tuple(sorted(games, key=lambda g: rank[g[0]])), bye)

    players = state.players
    if len(players) % 2 == 0:
        return pairing(players, None)
    for i in bye_order(state, rules):
        # The bye is the first that leaves a pairable rest; which pairing follows does not change that.
        if attempt(players[:i] + players[i + 1:]) is not None:
            return pairing(players[:i] + players[i + 1:], players[i])
    return None


@settings(max_examples=300)
@given(shift_rounds())
def test_r7_2_equals_backtracking(case: tuple[RoundState, PairingRules]) -> None:
    state, rules = case
    expected = backtracking(state, rules, shift_candidates, rules.shift_order == ShiftOrder.START)
    if expected is None:
        with pytest.raises(PairingImpossible):
            pair_shift(state, rules)
    else:
        assert pair_shift(state, rules) == expected


@settings(max_examples=200)
@given(shift_rounds())
def test_r7_3_equals_backtracking(case: tuple[RoundState, PairingRules]) -> None:
    state, rules = case
    expected = backtracking(state, rules, rating_candidates, False)
    if expected is None:
        with pytest.raises(PairingImpossible):
            pair_rating_shift(state, rules)
    else:
        assert pair_rating_shift(state, rules) == expected


@settings(max_examples=300)
@given(shift_rounds(), st.sampled_from([pair_shift, pair_rating_shift]))
def test_r7_2_nobody_twice_no_forbidden_pair_everyone_plays_or_has_the_bye(
    case: tuple[RoundState, PairingRules], method: Callable[[RoundState, PairingRules], Pairing]
) -> None:
    state, rules = case
    try:
        pairing = method(state, rules)
    except PairingImpossible:
        assert backtracking(state, rules, shift_candidates, False) is None  # no pairing at all exists
        return
    seated = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye is not None else [])
    assert sorted(seated) == sorted(state.players)
    assert (pairing.bye is not None) == (len(state.players) % 2 == 1)
    assert not any(forbidden(state, rules, a, b) for a, b in pairing.pairs)
    rank = {p: i for i, p in enumerate(state.players)}
    assert all(rank[a] < rank[b] for a, b in pairing.pairs)
    assert [rank[a] for a, _ in pairing.pairs] == sorted(rank[a] for a, _ in pairing.pairs)
