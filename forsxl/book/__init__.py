"""The workbook: the only code that knows openpyxl (read, write, atomic save, Config sheet and presets)."""
