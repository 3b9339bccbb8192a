"""What every test shares: the system locale is English, whatever the machine's, so that commands without a workbook
to take the language from (`new`, `demo`, an error before a workbook is read) speak English unless a test says
otherwise (issue 20)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
