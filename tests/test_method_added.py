"""R7: a pairing method added as docs/development.md says, one module and one record in `METHODS` (issue 44).

This module is the method's module: `pair_bottom_up` pairs neighbours from the bottom of the standings up. With its
record in the registry and nothing else, Config takes its name, and pair, explain, the regulation and publish name
it in words and say how it pairs: the command a new method once crashed was publish's regulation page, whose words
for each method lived in a table of their own.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
from test_cli import club_players, higher_rating_wins, invoke, new_book, ok, rows, type_results

from forsxl.engine.config import PairingMethod
from forsxl.engine.pairing.constraints import Pairing, PairingRules, RoundState
from forsxl.engine.pairing.methods import METHODS, Method
from forsxl.engine.pairing.neighbours import pair_neighbours
from forsxl.engine.said import sentence


def pair_bottom_up(state: RoundState, rules: PairingRules) -> Pairing:
    """Neighbours from the bottom of the standings up: the lowest meets the nearest above it may meet, and with an
    odd field the top player sits out (a throw-away method, R7)."""
    upside_down = pair_neighbours(replace(state, players=state.players[::-1]), rules)
    rank = {pid: i for i, pid in enumerate(state.players)}
    pairs = tuple((a, b) if rank[a] < rank[b] else (b, a) for a, b in upside_down.pairs)
    return Pairing(tuple(sorted(pairs, key=lambda pair: rank[pair[0]])), upside_down.bye)


BOTTOM_UP = Method(PairingMethod("bottom_up"), "R7", sentence("neighbours from the bottom up"), pair_bottom_up,
                   said=lambda config: sentence("pairs are made from the bottom of the standings up"))
"""The one record, as it would stand in `METHODS`."""


@pytest.fixture
def bottom_up(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A club of 19 (an odd field: the bye tells the methods apart) whose Config pairs bottom up."""
    monkeypatch.setitem(METHODS, BOTTOM_UP.name, BOTTOM_UP)
    path = new_book(tmp_path, club_players()[:19])
    workbook = openpyxl.load_workbook(path)
    workbook["Config"].append(["pairing.method", "bottom_up"])
    workbook.save(path)
    return path


def test_r7_a_method_added_as_documented_is_a_config_value(bottom_up: Path) -> None:
    assert "pairing.method: [bottom_up]" in ok("config", bottom_up).stdout
    workbook = openpyxl.load_workbook(bottom_up)
    workbook["Config"].cell(workbook["Config"].max_row, 2).value = "bottom_down"
    workbook.save(bottom_up)
    said = invoke("check", bottom_up).output
    assert "one of neighbours, shift, rating_shift, round_robin, serp, mcmahon, swiss, bottom_up" in said


def test_r7_a_method_added_as_documented_pairs_explains_and_is_published(bottom_up: Path, tmp_path: Path) -> None:
    ok("pair", bottom_up)
    first = rows(bottom_up, "Round-1")
    assert [row["Black"] for row in first if row["Board"] == "bye"] == ["Adams"]  # the top player, as the method says
    type_results(bottom_up, "Round-1", higher_rating_wins)
    ok("pair", bottom_up)
    assert "Round 2, paired by neighbours from the bottom up (R7):" in ok("explain", bottom_up, "--round", "2").stdout
    sentence = "Neighbours from the bottom up: pairs are made from the bottom of the standings up."
    ok("regulation", bottom_up, "-o", tmp_path / "regulation.html")
    assert sentence in (tmp_path / "regulation.html").read_text(encoding="utf-8")
    ok("publish", bottom_up, "-o", tmp_path / "site")
    assert sentence in (tmp_path / "site" / "regulation.html").read_text(encoding="utf-8")
