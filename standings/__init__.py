"""Standings: players and teams ranked over the sessions played, the session-by-session tabulation
(appendix 7), and the public pages that show results (standings, a player's results, a session's tables).

Reads the scoring app's results; nothing here writes.
"""
