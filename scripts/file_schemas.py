"""The declared file schemas, published as JSON Schema in docs/schemas/ (interchange.schema, series.schema).

python scripts/file_schemas.py --write    # regenerate docs/schemas/*.schema.json
python scripts/file_schemas.py --check    # fail when they differ from the code (make check runs this)
"""

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from core.json_schema import check_schema  # noqa: E402
from interchange.schema import tournament_file_schema  # noqa: E402
from series.schema import series_file_schema  # noqa: E402

SCHEMAS = {
    "tournament-file.schema.json": tournament_file_schema,
    "series-file.schema.json": series_file_schema,
}
FOLDER = ROOT / "docs" / "schemas"


def text(build) -> str:
    schema = build()
    check_schema(schema)
    return json.dumps(schema, ensure_ascii=False, indent=2, default=str) + "\n"


def main(argv: list[str]) -> int:
    if argv not in (["--write"], ["--check"]):
        print(__doc__)
        return 2
    stale = []
    for name, build in SCHEMAS.items():
        path, wanted = FOLDER / name, text(build)
        if argv == ["--write"]:
            FOLDER.mkdir(exist_ok=True)
            path.write_text(wanted, encoding="utf-8")
        elif not path.exists() or path.read_text(encoding="utf-8") != wanted:
            stale.append(str(path.relative_to(ROOT)))
    if stale:
        print(f"{', '.join(stale)}: not the schema the code declares; run python scripts/file_schemas.py --write")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
