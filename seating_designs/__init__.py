"""The offline search for the seating designs shipped in ``seating/data/designs.json`` (``python -m
seating_designs``; see ``seating_designs.search``)."""
