"""Seating benchmark: quality and speed of round_robin against a random draw.

Each case runs once without teams and, where teams of four can all be kept
apart by counting (3S <= N - 4: a player then has enough non-team-mates to
meet), once with players 1-4, 5-8, ... as teams.  Figures are printed, never
asserted; the tests assert the quality properties.
"""

import time

from seating import round_robin, schedule_metrics
from seating.metrics import random_draw

CASES = [
    (16, 5),
    (20, 5),
    (24, 7),
    (28, 9),
    (32, 10),
    (36, 8),
    (40, 10),
    (64, 10),
    (100, 10),
    (200, 10),
    (400, 12),
    (1000, 10),
    (16, 6),
    (20, 6),
    (24, 8),
    (32, 7),
    (32, 9),
    (32, 11),
    (36, 12),
]


def main():
    head = (
        f"{'case':>8} {'teams':>5} | {'repeats':>7} {'bound':>5} {'wind':>4} {'clash':>5} {'secs':>6}"
        f" | random: {'repeats':>7} {'wind':>4} {'clash':>5}"
    )
    print(head)
    print("-" * len(head))
    worst_small = worst = 0.0
    for n, s in CASES:
        team_runs = [False] + ([True] if 3 * s <= n - 4 else [])
        for with_teams in team_runs:
            teams = {p: (p - 1) // 4 for p in range(1, n + 1)} if with_teams else None
            t0 = time.perf_counter()
            m = round_robin(n, s, teams=teams, seed=1).metrics
            dt = time.perf_counter() - t0
            worst = max(worst, dt)
            if n <= 200:
                worst_small = max(worst_small, dt)
            r = schedule_metrics(random_draw(n, s), teams)
            print(
                f"{n:>4}x{s:<3} {'4' if with_teams else '-':>5} | {m['repeat_excess']:>7} {m['lower_bound']:>5}"
                f" {m['wind_spread']:>4} {m['team_clashes']:>5} {dt:>6.2f}"
                f" | random: {r['repeat_excess']:>7} {r['wind_spread']:>4} {r['team_clashes']:>5}"
            )
    print(f"slowest case: {worst:.2f} s (goal < 2 s); slowest up to 200 players: {worst_small:.2f} s (goal < 0.5 s)")
    print(
        "repeats = sum over pairs of (meetings - 1); bound = proven lower bound; wind = max over players of"
        " (most - least frequent starting wind); teams '-' = run without teams (teams of four cannot all be"
        " kept apart when 3S > N - 4)"
    )


if __name__ == "__main__":
    main()
