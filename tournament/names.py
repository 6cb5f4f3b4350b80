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


def _all_cjk(text):
    return bool(text) and all(_is_cjk(ch) for ch in text if not ch.isspace())


def compose_display_name(family_name, given_name):
    """A display name from its parts: "Ana López" in Western order; "李伟" (family name first, no
    space) for Chinese, Japanese and Korean names. A name that mixes scripts keeps the family name first but
    its parts apart: "Kim 김재원" and "Jae-won" make "Kim 김재원 Jae-won", not "Kim 김재원Jae-won"."""
    family_name, given_name = " ".join((family_name or "").split()), " ".join((given_name or "").split())
    if _is_cjk(family_name + given_name):
        joiner = "" if _all_cjk(family_name) and _all_cjk(given_name) else " "
        return joiner.join(p for p in (family_name, given_name) if p)
    return " ".join(p for p in (given_name, family_name) if p)
