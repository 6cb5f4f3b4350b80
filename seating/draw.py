"""A session drawn at random (MCR 3.5.1: players are drawn to tables), keeping team-mates at different tables
whenever that is possible: each team no larger than the number of tables.

Dealing: the players are shuffled, gathered by team (the largest teams first, players without a team last,
ties in the shuffled order), and dealt round the tables one by one, as cards are dealt. A team's members take
consecutive places in the deal, so a team of k players lands on k different tables as long as k is at most
the number of tables. Then the tables and each table's seats (the starting winds) are shuffled. Without teams
it is the plain draw: the shuffled players cut into fours.
"""

from __future__ import annotations

import random
from collections.abc import Hashable

from .errors import PlayerCountError
from .types import Table, Teams


def draw_session(players: int, teams: Teams | None = None, rng: random.Random | int | str = 0) -> list[Table]:
    """Players 1..``players`` at tables of four in wind order (East, South, West, North). ``teams`` maps player
    number -> team; ``rng`` is a ``random.Random`` or a seed. The same seed gives the same draw."""
    if players < 4 or players % 4:
        raise PlayerCountError(players)
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    order = list(range(1, players + 1))
    rng.shuffle(order)
    tables = players // 4
    groups: dict[Hashable, list[int]] = {}
    for p in order:
        team = (teams or {}).get(p)
        groups.setdefault(("team", team) if team is not None else ("alone", p), []).append(p)
    if all(len(members) == 1 for members in groups.values()):
        return [tuple(order[i : i + 4]) for i in range(0, players, 4)]
    # sorted() is stable: teams of one size keep the shuffled order in which they first appeared.
    deal = [p for members in sorted(groups.values(), key=len, reverse=True) for p in members]
    dealt: list[list[int]] = [[] for _ in range(tables)]
    for i, p in enumerate(deal):
        dealt[i % tables].append(p)
    rng.shuffle(dealt)
    for table in dealt:
        rng.shuffle(table)
    return [tuple(table) for table in dealt]
