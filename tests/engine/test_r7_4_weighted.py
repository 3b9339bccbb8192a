"""R7.4 McMahon and Swiss: each criterion beats the next, and the sparse graph gives the complete graph's optimum."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tables import rounds_from_text

from forsxl.engine.config import (
    ColourPriority,
    Config,
    Edge,
    Pairing,
    Ratings,
    Scheme,
    Scoring,
    Seat,
    Seeding,
    StartMethod,
    StartPoints,
    Swiss,
    SwissScore,
    Weights,
)
from forsxl.engine.model import Player, PlayerId, Sitout, Tournament
from forsxl.engine.pairing.constraints import PairingRules, RoundState
from forsxl.engine.pairing.gotha import gotha_bye_weight, gotha_chunks
from forsxl.engine.pairing.methods import MCMAHON, SWISS
from forsxl.engine.pairing.weighted import (
    CRITERIA,
    Cost,
    best_matching,
    criteria_of,
    even_black,
    pair_weighted,
    score_field,
    total_cost,
)
from forsxl.engine.standings import standings
from forsxl.engine.tournament import pair_round, round_state, seated
from forsxl.engine.values import Rank


def state(scores: list[float], **extra: object) -> RoundState:
    """Players 1..n in ranking order with these scores; ratings fall with the start number."""
    ids = tuple(PlayerId(i + 1) for i in range(len(scores)))
    return RoundState(
        round=2, players=ids, scores={p: Fraction(s) for p, s in zip(ids, scores, strict=True)},
        ratings={p: 2000 - 10 * p for p in ids}, **extra,  # type: ignore[arg-type]
    )


def read(t: Tournament, number: int, present: tuple[PlayerId, ...]) -> tuple[RoundState, PairingRules]:
    """What pairing reads for round `number` of `t`, the `present` players seated as `pair_round` seats them."""
    return round_state(t, seated(t, number, standings(t, before_round=number), present))


def pairs(s: RoundState, rules: PairingRules) -> set[tuple[int, int]]:
    return {(a, b) for a, b in pair_weighted(s, rules).pairs}


def met(*pairs: tuple[int, int]) -> frozenset[frozenset[PlayerId]]:
    return frozenset(frozenset((PlayerId(a), PlayerId(b))) for a, b in pairs)


FOLD = PairingRules(seeding=Seeding.FOLD)
SLIP = PairingRules(seeding=Seeding.SLIP)


def test_r7_4_round_one_fold_is_the_snake_and_slip_splits_in_halves() -> None:
    s = state([0] * 8)
    assert pairs(s, FOLD) == {(1, 8), (2, 7), (3, 6), (4, 5)}
    assert pairs(s, SLIP) == {(1, 5), (2, 6), (3, 7), (4, 8)}


def test_r7_4_never_a_rematch_nor_an_avoid_pair() -> None:
    s = state([0] * 4, met=met((1, 4)), avoid=met((2, 3)))
    assert pairs(s, FOLD) == {(1, 3), (2, 4)}


def test_r7_4_rematch_allowed_is_the_last_resort_above_score() -> None:
    """With rematches allowed, two floats of a point cost less than meeting again."""
    s = state([1, 1, 0, 0], met=met((1, 2)))
    chosen = pairs(s, PairingRules(allow_rematch=True, seeding=Seeding.FOLD))
    assert (1, 2) not in chosen and (3, 4) not in chosen


def test_r7_4_score_beats_floats() -> None:
    """Two players on 1 point meet even though both floated before; nobody floats."""
    s = state([1, 1, 0, 0], floats={PlayerId(1): (0, 3), PlayerId(2): (3, 0)})
    assert pairs(s, FOLD) == {(1, 2), (3, 4)}


def test_r7_4_two_small_gaps_beat_one_big_gap() -> None:
    """Scores 2, 1, 1, 0: 2-1 and 1-0 (cost 4 + 4) rather than 2-0 and 1-1 (cost 16)."""
    assert pairs(state([2, 1, 1, 0]), FOLD) in ({(1, 2), (3, 4)}, {(1, 3), (2, 4)})


def test_r7_4_floats_beat_seeding() -> None:
    """Three on 1 point, one floats down: seeding sends the bottom one, 3, unless 3 was drawn down before."""

    def floater(s: RoundState) -> int:
        return next(a for a, b in pairs(s, FOLD) if a <= 3 < b)

    assert floater(state([1, 1, 1, 0, 0, 0])) == 3
    assert floater(state([1, 1, 1, 0, 0, 0], floats={PlayerId(3): (0, 1)})) != 3


def test_r7_4_seeding_beats_colour() -> None:
    """1 and 4 both had White more often: fold still pairs them, colour only decides among equal seedings."""
    s = state([0] * 4, colours={PlayerId(1): 1, PlayerId(4): 1})
    assert pairs(s, FOLD) == {(1, 4), (2, 3)}


def test_r7_4_colour_decides_between_equal_seedings() -> None:
    """Scores 1, 1, 0, 0 with 1 and 2 met: 1-3 + 2-4 and 1-4 + 2-3 seed equally well; 1 and 3 are both due
    Black, so 1-4 and 2-3."""
    s = state([1, 1, 0, 0], met=met((1, 2)), colours={PlayerId(1): 1, PlayerId(3): 2})
    assert pairs(s, FOLD) == {(1, 4), (2, 3)}
    s = state([1, 1, 0, 0], met=met((1, 2)), colours={PlayerId(1): 1, PlayerId(4): 2})
    assert pairs(s, FOLD) == {(1, 3), (2, 4)}


def test_r7_4_club_gap_weighs_like_a_score_gap() -> None:
    clubs = {PlayerId(1): "Moscow", PlayerId(2): "Moscow"}
    s = state([1, 1, 0, 0], clubs=clubs)
    assert pairs(s, PairingRules(club_gap=Fraction(1))) == {(1, 2), (3, 4)}  # 4 < two floats of 4
    assert pairs(s, PairingRules(club_gap=Fraction(2))) in ({(1, 3), (2, 4)}, {(1, 4), (2, 3)})  # 16 > 8


def test_r7_4_bye_goes_to_the_lowest_score_among_the_fewest_byes() -> None:
    s = state([2, 1, 1, 0, 0], byes={PlayerId(5): 1})
    assert pair_weighted(s, FOLD).bye == PlayerId(4)
    s = state([2, 1, 1, 0, 0], byes={PlayerId(p): 1 for p in (2, 3, 4, 5)})
    assert pair_weighted(s, FOLD).bye == PlayerId(1)


def gotha_bye(ranks: list[str], scores: list[int], **extra: object) -> RoundState:
    """Players 1..n in ranking order with OpenGotha's ranks and McMahon scores (whole points) for its bye."""
    s = state([0] * len(ranks), **extra)
    return replace(s, ranks={p: Rank.parse(r).index for p, r in zip(s.players, ranks, strict=True)},
                   gotha_scores={p: 2 * m for p, m in zip(s.players, scores, strict=True)},
                   names={p: f"Player {chr(64 + p)}" for p in s.players})


def test_r5_opengotha_gives_the_bye_to_the_least_rank_plus_twice_the_mcmahon_score_plus_1000_a_bye() -> None:
    """OpenGotha's Tournament.chooseAByePlayer: rank (1d 0, 30k -30) + 2 x MMS + 1000 x byes had, the least gets
    it: here 3, 10k on 20 (-10 + 40), ranked in the middle; 5 is lower (-20 + 20) but had a bye. forsxl's own rule
    gives it to the lowest-ranked of those without one, 4."""
    s = gotha_bye(["1d", "5k", "10k", "2k", "20k"], [32, 26, 20, 28, 10], byes={PlayerId(5): 1})
    assert [gotha_bye_weight(s, p) for p in s.players] == [64, 47, 30, 54, 1000]
    assert pair_weighted(s, OPENGOTHA).bye == PlayerId(3)
    assert pair_weighted(s, FOLD).bye == PlayerId(4)


def test_r5_opengotha_gives_a_tied_bye_to_the_last_it_lists() -> None:
    """Of equal weights OpenGotha keeps the last of its Pair frame's list (the standings before the round, then the
    name): 2 and 4 weigh 47 each; sharing a place, the name decides (Player B before Player D), else the place."""
    shared = {PlayerId(p): 1 for p in range(1, 6)}
    s = gotha_bye(["1d", "5k", "10k", "5k", "1d"], [32, 26, 30, 26, 32], places=shared)
    assert pair_weighted(s, OPENGOTHA).bye == PlayerId(4)
    s = replace(s, names={**s.names, PlayerId(4): "Player A"})
    assert pair_weighted(s, OPENGOTHA).bye == PlayerId(2)
    s = replace(s, places={**shared, PlayerId(2): 2})
    assert pair_weighted(s, OPENGOTHA).bye == PlayerId(2)
    s = replace(s, places={**shared, PlayerId(4): 2})
    assert pair_weighted(s, OPENGOTHA).bye == PlayerId(4)


def test_r5_opengotha_bye_reads_the_mcmahon_score_in_swiss_too() -> None:
    """OpenGotha weighs the bye by the McMahon score in a Swiss too (the rank from 30k, bar 9d, and the points, a bye
    one): after 1 beat 2, 4 beat 3 and 5 had the bye, 3d..15k weigh 2 + 66, -1 + 58, -5 + 50, -10 + 42 and
    -15 + 32 + 1000: the bye goes to 4, a winner, where forsxl's own rule gives it to the lowest-ranked without one."""
    players = tuple(Player(PlayerId(i), f"P{i} X", 2000 - 100 * i, rank=Rank.parse(r))
                    for i, r in enumerate(("3d", "1k", "5k", "10k", "15k"), start=1))
    config = Config(rounds=3, scoring=Scoring(scheme=Scheme.WIN_LOSS), ratings=Ratings(declared_rank=True),
                    start=StartPoints(method=StartMethod.NONE),
                    pairing=Pairing(method=(SWISS.name,)), swiss=Swiss(weights=Weights.OPENGOTHA))
    t = Tournament(config, players, rounds_from_text("1: 2-1 W+, 4-3 B+, bye 5"))
    state, _ = read(t, 2, tuple(p.id for p in players))
    assert [gotha_bye_weight(state, p.id) for p in players] == [68, 57, 45, 32, 1017]
    byes = {weights: [p for p, kind in pair_round(replace(t, config=replace(
        config, swiss=Swiss(weights=weights))), 2).sitouts if kind == Sitout.BYE] for weights in Weights}
    assert byes == {Weights.OPENGOTHA: [4], Weights.OPENGOTHA_CAT: [4], Weights.FORSXL: [3]}


@pytest.mark.parametrize("weights", list(Weights))
def test_r7_4_swiss_by_cup_score_groups_by_opengothas_cps(weights: Weights) -> None:
    """`swiss.score: cup` pairs a Swiss by OpenGotha's cup score, as its Cup system does: after 1 and 3 won round 1
    and 4 and 2 round 2, everyone has one win, but the early winners 1 and 3 stand on 2 points, the others on 1; its
    score groups run from 0 to 2 to the power of the rounds played (5 before round 3, where wins make 3)."""
    players = tuple(Player(PlayerId(i), f"P{i} X", 2000 - 100 * i) for i in range(1, 5))
    config = Config(rounds=3, scoring=Scoring(scheme=Scheme.WIN_LOSS), start=StartPoints(method=StartMethod.NONE),
                    pairing=Pairing(method=(SWISS.name,)), swiss=Swiss(weights=weights))
    t = Tournament(config, players, rounds_from_text("1: 1-2 B+, 3-4 B+\n2: 4-1 B+, 2-3 B+"))
    points, _ = read(t, 3, tuple(p.id for p in players))
    assert points.scores == dict.fromkeys(points.scores, 1) and points.score_groups == 3
    cup = replace(t, config=replace(config, swiss=Swiss(weights=weights, score=SwissScore.CUP)))
    state, _ = read(cup, 3, tuple(p.id for p in players))
    assert state.scores == {1: 2, 2: 1, 3: 2, 4: 1} and state.score_groups == 5
    assert {frozenset((g.black, g.white)) for g in pair_round(cup, 3).games} == {frozenset((1, 3)), frozenset((2, 4))}


def test_r5_opengotha_bye_passes_over_a_player_without_whom_the_rest_cannot_pair() -> None:
    """OpenGotha has no hard rules; forsxl's stand (R7): when the least weight would leave two who may not meet, the
    next weight gets the bye."""
    s = gotha_bye(["1d", "5k", "10k"], [32, 26, 20], avoid=met((1, 2)))
    assert pair_weighted(s, OPENGOTHA).bye == PlayerId(2)


@pytest.mark.parametrize(("where", "down", "up"), [(Edge.BOTTOM, 3, 4), (Edge.MIDDLE, 2, 3), (Edge.TOP, 1, 2)])
def test_r7_4_drawn_down_and_drawn_up_say_who_floats(where: Edge, down: int, up: int) -> None:
    """A group of three sends one player to the next group (`swiss.drawn_down` picks it from its bottom, middle or
    top) or receives one (`swiss.drawn_up` picks who meets it), OpenGotha's DUDD modes; split and slip leaves the
    other two equally well seeded whichever it is."""
    floater = next(a for a, b in pairs(state([1, 1, 1, 0]), replace(SLIP, drawn_down=where)) if b == 4)
    partner = next(b for a, b in pairs(state([1, 0, 0, 0]), replace(SLIP, drawn_up=where)) if a == 1)
    assert (floater, partner) == (down, up)


def test_r7_4_compensate_prefers_the_float_that_makes_up_for_one() -> None:
    """Player 2 was drawn up before: drawing 2 down now makes up for it. Without `swiss.compensate` both
    candidates are first floats and seeding sends the bottom one, 3."""
    s = state([1, 1, 1, 0, 0, 0], floats={PlayerId(2): (1, 0)})
    assert next(a for a, b in pairs(s, FOLD) if a <= 3 < b) == 3
    assert next(a for a, b in pairs(s, replace(FOLD, compensate=True)) if a <= 3 < b) == 2


def test_r7_4_colour_before_seeding_turns_the_priority_round() -> None:
    """1 and 4 both had White more often: after seeding, fold pairs them anyway; before seeding, they do not meet."""
    s = state([0] * 4, colours={PlayerId(1): 1, PlayerId(4): 1})
    assert pairs(s, FOLD) == {(1, 4), (2, 3)}
    assert (1, 4) not in pairs(s, replace(FOLD, colour=ColourPriority.BEFORE_SEEDING))


def test_r7_4_club_gap_spares_players_above_the_thresholds() -> None:
    """A same-club pair weighs like a gap of `club_gap`, half as much when one of the two is spared (`swiss.geo_*`)
    and nothing when both are, as OpenGotha applies geography only below its thresholds."""
    clubs = {PlayerId(1): "Moscow", PlayerId(2): "Moscow"}
    rules = PairingRules(club_gap=Fraction(3, 2), seeding=Seeding.FOLD)  # 9 > two floats of 4
    assert pairs(state([1, 1, 0, 0], clubs=clubs), rules) != {(1, 2), (3, 4)}
    assert pairs(state([1, 1, 0, 0], clubs=clubs, spared=frozenset({PlayerId(1)})), rules) == {(1, 2), (3, 4)}
    assert pairs(state([1, 1, 0, 0], clubs=clubs, spared=frozenset({PlayerId(1), PlayerId(2)})),
                 replace(rules, club_gap=Fraction(5))) == {(1, 2), (3, 4)}


def test_r7_4_seat_by_ranking_seeds_in_the_ranking_order() -> None:
    """Player 4 is rated highest but ranked last: by rating 4 heads the group and meets the last-rated 3; by the
    ranking (OpenGotha's placement order) fold pairs 1-4 and 2-3."""
    s = replace(state([0] * 4), ratings={PlayerId(1): 1900, PlayerId(2): 1800, PlayerId(3): 1700, PlayerId(4): 2000})
    assert pairs(s, FOLD) == {(3, 4), (1, 2)}
    assert pairs(s, replace(FOLD, seat=Seat.RANKING)) == {(1, 4), (2, 3)}


OPENGOTHA = PairingRules(seeding=Seeding.FOLD, weights=Weights.OPENGOTHA)


def test_r7_4_opengotha_weighs_colour_against_seeding() -> None:
    """OpenGotha adds 10^6 for a pair due opposite colours and takes 5 x 10^6 x (distance / (size - 1))² off
    seeding: two such pairs (2 x 10^6) outweigh 1-3, 2-4 seeding 2 x 555 556 worse than fold, one does not."""
    both = state([0] * 4, colours={PlayerId(1): 1, PlayerId(2): -1, PlayerId(3): -1, PlayerId(4): 1})
    assert pairs(both, FOLD) == {(1, 4), (2, 3)}
    assert pairs(both, OPENGOTHA) == {(1, 3), (2, 4)}
    one = state([0] * 4, colours={PlayerId(1): 1, PlayerId(3): -1, PlayerId(4): 1})
    assert pairs(one, OPENGOTHA) == {(1, 4), (2, 3)}


def test_r7_4_opengotha_dudd_as_its_weight_dump_gives_it() -> None:
    """OpenGotha's own weights for Toulouse 2024 round 4 (its dump in pairgoth's test data) give 89 333 333 to
    drawing down the 4th of five on 26 points, once drawn up before, to the 2nd of three on 25, once drawn down
    (upper mode bottom, lower top, compensation on): scenario 2 + 2 compensations of 2 x 10^7, and 10^7 x 3/5 +
    10^7 x 1/3 for the seats."""
    s = state([26] * 5 + [25] * 3, floats={PlayerId(4): (1, 0), PlayerId(7): (0, 1)})
    field = score_field(s, replace(OPENGOTHA, compensate=True), s.players)
    assert field.gotha.dudd(3, 6) == 89_333_333
    assert field.gotha.dudd(3, 5) == 60_000_000 + 6_000_000 + 6_666_666  # the 1st of three: one compensation


def test_r7_4_opengotha_colour_lot_follows_its_names() -> None:
    """Between two balanced players OpenGotha's lot over their names gives White: Toulouse 2024 round 1 had juh
    tae hwan White against Lamy Stephane, and Dufour Thomas White against EVAIN Andéol."""
    names = {PlayerId(1): "juh tae hwan", PlayerId(2): "Lamy Stephane", PlayerId(3): "Dufour Thomas",
             PlayerId(4): "EVAIN Andéol"}
    s = replace(state([0] * 4), names=names)
    assert even_black(s, OPENGOTHA, PlayerId(1), PlayerId(2)) == PlayerId(2)
    assert even_black(s, OPENGOTHA, PlayerId(3), PlayerId(4)) == PlayerId(4)
    assert even_black(s, FOLD, PlayerId(1), PlayerId(2)) is None  # forsxl's own rule decides (R2.5)
    assert even_black(replace(s, colours={PlayerId(1): 1}), FOLD, PlayerId(1), PlayerId(2)) == PlayerId(1)


def test_r7_4_opengotha_seats_a_shared_place_by_rating_or_by_name() -> None:
    """OpenGotha orders players sharing a place by its additional criterion: Rating (`ranking_rating`), then the
    name; none (`ranking_name`): the name alone, as it compares names (surname, then first name)."""
    names = {PlayerId(1): "Dupont Zoé", PlayerId(2): "Dupont Anne", PlayerId(3): "Martin Paul", PlayerId(4): "Abel Jo"}
    s = replace(state([0] * 4), names=names, places={PlayerId(1): 1, PlayerId(2): 1, PlayerId(3): 1, PlayerId(4): 4},
                ratings={PlayerId(1): 1900, PlayerId(2): 1800, PlayerId(3): 2000, PlayerId(4): 2100})
    seats = {seat: score_field(s, replace(OPENGOTHA, seat=seat), s.players).ids
             for seat in (Seat.RANKING_RATING, Seat.RANKING_NAME)}
    assert seats[Seat.RANKING_RATING] == [3, 1, 2, 4]  # 4 is placed lower, whatever its rating
    assert seats[Seat.RANKING_NAME] == [2, 1, 3, 4]


def test_r7_4_opengotha_cat_keeps_categories_apart() -> None:
    """With its Swiss-with-categories weights (`swiss.weights: opengotha_cat`) OpenGotha pairs inside a category
    before it minds seeding: two categories of two on the same score play inside each, where one category folds."""
    s = state([0] * 4)
    assert pairs(s, replace(OPENGOTHA, weights=Weights.OPENGOTHA_CAT)) == {(1, 4), (2, 3)}
    two = replace(s, categories={PlayerId(1): 0, PlayerId(2): 1, PlayerId(3): 0, PlayerId(4): 1}, category_count=2)
    assert pairs(two, replace(OPENGOTHA, weights=Weights.OPENGOTHA_CAT)) == {(1, 3), (2, 4)}


@pytest.mark.parametrize(("scores", "sizes"), [
    ([0] * 1001, [600, 401]),  # one level: a chunk closes at 600
    ([2] * 350 + [1] * 350, [350, 350]),  # a level of an even 200 or more closes one
    ([2] * 301 + [1] * 399, [500, 200]),  # an odd level goes on into the next, until 200 are left
    ([0] * 600, [600]),  # 600 or fewer: one field
])
def test_r7_4_opengotha_pairs_a_field_over_600_in_chunks_as_it_cuts_them(scores: list[int], sizes: list[int]) -> None:
    """OpenGotha pairs more than 600 players in chunks (its PAIRING_GROUP_MIN 200 and MAX_SIZE 600), score level by
    score level from the top in its order; each chunk is a field of its own."""
    s = state(scores)
    chunks = gotha_chunks(s, list(s.players))
    assert [len(c) for c in chunks] == sizes
    assert [p for c in chunks for p in c] == list(s.players)  # in its order: the ranking, then the name


def test_r7_4_seeding_from_and_the_thresholds_that_spare_players() -> None:
    """`swiss.seeding_from: 3` keeps `swiss.first_round` for rounds 1 and 2 (OpenGotha's last round for its first
    seed system); `swiss.geo_bar` spares a player at the bar, `swiss.geo_rank: 1d` one whose rank plus wins reach
    1d, `swiss.geo_wins` one who won half the rounds."""
    ranks = ("3d", "2k", "1k", "10k", "12k", "15k")
    config = Config(rounds=2, start=StartPoints(method=StartMethod.RANK, bar=Rank.parse("1d")),
                    pairing=Pairing(method=(MCMAHON.name,)),
                    swiss=Swiss(first_round=Seeding.RANDOM, seeding=Seeding.FOLD, seeding_from=3))
    players = tuple(Player(PlayerId(i), f"P{i}", 2000, rank=Rank.parse(r)) for i, r in enumerate(ranks, start=1))
    t = Tournament(replace(config, ratings=Ratings(declared_rank=True)), players,
                   rounds_from_text("1: 2-1 W+, 5-3 W+, 6-4 W+"))
    present = tuple(PlayerId(i) for i in range(1, 7))
    state, rules = read(t, 2, present)
    assert rules.seeding == Seeding.RANDOM and state.spared == frozenset()
    spare = replace(t.config.swiss, geo_bar=True, geo_rank=Rank.parse("1d"), geo_wins=True)
    state, _ = read(replace(t, config=replace(t.config, swiss=spare)), 2, present)
    assert state.spared == {PlayerId(1), PlayerId(3), PlayerId(4)}  # at the bar; 1k + 1 win; 1 win of 2 rounds
    state, _ = read(replace(t, config=replace(t.config, swiss=replace(spare, geo_wins=False))), 2, present)
    assert state.spared == {PlayerId(1), PlayerId(3)}


# --- the matching is the optimum ---------------------------------------------------------------------------------


@st.composite
def fields(draw: st.DrawFn, most: int = 10) -> tuple[RoundState, PairingRules]:
    n = draw(st.integers(2, most // 2)) * 2
    scores = draw(st.lists(st.integers(0, 8), min_size=n, max_size=n))
    ids = [PlayerId(i + 1) for i in range(n)]
    everyone = [(a, b) for a in ids for b in ids if a < b]
    old = draw(st.lists(st.sampled_from(everyone), max_size=n))
    s = RoundState(
        round=3, players=tuple(sorted(ids, key=lambda p: -scores[p - 1])),
        scores={p: Fraction(scores[p - 1], 2) for p in ids},
        ratings={p: draw(st.integers(100, 2700)) for p in ids},
        met=frozenset(frozenset(pair) for pair in old),
        colours={p: draw(st.integers(-2, 2)) for p in ids},
        floats={p: (draw(st.integers(0, 2)), draw(st.integers(0, 2))) for p in ids},
        clubs={p: draw(st.sampled_from("AB")) for p in ids},
        spared=frozenset(draw(st.sets(st.sampled_from(ids)))),
    )
    rules = PairingRules(seeding=draw(st.sampled_from(list(Seeding))), club_gap=Fraction(draw(st.integers(0, 2))),
                         window=draw(st.integers(1, 4)), lots="test", seat=draw(st.sampled_from(list(Seat))),
                         drawn_down=draw(st.sampled_from(list(Edge))), drawn_up=draw(st.sampled_from(list(Edge))),
                         compensate=draw(st.booleans()), colour=draw(st.sampled_from(list(ColourPriority))),
                         weights=draw(st.sampled_from(list(Weights))))
    return s, rules


def brute_force(costs: dict[tuple[int, int], Cost], vertices: list[int], count: int) -> Cost | None:
    """The least total cost of `count` criteria over every perfect matching, by enumeration."""
    if not vertices:
        return (0,) * count
    first, rest = vertices[0], vertices[1:]
    best = None
    for other in rest:
        if (first, other) not in costs:
            continue
        tail = brute_force(costs, [v for v in rest if v != other], count)
        if tail is not None:
            total = total_cost([costs[first, other], tail], count)
            best = total if best is None or total < best else best
    return best


@settings(max_examples=150)
@given(fields())
def test_r7_4_the_matching_is_the_brute_force_optimum(case: tuple[RoundState, PairingRules]) -> None:
    s, rules = case
    field = score_field(s, rules, s.players)
    n = len(field.ids)
    costs = {(a, b): field.cost(a, b) for a in range(n) for b in range(a + 1, n) if b not in field.forbidden[a]}
    count = len(field.criteria)
    expected = brute_force(costs, list(range(n)), count)
    matching = best_matching(field)
    if expected is None:
        assert matching is None
        return
    assert matching is not None
    assert total_cost([costs[e] for e in matching], count) == expected
    assert not any(b in field.forbidden[a] for a, b in matching)


@settings(max_examples=50)
@given(fields())
def test_r7_4_a_cost_is_the_named_criteria_in_order(case: tuple[RoundState, PairingRules]) -> None:
    s, rules = case
    field = score_field(s, rules, s.players)
    n = len(field.ids)
    for a in range(n):
        for b in range(a + 1, n):
            assert field.cost(b, a) == field.cost(a, b) == tuple(criterion(field, a, b) for criterion in field.criteria)
    assert [c.__name__ for c in CRITERIA] == ["rematch", "score", "floats", "seeding", "colour"]
    assert field.criteria == criteria_of(rules)


@settings(max_examples=80)
@given(fields(most=16), st.sampled_from([Weights.OPENGOTHA, Weights.OPENGOTHA_CAT]))
def test_r7_4_no_pair_costs_less_than_its_score_groups_least(case: tuple[RoundState, PairingRules],
                                                              weights: Weights) -> None:
    """The certificate skips two score groups whose least OpenGotha cost is over what it allows: no pair of them
    may cost less (half-point groups share OpenGotha's whole-point group, with its seeding term)."""
    s, rules = case
    field = score_field(s, replace(rules, weights=weights), s.players)
    n = len(field.ids)
    for a in range(n):
        for b in range(a + 1, n):
            assert field.gotha.least(field.group[a], field.group[b]) <= field.gotha.cost(a, b)


@settings(max_examples=60)
@given(fields(most=60))
def test_r7_4_the_sparse_graph_gives_the_complete_graphs_optimum(case: tuple[RoundState, PairingRules]) -> None:
    """A window of 1-4 (the sparse graph and its certificate) against a window as wide as the field."""
    s, rules = case
    sparse, complete = score_field(s, rules, s.players), score_field(s, replace(rules, window=100), s.players)
    narrow, wide = best_matching(sparse), best_matching(complete)
    assert (narrow is None) == (wide is None)
    if narrow is not None and wide is not None:
        count = len(sparse.criteria)
        assert total_cost([sparse.cost(*e) for e in narrow], count) == total_cost([complete.cost(*e) for e in wide],
                                                                                  count)
        assert not any(b in sparse.forbidden[a] for a, b in narrow)
