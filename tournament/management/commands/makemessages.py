"""makemessages that also extracts ``_lazy("...")`` and the pure rules' ``N_("...")``.

Some views import ``gettext_lazy as _lazy`` (next to ``gettext as _``); xgettext only knows
the standard names, so without this their strings would never reach the catalogue.
"""

from django.core.management.commands.makemessages import Command as MakeMessagesCommand


class Command(MakeMessagesCommand):
    xgettext_options = [*MakeMessagesCommand.xgettext_options, "--keyword=_lazy", "--keyword=N_"]
