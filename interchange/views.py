"""Whole-tournament files in the browser: an organizer downloads the interchange JSON; anyone who may
create tournaments uploads one to create a tournament, becoming its organizer. Thin: the import
(``interchange.load``) checks everything, all or nothing, and writes the audit log."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import FormView

from interchange.export import export_json
from interchange.format import InterchangeError
from interchange.forms import TournamentFileForm
from interchange.load import import_notes, tournament_import
from tournament.models import Tournament
from tournament.services import sessions_below_minimum
from tournament.views.mixins import CreatorRequiredMixin, OrganizerRequiredMixin


class TournamentFileView(OrganizerRequiredMixin, View):
    """The tournament as an interchange JSON file (everything: settings, players, seating, hands)."""

    def get(self, request, *args, **kwargs):
        response = HttpResponse(export_json(self.tournament), content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = content_disposition_header(True, f"{self.tournament.slug}.json")
        response["Cache-Control"] = "no-store"  # holds EMA ids and unpublished seating
        return response


class TournamentFileImportView(LoginRequiredMixin, CreatorRequiredMixin, FormView):
    template_name = "interchange/import.html"
    form_class = TournamentFileForm

    def form_valid(self, form):
        data = form.tournament_data()
        slug = data.get("slug")
        if isinstance(slug, str) and Tournament.objects.filter(slug=slug).exists():
            form.add_error(
                "slug",
                _(
                    "A tournament with the short name “%(slug)s” already exists. Give another "
                    "short name to import the file as a new tournament."
                )
                % {"slug": slug},
            )
            return self.form_invalid(form)
        try:
            tournament = tournament_import(data, by=self.request.user)
        except InterchangeError as exc:
            form.import_error = exc
            return self.form_invalid(form)
        players = tournament.players.count()
        messages.success(
            self.request,
            ngettext(
                "Tournament %(name)s imported with %(n)s player. You are its organizer.",
                "Tournament %(name)s imported with %(n)s players. You are its organizer.",
                players,
            )
            % {"name": tournament.name, "n": players},
        )
        warning = sessions_below_minimum(tournament)
        if warning:
            messages.warning(self.request, warning)
        for note in import_notes(tournament):
            messages.warning(self.request, note)
        return redirect("manage-home", slug=tournament.slug)
