"""Offline tools (never imported by the product)."""
