"""The mutants of one module: one operator or number changed at a time, found in its syntax tree (nothing imported).

A mutant is named by what a reader sees, not by a line number, so the list of equivalent mutants survives edits
elsewhere in the file: ``path :: scope :: the line's text :: the change #n`` (the n-th such change on that line).
"""

from __future__ import annotations

import ast
import copy
from dataclasses import dataclass, field

# Comparisons move by one step (a boundary off by one) or flip: the changes a wrong rule is made of.
COMPARE = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
ARITHMETIC = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.Div,
    ast.Div: ast.Mult,
    ast.FloorDiv: ast.Div,
    ast.Mod: ast.FloorDiv,
    ast.Pow: ast.Mult,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitAnd,
}
BOOLEAN = {ast.And: ast.Or, ast.Or: ast.And}
# Built-ins that pick one end or the other: a tie-break taking the worst instead of the best.
CALLS = {"min": "max", "max": "min", "any": "all", "all": "any"}
SYMBOL = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
    ast.Add: "+",
    ast.Sub: "-",
    ast.Mult: "*",
    ast.Div: "/",
    ast.FloorDiv: "//",
    ast.Mod: "%",
    ast.Pow: "**",
    ast.LShift: "<<",
    ast.RShift: ">>",
    ast.BitAnd: "&",
    ast.BitOr: "|",
    ast.BitXor: "^",
    ast.And: "and",
    ast.Or: "or",
}


@dataclass(frozen=True)
class Mutant:
    path: str  # relative to the repository, with forward slashes
    node_index: int  # the node's place in ast.walk() of the module
    slot: int  # which operator of a chained comparison
    change: str  # "op", "const", "call", "not", "neg", "loop"
    description: str  # "'==' -> '!='"
    lineno: int
    scope: str  # dotted name of the code the change sits in; "<module>" for module and class bodies
    function: str | None  # the outermost def holding it (its code is swapped); None: module or class level
    function_lineno: int  # that def's first line (decorators included), to tell two defs of one name apart
    statement: int  # index of the module-level statement holding it
    line_text: str
    lines: frozenset[int] = field(default_factory=frozenset)  # lines whose execution means the change is reached
    occurrence: int = 1

    @property
    def ident(self) -> str:
        return f"{self.path} :: {self.scope} :: {self.line_text} :: {self.description} #{self.occurrence}"


class _Finder(ast.NodeVisitor):
    def __init__(self, path: str, source: str, tree: ast.Module) -> None:
        self.path = path
        self.lines = source.splitlines()
        self.index = {id(node): i for i, node in enumerate(ast.walk(tree))}
        self.found: list[Mutant] = []
        self.names: list[str] = []  # enclosing classes and defs
        self.function: tuple[str, int] | None = None
        self.statement = 0
        self.statement_line = 0
        self.skip = 0  # inside an annotation, a decorator, a docstring or a type-only block

    # -- scopes

    def visit_Module(self, node: ast.Module) -> None:
        for i, stmt in enumerate(node.body):
            self.statement = i
            if _is_skipped_statement(stmt):
                continue
            self.visit(stmt)

    def _visit_body(self, body: list[ast.stmt]) -> None:
        for i, stmt in enumerate(body):
            if i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                continue  # a docstring
            if _is_skipped_statement(stmt):
                continue
            self.visit(stmt)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.skip += 1
        for child in [*node.decorator_list, *node.bases, *node.keywords]:
            self.visit(child)
        self.skip -= 1
        self.names.append(node.name)
        self._visit_body(node.body)
        self.names.pop()

    def _visit_def(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.skip += 1
        for child in node.decorator_list:
            self.visit(child)
        if node.returns:
            self.visit(node.returns)
        for arg in [*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs]:
            if arg.annotation:
                self.visit(arg.annotation)
        self.skip -= 1
        # Defaults are worked out when the def runs, in the enclosing scope.
        for default in [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None)]:
            self.visit(default)
        outer = self.function
        self.names.append(node.name)
        if outer is None:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            self.function = (".".join(self.names), first)
        self._visit_body(node.body)
        self.names.pop()
        self.function = outer

    visit_FunctionDef = _visit_def
    visit_AsyncFunctionDef = _visit_def

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                self.visit(value.value)  # the expression, not its format spec

    def visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.stmt):
            self.statement_line = node.lineno
        super().visit(node)

    # -- the changes

    def _add(self, node: ast.AST, change: str, description: str, slot: int = 0) -> None:
        if self.skip:
            return
        lineno = node.lineno  # type: ignore[attr-defined]
        end = getattr(node, "end_lineno", None) or lineno
        function = self.function
        scope = ".".join(self.names) if function else "<module>"
        self.found.append(
            Mutant(
                path=self.path,
                node_index=self.index[id(node)],
                slot=slot,
                change=change,
                description=description,
                lineno=lineno,
                scope=scope or "<module>",
                function=function[0] if function else None,
                function_lineno=function[1] if function else 0,
                statement=self.statement,
                line_text=_without_comment(self.lines[lineno - 1]),
                lines=frozenset({*range(lineno, end + 1), self.statement_line or lineno}),
            )
        )

    def visit_Compare(self, node: ast.Compare) -> None:
        for slot, op in enumerate(node.ops):
            new = COMPARE[type(op)]
            self._add(node, "op", f"'{SYMBOL[type(op)]}' -> '{SYMBOL[new]}'", slot)
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        new = ARITHMETIC.get(type(node.op))
        # Outside a def, '|' between names is a type union (X | None), not arithmetic.
        if new and not (self.function is None and isinstance(node.op, ast.BitOr)):
            self._add(node, "op", f"'{SYMBOL[type(node.op)]}' -> '{SYMBOL[new]}'")
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        new = ARITHMETIC.get(type(node.op))
        if new:
            self._add(node, "op", f"'{SYMBOL[type(node.op)]}=' -> '{SYMBOL[new]}='")
        self.generic_visit(node)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        self._add(node, "op", f"'{SYMBOL[type(node.op)]}' -> '{SYMBOL[BOOLEAN[type(node.op)]]}'")
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        if isinstance(node.op, ast.Not):
            self._add(node, "not", "'not' removed")
        elif isinstance(node.op, ast.USub) and not isinstance(node.operand, ast.Constant):
            self._add(node, "neg", "'-' removed")
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = node.value
        if isinstance(value, bool):
            self._add(node, "const", f"{value} -> {not value}")
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            self._add(node, "const", f"{value!r} -> {_bumped(value)!r}")

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in CALLS:
            self._add(node, "call", f"{node.func.id}() -> {CALLS[node.func.id]}()")
        self.generic_visit(node)

    def visit_Break(self, node: ast.Break) -> None:
        self._add(node, "loop", "'break' -> 'continue'")

    def visit_Continue(self, node: ast.Continue) -> None:
        self._add(node, "loop", "'continue' -> 'break'")


def _without_comment(line: str) -> str:
    """The line as the equivalents file names it: a trailing comment (the formatter puts two spaces before it)
    can be reworded without touching the list."""
    return line.split("  # ", 1)[0].strip()


def _bumped(value: int | float) -> int | float:
    return value + 1


def _is_skipped_statement(stmt: ast.stmt) -> bool:
    """Imports, ``if TYPE_CHECKING:`` and ``__all__`` change nothing a test could see."""
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(stmt, ast.If) and "TYPE_CHECKING" in ast.unparse(stmt.test):
        return True
    if isinstance(stmt, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == "__all__" for t in stmt.targets)
    return False


def find_mutants(path: str, source: str) -> list[Mutant]:
    tree = ast.parse(source)
    finder = _Finder(path, source, tree)
    finder.visit(tree)
    seen: dict[tuple[str, str, str], int] = {}
    numbered = []
    for mutant in sorted(finder.found, key=lambda m: (m.node_index, m.slot)):
        key = (mutant.scope, mutant.line_text, mutant.description)
        seen[key] = seen.get(key, 0) + 1
        numbered.append(_replace(mutant, occurrence=seen[key]))
    return sorted(numbered, key=lambda m: (m.lineno, m.node_index, m.slot))


def _replace(mutant: Mutant, **changes: object) -> Mutant:
    values = {name: getattr(mutant, name) for name in Mutant.__dataclass_fields__}
    values.update(changes)
    return Mutant(**values)  # type: ignore[arg-type]


def mutated_tree(tree: ast.Module, mutant: Mutant) -> ast.Module:
    """A copy of ``tree`` with the one change made."""
    new = copy.deepcopy(tree)
    nodes = list(ast.walk(new))
    node = nodes[mutant.node_index]
    if mutant.change == "op":
        if isinstance(node, ast.Compare):
            node.ops[mutant.slot] = COMPARE[type(node.ops[mutant.slot])]()
        elif isinstance(node, (ast.BinOp, ast.AugAssign)):
            node.op = ARITHMETIC[type(node.op)]()
        elif isinstance(node, ast.BoolOp):
            node.op = BOOLEAN[type(node.op)]()
    elif mutant.change == "const":
        assert isinstance(node, ast.Constant)
        node.value = (not node.value) if isinstance(node.value, bool) else _bumped(node.value)
    elif mutant.change == "call":
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        node.func.id = CALLS[node.func.id]
    else:
        assert isinstance(node, (ast.UnaryOp, ast.Break, ast.Continue))
        if isinstance(node, ast.UnaryOp):
            replacement: ast.AST = node.operand
        else:
            replacement = ast.Continue() if isinstance(node, ast.Break) else ast.Break()
        _replace_node(nodes, node, replacement)
    return ast.fix_missing_locations(new)


def _replace_node(nodes: list[ast.AST], old: ast.AST, new: ast.AST) -> None:
    ast.copy_location(new, old)
    for parent in nodes:
        for name, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, name, new)
                return
            if isinstance(value, list) and any(v is old for v in value):
                value[[id(v) for v in value].index(id(old))] = new
                return
    raise LookupError("the node to replace has no parent")
