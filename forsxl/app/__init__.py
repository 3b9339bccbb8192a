"""The use cases the commands run: each joins book (sheets), engine (rules), publish and formats (issue 22).

`cli.py` parses and prints; a module here loads, makes the one engine call, writes and saves. Only `cli.py` imports
this layer.
"""
