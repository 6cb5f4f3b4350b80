"""Template tags shared by the apps' pages."""

from django import template

from tournament.models import TournamentRole

register = template.Library()


def _role_labels(context, tournament):
    """{user id: role label} of the tournament's staff, computed once per page render."""
    key = ("role_labels", tournament.pk)
    cache = context.render_context
    if key not in cache:
        labels = {}
        # Organizer wins over referee for someone holding both roles.
        for user_id, role in (
            TournamentRole.objects.filter(tournament=tournament).order_by("role").values_list("user_id", "role")
        ):
            if role == TournamentRole.Role.ORGANIZER or user_id not in labels:
                labels[user_id] = TournamentRole.Role(role).label
        cache[key] = labels
    return cache[key]


@register.simple_tag(takes_context=True)
def entered_by(context, user):
    """Who entered something, as the viewer may see it: the user name for the tournament's organizers and
    referees, only the role (Referee, Organizer) for everyone else, so the public never learns accounts."""
    if user is None:
        return ""
    if context.get("can_score"):
        return user.get_username()
    tournament = context.get("tournament")
    if tournament is None:
        return ""
    return str(_role_labels(context, tournament).get(user.pk, ""))
