"""A tournament workbook carrying the spreadsheet features people and their programs put into an .xlsx, written part
by part the way Excel, LibreOffice Calc or the Open XML SDK lays a package out (issue 19).

`feature_book(path, flavor)` writes it: Config and Players as forsxl reads them, and around them every feature in
FEATURES, each in the part where its writer keeps it. The flavors differ as the programs do: Excel writes relative
targets, shared strings and `spans`; LibreOffice writes `true`/`false`, verbose rows and its own extensions; the SDK
prefixes every element (`x:c`), points at absolute part names, and leaves cell references out.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path

import pytest

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
XM = "http://schemas.microsoft.com/office/excel/2006/main"
CT = "application/vnd.openxmlformats-officedocument"
SML = f"{CT}.spreadsheetml"
FLAVORS = ("excel", "libreoffice", "sdk")
DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

FEATURES = {
    "shared strings": "xl/sharedStrings.xml",
    "rich text": "xl/sharedStrings.xml",
    "phonetic guide": "xl/sharedStrings.xml",
    "custom number format": "xl/styles.xml",
    "fonts, fills, borders, alignment": "xl/styles.xml",
    "named cell styles": "xl/styles.xml",
    "differential styles": "xl/styles.xml",
    "styles extension": "xl/styles.xml",
    "theme": "xl/theme/theme1.xml",
    "conditional format": "xl/worksheets/sheet2.xml",
    "x14 conditional format (data bar)": "xl/worksheets/sheet2.xml",
    "data validation": "xl/worksheets/sheet2.xml",
    "x14 cross-sheet dropdown": "xl/worksheets/sheet2.xml",
    "table (ListObject)": "xl/tables/table1.xml",
    "legacy comment (VML)": "xl/comments1.xml",
    "threaded comment": "xl/threadedComments/threadedComment1.xml",
    "persons": "xl/persons/person.xml",
    "external hyperlink": "xl/worksheets/_rels/sheet2.xml.rels",
    "internal hyperlink": "xl/worksheets/sheet2.xml",
    "freeze panes, tab colour": "xl/worksheets/sheet2.xml",
    "hidden column": "xl/worksheets/sheet2.xml",
    "shared formula with cached values": "xl/worksheets/sheet2.xml",
    "print titles": "xl/workbook.xml",
    "printer settings": "xl/printerSettings/printerSettings1.bin",
    "image": "xl/media/image1.png",
    "chart": "xl/charts/chart1.xml",
    "chart style and colours": "xl/charts/style1.xml",
    "chart sheet": "xl/chartsheets/sheet1.xml",
    "sparklines (x14)": "xl/worksheets/sheet3.xml",
    "merged cells": "xl/worksheets/sheet3.xml",
    "hidden rows, outline": "xl/worksheets/sheet3.xml",
    "sheet protection": "xl/worksheets/sheet3.xml",
    "header and footer": "xl/worksheets/sheet3.xml",
    "print area": "xl/workbook.xml",
    "array formula, cached string, error, date, boolean": "xl/worksheets/sheet3.xml",
    "a formula over Players with its cached result": "xl/worksheets/sheet3.xml",
    "dynamic array metadata": "xl/metadata.xml",
    "calculation chain": "xl/calcChain.xml",
    "pivot table": "xl/pivotTables/pivotTable1.xml",
    "pivot cache": "xl/pivotCache/pivotCacheDefinition1.xml",
    "external link": "xl/externalLinks/externalLink1.xml",
    "defined names: global, local, external": "xl/workbook.xml",
    "hidden and very hidden sheets": "xl/workbook.xml",
    "workbook protection, views, extensions": "xl/workbook.xml",
    "customXml": "customXml/item1.xml",
    "custom document properties": "docProps/custom.xml",
    "document properties": "docProps/app.xml",
}
"""Each feature and the part that carries it."""

OPENPYXL_DROPS = ("(Unknown|Conditional Formatting|Data Validation|Sparkline Group) extension is not supported and "
                  "will be removed|Cannot parse header or footer so it will be ignored")
"""What openpyxl warns as it reads the parts of a feature book it drops, which the book carries on purpose: the x14
extensions (a data bar, a cross-sheet dropdown, sparklines, an unknown one) and a header with a picture field."""


def openpyxl_drops() -> pytest.WarningsRecorder:
    """Around openpyxl reading a feature book, or forsxl's save of one: those warnings expected, and any other shown
    (pytest.warns gives back the warnings that do not match)."""
    return pytest.warns(UserWarning, match=OPENPYXL_DROPS)

CONFIG = (("preset", "fors-club"), ("rounds", 3), ("name", "Autumn cup"))
PLAYERS = (("Adams", 2400, "Moscow Go club"), ("Baker", 2250, "東京"), ("Clark", 2100, "Kazan"),
           ("Davis", 1950, "Kazan"), ("Evans", 1800, "Tula"), ("Fox", 1700, "Tula"), ("Green", 1600, "Omsk"),
           ("Hill", 1500, "Omsk"))


class _Flavor:
    def __init__(self, name: str):
        self.name = name
        self.p = "x:" if name == "sdk" else ""
        self.true = "true" if name == "libreoffice" else "1"
        self.strings: list[str] = []

    @property
    def xmlns(self) -> str:
        return f'xmlns{":x" if self.p else ""}="{MAIN}" xmlns:r="{REL}"'

    def target(self, source: str, part: str) -> str:
        """How a relationship in `source` names `part`: absolute for the SDK, relative otherwise."""
        if self.name == "sdk":
            return "/" + part
        base = source.rsplit("/", 1)[0].split("/") if "/" in source else []
        parts = part.split("/")
        while base and parts and base[0] == parts[0]:
            base, parts = base[1:], parts[1:]
        return "/".join([".."] * len(base) + parts)

    def text(self, value: str) -> str:
        """A cell's string: an index into the shared strings, or inline for the SDK (RICH and PHONETIC name
        the two strings with more than text)."""
        if self.name == "sdk":
            return f' t="inlineStr"><{self.p}is>{_string(self, value)}</{self.p}is>'
        if value not in self.strings:
            self.strings.append(value)
        return f' t="s"><{self.p}v>{self.strings.index(value)}</{self.p}v>'


RICH, PHONETIC = "\x00rich", "\x00phonetic"


def _string(f: _Flavor, value: str) -> str:
    """The content of a string item: runs for RICH (`Moscow` bold, then ` Go club`), a reading for PHONETIC."""
    p = f.p
    if value == RICH:
        return (f'<{p}r><{p}rPr><{p}b/><{p}sz val="11"/><{p}rFont val="Calibri"/></{p}rPr><{p}t>Moscow</{p}t></{p}r>'
                f'<{p}r><{p}rPr><{p}sz val="11"/><{p}rFont val="Calibri"/></{p}rPr><{p}t xml:space="preserve"> Go club'
                f"</{p}t></{p}r>")
    if value == PHONETIC:
        return f'<{p}t>東京</{p}t><{p}rPh sb="0" eb="2"><{p}t>トウキョウ</{p}t></{p}rPh><{p}phoneticPr fontId="1"/>'
    return f"<{p}t>{value.replace('&', '&amp;').replace('<', '&lt;')}</{p}t>"


def _cell(f: _Flavor, ref: str, value: object, style: int = 0, reference: bool = True) -> str:
    p = f.p
    r = f' r="{ref}"' if reference else ""
    s = f' s="{style}"' if style or f.name == "libreoffice" else ""
    if isinstance(value, str):
        return f"<{p}c{r}{s}{f.text(value)}</{p}c>"
    if isinstance(value, tuple):  # a formula and its cached value
        formula, cached = value
        kind = ' t="str"' if isinstance(cached, str) and not cached.startswith("#") else (
            ' t="e"' if isinstance(cached, str) else "")
        return f"<{p}c{r}{s}{kind}><{p}f>{formula}</{p}f><{p}v>{cached}</{p}v></{p}c>"
    return f"<{p}c{r}{s}><{p}v>{value}</{p}v></{p}c>"


def _row(f: _Flavor, number: int, cells: str, attrs: str = "") -> str:
    if f.name == "libreoffice":  # Calc writes every attribute
        given = {a.split("=")[0] for a in attrs.split()}
        attrs += "".join(f' {k}="{v}"' for k, v in (("customFormat", "false"), ("ht", "12.8"), ("hidden", "false"),
                         ("customHeight", "false"), ("outlineLevel", "0"), ("collapsed", "false")) if k not in given)
    elif f.name == "excel":
        attrs += ' spans="1:6"'
    return f'<{f.p}row r="{number}"{attrs}>{cells}</{f.p}row>'


def _worksheet(f: _Flavor, body: str) -> str:
    p = f.p
    x14ac = (' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac"'
             ' xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"') if f.name == "excel" else ""
    return f"{DECLARATION}<{p}worksheet {f.xmlns}{x14ac}>{body}</{p}worksheet>"


def _config_sheet(f: _Flavor, config: Sequence[tuple[str, object]]) -> str:
    p = f.p
    rows = [_row(f, 1, _cell(f, "A1", "Key", 1) + _cell(f, "B1", "Value", 1))]
    rows += [_row(f, n, _cell(f, f"A{n}", key) + _cell(f, f"B{n}", value))
             for n, (key, value) in enumerate(config, start=2)]
    return _worksheet(f, f'<{p}dimension ref="A1:B{len(config) + 1}"/><{p}sheetViews><{p}sheetView '
                         f'workbookViewId="0"/></{p}sheetViews><{p}sheetFormatPr defaultRowHeight="15"/><{p}cols>'
                         f'<{p}col min="1" max="2" width="24" customWidth="{f.true}"/></{p}cols>'
                         f'<{p}sheetData>{"".join(rows)}</{p}sheetData><{p}pageMargins left="0.7" right="0.7" '
                         'top="0.75" bottom="0.75" header="0.3" footer="0.3"/>')


def _players_sheet(f: _Flavor, players: Sequence[tuple[str, int, str]]) -> str:
    p, last = f.p, len(players) + 1
    header = "".join(_cell(f, f"{c}1", h, 1) for c, h in zip("ABCDEF", ("No", "Name", "Rating", "Club", "Strength",
                                                                         "Note"), strict=True))
    rows = [_row(f, 1, header, f' ht="20" customHeight="{f.true}"')]
    for n, (name, rating, club) in enumerate(players, start=2):
        shared = f'<{p}f t="shared" ref="E2:E{last}" si="0">C2/100</{p}f>' if n == 2 else f'<{p}f t="shared" si="0"/>'
        formula = f'<{p}c r="E{n}">{shared}<{p}v>{rating / 100:g}</{p}v></{p}c>'
        bare = f.name != "sdk"  # the SDK may leave out the references of cells that follow one another
        cells = (_cell(f, f"B{n}", name) + _cell(f, f"C{n}", rating, 2, reference=bare)
                 + _cell(f, f"D{n}", RICH if n == 2 else PHONETIC if n == 3 else club, reference=bare))
        rows.append(_row(f, n, cells + formula + _cell(f, f"F{n}", f"note {n}", 3)))
    ext = (f'<{p}extLst><{p}ext uri="{{78C0D931-6437-407d-A8EE-F0AAD7539E65}}" xmlns:x14="{X14}">'
           f'<x14:conditionalFormattings><x14:conditionalFormatting xmlns:xm="{XM}"><x14:cfRule type="dataBar" '
           'id="{7A5D4C8B-0000-4000-8000-000000000001}"><x14:dataBar minLength="0" maxLength="100" gradient="0">'
           '<x14:cfvo type="autoMin"/><x14:cfvo type="autoMax"/><x14:negativeFillColor rgb="FFFF0000"/>'
           '<x14:axisColor rgb="FF000000"/></x14:dataBar></x14:cfRule><xm:sqref>C2:C9</xm:sqref>'
           f'</x14:conditionalFormatting></x14:conditionalFormattings></{p}ext>'
           f'<{p}ext uri="{{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}}" xmlns:x14="{X14}"><x14:dataValidations count="1" '
           f'xmlns:xm="{XM}"><x14:dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1">'
           "<x14:formula1><xm:f>Lists!$A$1:$A$4</xm:f></x14:formula1><xm:sqref>D2:D50</xm:sqref></x14:dataValidation>"
           f"</x14:dataValidations></{p}ext></{p}extLst>")
    body = (f'<{p}sheetPr><{p}tabColor rgb="FF00B050"/></{p}sheetPr><{p}dimension ref="A1:F{last}"/><{p}sheetViews>'
            f'<{p}sheetView tabSelected="{f.true}" workbookViewId="0"><{p}pane ySplit="1" topLeftCell="A2" '
            f'activePane="bottomLeft" state="frozen"/><{p}selection pane="bottomLeft" activeCell="B2" sqref="B2"/>'
            f'</{p}sheetView></{p}sheetViews><{p}sheetFormatPr defaultRowHeight="15"/><{p}cols><{p}col min="2" '
            f'max="2" width="22" customWidth="{f.true}"/><{p}col min="6" max="6" width="30" hidden="{f.true}" '
            f'customWidth="{f.true}"/></{p}cols><{p}sheetData>{"".join(rows)}</{p}sheetData>'
            f'<{p}conditionalFormatting sqref="C2:C9"><{p}cfRule type="cellIs" dxfId="0" priority="2" '
            f'operator="greaterThan"><{p}formula>2000</{p}formula></{p}cfRule>'
            f'<{p}cfRule type="dataBar" priority="1"><{p}dataBar><{p}cfvo type="min"/><{p}cfvo type="max"/>'
            f'<{p}color rgb="FF638EC6"/></{p}dataBar><{p}extLst><{p}ext uri="{{B025F937-C7B1-47D3-B67F-A62EFF666E3E}}" '
            f'xmlns:x14="{X14}"><x14:id>{{7A5D4C8B-0000-4000-8000-000000000001}}</x14:id></{p}ext></{p}extLst>'
            f'</{p}cfRule></{p}conditionalFormatting>'
            f'<{p}dataValidations count="1"><{p}dataValidation type="whole" allowBlank="1" showErrorMessage="1" '
            f'sqref="C2:C50"><{p}formula1>0</{p}formula1><{p}formula2>3000</{p}formula2></{p}dataValidation>'
            f'</{p}dataValidations><{p}hyperlinks><{p}hyperlink ref="B2" r:id="rId4" display="EGD"/>'
            f'<{p}hyperlink ref="B3" location="Notes!A1" display="notes"/></{p}hyperlinks>'
            f'<{p}pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
            f'<{p}pageSetup paperSize="9" orientation="portrait" r:id="rId3"/>'
            f'<{p}legacyDrawing r:id="rId2"/><{p}tableParts count="1"><{p}tablePart r:id="rId1"/></{p}tableParts>'
            + ext)
    return _worksheet(f, body)


def _notes_sheet(f: _Flavor) -> str:
    p = f.p
    metadata = ' cm="1"' if f.name == "excel" else ""
    rows = [
        _row(f, 1, _cell(f, "A1", "Tournament notes", 3)),
        _row(f, 2, _cell(f, "B2", "local note") + _cell(f, "C2", ("COUNTA(Players!B2:B20)", 8))),
        _row(f, 3, f'<{p}c r="B3"><{p}f t="array" ref="B3">SUM(Players!C2:C9*1)</{p}f><{p}v>15300</{p}v></{p}c>'),
        _row(f, 4, _cell(f, "B4", ("Players!B2", "Adams"))),
        _row(f, 5, _cell(f, "B5", 46327, 4), f' hidden="{f.true}"'),
        _row(f, 6, f'<{p}c r="B6" t="b"><{p}v>1</{p}v></{p}c>', f' hidden="{f.true}"'),
        _row(f, 7, _cell(f, "B7", ("1/0", "#DIV/0!"))),
        _row(f, 8, f'<{p}c r="B8"{metadata}><{p}f t="array" ref="B8:B9">_xlfn.SORT(Players!C2:C3)</{p}f>'
                   f"<{p}v>2250</{p}v></{p}c>", ' outlineLevel="1"'),
        _row(f, 9, f'<{p}c r="B9"><{p}v>2400</{p}v></{p}c><{p}c r="C9"><{p}f>[1]Ratings!A1</{p}f><{p}v>2100</{p}v>'
                   f"</{p}c>", ' outlineLevel="1"'),
    ]
    sparklines = (f'<{p}extLst><{p}ext uri="{{05C60535-1F16-4fd2-B633-F4F36F0B64E0}}" xmlns:x14="{X14}">'
                  f'<x14:sparklineGroups xmlns:xm="{XM}"><x14:sparklineGroup displayEmptyCellsAs="gap" markers="1">'
                  '<x14:colorSeries rgb="FF376092"/><x14:colorNegative rgb="FFD00000"/><x14:colorAxis rgb="FF000000"/>'
                  '<x14:colorMarkers rgb="FFD00000"/><x14:colorFirst rgb="FFD00000"/><x14:colorLast rgb="FFD00000"/>'
                  '<x14:colorHigh rgb="FFD00000"/><x14:colorLow rgb="FFD00000"/><x14:sparklines><x14:sparkline>'
                  "<xm:f>Players!C2:C9</xm:f><xm:sqref>D3</xm:sqref></x14:sparkline></x14:sparklines>"
                  f"</x14:sparklineGroup></x14:sparklineGroups></{p}ext></{p}extLst>")
    body = (f'<{p}sheetPr><{p}outlinePr summaryBelow="0"/></{p}sheetPr><{p}dimension ref="A1:D9"/><{p}sheetViews>'
            f'<{p}sheetView zoomScale="85" workbookViewId="0"/></{p}sheetViews><{p}sheetFormatPr '
            f'defaultRowHeight="15" outlineLevelRow="1"/><{p}sheetData>{"".join(rows)}</{p}sheetData>'
            f'<{p}sheetProtection algorithmName="SHA-512" hashValue="c2VjcmV0" saltValue="c2FsdA==" spinCount="100000" '
            f'sheet="{f.true}" objects="{f.true}" scenarios="{f.true}"/><{p}mergeCells count="1"><{p}mergeCell '
            f'ref="A1:D1"/></{p}mergeCells><{p}pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" '
            f'header="0.3" footer="0.3"/><{p}pageSetup paperSize="9" orientation="landscape" r:id="rId2"/>'
            f"<{p}headerFooter><{p}oddHeader>&amp;C&amp;\"Calibri,Bold\"Notes</{p}oddHeader><{p}oddFooter>Page "
            f'&amp;P of &amp;N</{p}oddFooter></{p}headerFooter><{p}drawing r:id="rId1"/>' + sparklines)
    return _worksheet(f, body)


def _simple_sheet(f: _Flavor, values: Sequence[str], top: int = 1) -> str:
    p = f.p
    rows = "".join(_row(f, n, _cell(f, f"A{n}", v)) for n, v in enumerate(values, start=top))
    return _worksheet(f, f'<{p}dimension ref="A{top}:A{top + len(values) - 1}"/><{p}sheetData>{rows}</{p}sheetData>'
                         f'<{p}pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" '
                         'footer="0.3"/>')


def _pivot_sheet(f: _Flavor) -> str:
    p = f.p
    rows = (_row(f, 3, _cell(f, "A3", "Sum of Rating")) + _row(f, 4, f'<{p}c r="A4"><{p}v>15300</{p}v></{p}c>'))
    return _worksheet(f, f'<{p}dimension ref="A3:A4"/><{p}sheetData>{rows}</{p}sheetData><{p}pageMargins left="0.7" '
                         'right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>')


def _shared_strings(f: _Flavor) -> str:
    p = f.p
    items = [f"<{p}si>{_string(f, value)}</{p}si>" for value in f.strings]
    count = len(items)
    return (f'{DECLARATION}<{p}sst xmlns{":x" if p else ""}="{MAIN}" '
            f'count="{count}" uniqueCount="{count}">{"".join(items)}</{p}sst>')


def _styles(f: _Flavor) -> str:
    p = f.p
    font = f'<{p}font><{p}sz val="11"/><{p}color theme="1"/><{p}name val="Calibri"/><{p}family val="2"/></{p}font>'
    return (f'{DECLARATION}<{p}styleSheet xmlns{":x" if p else ""}='
            f'"{MAIN}"><{p}numFmts count="1"><{p}numFmt numFmtId="164" formatCode="0&quot; pts&quot;"/></{p}numFmts>'
            f'<{p}fonts count="3">{font}<{p}font><{p}b/><{p}sz val="11"/><{p}color rgb="FF1F4E79"/><{p}name '
            f'val="Calibri"/><{p}family val="2"/></{p}font><{p}font><{p}i/><{p}sz val="9"/><{p}color rgb="FF7F7F7F"/>'
            f'<{p}name val="Calibri"/><{p}family val="2"/></{p}font></{p}fonts><{p}fills count="3"><{p}fill>'
            f'<{p}patternFill patternType="none"/></{p}fill><{p}fill><{p}patternFill patternType="gray125"/></{p}fill>'
            f'<{p}fill><{p}patternFill patternType="solid"><{p}fgColor rgb="FFFFF2CC"/><{p}bgColor indexed="64"/>'
            f'</{p}patternFill></{p}fill></{p}fills><{p}borders count="2"><{p}border><{p}left/><{p}right/><{p}top/>'
            f'<{p}bottom/><{p}diagonal/></{p}border><{p}border><{p}left style="thin"><{p}color indexed="64"/>'
            f'</{p}left><{p}right style="thin"><{p}color indexed="64"/></{p}right><{p}top style="thin"><{p}color '
            f'indexed="64"/></{p}top><{p}bottom style="thin"><{p}color indexed="64"/></{p}bottom><{p}diagonal/>'
            f'</{p}border></{p}borders><{p}cellStyleXfs count="2"><{p}xf numFmtId="0" fontId="0" fillId="0" '
            f'borderId="0"/><{p}xf numFmtId="0" fontId="1" fillId="0" borderId="0" applyBorder="0"/></{p}cellStyleXfs>'
            f'<{p}cellXfs count="5"><{p}xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><{p}xf '
            f'numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="1" applyFill="1" applyBorder="1"/><{p}xf '
            f'numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><{p}xf numFmtId="0" '
            f'fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><{p}alignment '
            f'horizontal="center" wrapText="1"/></{p}xf><{p}xf numFmtId="14" fontId="0" fillId="0" borderId="0" '
            f'xfId="0" applyNumberFormat="1"/></{p}cellXfs><{p}cellStyles count="2"><{p}cellStyle name="Heading 1" '
            f'xfId="1" builtinId="16"/><{p}cellStyle name="Normal" xfId="0" builtinId="0"/></{p}cellStyles>'
            f'<{p}dxfs count="1"><{p}dxf><{p}font><{p}color rgb="FF9C0006"/></{p}font><{p}fill><{p}patternFill>'
            f'<{p}bgColor rgb="FFFFC7CE"/></{p}patternFill></{p}fill></{p}dxf></{p}dxfs><{p}tableStyles count="0" '
            f'defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/><{p}extLst><{p}ext '
            f'uri="{{EB79DEF2-80B8-43e5-95BD-54CBDDF9020C}}" xmlns:x14="{X14}"><x14:slicerStyles '
            f'defaultSlicerStyle="SlicerStyleLight1"/></{p}ext></{p}extLst></{p}styleSheet>')


def _workbook(f: _Flavor) -> str:
    p = f.p
    head = {
        "excel": f'<{p}fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="27328"/><{p}workbookPr '
                 'defaultThemeVersion="166925"/><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/'
                 'markup-compatibility/2006"><mc:Choice Requires="x15"><x15ac:absPath url="C:\\Tournaments\\" '
                 'xmlns:x15ac="http://schemas.microsoft.com/office/spreadsheetml/2010/11/ac"/></mc:Choice>'
                 "</mc:AlternateContent>",
        "libreoffice": f'<{p}fileVersion appName="Calc"/><{p}workbookPr backupFile="false" showObjects="all" '
                       'date1904="false"/>',
        "sdk": f"<{p}workbookPr/>",
    }[f.name]
    sheets = "".join(f'<{p}sheet name="{name}" sheetId="{n}"{state} r:id="rId{n}"/>' for n, (name, state) in enumerate(
        (("Config", ""), ("Players", ""), ("Notes", ""), ("Lists", ' state="hidden"'), ("Pivot", ""), ("Chart", ""),
         ("Secret", ' state="veryHidden"')), start=1))
    names = ('<definedName name="_xlnm.Print_Area" localSheetId="2">Notes!$A$1:$D$9</definedName>'
             '<definedName name="_xlnm.Print_Titles" localSheetId="1">Players!$1:$1</definedName>'
             '<definedName name="Clubs">Lists!$A$1:$A$4</definedName>'
             '<definedName name="LocalNote" localSheetId="2">Notes!$B$2</definedName>'
             '<definedName name="Outside">[1]Ratings!$A$1</definedName>'
             '<definedName name="Ratings">Players!$C$2:$C$9</definedName>')
    names = names.replace("<defined", f"<{p}defined").replace("</defined", f"</{p}defined")
    calc = {"excel": f'<{p}calcPr calcId="191029"/>', "sdk": "",
            "libreoffice": f'<{p}calcPr iterateCount="100" refMode="A1" iterate="false" iterateDelta="0.001"/>'}[f.name]
    ext = {"excel": f'<{p}extLst><{p}ext uri="{{140A7094-0E35-4892-8432-C4D2E57EDEB5}}" xmlns:x15="http://schemas.'
                    f'microsoft.com/office/spreadsheetml/2010/11/main"><x15:workbookPr chartTrackingRefBase="1"/>'
                    f"</{p}ext></{p}extLst>",
           "libreoffice": f'<{p}extLst><{p}ext xmlns:loext="http://schemas.libreoffice.org/" '
                          f'uri="{{7626C862-2A13-11E5-B345-FEFF819CDC9F}}"><loext:extCalcPr '
                          f'stringRefSyntax="CalcA1ExcelA1"/></{p}ext></{p}extLst>',
           "sdk": ""}[f.name]
    return (f'{DECLARATION}<{p}workbook {f.xmlns}>{head}'
            f'<{p}workbookProtection lockStructure="0" lockWindows="0"/><{p}bookViews><{p}workbookView xWindow="0" '
            f'yWindow="0" windowWidth="28800" windowHeight="12300" activeTab="1"/></{p}bookViews><{p}sheets>{sheets}'
            f'</{p}sheets><{p}externalReferences><{p}externalReference r:id="rId8"/></{p}externalReferences>'
            f'<{p}definedNames>{names}</{p}definedNames>{calc}<{p}pivotCaches><{p}pivotCache cacheId="1" r:id="rId9"/>'
            f"</{p}pivotCaches>{ext}</{p}workbook>")


def _rels(f: _Flavor, source: str, rels: Sequence[tuple[str, str]], external: Sequence[int] = ()) -> str:
    items = []
    for n, (kind, part) in enumerate(rels, start=1):
        kind = kind if kind.startswith("http") else f"{REL}/{kind}"
        target = part if n in external else f.target(source, part)
        mode = ' TargetMode="External"' if n in external else ""
        items.append(f'<Relationship Id="rId{n}" Type="{kind}" Target="{target}"{mode}/>')
    return f'{DECLARATION}<Relationships xmlns="{PKG}">{"".join(items)}</Relationships>'


def png() -> bytes:
    """A one-pixel PNG image."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\xff\x80\x00")) + chunk(
        b"IEND", b"")


def _chart(title: str, kind: str, players: Sequence[tuple[str, int, str]]) -> str:
    names = "".join(f'<c:pt idx="{i}"><c:v>{n}</c:v></c:pt>' for i, (n, _, _) in enumerate(players))
    ratings = "".join(f'<c:pt idx="{i}"><c:v>{r}</c:v></c:pt>' for i, (_, r, _) in enumerate(players))
    last = len(players) + 1
    bar = '<c:barDir val="col"/><c:grouping val="clustered"/>' if kind == "barChart" else '<c:grouping val="standard"/>'
    return (DECLARATION + '<c:chartSpace xmlns:c="http://schemas.'
            'openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
            f'xmlns:r="{REL}"><c:roundedCorners val="0"/><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>'
            f'{title}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>'
            f'<c:plotArea><c:layout/><c:{kind}>{bar}<c:varyColors val="0"/><c:ser><c:idx val="0"/><c:order val="0"/>'
            f'<c:tx><c:v>Rating</c:v></c:tx><c:cat><c:strRef><c:f>Players!$B$2:$B${last}</c:f><c:strCache><c:ptCount '
            f'val="{len(players)}"/>{names}</c:strCache></c:strRef></c:cat><c:val><c:numRef><c:f>Players!$C$2:$C${last}'
            f'</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="{len(players)}"/>{ratings}'
            f'</c:numCache></c:numRef></c:val></c:ser><c:axId val="10"/><c:axId val="20"/></c:{kind}><c:catAx><c:axId '
            'val="10"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="b"/>'
            '<c:crossAx val="20"/></c:catAx><c:valAx><c:axId val="20"/><c:scaling><c:orientation val="minMax"/>'
            '</c:scaling><c:delete val="0"/><c:axPos val="l"/><c:crossAx val="10"/></c:valAx></c:plotArea>'
            '<c:plotVisOnly val="1"/></c:chart></c:chartSpace>')


_DRAWING = (DECLARATION + '<xdr:wsDr xmlns:xdr="http://schemas.'
            'openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/'
            f'drawingml/2006/main" xmlns:r="{REL}">{{anchors}}</xdr:wsDr>')
_PICTURE = ('<xdr:twoCellAnchor editAs="oneCell"><xdr:from><xdr:col>5</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1'
            '</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>6</xdr:col><xdr:colOff>0</xdr:colOff>'
            '<xdr:row>3</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" '
            'name="Logo"/><xdr:cNvPicPr><a:picLocks noChangeAspect="1"/></xdr:cNvPicPr></xdr:nvPicPr><xdr:blipFill>'
            '<a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></xdr:blipFill><xdr:spPr><a:xfrm><a:off '
            'x="0" y="0"/><a:ext cx="952500" cy="381000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>'
            "</xdr:spPr></xdr:pic><xdr:clientData/></xdr:twoCellAnchor>")
_FROM_TO = ('<xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>10</xdr:row><xdr:rowOff>0</xdr:rowOff>'
            '</xdr:from><xdr:to><xdr:col>6</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>25</xdr:row><xdr:rowOff>0'
            "</xdr:rowOff></xdr:to>")


def _frame(rid: str) -> str:
    return ('<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="3" name="Ratings chart"/>'
            '<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/>'
            '</xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
            f'<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="{rid}"/></a:graphicData>'
            "</a:graphic></xdr:graphicFrame><xdr:clientData/>")


def _drawing(*anchors: str) -> str:
    return _DRAWING.format(anchors="".join(anchors))


def _comments(f: _Flavor) -> str:
    p = f.p
    threaded = (f'<{p}comment ref="B4" authorId="0" shapeId="0"><{p}text><{p}t>[Threaded comment] Check his rank'
                f"</{p}t></{p}text></{p}comment>") if f.name == "excel" else ""
    return (f'{DECLARATION}<{p}comments xmlns{":x" if p else ""}="{MAIN}">'
            f"<{p}authors><{p}author>tc={{0B1C2D3E-0000-4000-8000-000000000001}}</{p}author><{p}author>Referee"
            f"</{p}author></{p}authors><{p}commentList>{threaded}<{p}comment ref=\"C2\" authorId=\"1\" shapeId=\"0\">"
            f'<{p}text><{p}r><{p}rPr><{p}b/><{p}sz val="9"/><{p}rFont val="Tahoma"/></{p}rPr><{p}t>Referee:</{p}t>'
            f'</{p}r><{p}r><{p}rPr><{p}sz val="9"/><{p}rFont val="Tahoma"/></{p}rPr><{p}t xml:space="preserve"> '
            f"rating from the EGD</{p}t></{p}r></{p}text></{p}comment></{p}commentList></{p}comments>")


def _vml(rows: Sequence[tuple[int, int]]) -> str:
    shapes = "".join(
        f'<v:shape id="_x0000_s{1025 + n}" type="#_x0000_t202" style="position:absolute;margin-left:59.25pt;'
        'margin-top:1.5pt;width:108pt;height:59.25pt;z-index:1;visibility:hidden" fillcolor="#ffffe1" '
        'o:insetmode="auto"><v:fill color2="#ffffe1"/><v:shadow color="black" obscured="t"/><v:path '
        'o:connecttype="none"/><v:textbox style="mso-direction-alt:auto"><div style="text-align:left"></div>'
        '</v:textbox><x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>3, 15, 0, 2, 5, '
        f"31, 4, 1</x:Anchor><x:AutoFill>False</x:AutoFill><x:Row>{row}</x:Row><x:Column>{column}</x:Column>"
        "</x:ClientData></v:shape>" for n, (row, column) in enumerate(rows))
    return ('<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
            'xmlns:x="urn:schemas-microsoft-com:office:excel"><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" '
            'data="1"/></o:shapelayout><v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" '
            'path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" '
            f'o:connecttype="rect"/></v:shapetype>{shapes}</xml>')


def _table(f: _Flavor, last: int) -> str:
    p = f.p
    columns = "".join(f'<{p}tableColumn id="{n}" name="{name}"/>' for n, name in enumerate(
        ("No", "Name", "Rating", "Club"), start=1))
    return (f'{DECLARATION}<{p}table xmlns{":x" if p else ""}="{MAIN}" '
            f'id="1" name="PlayersTable" displayName="PlayersTable" ref="A1:F{last}" totalsRowShown="0">'
            f'<{p}autoFilter ref="A1:F{last}"/><{p}tableColumns count="6">{columns}<{p}tableColumn id="5" '
            f'name="Strength"><{p}calculatedColumnFormula>C2/100</{p}calculatedColumnFormula></{p}tableColumn>'
            f'<{p}tableColumn id="6" name="Note"/></{p}tableColumns><{p}tableStyleInfo name="TableStyleMedium2" '
            f'showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/></{p}table>')


def _pivot(f: _Flavor, players: Sequence[tuple[str, int, str]]) -> tuple[str, str, str]:
    p, last = f.p, len(players) + 1
    ns = f'xmlns{":x" if p else ""}="{MAIN}" xmlns:r="{REL}"'
    ratings = [r for _, r, _ in players]
    cache = (f'{DECLARATION}<{p}pivotCacheDefinition {ns} r:id="rId1" '
             f'refreshOnLoad="1" createdVersion="8" refreshedVersion="8" minRefreshableVersion="3" '
             f'recordCount="{len(players)}"><{p}cacheSource type="worksheet"><{p}worksheetSource ref="B1:C{last}" '
             f'sheet="Players"/></{p}cacheSource><{p}cacheFields count="2"><{p}cacheField name="Name" numFmtId="0">'
             f'<{p}sharedItems/></{p}cacheField><{p}cacheField name="Rating" numFmtId="0"><{p}sharedItems '
             'containsSemiMixedTypes="0" containsString="0" containsNumber="1" containsInteger="1" '
             f'minValue="{min(ratings)}" maxValue="{max(ratings)}"/></{p}cacheField></{p}cacheFields>'
             f"</{p}pivotCacheDefinition>")
    records = (f'{DECLARATION}<{p}pivotCacheRecords {ns} '
               f'count="{len(players)}">'
               + "".join(f'<{p}r><{p}s v="{n}"/><{p}n v="{r}"/></{p}r>' for n, r, _ in players)
               + f"</{p}pivotCacheRecords>")
    table = (f'{DECLARATION}<{p}pivotTableDefinition {ns} '
             'name="RatingsPivot" cacheId="1" applyNumberFormats="0" applyBorderFormats="0" applyFontFormats="0" '
             'applyPatternFormats="0" applyAlignmentFormats="0" applyWidthHeightFormats="1" dataCaption="Values" '
             'updatedVersion="8" minRefreshableVersion="3" useAutoFormatting="1" itemPrintTitles="1" '
             'createdVersion="8" indent="0" outline="1" outlineData="1" multipleFieldFilters="0">'
             f'<{p}location ref="A3:A4" firstHeaderRow="1" firstDataRow="1" firstDataCol="0"/><{p}pivotFields '
             f'count="2"><{p}pivotField showAll="0"/><{p}pivotField dataField="1" showAll="0"/></{p}pivotFields>'
             f'<{p}rowItems count="1"><{p}i/></{p}rowItems><{p}colItems count="1"><{p}i/></{p}colItems>'
             f'<{p}dataFields count="1"><{p}dataField name="Sum of Rating" fld="1" baseField="0" baseItem="0"/>'
             f'</{p}dataFields><{p}pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" '
             f'showColHeaders="1" showRowStripes="0" showColStripes="0" showLastColumn="1"/></{p}pivotTableDefinition>')
    return cache, records, table


_THEME = (DECLARATION + '<a:theme xmlns:a="http://schemas.openxmlformats.'
          'org/drawingml/2006/main" name="Tournament"><a:themeElements><a:clrScheme name="Tournament"><a:dk1><a:sysClr '
          'val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2>'
          '<a:srgbClr val="1F4E79"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr '
          'val="2E7D32"/></a:accent1><a:accent2><a:srgbClr val="C62828"/></a:accent2><a:accent3><a:srgbClr '
          'val="F9A825"/></a:accent3><a:accent4><a:srgbClr val="1565C0"/></a:accent4><a:accent5><a:srgbClr '
          'val="6A1B9A"/></a:accent5><a:accent6><a:srgbClr val="00838F"/></a:accent6><a:hlink><a:srgbClr '
          'val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme '
          'name="Tournament"><a:majorFont><a:latin typeface="Cambria"/><a:ea typeface=""/><a:cs typeface=""/>'
          '</a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/>'
          '</a:minorFont></a:fontScheme><a:fmtScheme name="Tournament"><a:fillStyleLst>'
          + '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>' * 3
          + '</a:fillStyleLst><a:lnStyleLst>'
          + '<a:ln w="6350"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>' * 3
          + '</a:lnStyleLst><a:effectStyleLst>' + '<a:effectStyle><a:effectLst/></a:effectStyle>' * 3
          + '</a:effectStyleLst><a:bgFillStyleLst>' + '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>' * 3
          + "</a:bgFillStyleLst></a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>")


def _properties(f: _Flavor) -> dict[str, str]:
    app = "LibreOffice/7.4.7.2$Linux_X86_64" if f.name == "libreoffice" else "Microsoft Excel"
    titles = ("Config", "Players", "Notes", "Lists", "Pivot", "Secret", "Chart")
    vector = "".join(f"<vt:lpstr>{t}</vt:lpstr>" for t in titles)
    vt = 'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"'
    return {
        "docProps/core.xml": DECLARATION + '<cp:coreProperties xmlns:cp="'
        'http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements'
        '/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        "<dc:creator>Referee</dc:creator><cp:lastModifiedBy>Referee</cp:lastModifiedBy><dcterms:created "
        'xsi:type="dcterms:W3CDTF">2026-11-01T10:00:00Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">'
        "2026-11-02T10:00:00Z</dcterms:modified></cp:coreProperties>",
        "docProps/app.xml": DECLARATION + '<Properties xmlns="http://'
        f'schemas.openxmlformats.org/officeDocument/2006/extended-properties" {vt}><Application>{app}</Application>'
        '<HeadingPairs><vt:vector size="4" baseType="variant"><vt:variant><vt:lpstr>Worksheets</vt:lpstr></vt:variant>'
        '<vt:variant><vt:i4>6</vt:i4></vt:variant><vt:variant><vt:lpstr>Charts</vt:lpstr></vt:variant><vt:variant>'
        f'<vt:i4>1</vt:i4></vt:variant></vt:vector></HeadingPairs><TitlesOfParts><vt:vector size="7" '
        f'baseType="lpstr">{vector}</vt:vector></TitlesOfParts></Properties>',
        "docProps/custom.xml": DECLARATION + '<Properties xmlns="http://'
        f'schemas.openxmlformats.org/officeDocument/2006/custom-properties" {vt}><property fmtid="{{D5CDD505-2E9C-101B-'
        '9397-08002B2CF9AE}" pid="2" name="Federation"><vt:lpwstr>RFG</vt:lpwstr></property></Properties>',
        "customXml/item1.xml": '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<tournament '
        'xmlns="urn:example:go">Autumn cup</tournament>',
        "customXml/itemProps1.xml": '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<ds:datastoreItem '
        'ds:itemID="{1A2B3C4D-0000-4000-8000-000000000001}" xmlns:ds="http://schemas.openxmlformats.org/'
        'officeDocument/2006/customXml"><ds:schemaRefs/></ds:datastoreItem>',
    }


def feature_book(path: Path, flavor: str, config: Sequence[tuple[str, object]] = CONFIG,
                 players: Sequence[tuple[str, int, str]] = PLAYERS) -> None:
    """Write the workbook of every FEATURE at `path`, as `flavor` (one of FLAVORS) lays a package out."""
    f = _Flavor(flavor)
    last = len(players) + 1
    sheets = {
        "xl/worksheets/sheet1.xml": _config_sheet(f, config),
        "xl/worksheets/sheet2.xml": _players_sheet(f, players),
        "xl/worksheets/sheet3.xml": _notes_sheet(f),
        "xl/worksheets/sheet4.xml": _simple_sheet(f, [club for _, _, club in players[::2]]),
        "xl/worksheets/sheet5.xml": _pivot_sheet(f),
        "xl/worksheets/sheet6.xml": _simple_sheet(f, ["not for the players' eyes"]),
    }
    cache, records, pivot = _pivot(f, players)
    parts: dict[str, str | bytes] = {
        **sheets,
        "xl/chartsheets/sheet1.xml": f'{DECLARATION}<{f.p}chartsheet '
        f'{f.xmlns}><{f.p}sheetPr/><{f.p}sheetViews><{f.p}sheetView zoomScale="87" workbookViewId="0" '
        f'zoomToFit="1"/></{f.p}sheetViews><{f.p}pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" '
        f'header="0.3" footer="0.3"/><{f.p}drawing r:id="rId1"/></{f.p}chartsheet>',
        "xl/workbook.xml": _workbook(f),
        "xl/styles.xml": _styles(f),
        "xl/theme/theme1.xml": _THEME,
        "xl/drawings/drawing1.xml": _drawing(
            _PICTURE, f"<xdr:twoCellAnchor>{_FROM_TO}{_frame('rId2')}</xdr:twoCellAnchor>"),
        "xl/drawings/drawing2.xml": _drawing('<xdr:absoluteAnchor><xdr:pos x="0" y="0"/><xdr:ext cx="9000000" '
                                             f'cy="6000000"/>{_frame("rId1")}</xdr:absoluteAnchor>'),
        "xl/drawings/vmlDrawing1.vml": _vml([(1, 2), (3, 1)] if flavor == "excel" else [(1, 2)]),
        "xl/comments1.xml": _comments(f),
        "xl/charts/chart1.xml": _chart("Ratings", "barChart", players),
        "xl/charts/chart2.xml": _chart("Ratings by name", "lineChart", players),
        "xl/media/image1.png": png(),
        "xl/tables/table1.xml": _table(f, last),
        "xl/pivotCache/pivotCacheDefinition1.xml": cache,
        "xl/pivotCache/pivotCacheRecords1.xml": records,
        "xl/pivotTables/pivotTable1.xml": pivot,
        "xl/externalLinks/externalLink1.xml": DECLARATION +
        f'<{f.p}externalLink {f.xmlns}><{f.p}externalBook r:id="rId1"><{f.p}sheetNames><{f.p}sheetName '
        f'val="Ratings"/></{f.p}sheetNames><{f.p}sheetDataSet><{f.p}sheetData sheetId="0"><{f.p}row r="1"><{f.p}cell '
        f'r="A1"><{f.p}v>2100</{f.p}v></{f.p}cell></{f.p}row></{f.p}sheetData></{f.p}sheetDataSet></{f.p}externalBook>'
        f"</{f.p}externalLink>",
        "xl/printerSettings/printerSettings1.bin": b"\x00PRINTER\x01A4 portrait" + bytes(range(64)),
        "xl/printerSettings/printerSettings2.bin": b"\x00PRINTER\x02A4 landscape" + bytes(range(64, 128)),
        **_properties(f),
    }
    excel = flavor == "excel"
    if excel:
        parts |= {
            "xl/charts/style1.xml": DECLARATION + '<cs:chartStyle xmlns:cs'
            '="http://schemas.microsoft.com/office/drawing/2012/chartStyle" xmlns:a="http://schemas.openxmlformats.org/'
            'drawingml/2006/main" id="201"/>',
            "xl/charts/colors1.xml": DECLARATION + '<cs:colorStyle xmlns:cs'
            '="http://schemas.microsoft.com/office/drawing/2012/chartStyle" xmlns:a="http://schemas.openxmlformats.org/'
            'drawingml/2006/main" meth="cycle" id="10"><a:schemeClr val="accent1"/></cs:colorStyle>',
            "xl/threadedComments/threadedComment1.xml": DECLARATION +
            '<ThreadedComments xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments" '
            f'xmlns:x="{MAIN}"><threadedComment ref="B4" dT="2026-11-01T10:00:00.00" personId="{{5A6F7081-0000-4000-'
            '8000-000000000001}" id="{0B1C2D3E-0000-4000-8000-000000000001}"><text>Check his rank</text>'
            "</threadedComment></ThreadedComments>",
            "xl/persons/person.xml": DECLARATION + '<personList xmlns="http:'
            f'//schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments" xmlns:x="{MAIN}"><person '
            'displayName="Referee" id="{5A6F7081-0000-4000-8000-000000000001}" userId="referee@example.org" '
            'providerId="None"/></personList>',
            "xl/metadata.xml": DECLARATION + '<metadata xmlns="'
            f'{MAIN}" xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray"><metadataTypes '
            'count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" '
            'merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" '
            'cellMeta="1"/></metadataTypes><futureMetadata name="XLDAPR" count="1"><bk><extLst><ext '
            'uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/>'
            '</ext></extLst></bk></futureMetadata><cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata>'
            "</metadata>",
            "xl/calcChain.xml": DECLARATION + '<calcChain xmlns="'
            f'{MAIN}"><c r="E2" i="2"/>' + "".join(f'<c r="E{n}"/>' for n in range(3, last + 1))
            + '<c r="C2" i="3"/><c r="B3" a="1"/><c r="B4"/><c r="B7"/><c r="B8" a="1"/><c r="C9"/></calcChain>',
        }
    parts["xl/sharedStrings.xml"] = _shared_strings(f)  # after the sheets: their strings are listed
    rels = _relationships(f, excel)
    parts |= rels
    parts["[Content_Types].xml"] = _content_types(f, [name for name in parts if not name.endswith(".rels")])
    first = ("[Content_Types].xml", "_rels/.rels")
    order = [*first, *(name for name in parts if name not in first)]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in order:
            data = parts[name]
            archive.writestr(name, data.encode() if isinstance(data, str) else data)


def _relationships(f: _Flavor, excel: bool) -> dict[str, str]:
    workbook = [("worksheet", f"xl/worksheets/sheet{n}.xml") for n in range(1, 6)]
    workbook.insert(5, ("chartsheet", "xl/chartsheets/sheet1.xml"))
    workbook += [("worksheet", "xl/worksheets/sheet6.xml"),
                 ("externalLink", "xl/externalLinks/externalLink1.xml"),
                 ("pivotCacheDefinition", "xl/pivotCache/pivotCacheDefinition1.xml"),
                 ("theme", "xl/theme/theme1.xml"), ("styles", "xl/styles.xml"),
                 ("sharedStrings", "xl/sharedStrings.xml"), ("customXml", "customXml/item1.xml")]
    if excel:
        workbook += [("calcChain", "xl/calcChain.xml"), ("sheetMetadata", "xl/metadata.xml"),
                     ("http://schemas.microsoft.com/office/2017/10/relationships/person", "xl/persons/person.xml")]
    players = [("table", "xl/tables/table1.xml"), ("vmlDrawing", "xl/drawings/vmlDrawing1.vml"),
               ("printerSettings", "xl/printerSettings/printerSettings1.bin"),
               ("hyperlink", "https://www.europeangodatabase.eu/EGD/"), ("comments", "xl/comments1.xml")]
    if excel:
        players.append(("http://schemas.microsoft.com/office/2017/10/relationships/threadedComment",
                        "xl/threadedComments/threadedComment1.xml"))
    chart = [("http://schemas.microsoft.com/office/2011/relationships/chartStyle", "xl/charts/style1.xml"),
             ("http://schemas.microsoft.com/office/2011/relationships/chartColorStyle", "xl/charts/colors1.xml")]
    return {
        "_rels/.rels": _rels(f, "", [("officeDocument", "xl/workbook.xml"),
                                     (f"{PKG}/metadata/core-properties", "docProps/core.xml"),
                                     ("extended-properties", "docProps/app.xml"),
                                     ("custom-properties", "docProps/custom.xml")]),
        "xl/_rels/workbook.xml.rels": _rels(f, "xl/workbook.xml", workbook),
        "xl/worksheets/_rels/sheet2.xml.rels": _rels(f, "xl/worksheets/sheet2.xml", players, external=(4,)),
        "xl/worksheets/_rels/sheet3.xml.rels": _rels(f, "xl/worksheets/sheet3.xml", [
            ("drawing", "xl/drawings/drawing1.xml"),
            ("printerSettings", "xl/printerSettings/printerSettings2.bin")]),
        "xl/worksheets/_rels/sheet5.xml.rels": _rels(f, "xl/worksheets/sheet5.xml", [
            ("pivotTable", "xl/pivotTables/pivotTable1.xml")]),
        "xl/chartsheets/_rels/sheet1.xml.rels": _rels(f, "xl/chartsheets/sheet1.xml", [
            ("drawing", "xl/drawings/drawing2.xml")]),
        "xl/drawings/_rels/drawing1.xml.rels": _rels(f, "xl/drawings/drawing1.xml", [
            ("image", "xl/media/image1.png"), ("chart", "xl/charts/chart1.xml")]),
        "xl/drawings/_rels/drawing2.xml.rels": _rels(f, "xl/drawings/drawing2.xml", [
            ("chart", "xl/charts/chart2.xml")]),
        **({"xl/charts/_rels/chart1.xml.rels": _rels(f, "xl/charts/chart1.xml", chart)} if excel else {}),
        "xl/pivotTables/_rels/pivotTable1.xml.rels": _rels(f, "xl/pivotTables/pivotTable1.xml", [
            ("pivotCacheDefinition", "xl/pivotCache/pivotCacheDefinition1.xml")]),
        "xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels": _rels(f, "xl/pivotCache/pivotCacheDefinition1.xml", [
            ("pivotCacheRecords", "xl/pivotCache/pivotCacheRecords1.xml")]),
        "xl/externalLinks/_rels/externalLink1.xml.rels": _rels(f, "xl/externalLinks/externalLink1.xml", [
            ("externalLinkPath", "ratings.xlsx")], external=(1,)),
        "customXml/_rels/item1.xml.rels": _rels(f, "customXml/item1.xml", [
            ("customXmlProps", "customXml/itemProps1.xml")]),
    }


_TYPES = {
    "xl/workbook.xml": f"{SML}.sheet.main+xml", "xl/styles.xml": f"{SML}.styles+xml",
    "xl/sharedStrings.xml": f"{SML}.sharedStrings+xml", "xl/theme/theme1.xml": f"{CT}.theme+xml",
    "xl/calcChain.xml": f"{SML}.calcChain+xml", "xl/comments1.xml": f"{SML}.comments+xml",
    "xl/tables/table1.xml": f"{SML}.table+xml", "xl/metadata.xml": f"{SML}.sheetMetadata+xml",
    "xl/pivotTables/pivotTable1.xml": f"{SML}.pivotTable+xml",
    "xl/pivotCache/pivotCacheDefinition1.xml": f"{SML}.pivotCacheDefinition+xml",
    "xl/pivotCache/pivotCacheRecords1.xml": f"{SML}.pivotCacheRecords+xml",
    "xl/externalLinks/externalLink1.xml": f"{SML}.externalLink+xml",
    "xl/chartsheets/sheet1.xml": f"{SML}.chartsheet+xml",
    "xl/threadedComments/threadedComment1.xml": "application/vnd.ms-excel.threadedcomments+xml",
    "xl/persons/person.xml": "application/vnd.ms-excel.person+xml",
    "xl/charts/style1.xml": "application/vnd.ms-office.chartstyle+xml",
    "xl/charts/colors1.xml": "application/vnd.ms-office.chartcolorstyle+xml",
    "docProps/core.xml": "application/vnd.openxmlformats-package.core-properties+xml",
    "docProps/app.xml": f"{CT}.extended-properties+xml", "docProps/custom.xml": f"{CT}.custom-properties+xml",
    "customXml/itemProps1.xml": f"{CT}.customXmlProperties+xml",
}


def _content_types(f: _Flavor, parts: Sequence[str]) -> str:
    defaults = {"rels": "application/vnd.openxmlformats-package.relationships+xml", "xml": "application/xml",
                "png": "image/png", "vml": f"{CT}.vmlDrawing", "bin": f"{SML}.printerSettings"}
    overrides = []
    for part in parts:
        kind = _TYPES.get(part)
        if kind is None and part.startswith("xl/worksheets/sheet"):
            kind = f"{SML}.worksheet+xml"
        elif kind is None and part.startswith("xl/drawings/drawing"):
            kind = f"{CT}.drawing+xml"
        elif kind is None and part.startswith("xl/charts/chart"):
            kind = f"{CT}.drawingml.chart+xml"
        if kind is not None:
            overrides.append(f'<Override PartName="/{part}" ContentType="{kind}"/>')
    items = "".join(f'<Default Extension="{e}" ContentType="{t}"/>' for e, t in defaults.items())
    return (DECLARATION + '<Types xmlns="http://schemas.openxmlformats.org/'
            f'package/2006/content-types">{items}{"".join(overrides)}</Types>')
