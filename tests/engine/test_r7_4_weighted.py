"""R7.4 McMahon and Swiss: each criterion beats the next, and the sparse graph gives the complete graph's optimum."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from forsxl.engine.config import Seeding
from forsxl.engine.model import PlayerId
from forsxl.engine.pairing.constraints import PairingRules, RoundState
from forsxl.engine.pairing.weighted import CRITERIA, Cost, best_matching, pair_weighted, score_field, total_cost


def state(scores: list[float], **extra: object) -> RoundState:
    """Players 1..n in ranking order with these scores; ratings fall with the start number."""
    ids = tuple(PlayerId(i + 1) for i in range(len(scores)))
    return RoundState(
        round=2, players=ids, scores={p: Fraction(s) for p, s in zip(ids, scores, strict=True)},
        ratings={p: 2000 - 10 * p for p in ids}, **extra,  # type: ignore[arg-type]
    )


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
    )
    rules = PairingRules(seeding=draw(st.sampled_from(list(Seeding))), club_gap=Fraction(draw(st.integers(0, 2))),
                         window=draw(st.integers(1, 4)), lots="test")
    return s, rules


def brute_force(costs: dict[tuple[int, int], Cost], vertices: list[int]) -> Cost | None:
    """The least total cost over every perfect matching, by enumeration."""
    if not vertices:
        return (0, 0, 0, 0, 0)
    first, rest = vertices[0], vertices[1:]
    best = None
    for other in rest:
        if (first, other) not in costs:
            continue
        tail = brute_force(costs, [v for v in rest if v != other])
        if tail is not None:
            total = total_cost([costs[first, other], tail])
            best = total if best is None or total < best else best
    return best


@settings(max_examples=150, deadline=None)
@given(fields())
def test_r7_4_the_matching_is_the_brute_force_optimum(case: tuple[RoundState, PairingRules]) -> None:
    s, rules = case
    field = score_field(s, rules, s.players)
    n = len(field.ids)
    costs = {(a, b): field.cost(a, b) for a in range(n) for b in range(a + 1, n) if b not in field.forbidden[a]}
    expected = brute_force(costs, list(range(n)))
    matching = best_matching(field)
    if expected is None:
        assert matching is None
        return
    assert matching is not None
    assert total_cost([costs[e] for e in matching]) == expected
    assert not any(b in field.forbidden[a] for a, b in matching)


@settings(max_examples=50, deadline=None)
@given(fields())
def test_r7_4_a_cost_is_the_named_criteria_in_order(case: tuple[RoundState, PairingRules]) -> None:
    s, rules = case
    field = score_field(s, rules, s.players)
    n = len(field.ids)
    for a in range(n):
        for b in range(a + 1, n):
            assert field.cost(b, a) == field.cost(a, b) == tuple(criterion(field, a, b) for criterion in CRITERIA)
    assert [c.__name__ for c in CRITERIA] == ["rematch", "score", "floats", "seeding", "colour"]


@settings(max_examples=60, deadline=None)
@given(fields(most=60))
def test_r7_4_the_sparse_graph_gives_the_complete_graphs_optimum(case: tuple[RoundState, PairingRules]) -> None:
    """A window of 1-4 (the sparse graph and its certificate) against a window as wide as the field."""
    s, rules = case
    sparse, complete = score_field(s, rules, s.players), score_field(s, replace(rules, window=100), s.players)
    narrow, wide = best_matching(sparse), best_matching(complete)
    assert (narrow is None) == (wide is None)
    if narrow is not None and wide is not None:
        assert total_cost([sparse.cost(*e) for e in narrow]) == total_cost([complete.cost(*e) for e in wide])
        assert not any(b in sparse.forbidden[a] for a, b in narrow)
