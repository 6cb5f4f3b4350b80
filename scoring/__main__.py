"""Command line: ``python -m scoring --rules mcr`` scores one JSON hand per input line.

Each input line gives one JSON object on stdout, in order. A bad line never stops the run;
it answers ``{"valid": false, "total": 0, "fans": [], "error": "..."}``.
"""
from __future__ import annotations

import argparse
import json
import sys


def _score_line(line: str, Hand, HandError, score_hand) -> dict:
    try:
        data = json.loads(line)
    except ValueError as exc:
        return {"valid": False, "total": 0, "fans": [], "error": f"bad JSON: {exc}"}
    try:
        hand = Hand.from_dict(data)
    except HandError as exc:
        return {"valid": False, "total": 0, "fans": [], "error": str(exc)}
    try:
        return score_hand(hand).to_dict()
    except Exception as exc:  # a scoring bug must not stop a referee's batch
        return {"valid": False, "total": 0, "fans": [], "error": f"internal error: {exc!r}"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring",
                                     description="Score Mahjong hands: one JSON object per line in, one out.")
    parser.add_argument("--rules", choices=["mcr"], required=True, help="rule set (only mcr for now)")
    args = parser.parse_args(argv)
    if args.rules == "mcr":
        from scoring.rules.mcr import Hand, HandError, score_hand
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        result = _score_line(line, Hand, HandError, score_hand)
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
