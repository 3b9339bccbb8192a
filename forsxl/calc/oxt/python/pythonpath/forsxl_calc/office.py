"""What every menu item stands on (issue 38): the extension's settings and words, where the referee is, the
document stored to a temporary .xlsx for forsxl (`Copy`), forsxl asked through the warm process (`ask`), and work left
for LibreOffice's main loop. The UNO side of the extension; `actions.py` says what each item asks forsxl."""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
from typing import Any, Mapping, NamedTuple, Sequence

import uno
import unohelper
from com.sun.star.awt import XCallback

from forsxl_calc.actions import (
    TIMEOUT,
    Broken,
    NotRun,
    TimedOut,
    Warm,
    cell_name,
    environment,
    native,
    path_of,
    programs,
    url_of,
)
from forsxl_calc.log import failure, log_path, note
from forsxl_calc.texts import Texts

SETTINGS = "/org.forsxl.calc.Settings/Forsxl"


XLSX_FILTER = "Calc MS Excel 2007 XML"


WARM = Warm()
"""The forsxl process of this LibreOffice session."""


def built() -> dict[str, Any]:
    """What `forsxl calc build` wrote beside this module: the translations, the workbook's sheet names by language
    and the forsxl that built the extension."""
    with open(native(os.path.join(os.path.dirname(__file__), "built.json")), encoding="utf-8") as file:
        return json.load(file)  # type: ignore[no-any-return]


def setting(ctx: Any, name: str) -> Any:
    return configuration(ctx, SETTINGS).getPropertyValue(name)


def set_setting(ctx: Any, name: str, value: Any) -> None:
    access = configuration(ctx, SETTINGS, update=True)
    access.setPropertyValue(name, value)
    access.commitChanges()


def configuration(ctx: Any, node: str, update: bool = False) -> Any:
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    kind = "ConfigurationUpdateAccess" if update else "ConfigurationAccess"
    return provider.createInstanceWithArguments("com.sun.star.configuration." + kind, (prop("nodepath", node),))


def texts_for(ctx: Any, model: Any) -> Texts:
    """The texts in the workbook's language, else in LibreOffice's own (the Options page, a new document)."""
    lang = workbook_lang(model) if is_spreadsheet(model) else None
    if lang is None:
        lang = str(configuration(ctx, "/org.openoffice.Setup/L10N").getPropertyValue("ooLocale") or "").split("-")[0]
    translations = built()["texts"]
    return Texts(translations.get(lang, {}), lang if lang in translations else "en")


def prop(name: str, value: Any) -> Any:
    prop = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
    prop.Name, prop.Value = name, value
    return prop


def office_folder(ctx: Any) -> str:
    """LibreOffice's program folder, whose Python is LibreOffice's own: never the one to run forsxl with."""
    substitution = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.PathSubstitution", ctx)
    try:
        return path_of(substitution.substituteVariables("$(prog)", True))
    except Exception:  # an office without the variable: nothing is left out of the PATH
        return ""


def forsxl_commands(ctx: Any) -> list[list[str]]:
    return programs(setting(ctx, "Program"), built()["program"], os.environ, office_folder(ctx),
                    sys.platform == "win32")


def config_value(model: Any, key: str) -> str:
    """What the Config sheet of the open document has typed for `key` (`lang`, `publish.to`), as forsxl reads the
    sheet (key in A, value in B); empty when it has none."""
    sheets = model.getSheets()
    for title in built()["sheets"]["config"]:
        if sheets.hasByName(title):
            for typed, value in sheets.getByName(title).getCellRangeByName("A2:B300").getDataArray():
                if str(typed).strip() == key:
                    return str(value).strip()
    return ""


def workbook_lang(model: Any) -> str | None:
    """The workbook's language as forsxl reads it: Config's `lang`, else Russian when a sheet has a Russian name;
    None for a workbook that is no tournament's yet."""
    names = built()["sheets"]
    lang = config_value(model, "lang")
    if lang in names["languages"]:
        return lang
    sheets = model.getSheets()
    titles = set(sheets.getElementNames())
    if titles & set(names["ru"]):
        return "ru"
    return "en" if titles & set(names["en"]) else None


def is_spreadsheet(model: Any) -> bool:
    return model is not None and model.supportsService("com.sun.star.sheet.SpreadsheetDocument")


class Place(NamedTuple):
    """Where the referee was: the sheet, the selection, the first column and row in view, and the zoom."""

    sheet: str
    selection: Sequence[int]
    view: Sequence[int]
    zoom: int

    @classmethod
    def of(cls, controller: Any) -> Place:
        selection = controller.getSelection()
        cells: tuple[int, ...] = ()
        try:  # a drawing or several ranges are selected: keep the sheet
            address = selection.getRangeAddress()
            cells = (address.StartColumn, address.StartRow, address.EndColumn, address.EndRow)
        except AttributeError:
            pass
        return cls(controller.getActiveSheet().getName(), cells,
                   (controller.getFirstVisibleColumn(), controller.getFirstVisibleRow()), controller.ZoomValue)

    def cell(self) -> str | None:
        """The selected cell (the first of a range) as forsxl names it, `Тур-2!C5`; None for the header row."""
        if not self.selection or self.selection[1] == 0:
            return None
        return cell_name(self.sheet, self.selection[0], self.selection[1])

    def restore(self, model: Any) -> None:
        go_to(model, self.sheet, self.selection, self.view)
        if model.getCurrentController().ZoomValue != self.zoom:
            model.getCurrentController().ZoomValue = self.zoom


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
    """What an item came to: the lines to show, whether they are problems, the problems as forsxl names them,
    forsxl's command and exit code, the line for the status bar, and the seconds its steps took."""

    lines: list[str]
    ok: bool
    problems: Sequence[Mapping[str, Any]] = ()
    command: str = ""
    code: int = 0
    status: str = ""
    seconds: Mapping[str, float] = {}

    def json(self) -> str:
        return json.dumps({"ok": self.ok, "code": self.code, "command": self.command, "lines": self.lines,
                           "problems": list(self.problems), "status": self.status,
                           "seconds": dict(self.seconds)}, ensure_ascii=False)


class Stopwatch:
    """The seconds each step of an item took, for its answer (bench/calc.py reads them) and the log."""

    def __init__(self) -> None:
        self.marks = [("", time.perf_counter())]

    def step(self, name: str) -> None:
        self.marks.append((name, time.perf_counter()))

    def seconds(self) -> dict[str, float]:
        return {name: round(at - before, 3) for (_, before), (name, at) in zip(self.marks, self.marks[1:])}


def ask(ctx: Any, commands: Sequence[Sequence[str]], asked: Mapping[str, Any], say: Texts
        ) -> tuple[Answer, dict[str, Any] | None]:
    """forsxl's answer to `asked` as an Answer, and the answer as forsxl gave it (None when there is none)."""
    try:
        said = WARM.ask(commands, environment(os.environ, office_folder(ctx)), asked)
    except TimedOut:
        return Answer([say.text("timeout", seconds=TIMEOUT)], False), None
    except NotRun as error:
        broken = setting(ctx, "Program").strip()
        return Answer([say.text("setting_broken", program=broken, why=str(error)) if broken else
                       say.text("not_found")], False), None
    except Broken as error:
        note(ctx, "forsxl stopped: " + str(error))
        return Answer([say.text("broken", why=str(error).splitlines()[-1], log=log_path(ctx))], False), None
    code = int(said.get("code", 1))
    problems = list(said.get("problems") or ())
    out, err = _shown(said.get("out"), asked), _shown(said.get("err"), asked)
    if code == 0:
        warnings = _shown([p["line"] for p in problems if p.get("severity") == "warning"], asked)
        named = str(asked.get("copy_of") or "") + ": "  # the status bar is the workbook's own: not its name again
        status = out[0][len(named):] if out and out[0].startswith(named) else (out[0] if out else "")
        return Answer(out + warnings, True, problems, str(asked["command"]), code, status), said
    lines = _shown([p["line"] for p in problems], asked) or err or out
    return Answer(lines, False, problems, str(asked["command"]), code), said


def _shown(lines: Any, asked: Mapping[str, Any]) -> list[str]:
    """forsxl's lines as the referee reads them: the temporary copy named as the workbook it is a copy of."""
    copy, name = str(asked.get("book") or ""), str(asked.get("copy_of") or "")
    return [str(line).replace(copy, name) if copy and name else str(line) for line in lines or ()]


def why(error: Exception) -> str:
    return str(getattr(error, "Message", "") or error) or type(error).__name__


def desktop(ctx: Any) -> Any:
    return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)


class Copy:
    """The workbook as it is on screen, for forsxl to read: when the document has changed since it was saved, stored
    to a temporary .xlsx (`storeToURL`: the document keeps its location, its modified flag and its lock); else its
    own file, which is then what is on screen. Beside it a temporary folder for what an item writes to open it (the
    slips, the regulation), removed afterwards."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.folder = self.path = self.failed = ""

    def __enter__(self) -> Copy:
        self.folder = tempfile.mkdtemp(prefix="forsxl-calc-")
        saved = path_of(self.model.getURL())
        if not self.model.isModified() and os.path.isfile(native(saved)):
            self.path = saved
            return self
        self.path = os.path.join(self.folder, os.path.basename(saved))
        try:
            self.model.storeToURL(url_of(self.path), (prop("FilterName", XLSX_FILTER),))
        except Exception as error:
            self.failed = why(error)
        return self

    def __exit__(self, *exc: Any) -> None:
        shutil.rmtree(native(self.folder), ignore_errors=True)


def dispatch(ctx: Any, frame: Any, command: str, **args: Any) -> None:
    helper = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    helper.executeDispatch(frame, command, "", 0, tuple(prop(k, v) for k, v in args.items()))


class _Later(unohelper.Base, XCallback):
    def __init__(self, ctx: Any, work: Any) -> None:
        self.ctx, self.work = ctx, work

    def notify(self, data: Any) -> None:
        try:
            self.work()
        except Exception:
            failure(self.ctx, "after an item")


def later(ctx: Any, work: Any) -> None:
    """`work` done by LibreOffice's main loop once the item has returned and the window shows what it made: the
    referee sees the new round without waiting for the workbook to be saved."""
    ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.AsyncCallback", ctx).addCallback(
        _Later(ctx, work), None)
