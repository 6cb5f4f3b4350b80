"""The N x S table of docs/seating.md: our repeats against the lower bound
and the published figures, for 16-40 players and 1-12 sessions.

    python -m tools.seating_table            # print the table (markdown)
    python -m tools.seating_table --write    # replace it in docs/seating.md

The test suite re-computes the table and compares it with the docs, so the
figures there are always the engine's (seed 0).
"""

import os
import sys

from seating import lower_bound, round_robin

PLAYERS = range(16, 41, 4)
SESSIONS = range(1, 13)
DOCS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "seating.md")
START = "<!-- seating-table:start (python -m tools.seating_table --write) -->"
END = "<!-- seating-table:end -->"

# Repeat-free schedules known for the social golfer problem with groups of
# four (N golfers, S weeks): 0 repeats up to these session counts.
SGP_LIMIT = {16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13}
# Minimum repeats in the published tables the issues quote, where repeats
# are forced.
PUBLISHED = {(20, 6): 22, (24, 8): 33}


def published(n, s):
    if s <= SGP_LIMIT.get(n, 0):
        return 0
    return PUBLISHED.get((n, s))


def cells():
    """{(N, S): (our repeats, lower bound, published or None)}"""
    out = {}
    for n in PLAYERS:
        for s in SESSIONS:
            ours = round_robin(n, s, seed=0).metrics["repeat_excess"]
            out[(n, s)] = (ours, lower_bound(n, s), published(n, s))
    return out


def markdown(data=None):
    data = data or cells()
    lines = ["| N \\ S | " + " | ".join(str(s) for s in SESSIONS) + " |", "|---|" + "---|" * len(SESSIONS)]
    for n in PLAYERS:
        row = []
        for s in SESSIONS:
            ours, lb, pub = data[(n, s)]
            cell = f"{ours}" if ours == lb else f"{ours} ≥{lb}"
            if pub is not None and pub != ours:
                cell += f" ({pub})"
            row.append(cell)
        lines.append(f"| {n} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def docs_table(path=DOCS):
    """The table as it stands in the docs, or None without the markers."""
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    if START not in text or END not in text:
        return None
    return text.split(START, 1)[1].split(END, 1)[0].strip()


def write(path=DOCS):
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(head + START + "\n" + markdown() + "\n" + END + tail)


if __name__ == "__main__":
    if "--write" in sys.argv[1:]:
        write()
    else:
        print(markdown())
