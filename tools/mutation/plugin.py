"""pytest plugin: mutation testing of one module inside one pytest process.

    python -m pytest -p tools.mutation.plugin --mutate rules/ranking.py --mutation-json out.json tests/rules/...

Collects the given tests once, runs them once unchanged while recording which lines of the module each one runs
(a test that fails then stops everything: mutants are judged against a green suite), then for each mutant puts the
change into the imported module (tools/mutation/apply.py), runs only the tests that reach the changed line, fastest
first, and stops at the first failure (killed). A test that runs ten times longer than it did unchanged is stopped
and counts as a kill (the change made a loop endless). Nothing is written to the source files.
"""

from __future__ import annotations

import ast
import importlib
import json
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType, ModuleType
from typing import Any

import pytest
from _pytest.runner import runtestprotocol

from .apply import DoesNotLoad, NotApplicable, apply
from .mutants import Mutant, find_mutants, mutated_tree

ROOT = Path(__file__).resolve().parents[2]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("mutation")
    group.addoption("--mutate", help="the module to mutate, as a path from the repository root")
    group.addoption("--mutation-json", help="where to write the results (JSON)")
    group.addoption("--mutation-limit", type=int, default=0, help="try only the first N mutants (the runner's tests)")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("mutate"):
        config.pluginmanager.register(MutationRunner(config), "mutation-runner")
        try:  # the same examples for every mutant, and none remembered between runs
            from hypothesis import settings

            settings.register_profile("mutation", database=None, derandomize=True, deadline=None, print_blob=False)
            settings.load_profile("mutation")
        except ImportError:
            pass


class MutantTimeout(BaseException):
    """Raised in a test that ran far longer than it did unchanged; a BaseException so no ``except Exception``
    in the code under test swallows it."""


class _SessionOnly:
    """Stands for "the next test" when a mutant's run ends: its fixtures above session scope are torn down."""

    def __init__(self, session: pytest.Session) -> None:
        self.session = session

    def listchain(self) -> list[Any]:
        return [self.session]


def _say(text: str) -> None:
    sys.__stderr__.write(text + "\n")
    sys.__stderr__.flush()


def module_name(path: str) -> str:
    return ".".join(Path(path).with_suffix("").parts)


class MutationRunner:
    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.path = Path(config.getoption("mutate")).as_posix()
        self.filename = str((ROOT / self.path).resolve())
        self.out = config.getoption("mutation_json")
        self.limit = config.getoption("mutation_limit")
        self.kills: dict[str, int] = {}

    # -- running tests

    def _run(self, session: pytest.Session, items: list[pytest.Item], budget: Callable[[pytest.Item], float]) -> str:
        """Runs items in order until one fails; its node id, or "" when all pass."""
        try:
            for i, item in enumerate(items):
                nextitem = items[i + 1] if i + 1 < len(items) else _SessionOnly(session)
                signal.setitimer(signal.ITIMER_REAL, budget(item))
                try:
                    reports = runtestprotocol(item, log=False, nextitem=nextitem)  # type: ignore[arg-type]
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                failed = [r for r in reports if r.failed]
                if failed:
                    if any("MutantTimeout" in str(r.longrepr) for r in failed):
                        return "timeout: " + item.nodeid
                    return item.nodeid
            return ""
        finally:
            session._setupstate.teardown_exact(_SessionOnly(session))  # type: ignore[arg-type]

    def _baseline(self, session: pytest.Session) -> tuple[dict[str, set[int]], dict[str, float], list[str]]:
        covered: dict[str, set[int]] = {}
        seconds: dict[str, float] = {}
        failures: list[str] = []
        lines: set[int] = set()

        def local(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "line":
                lines.add(frame.f_lineno)
            return local

        def tracer(frame: FrameType, event: str, arg: Any) -> Any:
            if event == "call" and frame.f_code.co_filename == self.filename:
                lines.add(frame.f_code.co_firstlineno)
                return local
            return None

        items = session.items
        for i, item in enumerate(items):
            lines = set()
            start = time.perf_counter()
            sys.settrace(tracer)
            try:
                reports = runtestprotocol(item, log=False, nextitem=items[i + 1] if i + 1 < len(items) else None)
            finally:
                sys.settrace(None)
            seconds[item.nodeid] = time.perf_counter() - start
            covered[item.nodeid] = lines
            if any(r.failed for r in reports):
                failures.append(item.nodeid)
        return covered, seconds, failures

    # -- the loop

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        if session.testsfailed and not session.config.option.continue_on_collection_errors:
            return False
        started = time.perf_counter()
        module = importlib.import_module(module_name(self.path))
        source = (ROOT / self.path).read_text(encoding="utf-8")
        tree = ast.parse(source)
        mutants = find_mutants(self.path, source)
        if self.limit:
            mutants = mutants[: self.limit]
        _say(f"== {self.path}: {len(mutants)} mutants, {len(session.items)} tests; running the tests unchanged")
        covered, seconds, failures = self._baseline(session)
        baseline = time.perf_counter() - started
        if failures:
            _say("== the tests fail on the unchanged code, so no mutant can be judged:\n  " + "\n  ".join(failures))
            session.testsfailed = len(failures)
            self._write({"path": self.path, "error": "baseline failed", "failures": failures})
            return True
        reaching = [item for item in session.items if covered[item.nodeid]]
        by_id = {item.nodeid: item for item in session.items}
        _say(f"   {len(reaching)} of the tests run the module ({baseline:.1f} s); now the mutants")

        def budget(item: pytest.Item) -> float:
            return max(2.0, 10 * seconds[item.nodeid] + 1)

        results = []
        for n, mutant in enumerate(mutants, 1):
            results.append(self._judge(session, module, tree, mutant, reaching, covered, seconds, budget, by_id))
            if n % 25 == 0 or n == len(mutants):
                counts = _counts(results)
                _say(f"   {n}/{len(mutants)}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        self._write(
            {
                "path": self.path,
                "tests": len(session.items),
                "tests_reaching": len(reaching),
                "baseline_seconds": round(baseline, 2),
                "seconds": round(time.perf_counter() - started, 2),
                "mutants": results,
            }
        )
        return True

    def _judge(
        self,
        session: pytest.Session,
        module: ModuleType,
        tree: ast.Module,
        mutant: Mutant,
        reaching: list[pytest.Item],
        covered: dict[str, set[int]],
        seconds: dict[str, float],
        budget: Callable[[pytest.Item], float],
        by_id: dict[str, pytest.Item],
    ) -> dict[str, Any]:
        result: dict[str, Any] = {"ident": mutant.ident, "line": mutant.lineno, "description": mutant.description}
        if mutant.function is None:
            # Module level runs at import, before any test: a test that only reads the module's data (a table of
            # fans another module looks up) may see the change, so every test runs, fastest first.
            chosen = list(by_id.values())
        else:
            chosen = [item for item in reaching if covered[item.nodeid] & mutant.lines]
        # The tests that killed earlier mutants first (a module's mutants tend to fall to the same few), then the
        # fastest.
        chosen.sort(key=lambda item: (-self.kills.get(item.nodeid, 0), seconds[item.nodeid]))
        if not chosen:
            return result | {"status": "survived", "note": "no test runs this line"}
        try:
            undo = apply(module, mutated_tree(tree, mutant), mutant)
        except NotApplicable as exc:
            return result | {"status": "not applied", "note": str(exc)}
        except DoesNotLoad as exc:
            return result | {"status": "killed", "by": "import", "note": str(exc)}
        previous = signal.signal(signal.SIGALRM, _raise_timeout)
        try:
            killer = self._run(session, chosen, budget)
        finally:
            undo()
            signal.signal(signal.SIGALRM, previous)
        if killer.startswith("timeout: "):
            return result | {"status": "killed", "by": killer[len("timeout: ") :], "note": "timeout"}
        if killer:
            self.kills[killer] = self.kills.get(killer, 0) + 1
            return result | {"status": "killed", "by": killer}
        return result | {"status": "survived", "note": f"{len(chosen)} tests run it"}

    def _write(self, data: dict[str, Any]) -> None:
        if self.out:
            Path(self.out).write_text(json.dumps(data, indent=1), encoding="utf-8")


def _raise_timeout(signum: int, frame: FrameType | None) -> None:
    raise MutantTimeout("the test ran ten times longer than unchanged")


def _counts(results: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for result in results:
        counts[result["status"]] = counts.get(result["status"], 0) + 1
    return counts
