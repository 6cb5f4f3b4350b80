"""Organizer page of the players' private codes: made, shown and printed for the player cards. With their code
a player confirms score sheets on their own phone (the pages are scoring.views.player's)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from tournament import services
from tournament.models import Player
from tournament.views.mixins import OrganizerRequiredMixin


class PlayerCodesView(OrganizerRequiredMixin, TemplateView):
    """Every player's code and private link, as cards to print; POST makes the missing codes."""

    template_name = "manage/player_codes.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        players = list(self.tournament.players.order_by("number"))
        # The player's own page (confirm sheets, see results, file an appeal), absolute: it is printed on slips.
        for player in players:
            player.private_url = (
                self.request.build_absolute_uri(reverse("player-page", args=[self.tournament.slug, player.code]))
                if player.code
                else ""
            )
        context.update(
            players=players,
            missing=sum(1 for p in players if not p.code),
            confirm_url=self.request.build_absolute_uri(reverse("player-code", args=[self.tournament.slug])),
        )
        return context

    def post(self, request, *args, **kwargs):
        try:
            count = services.player_codes_generate(tournament=self.tournament, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        else:
            messages.success(request, _("%(n)s player codes made.") % {"n": count})
        return redirect("manage-player-codes", slug=self.tournament.slug)


class PlayerCodeResetView(PlayerCodesView):
    """A new code for one player whose code someone else has seen (or who lost their card); the old one stops
    working. Asks first (the printed card stops working); posted with confirm=1, it does it."""

    def post(self, request, *args, **kwargs):
        player = get_object_or_404(Player, tournament=self.tournament, number=self.kwargs["number"])
        if request.POST.get("confirm") != "1":
            return self.ask(player)
        services.player_code_reset(player=player, by=request.user, expected=request.POST.get("code"))
        messages.success(
            request,
            _("%(player)s has a new code; the old one no longer works. Print their card again (Print this card).")
            % {"player": player},
        )
        return redirect(reverse("manage-player-codes", args=[self.tournament.slug]) + f"#card-{player.number}")

    def ask(self, player):
        lines = [
            _("The private link and the code printed on their card stop working at once, for anyone who has them."),
            _("Then print their card alone (Print this card) and hand it to them: it carries the new code."),
        ]
        if player.code:
            lines.insert(0, _("Their code now: %(code)s.") % {"code": player.code_display})
        context = self.get_context_data(
            confirm={
                "title": _("Give %(player)s a new code?") % {"player": player},
                "lines": lines,
                "warnings": [],
                "button": _("Give a new code"),
                "reason": None,
                "action": self.request.path,
                "cancel": reverse("manage-player-codes", args=[self.tournament.slug]) + f"#card-{player.number}",
                # The code shown: a second tap finds it changed already and gives no second new code.
                "hidden": [("code", player.code)],
            }
        )
        return TemplateResponse(self.request, "schedule/confirm.html", context)
