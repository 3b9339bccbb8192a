"""The workbook: the only code that knows openpyxl (read, write, atomic save, Config sheet and presets)."""

import sys

if "numpy" not in sys.modules:
    # openpyxl imports numpy, whenever it is installed, only to accept numpy's scalars as cell values; forsxl writes
    # none, and numpy is a third of the start-up (bench/README.md). Hidden while openpyxl imports, then importable.
    sys.modules["numpy"] = None  # type: ignore[assignment]
    try:
        import openpyxl  # noqa: F401
    finally:
        del sys.modules["numpy"]
