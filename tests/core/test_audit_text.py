"""The generic part of the audit log's sentences (core.audit_text), shared by a tournament's log and a series'."""

from types import SimpleNamespace

from core.audit_text import changes, numbers_text, user_name, value_text


def test_values_as_a_reader_sees_them():
    assert value_text(None) == "—" and value_text("") == "—"
    assert value_text(True) == "yes" and value_text(False) == "no"
    assert value_text([1, "b"]) == "1; b"
    assert value_text({"weight": 2}) == "weight 2"
    assert numbers_text([3, 4]) == "3, 4"
    assert user_name(None) == "The system"


def test_an_update_names_its_fields_by_their_labels():
    entry = SimpleNamespace(
        action="tournament.update", object_type="tournament.Tournament", data={"changes": {"name": ["A", "B"]}}
    )
    assert changes(entry) == [("name", "A", "B")]
    names_only = SimpleNamespace(
        action="tournament.update", object_type="tournament.Tournament", data={"fields": ["x"]}
    )
    assert changes(names_only) == [("x", "", "")]
