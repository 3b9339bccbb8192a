"""Drives a running LibreOffice over UNO for tests/test_calc.py (issue 28): one JSON request a line on stdin, one
JSON answer a line on stdout.

It runs in the Python that has LibreOffice's `uno` module (the system's on Debian), not in forsxl's environment:
pyuno is built against that Python. The requests are what a referee does: open a workbook, type into a cell,
select a cell, choose a menu item (the extension's dispatch URL), and what a test reads back: cells, sheets, the
active sheet and selection, the menu bar, the windows on screen.
"""

import contextlib
import json
import sys
import time
import traceback
from urllib.parse import quote

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


class Driver:
    def __init__(self):
        self.ctx = self.desktop = self.frame = None

    def connect(self, port, timeout=60):
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.ctx = resolver.resolve(
                    f"uno:socket,host=127.0.0.1,port={port};urp;StarOffice.ComponentContext")
                break
            except Exception as error:  # pyuno's NoConnectException, not always the class imported here
                if "NoConnectException" not in type(error).__name__ or time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        self.desktop = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", self.ctx)
        return True

    @property
    def model(self):
        return self.frame.getController().getModel()

    def open(self, path, encoding="utf-8"):
        """The workbook at `path` opened, by the URL LibreOffice makes of its name in its locale's `encoding`
        (under LANG=C each byte of a Cyrillic name is an ISO-8859-1 character to LibreOffice)."""
        shown = path.encode("utf-8").decode(encoding)
        model = self.desktop.loadComponentFromURL("file://" + quote(shown), "_blank", 0, ())
        if model is None:
            raise RuntimeError("not opened: " + path)
        self.frame = model.getCurrentController().getFrame()
        return True

    def new(self):
        model = self.desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, ())
        self.frame = model.getCurrentController().getFrame()
        return True

    def cell(self, sheet, cell):
        return self.model.getSheets().getByName(sheet).getCellRangeByName(cell)

    def type(self, sheet, cell, value):
        """What typing into the cell does: a number is a number, text is text (no formula)."""
        target = self.cell(sheet, cell)
        if isinstance(value, (int, float)):
            target.setValue(value)
        else:
            target.setString(value)
        return True

    def read(self, sheet, cell):
        target = self.cell(sheet, cell)
        return {"string": target.getString(), "value": target.getValue()}

    def column(self, sheet, column, rows):
        data = self.model.getSheets().getByName(sheet).getCellRangeByName(
            f"{column}1:{column}{rows}").getDataArray()
        return [row[0] for row in data]

    def sheets(self):
        return list(self.model.getSheets().getElementNames())

    def where(self):
        controller = self.model.getCurrentController()
        address = controller.getSelection().getRangeAddress()
        return {"sheet": controller.getActiveSheet().getName(),
                "range": [address.StartColumn, address.StartRow, address.EndColumn, address.EndRow]}

    def view(self, zoom=None, first_row=None):
        """The zoom and the first row and column in view, set first where given."""
        controller = self.model.getCurrentController()
        if zoom is not None:
            controller.ZoomValue = zoom
        if first_row is not None:
            controller.setFirstVisibleRow(first_row)
        return {"zoom": controller.ZoomValue, "row": controller.getFirstVisibleRow(),
                "column": controller.getFirstVisibleColumn()}

    def select(self, sheet, cell):
        target = self.model.getSheets().getByName(sheet)
        controller = self.model.getCurrentController()
        controller.setActiveSheet(target)
        controller.select(target.getCellRangeByName(cell))
        return True

    def snapshot(self):
        """Every sheet, in order, with every cell of its used area: its text and its value, compared cell by cell;
        how its cells look, range by range of cells alike (font, weight, size, wrap, fill, number format,
        validation); its merged cells; the widths of its columns and the heights of its rows: what an undo must
        bring back."""
        out = []
        formats = self.model.getNumberFormats()
        for name in self.model.getSheets().getElementNames():
            sheet = self.model.getSheets().getByName(name)
            cursor = sheet.createCursor()
            cursor.gotoEndOfUsedArea(False)
            address = cursor.getRangeAddress()
            block = sheet.getCellRangeByPosition(0, 0, address.EndColumn, address.EndRow)
            looks, merged = [], []
            ranges = block.getCellFormatRanges()
            for index in range(ranges.getCount()):
                part = ranges.getByIndex(index)
                where = part.getRangeAddress()
                corners = [where.StartColumn, where.StartRow, where.EndColumn, where.EndRow]
                looks.append([corners, part.CharFontName, part.CharWeight, part.CharHeight, part.IsTextWrapped,
                              part.CellBackColor, formats.getByKey(part.NumberFormat).FormatString,
                              part.Validation.Type.value])
                if part.getIsMerged():
                    merged.append(corners)
            columns, lines = sheet.getColumns(), sheet.getRows()
            widths = [columns.getByIndex(c).Width for c in range(address.EndColumn + 1)]
            heights = [lines.getByIndex(r).Height for r in range(address.EndRow + 1)]
            out.append([name, [list(row) for row in block.getDataArray()],
                        [list(row) for row in block.getFormulaArray()], looks, merged, widths, heights])
        return out

    def has_writer(self):
        """Whether LibreOffice Writer is installed (its HTML filter is there)."""
        filters = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.document.FilterFactory", self.ctx)
        return filters.hasByName("HTML (StarWriter)")

    def uid(self):
        """The document's RuntimeUID: a new one only when it is loaded anew."""
        return self.model.getPropertyValue("RuntimeUID")

    def undo_titles(self):
        return list(self.model.getUndoManager().getAllUndoActionTitles())

    def undo(self):
        """Edit › Undo in the workbook's window (Calc takes a sheet back in the active window's document)."""
        self.frame.activate()
        self.model.getUndoManager().undo()
        return True

    def redo(self):
        self.frame.activate()
        self.model.getUndoManager().redo()
        return True

    def format_of(self, sheet, cell):
        """What a cell looks like: bold, wrapped, its number format's code, its column's width."""
        target = self.cell(sheet, cell)
        code = self.model.getNumberFormats().getByKey(target.NumberFormat).FormatString
        column = self.model.getSheets().getByName(sheet).getColumns().getByIndex(target.getCellAddress().Column)
        return {"bold": target.CharWeight > 100, "wrap": target.IsTextWrapped, "format": code,
                "width": column.Width, "validation": target.Validation.Type.value}

    def frozen(self):
        """Whether the active sheet's view has frozen panes."""
        return self.model.getCurrentController().hasFrozenPanes()

    def wait_saved(self, timeout=30):
        """Until the document is saved (the extension saves it once the item has returned)."""
        deadline = time.monotonic() + timeout
        while self.model.isModified() and time.monotonic() < deadline:
            time.sleep(0.05)
        return not self.model.isModified()

    def components(self):
        """The titles of the documents open, by kind: what an item opened (slips, the regulation, a new workbook)."""
        out = []
        enumeration = self.desktop.getComponents().createEnumeration()
        while enumeration.hasMoreElements():
            component = enumeration.nextElement()
            out.append(component.getURL())
        return sorted(out)

    def close_others(self):
        """Every document but the workbook closed, unsaved."""
        enumeration = self.desktop.getComponents().createEnumeration()
        while enumeration.hasMoreElements():
            component = enumeration.nextElement()
            if component != self.model:
                component.setModified(False)
                component.close(True)
        return True

    def save(self):
        """The workbook saved where it is, as File › Save does (a site kept published follows the save)."""
        self.model.store()
        return True

    def modified(self):
        return self.model.isModified()

    def url(self):
        return self.model.getURL()

    def dispatch(self, action, args=None):
        helper = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", self.ctx)
        props = tuple(prop(k, json.dumps(v) if k == "Picked" else v) for k, v in (args or {}).items())
        event = helper.executeDispatch(self.frame, "org.forsxl.calc:" + action, "", 0, props)
        return json.loads(event.Result)

    def setting(self, name, value, node="/org.forsxl.calc.Settings/Forsxl"):
        provider = self.ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.configuration.ConfigurationProvider", self.ctx)
        access = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess",
                                                      (prop("nodepath", node),))
        access.setPropertyValue(name, value)
        access.commitChanges()
        return True

    def store_copy(self, path):
        """The document as it is stored to `path` as .xlsx, the document itself unchanged."""
        self.model.storeToURL(uno.systemPathToFileUrl(path), (prop("FilterName", "Calc MS Excel 2007 XML"),))
        return True

    def save_as(self, path, filter):
        self.model.storeAsURL(uno.systemPathToFileUrl(path), (prop("FilterName", filter),))
        return True

    def options(self, program=None):
        """The page Tools › Options › LibreOffice Calc › forsxl as LibreOffice builds it (its dialog with the
        extension's handler), initialized; with `program`, that typed in and OK pressed. Its texts."""
        smgr = self.ctx.ServiceManager
        provider = smgr.createInstanceWithArgumentsAndContext("com.sun.star.awt.DialogProvider2", (self.model,),
                                                              self.ctx)
        handler = smgr.createInstanceWithContext("org.forsxl.calc.Options", self.ctx)
        dialog = provider.createDialogWithHandler("vnd.sun.star.extension://org.forsxl.calc/dialogs/Options.xdl",
                                                  handler)
        handler.callHandlerMethod(dialog, "initialize", "external_event")
        if program is not None:
            dialog.getControl("Program").setText(program)
            handler.callHandlerMethod(dialog, "ok", "external_event")
            handler.callHandlerMethod(dialog, "initialize", "external_event")
        texts = {name: dialog.getControl(name).getText() for name in ("ProgramLabel", "Program", "Hint", "Found")}
        texts["SaveAfter"] = dialog.getControl("SaveAfter").getModel().Label
        dialog.dispose()
        return texts

    def menu(self, open=False):
        """The menu bar's titles, and the items of the forsxl menu, as the window shows them (its accessibility
        tree: the texts on screen, a status's text included); with `open`, the forsxl menu opened first (its items
        take their texts from the extension when they are shown), else closed."""
        bar = self._accessible(self.frame.getContainerWindow().getAccessibleContext(),
                                uno.getConstantByName("com.sun.star.accessibility.AccessibleRole.MENU_BAR"))
        titles, items = [], []
        for index in range(bar.getAccessibleChildCount() if bar else 0):
            menu = bar.getAccessibleChild(index).getAccessibleContext()
            titles.append(menu.getAccessibleName())
            if menu.getAccessibleName() == "forsxl":
                if open != menu.getAccessibleStateSet().contains(
                        uno.getConstantByName("com.sun.star.accessibility.AccessibleStateType.SELECTED")):
                    menu.doAccessibleAction(0)
                    time.sleep(1)
                items = [menu.getAccessibleChild(i).getAccessibleContext().getAccessibleName()
                         for i in range(menu.getAccessibleChildCount())]
        return {"titles": titles, "forsxl": items}

    def status_field(self):
        """The forsxl field of the status bar as the window shows it: its text and its width on screen."""
        bar = self._accessible(self.frame.getContainerWindow().getAccessibleContext(),
                                uno.getConstantByName("com.sun.star.accessibility.AccessibleRole.STATUS_BAR"))
        for index in range(bar.getAccessibleChildCount()):
            item = bar.getAccessibleChild(index).getAccessibleContext()
            if item.getAccessibleName() == "forsxl":
                return {"text": item.getText(), "width": item.getBounds().Width}
        return None

    def choose_from_menu(self, item):
        """The forsxl menu opened and `item` clicked, as a referee does (the menu runs it once this returns)."""
        bar = self._accessible(self.frame.getContainerWindow().getAccessibleContext(),
                                uno.getConstantByName("com.sun.star.accessibility.AccessibleRole.MENU_BAR"))
        for index in range(bar.getAccessibleChildCount()):
            menu = bar.getAccessibleChild(index).getAccessibleContext()
            if menu.getAccessibleName() == "forsxl":
                menu.doAccessibleAction(0)
                time.sleep(1)
                for entry in range(menu.getAccessibleChildCount()):
                    context = menu.getAccessibleChild(entry).getAccessibleContext()
                    if context.getAccessibleName() == item:
                        context.doAccessibleAction(0)
                        return True
        raise RuntimeError("no menu item " + item)

    def _accessible(self, context, role, depth=0):
        if context.getAccessibleRole() == role:
            return context
        if depth > 4:
            return None
        for index in range(min(context.getAccessibleChildCount(), 50)):
            found = self._accessible(context.getAccessibleChild(index).getAccessibleContext(), role, depth + 1)
            if found is not None:
                return found
        return None

    def toolbar(self):
        names = [e.ResourceURL for e in self.frame.LayoutManager.getElements()]
        return names

    def windows(self):
        toolkit = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", self.ctx)
        return toolkit.getTopWindowCount()

    def close(self):
        """The workbook closed, unsaved; or the window, when it holds none."""
        controller = self.frame.getController()
        if controller is not None:
            controller.getModel().setModified(False)
            controller.getModel().close(True)
        else:
            self.frame.close(True)
        self.frame = None
        return True

    def terminate(self):
        with contextlib.suppress(Exception):  # the office goes away under the call
            self.desktop.terminate()
        return True


def main():
    driver = Driver()
    for line in sys.stdin:
        request = json.loads(line)
        op = request.pop("op")
        try:
            answer = {"ok": getattr(driver, op)(**request)}
        except Exception as error:
            answer = {"error": "{}: {}".format(type(error).__name__, getattr(error, "Message", "") or error),
                      "trace": traceback.format_exc()}
        sys.stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        if op == "terminate":
            return


if __name__ == "__main__":
    main()
