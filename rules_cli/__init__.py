"""The scoring command line beside the pure rules: ``python -m rules_cli --rules CODE`` scores one JSON hand
per input line (docs/scoring-cli.md). Pure Python like ``rules``: it imports only ``rules`` and ``core.safejson``."""
