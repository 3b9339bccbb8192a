"""`forsxl web build`: the static site of the web page (issue 42), from pins.toml's runtime and wheels.

Each pinned file is downloaded once into a cache folder, from the npm registry (the Pyodide runtime) or PyPI (the
wheels), and used only when its sha256 is the one pinned; a file that is not refuses the build and writes nothing.
Wheels are repacked where pins.toml says (babel's locales cut to the page's languages, compiled modules of PyYAML and
MarkupSafe dropped for their pure Python), and forsxl's own wheel is made from the forsxl that runs the build, so the
page runs the same code as the terminal. Every zip is written with fixed times and order: the same pins and the same
forsxl give the same site, byte for byte.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import shutil
import sys
import tarfile
import tempfile
import tomllib
import urllib.request
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from forsxl import __version__
from forsxl.engine.errors import ForsxlError
from forsxl.engine.values import Lang
from forsxl.formats.registry import EXPORTS
from forsxl.i18n import labels
from forsxl.publish.html import template_dirs
from forsxl.web.words import WORDS

HERE = Path(__file__).parent
PINS = HERE / "pins.toml"
PAGE = HERE / "site"
RUNTIME = "pyodide"
"""The site's folder of the runtime's files."""
WHEELS = "wheels"
"""The site's folder of the wheels."""
LEFT_OUT = ("calc", "web")
"""forsxl's folders the page has no use for: the Calc extension, and the page's own build (its files are the site)."""
BRIDGE = "web/bridge.py"
"""The one module of forsxl/web/ the page runs: what its worker calls."""
TIMEOUT = 120
"""Seconds to wait for a registry to answer."""


@dataclass(frozen=True)
class Pin:
    """A file the site is built from: where it is downloaded from and the sha256 it must have."""

    url: str
    sha256: str
    load: str = "start"
    repack: str = ""

    @property
    def name(self) -> str:
        return self.url.rsplit("/", 1)[1]


def pins() -> tuple[Pin, list[str], list[Pin]]:
    """The runtime, the files of it the site takes, and the wheels, as pins.toml has them."""
    table = tomllib.loads(PINS.read_text(encoding="utf-8"))
    runtime = table["runtime"]
    return Pin(runtime["url"], runtime["sha256"]), runtime["files"], [Pin(**wheel) for wheel in table["wheel"]]


def default_cache() -> Path:
    """Where downloads are kept between builds: the user's cache folder (XDG_CACHE_HOME or ~/.cache, Windows'
    LOCALAPPDATA, macOS's ~/Library/Caches), in forsxl/web."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "forsxl" / "web"


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def fetch(pin: Pin, cache: Path, say: Callable[[str], None]) -> bytes:
    """The pinned file's bytes: from the cache when it holds them, else downloaded and kept there; raises when the
    bytes are not those pinned, leaving the cache as it was."""
    kept = cache / pin.name
    if kept.is_file():
        data = kept.read_bytes()
        if _sha256(data) == pin.sha256:
            return data
    say(pin.url)
    try:
        request = urllib.request.Request(pin.url, headers={"User-Agent": f"forsxl/{__version__} (web build)"})
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            data = bytes(response.read())
    except OSError as error:
        raise ForsxlError("", "web_download_failed", url=pin.url, why=getattr(error, "reason", None) or error) from None
    if (digest := _sha256(data)) != pin.sha256:
        raise ForsxlError("", "web_pin_mismatch", url=pin.url, digest=digest, pinned=pin.sha256)
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=cache, delete=False) as partial:
        partial.write(data)
    os.replace(partial.name, kept)
    return data


def _zip(files: dict[str, bytes]) -> bytes:
    """A zip of `files` in the order given, with fixed times: the same files give the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return out.getvalue()


def wheel(name: str, version: str, files: dict[str, bytes], tag: str = "py3-none-any") -> tuple[str, bytes]:
    """A wheel's file name and bytes: `files` (its dist-info's METADATA, licences and the like included) with the
    WHEEL and RECORD a wheel needs, written anew."""
    dist = f"{name}-{version}.dist-info"
    files = {n: data for n, data in sorted(files.items()) if n not in (f"{dist}/WHEEL", f"{dist}/RECORD")}
    files[f"{dist}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: forsxl web build\nRoot-Is-Purelib: "
                              f"{'true' if tag.startswith('py') else 'false'}\nTag: {tag}\n").encode()
    record = [f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(d).digest()).rstrip(b'=').decode()},{len(d)}"
              for n, d in files.items()]
    files[f"{dist}/RECORD"] = "\n".join([*record, f"{dist}/RECORD,,", ""]).encode()
    return f"{name}-{version}-{tag}.whl", _zip(files)


def repack(pin: Pin, data: bytes) -> tuple[str, bytes]:
    """The wheel as the page takes it (pins.toml's `repack`), with its file name."""
    if not pin.repack:
        return pin.name, data
    name, version, *_ = pin.name.split("-")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        files = {i.filename: archive.read(i) for i in archive.infolist() if not i.is_dir()}
    if pin.repack == "strip-compiled":  # the package's pure-Python fallback is imported instead
        files = {n: d for n, d in files.items() if not n.endswith((".so", ".pyd"))}
    elif pin.repack == "locales":
        keep = {f"babel/locale-data/{locale}.dat" for locale in ("root", *(lang.value for lang in Lang))}
        files = {n: d for n, d in files.items() if not n.startswith("babel/locale-data/") or n in keep}
    else:
        raise ValueError(f"pins.toml: no repack {pin.repack!r}")
    return wheel(name, version, files)


def forsxl_wheel() -> tuple[str, bytes]:
    """forsxl's own wheel for the page, made of the forsxl that runs this (installed or a checkout): its modules,
    catalogues, presets and templates, without the Calc extension, the page's build or the .po sources."""
    package = HERE.parent
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package).as_posix()
        if (path.is_dir() or "__pycache__" in path.parts or path.suffix in (".pyc", ".po")
                or (relative.split("/")[0] in LEFT_OUT and relative != BRIDGE)):
            continue
        files[f"forsxl/{relative}"] = path.read_bytes()
    for folder in template_dirs()[:1]:
        for path in sorted(folder.iterdir()):
            files[f"forsxl/templates/{path.name}"] = path.read_bytes()
    files[f"forsxl-{__version__}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: forsxl\nVersion: {__version__}\nSummary: forsxl for the web page\n").encode()
    return wheel("forsxl", __version__, files)


def _runtime(data: bytes, names: Iterable[str]) -> dict[str, bytes]:
    """The runtime's files the site takes, from the npm package's tarball (its files under `package/`)."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        files = {}
        for name in names:
            member = tar.extractfile(f"package/{name}")
            assert member is not None, name
            files[name] = member.read()
    return files


def words() -> str:
    """words.js: the page's words in each language, from forsxl's catalogue."""
    table = {lang.value: labels(lang, WORDS) for lang in Lang}
    return f"export const WORDS = {json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True)};\n"


def build(output: Path, cache: Path | None = None, say: Callable[[str], None] = lambda line: None) -> dict[str, object]:
    """Write the site into the folder `output` (made, or emptied of a site built before); its manifest."""
    if output.exists() and not (output.is_dir() and (not any(output.iterdir()) or (output / "build.json").is_file())):
        raise ForsxlError("", "web_folder_not_site", path=output)  # never empty a folder of other files
    cache = cache or default_cache()
    runtime, names, pinned = pins()
    files: dict[str, bytes] = {f"{RUNTIME}/{n}": d for n, d in _runtime(fetch(runtime, cache, say), names).items()}
    loads: list[dict[str, str]] = []
    for pin in pinned:
        name, data = repack(pin, fetch(pin, cache, say))
        files[f"{WHEELS}/{name}"] = data
        loads.append({"file": f"{WHEELS}/{name}", "load": pin.load})
    name, data = forsxl_wheel()
    files[f"{WHEELS}/{name}"] = data
    loads.append({"file": f"{WHEELS}/{name}", "load": "start"})
    for path in sorted(PAGE.iterdir()):
        if path.is_file() and path.name != "sw.js":
            files[path.name] = path.read_bytes()
    files["words.js"] = words().encode()
    digest = _sha256(json.dumps(sorted((n, _sha256(d)) for n, d in files.items())).encode())[:16]
    manifest: dict[str, object] = {"version": __version__, "build": digest, "wheels": loads, "exports": list(EXPORTS),
                "files": {n: {"sha256": _sha256(d), "size": len(d)} for n, d in sorted(files.items())}}
    files["build.json"] = json.dumps(manifest, indent=1).encode()
    files["sw.js"] = f'const BUILD = "{digest}";\n'.encode() + (PAGE / "sw.js").read_bytes()
    if output.is_dir():
        shutil.rmtree(output)
    for name, data in files.items():
        target = output / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return manifest
