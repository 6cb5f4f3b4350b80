"""The scoring app's pages, by audience (Tabbycat's way): each module holds the views one kind of user
opens, and ``scoring/urls.py`` wires them.

- ``sheet``: the score sheet and a hand's history, for everyone who may see them (the table's scorers get
  the entry forms on them), and the base of the sheet's one-action posts;
- ``referee``: what the table's referee or an organizer does on the sheet (hands, corrections, penalties,
  fouls, two-person confirmation, a player's confirmation on their device, signing);
- ``chief``: what only the chief referee does (countersign, reopen);
- ``player``: the players' own pages, opened by the code on their card (no login);
- ``appeals``: filing appeals (player or referee), deciding, escalating, amending the sheet;
- ``public``: the hand calculator.
"""
