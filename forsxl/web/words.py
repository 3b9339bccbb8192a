"""The web page's own words (issue 42), each an English msgid of forsxl's catalogue: `forsxl web build` writes them
in every language into the site's words.js, and the page shows them in the browser's language. What forsxl's
commands say comes from forsxl itself, in the workbook's language."""

from __future__ import annotations

from forsxl.i18n import N_

WORDS = {
    "title": N_("forsxl: Go tournaments in the browser"),
    "tagline": N_("Choose the tournament workbook (.xlsx) and act on it. Nothing to install, and the workbook never "
                  "leaves this computer: forsxl runs here, in the page."),
    "loading": N_("Loading forsxl…"),
    "loading_first": N_("Loading forsxl: the first visit downloads about {size} MB, later visits nothing."),
    "ready": N_("Ready."),
    "offline": N_("Works offline: the page and forsxl are kept in this browser and load without the network."),
    "offline_pending": N_("Keeping the page in this browser for offline use…"),
    "no_offline": N_("This browser does not keep the page for offline use: it needs the network to load."),
    "failed": N_("forsxl could not start: {error}. Reload the page to try again."),
    "open": N_("Open a workbook…"),
    "reopen": N_("Open {name} again"),
    "demo": N_("Try the demo workbook"),
    "no_book": N_("No workbook chosen yet: open one, or try the demo."),
    "in_place": N_("{name}: each action writes it back to the file on disk."),
    "by_download": N_("{name}: this browser cannot write to the file itself, so after each action the workbook is "
                      "offered for download under its own name."),
    "download": N_("Download {name}"),
    "written": N_("{name} written on disk."),
    "running": N_("{command}: running…"),
    "busy": N_("forsxl is busy with the previous action."),
    "problems": N_("Problems, each with its cell"),
    "run": N_("Run"),
    "cancel": N_("Cancel"),
    "group_round": N_("Round"),
    "group_answers": N_("Answers"),
    "group_out": N_("Out of the workbook"),
    "group_in": N_("Into the workbook"),
    "group_versions": N_("Versions"),
    "check": N_("Check"),
    "pair": N_("Pair next round"),
    "standings": N_("Standings"),
    "recompute": N_("Recompute a board"),
    "schedule": N_("Schedule"),
    "explain": N_("Explain"),
    "regulation": N_("Regulation"),
    "publish": N_("Publish"),
    "print": N_("Print slips"),
    "export": N_("Export"),
    "import": N_("Import players…"),
    "merge": N_("Merge another copy…"),
    "history": N_("History"),
    "undo": N_("Undo"),
    "round": N_("Round"),
    "board": N_("Board"),
    "player": N_("Player"),
    "than": N_("Compared with"),
    "format": N_("Format"),
    "egf_class": N_("EGF class"),
    "minutes": N_("Minutes"),
    "version": N_("Version"),
    "prefer": N_("Conflicts"),
    "prefer_none": N_("stop and list them"),
    "prefer_a": N_("this workbook's value"),
    "prefer_b": N_("the other copy's value"),
    "source": N_("File to import"),
    "other": N_("The other copy"),
    "base": N_("Their last common version (optional)"),
    "optional": N_("optional"),
    "site": N_("Download the site ({name})"),
    "print_note": N_("The slips are in the browser's print dialog."),
    "versions_note": N_("Versions: each time forsxl writes a workbook it keeps the one before, up to 30, in this "
                        "browser's storage for this site (IndexedDB), so that History and Undo work after a reload "
                        "too. They stay until cleared here or with the browser's «Clear site data»."),
    "clear": N_("Clear the versions"),
    "cleared": N_("The versions kept in this browser are cleared."),
    "privacy": N_("Nothing is uploaded: the page runs forsxl {version} inside the browser."),
}
"""The page's words by the key its script uses; `{name}`-style fields are filled in by the page."""
