"""Appeals travel in the tournament file: their numbers, states, fees, decisions and the hand versions and
penalties an upheld appeal amended come back from an import, and the export of the copy is the same file.
A file whose appeal refers to something it does not hold is refused, naming the appeal, importing nothing."""

import copy
import json
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from interchange.export import dumps, tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from interchange.shape import parse_json
from rules import payments as pay
from scoring import services as ap
from scoring import services as ss
from scoring.models import Appeal, AppealAmendment, AppealDecision, HandVersion, Penalty
from standings.selectors import player_standings
from tournament import services as ts
from tournament.models import AuditLog, Session, Tournament, TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def committee(make_user, tournament):
    user = make_user("committee")
    TournamentRole.objects.create(tournament=tournament, user=user, role=TournamentRole.Role.APPEALS_COMMITTEE)
    return user


@pytest.fixture
def appealed(hands_entered, published_session, tournament, players, referee, organizer, chief_referee, committee):
    """Session 1, both sheets signed, with five appeals:
    1 filed about hand 2 of table 1 (still open);
    2 a rule appeal the referees rejected, taken to the chief referee (open);
    3 upheld at table 2: hand 1 corrected, the penalty appealed withdrawn, a warning added;
    4 rejected by the committee, the fee forfeited;
    5 accepted late by an organizer, after the session closed long ago."""
    tournament.appeal_fee, tournament.appeal_fee_currency = Decimal("12.50"), "EUR"
    tournament.save(update_fields=["appeal_fee", "appeal_fee_currency"])
    ts.player_codes_generate(tournament=tournament, by=organizer)
    for p in players:
        p.refresh_from_db()
    table_1 = hands_entered
    table_2 = published_session.tables.get(number=2).sheet
    ss.hand_record(
        sheet=table_2, number=1, outcome=pay.DISCARD, winner=players[4], discarder=players[5], points=9, by=referee
    )
    ss.hand_record(sheet=table_2, number=2, outcome=pay.DRAW, by=referee)
    ss.foul_record(sheet=table_1, player=players[3], foul="warning", reason="slow", by=referee)
    wall = ss.foul_record(sheet=table_2, player=players[6], foul="violation", amount=20, hand_number=2, by=referee)
    ss.foul_record(sheet=table_2, player=players[7], foul="late", minutes=3, by=referee)
    ss.sheet_sign(sheet=table_1, by=referee, mark_rest_not_played=True)
    ss.sheet_sign(sheet=table_2, by=referee, mark_rest_not_played=True)

    ap.appeal_file(
        sheet=table_1,
        filer=players[2],
        kind="rule",
        hand_number=2,
        code=players[2].code,
        by=None,
        statement="My discard was not the winning tile.",
    )
    second = ap.appeal_file(
        sheet=table_1,
        filer=players[0],
        kind="rule",
        hand_number=1,
        by=referee,
        statement="Self-drawn 8 was scored as 6.",
    )
    second = ap.appeal_decide(appeal=second, outcome="rejected", reasons="The fans add to 6.", by=referee)
    ap.appeal_escalate(appeal=second, reason="Two concealed kongs count.", code=players[0].code)
    third = ap.appeal_file(
        sheet=table_2,
        filer=players[6],
        kind="rule",
        hand_number=1,
        penalty=wall,
        by=referee,
        statement="I never touched the wall; and hand 1 was self-drawn.",
    )
    third = ap.appeal_decide(appeal=third, outcome="upheld", reasons="The video agrees.", by=referee)
    ap.appeal_amend_hand(
        appeal=third, number=1, outcome=pay.SELF_DRAWN, winner=players[4], points=9, expected_version=1, by=referee
    )
    ap.appeal_amend_withdraw_penalty(appeal=third, penalty=wall, reason="Not touched, on video.", by=referee)
    ap.appeal_amend_foul(appeal=third, player=players[5], foul="warning", reason="false accusation", by=referee)
    fourth = ap.appeal_file(
        sheet=table_2, filer=players[5], kind="other", by=referee, statement="The neighbouring table was too loud."
    )
    ap.appeal_decide(appeal=fourth, outcome="rejected", reasons="Not loud enough to matter.", by=committee)
    Session.objects.filter(pk=published_session.pk).update(
        status=Session.Status.CLOSED, closed_at=timezone.now() - timedelta(hours=3)
    )
    ap.appeal_file(
        sheet=table_1,
        filer=players[3],
        kind="other",
        by=organizer,
        statement="Seat was changed.",
        late_reason="At the medical desk until now.",
    )
    return tournament


def standings(tournament):
    return [(r.rank, r.player.number, r.table_points, r.score) for r in player_standings(tournament)] + [
        (r.rank, r.player.number, r.table_points, r.score) for r in player_standings(tournament, public=True)
    ]


def as_copy(data, slug="appeals-copy"):
    return dict(copy.deepcopy(data), slug=slug, name="Appeals Copy")


def without_identity(data):
    return {k: v for k, v in data.items() if k not in ("slug", "name")}


def test_appeals_in_every_state_round_trip_exactly(appealed):
    original = tournament_export(appealed)
    # Through the text of the file, as the commands and pages move it.
    imported = tournament_import(as_copy(parse_json(dumps(original))))
    again = tournament_export(imported)
    assert without_identity(again) == without_identity(original)
    assert standings(imported) == standings(appealed)

    appeals = {a.number: a for a in Appeal.objects.filter(tournament=imported)}
    assert {n: (a.status, a.fee_status) for n, a in appeals.items()} == {
        1: ("filed", "paid"),
        2: ("escalated", "paid"),
        3: ("upheld", "returned"),
        4: ("rejected", "forfeited"),
        5: ("filed", "paid"),
    }
    assert appeals[5].late_reason == "At the medical desk until now."
    assert appeals[5].late_accepted_by.username == "organizer" and appeals[5].filed_by.username == "organizer"
    assert appeals[1].via == "link" and appeals[1].filed_by is None
    assert (appeals[3].fee_amount, appeals[3].fee_currency) == (Decimal("12.50"), "EUR")
    assert [(d.body, d.outcome, d.decided_by_name) for d in appeals[2].decisions.all()] == [
        ("referees", "rejected", "referee")
    ]
    assert appeals[2].escalation_reason == "Two concealed kongs count."
    assert [(d.body, d.decided_by.username) for d in appeals[4].decisions.all()] == [("committee", "committee")]

    # The amendments point at the imported hand version and penalties of the copy's table 2.
    kinds = [(a.kind, a.hand_version, a.penalty) for a in appeals[3].amendments.all()]
    hand_version, withdrawn, added = kinds[0][1], kinds[1][2], kinds[2][2]
    assert [k for k, _v, _p in kinds] == ["hand", "penalty_withdrawn", "penalty_added"]
    assert hand_version.hand.sheet.table.session.tournament == imported
    assert hand_version.hand.current == hand_version and hand_version.version == 2
    assert (hand_version.outcome, hand_version.winner.number) == (pay.SELF_DRAWN, 5)
    assert appeals[3].penalty == withdrawn and withdrawn.withdrawn_reason == "Not touched, on video."
    assert not withdrawn.active and (withdrawn.player.number, withdrawn.foul, withdrawn.amount) == (7, "violation", 20)
    assert added.active and (added.player.number, added.foul) == (6, "warning")
    # Every appeal imported is in the audit log, marked loaded, in the import's transaction.
    loaded = AuditLog.objects.filter(tournament=imported, action="appeal.file")
    assert sorted(e.data["appeal"] for e in loaded) == [1, 2, 3, 4, 5] and all(e.data["loaded"] for e in loaded)


def test_the_file_says_what_each_appeal_is_about(appealed):
    data = tournament_export(appealed)
    table_2 = data["sessions"][0]["tables"][1]
    # Only the withdrawn penalty an appeal refers to travels, beside the table's penalties.
    assert table_2["withdrawn_penalties"] == [
        {"player": 7, "foul": "violation", "amount": 20, "hand": 2, "withdrawn_reason": "Not touched, on video."}
    ]
    assert table_2["penalties"][1] == {"player": 6, "foul": "warning", "reason": "false accusation"}
    third = data["appeals"][2]
    assert {
        k: third[k]
        for k in (
            "number",
            "session",
            "table",
            "hand",
            "withdrawn_penalty",
            "kind",
            "filer",
            "via",
            "filed_by",
            "fee_amount",
            "fee_currency",
            "fee_status",
            "status",
        )
    } == {
        "number": 3,
        "session": 1,
        "table": 2,
        "hand": 1,
        "withdrawn_penalty": 0,
        "kind": "rule",
        "filer": 7,
        "via": "referee",
        "filed_by": "referee",
        "fee_amount": 12.5,
        "fee_currency": "EUR",
        "fee_status": "returned",
        "status": "upheld",
    }
    assert third["amendments"] == [
        {"kind": "hand", "hand": 1, "version": 2},
        {"kind": "penalty_withdrawn", "withdrawn_penalty": 0},
        {"kind": "penalty_added", "penalty": 1},
    ]
    assert [d["body"] for d in third["decisions"]] == ["referees"] and third["decisions"][0]["by"] == "referee"
    assert data["appeals"][4]["late_accepted_by"] == "organizer"


def test_a_file_without_appeals_imports_as_before(appealed):
    data = tournament_export(appealed)
    data.pop("appeals")
    for table in data["sessions"][0]["tables"]:
        table.pop("withdrawn_penalties", None)
    imported = tournament_import(as_copy(data))
    assert not Appeal.objects.filter(tournament=imported).exists()
    assert "appeals" not in tournament_export(imported)
    assert "appeals" not in AuditLog.objects.get(tournament=imported, action="tournament.import").data


@pytest.mark.parametrize(
    "change, path, words",
    [
        (
            lambda d: d["appeals"][2]["amendments"][2].update(penalty=7),
            "appeals[2].amendments[2].penalty",
            "appeal 3: the table's “penalties” has no [7]",
        ),
        (lambda d: d["appeals"][2].update(withdrawn_penalty=3), "appeals[2].withdrawn_penalty", "appeal 3:"),
        (
            lambda d: d["appeals"][2]["amendments"][0].update(hand=17),
            "appeals[2].amendments[0].hand",
            "appeal 3: session 1 table 2 has no hand 17",
        ),
        (lambda d: d["appeals"][1].update(table=5), "appeals[1].table", "appeal 2: session 1 has no table 5"),
        (lambda d: d["appeals"][0].update(filer=99), "appeals[0].filer", "appeal 1: player 99 is not in the players"),
        (lambda d: d["appeals"][3].update(number=1), "appeals[3].number", "appeal 1:"),
        (lambda d: d["appeals"][0].update(status="pending"), "appeals[0].status", "not one of"),
        # Only the form is checked before writing; these the service refuses while importing, all the same.
        (lambda d: d["appeals"][0].update(filer=5), "appeals[0].filer", "Player 5 neither played at this table"),
        # The file holds one version of hand 1, the one that counts: two versions of it cannot both count.
        (
            lambda d: d["appeals"][2]["amendments"].append({"kind": "hand", "hand": 1, "version": 3}),
            "appeals[2].amendments",
            "appeal 3: Version 3 of hand 1 is not the one that counts",
        ),
        (
            lambda d: d["appeals"][3].update(amendments=[{"kind": "penalty_added", "penalty": 0}]),
            "appeals[3]",
            "appeal 4: Only an upheld appeal changes the sheet",
        ),
    ],
)
def test_a_bad_appeal_reference_is_refused_and_nothing_is_saved(appealed, change, path, words):
    data = as_copy(tournament_export(appealed))
    change(data)
    before = (
        Tournament.objects.count(),
        Appeal.objects.count(),
        AppealDecision.objects.count(),
        AppealAmendment.objects.count(),
        HandVersion.objects.count(),
        Penalty.objects.count(),
        AuditLog.objects.count(),
    )
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == path and words in exc.value.message
    assert (
        Tournament.objects.count(),
        Appeal.objects.count(),
        AppealDecision.objects.count(),
        AppealAmendment.objects.count(),
        HandVersion.objects.count(),
        Penalty.objects.count(),
        AuditLog.objects.count(),
    ) == before
    assert not Tournament.objects.filter(slug="appeals-copy").exists()


def test_an_appeal_file_downloaded_and_uploaded_keeps_its_appeals(appealed, tmp_path):
    from django.core.management import call_command

    out = tmp_path / "t.json"
    call_command("export_tournament", appealed.slug, output=str(out), stderr=open("/dev/null", "w"))
    data = json.loads(out.read_text(encoding="utf-8"))
    out.write_text(json.dumps(as_copy(data)), encoding="utf-8")
    call_command("import_tournament", str(out), stdout=open("/dev/null", "w"))
    assert Appeal.objects.filter(tournament__slug="appeals-copy").count() == 5
    # Over the copy again: its appeals (which hold its hand versions and penalties) go first, then come back.
    call_command("import_tournament", str(out), replace=True, stdout=open("/dev/null", "w"))
    assert Appeal.objects.filter(tournament__slug="appeals-copy").count() == 5
    assert AppealAmendment.objects.filter(appeal__tournament__slug="appeals-copy").count() == 3


def test_users_this_installation_does_not_have_keep_their_names(appealed):
    """A file moved to another server names users it does not know: the appeal keeps the names (and the next
    export writes them), linked to nobody."""
    data = as_copy(tournament_export(appealed))
    data["appeals"][4].update(filed_by="visiting-organizer", late_accepted_by="visiting-organizer")
    data["appeals"][2]["decisions"][0]["by"] = "visiting-referee"
    imported = tournament_import(data)
    late = Appeal.objects.get(tournament=imported, number=5)
    assert late.filed_by is None and late.late_accepted_by is None
    assert (late.filed_by_name, late.late_accepted_by_name) == ("visiting-organizer", "visiting-organizer")
    decision = AppealDecision.objects.get(appeal__tournament=imported, appeal__number=3)
    assert decision.decided_by is None and decision.decided_by_name == "visiting-referee"
    assert without_identity(tournament_export(imported)) == without_identity(data)


def test_the_audit_log_says_the_appeals_were_imported(appealed):
    from tournament.audit_text import describe

    imported = tournament_import(as_copy(tournament_export(appealed)))
    entries = AuditLog.objects.filter(tournament=imported, action="appeal.file").order_by("id")
    texts = [line.text for line in describe(entries, imported)]
    assert texts[2] == (
        "The system imported appeal 3 about table 2, session 1, filed by Player 7 (7), from a "
        "tournament file, as it stood: Upheld."
    )
    assert len(texts) == 5
