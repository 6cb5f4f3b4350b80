"""The read-only JSON API under /api/v1/ (docs/api.md), its organizer tokens, and the hall display that
runs on it. Sits beside exports and interchange: it reads everything below and changes nothing but tokens."""
