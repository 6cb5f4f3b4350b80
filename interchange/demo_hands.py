"""What the demo tournaments are made of (``load_demo``, ``interchange.demo_finished``): realistic MCR hands, a
seating in which nobody meets anyone twice, and the MERS weight a file's export writes."""

from datetime import date

from ratings.weights import weight_parts
from standings.weight import TournamentWeight, weight_json

# Hand values without flowers, weighted roughly like real MCR play: most wins are 8-30 points,
# big hands are rare.
POINTS = [
    (8, 18),
    (9, 9),
    (10, 9),
    (11, 6),
    (12, 9),
    (13, 5),
    (14, 5),
    (15, 3),
    (16, 5),
    (17, 3),
    (18, 3),
    (19, 2),
    (20, 3),
    (21, 1),
    (22, 2),
    (24, 3),
    (25, 2),
    (26, 2),
    (28, 2),
    (30, 2),
    (32, 2),
    (34, 1),
    (36, 1),
    (40, 1),
    (44, 1),
    (48, 1),
    (52, 0.5),
    (64, 0.6),
    (88, 0.3),
]
FLOWERS = [(0, 52), (1, 26), (2, 14), (3, 6), (4, 2)]


def _gf4_mul(a, b):
    """Multiplication in GF(4) = GF(2)[x]/(x^2 + x + 1), elements 0..3."""
    result = 0
    for i in range(2):
        if b >> i & 1:
            result ^= a << i
    if result & 4:
        result ^= 0b111
    return result


def affine_plane_sessions():
    """The five parallel classes of the affine plane of order 4: 16 points (x, y), each class four
    disjoint lines of four. Any two points share exactly one line, so five sessions seated this way
    have nobody meeting anyone twice."""
    classes = []
    for m in range(4):  # lines y = m*x + b
        classes.append([[(x, _gf4_mul(m, x) ^ b) for x in range(4)] for b in range(4)])
    classes.append([[(c, y) for y in range(4)] for c in range(4)])  # lines x = c
    return classes


def weighted(rng, table):
    values, weights = zip(*table)
    return rng.choices(values, weights=weights)[0]


def random_hand(rng, seats, skill):
    """One realistic hand at a table of four player numbers."""
    roll = rng.random()
    if roll < 0.07:
        return {"draw": True}
    winner = rng.choices(seats, weights=[skill[n] for n in seats])[0]
    points = weighted(rng, POINTS)
    flowers = weighted(rng, FLOWERS)
    hand = {"winner": winner}
    if rng.random() < 0.27:
        hand["self_drawn"] = True
    else:
        hand["from"] = rng.choice([n for n in seats if n != winner])
    hand["points"] = points + flowers
    if flowers:
        hand["flowers"] = flowers
    return hand


def with_weight(data):
    """The file with the MERS weight its export writes (standings.weight): everyone seated at a table with hands
    plays, no substitutes, no qualification, the days from the dates."""
    played = {n for s in data["sessions"] for t in s["tables"] if t["hands"] for n in t["seats"]}
    countries = {p["country"] for p in data["players"] if p["number"] in played and p.get("country")}
    days = 1
    if data.get("start_date") and data.get("end_date"):
        days = (date.fromisoformat(data["end_date"]) - date.fromisoformat(data["start_date"])).days + 1
    parts = weight_parts(days=days, players=len(played), countries=len(countries), qualification=False)
    data["mers_weight"] = weight_json(TournamentWeight(parts=parts, ranked=len(played), substitutes=0, basis="played"))
    return data
