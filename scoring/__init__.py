"""Scoring: the Django app for score sheets, hands (every version kept), penalties, signatures and appeals.

State changes are ``scoring.services`` (and ``scoring.services.appeals``), reads ``scoring.selectors`` and
``scoring.results``, pages ``scoring.views`` by audience. The rules it applies are the pure ``rules``
package; the order of a sheet's hands is the pure ``scoring.sequence``.
"""
