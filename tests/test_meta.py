"""The rest of the contract: README and docs/ describe every command and Config key; rule ids cited have tests."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from typer.main import get_command

from forsxl.book.read import load
from forsxl.cli import app
from forsxl.engine.config import config_keys
from forsxl.engine.standings import standings

ROOT = Path(__file__).resolve().parents[1]
DOCS = "\n".join(path.read_text(encoding="utf-8") for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
"""README and the pages of docs/ people write, the generated reference (docs/reference/) aside."""


def test_every_command_is_in_the_docs() -> None:
    commands = get_command(app).commands  # type: ignore[attr-defined]
    assert commands
    for name in commands:
        assert f"forsxl {name}" in DOCS, name


def test_every_config_key_is_in_the_docs() -> None:
    for info in config_keys():
        assert f"| `{info.key}` | {info.rule} |" in DOCS, info.key


def _cited_rules() -> set[str]:
    cited = set()
    for path in (ROOT / "forsxl" / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node):
                cited |= set(re.findall(r"\bR(\d+(?:\.\d+)?)\b", ast.get_docstring(node) or ""))
    return cited


def test_every_rule_cited_in_the_engine_has_a_test() -> None:
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"def (test_r[\d_]+)", path.read_text(encoding="utf-8")))
    for rule in sorted(_cited_rules()):
        prefix = "test_r" + rule.replace(".", "_") + "_"
        assert any(name.startswith(prefix) for name in names), f"R{rule} has no test named {prefix}*"


def test_example_workbook_is_a_consistent_tournament_after_three_rounds() -> None:
    book = load(ROOT / "examples" / "club.xlsx")
    t = book.tournament
    assert len(t.players) == 20 and len(t.rounds) == 3
    assert all(r.complete for r in t.rounds)
    for s in standings(t):
        assert s.points == s.start + sum(c.points for c in s.cells if c.points is not None)
