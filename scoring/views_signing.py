"""Fouls, confirmations and signatures on the score-sheet page, and the players' own confirmation pages.

Thin: a form, then a service; an error from the service is shown on the sheet with what the user typed.
The panels are templates/scoring/_fouls.html and _confirmations.html (context from scoring.templatetags.signing).
"""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring import entry_replay, offline, services
from scoring.forms_signing import ConfirmForm, FoulForm, HandConfirmForm, PlayerCodeForm, ReopenForm, SignForm
from scoring.models import SIGNED_STATUSES, Appeal, ScoreSheet, Signature
from scoring.results import sheets_data
from scoring.views import SheetView
from tournament import services as tournament_services
from tournament.models import Seat, Session, Table, Tournament
from tournament.permissions import is_chief_referee
from tournament.views.mixins import add_service_error


class SheetActionView(SheetView):
    """POST one action on the sheet; on an error the sheet is shown again with the form and its message."""

    http_method_names = ["get", "post"]
    form_class = None
    form_name = ""
    success_message = ""

    def get(self, request, *args, **kwargs):
        # The address of a refused post, reloaded or opened again: back to the sheet's panel, not a 405.
        return redirect(self.sheet_url() + self.anchor)

    def form(self):
        return self.form_class(self.request.POST)

    def act(self, form):
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        form = self.form()
        error = None
        if form.is_valid():
            try:
                message = self.act(form)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
                error = exc
            else:
                if offline.wants_json(request):  # the outbox (static/js/outbox.js): fouls
                    return offline.entry_saved(message or self.success_message)
                messages.success(request, message or self.success_message)
                return redirect(self.sheet_url() + self.anchor)
        if offline.wants_json(request):
            return offline.entry_refused(form, error)
        return self.render_to_response(self.get_context_data(**{self.form_name: form}))

    anchor = "#signing"


class FoulRecordView(SheetActionView):
    form_name = "foul_form"
    anchor = "#fouls"

    def form(self):
        return FoulForm(self.request.POST, players=self.players, hands_per_session=self.tournament.hands_per_session)

    def act(self, form):
        penalty = services.foul_record(
            sheet=self.sheet,
            by=self.request.user,
            idempotency_key=entry_replay.key_from(self.request.POST),
            expected_fouls=entry_replay.expected_fouls_from(self.request.POST),
            **form.service_kwargs(),
        )
        if penalty.is_warning:
            cost = _("a warning, no points")
        elif penalty.recipient_id:
            cost = _("%(n)s points to %(player)s") % {"n": penalty.amount, "player": penalty.recipient.name}
        elif penalty.to == penalty.To.EACH_OTHER:
            cost = _("%(n)s points to each other player") % {"n": penalty.amount}
        else:
            cost = _("%(n)s points to nobody") % {"n": penalty.amount}
        return _("Recorded for %(player)s: %(foul)s, %(cost)s.") % {
            "player": penalty.player.name,
            "foul": penalty.foul_name,
            "cost": cost,
        }


class HandConfirmView(SheetActionView):
    form_class = HandConfirmForm
    form_name = "hand_confirm_form"

    def act(self, form):
        number = self.kwargs["hand"]
        services.hand_confirm(
            sheet=self.sheet, number=number, by=self.request.user, expected_version=form.cleaned_data["version"]
        )
        return _("Hand %(n)s confirmed; it counts now.") % {"n": number}


class SheetConfirmView(SheetActionView):
    """A player confirms on the referee's device: the referee is logged in, the player taps their name."""

    form_class = ConfirmForm
    form_name = "confirm_form"

    def act(self, form):
        player = next((p for p in self.players if p.pk == form.cleaned_data["player"]), None)
        if player is None:
            raise ValidationError(_("That player does not play at this table."))
        services.sheet_confirm(sheet=self.sheet, player=player, method=Signature.Method.DEVICE, by=self.request.user)
        return _("%(player)s confirmed the sheet.") % {"player": player.name}


class MarkRestNotPlayedView(SheetActionView):
    form_class = SignForm
    form_name = "not_played_form"

    def act(self, form):
        numbers = services.sheet_mark_rest_not_played(sheet=self.sheet, by=self.request.user)
        return (
            _("Hands %(hands)s marked not played.") % {"hands": ", ".join(map(str, numbers))}
            if numbers
            else _("Every hand is entered already.")
        )


class SheetSignView(SheetActionView):
    """The referee signs (the old "submit"): once the players have confirmed, where the tournament asks them to."""

    form_class = SignForm
    form_name = "sign_form"

    def post(self, request, *args, **kwargs):
        """Signing makes the results final, so it is asked first (issue 15): a post without confirm=1 is checked
        by the service's own rules, then answered with a page saying what signing does, whose button posts again
        with confirm=1. A signature that would be refused is refused at once, on the sheet."""
        if request.POST.get("confirm") == "1":
            return super().post(request, *args, **kwargs)
        form = self.form()
        if form.is_valid():
            mark_rest = form.cleaned_data["mark_rest_not_played"]
            try:
                services.sheet_sign_check(sheet=self.sheet, by=request.user, mark_rest_not_played=mark_rest)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                return self.render_confirmation(mark_rest)
        return self.render_to_response(self.get_context_data(**{self.form_name: form}))

    def render_confirmation(self, mark_rest):
        context = self.get_context_data()
        missing = services.sheet_missing_hands(self.sheet) if mark_rest else []
        context.update(
            confirm_sign={"mark_rest": mark_rest, "missing": missing, "cancel": self.sheet_url() + "#signing"}
        )
        return self.response_class(
            request=self.request, template="scoring/sign_confirm.html", context=context, using=self.template_engine
        )

    def act(self, form):
        services.sheet_sign(
            sheet=self.sheet, by=self.request.user, mark_rest_not_played=form.cleaned_data["mark_rest_not_played"]
        )
        return _("Score sheet signed. It is locked now; only the chief referee can reopen it.")


class SheetCountersignView(SheetActionView):
    form_class = SignForm
    form_name = "countersign_form"

    def act(self, form):
        services.sheet_countersign(sheet=self.sheet, by=self.request.user)
        return _("Score sheet countersigned.")


class SheetReopenView(SheetActionView):
    """The chief referee only: the service refuses everyone else, and the page says so."""

    form_class = ReopenForm
    form_name = "reopen_form"

    def post(self, request, *args, **kwargs):
        if not is_chief_referee(request.user, self.tournament):
            raise PermissionDenied(_("Only the chief referee can reopen a signed sheet."))
        return super().post(request, *args, **kwargs)

    def act(self, form):
        services.sheet_reopen(sheet=self.sheet, reason=form.cleaned_data["reason"], by=self.request.user)
        return _("Score sheet reopened. The players confirm and the referee signs again after the change.")


# ------------------------------------------------------------------ the players' own pages (no login)


def client_address(request) -> str:
    return request.META.get("REMOTE_ADDR", "")


class PlayerPageMixin:
    """The tournament from the URL, visible or not: the player's code is what opens these pages."""

    @cached_property
    def tournament(self):
        return get_object_or_404(Tournament, slug=self.kwargs["slug"])

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
                player = tournament_services.player_for_code(
                    tournament=self.tournament, code=form.cleaned_data["code"], address=client_address(request)
                )
            except tournament_services.TooManyCodeFailures:
                form.add_error("code", _("Too many wrong codes from here; wait a quarter of an hour and try again."))
                return self.render_to_response(self.get_context_data(form=form), status=429)
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
        try:
            player = tournament_services.player_for_code(
                tournament=self.tournament, code=self.kwargs["code"], address=client_address(self.request)
            )
        except tournament_services.TooManyCodeFailures:
            raise Http404() from None
        if player is None:
            raise Http404()  # no hint whether the tournament or the code was wrong
        return player

    def dispatch(self, request, *args, **kwargs):
        self.player  # noqa: B018 -- a wrong code is a 404 before anything else
        return super().dispatch(request, *args, **kwargs)

    def seats(self):
        # Published sessions only: a seating not yet published is not shown to players, here either.
        return (
            Seat.objects.filter(player=self.player, session__status__in=Session.PUBLIC_STATUSES)
            .select_related("table__sheet", "session")
            .order_by("-session__number")
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sheets, signed = [], []
        for seat in self.seats():
            sheet = getattr(seat.table, "sheet", None)
            if sheet is None:
                continue
            if sheet.status in SIGNED_STATUSES:
                signed.append(seat)
                continue
            data = sheets_data(self.tournament, seat.table.session.tables.filter(pk=seat.table_id))[0]
            sheets.append(
                {
                    "seat": seat,
                    "data": data,
                    "sheet": sheet,
                    "mine": data.confirmation_of(self.player),
                    "score": data.scores[seat.position] if data.scores else None,
                    "rows": [
                        {
                            "hand": h,
                            "delta": h.deltas[seat.position] if h.deltas else None,
                            "total": h.totals[seat.position] if h.totals else None,
                            "pending_delta": h.pending.deltas[seat.position] if h.pending else None,
                        }
                        for h in data.hands
                    ],
                }
            )
        context.update(
            player=self.player,
            sheets=sheets,
            signed=signed[:5],
            phone_allowed="phone" in self.tournament.confirmation_methods,
            code=self.kwargs["code"],
            errors=kwargs.get("errors", []),
        )
        context.update(my_page(self.tournament, self.player))
        return context


def my_page(tournament, player) -> dict:
    """The rest of a player's private page: their seat and starting wind in every published session, with
    the next one to play first; their results hand by hand; their fouls; the appeals about their tables."""
    seats = list(
        Seat.objects.filter(player=player, session__status__in=Session.PUBLIC_STATUSES)
        .select_related("table__sheet", "session")
        .order_by("session__number")
    )
    tables = Table.objects.filter(pk__in=[seat.table_id for seat in seats])
    data_of = {d.table_id: d for d in sheets_data(tournament, tables)} if seats else {}
    from scoring.appeals import appeal_deadline

    now = timezone.now()
    rows, fouls = [], []
    for seat in seats:
        data = data_of[seat.table_id]
        sheet = getattr(seat.table, "sheet", None)
        position = seat.position
        rows.append(
            {
                "seat": seat,
                "data": data,
                "sheet": sheet,
                "signed": bool(sheet and sheet.is_signed),
                "closed": seat.session.status == Session.Status.CLOSED,
                "appeal_until": appeal_deadline(seat.session, tournament, sheet),
                "score": data.scores[position] if data.scores else None,
                "table_points": data.table_points[position] if data.table_points else None,
                "hands": [
                    {"hand": h, "delta": h.deltas[position], "total": h.totals[position]}
                    for h in data.hands
                    if h.version is not None
                ],
            }
        )
        rows[-1]["appeal_open"] = rows[-1]["appeal_until"] is None or now <= rows[-1]["appeal_until"]
        fouls += [(seat.session.number, seat.table.number, p) for p in data.given_penalties if p.player_id == player.pk]
    # The next seat: the first published session not yet signed at the player's table.
    upcoming = next((r for r in rows if not r["closed"] and not r["signed"]), None)
    # A captain also sees the appeals they filed for their team's tables, to follow and escalate them.
    appeals = list(
        Appeal.objects.filter(Q(sheet__table__seats__player=player) | Q(filer=player))
        .distinct()
        .select_related("sheet__table__session", "filer")
        .prefetch_related("decisions")
        .order_by("-number")
    )
    return {
        "my_sessions": rows,
        "next_seat": upcoming,
        "my_fouls": fouls,
        "my_appeals": appeals,
        "captain_tables": captain_tables(tournament, player, exclude={seat.table_id for seat in seats}),
    }


def captain_tables(tournament, player, exclude=()) -> list[dict]:
    """For a team captain, the tables of published sessions where members of their team played and they did
    not (those are in their own results): each with those members and its appeal window (MCR 3.12.1)."""
    from scoring.appeals import appeal_deadline

    team = tournament_services.team_captain_of(player)
    if team is None:
        return []
    seats = (
        Seat.objects.filter(
            session__tournament=tournament, player__team=team, session__status__in=Session.PUBLIC_STATUSES
        )
        .exclude(table_id__in=exclude)
        .exclude(player=player)
        .select_related("table__sheet", "session", "player")
        .order_by("session__number", "table__number", "position")
    )
    now = timezone.now()
    rows = {}
    for seat in seats:
        row = rows.get(seat.table_id)
        if row is None:
            until = appeal_deadline(seat.session, tournament, getattr(seat.table, "sheet", None))
            row = rows[seat.table_id] = {
                "session": seat.session.number,
                "table": seat.table.number,
                "members": [],
                "appeal_until": until,
                "appeal_open": until is None or now <= until,
            }
        row["members"].append(seat.player)
    return list(rows.values())


class PlayerActionView(PlayerSheetsView):
    """POST from the player's page: confirm a sheet or a hand. A wrong code is a 404, like the page."""

    http_method_names = ["post"]

    @cached_property
    def sheet(self):
        seat = (
            Seat.objects.filter(player=self.player, session__number=self.kwargs["n"], table__number=self.kwargs["t"])
            .select_related("table")
            .first()
        )
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
