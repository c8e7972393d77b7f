"""What Kaverini's state hides (Game.secret_variants, guide.core.secrets): a foe's moves,
Shield and Heel are the game master's until a Psychic Kaveri is present (R-CONF-3; its
Emotion is public). Of those, the state holds what a campaign's `tweak` changed (rulebook
7.3: `tweak CARD shield=... heel=...`); each variant tweaks a foe of the running
confrontation to another Shield or Heel, the GM's ("gm"). The story keeps them out of the
players' `log` as the TV does (`kept_from_log`)."""

from __future__ import annotations

from typing import Any

from guide.core.errors import GuideError
from guide.core.secrets import GM, Secret
from guide.core.state import copied
from guide.games.kaverini import words
from guide.games.kaverini.commands.confront import secrets_open
from guide.games.kaverini.table import KaveriniTable
from guide.games.kaverini.view.model import secret_words

SIDES = ("shield", "heel")


def secret_variants(t: KaveriniTable) -> list[Secret]:
    fight = t.state["confrontation"]
    if fight is None or secrets_open(t):
        return []
    cards = list(t.library.cards.values())
    out: list[Secret] = []
    for foe in fight["foes"]:
        try:
            card = t.card(foe["card"])
        except GuideError:
            continue
        for side in SIDES:
            now = getattr(card, side)
            other = next((v for v in sorted({getattr(c, side) for c in cards if getattr(c, side)})
                          if v != now), None)
            if other is None:
                continue
            s = copied(t.state)
            s["tweaks"].setdefault(card.key, {})[side] = other
            out.append(Secret(GM, dict(s), f"{foe['name']}'s {side}"))
    return out


def kept_from_log(event: dict[str, Any], t: KaveriniTable) -> bool:
    """Whether an event stays out of the players' `log` (`log --gm` shows it): an item with
    Usage (rulebook 4.3) and, while no Psychic Kaveri is present, a line that names a foe's
    move, Shield or Heel (R-CONF-3), as the TV's story leaves them out. A quote of the
    lottery is read aloud to all (R-QL-1)."""
    if words.secret_item(event):
        return True
    if event.get("kind") == "quote":
        return False
    line = words.render(event)
    return line is not None and secret_words(t, secrets_open(t))(line)
