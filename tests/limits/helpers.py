"""Build hostile upload files and measure what parsing them costs (in a separate process)."""

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MEMORY_BOUND_MB = 200
# CPU seconds the parser may spend on a hostile file: a bound against denial of service (a parser that
# walks a million declared rows takes minutes), far above what a refusal costs, not a speed goal.
TIME_BOUND_S = 2.0

CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
    'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
    'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override '
    'PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
    'spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType='
    '"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override '
    'PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
    'spreadsheetml.sharedStrings+xml"/></Types>'
)
ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
    '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/'
    '2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
)
WORKBOOK = (
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
    '2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
    '<sheet name="Players" sheetId="1" r:id="rId1"/></sheets></workbook>'
)
WORKBOOK_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
    'package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship '
    'Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
    'Target="sharedStrings.xml"/></Relationships>'
)
NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def sheet_xml(rows, dimension=None):
    """rows: list of (row number, [cell xml, ...])."""
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    body = "".join(f'<row r="{r}">{"".join(cells)}</row>' for r, cells in rows)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{NS}">{dim}<sheetData>{body}</sheetData></worksheet>'
    )


def inline(ref, text):
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


def write_xlsx(path, sheet, shared_strings=None, big_shared_string_mb=0):
    """An .xlsx built part by part; a big shared string is streamed into the archive, never held."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", CONTENT_TYPES)
        archive.writestr("_rels/.rels", ROOT_RELS)
        archive.writestr("xl/workbook.xml", WORKBOOK)
        archive.writestr("xl/_rels/workbook.xml.rels", WORKBOOK_RELS)
        archive.writestr("xl/worksheets/sheet1.xml", sheet)
        if big_shared_string_mb:
            with archive.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
                part.write(f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{NS}"><si><t>'.encode())
                chunk = b"A" * (1024 * 1024)
                for _ in range(big_shared_string_mb):
                    part.write(chunk)
                part.write(b"</t></si></sst>")
        else:
            items = "".join(f"<si><t>{s}</t></si>" for s in (shared_strings or []))
            archive.writestr(
                "xl/sharedStrings.xml", f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{NS}">{items}</sst>'
            )
    return path


def measure(kind, path):
    """{"seconds", "peak_mb", "messages"} of parsing the file at `path` as an upload of `kind`."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    proc = subprocess.run(
        [sys.executable, "-m", "tests.limits.measure", kind, str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def assert_refused_quickly(result, *fragments):
    assert result["messages"], "the file was accepted"
    text = " ".join(result["messages"])
    for fragment in fragments:
        assert fragment in text, text
    assert result["seconds"] < TIME_BOUND_S, result
    assert result["peak_mb"] < MEMORY_BOUND_MB, result
