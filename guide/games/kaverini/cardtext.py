"""What a card's free text says that the table can act on, read from the words (pure): a
text that acts each round, the emotions a flip condition names, the tokens a card or a
technique creates. Only these readings; anything else stays for the GM to apply."""

from __future__ import annotations

import re
from collections.abc import Iterable

from guide.games.kaverini.data.tables import ladders

_EACH_ROUND = re.compile(r"\b(each|every)\s+round\b|\bper\s+round\b", re.IGNORECASE)
_NEUTRALIZED = re.compile(r"\bneutrali[sz]ed\b", re.IGNORECASE)


def acts_each_round(text: str) -> bool:
    """Does the free text do something every round ("Each round, the crowd bumps someone")?"""
    return bool(_EACH_ROUND.search(text))


def round_part(text: str) -> str:
    """The sentences of a text that act each round (the reminder of rounds after the first)."""
    sentences = re.split(r"(?<=[.!?])\s+", " ".join(text.split()))
    return " ".join(x for x in sentences if acts_each_round(x)) or text


def emotions_named(text: str) -> set[str]:
    """The emotion ladders a text names, by the ladder's name or its emotion's first word
    ("a Love or Cheer technique" -> {"Love", "Cheer"}; "Comic" names the three Comic ladders)."""
    words = {w.casefold() for w in re.findall(r"[A-Za-z]+", text)}
    return {lad.name for lad in ladders().values()
            if lad.name.casefold() in text.casefold() or lad.name.split()[0].casefold() in words}


def flip_met(condition: str, neutralized_by: str | None) -> bool | None:
    """Is a flip condition about neutralization met by a neutralizing technique of this
    ladder (None: a technique of no ladder)? None when the condition is not one guide reads
    (the GM decides)."""
    if not _NEUTRALIZED.search(condition):
        return None
    named = emotions_named(condition)          # none: any neutralization flips it
    return not named or neutralized_by in named


def tokens_in(text: str, token_names: Iterable[str]) -> list[str]:
    """The token cards a text says it creates ("Creates a Drowned Bell Spirit token")."""
    if not re.search(r"\bcreat", text, re.IGNORECASE):
        return []
    return [name for name in token_names if name.casefold() in text.casefold()]
