"""Static files in production: collected, compressed, and served by the app itself through WhiteNoise,
including the tile artwork the picker finds under its {% static 'tiles/' %} prefix."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
from django.test import Client
c = Client(HTTP_X_FORWARDED_PROTO="https")
for path in ("/static/css/site.css", "/static/tiles/1m.svg"):
    r = c.get(path, HTTP_ACCEPT_ENCODING="gzip")
    print(path, r.status_code, r.headers.get("Content-Encoding", "-"), r.headers.get("Cache-Control", "-"))
page = c.get("/calculator/").content.decode()
print("prefix", 'data-tile-base="/static/tiles/"' in page)
"""


def test_collected_static_files_are_served_compressed_with_debug_off(tmp_path):
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
    assert (tmp_path / "static" / "css" / "site.css.gz").exists()
    probe = run("shell", "-c", PROBE)
    assert probe.returncode == 0, probe.stderr
    assert "/static/css/site.css 200 gzip max-age=" in probe.stdout
    assert "/static/tiles/1m.svg 200 gzip max-age=" in probe.stdout
    assert "prefix True" in probe.stdout
