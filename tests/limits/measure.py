"""Run one upload parser on a file in a fresh process; print its time and the process's peak memory.

    python -m tests.limits.measure KIND PATH

KIND is players, chart or interchange. The parser runs as the server runs it, with Django set up; only
the parsing is timed (CPU time of this process, so a busy machine does not count against it), and the peak resident memory covers the whole process (Django included).
"""

import json
import os
import resource
import sys
import time


def _peak_rss_mb():
    """This process's peak resident memory. VmHWM belongs to the process's own memory map, so unlike
    getrusage's ru_maxrss it does not carry over the (large) test runner that forked it."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(kind, path):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    import django

    django.setup()
    start = time.process_time()
    if kind == "interchange":
        from interchange.format import MAX_FILE_BYTES

        with open(path, encoding="utf-8-sig") as fh:  # as import_tournament reads it: never past the limit
            data = fh.read(MAX_FILE_BYTES + 1)
    else:
        with open(path, "rb") as fh:
            data = fh.read()
    if kind == "players":
        from tournament.importing import parse_players_file
        from tournament.models import Tournament

        preview = parse_players_file(data, os.path.basename(path), Tournament())
        messages = [m for _row, m in preview.errors]
    elif kind == "chart":
        from schedule.charts import parse_chart

        messages = [m for _where, m in parse_chart(data.decode("utf-8", "replace")).errors]
    elif kind == "interchange":
        from interchange.format import InterchangeError
        from interchange.shape import parse_json, validate

        try:
            validate(parse_json(data))
            messages = []
        except InterchangeError as exc:
            messages = [str(exc)]
    else:
        raise SystemExit(f"unknown kind {kind}")
    seconds = time.process_time() - start
    peak_mb = _peak_rss_mb()
    print(json.dumps({"seconds": seconds, "peak_mb": peak_mb, "messages": [str(m) for m in messages[:5]]}))


if __name__ == "__main__":
    main(*sys.argv[1:])
