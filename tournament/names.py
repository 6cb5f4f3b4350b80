"""A player's display name and its parts: which part is the family name, and how the parts read together."""


def split_display_name(name):
    """(family name, given name) of a single name, only where the name says which is which:
    "López Ruiz, Ana" -> ("López Ruiz", "Ana"). Anything else -- "Ana López", "李伟", "Li Wei" --
    is ambiguous (family name first or last depends on the culture) and gives ("", "")."""
    family, comma, given = (name or "").partition(",")
    family, given = " ".join(family.split()), " ".join(given.split())
    if comma and family and given and "," not in given:
        return family, given
    return "", ""


def _is_cjk(text):
    return any("\u2e80" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" or "\uf900" <= ch <= "\ufaff" for ch in text)


def compose_display_name(family_name, given_name):
    """A display name from its parts: "Ana López" in Western order; "李伟" (family name first, no
    space) for Chinese, Japanese and Korean names."""
    family_name, given_name = (family_name or "").strip(), (given_name or "").strip()
    if _is_cjk(family_name + given_name):
        return family_name + given_name
    return " ".join(p for p in (given_name, family_name) if p)
