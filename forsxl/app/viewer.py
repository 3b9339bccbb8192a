"""`--open`: a written page or PDF shown in the program the system shows such files with, as a double click would
(issue 28: Calc's forsxl menu opens the slips and the results page this way)."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from forsxl.engine.values import Lang
from forsxl.i18n import tr


def show_file(path: Path, lang: Lang) -> str | None:
    """Open `path` (a site's folder: its index.html) without waiting for the viewer, by `$BROWSER` where it is set,
    as Python's webbrowser reads it, else by the system (`xdg-open`, `open`, Windows' default program); a line
    saying it could not be opened, or None. The viewer gets none of forsxl's output: a program that reads it (the
    Calc menu) is not kept waiting until the viewer closes."""
    target = path.resolve()
    if target.is_dir():
        target = target / "index.html"
    browser = os.environ.get("BROWSER", "").split(os.pathsep)[0].strip()
    try:
        if not browser and sys.platform == "win32":
            os.startfile(target)  # type: ignore[attr-defined]  # Windows only
            return None
        command = shlex.split(browser) if browser else ["open" if sys.platform == "darwin" else "xdg-open"]
        argv = [a.replace("%s", str(target)) for a in command] if "%s" in browser else [*command, str(target)]
        subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except (OSError, ValueError) as error:
        return tr(lang, "{path} could not be opened ({why}); open it from its folder", path=target,
                  why=getattr(error, "strerror", None) or error)
    return None
