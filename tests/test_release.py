"""The release (issue 33): one version, in the metadata, `forsxl --version` and on top of the CHANGELOG; the licence in
both archives; the wheel carrying what forsxl reads at run time and the sdist what builds and tests it; the Pythons
supported said alike in the classifiers and in README."""

from __future__ import annotations

import re
import tarfile
import tomllib
import zipfile
from email.message import Message
from email.parser import HeaderParser
from pathlib import Path

import pytest

import forsxl

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
HEADING = re.compile(r"^## (\d+)\.(\d+)\.(\d+) — \d{1,2} \w+ \d{4}$", re.MULTILINE)
"""A version's heading in CHANGELOG.md: `## 0.9.0 — 2 December 2026`."""


def _wheel(dist: Path) -> zipfile.ZipFile:
    (wheel,) = dist.glob("forsxl-*.whl")
    return zipfile.ZipFile(wheel)


def _metadata(dist: Path) -> Message:
    with _wheel(dist) as wheel:
        return HeaderParser().parsestr(wheel.read(f"forsxl-{forsxl.__version__}.dist-info/METADATA").decode())


def _pythons(metadata: Message) -> list[tuple[int, int]]:
    """The Python versions the classifiers name, in order."""
    found = [re.fullmatch(r"Programming Language :: Python :: 3\.(\d+)", c) for c in metadata.get_all("Classifier")]
    return [(3, int(m[1])) for m in found if m]


def test_the_changelog_is_newest_first_and_opens_with_this_version() -> None:
    versions = [tuple(map(int, v)) for v in HEADING.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))]
    assert versions and ".".join(map(str, versions[0])) == forsxl.__version__
    assert versions == sorted(set(versions), reverse=True)


def test_the_version_has_one_source() -> None:
    assert "version" not in PYPROJECT["project"] and PYPROJECT["project"]["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "forsxl/__init__.py"


def test_the_wheel_says_its_version_licence_and_pythons(dist: Path) -> None:
    metadata = _metadata(dist)
    assert metadata["Version"] == forsxl.__version__
    assert metadata["License-Expression"] == "MIT" and metadata["License-File"] == "LICENSE"
    with _wheel(dist) as wheel:
        licence = wheel.read(f"forsxl-{forsxl.__version__}.dist-info/licenses/LICENSE")
    assert licence == (ROOT / "LICENSE").read_bytes() and b"MIT License" in licence
    pythons = _pythons(metadata)
    assert metadata["Requires-Python"] == f">={pythons[0][0]}.{pythons[0][1]}"
    assert pythons == [(3, minor) for minor in range(pythons[0][1], pythons[-1][1] + 1)]  # none left out between


def test_readme_names_the_pythons_the_classifiers_name(dist: Path) -> None:
    pythons = _pythons(_metadata(dist))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"Python 3.{pythons[0][1]} to 3.{pythons[-1][1]}" in readme


@pytest.mark.parametrize("page", ["README.md", "docs/install.md", "docs/guide.ru.md"])
def test_the_install_pages_name_this_versions_wheel(page: str) -> None:
    """The wheel file README and the install pages tell a club to install is this version's (forsxl is not on PyPI
    yet)."""
    text = (ROOT / page).read_text(encoding="utf-8")
    named = set(re.findall(r"forsxl-(\d[\w.]*)(?:-py3-none-any\.whl|\.tar\.gz)", text))
    assert named == {forsxl.__version__}


def test_readme_s_quick_start_makes_its_own_venv_and_ci_runs_its_tests_as_it_does() -> None:
    """README's two quick-start lines, as written, work on a Python the system manages, where a plain `pip install .`
    is refused (issue 40: Debian 12): each makes a virtual environment and runs forsxl from it; .ci/run runs the
    second line's test command, `pytest` with nothing after it, in the environment it made from the wheel."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = re.findall(r"^python3 -m venv \.venv && (.+?) +#", readme, re.MULTILINE)
    assert lines == [".venv/bin/pip install . && .venv/bin/forsxl demo",
                     ".venv/bin/pip install '.[test]' && .venv/bin/pytest"]
    ci = ROOT / ".ci" / "run"
    if ci.exists():  # a checkout: an unpacked sdist has no CI
        assert re.search(r"^pytest$", ci.read_text(encoding="utf-8"), re.MULTILINE)


def test_the_wheel_carries_the_templates_presets_and_catalogues(dist: Path) -> None:
    with _wheel(dist) as wheel:
        names = set(wheel.namelist())
    needed = {f"forsxl/templates/{p.name}" for p in (ROOT / "templates").iterdir()}
    needed |= {f"forsxl/{p.relative_to(ROOT / 'forsxl').as_posix()}"
               for p in (ROOT / "forsxl").rglob("*") if p.suffix in (".yaml", ".po", ".mo")}
    assert len(needed) > 20 and needed <= names


def test_the_sdist_holds_what_builds_and_tests_the_wheel(dist: Path) -> None:
    """Every source, template, preset, catalogue, test, example and page of docs/ beside the project's files; .ci/run
    builds the wheel from the sdist alone and runs the sdist's tests on the older Pythons."""
    (sdist,) = dist.glob("forsxl-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    needed = {"pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE"}
    for folder in ("forsxl", "templates", "tests", "examples", "docs"):
        needed |= {p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*")
                   if p.suffix in (".py", ".j2", ".yaml", ".po", ".mo", ".xlsx", ".md", ".png")
                   and "__pycache__" not in p.parts
                   and not p.name.endswith(".bak.xlsx")}  # git-ignored: a backup forsxl left
    assert {"tests/conftest.py", "examples/club.xlsx", "docs/reference/config.md"} <= needed
    assert needed <= names
