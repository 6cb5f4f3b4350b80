"""Rankings across tournaments, pure Python (no Django): the EMA's MERS method and club leagues.

A ranking is computed from *events* (the tournaments of a series: a date, how many players were ranked,
a weight) and *results* (a person's place and table points in one event). ``mers`` and ``league``
return every person's ``Standing``; ``base`` holds what both share (base ranks, the time-decay table,
rounding, parameter errors), ``weights`` the EMA's table of tournament weights and ``history`` a
person's rating over time. docs/series.md cites the EMA texts the defaults come from.
"""
