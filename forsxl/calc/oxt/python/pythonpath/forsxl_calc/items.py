"""A menu item on the workbook open in Calc, made in place (issue 38); `actions.py` says what each item asks forsxl,
`inplace.py` makes forsxl's edits in the document.

An item never closes the workbook: a cell still being typed in is entered first, the document as it is on screen is
stored to a temporary .xlsx (`storeToURL`: its location, modified flag and lock stay), the warm forsxl answers on
that copy, and for an item that writes, forsxl's edits are made in the document inside one undo action named after
the item, so that Edit › Undo takes the whole item back and Edit › Redo brings it again. The referee is then taken to
what the item made, the workbook is saved (a setting: the default), and what forsxl said is said (status.py).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Mapping

from forsxl_calc import inplace
from forsxl_calc.actions import (
    ACTIONS,
    Action,
    Needs,
    cell_name,
    cell_position,
    path_of,
    request,
    url_of,
)
from forsxl_calc.documents import PUBLISHING, open_document, open_regulation, save, site_status
from forsxl_calc.log import failure, log_path, note
from forsxl_calc.office import (
    Answer,
    Copy,
    Place,
    Stopwatch,
    ask,
    desktop,
    dispatch,
    forsxl_commands,
    go_to,
    is_spreadsheet,
    later,
    prop,
    setting,
    texts_for,
)
from forsxl_calc.picks import new_tournament, pick
from forsxl_calc.status import show
from forsxl_calc.texts import Texts

EDIT_FLAVORS = ("text/plain", "text/rtf", "text/richtext", "application/vnd.oasis.opendocument.text-flat-xml")
"""What the view hands over while a cell is being typed in: the cell editor's text, not Calc's cells."""


def perform(ctx: Any, frame: Any, name: str, interactive: bool, picked: Any = None) -> Answer:
    """Run the item `name` on the workbook in `frame` and return what it came to; say it (when `interactive`): a
    problem in a message box, an answer to read in a window beside the workbook, anything else in the status bar.
    `picked` stands for what a dialog would ask (a test, a macro). No exception leaves: one inside the extension is
    logged and said."""
    model = frame.getController().getModel() if frame.getController() else None
    say, clock = Texts({}), Stopwatch()
    afterwards: list[Callable[[], None]] = []
    try:
        say = texts_for(ctx, model)
        answer = _perform(ctx, frame, model, ACTIONS[name], say, picked, clock, afterwards)
    except Exception:
        why = failure(ctx, "org.forsxl.calc:" + name)
        answer = Answer([say.text("failed", item=say.label(name), why=why, log=log_path(ctx))], False)
    try:
        show(ctx, frame, name, answer, say, interactive)
    except Exception:
        failure(ctx, f"showing what org.forsxl.calc:{name} said")
    clock.step("shown")
    for work in afterwards:  # posted only now: the status bar's update lets LibreOffice's main loop run them
        later(ctx, work)
    answer = answer._replace(seconds=clock.seconds())
    note(ctx, "{}: ok={} {} {}".format(name, answer.ok, dict(answer.seconds), " | ".join(answer.lines)[:500]))
    return answer


def _perform(ctx: Any, frame: Any, model: Any, action: Action, say: Texts, picked: Any, clock: Stopwatch,
             afterwards: list[Callable[[], None]]) -> Answer:
    if action.needs is Needs.TOURNAMENT:
        return new_tournament(ctx, frame, say, picked)
    if not is_spreadsheet(model):
        return Answer([say.text("not_spreadsheet")], False)
    if not model.hasLocation():
        return Answer([say.text("unsaved")], False)
    path = path_of(model.getURL())
    if not path.lower().endswith(".xlsx"):
        return Answer([say.text("not_xlsx", name=os.path.basename(path))], False)
    if action.writes and model.isReadonly():
        return Answer([say.text("read_only")], False)
    controller = model.getCurrentController()
    typing = finish_typing(ctx, frame, controller)
    if typing:
        return Answer([say.text("editing", cell=typing)], False)
    place = Place.of(controller)
    commands = forsxl_commands(ctx)
    if not commands:
        return Answer([say.text("not_found")], False)
    clock.step("ready")
    with Copy(model) as copy:
        clock.step("copy")
        if copy.failed:
            return Answer([say.text("copy_failed", why=copy.failed)], False)
        if picked is None:
            picked = pick(ctx, frame, model, action, place, say, copy, path, commands)
            if picked is None:
                return Answer([], True)  # a dialog cancelled
            if isinstance(picked, Answer):
                return picked
        asked = request(action, copy.path, path, picked, **_outputs(action, path, copy, say))
        answer, said = ask(ctx, commands, asked, say)
        clock.step("forsxl")
        if said is not None and answer.ok:
            answer = _done(ctx, frame, model, action, say, said, answer, place, clock, afterwards)
        elif action.name == "publish" and said is not None and said.get("files"):  # written here, not sent
            answer = _published(ctx, frame, model, say, said, answer)
        elif action.needs is Needs.COPY and said is not None and said.get("files"):  # the conflicts to settle
            conflicts = str(said["files"][0])
            open_document(ctx, conflicts, printing=False)
            answer = answer._replace(lines=[*answer.lines, say.text("merge_conflicts", path=conflicts,
                                                                     item=say.label(action.name))])
    return answer


def _outputs(action: Action, path: str, copy: Copy, say: Texts) -> dict[str, Any]:
    """Where an item's files go: the slips and the regulation in the temporary folder (a document to print, not to
    keep), the conflicts of a merge beside the workbook."""
    stem = os.path.splitext(os.path.basename(path))[0]
    if action.name == "print":
        return {"output": os.path.join(copy.folder, say.text("slips_name", book=stem))}
    if action.name == "regulation":
        return {"output": os.path.join(copy.folder, say.text("regulation_name", book=stem))}
    if action.name == "merge":
        return {"resolve": conflicts_path(path)}
    return {}


def conflicts_path(book: str) -> str:
    """Where a merge that stops writes its conflicts for the referee to settle, beside the workbook."""
    return os.path.splitext(book)[0] + "-conflicts.xlsx"


def _done(ctx: Any, frame: Any, model: Any, action: Action, say: Texts, said: Mapping[str, Any], answer: Answer,
          place: Place, clock: Stopwatch, afterwards: list[Callable[[], None]]) -> Answer:
    """What follows forsxl's answer: its edits made, what it made shown, and the workbook's save (or the site's
    publishing) left for `afterwards`, once the referee sees the item done."""
    edits = said.get("edits")
    if action.writes and edits:
        try:
            make(ctx, model, edits, _undo_name(action, edits, say))
        except inplace.Unknown as error:
            return Answer([say.text("edits_version", version=str(error))], False)
        except Exception:
            place.restore(model)  # what was made is taken back: the referee where they were, not where undo went
            raise
        clock.step("edits")
        focus = edits.get("focus") or {}
        if focus.get("sheet"):  # what it made: a new round or sheet, a board, the players imported
            where = cell_position(focus.get("cell") or "A2") or (0, 1)
            go_to(model, focus["sheet"], (where[0], where[1], where[0], where[1]))
        else:  # the selection, the scroll and the zoom as they were (issue 38)
            place.restore(model)
        clock.step("view")
        if setting(ctx, "SaveAfter"):
            afterwards.append(lambda: save(ctx, frame, model, say))
        elif PUBLISHING.folder(model):
            afterwards.append(lambda: PUBLISHING.publish(ctx, frame, model, say))
    files = [str(f) for f in said.get("files") or ()]
    if action.name in ("print", "regulation") and files:  # a document in the temporary folder: opened, not named
        named = files[0] + ": "
        status = answer.status[len(named):] if answer.status.startswith(named) else answer.status
        if action.name == "print":
            open_document(ctx, files[0], printing=True)
        answer = answer._replace(status=status if action.name == "print" else
                                 open_regulation(ctx, files[0], say) or status)
    elif action.name == "publish":
        answer = _published(ctx, frame, model, say, said, answer)
    elif action.command == "ratings":  # a line each, the terminal's next step said as the menu's (issue 43)
        lines = [part for line in answer.lines for part in line.split("\n")]
        tick = say.text("ratings_tick", item=say.label("accept_ratings"))
        answer = answer._replace(status=answer.status.split("\n")[0],
                                 lines=[tick if line.endswith(" --apply") else line for line in lines])
    return answer


def _published(ctx: Any, frame: Any, model: Any, say: Texts, said: Mapping[str, Any], answer: Answer) -> Answer:
    """The site kept published while the workbook is open, and where it went: its folder, or the club's host that
    Config names (issue 46), whose failure is said with the site written here all the same and sent again at the
    next save."""
    folder = str(said["files"][0])
    PUBLISHING.keep(ctx, frame, model, folder, say)
    status = site_status(say, folder, answer, said)
    if not answer.ok:
        return answer._replace(lines=[status], status=status)
    return answer._replace(lines=answer.lines[1:] or [status], status=status)  # not the folder «written» again


def _undo_name(action: Action, edits: Mapping[str, Any], say: Texts) -> str:
    """The undo action's name, as Edit › Undo shows it: «forsxl: Жеребьёвка тура 3»."""
    if action.name == "pair" and edits.get("round"):
        return say.text("undo_round", round=edits["round"])
    return "forsxl: " + say.label(action.name)


def make(ctx: Any, model: Any, edits: Mapping[str, Any], title: str) -> None:
    """`edits` made in `model` as one undo action called `title`, the view held still meanwhile; when they fail
    half way, what was made is taken back and the error raised."""
    undo = model.getUndoManager()
    before = undo.getAllUndoActionTitles()
    model.lockControllers()
    undo.enterUndoContext(title)
    try:
        frozen = inplace.apply(model, edits, lambda path: desktop(ctx).loadComponentFromURL(
            url_of(path), "_blank", 0, (prop("Hidden", True),)))
    except BaseException:
        undo.leaveUndoContext()
        after = undo.getAllUndoActionTitles()
        if after and after[0] == title and after != before:  # something was made: taken back
            model.getCurrentController().getFrame().activate()  # Calc undoes a sheet in the active window's
            undo.undo()
            undo.clearRedo()
        raise
    else:
        undo.leaveUndoContext()
    finally:
        model.unlockControllers()
    inplace.freeze_panes(model.getCurrentController(), model.getSheets(), frozen)


def finish_typing(ctx: Any, frame: Any, controller: Any) -> str | None:
    """A cell still being typed in entered as Enter would (the text in its cell, checked by forsxl like any other);
    the cell, as forsxl names it, when its text is a formula, which is left for the referee to finish. The view
    hands over the cell editor's text, not cells, while a cell is being typed in: that is how it is told."""
    try:
        flavors = [f.MimeType for f in controller.getTransferable().getTransferDataFlavors()]
    except Exception:  # nothing selected that can be handed over: no typing either
        return None
    if not flavors or not all(f.startswith(EDIT_FLAVORS) for f in flavors):
        return None
    try:  # the cell being typed in, or the range it is in
        address = controller.getSelection().getRangeAddress()
    except AttributeError:  # the text of a drawing or a comment: ended as LibreOffice ends it
        return None
    sheet = controller.getActiveSheet().getName()
    dispatch(ctx, frame, ".uno:SelectAll")  # the whole text in the cell editor, an autocompleted end included
    transferable = controller.getTransferable()
    plain = next(f for f in transferable.getTransferDataFlavors() if f.MimeType.startswith("text/plain"))
    typed = str(transferable.getTransferData(plain))
    if typed.startswith(("=", "+", "-", "@")):  # Enter on a broken formula asks its own question: not here
        return cell_name(sheet, address.StartColumn, address.StartRow)
    dispatch(ctx, frame, ".uno:EnterString", StringName=typed)
    dispatch(ctx, frame, ".uno:Cancel")  # the cell editor closed on the text now in the cell
    return None
