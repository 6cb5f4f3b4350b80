"""The work queue: where the chief referee, the referees and the appeals committee start (docs/running-the-day.md).
Thin: ``scoring.queues.work_queue`` reads what waits for this user."""

from django.utils import timezone
from django.views.generic import TemplateView

from scoring.queues import work_queue
from scoring.views.appeals import AppealRoleMixin


class WorkQueueView(AppealRoleMixin, TemplateView):
    template_name = "scoring/work_queue.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        now = timezone.now()
        context.update(
            queue=work_queue(self.tournament, self.request.user, now),
            now=now,
        )
        return context
