"""forsxl: Go handicap tournaments kept in an .xlsx workbook."""

__version__ = "0.9.0"
