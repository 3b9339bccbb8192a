"""R12: every preset plays a whole tournament through the workbook, and the invariants hold."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from forsxl.book.config import presets
from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.config import Tiebreak
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
