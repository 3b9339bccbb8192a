"""Write docs/reference/config.md from the Config definitions and docs/reference/commands.md from the commands'
`--help`, in English (issue 32): `python docs/reference/generate.py`. tests/test_docs.py fails while either file is
not what this writes, so a Config key or an option changed without running this is caught."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import typer

from forsxl.book.config import expected_value, key_type, presets, yaml_value
from forsxl.cli import app
from forsxl.engine.config import Config, config_keys, get_key

EMPTY = ("null", "''", "[]")
"""An empty default as YAML: no value, no text, no list."""
HERE = Path(__file__).resolve().parent
GENERATED = "<!-- Written by docs/reference/generate.py from the {what}: edit those and run it again. -->"


def cell(text: str) -> str:
    """`text` as one cell of a Markdown table: a `|` would end the cell, a line break the row."""
    return " ".join(text.split()).replace("|", "\\|")


def config_md() -> str:
    """Every Config key by section: the values it takes, its default, what it does and the rule (R0-R12) it sets."""
    default = Config()
    lines = [GENERATED.format(what="Config definitions (forsxl/engine/config.py)"), "", "# Config keys", "",
             "Every key the Config sheet and a preset take (R12), section by section, in the order of "
             "`forsxl config`. A key's value is typed into column B of the Config sheet beside the key in column A; "
             "a key left out takes the preset's value, else the default below. `forsxl config club.xlsx` prints "
             "the values in force, each with where it came from; the meanings are in the workbook's language there.",
             "", f"Presets ({', '.join(f'`{name}`' for name in presets())}) set some of them: `forsxl presets` lists "
             "them, and forsxl/presets/*.yaml holds each.", ""]
    section = None
    for info in config_keys():
        head = info.key.split(".")[0] if "." in info.key else ""
        if head != section:
            section = head
            lines += ["", f"## {head or 'The tournament'}", "", "| Key | Values | Default | Meaning | Rule |",
                      "| --- | --- | --- | --- | --- |"]
        shown = yaml_value(get_key(default, info.key))
        lines.append(f"| `{info.key}` | {cell(str(expected_value(key_type(info.key))))} | "
                     f"{'(empty)' if shown in EMPTY else cell(f'`{shown}`')} | {cell(info.doc)} | {info.rule} |")
    return "\n".join(lines) + "\n"


def commands(group: Any, ctx: typer.Context) -> Iterator[tuple[str, Any, typer.Context]]:
    """Each command under `group`, a group's (`calc`) by its full name; typer's click command objects."""
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        inner = typer.Context(command, parent=ctx, info_name=name)
        if hasattr(command, "list_commands"):
            yield from commands(command, inner)
        elif not command.hidden:
            yield inner.command_path, command, inner


def argument(param: Any) -> str:
    return str(param.metavar or param.name.upper())


def param_line(param: Any, ctx: typer.Context) -> str:
    """An argument or an option as a list item: its names and placeholder, and its help as --help shows it."""
    if param.param_type_name == "argument":
        return f"- `{argument(param)}`: {cell(param.help or '')}"
    names, text = param.get_help_record(ctx)
    return f"- `{names}`" + (f": {cell(text)}" if text else "")


def help_md(text: str) -> list[str]:
    """A command's docstring as Markdown: its paragraphs, and its `Example:` lines as a block of commands."""
    lines = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        if paragraph.startswith("Example:"):
            examples = paragraph.removeprefix("Example:").splitlines()
            lines += ["Example:", "", "```sh", *(e.strip() for e in examples), "```", ""]
        else:
            lines += [cell(paragraph), ""]
    return lines


def commands_md() -> str:
    """Each command as `forsxl COMMAND --help` says it: its usage, what it does, its arguments and options."""
    root = typer.main.get_command(app)
    ctx = typer.Context(root, info_name="forsxl")
    lines = [GENERATED.format(what="commands' help (forsxl/cli.py)"), "", "# Commands", "",
             "Every command as `forsxl COMMAND --help` describes it (`forsxl --help` lists them). The commands speak "
             "the workbook's language, their help the system's (LANG).", ""]
    for path, command, inner in commands(root, ctx):
        params = [p for p in command.get_params(inner) if p.name != "help"]
        arguments = [argument(p) for p in params if p.param_type_name == "argument"]
        usage = " ".join([path, "[OPTIONS]", *arguments])
        lines += [f"## {path.removeprefix('forsxl ')}", "", "```", usage, "```", "", *help_md(command.help or "")]
        lines += [*(param_line(p, inner) for p in params), ""]
    return "\n".join(lines).rstrip("\n") + "\n"


FILES = {"config.md": config_md, "commands.md": commands_md}


def main() -> None:
    for name, make in FILES.items():
        (HERE / name).write_text(make(), encoding="utf-8")
        print(f"wrote {HERE / name}", file=sys.stderr)


if __name__ == "__main__":
    main()
