"""The schedule: who sits where in each session, and each session's course (seated, published, closed).

Wires the pure seating algorithms (package ``seating``) to sessions, tables and seats: a round-robin
schedule, Swiss pairing on the standings, an organizer's chart, a random draw; publishing; closing a
session once its sheets are in.
"""
