"""Plumbing that is not about tournaments: the visitor's address, input kept across a changed login, bounded JSON
and text-file reading, name sorting, the form renderer, the one throttle (``throttle``: its counters are core's only
model), the device cookie and the login guard, and the CSRF failure page; the lifecycle
machinery (``lifecycle``), the acting user (``acting``), a service's error on a form (``service_errors``), the audit
log's generic wording (``audit_text``), declared file schemas (``json_schema``) and a command's table
(``command_output``).

``core`` is the bottom layer (tests/test_layers.py): it imports no other package of the project, so every
package may use it. ``safejson``, ``textfile`` and ``names`` are pure Python (no Django)."""
