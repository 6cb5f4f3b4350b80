"""Fouls by catalogue code, confirmations and signatures in the interchange JSON: the import computes the
penalties exactly as the browser does, the export writes the same codes back, and bad entries are refused
with the path at fault, importing nothing."""

import copy

import pytest

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from scoring import selectors
from scoring import services as ss
from scoring.models import Penalty, ScoreSheet, Signature
from scoring.results import table_results
from tournament import services as ts
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

FOULS = [
    {"player": 4, "foul": "claim_changed", "hand": 1},
    {"player": 2, "foul": "late", "minutes": 12},
    {"player": 4, "foul": "claim_changed", "hand": 2},
    {"player": 3, "foul": "false_hu_under_8", "hand": 3},
    {"player": 1, "foul": "violation", "amount": 20},
    {"player": 2, "foul": "revealed_tile", "amount": 15, "to": 3},
    {"player": 4, "foul": "time", "seconds": 40, "hand": 4},
    {"player": 1, "foul": "warning"},
    {"player": 4, "foul": "claim_changed", "hand": 4, "reason": "third time"},
    {"player": 3, "foul": "exposed_tiles"},
    {"player": 1, "foul": "exposed_tiles", "amount": 0},
    {"player": 2, "foul": "dead_hand", "hand": 4, "reason": "long hand"},
    {"player": 1, "foul": "other", "amount": 7, "to": "each_other", "reason": "phone rang"},
    {"player": 2, "foul": "other", "amount": 12, "to": 4, "reason": "knocked over the wall"},
    {"player": 1, "foul": "wall_touched"},
    {"player": 3, "foul": "late_pung", "hand": 2},
    {"player": 2, "foul": "false_hu_invalid", "hand": 2},
    {"player": 3, "amount": 10, "to": "nobody", "reason": "an old-style penalty"},
]
FILE = {
    "name": "Foul Open",
    "slug": "foul-open",
    "rules": "mcr",
    "session_count": 2,
    "hands_per_session": 4,
    "player_confirmation": "either",
    "countersign_required": True,
    "group": "B",
    "players": [{"number": n, "name": f"Player {n}"} for n in range(1, 9)],
    "sessions": [
        {
            "number": 1,
            "tables": [
                {
                    "number": 1,
                    "seats": [1, 2, 3, 4],
                    "hands": [
                        {"winner": 1, "self_drawn": True, "points": 8},
                        {"draw": True},
                        {"winner": 4, "from": 1, "points": 10},
                        {"not_played": True},
                    ],
                    "penalties": FOULS,
                    "submitted": True,
                    "signatures": [
                        {"role": "player", "player": 1, "method": "device", "at": "2026-05-16T12:01:00+00:00"},
                        {"role": "player", "player": 2, "method": "phone", "at": "2026-05-16T12:02:00+00:00"},
                        {"role": "player", "player": 3, "method": "device", "at": "2026-05-16T12:02:30+00:00"},
                        {"role": "player", "player": 4, "method": "phone", "at": "2026-05-16T12:03:00+00:00"},
                        {"role": "referee", "by": "referee", "at": "2026-05-16T12:05:00+00:00"},
                        {"role": "chief_referee", "by": "chief", "at": "2026-05-16T12:30:00+00:00"},
                    ],
                },
                {"number": 2, "seats": [5, 6, 7, 8], "hands": [{"winner": 5, "from": 6, "points": 10}]},
            ],
        }
    ],
}


def test_import_computes_every_foul_as_the_browser_does():
    t = tournament_import(copy.deepcopy(FILE))
    sheet = t.sessions.get(number=1).tables.get(number=1).sheet
    given = list(Penalty.objects.filter(sheet=sheet).order_by("id"))
    assert [(p.foul, p.amount, p.to) for p in given] == [
        ("claim_changed", 0, "nobody"),
        ("late", 20, "nobody"),
        ("claim_changed", 5, "each_other"),
        ("false_hu_under_8", 10, "each_other"),
        ("violation", 20, "nobody"),
        ("revealed_tile", 15, "player"),
        ("time", 15, "nobody"),
        ("warning", 0, "nobody"),
        ("claim_changed", 10, "each_other"),
        ("exposed_tiles", 30, "each_other"),
        ("exposed_tiles", 0, "nobody"),
        ("dead_hand", 0, "nobody"),
        ("other", 7, "each_other"),
        ("other", 12, "player"),
        ("wall_touched", 0, "nobody"),
        ("late_pung", 0, "nobody"),
        ("false_hu_invalid", 20, "each_other"),
        ("", 10, "nobody"),
    ]
    assert given[5].recipient.number == 3 and given[13].recipient.number == 4
    assert [p.player.number for p in given if p.dead_hand] == [3, 2, 2]  # players with a dead hand
    sheet = ScoreSheet.objects.get(pk=sheet.pk)
    assert sheet.status == "countersigned"
    signatures = list(Signature.objects.filter(sheet=sheet).order_by("signed_at"))
    assert [(s.role, s.signer) for s in signatures][-2:] == [("referee", "referee"), ("chief_referee", "chief")]
    assert sheet.submitted_at.isoformat() == "2026-05-16T12:05:00+00:00"
    assert table_results(t)[sheet.table_id].submitted


def test_round_trip_with_fouls_and_signatures_is_exact():
    original = tournament_import(copy.deepcopy(FILE))
    exported = tournament_export(original)
    table = exported["sessions"][0]["tables"][0]
    assert table["penalties"] == FOULS
    assert table["signatures"] == FILE["sessions"][0]["tables"][0]["signatures"]
    assert exported["group"] == "B" and exported["player_confirmation"] == "either"
    exported["slug"], exported["name"] = "foul-copy", "Foul Copy"
    again = tournament_export(tournament_import(copy.deepcopy(exported)))
    assert {k: v for k, v in again.items() if k not in ("slug", "name")} == {
        k: v for k, v in exported.items() if k not in ("slug", "name")
    }


def test_signatures_made_in_the_browser_travel(tournament, sheet, players, referee, chief_referee, organizer):
    """A sheet signed and countersigned through the services exports who and when, and imports signed."""
    ts.tournament_update(tournament=tournament, by=organizer, countersign_required=True)
    ss.foul_record(sheet=sheet, player=players[0], foul="late_pung", by=referee)
    ss.foul_record(sheet=sheet, player=players[0], foul="late_pung", by=referee)
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    ss.sheet_countersign(sheet=sheet, by=chief_referee)
    data = tournament_export(Tournament.objects.get(pk=tournament.pk))
    table = data["sessions"][0]["tables"][0]
    assert table["penalties"] == [{"player": 1, "foul": "late_pung"}, {"player": 1, "foul": "late_pung"}]
    assert [(s["role"], s.get("by")) for s in table["signatures"]] == [
        ("referee", "referee"),
        ("chief_referee", "chief"),
    ]
    data["slug"] = "copy"
    copy_sheet = tournament_import(data).sessions.get(number=1).tables.get(number=1).sheet
    assert ScoreSheet.objects.get(pk=copy_sheet.pk).status == "countersigned"
    assert [p.amount for p in Penalty.objects.filter(sheet=copy_sheet).order_by("id")] == [0, 5]


def test_reopened_sheets_export_without_their_void_signatures(tournament, sheet, referee, chief_referee):
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    ss.sheet_reopen(sheet=sheet, reason="appeal", by=chief_referee)
    table = tournament_export(Tournament.objects.get(pk=tournament.pk))["sessions"][0]["tables"][0]
    assert "signatures" not in table and "submitted" not in table


def test_escalation_per_tournament_counts_across_sessions_on_import():
    data = copy.deepcopy(FILE)
    data.update(escalation_scope="tournament", player_confirmation="none", countersign_required=False)
    table = data["sessions"][0]["tables"][0]
    table.update(penalties=[{"player": 1, "foul": "wall_touched"}], signatures=[], submitted=False)
    data["sessions"].append(
        {
            "number": 2,
            "tables": [
                {"number": 1, "seats": [1, 5, 6, 7], "penalties": [{"player": 1, "foul": "wall_touched"}]},
                {"number": 2, "seats": [2, 3, 4, 8]},
            ],
        }
    )
    t = tournament_import(data)
    assert [p.amount for p in Penalty.objects.filter(sheet__table__session__tournament=t).order_by("id")] == [0, 5]
    data["slug"], data["escalation_scope"] = "per-session", "session"
    t = tournament_import(data)
    assert [p.amount for p in Penalty.objects.filter(sheet__table__session__tournament=t).order_by("id")] == [0, 0]


def test_old_files_still_import():
    data = copy.deepcopy(FILE)
    for key in ("player_confirmation", "countersign_required", "group"):
        data.pop(key)
    table = data["sessions"][0]["tables"][0]
    table.pop("signatures")
    table["penalties"] = [{"player": 4, "amount": 10, "to": "each_other", "reason": "false Hu"}]
    t = tournament_import(data)
    sheet = t.sessions.get(number=1).tables.get(number=1).sheet
    assert ScoreSheet.objects.get(pk=sheet.pk).is_signed
    exported = tournament_export(t)["sessions"][0]["tables"][0]
    assert exported["submitted"] is True and "signatures" not in exported
    assert exported["penalties"] == table["penalties"]


def test_pending_hands_travel(organizer, make_user):
    data = copy.deepcopy(FILE)
    data.update(two_person_entry=True, player_confirmation="none", countersign_required=False)
    table = data["sessions"][0]["tables"][0]
    table.update(penalties=[], signatures=[], submitted=False)
    table["hands"][3] = {"draw": True, "pending": True}
    t = tournament_import(data)
    assert tournament_export(t)["sessions"][0]["tables"][0]["hands"][3] == {"draw": True, "pending": True}
    sheet = t.sessions.get(number=1).tables.get(number=1).sheet
    assert selectors.sheet_pending_hands(sheet) == [4]


def refused(change, path, message=""):
    data = copy.deepcopy(FILE)
    change(data)
    before = Tournament.objects.count()
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == path, exc.value
    assert message in exc.value.message
    assert Tournament.objects.count() == before and not Penalty.objects.exists()


def penalty(index, **changes):
    def change(data):
        row = data["sessions"][0]["tables"][0]["penalties"][index]
        for key, value in changes.items():
            if value is None:
                row.pop(key, None)
            else:
                row[key] = value

    return change


P = "sessions[0].tables[0].penalties"
S = "sessions[0].tables[0].signatures"


@pytest.mark.parametrize(
    "change, path, message",
    [
        (penalty(0, player=7), f"{P}[0].player", "not at this table"),
        (penalty(0, foul="chombo"), f"{P}[0].foul", "not a foul"),
        (penalty(1, minutes=-3), f"{P}[1].minutes", "1 or more"),
        (penalty(1, minutes=None), f"{P}[1].minutes", "how many minutes"),
        (penalty(4, amount=7), f"{P}[4].amount", "5, 10, 20"),
        (penalty(0, amount=5), f"{P}[0].amount", "takes no amount"),
        (penalty(5, to="each_other"), f"{P}[5].to", "player whose tile"),
        (penalty(5, to=2), f"{P}[5].to", "own penalty"),
        (penalty(5, to=8), f"{P}[5].to", "not at this table"),
        (penalty(6, seconds=0), f"{P}[6].seconds", "1 or more"),
        (penalty(11, hand=None), f"{P}[11].hand", "which hand"),
        (penalty(12, reason=None), f"{P}[12].reason", "Describe the foul"),
        (penalty(3, player=4), f"{P}[3].hand", "winner of hand 3"),
        (lambda d: d["sessions"][0]["tables"][0]["signatures"][0].update(player=7), f"{S}[0].player", "not at this"),
        (lambda d: d["sessions"][0]["tables"][0]["signatures"][0].update(at="yesterday"), f"{S}[0].at", "ISO 8601"),
        (lambda d: d["sessions"][0]["tables"][0]["signatures"][0].update(method="pigeon"), f"{S}[0].method", "one of"),
        (lambda d: d["sessions"][0]["tables"][0]["signatures"][4].update(role="judge"), f"{S}[4].role", "one of"),
        (lambda d: d["sessions"][0]["tables"][0]["signatures"].pop(4), f"{S}[4]", "signs the sheet first"),
        (
            lambda d: d["sessions"][0]["tables"][0]["signatures"].append(
                {"role": "player", "player": 1, "method": "device", "at": "2026-05-16T13:00:00+00:00"}
            ),
            f"{S}[6]",
            "signed",
        ),
        (lambda d: d["sessions"][0]["tables"][0].update(submitted=False), "sessions[0].tables[0].submitted", "signed"),
    ],
)
def test_bad_entries_are_refused_at_their_path(change, path, message):
    refused(change, path, message)


def test_a_dead_hand_winner_in_the_file_is_refused():
    def change(data):
        data["sessions"][0]["tables"][0]["hands"][1] = {"winner": 2, "self_drawn": True, "points": 8}

    refused(change, f"{P}[16].hand", "winner of hand 2")
