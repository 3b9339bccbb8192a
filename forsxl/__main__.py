from forsxl.cli import app

app()
