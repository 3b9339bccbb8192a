"""The extension's windows: a message box for a problem, a window of text beside the workbook for an answer to read
(an explanation, the Config), the file and folder dialogs, and small forms (a new tournament, an export, the versions
to put back), all built from UNO's own controls."""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

import unohelper
from com.sun.star.awt import XActionListener, XTopWindowListener
from com.sun.star.awt.MessageBoxType import ERRORBOX, INFOBOX

from forsxl_calc.actions import path_of, url_of

OK, CANCEL = 1, 2
"""PushButtonType: a button that ends a modal dialog with that result."""
MONOSPACE = "Liberation Mono;DejaVu Sans Mono;Consolas;Menlo;Courier New"
LINE = 60
"""Characters a form's line of text holds, at the least (a form is 300 dialog units wide)."""
_open: list[Any] = []
"""The windows of text now shown: a window without a reference would be collected while on screen."""


def _create(ctx: Any, name: str) -> Any:
    return ctx.ServiceManager.createInstanceWithContext(name, ctx)


def message(ctx: Any, frame: Any, title: str, text: str, problem: bool) -> None:
    """A modal message box over the workbook's window: for a problem, which the referee must read before going on."""
    toolkit = _create(ctx, "com.sun.star.awt.Toolkit")
    box = toolkit.createMessageBox(frame.getContainerWindow(), ERRORBOX if problem else INFOBOX, 1, title, text)
    box.execute()
    box.dispose()


class _Closer(unohelper.Base, XActionListener, XTopWindowListener):
    """Closes a window of text: its Close button, or the window's own close box."""

    def __init__(self, dialog: Any) -> None:
        self.dialog = dialog

    def actionPerformed(self, event: Any) -> None:
        self._close()

    def windowClosing(self, event: Any) -> None:
        self._close()

    def _close(self) -> None:
        if self.dialog in _open:
            _open.remove(self.dialog)
            self.dialog.setVisible(False)
            self.dialog.dispose()

    def windowOpened(self, event: Any) -> None: pass
    def windowClosed(self, event: Any) -> None: pass
    def windowMinimized(self, event: Any) -> None: pass
    def windowNormalized(self, event: Any) -> None: pass
    def windowActivated(self, event: Any) -> None: pass
    def windowDeactivated(self, event: Any) -> None: pass
    def disposing(self, event: Any) -> None: pass


def text_window(ctx: Any, frame: Any, title: str, text: str, close: str) -> Any:
    """A window with `text` in a read-only, scrolling, monospaced field and a Close button, beside the workbook:
    not modal, so the referee reads it and works on. The dialog, for a test to read back."""
    model = _create(ctx, "com.sun.star.awt.UnoControlDialogModel")
    model.Title, model.Width, model.Height = title, 560, 300
    field = model.createInstance("com.sun.star.awt.UnoControlEditModel")
    field.PositionX, field.PositionY, field.Width, field.Height = 6, 6, 548, 268
    field.MultiLine, field.ReadOnly, field.VScroll, field.HScroll, field.Text = True, True, True, True, text
    font = field.FontDescriptor
    font.Name = MONOSPACE
    field.FontDescriptor = font
    model.insertByName("text", field)
    button = model.createInstance("com.sun.star.awt.UnoControlButtonModel")
    button.PositionX, button.PositionY, button.Width, button.Height = 494, 280, 60, 14
    button.Label, button.DefaultButton = close, True
    model.insertByName("close", button)
    dialog = _create(ctx, "com.sun.star.awt.UnoControlDialog")
    dialog.setModel(model)
    dialog.createPeer(_create(ctx, "com.sun.star.awt.Toolkit"), frame.getContainerWindow())
    closer = _Closer(dialog)
    dialog.getControl("close").addActionListener(closer)
    dialog.addTopWindowListener(closer)
    _open.append(dialog)
    dialog.setVisible(True)
    return dialog


class Field(NamedTuple):
    """A line of a form: a text to type (`choices` empty) or one of `choices` (value, shown) to pick."""

    key: str
    label: str
    value: str = ""
    choices: Sequence[tuple[str, str]] = ()
    rows: int = 1
    """More than 1: a list that many lines high, not a drop-down."""


def form(ctx: Any, frame: Any, title: str, fields: Sequence[Field], ok: str, cancel: str) -> dict[str, str] | None:
    """A modal form of `fields`: the values chosen by key, or None when cancelled."""
    model = _create(ctx, "com.sun.star.awt.UnoControlDialogModel")
    width, top = 300, 6
    model.Title, model.Width = title, width
    for field in fields:
        label = model.createInstance("com.sun.star.awt.UnoControlFixedTextModel")
        lines = -(-len(field.label) // LINE)  # a long explanation wraps, whole, above its field
        label.PositionX, label.PositionY, label.Width, label.Height = 6, top, width - 12, 10 * lines
        label.Label, label.MultiLine = field.label, lines > 1
        model.insertByName(field.key + "_label", label)
        top += 10 * lines + 1
        height = 14 if field.rows == 1 else 11 * field.rows
        kind = "Edit" if not field.choices else "ListBox"
        control = model.createInstance(f"com.sun.star.awt.UnoControl{kind}Model")
        control.PositionX, control.PositionY, control.Width, control.Height = 6, top, width - 12, height
        if field.choices:
            control.StringItemList = tuple(shown for _, shown in field.choices)
            control.Dropdown = field.rows == 1
            values = [value for value, _ in field.choices]
            control.SelectedItems = (values.index(field.value) if field.value in values else 0,)
        else:
            control.Text = field.value
        model.insertByName(field.key, control)
        top += height + 6
    for name, label, ends, left in (("ok", ok, OK, width - 132), ("cancel", cancel, CANCEL, width - 66)):
        button = model.createInstance("com.sun.star.awt.UnoControlButtonModel")
        button.PositionX, button.PositionY, button.Width, button.Height = left, top + 2, 60, 14
        button.Label, button.PushButtonType, button.DefaultButton = label, ends, ends == OK
        model.insertByName(name, button)
    model.Height = top + 22
    dialog = _create(ctx, "com.sun.star.awt.UnoControlDialog")
    dialog.setModel(model)
    dialog.createPeer(_create(ctx, "com.sun.star.awt.Toolkit"), frame.getContainerWindow())
    try:
        if dialog.execute() != OK:
            return None
        chosen = {}
        for field in fields:
            control = model.getByName(field.key)
            if field.choices:
                picked = control.SelectedItems
                chosen[field.key] = field.choices[picked[0]][0] if picked else ""
            else:
                chosen[field.key] = control.Text.strip()
        return chosen
    finally:
        dialog.dispose()


def pick_file(ctx: Any, title: str, filters: Sequence[tuple[str, str]], start: str = "", save: bool = False,
              name: str = "") -> str | None:
    """A file from LibreOffice's file dialog (to open, or to `save` as `name`) starting in the folder `start`; None
    when cancelled."""
    picker = _create(ctx, "com.sun.star.ui.dialogs.FilePicker")
    picker.initialize((10 if save else 0,))  # FILESAVE_AUTOEXTENSION, FILEOPEN_SIMPLE
    picker.setTitle(title)
    for shown, pattern in filters:
        picker.appendFilter(shown, pattern)
    if start:
        picker.setDisplayDirectory(url_of(start))
    if name:
        picker.setDefaultName(name)
    if picker.execute() != 1:  # ExecutableDialogResults.OK
        return None
    return path_of(picker.getSelectedFiles()[0])


def pick_folder(ctx: Any, title: str, start: str = "") -> str | None:
    """A folder from LibreOffice's folder dialog; None when cancelled."""
    picker = _create(ctx, "com.sun.star.ui.dialogs.FolderPicker")
    picker.setTitle(title)
    if start:
        picker.setDisplayDirectory(url_of(start))
    if picker.execute() != 1:
        return None
    return path_of(picker.getDirectory())
