"""Scoring: pure-Python MCR rules engine, plus the Django app for hand records.

Nothing imported from this package's engine modules may import Django.
"""
