"""Interchange JSON: exact round trip, and bad files refused with the path at fault, importing nothing."""

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from interchange.shape import parse_json
from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty, ScoreSheet
from tests.closing import close_session
from tournament import services as ts
from tournament.models import AuditLog, Player, Seat, Session, Table, Team, Tournament

SMALL = {
    "name": "Small Open",
    "slug": "small-open",
    "rules": "mcr",
    "session_count": 2,
    "players": [
        {"number": n, "name": f"Player {n}", "country": "ES", "team": "Dragons" if n <= 2 else "Winds"}
        for n in range(1, 9)
    ],
    "sessions": [
        {
            "number": 1,
            "tables": [
                {
                    "number": 1,
                    "seats": [1, 2, 3, 4],
                    "hands": [
                        {"winner": 2, "from": 3, "points": 8},
                        {"winner": 1, "self_drawn": True, "points": 12, "flowers": 1},
                        {"draw": True},
                        {"not_played": True},
                    ],
                    "penalties": [
                        {"player": 4, "amount": 10, "to": "each_other", "reason": "false Hu"},
                        {"player": 3, "amount": 20, "to": "nobody", "reason": "late 12 min"},
                    ],
                },
                {"number": 2, "seats": [5, 6, 7, 8], "hands": [{"winner": 5, "from": 6, "points": 10}]},
            ],
        }
    ],
}


def counts():
    return {
        m.__name__: m.objects.count()
        for m in (Tournament, Player, Team, Session, Table, Seat, ScoreSheet, Hand, HandVersion, Penalty, AuditLog)
    }


def without_identity(data):
    data = copy.deepcopy(data)
    data.pop("slug")
    data.pop("name")
    return data


@pytest.mark.django_db
def test_small_example_imports_and_scores():
    t = tournament_import(copy.deepcopy(SMALL))
    sheet = t.sessions.get(number=1).tables.get(number=1).sheet
    assert [h.current.outcome for h in sheet.hands.order_by("number")] == [
        pay.DISCARD,
        pay.SELF_DRAWN,
        pay.DRAW,
        pay.NOT_PLAYED,
    ]
    second = sheet.hands.get(number=2).current
    assert (second.winner.number, second.points, second.flowers) == (1, 12, 1)
    # Player 1: -8 (hand 1) + 60 (self-drawn 12) + 10 (false Hu by 4) = 62
    from scoring.results import table_results

    result = next(r for r in table_results(t).values() if r.table == 1)
    assert result.scores == [-8 + 60 + 10, 32 - 20 + 10, -16 - 20 + 10 - 20, -8 - 20 - 30]
    exported = tournament_export(t)
    # A session imported with results is public unless the file says otherwise (issue 12).
    assert exported["sessions"][0]["status"] == "published"
    assert exported["sessions"][0]["tables"][0]["hands"] == SMALL["sessions"][0]["tables"][0]["hands"]


@pytest.mark.django_db
def test_demo_round_trip_is_exact():
    call_command("load_demo", stdout=open("/dev/null", "w"))
    demo = Tournament.objects.get(slug="demo-open")
    original = tournament_export(demo)
    copy_data = copy.deepcopy(original)
    copy_data["slug"], copy_data["name"] = "demo-copy", "Demo Copy"
    imported = tournament_import(copy_data)
    again = tournament_export(imported)
    assert without_identity(again) == without_identity(original)
    assert again["slug"] == "demo-copy"
    # And the fixture file itself is exactly what the export writes.
    with open("fixtures/demo.json", encoding="utf-8") as fh:
        assert json.load(fh) == original


@pytest.mark.django_db
def test_round_trip_with_settings_corrections_withdrawals_and_reopened_sessions(organizer):
    t = ts.tournament_create(
        by=organizer,
        name="Full",
        slug="full",
        session_count=3,
        hands_per_session=4,
        venue="Casa",
        start_date="2026-01-10",
        end_date="2026-01-11",
        table_points="4/2/1/0",
        tiebreaks="fewest_last_places",
        appeal_minutes=20,
        appeal_fee="12.50",
        appeal_fee_currency="USD",
        published=False,
        session_minutes=120,
        format="mixed",
        round_robin_sessions=1,
    )
    ts.team_get_or_create(tournament=t, name="Nobody Yet", by=organizer)
    ps = [
        ts.player_create(
            tournament=t,
            number=n * 10,
            name=f"P{n}",
            club="C" if n % 2 else "",
            by=organizer,
            ema_id="01234567" if n == 1 else "",
            team="Winds" if n < 3 else None,
            is_substitute=n == 4,
        )
        for n in range(1, 5)
    ]
    s1 = t.sessions.get(number=1)
    sched.session_seat(session=s1, tables=[ps], by=organizer, method="random", seed=42)
    sheet = s1.tables.get().sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DISCARD, winner=ps[0], discarder=ps[1], points=9, by=organizer)
    ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.DISCARD,
        winner=ps[0],
        discarder=ps[2],
        points=16,
        flowers=2,
        note="corrected",
        by=organizer,
    )  # version 2 is current
    ss.hand_record(
        sheet=sheet,
        number=2,
        outcome=pay.SELF_DRAWN,
        winner=ps[3],
        points=13,
        flowers=1,
        tiles={"concealed": "123m456p789s23sEE", "win_tile": "4s", "flowers": 1, "self_drawn": True},
        by=organizer,
    )
    wrong = ss.penalty_record(sheet=sheet, player=ps[1], amount=30, to="nobody", reason="oops", by=organizer)
    ss.penalty_withdraw(penalty=wrong, reason="given in error", by=organizer)
    ss.penalty_record(
        sheet=sheet, player=ps[2], amount=5, to="each_other", reason="touching the wall", hand_number=2, by=organizer
    )
    ss.sheet_sign(sheet=sheet, by=organizer, mark_rest_not_played=True)
    sched.session_publish(session=s1, by=organizer)
    close_session(session=s1, by=organizer)
    sched.session_reopen(session=s1, by=organizer, reason="appeal")  # published again, sheet submitted
    s2 = t.sessions.get(number=2)
    sched.session_seat(session=s2, tables=[[ps[3], ps[2], ps[1], ps[0]]], by=organizer, method="manual")

    data = tournament_export(t)
    assert data["appeal_fee"] == 12.5 and data["published"] is False and data["teams"] == ["Nobody Yet"]
    assert [s["status"] for s in data["sessions"]] == ["published", "seated"]
    hands = data["sessions"][0]["tables"][0]["hands"]
    assert hands[0] == {"winner": 10, "from": 30, "points": 16, "flowers": 2, "note": "corrected"}
    assert len(hands) == 4 and hands[3]["not_played"] is True
    assert data["sessions"][0]["tables"][0]["penalties"] == [
        {"player": 30, "amount": 5, "to": "each_other", "reason": "touching the wall", "hand": 2}
    ]

    json_text = json.dumps(data)
    again = tournament_import(dict(json.loads(json_text), slug="full-2"))
    assert without_identity(tournament_export(again)) == without_identity(data)


@pytest.mark.django_db
def test_export_and_import_commands(tmp_path):
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL), encoding="utf-8")
    call_command("import_tournament", str(path), stdout=open("/dev/null", "w"))
    out = tmp_path / "out.json"
    call_command("export_tournament", "small-open", output=str(out), stderr=open("/dev/null", "w"))
    exported = json.loads(out.read_text(encoding="utf-8"))
    assert exported["players"] == SMALL["players"]
    # The same slug again is refused, and --replace swaps it in one transaction.
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_tournament", str(out))
    changed = dict(exported, name="Renamed")
    out.write_text(json.dumps(changed), encoding="utf-8")
    call_command("import_tournament", str(out), replace=True, stdout=open("/dev/null", "w"))
    assert Tournament.objects.get(slug="small-open").name == "Renamed"
    assert Tournament.objects.count() == 1
    assert tournament_export(Tournament.objects.get()) == changed


@pytest.mark.django_db
def test_failed_replace_keeps_the_old_tournament():
    tournament_import(copy.deepcopy(SMALL))
    before = counts()
    bad = copy.deepcopy(SMALL)
    bad["sessions"][0]["tables"][1]["penalties"] = [{"player": 5, "amount": 10, "to": "x", "reason": "r"}]
    # Structural errors are found before anything; a service error midway also rolls back the delete.
    with pytest.raises(InterchangeError):
        tournament_import(bad, replace=True)
    bad = copy.deepcopy(SMALL)
    bad["table_points"] = "1/2/3/4"
    with pytest.raises(InterchangeError) as exc:
        tournament_import(bad, replace=True)
    assert exc.value.path == "table_points"
    assert counts() == before


def refused(mutate, expected_path, expected_text=""):
    data = copy.deepcopy(SMALL)
    mutate(data)
    before = counts()
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == expected_path, str(exc.value)
    assert expected_text in exc.value.message, str(exc.value)
    assert counts() == before
    return exc.value


def table(data, i=0):
    return data["sessions"][0]["tables"][i]


@pytest.mark.django_db
def test_bad_json_syntax_names_the_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{\n "name": "X",\n "slug": "x"\n "players": []\n}\n', encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError, match=r"line 4, column 2: invalid JSON"):
        call_command("import_tournament", str(path))
    with pytest.raises(InterchangeError) as exc:
        parse_json("[1,\n2,,]")
    assert exc.value.path.startswith("line 2")
    assert counts() == before


@pytest.mark.django_db
def test_unknown_player_in_seats():
    refused(
        lambda d: table(d, 1)["seats"].__setitem__(2, 17),
        "sessions[0].tables[1].seats[2]",
        "player 17 is not in the players list",
    )


@pytest.mark.django_db
def test_winner_not_at_table():
    refused(
        lambda d: table(d, 1)["hands"].__setitem__(0, {"winner": 1, "from": 6, "points": 8}),
        "sessions[0].tables[1].hands[0].winner",
        "player 1 is not at this table",
    )


@pytest.mark.django_db
def test_discarder_not_at_table():
    refused(
        lambda d: table(d)["hands"].__setitem__(3, {"winner": 1, "from": 17, "points": 8}),
        "sessions[0].tables[0].hands[3].from",
        "player 17 is not at this table",
    )


@pytest.mark.django_db
def test_discarder_is_winner():
    refused(
        lambda d: table(d)["hands"].__setitem__(0, {"winner": 2, "from": 2, "points": 8}),
        "sessions[0].tables[0].hands[0].from",
        "cannot have discarded",
    )


@pytest.mark.django_db
def test_seven_points_without_flowers():
    refused(
        lambda d: table(d)["hands"].__setitem__(1, {"winner": 1, "self_drawn": True, "points": 8, "flowers": 1}),
        "sessions[0].tables[0].hands[1].points",
        "leaves 7",
    )


@pytest.mark.django_db
def test_penalty_to_unknown_target():
    refused(
        lambda d: table(d)["penalties"][0].__setitem__("to", "the_referee"),
        "sessions[0].tables[0].penalties[0].to",
        "not one of",
    )


@pytest.mark.django_db
def test_penalised_player_not_at_table():
    refused(
        lambda d: table(d)["penalties"][1].__setitem__("player", 7),
        "sessions[0].tables[0].penalties[1].player",
        "not at this table",
    )


@pytest.mark.django_db
def test_duplicate_player_number():
    refused(lambda d: d["players"][5].__setitem__("number", 2), "players[5].number", "also used by players[1]")


@pytest.mark.django_db
def test_unknown_keys_types_and_missing_fields():
    refused(lambda d: d.__setitem__("colour", "red"), "colour", "unknown field")
    refused(lambda d: table(d)["hands"][0].__setitem__("pts", 8), "sessions[0].tables[0].hands[0].pts", "unknown field")
    refused(lambda d: d["players"][0].pop("name"), "players[0].name", "missing")
    refused(lambda d: d["players"][0].__setitem__("number", "1"), "players[0].number", "whole number")
    refused(lambda d: table(d).__setitem__("seats", [1, 2, 3]), "sessions[0].tables[0].seats", "four players")
    refused(lambda d: table(d)["hands"][0].pop("from"), "sessions[0].tables[0].hands[0].from", "missing")
    refused(
        lambda d: table(d)["hands"].append({"winner": 1, "from": 2, "points": 8}),
        "sessions[0].tables[0].hands[4]",
        "no later hand",
    )
    refused(lambda d: table(d, 1)["seats"].__setitem__(0, 1), "sessions[0].tables[1].seats[0]", "already seated")
    refused(lambda d: d["sessions"][0].__setitem__("status", "closed"), "sessions[0].tables[0].submitted")
    refused(lambda d: d.__setitem__("start_date", "16/05/2026"), "start_date", "YYYY-MM-DD")


@pytest.mark.django_db
def test_service_errors_are_mapped_to_the_element():
    # A player the model refuses (bad country code) is caught by the service; the path is the player's.
    refused(lambda d: d["players"][3].__setitem__("country", "Spain"), "players[3].country", "two-letter")
    refused(lambda d: d["players"][3].__setitem__("ema_id", "123"), "players[3].ema_id", "eight digits")
    refused(lambda d: d["players"][3].__setitem__("name", " "), "players[3].name")
    refused(lambda d: d.__setitem__("slug", "not a slug!"), "slug")


@pytest.mark.django_db
def test_existing_slug_refused_without_replace():
    tournament_import(copy.deepcopy(SMALL))
    refused(lambda d: None, "slug", "already exists")


@pytest.mark.django_db
def test_import_command_copy_under_another_slug(tmp_path):
    path = tmp_path / "small.json"
    path.write_text(json.dumps(SMALL), encoding="utf-8")
    call_command("import_tournament", str(path), stdout=open("/dev/null", "w"))
    call_command("import_tournament", str(path), slug="small-copy", name="Copy", stdout=open("/dev/null", "w"))
    a = tournament_export(Tournament.objects.get(slug="small-open"))
    b = tournament_export(Tournament.objects.get(slug="small-copy"))
    assert b["name"] == "Copy" and without_identity(a) == without_identity(b)


@pytest.mark.django_db
def test_export_command_prints_json_to_stdout():
    tournament_import(copy.deepcopy(SMALL))
    import io

    out = io.StringIO()
    call_command("export_tournament", "small-open", stdout=out)
    data = json.loads(out.getvalue())
    assert data["slug"] == "small-open" and len(data["players"]) == 8
    with pytest.raises(CommandError, match="No tournament"):
        call_command("export_tournament", "nope")


TILES_13 = {"concealed": "123m456p789s23sEE", "win_tile": "4s", "flowers": 1, "self_drawn": True}


@pytest.mark.django_db
@pytest.mark.parametrize("table_index", [0, 1], ids=["bulk import", "one hand at a time"])
def test_tiles_that_do_not_give_the_points_are_refused_naming_the_hand(table_index):
    """The tiles<->points rule is the hand service's (scoring.services.hand_rules._check_tiles), so a file obeys it
    as the entry form does. Table 1's hands go in bulk; table 2's, with a hand waiting for a second person, one by
    one (hand_record)."""

    def mutate(d):
        hand = {"winner": 1 if table_index == 0 else 5, "self_drawn": True, "points": 12, "flowers": 1}
        table(d, table_index)["hands"][0] = (
            hand | {"tiles": dict(TILES_13)} | ({"pending": True} if table_index else {})
        )

    error = refused(mutate, f"sessions[0].tables[{table_index}].hands[0].tiles", "The tiles score 13 points")
    assert "12 points were typed" in error.message


@pytest.mark.django_db
def test_tiles_that_give_the_points_are_kept():
    data = copy.deepcopy(SMALL)
    table(data)["hands"][1] = {"winner": 1, "self_drawn": True, "points": 13, "flowers": 1, "tiles": dict(TILES_13)}
    t = tournament_import(data)
    exported = tournament_export(t)["sessions"][0]["tables"][0]["hands"][1]
    assert exported["points"] == 13 and exported["tiles"]["concealed"] == "123m456p789s23sEE"
