"""Finding players by name the way people type names: accents and case do not matter ("lopez" finds "López").
Sorting them is core/collation.py's, in the reader's language."""

import unicodedata


def fold(text: str) -> str:
    """Lower case without accents, for comparing names."""
    decomposed = unicodedata.normalize("NFKD", str(text or ""))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def matches(number: int, name: str, query: str) -> bool:
    """A player number typed alone finds that player; anything else is looked for inside the name."""
    query = (query or "").strip()
    if not query:
        return False
    if query.isdigit():
        return int(query) == number
    return fold(query) in fold(name)
