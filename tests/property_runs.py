"""How hard the property tests search (issue 32). CI (.ci/run) sets FORSXL_HYPOTHESIS_PROFILE=ci: every property
test runs on the same examples each time, so that a red run is the code's and can be run again, and the slow ones,
each a workbook made and read or a command run per example, draw their full count. A run of your own draws new
examples each time, and of the slow ones a third as many, so that the suite stays under two minutes on two cores;
their FORSXL_…_EXAMPLES variables search harder still.

No clock decides a property test (issue 44): both profiles lift hypothesis's deadline and its too_slow health check,
which at a load of 30 on two cores fail the code for the machine's fault. What a test must do quickly it asserts in
CPU time (test_cli.py `within_cpu`) or leaves to the benchmarks."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

CI = os.environ.get("FORSXL_HYPOTHESIS_PROFILE") == "ci"

_UNTIMED = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", _UNTIMED, derandomize=True)
settings.register_profile("own", _UNTIMED)
settings.load_profile("ci" if CI else "own")

SHARED_FIXTURE = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
"""The health checks a test suppresses that reuses a function-scoped fixture (a workbook made once) across its
examples: a `suppress_health_check` of its own replaces the profile's list, so too_slow is named again."""


def examples(full: int, variable: str | None = None) -> int:
    """How many examples a slow property test draws: `variable` when it is set, else `full` in CI and a third of it
    (at least three) in a run of one's own."""
    if variable and variable in os.environ:
        return int(os.environ[variable])
    return full if CI else max(3, full // 3)
