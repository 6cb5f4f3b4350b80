"""The pure rules: everything that computes fans, payments, table points, ranking and seat rotation.

Nothing in this package imports Django (a test walks every module to keep it so); the scoring,
tournament and standings apps call in here. Each rule set is a subpackage (``mcr``,
``swiss_championship``, ``spanish``) built on ``core`` (tiles, winds, melds, the arrangement search
and waits) and never on another rule set; rules shared by every rule set (table points, ranking,
rotation, payments) sit beside them, and ``registry`` knows them all.
"""
