"""Every step that replaces or publishes asks first and, where it can, is undone (issue 29): "Draw again",
a schedule generated over seated sessions, publishing, a new player code and closing change nothing when
posted without their confirmation; a replaced seating is kept as a version and put back while unpublished."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.urls import reverse

from rules import payments as pay
from schedule import services as sched
from schedule.seating_restore import session_seating_restore
from schedule.seating_versions import current_tables, repeat_excess, tournament_tables
from scoring import services as ss
from tests.closing import end_appeal_windows
from tests.together import errors_at_once
from tournament import services as ts
from tournament.models import AuditLog, SeatingVersion, Session

pytestmark = pytest.mark.django_db


def u(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, *extra])


def repeats(tournament):
    return repeat_excess(list(tournament_tables(tournament.sessions.first()).values()))


def test_seating_again_keeps_the_seating_it_replaces(rr16, organizer):
    session = rr16.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    first = current_tables(session)
    assert not SeatingVersion.objects.exists()  # nothing was replaced
    sched.session_seat_random(session=session, by=organizer, seed=2)
    version = SeatingVersion.objects.get()
    assert version.tables == first and version.seed == 1 and version.seating_method == "random"
    assert version.replaced_by == organizer and version.replaced_with == "random"
    assert current_tables(session) != first


def test_the_same_draw_twice_keeps_no_version(rr16, organizer):
    """A double tap of a confirmed draw (same seed) seats the same tables: nothing to keep."""
    session = rr16.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=3)
    sched.session_seat_random(session=session, by=organizer, seed=3)
    assert not SeatingVersion.objects.exists()


def test_restore_puts_the_seating_back_audited_and_undoable(rr16, organizer):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=2)
    session = rr16.sessions.get(number=2)
    generated, clean = current_tables(session), repeats(rr16)
    sched.session_seat_random(session=session, by=organizer, seed=9)  # "Draw again" by mistake
    assert repeats(rr16) > clean
    version = SeatingVersion.objects.get(session=session)
    restored = session_seating_restore(session=session, version=version, by=organizer)
    assert current_tables(session) == generated and repeats(rr16) == clean
    assert restored.seating_method == "round_robin" and restored.seed == 2 and restored.status == "seated"
    entry = AuditLog.objects.get(action="session.seating_restore")
    assert entry.data["tables"] == generated and entry.data["version"] == version.pk
    # The mistaken draw is kept in turn: the restore too can be undone.
    newest = SeatingVersion.objects.filter(session=session).first()
    assert newest.replaced_with == "restore" and newest.seed == 9
    # Pressed twice: the second finds it already seated that way and changes nothing.
    session_seating_restore(session=session, version=version, by=organizer)
    assert SeatingVersion.objects.filter(session=session).count() == 2
    assert AuditLog.objects.filter(action="session.seating_restore").count() == 1


def test_restore_is_refused_once_published_or_scored(rr16, organizer, referee):
    session = rr16.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    sched.session_seat_random(session=session, by=organizer, seed=2)
    version = SeatingVersion.objects.get()
    sched.session_publish(session=session, by=organizer)
    with pytest.raises(ValidationError, match="already published"):
        session_seating_restore(session=session, version=version, by=organizer)
    other = rr16.sessions.get(number=2)
    sched.session_seat_random(session=other, by=organizer, seed=1)
    sched.session_seat_random(session=other, by=organizer, seed=2)
    table = other.tables.get(number=1)
    ss.hand_record(
        sheet=table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=table.seated_players()[0], points=8, by=referee
    )
    with pytest.raises(ValidationError, match="already have scores"):
        session_seating_restore(session=other, version=SeatingVersion.objects.get(session=other), by=organizer)


def test_only_the_organizer_restores(rr16, organizer, referee):
    session = rr16.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    before = current_tables(session)
    sched.session_seat_random(session=session, by=organizer, seed=2)
    with pytest.raises(PermissionDenied):
        session_seating_restore(session=session, version=SeatingVersion.objects.get(), by=referee)
    assert current_tables(session) != before


def test_a_version_of_another_session_is_refused(rr16, organizer):
    one, two = rr16.sessions.get(number=1), rr16.sessions.get(number=2)
    for s in (one, two):
        sched.session_seat_random(session=s, by=organizer, seed=1)
        sched.session_seat_random(session=s, by=organizer, seed=2)
    with pytest.raises(ValidationError, match="another session"):
        session_seating_restore(session=one, version=SeatingVersion.objects.get(session=two), by=organizer)


# --- The five steps, posted without their confirmation, change nothing ------------------------------------


def test_draw_again_asks_naming_the_repeats_and_the_cards(client_for, rr16, organizer):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=2)
    session = rr16.sessions.get(number=2)
    before = current_tables(session)
    client = client_for("organizer")
    page = client.post(u("manage-session-seat", rr16, 2), {"s2-seed": "9"}).content.decode()
    assert "Draw session 2 again?" in page
    assert f"Repeat meetings over the seated sessions: {repeats(rr16)} before → " in page
    assert "Player cards and seat lists already printed for session 2 show the old tables" in page
    assert "put it back from its seating versions" in page
    assert 'name="s2-seed" value="9"' in page and 'name="confirm" value="1"' in page
    assert current_tables(session) == before and not SeatingVersion.objects.exists()
    response = client.post(u("manage-session-seat", rr16, 2), {"s2-seed": "9", "confirm": "1"})
    assert response.status_code == 302
    assert current_tables(session) != before and rr16.sessions.get(number=2).seed == 9
    assert SeatingVersion.objects.get().tables == before


def test_draw_again_with_no_seed_shows_the_seed_it_will_use(client_for, rr16, organizer):
    session = rr16.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    client = client_for("organizer")
    page = client.post(u("manage-session-seat", rr16, 1), {"s1-seed": ""}).content.decode()
    import re

    seed = re.search(r'name="s1-seed" value="(\d+)"', page).group(1)
    after = re.search(r"before → (\d+) after", page).group(1)
    client.post(u("manage-session-seat", rr16, 1), {"s1-seed": seed, "confirm": "1"})
    assert str(rr16.sessions.get(number=1).seed) == seed and str(repeats(rr16)) == after


def test_the_first_draw_does_not_ask(client_for, rr16):
    response = client_for("organizer").post(u("manage-session-seat", rr16, 1), {"s1-seed": "4"})
    assert response.status_code == 302 and rr16.sessions.get(number=1).is_seated


def test_generate_over_seated_sessions_asks(client_for, rr16, organizer):
    sched.schedule_generate(tournament=rr16, by=organizer, seed=2)
    chart = tournament_tables(rr16.sessions.first())
    client = client_for("organizer")
    data = {"seed": "5", "priority": "repeats"}
    page = client.post(u("manage-seating-generate", rr16), data).content.decode()
    assert "Generate a new schedule over the seating of sessions 1, 2, 3, 4, 5?" in page
    assert "Repeat meetings over the seated sessions:" in page and "before → " in page
    assert "Player cards and seat lists already printed for sessions 1, 2, 3, 4, 5" in page
    assert 'name="seed" value="5"' in page and 'name="priority" value="repeats"' in page
    assert tournament_tables(rr16.sessions.first()) == chart and not SeatingVersion.objects.exists()
    response = client.post(u("manage-seating-generate", rr16), {**data, "confirm": "1"})
    assert response.status_code == 302
    assert tournament_tables(rr16.sessions.first()) != chart
    assert SeatingVersion.objects.count() == 5  # each session's former seating kept


def test_publish_asks(client_for, rr16, organizer):
    sched.session_seat_random(session=rr16.sessions.get(number=1), by=organizer, seed=1)
    client = client_for("organizer")
    page = client.post(u("manage-session-publish", rr16, 1)).content.decode()
    assert "Publish the seating of session 1?" in page and "each of the 16 players of session 1" in page
    assert "Player codes are made for the 16 players who have none" in page
    assert rr16.sessions.get(number=1).status == Session.Status.SEATED
    assert not rr16.players.exclude(code="").exists()
    client.post(u("manage-session-publish", rr16, 1), {"confirm": "1"})
    assert rr16.sessions.get(number=1).status == Session.Status.PUBLISHED


def test_publish_of_a_session_not_seated_is_refused_at_once(client_for, rr16):
    page = client_for("organizer").post(u("manage-session-publish", rr16, 1)).content.decode()
    assert "is not seated and waiting to be published" in page and 'name="confirm"' not in page


def test_new_code_asks(client_for, rr16, organizer):
    ts.player_codes_generate(tournament=rr16, by=organizer)
    player = rr16.players.get(number=4)
    client = client_for("organizer")
    page = client.post(u("manage-player-code-reset", rr16, 4)).content.decode()
    assert f"Give {player} a new code?" in page and player.code_display in page
    assert "stop working at once" in page
    assert rr16.players.get(number=4).code == player.code
    assert not AuditLog.objects.filter(action="player.code_reset").exists()
    client.post(u("manage-player-code-reset", rr16, 4), {"confirm": "1", "code": player.code})
    new = rr16.players.get(number=4).code
    assert new != player.code
    # A double tap posts the same form again: the code it saw has changed already, nothing changes.
    client.post(u("manage-player-code-reset", rr16, 4), {"confirm": "1", "code": player.code})
    assert rr16.players.get(number=4).code == new
    assert AuditLog.objects.filter(action="player.code_reset").count() == 1


def test_close_asks(client_for, rr16, organizer, referee):
    session = rr16.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    sched.session_publish(session=session, by=organizer)
    for table in session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    end_appeal_windows(session)
    page = client_for("organizer").post(u("manage-session-close", rr16, 1)).content.decode()
    assert "Close session 1?" in page
    assert rr16.sessions.get(number=1).status == Session.Status.PUBLISHED


# --- The versions page and putting one back -------------------------------------------------------------


@pytest.fixture
def redrawn(rr16, organizer):
    session = rr16.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    sched.session_seat_random(session=session, by=organizer, seed=2)
    return session


@pytest.mark.parametrize("role", ("anonymous", "outsider", "referee"))
def test_others_see_no_versions_and_restore_nothing(client_for, rr16, redrawn, role):
    now = current_tables(redrawn)
    version = SeatingVersion.objects.get()
    client = client_for(role)
    assert client.get(u("manage-seating-versions", rr16, 1)).status_code in (302, 403)
    for data in ({}, {"confirm": "1"}):
        assert client.post(u("manage-seating-restore", rr16, 1, version.pk), data).status_code in (302, 403)
    assert current_tables(redrawn) == now


def test_the_sessions_page_leads_to_the_versions_and_one_is_put_back(client_for, rr16, redrawn):
    version = SeatingVersion.objects.get()
    client = client_for("organizer")
    sessions = client.get(u("manage-sessions", rr16)).content.decode()
    assert u("manage-seating-versions", rr16, 1) in sessions and "Seating replaced (1 version kept)" in sessions
    page = client.get(u("manage-seating-versions", rr16, 1)).content.decode()
    assert "Session 1: seatings replaced" in page and "seed 1" in page
    assert u("manage-seating-restore", rr16, 1, version.pk) in page
    now = current_tables(redrawn)
    asked = client.post(u("manage-seating-restore", rr16, 1, version.pk)).content.decode()
    assert "Put back the seating of session 1 kept on" in asked and "this too can be undone" in asked
    assert current_tables(redrawn) == now
    response = client.post(u("manage-seating-restore", rr16, 1, version.pk), {"confirm": "1"})
    assert response.status_code == 302 and current_tables(redrawn) == version.tables


def test_the_versions_page_says_why_nothing_can_be_put_back(client_for, rr16, redrawn, organizer):
    sched.session_publish(session=redrawn, by=organizer)
    page = client_for("organizer").get(u("manage-seating-versions", rr16, 1)).content.decode()
    assert "already published" in page and "Put this seating back" not in page


def test_the_audit_log_says_a_seating_was_put_back(client_for, rr16, redrawn, organizer):
    session_seating_restore(session=redrawn, version=SeatingVersion.objects.get(), by=organizer)
    page = client_for("organizer").get(u("manage-audit", rr16)).content.decode()
    assert "put back an earlier seating of session 1 (4 tables); the seating it replaced is kept." in page


# --- two at once (PostgreSQL) -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_organizers_put_the_same_seating_back_at_once(organizer, referee):
    """A double tap, or two people at the desk: the seating is put back once, one version kept, no error."""
    from .conftest import make_tournament

    t = make_tournament(organizer, referee, slug="race-restore", players=16, sessions=2)
    session = t.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    first = current_tables(session)
    sched.session_seat_random(session=session, by=organizer, seed=2)
    version = SeatingVersion.objects.get()
    errors = errors_at_once(*[lambda: session_seating_restore(session=session, version=version, by=organizer)] * 2)
    assert errors == []
    assert current_tables(session) == first
    assert SeatingVersion.objects.count() == 2
    assert AuditLog.objects.filter(action="session.seating_restore").count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_a_restore_and_a_publish_at_once(organizer, referee):
    """Either the restore comes first and is published, or the publish does and the restore is refused."""
    from .conftest import make_tournament

    t = make_tournament(organizer, referee, slug="race-publish", players=16, sessions=2)
    session = t.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=1)
    sched.session_seat_random(session=session, by=organizer, seed=2)
    drawn = current_tables(session)
    version = SeatingVersion.objects.get()
    errors = errors_at_once(
        lambda: session_seating_restore(session=session, version=version, by=organizer),
        lambda: sched.session_publish(session=session, by=organizer),
    )
    assert Session.objects.get(pk=session.pk).status == Session.Status.PUBLISHED
    if errors:
        assert len(errors) == 1 and isinstance(errors[0], ValidationError) and current_tables(session) == drawn
    else:
        assert current_tables(session) == version.tables


def test_putting_back_the_seating_before_a_no_show_warns(client_for, organizer, referee):
    """After a draw again, the roll call gave a no-show's seat to a substitute: the seating before the draw still
    seats the no-show, and the question says so."""
    from schedule import attendance as att

    from .conftest import make_tournament

    t = make_tournament(organizer, referee, slug="rc-restore", players=16, sessions=2)
    ts.player_create(tournament=t, number=17, name="Bench Bea", is_substitute=True, by=organizer)
    session = t.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=3)
    session = sched.session_seat_random(session=session, by=organizer, seed=4)  # Draw again
    att.roll_call_open(session=session, by=organizer)
    session.refresh_from_db()
    for n in [n for n in range(1, 18) if n != 4]:
        att.check_in_mark(session=session, player=t.players.get(number=n), status="present", by=referee)
    att.roll_call_seat(session=session, by=organizer, expected=att.roll_call_proposal(session).fingerprint)
    version = SeatingVersion.objects.get(session=session)
    assert version.replaced_with and 4 in [n for table in version.tables for n in table]
    page = client_for("organizer").post(u("manage-seating-restore", t, 1, version.pk)).content.decode()
    assert "Players 4 of that seating are withdrawn from this session" in page
