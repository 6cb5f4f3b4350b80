"""What every rule set shares: the tiles and their notation, winds, declared melds, and the search
for the ways a hand's tiles read as sets and a pair (with the tiles it waits on).

MCR (``rules.mcr``), the Swiss championship rules (``rules.swiss_championship``) and the Spanish rules
(``rules.spanish``) each build on these modules; no rule set imports another. Pure Python, no Django.

- ``tiles``: tiles as small integers 0..33, notation (``123m55p EEE``), and the tile arithmetic.
- ``winds``: the wind letters and names.
- ``hand``: declared melds, flags and winds as a referee types them, and the error that refuses them.
- ``arrangements``: the readings of tiles as chows, pungs and a pair; seven pairs, thirteen orphans.
- ``waits``: the tiles a standing hand waits on.
"""
