"""The extension's own words, in the workbook's language.

Each text is an English msgid of forsxl's gettext catalogue (`N_` marks it for `python -m forsxl.locale`); `forsxl
calc build` writes their translations into `built.json` beside this module, so that the catalogue stays the one place
of the Russian and the extension reads no .mo. Everything forsxl itself prints comes from forsxl, already translated.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """`message`, marked as a msgid of forsxl's catalogue."""
    return message


MENU = N_("forsxl")
SUMMARY = N_("forsxl: Go tournaments in Calc")
LABELS = {
    "check": N_("Check"),
    "pair": N_("Pair next round"),
    "standings": N_("Standings"),
    "recompute": N_("Recompute this board"),
    "explain": N_("Explain this player"),
    "print": N_("Print slips"),
    "publish": N_("Publish"),
    "merge": N_("Merge another copy…"),
    "config": N_("Config"),
}
"""The menu and toolbar items by action (the dispatch URL `org.forsxl.calc:<action>`)."""

TEXTS = {
    "unsaved": N_("This workbook has never been saved. forsxl works on a workbook file: save it with File › Save "
                  "As… as an Excel 2007-365 (.xlsx) workbook, then choose the menu item again."),
    "not_xlsx": N_("forsxl works on .xlsx workbooks, and this one is {name}. Save it with File › Save As… as an "
                   "Excel 2007-365 (.xlsx) workbook, then choose the menu item again on the .xlsx."),
    "not_spreadsheet": N_("forsxl works on a spreadsheet: open the tournament workbook in Calc."),
    "store_failed": N_("The workbook could not be saved ({why}), so forsxl did not run. Nothing was changed."),
    "not_found": N_("forsxl was not found. It is not on PyPI: install the release's wheel file with pipx install "
                    "forsxl-VERSION-py3-none-any.whl, or type pipx install . in a copy of the project (its "
                    "docs/install.md says more); or set the forsxl program in Tools › Options › LibreOffice Calc › "
                    "forsxl."),
    "setting_broken": N_("The forsxl program set in Tools › Options › LibreOffice Calc › forsxl cannot be run: "
                         "{program} ({why}). Correct it there, or clear it to let the extension look for forsxl."),
    "timeout": N_("forsxl did not finish within {seconds} seconds and was stopped; the workbook is as it was saved."),
    "not_row": N_("Select a cell in the row of a board on a round sheet, then choose «{item}» again."),
    "not_player_row": N_("Select a cell in a player's row (Players, Standings or a round sheet), then choose «{item}» "
                         "again."),
    "reopen_failed": N_("forsxl ran, but Calc could not open {path} again: open it with File › Open."),
    "undo_note": N_("Note: after a forsxl menu item that writes the workbook, Calc opens it anew, so Edit › Undo "
                    "cannot go back past it. forsxl keeps the earlier versions, the last one also as {backup}: in a "
                    "terminal, forsxl undo \"{book}\" puts back the workbook as it was before the last command, and "
                    "forsxl history \"{book}\" lists them all."),
    "merge_title": N_("The other copy of the workbook to merge into this one"),
    "merge_conflicts": N_("Open {path}, write a or b in its last column for each conflict, save it, then choose "
                          "«{item}» again with the same copy."),
    "options_program": N_("forsxl program:"),
    "options_hint": N_("Leave empty to use the forsxl that installed this extension, else forsxl on the PATH (on "
                       "Windows, else py -m forsxl). A Python with forsxl installed works too."),
    "options_found": N_("Now used: {program}"),
    "options_none": N_("Now used: none found"),
    "options_missing": N_("Set, but not found: {program}"),
    "options_browse": N_("Browse…"),
    "close": N_("Close"),
}


class Texts:
    """The texts in one language, from the catalogue's translations (`built.json`); English when none."""

    def __init__(self, translations: dict[str, str]) -> None:
        self.translations = translations

    def __call__(self, message: str, **params: object) -> str:
        return self.translations.get(message, message).format(**params)

    def label(self, action: str) -> str:
        return self(LABELS[action])

    def text(self, key: str, **params: object) -> str:
        return self(TEXTS[key], **params)
