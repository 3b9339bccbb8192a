"""`forsxl serve`: forsxl.api for a program that is not Python, one JSON line each way (docs/api.md; issue 38).

A request per line on standard input, in UTF-8 whatever the locale (a Cyrillic path or sheet name never travels as
command line bytes), an answer per line on standard output, in order, until the input ends. The process stays warm
between requests: the Calc menu starts it at its first click and pays for Python's start and forsxl's imports once.
"""

from __future__ import annotations

import json
import sys
import traceback
from contextlib import redirect_stdout
from typing import IO, Any

from forsxl import api


def serve(requests: IO[bytes], answers: IO[bytes]) -> None:
    """Answer each line of `requests` on `answers` (`api.answer`), flushed at once; what a command prints by
    mistake goes to stderr, never among the answers."""
    api.warm()
    for line in requests:
        if not line.strip():
            continue
        with redirect_stdout(sys.stderr):
            answer = _answer(line)
        answers.write(json.dumps(answer, ensure_ascii=False).encode("utf-8") + b"\n")
        answers.flush()


def _answer(line: bytes) -> dict[str, Any]:
    try:
        request = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return {"id": None, **api.Outcome(2, err=[f"not a JSON line in UTF-8: {error}"]).to_json()}
    try:
        return api.answer(request)
    except Exception as error:  # a bug of forsxl's: said, and the next request answered all the same
        traceback.print_exc()
        bug = f"forsxl: {type(error).__name__}: {error} (a bug: please report it with the workbook)"
        return {"id": request.get("id") if isinstance(request, dict) else None,
                **api.Outcome(1, err=[bug]).to_json()}
