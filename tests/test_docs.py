"""The documentation holds together (issue 32): docs/reference/ is what docs/reference/generate.py writes from the
Config definitions and the commands' help, and every link between README, CHANGELOG and docs/ leads to a file that
is there and, with a `#fragment`, to a heading of it."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "bench" / "README.md",
                *(ROOT / "docs").rglob("*.md")])
"""Every Markdown file of the project a reader follows links in."""


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate", ROOT / "docs" / "reference" / "generate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GENERATE = generator()


@pytest.mark.parametrize("name", list(GENERATE.FILES))
def test_the_reference_is_what_generate_writes(name: str) -> None:
    """A Config key, its help or default, or a command's option changed without `python docs/reference/generate.py`
    run after it leaves the reference stale."""
    written = (ROOT / "docs" / "reference" / name).read_text(encoding="utf-8")
    assert written == GENERATE.FILES[name](), f"docs/reference/{name} is stale: run python docs/reference/generate.py"


def test_the_config_reference_has_every_key_with_its_values_default_and_rule() -> None:
    text = (ROOT / "docs" / "reference" / "config.md").read_text(encoding="utf-8")
    assert "| `handicap.max_steps` | a whole number | `9` |" in text
    assert "| `pairing.method` | a comma-separated list of one of neighbours, shift, " in text
    assert "| `stages.plan` | text | (empty) | stages, `;` between stages, `\\|` between sections" in text
    assert "| `start.bar` | a rank: 1d, 20k or empty | (empty) |" in text
    assert text.count("\n| `") == len(GENERATE.config_keys())


def test_the_commands_reference_has_every_command_and_option() -> None:
    text = (ROOT / "docs" / "reference" / "commands.md").read_text(encoding="utf-8")
    assert "\n## calc install\n" in text and "\n## import\n" in text
    assert "- `--round ROUND`: Round to pair (default: the next one)." in text


FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img [^>]*src=\"([^\"]+)\"")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens, any script kept."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings; a repeated heading's gets -1, -2, ... as on GitHub."""
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", FENCE.sub("", page.read_text(encoding="utf-8")), re.MULTILINE):
        base = slug(heading)
        anchor, n = base, 0
        while anchor in found:
            n += 1
            anchor = f"{base}-{n}"
        found.add(anchor)
    return found


def links(page: Path) -> Iterator[str]:
    """Every link of a page outside its code blocks, a web address aside."""
    for match in LINK.finditer(FENCE.sub("", page.read_text(encoding="utf-8"))):
        target = match[1] or match[2]
        if not re.match(r"[a-z]+:", target):
            yield target


def broken(page: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with each link of `page` that leads nowhere: a file missing (or outside `root`), or a heading."""
    wrong = []
    for target in links(page):
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.is_relative_to(root) or not file.exists():
            wrong.append(f"{target}: no such file")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            wrong.append(f"{target}: no such heading in {file.relative_to(root)}")
    return wrong


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(page: Path) -> None:
    assert broken(page) == []


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    """The checker itself: a missing file, a missing heading, and what is fine."""
    (tmp_path / "other.md").write_text("# Stages and sections\n\n## Фора (R2)\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("# Top\n[a](other.md#stages-and-sections) [b](other.md#фора-r2) [c](#top) [d](https://x.org/y)\n"
                    "[e](gone.md) [f](other.md#stages) <img src=\"none.png\" width=\"10\">\n"
                    "```\n[g](inside-a-code-block.md)\n```\n", encoding="utf-8")
    assert [line.split(":")[0] for line in broken(page, tmp_path)] == ["gone.md", "other.md#stages", "none.png"]
