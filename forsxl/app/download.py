"""The federations' rating lists fetched over HTTP, and kept in the user's cache folder by source and date.

The standard library's urllib does the one GET this needs: a timeout on connecting and on each read, the body read
in pieces (so a list of 8 MB shows its progress and one past `MAX_BYTES` is cut off), the proxy the system or
`HTTPS_PROXY` names, and every failure told apart (no connection, no answer in time, an error status). Certificates
are checked against the operating system's own store (truststore, as pip does): Python from python.org on macOS
has none of its own, and a country's or a company's root certificate installed in the system counts.
"""

from __future__ import annotations

import http.client
import os
import re
import ssl
import sys
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from urllib.parse import urlsplit

from forsxl import __version__
from forsxl.engine.errors import ForsxlError
from forsxl.formats import MAX_BYTES

TIMEOUT = 30.0
"""Seconds to wait for the server to connect, and then for each piece of the answer."""
_PIECE = 64 * 1024

Progress = Callable[[int, int | None], None]
"""Told the bytes read so far and the whole size, when the server gives it."""


@dataclass(frozen=True)
class Answer:
    """What a server answered: its status (`200 OK`) and the body."""

    status: str
    data: bytes


def first_line(data: bytes) -> str:
    """The first line of an answer with words in it, its HTML tags taken out (an error page's `<title>`), cut to 100
    characters: what a person needs to see of an answer that is not the list."""
    text = data[:8192].decode("utf-8", "replace")
    for line in text.splitlines():
        words = " ".join(re.sub(r"<[^>]*>", " ", line).split())
        if words:
            return words[:100]
    return " ".join(text.split())[:100]


def fetch(url: str, progress: Progress | None = None, timeout: float | None = None) -> Answer:
    """The body of a GET of `url` (http or https) with its status; a ForsxlError naming the host and what went
    wrong when there is no such answer: no connection, no answer within `timeout` (default `TIMEOUT`), a status
    other than 200 (with the first line of its page), more than `MAX_BYTES`."""
    timeout = TIMEOUT if timeout is None else timeout
    parts = urlsplit(url)
    host = parts.hostname or url
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ForsxlError("", "download_url_bad", url=url)
    request = urllib.request.Request(url, headers={"User-Agent": f"forsxl/{__version__}"})
    try:
        with urllib.request.urlopen(request, timeout=timeout, context=_tls()) as response:
            return Answer(f"{response.status} {response.reason}", _body(response, host, progress))
    except urllib.error.HTTPError as error:
        raise ForsxlError("", "download_status", host=host, status=f"{error.code} {error.reason}",
                          line=first_line(error.read(8192))) from None
    except TimeoutError:
        raise ForsxlError("", "download_timeout", host=host, seconds=round(timeout)) from None
    except urllib.error.URLError as error:
        if isinstance(error.reason, TimeoutError):
            raise ForsxlError("", "download_timeout", host=host, seconds=round(timeout)) from None
        raise ForsxlError("", "download_offline", host=host, why=error.reason) from None
    except (http.client.HTTPException, OSError) as error:  # the connection broke off in the middle of the list
        raise ForsxlError("", "download_offline", host=host, why=error) from None


def _body(response: http.client.HTTPResponse, host: str, progress: Progress | None) -> bytes:
    total = response.length
    if total is not None and total > MAX_BYTES:
        raise ForsxlError("", "download_too_big", host=host, size=total // 2**20, limit=MAX_BYTES // 2**20)
    pieces, done = [], 0
    while piece := response.read(_PIECE):
        done += len(piece)
        if done > MAX_BYTES:
            raise ForsxlError("", "download_too_big", host=host, size=done // 2**20, limit=MAX_BYTES // 2**20)
        pieces.append(piece)
        if progress is not None:
            progress(done, total)
    return b"".join(pieces)


def _tls() -> ssl.SSLContext:
    """Certificates checked against the operating system's own store (truststore)."""
    import truststore  # imported when a list is downloaded: it loads the system's TLS libraries

    return truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)


def cache_folder() -> Path:
    """Where downloaded lists are kept: the user's cache folder, `forsxl/ratings` in it (Windows `%LOCALAPPDATA%`,
    macOS `~/Library/Caches`, elsewhere `$XDG_CACHE_HOME` or `~/.cache`)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "forsxl" / "ratings"


@dataclass(frozen=True)
class Cached:
    """A list in the cache: its file, the date it is of (`YYYY-MM-DD`), and the day it was downloaded."""

    path: Path
    listed: str
    fetched: date


_CACHED = re.compile(r"^(?P<source>[a-z]+)-(?P<date>\d{4}-\d{2}-\d{2})\.\w+$")


def cached_lists(source: str, folder: Path) -> list[Cached]:
    """The lists of `source` in the cache folder, oldest first."""
    found = []
    for path in folder.glob(f"{source}-*") if folder.is_dir() else []:
        match = _CACHED.match(path.name)
        if match and match["source"] == source:
            found.append(Cached(path, match["date"], datetime.fromtimestamp(path.stat().st_mtime).date()))
    return sorted(found, key=lambda c: c.listed)


def keep(folder: Path, name: str, data: bytes) -> Path | None:
    """`data` written into the cache as `name`, whole or not at all; None when the folder cannot be written (the
    list is used all the same, and fetched again next time)."""
    target = folder / name
    temporary = folder / f".{name}.part"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(data)
        os.replace(temporary, target)
    except OSError:
        temporary.unlink(missing_ok=True)
        return None
    return target
