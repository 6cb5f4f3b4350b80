"""One table's extra time on the session clock (``schedule.clock.table_time_extend``), from the table page: the
chief referee or an organizer. Thin: a form, then the service; a refusal goes back on the form."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from schedule import clock
from scoring.forms.corrections import TableTimeForm
from tournament.clock import clock_context
from tournament.models import Session, Table
from tournament.views.mixins import ChiefOrOrganizerRequiredMixin, add_service_error


class TableTimeView(ChiefOrOrganizerRequiredMixin, TemplateView):
    template_name = "schedule/table_time.html"

    @cached_property
    def table(self):
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        return get_object_or_404(Table.objects.select_related("session"), session=session, number=self.kwargs["t"])

    def sheet_url(self):
        return reverse("sheet", args=[self.tournament.slug, self.table.session.number, self.table.number])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = self.table
        form = kwargs.get("form") or TableTimeForm(
            initial={"minutes": table.extra_minutes or None, "reason": table.extra_reason}
        )
        context.update(
            session=table.session,
            table=table,
            form=form,
            clock=clock_context(table.session, table=table),
            session_clock=clock_context(table.session),
            sheet_url=self.sheet_url(),
        )
        return context

    def post(self, request, *args, **kwargs):
        form = TableTimeForm(request.POST)
        if form.is_valid():
            try:
                table = clock.table_time_extend(
                    table=self.table,
                    minutes=form.cleaned_data["minutes"],
                    reason=form.cleaned_data["reason"],
                    by=request.user,
                )
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                if table.extra_minutes:
                    message = _("Table %(t)s plays until %(time)s.") % {
                        "t": table.number,
                        "time": timezone.localtime(table.ends_at).strftime("%H:%M"),
                    }
                else:
                    message = _("Table %(t)s ends with the session again.") % {"t": table.number}
                messages.success(request, message)
                return redirect(self.sheet_url())
        return self.render_to_response(self.get_context_data(form=form), status=400)
