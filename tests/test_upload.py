"""`forsxl publish --to URL` (issue 46): the results site sent to the club's host, each kind of host a local server
that the test starts on 127.0.0.1 and stops (tests/hosts.py), or a bare git repository in the test's folder.

Each publishes the example, changes a result as a referee types it, publishes again, and compares the host's files
with the site written here: the same bytes, only the pages that changed sent again, each written whole. Then what a
failed upload says (no network, a wrong password, a full disk), that the site is written here all the same and the
workbook untouched, and that --watch sends again at the next save.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hosts import PASSWORD, USER, certificate, ftp_server, s3_server, sftp_server, webdav_server
from typer.testing import CliRunner

from forsxl.cli import app
from forsxl.upload.send import MANIFEST, read_manifest
from forsxl.upload.target import parse_target, public_address

pytestmark = pytest.mark.filterwarnings(  # pyftpdlib on Python 3.11 runs on the standard library's asyncore
    "ignore:The asyn(core|chat) module is deprecated:DeprecationWarning")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "club.xlsx"
PAGES = 25
"""The example's site: index, 3 rounds, 20 cards, regulation (a Fors club tournament)."""
CHANGED = "Тур-3", 2, "Ч+"  # the example's results are typed in its Russian letters
"""Board 1 of round 3 won by Black instead of White: the standings, the round, both cards and more change."""


class MemoryKeyring:
    """A keyring of the test's own (keyring's backend interface), so that no test reads or writes the system's."""

    priority = 1

    def __init__(self) -> None:
        self.kept: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.kept.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.kept[service, username] = password


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the test's own: its ~/.netrc, ~/.ssh, cache; no SSH agent, no AWS profile, an empty keyring."""
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    for name in ("SSH_AUTH_SOCK", "NETRC", "AWS_PROFILE", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
                 "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL", "GIT_SSH_COMMAND"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AWS_CONFIG_FILE", str(home / "aws-config"))
    monkeypatch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(home / "aws-credentials"))
    import keyring

    ring = MemoryKeyring()
    monkeypatch.setattr(keyring, "get_password", ring.get_password)
    monkeypatch.setattr(keyring, "set_password", ring.set_password)
    return home


def netrc(home: Path, password: str = PASSWORD) -> None:
    path = home / ".netrc"
    path.write_text(f"machine 127.0.0.1\nlogin {USER}\npassword {password}\n", encoding="utf-8")
    path.chmod(0o600)


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "club.xlsx"
    shutil.copy(EXAMPLE, path)
    return path


def publish(book: Path, *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, ["publish", str(book), "-o", str(book.parent / "site"), *args])
    assert result.exit_code == code, result.output
    return result.output


def change_a_result(book: Path) -> None:
    """Type another result over one, as a referee corrects a slip read wrong."""
    workbook = openpyxl.load_workbook(book)
    sheet_name, row, result = CHANGED
    workbook[sheet_name].cell(row, 8).value = result
    workbook.save(book)


def sent(out: str) -> tuple[int, int]:
    """The pages sent and the pages of the site, from the line a publish ends with (in the example's Russian:
    `…: опубликовано, отправлено 4 из 25 страниц`)."""
    line = next(line for line in out.splitlines() if "опубликовано" in line)
    found = re.search(r"отправлено (\d+) из (\d+) страниц", line)
    assert found, line
    return int(found[1]), int(found[2])


def host_files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file() and path.name != MANIFEST}


def local_site(book: Path) -> dict[str, bytes]:
    return host_files(book.parent / "site")


def identities(folder: Path) -> dict[str, int]:
    """Each file's inode: a file written again under a temporary name and renamed has a new one."""
    return {path.name: path.stat().st_ino for path in folder.iterdir() if path.is_file()}


def round_trip(book: Path, address: str, served: Path | Callable[[], dict[str, bytes]], *args: str) -> None:
    """Publish, change a result, publish again: every time the host has the site written here, byte for byte, with
    no temporary left; the second time only the pages that changed were sent."""
    files = served if callable(served) else lambda: host_files(served)
    assert sent(publish(book, "--to", address, *args)) == (PAGES, PAGES)
    assert files() == local_site(book) and len(local_site(book)) == PAGES
    before = identities(served) if isinstance(served, Path) else {}
    change_a_result(book)
    again, _ = sent(publish(book, *args))  # the address is kept in Config: --to is not needed again
    assert 0 < again < PAGES
    assert files() == local_site(book)
    if isinstance(served, Path):
        after = identities(served)
        renewed = {name for name in before if name in after and after[name] != before[name]} - {MANIFEST}
        assert len(renewed) == again and "index.html" in renewed  # only what changed, each renamed into place
        assert not [name for name in after if name.endswith(".part")]
        assert read_manifest((served / MANIFEST).read_bytes()).keys() == local_site(book).keys()


def test_ftp(book: Path, tmp_path: Path, home: Path) -> None:
    served = tmp_path / "ftp"
    served.mkdir()
    netrc(home)
    with ftp_server(served) as server:
        round_trip(book, f"ftp://{USER}@127.0.0.1:{server.port}/www/results", served / "www" / "results")


def test_ftps_checks_the_certificate(book: Path, tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    served = tmp_path / "ftps"
    served.mkdir()
    netrc(home)
    tls = certificate(tmp_path)
    with ftp_server(served, tls) as server:
        address = f"ftps://{USER}@127.0.0.1:{server.port}/results"
        out = publish(book, "--to", address, code=1)  # a certificate nobody vouched for
        assert "сертификату сервера нельзя доверять" in out and not (served / "results").exists()
        monkeypatch.setenv("SSL_CERT_FILE", str(tls[0]))  # the club's host, trusted
        round_trip(book, address, served / "results")


@pytest.fixture
def ssh_keys(home: Path) -> tuple[Any, Any]:
    """The host's key and the referee's, the referee's in ~/.ssh as ssh-keygen leaves it."""
    import paramiko

    host_key, client_key = paramiko.ECDSAKey.generate(), paramiko.ECDSAKey.generate()
    client_key.write_private_key_file(str(home / ".ssh" / "id_ecdsa"))
    return host_key, client_key


def known_host(home: Path, port: int, key: Any) -> None:
    (home / ".ssh" / "known_hosts").write_text(f"[127.0.0.1]:{port} {key.get_name()} {key.get_base64()}\n")


def test_sftp_with_the_key_in_dot_ssh(book: Path, tmp_path: Path, home: Path, ssh_keys: tuple[Any, Any]) -> None:
    served = tmp_path / "sftp"
    served.mkdir()
    with sftp_server(served, *ssh_keys) as server:
        address = f"sftp://{USER}@127.0.0.1:{server.port}/results"  # the server's root is `served`
        out = publish(book, "--to", address, code=1)
        assert f"{address}: не отправлено: SSH-ключ сервера 127.0.0.1 здесь неизвестен" in out
        known_host(home, server.port, ssh_keys[0])
        round_trip(book, address, served / "results")


def test_webdav(book: Path, tmp_path: Path, home: Path) -> None:
    served = tmp_path / "dav"
    served.mkdir()
    netrc(home)
    with webdav_server(served) as server:
        round_trip(book, f"webdav://{USER}@127.0.0.1:{server.port}/club/results", served / "club" / "results")


def test_s3(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import boto3

    with s3_server() as server:
        monkeypatch.setenv("AWS_ENDPOINT_URL", f"http://127.0.0.1:{server.port}")
        monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
        monkeypatch.setenv("AWS_ACCESS_KEY_ID", "club")
        monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "s3cret")
        s3 = boto3.client("s3")
        s3.create_bucket(Bucket="club-results")

        def served() -> dict[str, bytes]:
            listed = s3.list_objects_v2(Bucket="club-results", Prefix="spring/").get("Contents", [])
            return {item["Key"].removeprefix("spring/"): s3.get_object(Bucket="club-results", Key=item["Key"])[
                "Body"].read() for item in listed if not item["Key"].endswith(MANIFEST)}

        round_trip(book, "s3://club-results/spring", served)
        head = s3.head_object(Bucket="club-results", Key="spring/index.html")
        assert head["ContentType"] == "text/html; charset=utf-8" and head["CacheControl"] == "no-cache"


def test_git_repository_served_as_pages(book: Path, tmp_path: Path) -> None:
    """A bare repository stands for GitHub's: the site is committed to its gh-pages branch and pushed."""
    remote = tmp_path / "results.git"
    subprocess.run(["git", "init", "--quiet", "--bare", str(remote)], check=True)

    def served() -> dict[str, bytes]:
        names = subprocess.run(["git", "--git-dir", str(remote), "ls-tree", "--name-only", "gh-pages"],
                               check=True, capture_output=True, text=True).stdout.split()
        return {name: subprocess.run(["git", "--git-dir", str(remote), "show", f"gh-pages:{name}"], check=True,
                                     capture_output=True).stdout for name in names if name != MANIFEST}

    round_trip(book, f"git+file://{remote}", served)
    log = subprocess.run(["git", "--git-dir", str(remote), "log", "--format=%s", "gh-pages"], check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert log == ["Results published by forsxl"] * 2  # one commit a publish that changed something
    publish(book)
    assert len(subprocess.run(["git", "--git-dir", str(remote), "log", "--format=%s", "gh-pages"], check=True,
                              capture_output=True, text=True).stdout.splitlines()) == 2  # nothing new: no commit


def test_a_repository_made_again_at_the_same_address_is_published_to(book: Path, tmp_path: Path) -> None:
    """The club deletes its results repository and makes it again: forsxl's clone kept from the first has the branch
    the new repository lacks, and starts it again instead of failing on it."""
    remote = tmp_path / "results.git"
    for _ in range(2):
        shutil.rmtree(remote, ignore_errors=True)
        subprocess.run(["git", "init", "--quiet", "--bare", str(remote)], check=True)
        publish(book, "--to", f"git+file://{remote}")
        log = subprocess.run(["git", "--git-dir", str(remote), "log", "--format=%s", "gh-pages"], check=True,
                             capture_output=True, text=True).stdout.splitlines()
        assert log == ["Results published by forsxl"]


def free_port() -> int:
    """A port nobody listens on: the host out of reach, as with no network in the hall."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def workbook_bytes(book: Path) -> bytes:
    return book.read_bytes()


def test_no_network_is_one_line_and_the_site_is_written_here(book: Path) -> None:
    address = f"ftp://{USER}@127.0.0.1:{free_port()}/results"
    publish(book, "--to", address, code=1)
    before = workbook_bytes(book)
    out = publish(book, code=1)
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines[-1].startswith(f"{address}: не отправлено: нет соединения (") and len(lines) == 2, out
    assert len(local_site(book)) == PAGES and workbook_bytes(book) == before


def test_a_wrong_password_is_one_line(book: Path, tmp_path: Path, home: Path) -> None:
    served = tmp_path / "ftp"
    served.mkdir()
    netrc(home, "wrong")
    with ftp_server(served) as server, webdav_server(served) as dav:
        for address in (f"ftp://{USER}@127.0.0.1:{server.port}/r", f"webdav://{USER}@127.0.0.1:{dav.port}/r"):
            out = publish(book, "--to", address, code=1)
            assert f"{address}: не отправлено: имя пользователя или пароль не подошли (" in out, out
    assert len(local_site(book)) == PAGES and list(served.iterdir()) == []


@pytest.mark.parametrize("kind", ["ftp", "webdav", "sftp"])
def test_a_full_disk_on_the_host_is_one_line(kind: str, book: Path, tmp_path: Path, home: Path,
                                             ssh_keys: tuple[Any, Any]) -> None:
    served = tmp_path / kind
    served.mkdir()
    netrc(home)
    start = {"ftp": lambda: ftp_server(served), "webdav": lambda: webdav_server(served),
             "sftp": lambda: sftp_server(served, *ssh_keys)}[kind]
    with start() as server:
        known_host(home, server.port, ssh_keys[0])
        address = f"{kind}://{USER}@127.0.0.1:{server.port}/r"
        server.fill()
        out = publish(book, "--to", address, code=1)
        said = {"ftp": "диск на сервере заполнен (552 ", "webdav": "диск на сервере заполнен (Insufficient Storage",
                "sftp": "сервер не принял "}[kind]
        assert f"{address}: не отправлено: {said}" in out, out
        assert not (served / "r" / "index.html").exists()  # the index last: no link to pages not there
        server.fill(False)
        assert sent(publish(book)) == (PAGES, PAGES)
    assert host_files(served / "r") == local_site(book)


def saved(book: Path) -> None:
    """The workbook saved again, a second later as its time says (no clock decides the test)."""
    stamp = book.stat().st_mtime_ns + 10**9
    os.utime(book, ns=(stamp, stamp))


def test_watch_sends_again_at_the_next_save(book: Path, tmp_path: Path, home: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The host fails at one save: one line, the watch goes on, and the next save sends what changed since the
    host last took the site; one attempt a save, never a queue of them."""
    import forsxl.app.publish as use_case
    from forsxl.app.watch import watch_file

    served = tmp_path / "ftp"
    served.mkdir()
    netrc(home)
    with ftp_server(served) as server:
        publish(book, "--to", f"ftp://{USER}@127.0.0.1:{server.port}/r")
        steps = iter([lambda: (server.fill(), change_a_result(book), saved(book)), lambda: None,
                      lambda: (server.fill(False), saved(book)), lambda: None])

        def sleep(_: float) -> None:  # a poll a step: the test saves the workbook between polls
            next(steps, lambda: (_ for _ in ()).throw(KeyboardInterrupt))()

        monkeypatch.setattr(use_case, "watch_file", lambda path, republish, report, interval: watch_file(
            path, republish, report, interval, sleep=sleep))
        out = publish(book, "--watch")
    failed = [line for line in out.splitlines() if "не отправлено" in line]
    assert len(failed) == 1 and failed[0].endswith("; отправлю снова при следующем сохранении"), out
    published = [sent(line) for line in out.splitlines() if "опубликовано" in line]
    assert published[0] == (0, PAGES) and len(published) == 2 and published[1][0] > 0, out
    assert host_files(served / "r") == local_site(book)


def test_an_address_with_a_password_is_refused_and_nothing_is_written(book: Path) -> None:
    before = workbook_bytes(book)
    out = publish(book, "--to", "ftp://club:secret@ftp.example.org/r", code=1)
    assert "ftp://club@ftp.example.org/r: пароль в адресе остался бы в книге" in out
    assert "secret" not in out and workbook_bytes(book) == before and not (book.parent / "site").exists()


def test_the_targets_forsxl_reads() -> None:
    target = parse_target("git+ssh://git@github.com/Club/results.git#main")
    assert (target.remote, target.branch, public_address(target)) == (
        "ssh://git@github.com/Club/results.git", "main", "https://club.github.io/results/")
    assert public_address(parse_target("git+https://github.com/club/club.github.io")) == "https://club.github.io/"
    assert parse_target("git+file:///srv/results.git").branch == "gh-pages"
    assert parse_target("sftp://club@example.org:2222/~/www").login == "sftp://club@example.org:2222"
    assert public_address(parse_target("sftp://club@example.org/www")) == ""


def test_forsxl_login_keeps_the_password_in_the_keyring_where_publish_finds_it(book: Path, tmp_path: Path) -> None:
    """No ~/.netrc: the password typed once into `forsxl login`, kept in the keyring, never in the workbook."""
    served = tmp_path / "ftp"
    served.mkdir()
    with ftp_server(served) as server:
        address = f"ftp://{USER}@127.0.0.1:{server.port}/r"
        assert "не подошли" in publish(book, "--to", address, code=1)  # anonymous: refused
        result = CliRunner().invoke(app, ["login", address], input=f"{PASSWORD}\n")
        assert result.exit_code == 0 and f"ftp://{USER}@127.0.0.1:{server.port}: " in result.output, result.output
        assert PASSWORD not in result.output
        assert sent(publish(book)) == (PAGES, PAGES)
    config = openpyxl.load_workbook(book)["Настройки"]
    kept = [row[:2] for row in config.iter_rows(values_only=True) if row[0] == "publish.to"]
    assert kept == [("publish.to", address)]
    assert PASSWORD not in str(list(config.iter_rows(values_only=True)))
