"""`python -m forsxl.locale`: extract the msgids, merge them into each catalogue and compile it (issue 20)."""

from __future__ import annotations

from forsxl.locale import LANGUAGES, po_path, update


def main() -> None:
    for lang in LANGUAGES:
        catalog = update(lang)
        todo = [m.id for m in catalog if m.id and (not m.string or m.fuzzy)]
        print(f"{po_path(lang)}: {len(catalog) - 1} messages, {len(todo)} to translate")
        for msgid in todo:
            print(f"  {msgid!r}")


if __name__ == "__main__":
    main()
