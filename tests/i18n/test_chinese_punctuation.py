"""Issue 30: a Chinese sentence has Chinese punctuation: the tie-break sentence of the standings lists its
tie-breaks with 、 and ends with 。, not ", " and "."."""

from django.urls import reverse

from tests.i18n.test_chinese import CHINESE, text


def test_the_tiebreak_sentence_in_chinese(client, hands_entered, tournament):
    page = text(client.get(reverse("standings", args=[tournament.slug]), **CHINESE))
    assert "按桌分排名，其次按比赛分，再其次按：" in page
    sentence = page.split("再其次按：")[1].split("。")[0]
    assert "、" in sentence and ", " not in sentence and "." not in sentence
    english = text(client.get(reverse("standings", args=[tournament.slug])))
    assert "Ranked by table points, then score, then: First places, Best session score." in english
