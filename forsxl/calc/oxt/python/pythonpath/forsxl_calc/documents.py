"""Documents forsxl makes and keeps, opened in LibreOffice: the slips to print, the regulation, and the results
site kept published while its workbook is open (issue 38)."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from typing import Any, Mapping

import unohelper
from com.sun.star.document import XDocumentEventListener

from forsxl_calc.actions import (
    ACTIONS,
    path_of,
    request,
    url_of,
)
from forsxl_calc.log import failure, note
from forsxl_calc.office import Copy, ask, desktop, dispatch, forsxl_commands, prop, set_setting, texts_for, why
from forsxl_calc.status import STATUS
from forsxl_calc.texts import Texts


def save(ctx: Any, frame: Any, model: Any, say: Texts) -> None:
    """The workbook saved where it is, as .xlsx with no question (a site kept published follows the save)."""
    try:
        model.store()
    except Exception as error:
        STATUS.say(frame, say.text("saved_failed", why=why(error)))
        note(ctx, "saving after an item: " + why(error))


def open_document(ctx: Any, path: str, printing: bool) -> Any:
    """A document forsxl made, opened in a window of its own; with `printing`, LibreOffice's print dialog on it
    when the window is on screen."""
    document = desktop(ctx).loadComponentFromURL(url_of(path), "_blank", 0, ())
    frame = document.getCurrentController().getFrame()
    if printing and frame.getContainerWindow().isVisible():
        dispatch(ctx, frame, ".uno:Print")
    return document


def open_regulation(ctx: Any, path: str, say: Texts) -> str:
    """The regulation opened as a document in LibreOffice Writer; in the web browser where Writer is not installed
    (the status line then says so)."""
    filters = ctx.ServiceManager.createInstanceWithContext("com.sun.star.document.FilterFactory", ctx)
    if filters.hasByName("HTML (StarWriter)"):
        desktop(ctx).loadComponentFromURL(url_of(path), "_blank", 0, (prop("FilterName", "HTML (StarWriter)"),))
        return ""
    shell = ctx.ServiceManager.createInstanceWithContext("com.sun.star.system.SystemShellExecute", ctx)
    shell.execute(url_of(path), "", 1)  # URIS_ONLY
    return say.text("regulation_browser")


class _Saved(unohelper.Base, XDocumentEventListener):
    """Publishes a workbook's site again when the workbook is saved; forgets it when the workbook closes."""

    def __init__(self, ctx: Any, frame: Any, model: Any) -> None:
        self.ctx, self.frame, self.model = ctx, frame, model

    def documentEventOccured(self, event: Any) -> None:
        try:
            if event.EventName in ("OnSaveDone", "OnSaveAsDone"):
                PUBLISHING.publish(self.ctx, self.frame, self.model, texts_for(self.ctx, self.model))
            elif event.EventName == "OnUnload":
                PUBLISHING.forget(self.model)
        except Exception:
            failure(self.ctx, "publishing again")

    def disposing(self, event: Any) -> None:
        PUBLISHING.forget(self.model)


class Publishing:
    """The results sites kept published while their workbooks are open: each is published again whenever its
    workbook is saved or forsxl changes it, from the document as it then is, by the warm forsxl in the background."""

    def __init__(self) -> None:
        self.kept: list[list[Any]] = []  # [model, folder, listener]

    def folder(self, model: Any) -> str:
        return next((folder for kept, folder, _ in self.kept if kept == model), "")

    def keep(self, ctx: Any, frame: Any, model: Any, folder: str, say: Texts) -> None:
        set_setting(ctx, "LastSite", os.path.join(folder, ""))
        for entry in self.kept:
            if entry[0] == model:
                entry[1] = folder
                return
        listener = _Saved(ctx, frame, model)
        model.addDocumentEventListener(listener)
        self.kept.append([model, folder, listener])

    def forget(self, model: Any) -> None:
        for entry in [e for e in self.kept if e[0] == model]:
            self.kept.remove(entry)
            with contextlib.suppress(Exception):  # the document is going: its listeners with it
                model.removeDocumentEventListener(entry[2])

    def publish(self, ctx: Any, frame: Any, model: Any, say: Texts) -> None:
        """The site published again from the document as it is now: stored here, published by forsxl on a thread of
        its own, the status bar told when it is done."""
        folder, commands = self.folder(model), forsxl_commands(ctx)
        if not folder or not commands:
            return
        copy = Copy(model).__enter__()
        if copy.failed:
            copy.__exit__()
            return
        asked = request(ACTIONS["publish"], copy.path, path_of(model.getURL()), folder)

        def publish() -> None:
            try:
                answer, said = ask(ctx, commands, asked, say)
                STATUS.say(frame, site_status(say, folder, answer, said, time.strftime("%H:%M")) if said and said.get(
                    "files") else " ".join(answer.lines))
            except Exception:
                failure(ctx, "publishing again")
            finally:
                copy.__exit__()

        threading.Thread(target=publish, daemon=True).start()


PUBLISHING = Publishing()


def site_status(say: Texts, folder: str, answer: Any, said: Mapping[str, Any], again: str = "") -> str:
    """What the status bar says of a site written in `folder` (published `again` at that time): where it went, the
    club's host that Config names when forsxl sent it there (its last line says so, issue 46), or why it was not
    sent, the site being written here all the same."""
    sent = [str(line) for line in said.get("out") or ()][1:]
    if not answer.ok:
        why = [str(line) for line in said.get("err") or ()][-1:] or answer.lines[-1:]
        return say.text("not_sent", folder=folder, why="".join(why))
    if sent:
        return say.text("republished_to", sent=sent[-1], time=again) if again else say.text(
            "published_to", sent=sent[-1], folder=folder)
    return say.text("republished", folder=folder, time=again) if again else say.text("published", folder=folder)
