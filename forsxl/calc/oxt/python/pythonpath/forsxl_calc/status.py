"""What an item came to, said to the referee: always in the forsxl field of the status bar; a problem also in a
message box (a long list in a window of text), with the cell it names selected; an answer to read (an explanation, the
Config) in a window of text beside the workbook, not modal."""

from __future__ import annotations

from typing import Any

import uno

from forsxl_calc import dialogs
from forsxl_calc.actions import (
    named_cell,
)
from forsxl_calc.office import Answer, go_to, is_spreadsheet
from forsxl_calc.texts import Texts

LONG = 15
"""Lines beyond which a problem is shown in a window of text, not a message box."""


READ_ANSWERS = ("explain", "config")
"""Items whose answer is a text to read, shown in a window beside the workbook."""


class StatusBoard:
    """The forsxl field of each window's status bar: the listeners LibreOffice registered for it, by frame, and
    the last thing said in each frame."""

    def __init__(self) -> None:
        self.listeners: list[list[Any]] = []  # [frame, listener, url]
        self.said: list[list[Any]] = []  # [frame, text]

    def add(self, frame: Any, listener: Any, url: Any) -> None:
        self.listeners.append([frame, listener, url])
        self._tell(listener, url, self.text(frame))

    def remove(self, listener: Any) -> None:
        self.listeners = [e for e in self.listeners if e[1] != listener]

    def text(self, frame: Any) -> str:
        return next((text for said, text in self.said if said == frame), "")

    def say(self, frame: Any, text: str) -> None:
        self.said = [e for e in self.said if e[0] != frame] + [[frame, text]]
        for entry in [e for e in self.listeners if e[0] == frame]:
            if not self._tell(entry[1], entry[2], text):
                self.listeners.remove(entry)

    @staticmethod
    def _tell(listener: Any, url: Any, text: str) -> bool:
        state = uno.createUnoStruct("com.sun.star.frame.FeatureStateEvent")
        state.FeatureURL, state.IsEnabled, state.Requery, state.State = url, True, False, text
        try:
            listener.statusChanged(state)
            return True
        except Exception:  # a status bar gone with its window
            return False


STATUS = StatusBoard()


def show(ctx: Any, frame: Any, name: str, answer: Answer, say: Texts, interactive: bool) -> None:
    """Say what the item came to: the status bar always; a problem in a message box (a long list in a window of
    text), with the cell it names selected; an answer to read in a window of text beside the workbook."""
    status = answer.status or (answer.lines[0] if answer.ok and answer.lines else "")
    STATUS.say(frame, "forsxl: " + status if status else "")
    model = frame.getController().getModel() if frame.getController() else None
    if not answer.ok and answer.problems and model is not None and is_spreadsheet(model):
        named = named_cell(answer.problems, model.getSheets().getElementNames())
        if named is not None:
            sheet, column, row = named
            go_to(model, sheet, (column, row, column, row) if row >= 0 else ())
    if not interactive or not answer.lines:
        return
    title = "forsxl: " + say.label(name)
    if answer.ok and (name in READ_ANSWERS or len(answer.lines) > 1):
        dialogs.text_window(ctx, frame, title, "\n".join(answer.lines), say.text("close"))
    elif not answer.ok:
        if len(answer.lines) > LONG:
            dialogs.text_window(ctx, frame, title, "\n".join(answer.lines), say.text("close"))
        else:
            dialogs.message(ctx, frame, title, "\n".join(answer.lines), problem=True)
