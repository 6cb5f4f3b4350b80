"""Exports: the documents organizers print and the files they send (standings, tabulation, the ranking
body's file, the record of fouls, score sheets) as CSV, XLSX and PDF."""
