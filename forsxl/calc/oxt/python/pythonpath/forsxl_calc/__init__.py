"""forsxl inside LibreOffice Calc: the code of the forsxl.oxt extension (issue 28)."""
