"""`forsxl history` and `forsxl undo`: the versions every save keeps of a workbook, and putting one back (issues 31,
39)."""

from __future__ import annotations

from pathlib import Path

from forsxl.book.edits import Edits
from forsxl.book.kept import kept_versions, read_version
from forsxl.book.read import peek_lang
from forsxl.book.versions import History, Version, history, undo
from forsxl.book.write import command_word
from forsxl.engine.values import Lang
from forsxl.i18n import ntr, system_lang, tr
from forsxl.messages import message


def versions_lang(path: Path) -> Lang:
    """The language to speak of a workbook's versions in: the workbook's, else (a workbook deleted or broken, which
    is why one undoes) the newest version's that tells, else the system's."""
    found = peek_lang(path) if path.is_file() else None
    try:
        kept = kept_versions(path.resolve())
    except OSError:
        kept = []
    for version in kept:
        if found is not None:
            break
        try:
            found = peek_lang(version, read_version(version))
        except (OSError, ValueError):  # no file: nothing to tell by
            continue
    return found or system_lang()


def _what(version: Version, lang: Lang) -> str:
    """What made a version: the last command its Log records and what that changed, or that it was changed after;
    that it is damaged; how undo left it."""
    if version.damage is not None:
        return tr(lang, "damaged: {why}", why=message(version.damage, lang))
    logged = version.logged
    if logged is None:
        what = tr(lang, "no forsxl command in its Log")
    elif version.edited and logged.when is not None:
        same_day = logged.when.date() == version.saved.date()
        changes = f" ({logged.changes})" if logged.changes else ""
        what = tr(lang, "changed after {command} of {time}{changes}", command=command_word(logged.command, lang),
                  changes=changes, time=logged.when.strftime("%H:%M" if same_day else "%Y-%m-%d %H:%M"))
    else:
        what = command_word(logged.command, lang) + (f" ({logged.changes})" if logged.changes else "")
    if version.typed_on is not None:
        what += tr(lang, "; typed on version {number}, which an undo had put back", number=version.typed_on)
    if version.undone:
        what += tr(lang, "; taken back by an undo")
    return what


def _line(label: str, version: Version, lang: Lang, aside: bool = False) -> str:
    mark = "~" if aside else " "
    return f"{label:>6}{mark} {version.saved:%Y-%m-%d %H:%M}  {_what(version, lang)}"


def history_lines(path: Path, lang: Lang, copy: Path | None = None) -> tuple[list[str], list[dict[str, object]]]:
    """What `forsxl history` prints: how many versions are kept, then the workbook as it is (`copy`, a copy of it,
    when given) and each version, newest first, with the time it was saved and what made it (the same as a version,
    when it is one put back); a version off the line undo goes back along is marked `~` (a branch an undo left), a
    damaged one says so. And the versions as data, for a menu to list (forsxl.api)."""
    found = history(path, copy)
    now, kept = found.now, found.kept
    versions: list[dict[str, object]] = [
        {"number": v.number, "saved": v.saved.isoformat(timespec="seconds"), "what": _what(v, lang),
         "command": v.logged.command if v.logged else None, "changes": v.logged.changes if v.logged else None,
         "edited": v.edited, "damaged": v.damage is not None,
         "now": now is not None and v.digest == now.digest} for v in kept]
    return _history_lines(path, lang, found), versions


def _history_lines(path: Path, lang: Lang, found: History) -> list[str]:
    now, kept = found.now, found.kept
    lines = []
    if not kept:
        lines.append(tr(lang, "{path}: no earlier version kept yet (forsxl keeps one each time it saves the workbook)",
                        path=path))
    else:
        lines.append(ntr(lang, "{path}: {count} earlier version kept, newest first; forsxl undo {path} --to N puts it "
                               "back",
                         "{path}: {count} earlier versions kept, newest first; forsxl undo {path} --to N puts one "
                         "back", len(kept), path=path))
    if found.others:
        lines.append(ntr(lang, "(and {count} version of another workbook once saved under this name, which undo "
                               "never puts back)",
                         "(and {count} versions of another workbook once saved under this name, which undo never "
                         "puts back)", found.others))
    if not kept:
        return lines
    line = {v.number for v in found.line()}
    same = [v.number for v in kept if now is not None and v.digest == now.digest]
    if now is not None:
        said = _line(tr(lang, "now"), now, lang)
        lines.append(said + (tr(lang, "; the same as version {number}", number=same[-1]) if same else ""))
    aside = [v for v in kept if v.number not in line and v.number not in same]
    lines += [_line(str(v.number), v, lang, v in aside) for v in kept]
    if aside:
        lines.append(tr(lang, "~ off the line undo goes back along: an undo left it aside; --to N puts it back"))
    return lines


def undo_lines(path: Path, to: int | None, lang: Lang, describing: bool = False,
               copy: Path | None = None) -> tuple[list[str], Edits | None]:
    """Put an earlier version back (`book.versions.undo`); what `forsxl undo` prints: each damaged version skipped,
    then the one put back. `describing`: the version is only chosen, from `copy` standing for the workbook as it is,
    and the edits that put it back (the version's file, whole) are given instead."""
    chosen, skipped = undo(path, to, describing, copy)
    lines = [tr(lang, "{path}: version {number} (saved {time}) is damaged and is skipped: {why}", path=path,
                number=v.number, time=v.saved.strftime("%Y-%m-%d %H:%M"),
                why=message(v.damage, lang) if v.damage else "") for v in skipped]
    saved = chosen.saved.strftime("%Y-%m-%d %H:%M")
    lines.append(tr(lang, "{path}: version {number} (saved {time}: {what}) is put back; the workbook it replaced is "
                          "the newest version now (forsxl history {path})", path=path, number=chosen.number,
                    time=saved, what=_what(chosen, lang)))
    return lines, Edits("file", "undo", file=str(chosen.path.resolve())) if describing else None

