"""R12: every preset plays a whole tournament through the workbook, and the invariants hold."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from forsxl.book.config import build_config, presets
from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.config import Tiebreak, get_key
from forsxl.engine.model import Tournament
from forsxl.engine.standings import standings


def _played(tmp_path: Path, preset: str) -> Tournament:
    result = CliRunner().invoke(app, ["demo", str(tmp_path), "--preset", preset, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "club.html").exists()
    return load(tmp_path / "club.xlsx").tournament


@pytest.mark.parametrize("preset", list(presets()))
def test_r12_preset_plays_a_whole_tournament(tmp_path: Path, preset: str) -> None:
    t = _played(tmp_path, preset)
    assert t.config.preset == preset and len(t.rounds) == t.config.rounds
    met: set[frozenset[int]] = set()
    for rnd in t.rounds:
        assert rnd.complete
        pairs = [frozenset((g.black, g.white)) for g in rnd.games]
        main = {frozenset((g.black, g.white)) for g in rnd.games if not g.stage}  # R7.7: the bracket may rematch
        assert not met & main, f"round {rnd.number}: a rematch"
        met |= set(pairs)
        seen = [p for pair in pairs for p in pair] + [pid for pid, _ in rnd.sitouts]
        assert sorted(seen) == sorted(p.id for p in t.players), f"round {rnd.number}: not everyone once"
    table = standings(t)
    for s in table:
        assert s.points == s.start + sum(c.points for c in s.cells if c.points is not None)
    # The order follows the tie-break list up to `direct`, which ranks only among the players tied before it.
    tiebreaks = list(t.config.tiebreaks)
    criteria = tiebreaks[: tiebreaks.index(Tiebreak.DIRECT)] if Tiebreak.DIRECT in tiebreaks else tiebreaks
    keys = [tuple(s.values[c] for c in criteria) for s in table]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize(
    ("preset", "key", "value"),
    [
        pytest.param("fors-club", "handicap.even_below", 25, id="[000] «до ближайшего целого в шагах форы»"),
        pytest.param("lg-cup-team", "handicap.even_below", 50, id="[003 §6] «при разнице менее 50 ... на равных»"),
        pytest.param("fors-club", "handicap.midpoint", "down", id="[000] «в два дана (кю) ... два камня форы»"),
        pytest.param("serp", "handicap.midpoint", "down", id="[002] Serp's ratings rounded to ranks: a rank a stone"),
        pytest.param("lg-cup-team", "handicap.midpoint", "up", id="[003 §6] «100–199 – фора 2»"),
        pytest.param("fors-2004", "groups.border", "lower", id="[002] «Верхняя группа играет между собой без форы»"),
        pytest.param("fors-club", "groups.border", "lower", id="[000] «все остальные играют по обычной схеме»"),
        pytest.param("lg-cup-team", "groups.border", "upper", id="[003 §9] «спуски-подъемы не учитываются»"),
        pytest.param("fors-2004", "groups.order", ("points", "sos", "rating"),
                     id="[002] «по количеству очков ... КС ..., а затем – рейтингу»"),
        pytest.param("renju-weekly", "unplayed_loss", "loss", id="[000 §5.1] «засчитываются поражения (минусы)»"),
        pytest.param("fors-club", "unplayed_loss", "draw", id="Go: a draw against oneself"),
    ],
)
def test_r12_presets_follow_their_seeds(preset: str, key: str, value: object) -> None:
    config, _, errors = build_config([("preset", preset, None)])
    assert errors == [] and get_key(config, key) == value


@pytest.mark.parametrize(("cap", "scheme"), [(None, "serp20"), (9, "serp20"), (5, "serp15"), (3, "serp15")])
def test_r12_serp_scores_15_5_with_a_cap_of_five_stones(cap: int | None, scheme: str) -> None:
    """R12 `serp`: serp20, serp15 with a cap of 5; [004] «Если фора в турнире не превышает пяти камней, то
    начисляем в равных партиях 15/5», «Для форы до 9 камней ... 20/10»."""
    entries = [("preset", "serp", None), *([("handicap.max_steps", cap, None)] if cap else [])]
    config, _, errors = build_config(entries)
    assert errors == [] and config.scoring.scheme == scheme
