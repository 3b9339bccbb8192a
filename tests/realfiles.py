"""The real tournament files of the shared test data, read where they lie beside the repository
(`../shared/testdata/formats`), never copied into it.

Without them a test that reads them skips, with the reason. With FORSXL_REQUIRE_TESTDATA=1, which .ci/run sets when
the folder is there, a missing file fails the test instead: in CI they run, or fail (issue 34)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

FORMATS = Path(__file__).resolve().parents[1].parent / "shared" / "testdata" / "formats"
REQUIRED = os.environ.get("FORSXL_REQUIRE_TESTDATA") == "1"
needs_files = pytest.mark.skipif(not REQUIRED and not FORMATS.is_dir(),
                                 reason=f"the real tournament files are not at {FORMATS}")
"""For a test that reads the real files: it skips without them, unless they are required."""


def real_files(folder: str, pattern: str) -> list[Path]:
    """The real files in `folder` matching `pattern`, to parametrize a test by: none without them (the test skips),
    unless they are required, when the pattern itself stands for them and fails as a missing file."""
    found = sorted((FORMATS / folder).glob(pattern))
    return found or ([FORMATS / folder / pattern] if REQUIRED else [])
