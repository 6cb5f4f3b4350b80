"""The player's page kept current (``scoring.live``) and a table's call for a referee from it (issue 31).

The poll answers JSON and is opened by the same code as the page (``PlayerSheetsView``: a wrong code is a 404,
the code throttle applies). Calling a referee posts from the page and comes back to it."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View

from scoring.live import player_news, pulse
from scoring.views.player import PlayerSheetsView
from tournament import code_guard, floor, mail
from tournament import services as tournament_services
from tournament.models import Table, Tournament


class PlayerLiveView(PlayerSheetsView):
    """GET: the page's news items and their digest, for ``static/js/player-live.js``."""

    http_method_names = ["get"]

    def get(self, request, *args, **kwargs):
        news, _upcoming = player_news(self.tournament, self.player)
        response = JsonResponse(pulse(news))
        response["Cache-Control"] = "no-store"
        return response


class PlayerAnnouncementsView(PlayerSheetsView):
    """GET: the page's announcements alone (``includes/announcements.html``), for ``static/js/player-live.js``
    when only they changed. An announcement reaches every open page at once; each fetching its whole page would
    be some 200 page fetches within a poll's few seconds beside the referees' hand entry (make loadtest), where
    this is a query and a small fragment."""

    http_method_names = ["get"]

    def get(self, request, *args, **kwargs):
        response = render(
            request, "includes/announcements.html", {"announcements": floor.announcements_shown(self.tournament)}
        )
        response["Cache-Control"] = "no-store"
        return response


class PlayerCallView(PlayerSheetsView):
    """POST: the player's table (the one they play at now or next) asks for a referee; ``close`` ends the
    table's call. A second tap finds the call the first made."""

    http_method_names = ["post"]
    close = False

    def post(self, request, *args, **kwargs):
        _news, upcoming = player_news(self.tournament, self.player)
        table = Table.objects.select_related("session__tournament").get(pk=upcoming.table_id) if upcoming else None
        try:
            if table is None:
                raise ValidationError(_("You have no table in a session being played."))
            if self.close:
                call = floor.call_of_table(table)
                if call is not None and call.is_live:
                    floor.referee_call_close(call=call, by=request.user, player=self.player)
                messages.success(request, _("Your call for a referee is closed."))
            else:
                floor.referee_call_make(table=table, player=self.player, by=request.user)
                messages.success(request, _("A referee is called to your table; this page says who is coming."))
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        return redirect("player-page", slug=self.tournament.slug, code=self.kwargs["code"])


class PlayerMailView(PlayerSheetsView):
    """POST: the player gives their address and agrees to the e-mails (``tournament.mail``), or stops them."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        try:
            if request.POST.get("stop"):
                current = getattr(self.player, "mail_address", None)
                if current is not None:
                    mail.mail_stop(token=current.token)
                messages.success(request, _("No more e-mails will be sent to you."))
            else:
                address = mail.mail_subscribe(
                    player=self.player, address=request.POST.get("address", ""), agreed=bool(request.POST.get("agree"))
                )
                messages.success(
                    request,
                    _("Your seats and the sheets to confirm will be e-mailed to %(a)s.") % {"a": address.address},
                )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        return redirect(reverse("player-page", args=[self.tournament.slug, self.kwargs["code"]]) + "#mail")


class TableCallView(View):
    """POST from the table's own page (a table without its own referee, players scoring on a shared device): a
    player of the table types their code and the table calls a referee (``close``: no longer needs one)."""

    http_method_names = ["post"]
    close = False

    def post(self, request, slug, n, t):
        tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=slug)
        table = get_object_or_404(Table, session__tournament=tournament, session__number=n, number=t)
        back = reverse("sheet", args=[slug, n, t]) + "#referee-call"
        try:
            player = code_guard.player_for_request(request, tournament=tournament, code=request.POST.get("code", ""))
        except tournament_services.TooManyCodeFailures as exc:
            messages.error(request, code_guard.refused_message(exc.until))
            return redirect(back)
        try:
            if player is None or not table.seats.filter(player=player).exists():
                raise ValidationError(_("That code is not the code of a player at this table."))
            if self.close:
                call = floor.call_of_table(table)
                if call is not None and call.is_live:
                    floor.referee_call_close(call=call, by=request.user, player=player)
                messages.success(request, _("The call of table %(t)s is closed.") % {"t": t})
            else:
                floor.referee_call_make(table=table, player=player, by=request.user)
                messages.success(request, _("A referee is called to table %(t)s.") % {"t": t})
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        return redirect(back)
