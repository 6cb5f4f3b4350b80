"""Mutation testing of the pure packages (python -m tools.mutation; docs/mutation.md)."""
