"""Finished tournaments for the series tests, as tournament files imported through ``import_tournament``'s
loader: players by EMA id, every session closed, random but reproducible hands."""

from __future__ import annotations

import random
from datetime import date

from interchange.load import tournament_import

# A pool of people: (name, country, EMA id or "" for none).
PEOPLE = [
    ("Ana López", "ES", "10000001"),
    ("Bruno Costa", "PT", "12000002"),
    ("Chloé Martin", "FR", "04000003"),
    ("Dieter Braun", "DE", "05000004"),
    ("Eva Novak", "CZ", "13000005"),
    ("Filipa Rocha", "PT", "12000006"),
    ("Gonzalo Ruiz", "ES", "10000007"),
    ("Hanna Berg", "SE", "09000008"),
    ("Iker Etxeberria", "ES", "10000009"),
    ("Julia Rossi", "IT", "07000010"),
    ("Klaus Weber", "DE", "05000011"),
    ("Lucía Gómez", "ES", "10000012"),
    ("Marta Silva", "PT", "12000013"),
    ("Nils Holm", "DK", "03000014"),
    ("Olga Petrova", "RU", "15000015"),
    ("Pau Serra", "ES", "10000016"),
    ("Quentin Roux", "FR", "04000017"),
    ("Rosa Vidal", "ES", ""),
    ("Sven Lund", "SE", ""),
    ("Teresa Moura", "PT", "12000020"),
]


def _hands(rng: random.Random, count: int) -> list[dict]:
    hands = []
    for _ in range(count):
        roll = rng.random()
        if roll < 0.1:
            hands.append({"draw": True})
            continue
        winner = rng.randint(1, 4)
        points = rng.choice([8, 8, 9, 10, 12, 14, 16, 22, 24, 32, 48, 64])
        if roll < 0.35:
            hands.append({"seat_winner": winner, "self_drawn": True, "points": points})
        else:
            loser = rng.choice([s for s in (1, 2, 3, 4) if s != winner])
            hands.append({"seat_winner": winner, "seat_from": loser, "points": points})
    return hands


def tournament_data(
    slug: str,
    name: str,
    start: date,
    end: date | None,
    people: list[int],
    *,
    substitutes: list[int] = (),
    sessions: int = 3,
    hands: int = 4,
    seed: int = 1,
) -> dict:
    """A finished tournament of ``people`` (indexes into PEOPLE) and ``substitutes`` (flagged, not ranked),
    whose number fills tables of four."""
    rng = random.Random(seed)
    everyone = list(people) + list(substitutes)
    assert len(everyone) % 4 == 0, "tables of four"
    players = []
    for number, index in enumerate(everyone, start=1):
        person_name, country, ema = PEOPLE[index]
        player = {"number": number, "name": person_name, "country": country}
        if ema:
            player["ema_id"] = ema
        else:
            player["no_ema_id"] = True
        if index in substitutes:
            player["is_substitute"] = True
        players.append(player)
    numbers = [p["number"] for p in players]
    session_list = []
    for n in range(1, sessions + 1):
        rng.shuffle(numbers)
        tables = []
        for t in range(len(numbers) // 4):
            seats = numbers[4 * t : 4 * t + 4]
            table_hands = []
            for hand in _hands(rng, hands):
                if "draw" in hand:
                    table_hands.append(hand)
                    continue
                out = {"winner": seats[hand["seat_winner"] - 1], "points": hand["points"]}
                if hand.get("self_drawn"):
                    out["self_drawn"] = True
                else:
                    out["from"] = seats[hand["seat_from"] - 1]
                table_hands.append(out)
            tables.append({"number": t + 1, "seats": seats, "hands": table_hands, "submitted": True})
        session_list.append({"number": n, "status": "closed", "tables": tables})
    return {
        "name": name,
        "slug": slug,
        "rules": "mcr",
        "session_count": sessions,
        "hands_per_session": hands,
        "start_date": start.isoformat(),
        **({"end_date": end.isoformat()} if end else {}),
        "players": players,
        "sessions": session_list,
    }


def import_tournament(**kwargs):
    return tournament_import(tournament_data(**kwargs))


def four_played_of_six(*, slug: str, name: str, seed: int, staff=(), **fields):
    """Eight players, four sessions of four hands played and closed, six sessions in all (a final's tests: the cut
    comes after session 4); ``staff`` are (user, role) pairs given their roles, ``fields`` set on the file."""
    from tournament.models import TournamentRole

    data = tournament_data(
        slug=slug,
        name=name,
        start=date(2026, 6, 6),
        end=date(2026, 6, 7),
        people=list(range(8)),
        sessions=4,
        hands=4,
        seed=seed,
    )
    data.update(session_count=6, **fields)
    tournament = tournament_import(data)
    for user, role in staff:
        TournamentRole.objects.create(tournament=tournament, user=user, role=role)
    return tournament


# Six tournaments over three years, 8 to 12 ranked players, people shared through EMA ids. Dated for a
# ranking on 2026-11-01 with the decay steps 730 -> 0.5 and 1095 -> 0: the first is older than the last step.
SIX = [
    dict(
        slug="lisbon-2023",
        name="Lisbon Open 2023",
        start=date(2023, 9, 16),
        end=date(2023, 9, 17),
        people=[0, 1, 2, 3, 5, 8, 12, 19],
        seed=11,
    ),
    dict(
        slug="madrid-2024",
        name="Madrid Open 2024",
        start=date(2024, 3, 9),
        end=date(2024, 3, 10),
        people=[0, 1, 2, 4, 6, 7, 9, 10, 11, 13, 17, 18],
        seed=12,
    ),
    dict(
        slug="porto-2024",
        name="Porto Cup 2024",
        start=date(2024, 10, 19),
        end=None,
        people=[0, 1, 5, 6, 12, 15, 19, 3, 16, 14],
        substitutes=[4, 7],
        seed=13,
    ),
    dict(
        slug="bilbao-2025",
        name="Bilbao MCR 2025",
        start=date(2025, 6, 14),
        end=date(2025, 6, 15),
        people=[0, 2, 6, 8, 11, 15, 17, 9],
        seed=14,
    ),
    dict(
        slug="paris-2026",
        name="Paris Printemps 2026",
        start=date(2026, 2, 21),
        end=date(2026, 2, 22),
        people=[1, 2, 3, 4, 5, 9, 10, 13, 14, 16, 18, 19],
        seed=15,
    ),
    dict(
        slug="sevilla-2026",
        name="Sevilla Cup 2026",
        start=date(2026, 9, 26),
        end=date(2026, 9, 27),
        people=[0, 1, 6, 7, 8, 11, 12, 15, 17, 3],
        substitutes=[13, 14],
        seed=16,
    ),
]
