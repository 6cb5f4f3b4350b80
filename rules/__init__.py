"""The pure rules: everything that computes fans, payments, table points, ranking and seat rotation.

Nothing in this package imports Django (a test walks every module to keep it so); the scoring,
tournament and standings apps call in here. Each rule set is a subpackage (``mcr`` today); rules
shared by every rule set (table points, ranking, rotation) sit beside them.
"""
