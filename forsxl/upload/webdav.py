"""webdav:// and webdavs:// (HTTP and HTTPS) through webdav4, on httpx: a Nextcloud or ownCloud folder, a hosting's
WebDAV, Apache's mod_dav. The login: the address's user with the password from ~/.netrc or the keyring.

`webdavs://cloud.example.org/remote.php/dav/files/club/results` is the folder at that path of
`https://cloud.example.org`; folders are made where missing. A file is uploaded under a temporary name and moved
over the old one (MOVE with Overwrite).
"""

from __future__ import annotations

import io
import posixpath
from contextlib import suppress

from forsxl.engine.errors import ForsxlError
from forsxl.upload.credentials import login
from forsxl.upload.host import needs, why
from forsxl.upload.target import TIMEOUT, Target

LOGIN_REFUSED = (401, 403)
DISK_FULL = (507, 413)  # 507 Insufficient Storage (RFC 4918), webdav4's InsufficientStorage; 413 a quota on a file


class WebdavHost:
    def __init__(self, target: Target) -> None:
        try:
            from webdav4.client import Client, ResourceAlreadyExists
        except ImportError:  # the optional extra forsxl[publish]
            raise needs(target, "webdav4") from None
        user, password = login(target)
        port = f":{target.port}" if target.port else ""
        base = f"{'https' if target.scheme == 'webdavs' else 'http'}://{target.host}{port}"
        self.client = Client(base, auth=(user, password or "") if user else None, timeout=TIMEOUT, retry=False)
        self.folder = "/" + target.path.strip("/")
        made = ""
        for part in (part for part in self.folder.split("/") if part):
            made += "/" + part
            if not self.client.exists(made):
                with suppress(ResourceAlreadyExists):  # made meanwhile by another publish
                    self.client.mkdir(made)

    def _path(self, name: str) -> str:
        return posixpath.join(self.folder, name)

    def read(self, name: str) -> bytes | None:
        from webdav4.client import ResourceNotFound

        buffer = io.BytesIO()
        try:
            self.client.download_fileobj(self._path(name), buffer)
        except ResourceNotFound:
            return None
        return buffer.getvalue()

    def write(self, name: str, data: bytes) -> None:
        partial = self._path(f".{name}.part")
        self.client.upload_fileobj(io.BytesIO(data), partial, overwrite=True, size=len(data))
        self.client.move(partial, self._path(name), overwrite=True)

    def remove(self, name: str) -> None:
        from webdav4.client import ResourceNotFound

        with suppress(ResourceNotFound):
            self.client.remove(self._path(name))

    def done(self) -> None:
        pass

    def close(self) -> None:
        self.client.http.close()


def classify(error: BaseException, target: Target) -> ForsxlError | None:
    """HTTP's answers in words: 401 and 403 the login refused, 507 no room on the host; a connection that failed."""
    import httpx
    from webdav4.client import HTTPError, InsufficientStorage

    status = error.status_code if isinstance(error, HTTPError) else None
    if status in LOGIN_REFUSED:
        return ForsxlError("", "upload_login", target=target.address, why=why(error))
    if status in DISK_FULL or isinstance(error, InsufficientStorage):
        return ForsxlError("", "upload_full", target=target.address, why=why(error))
    if isinstance(error, httpx.TimeoutException):
        return ForsxlError("", "upload_timeout", target=target.address, seconds=TIMEOUT)
    if isinstance(error, httpx.ConnectError):
        return ForsxlError("", "upload_connect", target=target.address, why=why(error))
    return None
