"""`forsxl` and `python -m forsxl`: the command line, with Ctrl-C one line at any moment, imports included."""

import sys


def main() -> None:
    try:
        from forsxl.cli import run

        run(sys.argv[1:])
    except KeyboardInterrupt:  # a save in progress is atomic: the workbook is the old one or the new one
        sys.stderr.write("forsxl: interrupted\n")
        sys.exit(130)


if __name__ == "__main__":
    main()
