"""The demo series: ``load_demo`` (interchange) loads two finished tournaments sharing most of their players
and sends ``demo_loaded``; this adds a series ranking them, organized by the demo organizer, through the
services. Once: a series already there is left as it is (an organizer may have linked people in it since)."""

from __future__ import annotations

from datetime import date

from django.urls import reverse

from series import services
from series.models import Series

DEMO_SERIES = "demo-league"
DEMO_TOURNAMENTS = ("demo-winter-cup", "demo-spring-open")


def load_demo_series(sender, *, organizer, **kwargs) -> list[tuple[str, str]]:
    """Receiver of ``interchange.signals.demo_loaded``: the series (made once), and the pages to print."""
    series = Series.objects.filter(slug=DEMO_SERIES).first()
    if series is None:
        series = services.series_create(
            by=organizer,
            name="Demo League",
            slug=DEMO_SERIES,
            method=Series.Method.MERS,
            description="The two finished demo tournaments, ranked the EMA's way.",
            as_of=date(2026, 6, 30),
            tournaments=[services.TournamentEntry(slug=slug) for slug in DEMO_TOURNAMENTS],
        )
    ranking = series.rankings.order_by("-number").first()
    pages = [(reverse("series-detail", args=[series.slug]), f"The demo series “{series.name}” (organizer)")]
    if ranking is not None:
        listed = [row for row in ranking.rows if row["listed"]]
        if listed:
            pages.append(
                (reverse("series-person", args=[series.slug, listed[0]["person"]]), "A player's results and chart")
            )
    pages.append((reverse("series-people", args=[series.slug]), "People to link across the series (organizer)"))
    return pages
