"""A LibreOffice Calc with the forsxl extension, for tests/test_calc.py and bench/calc.py (issue 28).

Each Office has a fresh user profile, into which `forsxl calc install --profile` puts the extension as a user who
is not root (unopkg refuses root without --shared: as root, the install runs unopkg as `nobody`). soffice starts in
its own process group under a time limit, listening on a local socket, and is stopped by its group's id;
tests/calc_driver.py, run by the Python that has LibreOffice's `uno`, drives it over UNO.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from forsxl.calc.build import office_environment

DRIVER = Path(__file__).with_name("calc_driver.py")
LIMIT = 600
"""Seconds a soffice may live: a hung one is killed, never a hung CI."""
CALL_LIMIT = 120
"""Seconds a request may take: a whole action on a big workbook takes a few."""
NOBODY = 65534


@cache
def soffice() -> str | None:
    return shutil.which("soffice") or next((p for p in ("/usr/lib/libreoffice/program/soffice",)
                                            if os.path.exists(p)), None)


@cache
def uno_python() -> str | None:
    """The Python whose `uno` module is LibreOffice's (Debian: python3-uno for the system's python3)."""
    for python in ("/usr/bin/python3", "/usr/local/bin/python3", shutil.which("python3") or ""):
        if python and os.path.exists(python) and subprocess.run(
                [python, "-c", "import uno"], env=office_environment(), capture_output=True).returncode == 0:
            return python
    return None


def missing() -> str:
    """Why the Calc tests cannot run here, or "" when they can."""
    if soffice() is None:
        return "LibreOffice (soffice) is not installed"
    if not os.path.exists("/usr/lib/libreoffice/program/pythonloader.py") and sys.platform == "linux":
        return "LibreOffice's Python script provider is not installed (libreoffice-script-provider-python)"
    if uno_python() is None:
        return "no Python with LibreOffice's uno module (python3-uno)"
    return ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class OfficeError(RuntimeError):
    pass


class Office:
    """A running LibreOffice with the extension built by `program` (default: this forsxl), in `folder`; its process
    in `locale` when given (`C`: no UTF-8)."""

    def __init__(self, folder: Path, program: str | None = None, display: str | None = None,
                 path: str | None = None, locale: str | None = None) -> None:
        self.folder, self.display, self.path, self.locale = folder, display, path, locale
        self.encoding = "latin-1" if locale == "C" else "utf-8"
        """How LibreOffice reads file names in its locale: under C each byte is an ISO-8859-1 character."""
        folder.mkdir(parents=True, exist_ok=True)
        self.profile = Path(tempfile.mkdtemp(prefix="forsxl-profile-"))  # in /tmp, which `nobody` can reach
        self.opened = folder / "opened.txt"
        self._install(program)
        self.soffice = self._start()
        self.driver = subprocess.Popen([uno_python() or "python3", str(DRIVER)], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True, encoding="utf-8",
                                       env=office_environment(), start_new_session=True)
        self.call("connect", port=self.port)

    def alive(self) -> bool:
        """soffice still running and answering."""
        return self.soffice.poll() is None and bool(self.call("windows") >= 0)

    def _install(self, program: str | None) -> None:
        args = [sys.executable, "-m", "forsxl", "calc", "install", "--profile", str(self.profile)]
        args += ["--forsxl", program] if program else []
        if os.geteuid() == 0:
            os.chown(self.profile, NOBODY, NOBODY)
            args += ["--unopkg", str(self._unopkg_as_nobody())]
        done = subprocess.run(args, capture_output=True, text=True, timeout=300)
        if done.returncode:
            raise OfficeError(f"forsxl calc install: {done.stdout}{done.stderr}")

    def _unopkg_as_nobody(self) -> Path:
        wrapper = self.folder / "unopkg-as-nobody"
        unopkg = Path(soffice() or "").resolve().parent / "unopkg"
        wrapper.write_text(
            "#!/bin/bash\n# unopkg as nobody, the .oxt (last) copied where nobody reads it\n"
            f'dir=$(mktemp -d "{self.profile}.oxt.XXXXXX"); chmod 777 "$dir"\n'
            'args=("$@"); cp "${args[-1]}" "$dir/"; chmod 644 "$dir"/*; args[-1]="$dir/$(basename "${args[-1]}")"\n'
            f'HOME="$dir" setpriv --reuid={NOBODY} --regid={NOBODY} --clear-groups {unopkg} "${{args[@]}}"\n'
            'rc=$?; rm -rf "$dir"; exit $rc\n')
        wrapper.chmod(0o755)
        return wrapper

    def _start(self) -> subprocess.Popen[bytes]:
        self.port = _free_port()
        browser = self.folder / "browser"
        browser.write_text(f'#!/bin/sh\necho "$@" >> "{self.opened}"\n')
        browser.chmod(0o755)
        home = self.folder / "home"
        home.mkdir()
        env = office_environment() | {"HOME": str(home), "BROWSER": str(browser)}
        args = ["timeout", "-k", "5", str(LIMIT), soffice() or "soffice",
                f"-env:UserInstallation={self.profile.as_uri()}", "--norestore", "--nologo", "--nodefault",
                "--nofirststartwizard", f"--accept=socket,host=127.0.0.1,port={self.port};urp;"]
        if self.path is not None:
            env["PATH"] = self.path
        if self.locale is not None:  # LANG=C: a LibreOffice whose process has no UTF-8 locale
            env = {k: v for k, v in env.items() if not k.startswith("LC_")} | {"LANG": self.locale,
                                                                               "LC_ALL": self.locale}
        if self.display:
            env |= {"DISPLAY": self.display, "SAL_USE_VCLPLUGIN": "gen"}
        else:
            args.append("--headless")
        return subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)

    def call(self, op: str, timeout: float = CALL_LIMIT, **request: Any) -> Any:
        """The driver's answer to `op`; an OfficeError when it fails or takes longer than `timeout` (a dialog that
        holds Calc)."""
        assert self.driver.stdin is not None and self.driver.stdout is not None
        self.driver.stdin.write(json.dumps({"op": op, **request}, ensure_ascii=False) + "\n")
        self.driver.stdin.flush()
        if not select.select([self.driver.stdout], [], [], timeout)[0]:
            self.stop()
            raise OfficeError(f"{op}: no answer in {timeout} s")
        line = self.driver.stdout.readline()
        if not line:
            raise OfficeError(f"{op}: the UNO driver stopped")
        answer = json.loads(line)
        if "error" in answer:
            raise OfficeError(f"{op}: {answer['error']}\n{answer['trace']}")
        return answer["ok"]

    def stop(self) -> None:
        if self.driver.poll() is None:
            assert self.driver.stdin is not None
            with contextlib.suppress(OSError):
                self.driver.stdin.write('{"op": "terminate"}\n')
                self.driver.stdin.close()
        for process in (self.driver, self.soffice):
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
