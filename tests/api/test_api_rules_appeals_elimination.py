"""What the API adds for viewers since version 1 began (additive fields, docs/api.md): the rule set's
options, tables whose result is under appeal, and who went out after which round of an elimination
tournament."""

import pytest
from django.urls import reverse

from schedule import elimination
from schedule import services as sched
from scoring import services as ap
from scoring import services as ss
from tests.schedule.elimination_helpers import elimination_tournament, play_round
from tournament import services as ts

pytestmark = pytest.mark.django_db


def api(name, *args):
    return reverse(name, args=args)


def get(client, url):
    response = client.get(url)
    assert response.status_code == 200, (url, response.content[:300])
    return response.json()


def test_tournament_gives_its_rule_set_options_with_the_defaults(client, tournament, organizer, players):
    assert get(client, api("api-tournament", tournament.slug))["rule_options"] == {}  # MCR has no options
    ts.tournament_update(
        tournament=tournament, by=organizer, rules="spanish", rule_options={"payment_mode": "official"}
    )
    data = get(client, api("api-tournament", tournament.slug))
    assert data["rules"] == "spanish"
    assert data["rule_options"] == {"payment_mode": "official", "official_payers": "each_pays", "hands_per_session": 16}


@pytest.fixture
def appealed(hands_entered, tournament, players, referee):
    """Table 1 of session 1 signed, then appealed by player 3: its result may still change."""
    ss.sheet_sign(sheet=hands_entered, by=referee, mark_rest_not_played=True)
    hands_entered.refresh_from_db()
    return ap.appeal_file(
        sheet=hands_entered,
        filer=players[2],
        kind="rule",
        by=referee,
        statement="The referee ruled my claim late; it was in time.",
    )


def test_an_undecided_appeal_marks_the_table_the_session_and_the_players(client, tournament, appealed, referee):
    slug = tournament.slug
    results = get(client, api("api-session-results", slug, 1))
    assert [(t["table"], t["under_appeal"]) for t in results] == [(1, True), (2, False)]
    assert get(client, api("api-table-result", slug, 1, 1))["under_appeal"] is True
    assert get(client, api("api-sessions", slug))[0]["tables_under_appeal"] == [1]
    assert get(client, api("api-session", slug, 1))["tables_under_appeal"] == [1]
    assert get(client, api("api-tournament", slug))["sessions"][0]["tables_under_appeal"] == [1]
    standings = {row["number"]: row["under_appeal"] for row in get(client, api("api-standings", slug))}
    assert standings == {1: True, 2: True, 3: True, 4: True, 5: False, 6: False, 7: False, 8: False}
    # Decided: the mark goes.
    ap.appeal_decide(appeal=appealed, outcome="rejected", reasons="The claim came after the next discard.", by=referee)
    assert get(client, api("api-table-result", slug, 1, 1))["under_appeal"] is False
    assert get(client, api("api-sessions", slug))[0]["tables_under_appeal"] == []
    assert not any(row["under_appeal"] for row in get(client, api("api-standings", slug)))


def test_elimination_says_who_went_out_after_which_session(client, organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-api", published=True)
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=3)
    first = play_round(t.sessions.get(number=1), referee, organizer)
    outcome = elimination.session_eliminate_and_seat(
        session=first, rule=elimination.elimination_rule("best_per_table", 2), by=organizer
    )
    expected = sorted((rank, player.number) for player, rank in outcome.eliminated)
    sessions = get(client, api("api-sessions", "ko-api"))
    eliminated = sessions[0]["eliminated"]
    assert len(eliminated) == 8 and set(eliminated[0]) == {"number", "name", "team", "final_rank"}
    # 8 go on; the others rank 9th to 16th, listed by that final rank.
    assert [(e["final_rank"], e["number"]) for e in eliminated] == expected
    assert [e["final_rank"] for e in eliminated] == list(range(9, 17))
    assert all(s["eliminated"] == [] for s in sessions[1:])
    assert get(client, api("api-session", "ko-api", 1))["eliminated"] == eliminated
    gone = {e["number"] for e in eliminated}
    standings = get(client, api("api-standings", "ko-api"))
    assert {row["number"] for row in standings if row["eliminated_in"] == 1} == gone
    assert all(row["eliminated_in"] is None for row in standings if row["number"] not in gone)
