"""The catalogues' tooling (issue 20): extract every msgid with babel, merge them into each language's `.po`, and
compile it to the `.mo` that `forsxl.i18n` reads. `python -m forsxl.locale` does all three in a source tree.

The msgids are the English strings of forsxl/**.py (the arguments of `forsxl.i18n.KEYWORDS`), the help of cli.py's
commands and options, and the presets' descriptions. The templates hold no words of their own: publish/ hands them
views whose labels are looked up already. Nothing here runs when forsxl runs: it imports babel's catalogue tooling,
which forsxl itself never needs."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from io import BytesIO
from pathlib import Path
from typing import IO, Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from forsxl.i18n import DOMAIN, KEYWORDS, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parents[1]
LANGUAGES = ("ru",)
WIDTH = 120


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def _descriptions(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[
        tuple[int, str, str, list[str]]]:
    """A babel extraction method for a preset: its `description`, the line `forsxl presets` prints."""
    description = (yaml.safe_load(fileobj.read().decode("utf-8")) or {}).get("description")
    if description:
        yield 1, "", str(description), []


def _cli_help(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[
        tuple[int, str, str, list[str]]]:
    """A babel extraction method for cli.py: each command's docstring (typer's help for it), every `help=` and
    every `metavar=` (an argument's or option's placeholder, `BOOK`)."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and d.func.attr in ("command", "callback")
                for d in node.decorator_list):
            doc = ast.get_docstring(node)
            if doc:
                yield node.lineno, "", doc, []
        if isinstance(node, ast.keyword) and node.arg in ("help", "metavar") and isinstance(node.value, ast.Constant):
            yield node.value.lineno, "", str(node.value.value), []


def extract() -> Catalog:
    """Every msgid of the source tree, each with the files it is in (no line numbers: they would churn)."""
    template = Catalog(domain=DOMAIN, project="forsxl")
    sources: list[tuple[Path, list[tuple[str, Any]], Mapping[str, Any], str]] = [
        (PACKAGE, [("**.py", "python")], KEYWORDS, ""),
        (PACKAGE, [("cli.py", _cli_help)], {}, "forsxl/"),
        (PACKAGE / "presets", [("*.yaml", _descriptions)], {}, "forsxl/presets/")]
    for folder, method_map, keywords, prefix in sources:
        for filename, lineno, message, comments, _context in extract_from_dir(
                folder, method_map, keywords=keywords, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            where = prefix + filename if prefix else f"forsxl/{filename}"
            template.add(message, None, [(where, lineno)], auto_comments=comments)
    return template


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


def to_translate(catalog: Catalog) -> list[Any]:
    """The msgids of `catalog` still to translate: fuzzy ones, and those with a translation or a plural form empty
    (a plural's forms are a tuple, which is never empty itself) or missing."""
    def forms(string: object) -> list[object]:
        return list(string) if isinstance(string, tuple | list) else [string]

    plural = catalog.num_plurals
    return [m.id for m in catalog if m.id and (
        m.fuzzy or not all(forms(m.string)) or (isinstance(m.id, tuple) and len(forms(m.string)) != plural))]


def compiled(catalog: Catalog) -> bytes:
    """The `.mo` of a catalogue, fuzzy entries left out (they are not translations yet)."""
    out = BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _header(catalog: Catalog) -> None:
    """The catalogue's header without babel's placeholders (it is no draft: a fuzzy header reads as one)."""
    catalog.header_comment = (f"# The {catalog.locale_identifier} catalogue of forsxl: python -m forsxl.locale "
                              "extracts, merges and compiles (docs/development.md).")
    catalog.fuzzy = False
    catalog.copyright_holder = catalog.msgid_bugs_address = "forsxl"
    catalog.last_translator = catalog.language_team = "forsxl"
    catalog.version = "1"
    catalog.revision_date = catalog.creation_date


def update(lang: str) -> Catalog:
    """`lang`'s catalogue merged with the msgids of the source tree: new ones untranslated, changed ones fuzzy
    (babel's nearest old msgid), gone ones dropped; written back, and compiled."""
    path = po_path(lang)
    if path.exists():
        catalog = read(lang)
        catalog.update(extract(), update_creation_date=False)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = Catalog(locale=lang, domain=DOMAIN, project="forsxl")
        catalog.update(extract())
    catalog.obsolete.clear()
    _header(catalog)
    with path.open("wb") as file:
        write_po(file, catalog, width=WIDTH, sort_output=True, include_lineno=False)
    mo_path(lang).write_bytes(compiled(read(lang)))
    return catalog
