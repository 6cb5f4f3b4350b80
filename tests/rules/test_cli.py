"""`python -m rules_cli --rules swiss_championship|spanish`: the MCR contract, one line in, one out."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_cli(lines, *args):
    env = dict(os.environ)
    env.pop("DJANGO_SETTINGS_MODULE", None)  # the rules must not need Django
    return subprocess.run(
        [sys.executable, "-m", "rules_cli", *args],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def test_swiss_championship_lines_in_order_and_bad_lines_answered():
    lines = [
        json.dumps(
            {
                "concealed": "222555999m6m",
                "melds": ["concealed_kong 1111m"],
                "win_tile": "6m",
                "self_drawn": True,
                "kong": True,
            }
        ),
        "{not json",
        json.dumps({"concealed": "123m345m999p6pE", "win_tile": "6p"}),
        "",
        json.dumps(["a list"]),
        json.dumps({"concealed": "123m345m999p6p", "melds": ["chow 234p"], "win_tile": "6p"}),
    ]
    proc = run_cli(lines, "--rules", "swiss_championship")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == 5  # the blank line is skipped
    assert out[0]["valid"] and out[0]["total"] == 51 and "error" not in out[0]
    assert out[0]["fans"][0] == {
        "id": 6,
        "name": "All Pungs in One Suit",
        "points": 8,
        "count": 1,
        "name_es": "Todo Pungs de una Familia",
        "from": ["whole hand"],
        "kind": "fan",
    }
    assert out[1]["error"].startswith("bad JSON") and out[1]["fans"] == [] and out[1]["total"] == 0
    assert "108 tiles" in out[2]["error"]
    assert "JSON object" in out[3]["error"]
    assert "chow" in out[4]["error"]


def test_spanish_lines_and_the_official_option():
    lines = [
        json.dumps(
            {
                "concealed": "678s345mE",
                "melds": ["chow 234p", "chow 789m"],
                "win_tile": "E",
                "flowers": "1",
                "seat_wind": "S",
                "prevalent_wind": "W",
            }
        ),
        json.dumps({"concealed": "19m19p19sESWNCFP", "win_tile": "P"}),
        json.dumps({"concealed": "123m456p99sEE", "melds": ["pung CCC"], "winning": False}),
    ]
    plain = [json.loads(x) for x in run_cli(lines, "--rules", "spanish").stdout.splitlines()]
    assert [r["total"] for r in plain] == [10, 1000, 10]
    assert all(r["valid"] for r in plain)
    official = run_cli(lines, "--rules", "spanish", "--option", "payment_mode=official")
    out = [json.loads(x) for x in official.stdout.splitlines()]
    assert not out[0]["valid"] and "x8" in out[0]["error"]
    assert out[1]["valid"] and out[1]["total"] == 1000


def test_swiss_fan_combination_option():
    line = json.dumps({"concealed": "1111223344556s", "win_tile": "6s"})
    assert json.loads(run_cli([line], "--rules", "swiss_championship").stdout)["total"] == 24
    highest = run_cli([line], "--rules", "swiss_championship", "--option", "fan_combination=highest")
    assert json.loads(highest.stdout)["total"] == 16


def test_bad_options_stop_with_a_message():
    proc = run_cli([], "--rules", "spanish", "--option", "payment_mode=sometimes")
    assert proc.returncode != 0 and "must be one of" in proc.stderr
    proc = run_cli([], "--rules", "mcr", "--option", "payment_mode=official")
    assert proc.returncode != 0 and "no option" in proc.stderr
    proc = run_cli([], "--rules", "spanish", "--option", "payment_mode")
    assert proc.returncode != 0 and "NAME=VALUE" in proc.stderr
    proc = run_cli([], "--rules", "swiss")
    assert proc.returncode != 0 and "invalid choice" in proc.stderr
