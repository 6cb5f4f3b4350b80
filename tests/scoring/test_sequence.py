"""The order of a sheet's hands (``scoring.sequence``), the one rule hand entry and the bulk import ask: table-driven,
without a database; and the module stays pure."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.payments import DISCARD, DRAW, NOT_PLAYED, SELF_DRAWN
from scoring.sequence import NOT_PLAYED_EARLIER, OUT_OF_ORDER, PLAYED_LATER, SequenceBreak, sequence_break

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.mark.parametrize(
    "number,outcome,entered,expected",
    [
        # The first hand, and the next one after those entered.
        (1, DISCARD, {}, None),
        (3, DRAW, {1: DISCARD, 2: SELF_DRAWN}, None),
        # A gap: the first missing hand comes first, whatever the outcome.
        (3, DISCARD, {1: DRAW}, SequenceBreak(OUT_OF_ORDER, 3, 2)),
        (4, NOT_PLAYED, {2: DRAW}, SequenceBreak(OUT_OF_ORDER, 4, 1)),
        # A correction of an entered hand is not a gap, even with later hands entered.
        (2, SELF_DRAWN, {1: DRAW, 2: DRAW, 3: DISCARD}, None),
        # Time ran out: the rest are not played, and nothing played comes after.
        (4, NOT_PLAYED, {1: DRAW, 2: DISCARD, 3: NOT_PLAYED}, None),
        (4, DISCARD, {1: DRAW, 2: NOT_PLAYED, 3: NOT_PLAYED}, SequenceBreak(NOT_PLAYED_EARLIER, 4, 2)),
        (4, DRAW, {1: DRAW, 2: DRAW, 3: NOT_PLAYED}, SequenceBreak(NOT_PLAYED_EARLIER, 4, 3)),
        # Marking a hand not played while a later one was played: the first played one is named.
        (2, NOT_PLAYED, {1: DRAW, 2: DRAW, 3: NOT_PLAYED, 4: DISCARD, 5: DRAW}, SequenceBreak(PLAYED_LATER, 2, 4)),
        (2, NOT_PLAYED, {1: DRAW, 2: DRAW, 3: NOT_PLAYED}, None),
        # Correcting the hand that was the one marked not played, into a played hand, with none after it.
        (3, DRAW, {1: DRAW, 2: DRAW, 3: NOT_PLAYED}, None),
    ],
)
def test_sequence_break(number, outcome, entered, expected):
    assert sequence_break(number, outcome, entered) == expected


def test_the_sequence_rule_loads_no_django():
    code = (
        "import sys, scoring.sequence\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, 'django imported: ' + ', '.join(bad[:5])\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
