"""`python -m rules_cli --rules mcr`: one JSON line in, one JSON line out, never stopping."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run_cli(lines, *args):
    env = dict(os.environ)
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the engine must not need Django
    proc = subprocess.run(
        [sys.executable, "-m", "rules_cli", *(args or ("--rules", "mcr"))],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    return proc


def test_lines_in_order_and_bad_lines_answered():
    lines = [
        json.dumps({"concealed": "123m456p789s234sE", "win_tile": "E"}),
        "{not json",
        json.dumps({"concealed": "1112345678999m", "win_tile": "5m", "self_drawn": True, "flowers": 2}),
        json.dumps({"concealed": "12m", "win_tile": "3m"}),
        json.dumps({"concealed": "234m567p2299s", "melds": ["pung EEE"], "win_tile": "9s"}),
        json.dumps(["a list"]),
        json.dumps({"concealed": "124m456p789s234sE", "win_tile": "E"}),
    ]
    proc = run_cli(lines)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == len(lines)
    first = out[0]
    assert first["valid"] is True and "error" not in first
    assert {f["id"] for f in first["fans"]} == {39, 62, 79}
    assert first["total"] == 11 and first["fans"][0] == {
        "id": 39,
        "name": "Mixed Straight",
        "points": 8,
        "count": 1,
        "name_es": "Escalera Mixta",
        "name_zh": "花龙",
        "from": ["chow 123m + chow 456p + chow 789s"],
    }
    assert out[1] == {"valid": False, "total": 0, "fans": [], "error": out[1]["error"]}
    assert out[1]["error"].startswith("bad JSON")
    assert out[2]["valid"] and out[2]["total"] == 96
    assert not out[3]["valid"] and "wrong number of tiles" in out[3]["error"]
    assert not out[4]["valid"] and "under 8" in out[4]["error"] and out[4]["fans"]
    assert not out[5]["valid"] and "JSON object" in out[5]["error"]
    assert not out[6]["valid"] and "not a winning hand" in out[6]["error"]


def test_rules_argument_required():
    proc = run_cli([], "--rules", "swiss")
    assert proc.returncode != 0 and "invalid choice" in proc.stderr


def test_engine_never_imports_django():
    code = (
        "import sys, rules.mcr, rules_cli.__main__; "
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django imported'"
    )
    env = dict(os.environ)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
