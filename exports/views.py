"""Downloads: standings files, score sheets, the ranking file and the record of fouls.

Thin: pick a row generator (``exports.datasets``) and a renderer (``exports.renderers``), answer with the file.
Standings follow the standings pages' visibility; score sheets are for organizers and referees;
the ranking file and the record of fouls for organizers only. Included under /t/<slug>/exports/.
"""

import json
from collections.abc import Callable
from typing import ClassVar

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views import View

from exports import datasets
from exports.appeal_pdf import appeal_pdf
from exports.observer_report import observer_report, observer_report_pdf
from exports.player_cards import player_card_url, player_cards, player_cards_pdf
from exports.renderers import RENDERERS
from exports.score_sheets import score_sheets_pdf
from exports.seat_list import seat_list_pdf
from tournament.models import Seat, Session, Table
from tournament.views.mixins import OrganizerRequiredMixin, ScorerRequiredMixin, TournamentMixin


def file_response(content, content_type, filename, attachment=True):
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(attachment, filename)
    response["X-Content-Type-Options"] = "nosniff"
    # Results change while sessions are played: never serve a stale copy.
    response["Cache-Control"] = "no-store"
    return response


class DatasetExportView(View):
    """A dataset in the format named by the URL (``fmt``): CSV, XLSX or PDF."""

    formats: tuple[str, ...] = ("xlsx", "pdf", "csv")
    build: ClassVar[Callable[..., datasets.Dataset]]  # function(tournament) -> Dataset

    def get(self, request, *args, **kwargs):
        fmt = kwargs.get("fmt") or self.formats[0]
        if fmt not in self.formats:
            raise Http404(_("No such file format."))
        tournament = self.tournament
        dataset = self.dataset(tournament)
        content_type, render = RENDERERS[fmt]
        return file_response(
            render(dataset, tournament),
            content_type,
            f"{tournament.slug}-{dataset.name}.{fmt}",
            attachment=fmt != "pdf",
        )

    def dataset(self, tournament):
        return type(self).build(tournament)


class ResultsExportView(TournamentMixin, DatasetExportView):
    """Results files: the public's copy has published sessions only; organizers' and referees' copies
    have every session, with a note naming those not public yet."""

    def dataset(self, tournament):
        return type(self).build(tournament, public=self.public_view)


class StandingsExportView(ResultsExportView):
    build = datasets.standings_dataset


class TeamStandingsExportView(ResultsExportView):
    build = datasets.team_standings_dataset


class TabulationExportView(ResultsExportView):
    build = datasets.tabulation_dataset


class EmaExportView(OrganizerRequiredMixin, DatasetExportView):
    """The ranking file, or -- when a ranking body would refuse it -- a page naming every problem."""

    formats = ("csv", "xlsx")
    build = datasets.ema_dataset

    def get(self, request, *args, **kwargs):
        try:
            return super().get(request, *args, **kwargs)
        except datasets.RankingFileNotReady as exc:
            return render(
                request,
                "exports/ranking_not_ready.html",
                {"tournament": self.tournament, "problems": exc.problems, "is_organizer": True},
                status=409,
            )


class FoulsExportView(OrganizerRequiredMixin, DatasetExportView):
    formats = ("pdf", "xlsx", "csv")
    build = datasets.fouls_dataset


class ScoreSheetsView(ScorerRequiredMixin, View):
    """Score sheets of a session (one page per table), or of one table with ``t`` in the URL.
    ``?blank=1`` prints them without results, for the tables before play."""

    def get(self, request, *args, **kwargs):
        tournament = self.tournament
        session = get_object_or_404(Session, tournament=tournament, number=kwargs["n"])
        blank = request.GET.get("blank") in ("1", "true", "yes")
        tables = session.tables.all()
        name = f"{tournament.slug}-session-{session.number}"
        if "t" in kwargs:
            table = get_object_or_404(Table, session=session, number=kwargs["t"])
            tables = tables.filter(pk=table.pk)
            name += f"-table-{table.number}-score-sheet"
        else:
            if not tables.exists():
                raise Http404(_("This session has not been seated yet."))
            name += "-score-sheets"
        if blank:
            name += "-blank"
        return file_response(
            score_sheets_pdf(tournament, tables, blank=blank), "application/pdf", f"{name}.pdf", attachment=False
        )


def changed_tables(request) -> set[int]:
    """``?tables=2,5``: the table numbers to print again after their seats changed; empty: every table."""
    return {int(t) for t in request.GET.get("tables", "").split(",") if t.strip().isdigit()}


class PlayerCardsView(OrganizerRequiredMixin, View):
    """One card per player (number, name, team, table and wind per session, QR code of their page), to print
    before the tournament."""

    def get(self, request, *args, **kwargs):
        tournament = self.tournament
        short = request.build_absolute_uri(reverse("player-code", args=[tournament.slug]))
        # ``?player=7`` (or 7,12): only those cards, e.g. one reprinted after a lost card and a new code.
        wanted = {int(n) for n in request.GET.get("player", "").split(",") if n.strip().isdigit()} or None
        cards = player_cards(tournament, lambda player: player_card_url(player, request), short, wanted)
        tables, session_number = changed_tables(request), request.GET.get("session", "")
        if tables and session_number.isdigit():
            # Only the cards of the players now at these tables (after a change of seats): reprint those.
            at = set(
                Seat.objects.filter(
                    session__tournament=tournament, session__number=int(session_number), table__number__in=tables
                ).values_list("player__number", flat=True)
            )
            cards = [c for c in cards if c.number in at]
        return file_response(
            player_cards_pdf(tournament, cards),
            "application/pdf",
            f"{tournament.slug}-player-cards.pdf",
            attachment=False,
        )


class SeatListPdfView(TournamentMixin, View):
    """A session's players by name with table and wind, for the wall; public once the seating is."""

    def get(self, request, *args, **kwargs):
        tournament = self.tournament
        session = get_object_or_404(Session, tournament=tournament, number=kwargs["n"])
        if not self.session_visible(session):
            raise Http404(_("The seating of this session is not published yet."))
        return file_response(
            seat_list_pdf(tournament, session, tables=changed_tables(request)),
            "application/pdf",
            f"{tournament.slug}-session-{session.number}-seats.pdf",
            attachment=False,
        )


class ObserverReportView(OrganizerRequiredMixin, View):
    """The EMA observer's report: a PDF to sign, or the same facts as JSON (``fmt``)."""

    def get(self, request, *args, fmt="pdf", **kwargs):
        tournament = self.tournament
        if fmt == "json":
            content = json.dumps(observer_report(tournament), ensure_ascii=False, indent=1).encode("utf-8")
            return file_response(content, "application/json", f"{tournament.slug}-observer-report.json")
        return file_response(
            observer_report_pdf(tournament), "application/pdf", f"{tournament.slug}-observer-report.pdf", False
        )


class AppealPdfView(TournamentMixin, View):
    """An appeal and its decisions, for those who see appeals: referees, the committee, organizers."""

    def get(self, request, *args, **kwargs):
        from scoring.models import Appeal
        from tournament.permissions import can_score, is_appeals_committee

        tournament = self.tournament
        if not request.user.is_authenticated:
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(request.get_full_path())
        if not (can_score(request.user, tournament) or is_appeals_committee(request.user, tournament)):
            raise PermissionDenied(
                _("Only the referees, the appeals committee and the organizers of this tournament see appeals.")
            )
        appeal = get_object_or_404(
            Appeal.objects.select_related(
                "sheet__table__session", "filer", "filed_by", "penalty__player", "tournament"
            ),
            tournament=tournament,
            number=kwargs["number"],
        )
        return file_response(
            appeal_pdf(appeal), "application/pdf", f"{tournament.slug}-appeal-{appeal.number}.pdf", attachment=False
        )
