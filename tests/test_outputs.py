"""Every command's output on the demo books is what tests/outputs.json recorded (issue 44: moving code changes no
output). A scenario without a record, an output no longer made or a new one fails as a changed one does: the record
is written by `python tests/outputs.py`, never by the test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from outputs import DIGESTS, SCENARIOS, digest, outputs

RECORDED = json.loads(DIGESTS.read_text(encoding="utf-8"))


def test_every_scenario_is_recorded_and_every_record_is_a_scenario() -> None:
    assert sorted(RECORDED) == sorted(SCENARIOS)


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_every_command_says_and_writes_what_was_recorded(scenario: str, tmp_path: Path) -> None:
    run = tmp_path / "run"
    run.mkdir()
    made = outputs(scenario, run)
    assert all(made[name] for name in made if not name.endswith((": exit", ": said"))), "a file written is empty"
    assert sum(name.endswith(": club.xlsx") for name in made) >= 4, "the book was written too seldom to tell"
    recorded = RECORDED[scenario]
    changed = sorted(name for name in made.keys() | recorded.keys()
                     if name not in made or digest(made[name]) != recorded.get(name))
    if changed:
        shown = tmp_path / "changed.txt"
        shown.write_text("".join(f"===== {name}\n{made.get(name, '(not made)')}\n" for name in changed),
                         encoding="utf-8")
    assert not changed, (f"{scenario}: these outputs are not what was recorded (now in {tmp_path / 'changed.txt'}): "
                         f"{changed}; if the change means them, `python tests/outputs.py '{scenario}'` "
                         "(docs/development.md)")
