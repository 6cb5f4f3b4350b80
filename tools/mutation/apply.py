"""Puts one mutant into the running, already imported module, and takes it out again.

The tests hold the module's functions and constants by reference (``from rules.ranking import natural_key``), so the
module is not reloaded: a mutant inside a function swaps that function's code object (every reference sees it, nested
functions and lambdas included); a mutant at module or class level (a constant, a default argument, a class
attribute) runs the mutated module in a scratch namespace and puts the new values where the old ones were: the
module's attribute, every other module's name bound to the same object, every default argument holding it.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .mutants import Mutant


class NotApplicable(Exception):
    """The mutant cannot be put in place here (its function is not found where the module says); it is reported,
    never counted as killed."""


class DoesNotLoad(Exception):
    """The mutated module raises while it loads: every test that imports it would fail, so the mutant is killed."""


Undo = Callable[[], None]


def apply(module: types.ModuleType, tree: ast.Module, mutant: Mutant) -> Undo:
    filename = module.__file__ or mutant.path
    try:
        code = compile(tree, filename, "exec")
    except (SyntaxError, ValueError) as exc:
        raise NotApplicable(f"does not compile: {exc}") from exc
    if mutant.function is not None:
        return _swap_code(module, code, mutant.function, mutant.function_lineno)
    undo = _transplant(module, code)
    try:
        for other in _dependents(module):
            # Tables another module built at import from the changed values (the engine's table of wind fans,
            # made from the fan numbers) are built again from them.
            source = Path(other.__file__ or "").read_text(encoding="utf-8")
            undo = _chain(undo, _transplant(other, compile(source, other.__file__ or "", "exec")))
    except BaseException:
        undo()
        raise
    return undo


def _chain(first: Undo, second: Undo) -> Undo:
    def both() -> None:
        second()
        first()

    return both


def _dependents(module: types.ModuleType) -> list[types.ModuleType]:
    """The modules of the same package that import this one (by its last name: ``from . import fans``)."""
    short = module.__name__.rsplit(".", 1)[-1]
    package = module.__name__.split(".")[0]
    found = []
    for other in _project_modules(module):
        if other is module or other.__name__.split(".")[0] != package or not other.__file__:
            continue
        tree = ast.parse(Path(other.__file__).read_text(encoding="utf-8"))
        for node in tree.body:
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or "", *(a.name for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            if any(n == short or n.endswith("." + short) or n == module.__name__ for n in names):
                found.append(other)
                break
    return found


# ------------------------------------------------------------------ a change inside a def


def _code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


def _functions(obj: Any) -> Iterator[types.FunctionType]:
    """The plain functions behind a class attribute or module attribute (properties, static and class methods,
    functools.wraps and lru_cache wrappers)."""
    if isinstance(obj, property):
        for part in (obj.fget, obj.fset, obj.fdel):
            if part is not None:
                yield from _functions(part)
        return
    if isinstance(obj, (staticmethod, classmethod)):
        yield from _functions(obj.__func__)
        return
    func = getattr(obj, "func", None)  # functools.cached_property, partial
    if func is not None and not isinstance(obj, types.FunctionType):
        yield from _functions(func)
    if isinstance(obj, types.FunctionType):
        yield obj
    wrapped = getattr(obj, "__wrapped__", None)
    if wrapped is not None:
        yield from _functions(wrapped)


def _lookup(module: types.ModuleType, qualname: str) -> Any:
    obj: Any = module
    for part in qualname.split("."):
        obj = inspect.getattr_static(obj, part) if isinstance(obj, type) else getattr(obj, part)
    return obj


_CACHES: dict[str, list[Any]] = {}


def clear_caches(module: types.ModuleType) -> None:
    """Empties every functools cache of the project's modules: a cached result worked out by the unchanged code
    (or by the mutant) must not answer for the other."""
    key = module.__name__
    if key not in _CACHES:
        found = []
        package = module.__name__.split(".")[0]  # not the tests' own caches (the reference calculator's results)
        for other in _project_modules(module):
            if other.__name__.split(".")[0] != package:
                continue
            for value in list(vars(other).values()):
                owners = list(vars(value).values()) if isinstance(value, type) else [value]
                for owner in owners:
                    for candidate in (owner, getattr(owner, "__func__", None), getattr(owner, "fget", None)):
                        if callable(getattr(candidate, "cache_clear", None)):
                            found.append(candidate)
        _CACHES[key] = found
    for cached in _CACHES[key]:
        cached.cache_clear()


def _swap_code(module: types.ModuleType, code: types.CodeType, qualname: str, first_line: int) -> Undo:
    try:
        obj = _lookup(module, qualname)
    except AttributeError as exc:
        raise NotApplicable(f"{qualname} is not an attribute of the module") from exc
    by_line = {c.co_firstlineno: c for c in _code_objects(code) if c.co_qualname == qualname}
    live = [f for f in _functions(obj) if f.__code__.co_qualname == qualname and f.__code__.co_firstlineno in by_line]
    if not live:
        raise NotApplicable(f"no function {qualname} at line {first_line} to swap")
    undo: list[tuple[types.FunctionType, types.CodeType]] = []
    for func in live:
        new = by_line[func.__code__.co_firstlineno]
        if new.co_freevars != func.__code__.co_freevars:
            raise NotApplicable(f"{qualname}: the mutated code closes over other names")
        undo.append((func, func.__code__))
        func.__code__ = new
    clear_caches(module)

    def restore() -> None:
        for func, old in undo:
            func.__code__ = old
        clear_caches(module)

    return restore


# ------------------------------------------------------------------ a change at module or class level


def _run_scratch(module: types.ModuleType, code: types.CodeType) -> dict[str, Any]:
    namespace: dict[str, Any] = {
        "__name__": module.__name__,
        "__file__": module.__file__,
        "__package__": module.__package__,
        "__builtins__": builtins,
        "__spec__": module.__spec__,
    }
    try:
        exec(code, namespace)
    except Exception as exc:
        raise DoesNotLoad(f"the mutated module fails to load: {type(exc).__name__}: {exc}") from exc
    return namespace


def _project_modules(module: types.ModuleType) -> list[types.ModuleType]:
    root = str(Path(module.__file__ or ".").resolve().parents[module.__name__.count(".")])
    found = []
    for other in list(sys.modules.values()):
        path = getattr(other, "__file__", None) or ""
        if isinstance(other, types.ModuleType) and path.startswith(root + "/") and "/.venv/" not in path:
            found.append(other)
    return found


def _transplant(module: types.ModuleType, code: types.CodeType) -> Undo:
    """Whatever the mutated module binds differently at module level is put where the old value was: a class's
    attributes and its methods' defaults (a dataclass field's default lives in __init__'s), a function's defaults,
    and any other value -- the changed constant, and the data built from it, such as a catalogue of instances
    made after the class whose field default changed."""
    scratch = _run_scratch(module, code)
    undo: list[Undo] = []
    try:
        for name, old in list(vars(module).items()):
            if name.startswith("__") or name not in scratch:
                continue
            new = scratch[name]
            if isinstance(old, type) and old.__module__ == module.__name__ and isinstance(new, type):
                undo += _copy_class_body(old, new)
            elif isinstance(old, types.FunctionType) and old.__module__ == module.__name__:
                undo += _copy_defaults(old, new)
            elif new is not old and not _is_code(old) and _shown(old) != _shown(new):
                undo += _rebind(module, name, old, new)
    except BaseException:
        for step in reversed(undo):
            step()
        raise

    clear_caches(module)

    def restore() -> None:
        for step in reversed(undo):
            step()
        clear_caches(module)

    return restore


def _is_code(value: Any) -> bool:
    return isinstance(value, (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)) or callable(value)


def _shown(value: Any) -> str:
    try:
        return repr(value)
    except Exception:
        return object.__repr__(value)


def _copy_defaults(old: Any, new: Any) -> list[Undo]:
    undo: list[Undo] = []
    for old_f, new_f in zip(_functions(old), _functions(new), strict=False):
        saved = (old_f.__defaults__, old_f.__kwdefaults__)
        if _shown(saved) == _shown((new_f.__defaults__, new_f.__kwdefaults__)):
            continue
        old_f.__defaults__, old_f.__kwdefaults__ = new_f.__defaults__, new_f.__kwdefaults__

        def back(f: types.FunctionType = old_f, s: tuple[Any, Any] = saved) -> None:
            f.__defaults__, f.__kwdefaults__ = s

        undo.append(back)
    return undo


def _copy_class_body(old_cls: type, new_cls: type) -> list[Undo]:
    """Class attributes and the defaults of its methods (a dataclass's field defaults live in __init__'s)."""
    undo: list[Undo] = []
    for key, value in vars(new_cls).items():
        if key in ("__dict__", "__weakref__", "__module__", "__qualname__", "__doc__"):
            continue
        current = vars(old_cls).get(key)
        if isinstance(value, (types.FunctionType, staticmethod, classmethod, property)):
            if current is not None:
                undo += _copy_defaults(current, value)
            continue
        if isinstance(value, type) or key.startswith("__"):
            continue
        if _same(current, value):
            continue
        setattr(old_cls, key, value)
        undo.append(lambda c=old_cls, k=key, v=current: setattr(c, k, v))
    return undo


def _same(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def _rebind(module: types.ModuleType, name: str, old: Any, new: Any) -> list[Undo]:
    """Every place the project holds the old value under its name (``from m import NAME``), or as a default
    argument, now holds the new one. A number or a string as a default is left alone: it cannot be told from the
    same literal written there."""
    undo: list[Undo] = []
    scalar = isinstance(old, (int, float, str, bytes, type(None)))
    for other in _project_modules(module):
        space = vars(other)
        if space.get(name) is old:
            space[name] = new
            undo.append(lambda s=space: s.__setitem__(name, old))
        if scalar:
            continue
        for value in list(space.values()):
            if isinstance(value, type) and value.__module__ == other.__name__:
                undo += _rebind_in_class(value, old, new)
            elif isinstance(value, types.FunctionType):
                undo += _rebind_default(value, old, new)
    return undo


def _rebind_in_class(cls: type, old: Any, new: Any) -> list[Undo]:
    undo: list[Undo] = []
    for value in list(vars(cls).values()):
        for func in _functions(value) if not isinstance(value, type) else ():
            undo += _rebind_default(func, old, new)
    return undo


def _rebind_default(func: types.FunctionType, old: Any, new: Any) -> list[Undo]:
    undo: list[Undo] = []
    defaults = func.__defaults__
    if defaults and any(d is old for d in defaults):
        func.__defaults__ = tuple(new if d is old else d for d in defaults)
        undo.append(lambda f=func, d=defaults: setattr(f, "__defaults__", d))
    kwdefaults = func.__kwdefaults__
    if kwdefaults and any(d is old for d in kwdefaults.values()):
        func.__kwdefaults__ = {k: new if d is old else d for k, d in kwdefaults.items()}
        undo.append(lambda f=func, d=kwdefaults: setattr(f, "__kwdefaults__", d))
    return undo
