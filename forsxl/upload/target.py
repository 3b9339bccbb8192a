"""Where a site goes: an address such as `sftp://club@example.org/www/results`, read and checked (issue 46)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote, urlsplit, urlunsplit

from forsxl.engine.errors import ForsxlError

SCHEMES = ("sftp", "ftp", "ftps", "webdav", "webdavs", "s3", "git+ssh", "git+https", "git+http", "git+file")
"""The addresses forsxl publishes to, as docs/publish.md names them."""
PAGES_BRANCH = "gh-pages"
"""The branch a git repository serves as pages unless the address names another (`…/results.git#pages`)."""
TIMEOUT = 30
"""Seconds a host may keep silent: a network gone in the hall fails in half a minute, not never."""


@dataclass(frozen=True)
class Target:
    """A checked address: its kind, host, port, user and folder; a git repository's branch in `branch`."""

    address: str
    scheme: str
    host: str
    port: int | None
    user: str
    path: str
    """The folder on the host, unquoted; for s3:// the key prefix, for a git repository the repository's path."""
    branch: str = ""

    @property
    def login(self) -> str:
        """What names the login in the keyring: `ftp://club@ftp.example.org` (docs/publish.md)."""
        port = f":{self.port}" if self.port else ""
        user = f"{self.user}@" if self.user else ""
        return f"{self.scheme}://{user}{self.host}{port}"

    @property
    def remote(self) -> str:
        """A git repository's address as git takes it: without `git+` and the branch."""
        parts = urlsplit(self.address.removeprefix("git+"))
        return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))


def parse_target(address: str) -> Target:
    """The target an address names; a ForsxlError for an address forsxl cannot publish to, or one with a password in
    it (the password would be kept in the workbook's Config and in the shell's history)."""
    address = address.strip()
    parts = urlsplit(address)
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES or (not parts.hostname and scheme != "git+file"):
        raise ForsxlError("", "upload_scheme", target=address)
    if parts.password is not None:
        shown = address.replace(f":{parts.password}@", "@", 1)
        raise ForsxlError("", "upload_password", target=shown)
    try:
        port = parts.port
    except ValueError:
        raise ForsxlError("", "upload_scheme", target=address) from None
    branch = unquote(parts.fragment) if scheme.startswith("git+") else ""
    return Target(address, scheme, parts.hostname or "", port, unquote(parts.username or ""), unquote(parts.path),
                  branch or (PAGES_BRANCH if scheme.startswith("git+") else ""))


def public_address(target: Target) -> str:
    """The site's address where the target alone tells it: a GitHub repository's pages (`https://club.github.io/
    results/`); empty otherwise (Config `publish.url` says it)."""
    if not target.scheme.startswith("git+") or target.host.lower() != "github.com":
        return ""
    owner, _, repository = target.path.strip("/").removesuffix(".git").partition("/")
    if not owner or not repository or "/" in repository:
        return ""
    site = f"https://{owner.lower()}.github.io/"
    return site if repository.lower() == f"{owner.lower()}.github.io" else f"{site}{repository}/"
