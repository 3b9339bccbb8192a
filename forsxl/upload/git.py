"""A git repository served as pages (GitHub Pages, GitLab Pages, Gitea, a bare repository on the club's server),
through git itself: `git+ssh://git@github.com/club/results.git` publishes to its gh-pages branch, `…#main` to main.
git logs in as it always does: the SSH agent and ~/.ssh, or its credential helper for https.

forsxl keeps a clone of the branch in the user's cache folder, brings it up to the repository's branch at each
publish (a shallow fetch), writes the pages into it, then commits and pushes them: the branch moves in one step, so
the site is never seen half-written, and only what changed is sent. Files of the branch that forsxl did not write
(a CNAME, a README) are kept.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from forsxl.engine.errors import ForsxlError
from forsxl.upload.host import why
from forsxl.upload.target import TIMEOUT, Target

NETWORK_TIMEOUT = 4 * TIMEOUT
"""Seconds a fetch or a push may take in all."""


def cache_folder() -> Path:
    """Where forsxl keeps its clones: the system's cache folder for the user."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser("~/AppData/Local")
    elif sys.platform == "darwin":
        base = os.path.expanduser("~/Library/Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return Path(base) / "forsxl" / "git"


class GitFailed(Exception):
    """A git command that failed: its last words on stderr."""


class GitHost:
    def __init__(self, target: Target) -> None:
        git = shutil.which("git")
        if git is None:
            raise ForsxlError("", "upload_no_git", target=target.address)
        self.git, self.target = git, target
        self.work = cache_folder() / hashlib.sha256(f"{target.remote}#{target.branch}".encode()).hexdigest()[:16]
        self.env = {**os.environ, "GIT_TERMINAL_PROMPT": "0"}  # never a prompt: --watch would wait on it forever
        if not {"GIT_SSH", "GIT_SSH_COMMAND"} & set(os.environ) and not self._run("config", "core.sshCommand",
                                                                                  check=False, where=Path.cwd()):
            self.env["GIT_SSH_COMMAND"] = f"ssh -o BatchMode=yes -o ConnectTimeout={TIMEOUT}"
        if not (self.work / ".git").is_dir():
            self.work.mkdir(parents=True, exist_ok=True)
            self._run("init", "--quiet")
            self._run("remote", "add", "origin", target.remote)
        self._run("remote", "set-url", "origin", target.remote)
        if self._run("ls-remote", "--heads", "origin", target.branch, network=True):
            self._run("fetch", "--quiet", "--depth", "1", "origin", target.branch, network=True)
            self._run("checkout", "--quiet", "--force", "-B", target.branch, "FETCH_HEAD")
        else:  # a new branch, its first commit the site; a clone kept from a repository since made again has it
            self._run("update-ref", "-d", f"refs/heads/{target.branch}")
            self._run("checkout", "--quiet", "--force", "--orphan", target.branch)
            self._run("rm", "-r", "--quiet", "--cached", "--ignore-unmatch", ".")
        self._run("clean", "--quiet", "-d", "--force", "-x")

    def _run(self, *args: str, network: bool = False, check: bool = True, where: Path | None = None) -> str:
        """Run git in the clone; its output, or GitFailed with its last words."""
        try:
            done = subprocess.run([self.git, *args], cwd=where or self.work, env=self.env, capture_output=True,
                                  text=True, encoding="utf-8", errors="replace", check=False,
                                  timeout=NETWORK_TIMEOUT if network else None)
        except subprocess.TimeoutExpired:
            raise ForsxlError("", "upload_timeout", target=self.target.address, seconds=NETWORK_TIMEOUT) from None
        if check and done.returncode != 0:
            lines = [line for line in done.stderr.splitlines() if line.strip()]
            raise GitFailed(lines[-1] if lines else f"git {args[0]}: exit code {done.returncode}")
        return done.stdout.strip()

    def read(self, name: str) -> bytes | None:
        path = self.work / name
        return path.read_bytes() if path.is_file() else None

    def write(self, name: str, data: bytes) -> None:
        (self.work / name).write_bytes(data)

    def remove(self, name: str) -> None:
        (self.work / name).unlink(missing_ok=True)

    def done(self) -> None:
        self._run("add", "--all")
        if not self._run("status", "--porcelain"):
            return
        who = [] if self._run("config", "user.email", check=False) else [
            "-c", "user.name=forsxl", "-c", "user.email=forsxl@localhost"]
        self._run(*who, "commit", "--quiet", "-m", "Results published by forsxl")
        self._run("push", "--quiet", "origin", f"HEAD:refs/heads/{self.target.branch}", network=True)

    def close(self) -> None:
        pass


def classify(error: BaseException, target: Target) -> ForsxlError | None:
    """git's own last words; a login refused in words where git says so."""
    if not isinstance(error, GitFailed):
        return None
    text = str(error).lower()
    if any(words in text for words in ("permission denied", "authentication failed", "could not read username")):
        return ForsxlError("", "upload_login", target=target.address, why=why(error))
    return ForsxlError("", "upload_failed", target=target.address, why=why(error))
