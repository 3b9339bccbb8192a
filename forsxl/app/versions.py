"""`forsxl history` and `forsxl undo`: the versions every save keeps of a workbook, and putting one back (issue 31)."""

from __future__ import annotations

from pathlib import Path

from forsxl.book.edits import Edits
from forsxl.book.read import peek_lang
from forsxl.book.save import kept_versions
from forsxl.book.versions import Version, history, undo
from forsxl.engine.values import Lang
from forsxl.i18n import ntr, system_lang, tr


def versions_lang(path: Path) -> Lang:
    """The language to speak of a workbook's versions in: the workbook's, else (a workbook deleted or broken, which
    is why one undoes) the newest version's, else the system's."""
    return next((lang for lang in map(peek_lang, (path, *kept_versions(path.resolve()))) if lang), None) or (
        system_lang())


def _what(version: Version, lang: Lang) -> str:
    """What made a version: the last command its Log records and what that changed, or that it was changed after."""
    run = version.run
    if run is None:
        return tr(lang, "no forsxl command in its Log")
    changes = f" ({run.changes})" if run.changes else ""
    if version.edited and run.when is not None:
        same_day = run.when.date() == version.saved.date()
        return tr(lang, "changed after {command} of {time}{changes}", command=run.command, changes=changes,
                  time=run.when.strftime("%H:%M" if same_day else "%Y-%m-%d %H:%M"))
    return run.command + changes


def _line(label: str, version: Version, lang: Lang) -> str:
    return f"{label:>6}  {version.saved:%Y-%m-%d %H:%M}  {_what(version, lang)}"


def history_lines(path: Path, lang: Lang, copy: Path | None = None) -> tuple[list[str], list[dict[str, object]]]:
    """What `forsxl history` prints: how many versions are kept, then the workbook as it is (`copy`, a copy of it,
    when given) and each version, newest first, with the time it was saved and what made it (the same as a version,
    when it is one put back); and the versions as data, for a menu to list (forsxl.api)."""
    now, kept = history(path, copy)
    versions: list[dict[str, object]] = [
        {"number": v.number, "saved": v.saved.isoformat(timespec="seconds"), "what": _what(v, lang),
         "command": v.run.command if v.run else None, "changes": v.run.changes if v.run else None,
         "edited": v.edited, "now": now is not None and v.identity.digest == now.identity.digest} for v in kept]
    return _history_lines(path, lang, now, kept), versions


def _history_lines(path: Path, lang: Lang, now: Version | None, kept: list[Version]) -> list[str]:
    if not kept:
        return [tr(lang, "{path}: no earlier version kept yet (forsxl keeps one each time it saves the workbook)",
                   path=path)]
    head = ntr(lang, "{path}: {count} earlier version kept, newest first; forsxl undo {path} --to N puts it back",
               "{path}: {count} earlier versions kept, newest first; forsxl undo {path} --to N puts one back",
               len(kept), path=path)
    lines = [head]
    if now is not None:
        line = _line(tr(lang, "now"), now, lang)
        same = [v.number for v in kept if v.identity.digest == now.identity.digest]
        lines.append(line + (tr(lang, "; the same as version {number}", number=same[-1]) if same else ""))
    return lines + [_line(str(v.number), v, lang) for v in kept]


def undo_lines(path: Path, to: int | None, lang: Lang, describing: bool = False,
               copy: Path | None = None) -> tuple[list[str], Edits | None]:
    """Put an earlier version back (`book.versions.undo`); what `forsxl undo` prints, and the edits that put it back
    when only `describing` them (`copy`: a copy of the workbook as it is)."""
    chosen, edits = undo(path, to, describing, copy)
    saved = chosen.saved.strftime("%Y-%m-%d %H:%M")
    return [tr(lang, "{path}: version {number} (saved {time}: {what}) is put back; the workbook it replaced is the "
                     "newest version now (forsxl history {path})", path=path, number=chosen.number, time=saved,
               what=_what(chosen, lang))], edits if describing else None
