"""The page kit's own words (guide/core/view/kit.js: the reveal, the answer to a tap) come
with every seat's page in the table's language (guide.core.seats.page_words), so a phone at
a Ukrainian or French table shows none of them in English (issue 25)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from guide.core import i18n
from guide.core.seats import page_words

KIT = Path(i18n.__file__).resolve().parent / "view" / "kit.js"


def test_the_kit_takes_every_word_it_shows_from_the_page():
    used = set(re.findall(r'word\("(\w+)"', KIT.read_text(encoding="utf-8")))
    assert used and used <= set(page_words())


@pytest.mark.parametrize("lang", ["uk", "fr"])
def test_every_word_of_the_kit_is_translated(lang):
    english = page_words()
    i18n.use(lang)
    try:
        spoken = page_words()
    finally:
        i18n.use("en")
    same = [k for k in english if spoken[k] == english[k]]
    assert not same, same
    for key, text in spoken.items():                    # the kit fills the same {names}
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", english[key]))
