"""The rules and seating engines and the ranking methods are pure Python: importing every one of their modules loads no Django.

Django code calls into them, never the other way round; this keeps them usable from the command line,
benchmarks and other front ends, and keeps rule changes testable without a database.
"""

import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ["rules", "seating", "ratings", "seating_designs", "rules_cli"]


def _modules(package: str) -> list[str]:
    path = ROOT / package.replace(".", "/")
    names = [package]
    for info in pkgutil.walk_packages([str(path)], prefix=package + "."):
        names.append(info.name)
    return names


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_pure_package_never_imports_django(package):
    modules = _modules(package)
    assert len(modules) > 1, f"no modules found under {package}"
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, 'django imported: ' + ', '.join(bad[:5])\n"
    )
    env = dict(os.environ)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
