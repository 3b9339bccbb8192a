"""STYLE "Layout": the engine is pure (stdlib and itself, no clock, no global random); book, publish
and formats import the engine, never each other, and read the report without computing any of it; the application
layer (app/) joins them, and only cli.py imports it (issue 22). Each file is parsed once for all the checks
(`parsed`, issue 44)."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

FORSXL = Path(__file__).resolve().parents[1] / "forsxl"
ENGINE_FILES = sorted((FORSXL / "engine").rglob("*.py"))
SIBLINGS = ("book", "publish", "formats", "upload")


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of a file of forsxl, parsed once for every check that reads it."""
    return ast.parse(path.read_text(encoding="utf-8"))


def imported_from(node: ast.ImportFrom, module: str) -> str:
    """The absolute name of the module a `from ... import` in `module` imports from, a relative one resolved."""
    base = module.split(".")[: -node.level] if node.level else []
    return ".".join([*base, *([node.module] if node.module else [])])


def imports(tree: ast.AST, module: str) -> list[str]:
    """Absolute names of every module imported in `module`'s tree, relative imports resolved."""
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append(imported_from(node, module))
    return names


def impurities(tree: ast.AST) -> list[str]:
    """Global random functions, datetime.now/today and time.time used in the tree."""
    found = []
    random_names = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.Import)
                    for a in n.names if a.name == "random"}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("random", "time"):
            found += [f"{node.module}.{a.name}" for a in node.names if a.name not in ("Random",)]
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value.attr if isinstance(node.value, ast.Attribute) else getattr(node.value, "id", "")
        if owner in random_names and node.attr != "Random":
            found.append(f"random.{node.attr}")
        if owner in ("datetime", "date") and node.attr in ("now", "utcnow", "today"):
            found.append(f"{owner}.{node.attr}")
        if owner == "time" and node.attr in ("time", "time_ns", "monotonic", "perf_counter"):
            found.append(f"time.{node.attr}")
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(FORSXL.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def not_pure(name: str) -> bool:
    return name.split(".")[0] not in sys.stdlib_module_names and not (
        name == "forsxl.engine" or name.startswith("forsxl.engine."))


SOLVER = FORSXL / "engine" / "pairing" / "solver.py"
"""The one engine module allowed a library: the compiled matching solver (deterministic, no I/O; R7.4)."""


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(FORSXL)))
def test_engine_imports_only_stdlib_and_itself(path: Path) -> None:
    module = module_name(path) + (".__init__" if path.name == "__init__.py" else "")
    tree = parsed(path)
    allowed = ["rustworkx"] if path == SOLVER else []
    assert [name for name in imports(tree, module) if not_pure(name) and name not in allowed] == []


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(FORSXL)))
def test_engine_has_no_clock_and_no_global_random(path: Path) -> None:
    assert impurities(parsed(path)) == []


@pytest.mark.parametrize("layer", SIBLINGS)
def test_book_publish_formats_never_import_each_other(layer: str) -> None:
    others = tuple(f"forsxl.{other}" for other in SIBLINGS if other != layer)
    for path in sorted((FORSXL / layer).rglob("*.py")):
        module = module_name(path) + (".__init__" if path.name == "__init__.py" else "")
        names = imports(parsed(path), module)
        assert [n for n in names if n in others or n.startswith(tuple(f"{o}." for o in others))] == [], path


REPORT_PARTS: dict[str, frozenset[str]] = {
    "forsxl.engine.report": frozenset({"make_report"}),
    "forsxl.engine.standings": frozenset({"standings"}),
    "forsxl.engine.tiebreaks": frozenset({"tie_classes", "tiebreak_table"}),
    "forsxl.engine.tournament": frozenset({"with_groups"}),
    "forsxl.engine.stages": frozenset({"stage_states", "stage_tables", "staged_standings"}),
    "forsxl.engine.playoff": frozenset({"seeds", "bracket", "final_standings", "final_places"}),
    "forsxl.engine.system_by_size": frozenset({"final_superfinal", "superfinal_places"}),
    "forsxl.engine.prizes": frozenset({"award_prizes"}),
    "forsxl.engine.norms": frozenset({"rank_norms"}),
    "forsxl.engine.teams": frozenset({"team_standings"}),
    "forsxl.engine.explain": frozenset({"compare", "neighbour_above", "comparisons_above"}),
}
"""Each engine module with the functions that compute a part of the report (`forsxl.engine.report.Report`): the
final table and the R6 ranking, the stage tables, the bracket, the superfinal, prizes, norms, team standings, and
the comparisons the player cards show."""


def report_computations(tree: ast.AST, module: str) -> list[str]:
    """Every function of REPORT_PARTS imported in `module`'s tree, and every REPORT_PARTS module imported whole."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name in REPORT_PARTS]
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, module)
            found += [f"{base}.{alias.name}" for alias in node.names
                      if f"{base}.{alias.name}" in REPORT_PARTS or alias.name in REPORT_PARTS.get(base, ())]
    return found


@pytest.mark.parametrize("layer", SIBLINGS)
def test_outputs_read_the_report_and_compute_none_of_it(layer: str) -> None:
    """The outputs (book/, publish/, formats/) read the report they are given and compute no part of it.

    A sheet, a page or an export that ranked, awarded or drew a bracket itself could show something other than
    its neighbours, and would compute again what the report holds. So no module of theirs imports a function of
    REPORT_PARTS (the standings, the final places, the stage tables, the bracket, the superfinal, prizes, norms,
    team standings, the comparisons of the player cards, make_report itself). They may import the engine's types
    (Standing, Award, Match, Report, ...) and its pure helpers for facts and formatting (rank_of_rating,
    number_text, group_sizes, result_text, ...), by name: a REPORT_PARTS module imported whole would hide which
    of its functions is called, so it is only imported from.
    """
    for path in sorted((FORSXL / layer).rglob("*.py")):
        module = module_name(path) + (".__init__" if path.name == "__init__.py" else "")
        assert report_computations(parsed(path), module) == [], path


def _imported_by(layer: str) -> dict[str, list[str]]:
    """Each module outside `layer` with the names it imports from `layer`."""
    found = {}
    for path in sorted(FORSXL.rglob("*.py")):
        if path.is_relative_to(FORSXL / layer) or path == FORSXL / f"{layer}.py":
            continue
        module = module_name(path) + (".__init__" if path.name == "__init__.py" else "")
        names = [n for n in imports(parsed(path), module)
                 if n == f"forsxl.{layer}" or n.startswith(f"forsxl.{layer}.")]
        if names:
            found[module] = names
    return found


def test_only_the_api_imports_the_application_layer() -> None:
    """app/ is reached through forsxl.api alone: the terminal, the Calc menu (`forsxl serve`) and the web page make
    the same calls (issue 38)."""
    assert set(_imported_by("app")) == {"forsxl.api"}


def test_only_main_imports_the_cli() -> None:
    """The command line is the top: app/ and the layers below never import it."""
    assert _imported_by("cli") == {"forsxl.__main__": ["forsxl.cli"]}


LIBRARY_OWNERS = {"openpyxl": "book", "jinja2": "publish", "segno": "publish", "paramiko": "upload",
                  "webdav4": "upload", "httpx": "upload", "boto3": "upload", "botocore": "upload", "keyring": "upload"}
"""Each library with the one layer that knows it: the workbook, the pages and their QR codes, the hosts (issue 46)."""


@pytest.mark.parametrize("library", list(LIBRARY_OWNERS))
def test_one_layer_knows_each_library(library: str) -> None:
    owner = LIBRARY_OWNERS[library]
    for path in sorted(FORSXL.rglob("*.py")):
        if path.is_relative_to(FORSXL / owner):
            continue
        names = imports(parsed(path), module_name(path))
        assert [n for n in names if n.split(".")[0] == library] == [], path


def test_the_command_line_loads_no_upload_library_nor_the_qr_one() -> None:
    """The core stays light (issue 46; the web page's download budget, issue 42): a command that sends nothing and
    draws no QR code loads none of the libraries of forsxl[publish], nor segno; each is imported where it is used."""
    code = ("import sys, forsxl.cli, forsxl.app.publish, forsxl.app.printing; "
            f"print(sorted(m for m in {sorted(set(LIBRARY_OWNERS) - {'openpyxl', 'jinja2'})} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def import_graph(sources: Mapping[str, ast.AST]) -> dict[str, set[str]]:
    """Each module of `sources` (module name -> its tree) with the modules of `sources` it imports anywhere: at the
    top, in a function, or under `if TYPE_CHECKING:` (a type the checker needs is a dependency all the same). `from
    package import module` names the module."""
    graph: dict[str, set[str]] = {}
    for module, tree in sources.items():
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                edges |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = imported_from(node, module)
                edges |= {f"{base}.{a.name}" if f"{base}.{a.name}" in sources else base for a in node.names}
        graph[module] = (edges & set(sources)) - {module}
    return graph


def cycle(graph: Mapping[str, set[str]]) -> list[str]:
    """A circle of imports in `graph`, as the modules around it with the first again at the end; [] when there is
    none, that is, when the imports form a tree (a directed acyclic graph)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> list[str]:
        if module in path:
            return [*path[path.index(module):], module]
        if module in done:
            return []
        path.append(module)
        for imported in sorted(graph[module]):
            if found := visit(imported):
                return found
        path.pop()
        done.add(module)
        return []

    for module in sorted(graph):
        if found := visit(module):
            return found
    return []


def package_trees() -> dict[str, ast.Module]:
    """Every module of forsxl by its name (a package's `__init__` by the package's own), with its tree."""
    return {module_name(path): parsed(path) for path in sorted(FORSXL.rglob("*.py"))}


def test_forsxls_imports_form_a_tree_type_checking_imports_counted() -> None:
    """No circle of imports anywhere in forsxl, also through `if TYPE_CHECKING:` (issue 32): engine/config.py is made
    of value types (engine/values.py) that sit below it, a round's cell (RoundCell) is the model's, not the
    standings', and book/save.py writes a book/package.Package that knows nothing of saving. A circle held together
    by type-only imports still means neither module can be read, or changed, without the other."""
    assert cycle(import_graph(package_trees())) == []


# The checkers themselves must catch what they are for.

@pytest.mark.parametrize(
    "source",
    [
        "import random\nrandom.random()",
        "import random\nx = random.choice([1])",
        "import random as r\nr.shuffle(x)",
        "from random import shuffle",
        "import datetime\ndatetime.datetime.now()",
        "from datetime import date\ndate.today()",
        "import time\ntime.time()",
        "from time import time",
    ],
)
def test_impurities_are_found(source: str) -> None:
    assert impurities(ast.parse(source))


@pytest.mark.parametrize(
    "source",
    ["import random\nrandom.Random(seed).shuffle(x)", "from random import Random", "rng.random()",
     "from datetime import date\ndate(2024, 1, 1)"],
)
def test_pure_code_passes(source: str) -> None:
    assert impurities(ast.parse(source)) == []


@pytest.mark.parametrize(
    ("source", "module", "expected"),
    [
        ("import openpyxl", "forsxl.engine.model", ["openpyxl"]),
        ("from forsxl.book import read", "forsxl.engine.model", ["forsxl.book"]),
        ("from ..book import read", "forsxl.engine.model", ["forsxl.book"]),
        ("from .model import Game", "forsxl.engine.pairing.x", []),
        ("from ..model import Game", "forsxl.engine.pairing.x", []),
        ("from fractions import Fraction\nimport os.path", "forsxl.engine.model", []),
    ],
)
def test_import_checker(source: str, module: str, expected: list[str]) -> None:
    assert [n for n in imports(ast.parse(source), module) if not_pure(n)] == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from forsxl.engine.standings import Standing, standings", ["forsxl.engine.standings.standings"]),
        ("from ..engine.playoff import Match, bracket", ["forsxl.engine.playoff.bracket"]),
        ("from forsxl.engine import report", ["forsxl.engine.report"]),
        ("import forsxl.engine.prizes", ["forsxl.engine.prizes"]),
        ("from forsxl.engine.report import Report\nfrom forsxl.engine.ratings import rank_of_rating", []),
        ("from forsxl.engine.explain import Comparison, RoundWhy", []),
    ],
)
def test_report_computation_checker(source: str, expected: list[str]) -> None:
    assert report_computations(ast.parse(source), "forsxl.publish.html") == expected


def test_import_cycles_are_found_through_type_checking_and_functions() -> None:
    texts = {"pkg.config": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.ratings import Rank\n",
             "pkg.ratings": "from pkg import config\n",
             "pkg.save": "def save():\n    from pkg.package import Package\n",
             "pkg.package": "from .save import Identity\n",
             "pkg.engine": "import pkg.ratings\nfrom pkg.values import Lang\n",
             "pkg.values": "import re\n"}
    sources = {module: ast.parse(text) for module, text in texts.items()}
    graph = import_graph(sources)
    assert graph["pkg.ratings"] == {"pkg.config"} and graph["pkg.package"] == {"pkg.save"}
    assert cycle(graph) == ["pkg.config", "pkg.ratings", "pkg.config"]
    del sources["pkg.config"]
    assert cycle(import_graph(sources)) == ["pkg.package", "pkg.save", "pkg.package"]
    del sources["pkg.save"]
    assert cycle(import_graph(sources)) == []


CORE_BLOCKED = ("typer", "click", "pydantic", "pydantic_core", "rustworkx", "python_calamine")
"""What forsxl's core imports without (issue 42): the command line's typer (and the click and pydantic it brings),
and the two compiled libraries, rustworkx (the matching has forsxl's own beside it) and calamine (for .ods only)."""


def test_the_core_imports_with_pure_python_dependencies_only() -> None:
    """Every module but the command line's imports in a Python where typer, rustworkx and calamine cannot be
    imported, as in the web page; and matches there with forsxl's own matching."""
    script = f"""
import importlib, pkgutil, sys
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {CORE_BLOCKED!r}:
            raise ImportError(name + " is not installed here")
sys.meta_path.insert(0, Blocked())
import forsxl
for module in pkgutil.walk_packages(forsxl.__path__, "forsxl."):
    if module.name not in ("forsxl.cli", "forsxl.helptext", "forsxl.__main__") and ".oxt" not in module.name:
        importlib.import_module(module.name)
from forsxl.engine.pairing import solver
assert solver.rustworkx() is None
print(solver.max_weight_perfect_matching(4, [(0, 1, 5), (2, 3, 5), (0, 2, 1), (1, 3, 1)]))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[(0, 1), (2, 3)]"
