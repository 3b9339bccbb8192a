"""`python -m forsxl.locale`: extract the msgids, merge them into each catalogue and compile it (issue 20)."""

from __future__ import annotations

from forsxl.locale import LANGUAGES, po_path, to_translate, update


def main() -> None:
    for lang in LANGUAGES:
        catalog = update(lang)
        todo = to_translate(catalog)
        print(f"{po_path(lang)}: {len(catalog) - 1} messages, {len(todo)} to translate")
        for msgid in todo:
            print(f"  {msgid!r}")


if __name__ == "__main__":
    main()
