"""Dependencies run one way (docs/architecture.md): each package imports only packages below it.

    core                     (plumbing that is not about tournaments: client address, kept input, bounded
                              JSON and text files, name sorting, form renderer, throttle, CSRF page,
                              lifecycles, acting user, service errors, audit wording, file schemas)
    rules, seating, ratings  (pure rules, seating algorithms and ranking methods: no Django; they stand
                              alone and import not even core)
      <- tournament          (tournaments, players, teams, sessions, seats, roles, audit)
        <- scoring           (score sheets, hands, penalties; a table's results)
           accounts          (accounts organizers make, invitation links; beside scoring, not using it)
          <- standings       (rankings and the result pages)
            <- schedule      (seating sessions, Swiss pairing on the standings, closing sessions)
              <- exports, interchange, api   (files out and in, the JSON API and hall display)
                <- series    (rankings across tournaments, people, their pages, files and API)
                  <- config  (settings and the URL tree)

A change that makes a lower package reach up fails here, naming the file and the import.

Inside ``rules``, each rule set (``rules/mcr``, ``rules/swiss_championship``, ``rules/spanish``) stands on
``rules/core`` and the shared modules beside it, and never on another rule set; only the registry knows them all.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = [
    {"core"},
    {"rules", "seating", "ratings"},
    {"tournament"},
    {"scoring", "accounts"},
    {"standings"},
    {"schedule"},
    {"exports", "interchange", "api"},
    {"series"},
    {"config"},
]
PURE = 1  # the pure packages' layer
PACKAGES = sorted(set().union(*LAYERS), key=len, reverse=True)  # the longest name first


# Offline tools beside a pure package: they may import it (and the standard library), nothing else of ours, and
# the product never imports them. ``python -m seating_designs`` searches for the seating designs that
# ``seating/data/designs.json`` ships.
# ``python -m rules_cli`` is the scoring command line beside the rules: pure like them, it adds core's safe JSON.
BESIDE = {"seating_designs": {"seating"}, "rules_cli": {"rules", "core"}}


def layer_of(module: str):
    for package in PACKAGES:
        if module == package or module.startswith(package + "."):
            return next(i for i, layer in enumerate(LAYERS) if package in layer), package
    return None, None


def imports(path: Path, module: str):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: resolve against this module's package
                base = module.split(".")[: -node.level]
                resolved = ".".join(base + ([node.module] if node.module else []))
                yield node.lineno, resolved
                for alias in node.names:  # "from .. import mcr" imports rules.mcr
                    yield node.lineno, f"{resolved}.{alias.name}"
            else:
                yield node.lineno, node.module
                for alias in node.names:  # "from scoring import services" imports scoring.services
                    yield node.lineno, f"{node.module}.{alias.name}"


def python_files(package: str):
    folder = ROOT / package.replace(".", "/")
    for path in sorted(folder.rglob("*.py")):
        if "migrations" not in path.parts:
            yield path


@pytest.mark.parametrize("package", sorted(set().union(*LAYERS)))
def test_package_imports_only_from_below(package):
    own_layer, _ = layer_of(package)
    wrong = []
    for path in python_files(package):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")] + ".__init__"
        for line, name in imports(path, module):
            layer, target = layer_of(name)
            if layer is None or target == package or name.startswith(package + "."):
                continue
            if (own_layer == PURE and layer != PURE) or layer > own_layer or (layer == own_layer and target != package):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not wrong, "imports against the layering:\n" + "\n".join(wrong)


# ------------------------------------------------------------------ rule sets stand side by side

RULES = ROOT / "rules"
RULE_SETS = sorted(p.name for p in RULES.iterdir() if (p / "__init__.py").is_file() and p.name != "core")
# The one module that knows every rule set, to look them up by code.
KNOWS_EVERY_RULE_SET = {"rules/registry.py"}


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _rule_sets_imported(path: Path) -> list[tuple[int, str]]:
    found = set()
    for line, name in imports(path, _module_name(path)):
        for rule_set in RULE_SETS:
            target = f"rules.{rule_set}"
            if name == target or name.startswith(target + "."):
                found.add((line, rule_set))
    return sorted(found)


def test_the_rule_sets_are_found():
    assert {"mcr", "swiss_championship", "spanish"} <= set(RULE_SETS)


@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_a_rule_set_never_imports_another(rule_set):
    wrong = [
        f"{path.relative_to(ROOT)}:{line} imports rules.{other}"
        for path in python_files(f"rules.{rule_set}")
        for line, other in _rule_sets_imported(path)
        if other != rule_set
    ]
    assert not wrong, "a rule set imports another (shared code belongs in rules/core):\n" + "\n".join(wrong)


def test_shared_rules_modules_import_no_rule_set():
    # rules/core and the modules beside the rule sets (base, handparse, payments...) are what every rule set
    # builds on: one that imported a rule set would tie every rule set to that one.
    wrong = []
    for path in python_files("rules"):
        relative = path.relative_to(ROOT)
        if relative.parts[1] in RULE_SETS or str(relative) in KNOWS_EVERY_RULE_SET:
            continue
        wrong.extend(f"{relative}:{line} imports rules.{other}" for line, other in _rule_sets_imported(path))
    assert not wrong, "a shared rules module imports a rule set:\n" + "\n".join(wrong)


@pytest.mark.parametrize(("tool", "allowed"), sorted(BESIDE.items()))
def test_a_tool_beside_a_pure_package_imports_only_that_package(tool, allowed):
    ours = set(PACKAGES) | set(BESIDE) | {"django"}
    wrong = []
    for path in python_files(tool):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for line, name in imports(path, module):
            top = name.split(".")[0]
            if top in ours and top != tool and top not in allowed:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not wrong, "a tool beside a pure package imports more than it:\n" + "\n".join(wrong)


def test_the_product_never_imports_a_tool():
    wrong = []
    for package in sorted(set().union(*LAYERS)):
        for path in python_files(package):
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            for line, name in imports(path, module):
                if name.split(".")[0] in BESIDE or name.split(".")[0] == "tools":
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not wrong, "the product imports an offline tool:\n" + "\n".join(wrong)


# ------------------------------------------------------------------ no import circles

# A circle another change removes: (its modules, why it is still here). The count below requires none else, and the
# entry goes when that change is merged.
OWNED_ELSEWHERE = {
    ("tournament.code_guard", "tournament.services"): "the player-code throttle moves to core (issue 28, h27's part)",
}


def _module_files():
    found = {}
    for package in sorted(set().union(*LAYERS) | set(BESIDE)):
        for path in python_files(package):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1]) if parts[-1] == "__init__" else ".".join(parts)] = path
    return found


def import_graph() -> dict[str, set[str]]:
    """{module: the modules of ours it imports}, counting every import in the file (at the top, inside a function,
    under TYPE_CHECKING). Importing a submodule runs its package first, so an import of one's own package (``from .
    import fans``) is not an edge to it."""
    modules = _module_files()
    graph = {}
    for name, path in modules.items():
        as_written = name + ".__init__" if path.name == "__init__.py" else name
        graph[name] = {
            target
            for _line, target in imports(path, as_written)
            if target in modules and target != name and not name.startswith(target + ".")
        }
    return graph


def circles(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """The import circles: the strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(tuple(sorted(group)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_circles_are_found():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [("a", "b", "c")]


def test_no_import_circle():
    found = [c for c in circles(import_graph()) if c not in OWNED_ELSEWHERE]
    assert not found, f"{len(found)} import circle(s), each a group of modules importing each other:\n" + "\n".join(
        " <-> ".join(c) for c in found
    )
