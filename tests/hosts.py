"""Local servers for the upload tests (issue 46), each on 127.0.0.1 at a port the system picks, started by a test
and stopped by it: FTP and FTPS (pyftpdlib), SFTP (paramiko's server interface over a folder), WebDAV (wsgidav on
cheroot), S3 (moto's server mode). Each serves a folder of the test's own, or a bucket, and can be told to answer as a
host with a full disk does.
"""

from __future__ import annotations

import datetime
import errno
import ipaddress
import os
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

USER, PASSWORD = "club", "s3cret"


@dataclass
class Server:
    """A running server: its port, and the switch that makes it answer as a host whose disk is full."""

    port: int
    full: list[bool] = field(default_factory=lambda: [False])

    def fill(self, full: bool = True) -> None:
        self.full[0] = full


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key (PEM), for FTPS and the client's trust (SSL_CERT_FILE)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


@contextmanager
def ftp_server(root: Path, tls: tuple[Path, Path] | None = None) -> Iterator[Server]:
    """pyftpdlib serving `root` to USER with PASSWORD; FTPS (explicit TLS, required) with the `tls` certificate."""
    from pyftpdlib.authorizers import DummyAuthorizer
    from pyftpdlib.handlers import FTPHandler, TLS_FTPHandler
    from pyftpdlib.servers import FTPServer

    full = [False]
    base: Any = TLS_FTPHandler if tls else FTPHandler

    class Handler(base):  # type: ignore[misc,valid-type]
        def ftp_STOR(self, file: str, mode: str = "w") -> Any:
            if full[0]:  # what a host over its quota answers (RFC 959)
                self.respond("552 Requested file action aborted: exceeded storage allocation.")
                return None
            return super().ftp_STOR(file, mode)

    authorizer = DummyAuthorizer()
    authorizer.add_user(USER, PASSWORD, str(root), perm="elradfmwMT")
    Handler.authorizer = authorizer
    if tls:
        Handler.certfile, Handler.keyfile = str(tls[0]), str(tls[1])
        Handler.tls_control_required = Handler.tls_data_required = True
    server = FTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"timeout": 0.05, "blocking": True}, daemon=True)
    thread.start()
    try:
        yield Server(server.address[1], full)
    finally:
        server.close_all()
        thread.join(10)


@contextmanager
def sftp_server(root: Path, host_key: Any, client_key: Any) -> Iterator[Server]:
    """paramiko's server side: USER logs in with `client_key` or PASSWORD and reads and writes `root` over SFTP,
    with OpenSSH's posix-rename."""
    import paramiko

    full = [False]

    class Login(paramiko.ServerInterface):
        def get_allowed_auths(self, username: str) -> str:
            return "publickey,password"

        def check_auth_publickey(self, username: str, key: Any) -> int:
            ok = username == USER and key.get_base64() == client_key.get_base64()
            return paramiko.AUTH_SUCCESSFUL if ok else paramiko.AUTH_FAILED

        def check_auth_password(self, username: str, password: str) -> int:
            ok = username == USER and password == PASSWORD
            return paramiko.AUTH_SUCCESSFUL if ok else paramiko.AUTH_FAILED

        def check_channel_request(self, kind: str, chanid: int) -> int:
            return paramiko.OPEN_SUCCEEDED if kind == "session" else paramiko.OPEN_FAILED_ADMINISTRATIVELY_PROHIBITED

    class Handle(paramiko.SFTPHandle):
        def stat(self) -> Any:
            return paramiko.SFTPAttributes.from_stat(os.fstat(self.readfile.fileno()))

    class Folder(paramiko.SFTPServerInterface):
        def _real(self, path: str) -> str:
            return str(root / self.canonicalize(path).lstrip("/"))

        def canonicalize(self, path: str) -> str:
            return os.path.normpath("/" + path).replace("\\", "/")

        def _errno(self, action: Callable[[], Any]) -> Any:
            try:
                return action()
            except OSError as error:
                return paramiko.SFTPServer.convert_errno(error.errno)

        def list_folder(self, path: str) -> Any:
            real = self._real(path)
            return self._errno(lambda: [paramiko.SFTPAttributes.from_stat(os.stat(os.path.join(real, name)), name)
                                        for name in os.listdir(real)])

        def stat(self, path: str) -> Any:
            return self._errno(lambda: paramiko.SFTPAttributes.from_stat(os.stat(self._real(path))))

        lstat = stat

        def open(self, path: str, flags: int, attr: Any) -> Any:
            if full[0] and flags & (os.O_WRONLY | os.O_RDWR):
                return paramiko.SFTPServer.convert_errno(errno.ENOSPC)
            real = self._real(path)

            def opened() -> Any:
                fd = os.open(real, flags, 0o644)
                mode = "wb" if flags & os.O_WRONLY else "r+b" if flags & os.O_RDWR else "rb"
                handle = Handle(flags)
                handle.filename = real
                handle.readfile = handle.writefile = os.fdopen(fd, mode)
                return handle

            return self._errno(opened)

        def remove(self, path: str) -> Any:
            return self._errno(lambda: os.remove(self._real(path)) or paramiko.SFTP_OK)

        def rename(self, old: str, new: str) -> Any:
            if os.path.exists(self._real(new)):  # SFTP v3: onto a free name only
                return paramiko.SFTP_FAILURE
            return self._errno(lambda: os.rename(self._real(old), self._real(new)) or paramiko.SFTP_OK)

        def posix_rename(self, old: str, new: str) -> Any:
            return self._errno(lambda: os.replace(self._real(old), self._real(new)) or paramiko.SFTP_OK)

        def mkdir(self, path: str, attr: Any) -> Any:
            return self._errno(lambda: os.mkdir(self._real(path)) or paramiko.SFTP_OK)

    listener = socket.create_server(("127.0.0.1", 0))
    transports: list[Any] = []

    def accept() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:  # closed: the test is over
                return
            transport = paramiko.Transport(connection)
            transport.add_server_key(host_key)
            transport.set_subsystem_handler("sftp", paramiko.SFTPServer, Folder)
            transports.append(transport)
            with suppress(paramiko.SSHException, EOFError, OSError):
                transport.start_server(server=Login())

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield Server(listener.getsockname()[1], full)
    finally:
        listener.close()
        thread.join(10)
        for transport in transports:
            transport.close()


@contextmanager
def webdav_server(root: Path) -> Iterator[Server]:
    """wsgidav on cheroot serving `root` to USER with PASSWORD (HTTP basic); a full disk answers 507."""
    from cheroot import wsgi
    from wsgidav.wsgidav_app import WsgiDAVApp

    full = [False]
    dav = WsgiDAVApp({
        "provider_mapping": {"/": str(root)},
        "simple_dc": {"user_mapping": {"*": {USER: {"password": PASSWORD}}}},
        "http_authenticator": {"accept_basic": True, "accept_digest": False, "default_to_digest": False},
        "verbose": 0, "logging": {"enable": False}, "lock_storage": True,
    })

    def app(environ: dict[str, Any], start_response: Any) -> Any:
        if full[0] and environ["REQUEST_METHOD"] == "PUT":
            start_response("507 Insufficient Storage", [("Content-Length", "0")])
            return [b""]
        return dav(environ, start_response)

    server = wsgi.Server(("127.0.0.1", 0), app)
    server.prepare()
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    try:
        yield Server(server.bind_addr[1], full)
    finally:
        server.stop()
        thread.join(10)


@contextmanager
def s3_server() -> Iterator[Server]:
    """moto's S3 in server mode: a real HTTP endpoint that boto3 reaches through AWS_ENDPOINT_URL."""
    from moto.server import ThreadedMotoServer

    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        yield Server(server.get_host_and_port()[1])
    finally:
        server.stop()
