"""R10: the simulator's win-probability models and what a simulated tournament measures."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from tables import rounds_from_text

from forsxl.engine.config import (
    Config,
    Groups,
    Pairing,
    PairingMethod,
    Scheme,
    Scoring,
    StartMethod,
    StartPoints,
    StepKind,
    Tiebreak,
)
from forsxl.engine.model import Game, Player, PlayerId, Round, Tournament
from forsxl.engine.pairing.methods import NEIGHBOURS, ROUND_ROBIN
from forsxl.engine.probability import (
    Model,
    compensation,
    egf_expected,
    egf_white_wins,
    linear_white_wins,
    white_wins_probability,
)
from forsxl.engine.simulate import (
    Settings,
    Summary,
    average_ranks,
    kendall_tau_b,
    outcome,
    play,
    run_seed,
    spearman,
    summarize,
)
from forsxl.engine.standings import standings


@pytest.mark.parametrize(
    ("rating", "opponent", "se"),
    [
        pytest.param(2100, 2100, 0.5000, id="2100 vs 2100"),
        pytest.param(2100, 2200, 0.3523, id="2100 vs 2200"),
        pytest.param(1500, 1600, 0.4013, id="1500 vs 1600"),
        pytest.param(2600, 2700, 0.2537, id="2600 vs 2700"),
        pytest.param(100, 200, 0.4447, id="100 vs 200"),
    ],
)
def test_r10_egf_expected_score_matches_the_published_test_values(rating: int, opponent: int, se: float) -> None:
    # FORMATS §4.3: Se = 1 / (1 + exp(β(r_opp) - β(r))), β(r) = -7 ln(3300 - r).
    assert egf_expected(rating, opponent) == pytest.approx(se, abs=5e-5)
    assert egf_expected(opponent, rating) == pytest.approx(1 - se, abs=5e-5)


def test_r10_egf_handicap_raises_black_by_100_a_stone_less_50() -> None:
    # FORMATS §4.3: 5k (1500) takes 4 stones from 1900 and counts as 1850: Black's Se 0.4389.
    assert compensation(4, StepKind.STONE) == 350
    assert 1 - egf_white_wins(1900, 1500, compensation(4, StepKind.STONE)) == pytest.approx(0.4389, abs=5e-5)


@pytest.mark.parametrize("steps", range(1, 10))
def test_r10_half_steps_are_worth_what_the_egf_gives_their_stones_and_komi(steps: int) -> None:
    # R2.3: 2k-1 half steps are k stones (EGF: 100k - 50 = 50(2k-1)); 2k are k stones and half_komi, half a stone more.
    stones = (steps + 1) // 2
    assert compensation(steps, StepKind.HALF) == 100 * stones - 50 + (50 if steps % 2 == 0 else 0)


@pytest.mark.parametrize(("white", "black", "compensated"), [(1550, 1450, 0), (2230, 1915, 315), (2700, 100, 0),
                                                             (1000, 1900, 50), (2950, 2900, 0)])
def test_r10_linear_model_in_floats_is_the_seeds_model(white: int, black: int, compensated: int) -> None:
    exact = white_wins_probability(white, black, compensated)
    assert linear_white_wins(white, black, compensated) == pytest.approx(float(exact), abs=1e-12)


def test_r10_egf_formula_stays_defined_past_3300() -> None:
    # A 2900 giving 9 stones: Black counts as 3300+, where β is undefined; the ceiling keeps it a probability.
    assert 0.0 < egf_white_wins(2600, 2900, 500) < egf_white_wins(2600, 2900, 300) < 0.5


def test_r10_rank_statistics_on_worked_cases() -> None:
    assert kendall_tau_b([1, 2, 3, 4], [1, 2, 3, 4]) == 1.0
    assert kendall_tau_b([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    # one discordant pair of six: (5 - 1) / 6
    assert kendall_tau_b([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(4 / 6)
    # tau-b with a tie in x: 5 concordant, 0 discordant, sqrt(5 * 6)
    assert kendall_tau_b([1, 1, 2, 3], [1, 2, 3, 4]) == pytest.approx(5 / 30 ** 0.5)
    assert average_ranks([10, 20, 20, 30]) == [1, 2.5, 2.5, 4]
    assert spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)


def _players(ratings: list[int]) -> tuple[Player, ...]:
    return tuple(Player(PlayerId(i), f"P{i}", rating) for i, rating in enumerate(ratings, start=1))


def _even_config(method: PairingMethod, rounds: int) -> Config:
    """No start points, no handicap, a win a point: only the games rank (R1.3 with no bands, R3 even, R4)."""
    return Config(
        name="sim", rounds=rounds, start=StartPoints(method=StartMethod.TABLE, bands=()),
        groups=Groups(steps=(StepKind.EVEN,)), scoring=Scoring(Scheme.WIN_LOSS),
        tiebreaks=(Tiebreak.POINTS, Tiebreak.LOT), pairing=Pairing((method,), allow_rematch=True),
    )


def _random_pairs(t: Tournament, number: int, rng: random.Random) -> Round:
    ids = [p.id for p in t.players]
    rng.shuffle(ids)
    return Round(number, tuple(Game(b, ids[2 * b - 2], ids[2 * b - 1], 0, Fraction(13, 2), 0, 1)
                               for b in range(1, len(ids) // 2 + 1)))


def _summary(t: Tournament, settings: Settings, runs: int, **kwargs: object) -> Summary:
    outcomes = [play(t, settings, run_seed(11, i), **kwargs)[1] for i in range(runs)]  # type: ignore[arg-type]
    return summarize("test", t, outcomes, settings.prizes)


RATINGS = [2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500]


def test_r10_a_round_robin_ranks_better_than_random_pairing() -> None:
    # Measured: mean tau 0.67 against 0.62, the difference's standard error 0.012 over 300 runs.
    settings = Settings(Model.EGF, sigma=0.0, from_start=True)
    robin = _summary(Tournament(_even_config(ROUND_ROBIN.name, 7), _players(RATINGS)), settings, 300)
    randomly = _summary(Tournament(_even_config(NEIGHBOURS.name, 7), _players(RATINGS)), settings, 300,
                        pairer=_random_pairs)
    assert robin.quality.tau > randomly.quality.tau + 0.02
    assert robin.quality.spearman > randomly.quality.spearman


def test_r10_without_noise_the_stronger_always_wins_a_round_robin() -> None:
    t = Tournament(_even_config(ROUND_ROBIN.name, 7), _players(RATINGS))
    summary = _summary(t, Settings(Model.STRONGER, sigma=0.0, from_start=True), 20)
    assert summary.quality.strongest_wins == 1.0
    assert summary.quality.tau == 1.0
    assert [odds.expected_place for odds in summary.players] == list(range(1, 9))
    assert summary.players[0].prizes == (1.0, 0.0, 0.0)


def _fors30_pair(ratings: list[int]) -> Tournament:
    """Two players who meet every round with half-step handicaps under fors30 (R2.2, R4)."""
    config = Config(name="pair", rounds=8, groups=Groups(steps=(StepKind.HALF,)), scoring=Scoring(Scheme.FORS30),
                    pairing=Pairing((NEIGHBOURS.name,), allow_rematch=True))
    return Tournament(config, _players(ratings))


def test_r10_fors30_giver_and_taker_expect_an_even_games_points_near_rating_2000() -> None:
    # [002]: near Ravg 2000 a stone is worth 10% of winning chance, and 20+N / 10-N in half steps makes that up:
    # D = 100 -> N = 2, a 50% game worth 0.5 (22) + 0.5 (10) = 16 = 0.6 (20) + 0.4 (10) even.
    summary = _summary(_fors30_pair([2050, 1950]), Settings(Model.LINEAR, sigma=0.0, from_start=True), 50)
    [row] = summary.fairness
    assert (row.group, row.steps, row.games) == (1, 2, 400)
    assert row.giver == pytest.approx(row.giver_even) == pytest.approx(16)
    assert row.taker == pytest.approx(row.taker_even) == pytest.approx(14)
    assert row.giver_bias == pytest.approx(0) and row.taker_bias == pytest.approx(0)
    assert row.giver_wins == pytest.approx(0.5, abs=0.075)  # 400 games: 3 standard errors


def test_r10_fors30_favours_the_giver_below_rating_2000() -> None:
    # Near Ravg 1500 a stone is worth 1/15 of winning chance, less than the half-step point makes up.
    summary = _summary(_fors30_pair([1550, 1450]), Settings(Model.LINEAR, sigma=0.0, from_start=True), 10)
    [row] = summary.fairness
    assert row.giver_bias == pytest.approx(16 - (20 * (0.5 + 100 / 1500) + 10 * (0.5 - 100 / 1500)))
    assert row.giver_bias > 0.3 and row.taker_bias == pytest.approx(-row.giver_bias)


def test_r10_a_cells_bias_has_the_standard_error_of_its_runs() -> None:
    """The giver's bias of a cell is Σ bias / Σ games over the runs; its standard error treats a run as one sample
    (its games share players): the delta method's, worked out here the long way from the runs' own sums."""
    t = Tournament(Config(name="se", rounds=4, scoring=Scoring(Scheme.FORS30),
                          pairing=Pairing((NEIGHBOURS.name,), allow_rematch=True)), _players(RATINGS))
    outcomes = [play(t, Settings(sigma=100.0, from_start=True), run_seed(3, i))[1] for i in range(40)]
    summary = summarize("se", t, outcomes, 3)
    assert summary.fairness
    for cell in summary.fairness:
        key = (cell.group, cell.steps)
        runs = [(o.fairness[key][0], o.fairness[key][1] - o.fairness[key][2]) if key in o.fairness else (0.0, 0.0)
                for o in outcomes]
        games = sum(n for n, _ in runs)
        bias = sum(b for _, b in runs) / games
        spread = sum((b - bias * n) ** 2 for n, b in runs) / (len(runs) - 1)
        assert cell.giver_bias == pytest.approx(bias)
        assert cell.giver_bias_se == pytest.approx((spread * len(runs)) ** 0.5 / games)


def test_r10_a_run_counts_the_places_the_strongest_hold_in_order() -> None:
    """`in_order`: how many places from the first go to the strongest players in the order of their strength."""
    players = _players([2000, 1900, 1800, 1700])
    strength = {p.id: float(p.rating) for p in players}
    ids = [p.id for p in players]
    assert outcome(players, ids, strength, {}).in_order == 4
    assert outcome(players, [ids[0], ids[2], ids[1], ids[3]], strength, {}).in_order == 1
    assert outcome(players, [ids[1], ids[0], ids[2], ids[3]], strength, {}).in_order == 0


def test_r10_results_typed_so_far_stand_and_the_rest_is_played() -> None:
    config = Config(name="club", rounds=3, groups=Groups(steps=(StepKind.HALF,)))
    played = rounds_from_text("1: 4-1/4 B+, 3-2/2 W+")
    t = Tournament(config, _players([2200, 2100, 2000, 1800]), played)
    after, _ = play(t, Settings(), run_seed(1, 0))
    assert after.rounds[0] == played[0]
    assert len(after.rounds) == 3 and all(r.complete for r in after.rounds)
    again, _ = play(t, Settings(from_start=True), run_seed(1, 0))
    # from the start, round 1 is paired anew: neighbours top-down, not the 4-1, 3-2 typed
    assert [{g.black, g.white} for g in again.rounds[0].games] == [{1, 2}, {3, 4}]


def test_r10_a_run_is_the_same_for_the_same_seed() -> None:
    t = Tournament(_even_config(NEIGHBOURS.name, 5), _players(RATINGS))
    first = play(t, Settings(from_start=True), run_seed(5, 3))
    assert play(t, Settings(from_start=True), run_seed(5, 3)) == first
    assert play(t, Settings(from_start=True), run_seed(5, 4)) != first


@pytest.mark.parametrize("tiebreaks", [
    (Tiebreak.POINTS, Tiebreak.WINS, Tiebreak.SOS, Tiebreak.SOS_WINS, Tiebreak.RATING),
    (Tiebreak.POINTS, Tiebreak.DIRECT, Tiebreak.BERGER, Tiebreak.LOT),
])
def test_r6_ranking_only_standings_rank_and_place_as_the_full_ones(tiebreaks: tuple[Tiebreak, ...]) -> None:
    # pair_round's standings skip the tie-break values (and ranking players already alone): nothing else may change
    config = Config(name="club", rounds=5, groups=Groups(sizes=(4,), steps=(StepKind.HALF, StepKind.STONE)),
                    tiebreaks=tiebreaks)
    t, _ = play(Tournament(config, _players([2300, 2250, 2100, 2100, 2000, 1900, 1700, 1500, 1500])),
                Settings(sigma=200.0, from_start=True), run_seed(3, 1))
    for number in range(1, 7):
        full, quick = standings(t, before_round=number), standings(t, before_round=number, ranking_only=True)
        assert [(s.player.id, s.place, s.points) for s in quick] == [(s.player.id, s.place, s.points) for s in full]
        assert all(not q.values for q in quick)


def test_r10_a_player_who_left_a_round_robin_loses_every_game_to_come_in_a_run() -> None:
    """R5 [000 §5.3.1]: the simulator plays the rounds the standings leave unscored, forfeits of one who left too."""
    players = (Player(PlayerId(1), "P1", 2000, left_after=1), Player(PlayerId(2), "P2", 1900),
               Player(PlayerId(3), "P3", 1800))
    first, *later = rounds_from_text("1: 1-2/0 B+, bye 3\n2: 1-3/0 B+, bye 2\n3: 2-3/0 B+, bye 1")
    unplayed = [replace(r, games=tuple(g.with_result(None) for g in r.games)) for r in later]
    t = Tournament(Config(pairing=Pairing(method=(ROUND_ROBIN.name,))), players, (first, *unplayed))
    played, _ = play(t, Settings(Model.EGF, sigma=0.0), run_seed(5, 0))
    assert [str(g.result) for r in played.rounds for g in r.games][:2] == ["B+", "W+F"]
