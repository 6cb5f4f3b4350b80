"""Every state is written by its lifecycle's move and nowhere else (docs/architecture.md, "Lifecycles").

The lifecycles register themselves (``core.lifecycle.REGISTRY``): each ``Lifecycle(model=..., states=...,
moves=...)`` in an app's ``lifecycle.py`` names its model and its state field. This test reads the registry and
scans the product code for the fields it names:

- a **write** of a state field (``obj.status = ...``, ``setattr(obj, "status", ...)``, ``status=`` given to
  ``update``/``create``/``get_or_create``/``update_or_create`` or to the model's constructor) anywhere but in the
  module that defines the lifecycle: a service calls ``LIFECYCLE.move(obj, "name")``, which refuses a move the
  table does not allow with the table's message;
- a **comparison** of a state field (``obj.status == ...``, ``obj.status in ...``) or a query on it
  (``filter(status=...)``, ``Q(sheet__status__in=...)``) anywhere but in the lifecycle modules and the read
  modules (``selectors.py`` and the other modules that only read, ``READERS``), and, for queries only, the
  ``models.py`` that holds the field and its ``querysets.py`` (constraints and QuerySets answer the lifecycle's
  questions).
  Others ask the model (``sheet.is_signed``, ``Session.objects.public()``), the lifecycle
  (``SHEET.may(sheet, "sign")``, ``APPEAL.is_in(appeal, ...)``) or build the condition from it
  (``SHEET.q(FINISHED, via="sheet")``).

**A new lifecycle** (a player's check-in, a disqualification, a call for a referee...) registers by being
defined: ``NAME = Lifecycle(model="app.Model", states=TheStates, moves={...}, field="checkin_status")`` in the
app's ``lifecycle.py`` (any module works; that module becomes the one allowed to write the field). Add a row to
``test_every_lifecycle_is_registered`` below, and the scan covers the new field at once. Write its moves'
refusals in the table, and test them as ``test_refusals_are_the_tables_own`` does.

A line that assigns an unrelated attribute of the same name (a copy into a display record) says so with the
comment ``# not a lifecycle move``.
"""

import ast
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from core.lifecycle import REGISTRY
from scoring import lifecycle as scoring_lifecycle
from tournament import lifecycle as tournament_lifecycle

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = [
    "core",
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
# Modules that only read and compute, selectors by another name (docs/architecture.md): a table's results, the
# phases people see, the work queues.
READERS = {"scoring/results.py", "scoring/progress.py", "scoring/queues.py"}
WRITE_CALLS = {"update", "create", "get_or_create", "update_or_create"}
QUERY_CALLS = {"filter", "exclude", "get", "Q"}
ALLOWED_MARK = "# not a lifecycle move"


def _fields() -> set[str]:
    return {lc.field for lc in REGISTRY}


def _models() -> set[str]:
    return {lc.model.split(".")[1] for lc in REGISTRY}


def _lifecycle_files() -> set[str]:
    return {lc.module.replace(".", "/") + ".py" for lc in REGISTRY}


def _product_files():
    for package in PRODUCT:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _is_lookup_on(keyword: str, field: str) -> bool:
    parts = keyword.split("__")
    return field in parts and parts.index(field) >= len(parts) - 2


def _targets(node: ast.expr):
    """The names a tuple or list holds (an assignment's targets, a comparison's sides), or the node itself."""
    if isinstance(node, ast.Tuple | ast.List):
        for element in node.elts:
            yield from _targets(element)
    else:
        yield node


def _findings(path: Path, fields: set[str], models: set[str]):
    """(line, kind, text) for each write, comparison and query of a state field in the file."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in (t for tt in targets for t in _targets(tt)):
                if isinstance(target, ast.Attribute) and target.attr in fields:
                    if ALLOWED_MARK not in lines[node.lineno - 1]:
                        yield node.lineno, "write", lines[node.lineno - 1].strip()
        elif isinstance(node, ast.Compare):
            sides = [t for side in (node.left, *node.comparators) for t in _targets(side)]
            if any(isinstance(s, ast.Attribute) and s.attr in fields for s in sides):
                yield node.lineno, "compare", lines[node.lineno - 1].strip()
        elif isinstance(node, ast.Call):
            name = _name(node.func)
            if name == "setattr" and len(node.args) > 1:
                arg = node.args[1]
                if isinstance(arg, ast.Constant) and arg.value in fields:
                    yield node.lineno, "write", lines[node.lineno - 1].strip()
            for keyword in node.keywords:
                if keyword.arg is None:
                    continue
                if keyword.arg in fields and (name in WRITE_CALLS or name in models):
                    if ALLOWED_MARK not in lines[node.lineno - 1]:
                        yield node.lineno, "write", lines[node.lineno - 1].strip()
                elif name in QUERY_CALLS and any(_is_lookup_on(keyword.arg, f) for f in fields):
                    yield node.lineno, "query", lines[node.lineno - 1].strip()


def test_no_state_is_written_or_compared_outside_its_lifecycle():
    fields, models, lifecycles = _fields(), _models(), _lifecycle_files()
    wrong = []
    for path in _product_files():
        relative = path.relative_to(ROOT).as_posix()
        reader = path.name == "selectors.py" or "selectors" in path.parts or relative in READERS
        for line, kind, text in _findings(path, fields, models):
            if relative in lifecycles:
                continue
            if kind == "compare" and reader:
                continue
            if kind == "query" and (reader or path.name in ("models.py", "querysets.py")):
                continue
            wrong.append(f"{relative}:{line}: {kind}: {text}")
    assert not wrong, "State written or compared outside its lifecycle:\n" + "\n".join(wrong)


def test_the_scan_finds_what_it_forbids(tmp_path):
    """The scan itself: each forbidden form is found, the allowed ones are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "sheet.status = 'open'\n"
        "session.status, session.seed = 'planned', None\n"
        "setattr(appeal, 'status', 'upheld')\n"
        "ScoreSheet.objects.filter(pk=1).update(status='confirming')\n"
        "ReopenRequest(sheet=s, status='open')\n"
        "if sheet.status == 'open': pass\n"
        "if 'closed' in (session.status,): pass\n"
        "Appeal.objects.filter(status__in=('filed',))\n"
        "Q(table__sheet__status='submitted')\n"
        "render(request, 'x.html', status=403)\n"
        "JsonResponse({}, status=409)\n"
        "sheet.status_label\n"
        "data.status = sheet.status  # not a lifecycle move: a copy for the page\n",
        encoding="utf-8",
    )
    found = [(line, kind) for line, kind, _text in _findings(sample, {"status"}, {"ScoreSheet", "ReopenRequest"})]
    assert sorted(found) == [
        (1, "write"),
        (2, "write"),
        (3, "write"),
        (4, "write"),
        (5, "write"),
        (6, "compare"),
        (7, "compare"),
        (8, "query"),
        (9, "query"),
    ]


def test_every_lifecycle_is_registered():
    """The lifecycles the scan covers. A new one adds its row here (see the module's docstring)."""
    registered = {(lc.model, lc.field): lc.module for lc in REGISTRY}
    assert registered == {
        ("scoring.ScoreSheet", "status"): "scoring.lifecycle",
        ("scoring.ReopenRequest", "status"): "scoring.lifecycle",
        ("scoring.Appeal", "status"): "scoring.lifecycle",
        ("tournament.Session", "status"): "tournament.lifecycle",
        ("tournament.Session", "roll_call"): "tournament.lifecycle",
        ("tournament.CheckIn", "status"): "tournament.lifecycle",
        ("tournament.RefereeCall", "status"): "tournament.lifecycle",
    }
    for lc in REGISTRY:
        for name, move in lc.moves.items():
            assert move.target in lc.states.values, name
            assert set(move.sources) <= set(lc.states.values), name


class _Obj:
    def __init__(self, status, number=7):
        self.status, self.number, self.saved = status, number, None

    def save(self, update_fields):
        self.saved = update_fields


SHEET, SESSION = scoring_lifecycle.SHEET, tournament_lifecycle.SESSION
APPEAL, REOPEN = scoring_lifecycle.APPEAL, scoring_lifecycle.REOPEN_REQUEST


@pytest.mark.parametrize(
    ("lifecycle", "state", "move", "message", "code"),
    [
        (SHEET, "submitted", "sign", "This score sheet is already signed.", "signed"),
        (SHEET, "countersigned", "countersign", "This score sheet is already countersigned.", "countersigned"),
        (SHEET, "open", "countersign", "The referee signs the sheet first.", "not_signed"),
        (SHEET, "confirming", "reopen", "This score sheet is not signed.", "not_signed"),
        (SESSION, "planned", "publish", "Only a seated session can be published.", "not_allowed"),
        (SESSION, "closed", "close", "Session 7 is already closed.", "not_allowed"),
        (SESSION, "seated", "close", "Publish the seating of session 7 before closing it.", "not_allowed"),
        (SESSION, "published", "reopen", "Session 7 is not closed.", "not_allowed"),
        (APPEAL, "upheld", "reject", "Appeal 7 is decided already.", "decided"),
        (
            APPEAL,
            "filed",
            "escalate",
            "Only a rule appeal the referees rejected goes to the chief referee.",
            "not_escalatable",
        ),
        (REOPEN, "declined", "grant", "No request to reopen this sheet is waiting.", "no_request"),
    ],
)
def test_refusals_are_the_tables_own(lifecycle, state, move, message, code):
    obj = _Obj(state)
    with pytest.raises(ValidationError) as refused:
        lifecycle.move(obj, move)
    assert refused.value.messages == [message]
    assert refused.value.code == code
    assert obj.status == state and obj.saved is None  # nothing written


@pytest.mark.parametrize(
    ("lifecycle", "state", "move", "to"),
    [
        (SHEET, "open", "sign", "submitted"),
        (SHEET, "confirming", "sign", "submitted"),
        (SHEET, "submitted", "countersign", "countersigned"),
        (SHEET, "countersigned", "reopen", "open"),
        (SESSION, "planned", "seat", "seated"),
        (SESSION, "seated", "seat", "seated"),
        (SESSION, "seated", "unseat", "planned"),
        (SESSION, "published", "close", "closed"),
        (SESSION, "closed", "reopen", "published"),
        (APPEAL, "filed", "referees_reject", "referee_rejected"),
        (APPEAL, "referee_rejected", "escalate", "escalated"),
        (APPEAL, "escalated", "uphold", "upheld"),
        (REOPEN, "open", "decline", "declined"),
    ],
)
def test_moves_write_the_state_and_the_fields_given(lifecycle, state, move, to):
    obj = _Obj(state)
    lifecycle.move(obj, move, fields=["closed_at"])
    assert obj.status == to
    assert obj.saved == ["status", "closed_at"]
