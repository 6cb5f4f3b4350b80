"""The session's phase for pages of the apps below scoring (the tournament's own page), which cannot read
``scoring.progress`` themselves: ``{% session_phases tournament sessions as sessions %}``."""

from django import template

from scoring.progress import with_phases

register = template.Library()


@register.simple_tag
def session_phases(tournament, sessions):
    return with_phases(tournament, list(sessions))
