"""One OS process of the import-beside-others test (tests/interchange/test_import_beside_others.py).

    python tests/interchange/import_beside.py setup
    python tests/interchange/import_beside.py import INSIDE_FILE GO_FILE
    python tests/interchange/import_beside.py read
    python tests/interchange/import_beside.py login POSTING_FILE

DATABASE_URL names a migrated SQLite file. ``setup`` imports a published tournament "other" and makes
the account "ana". ``import`` imports a second tournament and, once its players are in (its transaction
holds SQLite's write lock), touches INSIDE_FILE and waits for GO_FILE before going on. ``read`` fetches
pages of "other" and ``login`` logs "ana" in through the login form, touching POSTING_FILE just before it
posts; each prints a JSON report.
"""

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402

from bench.scale import interchange_data  # noqa: E402
from interchange.load import Progress, tournament_import  # noqa: E402

PASSWORD = "ana-beside-an-import"


class Held(Progress):
    """Keeps the import's transaction open after the players, until the test says go."""

    def __init__(self, inside, go):
        self.inside, self.go = Path(inside), Path(go)

    def players(self, count):
        self.inside.touch()
        deadline = time.monotonic() + 120
        while not self.go.exists() and time.monotonic() < deadline:
            time.sleep(0.05)


def main(mode, *args):
    if mode == "setup":
        data = interchange_data("other", 16, 2, 16)
        data["published"] = True
        for session in data["sessions"]:
            session["status"] = "published"
        tournament_import(data)
        get_user_model().objects.create_user("ana", password=PASSWORD)
        return {}
    if mode == "import":
        tournament = tournament_import(interchange_data("big", 40, 3, 16), progress=Held(*args))
        return {"imported": tournament.slug, "hands": 40 // 4 * 3 * 16}
    client = Client()
    if mode == "read":
        return {
            path: client.get(path).status_code
            for path in (
                "/t/other/",
                "/t/other/standings/",
                "/t/other/sessions/1/",
                "/t/other/players/3/",
                "/t/other/seating/",
                "/accounts/login/",
            )
        }
    client.get("/accounts/login/")
    Path(args[0]).touch()
    response = client.post("/accounts/login/", {"username": "ana", "password": PASSWORD})
    return {"login": response.status_code, "to": response.get("Location", "")}


if __name__ == "__main__":
    print(json.dumps(main(*sys.argv[1:])))
