"""The mutation runner (tools/mutation): which changes it makes, that each is put in and taken out of the imported
module cleanly, and that the equivalents file is read and kept true."""

import ast
import importlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools.mutation import __main__ as cli
from tools.mutation.apply import apply
from tools.mutation.mutants import find_mutants, mutated_tree

ROOT = Path(__file__).resolve().parents[2]

SOURCE = textwrap.dedent(
    '''\
    """A docstring with 4 in it."""
    from typing import TYPE_CHECKING

    if TYPE_CHECKING:
        LIMIT = 9

    Alias = int | None
    DEFAULT = (4, 2)


    def first(points: tuple[int, ...] = DEFAULT) -> int:
        """Never mutated: 1."""
        return points[0]


    def bigger(a: int, b: int) -> bool:
        return a > b and not a == 7  # a comment


    class Counter:
        start = 3

        def up(self, n: int) -> int:
            return max(n, self.start) + 1
    '''
)


def descriptions(source):
    return [(m.scope, m.description) for m in find_mutants("m.py", source)]


def test_mutants_are_operators_and_numbers_never_annotations_docstrings_or_type_only_code():
    assert descriptions(SOURCE) == [
        ("<module>", "4 -> 5"),
        ("<module>", "2 -> 3"),
        ("first", "0 -> 1"),
        ("bigger", "'and' -> 'or'"),
        ("bigger", "'>' -> '>='"),
        ("bigger", "'not' removed"),
        ("bigger", "'==' -> '!='"),
        ("bigger", "7 -> 8"),
        ("<module>", "3 -> 4"),
        ("Counter.up", "'+' -> '-'"),
        ("Counter.up", "max() -> min()"),
        ("Counter.up", "1 -> 2"),
    ]


def test_a_mutant_is_named_by_its_line_without_the_comment_and_numbered_on_that_line():
    source = "def f(a):\n    return a + 1 + 1  # why\n"
    idents = [m.ident for m in find_mutants("m.py", source)]
    assert "m.py :: f :: return a + 1 + 1 :: 1 -> 2 #1" in idents
    assert "m.py :: f :: return a + 1 + 1 :: 1 -> 2 #2" in idents


@pytest.fixture
def module(tmp_path, monkeypatch):
    (tmp_path / "mutated_sample.py").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "sample_user.py").write_text("from mutated_sample import DEFAULT, Counter, bigger\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("mutated_sample", "sample_user"):
        sys.modules.pop(name, None)
    yield importlib.import_module("mutated_sample")
    for name in ("mutated_sample", "sample_user"):
        sys.modules.pop(name, None)


def mutant(description, scope):
    return next(
        m for m in find_mutants("mutated_sample.py", SOURCE) if (m.scope, m.description) == (scope, description)
    )


def test_a_change_inside_a_function_reaches_every_reference_and_is_undone(module):
    user = importlib.import_module("sample_user")
    m = mutant("'>' -> '>='", "bigger")
    undo = apply(module, mutated_tree(ast.parse(SOURCE), m), m)
    assert user.bigger(2, 2) is True  # the name imported elsewhere runs the mutated code
    undo()
    assert user.bigger(2, 2) is False


def test_a_changed_method_and_class_attribute(module):
    user = importlib.import_module("sample_user")
    tree = ast.parse(SOURCE)
    m = mutant("max() -> min()", "Counter.up")
    undo = apply(module, mutated_tree(tree, m), m)
    assert user.Counter().up(10) == 4
    undo()
    assert user.Counter().up(10) == 11
    m = mutant("3 -> 4", "<module>")
    undo = apply(module, mutated_tree(tree, m), m)
    assert user.Counter().up(0) == 5
    undo()
    assert user.Counter().up(0) == 4


def test_a_changed_module_constant_reaches_its_importers_and_the_defaults_that_hold_it(module):
    user = importlib.import_module("sample_user")
    m = mutant("4 -> 5", "<module>")
    undo = apply(module, mutated_tree(ast.parse(SOURCE), m), m)
    assert user.DEFAULT == (5, 2)
    assert module.first() == 5
    undo()
    assert user.DEFAULT == (4, 2)
    assert module.first() == 4


def test_the_equivalents_file_explains_survivors_and_must_not_list_killed_ones(tmp_path, monkeypatch):
    survivor = "rules/x.py :: f :: return a :: 1 -> 2 #1"
    killed = "rules/x.py :: f :: return b :: 1 -> 2 #1"
    equivalents = tmp_path / "equivalents.txt"
    equivalents.write_text(f"# comment\n{survivor} :: why it cannot matter\n{killed} :: stale\n", encoding="utf-8")
    monkeypatch.setattr(cli, "EQUIVALENTS", equivalents)
    listed = cli.load_equivalents()
    outcome = cli.Outcome(
        "rules/x.py",
        held=True,
        mutants=[
            {"ident": survivor, "status": "survived", "line": 1},
            {"ident": killed, "status": "killed", "line": 2},
        ],
    )
    assert cli.explain([outcome], listed) == [killed]
    assert outcome.mutants[0]["status"] == "equivalent"
    assert outcome.mutants[0]["why"] == "why it cannot matter"


def test_an_entry_without_a_reason_is_refused(tmp_path, monkeypatch):
    equivalents = tmp_path / "equivalents.txt"
    equivalents.write_text("rules/x.py :: f :: return a :: 1 -> 2 #1\n", encoding="utf-8")
    monkeypatch.setattr(cli, "EQUIVALENTS", equivalents)
    with pytest.raises(SystemExit, match="why"):
        cli.load_equivalents()


def test_every_pure_module_has_tests_to_judge_it():
    targets = cli.load_targets()
    for path in cli.pure_modules(targets):
        assert cli.tests_for(path, targets)


def test_the_plugin_judges_a_module_in_one_pytest_process(tmp_path):
    out = tmp_path / "result.json"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "tools.mutation.plugin", "--mutate", "rules/ranking.py"]
    command += ["--mutation-json", str(out), "--mutation-limit", "40", "tests/rules/test_ranking_ties.py"]
    subprocess.run(command, cwd=ROOT, check=False, capture_output=True)
    result = json.loads(out.read_text(encoding="utf-8"))
    assert {m["status"] for m in result["mutants"]} <= {"killed", "survived", "not applied"}
    assert any(m["status"] == "killed" for m in result["mutants"])


DATACLASS_SOURCE = textwrap.dedent(
    """\
    from dataclasses import dataclass

    LIMIT = 5


    @dataclass(frozen=True)
    class Params:
        limit: int = LIMIT


    CATALOGUE = {"a": Params()}
    """
)


def test_a_changed_constant_reaches_the_dataclass_defaults_and_the_data_built_from_it(tmp_path, monkeypatch):
    (tmp_path / "mutated_params.py").write_text(DATACLASS_SOURCE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("mutated_params", None)
    module = importlib.import_module("mutated_params")
    try:
        (m,) = find_mutants("mutated_params.py", DATACLASS_SOURCE)
        undo = apply(module, mutated_tree(ast.parse(DATACLASS_SOURCE), m), m)
        assert (module.Params().limit, module.CATALOGUE["a"].limit) == (6, 6)
        undo()
        assert (module.Params().limit, module.CATALOGUE["a"].limit) == (5, 5)
    finally:
        sys.modules.pop("mutated_params", None)


CACHED_SOURCE = textwrap.dedent(
    """\
    from functools import lru_cache


    def step(x):
        return x + 1


    @lru_cache(maxsize=16)
    def cached(x):
        return step(x)
    """
)


def test_cached_results_of_the_unchanged_code_do_not_answer_for_a_mutant(tmp_path, monkeypatch):
    (tmp_path / "mutated_cached.py").write_text(CACHED_SOURCE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("mutated_cached", None)
    module = importlib.import_module("mutated_cached")
    try:
        assert module.cached(1) == 2
        m = next(m for m in find_mutants("mutated_cached.py", CACHED_SOURCE) if m.description == "'+' -> '-'")
        undo = apply(module, mutated_tree(ast.parse(CACHED_SOURCE), m), m)
        assert module.cached(1) == 0
        undo()
        assert module.cached(1) == 2
    finally:
        sys.modules.pop("mutated_cached", None)


def test_a_table_another_module_built_from_a_changed_constant_is_built_again(tmp_path, monkeypatch):
    package = tmp_path / "mutpkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "numbers.py").write_text("WIND = 9\n", encoding="utf-8")
    (package / "engine.py").write_text("from . import numbers as N\n\nTABLE = {N.WIND: 'wind'}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    names = ("mutpkg", "mutpkg.numbers", "mutpkg.engine")
    try:
        numbers = importlib.import_module("mutpkg.numbers")
        engine = importlib.import_module("mutpkg.engine")
        source = (package / "numbers.py").read_text(encoding="utf-8")
        (m,) = find_mutants("mutpkg/numbers.py", source)
        undo = apply(numbers, mutated_tree(ast.parse(source), m), m)
        assert engine.TABLE == {10: "wind"}
        undo()
        assert engine.TABLE == {9: "wind"}
    finally:
        for name in names:
            sys.modules.pop(name, None)
