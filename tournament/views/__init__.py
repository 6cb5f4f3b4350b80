"""Views split by audience: public pages, organizer pages (score entry lives in scoring.views)."""
