"""Every code forsxl raises has its message in the catalogue, and every message of the catalogue is said somewhere
(issue 34): a misspelt code would raise KeyError just when a referee needs the message, and a message nothing says
only waits to be translated.

The codes are found in the source where they are written: the code of a ForsxlError, PairingImpossible, a reader's
`fail`, `refuse`, `messages.text`, a ResultTextError or an explanation's Reason; an argument or a default of a
parameter named `code` or `message_key`; a variable of those names given a code; and a Config problem
`(key, code, {params})`."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from forsxl.messages import MESSAGES

FORSXL = Path(__file__).resolve().parents[1] / "forsxl"
CODE_ARGUMENT = {"ForsxlError": 1, "PairingImpossible": 1, "fail": 1, "refuse": 0, "ResultTextError": 1, "Reason": 0}
"""The callables that take a message code, and its position."""
CODE_NAMES = frozenset({"code", "message_key"})
"""Parameter and variable names that hold a message code (a `key` is a Config key or a label's)."""


def _codes(node: ast.AST | None) -> list[str]:
    """The strings a code expression may be: a constant, or either branch of `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _codes(node.body) + _codes(node.orelse)
    return []


def _trees() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(FORSXL.rglob("*.py")):
        yield path, ast.parse(path.read_text())


def _helpers() -> dict[str, set[int]]:
    """forsxl's functions by name, with the positions of their parameters that hold a code (`fail(rule, code, ...)`,
    `whole(raw, source, code)`)."""
    found: dict[str, set[int]] = {}
    for _, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                names = [a.arg for a in (*node.args.posonlyargs, *node.args.args) if a.arg not in ("self", "cls")]
                found.setdefault(node.name, set()).update(i for i, name in enumerate(names) if name in CODE_NAMES)
    return found


def _spots(node: ast.AST, calls: dict[str, set[int]]) -> list[ast.expr]:
    """The expressions in `node` that hold a message code."""
    if isinstance(node, ast.Call):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        positions = calls.get(name, set())
        if any(isinstance(arg, ast.Starred) for arg in node.args):  # positions unknown: every argument
            return list(node.args) if positions else []
        return [arg for i, arg in enumerate(node.args) if i in positions] + [
            k.value for k in node.keywords if k.arg == "code"]
    if isinstance(node, ast.FunctionDef):
        args = [*node.args.posonlyargs, *node.args.args]
        return [default for arg, default in zip(args[len(args) - len(node.args.defaults):], node.args.defaults,
                                                strict=True) if arg.arg in CODE_NAMES]
    if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in CODE_NAMES for t in node.targets):
        return [node.value]
    if isinstance(node, ast.Tuple) and len(node.elts) == 3 and isinstance(node.elts[2], ast.Dict):
        return [node.elts[1]]  # a Config problem: (key, code, params)
    return []


def raised_codes() -> dict[str, str]:
    """Every code written where one is raised or said, with the first place it is written."""
    helpers = _helpers()
    found: dict[str, str] = {}
    for path, tree in _trees():
        calls = {name: {position} for name, position in CODE_ARGUMENT.items()}
        for name, positions in helpers.items():
            calls.setdefault(name, set()).update(positions)
        imports_text = any(isinstance(n, ast.ImportFrom) and n.module == "forsxl.messages"
                           and any(a.name == "text" for a in n.names) for n in ast.walk(tree))
        if not imports_text and path.name != "messages.py":
            del calls["text"]  # another `text` of its own (a cell's, an XML text's)
        for node in ast.walk(tree):
            for spot in _spots(node, calls):
                for code in _codes(spot):
                    found.setdefault(code, f"{path.relative_to(FORSXL.parent)}:{getattr(node, 'lineno', 0)}")
    return found


def test_every_code_raised_has_its_message() -> None:
    assert {code: where for code, where in raised_codes().items() if code not in MESSAGES} == {}


def test_every_message_is_said_somewhere() -> None:
    assert sorted(set(MESSAGES) - set(raised_codes())) == []
