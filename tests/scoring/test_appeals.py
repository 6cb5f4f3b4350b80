"""Appeals through the services (MCR 3.12-3.13): the window, the paths, the fee, and amendments of the sheet."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from rules import payments as pay
from scoring import services as ap
from scoring import services as ss
from scoring.appeal_window import appeal_deadline
from scoring.models import Appeal, AppealAmendment, AppealDecision, HandVersion, Penalty
from scoring.selectors import appeal_counts_by_table, open_appeals_by_table
from standings.selectors import player_standings
from tournament import services as ts
from tournament.models import AuditLog, Session


@pytest.fixture
def finished(hands_entered, tournament, coded, referee, organizer):
    """Table 1 fully entered and signed; fee 200 USD as in the rulebook's example."""
    sheet = hands_entered
    tournament.appeal_fee, tournament.appeal_fee_currency = Decimal("200"), "USD"
    tournament.save(update_fields=["appeal_fee", "appeal_fee_currency"])
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    sheet.refresh_from_db()
    return sheet


def end_session(sheet, minutes_ago):
    """The session ended `minutes_ago` minutes ago (its close time is what the window counts from)."""
    Session.objects.filter(pk=sheet.table.session_id).update(
        status=Session.Status.CLOSED, closed_at=timezone.now() - timedelta(minutes=minutes_ago)
    )


def file_by_link(sheet, player, **kw):
    kw.setdefault("kind", Appeal.Kind.RULE)
    kw.setdefault("statement", "The referee ruled my win off a discard a false Hu; it was a valid hand.")
    return ap.appeal_file(sheet=sheet, filer=player, code=player.code, by=None, **kw)


def actions():
    return list(AuditLog.objects.filter(action__startswith="appeal.").order_by("id").values_list("action", flat=True))


def test_filed_in_time_on_the_private_link(finished, coded, tournament):
    end_session(finished, minutes_ago=10)
    appeal = file_by_link(finished, coded[2], hand_number=2)
    assert appeal.number == 1 and appeal.status == Appeal.Status.FILED
    assert appeal.via == Appeal.Via.LINK and appeal.filed_by is None
    assert (appeal.fee_amount, appeal.fee_currency, appeal.fee_status) == (Decimal("200"), "USD", Appeal.Fee.PAID)
    assert appeal.is_open and open_appeals_by_table(tournament) == {(1, 1): 1}
    entry = AuditLog.objects.get(action="appeal.file")
    assert entry.data["player"] == 3 and entry.data["late"] is False and entry.data["via"] == "link"


def test_filed_while_the_session_is_still_being_played(finished, coded):
    appeal = file_by_link(finished, coded[0])
    assert appeal.status == Appeal.Status.FILED and not appeal.late_reason


def test_late_appeal_is_refused_and_nothing_is_saved(finished, coded, referee, tournament):
    end_session(finished, minutes_ago=tournament.appeal_minutes + 1)
    with pytest.raises(ValidationError) as exc:
        file_by_link(finished, coded[0])
    assert "closed" in exc.value.messages[0] and "organizer" in exc.value.messages[0]
    with pytest.raises(ValidationError):  # a referee cannot accept it either
        ap.appeal_file(sheet=finished, filer=coded[0], kind="rule", statement="x", late_reason="lost", by=referee)
    assert not Appeal.objects.exists() and actions() == []


def test_late_appeal_accepted_by_an_organizer_who_says_why(finished, coded, organizer, tournament):
    end_session(finished, minutes_ago=tournament.appeal_minutes + 30)
    with pytest.raises(ValidationError) as exc:
        ap.appeal_file(sheet=finished, filer=coded[0], kind="rule", statement="Ruled wrongly.", by=organizer)
    assert "late_reason" in exc.value.message_dict and not Appeal.objects.exists()
    appeal = ap.appeal_file(
        sheet=finished,
        filer=coded[0],
        kind="rule",
        statement="Ruled wrongly.",
        late_reason="The player was at the medical desk.",
        by=organizer,
    )
    assert appeal.late_reason == "The player was at the medical desk." and appeal.late_accepted_by == organizer
    assert appeal.via == Appeal.Via.REFEREE and appeal.filed_by == organizer
    assert AuditLog.objects.get(action="appeal.file").data["late"] is True


def test_who_may_file(finished, coded, referee, outsider, players, organizer):
    with pytest.raises(PermissionDenied):  # wrong code
        ap.appeal_file(sheet=finished, filer=coded[0], kind="rule", statement="x", code="WRONGCODE", by=None)
    with pytest.raises(PermissionDenied):  # a player of another table, with their own code
        file_by_link(finished, coded[5])
    with pytest.raises(PermissionDenied):
        ap.appeal_file(sheet=finished, filer=coded[0], kind="rule", statement="x", by=outsider)
    with pytest.raises(ValidationError):  # table 1 is Dragons and Winds: a Dots player is nobody's captain there
        ap.appeal_file(sheet=finished, filer=coded[7], kind="rule", statement="x", by=referee)
    # The captain of team Dragons (players 1 and 2 sat here) did not play at this table: a referee files for them.
    captain = ts.player_create(
        tournament=finished.table.session.tournament, number=9, name="Captain", team="Dragons", by=organizer
    )
    appeal = ap.appeal_file(sheet=finished, filer=captain, kind="other", statement="x", by=referee)
    assert appeal.filed_by == referee and appeal.filer == captain
    with pytest.raises(PermissionDenied):  # on their own link they are not a player of this table
        captain.code = "CAPTAIN1"
        captain.save(update_fields=["code"])
        ap.appeal_file(sheet=finished, filer=captain, kind="other", statement="x", code="CAPTAIN1", by=None)
    assert Appeal.objects.count() == 1


@pytest.mark.parametrize(
    "bad, field",
    [
        ({"statement": "   "}, "statement"),
        ({"kind": "whim"}, "kind"),
        ({"hand_number": 17}, "hand_number"),
        ({"statement": "nul\x00"}, "statement"),
    ],
)
def test_bad_input_names_the_field_and_saves_nothing(finished, coded, bad, field):
    with pytest.raises(ValidationError) as exc:
        file_by_link(finished, coded[0], **bad)
    assert field in exc.value.message_dict
    assert not Appeal.objects.exists()


def test_penalty_must_be_of_this_table(finished, coded, referee, seated_session):
    other = seated_session.tables.get(number=2).sheet
    penalty = ss.foul_record(sheet=other, player=coded[4], foul="warning", by=referee)
    with pytest.raises(ValidationError) as exc:
        file_by_link(finished, coded[0], penalty=penalty)
    assert "penalty" in exc.value.message_dict


def test_rule_appeal_rejected_twice_fee_forfeited(finished, coded, referee, chief_referee, organizer):
    appeal = file_by_link(finished, coded[2])
    with pytest.raises(PermissionDenied):  # organizers do not decide rule appeals
        ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="no", by=organizer)
    with pytest.raises(ValidationError) as exc:
        ap.appeal_decide(appeal=appeal, outcome="rejected", reasons=" ", by=referee)
    assert "reasons" in exc.value.message_dict
    appeal = ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="The hand had 7 points.", by=referee)
    assert appeal.status == Appeal.Status.REFEREE_REJECTED and appeal.fee_status == Appeal.Fee.FORFEITED
    with pytest.raises(PermissionDenied):  # the filer's code only
        ap.appeal_escalate(appeal=appeal, reason="Not satisfied", code=coded[0].code)
    appeal = ap.appeal_escalate(appeal=appeal, reason="Mixed Straight counts 8.", code=coded[2].code)
    assert appeal.status == Appeal.Status.ESCALATED and appeal.fee_status == Appeal.Fee.PAID
    assert open_appeals_by_table(appeal.tournament) == {(1, 1): 1}
    with pytest.raises(PermissionDenied):  # now only the chief referee
        ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="yes", by=referee)
    appeal = ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Confirmed: 7 points.", by=chief_referee)
    assert appeal.status == Appeal.Status.REJECTED and appeal.fee_status == Appeal.Fee.FORFEITED
    assert [d.body for d in appeal.decisions.all()] == ["referees", "chief_referee"]
    with pytest.raises(ValidationError):
        ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="again", by=chief_referee)
    assert actions() == ["appeal.file", "appeal.decide", "appeal.escalate", "appeal.decide"]
    with pytest.raises(ValidationError):  # a rejected appeal changes nothing
        ap.appeal_amend_hand(appeal=appeal, number=1, outcome=pay.DRAW, by=chief_referee)


def test_other_appeal_goes_to_the_committee(finished, coded, referee, chief_referee, committee):
    appeal = file_by_link(finished, coded[0], kind=Appeal.Kind.OTHER, statement="The table was too noisy.")
    for who in (referee, chief_referee):
        with pytest.raises(PermissionDenied):
            ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="x", by=who)
    appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Noise confirmed.", by=committee)
    assert appeal.status == Appeal.Status.UPHELD and appeal.fee_status == Appeal.Fee.RETURNED
    decision = appeal.decisions.get()
    assert (decision.body, decision.decided_by, decision.reasons) == ("committee", committee, "Noise confirmed.")
    with pytest.raises(ValidationError):  # a committee's rejection is final: nothing to escalate
        ap.appeal_escalate(appeal=appeal, reason="x", code=coded[0].code)


def test_upheld_appeal_amends_a_signed_sheet_and_the_standings_move(
    finished, coded, referee, chief_referee, tournament
):
    # Hand 2 was recorded as player 2 winning 10 off player 3; the appeal says player 3's penalty-free win.
    before = {r.player.number: r for r in player_standings(tournament)}
    appeal = file_by_link(finished, coded[3], hand_number=2)
    with pytest.raises(ValidationError):  # not upheld yet
        ap.appeal_amend_hand(
            appeal=appeal,
            number=2,
            outcome=pay.SELF_DRAWN,
            winner=coded[3],
            points=20,
            expected_version=1,
            by=chief_referee,
        )
    appeal = ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Stands.", by=referee)
    appeal = ap.appeal_escalate(appeal=appeal, reason="Ask the chief.", by=referee)
    appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Player 4 won self-drawn.", by=chief_referee)
    assert appeal.fee_status == Appeal.Fee.RETURNED
    # The ordinary path still refuses the signed sheet
    with pytest.raises(ValidationError):
        ss.hand_record(
            sheet=finished, number=2, outcome=pay.SELF_DRAWN, winner=coded[3], points=20, by=referee, expected_version=1
        )
    # Bad input through the appeal: a stale version is refused and nothing is kept
    with pytest.raises(ValidationError):
        ap.appeal_amend_hand(
            appeal=appeal,
            number=2,
            outcome=pay.SELF_DRAWN,
            winner=coded[3],
            points=20,
            expected_version=0,
            by=chief_referee,
        )
    assert not AppealAmendment.objects.exists()
    amendment = ap.appeal_amend_hand(
        appeal=appeal,
        number=2,
        outcome=pay.SELF_DRAWN,
        winner=coded[3],
        points=20,
        expected_version=1,
        by=chief_referee,
    )
    assert amendment.hand_version.version == 2 and amendment.hand_version.hand.current == amendment.hand_version
    assert HandVersion.objects.filter(hand__sheet=finished, hand__number=2).count() == 2  # the old one kept
    finished.refresh_from_db()
    assert finished.is_signed  # the sheet stays signed; the amendment is recorded against the appeal
    after = {r.player.number: r for r in player_standings(tournament)}
    assert after[4].score > before[4].score and after[2].score < before[2].score
    assert after[4].table_points > before[4].table_points
    entries = AuditLog.objects.filter(action__in=["hand.correct", "appeal.amend"]).order_by("id")
    assert [e.action for e in entries] == ["hand.correct", "appeal.amend"]
    assert entries[0].data["appeal"] == appeal.number


def test_upheld_appeal_withdraws_and_adds_penalties(published_session, coded, referee, finished):
    other = published_session.tables.get(number=2).sheet  # table 2: players 5-8, not signed
    penalty = ss.foul_record(sheet=other, player=coded[4], foul="violation", amount=10, by=referee)
    appeal = file_by_link(other, coded[4], penalty=penalty, statement="I did not touch the wall.")
    appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Video shows no touch.", by=referee)
    ap.appeal_amend_withdraw_penalty(appeal=appeal, penalty=penalty, by=referee)
    penalty.refresh_from_db()
    assert not penalty.active and penalty.withdrawn_reason == "Appeal 1 upheld"
    added = ap.appeal_amend_foul(appeal=appeal, player=coded[5], foul="warning", by=referee)
    assert added.penalty.player == coded[5]
    assert [a.kind for a in appeal.amendments.all()] == ["penalty_withdrawn", "penalty_added"]
    table_1_penalty = Penalty(sheet=finished, player=coded[0], amount=5)  # another table's
    with pytest.raises(ValidationError):
        ap.appeal_amend_withdraw_penalty(appeal=appeal, penalty=table_1_penalty, by=referee)
    with pytest.raises(PermissionDenied):  # the player's own code does not amend
        ap.appeal_amend_foul(appeal=appeal, player=coded[5], foul="warning", by=None)
    assert AuditLog.objects.filter(action="appeal.amend").count() == 2


def test_appeal_decision_steps_record_who_and_when(finished, coded, committee):
    appeal = file_by_link(finished, coded[1], kind="other")
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Not a ruling.", by=committee)
    d = AppealDecision.objects.get(appeal=appeal)
    assert d.decided_by_name == "committee" and d.decided_at is not None and d.outcome == "rejected"
    appeal.refresh_from_db()
    assert appeal.status == Appeal.Status.REJECTED and appeal.fee_status == Appeal.Fee.FORFEITED


def test_the_audit_log_tells_each_step_in_sentences(finished, coded, referee, chief_referee, organizer, tournament):
    from tournament.audit_text import describe

    appeal = file_by_link(finished, coded[2])
    appeal = ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="Seen.", by=referee)
    appeal = ap.appeal_escalate(appeal=appeal, reason="Not seen.", code=coded[2].code)
    appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Video.", by=chief_referee)
    ap.appeal_amend_hand(appeal=appeal, number=1, outcome=pay.DRAW, expected_version=1, by=chief_referee)
    entries = AuditLog.objects.filter(action__startswith="appeal.").order_by("id")
    texts = [line.text for line in describe(entries, tournament)]
    assert texts == [
        "Player 3 (3) filed appeal 1 about table 1, session 1 on their private link.",
        "Referee referee, for the referees, decided appeal 1 about table 1, session 1: rejected. Reasons: Seen.",
        "Player 3 (3) took appeal 1 to the chief referee. Reason: Not seen.",
        "Chief referee chief, for the chief referee, decided appeal 1 about table 1, session 1: upheld. Reasons: Video.",
        "Chief referee chief changed the score sheet of table 1, session 1 as appeal 1 decided.",
    ]
    assert {line.url for line in describe(entries, tournament)} == {"/t/test-open/appeals/1/"}


def test_a_tournament_with_appeals_can_be_replaced(finished, coded, referee, tournament):
    from interchange.load import tournament_delete

    appeal = file_by_link(finished, coded[0], hand_number=1)
    appeal = ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Yes.", by=referee)
    ap.appeal_amend_hand(appeal=appeal, number=1, outcome=pay.DRAW, expected_version=1, by=referee)
    tournament_delete(tournament)
    assert not Appeal.objects.exists() and AuditLog.objects.filter(action="appeal.amend").exists()


def signed_minutes_ago(sheet, minutes):
    """The table's sheet was signed `minutes` ago: its game ended then."""
    type(sheet).objects.filter(pk=sheet.pk).update(submitted_at=timezone.now() - timedelta(minutes=minutes))
    sheet.refresh_from_db()


def test_the_window_runs_from_the_end_of_the_game_at_the_table(finished, coded, tournament):
    """MCR 3.12.2: within 30 minutes after the end of the game concerned. A table that finished early has its
    window run from its signed sheet, even while other tables (and so the session) are still playing."""
    session = finished.table.session
    assert session.closed_at is None
    signed_minutes_ago(finished, tournament.appeal_minutes + 1)
    assert appeal_deadline(session, tournament, finished) == finished.submitted_at + timedelta(minutes=30)
    with pytest.raises(ValidationError) as exc:
        file_by_link(finished, coded[0])
    assert "table 1 of session 1" in exc.value.messages[0] and "organizer" in exc.value.messages[0]
    signed_minutes_ago(finished, tournament.appeal_minutes - 5)
    assert file_by_link(finished, coded[0]).status == Appeal.Status.FILED


def test_an_unsigned_table_in_an_open_session_keeps_its_window_open(hands_entered, coded, tournament):
    session = hands_entered.table.session
    assert appeal_deadline(session, tournament, hands_entered) is None
    other = session.tables.get(number=2).sheet
    assert appeal_deadline(session, tournament, other) is None


def test_the_session_closing_ends_a_game_whose_sheet_was_never_signed(hands_entered, coded, tournament):
    end_session(hands_entered, minutes_ago=tournament.appeal_minutes + 1)
    with pytest.raises(ValidationError):
        file_by_link(hands_entered, coded[0])


def test_a_reopened_sheet_signed_again_ends_its_game_again(finished, coded, tournament, chief_referee, referee):
    signed_minutes_ago(finished, tournament.appeal_minutes + 10)
    ss.sheet_reopen(sheet=finished, reason="A hand was entered at the wrong table.", by=chief_referee)
    ss.sheet_sign(sheet=finished, by=referee, mark_rest_not_played=True)
    finished.refresh_from_db()
    assert file_by_link(finished, coded[1]).status == Appeal.Status.FILED


# ------------------------------------------------------------------ one open appeal per subject; the link's limit


def test_five_appeals_about_the_same_table_in_a_row_leave_one_open(finished, coded, tournament):
    """Done when (issue 23): one player filing five appeals about the same table in a row leaves one open."""
    first = file_by_link(finished, coded[1])
    for _i in range(4):
        with pytest.raises(ap.DuplicateAppeal) as exc:
            file_by_link(finished, coded[1])
        assert exc.value.appeal == first
        assert f"already has appeal {first.number} about this table" in exc.value.messages[0]
    assert Appeal.objects.filter(filer=coded[1]).count() == 1
    assert actions() == ["appeal.file"]
    assert appeal_counts_by_table(tournament) == [{"session": 1, "table": 1, "open": 1, "total": 1}]


def test_one_open_appeal_per_hand_and_others_about_other_hands(finished, coded):
    about_2 = file_by_link(finished, coded[1], hand_number=2)
    with pytest.raises(ap.DuplicateAppeal) as exc:
        file_by_link(finished, coded[1], hand_number=2, kind=Appeal.Kind.OTHER)
    assert exc.value.appeal == about_2 and "about hand 2 of this table" in exc.value.messages[0]
    file_by_link(finished, coded[1], hand_number=1)
    file_by_link(finished, coded[1])  # the table as a whole is a subject of its own
    file_by_link(finished, coded[2], hand_number=2)  # another player of the table, about the same hand
    assert Appeal.objects.count() == 4


def test_a_referee_filing_for_the_player_meets_the_same_rule(finished, coded, referee):
    mine = file_by_link(finished, coded[1], hand_number=2)
    with pytest.raises(ap.DuplicateAppeal) as exc:
        ap.appeal_file(sheet=finished, filer=coded[1], kind="rule", statement="again", hand_number=2, by=referee)
    assert exc.value.appeal == mine


def test_a_rejection_not_yet_taken_further_still_counts_a_final_decision_does_not(finished, coded, referee):
    appeal = file_by_link(finished, coded[1], hand_number=2)
    ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="The win was valid as ruled.", by=referee)
    with pytest.raises(ap.DuplicateAppeal):  # the way on is to the chief referee, on the same appeal
        file_by_link(finished, coded[1], hand_number=2)
    assert Appeal.objects.get(pk=appeal.pk).status == Appeal.Status.REFEREE_REJECTED
    file_by_link(finished, coded[1], hand_number=1)  # another hand is another subject


def test_after_the_final_decision_a_new_appeal_may_be_filed(finished, coded, referee):
    appeal = file_by_link(finished, coded[1], hand_number=2)
    ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="Yes.", by=referee)
    assert file_by_link(finished, coded[1], hand_number=2).number == appeal.number + 1


def test_a_players_link_files_at_most_the_limit_then_a_referee_files_for_them(finished, coded, referee, settings):
    settings.APPEAL_LINK_LIMIT = 5
    for hand in (1, 2, 3, 4, 5):
        file_by_link(finished, coded[1], hand_number=hand)
    with pytest.raises(ValidationError) as exc:
        file_by_link(finished, coded[1], hand_number=6)
    assert exc.value.code == "rate_limited"
    assert "has filed 5 appeals on their private link in the last 60 minutes" in exc.value.messages[0]
    assert Appeal.objects.count() == 5
    # The limit is the link's: another player's link, and a referee filing for this player, are not held back.
    file_by_link(finished, coded[2], hand_number=6)
    ap.appeal_file(sheet=finished, filer=coded[1], kind="rule", statement="x", hand_number=6, by=referee)
    assert Appeal.objects.count() == 7


def test_the_links_limit_counts_only_the_window(finished, coded, settings):
    settings.APPEAL_LINK_LIMIT = 2
    file_by_link(finished, coded[1], hand_number=1)
    file_by_link(finished, coded[1], hand_number=2)
    Appeal.objects.update(filed_at=timezone.now() - timedelta(minutes=61))
    file_by_link(finished, coded[1], hand_number=3)


def test_appeal_counts_per_table(finished, coded, referee, tournament):
    a = file_by_link(finished, coded[1], hand_number=1)
    file_by_link(finished, coded[2], hand_number=1)
    ap.appeal_decide(appeal=a, outcome="upheld", reasons="Yes.", by=referee)
    assert appeal_counts_by_table(tournament) == [{"session": 1, "table": 1, "open": 1, "total": 2}]


def test_filing_and_loading_keep_the_same_record_and_audit_entry(finished, coded, referee):
    """One builder for both (scoring.services.appeals): an appeal loaded from a file as it was filed is the same
    row and says the same in the audit log, plus what the file adds (its state, decisions, that it was loaded)."""
    filed = ap.appeal_file(
        sheet=finished, filer=coded[1], kind=Appeal.Kind.RULE, statement="Wrong ruling.", hand_number=2, by=referee
    )
    loaded = ap.appeal_load(
        sheet=finished,
        number=2,
        filer=coded[1],
        kind=filed.kind,
        via=filed.via,
        statement=filed.statement,
        filed_at=filed.filed_at,
        status=Appeal.Status.FILED,
        hand_number=2,
        filed_by=referee.username,
        fee_amount=filed.fee_amount,
        fee_currency=filed.fee_currency,
    )
    same = ("sheet_id", "filer_id", "kind", "via", "statement", "filed_at", "hand_number", "filed_by_id", "fee_amount")
    assert [getattr(loaded, f) for f in same] == [getattr(filed, f) for f in same]
    assert loaded.status == filed.status and loaded.fee_status == filed.fee_status
    as_filed, as_loaded = (
        AuditLog.objects.get(action="appeal.file", data__appeal=n).data for n in (filed.number, loaded.number)
    )
    assert {k: v for k, v in as_loaded.items() if k in as_filed and k != "appeal"} == {
        k: v for k, v in as_filed.items() if k != "appeal"
    }
    assert as_loaded["loaded"] is True and as_loaded["status"] == "filed"
