"""Contact sheet of the tile artwork: docs/screenshots/tiles.png, rendered by Debian's chromium.

    .venv/bin/python scripts/tile_sheet.py [OUT.png]

Each tile is shown at 40 px wide (a phone's tile button) and 80 px, so both the at-a-glance
read and the detail can be judged from one picture.
"""

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TILES = ROOT / "static" / "tiles"
ORDER = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNCFP") + [f"f{k}" for k in range(1, 9)] + ["back"]
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def page(width):
    rows = [ORDER[0:9], ORDER[9:18], ORDER[18:27], ORDER[27:34], ORDER[34:43]]
    out = []
    for row in rows:
        cells = "".join(
            f'<figure><img src="{(TILES / (n + ".svg")).as_uri()}" width="{width}" alt="{n}">'
            f"<figcaption>{n}</figcaption></figure>"
            for n in row
        )
        out.append(f'<div class="row">{cells}</div>')
    return "".join(out)


def main(out_path):
    html = (
        "<!doctype html><meta charset=utf-8><style>body{margin:12px;font:12px sans-serif;background:#e9ebe6}"
        ".row{display:flex;gap:4px;margin-bottom:4px}figure{margin:0;text-align:center}"
        "figcaption{color:#555}h2{font-size:13px;margin:8px 0 4px}</style>"
        f"<h2>40 px wide (phone)</h2>{page(40)}<h2>80 px wide</h2>{page(80)}"
    )
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        sheet = Path(tmp) / "sheet.html"
        sheet.write_text(html)
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        pg = browser.new_page(viewport={"width": 820, "height": 400}, device_scale_factor=1)
        pg.goto(sheet.as_uri())
        pg.screenshot(path=str(out_path), full_page=True)
        browser.close()
    print(f"wrote {out_path}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots" / "tiles.png")
