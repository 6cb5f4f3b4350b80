"""Issue 24, "Done when": a MERS series over six imported tournaments (8-12 ranked players each, people
shared by EMA id, dated across three years, one older than the last decay step) ranks every player as a
straightforward computation of the method written here, from the tournaments' own standings, does (to
0.01), lists no one below listed_from, and orders them by rating.

The computation below uses none of ``ratings`` or ``series``: only the tournament files, the ``standings``
command (each tournament's places, substitutes as its standings rank them) and the method as the issue
states it, in floating point."""

import io
import json
from collections import defaultdict
from datetime import date

import pytest
from django.core.management import call_command

from tests.series import factory

pytestmark = pytest.mark.django_db


def table_weight(days, players, countries, qualification):
    """The EMA's table: duration + players + countries + qualification."""
    weight = min(max(days, 1), 3)
    weight += 0 if players <= 40 else (0.5 if players <= 80 else 1)
    weight += 0 if countries <= 5 else (0.5 if countries <= 9 else 1)
    return weight + (1 if qualification else 0)


def independent_ranking(series_file):
    as_of = date.fromisoformat(series_file["as_of"])
    specs = {s["slug"]: factory.tournament_data(**s) for s in factory.SIX}
    per_person = defaultdict(list)  # person -> [(base rank, weight after decay)]
    names = {}
    for entry in series_file["tournaments"]:
        data = specs[entry["slug"]]
        out = io.StringIO()
        call_command("standings", entry["slug"], "--format", "json", stdout=out)
        rows = json.loads(out.getvalue())
        n = len(rows)
        start = date.fromisoformat(data["start_date"])
        end = date.fromisoformat(data["end_date"]) if "end_date" in data else start
        if entry.get("weight") is not None:
            weight = entry["weight"]
        else:
            substitutes = sum(1 for p in data["players"] if p.get("is_substitute"))
            countries = len({p["country"] for p in data["players"]})
            weight = table_weight(
                (end - start).days + 1, n + min(3, substitutes), countries, entry.get("qualification")
            )
        age = (as_of - end).days
        factor = 1.0
        for step in series_file["decay"]:
            if age > step["older_than_days"]:
                factor = step["factor"]
        by_number = {p["number"]: p for p in data["players"]}
        for row in rows:
            player = by_number[row["number"]]
            person = player.get("ema_id") or (entry["slug"], row["number"])
            names[person] = player["name"]
            if factor * weight > 0:
                per_person[person].append((1000 * (n - row["rank"]) / (n - 1), weight * factor))
    ratings = {}
    for person, results in per_person.items():
        real = len(results)
        pool = results + [(0.0, 1.0)] * max(0, series_file["minimum_results"] - real)
        part_a = sum(r * w for r, w in pool) / sum(w for _r, w in pool)
        best = sorted(pool, key=lambda rw: (-rw[0], -rw[1]))[: series_file["best_results"]]
        part_b = sum(r * w for r, w in best) / sum(w for _r, w in best)
        ratings[person] = ((part_a + part_b) / 2, real)
    return ratings, names


def printed_ranking(slug):
    out = io.StringIO()
    call_command("series_standings", slug, "--format", "json", stdout=out)
    return json.loads(out.getvalue())


def test_the_ranking_is_the_method_computed_independently(liga, liga_data):
    expected, names = independent_ranking(liga_data)
    rows = printed_ranking("liga-iberica")
    listed = {p: v for p, v in expected.items() if v[1] >= liga_data["listed_from"]}
    # Everyone at or above listed_from, nobody below it.
    assert len(rows) == len(listed) > 10
    assert all(row["results"] >= 2 for row in rows)
    for row in rows:
        person = row["player"]["ema_id"]
        assert person, "players without an EMA id play once each here: none reaches listed_from"
        rating, real = listed[person]
        assert abs(row["rating"] - rating) < 0.01, (row, rating)
        assert row["results"] == real
        assert row["player"]["name"] == names[person]
    # Ordered by rating, best first; equal ratings share a rank.
    ratings = [row["rating"] for row in rows]
    assert ratings == sorted(ratings, reverse=True)
    assert rows[0]["rank"] == 1
    for i, row in enumerate(rows[1:], start=1):
        assert row["rank"] in (rows[i - 1]["rank"], i + 1)
        assert row["rank"] == i + 1 or row["rating"] == rows[i - 1]["rating"]


def test_the_oldest_tournament_counts_for_nothing(liga, liga_data):
    """Lisbon 2023 is older than the last step (1095 days): its results are dropped, so nobody's number of
    results includes it."""
    lisbon_only = dict(liga_data, tournaments=[{"slug": "lisbon-2023", "weight": 3.0}])
    expected, _names = independent_ranking(lisbon_only)
    assert expected == {}
    rows = printed_ranking("liga-iberica")
    ana = next(r for r in rows if r["player"]["ema_id"] == "10000001")
    played = sum(1 for spec in factory.SIX if 0 in spec["people"] and spec["slug"] != "lisbon-2023")
    assert ana["results"] == played


def test_csv_prints_the_same_ranking(liga):
    out = io.StringIO()
    call_command("series_standings", "liga-iberica", "--format", "csv", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0] == "rank,ema_id,name,country,rating,results"
    first = printed_ranking("liga-iberica")[0]
    assert lines[1].split(",")[:2] == [str(first["rank"]), first["player"]["ema_id"]]
    assert lines[1].split(",")[4] == f"{first['rating']:.2f}"
