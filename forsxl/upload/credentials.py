"""The password of a login, never from the workbook (issue 46): the user's ~/.netrc, then the system's keyring.

SFTP needs neither where the SSH agent or a key in ~/.ssh logs in; S3 reads the AWS variables and profiles itself;
git asks its own credential helpers and SSH.
"""

from __future__ import annotations

import netrc
import os

from forsxl.engine.errors import ForsxlError
from forsxl.upload.target import Target

KEYRING_SERVICE = "forsxl"
"""The keyring's service for forsxl's logins; the login is the target's `scheme://user@host` (Target.login)."""


def _netrc(target: Target) -> tuple[str, str] | None:
    """(login, password) for the host in the user's ~/.netrc (the file ftp, curl and git read), or None."""
    try:
        entry = netrc.netrc(os.environ.get("NETRC")).authenticators(target.host)
    except FileNotFoundError:
        return None
    except (netrc.NetrcParseError, OSError) as error:  # unreadable, or readable by others (netrc refuses it)
        raise ForsxlError("", "upload_netrc", target=target.address, why=str(error)) from None
    if entry is None or (target.user and entry[0] and entry[0] != target.user):
        return None
    return entry[0] or target.user, entry[2] or ""


def keyring_password(target: Target) -> str | None:
    """The password the system's keyring keeps for the target's login, or None (no keyring installed, none kept,
    or a keyring that cannot be reached, as on a server without a desktop session)."""
    try:
        import keyring
        from keyring.errors import KeyringError
    except ImportError:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, target.login)
    except KeyringError:
        return None


def login(target: Target) -> tuple[str, str | None]:
    """The user and password to log in with: the address's user, its password from ~/.netrc, else from the
    keyring; no password (None) where neither has one."""
    found = _netrc(target)
    if found is not None:
        return found
    return target.user, keyring_password(target)


def keep_password(target: Target, password: str) -> None:
    """Keep `password` for the target's login in the system's keyring (`forsxl login`)."""
    try:
        import keyring
        from keyring.errors import KeyringError
    except ImportError:
        raise ForsxlError("", "upload_needs", target=target.login, package="keyring") from None
    try:
        keyring.set_password(KEYRING_SERVICE, target.login, password)
    except KeyringError as error:
        raise ForsxlError("", "keyring_failed", target=target.login, why=str(error) or type(error).__name__) from None
