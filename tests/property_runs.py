"""How hard the property tests search (issue 32). CI (.ci/run) sets FORSXL_HYPOTHESIS_PROFILE=ci: every property
test runs on the same examples each time, so that a red run is the code's and can be run again, and the slow ones,
each a workbook made and read or a command run per example, draw their full count. A run of your own draws new
examples each time, and of the slow ones a third as many, so that the suite stays under two minutes on two cores;
their FORSXL_…_EXAMPLES variables search harder still."""

from __future__ import annotations

import os

from hypothesis import settings

CI = os.environ.get("FORSXL_HYPOTHESIS_PROFILE") == "ci"

settings.register_profile("ci", derandomize=True)
settings.load_profile("ci" if CI else "default")


def examples(full: int, variable: str | None = None) -> int:
    """How many examples a slow property test draws: `variable` when it is set, else `full` in CI and a third of it
    (at least three) in a run of one's own."""
    if variable and variable in os.environ:
        return int(os.environ[variable])
    return full if CI else max(3, full // 3)
