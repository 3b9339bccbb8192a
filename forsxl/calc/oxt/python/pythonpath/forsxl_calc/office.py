"""A menu item on the workbook open in Calc: store it, run forsxl on its file, open it again where it was, and say
what forsxl said (issue 28). The UNO side of the extension; `actions.py` decides what runs.

Calc holds its file open and locked while the workbook is open, and forsxl rightly refuses to write a workbook open
in a spreadsheet. So for a command that writes, the document lets go of the file first (its window stays) and is
loaded again into the same window afterwards, whatever forsxl did; a command that only reads runs beside it, and
the workbook is loaded again only if the file changed. Calc's undo history does not survive a new load.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import uno
from com.sun.star.awt.MessageBoxType import ERRORBOX, INFOBOX

from forsxl_calc.actions import (
    ACTIONS,
    TIMEOUT,
    NotRun,
    TimedOut,
    arguments,
    cell_name,
    conflicts_path,
    environment,
    named_cell,
    programs,
    run,
)
from forsxl_calc.texts import Texts

SETTINGS = "/org.forsxl.calc.Settings/Forsxl"
XLSX_FILTER = "Calc MS Excel 2007 XML"
LONG = 15
"""Lines beyond which what forsxl said is shown in a scrolling text, not a message box."""


def built() -> dict[str, Any]:
    """What `forsxl calc build` wrote beside this module: the translations, the workbook's sheet names by language
    and the forsxl that built the extension."""
    with open(os.path.join(os.path.dirname(__file__), "built.json"), encoding="utf-8") as file:
        return json.load(file)  # type: ignore[no-any-return]


def setting(ctx: Any, name: str) -> Any:
    return _configuration(ctx, SETTINGS).getPropertyValue(name)


def set_setting(ctx: Any, name: str, value: Any) -> None:
    access = _configuration(ctx, SETTINGS, update=True)
    access.setPropertyValue(name, value)
    access.commitChanges()


def _configuration(ctx: Any, node: str, update: bool = False) -> Any:
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    kind = "ConfigurationUpdateAccess" if update else "ConfigurationAccess"
    return provider.createInstanceWithArguments("com.sun.star.configuration." + kind, (_property("nodepath", node),))


def texts_for(ctx: Any, model: Any) -> Texts:
    """The texts in the workbook's language, else in LibreOffice's own (the Options page, a new document)."""
    lang = workbook_lang(model) if _is_spreadsheet(model) else None
    if lang is None:
        lang = str(_configuration(ctx, "/org.openoffice.Setup/L10N").getPropertyValue("ooLocale") or "").split("-")[0]
    return Texts(built()["texts"].get(lang, {}))


def _property(name: str, value: Any) -> Any:
    prop = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
    prop.Name, prop.Value = name, value
    return prop


def office_folder(ctx: Any) -> str:
    """LibreOffice's program folder, whose Python is LibreOffice's own: never the one to run forsxl with."""
    substitution = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.PathSubstitution", ctx)
    try:
        return str(uno.fileUrlToSystemPath(substitution.substituteVariables("$(prog)", True)))
    except Exception:  # an office without the variable: nothing is left out of the PATH
        return ""


def forsxl_commands(ctx: Any) -> list[list[str]]:
    return programs(setting(ctx, "Program"), built()["program"], os.environ, office_folder(ctx),
                    sys.platform == "win32")


def workbook_lang(model: Any) -> str | None:
    """The workbook's language as forsxl reads it: Config's `lang`, else Russian when a sheet has a Russian name;
    None for a workbook that is no tournament's yet."""
    names = built()["sheets"]
    sheets = model.getSheets()
    for title in names["config"]:
        if sheets.hasByName(title):
            rows = sheets.getByName(title).getCellRangeByName("A2:B300").getDataArray()
            for key, value in rows:
                if str(key).strip() == "lang" and str(value).strip() in names["languages"]:
                    return str(value).strip()
    titles = set(sheets.getElementNames())
    if titles & set(names["ru"]):
        return "ru"
    return "en" if titles & set(names["en"]) else None


def _is_spreadsheet(model: Any) -> bool:
    return model is not None and model.supportsService("com.sun.star.sheet.SpreadsheetDocument")


class Place(NamedTuple):
    """Where the referee was: the sheet, the selection and the first row and column in view."""

    sheet: str
    selection: Sequence[int]
    view: Sequence[int]

    @classmethod
    def of(cls, controller: Any) -> Place:
        sheet = controller.getActiveSheet()
        selection = controller.getSelection()
        cells: Sequence[int] = ()
        with contextlib.suppress(AttributeError):  # a drawing or several ranges are selected: keep the sheet
            address = selection.getRangeAddress()
            cells = (address.StartColumn, address.StartRow, address.EndColumn, address.EndRow)
        return cls(sheet.getName(), cells, (controller.getFirstVisibleColumn(), controller.getFirstVisibleRow()))

    def cell(self) -> str | None:
        """The selected cell (the first of a range) as forsxl names it, `Тур-2!C5`; None for the header row."""
        if not self.selection or self.selection[1] == 0:
            return None
        return cell_name(self.sheet, self.selection[0], self.selection[1])


def go_to(model: Any, sheet: str, cells: Sequence[int] = (), view: Sequence[int] = ()) -> None:
    """Show `sheet`, select `cells` (first column, row, last column, row) and scroll to `view` where given."""
    sheets, controller = model.getSheets(), model.getCurrentController()
    if not sheets.hasByName(sheet):
        return
    target = sheets.getByName(sheet)
    controller.setActiveSheet(target)
    if cells:
        controller.select(target.getCellRangeByPosition(*cells))
    if view:
        controller.setFirstVisibleColumn(view[0])
        controller.setFirstVisibleRow(view[1])


class Answer(NamedTuple):
    """What an action came to: its lines, whether they are problems, forsxl's command and exit code, and the
    seconds its steps took (storing the workbook, forsxl, opening it again)."""

    lines: list[str]
    ok: bool
    command: Sequence[str] = ()
    code: int = 0
    seconds: Mapping[str, float] = {}

    def json(self) -> str:
        return json.dumps({"ok": self.ok, "code": self.code, "command": list(self.command), "lines": self.lines,
                           "seconds": dict(self.seconds)}, ensure_ascii=False)


def perform(ctx: Any, frame: Any, name: str, interactive: bool, copy: str = "") -> Answer:
    """Run the action `name` on the workbook in `frame`, leave the workbook shown where it belongs, say what forsxl
    said (when `interactive`), and return it. A merge takes the other `copy` from a file dialog unless given."""
    model = frame.getController().getModel() if frame.getController() else None
    say = texts_for(ctx, model)
    answer = _perform(ctx, frame, model, name, say, copy)
    if interactive:
        show(ctx, frame, name, answer, say)
    return answer


def _perform(ctx: Any, frame: Any, model: Any, name: str, say: Texts, copy: str) -> Answer:
    action = ACTIONS[name]
    if not _is_spreadsheet(model):
        return Answer([say.text("not_spreadsheet")], False)
    if not model.hasLocation():
        return Answer([say.text("unsaved")], False)
    path = str(uno.fileUrlToSystemPath(model.getURL()))
    if not path.lower().endswith(".xlsx"):
        return Answer([say.text("not_xlsx", name=os.path.basename(path))], False)
    place = Place.of(model.getCurrentController())
    picked = copy or _pick(ctx, frame, action.needs, place, say, name)
    if picked is None:
        return Answer([], True)  # a file dialog cancelled
    if isinstance(picked, Answer):
        return picked
    commands = forsxl_commands(ctx)
    if not commands:
        return Answer([say.text("not_found")], False)
    clock = Stopwatch()
    clock.step("store")
    if model.isModified():
        try:
            model.store()
        except Exception as error:  # forsxl must not run on a file that lacks what the referee typed
            return Answer([say.text("store_failed", why=_why(error))], False)
    return _run_on_file(ctx, frame, model, name, path, picked, commands, place, say, clock)


def _pick(ctx: Any, frame: Any, needs: str, place: Place, say: Texts, name: str) -> Any:
    """What the action needs besides the workbook: the selected cell, another copy's path; an Answer when it is
    missing, None when the referee cancelled."""
    if needs in ("board", "player"):
        cell = place.cell()
        if cell is None:
            key = "not_row" if needs == "board" else "not_player_row"
            return Answer([say.text(key, item=say.label(name))], False)
        return cell
    if needs == "copy":
        return pick_file(ctx, frame, say)
    return ""


class Stopwatch:
    """The seconds each step of an action took, for its answer (bench/calc.py reads them)."""

    def __init__(self) -> None:
        self.marks: list[tuple[str, float]] = []

    def step(self, name: str) -> None:
        self.marks.append((name, time.monotonic()))

    def seconds(self) -> dict[str, float]:
        return {name: round(later - at, 3) for (name, at), (_, later) in zip(self.marks, self.marks[1:])}


def _run_on_file(ctx: Any, frame: Any, model: Any, name: str, path: str, picked: str, commands: list[list[str]],
                 place: Place, say: Texts, clock: Stopwatch) -> Answer:
    url, writes = model.getURL(), ACTIONS[name].writes
    options = {p.Name: p.Value for p in model.getArgs()}
    sheets, stamp = set(model.getSheets().getElementNames()), _stamp(path)
    indicator = _progress(frame, say.label(name))
    clock.step("close")
    if writes:
        _let_go(frame, model)
    try:
        clock.step("forsxl")
        outcome = run(commands, arguments(name, path, picked), environment(os.environ, office_folder(ctx)))
        answer = Answer(outcome.lines, outcome.code == 0, outcome.command, outcome.code)
    except TimedOut:
        outcome, answer = None, Answer([say.text("timeout", seconds=TIMEOUT)], False)
    except NotRun as error:
        outcome = None
        broken = setting(ctx, "Program").strip()
        answer = Answer([say.text("setting_broken", program=broken, why=str(error)) if broken else
                         say.text("not_found")], False)
    finally:
        clock.step("open")
        if writes or _stamp(path) != stamp:
            model = _take_back(ctx, frame, url, options.get("FilterName", XLSX_FILTER))
        if indicator is not None:
            with contextlib.suppress(Exception):  # the status bar went with the document it was shown for
                indicator.end()
        clock.step("")
    answer = answer._replace(seconds=clock.seconds())
    if model is None:
        return Answer([*answer.lines, say.text("reopen_failed", path=path)], False, answer.command, answer.code)
    _focus(model, answer, place, sheets, name)
    if name == "merge" and outcome is not None and os.path.exists(conflicts_path(path)) and not answer.ok:
        _desktop(ctx).loadComponentFromURL(uno.systemPathToFileUrl(conflicts_path(path)), "_blank", 0, ())
        answer = answer._replace(lines=[*answer.lines, say.text("merge_conflicts", path=conflicts_path(path),
                                                                 item=say.label("merge"))])
    if writes and not setting(ctx, "UndoNoted"):
        set_setting(ctx, "UndoNoted", True)
        answer = answer._replace(lines=[*answer.lines, "", say.text("undo_note", backup=_backup(path),
                                                                     book=os.path.basename(path))])
    return answer


def _why(error: Exception) -> str:
    return str(getattr(error, "Message", "") or error) or type(error).__name__


def _backup(path: str) -> str:
    stem, suffix = os.path.splitext(os.path.basename(path))
    return stem + ".bak" + suffix


def _stamp(path: str) -> Any:
    """What tells that forsxl wrote the file: its size, time and inode (a save renames a new file over it)."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_size, stat.st_mtime_ns, stat.st_ino


def _progress(frame: Any, text: str) -> Any:
    try:
        indicator = frame.createStatusIndicator()
        indicator.start("forsxl: " + text, 0)
        return indicator
    except Exception:  # a frame without a status bar (headless): no progress to show
        return None


def _let_go(frame: Any, model: Any) -> None:
    """Close the document and keep its window: Calc lets go of the file and of its lock for forsxl to write."""
    frame.getController().suspend(True)
    frame.setComponent(None, None)
    model.close(True)


def _take_back(ctx: Any, frame: Any, url: str, filter_name: str) -> Any:
    """The workbook at `url` loaded again into its window, as the file now is; in a new window if that fails; None
    when it cannot be loaded at all (the referee is told to open it)."""
    options = (_property("FilterName", filter_name),)
    for target, where in ((frame, "_self"), (_desktop(ctx), "_blank")):
        with contextlib.suppress(Exception):  # UNO's IOException and IllegalArgumentException alike
            model = target.loadComponentFromURL(url, where, 0, options)
            if model is not None:
                return model
    return None


def _desktop(ctx: Any) -> Any:
    return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)


def _focus(model: Any, answer: Answer, place: Place, before: set[str], name: str) -> None:
    """Select the cell forsxl's problem names; else show the round a pairing added; else where the referee was."""
    titles = list(model.getSheets().getElementNames())
    named = None if answer.ok else named_cell(answer.lines, titles)
    if named is not None:
        sheet, column, row = named
        go_to(model, sheet, (column, row, column, row) if row >= 0 else ())
        return
    added = [t for t in titles if t not in before]
    if name == "pair" and answer.ok and added:
        go_to(model, added[-1] if len(added) == 1 else _round_sheet(added), (0, 1, 0, 1))
        return
    go_to(model, place.sheet, place.selection, place.view)


def _round_sheet(added: list[str]) -> str:
    """The round sheet among the sheets a first pairing added (with Standings): the one whose name has a number."""
    return next((t for t in added if any(c.isdigit() for c in t)), added[0])


def pick_file(ctx: Any, frame: Any, say: Texts) -> str | None:
    """The other copy to merge, from a file dialog that starts at the last one chosen; None when cancelled."""
    picker = ctx.ServiceManager.createInstanceWithContext("com.sun.star.ui.dialogs.FilePicker", ctx)
    picker.initialize((0,))  # FILEOPEN_SIMPLE
    picker.setTitle(say.text("merge_title"))
    picker.appendFilter("Excel 2007-365 (*.xlsx)", "*.xlsx")
    last = setting(ctx, "LastCopy")
    if last and os.path.isdir(os.path.dirname(last)):
        picker.setDisplayDirectory(uno.systemPathToFileUrl(os.path.dirname(last)))
    if picker.execute() != 1:  # ExecutableDialogResults.OK
        return None
    chosen = str(uno.fileUrlToSystemPath(picker.getSelectedFiles()[0]))
    set_setting(ctx, "LastCopy", chosen)
    return chosen


def show(ctx: Any, frame: Any, name: str, answer: Answer, say: Texts) -> None:
    """Say what forsxl said: a message box for a short answer, a scrolling text for a long one (an explanation,
    the Config, a long list of problems)."""
    if not answer.lines:
        return
    title = "forsxl: " + say.label(name)
    if (name in ("explain", "config") and answer.ok) or len(answer.lines) > LONG:
        show_text(ctx, frame, title, "\n".join(answer.lines), say)
        return
    kind = INFOBOX if answer.ok else ERRORBOX
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    box = toolkit.createMessageBox(frame.getContainerWindow(), kind, 1, title, "\n".join(answer.lines))
    box.execute()
    box.dispose()


def show_text(ctx: Any, frame: Any, title: str, text: str, say: Texts) -> None:
    """A dialog with `text` in a read-only, scrolling, monospaced field and a Close button."""
    smgr = ctx.ServiceManager
    model = smgr.createInstanceWithContext("com.sun.star.awt.UnoControlDialogModel", ctx)
    model.Title, model.Width, model.Height = title, 560, 300
    field = model.createInstance("com.sun.star.awt.UnoControlEditModel")
    field.PositionX, field.PositionY, field.Width, field.Height = 6, 6, 548, 268
    field.MultiLine, field.ReadOnly, field.VScroll, field.HScroll, field.Text = True, True, True, True, text
    font = field.FontDescriptor
    font.Name = "Liberation Mono;DejaVu Sans Mono;Consolas;Menlo;Courier New"
    field.FontDescriptor = font
    model.insertByName("text", field)
    button = model.createInstance("com.sun.star.awt.UnoControlButtonModel")
    button.PositionX, button.PositionY, button.Width, button.Height = 494, 280, 60, 14
    button.Label, button.PushButtonType, button.DefaultButton = say.text("close"), 1, True  # OK: closes the dialog
    model.insertByName("close", button)
    dialog = smgr.createInstanceWithContext("com.sun.star.awt.UnoControlDialog", ctx)
    dialog.setModel(model)
    dialog.createPeer(smgr.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx), frame.getContainerWindow())
    dialog.execute()
    dialog.dispose()
