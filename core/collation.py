"""The order of people's names in the reader's language: one sort key for every list of people the site shows,
prints or exports (seat lists, players, finders, series rankings).

- English: letters alone decide, case and accents aside ("álvarez" with the A's); a name without accents comes
  before the same name with them, and the name as typed settles what is left.
- Spanish: the same, except that ñ is a letter of its own, after n ("Nuno", "Núñez", "Nyman").
- Chinese: a Chinese name sorts by its pinyin (pypinyin reads the characters, with the family-name readings of
  the characters that read otherwise in a family name: 曾 zeng, 单 shan), syllable by syllable, tone after the
  letters (lī before lǐ), then by the characters' code points, which follow radicals and strokes. A Latin name
  sorts by its letters, so both are interleaved: "Li Na" beside 李娜, 王伟 after "Walker".
- In English and Spanish a Chinese name still sorts by its pinyin, after the names in other scripts, as
  dictionaries put other scripts after their own.

Pure Python: the caller says the language (Django's active language for a page, the language a document is
printed in).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

Key = tuple[int, tuple[int, ...], tuple[int, ...], str]

SEPARATOR = 1  # a space or a dash between words: before every letter, so "Li Na" comes before "Lina"
SPANISH_N_TILDE = 2 * ord("n") + 1  # between n and o
TILDE = "\u0303"

# Characters that read otherwise as a family name, the first character of a Chinese name. The tone is the
# family name's, in pypinyin's tone-number style.
FAMILY_READINGS = {
    "尉迟": ("yu4", "chi2"),
    "万俟": ("mo4", "qi2"),
    "单于": ("chan2", "yu2"),
    "令狐": ("ling2", "hu2"),
    "曾": ("zeng1",),
    "单": ("shan4",),
    "仇": ("qiu2",),
    "解": ("xie4",),
    "区": ("ou1",),
    "朴": ("piao2",),
    "查": ("zha1",),
    "盖": ("ge3",),
    "乐": ("yue4",),
    "覃": ("qin2",),
    "翟": ("zhai2",),
    "缪": ("miao4",),
    "种": ("chong2",),
    "召": ("shao4",),
    "员": ("yun4",),
    "任": ("ren2",),
    "华": ("hua4",),
    "纪": ("ji3",),
    "燕": ("yan1",),
    "宁": ("ning4",),
    "薄": ("bo2",),
    "秘": ("bi4",),
}


def base_language(language: str | None) -> str:
    """ "zh-hans", "zh_Hans" and "zh" are all Chinese."""
    return (language or "en").replace("_", "-").split("-")[0].lower()


def is_han(char: str) -> bool:
    code = ord(char)
    return (
        0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0x20000 <= code <= 0x3134F
        or char == "\u3007"  # 〇
    )


def person_sort_key(name: str, language: str | None) -> Key:
    """Sort people with ``sorted(people, key=lambda p: person_sort_key(p.name, language))``; add the player's
    number after it where two people may share a name."""
    return _key(str(name or ""), base_language(language))


@lru_cache(maxsize=16384)
def _key(name: str, language: str) -> Key:
    text = unicodedata.normalize("NFC", name).strip()
    primary: list[int] = []
    secondary: list[int] = []
    runs = _runs(text)
    for index, (han, run) in enumerate(runs):
        if han:
            _add_pinyin(run, index == 0, primary, secondary)
        else:
            _add_letters(run, language, primary, secondary)
    while primary and primary[-1] == SEPARATOR:
        primary.pop()
        secondary.pop()
    starts_han = bool(runs) and runs[0][0]
    group = 1 if starts_han and language != "zh" else 0
    return group, tuple(primary), tuple(secondary), text


def _runs(text: str) -> list[tuple[bool, str]]:
    """The text cut where it passes between Chinese characters and anything else."""
    runs: list[tuple[bool, str]] = []
    for char in text:
        han = is_han(char)
        if runs and runs[-1][0] == han:
            runs[-1] = (han, runs[-1][1] + char)
        else:
            runs.append((han, char))
    return runs


def pinyin_reading(name: str) -> list[str]:
    """The syllables of the Chinese characters in ``name``, toneless ("王芳": ["wang", "fang"]; 吕 is "lü"), read
    as the sort key reads them (a family name's reading first); [] without any."""
    text = unicodedata.normalize("NFC", str(name or "")).strip()
    syllables: list[str] = []
    for index, (han, run) in enumerate(_runs(text)):
        if han:
            syllables += [s.rstrip("012345") for s in _pinyin(run, index == 0)]
    return syllables


def _separate(primary: list[int], secondary: list[int]) -> None:
    if primary and primary[-1] != SEPARATOR:
        primary.append(SEPARATOR)
        secondary.append(0)


def _add_letters(run: str, language: str, primary: list[int], secondary: list[int]) -> None:
    for char in run:
        if char.isspace() or unicodedata.category(char) == "Pd":
            _separate(primary, secondary)
            continue
        decomposed = unicodedata.normalize("NFKD", char)
        base = "".join(c for c in decomposed if not unicodedata.combining(c))
        marks = [c for c in decomposed if unicodedata.combining(c)]
        if language == "es" and base.casefold() == "n" and marks == [TILDE]:
            primary.append(SPANISH_N_TILDE)
            secondary.append(0)
            continue
        letters = [c for c in base.casefold() if c.isalnum()]  # apostrophes and dots do not count
        for position, letter in enumerate(letters):
            primary.append(2 * ord(letter))
            # Accents after the plain letter; the first letter carries them (casefold may make two).
            secondary.append(sum(ord(m) for m in marks) if position == 0 else 0)


def _add_pinyin(run: str, starts_name: bool, primary: list[int], secondary: list[int]) -> None:
    for syllable in _pinyin(run, starts_name):
        _separate(primary, secondary)
        tone = int(syllable[-1]) if syllable[-1].isdigit() else 5
        letters = syllable.rstrip("012345")
        for position, letter in enumerate(letters):
            plain = "u" if letter == "ü" else letter
            primary.append(2 * ord(plain))
            # lu before lü (as dictionaries order them), and the tone after all letters of the syllable.
            umlaut = 10 if letter == "ü" else 0
            secondary.append(umlaut + (tone if position == len(letters) - 1 else 0))


@lru_cache(maxsize=4096)
def _pinyin(run: str, starts_name: bool) -> tuple[str, ...]:
    # pypinyin loads its dictionaries (a tenth of a second) on first use: only lists with Chinese names pay it.
    from pypinyin import Style, lazy_pinyin

    def read(text: str) -> list[str]:
        if not text:
            return []
        return lazy_pinyin(text, style=Style.TONE3, neutral_tone_with_five=True, v_to_u=True)

    if starts_name:
        for family in sorted(FAMILY_READINGS, key=len, reverse=True):
            if run.startswith(family):
                return (*FAMILY_READINGS[family], *read(run[len(family) :]))
    return tuple(read(run))
