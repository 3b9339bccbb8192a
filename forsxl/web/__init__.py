"""forsxl in a web page (issue 42): `forsxl web build` writes a static site that runs forsxl on Pyodide (CPython
compiled to WebAssembly) in a Web Worker of the browser, on the workbook the referee chooses, which never leaves the
computer; `forsxl web serve` serves that site on 127.0.0.1.

build.py makes the site from the pinned runtime and wheels (pins.toml), serve.py serves it, words.py holds the
page's words, site/ the page's own files, and bridge.py is what the page's worker calls inside Pyodide.
"""
