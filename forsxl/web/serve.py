"""`forsxl web serve`: the built page on 127.0.0.1, for this computer only (issue 42).

Any static host serves the site as well; this one sends each type the page needs with its right media type
(WebAssembly's is what lets the browser compile the runtime while it downloads) and gzips what gzip shrinks, as
static hosts do, so that what it measures is what a visitor downloads.
"""

from __future__ import annotations

import gzip
import mimetypes
import threading
from collections.abc import Callable
from functools import cache
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from forsxl.engine.errors import ForsxlError

HOST = "127.0.0.1"
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json",
         ".whl": "application/zip", ".zip": "application/zip", ".html": "text/html; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}
GZIPPED = (".wasm", ".mjs", ".js", ".json", ".html", ".css", ".svg")
"""What is sent gzipped to a browser that accepts it; wheels and the runtime's library are zips already."""


@cache
def _gzipped(path: Path, mtime_ns: int) -> bytes:
    """The file gzipped, once for each time it is written."""
    return gzip.compress(path.read_bytes(), compresslevel=9, mtime=0)


def handler(root: Path) -> type[SimpleHTTPRequestHandler]:
    """A request handler serving the files under `root`, and nothing above it."""

    class Handler(SimpleHTTPRequestHandler):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, directory=str(root), **kwargs)  # type: ignore[arg-type]

        def do_GET(self) -> None:
            self._send(body=True)

        def do_HEAD(self) -> None:
            self._send(body=False)

        def _send(self, body: bool) -> None:
            path = Path(self.translate_path(self.path))  # within root: `..` and the query dropped
            if path.is_dir():
                path = path / "index.html"
            if not path.is_file():
                self.send_error(404)
                return
            zipped = path.suffix in GZIPPED and "gzip" in self.headers.get("Accept-Encoding", "")
            data = _gzipped(path, path.stat().st_mtime_ns) if zipped else path.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", TYPES.get(path.suffix) or mimetypes.guess_type(path.name)[0]
                             or "application/octet-stream")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-cache")  # the service worker keeps the page; the server is asked
            self.send_header("Vary", "Accept-Encoding")
            if zipped:
                self.send_header("Content-Encoding", "gzip")
            self.end_headers()
            if body:
                self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            pass  # a request is no news

    return Handler


def server(root: Path, port: int) -> ThreadingHTTPServer:
    """A server of the site in `root` on 127.0.0.1:`port` (0: a free port), not yet serving."""
    if not (root / "build.json").is_file():
        raise ForsxlError("", "web_no_site", path=root)
    try:
        return ThreadingHTTPServer((HOST, port), handler(root))
    except OSError as error:
        raise ForsxlError("", "web_port_busy", port=port, why=error.strerror or error) from None


def url(running: ThreadingHTTPServer) -> str:
    return f"http://{HOST}:{running.server_address[1]}/"


def serve(root: Path, port: int, say: Callable[[str], None]) -> None:
    """Serve the site in `root` until Ctrl-C, saying where."""
    running = server(root, port)
    say(url(running))
    try:
        running.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        running.server_close()


def in_background(root: Path, port: int = 0) -> tuple[ThreadingHTTPServer, threading.Thread]:
    """A server of `root` running in a thread (tests and the benchmark): stop it with `.shutdown()`."""
    running = server(root, port)
    thread = threading.Thread(target=running.serve_forever, daemon=True)
    thread.start()
    return running, thread
