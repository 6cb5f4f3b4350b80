"""The announcements page (/t/<slug>/manage/announcements/): the organizers and the chief referee post short
messages and withdraw them (``tournament.floor``). Thin: the form, then the service."""

import uuid

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from tournament import floor, mail
from tournament.floor_models import Announcement, MailAddress
from tournament.forms import AnnouncementForm
from tournament.models import Tournament
from tournament.views.mixins import RoleRequiredMixin, add_service_error


class AnnouncerRequiredMixin(RoleRequiredMixin):
    def has_role(self):
        return floor.may_announce(self.request.user, get_object_or_404(Tournament, slug=self.kwargs["slug"]))

    def permission_message(self):
        return _("Only an organizer or the chief referee can post announcements.")


class AnnouncementsView(AnnouncerRequiredMixin, FormView):
    template_name = "manage/announcements.html"
    form_class = AnnouncementForm

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["tournament"] = self.tournament
        return kwargs

    def get_initial(self):
        return {"key": uuid.uuid4()}

    def form_valid(self, form):
        number = form.cleaned_data["session"]
        try:
            floor.announcement_post(
                tournament=self.tournament,
                text=form.cleaned_data["text"],
                session=self.tournament.sessions.filter(number=number).first() if number else None,
                until=form.cleaned_data["until"],
                key=form.cleaned_data["key"],
                by=self.request.user,
            )
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, _("Announced. It shows on the hall display and every player's page."))
        return redirect("manage-announcements", slug=self.tournament.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        shown = list(floor.announcements_shown(self.tournament))
        context.update(
            shown=shown,
            earlier=Announcement.objects.filter(tournament=self.tournament)
            .exclude(pk__in=[a.pk for a in shown])
            .select_related("session")
            .order_by("-posted_at")[:20],
        )
        return context


class AnnouncementWithdrawView(AnnouncerRequiredMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        announcement = get_object_or_404(Announcement, tournament=self.tournament, pk=kwargs["pk"])
        try:
            floor.announcement_withdraw(announcement=announcement, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        else:
            messages.success(request, _("Withdrawn: “%(text)s” is no longer shown.") % {"text": announcement.text})
        return redirect("manage-announcements", slug=self.tournament.slug)


class MailStopView(TemplateView):
    """The one link in every mail (``tournament.mail``): opened, it asks; confirmed, the mails stop. A mail
    scanner that opens links does not stop them."""

    template_name = "tournament/mail_stop.html"

    def post(self, request, *args, **kwargs):
        address = mail.mail_stop(token=kwargs["token"])
        return self.render_to_response(self.get_context_data(address=address, stopped=address is not None))

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.setdefault(
            "address",
            MailAddress.objects.filter(
                token=self.kwargs["token"], player__tournament__slug=self.kwargs["slug"]
            ).first(),
        )
        return context
