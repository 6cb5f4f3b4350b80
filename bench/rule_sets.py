"""Speed of every rule set through the CLI path (registry, parse, score, JSON), in-process.

Hands are random winning shapes (plus the refusals they happen to produce) built by the
property tests' generators. Goal: >= 1,000 hands/s for each rule set. Printed, never asserted.
"""

import json
import time

HANDS = 5_000
SEED = 2024
GOAL = 1_000


def _hands(code, count):
    from tests.rules.mcr.handgen import generate
    from tests.rules.test_properties import spanish_hand, swiss_hand

    if code == "mcr":
        return generate(count, seed=SEED)
    make = swiss_hand if code == "swiss_championship" else spanish_hand
    return [make(SEED + i) for i in range(count)]


def main():
    from rules.registry import RULE_SETS, get_rule_set
    from rules_cli.__main__ import _score_line

    for code in RULE_SETS:
        rules = get_rule_set(code)
        lines = [json.dumps(h) for h in _hands(code, HANDS)]
        for line in lines[:200]:  # warm the decomposition caches on hands not timed alone
            _score_line(line, rules)
        start = time.perf_counter()
        valid = 0
        for line in lines:
            out = json.dumps(_score_line(line, rules), ensure_ascii=False)
            valid += '"valid": true' in out
        elapsed = time.perf_counter() - start
        rate = len(lines) / elapsed
        print(
            f"  {code:<20} {rate:>9,.0f} hands/s   ({len(lines)} hands, {valid} valid)   "
            f"goal >= {GOAL:,}/s: {'met' if rate >= GOAL else 'MISSED'}"
        )
