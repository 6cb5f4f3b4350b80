"""What only the chief referee does on a sheet: countersign it, and reopen a signed one (appendix 5)."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from scoring import services
from scoring.forms.signing import ReopenForm, SignForm
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
