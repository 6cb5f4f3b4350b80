"""Dependencies run one way (docs/architecture.md): each package imports only packages below it.

    rules, seating, ratings  (pure rules, seating algorithms and ranking methods: no Django)
      <- tournament          (tournaments, players, teams, sessions, seats, roles, audit)
        <- scoring           (score sheets, hands, penalties; a table's results)
           accounts          (accounts organizers make, invitation links; beside scoring, not using it)
          <- standings       (rankings and the result pages)
            <- schedule      (seating sessions, Swiss pairing on the standings, closing sessions)
              <- exports, interchange, api   (files out and in, the JSON API and hall display)
                <- series    (rankings across tournaments, people, their pages, files and API)
                  <- config  (settings and the URL tree)

A change that makes a lower package reach up fails here, naming the file and the import.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = [
    {"rules", "seating", "ratings"},
    {"tournament"},
    {"scoring", "accounts"},
    {"standings"},
    {"schedule"},
    {"exports", "interchange", "api"},
    {"series"},
    {"config"},
]
PACKAGES = sorted(set().union(*LAYERS), key=len, reverse=True)  # the longest name first


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
                yield node.lineno, ".".join(base + ([node.module] if node.module else []))
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
            if (own_layer == 0 and layer != 0) or layer > own_layer or (layer == own_layer and target != package):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    assert not wrong, "imports against the layering:\n" + "\n".join(wrong)
