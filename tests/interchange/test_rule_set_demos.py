"""The demo tournaments of the Swiss championship and Spanish rules, loaded beside the MCR demo (issue 13)."""

import io
import json

import pytest
from django.core.management import call_command

from interchange.export import tournament_export
from interchange.management.commands.load_demo import RULE_SET_DEMOS, rule_set_fixture, rule_set_fixture_text
from scoring.models import HandVersion
from standings.selectors import player_standings
from tournament.models import Tournament, TournamentRole


def run():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_load_demo_loads_three_rule_sets_once():
    first = run()
    assert "Loaded the Swiss Mahjong Championships demo" in first and "Loaded the Spanish Mah-Jong Rules demo" in first
    assert set(Tournament.objects.values_list("rules", flat=True)) == {"mcr", "spanish", "swiss_championship"}
    count = HandVersion.objects.count()
    assert "already loaded" in run() and HandVersion.objects.count() == count
    for slug in RULE_SET_DEMOS:
        assert TournamentRole.objects.filter(tournament__slug=slug, user__username="referee").exists()


@pytest.mark.django_db
def test_rule_set_demos_are_scored_by_their_rules():
    run()
    swiss = Tournament.objects.get(slug="demo-swiss")
    spanish = Tournament.objects.get(slug="demo-spanish")
    assert (swiss.hands_per_session, spanish.hands_per_session) == (4, 8)
    swiss_versions = HandVersion.objects.filter(hand__sheet__table__session__tournament=swiss)
    assert swiss_versions.filter(points__lt=8, outcome="discard").exists()  # no MCR minimum
    assert swiss_versions.exclude(tiles={}).exists()
    spanish_versions = HandVersion.objects.filter(
        hand__sheet__table__session__tournament=spanish, outcome__in=["discard", "self_drawn"]
    )
    assert spanish_versions.exists() and all(v.player_points and len(v.player_points) == 4 for v in spanish_versions)
    for t in (swiss, spanish):
        rows = player_standings(t)
        assert len(rows) == 8 and rows[0].rank == 1
        assert t.sessions.filter(status="closed").count() == 2
        data = tournament_export(t)
        with open(rule_set_fixture(t.slug), encoding="utf-8") as fh:
            assert json.load(fh) == data


def test_checked_in_rule_set_fixtures_match_the_generator():
    for slug in RULE_SET_DEMOS:
        assert rule_set_fixture(slug).read_text(encoding="utf-8") == rule_set_fixture_text(slug), (
            f"{rule_set_fixture(slug)} is stale: run python manage.py load_demo --regenerate-fixture"
        )
