"""Further cases of the race harness (tests/web/test_races.py): what two organizers or referees really do at
the same moment on the day. Each entry of ``MORE_RACES`` is raced there like its own ``RACES``."""

from __future__ import annotations

import uuid

from django.urls import reverse

from schedule.seating_versions import seating_seen
from scoring import entry_replay
from tests.web.race_kit import Race, _published


def _penalty(key=""):
    def setup(world):
        _published(world)
        path = reverse("sheet-penalty", args=[world["tournament"].slug, 1, 1])
        return path, {
            "player": world["players"][0].pk,
            "amount": 10,
            "to": "nobody",
            "reason": "race",
            "idempotency_key": key,
            "expected_fouls": entry_replay.fouls_version(world["sheet"]),
        }

    return setup


def _seat(number, *, again=False):
    def setup(world):
        session = world["tournament"].sessions.get(number=number)
        data = {f"s{number}-seed": 4242}
        if again:  # "Draw again", both confirming the seating the page showed them
            data |= {"confirm": "1", f"s{number}-seen": seating_seen([session])}
        return reverse("manage-session-seat", args=[world["tournament"].slug, number]), data

    return setup


def _generate(world):
    from schedule.selectors import round_robin_sessions

    seen = seating_seen(round_robin_sessions(world["tournament"]))
    path = reverse("manage-seating-generate", args=[world["tournament"].slug])
    return path, {"seed": 77, "priority": "repeats", "confirm": "1", "seen": seen}


def _appeal(world, *, decided=None):
    """Appeal 1 filed by player 1 about table 1 of session 1 (published); ``decided``: upheld or rejected."""
    from scoring import services as ap
    from tournament import services as ts

    _published(world)
    ts.player_codes_generate(tournament=world["tournament"], by=world["organizer"])
    player = world["tournament"].players.get(number=1)
    appeal = ap.appeal_file(sheet=world["sheet"], filer=player, code=player.code, kind="rule", statement="race")
    if decided:
        appeal = ap.appeal_decide(appeal=appeal, outcome=decided, reasons="race", by=world["referee"])
    return appeal


def _appeal_action(name, decided, data):
    def setup(world):
        appeal = _appeal(world, decided=decided)
        form = data(world) if callable(data) else data
        return reverse(name, args=[world["tournament"].slug, appeal.number]), form

    return setup


def _amend_hand(world):
    from rules import payments as pay
    from scoring import services as ss

    ss.hand_record(sheet=world["sheet"], number=1, outcome=pay.DRAW, by=world["referee"])
    return {"hand": "1:1", "outcome": "self_drawn", "winner": world["players"][0].pk, "points": 8}


def _amend_withdraw(world):
    from rules import payments as pay
    from scoring import services as ss

    penalty = ss.penalty_record(
        sheet=world["sheet"], player=world["players"][1], amount=10, to=pay.TO_NOBODY, reason="x", by=world["referee"]
    )
    return {"penalty": penalty.pk}


def _amend_foul(key):
    def data(world):
        return {
            "player": world["players"][0].pk,
            "foul": "warning",
            "idempotency_key": key,
            "expected_fouls": entry_replay.fouls_version(world["sheet"]),
        }

    return data


def _clock(action, started=True):
    def setup(world):
        from schedule import clock

        session = world["session"]
        data = {"action": action}
        if started:
            session = clock.session_clock_start(session=session, by=world["organizer"])
        if action == "start":
            data["start-minutes"] = 120
        elif action == "schedule":
            from datetime import timedelta

            from django.utils import timezone

            at = timezone.localtime() + timedelta(days=1)
            data |= {"schedule-minutes": 120, "schedule-starts_at": at.strftime("%Y-%m-%dT%H:%M")}
        else:  # both add five minutes to the end they saw
            data |= {"adjust-minutes": 5, "adjust-reason": "race", "seen": int(session.ends_at.timestamp())}
        return reverse("manage-session-clock", args=[world["tournament"].slug, 1]), data

    return setup


def _table_time(world):
    from schedule import clock

    clock.session_clock_start(session=world["session"], by=world["organizer"])
    return reverse("table-time", args=[world["tournament"].slug, 1, 1]), {"minutes": 10, "reason": "late start"}


def _one_hand_in(world):
    from rules import payments as pay
    from scoring import services as ss

    _published(world)
    ss.hand_record(sheet=world["sheet"], number=1, outcome=pay.DRAW, by=world["referee"])


def _seats_swap(world):
    from scoring.services.corrections import seat_order

    _one_hand_in(world)
    players = world["players"]
    seen = ",".join(map(str, seat_order(world["sheet"])))
    data = {"first": players[0].pk, "second": players[1].pk, "reason": "race", "seen": seen}
    return reverse("sheet-seats-swap", args=[world["tournament"].slug, 1, 1]), data


def _hands_move(world):
    _one_hand_in(world)
    data = {"target": 2, "reason": "race", "seen": "1"}
    return reverse("sheet-hands-move", args=[world["tournament"].slug, 1, 1]), data


def _countersign_session(world):
    from scoring import services as ss
    from tests.web.race_kit import _finished

    world["tournament"].__class__.objects.filter(pk=world["tournament"].pk).update(countersign_required=True)
    _finished(world)
    ss.sheet_sign(sheet=world["sheet"], by=world["referee"])
    return reverse("session-countersign", args=[world["tournament"].slug, 1]), {"tables": ["1"]}


def _roll_call(world, *, everyone_here=False, self_check_in=False):
    from schedule import attendance

    session = world["tournament"].sessions.get(number=2)
    attendance.roll_call_open(session=session, by=world["organizer"])
    if self_check_in:
        attendance.roll_call_self_check_in(session=session, by=world["organizer"], allowed=True)
    if everyone_here:
        for player in world["players"]:
            attendance.check_in_mark(session=session, player=player, status="present", by=world["organizer"])
    return session


def _desk_mark(world):
    _roll_call(world)
    path = reverse("manage-roll-call", args=[world["tournament"].slug, 2])
    return path, {"player": 1, "status": "present"}


def _self_check_in(world):
    from tournament import services as ts

    _roll_call(world, self_check_in=True)
    ts.player_codes_generate(tournament=world["tournament"], by=world["organizer"])
    code = world["tournament"].players.get(number=1).code
    return reverse("player-check-in", args=[world["tournament"].slug, code]), {}


def _roll_call_seat(world):
    from schedule import attendance

    session = _roll_call(world, everyone_here=True)
    fingerprint = attendance.roll_call_proposal(session).fingerprint
    return reverse("manage-roll-call-seat", args=[world["tournament"].slug, 2]), {"proposal": fingerprint}


def _withdrawal(name, data):
    def setup(world):
        from schedule import withdrawals

        done = withdrawals.player_withdraw(
            player=world["players"][7],
            from_session=world["tournament"].sessions.get(number=2),
            reason="illness",
            by=world["organizer"],
        )
        form = {f"w{done.pk}-{k}": v for k, v in data.items()} if name == "substitute" else data
        return reverse(f"manage-withdrawal-{name}", args=[world["tournament"].slug, done.pk]), form

    return setup


def _calling(name, *, made=False, own_page=False):
    """A referee called to table 1 of session 1 (published) by its players: on a player's own page
    (``own_page``: the code in the address), or typing a code on the table's page; ``made``: already called."""

    def setup(world):
        from tournament import floor
        from tournament import services as ts

        _published(world)
        ts.player_codes_generate(tournament=world["tournament"], by=world["organizer"])
        player = world["tournament"].players.get(number=1)
        if made:
            table = world["tournament"].sessions.get(number=1).tables.get(number=1)  # as published
            floor.referee_call_make(table=table, player=player)
        slug = world["tournament"].slug
        if own_page:
            return reverse(name, args=[slug, player.code]), {}
        return reverse(name, args=[slug, 1, 1]), {"code": player.code}

    return setup


def _signed(world):
    from scoring import services as ss
    from tests.web.race_kit import _finished

    _finished(world)
    ss.sheet_sign(sheet=world["sheet"], by=world["referee"])


def _reopen_request(world):
    _signed(world)
    return reverse("sheet-reopen-request", args=[world["tournament"].slug, 1, 1]), {"reason": "hand 3 was wrong"}


def _reopen_decline(world):
    from scoring import services as ss

    _signed(world)
    ss.sheet_reopen_request(sheet=world["sheet"], reason="hand 3 was wrong", by=world["referee"])
    return reverse("sheet-reopen-decline", args=[world["tournament"].slug, 1, 1]), {"answer": "it was right"}


def _restore(world):
    from schedule import services as sched
    from tournament.models import SeatingVersion

    sched.session_seat_random(session=world["session"], by=world["organizer"], seed=99)  # keeps the manual one
    version = SeatingVersion.objects.get(session=world["session"])
    path = reverse("manage-seating-restore", args=[world["tournament"].slug, 1, version.pk])
    return path, {"confirm": "1"}


def _player_confirm(hand=False):
    def setup(world):
        from rules import payments as pay
        from scoring import services as ss
        from tests.web.race_kit import _finished
        from tournament import services as ts

        slug = world["tournament"].slug
        if hand:
            world["tournament"].__class__.objects.filter(pk=world["tournament"].pk).update(two_person_entry=True)
            _published(world)
            ss.hand_record(sheet=world["sheet"], number=1, outcome=pay.DRAW, by=world["referee"])
        else:
            world["tournament"].__class__.objects.filter(pk=world["tournament"].pk).update(player_confirmation="phone")
            _finished(world)
        ts.player_codes_generate(tournament=world["tournament"], by=world["organizer"])
        code = world["tournament"].players.get(number=1).code
        if hand:
            return reverse("player-confirm-hand", args=[slug, code, 1, 1, 1]), {"version": 1}
        return reverse("player-confirm-sheet", args=[slug, code, 1, 1]), {}

    return setup


def _player_escalate(world):
    appeal = _appeal(world, decided="rejected")
    code = world["tournament"].players.get(number=1).code
    path = reverse("player-appeal-escalate", args=[world["tournament"].slug, code, appeal.number])
    return path, {"reason": "the referees misread the rule"}


def _swiss(world):
    from schedule import services as sched
    from scoring import services as ss
    from tests.closing import end_appeal_windows

    world["tournament"].__class__.objects.filter(pk=world["tournament"].pk).update(format="swiss")
    _published(world)
    for table in world["session"].tables.order_by("number"):
        ss.sheet_sign(sheet=table.sheet, by=world["referee"], mark_rest_not_played=True)
    end_appeal_windows(world["session"])
    sched.session_close(session=world["tournament"].sessions.get(number=1), by=world["organizer"])
    return reverse("manage-seating-swiss", args=[world["tournament"].slug, 2]), {}


def _tie(world):
    from rules import payments as pay
    from scoring import services as ss
    from standings import deciders

    _published(world)
    for table in world["tournament"].sessions.get(number=1).tables.all():
        ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=world["referee"])
    (tie,) = deciders.ties(world["tournament"])  # every hand drawn: all eight tied
    order = [str(n) for n in sorted((p.number for p in tie.players), reverse=True)]
    return reverse("tie-deciders", args=[world["tournament"].slug]), {"order": order, "method": "lots"}


def _final(world):
    data = {
        "action": "set",
        "size": 4,
        "after_session": 3,
        "carry_table_points": "kept",
        "carry_points": "kept",
        "table_points_factor": "",
        "points_factor": "",
        "others": "play_on",
        "seating": "blocks",
    }
    return reverse("manage-final", args=[world["tournament"].slug]), data


def _mail(stop=False, by_link=False):
    def setup(world):
        from tournament import mail
        from tournament import services as ts

        ts.player_codes_generate(tournament=world["tournament"], by=world["organizer"])
        player = world["tournament"].players.get(number=1)
        if stop:
            address = mail.mail_subscribe(player=player, address="ana@example.org", agreed=True)
            if by_link:
                return reverse("mail-stop", args=[world["tournament"].slug, address.token]), {}
        path = reverse("player-mail", args=[world["tournament"].slug, player.code])
        return path, ({"stop": "1"} if stop else {"address": "ana@example.org", "agree": "on"})

    return setup


def _renew(world):
    from accounts import services as accounts
    from accounts.models import Invitation

    accounts.account_invite(
        tournament=world["tournament"], username="ana", first_name="Ana", role="referee", by=world["organizer"]
    )
    invitation = Invitation.objects.get(user__username="ana")
    return reverse("manage-account-renew", args=[world["tournament"].slug, invitation.pk]), {}


def _timetable(world):
    from datetime import timedelta

    from django.utils import timezone

    day = timezone.localtime() + timedelta(days=2)
    data = {f"start_{n}": (day + timedelta(hours=3 * n)).strftime("%Y-%m-%dT%H:%M") for n in range(1, 5)}
    return reverse("manage-timetable", args=[world["tournament"].slug]), data


def _acknowledge(world):
    from schedule import services as sched
    from scoring import services as ss
    from scoring.models import ClosedSessionChange
    from tests.closing import end_appeal_windows

    _published(world)
    for table in world["session"].tables.order_by("number"):
        ss.sheet_sign(sheet=table.sheet, by=world["referee"], mark_rest_not_played=True)
    end_appeal_windows(world["session"])
    session = sched.session_close(session=world["tournament"].sessions.get(number=1), by=world["organizer"])
    ClosedSessionChange.objects.create(session=session, sheet=world["sheet"], what="foul", changed_by=world["chief"])
    return reverse("manage-session-changes-acknowledge", args=[world["tournament"].slug, 1]), {}


def _fail(what):
    raise AssertionError(what)


MORE_RACES: dict[str, dict[str, Race]] = {
    "sheet-penalty": {
        # A double tap sends the form's key twice; two referees (here without a key) saw the same fouls.
        "double tap": Race(_penalty(str(uuid.uuid4())), "penalty.record", users=("referee", "referee")),
        "two referees": Race(_penalty(), "penalty.record", users=("referee", "organizer")),
    },
    "manage-session-seat": {
        "first draw": Race(_seat(2), "session.seat"),
        "draw again": Race(_seat(1, again=True), "session.seat"),
    },
    "manage-seating-generate": {"": Race(_generate, "schedule.generate")},
    "appeal-decide": {
        "": Race(
            _appeal_action("appeal-decide", None, {"outcome": "upheld", "reasons": "race"}),
            "appeal.decide",
            users=("referee", "chief"),
        )
    },
    "appeal-escalate": {
        "": Race(
            _appeal_action("appeal-escalate", "rejected", {"reason": "race"}),
            "appeal.escalate",
            users=("referee", "organizer"),
        )
    },
    "appeal-amend-hand": {
        "": Race(_appeal_action("appeal-amend-hand", "upheld", _amend_hand), "appeal.amend", users=("referee", "chief"))
    },
    "appeal-amend-withdraw": {
        "": Race(
            _appeal_action("appeal-amend-withdraw", "upheld", _amend_withdraw),
            "appeal.amend",
            users=("referee", "chief"),
        )
    },
    "appeal-amend-foul": {
        "double tap": Race(
            _appeal_action("appeal-amend-foul", "upheld", _amend_foul(str(uuid.uuid4()))),
            "appeal.amend",
            users=("referee", "referee"),
        ),
        "two referees": Race(
            _appeal_action("appeal-amend-foul", "upheld", _amend_foul("")),
            "appeal.amend",
            users=("referee", "chief"),
        ),
    },
    "manage-session-clock": {
        "start": Race(_clock("start", started=False), "session.clock_start"),
        "adjust": Race(_clock("adjust"), "session.clock_adjust"),
        "schedule": Race(_clock("schedule", started=False), "session.clock_schedule"),
    },
    "table-time": {"": Race(_table_time, "table.time_extend", users=("chief", "organizer"))},
    "sheet-seats-swap": {"": Race(_seats_swap, "sheet.seats_swap", users=("chief", "organizer"))},
    "sheet-hands-move": {"": Race(_hands_move, "sheet.hands_move", users=("chief", "organizer"))},
    "session-countersign": {"": Race(_countersign_session, "sheet.countersign", users=("chief", "chief2"))},
    "manage-roll-call": {"": Race(_desk_mark, "player.check_in", users=("organizer", "referee"))},
    # The player's own page, without a login: a double tap of "I am here".
    "player-check-in": {"": Race(_self_check_in, "player.check_in", users=("anonymous", "anonymous"))},
    "manage-roll-call-seat": {"": Race(_roll_call_seat, "session.seat")},
    "manage-withdrawal-substitute": {
        "": Race(
            _withdrawal("substitute", {"new_name": "Stand In"}),
            "player.substitute",
            check=lambda w: w["tournament"].players.filter(name="Stand In").count() == 1 or _fail("two substitutes"),
        )
    },
    "manage-withdrawal-return": {"": Race(_withdrawal("return", {"minutes": "0"}), "player.return")},
    # Two players of the table, or one's double tap: one call; closing it, one close.
    "sheet-call": {"": Race(_calling("sheet-call"), "call.make", users=("referee", "referee"))},
    "sheet-call-close": {"": Race(_calling("sheet-call-close", made=True), "call.close", users=("referee", "referee"))},
    "player-call": {"": Race(_calling("player-call", own_page=True), "call.make", users=("anonymous", "anonymous"))},
    "player-call-close": {
        "": Race(
            _calling("player-call-close", made=True, own_page=True), "call.close", users=("anonymous", "anonymous")
        )
    },
    "sheet-reopen-request": {"": Race(_reopen_request, "sheet.reopen_request", users=("referee", "organizer"))},
    "sheet-reopen-decline": {"": Race(_reopen_decline, "sheet.reopen_decline", users=("chief", "chief2"))},
    "manage-seating-restore": {"": Race(_restore, "session.seating_restore")},
    # A player's double tap on their own page (no login).
    "player-confirm-sheet": {"": Race(_player_confirm(), "sheet.confirm", users=("anonymous", "anonymous"))},
    "player-confirm-hand": {"": Race(_player_confirm(hand=True), "hand.confirm", users=("anonymous", "anonymous"))},
    "player-appeal-escalate": {"": Race(_player_escalate, "appeal.escalate", users=("anonymous", "anonymous"))},
    "manage-seating-swiss": {"": Race(_swiss, "session.seat")},
    "tie-deciders": {"": Race(_tie, "standings.tie_decide", users=("chief", "organizer"))},
    "manage-final": {"": Race(_final, "final.set")},
    "player-mail": {
        "subscribe": Race(_mail(), "mail.subscribe", users=("anonymous", "anonymous")),
        "stop": Race(_mail(stop=True), "mail.stop", users=("anonymous", "anonymous")),
    },
    "mail-stop": {"": Race(_mail(stop=True, by_link=True), "mail.stop", users=("anonymous", "anonymous"))},
    "manage-account-renew": {"": Race(_renew, "account.renew")},
    "manage-timetable": {"": Race(_timetable, "session.timetable")},
    "manage-session-changes-acknowledge": {"": Race(_acknowledge, "session.changes_acknowledge")},
    "manage-stream": {
        "": Race(
            lambda w: (reverse("manage-stream", args=[w["tournament"].slug]), {"table": 1, "top": 8}), "stream.feature"
        )
    },
}
