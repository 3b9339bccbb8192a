"""What an item asks the referee for before forsxl runs (issue 38): the selected row, a file, a folder, an export's
format and file, the version to put back, a new tournament; a test or a macro gives it instead (`Picked`)."""

from __future__ import annotations

import os
from typing import Any, Sequence

from forsxl_calc import dialogs
from forsxl_calc.actions import (
    Action,
    Needs,
    native,
    url_of,
)
from forsxl_calc.documents import PUBLISHING
from forsxl_calc.office import (
    Answer,
    Copy,
    Place,
    ask,
    config_value,
    desktop,
    forsxl_commands,
    set_setting,
    setting,
)
from forsxl_calc.texts import Texts


def pick(ctx: Any, frame: Any, model: Any, action: Action, place: Place, say: Texts, copy: Copy, path: str,
          commands: Sequence[Sequence[str]]) -> Any:
    """What the item needs besides the workbook, asked of the referee; an Answer when it is missing, None when a
    dialog was cancelled."""
    needs, folder = action.needs, os.path.dirname(path)
    if needs in (Needs.BOARD, Needs.PLAYER):
        cell = place.cell()
        if cell is None:
            key = "not_row" if needs is Needs.BOARD else "not_player_row"
            return Answer([say.text(key, item=say.label(action.name))], False)
        return cell
    if needs is Needs.COPY:
        chosen = dialogs.pick_file(ctx, say.text("merge_title"), [("Excel 2007-365 (*.xlsx)", "*.xlsx")],
                                   _last(ctx, "LastCopy") or folder)
        return _remember(ctx, "LastCopy", chosen)
    if needs is Needs.PLAYERS:
        chosen = dialogs.pick_file(ctx, say.text("import_title"), [
            ("CSV, EGD, AGA, FFG", "*.csv;*.txt;*.html;*.htm;*.tsv"), ("*", "*")], _last(ctx, "LastImport") or folder)
        return _remember(ctx, "LastImport", chosen)
    if needs is Needs.FOLDER:
        if config_value(model, "publish.to"):  # sent to the club's host: no folder to ask (issue 46)
            return ""
        return dialogs.pick_folder(ctx, say.text("publish_title"),
                                   PUBLISHING.folder(model) or _last(ctx, "LastSite") or folder)
    if needs is Needs.LIST:
        return ask_list(ctx, frame, say, folder)
    if needs is Needs.EXPORT:
        return ask_export(ctx, frame, say, path)
    if needs is Needs.VERSION:
        return ask_version(ctx, frame, say, copy, path, commands)
    return None if needs is not Needs.NOTHING else ""


def _last(ctx: Any, name: str) -> str:
    last = str(setting(ctx, name) or "")
    return os.path.dirname(last) if last and os.path.isdir(native(os.path.dirname(last))) else ""


def _remember(ctx: Any, name: str, chosen: str | None) -> str | None:
    if chosen:
        set_setting(ctx, name, chosen)
    return chosen


EXPORTS = (("egf", "export_egf", ".h9"), ("opengotha", "export_opengotha", ".xml"), ("csv", "export_csv", ".csv"),
           ("xlsx", "export_xlsx", ".xlsx"))
"""forsxl export's formats: its name, its words, its file's suffix."""


def ask_export(ctx: Any, frame: Any, say: Texts, path: str) -> Any:
    """The format and the file of an export, from a form and a file dialog."""
    chosen = dialogs.form(ctx, frame, say.text("export_title"), [dialogs.Field(
        "format", say.text("export_format"), "egf", [(name, say.text(words)) for name, words, _ in EXPORTS])],
        say.text("ok"), say.text("cancel"))
    if chosen is None:
        return None
    suffix = next(s for name, _, s in EXPORTS if name == chosen["format"])
    stem = os.path.splitext(os.path.basename(path))[0]
    target = dialogs.pick_file(ctx, say.text("export_file"), [(suffix, "*" + suffix)], os.path.dirname(path),
                               save=True, name=stem + ("-results" if suffix == ".xlsx" else "") + suffix)
    return None if target is None else {"format": chosen["format"], "output": target}


SOURCES = (("rfg", "ratings_rfg"), ("egd", "ratings_egd"), ("ffg", "ratings_ffg"), ("aga", "ratings_aga"))
"""forsxl ratings' lists (`--source`) and their words."""


def ask_list(ctx: Any, frame: Any, say: Texts, folder: str) -> Any:
    """The federation's list to compare the players with, from a form: today's from the federation's site, or a
    file the referee downloaded (no network needed), from a file dialog (issue 43)."""
    chosen = dialogs.form(ctx, frame, say.text("ratings_title"), [
        dialogs.Field("source", say.text("ratings_source"), "rfg" if say.lang == "ru" else "egd",
                      [(name, say.text(words)) for name, words in SOURCES]),
        dialogs.Field("from", say.text("ratings_from"), "site",
                      [("site", say.text("ratings_site")), ("file", say.text("ratings_file"))])],
        say.text("ok"), say.text("cancel"))
    if chosen is None:
        return None
    if chosen["from"] == "site":
        return {"source": chosen["source"]}
    listed = dialogs.pick_file(ctx, say.text("ratings_file_title"), [
        ("JSON, HTML, TXT", "*.json;*.html;*.htm;*.txt"), ("*", "*")], _last(ctx, "LastImport") or folder)
    return None if listed is None else {"source": chosen["source"], "file": _remember(ctx, "LastImport", listed)}


def ask_version(ctx: Any, frame: Any, say: Texts, copy: Copy, path: str, commands: Sequence[Sequence[str]]) -> Any:
    """The version to put back, picked from the list forsxl keeps (`forsxl history`)."""
    asked = {"command": "history", "book": copy.path, "copy_of": path, "options": {}, "describe": False}
    answer, said = ask(ctx, commands, asked, say)
    if said is None or not answer.ok:
        return answer
    versions = [v for v in said.get("data") or () if not v.get("now")]
    if not versions:
        return Answer([say.text("history_none")], True, status=say.text("history_none"))
    rows = [(str(v["number"]), "{:>3}  {}  {}".format(v["number"], str(v.get("saved", ""))[:16].replace("T", " "),
                                                      v.get("what", ""))) for v in versions]
    chosen = dialogs.form(ctx, frame, say.text("history_title"), [dialogs.Field(
        "version", say.text("history_pick", button=say.text("history_put_back")), rows[0][0], rows, rows=12)],
        say.text("history_put_back"), say.text("cancel"))
    return None if chosen is None else int(chosen["version"])


def new_tournament(ctx: Any, frame: Any, say: Texts, picked: Any) -> Answer:
    """A new tournament's workbook made by forsxl (`forsxl new`) where the referee chose, and opened in a window of
    its own."""
    commands = forsxl_commands(ctx)
    if not commands:
        return Answer([say.text("not_found")], False)
    if picked is None:
        picked = ask_tournament(ctx, frame, say, commands)
        if not isinstance(picked, dict):
            return picked if isinstance(picked, Answer) else Answer([], True)
    asked = {"command": "new", "book": picked["book"], "describe": False,
             "options": {k: picked[k] for k in ("preset", "lang", "name") if picked.get(k)}}
    answer, said = ask(ctx, commands, asked, say)
    if said is not None and answer.ok:
        desktop(ctx).loadComponentFromURL(url_of(picked["book"]), "_blank", 0, ())
    return answer


def ask_tournament(ctx: Any, frame: Any, say: Texts, commands: Sequence[Sequence[str]]) -> Any:
    """A new tournament's name, preset and language from a form, then its file from a file dialog."""
    answer, said = ask(ctx, commands, {"command": "presets", "options": {"lang": say.lang}}, say)
    if said is None or not answer.ok:
        return answer
    presets = [(p["name"], "{}: {}".format(p["name"], p["description"])) for p in said.get("data") or ()]
    chosen = dialogs.form(ctx, frame, say.text("new_title"), [
        dialogs.Field("name", say.text("new_name")),
        dialogs.Field("preset", say.text("new_preset"), "fors-club", presets),
        dialogs.Field("lang", say.text("new_lang"), say.lang,
                      [("ru", "Русский"), ("en", "English")])], say.text("ok"), say.text("cancel"))
    if chosen is None:
        return None
    book = dialogs.pick_file(ctx, say.text("new_file"), [("Excel 2007-365 (*.xlsx)", "*.xlsx")],
                             _last(ctx, "LastCopy"), save=True, name=(chosen["name"] or "tournament") + ".xlsx")
    return None if book is None else dict(chosen, book=book)
