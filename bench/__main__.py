"""`make bench`: every speed figure of the project, printed, never asserted."""

import importlib
import sys
import traceback

# bench.table_page (a referee's sheet page and hand entry: CPU ms and queries) takes about half a minute;
# bench.scale (large events: the imports of 400 and 1,000 players x 10 sessions, the standings of the latter) adds
# about a minute; `make bench-scale` runs it alone, BENCH_SCALE=small at a tenth of the size. bench.slow_network (the
# table page in Chromium on an emulated Slow 3G network, against gunicorn) about a minute and a half.
SUITES = [
    "bench.scoring",
    "bench.rule_sets",
    "bench.seating",
    "bench.live_scoring",
    "bench.table_page",
    "bench.scale",
    "bench.slow_network",
]


def main(argv):
    wanted = argv or SUITES
    failed = []
    for name in wanted:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            print(f"== {name}: not available ({exc})")
            continue
        print(f"== {name}")
        try:
            module.main()
        except Exception:
            traceback.print_exc()
            failed.append(name)
    if failed:
        print(f"== failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
