"""The extension's log file: what each item asked forsxl and how long it took, and every error with its traceback,
in LibreOffice's user profile (`forsxl/calc.log`), kept under a megabyte (the last megabyte before it in
`calc.log.1`). A message about an error names the file."""

from __future__ import annotations

import datetime
import os
import threading
import traceback
from typing import Any

from forsxl_calc.actions import native, path_of

LIMIT = 1 << 20
_lock = threading.Lock()
_where = ""


def log_path(ctx: Any) -> str:
    """The log file in LibreOffice's user profile (found once a session)."""
    global _where
    if not _where:
        try:
            substitution = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.PathSubstitution", ctx)
            folder = path_of(substitution.substituteVariables("$(user)", True))
        except Exception:  # no profile to be found: the temporary folder
            import tempfile
            folder = tempfile.gettempdir()
        _where = os.path.join(folder, "forsxl", "calc.log")
    return _where


def note(ctx: Any, text: str) -> None:
    """`text` written to the log with the time; a log that cannot be written is no reason to fail an item."""
    path = log_path(ctx)
    line = "{} {}\n".format(datetime.datetime.now().isoformat(timespec="seconds"), text)
    with _lock:
        try:
            os.makedirs(native(os.path.dirname(path)), exist_ok=True)
            if os.path.exists(native(path)) and os.path.getsize(native(path)) > LIMIT:
                os.replace(native(path), native(path + ".1"))
            with open(native(path), "a", encoding="utf-8") as file:
                file.write(line)
        except OSError:
            pass


def failure(ctx: Any, where: str) -> str:
    """The exception being handled written to the log with its traceback; its one-line account."""
    note(ctx, f"{where} failed:\n{traceback.format_exc()}")
    import sys
    error = sys.exc_info()[1]
    said = str(getattr(error, "Message", "") or error).strip().splitlines()
    return "{}{}".format(type(error).__name__, ": " + said[0] if said else "")
