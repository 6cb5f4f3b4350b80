"""The import writes players, seating and hands in bulk (issue 11, item 3). What it stores must be what the
services store entering the same tournament one player and one hand at a time: the same file out, the
same results, the same audit entries; and a bad row gets the same error, naming it, with nothing stored."""

import copy
import io
import json
import random

import pytest
from django.core.management import call_command

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from scoring.models import ScoreSheet
from scoring.results import table_results
from tournament import services as ts
from tournament.models import AuditLog, Player, Tournament

pytestmark = pytest.mark.django_db


def _data(slug, players=16, sessions=2, hands=16, seed=3):
    """Every kind of hand: wins by discard and self-drawn (with flowers, notes), draws, and tables whose
    time ran out (the rest not played); a pending hand at one table; fouls; one session published."""
    rng = random.Random(seed)
    numbers = list(range(1, players + 1))
    data = {
        "name": slug,
        "slug": slug,
        "rules": "mcr",
        "session_count": sessions + 1,
        "hands_per_session": hands,
        "teams": ["Dragons"],
        "players": [
            {
                "number": n,
                "name": f"Jugador {n}",
                "country": "ES",
                "club": "Club",
                "team": "Dragons" if n % 3 == 0 else ("Winds" if n % 3 == 1 else None),
            }
            for n in numbers
        ],
        "sessions": [],
    }
    for s in range(1, sessions + 1):
        rng.shuffle(numbers)
        tables = []
        for i in range(0, players, 4):
            seats = numbers[i : i + 4]
            played = hands if i % 8 == 0 else hands - 3
            rows = []
            for h in range(played):
                r = rng.random()
                winner = rng.choice(seats)
                if r < 0.15:
                    rows.append({"draw": True})
                elif r < 0.5:
                    rows.append(
                        {
                            "winner": winner,
                            "self_drawn": True,
                            "points": rng.choice((10, 12, 88)),
                            "flowers": rng.choice((0, 0, 2)),
                        }
                    )
                else:
                    rows.append(
                        {
                            "winner": winner,
                            "from": rng.choice([p for p in seats if p != winner]),
                            "points": rng.choice((8, 9, 24)),
                            "note": "robbing the kong" if h == 3 else "",
                        }
                    )
                if not rows[-1].get("note", True):
                    del rows[-1]["note"]
            rows += [{"not_played": True} for _ in range(hands - played)]
            table = {
                "number": i // 4 + 1,
                "seats": seats,
                "hands": rows,
                "penalties": [{"player": seats[2], "foul": "claim_changed", "hand": 2}] if i == 8 else [],
            }
            if s == 1 and i == 4:
                table["hands"] = rows[:5]
                table["hands"][-1] = dict(table["hands"][-1], pending=True)
            tables.append(table)
        data["sessions"].append({"number": s, "status": "published" if s == 1 else "seated", "tables": tables})
    return data


def _by_services(data):
    """The same tournament entered through the services, one player and one hand at a time."""
    tournament = ts.tournament_create(
        by=None,
        name=data["name"],
        slug=data["slug"],
        session_count=data["session_count"],
        hands_per_session=data["hands_per_session"],
    )
    for name in data["teams"]:
        ts.team_get_or_create(tournament=tournament, name=name, by=None)
    players = {
        row["number"]: ts.player_create(
            tournament=tournament,
            by=None,
            number=row["number"],
            name=row["name"],
            country=row["country"],
            club=row["club"],
            team=row["team"],
        )
        for row in data["players"]
    }
    for srow in data["sessions"]:
        session = tournament.sessions.get(number=srow["number"])
        sched.session_seat(session=session, by=None, tables=[[players[n] for n in t["seats"]] for t in srow["tables"]])
        for trow in srow["tables"]:
            sheet = session.tables.get(number=trow["number"]).sheet
            for number, hand in enumerate(trow["hands"], start=1):
                if hand.get("draw"):
                    kwargs = {"outcome": pay.DRAW}
                elif hand.get("not_played"):
                    kwargs = {"outcome": pay.NOT_PLAYED}
                else:
                    kwargs = {
                        "outcome": pay.SELF_DRAWN if hand.get("self_drawn") else pay.DISCARD,
                        "winner": players[hand["winner"]],
                        "points": hand["points"],
                        "discarder": players.get(hand.get("from")),
                        "flowers": hand.get("flowers", 0),
                    }
                ss.hand_record(
                    sheet=sheet,
                    number=number,
                    by=None,
                    note=hand.get("note", ""),
                    pending=bool(hand.get("pending")),
                    **kwargs,
                )
            for prow in trow["penalties"]:
                ss.foul_record(
                    sheet=sheet, by=None, player=players[prow["player"]], foul=prow["foul"], hand_number=prow["hand"]
                )
        if srow["status"] == "published":
            sched.session_publish(session=session, by=None)
    return tournament


def _audit(tournament):
    """The tournament's audit entries as a reader sees them: action and facts, without ids and times."""
    return sorted(
        (e.action, repr(sorted(e.data.items())), e.object_type)
        for e in AuditLog.objects.filter(tournament=tournament).exclude(
            action__in=("tournament.import", "tournament.create")
        )
    )


def _results(tournament):
    return sorted(
        (r.session, r.table, [p.number for p in r.players], r.scores, r.ranks, r.table_points, r.hands_entered)
        for r in table_results(tournament).values()
    )


def test_bulk_import_stores_what_the_services_store_hand_by_hand():
    data = _data("bulk")
    imported = tournament_import(copy.deepcopy(data))
    entered = _by_services(dict(copy.deepcopy(data), slug="services", name="services"))

    def same(export):
        return {k: v for k, v in export.items() if k not in ("slug", "name")}

    assert same(tournament_export(imported)) == same(tournament_export(entered))
    assert _results(imported) == _results(entered)
    assert _audit(imported) == _audit(entered)
    statuses = {
        t.slug: sorted(s.status for s in ScoreSheet.objects.filter(table__session__tournament=t))
        for t in (imported, entered)
    }
    assert statuses["bulk"] == statuses["services"]
    assert "confirming" in statuses["bulk"] and "open" in statuses["bulk"]


def test_bulk_import_round_trips_through_the_export():
    data = _data("round-trip", players=24, sessions=3)
    exported = tournament_export(tournament_import(copy.deepcopy(data)))
    assert [p["number"] for p in exported["players"]] == list(range(1, 25))
    for sin, sout in zip(data["sessions"], exported["sessions"]):
        for tin, tout in zip(sin["tables"], sout["tables"]):
            assert tout["seats"] == tin["seats"]
            assert [{k: v for k, v in h.items() if v not in ("", 0, None)} for h in tout["hands"]] == [
                {k: v for k, v in h.items() if v not in ("", 0, None)} for h in tin["hands"]
            ]


@pytest.mark.parametrize(
    "where,change,path,message",
    [
        ("hand", {"winner": 5, "from": 6, "points": 7}, "sessions[1].tables[2].hands[4].points", "8"),
        ("hand", {"draw": True}, "sessions[1].tables[2].hands[4]", None),
        ("player", {"country": "Spain"}, "players[9].country", None),
        ("player", {"ema_id": "04000001", "no_ema_id": True}, "players[9].no_ema_id", "EMA"),
    ],
)
def test_a_bad_row_is_named_and_nothing_is_stored(where, change, path, message):
    data = _data("bad")
    if where == "player":
        data["players"][9].update(change)
    else:
        table = data["sessions"][1]["tables"][2]
        seats = table["seats"]
        if change.get("draw"):
            # A hand played after the time ran out (an earlier one is not played).
            table["hands"][3] = {"not_played": True}
            table["hands"][4] = {"winner": seats[0], "self_drawn": True, "points": 8}
        else:
            table["hands"][4] = {"winner": seats[0], "from": seats[1], "points": 7}
    before = (Tournament.objects.count(), Player.objects.count(), AuditLog.objects.count())
    with pytest.raises(InterchangeError) as caught:
        tournament_import(data)
    assert caught.value.path == path
    if message:
        assert message in caught.value.message
    assert (Tournament.objects.count(), Player.objects.count(), AuditLog.objects.count()) == before


def test_the_command_shows_progress_only_when_the_import_takes_a_while(tmp_path, monkeypatch):
    from interchange.management.commands.import_tournament import PrintedProgress

    path = tmp_path / "t.json"
    path.write_text(json.dumps(_data("quick")), encoding="utf-8")
    err = io.StringIO()
    call_command("import_tournament", str(path), stdout=io.StringIO(), stderr=err)
    assert err.getvalue() == ""  # a small file imports in well under the threshold: nothing to say

    monkeypatch.setattr(PrintedProgress, "AFTER", 0)  # as if every step came after the first seconds
    err = io.StringIO()
    call_command("import_tournament", str(path), "--slug", "slow", stdout=io.StringIO(), stderr=err)
    lines = err.getvalue().splitlines()
    assert lines[0].startswith("16 players in (")
    assert lines[1].startswith("session 1 in: 53 of 117 hands (")
    assert lines[2].startswith("session 2 in: 117 of 117 hands (")
