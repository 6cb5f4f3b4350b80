"""Finding players by name the way people type names: accents and case do not matter ("lopez" finds "López"),
and a Chinese name is found by its pinyin ("wang" finds 王芳).
Sorting them is core/collation.py's, in the reader's language."""

import re
import unicodedata

from core.collation import pinyin_reading


def fold(text: str) -> str:
    """Lower case without accents, for comparing names."""
    decomposed = unicodedata.normalize("NFKD", str(text or ""))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def search_text(name: str) -> str:
    """What a typed name is looked for in: the name folded, then for a Chinese name its pinyin, spaced and joined
    ("王芳 wang fang wangfang"), so "wang", "Wáng Fāng" and "wangfang" all find 王芳 on a Latin keyboard; 吕
    is found as "lu" and as "lv"."""
    folded = fold(name)
    syllables = pinyin_reading(name)
    if not syllables:
        return folded
    forms = [folded]
    # ü as keyboards type it: "lu" (the letter without its dots) and "lv" (pinyin input methods).
    for u in ("u", "v") if any("ü" in s for s in syllables) else ("u",):
        spelled = [s.replace("ü", u) for s in syllables]
        forms += [" ".join(spelled), "".join(spelled)]
    return " ".join(forms)


def matches(number: int, name: str, query: str) -> bool:
    """A player number typed alone finds that player; anything else is looked for inside the name (or its
    pinyin: ``search_text``)."""
    query = (query or "").strip()
    if not query:
        return False
    if query.isdigit():
        return int(query) == number
    return " ".join(fold(query).split()) in search_text(name)


# Scripts written without spaces between the family and given names: their characters are compared one by one.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def person_key(name: str) -> tuple[str, ...]:
    """A name as two entry lists may write the same person: accents and case aside, in any order of family and
    given names, commas and hyphens aside ("López Ruiz, Ana" is "Ana Lopez Ruiz"; "TANAKA Kenji" is
    "Kenji Tanaka"; "李伟" is "李 伟")."""
    words: list[str] = []
    for word in re.findall(r"\w+", fold(name)):
        if _UNSPACED.search(word):
            words.extend(c for c in word if not c.isspace())
        else:
            words.append(word)
    return tuple(sorted(words))
