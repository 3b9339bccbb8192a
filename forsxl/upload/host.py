"""What send.py asks of a host, and a host's failure in one line (issue 46)."""

from __future__ import annotations

import errno
import socket
from collections.abc import Callable
from typing import Protocol

from forsxl.engine.errors import ForsxlError
from forsxl.upload.target import TIMEOUT, Target


class Host(Protocol):
    """A folder on the club's host, open for one publish."""

    def read(self, name: str) -> bytes | None:
        """The file `name` of the folder, None when there is none."""

    def write(self, name: str, data: bytes) -> None:
        """Write the file `name` whole, so that a reader never sees half of it: to a temporary name, then renamed
        over the old one, where the protocol can rename."""

    def remove(self, name: str) -> None:
        """Remove the file `name`, if it is there."""

    def done(self) -> None:
        """Every write made: a git repository commits and pushes them."""

    def close(self) -> None:
        """Let the host go, whatever happened."""


Classify = Callable[[BaseException, Target], "ForsxlError | None"]
"""A protocol's own reading of its library's errors: the line to say, or None to say the library's words."""


def failure(error: BaseException, target: Target, classify: Classify, file: str = "") -> ForsxlError:
    """The one line a failed upload says: the address, then what went wrong, in words a referee can act on where
    it is known (the network, the password, the host's disk), else the host's or library's own, naming the `file`
    being written when it failed."""
    if isinstance(error, ForsxlError):
        return error
    known = classify(error, target)
    if known is not None:
        return known
    where = target.address
    if isinstance(error, socket.gaierror):
        return ForsxlError("", "upload_no_host", target=where, host=target.host)
    if isinstance(error, TimeoutError | socket.timeout):
        return ForsxlError("", "upload_timeout", target=where, seconds=TIMEOUT)
    if isinstance(error, ConnectionError) or (isinstance(error, OSError) and error.errno in (
            errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ECONNREFUSED)):
        return ForsxlError("", "upload_connect", target=where, why=why(error))
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return ForsxlError("", "upload_full", target=where, why=why(error))
    if file:
        return ForsxlError("", "upload_refused", target=where, file=file, why=why(error))
    return ForsxlError("", "upload_failed", target=where, why=why(error))


def why(error: BaseException) -> str:
    """An error's own words, on one line and not too long."""
    text = " ".join(str(error).split()) or type(error).__name__
    return text if len(text) <= 200 else text[:199] + "…"


def needs(target: Target, package: str) -> ForsxlError:
    """A library the target's protocol needs is not installed: what to install."""
    return ForsxlError("", "upload_needs", target=target.address, scheme=target.scheme, package=package)
