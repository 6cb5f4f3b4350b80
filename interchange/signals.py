"""Signals of this app for the apps above it (which it never imports).

``demo_loaded``: ``load_demo`` has loaded the demo tournaments and logins. Sent with ``organizer`` (the demo
organizer's user); each receiver adds its own demo (the series app: a series over the finished demo tournaments)
and returns the lines to print beside the logins: (path, what is there) pairs.
"""

from django.dispatch import Signal

demo_loaded = Signal()
