"""python manage.py load_demo [--regenerate-fixture]

Loads the demo tournament from fixtures/demo.json (through `tournament_import`, so through the
services) unless it is already there, creates the demo logins if missing, and prints them.
The fixture is generated deterministically by `generate_demo()` below; --regenerate-fixture rewrites it.
Beside it, a small demo of each other rule set (fixtures/demo-swiss.json, fixtures/demo-spanish.json,
from `generate_rule_set_demo()`), and two finished tournaments sharing most of their players
(fixtures/demo-winter-cup.json, fixtures/demo-spring-open.json, from `interchange.demo_finished`), loaded the
same way, with the same logins. Then ``demo_loaded`` is sent: the series app adds a series over the finished ones.
"""

import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.urls import NoReverseMatch

from interchange import demo_finished
from interchange.demo_hands import affine_plane_sessions, random_hand, weighted, with_weight
from interchange.export import dumps
from interchange.format import InterchangeError
from interchange.load import tournament_import
from interchange.shape import parse_json
from interchange.signals import demo_loaded
from tournament import services as ts
from tournament.models import Tournament, TournamentRole

DEMO_SLUG = "demo-open"
FIXTURE = settings.BASE_DIR / "fixtures" / "demo.json"
URL = "http://127.0.0.1:8000/"
LOGINS = (
    # username, password, what
    ("organizer", "organizer-demo", TournamentRole.Role.ORGANIZER),  # also creates tournaments
    ("referee", "referee-demo", TournamentRole.Role.REFEREE),
    ("chief", "chief-demo", TournamentRole.Role.CHIEF_REFEREE),
    ("admin", "admin-demo", "superuser"),
)

SEED = 20260516

# (name, country, club, EMA id or "") by team.
TEAMS = {
    "Red Dragons": [
        ("Ana López Ruiz", "ES", "Mahjong Madrid", "04000117"),
        ("Javier Morales", "ES", "Mahjong Madrid", "04000342"),
        ("Lucía Fernández", "ES", "Club Mahjong Valencia", ""),
        ("Pablo Ortega", "ES", "Club Mahjong Valencia", "04000509"),
    ],
    "East Wind": [
        ("Kenji Tanaka", "JP", "Tokyo Riichi & MCR", ""),
        ("Yuki Sato", "JP", "Tokyo Riichi & MCR", ""),
        ("Li Wei", "CN", "Beijing Guobiao Club", ""),
        ("Chen Xiaoling", "CN", "Beijing Guobiao Club", ""),
    ],
    "Bamboo Forest": [
        ("Sophie Martin", "FR", "Mahjong Club de Paris", "07000021"),
        ("Thomas Dubois", "FR", "Mahjong Club de Paris", "07000188"),
        ("Anna Schmidt", "DE", "Mahjong Berlin e.V.", "02000076"),
        ("Lukas Becker", "DE", "Mahjong Berlin e.V.", ""),
    ],
    "White Tigers": [
        ("Marco Rossi", "IT", "Mahjong Milano", "12000044"),
        ("Giulia Bianchi", "IT", "Mahjong Milano", ""),
        ("Jan de Vries", "NL", "Amsterdam Mahjong", "09000230"),
        ("Emma Johansson", "SE", "Stockholm Mahjong", "15000012"),
    ],
}


def _teams_partition(rng, points, lines):
    """Split the 16 points into 4 teams with no three teammates on one line, so at most two
    teammates ever share a table."""
    line_sets = [set(line) for cls in lines for line in cls]
    while True:
        shuffled = points[:]
        rng.shuffle(shuffled)
        teams = [shuffled[i : i + 4] for i in range(0, 16, 4)]
        if all(len(set(team) & line) <= 2 for team in teams for line in line_sets):
            return teams


# The demo's penalties: (session, table) -> penalties, the player by seat.
DEMO_PENALTIES = {
    (1, 2): [{"player_seat": 3, "amount": 10, "to": "nobody", "reason": "late arrival, 7 minutes"}],
    (2, 3): [
        {
            "player_seat": 1,
            "amount": 10,
            "to": "each_other",
            "reason": "false Hu (6 points without flowers)",
            "hand": 9,
        }
    ],
    (3, 1): [{"player_seat": 2, "amount": 20, "to": "nobody", "reason": "late arrival, 12 minutes"}],
    (4, 4): [
        {
            "player_seat": 0,
            "amount": 10,
            "to": "each_other",
            "reason": "false Hu (7 points without flowers)",
            "hand": 5,
        },
        {"player_seat": 2, "amount": 10, "to": "nobody", "reason": "late arrival, 4 minutes"},
    ],
}
DEMO_TIME_RAN_OUT = {(3, 2): 13, (4, 1): 15}  # (session, table) -> hands played before the bell
DEMO_PARTIAL = {1: 3, 2: 2}  # session 5: table -> hands entered so far


def generate_demo():
    """The demo tournament in interchange format, the same every time."""
    rng = random.Random(SEED)
    classes = affine_plane_sessions()
    points = [(x, y) for x in range(4) for y in range(4)]
    team_points = _teams_partition(rng, points, classes)
    players, number_of = _demo_players(team_points)
    skill = {p["number"]: rng.uniform(0.7, 1.4) for p in players}
    class_order = list(range(5))
    rng.shuffle(class_order)
    sessions = []
    for session_number in range(1, 6):
        lines = [line[:] for line in classes[class_order[session_number - 1]]]
        rng.shuffle(lines)
        tables = [
            _demo_table(rng, session_number, table_number, [number_of[pt] for pt in line], skill)
            for table_number, line in enumerate(lines, start=1)
        ]
        sessions.append(
            {
                "number": session_number,
                "status": "closed" if session_number <= 4 else "published",
                "seating_method": "manual",
                "tables": tables,
            }
        )
    data = {
        "name": "Demo Open",
        "slug": DEMO_SLUG,
        "rules": "mcr",
        "session_count": 6,
        "start_date": "2026-05-16",
        "end_date": "2026-05-17",
        "venue": "Hotel Miramar, Valencia",
        "appeal_fee": 20,
        "players": players,
        "sessions": sessions,
    }
    return with_weight(data)


def _demo_players(team_points):
    """The players, and {point of the plane: player number}. Numbers are handed out team by team, as an
    organizer typing the entry list would."""
    number_of = {}
    players = []
    number = 0
    for (team, members), pts in zip(TEAMS.items(), team_points):
        for (name, country, club, ema), pt in zip(members, pts):
            number += 1
            number_of[pt] = number
            row = {"number": number, "name": name, "country": country, "club": club}
            if ema:
                row["ema_id"] = ema
            row["team"] = team
            players.append(row)
    return players, number_of


def _demo_table(rng, session_number, table_number, seats, skill):
    """One table of the demo: sessions 1-4 played out (two stopped by the bell) and submitted, session 5
    under way."""
    rng.shuffle(seats)  # the draw for initial winds
    if session_number <= 4:
        played = DEMO_TIME_RAN_OUT.get((session_number, table_number), 16)
        hands = [random_hand(rng, seats, skill) for _ in range(played)]
        hands += [{"not_played": True} for _ in range(16 - played)]
    else:
        hands = [random_hand(rng, seats, skill) for _ in range(DEMO_PARTIAL.get(table_number, 0))]
    table = {"number": table_number, "seats": seats, "hands": hands, "penalties": []}
    for pen in DEMO_PENALTIES.get((session_number, table_number), []):
        pen = dict(pen)
        pen["player"] = seats[pen.pop("player_seat")]
        # Key order as the export writes it, so the fixture round-trips byte for byte.
        table["penalties"].append({k: pen[k] for k in ("player", "amount", "to", "reason", "hand") if k in pen})
    if session_number <= 4:
        table["submitted"] = True
    return table


def fixture_text():
    return dumps(generate_demo())


# The small demos of the other rule sets: 8 players, 3 sessions of 2 tables, two closed and one under way.
RULE_SET_DEMOS = {
    # slug: (fixture, rule set code, name, venue, seed)
    "demo-swiss": ("demo-swiss.json", "swiss_championship", "Swiss Championship Demo", "Zürich", 20260601),
    "demo-spanish": ("demo-spanish.json", "spanish", "Liga Mah-Jong Demo", "Casa del Mahjong, Sevilla", 20260602),
}
RULE_SET_DEMO_PLAYERS = [
    ("Lea Meier", "CH"),
    ("Noah Keller", "CH"),
    ("Mia Weber", "CH"),
    ("Luca Brunner", "CH"),
    ("Carmen Vidal", "ES"),
    ("Diego Navarro", "ES"),
    ("Elena Castro", "ES"),
    ("Hugo Romero", "ES"),
]
# Three sessions of two tables in which everyone meets six of the other seven players.
RULE_SET_DEMO_SEATING = [
    [[1, 2, 3, 4], [5, 6, 7, 8]],
    [[1, 2, 5, 6], [3, 4, 7, 8]],
    [[1, 3, 5, 7], [2, 4, 6, 8]],
]
# Swiss final points on a discard (002 chapter 6 and 7: a fan, sometimes a kong or a x2 bonus).
SWISS_POINTS = [(1, 20), (2, 14), (3, 6), (4, 14), (5, 5), (8, 8), (9, 3), (16, 3), (17, 1), (32, 1)]
# Spanish: the winner's points (rounded to tens) and a loser's (001 l.32-42).
SPANISH_WINNER = [(20, 10), (30, 14), (40, 12), (50, 8), (60, 6), (80, 4), (100, 3), (150, 1), (200, 1)]
SPANISH_LOSER = [(0, 10), (10, 12), (20, 10), (30, 6), (40, 3), (60, 1)]
# One Swiss hand entered by its tiles, so the sheet shows the fans: Basic Hu (002 l.134).
SWISS_TILES = {
    "concealed": "234456p7p345789s",
    "melds": [],
    "win_tile": "7p",
    "self_drawn": False,
    "flowers": 0,
    "last_tile": False,
    "kong": False,
    "last_wall": False,
    "seat_wind": "S",
    "prevalent_wind": "E",
    "kong_discard": False,
    "first_draw": False,
}


def _rule_set_hand(rng, code, seats):
    if rng.random() < 0.1:
        return {"draw": True}
    winner = rng.choice(seats)
    hand = {"winner": winner}
    self_drawn = rng.random() < 0.25
    if self_drawn:
        hand["self_drawn"] = True
    else:
        hand["from"] = rng.choice([n for n in seats if n != winner])
    if code == "spanish":
        points = [0 if n == winner else weighted(rng, SPANISH_LOSER) for n in seats]
        points[seats.index(winner)] = weighted(rng, SPANISH_WINNER)
        hand["points"], hand["player_points"] = points[seats.index(winner)], points
    else:
        hand["points"] = weighted(rng, SWISS_POINTS) * (3 if self_drawn else 1)  # self-drawn x3 (7.4.1)
    return hand


def generate_rule_set_demo(slug):
    """A small demo tournament under another rule set, in interchange format, the same every time."""
    _fixture, code, name, venue, seed = RULE_SET_DEMOS[slug]
    rng = random.Random(seed)
    hands_per_session = 4 if code == "swiss_championship" else 8
    players = [
        {"number": n, "name": pname, "country": country}
        for n, (pname, country) in enumerate(RULE_SET_DEMO_PLAYERS, start=1)
    ]
    sessions = []
    for number, tables in enumerate(RULE_SET_DEMO_SEATING, start=1):
        rows = []
        for table_number, seats in enumerate(tables, start=1):
            seats = seats[:]
            rng.shuffle(seats)
            played = hands_per_session if number < 3 else hands_per_session // 2
            hands = [_rule_set_hand(rng, code, seats) for _ in range(played)]
            if code == "swiss_championship" and number == 1 and table_number == 1:
                # Player in seat 1 (South in hand 1) wins Basic Hu off seat 0.
                hands[0] = {"winner": seats[1], "from": seats[0], "points": 1, "tiles": dict(SWISS_TILES)}
            row = {"number": table_number, "seats": seats, "hands": hands, "penalties": []}
            if number < 3:
                row["submitted"] = True
            rows.append(row)
        sessions.append(
            {
                "number": number,
                "status": "closed" if number < 3 else "published",
                "seating_method": "manual",
                "tables": rows,
            }
        )
    data = {
        "name": name,
        "slug": slug,
        "rules": code,
        "session_count": 3,
        "venue": venue,
        "players": players,
        "sessions": sessions,
    }
    if code == "spanish":
        data["rule_options"] = {"hands_per_session": hands_per_session}
    return with_weight(data)


def rule_set_fixture(slug):
    return settings.BASE_DIR / "fixtures" / RULE_SET_DEMOS[slug][0]


def rule_set_fixture_text(slug):
    return dumps(generate_rule_set_demo(slug))


class Command(BaseCommand):
    help = "Load the demo tournament and demo logins (does nothing if already loaded)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--regenerate-fixture",
            action="store_true",
            help=f"Rewrite {FIXTURE.relative_to(settings.BASE_DIR)} from the generator first.",
        )

    def handle(self, *args, regenerate_fixture=False, **options):
        if regenerate_fixture:
            FIXTURE.parent.mkdir(parents=True, exist_ok=True)
            FIXTURE.write_text(fixture_text(), encoding="utf-8")
            self.stdout.write(f"Wrote {FIXTURE}")
            for slug in RULE_SET_DEMOS:
                rule_set_fixture(slug).write_text(rule_set_fixture_text(slug), encoding="utf-8")
                self.stdout.write(f"Wrote {rule_set_fixture(slug)}")
            for slug in demo_finished.FINISHED_DEMOS:
                path = demo_finished.finished_fixture(slug)
                path.write_text(demo_finished.finished_fixture_text(slug), encoding="utf-8")
                self.stdout.write(f"Wrote {path}")
        with transaction.atomic():
            tournament = Tournament.objects.filter(slug=DEMO_SLUG).first()
            if tournament is None:
                text = FIXTURE.read_text(encoding="utf-8") if FIXTURE.exists() else fixture_text()
                try:
                    tournament = tournament_import(parse_json(text))
                except InterchangeError as exc:
                    raise CommandError(f"{FIXTURE}: {exc}") from exc
                self.stdout.write(
                    self.style.SUCCESS(
                        f"Loaded the demo tournament “{tournament.name}”: {tournament.players.count()} players, "
                        f"{tournament.sessions.closed().count()} sessions closed."
                    )
                )
            else:
                self.stdout.write(f"The demo tournament “{tournament.name}” is already loaded.")
            notes = self._users(tournament)
            for slug in RULE_SET_DEMOS:
                self._load_other_demo(slug, rule_set_fixture(slug), rule_set_fixture_text)
            for slug in demo_finished.FINISHED_DEMOS:
                self._load_other_demo(slug, demo_finished.finished_fixture(slug), demo_finished.finished_fixture_text)
            organizer = get_user_model().objects.get(username=LOGINS[0][0])
            pages = [
                line
                for _receiver, lines in demo_loaded.send(sender=self.__class__, organizer=organizer)
                for line in lines or ()
            ]
        self._print_logins(tournament, notes, pages)

    def _load_other_demo(self, slug, path, generate):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is not None:
            self.stdout.write(f"The demo tournament “{tournament.name}” is already loaded.")
        else:
            text = path.read_text(encoding="utf-8") if path.exists() else generate(slug)
            try:
                tournament = tournament_import(parse_json(text))
            except InterchangeError as exc:
                raise CommandError(f"{path}: {exc}") from exc
            self.stdout.write(
                self.style.SUCCESS(f"Loaded the {tournament.rule_set.name} demo “{tournament.name}” ({slug}).")
            )
        self._users(tournament)

    def _users(self, tournament):
        """The demo logins (made or checked once: a password hash takes a good part of a second), each given
        its role in this tournament."""
        User = get_user_model()
        notes = {}
        logins = self.__dict__.setdefault("_logins", {})
        for username, password, role in LOGINS:
            user = logins.get(username) or User.objects.filter(username=username).first()
            if username in logins:
                pass
            elif user is None:
                if role == "superuser":
                    user = User.objects.create_superuser(username=username, email="", password=password)
                else:
                    user = User.objects.create_user(username=username, password=password)
            elif not user.check_password(password):
                notes[username] = "(existed already with another password; left unchanged)"
            logins[username] = user
            if role != "superuser":
                ts.role_grant(tournament=tournament, user=user, role=role, by=None)
            if role == TournamentRole.Role.ORGANIZER:
                # The demo organizer creates tournaments from the start page under the default
                # TOURNAMENT_CREATORS=permission, as a real organizer would once given the permission.
                user.user_permissions.add(
                    Permission.objects.get(content_type__app_label="tournament", codename="add_tournament")
                )
        return notes

    def _print_logins(self, tournament, notes, pages=()):
        out = self.stdout
        out.write("")
        try:
            where = f" (the demo tournament: {URL.rstrip('/')}{tournament.get_absolute_url()})"
        except NoReverseMatch:
            where = ""
        out.write(f"Open {URL}{where}")
        out.write("Demo logins:")
        for username, password, role in LOGINS:
            what = "superuser (Django admin at /admin/)" if role == "superuser" else f"{role} of {tournament.name}"
            if role == TournamentRole.Role.ORGANIZER:
                what += "; creates tournaments"
            line = f"  username: {username:<10} password: {password:<15} {what}"
            if username in notes:
                line += " " + notes[username]
            out.write(line)
        for path, what in pages:
            out.write(f"{what}: {URL.rstrip('/')}{path}")
