"""The product's size limits, printed and enforced (make check): no file over 700 lines, no function over 80 lines,
no function of cyclomatic complexity over 25 (radon's measure). The product is every package of
tests/test_layers.py and rules_cli; migrations, tests, benchmarks, scripts and offline tools are not held to it.

    python scripts/code_limits.py          # the largest of each, then what breaks a limit (exit 1 if any)
"""

import sys
from pathlib import Path

from radon.complexity import cc_visit

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = [
    "core",
    "rules",
    "rules_cli",
    "seating",
    "ratings",
    "tournament",
    "scoring",
    "accounts",
    "standings",
    "schedule",
    "exports",
    "interchange",
    "api",
    "series",
    "config",
]
MAX_FILE_LINES = 700
MAX_FUNCTION_LINES = 80
MAX_COMPLEXITY = 25
SHOWN = 5


def product_files():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def measure():
    files, functions, seen = [], [], set()
    for path in product_files():
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT).as_posix()
        files.append((len(text.splitlines()), where))
        for block in cc_visit(text):
            for item in [block, *getattr(block, "methods", [])]:
                if getattr(item, "is_method", None) is None and not hasattr(item, "closures"):
                    continue
                if hasattr(item, "methods"):  # a class: its methods are listed on their own
                    continue
                name = f"{item.classname}.{item.name}" if getattr(item, "classname", None) else item.name
                if (where, item.lineno) not in seen:  # radon lists a method with its class and on its own
                    seen.add((where, item.lineno))
                    functions.append((item.endline - item.lineno + 1, item.complexity, f"{where}:{item.lineno} {name}"))
    return files, functions


def main() -> int:
    files, functions = measure()
    print(f"Largest files (limit {MAX_FILE_LINES} lines):")
    for lines, where in sorted(files, reverse=True)[:SHOWN]:
        print(f"  {lines:5} {where}")
    print(f"Longest functions (limit {MAX_FUNCTION_LINES} lines):")
    for lines, _cc, where in sorted(functions, reverse=True)[:SHOWN]:
        print(f"  {lines:5} {where}")
    print(f"Most complex functions (limit {MAX_COMPLEXITY}):")
    for _lines, cc, where in sorted(functions, key=lambda f: (f[1], f[0]), reverse=True)[:SHOWN]:
        print(f"  {cc:5} {where}")
    over = [f"{where}: {lines} lines" for lines, where in files if lines > MAX_FILE_LINES]
    over += [f"{where}: {lines} lines" for lines, _cc, where in functions if lines > MAX_FUNCTION_LINES]
    over += [f"{where}: complexity {cc}" for _lines, cc, where in functions if cc > MAX_COMPLEXITY]
    if over:
        print("Over the limits:\n  " + "\n  ".join(sorted(over)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
