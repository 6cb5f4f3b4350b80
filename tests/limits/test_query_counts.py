"""Pages and files that list every player or every table run a fixed number of queries, whatever the
size of the tournament (issue 11, item 4): the same tournament at two sizes must cost the same number of
queries, and at most MAX_QUERIES. A page that ran one query per player (a link, a team name, a seat)
would pass at one size and fail at the other."""

import random
from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from interchange.load import tournament_import
from tournament.models import TournamentRole

MAX_QUERIES = 25
SMALL, LARGE = (8, 2), (40, 4)  # players, sessions played
HANDS = 4
TEAMS = ["Dragons", "Winds", "Bamboo", "Dots"]


def _data(players, sessions, seed=7):
    """Played sessions (closed, every sheet signed, with fouls) and one still planned: every page and
    file has something to show for every player, table and session."""
    rng = random.Random(seed)
    numbers = list(range(1, players + 1))
    data = {
        "name": f"Size {players}",
        "slug": f"size-{players}",
        "rules": "mcr",
        "session_count": sessions + 1,
        "hands_per_session": HANDS,
        "published": True,
        "teams": TEAMS,
        "players": [
            {
                "number": n,
                "name": f"Player {n}",
                "family_name": "Player",
                "given_name": str(n),
                "country": "ES",
                "no_ema_id": True,
                "team": TEAMS[n % len(TEAMS)],
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
            hands = []
            for _h in range(HANDS):
                winner = rng.choice(seats)
                if rng.random() < 0.5:
                    hands.append({"winner": winner, "self_drawn": True, "points": rng.choice((8, 12, 16))})
                else:
                    hands.append(
                        {
                            "winner": winner,
                            "from": rng.choice([p for p in seats if p != winner]),
                            "points": rng.choice((8, 9, 24)),
                        }
                    )
            tables.append(
                {
                    "number": i // 4 + 1,
                    "seats": seats,
                    "hands": hands,
                    "submitted": True,
                    "penalties": [
                        {"player": seats[0], "foul": "claim_changed", "hand": 2},
                        {"player": seats[1], "foul": "late", "minutes": 3},
                    ],
                }
            )
        data["sessions"].append({"number": s, "status": "closed", "tables": tables})
    return data


@pytest.fixture
def sized(db, organizer, referee):
    """sized((players, sessions)): such a tournament, with the organizer and referee roles."""

    def make(size):
        tournament = tournament_import(_data(*size))
        for user, role in ((organizer, TournamentRole.Role.ORGANIZER), (referee, TournamentRole.Role.REFEREE)):
            TournamentRole.objects.create(tournament=tournament, user=user, role=role)
        return tournament

    return make


RESULT_PAGES = [
    "players/",
    "standings/",
    "standings/teams/",
    "standings/sessions/",
    "players/3/",
    "sessions/2/",
    "seating/",
    "sessions/2/seats/",
    "sessions/2/tables/1/",
]
EXPORTS = [
    f"exports/{name}.{fmt}" for name in ("standings", "team-standings", "tabulation") for fmt in ("csv", "xlsx", "pdf")
]
ORGANIZER_EXPORTS = [
    "exports/ema-results.csv",
    "exports/fouls.csv",
    "exports/fouls.xlsx",
    "exports/fouls.pdf",
    "exports/player-cards.pdf",
]
SCORER_EXPORTS = [
    "exports/sessions/2/score-sheets.pdf",
    "exports/sessions/2/tables/1/score-sheet.pdf",
    "exports/sessions/2/score-sheets.pdf?blank=1",
    "exports/sessions/2/seats.pdf",
]

PATHS = {
    "anonymous": RESULT_PAGES + EXPORTS + ["exports/sessions/2/seats.pdf"],
    "organizer": RESULT_PAGES + EXPORTS + ORGANIZER_EXPORTS + SCORER_EXPORTS,
    "referee": ["sessions/2/tables/1/", *SCORER_EXPORTS],
}


def _count(client, url):
    client.get(url)  # the session, language and templates settled, as on a running server
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries.captured_queries), [q["sql"] for q in queries.captured_queries]


@pytest.mark.parametrize("role", list(PATHS))
def test_query_counts_do_not_grow_with_the_tournament(sized, client_for, role):
    """Every page and file of the role, at both sizes (the tournaments are built once for all of them)."""
    client = client_for(role)
    small, large = sized(SMALL), sized(LARGE)
    problems = []
    for path in PATHS[role]:
        few, _sql = _count(client, f"/t/{small.slug}/{path}")
        many, sql = _count(client, f"/t/{large.slug}/{path}")
        print(f"{role:<10} {path:<48} {few:>3} {many:>3}")  # the figures, with pytest -s
        if many > MAX_QUERIES or few != many:
            problems.append(f"{path}: {few} queries at {SMALL} (players, sessions), {many} at {LARGE}")
            problems += [f"    {n} x {text}" for text, n in Counter(q[:160] for q in sql).most_common(3)]
    assert not problems, "\n".join(problems)


API_PATHS = [
    "",
    "players/",
    "players/3/",
    "sessions/",
    "sessions/2/",
    "sessions/2/results/",
    "sessions/2/tables/1/",
    "standings/",
    "standings/teams/",
]


def test_api_query_counts_do_not_grow_with_the_tournament(sized, client):
    """The read API (docs/api.md), with its under-appeal and elimination fields, read for the whole tournament
    at once: the same number of queries at both sizes."""
    small, large = sized(SMALL), sized(LARGE)
    problems = []
    for path in API_PATHS:
        few, _sql = _count(client, f"/api/v1/tournaments/{small.slug}/{path}")
        many, sql = _count(client, f"/api/v1/tournaments/{large.slug}/{path}")
        print(f"api        {path:<48} {few:>3} {many:>3}")
        if many > MAX_QUERIES or few != many:
            problems.append(f"{path}: {few} queries at {SMALL} (players, sessions), {many} at {LARGE}")
            problems += [f"    {n} x {text}" for text, n in Counter(q[:160] for q in sql).most_common(3)]
    assert not problems, "\n".join(problems)
