"""The scoring CLI answers every line, however bad, and goes on with the next one."""

import json

import pytest

from core import safejson
from tests.rules.test_cli import run_cli

GOOD = json.dumps({"concealed": "123m456p789s23sEE", "win_tile": "4s"})


def test_every_bad_line_gets_an_answer_and_the_run_goes_on():
    lines = [
        GOOD,
        "[" * 5000 + "]" * 5000,
        '{"concealed": ' + "9" * 5000 + "}",
        '{"x": NaN}',
        json.dumps({"concealed": "x" * 20000}),
        '{"concealed": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {}}}}}}}}}',
        GOOD,
    ]
    proc = run_cli(lines, "--rules", "mcr")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == len(lines)
    assert out[0]["valid"] and out[-1]["valid"] and out[0] == out[-1]
    assert "nested more than" in out[1]["error"]
    assert "more than 15 digits" in out[2]["error"]
    assert "NaN" in out[3]["error"]
    assert "longer than 10000 characters" in out[4]["error"]
    assert "nested more than" in out[5]["error"]
    assert all(not o["valid"] and o["total"] == 0 for o in out[1:-1])


@pytest.mark.parametrize(
    "text, kind",
    [
        ("[" * 33 + "]" * 33, "depth"),
        ("1" * 16, "number"),
        ("-1e999", "number"),
        ("Infinity", "constant"),
    ],
)
def test_safe_json_refuses_what_would_hurt(text, kind):
    with pytest.raises(safejson.JSONLimitError) as error:
        safejson.loads(text)
    assert error.value.kind == kind


def test_safe_json_reads_ordinary_json_and_brackets_inside_strings():
    assert safejson.loads('{"a": "[[[[\\"{{{{", "b": [1, 2.5, -3]}', max_depth=2) == {
        "a": '[[[["{{{{',
        "b": [1, 2.5, -3],
    }
