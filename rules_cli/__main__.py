"""Command line: ``python -m rules_cli --rules CODE`` scores one JSON hand per input line.

Each input line gives one JSON object on stdout, in order. A bad line never stops the run;
it answers ``{"valid": false, "total": 0, "fans": [], "error": "..."}``. The rule sets and
their options come from ``rules.registry``; docs/scoring-cli.md lists every field.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from core import safejson

if TYPE_CHECKING:
    from rules.base import RuleSet

# Limits of one input line: a hand is a few hundred characters.
MAX_LINE_CHARS = 10_000
MAX_DEPTH = 8


def _error(message: str) -> dict[str, Any]:
    return {"valid": False, "total": 0, "fans": [], "error": message}


def _score_line(line: str, rule_set: RuleSet[Any]) -> dict[str, Any]:
    try:
        data = safejson.loads(line, max_depth=MAX_DEPTH)
    except ValueError as exc:
        return _error(f"bad JSON: {exc}")
    try:
        return rule_set.score_dict(data)
    except Exception as exc:
        return _error(f"cannot score this line: {type(exc).__name__}")


def _lines(stream: TextIO, limit: int = MAX_LINE_CHARS) -> Iterator[str | None]:
    """Input lines; a line longer than ``limit`` is read in bounded pieces and given as None."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith("\n"):
            while True:  # skip the rest of the over-long line without holding it
                rest = stream.readline(limit)
                if not rest or rest.endswith("\n"):
                    break
            yield None
            continue
        yield line


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"options are written NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def main(argv: list[str] | None = None) -> int:
    from rules.registry import RULE_SETS, get_rule_set

    parser = argparse.ArgumentParser(
        prog="python -m rules_cli", description="Score Mahjong hands: one JSON object per line in, one out."
    )
    parser.add_argument("--rules", choices=list(RULE_SETS), required=True, help="rule set")
    parser.add_argument(
        "--option",
        action="append",
        type=_option,
        default=[],
        metavar="NAME=VALUE",
        help="a rule-set option, e.g. payment_mode=official (spanish); repeatable",
    )
    args = parser.parse_args(argv)
    cls = RULE_SETS[args.rules]
    options = {}
    for name, value in args.option:
        opt = cls.OPTIONS.get(name)
        if opt is None:
            parser.error(
                f"--rules {args.rules} has no option {name!r}; its options are "
                f"{', '.join(sorted(cls.OPTIONS)) or 'none'}"
            )
        # Choices may be numbers (hands_per_session); the command line gives text.
        options[name] = next((c for c in opt.choices if str(c) == value), value)
    try:
        rule_set = get_rule_set(args.rules, **options)
    except ValueError as exc:
        parser.error(str(exc))
    out = sys.stdout
    for line in _lines(sys.stdin):
        if line is None:
            result = _error(f"line longer than {MAX_LINE_CHARS} characters")
        elif not line.strip():
            continue
        else:
            result = _score_line(line, rule_set)
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
