"""Two finished demo tournaments that share most of their players, so a series can rank them from the start
(``load_demo`` loads them; the series app builds the demo series over them when it hears ``demo_loaded``).

Every session is closed, every hand is in, and each sheet is confirmed by its four players, signed by the
referee and countersigned by the chief referee, as a real day leaves them. The players are the Demo Open's
people: those with an EMA id are one person across the two by that id; those without one become a person
per tournament until an organizer links them, and the Spring Open writes some of their names another way
(family name first, without accents, in capitals) as a second entry list would.
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

from django.conf import settings

from interchange.demo_hands import affine_plane_sessions, random_hand, with_weight
from interchange.export import dumps

# (name, country, EMA id or ""): shared by both tournaments.
SHARED = [
    ("Ana López Ruiz", "ES", "04000117"),
    ("Javier Morales", "ES", "04000342"),
    ("Sophie Martin", "FR", "07000021"),
    ("Anna Schmidt", "DE", "02000076"),
    ("Marco Rossi", "IT", "12000044"),
    ("Jan de Vries", "NL", "09000230"),
    ("Lucía Fernández", "ES", ""),
    ("Kenji Tanaka", "JP", ""),
    ("Li Wei", "CN", ""),
    ("Chen Xiaoling", "CN", ""),
    ("Lukas Becker", "DE", ""),
    ("Giulia Bianchi", "IT", ""),
]
# How the Spring Open's entry list writes some of the shared names: the same people, another spelling.
SPRING_SPELLING = {
    "Lucía Fernández": "Lucia Fernandez",
    "Kenji Tanaka": "Tanaka Kenji",
    "Chen Xiaoling": "CHEN Xiaoling",
}
FINISHED_DEMOS = {
    # slug: (fixture, name, venue, first day, last day, the players besides SHARED, seed)
    "demo-winter-cup": (
        "demo-winter-cup.json",
        "Demo Winter Cup",
        "Casino de Madrid",
        date(2025, 11, 15),
        None,
        [
            ("Pablo Ortega", "ES", "04000509"),
            ("Thomas Dubois", "FR", "07000188"),
            ("Carmen Vidal", "ES", ""),
            ("Hugo Romero", "ES", ""),
        ],
        20251115,
    ),
    "demo-spring-open": (
        "demo-spring-open.json",
        "Demo Spring Open",
        "Palau de Congressos, Barcelona",
        date(2026, 3, 21),
        date(2026, 3, 22),
        [
            ("Emma Johansson", "SE", "15000012"),
            ("Yuki Sato", "JP", ""),
            ("Marie Laurent", "FR", "07000305"),
            ("Wang Fang", "CN", ""),
        ],
        20260321,
    ),
}
SESSIONS = 4
HANDS = 16
SESSION_STARTS = ("10:00", "12:45", "15:30", "18:15")  # a session lasts about two and a half hours


def finished_fixture(slug):
    return settings.BASE_DIR / "fixtures" / FINISHED_DEMOS[slug][0]


def _signatures(seats, ends: datetime) -> list[dict]:
    """The four players confirm on the referee's device, the referee signs, the chief referee countersigns."""
    rows = [
        {"role": "player", "player": n, "method": "device", "at": (ends + timedelta(seconds=20 * k)).isoformat()}
        for k, n in enumerate(seats)
    ]
    rows.append({"role": "referee", "by": "referee", "at": (ends + timedelta(minutes=2)).isoformat()})
    rows.append({"role": "chief_referee", "by": "chief", "at": (ends + timedelta(minutes=6)).isoformat()})
    return rows


def _session_end(day: date, slot: int) -> datetime:
    hour, minute = map(int, SESSION_STARTS[slot].split(":"))
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC) + timedelta(hours=2, minutes=15)


def generate_finished_demo(slug):
    """A finished demo tournament in interchange format, the same every time."""
    _fixture, name, venue, first, last, others, seed = FINISHED_DEMOS[slug]
    rng = random.Random(seed)
    roster = SHARED + others
    players = []
    for number, (pname, country, ema) in enumerate(roster, start=1):
        if slug == "demo-spring-open":
            pname = SPRING_SPELLING.get(pname, pname)
        row = {"number": number, "name": pname, "country": country}
        if ema:
            row["ema_id"] = ema
        players.append(row)
    skill = {p["number"]: rng.uniform(0.7, 1.4) for p in players}
    numbers = [p["number"] for p in players]
    rng.shuffle(numbers)
    at = {pt: numbers[i] for i, pt in enumerate((x, y) for x in range(4) for y in range(4))}
    classes = affine_plane_sessions()
    rng.shuffle(classes)
    sessions = []
    for number in range(1, SESSIONS + 1):
        if last is None:
            ends = _session_end(first, number - 1)
        else:  # two sessions a day
            ends = _session_end(first if number <= SESSIONS // 2 else last, (number - 1) % (SESSIONS // 2))
        tables = []
        for table_number, line in enumerate(classes[number - 1], start=1):
            seats = [at[pt] for pt in line]
            rng.shuffle(seats)  # the draw for initial winds
            hands = [random_hand(rng, seats, skill) for _ in range(HANDS)]
            tables.append(
                {
                    "number": table_number,
                    "seats": seats,
                    "hands": hands,
                    "penalties": [],
                    "signatures": _signatures(seats, ends),
                    "submitted": True,
                }
            )
        sessions.append({"number": number, "status": "closed", "seating_method": "manual", "tables": tables})
    data = {
        "name": name,
        "slug": slug,
        "rules": "mcr",
        "session_count": SESSIONS,
        "start_date": first.isoformat(),
        "end_date": (last or first).isoformat(),
        "venue": venue,
        "countersign_required": True,
        "players": players,
        "sessions": sessions,
    }
    return with_weight(data)


def finished_fixture_text(slug):
    return dumps(generate_finished_demo(slug))
