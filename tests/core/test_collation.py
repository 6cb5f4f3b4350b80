"""The order of people's names in each language (core/collation.py): what a reader looking for a name on a seat
list expects."""

import pytest

from core.collation import base_language, person_sort_key


def ordered(names, language):
    return sorted(names, key=lambda n: person_sort_key(n, language))


@pytest.mark.parametrize(
    "language, expected",
    [
        # English: case and accents aside; the plain name first when only accents differ.
        ("en", ["alvarez", "Álvarez", "Anderson", "Lopez", "López", "Lorca", "Nunez", "Núñez", "Nuno", "Nyman"]),
        # Spanish: ñ is a letter after n, accents aside otherwise.
        ("es", ["alvarez", "Álvarez", "Anderson", "Lopez", "López", "Lorca", "Nunez", "Nuno", "Núñez", "Nyman"]),
    ],
)
def test_latin_names(language, expected):
    shuffled = [expected[i] for i in (9, 3, 0, 7, 5, 1, 8, 2, 6, 4)]
    assert ordered(shuffled, language) == expected


@pytest.mark.parametrize(
    "names, expected",
    [
        # Spanish ñ after every n, before o.
        (["Oria", "Ñandú", "Nuño", "Nunz", "Nuno"], ["Nuno", "Nunz", "Nuño", "Ñandú", "Oria"]),
        (["Peña", "Pena", "Penna", "Peñas", "Pensa"], ["Pena", "Penna", "Pensa", "Peña", "Peñas"]),
        # ch and ll are two letters each, as the Academy has ordered them since 1994.
        (
            ["Cuesta", "Chávez", "Cruz", "Llorente", "Luna", "Lima"],
            ["Chávez", "Cruz", "Cuesta", "Lima", "Llorente", "Luna"],
        ),
    ],
)
def test_spanish_letters(names, expected):
    assert ordered(names, "es") == expected


def test_english_folds_the_tilde():
    assert ordered(["Nuno", "Núñez", "Nunez", "Nyman"], "en") == ["Nunez", "Núñez", "Nuno", "Nyman"]


@pytest.mark.parametrize(
    "names, expected",
    [
        # By pinyin: li, wang, zhang.
        (["张伟", "王芳", "李娜"], ["李娜", "王芳", "张伟"]),
        # Latin names by their letters among them.
        (
            ["Zoe Smith", "张伟", "Walker", "王芳", "李娜", "Anderson", "Lopez", "陈静"],
            ["Anderson", "陈静", "李娜", "Lopez", "Walker", "王芳", "张伟", "Zoe Smith"],
        ),
        # Syllable by syllable: 西安 (xi an) before 先 (xian); lu before lü before luo.
        (["先", "西安"], ["西安", "先"]),
        (["罗", "吕", "卢"], ["卢", "吕", "罗"]),
        # Same letters: by tone (lī, lí, lǐ, lì).
        (["李", "丽", "离", "哩"], ["哩", "离", "李", "丽"]),
        # A family name read as a family name: 曾 zeng (not ceng), 单 shan (not dan), 仇 qiu (not chou).
        (["曾伟", "陈伟", "张伟"], ["陈伟", "曾伟", "张伟"]),
        (["单芳", "邓芳", "沈芳"], ["邓芳", "单芳", "沈芳"]),
        (["仇明", "钱明", "陈明"], ["陈明", "钱明", "仇明"]),
        # A Latin name and its pinyin sit together, the Latin one first.
        (["李娜", "Lina", "Li Na"], ["Li Na", "李娜", "Lina"]),
    ],
)
def test_chinese_by_pinyin(names, expected):
    assert ordered(names, "zh-hans") == expected


def test_english_and_spanish_put_chinese_names_after_the_others_by_pinyin():
    names = ["张伟", "Zoe", "王芳", "김재원", "李娜", "Anderson"]
    for language in ("en", "es"):
        assert ordered(names, language) == ["Anderson", "Zoe", "김재원", "李娜", "王芳", "张伟"]


@pytest.mark.parametrize("language", ["en", "es", "zh-hans"])
def test_words_and_punctuation(language):
    # A space comes before any letter; apostrophes and dots do not count; a dash is a space.
    assert ordered(["OBrien", "O'Neill", "Obama", "O'Brien"], language) == ["Obama", "O'Brien", "OBrien", "O'Neill"]
    assert ordered(["Vandamme", "Van Damme", "Vanda"], language) == ["Van Damme", "Vanda", "Vandamme"]
    assert person_sort_key("Fernández-Olmedo", language)[1] == person_sort_key("Fernandez Olmedo", language)[1]


@pytest.mark.parametrize("language", ["en", "es", "zh-hans", None, "fr"])
def test_every_name_has_a_key(language):
    names = ["", "  ", "Kim 김재원", "Ødegaard", "Straße", "Ⅳ", "42", "李", "O'Brien"]
    assert len(ordered(names, language)) == len(names)
    assert person_sort_key("", language) < person_sort_key("a", language)


@pytest.mark.parametrize(
    "given, base", [("zh-hans", "zh"), ("zh_Hans", "zh"), ("es", "es"), ("es-ES", "es"), ("en", "en"), (None, "en")]
)
def test_language_names(given, base):
    assert base_language(given) == base
