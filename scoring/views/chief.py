"""What only the chief referee does on a sheet: countersign it, and reopen a signed one (appendix 5); and the
referee's way to ask for the reopening, which the chief referee grants by reopening or declines."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from scoring import services
from scoring.forms.signing import ReopenDeclineForm, ReopenForm, ReopenRequestForm, SignForm
from scoring.views.sheet import ConfirmedSheetActionView, SheetActionView
from tournament.permissions import is_chief_referee


class SheetCountersignView(ConfirmedSheetActionView):
    """The chief referee's signature: undone only by reopening the sheet, so it is asked first."""

    form_class = SignForm
    form_name = "countersign_form"

    def check(self, form):
        services.sheet_countersign_check(sheet=self.sheet, by=self.request.user)

    def confirmation(self, form):
        return {
            "title": _("Countersign the score sheet of table %(t)s, session %(n)s?")
            % {"t": self.table.number, "n": self.session.number},
            "lines": [
                _("You confirm the results below as the chief referee."),
                _(
                    "Undoing it means reopening the sheet, with a reason: the players confirm and the referee signs again."
                ),
            ],
            "button": _("Yes, countersign"),
        }

    def act(self, form):
        services.sheet_countersign(sheet=self.sheet, by=self.request.user)
        return _("Score sheet countersigned.")


class ChiefOnlyActionView(SheetActionView):
    """An action of the chief referee only: the service refuses everyone else, and the page says so at once
    (403), before the form is read."""

    def refusal(self) -> str:
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        if not is_chief_referee(request.user, self.tournament):
            raise PermissionDenied(self.refusal())
        return super().post(request, *args, **kwargs)


class SheetReopenView(ChiefOnlyActionView):
    form_class = ReopenForm
    form_name = "reopen_form"

    def refusal(self):
        return _("Only the chief referee can reopen a signed sheet.")

    def act(self, form):
        services.sheet_reopen(sheet=self.sheet, reason=form.cleaned_data["reason"], by=self.request.user)
        return _("Score sheet reopened. The players confirm and the referee signs again after the change.")


class SheetReopenRequestView(SheetActionView):
    """A referee of the tournament asks the chief referee to reopen the signed sheet (the service checks who)."""

    form_class = ReopenRequestForm
    form_name = "reopen_request_form"

    def act(self, form):
        services.sheet_reopen_request(sheet=self.sheet, reason=form.cleaned_data["reason"], by=self.request.user)
        return _("Your request is with the chief referee; it waits in their list until they answer.")


class SheetReopenDeclineView(ChiefOnlyActionView):
    """The chief referee declines the waiting request, with an answer the referee reads on the sheet."""

    form_class = ReopenDeclineForm
    form_name = "reopen_decline_form"

    def refusal(self):
        return _("Only the chief referee answers a request to reopen a sheet.")

    def act(self, form):
        services.reopen_request_decline(sheet=self.sheet, answer=form.cleaned_data["answer"], by=self.request.user)
        return _("Request declined: the sheet stays signed, and the referee reads your answer on it.")
