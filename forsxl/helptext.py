"""`--help` and usage errors in the language of the workbook named on the command line, else the system's (issues 20
and 30).

The help of forsxl's commands and options is written in English in cli.py; `python -m forsxl.locale` takes every
command's docstring and every `help=` and `metavar=` there as a msgid. Here typer's click command, built afresh for
each run, gets them translated before it prints anything, with typer's and click's own words (Options, Usage:,
[default: …], [OPTIONS]) and their usage errors (`No such option: --rounds`). This typer keeps click inside itself,
with its messages in plain English: an error's text is matched against `USAGE_ERRORS`, the messages it can give,
and said again from forsxl's catalogue.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

from forsxl.engine.values import Lang
from forsxl.i18n import N_, system_lang, translations

TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"), "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"), "ERRORS_PANEL_TITLE": N_("Error"), "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"), "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""typer's own words in its help, by their names in typer.rich_utils (read when the help is printed)."""
CLICK_WORDS = (N_("Usage: "), N_("Show this message and exit."))
"""click's words in the help: the usage line's prefix, the help of --help."""
USAGE = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."))
"""The usage line's placeholders for the options and for a command."""
COMPLETION = (N_("Install completion for the current shell."),
              N_("Show completion for the current shell, to copy it or customize the installation."))
"""The help of typer's --install-completion and --show-completion, translated with forsxl's own options'."""
USAGE_ERRORS = (
    N_("No such option: {option} (Possible options: {options})"),
    N_("No such option: {option}"),
    N_("Option {option} requires an argument."),
    N_("Option {option} does not take a value."),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Got unexpected extra argument(s) ({args})"),
    N_("No such command {name}. Did you mean {names}?"),
    N_("No such command {name}."),
    N_("Missing command."),
    N_("Invalid value for {name}: {reason}"),
    N_("Invalid value: {reason}"),
    N_("Value error, {reason}"),
    N_("{value} is not one of {values}."),
    N_("Input should be a valid integer, unable to parse string as an integer"),
    N_("Input should be a valid integer, got a number with a fractional part"),
    N_("Input should be a valid number, unable to parse string as a number"),
    N_("Input should be a finite number"),
    N_("Input should be greater than or equal to {number}"),
    N_("file {path} is a directory."),
    N_("directory {path} is a file."),
)
"""Every usage error typer and its click give forsxl's options, most particular first; `{reason}` is itself one."""
BOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods")


def help_lang(args: Sequence[str], peek: Any) -> Lang:
    """The language of the first workbook named in `args` that `peek` (book.read.peek_lang) can read; else the
    system's."""
    for arg in args:
        if arg.casefold().endswith(BOOK_SUFFIXES) and Path(arg).is_file():
            found: Lang | None = peek(Path(arg))
            if found is not None:
                return found
    return system_lang()


def _summary(text: str) -> str:
    """A help text whose first paragraph, the line the list of commands shows, is one line however it was wrapped."""
    first, gap, rest = text.partition("\n\n")
    return " ".join(first.split("\n")) + gap + rest


def _untyped(param: Any) -> None:
    """A parameter shown without typer's type beside it."""
    param.display_type_rich = lambda ctx: None


def _worded(param: Any, gettext: Callable[[str], str]) -> None:
    """A parameter as forsxl words it: its help and placeholder (`metavar`) in the language; typer's type beside it
    (`<int>`, `<bool>`, `<file>`) and range (`[x>=1]`) left out, since the placeholder says what to type and a flag
    takes nothing; an argument in the usage line as its placeholder, `[…]` when it may be left out."""
    if getattr(param, "help", None):
        param.help = gettext(param.help)
    if param.metavar:
        param.metavar = gettext(param.metavar)
    if param.param_type_name == "argument" or getattr(param, "is_flag", False):
        _untyped(param)
    param._get_number_range_help_str = lambda: None
    if param.param_type_name == "argument":
        param._usage_display_name = lambda: param.metavar if param.required else f"[{param.metavar}]"


def translate_help(command: Any, lang: Lang) -> None:
    """Every help text and placeholder of a click command, its subcommands and their parameters, in `lang` (in
    place: typer builds the command anew for each run)."""
    _translate(command, translations(lang).gettext)


def _translate(command: Any, gettext: Callable[[str], str]) -> None:
    """`translate_help` of one command, and of a group's commands (`forsxl calc install`)."""
    command.help = command.help and _summary(gettext(command.help))
    command.options_metavar = gettext(USAGE[0])
    for param in command.params:
        _worded(param, gettext)
    if hasattr(command, "commands"):
        command.subcommand_metavar = gettext(USAGE[1])
        for sub in command.commands.values():
            _translate(sub, gettext)


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """A msgid of `USAGE_ERRORS` as a regular expression that finds its `{params}`."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts)) + "$")


def usage_error(text: str, lang: Lang) -> str:
    """A usage error of typer's in `lang` (`USAGE_ERRORS`); a text it does not know is said as it is."""
    gettext = translations(lang).gettext
    for template in USAGE_ERRORS:
        found = _pattern(template).match(text)
        if found:
            params = {k: usage_error(v, lang) if k == "reason" else v for k, v in found.groupdict().items()}
            return gettext(template).format(**params)
    return text


def show_usage_error(error: Any, lang: Lang) -> None:
    """A usage error as typer shows it (the usage line, where to find help, the error), in `lang`."""
    from typer.core import HAS_RICH

    said = usage_error(error.format_message(), lang)
    error.format_message = lambda: said
    if HAS_RICH:
        import typer.rich_utils as rich

        rich.rich_format_error(error)
    else:
        error.show(sys.stderr)


@contextmanager
def typer_words(lang: Lang) -> Iterator[None]:
    """typer's and click's own words in `lang` while a command runs: typer keeps them in typer.rich_utils, click
    writes the usage prefix and makes the --help option itself, so those are put in place and back after; --help
    is a flag, shown without a type in any language."""
    from typer._click.core import Command
    from typer._click.formatting import HelpFormatter

    gettext = translations(lang).gettext
    write_usage, help_option = HelpFormatter.write_usage, Command.get_help_option

    def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, gettext(CLICK_WORDS[0]) if prefix is None else prefix)

    def option(self: Any, ctx: Any) -> Any:
        found = help_option(self, ctx)
        if found is not None and found.help == CLICK_WORDS[1]:
            found.help = gettext(found.help)
            _untyped(found)
        return found

    # English needs none of typer.rich_utils: it is 0.1 s to import, and stays unloaded unless typer prints help
    rich = None if lang == Lang.EN else import_module("typer.rich_utils")
    saved = {name: getattr(rich, name) for name in TYPER_WORDS} if rich else {}
    try:
        for name in saved:
            setattr(rich, name, gettext(TYPER_WORDS[name]))
        HelpFormatter.write_usage, Command.get_help_option = usage, option  # type: ignore[method-assign]
        yield
    finally:
        for name, word in saved.items():
            setattr(rich, name, word)
        HelpFormatter.write_usage, Command.get_help_option = write_usage, help_option  # type: ignore[method-assign]
