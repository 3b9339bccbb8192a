"""`--help` in the language of the workbook named on the command line, else the system's (issue 20).

The help of forsxl's commands and options is written in English in cli.py; `python -m forsxl.locale` takes every
command's docstring and every `help=` there as a msgid. Here typer's click command, built afresh for each run, gets
them translated before it prints anything, with typer's own few words (Options, Arguments, Usage:, [default: …]).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from forsxl.engine.config import Lang
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
COMPLETION = (N_("Install completion for the current shell."),
              N_("Show completion for the current shell, to copy it or customize the installation."))
"""The help of typer's --install-completion and --show-completion, translated with forsxl's own options'."""
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


def translate_help(command: Any, lang: Lang) -> None:
    """Every help text of a click command, its subcommands and their parameters, in `lang` (in place: typer builds
    the command anew for each run)."""
    gettext = translations(lang).gettext
    command.help = command.help and gettext(command.help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = gettext(param.help)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, lang)


@contextmanager
def typer_words(lang: Lang) -> Iterator[None]:
    """typer's and click's own words in `lang` while a command runs: typer keeps them in typer.rich_utils, click
    writes the usage prefix and the help option's help itself, so those are put in place and back after."""
    if lang == Lang.EN:  # the words typer and click are written in: typer.rich_utils, 0.1 s to import, stays unloaded
        yield                # unless typer itself prints help or an error
        return
    import typer.rich_utils as rich
    from typer._click.core import Command
    from typer._click.formatting import HelpFormatter

    gettext = translations(lang).gettext
    saved = {name: getattr(rich, name) for name in TYPER_WORDS}
    write_usage, help_option = HelpFormatter.write_usage, Command.get_help_option

    def usage(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, gettext(CLICK_WORDS[0]) if prefix is None else prefix)

    def option(self: Any, ctx: Any) -> Any:
        found = help_option(self, ctx)
        if found is not None and found.help == CLICK_WORDS[1]:
            found.help = gettext(found.help)
        return found

    try:
        for name, word in TYPER_WORDS.items():
            setattr(rich, name, gettext(word))
        HelpFormatter.write_usage, Command.get_help_option = usage, option  # type: ignore[method-assign]
        yield
    finally:
        for name, word in saved.items():
            setattr(rich, name, word)
        HelpFormatter.write_usage, Command.get_help_option = write_usage, help_option  # type: ignore[method-assign]
