"""Send a site to its host (issue 46): only the files that changed since the last publish, new pages first and
index.html last, so that no link leads to a page not there yet; then the manifest.

The manifest (MANIFEST, on the host beside the pages) holds the SHA-256 of each file forsxl sent. It lives on the
host rather than on this laptop so that a second referee's laptop, or a host restored from a backup, is compared
with what the host really has: one small download a publish. A publish that fails half-way leaves the old manifest,
and the next one sends again whatever it did not record.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass

from forsxl.upload.host import Classify, Host, failure
from forsxl.upload.target import Target

MANIFEST = ".forsxl-manifest.json"
INDEX = "index.html"
HOSTS = {"ftp": ("ftp", "FtpHost"), "ftps": ("ftp", "FtpHost"), "sftp": ("sftp", "SftpHost"),
         "webdav": ("webdav", "WebdavHost"), "webdavs": ("webdav", "WebdavHost"), "s3": ("s3", "S3Host")}
"""Each scheme's module of forsxl.upload and its host class; a git+ scheme is git's. Imported only when used: the
command line never loads a protocol library it does not send with."""


@dataclass(frozen=True)
class Sent:
    """What a publish did on the host."""

    sent: tuple[str, ...]
    unchanged: int
    removed: tuple[str, ...]


def _host(target: Target) -> tuple[Callable[[Target], Host], Classify]:
    """The target's host class and the reading of its library's errors."""
    module, name = HOSTS.get(target.scheme, ("git", "GitHost"))
    found = importlib.import_module(f"forsxl.upload.{module}")
    return getattr(found, name), found.classify


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(data: bytes | None) -> dict[str, str]:
    """The files and digests a manifest lists; none for a missing or unreadable one (everything is sent again)."""
    try:
        files = json.loads(data or b"{}").get("files", {})
    except (ValueError, AttributeError):
        return {}
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, dict) else {}


def send(target: Target, files: Mapping[str, bytes]) -> Sent:
    """Send `files` (name -> content) to the folder `target` names; a ForsxlError of one line if that fails."""
    opened, classify = _host(target)
    host: Host | None = None
    writing = ""
    try:
        host = opened(target)
        before = read_manifest(host.read(MANIFEST))
        after = {name: digest(data) for name, data in files.items()}
        changed = sorted((name for name in files if before.get(name) != after[name]),
                         key=lambda name: (name == INDEX, name in before, name))
        removed = sorted(set(before) - set(files))
        for writing in changed:
            host.write(writing, files[writing])
        writing = ""
        for name in removed:
            host.remove(name)
        if changed or removed or not before:
            host.write(MANIFEST, json.dumps({"forsxl": 1, "files": after}, indent=1, sort_keys=True).encode())
        host.done()
    except Exception as error:  # the library's, whatever it is: one line naming the host
        raise failure(error, target, classify, writing) from None
    finally:
        if host is not None:
            with suppress(Exception):  # a connection broken already: the failure above is what to say
                host.close()
    return Sent(tuple(changed), len(files) - len(changed), tuple(removed))
