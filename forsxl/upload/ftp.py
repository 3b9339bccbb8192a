"""ftp:// and ftps:// (explicit TLS, the certificate checked) through ftplib, the standard library's FTP client.

The address's folder is taken from the login's own folder, as FTP addresses are (RFC 1738: `ftp://host/%2Fwww` for
one from the root), and made when missing. A file is stored under a temporary name and renamed (RNFR/RNTO); a server
that will not rename over a file has the old one deleted first.
"""

from __future__ import annotations

import ftplib
import io
import ssl

from forsxl.engine.errors import ForsxlError
from forsxl.upload.credentials import login
from forsxl.upload.host import why
from forsxl.upload.target import TIMEOUT, Target

LOGIN_REFUSED = ("530", "332")
DISK_FULL = ("452", "552")


class FtpHost:
    def __init__(self, target: Target) -> None:
        user, password = login(target)
        secure = target.scheme == "ftps"
        self.ftp = ftplib.FTP_TLS(context=ssl.create_default_context(), timeout=TIMEOUT) if secure else ftplib.FTP(
            timeout=TIMEOUT)
        self.ftp.connect(target.host, target.port or 21)
        self.ftp.login(user or "anonymous", password or "")
        if isinstance(self.ftp, ftplib.FTP_TLS):
            self.ftp.prot_p()  # the files too, not only the password
        for folder in (part for part in target.path.split("/") if part):
            try:
                self.ftp.cwd(folder)
            except ftplib.error_perm:
                self.ftp.mkd(folder)
                self.ftp.cwd(folder)

    def read(self, name: str) -> bytes | None:
        buffer = io.BytesIO()
        try:
            self.ftp.retrbinary(f"RETR {name}", buffer.write)
        except ftplib.error_perm as error:
            if str(error).startswith("550"):  # no such file
                return None
            raise
        return buffer.getvalue()

    def write(self, name: str, data: bytes) -> None:
        partial = f".{name}.part"
        self.ftp.storbinary(f"STOR {partial}", io.BytesIO(data))
        try:
            self.ftp.rename(partial, name)
        except ftplib.error_perm:  # a server that renames only onto a free name
            self.remove(name)
            self.ftp.rename(partial, name)

    def remove(self, name: str) -> None:
        try:
            self.ftp.delete(name)
        except ftplib.error_perm as error:
            if not str(error).startswith("550"):
                raise

    def done(self) -> None:
        pass

    def close(self) -> None:
        try:
            self.ftp.quit()
        except (OSError, EOFError, ftplib.Error):
            self.ftp.close()


def classify(error: BaseException, target: Target) -> ForsxlError | None:
    """FTP's reply codes in words: 530 the login refused, 452 and 552 no room on the host."""
    code = str(error)[:3]
    if isinstance(error, ftplib.error_perm | ftplib.error_temp) and code in LOGIN_REFUSED:
        return ForsxlError("", "upload_login", target=target.address, why=why(error))
    if isinstance(error, ftplib.error_perm | ftplib.error_temp) and code in DISK_FULL:
        return ForsxlError("", "upload_full", target=target.address, why=why(error))
    if isinstance(error, ssl.SSLCertVerificationError):
        return ForsxlError("", "upload_certificate", target=target.address, why=why(error))
    return None
