"""An elimination tournament travels in the interchange JSON: the format, who played on after each session
(with the organizer's order for a tie), and so every final rank."""

import pytest

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from schedule import elimination
from schedule import services as sched
from standings.selectors import standings_rows
from tests.schedule.elimination_helpers import elimination_tournament, play_round, tied_round
from tournament.models import Elimination, Tournament

pytestmark = pytest.mark.django_db


def ranks(t):
    return sorted(
        Elimination.objects.filter(tournament=t).values_list("player__number", "session__number", "final_rank")
    )


def test_round_trip_of_an_elimination_tournament_to_its_final_ranking(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="ko-travel")
    s1, s2 = t.sessions.order_by("number")
    sched.session_seat_random(session=s1, by=organizer, seed=9)
    tied_round(s1, referee, organizer)
    order = [p.number for p in t.players.order_by("-number")]  # a draw's outcome, best first
    elimination.session_eliminate_and_seat(
        session=s1, rule=elimination.elimination_rule("best_overall", 4), by=organizer, decided_order=order
    )
    sched.session_publish(session=s2, by=organizer)
    play_round(s2, referee, organizer)
    elimination.session_eliminate_and_seat(session=s2, rule=elimination.elimination_rule("final"), by=organizer)
    data = tournament_export(t)
    assert data["format"] == "elimination"
    assert data["sessions"][0]["advance"] == {"rule": "best_overall", "count": 4, "order": order}
    assert data["sessions"][1]["advance"] == {"rule": "final", "count": 0}
    data["slug"] = "ko-copy"
    copy = tournament_import(data)
    assert copy.format == Tournament.Format.ELIMINATION
    assert ranks(copy) == ranks(t) and len(ranks(copy)) == 16
    assert [r["rank"] for r in standings_rows(copy)] == [r["rank"] for r in standings_rows(t)]
    assert tournament_export(copy) == dict(tournament_export(t), slug="ko-copy")
    # Replacing it deletes the eliminations with the tournament.
    tournament_import(data, replace=True)
    assert len(ranks(Tournament.objects.get(slug="ko-copy"))) == 16


def test_an_advance_the_results_cannot_support_is_refused_with_its_place(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="ko-bad")
    s1 = t.sessions.get(number=1)
    sched.session_seat_random(session=s1, by=organizer, seed=9)
    tied_round(s1, referee, organizer)
    data = tournament_export(t)
    data["slug"] = "ko-bad-copy"
    data["sessions"][0]["advance"] = {"rule": "best_per_table", "count": 2}
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == "sessions[0].advance" and "play-off or a draw" in exc.value.message
    data["sessions"][0]["advance"] = {"rule": "best_of_all"}
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == "sessions[0].advance.rule"
    assert not Tournament.objects.filter(slug="ko-bad-copy").exists()
