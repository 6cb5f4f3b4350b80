"""Static files in production: collected under content-hashed names, compressed, and served by the app itself
through WhiteNoise as immutable (issue 22), the tile artwork as one sprite; pages compressed; the service
worker names the hashed files."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import re
from django.test import Client
from django.templatetags.static import static
c = Client(HTTP_X_FORWARDED_PROTO="https")
site, sprite = static("css/site.css"), static("tiles/sprite.svg")
print("hashed", site, sprite)
for path in (site, sprite, "/static/css/site.css"):
    r = c.get(path, HTTP_ACCEPT_ENCODING="gzip")
    print("file", path, r.status_code, r.headers.get("Content-Encoding", "-"), r.headers.get("Cache-Control", "-"))
page = c.get("/calculator/", HTTP_ACCEPT_ENCODING="gzip")
print("page", page.headers.get("Content-Encoding", "-"), page.headers.get("Vary", "-"))
import gzip
html = gzip.decompress(page.content).decode()
print("links", site in html, 'data-tile-sprite="' + sprite + '"' in html)
worker = c.get("/sw.js")
print("worker", worker.status_code, worker.headers["Content-Type"], worker.headers["Cache-Control"], sprite in worker.content.decode())
"""


def test_collected_static_files_are_hashed_immutable_and_compressed_with_debug_off(tmp_path):
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "static-test-" + "s" * 50,
        "ALLOWED_HOSTS": "testserver",
        "STATIC_ROOT": str(tmp_path / "static"),
    }

    def run(*args):
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )

    collected = run("collectstatic", "--noinput")
    assert collected.returncode == 0, collected.stderr
    assert (tmp_path / "static" / "staticfiles.json").exists()
    assert list((tmp_path / "static" / "css").glob("site.*.css.gz"))
    probe = run("shell", "-c", PROBE)
    assert probe.returncode == 0, probe.stderr
    out = probe.stdout
    hashed = next(line for line in out.splitlines() if line.startswith("hashed")).split()
    site, sprite = hashed[1], hashed[2]
    assert site.startswith("/static/css/site.") and len(site) == len("/static/css/site.css") + 13
    assert sprite.startswith("/static/tiles/sprite.")
    # Hashed names are cached for good; a plain name still answers, for a short while.
    assert f"file {site} 200 gzip max-age=315360000, public, immutable" in out
    assert f"file {sprite} 200 gzip max-age=315360000, public, immutable" in out
    assert "file /static/css/site.css 200 gzip max-age=60, public" in out
    # Pages come compressed, and name the hashed files.
    assert "page gzip" in out and "Accept-Encoding" in out
    assert "links True True" in out
    assert "worker 200 text/javascript; charset=utf-8 no-cache True" in out


def test_the_sprite_draws_each_tile_as_its_own_file_does():
    """Pages draw the tiles from static/tiles/sprite.svg (one request); scripts/make_tiles.py writes it beside the
    single files, and the two must not drift apart."""
    import re

    tiles = ROOT / "static" / "tiles"
    symbols = dict(
        re.findall(r'<symbol id="t-([^"]+)" viewBox="0 0 60 80">(.*?)</symbol>', (tiles / "sprite.svg").read_text())
    )
    files = {path.stem: path.read_text().strip() for path in tiles.glob("*.svg") if path.stem != "sprite"}
    assert len(files) == 43 and set(symbols) == set(files)
    for name, svg in files.items():
        assert symbols[name] == svg[svg.index(">") + 1 : -len("</svg>")], name
