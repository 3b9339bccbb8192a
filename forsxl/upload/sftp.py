"""sftp:// through paramiko, as OpenSSH's own client would log in: ~/.ssh/config for the host's name, port, user and
keys, the SSH agent and the keys in ~/.ssh, then a password from the keyring; only a host whose key ~/.ssh/known_hosts
holds (connect once with `ssh` to accept it).

The address's folder is absolute (`sftp://club@example.org/var/www/results`), `/~/` starting from the login's home.
A file is written under a temporary name and renamed over the old one by OpenSSH's posix-rename, or, on a server
without it, after the old one is removed.
"""

from __future__ import annotations

import os
import posixpath
from contextlib import suppress
from pathlib import Path
from typing import Any

from forsxl.engine.errors import ForsxlError
from forsxl.upload.credentials import keyring_password
from forsxl.upload.host import needs, why
from forsxl.upload.target import TIMEOUT, Target


def _ssh_config(host: str) -> dict[str, Any]:
    """What ~/.ssh/config says of `host` (HostName, Port, User, IdentityFile), as OpenSSH reads it."""
    import paramiko

    path = Path(os.path.expanduser("~/.ssh/config"))
    return dict(paramiko.SSHConfig.from_path(str(path)).lookup(host)) if path.is_file() else {}


class SftpHost:
    def __init__(self, target: Target) -> None:
        try:
            import paramiko
        except ImportError:  # the optional extra forsxl[publish]
            raise needs(target, "paramiko") from None
        config = _ssh_config(target.host)
        self.client = paramiko.SSHClient()
        self.client.load_system_host_keys()
        self.client.set_missing_host_key_policy(paramiko.RejectPolicy())
        keys = [os.path.expanduser(key) for key in config.get("identityfile", [])]
        self.client.connect(
            config.get("hostname", target.host), target.port or int(config.get("port", 22)),
            username=target.user or config.get("user") or None, password=keyring_password(target),
            key_filename=[key for key in keys if os.path.isfile(key)] or None,  # type: ignore[arg-type]  # a list too
            timeout=TIMEOUT,
            banner_timeout=TIMEOUT, auth_timeout=TIMEOUT, channel_timeout=TIMEOUT)
        self.sftp = self.client.open_sftp()
        channel = self.sftp.get_channel()
        if channel is not None:
            channel.settimeout(TIMEOUT)
        folder = target.path.removeprefix("/~").removeprefix("/") if target.path.startswith("/~") else target.path
        self.folder = folder or "."
        self._make(self.folder)

    def _make(self, folder: str) -> None:
        """The folder and those above it, made where missing."""
        try:
            self.sftp.stat(folder)
        except FileNotFoundError:
            parent = posixpath.dirname(folder.rstrip("/"))
            if parent and parent != folder:
                self._make(parent)
            self.sftp.mkdir(folder)

    def _path(self, name: str) -> str:
        return posixpath.join(self.folder, name)

    def read(self, name: str) -> bytes | None:
        try:
            with self.sftp.open(self._path(name), "rb") as file:
                return bytes(file.read())
        except FileNotFoundError:
            return None

    def write(self, name: str, data: bytes) -> None:
        partial = self._path(f".{name}.part")
        with self.sftp.open(partial, "wb") as file:
            file.write(data)
        try:
            self.sftp.posix_rename(partial, self._path(name))
        except OSError:  # no posix-rename@openssh.com: SFTP's own rename wants a free name
            self.remove(name)
            self.sftp.rename(partial, self._path(name))

    def remove(self, name: str) -> None:
        with suppress(FileNotFoundError):
            self.sftp.remove(self._path(name))

    def done(self) -> None:
        pass

    def close(self) -> None:
        self.client.close()


def classify(error: BaseException, target: Target) -> ForsxlError | None:
    """paramiko's errors in words: the login refused, a host key not known (or changed)."""
    import paramiko
    if isinstance(error, paramiko.AuthenticationException):
        return ForsxlError("", "upload_login", target=target.address, why=why(error))
    if isinstance(error, paramiko.BadHostKeyException) or (
            isinstance(error, paramiko.SSHException) and "known_hosts" in str(error)):
        return ForsxlError("", "upload_host_key", target=target.address, host=target.host)
    if isinstance(error, paramiko.SSHException):
        return ForsxlError("", "upload_connect", target=target.address, why=why(error))
    return None
