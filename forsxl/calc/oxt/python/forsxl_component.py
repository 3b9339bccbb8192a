"""The extension's UNO components (issue 28): the `org.forsxl.calc:` protocol handler behind the forsxl menu and
toolbar, and the Tools › Options page where the forsxl program is set.

LibreOffice loads this file with `pythonpath/` beside it on `sys.path`; the work is done in `forsxl_calc`.
"""

from __future__ import annotations

import os
from typing import Any

import uno
import unohelper
from com.sun.star.awt import XContainerWindowEventHandler
from com.sun.star.frame import FeatureStateEvent, XDispatchProvider, XNotifyingDispatch
from com.sun.star.frame.DispatchResultState import FAILURE, SUCCESS
from com.sun.star.lang import XInitialization, XServiceInfo
from forsxl_calc.actions import ACTIONS
from forsxl_calc.office import forsxl_commands, perform, set_setting, setting, texts_for

PROTOCOL = "org.forsxl.calc:"
DISPATCHER = "org.forsxl.calc.Dispatcher"
OPTIONS = "org.forsxl.calc.Options"


class Dispatcher(unohelper.Base, XInitialization, XDispatchProvider, XNotifyingDispatch, XServiceInfo):
    """Runs `org.forsxl.calc:<action>` on the workbook of the frame it was made for, and words the menu and toolbar
    items in that workbook's language (a menu item takes the text its status says)."""

    def __init__(self, ctx: Any, *args: Any) -> None:
        self.ctx: Any = ctx
        self.frame: Any = None

    def initialize(self, args: tuple[Any, ...]) -> None:
        if args:
            self.frame = args[0]

    def queryDispatch(self, url: Any, target: str, flags: int) -> Any:
        return self if url.Protocol == PROTOCOL and url.Path in ACTIONS else None

    def queryDispatches(self, requests: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(self.queryDispatch(r.FeatureURL, r.FrameName, r.SearchFlags) for r in requests)

    def dispatch(self, url: Any, args: tuple[Any, ...]) -> None:
        self.dispatchWithNotification(url, args, None)

    def dispatchWithNotification(self, url: Any, args: tuple[Any, ...], listener: Any) -> None:
        """The action, and its answer as JSON (ok, code, command, lines) to the listener: a macro or a test that
        dispatches with `DispatchHelper.executeDispatch` gets it back. Among `args`, `Interactive: False` shows no
        message (the default is to show one when the window is visible), and `Copy` gives a merge its other copy
        without the file dialog."""
        options = {a.Name: a.Value for a in args}
        window = self.frame.getContainerWindow()
        interactive = bool(options.get("Interactive", window is not None and window.isVisible()))
        answer = perform(self.ctx, self.frame, url.Path, interactive, str(options.get("Copy", "")))
        if listener is not None:
            event = uno.createUnoStruct("com.sun.star.frame.DispatchResultEvent")
            event.Source, event.State, event.Result = self, SUCCESS if answer.ok else FAILURE, answer.json()
            listener.dispatchFinished(event)

    def addStatusListener(self, listener: Any, url: Any) -> None:
        try:
            label = texts_for(self.ctx, self.frame.getController().getModel()).label(url.Path)
        except Exception:  # a frame between two documents: the menu keeps the text it has
            return
        state = FeatureStateEvent()
        state.FeatureURL, state.IsEnabled, state.Requery, state.State = url, True, False, label
        listener.statusChanged(state)

    def removeStatusListener(self, listener: Any, url: Any) -> None:
        pass

    def getImplementationName(self) -> str:
        return DISPATCHER

    def supportsService(self, name: str) -> bool:
        return name in self.getSupportedServiceNames()

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return ("com.sun.star.frame.ProtocolHandler",)


class Options(unohelper.Base, XContainerWindowEventHandler, XServiceInfo):
    """The page Tools › Options › LibreOffice Calc › forsxl: the forsxl program to run, and the one found now."""

    def __init__(self, ctx: Any, *args: Any) -> None:
        self.ctx = ctx

    def callHandlerMethod(self, window: Any, event: Any, method: str) -> bool:
        if method == "external_event":
            if event == "ok":
                set_setting(self.ctx, "Program", window.getControl("Program").getText().strip())
            if event in ("initialize", "back"):
                self._fill(window)
            return True
        if method == "browse":
            self._browse(window)
            return True
        return False

    def getSupportedMethodNames(self) -> tuple[str, ...]:
        return ("external_event", "browse")

    def _fill(self, window: Any) -> None:
        say = texts_for(self.ctx, None)
        program = setting(self.ctx, "Program")
        window.getControl("Program").setText(program)
        window.getControl("ProgramLabel").setText(say.text("options_program"))
        window.getControl("Hint").setText(say.text("options_hint"))
        window.getControl("Browse").setLabel(say.text("options_browse"))
        found: list[list[str]] = forsxl_commands(self.ctx)
        if not found:
            said = say.text("options_none")
        elif not os.path.isfile(found[0][0]):
            said = say.text("options_missing", program=found[0][0])
        else:
            said = say.text("options_found", program=" ".join(found[0]))
        window.getControl("Found").setText(said)

    def _browse(self, window: Any) -> None:
        picker = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.ui.dialogs.FilePicker", self.ctx)
        picker.initialize((0,))
        current = window.getControl("Program").getText().strip()
        if current and os.path.isdir(os.path.dirname(current)):
            picker.setDisplayDirectory(uno.systemPathToFileUrl(os.path.dirname(current)))
        if picker.execute() == 1:
            window.getControl("Program").setText(uno.fileUrlToSystemPath(picker.getSelectedFiles()[0]))

    def getImplementationName(self) -> str:
        return OPTIONS

    def supportsService(self, name: str) -> bool:
        return name in self.getSupportedServiceNames()

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return (OPTIONS,)


g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(Dispatcher, DISPATCHER, ("com.sun.star.frame.ProtocolHandler",))
g_ImplementationHelper.addImplementation(Options, OPTIONS, (OPTIONS,))
