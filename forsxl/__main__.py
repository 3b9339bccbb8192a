"""`forsxl` and `python -m forsxl`: the command line, with Ctrl-C one line at any moment, imports included, and every
line readable on the console it is printed to."""

import codecs
import io
import sys

PLAIN = {"—": "-", "–": "-", "−": "-", "«": '"', "»": '"', "„": '"', "“": '"', "”": '"', "×": "x", "→": "->",
         "…": "...", "½": "1/2", "№": "No"}
"""What stands for a character of forsxl's messages that a console's code page lacks: a Windows console in cp866 has
no dash or «», cp1251 no × or −."""


def _substitute(error: UnicodeError) -> tuple[str, int]:
    """The characters `error` could not encode, in plain ASCII: `PLAIN`'s stand-ins, then Russian in Latin letters
    and accents dropped as the EGD export writes names (an ASCII console: `Запуск` -> `Zapusk`)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    from forsxl.formats.names import latin  # imported only once a console lacks a character

    return latin("".join(PLAIN.get(c, c) for c in error.object[error.start:error.end])), error.end


def readable_output() -> None:
    """stdout and stderr print what their encoding cannot hold as `_substitute` does, instead of raising
    UnicodeEncodeError (stdout) or writing `\\u2014` (stderr): a Windows console in cp866 or cp1251, or output
    redirected to a file there (issue 33). A stream given other error handling (PYTHONIOENCODING=cp866:replace) keeps
    it."""
    codecs.register_error("forsxl.plain", _substitute)
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in ("strict", "backslashreplace"):
            stream.reconfigure(errors="forsxl.plain")


def interrupted(error: BaseException | None) -> bool:
    """A Ctrl-C, or one that Python 3.11 wrapped: pressed while an import makes a class (an Enum's members, through
    `__set_name__`) it comes out as RuntimeError caused by KeyboardInterrupt."""
    while error is not None and not isinstance(error, KeyboardInterrupt):
        error = error.__cause__
    return error is not None


def main() -> None:
    try:
        readable_output()
        from forsxl.cli import run

        run(sys.argv[1:])
    except BaseException as error:  # a save in progress is atomic: the workbook is the old one or the new one
        if not interrupted(error):
            raise
        # what the interruption left half done is dropped on the way out, and its cleanup may fail (openpyxl's sheet
        # writer, a generator, writes to a zip file already closed): that is no news to the referee
        sys.unraisablehook = lambda unraisable: None
        sys.stderr.write("forsxl: interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
