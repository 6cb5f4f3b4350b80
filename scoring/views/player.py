"""The players' own pages, opened by the code on their player card (no login): their private page with
their seats, results, fouls and appeals; confirming a sheet or a hand on their own phone."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core.prepared import Prepared
from scoring import services
from scoring.forms.player import PlayerCodeForm
from scoring.forms.signing import HandConfirmForm
from scoring.live import player_news, pulse
from scoring.models import ScoreSheet, Signature
from scoring.queues import player_todo
from scoring.selectors import player_page, player_seat, player_sheets_to_confirm, player_tables
from tournament import code_guard
from tournament import services as tournament_services
from tournament.floor import announcements_shown, call_of_table
from tournament.floor_models import MailAddress
from tournament.lifecycle import ROLL_CALL, CheckInStatus, RollCallStatus
from tournament.mail import mail_offered
from tournament.models import CheckIn, Session, Tournament

# Read on every poll of a player's live page (scoring.live), so compiled once (core.prepared).
_TOURNAMENT_OF_SLUG = Prepared(lambda slug: Tournament.objects.filter(slug=slug), slug=str)


class PlayerPageMixin:
    """The tournament from the URL, visible or not: the player's code is what opens these pages."""

    @cached_property
    def tournament(self):
        found = _TOURNAMENT_OF_SLUG(slug=self.kwargs["slug"])
        if not found:
            raise Http404()
        return found[0]

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["tournament"] = self.tournament
        return context


class PlayerCodeView(PlayerPageMixin, TemplateView):
    """Type the code from the player card; it leads to the player's private page."""

    template_name = "scoring/player_code.html"

    def post(self, request, *args, **kwargs):
        form = PlayerCodeForm(request.POST)
        if form.is_valid():
            try:
                player = code_guard.player_for_request(
                    request, tournament=self.tournament, code=form.cleaned_data["code"]
                )
            except tournament_services.TooManyCodeFailures as exc:
                form.add_error("code", code_guard.refused_message(exc.until))
                response = self.render_to_response(self.get_context_data(form=form), status=429)
                response["Retry-After"] = str(code_guard.wait_minutes(exc.until) * 60)
                return response
            if player is not None:
                return redirect("player-sheets", slug=self.tournament.slug, code=player.code)
            form.add_error("code", _("No player of this tournament has that code. Check it on your player card."))
        return self.render_to_response(self.get_context_data(form=form))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.setdefault("form", PlayerCodeForm())
        return context


class PlayerSheetsView(PlayerPageMixin, TemplateView):
    """A player's private page: their score sheets not yet signed, to check and confirm on their own phone."""

    template_name = "scoring/player_sheets.html"

    @cached_property
    def player(self):
        player = code_guard.player_for_request(self.request, tournament=self.tournament, code=self.kwargs["code"])
        if player is None:
            raise Http404()  # no hint whether the tournament or the code was wrong
        return player

    def dispatch(self, request, *args, **kwargs):
        try:
            self.player  # noqa: B018 -- a wrong code is a 404 before anything else
        except tournament_services.TooManyCodeFailures as exc:
            return code_guard.refused_response(request, self.tournament, exc.until)
        response = super().dispatch(request, *args, **kwargs)
        code_guard.remember(response, request, self.tournament, self.player.code)
        return response

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tables = player_tables(self.tournament, self.player)  # read once for the parts below
        sheets, signed = player_sheets_to_confirm(self.tournament, self.player, tables)
        context.update(
            player=self.player,
            sheets=sheets,
            signed=signed[:5],
            phone_allowed="phone" in self.tournament.confirmation_methods,
            code=self.kwargs["code"],
            errors=kwargs.get("errors", []),
        )
        page = player_page(self.tournament, self.player, tables)
        context.update(page)
        # The roll call the organizer opened to the players themselves (``schedule.attendance``), if any.
        roll_call = (
            Session.objects.filter(ROLL_CALL.q([RollCallStatus.SELF]), tournament=self.tournament)
            .order_by("number")
            .first()
        )
        if roll_call is not None:
            mark = CheckIn.objects.filter(session=roll_call, player=self.player).first()
            context["roll_call"] = {"session": roll_call, "status": mark.status if mark else CheckInStatus.EXPECTED}
        news, upcoming = player_news(self.tournament, self.player)
        context.update(
            live=pulse(news),
            announcements=announcements_shown(self.tournament),
            live_config={
                "url": reverse("player-live", args=[self.tournament.slug, self.kwargs["code"]]),
                "announcements_url": reverse("player-announcements", args=[self.tournament.slug, self.kwargs["code"]]),
                "scope": f"{self.tournament.slug}:{self.player.number}",
                "stale": _("Not updated since %(time)s: the connection is down."),
            },
            call_table={"number": upcoming.table} if upcoming is not None else None,
            mail_offered=mail_offered(),
            mail_address=MailAddress.objects.filter(player=self.player, stopped_at__isnull=True).first(),
            call=call_of_table(upcoming.table_id) if upcoming is not None else None,
        )
        context["todo"] = player_todo(
            self.tournament,
            self.kwargs["code"],
            sheets,
            page["my_sessions"],
            page["my_appeals"],
            self.player.pk,
            page["captain_tables"],
        )
        return context


class PlayerActionView(PlayerSheetsView):
    """POST from the player's page: confirm a sheet or a hand. A wrong code is a 404, like the page."""

    http_method_names = ["post"]

    @cached_property
    def sheet(self):
        seat = player_seat(self.player, self.kwargs["n"], self.kwargs["t"])
        if seat is None:
            raise Http404()
        return ScoreSheet.objects.get(table=seat.table)

    def post(self, request, *args, **kwargs):
        try:
            message = self.act()
        except (ValidationError, PermissionDenied) as exc:
            errors = exc.messages if isinstance(exc, ValidationError) else [str(exc)]
            return self.render_to_response(self.get_context_data(errors=errors))
        messages.success(request, message)
        return redirect(reverse("player-sheets", args=[self.tournament.slug, self.kwargs["code"]]))


class PlayerConfirmSheetView(PlayerActionView):
    def act(self):
        services.sheet_confirm(
            sheet=self.sheet,
            player=self.player,
            method=Signature.Method.PHONE,
            by=self.request.user,
            code=self.kwargs["code"],
        )
        return _("Thank you: you confirmed the score sheet of session %(n)s, table %(t)s.") % {
            "n": self.kwargs["n"],
            "t": self.kwargs["t"],
        }


class PlayerConfirmHandView(PlayerActionView):
    def act(self):
        form = HandConfirmForm(self.request.POST)
        if not form.is_valid():
            raise ValidationError(_("Reload the page and try again."))
        services.hand_confirm(
            sheet=self.sheet,
            number=self.kwargs["hand"],
            by=None,
            player=self.player,
            code=self.kwargs["code"],
            expected_version=form.cleaned_data["version"],
        )
        return _("Hand %(n)s confirmed.") % {"n": self.kwargs["hand"]}
