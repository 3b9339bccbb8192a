"""Byte-exact edits of a package's XML parts (book/parts.py): what is rewritten, and that nothing else moves."""

from __future__ import annotations

import io
from pyexpat import ExpatError

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from forsxl.book.parts import SheetXml, apply, attribute, counted, encoding, head, parser, spans

MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def sheet(rows: str, head: str = '<dimension ref="A1:C2"/>', tail: str = "") -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet {MAIN}>{head}'
            f"<sheetData>{rows}</sheetData>{tail}</worksheet>").encode()


ROWS = ('<row r="1" spans="1:3"><c r="A1" t="s"><v>0</v></c><c r="C1" s="2"><v>7</v></c></row>'
        '<row r="4" spans="1:1"><c r="A4"><f>SUM(C1:C3)</f><v>7</v></c></row>')
TAIL = ('<conditionalFormatting sqref="C1:C9"><cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan">'
        '<formula>5</formula></cfRule></conditionalFormatting>'
        '<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}">'
        '<x14:dataValidations xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"/></ext>'
        "</extLst>")


def test_a_replaced_cell_changes_only_its_own_bytes() -> None:
    xml = sheet(ROWS, tail=TAIL)
    new = SheetXml(xml).rewritten({(1, 3): b'<c r="C1" t="n"><v>8</v></c>'})
    assert new == xml.replace(b'<c r="C1" s="2"><v>7</v></c>', b'<c r="C1" t="n"><v>8</v></c>')


def test_cells_and_rows_that_were_not_there_go_in_order() -> None:
    xml = sheet(ROWS)
    new = SheetXml(xml).rewritten({(1, 2): b'<c r="B1" t="n"><v>1</v></c>', (1, 5): b'<c r="E1" t="n"><v>2</v></c>',
                                   (3, 1): b'<c r="A3" t="n"><v>3</v></c>', (9, 2): b'<c r="B9" t="n"><v>4</v></c>'})
    assert new == sheet(
        '<row r="1" spans="1:5"><c r="A1" t="s"><v>0</v></c><c r="B1" t="n"><v>1</v></c><c r="C1" s="2"><v>7</v></c>'
        '<c r="E1" t="n"><v>2</v></c></row><row r="3"><c r="A3" t="n"><v>3</v></c></row>'
        '<row r="4" spans="1:1"><c r="A4"><f>SUM(C1:C3)</f><v>7</v></c></row>'
        '<row r="9"><c r="B9" t="n"><v>4</v></c></row>', head='<dimension ref="A1:E9"/>')


def test_an_emptied_cell_is_removed_and_an_empty_part_opens_up() -> None:
    assert SheetXml(sheet(ROWS)).rewritten({(4, 1): None}) == sheet(ROWS.replace(
        '<c r="A4"><f>SUM(C1:C3)</f><v>7</v></c>', ""))
    empty = sheet("").replace(b"<sheetData></sheetData>", b"<sheetData/>")
    assert SheetXml(empty).rewritten({(2, 1): b'<c r="A2" t="n"><v>1</v></c>'}) == sheet(
        '<row r="2"><c r="A2" t="n"><v>1</v></c></row>')
    selfclosed = sheet('<row r="2" spans="1:1"/>')
    assert SheetXml(selfclosed).rewritten({(2, 3): b'<c r="C2" t="n"><v>1</v></c>'}) == sheet(
        '<row r="2" spans="1:3"><c r="C2" t="n"><v>1</v></c></row>')


def test_prefixed_elements_and_cells_without_references() -> None:
    """The Open XML SDK writes `x:c`; a writer may leave out `r` (the row or cell after the one before)."""
    xml = (b'<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>'
           b'<x:row><x:c t="s"><x:v>0</x:v></x:c><x:c><x:v>5</x:v></x:c></x:row></x:sheetData></x:worksheet>')
    new = SheetXml(xml).rewritten({(1, 2): b'<c r="B1" t="inlineStr"><is><t>six</t></is></c>',
                                   (2, 1): b'<c r="A2" t="n"><v>1</v></c>'})
    six = b'<x:c r="B1" t="inlineStr"><x:is><x:t>six</x:t></x:is></x:c>'
    row = b'<x:row r="2"><x:c r="A2" t="n"><x:v>1</x:v></x:c></x:row>'
    assert new == xml.replace(b"<x:c><x:v>5</x:v></x:c>", six).replace(b"</x:row>", b"</x:row>" + row)


def test_a_replaced_master_of_a_shared_formula_names_the_cells_that_share_it() -> None:
    rows = ('<row r="2"><c r="D2"><f t="shared" ref="D2:D4" si="0">B2*2</f><v>2</v></c></row>'
            '<row r="3"><c r="D3"><f t="shared" si="0"/><v>4</v></c></row>'
            '<row r="4"><c r="D4"><f t="shared" si="0"/><v>6</v></c><c r="E4"><f t="shared" si="1"/></c></row>')
    part = SheetXml(sheet(rows))
    assert part.shared_with({(2, 4)}) == {(3, 4), (4, 4)}
    assert part.shared_with({(3, 4)}) == set()
    assert set(part.formulas) == {(2, 4), (3, 4), (4, 4), (4, 5)}


def test_a_list_grows_with_its_count() -> None:
    xml = b'<styleSheet><fonts count="1"><font/></fonts><fills count="0"/></styleSheet>'
    found = {s.name: s for s in spans(xml, {"fonts", "fills"})}
    assert apply(xml, counted(xml, found["fonts"], [b"<font><b/></font>"])) == (
        b'<styleSheet><fonts count="2"><font/><font><b/></font></fonts><fills count="0"/></styleSheet>')
    assert apply(xml, counted(xml, found["fills"], [b"<fill/>"])) == (
        b'<styleSheet><fonts count="1"><font/></fonts><fills count="1"><fill/></fills></styleSheet>')


@pytest.mark.parametrize(("tag", "value", "expected"), [
    (b'<c r="A1" s="3">', "5", b'<c r="A1" s="5">'),
    (b'<c r="A1"/>', "5", b'<c r="A1" s="5"/>'),
    (b"<c r='A1' s='3' t=\"n\">", None, b"<c r='A1' t=\"n\">"),
    (b'<c r="A1">', 'a"&<', b'<c r="A1" s="a&quot;&amp;&lt;">'),
])
def test_an_attribute_is_set_in_place(tag: bytes, value: str | None, expected: bytes) -> None:
    assert attribute(tag, "s", value) == expected


def test_a_dtd_is_never_parsed() -> None:
    with pytest.raises(ValueError, match="DTD"):
        spans(b'<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>', {"x"})


@pytest.mark.parametrize(("head", "expected"), [
    (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a/>', "UTF-8"),
    (b"<a/>", "UTF-8"),
    (b'\xef\xbb\xbf<?xml version="1.0" encoding="windows-1251"?><a/>', "windows-1251"),
    (b"<?xml version='1.0'\n\tencoding = 'KOI8-R'?><a/>", "KOI8-R"),
    ('<?xml version="1.0" encoding="UTF-16"?><a/>'.encode("utf-16"), "UTF-16"),
    ('<?xml version="1.0" encoding="UTF-8"?><a/>'.encode("utf-16-be"), "UTF-16"),
    ("<a/>".encode("utf-16-le"), "UTF-16"),
    ('<?xml version="1.0" encoding="GBK"?><a/>'.encode("utf-16-le"), "GBK"),
    (b'<?xml version="1.0" encoding="ISO-8859-1"?><a>M\xfcller</a>', "ISO-8859-1"),
    (b' <?xml version="1.0" encoding="GBK"?><a/>', "UTF-8"),  # not a declaration: expat stops at it
])
def test_a_parts_encoding_is_told_from_its_first_bytes(head: bytes, expected: str) -> None:
    assert encoding(head) == expected


WHITESPACE = st.text(" \t\r\n", min_size=1, max_size=3) | st.just(" " * 70_000)


@settings(max_examples=300)
@given(bom=st.sampled_from(["", "\ufeff"]), wide=st.sampled_from(["utf-8", "utf-16-le", "utf-16-be"]),
       quote=st.sampled_from("'\""), version=st.booleans(), standalone=st.booleans(), spaces=st.lists(WHITESPACE,
       min_size=4, max_size=4))
def test_every_encoding_expat_would_ask_python_for_is_told_before_it_parses(
        bom: str, wide: str, quote: str, version: bool, standalone: bool, spaces: list[str]) -> None:
    """A name no codec has: had expat met it unnoticed, pyexpat would ask Python's codecs for it and fail with
    LookupError. Every way expat takes a declaration (a byte order mark, UTF-16 either way, any spaces and quotes,
    padding past the first bytes), `encoding` reads the name from the part's first bytes (`head`) first (issue 31)."""
    one, two, three, four = spaces
    declaration = (f"{bom}<?xml{one}" + (f"version{two}={quote}1.0{quote}{three}" if version else "")
                   + f"encoding={four}{quote}x-never-a-codec{quote}" + (" standalone='yes'" if standalone else "")
                   + "?><a/>")
    data = declaration.encode(wide)
    try:
        parser().Parse(data, True)
    except LookupError:
        assert encoding(head(io.BytesIO(data))) == "x-never-a-codec"
        return
    except ExpatError:
        pass
    assert encoding(head(io.BytesIO(data))) in ("x-never-a-codec", "UTF-16")


def test_a_part_is_read_past_its_first_bytes_only_to_the_end_of_its_declaration() -> None:
    """A declaration padded past the first bytes is read to its end; a part without one, such as an image or a
    megabyte of zeros, is not read on."""
    padded = b"<?xml version='1.0'" + b" " * 2**20 + b"encoding='KOI8-R'?><a/>" + b"x" * 2**20
    assert encoding(head(io.BytesIO(padded))) == "KOI8-R"
    assert len(head(io.BytesIO(padded))) < 2**20 + 2**17
    assert len(head(io.BytesIO(b"\0" * 2**20))) == 512
