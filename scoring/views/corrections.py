"""The chief referee's or an organizer's corrections after hands, from the table page: two players who sat in
each other's seats, and a table's hands entered on another table's sheet. Thin: a form, then
``scoring.services.corrections``; a refusal goes back on the form with what was typed. Each page says what the
correction does before it is made, and carries the sheet as it was seen, so a second tap changes nothing."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from scoring import services
from scoring.forms.corrections import HandsMoveForm, SeatSwapForm
from scoring.models import Hand, Penalty
from scoring.results import with_sheet_and_seats
from scoring.services.corrections import seat_order
from scoring.views.sheet import TableSheetMixin
from tournament.models import WIND_NAMES, WINDS, Session
from tournament.views.mixins import ChiefOrOrganizerRequiredMixin, add_service_error


class CorrectionMixin(TableSheetMixin, ChiefOrOrganizerRequiredMixin, TemplateView):
    @cached_property
    def session(self):
        return get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])

    def seats(self):
        return [(WIND_NAMES[WINDS[s.position]], s.player) for s in self.table.seats.all()]

    def sheet_url(self):
        return self.table_url(self.table.number)

    def table_url(self, number):
        return reverse("sheet", args=[self.tournament.slug, self.session.number, number])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            session=self.session,
            table=self.table,
            sheet=self.sheet,
            seats=self.seats(),
            sheet_url=self.sheet_url(),
            hands=sorted(Hand.objects.filter(sheet=self.sheet).values_list("number", flat=True)),
            fouls=Penalty.objects.filter(sheet=self.sheet, withdrawn_at__isnull=True).count(),
        )
        return context

    def done(self, message):
        messages.success(self.request, message)
        return redirect(self.sheet_url())

    def refused(self, form, exc):
        add_service_error(form, exc)
        return self.render_to_response(self.get_context_data(form=form), status=400)


class SeatSwapView(CorrectionMixin):
    template_name = "scoring/seat_swap.html"

    def form(self, data=None):
        initial = {"seen": ",".join(map(str, seat_order(self.sheet)))}
        return SeatSwapForm(data, players=self.seats(), initial=initial)

    def get_context_data(self, **kwargs):
        kwargs.setdefault("form", self.form())
        return super().get_context_data(**kwargs)

    def post(self, request, *args, **kwargs):
        form = self.form(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form), status=400)
        data = form.cleaned_data
        players = {p.pk: p for _wind, p in self.seats()}
        first, second = players.get(data["first"]), players.get(data["second"])
        try:
            if first is None or second is None:
                raise ValidationError(_("Choose two players of this table."))
            services.sheet_seats_swap(
                sheet=self.sheet,
                first=first,
                second=second,
                reason=data["reason"],
                by=request.user,
                seen=data["seen"],
            )
        except (ValidationError, PermissionDenied) as exc:
            return self.refused(form, exc)
        return self.done(
            _("%(a)s and %(b)s now sit in each other's seats on the sheet; every hand keeps who won and who paid.")
            % {"a": first, "b": second}
        )


class HandsMoveView(CorrectionMixin):
    template_name = "scoring/hands_move.html"

    def other_tables(self):
        tables = with_sheet_and_seats(self.session.tables.exclude(pk=self.table.pk)).order_by("number")
        return list(tables)

    def form(self, data=None):
        hands = sorted(Hand.objects.filter(sheet=self.sheet).values_list("number", flat=True))
        choices = [
            (
                t.number,
                _("Table %(n)s: %(players)s")
                % {"n": t.number, "players": ", ".join(str(s.player) for s in t.seats.all())},
            )
            for t in self.other_tables()
        ]
        return HandsMoveForm(data, tables=choices, initial={"seen": ",".join(map(str, hands))})

    def get_context_data(self, **kwargs):
        kwargs.setdefault("form", self.form())
        return super().get_context_data(**kwargs)

    def post(self, request, *args, **kwargs):
        form = self.form(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form), status=400)
        data = form.cleaned_data
        target = next((t for t in self.other_tables() if t.number == data["target"]), None)
        try:
            if target is None:
                raise ValidationError(_("Choose another table of this session."))
            sheet = target.sheet if hasattr(target, "sheet") else services.sheet_for_table(table=target)
            services.sheet_hands_move(
                source=self.sheet, target=sheet, reason=data["reason"], by=request.user, seen=data["seen"]
            )
        except (ValidationError, PermissionDenied) as exc:
            return self.refused(form, exc)
        messages.success(
            request,
            _("The hands and fouls are on table %(t)s's sheet now, seat for seat; this sheet is empty again.")
            % {"t": target.number},
        )
        return redirect(self.table_url(target.number))
