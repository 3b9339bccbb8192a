"""The extension's UNO components (issues 28, 38): the `org.forsxl.calc:` protocol handler behind the forsxl menu,
toolbar and status bar field, and the Tools › Options page where the forsxl program is set.

LibreOffice loads this file with `pythonpath/` beside it on `sys.path`; the work is done in `forsxl_calc`.
"""

from __future__ import annotations

import json
import os
from typing import Any

import uno
import unohelper
from com.sun.star.awt import XContainerWindowEventHandler
from com.sun.star.frame import FeatureStateEvent, XDispatchProvider, XNotifyingDispatch
from com.sun.star.frame.DispatchResultState import FAILURE, SUCCESS
from com.sun.star.lang import XInitialization, XServiceInfo
from forsxl_calc.actions import ACTIONS, native
from forsxl_calc.dialogs import pick_file
from forsxl_calc.items import perform
from forsxl_calc.log import failure
from forsxl_calc.office import forsxl_commands, set_setting, setting, texts_for
from forsxl_calc.status import STATUS

PROTOCOL = "org.forsxl.calc:"
STATUS_PATH = "status"
"""`org.forsxl.calc:status`: the forsxl field of the status bar, which shows what the last item said."""
DISPATCHER = "org.forsxl.calc.Dispatcher"
OPTIONS = "org.forsxl.calc.Options"


class Dispatcher(unohelper.Base, XInitialization, XDispatchProvider, XNotifyingDispatch, XServiceInfo):
    """Runs `org.forsxl.calc:<action>` on the workbook of the frame it was made for, words the menu and toolbar
    items in that workbook's language (a menu item takes the text its status says), and feeds the forsxl field of
    the status bar. Nothing raised here reaches LibreOffice: an exception is logged and said."""

    def __init__(self, ctx: Any, *args: Any) -> None:
        self.ctx: Any = ctx
        self.frame: Any = None

    def initialize(self, args: tuple[Any, ...]) -> None:
        if args:
            self.frame = args[0]

    def queryDispatch(self, url: Any, target: str, flags: int) -> Any:
        known = url.Protocol == PROTOCOL and (url.Path in ACTIONS or url.Path == STATUS_PATH)
        return self if known else None

    def queryDispatches(self, requests: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self.queryDispatch(r.FeatureURL, r.FrameName, r.SearchFlags) for r in requests)

    def dispatch(self, url: Any, args: tuple[Any, ...]) -> None:
        self.dispatchWithNotification(url, args, None)

    def dispatchWithNotification(self, url: Any, args: tuple[Any, ...], listener: Any) -> None:
        """The item, and its answer as JSON (ok, code, command, lines, problems, status, seconds) to the listener:
        a macro or a test that dispatches with `DispatchHelper.executeDispatch` gets it back. Among `args`,
        `Interactive: False` shows no window (the default is to show them when the window is visible), and
        `Picked` (JSON) stands for what the item's dialog would ask: the copy to merge, the file of players, the
        site's folder, {"format", "output"} of an export, the version to put back, {"book", "preset", "lang",
        "name"} of a new tournament."""
        try:
            if url.Path == STATUS_PATH:
                return
            options = {a.Name: a.Value for a in args}
            window = self.frame.getContainerWindow()
            interactive = bool(options.get("Interactive", window is not None and window.isVisible()))
            picked = json.loads(options["Picked"]) if options.get("Picked") else None
            answer = perform(self.ctx, self.frame, url.Path, interactive, picked).json()
            state = SUCCESS if json.loads(answer)["ok"] else FAILURE
        except Exception:
            answer, state = json.dumps({"ok": False, "error": failure(self.ctx, "dispatch " + url.Complete)}), FAILURE
        if listener is not None:
            try:
                event = uno.createUnoStruct("com.sun.star.frame.DispatchResultEvent")
                event.Source, event.State, event.Result = self, state, answer
                listener.dispatchFinished(event)
            except Exception:
                failure(self.ctx, "answering dispatch " + url.Complete)

    def addStatusListener(self, listener: Any, url: Any) -> None:
        try:
            if url.Path == STATUS_PATH:
                STATUS.add(self.frame, listener, url)
                return
            label = texts_for(self.ctx, self.frame.getController().getModel()).label(url.Path)
            state = FeatureStateEvent()
            state.FeatureURL, state.IsEnabled, state.Requery, state.State = url, True, False, label
            listener.statusChanged(state)
        except Exception:  # a frame between two documents: the menu keeps the text it has
            pass

    def removeStatusListener(self, listener: Any, url: Any) -> None:
        try:
            STATUS.remove(listener)
        except Exception:
            failure(self.ctx, "removeStatusListener")

    def getImplementationName(self) -> str:
        return DISPATCHER

    def supportsService(self, name: str) -> bool:
        return name in self.getSupportedServiceNames()

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return ("com.sun.star.frame.ProtocolHandler",)


class Options(unohelper.Base, XContainerWindowEventHandler, XServiceInfo):
    """The page Tools › Options › LibreOffice Calc › forsxl: the forsxl program to run, the one found now, and
    whether the workbook is saved after each item that changes it."""

    def __init__(self, ctx: Any, *args: Any) -> None:
        self.ctx = ctx

    def callHandlerMethod(self, window: Any, event: Any, method: str) -> bool:
        try:
            if method == "external_event":
                if event == "ok":
                    set_setting(self.ctx, "Program", window.getControl("Program").getText().strip())
                    set_setting(self.ctx, "SaveAfter", bool(window.getControl("SaveAfter").getState()))
                if event in ("initialize", "back"):
                    self._fill(window)
                return True
            if method == "browse":
                self._browse(window)
                return True
        except Exception:
            failure(self.ctx, "Tools › Options › forsxl: " + method)
        return False

    def getSupportedMethodNames(self) -> tuple[str, ...]:
        return ("external_event", "browse")

    def _fill(self, window: Any) -> None:
        say = texts_for(self.ctx, None)
        window.getControl("Program").setText(setting(self.ctx, "Program"))
        window.getControl("ProgramLabel").setText(say.text("options_program"))
        window.getControl("Hint").setText(say.text("options_hint"))
        window.getControl("Browse").setLabel(say.text("options_browse"))
        window.getControl("SaveAfter").setLabel(say.text("options_save"))
        window.getControl("SaveAfter").setState(1 if setting(self.ctx, "SaveAfter") else 0)
        found: list[list[str]] = forsxl_commands(self.ctx)
        if not found:
            said = say.text("options_none")
        elif not os.path.isfile(native(found[0][0])):
            said = say.text("options_missing", program=found[0][0])
        else:
            said = say.text("options_found", program=" ".join(found[0]))
        window.getControl("Found").setText(said)

    def _browse(self, window: Any) -> None:
        current = window.getControl("Program").getText().strip()
        chosen = pick_file(self.ctx, "forsxl", (), os.path.dirname(current) if current else "")
        if chosen:
            window.getControl("Program").setText(chosen)

    def getImplementationName(self) -> str:
        return OPTIONS

    def supportsService(self, name: str) -> bool:
        return name in self.getSupportedServiceNames()

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return (OPTIONS,)


g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(Dispatcher, DISPATCHER, ("com.sun.star.frame.ProtocolHandler",))
g_ImplementationHelper.addImplementation(Options, OPTIONS, (OPTIONS,))
