"""`forsxl web build` and `forsxl web serve` without a browser (issue 42): the pins, a download checked against its
sha256, the repacked wheels, forsxl's own wheel for the page, the server's answers, and the bridge the page's worker
calls, run here natively (the same Python as in the page). Offline: the registries are stood in for on 127.0.0.1.
The page itself in Chromium is tests/test_web.py (`pytest -m web`)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from forsxl.engine.errors import ForsxlError
from forsxl.web import bridge
from forsxl.web import build as web
from forsxl.web.serve import in_background, url

CLUB = Path(__file__).resolve().parents[1] / "examples" / "club.xlsx"


# The build, offline.

def test_every_pin_is_a_registry_file_with_its_sha256() -> None:
    runtime, files, wheels = web.pins()
    assert runtime.url.startswith("https://registry.npmjs.org/pyodide/-/") and "pyodide.asm.wasm" in files
    for pin in (runtime, *wheels):
        assert re.fullmatch(r"[0-9a-f]{64}", pin.sha256), pin
        assert pin.url.startswith(("https://registry.npmjs.org/", "https://files.pythonhosted.org/")), pin
        assert pin.load in ("start", "ods") and pin.repack in ("", "strip-compiled", "locales"), pin
    names = {pin.name.split("-")[0].lower() for pin in wheels}
    assert {"openpyxl", "jinja2", "markupsafe", "pyyaml", "babel", "defusedxml", "iuliia", "rustworkx"} <= names
    assert not names & {"pydantic", "pydantic_core", "rich"}  # the page never parses a command line


@pytest.fixture
def registry(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A stand-in for a registry on 127.0.0.1: the files in its folder, served as they are."""
    folder = tmp_path / "registry"
    folder.mkdir()
    (folder / "build.json").write_text("{}")  # the server serves only a folder that holds a site
    running, _ = in_background(folder)
    try:
        yield url(running), folder
    finally:
        running.shutdown()
        running.server_close()


def test_a_download_is_kept_only_with_the_pinned_sha256(registry: tuple[str, Path], tmp_path: Path) -> None:
    address, folder = registry
    (folder / "x-1.0-py3-none-any.whl").write_bytes(b"the wheel")
    cache = tmp_path / "cache"
    wrong = web.Pin(address + "x-1.0-py3-none-any.whl", hashlib.sha256(b"another wheel").hexdigest())
    with pytest.raises(ForsxlError) as refused:
        web.fetch(wrong, cache, lambda line: None)
    assert refused.value.code == "web_pin_mismatch" and not cache.exists()
    said: list[str] = []
    right = web.Pin(wrong.url, hashlib.sha256(b"the wheel").hexdigest())
    assert web.fetch(right, cache, said.append) == b"the wheel" and said == [right.url]
    (folder / "x-1.0-py3-none-any.whl").unlink()
    assert web.fetch(right, cache, said.append) == b"the wheel" and len(said) == 1  # from the cache, not asked again


def test_a_failed_download_names_the_file(registry: tuple[str, Path], tmp_path: Path) -> None:
    with pytest.raises(ForsxlError) as refused:
        web.fetch(web.Pin(registry[0] + "gone.whl", "0" * 64), tmp_path, lambda line: None)
    assert refused.value.code == "web_download_failed" and refused.value.params["url"].endswith("gone.whl")


def _wheel_of(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_repacking_drops_compiled_modules_and_other_locales_and_writes_a_valid_record() -> None:
    compiled = _wheel_of({"yaml/__init__.py": b"", "yaml/_yaml.cpython-314-x86_64-linux-gnu.so": b"\x7fELF",
                          "pyyaml-6.0.3.dist-info/METADATA": b"Name: PyYAML\n",
                          "pyyaml-6.0.3.dist-info/WHEEL": b"Tag: cp314-cp314-manylinux_2_17_x86_64\n"})
    name, data = web.repack(web.Pin("https://x/pyyaml-6.0.3-cp314-cp314-manylinux_2_17_x86_64.whl", "", repack=(
        "strip-compiled")), compiled)
    assert name == "pyyaml-6.0.3-py3-none-any.whl"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
        assert "yaml/_yaml.cpython-314-x86_64-linux-gnu.so" not in names and "yaml/__init__.py" in names
        assert b"Tag: py3-none-any" in archive.read("pyyaml-6.0.3.dist-info/WHEEL")
        record = archive.read("pyyaml-6.0.3.dist-info/RECORD").decode().splitlines()
        for line in record[:-1]:
            path, digest, size = line.split(",")
            content = archive.read(path)
            assert int(size) == len(content)
            encoded = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={encoded}"
    babel = _wheel_of({f"babel/locale-data/{locale}.dat": b"" for locale in ("root", "en", "ru", "de", "en_GB")})
    _, data = web.repack(web.Pin("https://x/babel-2.19.0-py3-none-any.whl", "", repack="locales"), babel)
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert sorted(n for n in archive.namelist() if "locale-data" in n) == [
            "babel/locale-data/en.dat", "babel/locale-data/root.dat", "babel/locale-data/ru.dat"]
    assert web.wheel("a", "1", {"a/x.py": b"1"}) == web.wheel("a", "1", {"a/x.py": b"1"})  # the same bytes


def test_forsxls_wheel_for_the_page_has_what_the_commands_read_and_not_the_calc_extension() -> None:
    name, data = web.forsxl_wheel()
    assert name.startswith("forsxl-") and name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = set(archive.namelist())
    assert {"forsxl/web/bridge.py", "forsxl/templates/site.html.j2", "forsxl/locale/ru/LC_MESSAGES/forsxl.mo",
            "forsxl/presets/mcmahon.yaml", "forsxl/engine/pairing/gabow.py"} <= names
    assert not [n for n in names if n.startswith("forsxl/calc/") or n.endswith((".po", ".pyc"))
                or (n.startswith("forsxl/web/") and n != "forsxl/web/bridge.py")]


def test_the_build_never_empties_a_folder_of_other_files(tmp_path: Path) -> None:
    (tmp_path / "thesis.docx").write_text("years of work")
    with pytest.raises(ForsxlError) as refused:
        web.build(tmp_path, tmp_path / "cache")
    assert refused.value.code == "web_folder_not_site" and (tmp_path / "thesis.docx").is_file()


def test_the_server_sends_webassembly_as_such_gzipped_and_nothing_above_its_folder(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "pyodide").mkdir(parents=True)
    (site / "build.json").write_text("{}")
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm" + b"\1" * 5000)
    (tmp_path / "secret.txt").write_text("not served")
    running, _ = in_background(site)
    try:
        request = urllib.request.Request(url(running) + "pyodide/pyodide.asm.wasm",
                                         headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as answer:
            assert answer.headers["Content-Type"] == "application/wasm"
            assert answer.headers["Content-Encoding"] == "gzip" and len(answer.read()) < 200
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(url(running) + "../secret.txt")
        assert missing.value.code == 404
    finally:
        running.shutdown()
        running.server_close()


@pytest.fixture
def books(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(bridge, "BOOKS", tmp_path / "books")
    monkeypatch.setattr(bridge, "INPUTS", tmp_path / "inputs")
    monkeypatch.setattr(bridge, "LOOSE", tmp_path / "loose")
    return tmp_path / "books"


def test_the_bridge_pairs_a_kept_workbook_and_hands_back_what_a_command_writes(books: Path) -> None:
    original = CLUB.read_bytes()
    bridge.put("club.xlsx", original)
    paired = bridge.run("pair", "club.xlsx", {})
    assert paired["code"] == 0 and paired["out"] == ["club.xlsx: тур 4: 10 досок"] and paired["book"]
    assert (books / "club.xlsx" / ".club.xlsx.versions" / "0001.xlsx").read_bytes() == original
    printed = bridge.run("print", "club.xlsx", {})
    assert [o["name"] for o in printed["outputs"]] == ["club-тур-4.html"] and printed["book"] is None
    site = bridge.run("publish", "club.xlsx", {"output": "club-site"})["outputs"]
    assert site[0]["name"] == "club-site.zip" and site[0]["site"] and "index.html" in site[0]["files"]
    assert sorted(p.name for p in (books / "club.xlsx").iterdir()) == [".club.xlsx.versions", "club.bak.xlsx",
                                                                      "club.xlsx"]  # nothing else left there
    undone = bridge.run("undo", "club.xlsx", {})
    assert undone["code"] == 0 and undone["book"] == original
    assert bridge.clear() == 1 and not list(books.iterdir())


def test_the_bridge_lists_problems_by_their_cells(books: Path) -> None:
    workbook = openpyxl.load_workbook(CLUB)
    workbook["Тур-1"]["H2"] = "B+x"
    data = io.BytesIO()
    workbook.save(data)
    bridge.put("bad.xlsx", data.getvalue())
    checked = bridge.run("check", "bad.xlsx", {})
    assert checked["code"] == 1 and checked["book"] is None
    assert [p["cell"] for p in checked["problems"]] == ["Тур-1!H2"]
    assert checked["problems"][0]["line"].startswith("Тур-1!H2: «B+x»") and checked["problems"][0]["line"] in checked[
        "err"]


def test_the_bridge_makes_the_demo_in_a_folder_of_its_own(books: Path) -> None:
    made = bridge.run("demo", None, {"played": 2, "lang": "en"})
    assert made["code"] == 0 and sorted(o["name"] for o in made["outputs"]) == ["club.html", "club.xlsx"]




PAGE_DAY = """
import importlib.metadata, json, sys
from pathlib import Path
from forsxl.web import bridge

folder, club = Path(sys.argv[1]), Path(sys.argv[2]).read_bytes()
bridge.BOOKS, bridge.INPUTS, bridge.LOOSE = folder / "books", folder / "inputs", folder / "loose"
failed = [] if bridge.run("demo", None, {"played": 3, "lang": "ru"})["code"] == 0 else ["demo"]
bridge.put("club.xlsx", club)
csv, copy = bridge.take("more.csv", b"Name,Rating\\nNewcomer Ann,1500\\n"), bridge.take("other.xlsx", club)
for command, options in [
        ("check", {}), ("pair", {}), ("standings", {}), ("pair", {"recompute": True, "board": "1"}), ("schedule", {}),
        ("explain", {"round": 3}), ("regulation", {}), ("publish", {"output": "club-site"}), ("print", {}),
        ("export", {"format": "egf"}), ("import", {"source": csv}),
        ("merge", {"copies": [copy, "{book}"], "output": "{book}", "prefer": "a"}), ("history", {}), ("undo", {})]:
    failed += [command] if bridge.run(command, "club.xlsx", options)["code"] else []
found = importlib.metadata.packages_distributions()
used = {name.lower().replace("-", "_") for module in list(sys.modules) for name in found.get(module, [])}
print(json.dumps({"failed": failed, "used": sorted(used)}))
"""


def test_every_library_the_pages_commands_import_is_pinned(tmp_path: Path) -> None:
    """Each button of the page run through the bridge in a fresh Python, as the page's worker runs them: every
    distribution whose modules they import is a wheel the site holds (typer, the command line's, is none of them)."""
    ran = subprocess.run([sys.executable, "-c", PAGE_DAY, str(tmp_path), str(CLUB)], capture_output=True, text=True,
                         check=True)
    day = json.loads(ran.stdout.splitlines()[-1])
    assert day["failed"] == ["schedule"]  # the only one refused: the club's Fors is no round robin (R7.5)
    pinned = {pin.name.split("-")[0].lower() for pin in web.pins()[2]} | {"forsxl"}
    assert "pytrovich" in day["used"] and "typer" not in day["used"]  # the regulation declines Russian names
    optional = {"numpy", "pillow"}  # openpyxl takes them where they are installed, and does without
    assert set(day["used"]) - {"setuptools"} <= pinned | optional, set(day["used"]) - pinned  # setuptools: a .pth


# The two commands as the terminal runs them.

def test_web_build_in_the_terminal_refuses_a_folder_of_other_files_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "thesis.docx").write_text("years of work")
    done = subprocess.run([sys.executable, "-m", "forsxl", "web", "build", "-o", str(tmp_path), "--cache",
                           str(tmp_path / "cache")], capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.strip().startswith(f"{tmp_path} is not a folder the page was built into before"), done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thesis.docx"]


def test_web_serve_in_the_terminal_serves_a_built_folder_until_ctrl_c(tmp_path: Path) -> None:
    (tmp_path / "build.json").write_text('{"files": {}}')
    (tmp_path / "index.html").write_text("<title>forsxl</title>")
    serving = subprocess.Popen([sys.executable, "-m", "forsxl", "web", "serve", "--dir", str(tmp_path), "--port",
                                "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert serving.stdout is not None
        line = serving.stdout.readline()
        address = re.search(r"http://\S+", line)
        assert line.startswith("the forsxl page: http://") and address, line
        with urllib.request.urlopen(address.group()) as answer:
            assert b"<title>forsxl</title>" in answer.read()
    finally:
        serving.send_signal(signal.SIGINT)
        _, err = serving.communicate(timeout=30)
    assert "Traceback" not in err, err
