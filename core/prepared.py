"""Querysets compiled once and run again with other values, for the few queries a page runs dozens of times a
second (the live player page's poll, ``scoring.live``; issue 31).

Django builds a queryset and compiles its SQL on every run. For a small query that is nearly all of its cost:
bench/table_page.py measured about 1 ms of CPU to build and compile the poll's appeal query, 0.04 ms to run it on
SQLite. A ``Prepared`` keeps the queryset as the one definition: ``build`` makes it from stand-in values, it is
compiled at its first run in a thread, and every run sends that SQL with the caller's values in the stand-ins'
places, then converts the rows as the queryset would (``SQLCompiler.results_iter``).

Nothing read from the database is kept, only the SQL text and its plan, which depend on the code alone: every
answer is as fresh as the queryset's own, and any app server gives the same one.

What it takes is narrow on purpose and checked when it compiles (``PrepareError``, so the first test run of a
query finds a mistake):
- a ``values_list`` queryset (``flat=True`` too): rows come back as tuples or values; or a queryset of model
  instances, every field, nothing annotated or deferred, with ``select_related`` if wanted: rows come back as
  the instances and related instances the queryset would give (``Model.from_db``, Django's related
  populators);
- keyword values that are ints, strs or aware datetimes, never None, which changes the SQL's shape; each must
  reach the compiled parameters unchanged (a datetime as the backend adapts it), so it is found by value. An int
  must fit its column (pks, numbers): Django compiles an out-of-range value to no query at all, a prepared query
  sends it and the database refuses it;
- lists of ints (``tables=list``) for an ``__in``: the SQL has one placeholder an element, so a query is
  compiled for each length it meets, up to ``LIST_LENGTH_PREPARED`` (longer lists run the queryset itself:
  rare, and a plan a length would pile up); duplicates are dropped first, as Django drops them, and an empty
  list is no query, as in Django.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import connections
from django.db.models.query import (
    FlatValuesListIterable,
    ModelIterable,
    QuerySet,
    ValuesListIterable,
    get_related_populators,
)


class PrepareError(ValueError):
    """The queryset cannot be prepared (see the module's docstring for what can)."""


# Values no real query passes: found among the compiled parameters, they mark where the caller's values go. An
# int fits every integer column (a value out of a column's range compiles to no query at all: Django 5).
_STAND_IN_INT = 32_749
_STAND_IN_TIME = datetime(1901, 2, 3, 4, 5, 6, tzinfo=UTC)


LIST_LENGTH_PREPARED = 64
# Elements of list values: from 11_000, a run of LIST_LENGTH_PREPARED a list, in the order of the keywords.
_STAND_IN_ELEMENT = 11_000


def _stand_in(kind: type, index: int, length: int = 0) -> Any:
    if kind is list:
        return [_STAND_IN_ELEMENT + LIST_LENGTH_PREPARED * index + k for k in range(length)]
    if kind is int:
        return _STAND_IN_INT - 7 * index
    if kind is str:
        return f"\x1fprepared-stand-in-{index}\x1f"
    if kind is datetime:
        return _STAND_IN_TIME + timedelta(microseconds=index + 1)
    raise PrepareError(f"a prepared query takes ints, strs, datetimes and lists of ints, not {kind.__name__}")


@dataclass
class _Plan:
    sql: str
    params: list[Any]
    # ((name, element of a list or None), kind, [(position in params, the type the backend gave the stand-in there)])
    slots: list[tuple[tuple[str, int | None], type, list[tuple[int, type]]]]
    compiler: Any
    converters: dict
    trim: int | None
    flat: bool
    model: Any  # the model whose instances it gives, or None for values
    attnames: list[str]
    start: int = 0  # the model's own columns in a row: row[start:end]
    end: int = 0
    populators: list[Any] | None = None  # select_related: what builds the related instances of each row


def _check_shape(queryset: QuerySet) -> Any:
    """The model whose instances the queryset gives, None for values; PrepareError if it cannot be prepared."""
    query = queryset.query
    if queryset._iterable_class is ModelIterable:
        plain = query.deferred_loading == (frozenset(), True) and not getattr(queryset, "_known_related_objects", None)
        if not plain or query.annotation_select or query.extra_select:
            raise PrepareError("a queryset of instances is prepared with every field and nothing else")
        return queryset.model
    if queryset._iterable_class in (ValuesListIterable, FlatValuesListIterable):
        names = [*query.extra_select, *query.values_select, *query.annotation_select]
        named: tuple[str, ...] = getattr(queryset, "_fields", ())
        wanted = [*named, *(f for f in query.annotation_select if f not in named)]
        if not named or wanted != names:
            raise PrepareError(f"name the values in the order the query selects them: {names}")
        return None
    raise PrepareError("only values_list querysets and plain querysets of instances can be prepared")


def _positions(params: list[Any], kind: type, compiled: Any) -> list[tuple[int, type]]:
    """Where the stand-in (as compiled) is among the parameters, and the type given it there: psycopg's backend
    passes an int as the column's own int type (Int4, Int2...), which the caller's value is given too."""

    def same(p: Any) -> bool:
        if type(p) is bool:
            return False
        return (type(p) is type(compiled) or (kind is int and isinstance(p, int))) and p == compiled

    return [(i, type(p)) for i, p in enumerate(params) if same(p)]


class Prepared:
    """``Prepared(lambda player: Seat.objects.filter(player_id=player).values_list(...), player=int)``; then
    ``query(player=12)`` is the list the queryset would give with 12 in the stand-in's place."""

    def __init__(self, build: Callable[..., QuerySet], **kinds: type):
        self.build = build
        self.kinds = kinds
        self._plans = threading.local()  # a plan holds its thread's database connection (converters use it)

    def _compile(self, alias: str | None, lengths: dict[str, int]) -> _Plan:
        stand_ins = {
            name: _stand_in(kind, i, lengths.get(name, 0)) for i, (name, kind) in enumerate(self.kinds.items())
        }
        queryset = self.build(**stand_ins)
        if alias is not None:
            queryset = queryset.using(alias)
        model = _check_shape(queryset)
        compiler = queryset.query.get_compiler(queryset.db)
        sql, params = compiler.as_sql()
        attnames: list[str] = []
        start = end = 0
        populators = None
        if model is not None:
            klass_info = compiler.klass_info
            start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            attnames = [f.attname for f in model._meta.concrete_fields]
            selected = [
                getattr(getattr(col, "target", None), "attname", None)
                for col, _sql, _alias in compiler.select[start:end]
            ]
            if selected != attnames:
                raise PrepareError(f"the query selects {selected}, not the fields of {model.__name__}")
            # Django 5.2's signature (the stubs describe a later one's).
            populators = get_related_populators(klass_info, compiler.select, queryset.db)  # type: ignore[call-arg]
        params = list(params)
        connection = connections[queryset.db]
        slots: list[tuple[tuple[str, int | None], type, list[tuple[int, type]]]] = []
        for name, kind in self.kinds.items():
            elements = stand_ins[name] if kind is list else [stand_ins[name]]
            element_kind = int if kind is list else kind
            for k, element in enumerate(elements):
                positions = _positions(params, element_kind, self._adapt(connection, element_kind, element))
                if not positions:
                    raise PrepareError(f"{name!r} does not reach the query's parameters unchanged")
                slots.append(((name, k) if kind is list else (name, None), element_kind, positions))
        fields = [s[0] for s in compiler.select[0 : compiler.col_count]]
        return _Plan(
            sql=sql,
            params=params,
            slots=slots,
            compiler=compiler,
            converters=compiler.get_converters(fields),
            trim=compiler.col_count if compiler.has_extra_select else None,
            flat=queryset._iterable_class is FlatValuesListIterable,
            model=model,
            attnames=attnames,
            start=start,
            end=end,
            populators=populators,
        )

    @staticmethod
    def _adapt(connection, kind: type, value: Any) -> Any:
        if kind is datetime:
            return connection.ops.adapt_datetimefield_value(value)
        return value

    def _lists(self, values: dict[str, Any]) -> dict[str, int] | None:
        """The length of each list value, duplicates dropped in ``values`` (as Django's ``__in`` drops them);
        None when one is empty, which finds nothing."""
        lengths = {}
        for name, kind in self.kinds.items():
            if kind is list:
                if not isinstance(values[name], (list, tuple)):
                    raise TypeError(f"{name!r} must be a list, not {values[name]!r}")
                values[name] = list(dict.fromkeys(values[name]))
                if not values[name]:
                    return None
                lengths[name] = len(values[name])
        return lengths

    def _params(self, plan: _Plan, values: dict[str, Any]) -> list[Any]:
        connection = plan.compiler.connection
        params = list(plan.params)
        for (name, element), kind, positions in plan.slots:
            value = values[name] if element is None else values[name][element]
            if not isinstance(value, kind) or isinstance(value, bool):
                raise TypeError(f"{name!r} must be a {kind.__name__}, not {value!r}")
            value = self._adapt(connection, kind, value)
            for position, given in positions:
                params[position] = value if given is type(value) else given(value)
        return params

    @staticmethod
    def _results(plan: _Plan, rows: Any) -> list[Any]:
        """The rows as the queryset gives them: instances (with their related ones), values or tuples."""
        if plan.trim is not None:
            rows = [row[: plan.trim] for row in rows]
        if plan.converters:
            rows = plan.compiler.apply_converters(rows, plan.converters)
        if plan.model is not None:
            found = []
            for row in rows:
                instance = plan.model.from_db(plan.compiler.using, plan.attnames, row[plan.start : plan.end])
                for populator in plan.populators or ():
                    populator.populate(row, instance)
                found.append(instance)
            return found
        if plan.flat:
            return [row[0] for row in rows]
        return [tuple(row) for row in rows]

    def __call__(self, *, using: str | None = None, **values: Any) -> list[Any]:
        if values.keys() != self.kinds.keys():
            raise TypeError(f"a prepared query takes {sorted(self.kinds)}, not {sorted(values)}")
        lengths = self._lists(values)
        if lengths is None:
            return []  # Django runs no query for an empty __in either
        if any(length > LIST_LENGTH_PREPARED for length in lengths.values()):
            queryset = self.build(**values)
            return list(queryset.using(using) if using else queryset)
        plans: dict[Any, _Plan] = self._plans.__dict__
        key = (using or "", *sorted(lengths.items()))
        plan = plans.get(key)
        if plan is None or plan.compiler.connection is not connections[plan.compiler.using]:
            plan = plans[key] = self._compile(using, lengths)
        params = self._params(plan, values)
        with plan.compiler.connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            rows: Any = cursor.fetchall()
        return self._results(plan, rows)
