"""The machinery of a lifecycle: a model's state field, the named moves between its states, and the one function
that writes the field. The lifecycles themselves (a score sheet's, a session's, an appeal's, a request to reopen a
sheet's, and those added later) live in their apps' ``lifecycle.py``, each one ``Lifecycle(...)`` with its table.

A move names the states it starts from, the state it ends in, and what the user reads when it is refused (one
message, or one per state it is refused from). ``Lifecycle.move`` is the only writer of the field: it refuses a
move the table does not allow with the table's message, sets the field and saves it with whatever else the caller
changed in the same update. Services check their own rules (who may, what must be true of the data) first, then
move.

Every ``Lifecycle`` registers itself in ``REGISTRY`` when its module is imported; ``tests/test_lifecycles.py``
reads the registry to find the state fields and the modules allowed to write them, and scans the product code
for any other write or comparison of them.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet

REGISTRY: list[Lifecycle] = []


@dataclass(frozen=True)
class Move:
    """From any of ``sources`` to ``target``. ``refusal`` is what the user reads when the object is in another
    state: one message, or a mapping from that state to its message (key ``None``: any other state). Messages
    may use the lifecycle's ``params`` (``%(n)s``...)."""

    sources: frozenset[str]
    target: str
    refusal: Any
    code: str = "not_allowed"

    def refusal_from(self, state: str) -> tuple[Any, str]:
        """The message and code of a refusal from ``state``."""
        found = self.refusal.get(state, self.refusal.get(None)) if isinstance(self.refusal, Mapping) else self.refusal
        return found if isinstance(found, tuple) else (found, self.code)


def move(sources: Iterable[str], target: str, refusal: Any, code: str = "not_allowed") -> Move:
    """A row of a lifecycle's table. ``refusal``: a message, a (message, code) pair, or a mapping from the state
    it is refused from (``None``: any other) to either."""
    return Move(frozenset(sources), target, refusal, code)


@dataclass
class Lifecycle:
    """The states of ``model``'s ``field`` (a ``TextChoices``), the moves between them, and ``params``: the
    values a refusal's message names (the session's number...), read from the object."""

    model: str  # "app_label.ModelName", for the registry and the scan
    states: Any  # a TextChoices
    moves: dict[str, Move]
    field: str = "status"
    params: Callable[[Any], dict[str, Any]] = lambda obj: {}
    module: str = dataclasses.field(default="", init=False)

    def __post_init__(self) -> None:
        # The module that defines the lifecycle: the one place allowed to write its field.
        self.module = sys._getframe(2).f_globals.get("__name__", "")
        REGISTRY.append(self)

    # -- reading

    def state(self, obj: Any) -> str:
        return getattr(obj, self.field)

    def is_in(self, obj: Any, *states: str) -> bool:
        return self.state(obj) in states

    @property
    def transitions(self) -> dict[str, frozenset[str]]:
        """{state: the states a move leads to from it}: the table as a graph, for documents and tests."""
        out: dict[str, set[str]] = {value: set() for value in self.states.values}
        for m in self.moves.values():
            for source in m.sources:
                out[source].add(m.target)
        return {state: frozenset(targets) for state, targets in out.items()}

    def may_move(self, old: str, new: str) -> bool:
        return new in self.transitions.get(old, frozenset())

    def may(self, obj: Any, name: str) -> bool:
        """Whether the move ``name`` is allowed from the object's state."""
        return self.state(obj) in self.moves[name].sources

    def q(self, states: Iterable[str], via: str = "") -> Q:
        """A query condition "in one of ``states``", on this model or through the relation ``via``
        (``"sheet"``, ``"table__sheet"``)."""
        lookup = f"{via}__{self.field}__in" if via else f"{self.field}__in"
        return Q(**{lookup: tuple(states)})

    # -- writing

    def refusal(self, obj: Any, name: str) -> ValidationError | None:
        """Why the move ``name`` is refused from the object's state, or None."""
        m = self.moves[name]
        state = self.state(obj)
        if state in m.sources:
            return None
        message, code = m.refusal_from(state)
        params = self.params(obj)
        return ValidationError(str(message) % params if params else str(message), code=code)

    def check(self, obj: Any, name: str) -> None:
        error = self.refusal(obj, name)
        if error is not None:
            raise error

    def move(self, obj: Any, name: str, *, fields: Iterable[str] = (), save: bool = True) -> Any:
        """Make the move ``name``: refused (a ValidationError with the table's message) unless the object is in
        one of its sources. Saves the state with ``fields``, which the caller has set, in one update."""
        self.check(obj, name)
        setattr(obj, self.field, self.moves[name].target)
        if save:
            obj.save(update_fields=[self.field, *fields])
        return obj

    def move_all(self, queryset: QuerySet, name: str, **values: Any) -> int:
        """Make the move ``name`` for every row of ``queryset`` at once (bulk imports), with ``values`` set
        beside the state; refused, changing nothing, when one of them is in a state it does not start from."""
        m = self.moves[name]
        stray = queryset.exclude(self.q(m.sources)).first()
        if stray is not None:
            self.check(stray, name)
        return queryset.update(**{self.field: m.target}, **values)

    def restore(self, obj: Any, state: str) -> Any:
        """Set the state a tournament file gives (a record of what happened, not a move), before the object is
        first saved; its ``full_clean()`` refuses a value that is not one of the states."""
        setattr(obj, self.field, state)
        return obj
