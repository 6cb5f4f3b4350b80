"""Organizers' pages: create a series (by hand or from a file), its settings and tournaments, computing its
ranking again, its organizers, linking its players to people, its audit log, its file, deleting it; and a
tournament's people page. Thin: forms for shape, services for the rules."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import FormView, TemplateView

from core import text_messages, textfile
from exports.views import file_response
from series import audit_text, fileformat, same_person, selectors, services
from series.forms import LinkForm, SeriesFileForm, SeriesForm, SeriesRoleForm
from series.models import Person, PlayerLink, Series, SeriesRole
from series.permissions import is_series_organizer
from series.views.mixins import SeriesMixin, SeriesOrganizerMixin, add_service_error, can_create_series
from tournament.models import AuditLog, Player
from tournament.permissions import is_organizer
from tournament.views.mixins import OrganizerRequiredMixin


class CreatorRequiredMixin(LoginRequiredMixin):
    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not can_create_series(request.user):
            raise PermissionDenied(_("You may not create a series: ask an administrator, or organize a tournament."))
        return super().dispatch(request, *args, **kwargs)


class SeriesFormMixin:
    template_name: str | None = "series/form.html"

    def form_arguments(self, series=None):
        tournaments = selectors.candidate_tournaments(self.request.user, series)
        return {"tournaments": tournaments, "series": series, "table_weights": selectors.table_weights(tournaments)}

    def render_form(self, form, **extra):
        return self.render_to_response(self.get_context_data(form=form, **extra))


class SeriesCreateView(CreatorRequiredMixin, SeriesFormMixin, TemplateView):
    def get(self, request, *args, **kwargs):
        return self.render_form(SeriesForm(**self.form_arguments()), creating=True)

    def post(self, request, *args, **kwargs):
        form = SeriesForm(request.POST, **self.form_arguments())
        if form.is_valid():
            try:
                series = services.series_create(by=request.user, **form.service_arguments())
            except ValidationError as exc:
                add_service_error(form, exc, form.field_for)
            else:
                messages.success(request, _("Series created; its ranking is computed."))
                return redirect("series-detail", series.slug)
        return self.render_form(form, creating=True)


class SeriesSettingsView(SeriesOrganizerMixin, SeriesFormMixin, TemplateView):
    def get(self, request, *args, **kwargs):
        return self.render_form(SeriesForm(**self.form_arguments(self.series)))

    def post(self, request, *args, **kwargs):
        form = SeriesForm(request.POST, **self.form_arguments(self.series))
        if form.is_valid():
            try:
                series = services.series_update(series=self.series, by=request.user, **form.service_arguments())
            except ValidationError as exc:
                add_service_error(form, exc, form.field_for)
            else:
                messages.success(request, _("Settings saved; the ranking is computed again."))
                return redirect("series-detail", series.slug)
        return self.render_form(form)


class SeriesRecomputeView(SeriesOrganizerMixin, View):
    """POST: compute the ranking from the tournaments' results as they are now."""

    def post(self, request, *args, **kwargs):
        try:
            done = services.series_recompute(series=self.series, by=request.user, reason="organizer")
        except ValidationError as exc:
            if not hasattr(exc, "error_dict"):  # the series itself is gone
                messages.error(request, " ".join(exc.messages))
                return redirect("series-list")
            for key, errors in exc.message_dict.items():
                for message in errors:
                    messages.error(request, message if key == "__all__" else f"{key}: {message}")
        else:
            if done.changed:
                messages.success(
                    request, _("The ranking changed: version %(n)s is published.") % {"n": done.ranking.number}
                )
            else:
                messages.info(request, _("Nothing changed: the published ranking stands."))
        return redirect("series-detail", self.series.slug)


class SeriesRolesView(SeriesOrganizerMixin, TemplateView):
    template_name = "series/roles.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.setdefault("form", SeriesRoleForm())
        context["roles"] = self.series.roles.select_related("user").order_by("user__username")
        return context

    def post(self, request, *args, **kwargs):
        if "revoke" in request.POST:
            role = get_object_or_404(SeriesRole, series=self.series, pk=request.POST.get("revoke", "0") or 0)
            try:
                services.series_role_revoke(series=self.series, user=role.user, by=request.user)
            except ValidationError as exc:
                messages.error(request, " ".join(exc.messages))
            else:
                messages.success(request, _("%(user)s no longer organizes this series.") % {"user": role.user})
            return redirect("series-roles", self.series.slug)
        form = SeriesRoleForm(request.POST)
        if form.is_valid():
            try:
                services.series_role_grant(series=self.series, user=form.user, by=request.user)
            except ValidationError as exc:
                add_service_error(form, exc)
            else:
                messages.success(request, _("%(user)s now organizes this series.") % {"user": form.user})
                return redirect("series-roles", self.series.slug)
        return self.render_to_response(self.get_context_data(form=form))


def people_rows(players: list[Player]) -> list[dict]:
    """Each player with their person, whether an organizer linked them, and the people they may be."""
    links = {link.player_id: link for link in PlayerLink.objects.filter(player__in=players).select_related("person")}
    suggestions = selectors.link_suggestions(players)
    return [
        {"player": p, "link": links.get(p.pk), "suggestions": suggestions.get(p.pk, [])}
        for p in sorted(players, key=lambda p: (p.tournament.start_date or p.tournament.created_at.date(), p.number))
    ]


class SeriesPeopleView(SeriesOrganizerMixin, TemplateView):
    """The players without an EMA id in the series' tournaments, with the people they may be."""

    template_name = "series/people.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        slugs = [e.tournament_slug for e in self.series.entries.all()]
        players = list(
            Player.objects.filter(tournament__slug__in=slugs, ema_id="").select_related("tournament").order_by("number")
        )
        rows = people_rows(players)
        offers = same_person.same_person_offers(self.series)
        context.update(
            rows=rows,
            with_suggestions=sum(1 for r in rows if r["suggestions"]),
            offers=offers,
            said_not_same=same_person.said_not_same(self.series),
        )
        return context


class SamePersonView(LoginRequiredMixin, SeriesMixin, TemplateView):
    """POST do=link: asks first (a page with both people and their results), then, with confirm=1, links them.
    POST do=dismiss: they are two people, remembered; do=again takes that back. Offers are the organizers' alone:
    404 for anyone else."""

    template_name = "series/same_person_confirm.html"
    http_method_names = ["post"]

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        series = Series.objects.filter(slug=kwargs["series"]).first()
        if series is None or not is_series_organizer(request.user, series):
            raise Http404(_("No such offer."))
        self.__dict__["series"] = series
        return super().dispatch(request, *args, **kwargs)

    def post(self, request, *args, **kwargs):
        first, second = kwargs["first"], kwargs["second"]
        back = _back(request, reverse("series-detail", args=[self.series.slug]) + "#same-person")
        action = request.POST.get("do")
        if action not in ("link", "dismiss", "again"):
            raise Http404(_("No such offer."))
        try:
            if action == "again":
                same_person.same_person_again(series=self.series, first=first, second=second, by=request.user)
                messages.success(request, _("They are offered again where they look like the same person."))
            elif action == "dismiss":
                said = same_person.same_person_dismiss(series=self.series, first=first, second=second, by=request.user)
                messages.success(
                    request,
                    _("Noted: %(a)s and %(b)s are two people, not offered again (People can offer them again).")
                    % {"a": said.person_a.name, "b": said.person_b.name},
                )
            elif request.POST.get("confirm") != "1":
                offer = same_person.current_offer(self.series, first, second)
                context = self.get_context_data(offer=offer, people=same_person.offer_results(offer), back=back)
                return self.render_to_response(context)
            else:
                offer = same_person.same_person_link(series=self.series, first=first, second=second, by=request.user)
                messages.success(
                    request,
                    _(
                        "%(other)s is now %(keep)s across tournaments. Compute the ranking again to count their "
                        "results together; People undoes the link."
                    )
                    % {"other": offer.other.name, "keep": offer.keep.name},
                )
        except ValidationError as exc:
            messages.info(request, " ".join(exc.messages))
        except PermissionDenied as exc:
            messages.error(request, str(exc))
        return HttpResponseRedirect(back)


class TournamentPeopleView(OrganizerRequiredMixin, TemplateView):
    """A tournament's players as people across tournaments: by EMA id, or linked by an organizer."""

    template_name = "series/tournament_people.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        players = list(self.tournament.players.select_related("tournament").order_by("number"))
        for p in players:
            p.tournament = self.tournament
        rows = people_rows(players)
        context.update(rows=rows, unlinked=sum(1 for r in rows if r["link"] is None))
        return context

    def post(self, request, *args, **kwargs):
        try:
            report = (
                services.people_sync(tournaments=[self.tournament], by=request.user) if "sync" in request.POST else None
            )
        except ValidationError as exc:  # two players with one EMA id: named, for the organizer to correct
            messages.error(request, " ".join(exc.messages))
            return redirect("manage-people", self.tournament.slug)
        if report is not None:
            messages.success(
                request,
                ngettext(
                    "%(n)s player now has a person across tournaments.",
                    "%(n)s players now have a person across tournaments.",
                    report.linked + report.moved,
                )
                % {"n": report.linked + report.moved},
            )
        return redirect("manage-people", self.tournament.slug)


def _back(request, fallback: str) -> str:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return target
    return fallback


class PlayerLinkView(LoginRequiredMixin, View):
    """POST person=<id>: this player (without an EMA id) is that person. POST to .../unlink/ undoes it."""

    unlink = False

    def post(self, request, slug, number):
        player = get_object_or_404(Player.objects.select_related("tournament"), tournament__slug=slug, number=number)
        if not services.can_link(request.user, player):
            raise PermissionDenied(_("Only an organizer of this tournament or of a series ranking it can do this."))
        fallback = reverse("manage-people", args=[slug]) if is_organizer(request.user, player.tournament) else "/"
        try:
            if self.unlink:
                services.person_unlink(player=player, by=request.user)
                messages.success(request, _("Player %(n)s is a person of their own again.") % {"n": number})
            else:
                form = LinkForm(request.POST)
                if not form.is_valid():
                    raise Http404(_("No such person."))
                person = get_object_or_404(Person, pk=form.cleaned_data["person"])
                services.person_link(player=player, person=person, by=request.user)
                messages.success(
                    request,
                    _("Player %(n)s is now %(person)s across tournaments.") % {"n": number, "person": person.name},
                )
        except ValidationError as exc:
            messages.error(request, " ".join(exc.messages))
        return HttpResponseRedirect(_back(request, fallback))


class SeriesAuditView(SeriesOrganizerMixin, TemplateView):
    template_name = "series/audit.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        entries = list(
            AuditLog.objects.filter(object_type="series.Series", object_id=str(self.series.pk))
            .select_related("actor")
            .order_by("-created_at", "-id")[:500]
        )
        context["lines"] = audit_text.describe(entries)
        return context


class SeriesFileView(SeriesOrganizerMixin, View):
    def get(self, request, *args, **kwargs):
        content = fileformat.dumps(fileformat.series_export(self.series)).encode("utf-8")
        return file_response(content, "application/json", f"{self.series.slug}.json")


class SeriesImportView(CreatorRequiredMixin, FormView):
    template_name = "series/import.html"
    form_class = SeriesFileForm

    def form_valid(self, form):
        upload = form.cleaned_data["file"]
        try:  # UTF-8 (a byte-order mark is dropped), or UTF-16 as marked; nothing read garbled. Its size is
            # checked by the form.
            text = textfile.read_text_file(upload.read(), legacy=()).text
        except textfile.UndecodableText as exc:
            advice = _("A series file is JSON, in UTF-8.")
            form.add_error("file", f"{text_messages.undecodable(exc)} {advice}")
            return self.form_invalid(form)
        try:
            data = fileformat.parse(text)
            replace = form.cleaned_data["replace"]
            slug = data.get("slug") if isinstance(data, dict) else None
            existing = Series.objects.filter(slug=slug).first() if isinstance(slug, str) else None
            if replace and existing is not None and not is_series_organizer(self.request.user, existing):
                raise fileformat.SeriesFileError(
                    [("slug", _("You do not organize the series “%(slug)s”.") % {"slug": slug})]
                )
            series = fileformat.series_import(data, by=self.request.user, replace=replace)
        except fileformat.SeriesFileError as exc:
            return self.render_to_response(self.get_context_data(form=form, problems=exc.problems))
        if not series.roles.filter(user=self.request.user).exists():
            SeriesRole.objects.create(series=series, user=self.request.user)
        messages.success(self.request, _("Series imported; its ranking is computed."))
        return redirect("series-detail", series.slug)


class SeriesDeleteView(SeriesOrganizerMixin, TemplateView):
    template_name = "series/delete.html"

    def post(self, request, *args, **kwargs):
        if request.POST.get("confirm") != self.series.slug:
            messages.error(request, _("Type the series' short name to delete it."))
            return redirect("series-delete", self.series.slug)
        name = self.series.name
        try:
            services.series_delete(series=self.series, by=request.user)
        except ValidationError as exc:  # deleted by another organizer a moment ago
            messages.error(request, " ".join(exc.messages))
            return redirect("series-list")
        messages.success(request, _("The series %(name)s is deleted; its audit entries stay.") % {"name": name})
        return redirect("series-list")
