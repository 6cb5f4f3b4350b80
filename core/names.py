"""Finding and sorting players by name the way people type and read names: accents and case do not
matter ("lopez" finds "López"; "Álvarez" sorts with the other A's)."""

import unicodedata


def fold(text: str) -> str:
    """Lower case without accents, for comparing names."""
    decomposed = unicodedata.normalize("NFKD", str(text or ""))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def sort_key(name: str) -> tuple[str, str]:
    return fold(name), str(name)


def matches(number: int, name: str, query: str) -> bool:
    """A player number typed alone finds that player; anything else is looked for inside the name."""
    query = (query or "").strip()
    if not query:
        return False
    if query.isdigit():
        return int(query) == number
    return fold(query) in fold(name)
