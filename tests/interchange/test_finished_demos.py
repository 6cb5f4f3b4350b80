"""The two finished demo tournaments load_demo loads beside the others (issue 30): finished as a real day leaves
them, sharing most of their players, checked in as fixtures that match their generator."""

import io
import json

import pytest
from django.core.management import call_command

from interchange.demo_finished import FINISHED_DEMOS, finished_fixture, finished_fixture_text
from interchange.export import tournament_export
from scoring.models import Signature
from series.selectors import finished_tournament_ids
from standings.selectors import player_standings
from tournament.models import Tournament, TournamentRole


@pytest.mark.django_db
def test_finished_demos_are_finished_signed_and_share_players():
    call_command("load_demo", stdout=io.StringIO())
    tournaments = [Tournament.objects.get(slug=slug) for slug in FINISHED_DEMOS]
    assert finished_tournament_ids(t.pk for t in tournaments) == {t.pk for t in tournaments}
    for t in tournaments:
        assert t.countersign_required
        for session in t.sessions.all():
            for table in session.tables.select_related("sheet"):
                sheet = table.sheet
                assert sheet.is_final(t), (t.slug, session.number, table.number)
                assert sheet.hands.filter(current__isnull=False).count() == 16
                roles = sorted(sheet.signatures.filter(voided_at__isnull=True).values_list("role", flat=True))
                assert roles == sorted(["player"] * 4 + ["referee", "chief_referee"])
        assert len(player_standings(t)) == 16
        assert TournamentRole.objects.filter(tournament=t, user__username="organizer", role="organizer").exists()
        with open(finished_fixture(t.slug), encoding="utf-8") as fh:
            assert json.load(fh) == tournament_export(t)
    winter, spring = tournaments
    shared = set(winter.players.exclude(ema_id="").values_list("ema_id", flat=True)) & set(
        spring.players.exclude(ema_id="").values_list("ema_id", flat=True)
    )
    assert len(shared) >= 5
    # Some shared players have no EMA id, and the second entry list spells a few of them another way.
    assert {"Lucía Fernández", "Kenji Tanaka"} <= set(winter.players.values_list("name", flat=True))
    assert {"Lucia Fernandez", "Tanaka Kenji"} <= set(spring.players.values_list("name", flat=True))
    assert Signature.objects.filter(sheet__table__session__tournament=spring, role="chief_referee").exists()


def test_checked_in_finished_fixtures_match_the_generator():
    for slug in FINISHED_DEMOS:
        assert finished_fixture(slug).read_text(encoding="utf-8") == finished_fixture_text(slug), (
            f"{finished_fixture(slug)} is stale: run python manage.py load_demo --regenerate-fixture"
        )
