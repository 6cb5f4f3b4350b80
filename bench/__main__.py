"""`make bench`: every speed figure of the project, printed, never asserted."""
import importlib
import sys

SUITES = ["bench.scoring", "bench.rule_sets", "bench.seating", "bench.live_scoring"]


def main(argv):
    wanted = argv or SUITES
    for name in wanted:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            print(f"== {name}: not available ({exc})")
            continue
        print(f"== {name}")
        module.main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
