"""`forsxl calc build` and `forsxl calc install`: forsxl.oxt, the LibreOffice extension that puts a forsxl menu on
the workbook open in Calc (issue 28).

The extension is the files of `oxt/` (its Python runs in LibreOffice's own Python, standard library and UNO only)
and what is written here from forsxl itself: the menu and toolbar in every language of forsxl's catalogue, the
texts the extension says, the workbook's sheet names by which it tells a workbook's language, and the forsxl that
built it, which the extension runs unless Tools › Options names another.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from forsxl import __version__
from forsxl.book import layout
from forsxl.engine.errors import ForsxlError
from forsxl.engine.values import Lang
from forsxl.i18n import translations

OXT = Path(__file__).parent / "oxt"
IDENTIFIER = "org.forsxl.calc"
PACKAGE_ROOT = "python/pythonpath"
PACKAGE = f"{PACKAGE_ROOT}/forsxl_calc"
CONTEXT = "com.sun.star.sheet.SpreadsheetDocument"
XML_LANG = {Lang.EN: "en-US", Lang.RU: "ru"}
"""Each language of forsxl as LibreOffice names it in a localized configuration value."""
UNOPKG = ("/usr/lib/libreoffice/program/unopkg", "/opt/libreoffice/program/unopkg",
          "/Applications/LibreOffice.app/Contents/MacOS/unopkg",
          r"C:\Program Files\LibreOffice\program\unopkg.com", r"C:\Program Files (x86)\LibreOffice\program\unopkg.com")
"""Where LibreOffice's installers put unopkg, for when it is not on the PATH (it seldom is, but on Linux)."""


def _extension() -> tuple[ModuleType, ModuleType]:
    """The extension's own `actions` and `texts` modules (its items and its msgids), from the files it carries."""
    folder = str(OXT / PACKAGE_ROOT)
    sys.path.insert(0, folder)
    try:
        return importlib.import_module("forsxl_calc.actions"), importlib.import_module("forsxl_calc.texts")
    finally:
        sys.path.remove(folder)


def _values(message: str) -> str:
    """A localized configuration value: `message` in each of forsxl's languages."""
    return "".join(f"<value xml:lang={quoteattr(XML_LANG[lang])}>{escape(translations(lang).gettext(message))}"
                   "</value>" for lang in Lang)


def _prop(name: str, value: str, localized: bool = False) -> str:
    inner = _values(value) if localized else f"<value>{escape(value)}</value>"
    return f'<prop oor:name="{name}" oor:type="xs:string">{inner}</prop>'


def _component(name: str, package: str, body: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<oor:component-data '
            'xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" '
            f'oor:name="{name}" oor:package="{package}">{body}</oor:component-data>\n')


def _item(node: str, action: str, label: str) -> str:
    url = f"{IDENTIFIER}:{action}" if action else "private:separator"
    props = _prop("URL", url) + (_prop("Title", label, True) + _prop("Target", "_self") +
                                 _prop("Context", CONTEXT) if action else "")
    return f'<node oor:name="{node}" oor:op="replace">{props}</node>'


def _status_bar() -> str:
    """The forsxl field of the status bar, after the sheet's number, which shows what the last item said. Its
    contexts are empty: LibreOffice 7.x merges a status bar item only then (it is empty outside Calc). Mandatory:
    Calc lays its status bar out again when the first sheet is replaced (History's put back), and a field that is
    not was left no width at all."""
    item = (f'<node oor:name="s01" oor:op="replace">{_prop("URL", f"{IDENTIFIER}:status")}{_prop("Title", "forsxl")}'
            f'{_prop("Alignment", "left")}<prop oor:name="AutoSize" oor:type="xs:boolean"><value>true</value></prop>'
            '<prop oor:name="Mandatory" oor:type="xs:boolean"><value>true</value></prop>'
            '<prop oor:name="Width" oor:type="xs:long"><value>120</value></prop></node>')
    return (f'<node oor:name="OfficeStatusbarMerging"><node oor:name="{IDENTIFIER}" oor:op="replace">'
            f'<node oor:name="s1" oor:op="replace">{_prop("MergePoint", ".uno:StatusDocPos")}'
            f'{_prop("MergeCommand", "AddAfter")}{_prop("MergeFallback", "AddLast")}'
            f'<node oor:name="StatusBarItems">{item}</node></node></node></node>')


def addons(actions: Iterable[Any], menu: str) -> str:
    """Addons.xcu: the forsxl menu on Calc's menu bar (a separator between groups), its toolbar, their icons, and
    the forsxl field of the status bar."""
    entries: list[tuple[str, str]] = []
    group = None
    for action in actions:
        entries += [("", "")] if group is not None and action.group != group else []
        entries.append((action.name, action.label))
        group = action.group
    items = "".join(_item(f"m{n:02}", a, label) for n, (a, label) in enumerate(entries, start=1))
    on_toolbar = [a for a in actions if a.toolbar]
    tools = "".join(_item(f"t{n:02}", a.name, a.label) for n, a in enumerate(on_toolbar, start=1))
    images = "".join(
        f'<node oor:name="{IDENTIFIER}.{a.name}" oor:op="replace">{_prop("URL", f"{IDENTIFIER}:{a.name}")}'
        f'<node oor:name="UserDefinedImages">{_prop("ImageSmallURL", f"%origin%/icons/{a.name}_16.png")}'
        f'{_prop("ImageBigURL", f"%origin%/icons/{a.name}_26.png")}</node></node>'
        for a in actions if (OXT / "icons" / f"{a.name}_16.png").is_file())
    menubar = (f'<node oor:name="{IDENTIFIER}.menu" oor:op="replace">{_prop("Title", menu, True)}'
               f'{_prop("Context", CONTEXT)}<node oor:name="Submenu">{items}</node></node>')
    body = (f'<node oor:name="AddonUI"><node oor:name="OfficeMenuBar">{menubar}</node>'
            f'<node oor:name="OfficeToolBar"><node oor:name="{IDENTIFIER}.toolbar" oor:op="replace">{tools}'
            f'</node></node><node oor:name="Images">{images}</node>{_status_bar()}</node>')
    return _component("Addons", "org.openoffice.Office", body)


def window_state(menu: str) -> str:
    """CalcWindowState.xcu: the toolbar's name in View › Toolbars, docked at the top."""
    state = (f'{_prop("UIName", menu, True)}<prop oor:name="Docked" oor:type="xs:boolean"><value>true</value></prop>'
             '<prop oor:name="DockingArea" oor:type="xs:int"><value>0</value></prop>'
             '<prop oor:name="Visible" oor:type="xs:boolean"><value>true</value></prop>')
    return _component("CalcWindowState", "org.openoffice.Office.UI", (
        f'<node oor:name="UIElements"><node oor:name="States"><node oor:name="private:resource/toolbar/'
        f'addon_{IDENTIFIER}.toolbar" oor:op="replace">{state}</node></node></node>'))


def options_page(menu: str) -> str:
    """OptionsDialog.xcu: the page Tools › Options › LibreOffice Calc › forsxl."""
    leaf = (f'<node oor:name="{IDENTIFIER}.options" oor:op="fuse">{_prop("Id", IDENTIFIER)}'
            f'{_prop("Label", menu, True)}{_prop("OptionsPage", "%origin%/dialogs/Options.xdl")}'
            f'{_prop("EventHandlerService", f"{IDENTIFIER}.Options")}</node>')
    return _component("OptionsDialog", "org.openoffice.Office", (
        f'<node oor:name="Nodes"><node oor:name="Calc" oor:op="fuse"><node oor:name="Leaves">{leaf}</node></node>'
        '</node>'))


def description(summary: str) -> str:
    """description.xml: the extension's name, version and the LibreOffice it needs, as the Extension Manager
    shows them."""
    names = "".join(f"<name lang={quoteattr(XML_LANG[lang].split('-')[0])}>"
                    f"{escape(translations(lang).gettext(summary))}</name>" for lang in Lang)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<description xmlns="http://openoffice.org/extensions/description/2006" '
            'xmlns:d="http://openoffice.org/extensions/description/2006" '
            'xmlns:lo="http://libreoffice.org/extensions/description/2011">'
            f'<identifier value="{IDENTIFIER}"/><version value={quoteattr(__version__)}/>'
            '<dependencies><lo:LibreOffice-minimal-version d:name="LibreOffice 7.0" value="7.0"/></dependencies>'
            f'<display-name>{names}</display-name><platform value="all"/></description>\n')


def built(program: str) -> str:
    """built.json: the translations of the extension's texts, the sheet names that tell a workbook's language
    (`forsxl.book.read.detect_lang`), and the forsxl to run."""
    actions, texts = _extension()
    messages = [texts.MENU, *(a.label for a in actions.ACTIONS.values()), *texts.TEXTS.values()]
    return json.dumps({
        "version": __version__,
        "program": program,
        "texts": {lang.value: {m: translations(lang).gettext(m) for m in messages} for lang in Lang
                  if lang != Lang.EN},
        "sheets": {"config": list(layout.SHEETS["config"]), "languages": [lang.value for lang in Lang],
                   **{lang.value: [layout.sheet_name(kind, lang) for kind in layout.SHEETS] for lang in Lang}},
    }, ensure_ascii=False, indent=1)


def _static() -> Iterable[Path]:
    return sorted(p for p in OXT.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def build(target: Path, program: str | None = None) -> Path:
    """forsxl.oxt written to `target` (whole, or not at all), running `program` (a forsxl, or a Python with forsxl;
    default: the Python running this forsxl)."""
    actions, texts = _extension()
    generated = {
        "description.xml": description(texts.SUMMARY),
        "Addons.xcu": addons(list(actions.ACTIONS.values()), texts.MENU),
        "CalcWindowState.xcu": window_state(texts.MENU),
        "OptionsDialog.xcu": options_page(texts.MENU),
        f"{PACKAGE}/built.json": built(program or sys.executable),
    }
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(handle)
    try:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as oxt:
            for path in _static():
                oxt.write(path, path.relative_to(OXT).as_posix())
            for name, text in generated.items():
                oxt.writestr(name, text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except OSError as error:
        raise ForsxlError("", "write_failed", path=target, why=error.strerror or type(error).__name__) from None
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
    return target


def office_environment() -> dict[str, str]:
    """This environment without this Python's own: LibreOffice's Python breaks on a virtual environment's PATH or
    `PYTHONPATH` (measured: std::bad_alloc on opening a file), and unopkg runs it to register the extension."""
    folder = Path(sys.prefix) / ("Scripts" if sys.platform == "win32" else "bin")
    venv = folder if sys.prefix != sys.base_prefix else None
    env = {k: v for k, v in os.environ.items() if not k.upper().startswith("PYTHON") and k != "VIRTUAL_ENV"}
    env["PATH"] = os.pathsep.join(f for f in env.get("PATH", "").split(os.pathsep) if f and Path(f) != venv)
    return env


def find_unopkg(given: Path | None) -> str:
    """LibreOffice's extension manager: `given`, else unopkg on the PATH, else where the installers put it."""
    if given is not None:
        return str(given)
    found = shutil.which("unopkg") or next((p for p in UNOPKG if os.path.isfile(p)), None)
    if found is None:
        raise ForsxlError("", "calc_no_unopkg")
    return found


def _unopkg(command: str, target: str, shared: bool, profile: Path | None, unopkg: Path | None) -> None:
    """unopkg's `command` on `target`, for all users (`shared`) or for this one, in `profile` (default: the user's
    own)."""
    argv = [find_unopkg(unopkg), command, *(["--force"] if command == "add" else []), *(["--shared"] if shared else [])]
    argv += [f"-env:UserInstallation={profile.resolve().as_uri()}"] if profile is not None else []
    try:
        done = subprocess.run([*argv, target], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              errors="replace", env=office_environment(), timeout=300)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise ForsxlError("", "calc_unopkg_failed", why=getattr(error, "strerror", None) or str(error)) from None
    if done.returncode == 0:
        return
    said = done.stdout + done.stderr
    if "as root" in said:
        raise ForsxlError("", "calc_root")
    reasons = [re.sub(r"^ERROR: (Exception occurred: )?| at \S+:\d+$", "", line.strip()) for line in said.splitlines()
               if line.startswith("ERROR:") and "unopkg failed" not in line]
    raise ForsxlError("", "calc_unopkg_failed", why="; ".join(reasons) or f"exit {done.returncode}")


def install(shared: bool, profile: Path | None, unopkg: Path | None, program: str | None) -> None:
    """forsxl.oxt built and added to LibreOffice, replacing an older one: for this user, or for all (`shared`)."""
    with tempfile.TemporaryDirectory() as folder:
        oxt = build(Path(folder) / "forsxl.oxt", program)
        _unopkg("add", str(oxt), shared, profile, unopkg)


def remove(shared: bool, profile: Path | None, unopkg: Path | None) -> None:
    """The extension taken out of LibreOffice again."""
    _unopkg("remove", IDENTIFIER, shared, profile, unopkg)
