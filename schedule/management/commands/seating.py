"""``manage.py seating``: print a round-robin seating chart (no database)."""

import json

from django.core.management.base import BaseCommand, CommandError

from rules.rotation import WINDS
from seating import SeatingError, round_robin
from tournament.models import WIND_NAMES


class Command(BaseCommand):
    help = (
        "Seat N players for S sessions with nobody meeting twice where possible, balanced "
        "starting winds and team-mates apart; prints the chart as JSON or text."
    )
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True, help="number of players (a multiple of 4)")
        parser.add_argument("--sessions", type=int, required=True, help="number of sessions")
        parser.add_argument(
            "--team-size", type=int, default=0, help="players 1..K form team 1, K+1..2K team 2, and so on (K at most 4)"
        )
        parser.add_argument(
            "--prefer",
            choices=["repeats", "clashes"],
            default="repeats",
            help="where no chart has both no repeats and no team clash: minimise repeats first "
            "(default) or team clashes first",
        )
        parser.add_argument("--seed", type=int, default=0, help="draw number: each seed gives another chart")
        parser.add_argument("--format", choices=["json", "text"], default="json")

    def handle(self, *args, players, sessions, team_size, seed, format, prefer="repeats", **options):
        if team_size < 0 or team_size > 4:
            raise CommandError(f"--team-size must be between 1 and 4 (got {team_size})")
        teams = None
        if team_size > 1:
            teams = {p: (p - 1) // team_size + 1 for p in range(1, players + 1)}
        try:
            sched = round_robin(players, sessions, teams=teams, seed=seed, prefer=prefer)
        except SeatingError as exc:
            raise CommandError(str(exc)) from exc
        if format == "json":
            self.stdout.write(json.dumps(sched.as_dict()))
            return
        m = sched.metrics
        width = len(str(players))
        out = [
            f"{players} players, {sessions} sessions" + (f", teams of {team_size}" if teams else "") + f", seed {seed}"
        ]
        out.append(
            f"repeats {m['repeat_excess']} (lower bound {m['lower_bound']}), pairs meeting twice or more "
            f"{m['repeated_pairs']}, most meetings of a pair {m['max_meetings']}, "
            f"wind spread {m['wind_spread']}, team clashes {m['team_clashes']}"
        )
        for s, tables in enumerate(sched.sessions, 1):
            out.append("")
            out.append(f"Session {s}")
            out.append("  table  " + "  ".join(str(WIND_NAMES[w]).ljust(max(width, 5)) for w in WINDS))
            for t, tb in enumerate(tables, 1):
                out.append((f"  {t:>5}  " + "  ".join(str(p).ljust(max(width, 5)) for p in tb)).rstrip())
        self.stdout.write("\n".join(out))
