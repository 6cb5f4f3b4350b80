"""Two people doing the same thing at the same moment (issue 27): every POST action of the site, fired twice at
once from two logged-in sessions on PostgreSQL, ends in no server error, one effect and one audit entry.

The list of POST actions comes from the URL conf (``post_actions``), so a new one cannot be forgotten: each
must be raced here (``RACES``) or named in ``NOT_RACED`` with the reason. SQLite serialises every writer, so
the races run on PostgreSQL only; the completeness check runs everywhere.
"""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import URLResolver, get_resolver, reverse

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.web.race_kit import Race, _finished, _published, _session_action, _sheet_action
from tests.web.races_files import FILE_RACES
from tests.web.races_more import MORE_RACES
from tournament import services as ts
from tournament import teams as team_services
from tournament.choices import WithdrawalReason
from tournament.models import AuditLog, Team, TournamentRole

WAIT = 30  # seconds: far longer than any request here takes


def post_actions() -> set[str]:
    """The names of the URL conf's views that take a POST (the admin's own excepted)."""
    names: set[str] = set()

    def walk(patterns):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns)
                continue
            view = getattr(p.callback, "view_class", None)
            module = getattr(view or p.callback, "__module__", "")
            if module.startswith("django.contrib.admin") or p.name is None:
                continue
            if (view is not None and "post" in view.http_method_names and hasattr(view, "post")) or (
                view is None and module == "django.views.i18n"
            ):
                names.add(p.name)

    walk(get_resolver().url_patterns)
    return names


def _team(world, name):
    return Team.objects.get(tournament=world["tournament"], name=name)


def _teams(world):
    return reverse("manage-teams", args=[world["tournament"].slug])


def _role_revoke(world):
    role = TournamentRole.objects.get(tournament=world["tournament"], user=world["referee"])
    return reverse("manage-role-revoke", args=[world["tournament"].slug, role.pk]), {}


def _penalty_withdraw(world):
    _published(world)
    penalty = ss.penalty_record(
        sheet=world["sheet"],
        player=world["players"][0],
        amount=10,
        to=pay.TO_NOBODY,
        reason="race",
        by=world["referee"],
    )
    path = reverse("penalty-withdraw", args=[world["tournament"].slug, 1, 1, penalty.pk])
    return path, {"reason": "a mistake"}


def _captain(world):
    team = _team(world, "Dragons")
    return reverse("manage-team-captain", args=[world["tournament"].slug, team.pk]), {"captain": "1"}


def _hand(world):
    _published(world)
    data = {"number": 1, "winner": world["players"][0].pk, "discarder": "self", "points": 8, "expected_version": 0}
    return reverse("sheet-hand", args=[world["tournament"].slug, 1, 1]), {**data, "idempotency_key": str(uuid.uuid4())}


def _closing(world):
    from tests.closing import end_appeal_windows

    _published(world)
    for table in world["session"].tables.order_by("number"):
        ss.sheet_sign(sheet=table.sheet, by=world["referee"], mark_rest_not_played=True)
    end_appeal_windows(world["session"])
    return _session_action("manage-session-close")(world)


def _reopening(world):
    _closing(world)
    sched.session_close(session=world["session"], by=world["organizer"])
    return _session_action("manage-session-reopen")(world)


def _signing(world):
    _finished(world)
    return _sheet_action("sheet-sign")(world)


def _announcement_withdraw(world):
    from tournament import floor

    note = floor.announcement_post(tournament=world["tournament"], text="Lunch at one", by=world["organizer"])
    return reverse("manage-announcement-withdraw", args=[world["tournament"].slug, note.pk]), {}


def _token_revoke(world):
    from api import services as api_services

    token = api_services.api_token_create(tournament=world["tournament"], name="hall", by=world["organizer"])
    if isinstance(token, tuple):
        token = token[0]
    return reverse("manage-api-token-revoke", args=[world["tournament"].slug, token.pk]), {}


def _code_reset(world):
    ts.player_codes_generate(tournament=world["tournament"], by=world["organizer"])
    return reverse("manage-player-code-reset", args=[world["tournament"].slug, 1]), {"confirm": "1"}


def _announce(world):
    path = reverse("manage-announcements", args=[world["tournament"].slug])
    return path, {"text": "Lunch at one", "key": str(uuid.uuid4())}


def _invite(world):
    path = reverse("manage-accounts", args=[world["tournament"].slug])
    return path, {"username": "ana", "first_name": "Ana", "role": "referee"}


def _withdrawal_undo(world):
    from schedule import withdrawals

    done = withdrawals.player_withdraw(
        player=world["players"][7],
        from_session=world["tournament"].sessions.get(number=2),
        reason=WithdrawalReason.choices[0][0],
        by=world["organizer"],
    )
    return reverse("manage-withdrawal-undo", args=[world["tournament"].slug, done.pk]), {}


def _chief_sheet(name, **data):
    def setup(world):
        _finished(world)
        ss.sheet_sign(sheet=world["sheet"], by=world["referee"])
        return reverse(name, args=[world["tournament"].slug, 1, 1]), data

    return setup


def _publish_all(world):
    return reverse("manage-seating-publish", args=[world["tournament"].slug]), {"confirm": "1"}


def _player_add(world):
    return reverse("manage-player-add", args=[world["tournament"].slug]), {"number": 99, "name": "Late Comer"}


def _player_edit(world):
    return reverse("manage-player-edit", args=[world["tournament"].slug, 1]), {"number": 1, "name": "Renamed"}


def _settings(world):
    from tests.tournament.test_manage_views import settings_data

    return reverse("manage-settings", args=[world["tournament"].slug]), settings_data(world["tournament"], venue="Lugo")


def _one_player_99(world):
    assert world["tournament"].players.filter(name="Late Comer").count() == 1


def _call(world, take=False):
    from tournament import floor

    table = world["tournament"].sessions.get(number=1).tables.get(number=1)  # as published
    call = floor.referee_call_make(table=table, player=world["players"][0])
    if take:
        floor.referee_call_take(call=call, by=world["referee"])
    return call


def _call_take(world):
    _published(world)
    call = _call(world)
    return reverse("work-call-take", args=[world["tournament"].slug, call.pk]), {}


def _call_close(world):
    _published(world)
    call = _call(world, take=True)
    return reverse("work-call-close", args=[world["tournament"].slug, call.pk]), {}


def _roll_call_open(world):
    return reverse("manage-roll-call-open", args=[world["tournament"].slug, 2]), {}


def _not_played(world):
    _published(world)
    ss.hand_record(sheet=world["sheet"], number=1, outcome=pay.DRAW, by=world["referee"])
    return reverse("sheet-not-played", args=[world["tournament"].slug, 1, 1]), {"confirm": "1"}


def _foul(world):
    from tests.scoring.test_entry_replay import JSON  # noqa: F401 -- the outbox's way is raced in sheet-hand

    _published(world)
    path = reverse("sheet-foul", args=[world["tournament"].slug, 1, 1])
    return path, {"player": world["players"][0].pk, "foul": "warning", "idempotency_key": str(uuid.uuid4())}


def _codes(world):
    return reverse("manage-player-codes", args=[world["tournament"].slug]), {"confirm": "1"}


def _withdraw(world):
    path = reverse("manage-withdrawals", args=[world["tournament"].slug])
    session = world["tournament"].sessions.get(number=2)
    return path, {
        "player": world["players"][7].pk,
        "from_session": session.pk,
        "reason": "illness",
        "keep_in_standings": "on",
    }


def _hand_confirm(world):
    world["tournament"].__class__.objects.filter(pk=world["tournament"].pk).update(two_person_entry=True)
    _published(world)
    ss.hand_record(sheet=world["sheet"], number=1, outcome=pay.DRAW, by=world["referee"])
    return reverse("hand-confirm", args=[world["tournament"].slug, 1, 1, 1]), {"version": 1}


def _submit(world):
    _finished(world)
    return _sheet_action("sheet-submit")(world)


def _roll_call_close(world):
    from schedule import attendance

    attendance.roll_call_open(session=world["tournament"].sessions.get(number=2), by=world["organizer"])
    return reverse("manage-roll-call-close", args=[world["tournament"].slug, 2]), {"confirm": "1"}


def _token(world):
    return reverse("manage-api-tokens", args=[world["tournament"].slug]), {"name": "hall screen"}


def _roll_call(name):
    def setup(world):
        from schedule import attendance

        session = world["tournament"].sessions.get(number=2)
        attendance.roll_call_open(session=session, by=world["organizer"])
        if name == "desk":
            attendance.roll_call_self_check_in(session=session, by=world["organizer"], allowed=True)
        return reverse(f"manage-roll-call-{name}", args=[world["tournament"].slug, 2]), {}

    return setup


def _one_hand(world):
    from scoring.models import HandVersion

    assert HandVersion.objects.filter(hand__sheet=world["sheet"], hand__number=1).count() == 1


RACES: dict[str, dict[str, Race]] = {
    "manage-teams": {
        "create": Race(lambda w: (_teams(w), {"action": "create", "name": "Newcomers"}), "team.create"),
        "rename": Race(
            lambda w: (_teams(w), {"action": "rename", "team": _team(w, "Dragons").pk, "name": "Red"}), "team.rename"
        ),
        "merge": Race(
            lambda w: (_teams(w), {"action": "merge", "team": _team(w, "Dragons").pk, "into": _team(w, "Winds").pk}),
            "team.merge",
        ),
        "delete": Race(
            lambda w: (
                _teams(w),
                {
                    "action": "delete",
                    "team": team_services.team_create(tournament=w["tournament"], name="Spare", by=w["organizer"]).pk,
                },
            ),
            "team.delete",
        ),
        "add": Race(
            lambda w: (_teams(w), {"action": "add", "team": _team(w, "Dragons").pk, "numbers": "5"}), "player.update"
        ),
    },
    "manage-team-captain": {"": Race(_captain, "team.captain")},
    "manage-roles": {
        "": Race(
            lambda w: (reverse("manage-roles", args=[w["tournament"].slug]), {"username": "helper", "role": "referee"}),
            "role.grant",
        )
    },
    "manage-role-revoke": {"": Race(_role_revoke, "role.revoke")},
    "manage-session-publish": {"": Race(_session_action("manage-session-publish"), "session.publish")},
    "manage-session-close": {"": Race(_closing, "session.close")},
    "manage-session-reopen": {"": Race(_reopening, "session.reopen")},
    "sheet-sign": {"": Race(_signing, "sheet.sign", users=("referee", "organizer"))},
    "manage-announcement-withdraw": {"": Race(_announcement_withdraw, "announcement.withdraw")},
    "manage-api-token-revoke": {"": Race(_token_revoke, "api_token.revoke")},
    "manage-player-code-reset": {"": Race(_code_reset, "player.code_reset", audits=-1)},
    "manage-announcements": {"": Race(_announce, "announcement.post")},
    "manage-accounts": {"": Race(_invite, "account.invite")},
    "manage-withdrawal-undo": {"": Race(_withdrawal_undo, "player.withdraw_undo")},
    "manage-seating-publish": {"": Race(_publish_all, "session.publish")},
    "sheet-reopen": {
        "": Race(_chief_sheet("sheet-reopen", reason="a wrong hand"), "sheet.reopen", users=("chief", "chief2"))
    },
    "sheet-countersign": {
        "": Race(_chief_sheet("sheet-countersign", confirm="1"), "sheet.countersign", users=("chief", "chief2"))
    },
    "manage-player-add": {"": Race(_player_add, "player.create", check=_one_player_99)},
    "manage-player-edit": {"": Race(_player_edit, "player.update")},
    "manage-settings": {"": Race(_settings, "tournament.update")},
    "work-call-take": {"": Race(_call_take, "call.take", users=("referee", "chief"))},
    "work-call-close": {"": Race(_call_close, "call.close", users=("referee", "chief"))},
    "manage-roll-call-open": {"": Race(_roll_call_open, "roll_call.open")},
    "sheet-not-played": {"": Race(_not_played, "hand.record", users=("referee", "organizer"), audits=15)},
    "sheet-foul": {"": Race(_foul, "penalty.record", users=("referee", "organizer"))},
    "manage-player-codes": {"": Race(_codes, "player.codes")},
    "manage-withdrawals": {"": Race(_withdraw, "player.withdraw")},
    "hand-confirm": {"": Race(_hand_confirm, "hand.confirm", users=("organizer", "chief"))},
    "sheet-submit": {"": Race(_submit, "sheet.sign", users=("referee", "organizer"))},
    "manage-roll-call-close": {"": Race(_roll_call_close, "roll_call.close")},
    "manage-api-tokens": {"": Race(_token, "api_token.create")},
    "manage-roll-call-self": {"": Race(_roll_call("self"), "roll_call.self")},
    "manage-roll-call-desk": {"": Race(_roll_call("desk"), "roll_call.desk")},
    "sheet-hand": {"": Race(_hand, "hand.record", users=("referee", "organizer"), audits=-1, check=_one_hand)},
    "penalty-withdraw": {"": Race(_penalty_withdraw, "penalty.withdraw", users=("referee", "organizer"))},
}
RACES.update(MORE_RACES)
RACES.update(FILE_RACES)

# Not raced here, each with its reason.
NOT_RACED = {
    # No record of the tournament changes: a form that only reads, or the visitor's own session.
    "login": "the visitor's own session (the throttle's count is raced in tests/core/test_throttle.py)",
    "logout": "the visitor's own session",
    "set_language": "the visitor's own session",
    "password_change": "one's own password",
    "password_reset": "sends an e-mail, changes nothing",
    "password_reset_confirm": "one's own password, by a one-time link",
    "player-code": "only looks a code up (its throttle: tests/core/test_throttle.py)",
    "sheet-hand-live": "only computes a hand's points for the form, writes nothing",
    # Raced elsewhere, on PostgreSQL.
    "sheet-confirm": "tests/scoring/test_device_code_concurrency.py",
    "player-appeal": "tests/scoring/test_appeal_concurrency.py",
    "series-same-person": "tests/series/test_same_person_races.py (two series organizers, not this tournament world)",
    "sheet-appeal": "tests/scoring/test_appeal_concurrency.py",
}


def test_every_post_action_is_raced_or_excused():
    """A POST action added to the URL conf must be raced here, or excused with a reason."""
    listed = set(RACES) | set(NOT_RACED)
    assert post_actions() - listed == set(), "race these, or say why not"
    assert listed - post_actions() == set(), "these are no longer POST actions"
    assert not (set(RACES) & set(NOT_RACED))


@pytest.fixture
def world(tournament, players, organizer, referee, make_user, seated_session, sheet):
    second = make_user("organizer2")
    TournamentRole.objects.create(tournament=tournament, user=second, role=TournamentRole.Role.ORGANIZER)
    make_user("helper")
    chiefs = [make_user(name) for name in ("chief", "chief2")]
    for chief in chiefs:
        TournamentRole.objects.create(tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_REFEREE)
    return {
        "anonymous": None,
        "chief": chiefs[0],
        "chief2": chiefs[1],
        "tournament": tournament,
        "players": players,
        "organizer": organizer,
        "organizer2": second,
        "referee": referee,
        "session": seated_session,
        "sheet": sheet,
    }


def _fire(users, path, data, first=None):
    """The same POST from each user's own session and database connection, released together; ``first``: a
    page each opens before (an invitation link, which keeps its token in the session)."""
    start = threading.Barrier(len(users))
    answers: list = [None] * len(users)

    def send(i, user):
        try:
            client = Client(raise_request_exception=False)
            if user is not None:  # None: a visitor without a login (a player's private link)
                client.force_login(user)
            if first is not None:
                client.get(first)
            start.wait(WAIT)
            form = {k: v() if callable(v) else v for k, v in data.items()}  # a fresh upload each
            answers[i] = client.post(path, form).status_code
        except Exception as exc:
            answers[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(i, u)) for i, u in enumerate(users)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(WAIT)
    return answers


CASES = [(name, variant) for name, variants in sorted(RACES.items()) for variant in sorted(variants)]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="two writers at once need PostgreSQL (SQLite serialises them)"
)
@pytest.mark.parametrize("name, variant", CASES, ids=[f"{n}:{v}" if v else n for n, v in CASES])
def test_two_at_once(world, name, variant):
    race = RACES[name][variant]
    path, data = race.setup(world)
    before = AuditLog.objects.filter(action=race.action).count()
    answers = _fire([world[u] for u in race.users], path, data, first=world.get("first"))
    assert all(isinstance(a, int) and a < 500 for a in answers), answers
    if race.audits >= 0:
        assert AuditLog.objects.filter(action=race.action).count() - before == race.audits, answers
    if race.check is not None:
        race.check(world)
