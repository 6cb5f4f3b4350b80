"""The README's layout table names every top-level folder of the repository, and nothing that is gone."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_layout_matches_the_tree():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text[text.index("## Layout") : text.index("## Command line")]
    named = {p.split("/")[0] for p in re.findall(r"\| `([a-z_][a-z_/.]*)/`", table)}
    named |= set(re.findall(r"`([a-z_]+)/`", table))
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    folders = {line.split("/")[0] for line in tracked.splitlines() if "/" in line and not line.startswith(".")}
    assert folders <= named, f"folders missing from the README's layout table: {sorted(folders - named)}"
    for path in re.findall(r"\| `([a-z_][a-z_/]*)/`", table):
        assert (ROOT / path).is_dir(), f"the README names {path}/, which does not exist"
