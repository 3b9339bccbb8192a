"""The extension's own words, in the workbook's language.

Each text is an English msgid of forsxl's gettext catalogue (`N_` marks it for `python -m forsxl.locale`); `forsxl
calc build` writes their translations into `built.json` beside this module, so that the catalogue stays the one place
of the Russian and the extension reads no .mo. The menu's labels are on the actions (`actions.ACTIONS`). Everything
forsxl itself says comes from forsxl, already translated.
"""

from __future__ import annotations

from forsxl_calc.actions import ACTIONS, N_

MENU = N_("forsxl")
SUMMARY = N_("forsxl: Go tournaments in Calc")

TEXTS = {
    "unsaved": N_("This workbook has never been saved. forsxl works on a workbook file: save it with File › Save "
                  "As… as an Excel 2007-365 (.xlsx) workbook, then choose the menu item again."),
    "not_xlsx": N_("forsxl works on .xlsx workbooks, and this one is {name}. Save it with File › Save As… as an "
                   "Excel 2007-365 (.xlsx) workbook, then choose the menu item again on the .xlsx."),
    "not_spreadsheet": N_("forsxl works on a spreadsheet: open the tournament workbook in Calc."),
    "read_only": N_("This workbook is open read-only, so forsxl cannot change it: open it for editing (Edit › Edit "
                    "Mode), then choose the menu item again."),
    "editing": N_("Finish typing in cell {cell} (Enter) and choose the menu item again. Nothing was changed."),
    "copy_failed": N_("The workbook could not be copied for forsxl ({why}), so forsxl did not run. Nothing was "
                      "changed."),
    "not_found": N_("forsxl was not found. It is not on PyPI: install the release's wheel file with pipx install "
                    "forsxl-VERSION-py3-none-any.whl, or type pipx install . in a copy of the project (its "
                    "docs/install.md says more); or set the forsxl program in Tools › Options › LibreOffice Calc › "
                    "forsxl."),
    "setting_broken": N_("The forsxl program set in Tools › Options › LibreOffice Calc › forsxl cannot be run: "
                         "{program} ({why}). Correct it there, or clear it to let the extension look for forsxl."),
    "timeout": N_("forsxl did not answer within {seconds} seconds and was stopped. Nothing was changed."),
    "broken": N_("forsxl stopped without an answer: {why}. Nothing was changed; the details are in {log}."),
    "failed": N_("«{item}» stopped on an error in the forsxl extension: {why}. Nothing was changed; the details "
                 "are in {log}."),
    "edits_version": N_("This forsxl describes its changes in a format this extension does not know ({version}). "
                        "Install the extension of the same forsxl again (forsxl calc install). Nothing was changed."),
    "saved_failed": N_("forsxl's changes are in the workbook, but it could not be saved ({why}): save it with File › "
                       "Save."),
    "undo_round": N_("forsxl: pairing of round {round}"),
    "not_row": N_("Select a cell in the row of a board on a round sheet, then choose «{item}» again."),
    "not_player_row": N_("Select a cell in a player's row (Players, Standings or a round sheet), then choose «{item}» "
                         "again."),
    "merge_title": N_("The other copy of the workbook to merge into this one"),
    "merge_conflicts": N_("Open {path}, write a or b in its last column for each conflict, save it, then choose "
                          "«{item}» again with the same copy."),
    "import_title": N_("The players to add: a CSV file or a rating list (EGD, AGA, FFG)"),
    "publish_title": N_("The folder of the results site"),
    "published": N_("the site is in {folder}, published again at each save and each change forsxl makes while "
                    "the workbook is open"),
    "republished": N_("the site in {folder} published again at {time}"),
    "published_to": N_("{sent}; the site is also in {folder}, sent again at each save and each change forsxl makes "
                       "while the workbook is open"),
    "republished_to": N_("published again at {time}: {sent}"),
    "not_sent": N_("The site is written in {folder}, but it was not sent to the club's host: {why}. It is sent again "
                   "at the next save while the workbook is open."),
    "ratings_title": N_("Ratings from a federation's list"),
    "ratings_source": N_("The list:"),
    "ratings_rfg": N_("Russian Go Federation (RFG)"),
    "ratings_egd": N_("European Go Database (EGD)"),
    "ratings_ffg": N_("French Go Federation (FFG)"),
    "ratings_aga": N_("American Go Association (AGA)"),
    "ratings_from": N_("Take it from:"),
    "ratings_site": N_("the federation's site: today's list"),
    "ratings_file": N_("a file of the list downloaded before…"),
    "ratings_file_title": N_("The federation's list, downloaded before"),
    "ratings_tick": N_("tick the ratings to take in the Accept column of «Rating changes», then choose «{item}» in "
                       "the forsxl menu"),
    "slips_name": N_("{book} slips.xlsx"),
    "regulation_name": N_("{book} regulation.html"),
    "regulation_browser": N_("the regulation is open in the web browser (LibreOffice Writer is not installed)"),
    "export_title": N_("Export the results"),
    "export_format": N_("Format:"),
    "export_egf": N_("EGF rating list (.h9)"),
    "export_opengotha": N_("OpenGotha tournament (.xml)"),
    "export_csv": N_("Standings as CSV (.csv)"),
    "export_xlsx": N_("Results workbook (.xlsx)"),
    "export_file": N_("Where to write the export"),
    "history_title": N_("Versions of the workbook that forsxl kept"),
    "history_put_back": N_("Put back"),
    "history_pick": N_("The versions forsxl kept, newest first: choose one and press «{button}». The workbook as it "
                       "is now becomes the newest version, and Edit › Undo takes it back."),
    "history_none": N_("forsxl has kept no earlier version of this workbook yet: it keeps one each time forsxl "
                       "changes the workbook."),
    "new_title": N_("New tournament"),
    "new_name": N_("Tournament name:"),
    "new_preset": N_("Preset:"),
    "new_lang": N_("Language of the workbook:"),
    "new_file": N_("Where to save the new tournament's workbook"),
    "ok": N_("OK"),
    "cancel": N_("Cancel"),
    "close": N_("Close"),
    "options_program": N_("forsxl program:"),
    "options_hint": N_("Leave empty to use the forsxl that installed this extension, else forsxl on the PATH (on "
                       "Windows, else py -m forsxl). A Python with forsxl installed works too."),
    "options_found": N_("Now used: {program}"),
    "options_none": N_("Now used: none found"),
    "options_missing": N_("Set, but not found: {program}"),
    "options_browse": N_("Browse…"),
    "options_save": N_("Save the workbook after each menu item that changes it (Edit › Undo still takes the item "
                       "back)"),
}


class Texts:
    """The texts in one language (`lang`), from the catalogue's translations (`built.json`); English when none."""

    def __init__(self, translations: dict[str, str], lang: str = "en") -> None:
        self.translations, self.lang = translations, lang

    def __call__(self, message: str, **params: object) -> str:
        return self.translations.get(message, message).format(**params)

    def label(self, action: str) -> str:
        return self(ACTIONS[action].label)

    def text(self, key: str, **params: object) -> str:
        return self(TEXTS[key], **params)
