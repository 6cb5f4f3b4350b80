"""Mutation testing of the pure packages (rules/, seating/, ratings/): does the suite notice a wrong rule?

    python -m tools.mutation                  # the pure modules changed since main (make mutation)
    python -m tools.mutation --all            # all of them (make mutation ALL=1)
    python -m tools.mutation rules/ranking.py # these modules

Each module runs in one pytest process of its own, one module after the other (tools/mutation/plugin.py), against
the tests tools/mutation/targets.toml names for it. Prints, per module, the mutants, how many the tests killed, how
many survived, and how many of those tests/mutation_equivalents.txt explains; then every unexplained survivor with
its file and line. Exits 1 when a module of targets.toml's `held` list has an unexplained survivor, when the tests
fail unchanged, or when the equivalents file lists a mutant that no longer survives (so the file stays true).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TARGETS = Path(__file__).with_name("targets.toml")
EQUIVALENTS = ROOT / "tests" / "mutation_equivalents.txt"
SEPARATOR = " :: "


@dataclass
class Outcome:
    path: str
    held: bool
    mutants: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""
    seconds: float = 0.0

    def count(self, status: str) -> int:
        return sum(1 for m in self.mutants if m["status"] == status)


def load_targets() -> dict[str, Any]:
    return tomllib.loads(TARGETS.read_text(encoding="utf-8"))


def pure_modules(targets: dict[str, Any]) -> list[str]:
    found = []
    for package in targets["packages"]:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if not any(fnmatch.fnmatch(rel, pattern) for pattern in targets["exclude"]):
                found.append(rel)
    return found


def changed_since(base: str) -> set[str]:
    def git(*args: str) -> list[str]:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout
        return [line for line in out.splitlines() if line]

    merge_base = git("merge-base", base, "HEAD")[0]
    return set(git("diff", "--name-only", merge_base)) | set(git("ls-files", "--others", "--exclude-standard"))


def tests_for(path: str, targets: dict[str, Any]) -> list[str]:
    for pattern, entries in targets["tests"].items():
        if fnmatch.fnmatch(path, pattern):
            args = []
            for entry in entries:
                args.append(f"--ignore={entry[1:]}" if entry.startswith("-") else entry)
            return args
    raise SystemExit(f"tools/mutation/targets.toml names no tests for {path}")


def load_equivalents() -> dict[str, str]:
    """ident -> why. One mutant a line: the runner's name for it, then ' :: ' and why it cannot change a result."""
    found: dict[str, str] = {}
    if not EQUIVALENTS.exists():
        return found
    for number, line in enumerate(EQUIVALENTS.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(SEPARATOR)
        if len(parts) < 5 or not SEPARATOR.join(parts[4:]).strip():
            raise SystemExit(f"{EQUIVALENTS.name}:{number}: want 'path :: scope :: line :: change #n :: why'")
        found[SEPARATOR.join(parts[:4])] = SEPARATOR.join(parts[4:]).strip()
    return found


def run_module(path: str, targets: dict[str, Any], held: bool) -> Outcome:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "result.json"
        command = [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "tools.mutation.plugin",
            "-p",
            "no:randomly",
            "--mutate",
            path,
            "--mutation-json",
            str(out),
            *tests_for(path, targets),
        ]
        start = time.perf_counter()
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        proc = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)  # progress on stderr
        seconds = time.perf_counter() - start
        if not out.exists():
            tail = "\n".join(proc.stdout.splitlines()[-30:])
            return Outcome(path, held, error=f"the runner stopped:\n{tail}", seconds=seconds)
        data = json.loads(out.read_text(encoding="utf-8"))
    if "error" in data:
        return Outcome(path, held, error=f"{data['error']}: {', '.join(data['failures'])}", seconds=seconds)
    return Outcome(path, held, data["mutants"], seconds=seconds)


def explain(outcomes: list[Outcome], equivalents: dict[str, str]) -> list[str]:
    """Marks listed survivors as equivalent; returns the listed mutants of the modules run that did not survive."""
    stale = []
    run = {o.path for o in outcomes if not o.error}
    survivors = set()
    for outcome in outcomes:
        for mutant in outcome.mutants:
            ident = mutant["ident"]
            if mutant["status"] == "survived":
                survivors.add(ident)
                if ident in equivalents:
                    mutant["status"] = "equivalent"
                    mutant["why"] = equivalents[ident]
    for ident in equivalents:
        if ident.split(SEPARATOR)[0] in run and ident not in survivors:
            stale.append(ident)
    return stale


def report(outcomes: list[Outcome], stale: list[str], seconds: float) -> int:
    width = max([len(o.path) for o in outcomes] + [6])
    print(f"\n{'module':<{width}}  mutants  killed  survived  equivalent  not applied  seconds")
    for o in outcomes:
        if o.error:
            print(f"{o.path:<{width}}  ERROR {o.error}")
            continue
        print(
            f"{o.path:<{width}}  {len(o.mutants):>7}  {o.count('killed'):>6}  {o.count('survived'):>8}"
            f"  {o.count('equivalent'):>10}  {o.count('not applied'):>11}  {o.seconds:>7.0f}"
            + ("" if o.held else "  (not held)")
        )
    total = [m for o in outcomes for m in o.mutants]
    print(
        f"{'total':<{width}}  {len(total):>7}  {sum(m['status'] == 'killed' for m in total):>6}"
        f"  {sum(m['status'] == 'survived' for m in total):>8}  {sum(m['status'] == 'equivalent' for m in total):>10}"
        f"  {sum(m['status'] == 'not applied' for m in total):>11}  {seconds:>7.0f}"
    )
    failed = False
    for o in outcomes:
        survivors = [m for m in o.mutants if m["status"] in ("survived", "not applied")]
        if survivors:
            print(f"\n{o.path}: {len(survivors)} unexplained" + ("" if o.held else " (not held)"))
            for m in survivors:
                note = f"  [{m['status']}: {m.get('note', '')}]"
                print(f"  {o.path}:{m['line']}: {m['ident']}{note}")
        failed |= bool(o.error) or (o.held and bool(survivors))
    if stale:
        print(f"\n{EQUIVALENTS.relative_to(ROOT)} lists mutants that no longer survive (remove them):")
        for ident in stale:
            print(f"  {ident}")
        failed = True
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.mutation", description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", help="modules to mutate (default: the pure modules changed since main)")
    parser.add_argument("--all", action="store_true", help="every pure module")
    parser.add_argument("--base", default="main", help="what 'changed' is measured against (default: main)")
    parser.add_argument("--json", help="write every module's mutants and their fate to this file")
    args = parser.parse_args(argv)
    targets = load_targets()
    modules = pure_modules(targets)
    if args.paths:
        chosen = [Path(p).as_posix() for p in args.paths]
    elif args.all:
        chosen = modules
    else:
        changed = changed_since(args.base)
        chosen = [m for m in modules if m in changed]
        if not chosen:
            print(f"No pure module changed since {args.base}; `make mutation ALL=1` runs them all.")
            return 0
    equivalents = load_equivalents()
    start = time.perf_counter()
    outcomes = []
    for path in chosen:
        held = any(fnmatch.fnmatch(path, pattern) for pattern in targets["held"])
        outcome = run_module(path, targets, held)
        outcomes.append(outcome)
        for mutant in outcome.mutants:  # as each module ends, so a long run can be read while it goes on
            if mutant["status"] == "survived" and mutant["ident"] not in equivalents:
                sys.stderr.write(f"   survived: {path}:{mutant['line']}: {mutant['ident']}\n")
    stale = explain(outcomes, equivalents)
    if args.json:
        Path(args.json).write_text(json.dumps([o.__dict__ for o in outcomes], indent=1), encoding="utf-8")
    return report(outcomes, stale, time.perf_counter() - start)


if __name__ == "__main__":
    sys.exit(main())
