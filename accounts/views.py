"""Organizer page to make accounts for referees (under /t/<slug>/manage/accounts/) and the public page
where an invitee chooses their password (/accounts/invitation/...). Thin: forms, then services."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import SetPasswordForm
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.cache import never_cache
from django.views.generic import FormView, TemplateView

from accounts import services
from accounts.forms import InviteForm
from accounts.models import Invitation
from tournament.views.mixins import OrganizerRequiredMixin, add_service_error

SESSION_TOKEN = "invitation_token"
SESSION_NEW_LINK = "invitation_link"


class AccountsView(OrganizerRequiredMixin, FormView):
    """Make a referee (or organizer) account; list the invitations of this tournament."""

    template_name = "accounts/manage.html"
    form_class = InviteForm

    def form_valid(self, form):
        try:
            user, token = services.account_invite(tournament=self.tournament, by=self.request.user, **form.cleaned_data)
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        self._remember_link(user, token)
        return redirect("manage-accounts", slug=self.tournament.slug)

    def _remember_link(self, user, token):
        # Shown once on the next page, then forgotten: the database keeps only the token's hash.
        self.request.session[SESSION_NEW_LINK] = {
            "username": user.get_username(),
            "link": self.request.build_absolute_uri(reverse("invitation", args=[token])),
        }

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        now = timezone.now()
        invitations = list(Invitation.objects.filter(tournament=self.tournament).select_related("user", "created_by"))
        latest = {}
        for invitation in invitations:  # newest first: keep each account's latest link
            latest.setdefault(invitation.user_id, invitation)
        rows = [{"invitation": i, "state": services.invitation_state(i, now)} for i in latest.values()]
        context.update(
            invitations=rows, new_link=self.request.session.pop(SESSION_NEW_LINK, None), hours=settings.INVITATION_HOURS
        )
        return context


class InvitationRenewView(AccountsView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        invitation = get_object_or_404(
            Invitation.objects.select_related("user"), tournament=self.tournament, pk=kwargs["invitation"]
        )
        try:
            token = services.invitation_renew(
                tournament=self.tournament, user=invitation.user, by=request.user, seen=invitation.pk
            )
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        else:
            self._remember_link(invitation.user, token)
        return redirect("manage-accounts", slug=self.tournament.slug)


@method_decorator(never_cache, name="dispatch")
class InvitationLinkView(View):
    """The link itself: keeps the token in the session and moves to a page whose address does not hold it,
    so it does not linger in the browser's history or leak to other sites."""

    def get(self, request, token):
        if services.invitation_for_token(token) is None:
            return invalid_link(request)
        request.session[SESSION_TOKEN] = token
        return redirect("invitation-accept")


def invalid_link(request):
    view = TemplateView.as_view(
        template_name="accounts/invalid_link.html", extra_context={"message": services.INVALID_LINK}
    )
    response = view(request)
    response.status_code = 404
    return response


@method_decorator(never_cache, name="dispatch")
class InvitationAcceptView(FormView):
    template_name = "accounts/accept.html"
    form_class = SetPasswordForm

    def dispatch(self, request, *args, **kwargs):
        self.invitation = services.invitation_for_token(request.session.get(SESSION_TOKEN, ""))
        if self.invitation is None:
            request.session.pop(SESSION_TOKEN, None)
            return invalid_link(request)
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["user"] = self.invitation.user
        return kwargs

    def form_valid(self, form):
        try:
            user = services.invitation_accept(
                token=self.request.session.get(SESSION_TOKEN, ""), password=form.cleaned_data["new_password1"]
            )
        except ValidationError as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        self.request.session.pop(SESSION_TOKEN, None)
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            self.request,
            _("Welcome, %(name)s: your password is set and you are logged in.") % {"name": user.get_username()},
        )
        return redirect("start")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["invitation"] = self.invitation
        return context
