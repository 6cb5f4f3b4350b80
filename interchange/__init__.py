"""A whole tournament as plain JSON and back: the interchange format of ``export_tournament`` and
``import_tournament`` (and the demo), documented in the README.

``export`` writes it; ``shape`` checks a file's form (types, fields, references between its parts);
``load`` imports it through the services, which check the rules, all or nothing.
"""
